//! The game loop: real time in, whole physics steps and a smooth picture
//! out (Glenn Fiedler's "Fix Your Timestep").
//!
//! A frame's real time is banked in an accumulator; each whole physics
//! step the bank holds is taken; what is left, a fraction `alpha` of a
//! step, says how far the present is past the last physics state. The
//! picture is drawn `alpha` of the way from the state before that one to
//! it: never ahead of physics (no guessing), one step behind at most, and
//! smooth however the frames fall between the steps.
//!
//! What runs on the **step**: the input the step uses, the physics, the
//! rules read from its events, the replay's record. What runs on the
//! **frame**: reading the mouse and keys (queued for the next step), the
//! interpolation, the camera's smoothing, the drawing. Nothing on the frame
//! changes the world, so the frame rate cannot change a game's bits.

use crate::{Input, Play};
use glam::Vec2;

// ANCHOR: clock
/// The accumulator. Time is banked in whole nanoseconds, not seconds in
/// floating point: 60 frames of 1/60 s then buy exactly 60 steps of 1/60 s,
/// never 59 and a remainder that rounding left a hair short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The physics step, ns.
    pub step: u64,
    /// The time banked and not yet stepped, ns: always less than a step.
    pub banked: u64,
    /// The most steps one frame may take: after a stall (a dragged window,
    /// a breakpoint) the game slows down rather than stepping for seconds
    /// to catch up (the "spiral of death").
    pub max_steps: u32,
}

/// Seconds as whole nanoseconds, rounded down (a negative or non-finite
/// time as none): a frame of n steps' time, `n as f32 * dt`, is then never
/// a nanosecond short of n steps.
pub fn nanoseconds(seconds: f32) -> u64 {
    let ns = (seconds as f64 * 1e9).floor();
    if ns.is_finite() && ns > 0.0 { ns.min(1e12) as u64 } else { 0 }
}

impl Clock {
    /// A clock stepping every `dt` seconds.
    pub fn new(dt: f32) -> Clock {
        Clock { step: nanoseconds(dt).max(1), banked: 0, max_steps: 8 }
    }

    /// Bank a frame's `seconds` of real time; the steps to take now.
    pub fn bank(&mut self, seconds: f32) -> u32 {
        bank(self, seconds)
    }

    /// How far the present is past the last step, in steps: 0 to below 1.
    pub fn alpha(&self) -> f32 {
        (self.banked as f64 / self.step as f64) as f32
    }
}
// ANCHOR_END: clock

// ANCHOR: bank
/// Bank a frame's `seconds` of real time in `clock`; the whole steps it
/// buys now, at most `max_steps`. What is left is less than a step.
#[cfg(not(feature = "exercises"))]
pub fn bank(clock: &mut Clock, seconds: f32) -> u32 {
    clock.banked += nanoseconds(seconds);
    let steps = clock.banked / clock.step;
    if steps > clock.max_steps as u64 {
        // The time the frame cannot pay for is dropped, not owed.
        clock.banked %= clock.step;
        return clock.max_steps;
    }
    clock.banked -= steps * clock.step;
    steps as u32
}
// ANCHOR_END: bank

#[cfg(feature = "exercises")]
pub use crate::exercises::bank;

// ANCHOR: pose
/// Where a body is: its centre of mass and its angle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    pub position: Vec2,
    pub angle: f32,
}

/// The pose `t` of the way from `a` to `b` (`t` from 0 to 1): the position
/// along the segment between them, the angle turned the short way round.
/// Each is kept between its two ends: `a + (b - a) t` in floats can round
/// past `b`, and a body must never be drawn where neither state had it.
#[cfg(not(feature = "exercises"))]
pub fn lerp_pose(a: Pose, b: Pose, t: f32) -> Pose {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let between = |x: f32, y: f32| (x + (y - x) * t).clamp(x.min(y), x.max(y));
    // The turn from a to b, taken into -pi..pi: from 3.1 to -3.1 is 0.083
    // rad forward, not 6.2 back.
    let tau = std::f32::consts::TAU;
    let turn = b.angle - a.angle;
    let turn = turn - tau * (turn / tau).round();
    Pose {
        position: Vec2::new(
            between(a.position.x, b.position.x),
            between(a.position.y, b.position.y),
        ),
        angle: between(a.angle, a.angle + turn),
    }
}
// ANCHOR_END: pose

#[cfg(feature = "exercises")]
pub use crate::exercises::lerp_pose;

/// Every body place's pose after a step, with the generation of the body
/// in it (`None`: an empty place), so that a body made or destroyed in the
/// step is never drawn between two different bodies.
pub type Poses = Vec<Option<(u32, Pose)>>;

/// The poses of every body in `play`'s world now.
pub fn poses(play: &Play, out: &mut Poses) {
    out.clear();
    let game = &play.world.game;
    for (slot, b) in game.bodies.iter().zip(&play.world.solver.bodies) {
        let pose = Pose { position: b.position, angle: b.angle };
        out.push(slot.kind.map(|_| (slot.generation, pose)));
    }
}

// ANCHOR: frames
/// The loop around a [`Play`]: the clock, and the last two physics states.
#[derive(Clone, Debug)]
pub struct Frames {
    pub play: Play,
    pub clock: Clock,
    /// The poses before the last step and after it.
    pub before: Poses,
    pub after: Poses,
    /// How far the present is from `after` towards the next step, in
    /// steps: what the picture is drawn at.
    pub alpha: f32,
}
// ANCHOR_END: frames

impl Frames {
    pub fn new(play: Play) -> Frames {
        let mut after = Vec::new();
        poses(&play, &mut after);
        let clock = Clock::new(play.dt);
        Frames { play, clock, before: after.clone(), after, alpha: 0.0 }
    }

    // ANCHOR: frame
    /// One frame of `seconds` of real time: bank it, take the whole steps
    /// it buys (each with the input `input` gives for its number), and
    /// return how far the picture is from the last state to the next.
    pub fn frame(
        &mut self,
        seconds: f32,
        mut input: impl FnMut(&Play) -> Input,
    ) -> f32 {
        for _ in 0..self.clock.bank(seconds) {
            std::mem::swap(&mut self.before, &mut self.after);
            let now = input(&self.play);
            self.play.step(now);
            poses(&self.play, &mut self.after);
        }
        self.alpha = self.clock.alpha();
        self.alpha
    }
    // ANCHOR_END: frame

    // ANCHOR: drawn
    /// Where body place `i` is drawn this frame: `alpha` of the way from
    /// its pose before the last step to its pose after it; a body the
    /// last step made, where it is. `None` for an empty place.
    pub fn drawn(&self, i: usize) -> Option<Pose> {
        let (generation, now) = self.after.get(i).copied().flatten()?;
        match self.before.get(i).copied().flatten() {
            Some((g, then)) if g == generation => {
                Some(lerp_pose(then, now, self.alpha))
            }
            _ => Some(now),
        }
    }
    // ANCHOR_END: drawn

    /// Start again with a new play (the next level, a restart), the clock's
    /// bank kept.
    pub fn restart(&mut self, play: Play) {
        let banked = self.clock.banked;
        *self = Frames::new(play);
        self.clock.banked = banked.min(self.clock.step - 1);
    }
}
