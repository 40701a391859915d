//! The worlds chapter 13 is shown and tested on: a bin that 5,000 bodies
//! rain into, a pit of 200 shapes with the tree drawn, a laser's room,
//! sleeping dominoes, and a pyramid at rest.

use crate::{Body, Shape, World, body, fixed};
use ch11_polygons::Polygon;
use glam::Vec2;
use physics_core::rng::Rng;

// ANCHOR: scenes
/// A static box from `lower` to `upper`, friction 0.6.
pub fn slab(lower: Vec2, upper: Vec2) -> (Body, Shape) {
    let half = (upper - lower) / 2.0;
    let (mut b, s) =
        fixed(Shape::Polygon(Polygon::boxed(half, 0.0)), lower + half, 0.0);
    b.friction = 0.6;
    (b, s)
}

/// A disc (two times in three) or a box, at most `size` across.
pub(crate) fn piece_shape(rng: &mut Rng, size: f32) -> Shape {
    if rng.next_u64() % 3 < 2 {
        Shape::Circle { radius: rng.range(0.35, 0.5) * size }
    } else {
        let half = Vec2::new(rng.range(0.25, 0.5), rng.range(0.25, 0.5)) * size;
        Shape::Polygon(Polygon::boxed(half, 0.0))
    }
}

/// A bin 40 m wide and 16 m deep, and `n` pieces 25 to 36 cm across in a
/// loose grid above it, started falling at staggered speeds: rain.
pub fn bin(n: usize) -> World {
    bin_with_seed(n, BIN_SEED)
}

/// The seed of the bin demo's pieces. Many another seed's pile settles
/// with a small box wedged between two discs under the pile's weight, rocking
/// for good, and the whole pile, one island, never sleeps: seed
/// [`ROCKING_SEED`] is such a pile (the page's failure case, and a test).
pub const BIN_SEED: u64 = 14;
/// A pile that never sleeps: one wedged box keeps its island awake.
pub const ROCKING_SEED: u64 = 0;

/// [`bin`] with its pieces drawn from `seed`.
pub fn bin_with_seed(n: usize, seed: u64) -> World {
    let mut rng = Rng::new(seed);
    let mut pieces = vec![
        slab(Vec2::new(-20.5, -1.0), Vec2::new(20.5, 0.0)),
        slab(Vec2::new(-20.5, 0.0), Vec2::new(-20.0, 16.0)),
        slab(Vec2::new(20.0, 0.0), Vec2::new(20.5, 16.0)),
    ];
    let across = 100;
    for i in 0..n {
        let (col, row) = ((i % across) as f32, (i / across) as f32);
        let at = Vec2::new(-19.6 + 0.396 * col, 1.0 + 0.45 * row);
        let mut piece =
            body(piece_shape(&mut rng, 0.36), at, rng.range(0.0, 6.0), 1.0);
        piece.0.friction = 0.6;
        piece.0.velocity = Vec2::new(0.0, -rng.range(0.0, 4.0));
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// A room, open at the top, of static and moving shapes for the laser
/// to bounce through.
pub fn laser() -> World {
    let mut pieces = vec![
        slab(Vec2::new(-8.0, -1.0), Vec2::new(8.0, 0.0)),
        slab(Vec2::new(-8.5, 0.0), Vec2::new(-8.0, 9.0)),
        slab(Vec2::new(8.0, 0.0), Vec2::new(8.5, 9.0)),
    ];
    let mut rng = Rng::new(7);
    for i in 0..6 {
        let at = Vec2::new(-4.0 + 2.4 * i as f32, 2.0 + 2.5 * (i % 3) as f32);
        let shape = ch11_polygons::worlds::random_shape(&mut rng, 1.4);
        pieces.push(fixed(shape, at, rng.range(0.0, 6.0)));
    }
    for i in 0..12 {
        let at = Vec2::new(-5.0 + 0.9 * i as f32, 7.5);
        let mut piece =
            body(ch11_polygons::worlds::random_shape(&mut rng, 0.8), at, 0.0, 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// 200 random shapes falling into a pit: the world the tree demo draws.
pub fn tree_view() -> World {
    let mut rng = Rng::new(5);
    let mut pieces = vec![
        slab(Vec2::new(-8.5, -1.0), Vec2::new(8.5, 0.0)),
        slab(Vec2::new(-8.5, 0.0), Vec2::new(-8.0, 6.0)),
        slab(Vec2::new(8.0, 0.0), Vec2::new(8.5, 6.0)),
    ];
    for i in 0..200 {
        let at =
            Vec2::new(-7.2 + 0.8 * (i % 19) as f32, 2.0 + 0.9 * (i / 19) as f32);
        let mut piece = body(
            ch11_polygons::worlds::random_shape(&mut rng, 0.7),
            at,
            rng.range(0.0, 6.0),
            1.0,
        );
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// 40 dominoes 1 m tall, 60 cm apart, put to sleep; a ball thrown at
/// the first.
pub fn dominoes() -> World {
    let mut pieces = vec![slab(Vec2::new(-30.0, -1.0), Vec2::new(60.0, 0.0))];
    for i in 0..40 {
        let domino = Polygon::boxed(Vec2::new(0.1, 0.5), 0.0);
        let mut piece = body(
            Shape::Polygon(domino),
            Vec2::new(1.0 + 0.6 * i as f32, 0.5),
            0.0,
            1.0,
        );
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    // Thrown to strike the first domino three quarters of the way up.
    let (mut ball, s) =
        body(Shape::Circle { radius: 0.25 }, Vec2::new(-0.5, 0.9), 0.0, 3.0);
    ball.velocity = Vec2::new(5.0, 0.5);
    pieces.push((ball, s));
    let mut world = World::new(pieces, Vec::new());
    for i in 1..=40 {
        world.put_to_sleep(i);
    }
    world
}

/// A floor and a pyramid of `rows` rows of 1 m boxes, started touching.
pub fn pyramid(rows: usize) -> World {
    let half = rows as f32 / 2.0 + 10.0;
    let mut pieces = vec![slab(Vec2::new(-half, -1.0), Vec2::new(half, 0.0))];
    for row in 0..rows {
        for i in 0..rows - row {
            let x = -((rows - row) as f32 - 1.0) / 2.0 + i as f32;
            let cube = Polygon::boxed(Vec2::splat(0.5), 0.0);
            let mut piece = body(
                Shape::Polygon(cube),
                Vec2::new(x, 0.5 + row as f32),
                0.0,
                1.0,
            );
            piece.0.friction = 0.6;
            pieces.push(piece);
        }
    }
    World::new(pieces, Vec::new())
}
// ANCHOR_END: scenes
