//! The fixed time step.
//!
//! Physics is stepped with the same `dt` every time, whatever the frame rate, so a
//! run is repeatable. Real time is banked in an accumulator and spent in whole
//! steps; the frame time is clamped so a stall (a breakpoint, a dragged window)
//! does not trigger hundreds of catch-up steps (the "spiral of death").

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
    accumulator: f32,
}

impl FixedStep {
    pub fn new(dt: f32) -> Self {
        FixedStep { dt, max_frame: 0.25, max_steps: 64, accumulator: 0.0 }
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
        if steps > self.max_steps as f32 {
            self.accumulator = 0.0;
            return self.max_steps;
        }
        self.accumulator = (self.accumulator - steps * self.dt).max(0.0);
        steps as u32
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_steps_and_remainder() {
        let mut f = FixedStep::new(0.01);
        assert_eq!(f.advance(0.025), 2);
        // 0.005 banked: another 0.005 makes one more step.
        assert_eq!(f.advance(0.006), 1);
    }

    #[test]
    fn a_stall_is_clamped() {
        let mut f = FixedStep::new(1.0 / 60.0);
        // A ten-second stall yields at most max_frame / dt steps.
        let n = f.advance(10.0);
        assert_eq!(n, (0.25f32 * 60.0).floor() as u32);
    }

    /// A microsecond step does not buy a quarter of a million steps in one frame:
    /// at most `max_steps`, and the time they could not cover is dropped, not
    /// banked.
    #[test]
    fn a_tiny_step_is_capped_per_frame() {
        let mut f = FixedStep::new(1e-6);
        assert_eq!(f.advance(0.25), 64);
        assert!(f.alpha() <= 1.0);
        assert_eq!(f.advance(1.0 / 60.0), 64);
    }

    #[test]
    fn nonsense_time_gives_no_steps() {
        let mut f = FixedStep::new(1.0 / 60.0);
        assert_eq!(f.advance(f32::NAN), 0);
        assert_eq!(f.advance(-1.0), 0);
        let mut z = FixedStep::new(0.0);
        assert_eq!(z.advance(1.0), 0);
    }
}
