//! The game's rules, read from chapter 15's events after each step: what
//! knocks a target down, what scores, when the level is won or lost.
//!
//! The engine never calls the game. After each step the game reads the
//! step's lists (hits, sensor visits, broken joints) and changes the world
//! in its own turn: a knocked target is destroyed there, between steps,
//! where the engine is in the middle of nothing.

use crate::level::Level;
use crate::{BodyId, World};
use glam::Vec2;

/// How a level ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every target down.
    Won,
    /// Out of stones, and the last one had five seconds to do its work.
    Lost,
}

/// Why a target went down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Knock {
    /// Hit at least this fast, m/s (a hit event).
    Hit(f32),
    /// Into a sensor (a sensor event): a pit, water.
    Sensor,
    /// Fell below the level's floor.
    Fell,
}

/// Points for each target down, for each joint broken, for each stone
/// left at the end, and for each m/s of a hit between two moving bodies
/// (hits of 2 m/s or more, after the first stone).
pub const TARGET_POINTS: u32 = 1000;
pub const JOINT_POINTS: u32 = 100;
pub const STONE_POINTS: u32 = 500;
pub const HIT_POINTS: u32 = 10;

/// Steps the last stone has before the level is lost: five seconds.
pub const SETTLE: u64 = 300;

// ANCHOR: rules
/// The game's state that the rules change.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub score: u32,
    pub stones_left: u32,
    /// The targets still standing, and how many the level began with.
    pub targets: Vec<BodyId>,
    pub goal: usize,
    /// The stones in the world, and the step each was fired in.
    pub stones: Vec<(BodyId, u64)>,
    /// Each target knocked down: where, in which step, and why.
    pub knocked: Vec<(Vec2, u64, Knock)>,
    /// The step the last stone left in.
    pub last_fired: Option<u64>,
    /// How the level ended, and in which step.
    pub outcome: Option<(Outcome, u64)>,
}
// ANCHOR_END: rules

impl Rules {
    /// The rules of `level` as its `world` starts.
    pub fn new(level: &Level, world: &World) -> Rules {
        Rules {
            score: 0,
            stones_left: level.stones,
            targets: level.targets.iter().map(|&i| world.game.body_id(i)).collect(),
            goal: level.targets.len(),
            stones: Vec::new(),
            knocked: Vec::new(),
            last_fired: None,
            outcome: None,
        }
    }

    /// Whether a stone may leave in step `step`: the game is on, a stone is
    /// left, and the last left a second ago or more.
    pub fn may_fire(&self, step: u64) -> bool {
        let loaded = self.last_fired.is_none_or(|at| step >= at + crate::RELOAD);
        self.outcome.is_none() && self.stones_left > 0 && loaded
    }

    /// A stone left in step `step`.
    pub fn fired(&mut self, stone: BodyId, step: u64) {
        self.stones_left -= 1;
        self.stones.push((stone, step));
        self.last_fired = Some(step);
    }

    // ANCHOR: read
    /// The game's turn after step `step`: read its events, knock targets
    /// down, score, and decide whether the level is over.
    pub fn read(&mut self, world: &mut World, level: &Level, step: u64) {
        let events = &world.game.events;
        let mut down: Vec<(BodyId, Knock)> = Vec::new();
        let playing = self.last_fired.is_some() && self.outcome.is_none();
        for hit in &events.hits {
            for body in [hit.body_a, hit.body_b] {
                if self.targets.contains(&body) && hit.speed >= level.toughness {
                    down.push((body, Knock::Hit(hit.speed)));
                }
            }
            let moving = |b: BodyId| world.body(b).is_ok_and(|b| b.inv_mass > 0.0);
            if playing
                && hit.speed >= 2.0
                && moving(hit.body_a)
                && moving(hit.body_b)
            {
                self.score += HIT_POINTS * (hit.speed as u32).min(20);
            }
        }
        for visit in &events.sensor_begin {
            if self.targets.contains(&visit.visitor_body) {
                down.push((visit.visitor_body, Knock::Sensor));
            }
        }
        if playing {
            self.score += JOINT_POINTS * events.joint_breaks.len() as u32;
        }
        for &t in &self.targets {
            if world.body(t).is_ok_and(|b| b.position.y < level.floor) {
                down.push((t, Knock::Fell));
            }
        }
        // Each target once, in the order the events found them.
        for (k, &(target, why)) in down.iter().enumerate() {
            if down[..k].iter().any(|&(t, _)| t == target) {
                continue;
            }
            let at = world.body(target).expect("a standing target").position;
            world.destroy_body(target).expect("a standing target");
            self.targets.retain(|&t| t != target);
            self.knocked.push((at, step, why));
            self.score += TARGET_POINTS;
        }
        // A stone that fell out of the world is taken away.
        let fallen: Vec<BodyId> = (self.stones.iter())
            .filter(|&&(s, _)| {
                world.body(s).is_ok_and(|b| b.position.y < level.floor)
            })
            .map(|&(s, _)| s)
            .collect();
        for stone in fallen {
            world.destroy_body(stone).expect("a stone in the world");
        }
        self.stones.retain(|&(s, _)| world.body(s).is_ok());
        self.decide(step);
    }
    // ANCHOR_END: read

    /// Won when no target stands; lost when no stone is left and the last
    /// one flew [`SETTLE`] steps ago.
    fn decide(&mut self, step: u64) {
        if self.outcome.is_some() {
            return;
        }
        if self.targets.is_empty() && self.goal > 0 {
            self.score += STONE_POINTS * self.stones_left;
            self.outcome = Some((Outcome::Won, step));
        } else if self.stones_left == 0
            && self.last_fired.is_none_or(|at| step >= at + SETTLE)
        {
            self.outcome = Some((Outcome::Lost, step));
        }
    }
}
