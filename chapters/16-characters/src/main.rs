//! `cargo run -p ch16-characters`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch16_characters::demos::CHAPTER)
}
