//! # Chapter 13 exercises: a ray against a disc, the island union-find, the nearest body
//!
//! Each function below is a stub with the same signature as the reference one in
//! `ray.rs`, `islands.rs` or `tree.rs`. Build with `--features exercises` and the
//! whole chapter (ray casts, islands, queries, the demos and the tests) uses these
//! instead of the reference:
//!
//! ```text
//! cargo test -p ch13-islands --features exercises              # judge your code
//! cargo run --release -p ch13-islands --features exercises     # watch it
//! ```
//!
//! 13.1 is a warm-up: the page derives the quadratic. 13.2 is a derivation: the
//! page gives the ideas of path halving and union by size, and you turn them into
//! code. 13.3 is a challenge: a query the tree does not have, the nearest body to a
//! point. Replace each `let _ = ...; todo!(...)` with your code. Hints, in steps,
//! are folded in the book's "Exercises" section (book/src/ch13-islands.md), each
//! followed by the reference, folded too. `tests/exercises.rs` judges each exercise
//! on its own. To start again from the stubs: `git checkout --
//! chapters/13-islands/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::ray::RayHit;
use crate::tree::Tree;
use glam::Vec2;

/// **Exercise 13.1: a ray against a disc.** Where the ray `o + s d`, `s` from 0 to
/// 1, first enters the disc of `radius` at `centre`: the fraction `s`, the point,
/// and the outward unit normal there. `None` if it misses, points away, ends before
/// the disc, or starts inside. Book, chapter 13, "Ray casts through the tree".
pub fn ray_circle(o: Vec2, d: Vec2, centre: Vec2, radius: f32) -> Option<RayHit> {
    let _ = (o, d, centre, radius); // so the stub compiles; delete this line
    todo!(
        "exercise 13.1: ray_circle — see book/src/ch13-islands.md, section \"Exercise 13.1: a ray against a disc\""
    )
}

/// **Exercise 13.2 (a): find.** The representative of `i`'s set: `parent[j]` is
/// the item `j` points towards, and a representative points at itself. Make later
/// walks shorter on the way, by path halving. Book, chapter 13, "Islands".
pub fn find(parent: &mut [usize], i: usize) -> usize {
    let _ = (parent, i); // so the stub compiles; delete this line
    todo!(
        "exercise 13.2: find — see book/src/ch13-islands.md, section \"Exercise 13.2: the island union-find\""
    )
}

/// **Exercise 13.2 (b): union.** Merge the sets of `a` and `b`, by size: `size[r]`
/// counts the items of the set whose representative is `r`, and must stay right
/// for the new representative. Book, chapter 13, "Islands".
pub fn union(parent: &mut [usize], size: &mut [usize], a: usize, b: usize) {
    let _ = (parent, size, a, b); // so the stub compiles; delete this line
    todo!(
        "exercise 13.2: union — see book/src/ch13-islands.md, section \"Exercise 13.2: the island union-find\""
    )
}

/// **Exercise 13.3: the nearest body (challenge).** Return the item of `tree`
/// nearest `point`, with its distance, or `None` for an empty tree. `distance(item)`
/// measures an item's own distance (a body's surface from the point), which is
/// never less than the distance to its leaf's box. Of items equally near, return
/// the lowest. Walk the tree with `Tree::root`, `Tree::children`, `Tree::bounds` and
/// `Tree::item`, and call `distance` on as few leaves as you can. Book, chapter 13,
/// "Exercise 13.3: the nearest body".
pub fn nearest(
    tree: &Tree,
    point: Vec2,
    distance: impl FnMut(usize) -> f32,
) -> Option<(usize, f32)> {
    let _ = (tree, point, distance); // so the stub compiles; delete this line
    todo!(
        "exercise 13.3: nearest — see book/src/ch13-islands.md, section \"Exercise 13.3: the nearest body\""
    )
}
