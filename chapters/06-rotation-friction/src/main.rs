//! `cargo run -p ch06-rotation-friction`: the chapter's demos in a window, or
//! headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch06_rotation_friction::demos::CHAPTER)
}
