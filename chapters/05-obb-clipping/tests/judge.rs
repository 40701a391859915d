//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch05-obb-clipping.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 5.1, clip_segment`.
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

pub const CLIP: Exercise = Exercise {
    name: "exercise 5.1, clip_segment",
    reread: "section \"Reference face, incident face, clipping\"",
};

pub const INCIDENT: Exercise = Exercise {
    name: "exercise 5.2, incident_face",
    reread: "section \"Reference face, incident face, clipping\"",
};

/// The box-box test, which makes its contact points with both exercises.
pub const BOXES: Exercise = Exercise {
    name: "exercises 5.1 and 5.2, clip_segment and incident_face (in the box-box test)",
    reread: "section \"Reference face, incident face, clipping\"",
};

/// A circle and a box: chapter 4's `aabb_circle` in the box's frame, the reference,
/// not an exercise, named so that a failure still reads the same way.
pub const BOX_CIRCLE: Exercise = Exercise {
    name: "obb_circle (the reference, not an exercise)",
    reread: "section \"Rotation and the change of basis\"",
};
