//! The command line, run as a learner runs it: the real binary, real files.

use ch06_rotation_friction::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch06-rotation-friction");

/// Flags, exit codes, output files, determinism: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a spinning box runs at the scene's own time step.
#[test]
fn a_scene_with_spin_runs_at_its_own_step() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "dt": 0.01, "bodies": [
            { "shape": { "box": { "half_extents": [0.3, 0.2] } }, "position": [0, 1], "angle": 0.3, "angular_velocity": 5, "friction": 0.5 },
            { "shape": { "box": { "half_extents": [3, 0.2] } }, "position": [0, -0.2], "static": true } ] }"#,
        100,
    );
    // 100 steps of the scene's 0.01 s, not the default 1/60 s.
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}
