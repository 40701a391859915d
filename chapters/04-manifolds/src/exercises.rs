//! # Chapter 4 exercises: manifolds for circles, and for a box and a circle
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (`collide`,
//! the world's step, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch04-manifolds --features exercises              # judge your code
//! cargo run --release -p ch04-manifolds --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch04-manifolds.md). To start again from the
//! stubs: `git checkout -- chapters/04-manifolds/src/exercises.rs`.
//!
//! Useful pieces from `lib.rs`: [`Manifold::new`](crate::Manifold::new) (it refuses
//! a normal that is not unit length or a value that is not finite),
//! [`direction`](crate::direction) (a unit vector and a length for every finite
//! input, `None` for a zero vector), [`box_face_normal`](crate::box_face_normal),
//! [`corner_towards`](crate::corner_towards),
//! [`ContactPoint`](crate::ContactPoint), [`FeatureId`](crate::FeatureId) and
//! [`Feature`](crate::Feature).

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Aabb, Circle, Manifold};
use glam::Vec2;

/// **Exercise 4.1: circle against circle.** The manifold of circle `a` at
/// `position_a` and circle `b` at `position_b`, or `None` when they are apart.
/// Touching counts.
///
/// Formula (book, chapter 4, "Circles"): the normal runs from centre to centre,
/// `n = (c_B - c_A) / |c_B - c_A|`, and the penetration is `d = r_A + r_B - |c_B -
/// c_A|`. One contact point: the point of A nearest B's centre (on A's surface, or
/// B's centre itself when that is inside A), with that penetration and the id
/// `FeatureId::default()` (both `Whole`).
///
/// Every finite input must give a well-formed manifold or `None`, never a NaN:
/// centres that coincide get the normal `+x` and the penetration `r_A + r_B`;
/// centres so far apart that `c_B - c_A` overflows are apart.
pub fn circle_circle(
    a: &Circle,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    let _ = (a, position_a, b, position_b); // so the stub compiles; delete this line
    todo!(
        "exercise 4.1: circle_circle — see book/src/ch04-manifolds.md, section \"Circles\""
    )
}

/// **Exercise 4.2: box against circle.** The manifold of the axis-aligned box `a`
/// at `position_a` and circle `b` at `position_b`, normal from the box to the
/// circle, or `None` when they are apart. Touching counts.
///
/// Formula (book, chapter 4, "A box and a circle"): clamp the circle's centre into
/// the box to get the box's nearest point `q`.
///
/// - Centre outside: `n = (c - q) / |c - q|`, `d = r - |c - q|`.
/// - Centre inside (or on the boundary; clamping changed nothing): leave through
///   the *nearest* face (least gap, not the largest coordinate: the box need not be
///   square). The normal is that face's outward normal and `d = r + gap`.
///
/// One contact point, at `q`, with penetration `d`. Its id: A's feature is the face
/// `q` lies on (or `Feature::Vertex(corner_towards(..))` when both coordinates were
/// clamped), B's is `Whole`. (The tests do not check this id; chapter 8 will use
/// ids.) No NaN for any finite input, as in exercise 4.1.
pub fn aabb_circle(
    a: &Aabb,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    let _ = (a, position_a, b, position_b); // so the stub compiles; delete this line
    todo!(
        "exercise 4.2: aabb_circle — see book/src/ch04-manifolds.md, section \"A box and a circle\""
    )
}
