//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch03-mass-weighted-impulses.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 3.1, impulse_scalar`.
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

pub const IMPULSE: Exercise = Exercise {
    name: "exercise 3.1, impulse_scalar",
    reread: "section \"The impulse, from Newton's law of restitution\"",
};

pub const CORRECTION: Exercise = Exercise {
    name: "exercise 3.2, correction_vector",
    reread: "section \"Positional correction\"",
};
