//! How a test that judges an exercise fails: the exercise, the quantity that is wrong,
//! the case it tried, the value expected and the value got, and the page's section to
//! reread.

use std::fmt::Display;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch06-rotation-friction.md";

/// One exercise, as its tests' failures name it.
pub struct Exercise {
    /// Its number and function, `exercise 6.1, point_velocity`.
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

pub const POINT_VELOCITY: Exercise = Exercise {
    name: "exercise 6.1, point_velocity",
    reread: "section \"Force at a point, velocity of a point\"",
};

pub const EFFECTIVE_MASS: Exercise = Exercise {
    name: "exercise 6.2, inverse_effective_mass",
    reread: "section \"The contact impulse at a point\"",
};

pub const FRICTION: Exercise = Exercise {
    name: "exercise 6.3, friction_impulse",
    reread: "section \"Friction and Coulomb's cone\"",
};

/// The normal impulse at a point, which needs the point's velocity and the
/// effective mass.
pub const NORMAL: Exercise = Exercise {
    name: "exercises 6.1 and 6.2, point_velocity and inverse_effective_mass (in the normal impulse)",
    reread: "sections \"Force at a point, velocity of a point\" and \"The contact impulse at a point\"",
};

/// A contact's whole pass, which needs all three.
pub const CONTACT: Exercise = Exercise {
    name: "exercises 6.1 to 6.3 (in solve_contact)",
    reread: "sections \"The contact impulse at a point\" and \"Friction and Coulomb's cone\"",
};
