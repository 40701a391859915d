//! # Chapter 12 exercises: the speculative margin and one advancement
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs` or `toi.rs`. Build with `--features exercises` and the whole chapter
//! (the step, the sweep, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch12-continuous --features exercises              # judge your code
//! cargo run --release -p ch12-continuous --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch12-continuous.md). To start again from
//! the stubs: `git checkout -- chapters/12-continuous/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::toi::Sweep;
use glam::Vec2;

/// **Exercise 12.1: the speculative margin.** Return the farthest any point of a
/// body can move in `dt`: its centre moves at `velocity`, and it turns at `spin`
/// rad/s, so a point `reach` from the centre moves at most `|spin| reach` more.
/// Book, chapter 12, "Speculative contacts".
pub fn motion_bound(velocity: Vec2, spin: f32, reach: f32, dt: f32) -> f32 {
    let _ = (velocity, spin, reach, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 12.1: motion_bound — see book/src/ch12-continuous.md, section \"Speculative contacts\""
    )
}

/// **Exercise 12.2 (a): the closing speed.** Return the fastest any point of A,
/// within `reach` of its centre, can close on B along the unit direction `n` (from
/// A towards B), per unit of the path's `t`: the centre's whole displacement along
/// `n`, and the most the whole turn can carry a point. Book, chapter 12, "Time of
/// impact".
pub fn closing_speed(path: &Sweep, n: Vec2, reach: f32) -> f32 {
    let _ = (path, n, reach); // so the stub compiles; delete this line
    todo!(
        "exercise 12.2: closing_speed — see book/src/ch12-continuous.md, section \"Time of impact\""
    )
}

/// **Exercise 12.2 (b): one advancement.** From `t`, with the surfaces `gap` apart
/// and closing at most at `closing` per unit of `t`, return the time at which they
/// could first be `crate::toi::TARGET` apart. Book, chapter 12, "Time of impact".
pub fn advance(t: f32, gap: f32, closing: f32) -> f32 {
    let _ = (t, gap, closing); // so the stub compiles; delete this line
    todo!(
        "exercise 12.2: advance — see book/src/ch12-continuous.md, section \"Time of impact\""
    )
}
