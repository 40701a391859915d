//! Replays: the inputs of each step, and a hash of the world once a
//! second, as a text file; played back, the same game to the bit.
//!
//! ```text
//! ch17-replay 1
//! level 1-tower
//! aim 20 -60 -35
//! aim 21 -121 -70
//! fire 30 -121 -70
//! aim 30 none
//! hash 60 5f1c0a7e2b9d4c31
//! ...
//! end 420 score 2870 won
//! ```
//!
//! One fact a line: the format's version; the level (a bundled one, by
//! the name of its file); `aim STEP X Y`, where the player holds the stone
//! from that step on (the pull from the sling in centimetres; `none`: it
//! rests in the sling); `fire STEP X Y`, the pull the stone was let go
//! with; `hash STEP H`, the world's hash after that step (hex); `end STEP
//! score S OUTCOME` (`won`, `lost` or `playing`). A `#` starts a comment.

use crate::level::Level;
use crate::rules::Outcome;
use crate::{Deed, Input, Play, Pull};
use std::fmt;

// ANCHOR: state_hash
/// A fingerprint of the world: every body's position, angle, velocity and
/// spin, bit for bit, in the bodies' order, through FNV-1a (64 bits). Two
/// worlds whose bodies differ in one bit anywhere hash apart (but for a
/// chance of one in 2^64).
#[cfg(not(feature = "exercises"))]
pub fn state_hash(world: &crate::World) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for b in &world.solver.bodies {
        let values = [
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity,
        ];
        for v in values {
            for byte in v.to_bits().to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    hash
}
// ANCHOR_END: state_hash

#[cfg(feature = "exercises")]
pub use crate::exercises::state_hash;

// ANCHOR: replay
/// A replay: the level, the inputs by step, the hashes, and the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub level: String,
    pub deeds: Vec<(u64, Deed)>,
    pub hashes: Vec<(u64, u64)>,
    /// The step it ended at, the score then, and how the level stood.
    pub end: u64,
    pub score: u32,
    pub outcome: Option<Outcome>,
}
// ANCHOR_END: replay

/// What a replay's playback found wrong: the world, or the score or the
/// outcome at the end, not as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drift {
    /// The first step whose check failed, and the last that agreed.
    pub step: u64,
    pub agreed: u64,
    pub what: String,
}

impl fmt::Display for Drift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this replay was made with different physics: first differs at step {} \
             (it agreed at step {}): {}",
            self.step, self.agreed, self.what
        )
    }
}

/// How a playback ended, when every check agreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub steps: u64,
    pub score: u32,
    pub outcome: Option<Outcome>,
    /// The world's hash at the end, and how many hashes were checked.
    pub hash: u64,
    pub checked: usize,
}

/// A line of a replay file that cannot be read: its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReplayError {}

fn outcome_name(o: Option<Outcome>) -> &'static str {
    match o {
        Some(Outcome::Won) => "won",
        Some(Outcome::Lost) => "lost",
        None => "playing",
    }
}

impl Replay {
    /// The replay of `play` so far.
    pub fn of(play: &Play) -> Replay {
        Replay {
            level: play.level.key.clone(),
            deeds: play.deeds.clone(),
            hashes: play.hashes.clone(),
            end: play.step,
            score: play.rules.score,
            outcome: play.outcome(),
        }
    }

    /// The level it was made on: a bundled one, by its file's name.
    pub fn level(&self) -> Option<Level> {
        Level::bundled(&self.level)
    }

    /// The input of step `step`: the aim last set by then, the stone let
    /// go in it.
    pub fn input(&self, step: u64) -> Input {
        let mut input = Input::default();
        for &(s, deed) in self.deeds.iter().take_while(|(s, _)| *s <= step) {
            match deed {
                Deed::Aim(aim) => input.aim = aim,
                Deed::Fire(pull) if s == step => input.fire = Some(pull),
                Deed::Fire(_) => {}
            }
        }
        input
    }

    // ANCHOR: check
    /// Check `play`'s hashes so far against this replay's: the first that
    /// differs, if one does.
    pub fn check(&self, play: &Play) -> Result<u64, Drift> {
        let mut agreed = 0;
        for &(step, got) in &play.hashes {
            let Some(&(_, want)) = self.hashes.iter().find(|(s, _)| *s == step)
            else {
                continue;
            };
            if got != want {
                let what =
                    format!("its hash is {got:016x}, the replay's {want:016x}");
                return Err(Drift { step, agreed, what });
            }
            agreed = step;
        }
        Ok(agreed)
    }
    // ANCHOR_END: check

