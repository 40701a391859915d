//! The command line, run as a learner runs it: the real binary, real files.

use ch12_continuous::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch12-continuous");

/// Flags, exit codes, output files, determinism, and every bad scene of the
/// format (a static bullet among them): the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a bullet capsule at 2000 m/s, a thin wall and a polygon
/// runs from the command line.
#[test]
fn a_scene_with_a_bullet_runs() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "bodies": [
            { "shape": { "box": { "half_extents": [20, 0.5] } }, "position": [0, -0.5], "static": true },
            { "shape": { "box": { "half_extents": [0.025, 2] } }, "position": [6, 2], "static": true },
            { "shape": { "capsule": { "half_length": 0.03, "radius": 0.01 } }, "position": [0, 1], "velocity": [2000, 0], "bullet": true },
            { "shape": { "polygon": { "vertices": [[-0.3, 0], [0.3, 0], [0, 0.5]] } }, "position": [3, 0] } ] }"#,
        120,
    );
    assert!(summary.contains("120 steps, 2.0000 s"), "{summary}");
}
