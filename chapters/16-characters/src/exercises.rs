//! # Chapter 16 exercises: the plane solve, and one pass of a spring
//!
//! The functions below are stubs standing in for the reference ones. Build
//! with `--features exercises` and the whole chapter (the world, the demos,
//! the tests) uses these instead:
//!
//! ```text
//! cargo test -p ch16-characters --features exercises              # judge your code
//! cargo run --release -p ch16-characters --features exercises     # watch it
//! ```
//!
//! 16.1 is a derivation: the page sets out the problem (the move nearest the
//! one wanted that keeps outside every plane) and the two-plane case; you write
//! the sweeps that solve it. 16.2 is a warm-up: the page gives a spring's three
//! numbers; you write the one pass of a row that uses them. Replace each `let _ =
//! ...; todo!(...)` with your code. Hints, in steps, are folded in the book's
//! "Exercises" section (book/src/ch16-characters.md), each followed by the
//! reference, folded too. `tests/exercises.rs` judges each exercise on its own. To
//! start again from the stubs: `git checkout -- chapters/16-characters/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::mover::Plane;
use crate::springs::SpringRow;
use ch10_soft_step::{Body, Soft};
use glam::Vec2;

/// **Exercise 16.1: the plane solve.** The translation nearest `target` that
/// keeps the mover at least `crate::mover::GAP` outside every plane, the plane
/// pushing no more than its `push_limit`; set each plane's `push` to how far it
/// pushed. Sweep over the planes (at most `crate::mover::PLANE_ITERATIONS`
/// sweeps, stopping once a sweep's pushes add up to less than
/// `crate::mover::PLANE_TOLERANCE`). Book, chapter 16, "The plane solve".
pub fn solve_planes(target: Vec2, planes: &mut [Plane]) -> Vec2 {
    let _ = (target, planes); // so the stub compiles; delete this line
    todo!(
        "exercise 16.1: solve_planes — see book/src/ch16-characters.md, section \"The plane solve\""
    )
}

/// **Exercise 16.2: one pass of a spring's row.** Apply to `a` and `b` the
/// impulse that moves the row's velocity `J v` towards `row.speed - s.bias_rate
/// row.c`, scaled by `s.mass_scale`, less `s.impulse_scale` of the impulse the
/// row has accumulated (`row.impulse`); keep the accumulated impulse within
/// `lo..=hi`. A row with no mass does nothing. Book, chapter 16, "Springs you
/// choose".
pub fn solve_row(
    row: &mut SpringRow,
    s: Soft,
    (lo, hi): (f32, f32),
    a: &mut Body,
    b: &mut Body,
) {
    let _ = (row, s, lo, hi, a, b); // so the stub compiles; delete this line
    todo!(
        "exercise 16.2: solve_row — see book/src/ch16-characters.md, section \"Springs you choose\""
    )
}
