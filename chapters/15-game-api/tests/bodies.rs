//! Body types: a kinematic platform keeps the velocity the game gives it
//! under any load, carries what rests on it at its own speed, and pushes
//! what it meets without being pushed back; a body's type changes while
//! the world runs.

use ch11_polygons::{Polygon, Shape};
use ch15_game_api::{BodyDef, BodyId, BodyKind, ShapeDef, World};
use glam::Vec2;

pub const DT: f32 = 1.0 / 60.0;

/// A box `2 half.x` by `2 half.y` as a shape.
pub fn boxed(half: Vec2) -> ShapeDef {
    ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
}

/// A body of `kind` at `origin` with one shape.
pub fn one(
    world: &mut World,
    kind: BodyKind,
    origin: Vec2,
    shape: ShapeDef,
) -> BodyId {
    let body = world.create_body(BodyDef::new(kind, origin));
    world.create_shape(body, shape).unwrap();
    body
}

/// A static floor, its top at y = 0, 200 m wide.
pub fn floor(world: &mut World) -> BodyId {
    one(world, BodyKind::Static, Vec2::new(0.0, -0.5), boxed(Vec2::new(100.0, 0.5)))
}

#[test]
fn a_kinematic_platform_carries_a_stack_at_its_own_speed() {
    let mut world = World::new();
    let speed = Vec2::new(2.0, 0.0);
    let platform = one(
        &mut world,
        BodyKind::Kinematic,
        Vec2::new(0.0, 1.0),
        boxed(Vec2::new(2.0, 0.2)),
    );
    world.set_velocity(platform, speed, 0.0).unwrap();
    // Three heavy crates stacked on it, friction 0.6 (0.35 against the
    // platform's 0.2): each slides until friction has it at the platform's
    // speed, in about 0.6 s. Wider than the stack is tall, so that the
    // jolt does not rock it: it would tip only if pushed at more than g.
    let crates: Vec<BodyId> = (0..3)
        .map(|k| {
            let mut shape = boxed(Vec2::new(0.6, 0.2)).density(500.0);
            shape.friction = 0.6;
            one(
                &mut world,
                BodyKind::Dynamic,
                Vec2::new(0.0, 1.4 + 0.4 * k as f32),
                shape,
            )
        })
        .collect();
    let start = world.body(platform).unwrap().position;
    for step in 1..=180 {
        world.step(DT);
        let p = world.body(platform).unwrap();
        // Its velocity is the game's, to the bit, whatever rests on it.
        assert_eq!((p.velocity, p.angular_velocity), (speed, 0.0), "step {step}");
        assert_eq!(p.angle, 0.0, "step {step}");
        // It moves by its velocity: 4 substeps a step, each h * v.
        let moved = p.position - start;
        let want = speed * DT * step as f32;
        assert!(
            (moved - want).length() < 1e-4 * step as f32,
            "step {step}: moved {moved}, want {want}"
        );
    }
    // The crates ride along: after 3 s each moves at the platform's speed.
    for c in crates {
        let v = world.body(c).unwrap().velocity;
        assert!(
            (v - speed).length() < 0.01,
            "crate at {v} m/s, platform at {speed}"
        );
    }
}

#[test]
fn a_kinematic_body_pushes_and_is_never_pushed_back() {
    let mut world = World::new();
    floor(&mut world);
    // A ram moving right into a row of ten 1 m crates of 1 tonne each.
    let ram = one(
        &mut world,
        BodyKind::Kinematic,
        Vec2::new(-3.0, 1.0),
        boxed(Vec2::new(0.5, 0.9)),
    );
    world.set_velocity(ram, Vec2::new(1.0, 0.0), 0.0).unwrap();
    let crates: Vec<BodyId> = (0..10)
        .map(|k| {
            let shape = boxed(Vec2::splat(0.5)).density(1000.0);
            one(
                &mut world,
                BodyKind::Dynamic,
                Vec2::new(-1.4 + 1.0 * k as f32, 0.5),
                shape,
            )
        })
        .collect();
    for _ in 0..240 {
        world.step(DT);
        assert_eq!(world.body(ram).unwrap().velocity, Vec2::new(1.0, 0.0));
    }
    // 4 s at 1 m/s: the ram's front at x = 0.5; the first crate in front
    // of it, pushed (a contact leaves at most the linear slop of overlap).
    let first = world.body(crates[0]).unwrap().position.x;
    assert!(
        first > 0.5 + 0.5 - 0.02,
        "the first crate at {first}, the ram's front at 0.5"
    );
}

#[test]
fn a_body_changes_kind_while_the_world_runs() {
    let mut world = World::new();
    floor(&mut world);
    let b = one(
        &mut world,
        BodyKind::Static,
        Vec2::new(0.0, 3.0),
        boxed(Vec2::splat(0.5)),
    );
    for _ in 0..30 {
        world.step(DT);
    }
    assert_eq!(
        world.body(b).unwrap().position,
        Vec2::new(0.0, 3.0),
        "a static body stays"
    );
    world.set_kind(b, BodyKind::Dynamic).unwrap();
    let mass = 1.0 / world.body(b).unwrap().inv_mass;
    assert!((mass - 1.0).abs() < 1e-6, "1 m^2 at 1 kg/m^2: {mass} kg");
    for _ in 0..120 {
        world.step(DT);
    }
    let y = world.body(b).unwrap().position.y;
    assert!((y - 0.5).abs() < 0.02, "fallen onto the floor: its centre at {y}");
    world.set_kind(b, BodyKind::Kinematic).unwrap();
    world.set_velocity(b, Vec2::new(0.0, 1.0), 0.0).unwrap();
    for _ in 0..60 {
        world.step(DT);
    }
    let y = world.body(b).unwrap().position.y;
    assert!((y - 1.5).abs() < 0.03, "kinematic, rising at 1 m/s for 1 s: {y}");
}
