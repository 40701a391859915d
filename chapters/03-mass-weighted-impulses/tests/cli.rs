//! The command line, run as a learner runs it: the real binary, real files.

use ch03_mass_weighted_impulses::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch03-mass-weighted-impulses");

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
            { "shape": { "circle": { "radius": 0.05 } }, "position": [0, 0], "velocity": [3, 0], "restitution": 1 },
            { "shape": { "circle": { "radius": 0.05 } }, "position": [0.5, 0.5], "velocity": [0, -1], "restitution": 1 } ] }"#,
        100,
    );
    // 100 steps of the scene's 0.01 s, not the default 1/60 s.
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}
