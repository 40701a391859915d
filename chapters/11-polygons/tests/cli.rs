//! The command line, run as a learner runs it: the real binary, real files.

use ch11_polygons::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch11-polygons");

/// Flags, exit codes, output files, determinism, and every bad scene of the
/// format (polygons among them): the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// A scene of polygons, a capsule on a pin, a plane for a floor, given
/// clockwise corners, runs from the command line.
#[test]
fn a_scene_with_polygons_capsules_and_a_plane_runs() {
    let summary = viewer::conformance::run_scene(
        Path::new(EXE),
        r#"{ "bodies": [
            { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } },
            { "shape": { "polygon": { "vertices": [[0, 0.5], [0.5, -0.5], [-0.5, -0.5]] } }, "position": [0, 2] },
            { "shape": { "polygon": { "vertices": [[-0.3, -0.2], [0.3, -0.2], [0.4, 0.2], [-0.4, 0.2]], "radius": 0.05 } }, "position": [1.5, 1] },
            { "shape": { "capsule": { "half_length": 0.4, "radius": 0.1 } }, "position": [-1.4, 3] },
            { "shape": { "box": { "half_extents": [0.1, 0.1] } }, "position": [-1, 3], "static": true } ],
          "joints": [ { "revolute": { "body_a": 4, "body_b": 3, "anchor": [-1, 3] } } ] }"#,
        120,
    );
    assert!(summary.contains("120 steps, 2.0000 s"), "{summary}");
}
