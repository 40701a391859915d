//! The demos run headless and show what they claim; scene files map onto particles
//! and planes.

use ch02_planes_restitution::demos::{CHAPTER, Planes};
use glam::Vec2;
use physics_core::demo::{Demo, SwitchValue};
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// The experiment the page suggests: with the push-back off, particles that bounce
/// with e = 0 sink through the floor, `g dt^2` deeper every step; with it on they
/// rest on it.
#[test]
fn without_push_back_dead_particles_sink() {
    let lowest = |push_back: bool| {
        let mut demo = Planes::gravity().lab();
        demo.set_switch('p', SwitchValue::Bool(push_back));
        demo.set_switch(
            'e',
            SwitchValue::Optional { value: Some(0.0), choices: &[], none: "own" },
        );
        for _ in 0..300 {
            demo.step(1.0 / 60.0);
        }
        demo.sim()
            .world()
            .particles
            .iter()
            .map(|p| p.position.y)
            .fold(f32::INFINITY, f32::min)
    };
    let (with, without) = (lowest(true), lowest(false));
    assert!(with >= -1.0 - 1e-5, "with push-back the lowest is at {with}");
    // 300 steps at g dt^2 = 2.7 mm each, less the ~40 steps it takes to fall: over
    // 0.5 m.
    assert!(without < -1.5, "without push-back the lowest is at {without}");
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

#[test]
fn a_scene_of_particles_and_planes_loads_and_bounces() {
    let mut d = scene(
        r#"{ "bodies": [
            { "shape": { "circle": { "radius": 0.02 } }, "position": [0, 1], "restitution": 0.5 },
            { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } } ] }"#,
    )
    .unwrap();
    // The plane is in the trace too, as a static body, in file order.
    let bodies = d.bodies();
    assert_eq!(bodies.len(), 2);
    assert_eq!((bodies[0].inv_mass, bodies[1].inv_mass), (1.0, 0.0));
    assert_eq!(d.gravity(), Vec2::new(0.0, -9.81));
    for _ in 0..300 {
        d.step(1.0 / 60.0);
    }
    // It fell, bounced with e = 0.5 and is settling on the plane y = 0, not below
    // it.
    let y = d.bodies()[0].position.y;
    assert!((0.0..0.2).contains(&y), "{y}");
}

/// The trace's `body` column is the index in the file, planes included, whatever
/// the order.
#[test]
fn bodies_are_listed_in_file_order() {
    let d = scene(
        r#"{ "bodies": [
            { "shape": { "plane": { "normal": [1, 0], "offset": -1 } } },
            { "shape": { "circle": { "radius": 0.02 } }, "position": [0, 0.5] },
            { "shape": { "plane": { "normal": [0, 1], "offset": -1 } } } ] }"#,
    )
    .unwrap();
    let b = d.bodies();
    assert_eq!(b.len(), 3);
    assert_eq!(b[0].inv_mass, 0.0);
    // The left wall x = -1: its point nearest the origin, turned a quarter
    // clockwise from a floor.
    assert_eq!(b[0].position, Vec2::new(-1.0, 0.0));
    assert!((b[0].angle + std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    assert_eq!(b[1].position, Vec2::new(0.0, 0.5));
    assert_eq!((b[2].inv_mass, b[2].position), (0.0, Vec2::new(0.0, -1.0)));
}

#[test]
fn scenes_chapter_2_cannot_simulate_name_the_chapter_that_can() {
    let circle =
        r#"{ "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0] }"#;
    for (json, field, chapter) in [
        (
            r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0] } ] }"#.to_string(),
            "bodies[0].shape",
            "ch04-manifolds",
        ),
        (
            r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0], "angle": 0.5 } ] }"#.to_string(),
            "bodies[0].angle",
            "ch06-rotation-friction",
        ),
        (
            r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0], "static": true } ] }"#.to_string(),
            "bodies[0].static",
            "ch03-mass-weighted-impulses",
        ),
        (
            format!(r#"{{ "bodies": [ {circle}, {circle} ], "joints": [ {{ "distance": {{ "body_a": 0, "body_b": 1 }} }} ] }}"#),
            "joints",
            "ch07-distance-constraints",
        ),
    ] {
        let e = scene(&json).err().expect("should be rejected");
        assert!(e.starts_with(field) && e.contains(chapter), "{e}");
    }
}
