//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch02-planes-restitution.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 2.1, reflect`.
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

pub const REFLECT: Exercise = Exercise {
    name: "exercise 2.1, reflect",
    reread: "section \"Reflection with restitution\"",
};

pub const INTEGRATE: Exercise = Exercise {
    name: "exercise 2.2, integrate",
    reread: "section \"Gravity, and the order of the updates\"",
};

pub const PUSH_BACK: Exercise = Exercise {
    name: "exercise 2.3, push_back",
    reread: "section \"Pushing back\"",
};

pub const SHIFTED_ENERGY: Exercise = Exercise {
    name: "exercise 2.4, shifted_energy",
    reread: "section \"Gravity, and the order of the updates\"",
};

pub const TIME_TO_PLANE: Exercise = Exercise {
    name: "exercise 2.5 (a challenge), time_to_plane",
    reread: "section \"Exercise 2.5: when a falling particle reaches a plane\"",
};
