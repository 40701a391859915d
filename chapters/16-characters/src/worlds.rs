//! The chapter's worlds.

use crate::chains::Material;
use crate::{BodyDef, BodyKind, ShapeDef, World};
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

/// A crate on a floor: the world every demo starts from until the
/// chapter's own arrive.
pub fn crate_on_floor() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let floor = Shape::Polygon(Polygon::boxed(Vec2::new(10.0, 0.5), 0.0));
    world.create_shape(ground, ShapeDef::new(floor)).expect("a fresh body");
    let body =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 2.0)));
    let boxed = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    world.create_shape(body, ShapeDef::new(boxed)).expect("a fresh body");
    world
}

/// How fast the chain demo's bodies start, m/s.
pub const SLIDE: f32 = 10.0;

/// The chain demo: three lanes. On the top two, a box and a capsule slide
/// at [`SLIDE`] without friction along a half-pipe, a chain of 80
/// segments (flat for 30 m, then a quarter circle of 4 m in 16 and a wall at
/// each end), back and forth without catching. On the bottom, the same
/// box slides onto chapter 11's tiles, thirty 1 m squares without the
/// remedy (no hidden faces), and catches on a seam.
pub fn chain_and_tiles() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let frictionless = Material { friction: 0.0, ..Material::default() };
    for lane in [10.0, 20.0] {
        world
            .create_chain(ground, &half_pipe(lane), false, frictionless)
            .expect("a static body and distinct points");
    }
    let square = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    for i in 0..30 {
        let at = Vec2::new(-14.5 + i as f32, -0.5);
        let def = ShapeDef { friction: 0.0, ..ShapeDef::new(square) }.at(at, 0.0);
        world.create_shape(ground, def).expect("a fresh body");
    }
    for x in [-15.5, 15.5] {
        let wall = Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 2.0), 0.0));
        let def = ShapeDef::new(wall).at(Vec2::new(x, 1.0), 0.0);
        world.create_shape(ground, def).expect("a fresh body");
    }
    let capsule = Shape::Polygon(Polygon::capsule(0.5, 0.25));
    for (shape, y) in [(square, 20.5), (capsule, 10.25), (square, 0.5)] {
        let def = BodyDef {
            velocity: Vec2::new(SLIDE, 0.0),
            ..BodyDef::new(BodyKind::Dynamic, Vec2::new(-10.0, y))
        };
        let body = world.create_body(def);
        let def = ShapeDef { friction: 0.0, ..ShapeDef::new(shape) };
        world.create_shape(body, def).expect("a fresh body");
    }
    world
}

/// A half-pipe whose floor is at `y`: from the top of its right wall
/// (8 m up) down a quarter circle of 4 m, along 30 m of floor in 1 m
/// segments, and up the left: drawn right to left, so its inside collides.
pub fn half_pipe(y: f32) -> Vec<Vec2> {
    let mut right = vec![Vec2::new(19.0, y + 8.0)];
    // The quarter circle about (15, y + 4), from its top-right to its foot.
    right.extend((0..=16).map(|k| {
        let angle = std::f32::consts::FRAC_PI_2 * k as f32 / 16.0;
        Vec2::new(15.0 + 4.0 * angle.cos(), y + 4.0 - 4.0 * angle.sin())
    }));
    let floor = (1..30).map(|i| Vec2::new(15.0 - i as f32, y));
    let left: Vec<Vec2> =
        right.iter().rev().map(|p| Vec2::new(-p.x, p.y)).collect();
    right.into_iter().chain(floor).chain(left).collect()
}

/// The conveyor demo: an upper belt carrying crates right, dropping them
/// onto a lower belt carrying them left, each a static box with a tangent
/// speed (counter-clockwise about it: negative moves its top right); and,
/// below, two balls rolled side by side at 4 m/s on lanes of their own,
/// the upper one resisting rolling (coefficient 0.1: it stops in 4 / (2/3
/// 0.1 g) = 6.1 s, 12.2 m on), the lower one not.
pub fn conveyor() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let slab = |half: Vec2, at: Vec2| {
        ShapeDef {
            friction: 0.8,
            ..ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
        }
        .at(at, 0.0)
    };
    // The floor and its walls, then the lane the balls roll in.
    world
        .create_shape(ground, slab(Vec2::new(15.0, 0.25), Vec2::new(0.0, -0.25)))
        .expect("a fresh body");
    for x in [-15.25, 15.25] {
        world
            .create_shape(ground, slab(Vec2::new(0.25, 2.0), Vec2::new(x, 1.5)))
            .expect("a fresh body");
    }
    for y in [-4.25, -7.25] {
        let lane = slab(Vec2::new(15.0, 0.25), Vec2::new(0.0, y));
        world.create_shape(ground, lane).expect("a fresh body");
        let wall = slab(Vec2::new(0.25, 0.75), Vec2::new(15.25, y + 1.0));
        world.create_shape(ground, wall).expect("a fresh body");
    }
    // The upper belt ends 4 m short of the lower one's right end, where
    // its crates land.
    for (x, y, speed) in [(-1.0, 5.0, -2.0), (2.0, 2.5, 2.0)] {
        let (half, at) = (Vec2::new(7.0, 0.2), Vec2::new(x, y));
        let belt =
            world.create_shape(ground, slab(half, at)).expect("a fresh body");
        world.set_surface(belt, 0.0, speed).expect("a live shape");
    }
    let crate_ = Shape::Polygon(Polygon::boxed(Vec2::splat(0.4), 0.02));
    for k in 0..6 {
        let at = Vec2::new(-6.0 + 1.5 * k as f32, 5.8);
        let body = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let def = ShapeDef { friction: 0.8, ..ShapeDef::new(crate_) };
        world.create_shape(body, def).expect("a fresh body");
    }
    for (y, resistance) in [(-3.5, 0.1), (-6.5, 0.0)] {
        let r = 0.5;
        let def = BodyDef {
            velocity: Vec2::new(4.0, 0.0),
            angular_velocity: -4.0 / r,
            ..BodyDef::new(BodyKind::Dynamic, Vec2::new(-13.0, y))
        };
        let body = world.create_body(def);
        let ball = ShapeDef {
            friction: 0.8,
            ..ShapeDef::new(Shape::Circle { radius: r })
        };
        let ball = world.create_shape(body, ball).expect("a fresh body");
        world.set_surface(ball, resistance, 0.0).expect("a live shape");
    }
    world
}
