//! `cargo run -p ch17-a-game`: the game in a window, or headless; with
//! `--replay FILE [--threads N]`, a replay played back and checked, without a
//! window; with `--level FILE`, a level file of yours played (the viewer's
//! other options too); with `--probe [--level FILE]`, how hard each level is.

use ch17_a_game::level::Level;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let mine = &args[1..];
    if mine.iter().any(|a| a == "--replay") {
        let (code, text) = ch17_a_game::replay::command(mine);
        match code {
            0 => println!("{text}"),
            _ => eprintln!("{text}"),
        }
        return ExitCode::from(code);
    }
    // `--level FILE`: taken out here; the viewer gets the rest.
    let (level, rest) = match level_file(&args) {
        Ok(found) => found,
        Err((code, text)) => {
            eprintln!("error: {text}");
            return ExitCode::from(code);
        }
    };
    if rest.iter().any(|a| a == "--probe") {
        if let Some(word) = rest[1..].iter().find(|a| *a != "--probe") {
            let usage = "usage: ch17-a-game --probe [--level FILE]";
            eprintln!("error: {word}: not understood with --probe\n{usage}");
            return ExitCode::from(2);
        }
        let levels = match level {
            Some(level) => vec![level],
            None => (0..ch17_a_game::LEVELS.len()).map(Level::number).collect(),
        };
        let probes: Vec<_> = levels.iter().map(ch17_a_game::probe::probe).collect();
        print!("{}", ch17_a_game::probe::table(&probes));
        return ExitCode::SUCCESS;
    }
    match level {
        Some(level) => {
            viewer::run_with_args(ch17_a_game::demos::with_level(level), rest)
        }
        None => viewer::run(ch17_a_game::demos::CHAPTER),
    }
}

/// The level file `--level FILE` names, read and checked, and the command
/// line without those two words. A file that is missing or wrong is an
/// error naming it (and the field): exit 1; `--level` without a file, 2.
fn level_file(
    args: &[String],
) -> Result<(Option<Level>, Vec<String>), (u8, String)> {
    let Some(at) = args.iter().position(|a| a == "--level") else {
        return Ok((None, args.to_vec()));
    };
    let Some(path) = args.get(at + 1).filter(|p| !p.starts_with("--")) else {
        return Err((2, "--level needs a file: --level FILE.json".into()));
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| (1, format!("level `{path}`: {e}")))?;
    let level =
        Level::from_json(&text).map_err(|e| (1, format!("level `{path}`: {e}")))?;
    let key = std::path::Path::new(path)
        .file_stem()
        .map_or("level".into(), |s| s.to_string_lossy().into_owned());
    let mut rest = args.to_vec();
    rest.drain(at..at + 2);
    Ok((Some(Level { key, ..level }), rest))
}
