//! The demos run headless; scene files load everything chapters 3 to 7 load.

use ch08_sequential_impulses::demos::CHAPTER;
use physics_core::demo::Demo;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 300);
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

/// A plane, a turned spinning box, a circle, a rod and a rope all load; the ball
/// comes to rest on the plane and the rope holds its bob.
#[test]
fn a_scene_with_planes_boxes_and_joints_loads() {
    let mut d = scene(
        r#"{ "iterations": 20, "bodies": [
            { "shape": { "plane": { "normal": [0, 1], "offset": 0 } }, "static": true },
            { "shape": { "circle": { "radius": 0.25 } }, "position": [-2, 1] },
            { "shape": { "box": { "half_extents": [0.3, 0.2] } }, "position": [0, 2], "angle": 0.5, "angular_velocity": 3 },
            { "shape": { "circle": { "radius": 0.05 } }, "position": [2, 3], "static": true },
            { "shape": { "circle": { "radius": 0.1 } }, "position": [3, 3] } ],
          "joints": [ { "distance": { "body_a": 3, "body_b": 4, "length": 1.2, "rope": true } } ] }"#,
    )
    .unwrap();
    assert_eq!(d.bodies()[2].angular_velocity, 3.0);
    for _ in 0..300 {
        d.step(1.0 / 60.0);
    }
    let b = d.bodies();
    assert!((b[1].position.y - 0.25).abs() < 0.02, "{:?}", b[1]);
    let rope = (b[4].position - b[3].position).length();
    assert!(rope < 1.25, "rope {rope}");
}
