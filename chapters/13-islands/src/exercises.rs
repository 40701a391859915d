//! # Chapter 13 exercises: a ray against a disc, and the island union-find
//!
//! Each function below is a stub standing in for the reference one in `ray.rs` or
//! `islands.rs`. Build with `--features exercises` and the whole chapter uses these
//! instead:
//!
//! ```text
//! cargo test -p ch13-islands --features exercises     # judge your code
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. To start again from the
//! stubs: `git checkout -- chapters/13-islands/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::ray::RayHit;
use glam::Vec2;

/// **Exercise 13.1: a ray against a disc.** Where the ray `o + s d`, `s` from 0 to
/// 1, first enters the disc of `radius` at `centre`: solve `|o + s d - centre|^2 =
/// radius^2` for its smaller root. `None` if it misses, points away, ends before
/// the disc, or starts inside. Return the fraction `s`, the point, and the outward
/// unit normal there.
pub fn ray_circle(o: Vec2, d: Vec2, centre: Vec2, radius: f32) -> Option<RayHit> {
    let _ = (o, d, centre, radius); // so the stub compiles; delete this line
    todo!(
        "exercise 13.1: ray_circle — see chapters/13-islands/src/ray.rs's module doc"
    )
}

/// **Exercise 13.2 (a): find.** The representative of `i`'s set: follow `parent`
/// until an item is its own parent. Halve the path on the way (point each item you
/// pass at its grandparent).
pub fn find(parent: &mut [usize], i: usize) -> usize {
    let _ = (parent, i); // so the stub compiles; delete this line
    todo!(
        "exercise 13.2: find — see chapters/13-islands/src/islands.rs's module doc"
    )
}

/// **Exercise 13.2 (b): union.** Merge the sets of `a` and `b`: find both
/// representatives; if they differ, point the one of the smaller set (`size` counts
/// each representative's set) at the other and add the sizes.
pub fn union(parent: &mut [usize], size: &mut [usize], a: usize, b: usize) {
    let _ = (parent, size, a, b); // so the stub compiles; delete this line
    todo!(
        "exercise 13.2: union — see chapters/13-islands/src/islands.rs's module doc"
    )
}
