//! # Chapter 15 exercises: the filter rule, and a body's mass from its shapes
//!
//! The functions below are stubs standing in for the reference ones in
//! `shapes.rs`. Build with `--features exercises` and the whole chapter (the
//! world, the demos, the tests) uses these instead:
//!
//! ```text
//! cargo test -p ch15-game-api --features exercises              # judge your code
//! cargo run --release -p ch15-game-api --features exercises     # watch it
//! ```
//!
//! 15.1 is a warm-up: the page states the rule, and you write it. 15.2 is a
//! derivation: the page gives the idea (each shape's own moment, carried to the
//! body's centre), and you derive and write the sums. Replace each `let _ = ...;
//! todo!(...)` with your code. Hints, in steps, are folded in the book's
//! "Exercises" section (book/src/ch15-game-api.md), each followed by the
//! reference, folded too. `tests/exercises.rs` judges each exercise on its own. To
//! start again from the stubs: `git checkout -- chapters/15-game-api/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::shapes::{BodyMass, Filter, ShapeDef};

/// **Exercise 15.1: the filter rule.** Whether two shapes filtered by `a` and `b`
/// collide: by their groups where they share one, else by each one's category
/// against the other's mask. Book, chapter 15, "Which shapes meet".
pub fn should_collide(a: &Filter, b: &Filter) -> bool {
    let _ = (a, b); // so the stub compiles; delete this line
    todo!(
        "exercise 15.1: should_collide — see book/src/ch15-game-api.md, section \"Which shapes meet\""
    )
}

/// **Exercise 15.2: a body's mass from its shapes.** The mass, the centre of mass
/// (in the body's own frame) and the moment of inertia about that centre of a body
/// made of `shapes`. `crate::shapes::piece(def)` gives one shape's mass, its
/// centroid in the body's frame and its moment about that centroid. A body with no
/// mass has `BodyMass::default()`. Book, chapter 15, "One body, many shapes".
pub fn body_mass<'a>(
    shapes: impl Iterator<Item = &'a ShapeDef> + Clone,
) -> BodyMass {
    let _ = shapes; // so the stub compiles; delete this line
    todo!(
        "exercise 15.2: body_mass — see book/src/ch15-game-api.md, section \"One body, many shapes\""
    )
}

/// **Exercise 15.3: a one-way platform.** A challenge. Whether a contact with a
/// one-way platform whose up is `up` holds, given the contact's `normal` from the
/// platform to the other shape and the other shape's `velocity` relative to the
/// platform: a shape that comes down onto the platform lands and rests on it, a
/// shape that comes up from below passes through whole, and one that meets its end
/// from the side passes too. Book, chapter 15, "Exercise 15.3: a one-way platform",
/// where the challenge is set out.
pub fn one_way_keeps(
    up: glam::Vec2,
    normal: glam::Vec2,
    velocity: glam::Vec2,
) -> bool {
    let _ = (up, normal, velocity); // so the stub compiles; delete this line
    todo!(
        "exercise 15.3: one_way_keeps — see book/src/ch15-game-api.md, section \"Exercise 15.3: a one-way platform\""
    )
}
