//! # Chapter 14 exercises: colours, rows in lanes, and a colouring of your own
//!
//! The functions below are stubs standing in for the reference ones in
//! `colour.rs` and `kernels.rs`. Build with `--features exercises` and the whole
//! chapter (the colouring, the wide solver, the demos, the tests) uses these
//! instead:
//!
//! ```text
//! cargo test -p ch14-wide-solver --features exercises              # judge your code
//! cargo run --release -p ch14-wide-solver --features exercises     # watch it
//! ```
//!
//! 14.1 and 14.2 are warm-ups: the page says what they do. 14.4 is a derivation:
//! the page says how a branch becomes a choice lane by lane, and you derive chapter
//! 10's contact target without one. 14.5 is a challenge: a colouring rule the
//! chapter does not use. (14.3, on the book's page, is a question with no stub.)
//! Replace each `let _ = ...; todo!(...)` with your code. Hints, in steps, are
//! folded in the book's "Exercises" section (book/src/ch14-wide-solver.md), each
//! followed by the reference, folded too. `tests/exercises.rs` judges each
//! exercise on its own. To start again from the stubs: `git checkout --
//! chapters/14-wide-solver/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Lane;
use crate::colour::{COLOURS, OVERFLOW};
use ch10_soft_step::Soft;

/// **Exercise 14.1: the first free colour.** `taken` has bit `c` set when colour
/// `c` is already used by one of a constraint's two bodies (or may not be used).
/// Return the lowest colour below `COLOURS` whose bit is clear, or `OVERFLOW` when
/// every one is taken. Book, chapter 14, "Colouring the constraint graph".
pub fn first_free(taken: u32) -> u8 {
    let _ = (taken, COLOURS, OVERFLOW); // so the stub compiles; delete this line
    todo!(
        "exercise 14.1: first_free — see book/src/ch14-wide-solver.md, section \"Exercise 14.1: the first free colour\""
    )
}

/// **Exercise 14.2: one normal row, for one lane or eight.** A contact's normal row
/// has accumulated `total` N s this substep. Add chapter 10's soft impulse for this
/// pass (`mass` is the effective mass times the mass scale, `error` the target
/// velocity less the row's velocity now, and `impulse_scale` how much of the total
/// the spring gives back), keep the new total at or above 0, and return the new
/// total and what was applied. Use the `Lane` operations only, so that the same
/// lines serve `f32` and `F32x8`. Book, chapter 14, "Rows in lanes".
pub fn normal_row<T: Lane>(
    mass: T,
    error: T,
    impulse_scale: T,
    total: T,
) -> (T, T) {
    let _ = (mass, error, impulse_scale, total); // so the stub compiles; delete this line
    todo!(
        "exercise 14.2: normal_row — see book/src/ch14-wide-solver.md, section \"Exercise 14.2: one normal row, for one lane or eight\""
    )
}

/// **Exercise 14.4: a contact's target, lane by lane.** Chapter 10's
/// `contact_target`, for a lane of separations `s` (m, negative when
/// overlapping) in a substep whose inverse is `inv_h`, with the contact's softness
/// `soft` (already rigid at 0 in the relax pass, so `use_bias` is gone) and the
/// push-out cap `push_out` (m/s). Return, for each lane, the target velocity, the
/// mass scale and the impulse scale. Some lanes are apart and some overlap, so
/// there can be no `if` on `s`: only `Lane` operations. Book, chapter 14, "Rows
/// in lanes".
pub fn target_in_lanes<T: Lane>(
    s: T,
    inv_h: f32,
    soft: &Soft,
    push_out: f32,
) -> (T, T, T) {
    let _ = (s, inv_h, soft, push_out); // so the stub compiles; delete this line
    todo!(
        "exercise 14.4: target_in_lanes — see book/src/ch14-wide-solver.md, section \"Exercise 14.4: a contact's target, lane by lane\""
    )
}

/// **Exercise 14.5: a balanced colouring (challenge).** `taken` has bit `c` set
/// for each colour a new contact may not take; `counts[c]` is how many contacts
/// colour `c` holds so far. Return the free colour holding the fewest (the lowest
/// of a tie), or `OVERFLOW` when every colour below `COLOURS` is taken. With
/// `Wide::balance` on, the colouring gives every new contact between moving bodies
/// this colour instead of the lowest free one. Book, chapter 14, "Exercise 14.5: a
/// balanced colouring".
pub fn least_used(taken: u32, counts: &[usize; COLOURS]) -> u8 {
    let _ = (taken, counts); // so the stub compiles; delete this line
    todo!(
        "exercise 14.5: least_used — see book/src/ch14-wide-solver.md, section \"Exercise 14.5: a balanced colouring\""
    )
}
