//! The worlds chapter 11 is shown and tested on: random hulls, rounded
//! shapes and capsules in a bin, a ramp of tiles, a ragdoll of capsules,
//! a pyramid of polygons, and one of each shape.

use crate::{Body, Joint, Polygon, Shape, World, body, fixed, hull};
use ch09_joints::{Kind, Limit};
use glam::Vec2;
use physics_core::rng::Rng;

// ANCHOR: scenes
/// A static floor `width` wide with its top at `y = 0`, a thick box.
fn floor(width: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(width / 2.0, 0.5), 0.0);
    let (mut b, s) = fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0);
    b.friction = 0.6;
    (b, s)
}

/// A random convex shape about the origin, at most `size` across: a hull
/// of 3 to 8 random points, sometimes rounded, or a capsule or a disc.
/// A hull thinner than a quarter of `size` is drawn again: a needle
/// wedged between two pieces is the hard case of any solver (it sits 2 to
/// 3 cm deep in a pile of these), and not what the pile is about.
pub fn random_shape(rng: &mut Rng, size: f32) -> Shape {
    let half = size / 2.0;
    match rng.next_u64() % 8 {
        0 => Shape::Circle { radius: rng.range(0.3, 1.0) * half },
        1 => Shape::Polygon(Polygon::capsule(
            rng.range(0.3, 0.6) * half,
            rng.range(0.2, 0.4) * half,
        )),
        _ => loop {
            let n = 3 + (rng.next_u64() % 6) as usize;
            let points: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.range(-half, half), rng.range(-half, half)))
                .collect();
            if let Some(h) =
                hull(&points).ok().filter(|h| width(h.points()) > 0.25 * size)
            {
                let rounded = rng.next_u64() % 3 == 0;
                break Shape::Polygon(Polygon::new(
                    &h,
                    if rounded { 0.05 * size } else { 0.0 },
                ));
            }
        },
    }
}

/// How thin a convex polygon is: the least, over its faces, of how far
/// its farthest corner lies from the face's line.
fn width(corners: &[Vec2]) -> f32 {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (v, w) = (corners[i], corners[(i + 1) % n]);
            let along = (w - v).normalize_or_zero();
            corners.iter().map(|&c| along.perp_dot(c - v)).fold(0.0, f32::max)
        })
        .fold(f32::INFINITY, f32::min)
}

