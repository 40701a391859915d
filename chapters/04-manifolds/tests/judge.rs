//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch04-manifolds.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 4.1, circle_circle`.
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

pub const CIRCLES: Exercise =
    Exercise { name: "exercise 4.1, circle_circle", reread: "section \"Circles\"" };

pub const BOX_CIRCLE: Exercise = Exercise {
    name: "exercise 4.2, aabb_circle",
    reread: "section \"A box and a circle\"",
};

/// Two boxes: the reference `aabb_aabb`, not an exercise, named so that a failure
/// still reads the same way.
pub const BOXES: Exercise = Exercise {
    name: "aabb_aabb (the reference, not an exercise)",
    reread: "section \"Two axis-aligned boxes\"",
};
