//! The worlds chapter 15 is shown on, each made as a game makes its
//! world: through handles, a body and then its shapes.

use crate::{BodyDef, BodyId, BodyKind, Filter, JointDef, ShapeDef, World};
use ch09_joints::Kind;
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

/// A box `2 half.x` by `2 half.y`.
pub fn boxed(half: Vec2) -> ShapeDef {
    ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
}

/// A disc.
pub fn disc(radius: f32) -> ShapeDef {
    ShapeDef::new(Shape::Circle { radius })
}

/// A body of `kind` at `origin` made of `shapes`.
pub fn make(
    world: &mut World,
    kind: BodyKind,
    origin: Vec2,
    shapes: &[ShapeDef],
) -> BodyId {
    let body = world.create_body(BodyDef::new(kind, origin));
    for &shape in shapes {
        world.create_shape(body, shape).expect("the body was just made");
    }
    body
}

/// A static floor `width` wide, its top at `y`.
pub fn floor(world: &mut World, width: f32, y: f32) -> BodyId {
    let half = Vec2::new(width / 2.0, 0.5);
    make(world, BodyKind::Static, Vec2::new(0.0, y - 0.5), &[boxed(half)])
}

// ANCHOR: platforms
/// Two kinematic platforms, one gliding left and right, one rising and
/// falling, each carrying a stack of crates; the game reverses them every
/// 2.5 s ([`crate::demos`]). Returns the world and the platforms.
pub fn platforms() -> (World, [BodyId; 2]) {
    let mut world = World::new();
    floor(&mut world, 40.0, 0.0);
    let slab = boxed(Vec2::new(1.6, 0.15));
    let glide =
        make(&mut world, BodyKind::Kinematic, Vec2::new(-5.0, 2.0), &[slab]);
    let lift = make(&mut world, BodyKind::Kinematic, Vec2::new(5.0, 1.0), &[slab]);
    world.set_velocity(glide, Vec2::new(1.6, 0.0), 0.0).unwrap();
    world.set_velocity(lift, Vec2::new(0.0, 1.0), 0.0).unwrap();
    for (x, y) in [(-5.0, 2.15), (5.0, 1.15)] {
        for k in 0..4 {
            let mut crate_ = boxed(Vec2::new(0.5 - 0.08 * k as f32, 0.25));
            crate_.friction = 0.6;
            make(
                &mut world,
                BodyKind::Dynamic,
                Vec2::new(x, y + 0.25 + 0.5 * k as f32),
                &[crate_],
            );
        }
    }
    (world, [glide, lift])
}
// ANCHOR_END: platforms

// ANCHOR: hammer
/// A table (a top and two legs: one body of three shapes) and a hammer
/// (a wooden handle and a steel head), dropped turning onto its top.
pub fn hammer() -> World {
    let mut world = World::new();
    floor(&mut world, 30.0, 0.0);
    let leg = |x: f32| {
        boxed(Vec2::new(0.1, 0.6)).at(Vec2::new(x, 0.6), 0.0).density(600.0)
    };
    let top =
        boxed(Vec2::new(1.6, 0.1)).at(Vec2::new(0.0, 1.3), 0.0).density(600.0);
    make(&mut world, BodyKind::Dynamic, Vec2::ZERO, &[top, leg(-1.3), leg(1.3)]);
    let handle = boxed(Vec2::new(0.05, 0.6)).density(700.0);
    let head =
        boxed(Vec2::new(0.3, 0.1)).at(Vec2::new(0.0, 0.65), 0.0).density(7800.0);
    let mut def = BodyDef::new(BodyKind::Dynamic, Vec2::new(0.3, 3.4));
    (def.angle, def.angular_velocity) = (1.3, -2.0);
    let hammer = world.create_body(def);
    for shape in [handle, head] {
        world.create_shape(hammer, shape).unwrap();
    }
    world
}
// ANCHOR_END: hammer

// ANCHOR: teams
/// The teams' categories: each wall in its own, each team's shots in their
/// own, and a shot's mask leaves out its own team's wall, so it flies
/// through it. Everything else collides with everything.
pub const RED_WALL: Filter = Filter { category: 0b0010, mask: u64::MAX, group: 0 };
pub const BLUE_WALL: Filter = Filter { category: 0b0100, mask: u64::MAX, group: 0 };
pub const RED_SHOT: Filter = Filter { category: 0b1000, mask: !0b0010, group: 0 };
pub const BLUE_SHOT: Filter =
    Filter { category: 0b1_0000, mask: !0b0100, group: 0 };