    // ANCHOR: play_back
    /// Play the replay back without a window, on `threads` threads: the
    /// same level, the same inputs at the same steps, every hash checked as
    /// it comes, and the score and outcome at the end.
    pub fn play(&self, threads: usize) -> Result<Ending, Drift> {
        let level = self.level().ok_or_else(|| Drift {
            step: 0,
            agreed: 0,
            what: format!(
                "no level called `{}` comes with this game \
                 (give its file with --level)",
                self.level
            ),
        })?;
        self.play_on(&level, threads)
    }

    /// Played back on `level`: a level file of your own, which the replay
    /// names by the file's name (the caller checks it is the one).
    pub fn play_on(&self, level: &Level, threads: usize) -> Result<Ending, Drift> {
        let mut play = Play::new(level, threads);
        while play.step < self.end {
            play.step(self.input(play.step));
            if play.step % crate::HASH_EVERY == 0 {
                self.check(&play)?;
            }
        }
        let agreed = play.hashes.last().map_or(0, |h| h.0);
        if (play.rules.score, play.outcome()) != (self.score, self.outcome) {
            let what = format!(
                "it ends with {} points, {}; the replay with {}, {}",
                play.rules.score,
                outcome_name(play.outcome()),
                self.score,
                outcome_name(self.outcome)
            );
            return Err(Drift { step: play.step, agreed, what });
        }
        Ok(Ending {
            steps: play.step,
            score: play.rules.score,
            outcome: play.outcome(),
            hash: state_hash(&play.world),
            checked: play.hashes.len(),
        })
    }
    // ANCHOR_END: play_back

    /// Read a replay file.
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        let mut replay = Replay {
            level: String::new(),
            deeds: Vec::new(),
            hashes: Vec::new(),
            end: 0,
            score: 0,
            outcome: None,
        };
        let (mut version, mut ended) = (false, false);
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let fail = |message: String| Err(ReplayError { line, message });
            let words: Vec<&str> =
                raw.split('#').next().unwrap_or("").split_whitespace().collect();
            let number = |i: usize| -> Result<i64, ReplayError> {
                let w = words.get(i).copied().unwrap_or("");
                w.parse().map_err(|_| ReplayError {
                    line,
                    message: format!("`{w}` is not a whole number"),
                })
            };
            let step = |i: usize| -> Result<u64, ReplayError> {
                u64::try_from(number(i)?).map_err(|_| ReplayError {
                    line,
                    message: "a step is 0 or more".into(),
                })
            };
            match words.as_slice() {
                [] => {}
                ["ch17-replay", "1"] => version = true,
                ["ch17-replay", v] => {
                    return fail(format!("version {v}: this game reads version 1"));
                }
                _ if !version => {
                    return fail("a replay starts with `ch17-replay 1`".into());
                }
                ["level", name] => replay.level = name.to_string(),
                ["fire" | "aim", _, _, _] | ["fire" | "aim", _, "none"] => {
                    let s = step(1)?;
                    let pull = match words[2] {
                        "none" => None,
                        _ => {
                            let (x, y) = (number(2)?, number(3)?);
                            let cm = |v: i64| {
                                i32::try_from(v)
                                    .ok()
                                    .filter(|v| v.abs() <= crate::MAX_PULL)
                            };
                            let (Some(x), Some(y)) = (cm(x), cm(y)) else {
                                return fail(format!(
                                    "a pull of ({x}, {y}) cm: at most {} each way",
                                    crate::MAX_PULL
                                ));
                            };
                            Some(Pull { x, y })
                        }
                    };
                    if replay.deeds.last().is_some_and(|&(last, _)| last > s) {
                        return fail(format!("step {s}: deeds go in step order"));
                    }
                    let deed = match (words[0], pull) {
                        ("aim", aim) => Deed::Aim(aim),
                        (_, Some(pull)) => Deed::Fire(pull),
                        (_, None) => {
                            return fail("a stone is let go with a pull".into());
                        }
                    };
                    replay.deeds.push((s, deed));
                }
                ["hash", _, h] => {
                    let s = step(1)?;
                    let Ok(h) = u64::from_str_radix(h, 16) else {
                        return fail(format!("`{h}` is not a hash in hex"));
                    };
                    replay.hashes.push((s, h));
                }
                ["end", _, "score", _, outcome] => {
                    replay.end = step(1)?;
                    replay.score = u32::try_from(number(3)?).map_err(|_| {
                        ReplayError { line, message: "a score is 0 or more".into() }
                    })?;
                    replay.outcome = match *outcome {
                        "won" => Some(Outcome::Won),
                        "lost" => Some(Outcome::Lost),
                        "playing" => None,
                        o => return fail(format!("`{o}`: won, lost or playing")),
                    };
                    ended = true;
                }
                [word, ..] => {
                    return fail(format!(
                        "`{word}` with {} values: a line is `level`, `aim`, `fire`, `hash` or `end`",
                        words.len() - 1
                    ));
                }
            }
        }
        let last = text.lines().count().max(1);
        if !version || replay.level.is_empty() || !ended {
            return Err(ReplayError {
                line: last,
                message: "a replay needs its version, `level` and `end` lines"
                    .into(),
            });
        }
        if replay.deeds.iter().any(|&(s, _)| s >= replay.end) {
            return Err(ReplayError {
                line: last,
                message: format!("an input after the end, step {}", replay.end),
            });
        }
        Ok(replay)
    }
}

