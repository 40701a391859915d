//! Springs on joints, and the wheel joint.

use ch14_wide_solver::{JointPass, Parts};

/// The springs and wheels.
#[derive(Clone, Debug, Default)]
pub struct Springs {}

impl Springs {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        true
    }

    /// One pass of every spring and wheel.
    pub fn solve(&mut self, _parts: &mut Parts<'_>, _pass: JointPass) {}
}
