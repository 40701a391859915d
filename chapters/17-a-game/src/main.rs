//! `cargo run -p ch17-a-game`: the game in a window, or headless; with
//! `--replay FILE [--threads N]`, a replay played back and checked, without a
//! window.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--replay") {
        let (code, text) = ch17_a_game::replay::command(&args);
        match code {
            0 => println!("{text}"),
            _ => eprintln!("{text}"),
        }
        return ExitCode::from(code);
    }
    viewer::run(ch17_a_game::demos::CHAPTER)
}
