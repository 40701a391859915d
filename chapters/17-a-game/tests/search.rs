//! Finds a winning game of each level, to record as its bundled replay:
//! each stone the best of the probe's 221 aims, one after another (`WRITE_REPLAYS=1 cargo
//! test --release -p ch17-a-game --test tests -- --ignored search` writes them
//! to `replays/`).

use ch17_a_game::probe::{play_pulls, shots};
use ch17_a_game::{Input, Level, Outcome, Play, Pull};

/// `pulls` played as the probe plays them, then two seconds more: the
/// replay's end shows the level over.
fn try_game(level: &Level, pulls: &[Pull]) -> Play {
    let mut play = play_pulls(level, pulls);
    let end = play.step + 120;
    while play.step < end {
        play.step(Input::default());
    }
    play
}

#[test]
#[ignore = "a search: prints a winning replay of each level"]
fn search() {
    for i in 0..ch17_a_game::LEVELS.len() {
        let level = Level::number(i);
        let mut best: Option<Play> = None;
        let candidates = shots();
        // Greedy: the best first shot, then the best second, ...
        let mut chosen: Vec<Pull> = Vec::new();
        for _ in 0..level.stones {
            let mut round: Option<(u32, Pull, Play)> = None;
            for &c in &candidates {
                let mut pulls = chosen.clone();
                pulls.push(c);
                let play = try_game(&level, &pulls);
                let won = play.outcome() == Some(Outcome::Won);
                let value = play.rules.score + if won { 100000 } else { 0 };
                if round.as_ref().is_none_or(|r| value > r.0) {
                    round = Some((value, c, play));
                }
            }
            let (_, c, play) = round.unwrap();
            chosen.push(c);
            let won = play.outcome() == Some(Outcome::Won);
            best = Some(play);
            if won {
                break;
            }
        }
        let play = best.unwrap();
        println!(
            "=== {} {:?} score {}\n{}",
            level.name,
            play.outcome(),
            play.rules.score,
            play.replay()
        );
        if std::env::var_os("WRITE_REPLAYS").is_some() {
            let path = format!(
                "{}/replays/{}.replay",
                env!("CARGO_MANIFEST_DIR"),
                level.key
            );
            let text = format!(
                "# {}: a game found by tests/search.rs\n{}",
                level.name,
                play.replay()
            );
            std::fs::write(path, text).unwrap();
        }
    }
}
