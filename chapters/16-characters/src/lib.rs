//! # Chapter 16: characters and vehicles
//!
//! The two things most games build on a physics engine are a character
//! that walks and a vehicle that drives. This chapter adds what they need
//! to chapter 15's world, as parts beside it plugged into its step
//! ([`ch15_game_api::Extras`]):
//!
//! 1. **Smooth chains** ([`chains`]): a static chain of points whose
//!    segments are one-sided and know their neighbours, so that a box
//!    slides across the seams without catching.
//! 2. **Shape casts and overlap queries** ([`cast`]): a shape moved
//!    through the world until it first touches, and what overlaps a shape.
//! 3. **The character mover** ([`mover`]): a capsule the game moves by
//!    casting it, collecting the planes it meets and solving for the
//!    nearest position that stays out of them.
//! 4. **Springs and wheels** ([`springs`]): a spring on a revolute,
//!    prismatic or distance joint, and the wheel joint.
//! 5. **Surfaces** ([`surfaces`]): rolling resistance and conveyor belts.
//!
//! The book's page is `book/src/ch16-characters.md`.

pub mod cast;
pub mod chains;
pub mod demos;
pub mod figures;
pub mod mover;
pub mod scene;
pub mod springs;
pub mod surfaces;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch15_game_api::{
    Body, BodyDef, BodyId, BodyKind, Filter, JointDef, JointId, ShapeDef, ShapeId,
    Stale,
};

use ch04_manifolds::Manifold;
use ch11_polygons::Settings;
use ch12_continuous::Transform;
use ch14_wide_solver::{JointPass, Parts, Surface};
use ch15_game_api::{Extras, Game};
use glam::Vec2;
use std::ops::{Deref, DerefMut};

// ANCHOR: world
/// Chapter 15's world, and this chapter's parts beside it.
#[derive(Clone, Debug, Default)]
pub struct World {
    /// Chapter 15's world: chapter 14's parts and the game's. Its methods
    /// are this world's ([`Deref`]), but for [`World::step`].
    pub base: ch15_game_api::World,
    /// This chapter's parts, which the step asks.
    pub more: More,
}

/// This chapter's parts: what chapter 15's step asks of them through
/// [`Extras`].
#[derive(Clone, Debug, Default)]
pub struct More {
    pub chains: chains::Chains,
    pub surfaces: surfaces::Surfaces,
    pub springs: springs::Springs,
}
// ANCHOR_END: world

impl World {
    /// An empty world under the Earth's gravity: chapter 15's.
    pub fn new() -> World {
        World::default()
    }

    // ANCHOR: step
    /// Advance by `dt` seconds: chapter 15's step, with this chapter's
    /// chains, surfaces and joints.
    pub fn step(&mut self, dt: f32) {
        self.base.sleep.fit(self.base.solver.bodies.len());
        self.more.springs.sync(&mut self.base);
        self.base.step_with(dt, &mut self.more);
    }
    // ANCHOR_END: step
}

impl Deref for World {
    type Target = ch15_game_api::World;

    fn deref(&self) -> &ch15_game_api::World {
        &self.base
    }
}

impl DerefMut for World {
    fn deref_mut(&mut self) -> &mut ch15_game_api::World {
        &mut self.base
    }
}

// ANCHOR: extras
impl Extras for More {
    /// A chain's segment meets a shape as [`chains::Chains::collide`] says; every
    /// other pair as chapter 15's shapes do.
    fn collide(
        &self,
        game: &Game,
        pair: (usize, usize),
        places: (&Transform, &Transform),
        margin: f32,
        settings: Settings,
    ) -> Option<Manifold> {
        // Two bodies a wheel or a distance spring holds do not collide.
        if self.springs.holds_apart(game.owner(pair.0), game.owner(pair.1)) {
            return None;
        }
        self.chains.collide(game, pair, places, margin, settings)
    }

    /// A fast body is not swept against a chain segment it starts behind
    /// or slides along ([`chains::Chains::sweeps`]).
    fn sweeps(
        &self,
        game: &Game,
        target: (usize, &Transform),
        path: (Vec2, Vec2),
        core: f32,
    ) -> bool {
        self.chains.sweeps(game, target, path, core)
    }

    fn has_surfaces(&self) -> bool {
        self.surfaces.any()
    }

    fn surface(&self, game: &Game, pair: (usize, usize)) -> Surface {
        self.surfaces.between(game, pair)
    }

    fn has_joints(&self) -> bool {
        !self.springs.is_empty()
    }

    fn joints(&mut self, parts: &mut Parts<'_>, pass: JointPass) {
        self.springs.solve(parts, pass);
    }
}
// ANCHOR_END: extras
