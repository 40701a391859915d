//! The demos run headless; scene files load spinning bodies and refuse what this
//! chapter cannot simulate, naming the chapter that can.

use crate::judge::CONTACT;
use ch06_rotation_friction::demos::{self, CHAPTER};
use ch06_rotation_friction::worlds::{self, RAMP_ANGLE, RAMP_FRICTION};
use physics_core::demo::Demo;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// In the ramps demo the boxes whose friction is above tan(0.25) = 0.255 stay near
/// where they started (under 3 cm in 4 s, see
/// `a_box_above_the_friction_angle_stays`) and the others have slid off their
/// planks.
#[test]
fn on_the_ramps_only_the_boxes_below_the_friction_angle_slide() {
    let mut demo = demos::ramps_lab();
    let start = demo.bodies();
    for _ in 0..240 {
        demo.step(1.0 / 60.0);
    }
    let now = demo.bodies();
    for (i, mu) in RAMP_FRICTION.into_iter().enumerate() {
        // The ground and the stop, then a plank and a box per ramp.
        let k = 3 + 2 * i;
        let moved = (now[k].position - start[k].position).length();
        let (holds, expected) = if mu > RAMP_ANGLE.tan() {
            (moved < 0.03, "under 0.03: mu above tan 0.25 = 0.255, it holds")
        } else {
            (moved > 2.0, "over 2: mu below tan 0.25 = 0.255, it slides off")
        };
        assert!(
            holds,
            "{}",
            CONTACT.wrong(
                "how far the box moved in 4 s (m)",
                format!(
                    "the ramps demo, a plank at 0.25 rad, the box with mu {mu}"
                ),
                expected,
                moved
            )
        );
    }
}

/// In the tip demo the tall box falls onto its side and the wide one settles back
/// on its base.
#[test]
fn the_tall_box_tips_and_the_wide_one_rights_itself() {
    let mut world = worlds::tip();
    for _ in 0..300 {
        world.step(1.0 / 60.0);
    }
    let b = &world.bodies;
    let case = |which| {
        format!("the tip world, {which} leaning 0.35 rad on its corner, after 5 s")
    };
    assert!(
        (b[1].angle - std::f32::consts::FRAC_PI_2).abs() < 0.05,
        "{}",
        CONTACT.wrong(
            "the tall box's angle (rad)",
            case("the 0.3 m x 1.5 m box"),
            "pi/2 within 0.05: fallen onto its side",
            b[1].angle
        )
    );
    assert!(
        b[2].angle.abs() < 0.01,
        "{}",
        CONTACT.wrong(
            "the wide box's angle (rad)",
            case("the 1.5 m x 0.6 m box"),
            "0 within 0.01: back on its base",
            b[2].angle
        )
    );
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

#[test]
fn spin_loads_and_joints_and_planes_are_refused() {
    let d = scene(
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0.5] } }, "position": [0, 0], "angle": 0.5, "angular_velocity": 2 },
                         { "shape": { "circle": { "radius": 0.5 } }, "position": [3, 0], "angular_velocity": -1, "static": false } ] }"#,
    )
    .unwrap();
    let b = d.bodies();
    assert_eq!((b[0].angle, b[0].angular_velocity), (0.5, 2.0));
    assert_eq!(b[1].angular_velocity, -1.0);
    assert!(b[0].inv_inertia > 0.0);
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
    let e =
        scene(r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } } ] }"#)
            .err()
            .unwrap();
    assert!(e.starts_with("bodies[0].shape") && e.contains("static box"), "{e}");
}

/// A static body from a scene file has zero inverse mass and zero inverse inertia.
#[test]
fn a_static_scene_body_cannot_turn() {
    let d = scene(
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0.5] } }, "position": [0, 0], "static": true } ] }"#,
    )
    .unwrap();
    assert_eq!((d.bodies()[0].inv_mass, d.bodies()[0].inv_inertia), (0.0, 0.0));
}
