//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch07-distance-constraints.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 7.1, rod_impulse`.
    pub name: &'static str,
    /// The sections of the page to reread, quoted.
    pub reread: &'static str,
}

impl Exercise {
    /// The failure message for `quantity`, which came out as `got` in `case` where
    /// `expected` was due.
    pub fn wrong(
        &self,
        quantity: &str,
        case: impl Display,
        expected: impl Display,
        got: impl Display,
    ) -> String {
        format!(
            "{}: {quantity} came out wrong\n  case:     {case}\n  expected: {expected}\n  \
             got:      {got}\n  reread:   {PAGE}, {}",
            self.name, self.reread
        )
    }
}

pub const ROD: Exercise = Exercise {
    name: "exercise 7.1, rod_impulse",
    reread: "sections \"The rule in velocities\" and \"The drift fix\"",
};

pub const ROPE: Exercise = Exercise {
    name: "exercise 7.2, rope_impulse",
    reread: "section \"Rods and ropes\"",
};

/// A joint of either kind: a rod is exercise 7.1, a rope 7.2 (and 7.1 through it).
pub const JOINT: Exercise = Exercise {
    name: "exercises 7.1 and 7.2, rod_impulse and rope_impulse (in solve_joint)",
    reread: "sections \"The drift fix\" and \"Rods and ropes\"",
};
