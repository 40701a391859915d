//! The command line, run as a learner runs it: the real binary, real files.

use ch04_manifolds::demos::CHAPTER;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(EXE)
        .env_remove("DISPLAY")
        .args(args)
        .output()
        .expect("the binary runs")
}

const EXE: &str = env!("CARGO_BIN_EXE_ch04-manifolds");

/// Flags, exit codes, output files, determinism: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene this chapter can simulate runs at the scene's own time step.
#[test]
fn a_scene_runs_at_its_own_step() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "gravity": [0, 0], "dt": 0.01, "bodies": [
            { "shape": { "box": { "half_extents": [0.2, 0.2] } }, "position": [0, 0], "velocity": [1, 0] },
            { "shape": { "circle": { "radius": 0.1 } }, "position": [1, 0], "static": true } ] }"#,
        100,
    );
    // 100 steps of the scene's 0.01 s, not the default 1/60 s.
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}

#[test]
fn a_turned_box_in_a_scene_names_chapter_5_and_exits_1() {
    let scene =
        std::env::temp_dir().join(format!("ch04-cli-{}.json", std::process::id()));
    std::fs::write(
        &scene,
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0], "angle": 0.5 } ] }"#,
    )
    .unwrap();
    let o = run(&["--scene", scene.to_str().unwrap(), "--headless"]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("bodies[0].angle") && e.contains("ch05-obb-clipping"),
        "{e}"
    );
    let _ = std::fs::remove_file(scene);
}
