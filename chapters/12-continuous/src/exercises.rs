//! # Chapter 12 exercises: the speculative margin, one advancement, two moving bodies
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
//! 12.1 is a warm-up: the page says how far a point can move. 12.2 is a
//! derivation: the page gives the idea of conservative advancement, and you derive
//! the bound and the step it allows. 12.3 is a challenge: a time of impact for two
//! moving bodies, which the chapter does not compute. Replace each `let _ = ...;
//! todo!(...)` with your code. Hints, in steps, are folded in the book's
//! "Exercises" section (book/src/ch12-continuous.md), each followed by the
//! reference, folded too. `tests/exercises.rs` judges each exercise on its own. To
//! start again from the stubs: `git checkout --
//! chapters/12-continuous/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Shape;
use crate::toi::{Sweep, Toi};
use glam::Vec2;

/// **Exercise 12.1: the speculative margin.** Return the farthest (m) any point of
/// a body can move in `dt` seconds: its centre moves at `velocity`, and it turns at
/// `spin` rad/s, its points up to `reach` metres from the centre. Book, chapter 12,
/// "Speculative contacts".
pub fn motion_bound(velocity: Vec2, spin: f32, reach: f32, dt: f32) -> f32 {
    let _ = (velocity, spin, reach, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 12.1: motion_bound — see book/src/ch12-continuous.md, section \"Exercise 12.1: the speculative margin\""
    )
}

/// **Exercise 12.2 (a): the closing speed.** Return the fastest any point of A,
/// within `reach` of its centre, can close on B along the unit direction `n` (from
/// A towards B), per unit of the path's `t` (not per second): from what the path
/// does to A's centre and to its angle between `t = 0` and `t = 1`. Book, chapter
/// 12, "Time of impact".
pub fn closing_speed(path: &Sweep, n: Vec2, reach: f32) -> f32 {
    let _ = (path, n, reach); // so the stub compiles; delete this line
    todo!(
        "exercise 12.2: closing_speed — see book/src/ch12-continuous.md, section \"Exercise 12.2: one advancement\""
    )
}

/// **Exercise 12.2 (b): one advancement.** From `t`, with the surfaces `gap` apart
/// and closing at most at `closing` per unit of `t`, return the earliest time at
/// which they could be `crate::toi::TARGET` apart. Book, chapter 12, "Time of
/// impact".
pub fn advance(t: f32, gap: f32, closing: f32) -> f32 {
    let _ = (t, gap, closing); // so the stub compiles; delete this line
    todo!(
        "exercise 12.2: advance — see book/src/ch12-continuous.md, section \"Exercise 12.2: one advancement\""
    )
}

/// **Exercise 12.3: two moving bodies (challenge).** Return when `a`, moving along
/// `path_a`, and `b`, moving along `path_b` over the same step, first come within
/// `crate::toi::TARGET` of each other (to `crate::toi::TOLERANCE`, as
/// `time_of_impact` stops): `Toi::Hit { t, iterations }` with every
/// `t` before it proved clear, `Toi::Miss` if they never do (or move apart), and
/// `Toi::Touching` if they are that close at `t = 0`. Conservative advancement, as
/// `time_of_impact` does it for one moving body, at most
/// `crate::toi::MAX_ITERATIONS` distances. Book, chapter 12, "Exercise 12.3: two
/// moving bodies".
pub fn time_of_impact_moving(
    a: &Shape,
    path_a: &Sweep,
    b: &Shape,
    path_b: &Sweep,
) -> Toi {
    let _ = (a, path_a, b, path_b); // so the stub compiles; delete this line
    todo!(
        "exercise 12.3: time_of_impact_moving — see book/src/ch12-continuous.md, section \"Exercise 12.3: two moving bodies\""
    )
}
