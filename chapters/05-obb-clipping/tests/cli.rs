//! The command line, run as a learner runs it: the real binary, real files.

use ch05_obb_clipping::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch05-obb-clipping");

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
            { "shape": { "box": { "half_extents": [0.2, 0.2] } }, "position": [0, 0], "angle": 0.3, "velocity": [1, 0] },
            { "shape": { "box": { "half_extents": [0.2, 1] } }, "position": [1, 0], "static": true } ] }"#,
        100,
    );
    // 100 steps of the scene's 0.01 s, not the default 1/60 s.
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}