impl fmt::Display for Replay {
    /// The replay as its file holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ch17-replay 1")?;
        writeln!(f, "level {}", self.level)?;
        // Deeds and hashes in step order; the hash after step s before the
        // deeds applied in the next, which are numbered s too; the deeds of
        // a step in the order they were done.
        let mut lines: Vec<(u64, usize, String)> = Vec::new();
        for (k, &(s, deed)) in self.deeds.iter().enumerate() {
            let line = match deed {
                Deed::Aim(Some(p)) => format!("aim {s} {} {}", p.x, p.y),
                Deed::Aim(None) => format!("aim {s} none"),
                Deed::Fire(p) => format!("fire {s} {} {}", p.x, p.y),
            };
            lines.push((s, 1 + k, line));
        }
        for &(s, h) in &self.hashes {
            lines.push((s, 0, format!("hash {s} {h:016x}")));
        }
        lines.sort();
        for (_, _, line) in lines {
            writeln!(f, "{line}")?;
        }
        writeln!(
            f,
            "end {} score {} {}",
            self.end,
            self.score,
            outcome_name(self.outcome)
        )
    }
}

/// The replays that come with the game, by file name: a game of each
/// level (`chapters/17-a-game/replays/`).
pub const REPLAYS: &[(&str, &str)] = &[
    ("1-tower", include_str!("../replays/1-tower.replay")),
    ("2-bridge", include_str!("../replays/2-bridge.replay")),
    ("3-fort", include_str!("../replays/3-fort.replay")),
    ("4-pit", include_str!("../replays/4-pit.replay")),
];

/// The bundled replay of level number `i` (from 0).
pub fn bundled(i: usize) -> Replay {
    Replay::parse(REPLAYS[i % REPLAYS.len()].1)
        .expect("the bundled replays are checked")
}

// ANCHOR: command
/// The command `--replay FILE [--threads N]`: the file played back without
/// a window, on its bundled level or on `level` (`--level FILE`, read by
/// `main`). The exit code (0: every check agreed; 1: the replay drifted; 2:
/// the command or the file is wrong) and what to print.
pub fn command(args: &[String], level: Option<&Level>) -> (u8, String) {
    let usage = "usage: ch17-a-game --replay FILE [--threads 1|2|4] \
                 [--level FILE] [--watch]";
    let (mut file, mut threads) = (None, 1);
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match (word.as_str(), words.next()) {
            ("--replay", Some(f)) => file = Some(f.clone()),
            ("--threads", Some(n)) => match n.parse::<usize>() {
                Ok(n @ 1..=64) => threads = n,
                _ => return (2, format!("--threads {n}: 1 to 64\n{usage}")),
            },
            (w, _) => {
                return (2, format!("{w}: not understood with --replay\n{usage}"));
            }
        }
    }
    let Some(file) = file else { return (2, usage.into()) };
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) => return (2, format!("{file}: {e}")),
    };
    let replay = match Replay::parse(&text) {
        Ok(r) => r,
        Err(e) => return (2, format!("{file}: {e}")),
    };
    let played = match (level, replay.level()) {
        (Some(level), _) if level.key != replay.level => {
            let m = format!(
                "the replay is of level `{}`, not `{}`",
                replay.level, level.key
            );
            return (2, format!("{file}: {m}"));
        }
        (Some(level), _) => replay.play_on(level, threads),
        (None, Some(level)) => replay.play_on(&level, threads),
        (None, None) => {
            let m = format!(
                "no level called `{}` comes with this game; \
                 give its file with --level",
                replay.level
            );
            return (2, format!("{file}: {m}"));
        }
    };
    match played {
        Ok(end) => (
            0,
            format!(
                "{file}: level {}, {} steps on {threads} thread(s), {} hashes agree; \
                 score {}, {}; the world's hash at the end {:016x}",
                replay.level,
                end.steps,
                end.checked,
                end.score,
                outcome_name(end.outcome),
                end.hash
            ),
        ),
        Err(drift) => (1, format!("{file}: {drift}")),
    }
}
// ANCHOR_END: command
