//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch03-mass-weighted-impulses.md";

pub const IMPULSE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 3.1, impulse_scalar",
    reread: "section \"The impulse, from Newton's law of restitution\"",
};

pub const CORRECTION: Exercise = Exercise {
    page: PAGE,
    name: "exercise 3.2, correction_vector",
    reread: "section \"Positional correction\"",
};

pub const ENERGY_LOSS: Exercise = Exercise {
    page: PAGE,
    name: "exercise 3.3 (a challenge), impulse_for_energy_loss",
    reread: "section \"Exercise 3.3: an impulse for a given energy loss\"",
};