/// Two walls of blocks, red on the left and blue on the right; each team's
/// shots, fired from behind its own wall, fly through it and into the
/// other's ([`crate::demos`] fires them).
pub fn teams() -> World {
    let mut world = World::new();
    floor(&mut world, 40.0, 0.0);
    for (x, team) in [(-4.0, RED_WALL), (4.0, BLUE_WALL)] {
        for row in 0..6 {
            for col in 0..2 {
                let block = boxed(Vec2::splat(0.3)).density(2.0).filter(team);
                let at = Vec2::new(x + 0.62 * col as f32, 0.3 + 0.6 * row as f32);
                make(&mut world, BodyKind::Dynamic, at, &[block]);
            }
        }
    }
    world
}

/// A shot of `team` from `at` at `velocity`: a small heavy disc, a bullet.
pub fn fire(world: &mut World, team: Filter, at: Vec2, velocity: Vec2) -> BodyId {
    let mut def = BodyDef::new(BodyKind::Dynamic, at);
    (def.velocity, def.bullet) = (velocity, true);
    let shot = world.create_body(def);
    world.create_shape(shot, disc(0.12).density(10.0).filter(team)).unwrap();
    shot
}
// ANCHOR_END: teams

// ANCHOR: gate
/// A hopper of 120 balls above a funnel, and below it a gate: a static
/// sensor that counts what passes through it.
pub fn gate() -> (World, BodyId) {
    let mut world = World::new();
    floor(&mut world, 20.0, 0.0);
    for side in [-1.0f32, 1.0] {
        let wall = boxed(Vec2::new(2.5, 0.1)).at(Vec2::ZERO, side * 0.6);
        make(&mut world, BodyKind::Static, Vec2::new(side * 2.6, 6.0), &[wall]);
    }
    let sensor = boxed(Vec2::new(1.5, 0.3)).sensor();
    let gate = make(&mut world, BodyKind::Static, Vec2::new(0.0, 3.0), &[sensor]);
    for k in 0..120 {
        let at =
            Vec2::new(-3.0 + 0.5 * (k % 13) as f32, 8.0 + 0.5 * (k / 13) as f32);
        make(&mut world, BodyKind::Dynamic, at, &[disc(0.18)]);
    }
    (world, gate)
}
// ANCHOR_END: gate

// ANCHOR: bridge
/// A bridge of twelve planks pinned end to end between two towers, each
/// pin breaking past `strength` newtons; a 300 kg crate drops on it.
pub fn bridge(strength: f32) -> World {
    let mut world = World::new();
    floor(&mut world, 40.0, 0.0);
    let tower = boxed(Vec2::new(0.5, 2.0));
    let left = make(&mut world, BodyKind::Static, Vec2::new(-6.5, 2.0), &[tower]);
    let right = make(&mut world, BodyKind::Static, Vec2::new(6.5, 2.0), &[tower]);
    let plank = boxed(Vec2::new(0.5, 0.1)).density(20.0);
    let pin = Kind::Revolute { limit: None, motor: None };
    let mut last = left;
    for k in 0..=12 {
        let x = -6.0 + k as f32;
        let next = match k {
            12 => right,
            _ => make(
                &mut world,
                BodyKind::Dynamic,
                Vec2::new(x + 0.5, 3.9),
                &[plank],
            ),
        };
        let mut joint =
            JointDef::at(&world, last, next, Vec2::new(x, 3.9), pin).unwrap();
        joint.break_force = strength;
        world.create_joint(joint).unwrap();
        last = next;
    }
    let load = boxed(Vec2::splat(0.5)).density(300.0);
    make(&mut world, BodyKind::Dynamic, Vec2::new(0.3, 8.0), &[load]);
    world
}
// ANCHOR_END: bridge

/// Boxes and discs of every size dropped from heights up to 6 m, for the
/// hits to flash where they land.
pub fn landing() -> World {
    let mut world = World::new();
    floor(&mut world, 30.0, 0.0);
    let mut rng = physics_core::rng::Rng::new(15);
    for k in 0..24 {
        let at = Vec2::new(-6.0 + 0.52 * k as f32, rng.range(1.0, 6.0));
        let shape = match k % 2 {
            0 => boxed(Vec2::splat(rng.range(0.12, 0.25))),
            _ => disc(rng.range(0.12, 0.25)),
        };
        make(&mut world, BodyKind::Dynamic, at, &[shape]);
    }
    world
}
