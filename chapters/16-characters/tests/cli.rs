//! The command line, run as a learner runs it: the real binary, real files.

use ch16_characters::demos::CHAPTER;
use std::path::Path;

const EXE: &str = env!("CARGO_BIN_EXE_ch16-characters");

/// Flags, exit codes, output files, determinism, every bad scene of the
/// format, and `--events`: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}
