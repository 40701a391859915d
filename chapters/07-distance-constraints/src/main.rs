//! `cargo run -p ch07-distance-constraints`: the chapter's demos in a window, or
//! headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch07_distance_constraints::demos::CHAPTER)
}
