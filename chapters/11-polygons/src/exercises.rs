//! # Chapter 11 exercises: a support point, a polygon's mass properties, buoyancy
//!
//! Each function below is a stub with the same signature as the reference one in
//! `shapes.rs` or `water.rs`. Build with `--features exercises` and the whole
//! chapter (the narrow phase, the bodies, the demos, the tests) uses these instead
//! of the reference:
//!
//! ```text
//! cargo test -p ch11-polygons --features exercises              # judge your code
//! cargo run --release -p ch11-polygons --features exercises     # watch it
//! ```
//!
//! 11.1 is a warm-up: the page says what a support point is. 11.2 is a
//! derivation: the page sets up the integrals, and you derive a triangle's
//! centroid and second moment. 11.3 is a challenge: water, which the chapter does
//! not have. Replace each `let _ = ...; todo!(...)` with your code. Hints, in
//! steps, are folded in the book's "Exercises" section
//! (book/src/ch11-polygons.md), each followed by the reference, folded too.
//! `tests/exercises.rs` and `tests/mass.rs` judge them on their own. To start
//! again from the stubs: `git checkout -- chapters/11-polygons/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{MassProperties, Polygon, Shape};
use ch05_obb_clipping::Transform;
use glam::Vec2;

/// **Exercise 11.1: a support point.** Return the index of the corner of `corners`
/// farthest along `direction` (the largest `corner . direction`); of two equally
/// far, the first. Book, chapter 11, "Support points".
pub fn support(corners: &[Vec2], direction: Vec2) -> usize {
    let _ = (corners, direction); // so the stub compiles; delete this line
    todo!(
        "exercise 11.1: support — see book/src/ch11-polygons.md, section \"Exercise 11.1: a support point\""
    )
}

/// **Exercise 11.2: a polygon's mass properties.** Return the area, the centroid
/// and the polar second moment of area about the centroid of `p` (its `corners()`
/// counter-clockwise, in its own frame), with its rounding `p.radius`. Cut the
/// polygon into triangles from its first corner and derive, from the page's
/// integrals, each triangle's area, centroid and second moment about that corner.
/// Add the pieces' areas, first moments and second moments about one point, and
/// move the total second moment to the centroid. For the rounding, the page gives
/// the strips; a wedge of angle `t` of a disc of radius `r` at a corner has area
/// `t r^2 / 2`, its centroid `4 r sin(t / 2) / (3 t)` from the corner along the
/// wedge's bisector, and second moment `t r^4 / 4` about the corner; its angle is
/// the turn between the normals (`p.normals`) of the corner's two edges. Book,
/// chapter 11, "Mass properties".
pub fn polygon_mass(p: &Polygon) -> MassProperties {
    let _ = p; // so the stub compiles; delete this line
    todo!(
        "exercise 11.2: polygon_mass — see book/src/ch11-polygons.md, section \"Exercise 11.2: a polygon's mass properties\""
    )
}

/// **Exercise 11.3: buoyancy (challenge).** Return the area (m^2) and the centroid
/// (world coordinates) of the part of `shape`, placed by `t`, that lies below the
/// height `level`, or `None` if no area does. The water pushes up on that part with
/// the weight of the water it displaces, at its centroid. Only polygons count, and
/// only their core: leave the rounding out (a capsule then has none), and return
/// `None` for a disc. Book, chapter 11, "Exercise 11.3: buoyancy".
pub fn submerged(shape: &Shape, t: &Transform, level: f32) -> Option<(f32, Vec2)> {
    let _ = (shape, t, level); // so the stub compiles; delete this line
    todo!(
        "exercise 11.3: submerged — see book/src/ch11-polygons.md, section \"Exercise 11.3: buoyancy\""
    )
}
