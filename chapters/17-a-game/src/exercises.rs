//! # Chapter 17 exercises: drawing between two states, a hash that catches
//! a drift, and the accumulator
//!
//! The functions below are stubs standing in for the reference ones in
//! `frame.rs` and `replay.rs`. Build with `--features exercises` and the whole
//! chapter (the game, its demos, its tests) uses these instead:
//!
//! ```text
//! cargo test -p ch17-a-game --features exercises              # judge your code
//! cargo run --release -p ch17-a-game --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints, in steps, are
//! folded in the book's "Exercises" section (book/src/ch17-a-game.md), each
//! followed by the reference, folded too. `tests/exercises.rs` judges each
//! exercise on its own. To start again from the stubs:
//! `git checkout -- chapters/17-a-game/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::World;
use crate::frame::{Clock, Pose};

/// **Exercise 17.1: drawing between two states.** The pose `t` of the way
/// (0 to 1) from `a` to `b`: the position on the segment between theirs, the
/// angle turned from `a`'s the short way round to `b`'s. Neither may ever be
/// outside what lies between its two ends, even by a rounding. Book, chapter
/// 17, "Drawing between two states".
pub fn lerp_pose(a: Pose, b: Pose, t: f32) -> Pose {
    let _ = (a, b, t); // so the stub compiles; delete this line
    todo!(
        "exercise 17.1: lerp_pose — see book/src/ch17-a-game.md, section \"Drawing between two states\""
    )
}

/// **Exercise 17.2: a hash that catches a drift.** A 64-bit fingerprint of
/// `world`: every body's position, angle, velocity and spin, bit for bit, in
/// the bodies' order, so that two worlds that differ in one bit of one body
/// hash apart. Book, chapter 17, "Replays".
pub fn state_hash(world: &World) -> u64 {
    let _ = world; // so the stub compiles; delete this line
    todo!(
        "exercise 17.2: state_hash — see book/src/ch17-a-game.md, section \"Replays\""
    )
}

/// **Exercise 17.3: the accumulator.** Bank a frame's `seconds` of real time
/// in `clock.banked` (whole nanoseconds: [`crate::frame::nanoseconds`]) and
/// return how many whole steps of `clock.step` it buys now, taking them out
/// of the bank; what stays is less than a step. A frame that would buy more
/// than `clock.max_steps` takes that many, and the time it cannot pay for is
/// dropped, not owed. Book, chapter 17, "The game loop".
pub fn bank(clock: &mut Clock, seconds: f32) -> u32 {
    let _ = (clock, seconds); // so the stub compiles; delete this line
    todo!(
        "exercise 17.3: bank — see book/src/ch17-a-game.md, section \"The game loop\""
    )
}
