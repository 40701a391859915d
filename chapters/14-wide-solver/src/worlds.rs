//! The worlds chapter 14 is shown and measured on: pyramids up to
//! Solver2D's 100 rows, a rain of 10,000 bodies, and the confined discs.

use crate::{Shape, World, body};
use ch11_polygons::Polygon;
use ch13_islands::worlds::slab;
use glam::Vec2;
use physics_core::rng::Rng;

// ANCHOR: scenes
/// Chapter 13's pyramid of `rows` rows of 1 m boxes started touching,
/// awake for good: sleeping off, so every step solves every contact.
pub fn pyramid(rows: usize) -> World {
    let mut world = World::from(ch13_islands::worlds::pyramid(rows));
    world.sleep.on = false;
    world
}

/// The 20-row pyramid whose contacts' colours the colours demo draws.
pub fn colours() -> World {
    pyramid(20)
}

/// The 8-row pyramid whose constraint graph the graph demo draws.
pub fn graph() -> World {
    pyramid(8)
}

/// Solver2D's large pyramid, 100 rows, on two threads.
pub fn big_pyramid() -> World {
    let mut world = pyramid(100);
    world.wide.set_threads(2);
    world
}

/// A pit 80 m wide and 40 m deep, and `n` discs and boxes 25 to 36 cm across in a
/// grid above its floor, at rest: rain. Sleeping on; two threads.
pub fn rain(n: usize) -> World {
    let mut rng = Rng::new(14);
    let mut pieces = vec![
        slab(Vec2::new(-40.5, -1.0), Vec2::new(40.5, 0.0)),
        slab(Vec2::new(-40.5, 0.0), Vec2::new(-40.0, 40.0)),
        slab(Vec2::new(40.0, 0.0), Vec2::new(40.5, 40.0)),
    ];
    let across = 180;
    for i in 0..n {
        let (col, row) = ((i % across) as f32, (i / across) as f32);
        let at = Vec2::new(-39.6 + 0.44 * col, 0.5 + 0.5 * row);
        let shape = if rng.next_u64() % 3 < 2 {
            Shape::Circle { radius: rng.range(0.13, 0.18) }
        } else {
            let half = Vec2::new(rng.range(0.1, 0.18), rng.range(0.1, 0.18));
            Shape::Polygon(Polygon::boxed(half, 0.0))
        };
        let mut piece = body(shape, at, rng.range(0.0, 6.0), 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    let mut world = World::new(pieces, Vec::new());
    world.wide.set_threads(2);
    world
}

/// Solver2D's confined discs: `n * n` discs of radius 0.4 on a grid
/// 0.7 m apart, each overlapping its neighbours by 10 cm, in a closed box
/// with room for all, no gravity.
pub fn confined(n: usize) -> World {
    let half = 0.45 * n as f32 + 0.5;
    let mut pieces = vec![
        slab(Vec2::new(-half - 1.0, -half - 1.0), Vec2::new(half + 1.0, -half)),
        slab(Vec2::new(-half - 1.0, half), Vec2::new(half + 1.0, half + 1.0)),
        slab(Vec2::new(-half - 1.0, -half), Vec2::new(-half, half)),
        slab(Vec2::new(half, -half), Vec2::new(half + 1.0, half)),
    ];
    let start = -0.35 * (n as f32 - 1.0);
    for i in 0..n {
        for j in 0..n {
            let at = Vec2::new(start + 0.7 * i as f32, start + 0.7 * j as f32);
            let mut piece = body(Shape::Circle { radius: 0.4 }, at, 0.0, 1.0);
            piece.0.friction = 0.3;
            pieces.push(piece);
        }
    }
    let mut world = World::new(pieces, Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world
}
// ANCHOR_END: scenes
