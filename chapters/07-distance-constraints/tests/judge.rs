//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch07-distance-constraints.md";

pub const ROD: Exercise = Exercise {
    page: PAGE,
    name: "exercise 7.1, rod_impulse",
    reread: "sections \"The rule in velocities\" and \"The drift fix\"",
};

pub const ROPE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 7.2, rope_impulse",
    reread: "section \"Rods and ropes\"",
};

/// A joint of either kind: a rod is exercise 7.1, a rope 7.2 (and 7.1 through it).
pub const JOINT: Exercise = Exercise {
    page: PAGE,
    name: "exercises 7.1 and 7.2, rod_impulse and rope_impulse (in solve_joint)",
    reread: "sections \"The drift fix\" and \"Rods and ropes\"",
};

pub const PULLEY: Exercise = Exercise {
    page: PAGE,
    name: "exercise 7.3 (a challenge), pulley_impulse",
    reread: "section \"Exercise 7.3: a pulley\"",
};
