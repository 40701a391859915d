//! The demos run headless and pass the shared checks; the colours demo is
//! pinned by a snapshot; scene files load everything chapter 13 loads.

use ch14_wide_solver::demos::{CHAPTER, DEMOS, show};
use ch14_wide_solver::worlds::{colours, rain};
use glam::Vec2;
use physics_core::demo::{Chapter, DemoEntry};

const DT: f32 = 1.0 / 60.0;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch (threads and lanes included); one second each. The 100-row
/// pyramid and the 10,000 bodies take minutes in a test build, so here the
/// pyramid has 30 rows and the rain 1,000 bodies (`.ci/run` runs the real
/// ones in release).
#[test]
fn every_demo_passes_the_shared_checks() {
    const SMALL_PYRAMID: DemoEntry = DemoEntry {
        name: "pyramid",
        about: "a 30-row pyramid",
        make: || {
            let mut w = ch14_wide_solver::worlds::pyramid(30);
            w.wide.set_threads(2);
            Box::new(show(w, (Vec2::new(-20.0, -1.0), Vec2::new(20.0, 32.0))))
        },
    };
    const SMALL_RAIN: DemoEntry = DemoEntry {
        name: "rain",
        about: "the rain with 1,000 bodies",
        make: || {
            Box::new(show(
                rain(1000),
                (Vec2::new(-42.0, -1.0), Vec2::new(42.0, 50.0)),
            ))
        },
    };
    const TESTED: &[DemoEntry] =
        &[DEMOS[0], DEMOS[1], SMALL_PYRAMID, SMALL_RAIN, DEMOS[4], DEMOS[5]];
    assert_eq!(DEMOS.len(), TESTED.len());
    assert_eq!((DEMOS[2].name, DEMOS[3].name), ("pyramid", "rain"));
    physics_core::demo::check_demos(&Chapter { demos: TESTED, ..CHAPTER }, 60);
}

/// The colours demo after three seconds: each box's place and its
/// colour, pinned.
#[test]
fn the_coloured_pyramid_after_three_seconds() {
    use std::fmt::Write;
    let mut world = colours();
    for _ in 0..180 {
        world.step(DT);
    }
    let tints = world.body_colours();
    let c = &world.wide.colouring;
    let held: Vec<(usize, usize)> =
        c.counts.iter().copied().enumerate().filter(|&(_, n)| n > 0).collect();
    let mut out = format!("{} colours, (colour, contacts) {held:?}\n", c.used());
    for (i, b) in world.bodies().iter().enumerate().skip(1) {
        // Millimetres: far coarser than f32 noise, fine enough to see any change.
        writeln!(
            out,
            "{i:3} ({:+.3}, {:+.3}) angle {:+.3} colour {:?}",
            b.position.x, b.position.y, b.angle, tints[i]
        )
        .unwrap();
    }
    insta::assert_snapshot!(out.replace("-0.000", "+0.000"));
}

/// Every scene of the physics checks (chapter 8's format) loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// Chapter 13's rule holds here, where each body's still time is found on
/// the workers: a plank driven by a motor at 0.01 rad/s turns 0.2 rad in
/// 20 s and never sleeps.
#[test]
fn a_slow_motor_keeps_its_bodies_awake_here_too() {
    let json = r#"{ "gravity": [0, 0],
        "bodies": [ { "shape": { "box": { "half_extents": [0.1, 0.1] } }, "position": [0, 3], "static": true },
                    { "shape": { "box": { "half_extents": [1, 0.05] } }, "position": [0, 3] } ],
        "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 3],
                                    "motor": { "speed": 0.01, "max_torque": 1000 } } } ] }"#;
    let scene = physics_core::scene::Scene::from_json(json).unwrap();
    let (mut world, _) = ch14_wide_solver::scene::world(&scene);
    for _ in 0..1200 {
        world.step(DT);
    }
    let angle = world.bodies()[1].angle;
    assert!(!world.sleep.asleep[1], "the plank fell asleep at {angle} rad");
    assert!(
        (angle - 0.2).abs() < 0.002,
        "the plank turned {angle} rad in 20 s, not 0.2"
    );
}

/// Chapter 10's soft step, solved wide, has no iterations either:
/// `scenes/swing.json` with `"iterations": 1` is refused here too, and
/// with 10, as the file has it, it loads.
#[test]
fn iterations_other_than_the_default_are_refused_here_too() {
    let load = |json: &str| {
        let scene = physics_core::scene::Scene::from_json(json).unwrap();
        CHAPTER.load_scene(&scene).map(|_| ()).map_err(|e| e.to_string())
    };
    let swing = include_str!("../../../scenes/swing.json");
    assert_eq!(load(swing), Ok(()));
    let e = load(&swing.replace(r#""iterations": 10,"#, r#""iterations": 1,"#));
    let e = e.expect_err("iterations 1 was taken");
    assert!(e.starts_with("iterations: 1: chapter 14"), "{e}");
}

/// A plane is chapter 8's static box 1,000 m long here too: the review's
/// ball 600 m along a floor plane, which fell for ever, is refused.
#[test]
fn a_body_beyond_a_planes_ends_is_refused_here_too() {
    let json = r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } },
        { "shape": { "circle": { "radius": 0.5 } }, "position": [600, 2] } ] }"#;
    let scene = physics_core::scene::Scene::from_json(json).unwrap();
    let Err(e) = CHAPTER.load_scene(&scene) else {
        panic!("the ball beyond the floor's end was taken");
    };
    assert!(e.to_string().contains("chapter 14 would let this body fall"), "{e}");
}
