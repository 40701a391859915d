//! `cargo run -p ch17-a-game`: the game in a window, or headless. Its own
//! words, before the viewer's: `--level FILE`, a level file of yours played
//! (with the viewer's options); `--replay FILE [--threads N]`, a replay
//! played back and checked without a window, or with `--watch` in one;
//! `--probe`, how hard each level is (or yours, with `--level`).

use ch17_a_game::level::Level;
use ch17_a_game::replay::Replay;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(code) => code,
        Err((code, text)) => {
            eprintln!("error: {text}");
            ExitCode::from(code)
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode, (u8, String)> {
    // `--level FILE` is taken out first; each mode below may use it.
    let (level, rest) = level_file(args)?;
    let has = |word: &str| rest.iter().any(|a| a == word);
    if has("--replay") && has("--watch") {
        let (replay, rest) = replay_file(&rest)?;
        let level = match level {
            Some(level) if level.key != replay.level => {
                let m = format!(
                    "the replay is of level `{}`, not `{}`",
                    replay.level, level.key
                );
                return Err((2, m));
            }
            Some(level) => level,
            None => replay.level().ok_or_else(|| {
                let m = "comes with this game; give its file with --level";
                (2, format!("no level called `{}` {m}", replay.level))
            })?,
        };
        let chapter = ch17_a_game::demos::with_level(level, Some(replay));
        return Ok(viewer::run_with_args(chapter, rest));
    }
    if has("--replay") {
        let (code, text) = ch17_a_game::replay::command(&rest[1..], level.as_ref());
        match code {
            0 => println!("{text}"),
            _ => eprintln!("{text}"),
        }
        return Ok(ExitCode::from(code));
    }
    if has("--probe") {
        if let Some(word) = rest[1..].iter().find(|a| *a != "--probe") {
            let usage = "usage: ch17-a-game --probe [--level FILE]";
            return Err((
                2,
                format!("{word}: not understood with --probe\n{usage}"),
            ));
        }
        let levels = match level {
            Some(level) => vec![level],
            None => (0..ch17_a_game::LEVELS.len()).map(Level::number).collect(),
        };
        let probes: Vec<_> = levels.iter().map(ch17_a_game::probe::probe).collect();
        print!("{}", ch17_a_game::probe::table(&probes));
        return Ok(ExitCode::SUCCESS);
    }
    if has("--help") || has("-h") {
        println!(
            "The game's own options, before the viewer's below:\n  \
             --level FILE              play a level file of yours (exercise 17.4)\n  \
             --replay FILE [--threads N] [--level FILE]\n                            \
             play a replay back headless and check it; --watch: in the window\n  \
             --probe [--level FILE]    how the first shots fare on each level\n"
        );
    }
    Ok(match level {
        Some(level) => {
            viewer::run_with_args(ch17_a_game::demos::with_level(level, None), rest)
        }
        None => viewer::run(ch17_a_game::demos::CHAPTER),
    })
}

/// What a command line with its words taken out gives, or the exit code
/// and the error.
type Taken<T> = Result<(T, Vec<String>), (u8, String)>;

/// The words `flag FILE` taken out of `args`: the file, and the rest.
/// `flag` without a file is a usage error (exit 2).
fn take(args: &[String], flag: &str) -> Taken<Option<String>> {
    let Some(at) = args.iter().position(|a| a == flag) else {
        return Ok((None, args.to_vec()));
    };
    let Some(path) = args.get(at + 1).filter(|p| !p.starts_with("--")) else {
        return Err((2, format!("{flag} needs a file: {flag} FILE")));
    };
    let mut rest = args.to_vec();
    rest.drain(at..at + 2);
    Ok((Some(path.clone()), rest))
}

/// The level file `--level FILE` names, read and checked, and the command
/// line without those two words. A file that is missing or wrong is an
/// error naming it (and the field): exit 1.
fn level_file(args: &[String]) -> Taken<Option<Level>> {
    let (Some(path), rest) = take(args, "--level")? else {
        return Ok((None, args.to_vec()));
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| (1, format!("level `{path}`: {e}")))?;
    let level =
        Level::from_json(&text).map_err(|e| (1, format!("level `{path}`: {e}")))?;
    let key = std::path::Path::new(&path)
        .file_stem()
        .map_or("level".into(), |s| s.to_string_lossy().into_owned());
    Ok((Some(Level { key, ..level }), rest))
}

/// The replay `--replay FILE` names, read, and the command line without
/// it and `--watch`: for the viewer. A file that is not a replay: exit 2.
fn replay_file(args: &[String]) -> Taken<Replay> {
    let (Some(path), mut rest) = take(args, "--replay")? else {
        return Err((2, "--replay needs a file: --replay FILE".into()));
    };
    rest.retain(|a| a != "--watch");
    let text =
        std::fs::read_to_string(&path).map_err(|e| (2, format!("{path}: {e}")))?;
    let replay = Replay::parse(&text).map_err(|e| (2, format!("{path}: {e}")))?;
    Ok((replay, rest))
}
