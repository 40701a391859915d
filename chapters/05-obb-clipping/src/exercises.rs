//! # Chapter 5 exercises: clipping, the incident face, a box against a segment
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the box-box
//! test, `collide`, the world's step, the *inspect* demo, the tests) uses these
//! instead of the reference:
//!
//! ```text
//! cargo test -p ch05-obb-clipping --features exercises              # judge your code
//! cargo run --release -p ch05-obb-clipping --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch05-obb-clipping.md), in steps, each closer
//! to the code. `lib.rs` holds the reference answers: try first. To start again from
//! the stubs: `git checkout -- chapters/05-obb-clipping/src/exercises.rs`. The tests
//! that judge each exercise on its own are in `tests/exercises.rs`; a failure names
//! the quantity that is wrong, the case, and the section of the page to reread.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub is
// filled in, nothing calls it; the `allow` keeps that from warning at every build.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{ClipPoint, Obb, SidePlane, Transform};
use ch04_manifolds::Manifold;
use glam::Vec2;

/// **Exercise 5.1: clip a segment against a side plane.** Sutherland-Hodgman
/// clipping of the segment from `p` to `q` to one plane: keep the part behind it,
/// where `normal . x - offset <= 0`. What is left is again a segment, two points,
/// or nothing.
///
/// - Both ends behind: keep both, `Some([p, q])`.
/// - One end in front: keep the one behind, and replace the other by the point
///   where the segment crosses the plane, which you derive from the ends' signed
///   distances to the plane. Keep the order along the segment.
/// - Both in front: nothing is left, `None`.
///
/// A kept end keeps its features. A crossing point is made by the incident face
/// crossing the reference box's side face: `reference: Feature::Face(plane.face)`,
/// `incident: Feature::Face(incident_face)` (book, chapter 5, "Reference face,
/// incident face, clipping").
pub fn clip_segment(
    [p, q]: [ClipPoint; 2],
    plane: &SidePlane,
    incident_face: u8,
) -> Option<[ClipPoint; 2]> {
    let _ = (p, q, plane, incident_face); // so the stub compiles; delete this line
    todo!(
        "exercise 5.1: clip_segment — see book/src/ch05-obb-clipping.md, section \"Reference face, incident face, clipping\""
    )
}

/// **Exercise 5.2: choose the incident face.** Of the four faces (0 to 3, numbered
/// as in chapter 4: +x, +y, -x, -y) of the box placed by `incident`, the one most
/// turned against the reference face's outward normal `reference_normal` (world
/// coordinates), as the book defines it (chapter 5, "Reference face, incident face,
/// clipping"). On a tie, the lower face number wins. The face normals are simplest
/// in the box's own frame (`crate::box_face_normal`; book, chapter 5, "Rotation and
/// the change of basis").
pub fn incident_face(reference_normal: Vec2, incident: &Transform) -> u8 {
    let _ = (reference_normal, incident); // so the stub compiles; delete this line
    todo!(
        "exercise 5.2: incident_face — see book/src/ch05-obb-clipping.md, section \"Reference face, incident face, clipping\""
    )
}

/// **Exercise 5.3: a box against a segment.** A challenge. The manifold of the box
/// `a` placed by `ta` and the segment from `ends[0]` to `ends[1]` (world
/// coordinates; a shape with no thickness, such as an edge of the ground), normal
/// from the box to the segment, or `None` when they are apart or the ends coincide.
/// Touching counts.
///
/// Build it the way the chapter builds two boxes' manifold: the separating-axis
/// test over the axes these two shapes have, the axis of least penetration chosen
/// with `AxisBias::DEFAULT` (the segment's normal first, so that it is kept unless
/// a box axis is clearly better), then a reference face, an incident face, clipping
/// (your `clip_segment` and `incident_face` may help) and the points behind the
/// reference face, each with its own depth: one or two contact points. The tests do
/// not check the feature ids. Book, chapter 5, "Exercise 5.3", where the challenge
/// is set out.
pub fn obb_segment(a: &Obb, ta: &Transform, ends: [Vec2; 2]) -> Option<Manifold> {
    let _ = (a, ta, ends); // so the stub compiles; delete this line
    todo!(
        "exercise 5.3: obb_segment — see book/src/ch05-obb-clipping.md, section \"Exercise 5.3: a box against a segment\""
    )
}
