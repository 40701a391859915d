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

/// A plane here is a static box 1,000 m long: a ball 600 m along a floor
/// plane from its middle (the review's scene, where it fell for ever) is
/// refused, naming its position, the plane and where the plane ends; at
/// 400 m it loads and comes to rest on the floor. So does a ball 600 m up a
/// wall plane `x = 0` (along that plane, which runs up and down).
#[test]
fn a_body_beyond_a_planes_ends_is_refused() {
    let ball = |plane: &str, x: f32, y: f32| {
        format!(
            r#"{{ "bodies": [ {{ "shape": {{ "plane": {plane} }} }},
                 {{ "shape": {{ "circle": {{ "radius": 0.5 }} }}, "position": [{x}, {y}] }} ] }}"#
        )
    };
    let floor = r#"{ "normal": [0, 1], "offset": 0 }"#;
    let Err(e) = scene(&ball(floor, 600.0, 2.0)) else {
        panic!("the ball beyond the floor's end was taken");
    };
    assert!(
        e.starts_with(
            "bodies[1].position: [600, 2] is 600 m along the plane bodies[0]"
        ),
        "{e}"
    );
    assert!(e.contains("1000 m long") && e.contains("ends 500 m"), "{e}");
    let mut inside = scene(&ball(floor, -400.0, 2.0)).unwrap();
    for _ in 0..120 {
        inside.step(1.0 / 60.0);
    }
    assert!(
        (inside.bodies()[1].position.y - 0.5).abs() < 0.02,
        "{:?}",
        inside.bodies()[1]
    );
    let wall = r#"{ "normal": [1, 0], "offset": 0 }"#;
    assert!(scene(&ball(wall, 2.0, 600.0)).is_err());
    assert!(scene(&ball(wall, 2.0, 400.0)).is_ok());
}
