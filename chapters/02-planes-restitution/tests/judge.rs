//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch02-planes-restitution.md";

pub const REFLECT: Exercise = Exercise {
    page: PAGE,
    name: "exercise 2.1, reflect",
    reread: "section \"Reflection with restitution\"",
};

pub const INTEGRATE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 2.2, integrate",
    reread: "section \"Gravity, and the order of the updates\"",
};

pub const PUSH_BACK: Exercise = Exercise {
    page: PAGE,
    name: "exercise 2.3, push_back",
    reread: "section \"Pushing back\"",
};

pub const SHIFTED_ENERGY: Exercise = Exercise {
    page: PAGE,
    name: "exercise 2.4, shifted_energy",
    reread: "section \"Gravity, and the order of the updates\"",
};

pub const TIME_TO_PLANE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 2.5 (a challenge), time_to_plane",
    reread: "section \"Exercise 2.5: when a falling particle reaches a plane\"",
};
