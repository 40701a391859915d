//! # Chapter 14: going wide (in progress)
//!
//! Chapter 10's solver walks the contacts one at a time, each using the
//! velocities the one before left: Gauss-Seidel, a chain in which every
//! row waits for the last. Two rows that share no moving body do not
//! depend on each other, though, and could be solved at once. This
//! chapter's first piece finds such groups:
//!
//! 1. **Graph colouring** ([`colour`]): each contact gets a colour, and no
//!    two contacts of one colour share a moving body. Within a colour the
//!    order no longer matters, so a colour's rows can be solved side by side
//!    in SIMD lanes, or split across threads, and give the same result as
//!    one after another.
//!
//! The wide rows, the threads, the demos and the book's page are still to
//! come.

pub mod colour;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used in place of
// the reference ones, by everything, when built with `--features exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use colour::{COLOURS, Colouring, OVERFLOW, colour};
