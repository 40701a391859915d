//! The demos run headless; scene files load joints, rods and ropes.

use ch07_distance_constraints::demos::CHAPTER;
use ch07_distance_constraints::worlds;
use physics_core::demo::Demo;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// Newton's cradle passes the first ball's swing through the row: after the first
/// hit the last ball moves off at nearly the first's speed and the first stops.
#[test]
fn the_cradle_passes_the_swing_through() {
    let mut world = worlds::cradle();
    let mut fastest_last = 0.0f32;
    let mut fastest_first = 0.0f32;
    for step in 0..60 {
        world.step(1.0 / 60.0);
        let b = world.bodies();
        if step < 40 {
            fastest_first = fastest_first.max(b[1].velocity.length());
        }
        fastest_last = fastest_last.max(b[9].velocity.length());
    }
    let b = world.bodies();
    assert!(b[1].velocity.length() < 0.2 * fastest_first, "first ball {:?}", b[1]);
    assert!(
        fastest_last > 0.8 * fastest_first,
        "{fastest_last} vs {fastest_first}"
    );
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

/// A joint without a length keeps its starting distance; a rope holds a bob at most
/// its length from the pin.
#[test]
fn joints_load_from_a_scene() {
    let mut d = scene(
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.05 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 0.1 } }, "position": [1, 0] },
                         { "shape": { "circle": { "radius": 0.05 } }, "position": [5, 0], "static": true },
                         { "shape": { "circle": { "radius": 0.1 } }, "position": [5, -0.5], "angle": 1, "angular_velocity": 3 } ],
            "joints": [ { "distance": { "body_a": 0, "body_b": 1 } },
                        { "distance": { "body_a": 2, "body_b": 3, "length": 1.5, "rope": true } } ] }"#,
    )
    .unwrap();
    assert_eq!(d.bodies()[3].angular_velocity, 3.0);
    for _ in 0..120 {
        d.step(1.0 / 60.0);
    }
    let b = d.bodies();
    let rod = (b[1].position - b[0].position).length();
    assert!((rod - 1.0).abs() < 0.02, "rod {rod}");
    let rope = (b[3].position - b[2].position).length();
    assert!(rope < 1.55 && rope > 1.3, "rope {rope}");
    let e =
        scene(r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } } ] }"#)
            .err()
            .unwrap();
    assert!(e.contains("static box"), "{e}");
}
