//! # Chapter 17: a game on your engine
//!
//! Sixteen chapters built an engine; this one builds what the engine is
//! for: a small game, a slingshot puzzle, on chapter 16's world and its
//! public calls only. What turns a demo into a game is taught here in the
//! game's own code:
//!
//! 1. **The game's step** ([`Play::step`]): the player's input of the
//!    step applied, one fixed physics step, the game's rules read from the
//!    step's events ([`rules`]), the input and a hash of the world
//!    recorded.
//! 2. **The game loop** ([`frame`]): real time banked in an accumulator
//!    and spent in whole physics steps, and each frame drawn between the
//!    last two physics states, so that motion is smooth at any frame rate.
//! 3. **Levels** ([`level`]): scene files with the game's fields beside
//!    them, refused naming the field when they are wrong.
//! 4. **Replays** ([`replay`]): the inputs of each step and a hash of the
//!    world every second, played back to the bit, and a replay made
//!    before the physics changed says where it first differs.
//! 5. **Determinism** ([`breaks`]): why this engine's floats give the
//!    same bits everywhere, and what breaks that, each shown.
//!
//! The book's page is `book/src/ch17-a-game.md`.

pub mod breaks;
pub mod demos;
pub mod figures;
pub mod frame;
pub mod level;
pub mod probe;
pub mod replay;
pub mod rules;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch16_characters::{BodyDef, BodyId, BodyKind, ShapeDef, World};
pub use frame::{Clock, Frames, Pose, lerp_pose};
pub use level::{LEVELS, Level, LevelError};
pub use replay::{Replay, state_hash};
pub use rules::Knock;
pub use rules::{Outcome, Rules};

use ch11_polygons::Shape;
use glam::Vec2;

/// The physics step, seconds: the game's, whatever the frame rate.
pub const DT: f32 = 1.0 / 60.0;

/// How often the game records a hash of the world, in steps: once a
/// second.
pub const HASH_EVERY: u64 = 60;

// ANCHOR: input
/// Where the player let go of the stone, from the sling, in whole
/// centimetres: the launch is the opposite way, [`LAUNCH`] m/s for each
/// metre of pull. Whole numbers, so that a replay file holds exactly what
/// the step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pull {
    pub x: i32,
    pub y: i32,
}

/// What the player does in one physics step: where they hold the stone
/// in the sling (`None`: it rests in the pouch), and whether they let go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input {
    pub aim: Option<Pull>,
    pub fire: Option<Pull>,
}

/// What a replay records: a change of aim, or a stone let go, each with
/// the step it was applied in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deed {
    Aim(Option<Pull>),
    Fire(Pull),
}
// ANCHOR_END: input

/// The launch speed for each metre of pull, m/s per m.
pub const LAUNCH: f32 = 10.0;
/// The longest pull, centimetres: a 20 m/s launch.
pub const MAX_PULL: i32 = 200;
/// The stone: a disc of this radius, m, and density, kg/m^2.
pub const STONE_RADIUS: f32 = 0.25;
pub const STONE_DENSITY: f32 = 6.0;
/// Steps between two stones: a second.
pub const RELOAD: u64 = 60;

impl Pull {
    /// The pull from the sling to `at`, metres, rounded to whole
    /// centimetres and cut to [`MAX_PULL`]: what the mouse gives.
    pub fn from_offset(offset: Vec2) -> Pull {
        let cm = offset * 100.0;
        let cm = if cm.is_finite() { cm } else { Vec2::ZERO };
        let cm = cm.clamp_length_max(MAX_PULL as f32);
        Pull { x: cm.x.round() as i32, y: cm.y.round() as i32 }
    }

    /// The pull, metres.
    pub fn offset(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32) / 100.0
    }

    /// The stone's launch velocity, m/s: opposite the pull.
    pub fn launch(self) -> Vec2 {
        -self.offset() * LAUNCH
    }
}

