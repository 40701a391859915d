//! The command line, run as a learner runs it: the real binary, real files.

use ch09_joints::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch09-joints");

/// Flags, exit codes, output files, determinism: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a pin carrying a motor, a slider with a limit and a weld runs from
/// the command line.
#[test]
fn a_scene_with_pins_sliders_and_welds_runs() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "bodies": [
            { "shape": { "box": { "half_extents": [5, 0.5] } }, "position": [0, -0.5], "static": true },
            { "shape": { "circle": { "radius": 0.3 } }, "position": [0, 2] },
            { "shape": { "box": { "half_extents": [0.4, 0.1] } }, "position": [1, 2] },
            { "shape": { "box": { "half_extents": [0.2, 0.2] } }, "position": [-2, 1] } ],
          "joints": [
            { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 2], "motor": { "speed": 2, "max_torque": 10 } } },
            { "weld": { "body_a": 1, "body_b": 2, "anchor": [0.3, 2] } },
            { "prismatic": { "body_a": 0, "body_b": 3, "anchor": [-2, 1], "axis": [0, 1], "limit": [-0.5, 0.5] } } ] }"#,
        120,
    );
    assert!(summary.contains("120 steps, 2.0000 s"), "{summary}");
}
