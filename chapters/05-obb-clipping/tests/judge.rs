//! The exercises this chapter's tests judge, as their failures name them
//! ([`physics_core::exercise::Exercise::wrong`]).

pub use physics_core::exercise::Exercise;

/// The chapter's page, where each exercise's section is.
const PAGE: &str = "book/src/ch05-obb-clipping.md";

pub const CLIP: Exercise = Exercise {
    page: PAGE,
    name: "exercise 5.1, clip_segment",
    reread: "section \"Reference face, incident face, clipping\"",
};

pub const INCIDENT: Exercise = Exercise {
    page: PAGE,
    name: "exercise 5.2, incident_face",
    reread: "section \"Reference face, incident face, clipping\"",
};

/// The box-box test, which makes its contact points with both exercises.
pub const BOXES: Exercise = Exercise {
    page: PAGE,
    name: "exercises 5.1 and 5.2, clip_segment and incident_face (in the box-box test)",
    reread: "section \"Reference face, incident face, clipping\"",
};

/// A circle and a box: chapter 4's `aabb_circle` in the box's frame, the reference,
/// not an exercise, named so that a failure still reads the same way.
pub const BOX_CIRCLE: Exercise = Exercise {
    page: PAGE,
    name: "obb_circle (the reference, not an exercise)",
    reread: "section \"Rotation and the change of basis\"",
};

pub const BOX_SEGMENT: Exercise = Exercise {
    page: PAGE,
    name: "exercise 5.3 (a challenge), obb_segment",
    reread: "section \"Exercise 5.3: a box against a segment\"",
};