/// `n` random shapes (seeded by `seed`) above a bin 12 m wide.
pub fn pile(n: usize, seed: u64) -> World {
    let mut rng = Rng::new(seed);
    let mut pieces = vec![floor(40.0)];
    for x in [-6.25, 6.25] {
        let wall = Polygon::boxed(Vec2::new(0.25, 4.0), 0.0);
        pieces.push(fixed(Shape::Polygon(wall), Vec2::new(x, 4.0), 0.0));
    }
    for i in 0..n {
        let at = Vec2::new(-4.5 + 1.5 * (i % 7) as f32, 1.5 + 1.3 * (i / 7) as f32);
        let shape = random_shape(&mut rng, 1.1);
        let mut piece = body(shape, at, rng.range(0.0, std::f32::consts::TAU), 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// The tiles' slope, radians.
pub const TILE_SLOPE: f32 = 0.25;

/// 16 tiles, 1 m square, end to end down a slope of `TILE_SLOPE`, their
/// shared faces hidden (each is a floor); a 0.6 m box of 50 kg at the top,
/// friction 0.1, sliding down across 15 seams; speculative contacts on.
pub fn tiles() -> World {
    let down = physics_core::trig::from_angle(-TILE_SLOPE);
    let up = Vec2::new(-down.y, down.x);
    // High enough that the lowest tile's lower corner rests on the floor.
    let top = Vec2::new(0.0, 16.0 * TILE_SLOPE.sin() + TILE_SLOPE.cos());
    let mut pieces = vec![floor(60.0)];
    for i in 0..16 {
        let centre = top + down * (i as f32 + 0.5) - up * 0.5;
        let mut tile = Polygon::boxed(Vec2::splat(0.5), 0.0);
        // Face 1 is -x (up the slope), face 3 is +x (down it).
        if i > 0 {
            tile = tile.with_hidden_face(1);
        }
        if i < 15 {
            tile = tile.with_hidden_face(3);
        }
        let (mut b, s) = fixed(Shape::Polygon(tile), centre, -TILE_SLOPE);
        b.friction = 0.1;
        pieces.push((b, s));
    }
    let start = top + down * 0.5 + up * 0.3;
    let (mut crate_, shape) = body(
        Shape::Polygon(Polygon::boxed(Vec2::splat(0.3), 0.0)),
        start,
        -TILE_SLOPE,
        50.0 / 0.36,
    );
    crate_.friction = 0.1;
    pieces.push((crate_, shape));
    let mut world = World::new(pieces, Vec::new());
    // Box2D's speculative contacts: they see the next tile's corner coming.
    world.shapes.settings.margin = crate::SPECULATIVE_DISTANCE;
    world
}

/// A pyramid of `rows` rows of 1 m boxes as polygons, 10 kg each,
/// friction 0.6, started touching (chapter 10's large pyramid).
pub fn pyramid(rows: usize) -> World {
    let mut pieces = vec![floor(60.0)];
    for row in 0..rows {
        let count = rows - row;
        let left = -(count as f32 - 1.0) / 2.0;
        for i in 0..count {
            let at = Vec2::new(left + i as f32, 0.5 + row as f32);
            let mut piece = body(
                Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0)),
                at,
                0.0,
                10.0,
            );
            piece.0.friction = 0.6;
            pieces.push(piece);
        }
    }
    World::new(pieces, Vec::new())
}

/// One of each shape, dropped side by side.
pub fn shapes() -> World {
    let triangle =
        hull(&[Vec2::new(-0.6, -0.4), Vec2::new(0.6, -0.4), Vec2::new(0.0, 0.7)]);
    let list = [
        Shape::Polygon(Polygon::new(&triangle.expect("a triangle"), 0.0)),
        Shape::Polygon(Polygon::regular(5, 0.6, 0.0)),
        Shape::Polygon(Polygon::regular(6, 0.6, 0.0)),
        Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.35), 0.12)),
        Shape::Polygon(Polygon::capsule(0.45, 0.25)),
        Shape::Circle { radius: 0.5 },
    ];
    let mut pieces = vec![floor(40.0)];
    for (i, shape) in list.into_iter().enumerate() {
        let at = Vec2::new(-4.5 + 1.8 * i as f32, 2.0 + 0.7 * i as f32);
        let mut piece = body(shape, at, 0.4 * i as f32, 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// A ragdoll of capsules (a disc for the head) on pins with limits,
/// pushed off the top of a flight of five steps.
pub fn ragdoll() -> World {
    let mut pieces = vec![floor(40.0)];
    // Five steps 0.5 m high and 1.2 m deep, the top one at the left.
    for i in 0..5 {
        let depth = 1.2 * (5 - i) as f32;
        let step = Polygon::boxed(Vec2::new(depth / 2.0, 0.25), 0.0);
        let (mut b, s) = fixed(
            Shape::Polygon(step),
            Vec2::new(depth / 2.0, 0.25 + 0.5 * i as f32),
            0.0,
        );
        b.friction = 0.6;
        pieces.push((b, s));
    }
    let capsule = |half: f32, r: f32| Shape::Polygon(Polygon::capsule(half, r));
    let upright = std::f32::consts::FRAC_PI_2;
    // Standing on the top step, pushed towards its edge at 3.5 m/s.
    let hip = Vec2::new(0.6, 3.55);
    // (shape, centre, angle): torso, head, upper and lower arms and legs.
    let parts = [
        (capsule(0.3, 0.15), hip + Vec2::new(0.0, 0.45), upright),
        (Shape::Circle { radius: 0.17 }, hip + Vec2::new(0.0, 1.08), 0.0),
        (capsule(0.15, 0.06), hip + Vec2::new(0.0, 0.62), -upright),
        (capsule(0.15, 0.06), hip + Vec2::new(0.0, 0.28), -upright),
        (capsule(0.2, 0.08), hip + Vec2::new(-0.1, -0.25), upright),
        (capsule(0.2, 0.07), hip + Vec2::new(-0.1, -0.75), upright),
        (capsule(0.2, 0.08), hip + Vec2::new(0.1, -0.25), upright),
        (capsule(0.2, 0.07), hip + Vec2::new(0.1, -0.75), upright),
    ];
    let first = pieces.len();
    for (shape, at, angle) in parts {
        let mut piece = body(shape, at, angle, 1.0);
        piece.0.friction = 0.6;
        piece.0.velocity = Vec2::new(3.5, 0.0);
        pieces.push(piece);
    }
    let bodies: Vec<Body> = pieces.iter().map(|p| p.0).collect();
    let pin = |a: usize, b: usize, at: Vec2, lower: f32, upper: f32| {
        let mut j = Joint::revolute(&bodies, first + a, first + b, at);
        j.kind =
            Kind::Revolute { limit: Some(Limit { lower, upper }), motor: None };
        j
    };
    let joints = vec![
        pin(0, 1, hip + Vec2::new(0.0, 0.9), -0.6, 0.6),
        pin(0, 2, hip + Vec2::new(0.0, 0.77), -2.5, 2.5),
        pin(2, 3, hip + Vec2::new(0.0, 0.45), 0.0, 2.5),
        pin(0, 4, hip + Vec2::new(-0.1, 0.0), -1.5, 1.5),
        pin(4, 5, hip + Vec2::new(-0.1, -0.5), -2.5, 0.0),
        pin(0, 6, hip + Vec2::new(0.1, 0.0), -1.5, 1.5),
        pin(6, 7, hip + Vec2::new(0.1, -0.5), -2.5, 0.0),
    ];
    World::new(pieces, joints)
}
// ANCHOR_END: scenes
