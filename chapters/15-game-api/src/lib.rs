//! # Chapter 15: what a game asks of the engine
//!
//! Chapter 14's engine stands a 100-row pyramid, but a game cannot yet use
//! it: no moving platform, no body made of several shapes, no way to say
//! that bullets pass through their shooter, no trigger zone, no word back
//! when a crate lands. This chapter adds them as parts beside chapter 14's,
//! and plugs its own shapes into chapter 14's step
//! ([`ch14_wide_solver::Collide`]):
//!
//! 1. **Body types** ([`BodyKind`]): static, kinematic (moved by the
//!    velocity the game gives it, pushing and carrying what it touches,
//!    never pushed back) and dynamic; a body's type may change.
//! 2. **Bodies of many shapes** ([`shapes`]): each shape with its own
//!    place on the body, material and filter, each its own leaf in the
//!    tree; the body's mass, centre and moment of inertia from all of them
//!    ([`shapes::body_mass`], the parallel-axis theorem).
//! 3. **Handles** ([`BodyId`], [`ShapeId`], [`JointId`]): bodies, shapes and
//!    joints made and destroyed while the world runs, named by an index
//!    and a generation, so that a handle to something destroyed is refused
//!    rather than taken for whatever took its place.
//! 4. **Filters and sensors** ([`Filter`]): which shapes collide, and
//!    shapes that only notice what overlaps them.
//! 5. **Events** ([`Events`]): lists the game reads after each step, in the
//!    same order on every run and any number of threads.
//!
//! The book's page is `book/src/ch15-game-api.md`.

pub mod collide;
pub mod demos;
pub mod events;
pub mod figures;
pub mod game;
pub mod scene;
pub mod shapes;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch13_islands::{Body, Joint};
pub use ch14_wide_solver::{Wide, Width};
pub use collide::Extras;
pub use events::{
    BodyMove, ContactEvent, Events, HitEvent, JointBreak, SensorEvent,
};
pub use game::{
    BodyDef, BodyId, BodyKind, Game, JointDef, JointId, ShapeId, Stale,
};
pub use shapes::{
    BodyMass, Filter, ShapeDef, body_mass, one_way_keeps, should_collide,
};

use ch08_sequential_impulses as ch08;
use ch09_joints::Joints;
use ch10_soft_step::SoftStep;
use ch11_polygons::Shapes;
use ch12_continuous::Fast;
use ch13_islands::{Sleep, TreePhase};

// ANCHOR: world
/// Chapter 14's parts, and this chapter's beside them: the game's view of
/// the bodies, their shapes and joints, and the events of the last step.
#[derive(Clone, Debug)]
pub struct World {
    /// The bodies the solver moves, one place a body; a destroyed body's
    /// place is kept, empty and still, until a new body takes it.
    pub solver: ch08::World,
    pub joints: Joints,
    pub soft: SoftStep,
    /// Chapter 11's settings; its list of one shape a body is empty here:
    /// the shapes are the game's.
    pub shapes: Shapes,
    pub fast: Fast,
    /// The tree, with a leaf for each shape, not each body.
    pub phase: TreePhase,
    pub sleep: Sleep,
    pub wide: Wide,
    /// This chapter's part.
    pub game: Game,
}
// ANCHOR_END: world

impl World {
    /// An empty world under the Earth's gravity: chapter 14's settings, on
    /// one thread.
    pub fn new() -> World {
        World::from(ch14_wide_solver::World::new(Vec::new(), Vec::new()))
    }

    /// Advance by `dt` seconds (see [`World::step_with`]).
    pub fn step(&mut self, dt: f32) {
        self.step_with(dt, &mut ());
    }

    // ANCHOR: step
    /// Advance by `dt` seconds: chapter 14's step with this chapter's
    /// shapes ([`collide::GameShapes`]) and what a later chapter adds to
    /// them (`extras`), then the step's events.
    pub fn step_with(&mut self, dt: f32, extras: &mut impl Extras) {
        self.game.events.clear();
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        let asleep_before = self.sleep.asleep.clone();
        let mut parts = ch14_wide_solver::Parts {
            solver: &mut self.solver,
            joints: &mut self.joints,
            soft: &mut self.soft,
            shapes: &self.shapes,
            fast: &mut self.fast,
            phase: &mut self.phase,
            sleep: &mut self.sleep,
            wide: &mut self.wide,
        };
        let game = &mut self.game;
        parts.step_with(dt, &mut collide::GameShapes { game, extras });
        let h = dt / self.soft.settings.substeps.max(1) as f32;
        self.break_joints(h);
        self.game.report(&self.solver, &self.phase, &self.sleep, &asleep_before);
    }
    // ANCHOR_END: step
}

impl From<ch14_wide_solver::World> for World {
    /// Chapter 14's world, each body with its one shape (already about its
    /// centre of mass) and its material, each joint unbreakable: the same
    /// bodies, shapes, tree and contacts, with handles.
    fn from(world: ch14_wide_solver::World) -> World {
        let ch14_wide_solver::World {
            solver,
            joints,
            soft,
            shapes,
            fast,
            phase,
            sleep,
            wide,
        } = world;
        let mut game = Game::default();
        for (i, (b, shape)) in solver.bodies.iter().zip(&shapes.list).enumerate() {
            game.adopt(i, b, *shape);
        }
        for _ in &joints.list {
            game.adopt_joint();
        }
        let shapes = Shapes { list: Vec::new(), ..shapes };
        World { solver, joints, soft, shapes, fast, phase, sleep, wide, game }
    }
}

impl Default for World {
    fn default() -> World {
        World::new()
    }
}
