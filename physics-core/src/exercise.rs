//! How an exercise stub stops.
//!
//! A stub that stops with `std::todo!` prints its message each time it is reached,
//! and proptest reaches a failing property's stub again and again while it shrinks
//! the case: one test run printed the same message 79 times. Each chapter's
//! `exercises.rs` defines its own `todo!`, which calls [`todo()`]: the first stop at
//! an exercise in a test process prints `not yet implemented: exercise N.k ...` as
//! `std::todo!` would, and later stops at it unwind with the same message without
//! printing it again.

use std::collections::BTreeSet;
use std::sync::Mutex;

/// The exercises stopped at so far in this process.
static SHOWN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

/// Stop at the exercise `message` names: `not yet implemented: {message}`, printed
/// the first time only.
pub fn todo(message: &'static str) -> ! {
    let first = SHOWN.lock().map(|mut s| s.insert(message)).unwrap_or(true);
    let text = format!("not yet implemented: {message}");
    if first {
        panic!("{text}");
    }
    std::panic::resume_unwind(Box::new(text))
}
