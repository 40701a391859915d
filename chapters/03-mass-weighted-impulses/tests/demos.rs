//! The demos run headless and show what they claim; scene files map onto circles
//! and walls.

use ch03_mass_weighted_impulses::demos::{CHAPTER, Circles};
use glam::Vec2;
use physics_core::demo::{Demo, SwitchValue};
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// The resting demo's claim: with positional correction the balls rest at a depth
/// of `slop + g dt^2 / percent` (0.01 + 0.0027 / 0.2 = 2.4 cm); without it they
/// sink `g dt^2` deeper every step, whatever their mass.
#[test]
fn without_correction_resting_balls_sink() {
    let deepest = |correct: bool| {
        let mut demo = Circles::resting().lab();
        demo.set_switch('c', SwitchValue::Bool(correct));
        for _ in 0..120 {
            demo.step(1.0 / 60.0);
        }
        demo.sim().world().max_penetration()
    };
    let (with, without) = (deepest(true), deepest(false));
    let expected = 0.01 + 9.81 / 3600.0 / 0.2;
    assert!(
        (with - expected).abs() < 1e-3,
        "with correction {with}, expected {expected}"
    );
    // 120 steps of 2.7 mm: about 0.33 m, deeper than the balls are wide.
    assert!(without > 0.3, "without correction {without}");
}

/// Newton's cradle: one ball in, one ball out, the others still. Equal masses and
/// e = 1 swap velocities, and one pass over the contacts in index order carries the
/// swap down the row.
#[test]
fn the_cradle_sends_one_ball_out() {
    let mut demo = Circles::cradle().lab();
    for _ in 0..45 {
        demo.step(1.0 / 60.0);
    }
    let v: Vec<f32> = demo.bodies().iter().map(|b| b.velocity.x).collect();
    assert!(v[..5].iter().all(|v| v.abs() < 1e-5), "{v:?}");
    assert!((v[5] - 2.0).abs() < 1e-5, "{v:?}");
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

#[test]
fn a_scene_of_circles_and_planes_loads() {
    let mut d = scene(
        r#"{ "bodies": [
            { "shape": { "circle": { "radius": 0.2 } }, "position": [0, 1], "mass": 2 },
            { "shape": { "circle": { "radius": 0.3 } }, "position": [0.1, 0], "static": true },
            { "shape": { "plane": { "normal": [0, 1], "offset": -1 } } } ] }"#,
    )
    .unwrap();
    // Three bodies in file order: the plane is in the trace too, as a static body.
    let b = d.bodies();
    assert_eq!((b.len(), b[0].inv_mass, b[1].inv_mass), (3, 0.5, 0.0));
    assert_eq!((b[2].inv_mass, b[2].position), (0.0, Vec2::new(0.0, -1.0)));
    for _ in 0..300 {
        d.step(1.0 / 60.0);
    }
    let b = d.bodies();
    assert_eq!(b[1].position, Vec2::new(0.1, 0.0));
    assert!(b[0].position.y > -1.0 && b[0].position.is_finite(), "{:?}", b[0]);
}

#[test]
fn scenes_chapter_3_cannot_simulate_name_the_chapter_that_can() {
    let circle =
        r#"{ "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0] }"#;
    for (json, field, chapter) in [
        (
            r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0] } ] }"#.to_string(),
            "bodies[0].shape",
            "ch04-manifolds",
        ),
        (
            r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0], "angular_velocity": 2 } ] }"#.to_string(),
            "bodies[0].angular_velocity",
            "ch06-rotation-friction",
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
