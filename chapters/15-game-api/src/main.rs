//! `cargo run -p ch15-game-api`: the chapter's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch15_game_api::demos::CHAPTER)
}
