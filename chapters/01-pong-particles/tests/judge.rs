//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch01-pong-particles.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 1.2, bounce_off_walls`.
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

pub const INTEGRATE: Exercise = Exercise {
    name: "exercise 1.1, integrate",
    reread: "section \"One step: integrate, then collide\"",
};

pub const BOUNCE: Exercise = Exercise {
    name: "exercise 1.2, bounce_off_walls",
    reread: "sections \"Bouncing is reflecting\" and \"The approach check\"",
};

pub const TIME_TO_WALL: Exercise = Exercise {
    name: "exercise 1.3, time_to_wall",
    reread: "section \"When does it reach the wall?\"",
};
