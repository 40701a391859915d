//! Events: a drop's hit at the speed free fall gives; sensors that see a
//! ball enter and leave at the steps free fall predicts, and sleeping
//! shapes too; joints that break above their threshold and not below; and
//! the same events, to the bit, on 1, 2 and 4 threads.

use crate::bodies::{DT, boxed, floor, one};
use ch09_joints::Kind;
use ch11_polygons::Shape;
use ch15_game_api::{BodyDef, BodyKind, JointDef, ShapeDef, World};
use glam::Vec2;

#[test]
fn a_dropped_ball_hits_at_the_speed_of_its_fall() {
    for height in [0.5f32, 2.0, 8.0] {
        let mut world = World::new();
        floor(&mut world);
        let r = 0.25;
        let ball = one(
            &mut world,
            BodyKind::Dynamic,
            Vec2::new(0.0, r + height),
            ShapeDef::new(Shape::Circle { radius: r }),
        );
        let mut hits = Vec::new();
        for _ in 0..300 {
            world.step(DT);
            hits.extend(world.game.events.hits.iter().copied());
        }
        let g = -world.solver.gravity.y;
        let want = (2.0 * g * height).sqrt();
        let first = hits.first().expect("a hit");
        // The approach speed is the ball's as the step it lands in begins,
        // which is never more than `sqrt(2 g h)`. It is less by at most:
        // one step's gravity, `g dt`; the stepped fall's lead on the exact
        // one, which reaches a height a little early and so a little slower
        // (`g h / 2`, `h` a substep); and the landing step may start one
        // substep's travel higher, since the contact stops a point that
        // would cross the floor in the next substep.
        let h = DT / world.soft.settings.substeps as f32;
        let least = (2.0 * g * (height - want * h)).sqrt() - g * (DT + h / 2.0);
        assert!(
            first.speed <= want && first.speed > least,
            "hit at {} m/s from {height} m; sqrt(2 g h) = {want}, at least {least}",
            first.speed
        );
        assert!(
            (first.normal - Vec2::Y).length() < 1e-6
                || (first.normal + Vec2::Y).length() < 1e-6
        );
        // The point as the step began: within one step's fall of the floor.
        assert!(first.point.y.abs() < want * DT, "at the floor: {}", first.point);
        let _ = ball;
    }
}

/// A gate: a static sensor box between `y0` and `y1`.
fn gate(world: &mut World, y0: f32, y1: f32) -> ch15_game_api::ShapeId {
    let body = world.create_body(BodyDef::new(
        BodyKind::Static,
        Vec2::new(0.0, (y0 + y1) / 2.0),
    ));
    world
        .create_shape(body, boxed(Vec2::new(2.0, (y1 - y0) / 2.0)).sensor())
        .unwrap()
}

#[test]
fn a_falling_ball_enters_and_leaves_a_gate_when_free_fall_says() {
    let mut world = World::new();
    let gate = gate(&mut world, 3.0, 4.0);
    let (r, y0) = (0.2f32, 10.0f32);
    let ball = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(0.0, y0),
        ShapeDef::new(Shape::Circle { radius: r }),
    );
    let substeps = world.soft.settings.substeps as f64;
    let g = -world.solver.gravity.y as f64;
    // The ball's height after n steps of semi-implicit Euler in k substeps
    // of h: y0 - g h^2 m (m + 1) / 2 with m = n k substeps.
    let h = DT as f64 / substeps;
    let height = |n: usize| {
        let m = n as f64 * substeps;
        y0 as f64 - g * h * h * m * (m + 1.0) / 2.0
    };
    let enter = (1..).find(|&n| height(n) - (r as f64) <= 4.0).unwrap();
    let leave = (1..).find(|&n| height(n) + (r as f64) < 3.0).unwrap();
    let (mut began, mut ended) = (None, None);
    for step in 1..=leave + 5 {
        world.step(DT);
        let events = &world.game.events;
        if events.sensor_begin.iter().any(|e| e.sensor == gate) {
            began.get_or_insert(step);
        }
        if events.sensor_end.iter().any(|e| e.sensor == gate) {
            ended.get_or_insert(step);
        }
    }
    assert_eq!(began, Some(enter), "enters at step {enter}, free fall says");
    assert_eq!(ended, Some(leave), "leaves at step {leave}");
    let _ = ball;
}

#[test]
fn every_sensor_begin_has_an_end_or_its_shape_is_still_inside() {
    let mut world = World::new();
    floor(&mut world);
    let gate = gate(&mut world, 1.0, 2.0);
    let mut rng = physics_core::rng::Rng::new(15);
    for k in 0..40 {
        let at = Vec2::new(rng.range(-3.0, 3.0), 3.0 + 0.5 * k as f32);
        let mut def = BodyDef::new(BodyKind::Dynamic, at);
        def.velocity = Vec2::new(rng.range(-2.0, 2.0), 0.0);
        let b = world.create_body(def);
        world
            .create_shape(
                b,
                ShapeDef::new(Shape::Circle { radius: rng.range(0.1, 0.3) }),
            )
            .unwrap();
    }
    let mut inside = std::collections::BTreeSet::new();
    for _ in 0..400 {
        world.step(DT);
        let events = &world.game.events;
        for e in &events.sensor_end {
            assert!(inside.remove(&e.visitor), "an end without a begin: {e:?}");
        }
        for e in &events.sensor_begin {
            assert_eq!(e.sensor, gate);
            assert!(inside.insert(e.visitor), "a second begin: {e:?}");
        }
    }
    // What is still inside is what overlaps the gate now: the balls
    // resting on the floor reach at most 0.6 m up, so none.
    assert!(inside.is_empty(), "{} still inside", inside.len());
}

