//! `cargo run -p ch13-islands`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch13_islands::demos::CHAPTER)
}