// ANCHOR: play
/// A level being played: the world, the game's rules and state, and the
/// record of the inputs and hashes that a replay is made of. Everything in
/// it changes on the physics step, never on a frame.
#[derive(Clone, Debug)]
pub struct Play {
    pub level: Level,
    pub world: World,
    pub rules: Rules,
    /// Physics steps taken.
    pub step: u64,
    /// The physics step, seconds ([`DT`] in the game).
    pub dt: f32,
    /// The stone waiting in the sling: a kinematic body that touches
    /// nothing, moved on each step to where the player holds it.
    pub loaded: Option<crate::BodyId>,
    /// The aim of the last step.
    pub aim: Option<Pull>,
    /// What the player did, by the step it was applied in, and the world's
    /// hash after every [`HASH_EVERY`]th step.
    pub deeds: Vec<(u64, Deed)>,
    pub hashes: Vec<(u64, u64)>,
}
// ANCHOR_END: play

impl Play {
    /// `level` from its start, its world stepped on `threads` threads.
    pub fn new(level: &Level, threads: usize) -> Play {
        let (mut world, _) = scene::world(&level.scene);
        world.wide.set_threads(threads);
        let rules = Rules::new(level, &world);
        let mut play = Play {
            level: level.clone(),
            world,
            rules,
            step: 0,
            dt: DT,
            loaded: None,
            aim: None,
            deeds: Vec::new(),
            hashes: Vec::new(),
        };
        play.load();
        play
    }

    // ANCHOR: step
    /// One step of the game: the input applied, the world stepped, the
    /// rules read from the step's events, the input and (each second) the
    /// world's hash recorded.
    pub fn step(&mut self, input: Input) {
        if input.aim != self.aim {
            self.deeds.push((self.step, Deed::Aim(input.aim)));
            self.aim = input.aim;
        }
        if let Some(pull) = input.fire {
            self.deeds.push((self.step, Deed::Fire(pull)));
            if self.rules.may_fire(self.step) {
                self.fire(pull);
            }
        }
        self.hold();
        self.world.step(self.dt);
        self.step += 1;
        self.rules.read(&mut self.world, &self.level, self.step);
        if self.step % HASH_EVERY == 0 {
            self.hashes.push((self.step, state_hash(&self.world)));
        }
    }
    // ANCHOR_END: step

    /// A stone in the sling, if one is due: the sling has reloaded and
    /// a stone is left.
    fn load(&mut self) {
        let due = self.rules.may_fire(self.step);
        if self.loaded.is_some() || !due {
            return;
        }
        let def = BodyDef::new(BodyKind::Kinematic, self.level.sling);
        let stone = self.world.create_body(def);
        let nothing = ch15_game_api::Filter { category: 0, mask: 0, group: 0 };
        let disc =
            ShapeDef::new(Shape::Circle { radius: STONE_RADIUS }).filter(nothing);
        self.world.create_shape(stone, disc).expect("the stone was just made");
        self.loaded = Some(stone);
    }

    /// The loaded stone moved to where the player holds it: given the
    /// velocity that carries it there in this step.
    fn hold(&mut self) {
        self.load();
        let Some(stone) = self.loaded else { return };
        let at = self.level.sling + self.aim.map_or(Vec2::ZERO, Pull::offset);
        let now = self.world.body(stone).expect("the loaded stone").position;
        let velocity = (at - now) / self.dt;
        self.world.set_velocity(stone, velocity, 0.0).expect("the loaded stone");
    }

    /// A stone from the sling, flying opposite the pull; the one that
    /// waited in it goes.
    fn fire(&mut self, pull: Pull) {
        if let Some(waiting) = self.loaded.take() {
            self.world.destroy_body(waiting).expect("the loaded stone");
        }
        let mut def = BodyDef::new(BodyKind::Dynamic, self.level.sling);
        (def.velocity, def.bullet) = (pull.launch(), true);
        let stone = self.world.create_body(def);
        let disc = ShapeDef {
            density: STONE_DENSITY,
            friction: 0.5,
            ..ShapeDef::new(Shape::Circle { radius: STONE_RADIUS })
        };
        self.world.create_shape(stone, disc).expect("the stone was just made");
        self.rules.fired(stone, self.step);
    }

    /// Whether the game is over: won or lost.
    pub fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome.map(|(o, _)| o)
    }

    /// This play's replay: its level, inputs and hashes, and how it ended.
    pub fn replay(&self) -> Replay {
        Replay::of(self)
    }
}
