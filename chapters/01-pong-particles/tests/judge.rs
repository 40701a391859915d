//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch01-pong-particles.md";

pub const INTEGRATE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 1.1, integrate",
    reread: "section \"One step: integrate, then collide\"",
};

pub const BOUNCE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 1.2, bounce_off_walls",
    reread: "sections \"Bouncing is reflecting\" and \"The approach check\"",
};

pub const TIME_TO_WALL: Exercise = Exercise {
    page: PAGE,
    name: "exercise 1.3, time_to_wall",
    reread: "section \"When does it reach the wall?\"",
};

pub const EXACT_STEP: Exercise = Exercise {
    page: PAGE,
    name: "exercise 1.4 (a challenge), exact_step",
    reread: "section \"Exercise 1.4: bounces within a step\"",
};
