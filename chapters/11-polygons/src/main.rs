//! `cargo run -p ch11-polygons`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch11_polygons::demos::CHAPTER)
}
