//! The demos run headless; scene files load turned boxes and name the chapter for
//! spin.

use ch05_obb_clipping::demos::{CHAPTER, Tumble};
use physics_core::demo::Demo;
use physics_core::lab::Sim;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// The tumbling boxes come to rest inside the container (none slides out or falls
/// through).
#[test]
fn the_tumble_settles_in_its_container() {
    let mut t = Tumble::new(20, 5);
    for _ in 0..300 {
        t.step(1.0 / 60.0);
    }
    for b in t.world().bodies.iter().filter(|b| b.inv_mass > 0.0) {
        let p = b.transform.position;
        assert!(p.y > 0.0 && p.y < 5.0 && p.x.abs() < 4.0, "{b:?}");
        assert!(b.velocity.length() < 1.0, "{b:?}");
    }
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

#[test]
fn a_turned_box_loads_and_spin_names_chapter_6() {
    let d = scene(
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0.5] } }, "position": [0, 0], "angle": 0.5 } ] }"#,
    )
    .unwrap();
    assert_eq!(d.bodies()[0].angle, 0.5);
    let e = scene(
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0.5] } }, "position": [0, 0], "angular_velocity": 1 } ] }"#,
    )
    .err()
    .unwrap();
    assert!(
        e.starts_with("bodies[0].angular_velocity")
            && e.contains("ch06-rotation-friction"),
        "{e}"
    );
    let e = scene(
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] }, { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
            "joints": [ { "distance": { "body_a": 0, "body_b": 1 } } ] }"#,
    )
    .err()
    .unwrap();
    assert!(
        e.starts_with("joints") && e.contains("ch07-distance-constraints"),
        "{e}"
    );
}
