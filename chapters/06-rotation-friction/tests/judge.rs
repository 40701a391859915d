//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch06-rotation-friction.md";

pub const POINT_VELOCITY: Exercise = Exercise {
    page: PAGE,
    name: "exercise 6.1, point_velocity",
    reread: "section \"Force at a point, velocity of a point\"",
};

pub const EFFECTIVE_MASS: Exercise = Exercise {
    page: PAGE,
    name: "exercise 6.2, inverse_effective_mass",
    reread: "section \"The contact impulse at a point\"",
};

pub const FRICTION: Exercise = Exercise {
    page: PAGE,
    name: "exercise 6.3, friction_impulse",
    reread: "section \"Friction and Coulomb's cone\"",
};

/// The normal impulse at a point, which needs the point's velocity and the
/// effective mass.
pub const NORMAL: Exercise = Exercise {
    page: PAGE,
    name: "exercises 6.1 and 6.2, point_velocity and inverse_effective_mass (in the normal impulse)",
    reread: "sections \"Force at a point, velocity of a point\" and \"The contact impulse at a point\"",
};

/// A contact's whole pass, which needs all three.
pub const CONTACT: Exercise = Exercise {
    page: PAGE,
    name: "exercises 6.1 to 6.3 (in solve_contact)",
    reread: "sections \"The contact impulse at a point\" and \"Friction and Coulomb's cone\"",
};

pub const COLLISION: Exercise = Exercise {
    page: PAGE,
    name: "exercise 6.4 (a challenge), collision_impulse",
    reread: "section \"Exercise 6.4: normal and friction in one impulse\"",
};
