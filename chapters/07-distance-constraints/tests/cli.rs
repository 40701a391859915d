//! The command line, run as a learner runs it: the real binary, real files.

use ch07_distance_constraints::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch07-distance-constraints");

/// Flags, exit codes, output files, determinism: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a rod and a rope runs at the scene's own time step.
#[test]
fn a_scene_with_joints_runs_at_its_own_step() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "dt": 0.01, "bodies": [
            { "shape": { "circle": { "radius": 0.05 } }, "position": [0, 2], "static": true },
            { "shape": { "circle": { "radius": 0.1 } }, "position": [1, 2] },
            { "shape": { "box": { "half_extents": [0.2, 0.1] } }, "position": [1, 1], "angular_velocity": 2 } ],
          "joints": [ { "distance": { "body_a": 0, "body_b": 1 } },
                      { "distance": { "body_a": 1, "body_b": 2, "anchor_b": [0.2, 0.1], "length": 1.2, "rope": true } } ] }"#,
        100,
    );
    assert!(summary.contains("100 steps, 1.0000 s"), "{summary}");
}
