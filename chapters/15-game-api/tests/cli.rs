//! The command line, run as a learner runs it: the real binary, real files.

use ch15_game_api::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch15-game-api");

/// Flags, exit codes, output files, determinism, every bad scene of the
/// format, and `--events`: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene of this chapter's fields: a kinematic platform, a compound
/// body, a sensor, filters, a breakable joint; its events written as CSV,
/// the same on every run.
#[test]
fn a_game_scene_writes_its_events() {
    let dir =
        std::env::temp_dir().join(format!("ch15-events-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scene = dir.join("game.json");
    std::fs::write(&scene, GAME_SCENE).unwrap();
    let run = |name: &str| {
        let out = dir.join(name);
        let o = std::process::Command::new(EXE)
            .args([
                "--steps",
                "180",
                "--scene",
                scene.to_str().unwrap(),
                "--events",
            ])
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out).unwrap()
    };
    let first = run("a.csv");
    for kind in [",begin,", ",hit,", ",sensor_begin,", ",joint_break,"] {
        assert!(first.contains(kind), "no {kind} in\n{first}");
    }
    // The ball (body 3, one shape) lands on the compound table's top (body
    // 2, shape 0), within 2.5 m/s of sqrt(2 g h) for its 1 m fall.
    let hit = first
        .lines()
        .find(|l| l.contains(",hit,2,0,3,0,"))
        .expect("the ball's hit");
    let speed: f32 = hit.rsplit(',').next().unwrap().parse().unwrap();
    assert!((speed - (2.0f32 * 9.81).sqrt()).abs() < 0.5, "{hit}");
    assert_eq!(first, run("b.csv"), "the same events every run");
    let _ = std::fs::remove_dir_all(&dir);
}

pub const GAME_SCENE: &str = r#"{ "bodies": [
    { "shape": { "box": { "half_extents": [20, 0.5] } }, "position": [0, -0.5], "static": true },
    { "shape": { "box": { "half_extents": [1, 0.1] } }, "position": [-6, 1], "kinematic": true, "velocity": [1, 0] },
    { "shapes": [
        { "shape": { "box": { "half_extents": [1, 0.1] } }, "offset": [0, 1.1], "density": 5 },
        { "shape": { "box": { "half_extents": [0.1, 0.5] } }, "offset": [-0.8, 0.5] },
        { "shape": { "box": { "half_extents": [0.1, 0.5] } }, "offset": [0.8, 0.5], "friction": 0.8 } ],
      "position": [0, 0] },
    { "shape": { "circle": { "radius": 0.2 } }, "position": [0, 2.4] },
    { "shape": { "box": { "half_extents": [1, 1] } }, "position": [4, 1], "static": true, "sensor": true },
    { "shape": { "circle": { "radius": 0.2 } }, "position": [4, 4] },
    { "shape": { "circle": { "radius": 0.2 } }, "position": [-4, 6], "filter": { "category": 2, "mask": 1 } },
    { "shape": { "box": { "half_extents": [0.2, 0.2] } }, "position": [8, 5], "static": true },
    { "shape": { "box": { "half_extents": [0.3, 0.3] } }, "position": [8, 4.5], "density": 50 } ],
  "joints": [ { "revolute": { "body_a": 7, "body_b": 8, "anchor": [8, 5], "break_force": 100 } } ] }"#;
