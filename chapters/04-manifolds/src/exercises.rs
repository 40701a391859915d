//! # Chapter 4 exercises: manifolds for circles, a box and a circle, a capsule
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
//! book's "Exercises" section (book/src/ch04-manifolds.md), in steps, each closer to
//! the code. `lib.rs` holds the reference answers: try first. To start again from
//! the stubs: `git checkout -- chapters/04-manifolds/src/exercises.rs`. The tests
//! that judge each exercise on its own are in `tests/exercises.rs`; a failure names
//! the quantity that is wrong, the case, and the section of the page to reread.
//!
//! Useful pieces from `lib.rs`: [`Manifold::new`](crate::Manifold::new) (it refuses
//! a normal that is not unit length or a value that is not finite),
//! [`direction`](crate::direction) (a unit vector and a length for every finite
//! input, `None` for a zero vector), [`box_face_normal`](crate::box_face_normal),
//! [`corner_towards`](crate::corner_towards),
//! [`ContactPoint`](crate::ContactPoint), [`FeatureId`](crate::FeatureId) and
//! [`Feature`](crate::Feature).

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub is
// filled in, nothing calls it; the `allow` keeps that from warning at every build.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Aabb, Capsule, Circle, Manifold};
use glam::Vec2;

/// **Exercise 4.1: circle against circle.** The manifold of circle `a` at
/// `position_a` and circle `b` at `position_b`, or `None` when they are apart.
/// Touching counts.
///
/// Its unit normal points from A to B, its penetration is how far B must move along
/// it to just touch A (book, chapter 4, "Circles"). One contact point: the point of
/// A nearest B's centre (on A's surface, or B's centre itself when that is inside
/// A), with that penetration and the id `FeatureId::default()` (both `Whole`).
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
/// Derive the normal and the penetration from the box's point `q` nearest the
/// circle's centre (book, chapter 4, "A box and a circle"), in both cases: the
/// centre outside the box, and the centre inside it (or on its boundary), where the
/// circle leaves through the nearest face. The box need not be square.
///
/// One contact point, at `q`, with the penetration. Its id: A's feature is the face
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

/// **Exercise 4.3: capsule against circle.** A challenge. The manifold of the
/// capsule `a` at `position_a` (every point within `a.radius` of the segment from
/// `position_a - a.half_segment` to `position_a + a.half_segment`, turned any way)
/// and the circle `b` at `position_b`, normal from the capsule to the circle, or
/// `None` when they are apart. Touching counts.
///
/// One contact point, the point of A nearest B's centre (B's centre itself when
/// that is inside A), with the penetration. A centre beside the segment, however
/// near it (a rounding error off it, say), is pushed straight across it; one on the
/// segment itself gets the segment's counter-clockwise normal, `half_segment.perp()`
/// made unit, or `+x` for a capsule of zero length, which is a circle. Its id: A's feature is `Vertex(0)` at the `-half_segment` end,
/// `Vertex(1)` at the other and `Face(0)` along the side (`Whole` for a capsule of
/// zero length), B's is `Whole`; the tests do not check the id. No NaN for any
/// finite input, as in exercise 4.1. Book, chapter 4, "Exercise 4.3", where the
/// challenge is set out.
pub fn capsule_circle(
    a: &Capsule,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    let _ = (a, position_a, b, position_b); // so the stub compiles; delete this line
    todo!(
        "exercise 4.3: capsule_circle — see book/src/ch04-manifolds.md, section \"Exercise 4.3: capsule against circle\""
    )
}
