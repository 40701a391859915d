//! The fixed time step.
//!
//! Physics is stepped with the same `dt` every time, whatever the frame rate, so a
//! run is repeatable. Real time is banked in an accumulator and spent in whole
//! steps; the frame time is clamped so a stall (a breakpoint, a dragged window)
//! does not trigger hundreds of catch-up steps.
//!
//! Catching up has a limit of its own: a step that costs more real time than it
//! simulates can never be caught up with. Each frame owes more steps than the
//! last, takes longer, and owes more again, until the demo shows a frame every
//! quarter of a second (the "spiral of death"). Steps that cost a little less
//! than they cover are caught up with, but slowly: a frame that takes two is
//! longer than the time they covered, so the next owes two again, and the
//! frames stay long. So while a step costs more than half the time it covers
//! ([`FixedStep::took`]), a frame takes one: the simulation runs slower than
//! real time and the frames keep coming. (Taking as many as the frame's length
//! pays for is no cure: frames of any length then stay that long.)

/// Turns elapsed real time into a whole number of fixed steps.
#[derive(Clone, Debug)]
pub struct FixedStep {
    /// The step, in seconds.
    pub dt: f32,
    /// The longest frame time counted, in seconds; anything longer is treated as
    /// this.
    pub max_frame: f32,
    /// The most steps one frame takes. With a very small `dt` a frame's time would
    /// buy thousands of steps and the window would stop answering; beyond this many
    /// the rest of the frame's time is dropped, and the simulation runs slower than
    /// real time instead.
    pub max_steps: u32,
    /// The real time one step has lately cost, seconds, as [`FixedStep::took`]
    /// was told; 0 until then.
    pub step_cost: f32,
    accumulator: f32,
}

impl FixedStep {
    pub fn new(dt: f32) -> Self {
        FixedStep {
            dt,
            max_frame: 0.25,
            max_steps: 64,
            step_cost: 0.0,
            accumulator: 0.0,
        }
    }

    /// Add `frame_time` seconds of real time (already scaled by any time scale) and
    /// return how many steps to take now. The remainder stays banked for the next
    /// frame.
    pub fn advance(&mut self, frame_time: f32) -> u32 {
        if self.dt.is_nan() || self.dt <= 0.0 || !frame_time.is_finite() {
            return 0;
        }
        self.accumulator += frame_time.clamp(0.0, self.max_frame);
        // A hair of slack so that 0.25 s of 1/60 s steps is 15 steps, not 14.99999
        // rounded down; the accumulator never goes meaningfully negative.
        let steps = (self.accumulator / self.dt + 1e-4).floor();
        // Once two steps cost more real time than one covers, catching up after
        // a hiccup makes the next frame longer still: one a frame.
        let most = if 2.0 * self.step_cost > self.dt { 1 } else { self.max_steps };
        if steps > most as f32 {
            // The time the frame cannot pay for is dropped, not banked.
            self.accumulator = 0.0;
            return most;
        }
        self.accumulator = (self.accumulator - steps * self.dt).max(0.0);
        steps as u32
    }

    /// The last frame's `steps` steps took `seconds` of real time. A frame
    /// with no steps says nothing.
    pub fn took(&mut self, steps: u32, seconds: f32) {
        if steps > 0 && seconds.is_finite() && seconds >= 0.0 {
            self.step_cost = seconds / steps as f32;
        }
    }

    /// How far the banked time is into the next step, from 0 to 1.
    pub fn alpha(&self) -> f32 {
        if self.dt > 0.0 {
            (self.accumulator / self.dt).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    pub fn reset(&mut self) {
        self.accumulator = 0.0;
    }
}
