//! `cargo run -p ch09-joints`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch09_joints::demos::CHAPTER)
}
