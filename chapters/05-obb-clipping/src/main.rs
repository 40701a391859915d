//! `cargo run -p ch05-obb-clipping`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch05_obb_clipping::demos::CHAPTER)
}
