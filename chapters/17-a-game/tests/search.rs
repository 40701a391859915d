//! Finds a winning game of each level, to record as its bundled replay:
//! each stone the best of 63 aims, one after another (`WRITE_REPLAYS=1 cargo
//! test --release -p ch17-a-game --test tests -- --ignored search` writes them
//! to `replays/`).

use ch17_a_game::{Input, Level, Outcome, Play, Pull};

fn try_game(level: &Level, pulls: &[Pull]) -> Play {
    let mut play = Play::new(level, 1);
    let mut k = 0;
    let mut last = 0;
    while play.outcome().is_none()
        && play.step < 3000
        && (k < pulls.len() || play.step < last + 300)
    {
        // Each stone drawn back over a third of a second, then let go.
        let due = 30 + 150 * k as u64;
        let mut input = Input::default();
        if k < pulls.len() && play.step + 20 > due && play.step < due {
            let j = (play.step + 20 - due) as i32;
            let p = pulls[k];
            input.aim = Some(Pull { x: p.x * j / 20, y: p.y * j / 20 });
        }
        if k < pulls.len() && play.step == due {
            input.fire = Some(pulls[k]);
            k += 1;
            last = play.step;
        }
        play.step(input);
    }
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
        let candidates: Vec<Pull> = (0..=8)
            .flat_map(|a| {
                (0..=6).map(move |p| {
                    let ang = (a as f32 * 10.0).to_radians();
                    let speed = 8.0 + 2.0 * p as f32;
                    Pull::from_offset(
                        -glam::Vec2::new(ang.cos(), ang.sin()) * speed / 10.0,
                    )
                })
            })
            .collect();
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
