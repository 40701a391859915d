//! The demos run headless; scene files load everything chapter 9 loads.

use ch10_soft_step::demos::CHAPTER;
use physics_core::demo::Demo;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
/// One second each (not five as in earlier chapters): fifteen demos, up to 820
/// bodies, four substeps and nineteen switches make this the slowest check of a
/// debug build; tests/solvers.rs runs the scenes for longer.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 60);
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

const PENDULUM: &str = r#"{ "bodies": [
    { "shape": { "box": { "half_extents": [0.1, 0.1] } }, "position": [0, 3], "static": true },
    { "shape": { "box": { "half_extents": [0.05, 0.5] } }, "position": [0.5, 3], "angle": 1.5707964 } ],
  "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 3], "limit": [-0.5, 0.5] } } ] }"#;

/// Under the soft step too, a pin from a scene file holds its anchor and its limit:
/// a rod pinned at one end, let go level with its limit at +-0.5 rad from where it
/// starts, swings down 0.5 rad and stops there.
#[test]
fn a_scene_pin_holds_and_stops_at_its_limit() {
    let mut d = scene(PENDULUM).unwrap();
    for _ in 0..180 {
        d.step(1.0 / 60.0);
    }
    let rod = d.bodies()[1];
    // The rod's end stays on the pin: its centre 0.5 m from it, within 2 mm (the
    // soft pin at 60 Hz gives a little under the swing).
    let from_pin = (rod.position - glam::Vec2::new(0.0, 3.0)).length();
    assert!((from_pin - 0.5).abs() < 2e-3, "{rod:?}");
    // Started at pi/2, limited to pi/2 - 0.5 on the way down: the limit holds
    // within 0.01 rad.
    let angle = rod.angle;
    assert!(
        (angle - (std::f32::consts::FRAC_PI_2 - 0.5)).abs() < 0.01,
        "angle {angle}"
    );
}

/// Every scene of the physics checks (chapter 8's format) loads in chapter 9 and
/// runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// The soft step solves in substeps of one pass each and has no iterations:
/// `scenes/swing.json` with `"iterations": 1` (or 1000) is refused, naming
/// the field and the value, where it was taken and ignored (a trace the same
/// to the byte as with 10); with 10, the default, as the file has it, it
/// loads.
#[test]
fn iterations_other_than_the_default_are_refused() {
    let swing = include_str!("../../../scenes/swing.json");
    assert!(swing.contains(r#""iterations": 10,"#));
    assert!(scene(swing).is_ok());
    for n in [1, 1000] {
        let asked = swing
            .replace(r#""iterations": 10,"#, &format!(r#""iterations": {n},"#));
        let Err(e) = scene(&asked) else {
            panic!("iterations {n} was taken");
        };
        assert!(e.starts_with(&format!("iterations: {n}: chapter 10")), "{e}");
        assert!(e.contains("soft step"), "{e}");
    }
}
