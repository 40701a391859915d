//! How hard a level is, measured: every first shot from a grid of aims
//! and speeds played out, and the targets each one knocks down counted.
//!
//! A puzzle is fun when a good first shot does real damage and a perfect
//! one is rare: if a tenth of all shots win outright, the level is a
//! shooting gallery; if none knocks a target down, the player learns
//! nothing from trying. `cargo run --release -p ch17-a-game -- --probe`
//! prints this for every bundled level, `--probe --level FILE` for yours.

use crate::level::Level;
use crate::rules::Outcome;
use crate::{Input, Play, Pull};
use std::fmt::Write;

/// Steps from a game's start to its first stone's release, and between
/// two releases: the stone is drawn back over the last 20 steps before.
pub const FIRST: u64 = 30;
pub const BETWEEN: u64 = 150;

/// The first shots tried: aims from 0 to 80 degrees above the horizontal
/// every 5, launch speeds from 8 to 20 m/s every 1 (221 shots).
pub fn shots() -> Vec<Pull> {
    let mut shots = Vec::new();
    for degrees in (0..=80).step_by(5) {
        for speed in 8..=20 {
            let (s, c) = physics_core::trig::sin_cos((degrees as f32).to_radians());
            let launch = glam::Vec2::new(c, s) * speed as f32;
            shots.push(Pull::from_offset(-launch / crate::LAUNCH));
        }
    }
    shots
}

/// `level` played with `pulls`, one stone each, the first let go at step
/// [`FIRST`] and each next one [`BETWEEN`] steps on, until the level ends
/// (or the last stone has had its five seconds, or 3,000 steps).
pub fn play_pulls(level: &Level, pulls: &[Pull]) -> Play {
    let mut play = Play::new(level, 1);
    let (mut k, mut last) = (0, 0);
    while play.outcome().is_none()
        && play.step < 3000
        && (k < pulls.len() || play.step < last + crate::rules::SETTLE)
    {
        let due = FIRST + BETWEEN * k as u64;
        let mut input = Input::default();
        if k < pulls.len() && play.step + 20 > due && play.step < due {
            // Drawn back over the 20 steps before, as a hand does.
            let j = (play.step + 20 - due) as i32;
            let p = pulls[k];
            input.aim = Some(Pull { x: p.x * j / 20, y: p.y * j / 20 });
        }
        if k < pulls.len() && play.step == due {
            input.fire = Some(pulls[k]);
            (k, last) = (k + 1, play.step);
        }
        play.step(input);
    }
    play
}

/// What the first shots did to a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub name: String,
    pub targets: usize,
    pub stones: u32,
    /// How many shots knocked down 0, 1, 2, ... targets (won: all).
    pub down: Vec<usize>,
}

impl Probe {
    /// Shots tried.
    pub fn shots(&self) -> usize {
        self.down.iter().sum()
    }

    /// Shots that won the level alone.
    pub fn wins(&self) -> usize {
        self.down[self.targets]
    }
}

/// Every shot of [`shots`] fired as the level's first stone, the only one.
pub fn probe(level: &Level) -> Probe {
    let targets = level.targets.len();
    let mut down = vec![0; targets + 1];
    for pull in shots() {
        let play = play_pulls(level, &[pull]);
        let knocked = match play.outcome() {
            Some(Outcome::Won) => targets,
            _ => targets - play.rules.targets.len(),
        };
        down[knocked] += 1;
    }
    Probe { name: level.name.clone(), targets, stones: level.stones, down }
}

/// Probes as a table.
pub fn table(probes: &[Probe]) -> String {
    let most = probes.iter().map(|p| p.targets).max().unwrap_or(0);
    let mut out = String::from("| level | stones | shots |");
    let mut rule = String::from("|---|---:|---:|");
    for k in 0..=most {
        let _ = write!(out, " {k} down |");
        rule += "---:|";
    }
    let _ = writeln!(out, " won with one stone |\n{rule}---:|");
    for p in probes {
        let _ = write!(out, "| {} | {} | {} |", p.name, p.stones, p.shots());
        for k in 0..=most {
            match p.down.get(k) {
                Some(n) => {
                    let _ = write!(out, " {n} |");
                }
                None => out += " |",
            }
        }
        let share = 100.0 * p.wins() as f32 / p.shots() as f32;
        let _ = writeln!(out, " {} ({share:.1} %) |", p.wins());
    }
    out
}
