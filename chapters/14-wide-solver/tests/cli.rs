//! The command line, run as a learner runs it: the real binary, real files.

use ch14_wide_solver::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch14-wide-solver");

/// Flags, exit codes, output files, determinism, and every bad scene of the
/// format: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene with a polygon, a bullet and a pile of boxes runs from the
/// command line, its switches pressed: two threads, one lane.
#[test]
fn a_scene_runs_on_two_threads() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "bodies": [
            { "shape": { "box": { "half_extents": [20, 0.5] } }, "position": [0, -0.5], "static": true },
            { "shape": { "box": { "half_extents": [0.5, 0.5] } }, "position": [0, 0.5] },
            { "shape": { "box": { "half_extents": [0.5, 0.5] } }, "position": [0.2, 1.5] },
            { "shape": { "polygon": { "vertices": [[-0.3, 0], [0.3, 0], [0, 0.5]] } }, "position": [3, 0] },
            { "shape": { "circle": { "radius": 0.02 } }, "position": [-6, 1], "velocity": [-900, 0], "bullet": true } ] }"#,
        240,
    );
    assert!(summary.contains("240 steps, 4.0000 s"), "{summary}");
}
