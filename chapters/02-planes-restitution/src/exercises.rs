//! # Chapter 2 exercises: bounce off any plane, under gravity
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the world's
//! step and turn, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch02-planes-restitution --features exercises              # judge your code
//! cargo run --release -p ch02-planes-restitution --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch02-planes-restitution.md). To start again
//! from the stubs: `git checkout --
//! chapters/02-planes-restitution/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Plane;
use glam::Vec2;

/// **Exercise 2.1: reflection with restitution.** The velocity after a bounce off a
/// surface with unit `normal`: the part of `velocity` along the normal is reversed
/// and scaled by `restitution` (`e`), the part along the surface is kept.
///
/// Formula: `v' = v - (1 + e) (v . n) n` (book, chapter 2, "Reflection with
/// restitution"). With `e = 1` it is chapter 1's mirror reflection; with `e = 0`
/// only the sliding part is left.
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    let _ = (velocity, normal, restitution); // so the stub compiles; delete this line
    todo!(
        "exercise 2.1: reflect — see book/src/ch02-planes-restitution.md, section \"Reflection with restitution\""
    )
}

/// **Exercise 2.2: semi-implicit Euler.** Advance a particle under `gravity` for
/// `dt` seconds: gravity changes the velocity first, then the *new* velocity moves
/// the position.
///
/// Formula: `v += g dt`, then `x += v dt` (book, chapter 2, "Gravity, and the order
/// of the updates").
pub fn integrate(position: &mut Vec2, velocity: &mut Vec2, gravity: Vec2, dt: f32) {
    let _ = (position, velocity, gravity, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 2.2: integrate — see book/src/ch02-planes-restitution.md, section \"Gravity, and the order of the updates\""
    )
}

/// **Exercise 2.3: the push-back.** Move a point that is behind `plane` back onto
/// it, along the plane's normal, by how far it is behind; leave a point on the free
/// side where it is.
///
/// Formula: `x += max(0, -(n . x - offset)) n`, with `n` the plane's unit normal
/// (book, chapter 2, "Pushing back"). `Plane` already has `distance` and
/// `penetration`.
pub fn push_back(position: &mut Vec2, plane: &Plane) {
    let _ = (position, plane); // so the stub compiles; delete this line
    todo!(
        "exercise 2.3: push_back — see book/src/ch02-planes-restitution.md, section \"Pushing back\""
    )
}
