//! `cargo run -p ch10-soft-step`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch10_soft_step::demos::CHAPTER)
}
