//! The worlds chapter 12 is shown and tested on: bullets at a thin wall,
//! a spinning rod, pong at 1000 m/s, debris fired at a stack, and balls
//! passing a block's corners.

use crate::{Body, Polygon, Shape, World, body, fixed, hull};
use glam::Vec2;
use physics_core::rng::Rng;

// ANCHOR: scenes
/// A static floor `width` wide centred on `x`, its top at `y = 0`.
fn floor(x: f32, width: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(width / 2.0, 0.5), 0.0);
    let (mut b, s) = fixed(Shape::Polygon(slab), Vec2::new(x, -0.5), 0.0);
    b.friction = 0.6;
    (b, s)
}

/// A static wall 5 cm thick and `height` tall, standing on the floor at `x`.
fn wall(x: f32, height: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(0.025, height / 2.0), 0.0);
    fixed(Shape::Polygon(slab), Vec2::new(x, height / 2.0), 0.0)
}

/// A movable `shape` at `at` moving at `velocity`, of steel's 7800 kg/m^3
/// over a 1 cm depth: 78 kg/m^2.
fn projectile(shape: Shape, at: Vec2, velocity: Vec2) -> (Body, Shape) {
    let (mut b, s) = body(shape, at, 0.0, 78.0);
    b.velocity = velocity;
    b.restitution = 0.0;
    (b, s)
}

/// Three small shapes at 300 m/s and the same at 3000 m/s, 10 m from a
/// wall 5 cm thick: 5 m and 50 m a step, a hundred and a thousand times
/// the wall.
pub fn bullets() -> World {
    let mut pieces = vec![floor(10.0, 60.0), wall(10.0, 4.0)];
    let shapes = [
        Shape::Circle { radius: 0.02 },
        Shape::Polygon(Polygon::boxed(Vec2::new(0.03, 0.015), 0.0)),
        Shape::Polygon(Polygon::capsule(0.03, 0.012)),
    ];
    for (k, speed) in [300.0, 3000.0].into_iter().enumerate() {
        for (i, shape) in shapes.iter().enumerate() {
            let y = 0.5 + 0.6 * (3 * k + i) as f32;
            pieces.push(projectile(
                *shape,
                Vec2::new(0.0, y),
                Vec2::new(speed, 0.0),
            ));
        }
    }
    World::new(pieces, Vec::new())
}

/// A rod 2 m long and 4 cm thick set spinning at 150 rad/s about its
/// centre (the turn cap holds it to 47 rad/s, an eighth of a turn a step),
/// beside a post 4 cm wide that its half sweeps through every turn. No
/// gravity.
pub fn spinning_rod() -> World {
    let post = Polygon::boxed(Vec2::new(0.02, 0.02), 0.0);
    let mut pieces = vec![fixed(Shape::Polygon(post), Vec2::new(0.6, 2.0), 0.0)];
    let rod = Polygon::boxed(Vec2::new(1.0, 0.02), 0.0);
    let (mut b, s) = body(Shape::Polygon(rod), Vec2::new(0.0, 2.0), 1.2, 10.0);
    b.angular_velocity = -150.0;
    pieces.push((b, s));
    let mut world = World::new(pieces, Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world
}

/// Chapter 1's box, its walls 5 cm thick and 6 m apart inside, and one
/// ball at 1000 m/s (16.7 m a step, nearly three widths of the box),
/// perfectly elastic and frictionless, no gravity.
pub fn pong() -> World {
    let side = |at: Vec2, half: Vec2| {
        let (mut b, s) = fixed(Shape::Polygon(Polygon::boxed(half, 0.0)), at, 0.0);
        b.restitution = 1.0;
        b.friction = 0.0;
        (b, s)
    };
    let mut pieces = vec![
        side(Vec2::new(0.0, -0.025), Vec2::new(3.05, 0.025)),
        side(Vec2::new(0.0, 6.025), Vec2::new(3.05, 0.025)),
        side(Vec2::new(-3.025, 3.0), Vec2::new(0.025, 3.0)),
        side(Vec2::new(3.025, 3.0), Vec2::new(0.025, 3.0)),
    ];
    let (mut b, s) =
        body(Shape::Circle { radius: 0.1 }, Vec2::new(-1.0, 2.0), 0.0, 1.0);
    b.velocity = 1000.0 * physics_core::trig::from_angle(0.4);
    b.restitution = 1.0;
    b.friction = 0.0;
    pieces.push((b, s));
    let mut world = World::new(pieces, Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world
}

/// A small random shape 2 to 6 cm across.
fn chip(rng: &mut Rng) -> Shape {
    let size = rng.range(0.02, 0.06);
    match rng.next_u64() % 3 {
        0 => Shape::Circle { radius: size / 2.0 },
        1 => Shape::Polygon(Polygon::capsule(size / 3.0, size / 5.0)),
        _ => {
            let h = size / 2.0;
            let points: Vec<Vec2> = (0..5)
                .map(|_| Vec2::new(rng.range(-h, h), rng.range(-h, h)))
                .collect();
            match hull(&points) {
                Ok(h) => Shape::Polygon(Polygon::new(&h, 0.0)),
                Err(_) => Shape::Polygon(Polygon::boxed(Vec2::splat(h), 0.0)),
            }
        }
    }
}

/// `n` pieces of debris from the left, seeded by `seed`.
pub(crate) fn volley(n: usize, seed: u64) -> Vec<(Body, Shape)> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let at = Vec2::new(
                -3.0 + 0.25 * (i % 8) as f32,
                0.4 + 0.45 * (i / 8) as f32,
            );
            let speed = rng.range(80.0, 150.0);
            let aim = physics_core::trig::from_angle(rng.range(-0.05, 0.05));
            let (mut b, s) = projectile(chip(&mut rng), at, speed * aim);
            b.angular_velocity = rng.range(-100.0, 100.0);
            (b, s)
        })
        .collect()
}

/// A stack of twelve 30 cm boxes before a wall 5 cm thick and 30 m tall
/// (a ricochet can climb high), and 40 pieces of debris fired at it.
pub fn debris() -> World {
    let mut pieces = vec![floor(0.0, 30.0), wall(6.0, 30.0)];
    for row in 0..4 {
        for col in 0..3 {
            let at = Vec2::new(4.4 + 0.31 * col as f32, 0.15 + 0.3 * row as f32);
            let (mut b, s) = body(
                Shape::Polygon(Polygon::boxed(Vec2::splat(0.15), 0.0)),
                at,
                0.0,
                20.0,
            );
            b.friction = 0.6;
            pieces.push((b, s));
        }
    }
    pieces.extend(volley(40, 3));
    World::new(pieces, Vec::new())
}

/// A block 1 m square, and three balls 20 cm across passing its corners:
/// over the top, two at 30 m/s (0.5 m a step) 5 cm and 30 cm clear of
/// it; under the bottom, one at 3 m/s 5 cm clear. No gravity: each
/// should fly straight on.
pub fn ghost() -> World {
    let block = Polygon::boxed(Vec2::new(0.5, 0.5), 0.0);
    let mut pieces = vec![fixed(Shape::Polygon(block), Vec2::new(0.0, 0.0), 0.0)];
    for (y, speed, x) in [(0.65, 30.0, -5.0), (0.9, 30.0, -5.0), (-0.65, 3.0, -1.5)]
    {
        let ball = Shape::Circle { radius: 0.1 };
        let (mut b, s) = body(ball, Vec2::new(x, y), 0.0, 1.0);
        b.velocity = Vec2::new(speed, 0.0);
        pieces.push((b, s));
    }
    let mut world = World::new(pieces, Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world
}
// ANCHOR_END: scenes
