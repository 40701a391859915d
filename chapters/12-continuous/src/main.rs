//! `cargo run -p ch12-continuous`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch12_continuous::demos::CHAPTER)
}
