//! `cargo run -p ch14-wide-solver`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch14_wide_solver::demos::CHAPTER)
}
