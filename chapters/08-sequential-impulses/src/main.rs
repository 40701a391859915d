//! `cargo run -p ch08-sequential-impulses`: the chapter's demos in a window, or
//! headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch08_sequential_impulses::demos::CHAPTER)
}
