//! The command line, run as a learner runs it: the real binary, real files.

use ch08_sequential_impulses::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch08-sequential-impulses");

/// Flags, exit codes, output files, determinism: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a plane, boxes and a rod runs at its own time step.
#[test]
fn a_scene_runs_at_its_own_step() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "dt": 0.01, "iterations": 15, "bodies": [
            { "shape": { "plane": { "normal": [0, 1], "offset": 0 } }, "static": true },
            { "shape": { "box": { "half_extents": [0.5, 0.5] } }, "position": [0, 0.5] },
            { "shape": { "box": { "half_extents": [0.5, 0.5] } }, "position": [0.2, 1.6], "angle": 0.2 },
            { "shape": { "circle": { "radius": 0.05 } }, "position": [2, 3], "static": true },
            { "shape": { "circle": { "radius": 0.1 } }, "position": [3, 3] } ],
          "joints": [ { "distance": { "body_a": 3, "body_b": 4 } } ] }"#,
        100,
    );
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}
