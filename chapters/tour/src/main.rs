//! `cargo run --release`: the tour, every chapter's demos in one window. PageUp and
//! PageDown move between chapters; everything else works as in a chapter's own
//! binary.

fn main() -> std::process::ExitCode {
    viewer::run_tour(tour::CHAPTERS)
}
