//! `cargo run -p ch04-manifolds`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch04_manifolds::demos::CHAPTER)
}
