//! # Chapter 11 exercises: a support point and a polygon's mass properties
//!
//! Each function below is a stub with the same signature as the reference one in
//! `shapes.rs`. Build with `--features exercises` and the whole chapter (the narrow
//! phase, the bodies, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch11-polygons --features exercises              # judge your code
//! cargo run --release -p ch11-polygons --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch11-polygons.md). To start again from the
//! stubs: `git checkout -- chapters/11-polygons/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{MassProperties, Polygon};
use glam::Vec2;

/// **Exercise 11.1: a support point.** Return the index of the corner of `corners`
/// farthest along `direction` (the largest `corner . direction`); of two equally
/// far, the first. Book, chapter 11, "Support points".
pub fn support(corners: &[Vec2], direction: Vec2) -> usize {
    let _ = (corners, direction); // so the stub compiles; delete this line
    todo!(
        "exercise 11.1: support — see book/src/ch11-polygons.md, section \"Support points\""
    )
}

/// **Exercise 11.2: a polygon's mass properties.** Return the area, the centroid
/// and the polar second moment of area about the centroid of `p` (its `corners()`
/// counter-clockwise; take `p.radius` as 0 first, then add the rounding). Cut the
/// polygon into triangles from its first corner `o`: a triangle `o, o + e1, o + e2`
/// has area `cross(e1, e2) / 2`, centroid `o + (e1 + e2) / 3` and second moment
/// about `o` of `area (e1.e1 + e1.e2 + e2.e2) / 6`. Sum areas and first moments,
/// divide for the centroid, and move the second moment to it with the parallel-axis
/// theorem. Book, chapter 11, "Mass properties".
pub fn polygon_mass(p: &Polygon) -> MassProperties {
    let _ = p; // so the stub compiles; delete this line
    todo!(
        "exercise 11.2: polygon_mass — see book/src/ch11-polygons.md, section \"Mass properties\""
    )
}