#[test]
fn a_sensor_sees_sleeping_shapes() {
    let mut world = World::new();
    floor(&mut world);
    let ball = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(0.0, 0.25),
        ShapeDef::new(Shape::Circle { radius: 0.25 }),
    );
    for _ in 0..120 {
        world.step(DT);
    }
    assert!(world.sleep.asleep[ball.index as usize], "the ball sleeps");
    // A kinematic sensor sweeps over it.
    let scanner =
        world.create_body(BodyDef::new(BodyKind::Kinematic, Vec2::new(-3.0, 0.5)));
    let sensor =
        world.create_shape(scanner, boxed(Vec2::splat(0.5)).sensor()).unwrap();
    world.set_velocity(scanner, Vec2::new(2.0, 0.0), 0.0).unwrap();
    let mut seen = false;
    for _ in 0..120 {
        world.step(DT);
        seen |= world.game.events.sensor_begin.iter().any(|e| e.sensor == sensor);
    }
    assert!(seen, "the sensor saw the sleeping ball");
    assert!(world.sleep.asleep[ball.index as usize], "and did not wake it");
}

/// A 10 kg box hanging from a static anchor by a pin whose joint holds
/// `strength` N: whether it broke in 2 s, and the force it reported.
fn hang(strength: f32) -> Option<f32> {
    let mut world = World::new();
    let anchor =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, 5.0)));
    let weight = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(0.0, 4.5),
        boxed(Vec2::splat(0.5)).density(10.0),
    );
    let mut joint = JointDef::at(
        &world,
        anchor,
        weight,
        Vec2::new(0.0, 5.0),
        Kind::Revolute { limit: None, motor: None },
    )
    .unwrap();
    joint.break_force = strength;
    world.create_joint(joint).unwrap();
    for _ in 0..120 {
        world.step(DT);
        if let Some(b) = world.game.events.joint_breaks.first() {
            assert!(world.joints.list.is_empty());
            return Some(b.force);
        }
    }
    None
}

#[test]
fn a_joint_breaks_above_its_strength_and_not_below() {
    let weight = 10.0 * 9.81;
    // The joint holds the box's weight, m g, once it hangs still.
    assert_eq!(hang(1.05 * weight), None, "held 5% above its load");
    let force = hang(0.95 * weight).expect("broke 5% below its load");
    assert!(
        force > 0.95 * weight && force < 1.05 * weight,
        "pulled with {force} N, the weight is {weight}"
    );
}

#[test]
fn a_weld_breaks_above_its_torque() {
    // A 2 m beam of 20 kg welded by one end to a wall: the weld holds
    // m g L / 2 = 196.2 N m.
    let torque = |strength: f32| {
        let mut world = World::new();
        let wall = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
        let beam = one(
            &mut world,
            BodyKind::Dynamic,
            Vec2::new(1.0, 0.0),
            boxed(Vec2::new(1.0, 0.05)).density(100.0),
        );
        let mut joint =
            JointDef::at(&world, wall, beam, Vec2::ZERO, Kind::Weld).unwrap();
        joint.break_torque = strength;
        world.create_joint(joint).unwrap();
        (0..60).find_map(|_| {
            world.step(DT);
            world.game.events.joint_breaks.first().map(|b| b.torque)
        })
    };
    let load = 20.0 * 9.81 * 1.0;
    assert_eq!(torque(1.05 * load), None);
    let got = torque(0.95 * load).expect("broke");
    assert!(got > 0.95 * load && got < 1.1 * load, "{got} N m against {load}");
}

/// Every event of `steps` steps of a rain of discs and boxes onto hammers,
/// through a gate, with a bridge that breaks, on `threads` threads.
fn all_events(threads: usize, steps: usize) -> String {
    let mut world = World::new();
    world.wide.set_threads(threads);
    floor(&mut world);
    gate(&mut world, 2.0, 2.5);
    let mut rng = physics_core::rng::Rng::new(7);
    for k in 0..4200 {
        let at = Vec2::new(
            -40.0 + 0.4 * (k % 200) as f32,
            0.5 + 0.45 * (k / 200) as f32,
        );
        let b = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let shape = match k % 3 {
            0 => boxed(Vec2::splat(rng.range(0.1, 0.17))),
            _ => ShapeDef::new(Shape::Circle { radius: rng.range(0.1, 0.17) }),
        };
        world.create_shape(b, shape).unwrap();
    }
    let anchor =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, 13.0)));
    let plank = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(0.0, 12.5),
        boxed(Vec2::new(0.5, 0.1)),
    );
    let mut joint = JointDef::at(
        &world,
        anchor,
        plank,
        Vec2::new(0.0, 13.0),
        Kind::Revolute { limit: None, motor: None },
    )
    .unwrap();
    joint.break_force = 1.0;
    world.create_joint(joint).unwrap();
    let mut out = String::new();
    for step in 0..steps {
        world.step(DT);
        let e = &world.game.events;
        out += &format!(
            "{step} {:?} {:?} {:?} {:?} {:?} {:?}\n",
            e.begin, e.end, e.hits, e.sensor_begin, e.sensor_end, e.joint_breaks
        );
    }
    out
}

#[test]
fn the_events_are_the_same_on_any_number_of_threads() {
    let one = all_events(1, 40);
    for kind in ["JointBreak", "HitEvent", "SensorEvent", "ContactEvent"] {
        assert!(one.contains(kind), "no {kind} happened");
    }
    assert_eq!(one, all_events(2, 40), "2 threads");
    assert_eq!(one, all_events(4, 40), "4 threads");
}
