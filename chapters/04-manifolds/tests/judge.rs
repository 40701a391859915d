//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch04-manifolds.md";

pub const CIRCLES: Exercise = Exercise {
    page: PAGE,
    name: "exercise 4.1, circle_circle",
    reread: "section \"Circles\"",
};

pub const BOX_CIRCLE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 4.2, aabb_circle",
    reread: "section \"A box and a circle\"",
};

/// Two boxes: the reference `aabb_aabb`, not an exercise, named so that a failure
/// still reads the same way.
pub const BOXES: Exercise = Exercise {
    page: PAGE,
    name: "aabb_aabb (the reference, not an exercise)",
    reread: "section \"Two axis-aligned boxes\"",
};

pub const CAPSULE_CIRCLE: Exercise = Exercise {
    page: PAGE,
    name: "exercise 4.3 (a challenge), capsule_circle",
    reread: "section \"Exercise 4.3: capsule against circle\"",
};
