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

/// One exercise, as the tests that judge it name it when they fail.
pub struct Exercise {
    /// Its number and function, `exercise 1.2, bounce_off_walls`.
    pub name: &'static str,
    /// The chapter's page, `book/src/ch01-pong-particles.md`.
    pub page: &'static str,
    /// The sections of the page to reread, quoted.
    pub reread: &'static str,
}

impl Exercise {
    /// The failure message for `quantity`, which came out as `got` in `case`
    /// where `expected` was due: the exercise, the quantity, the case, both
    /// values, and the page's section to reread.
    pub fn wrong(
        &self,
        quantity: &str,
        case: impl std::fmt::Display,
        expected: impl std::fmt::Display,
        got: impl std::fmt::Display,
    ) -> String {
        format!(
            "{}: {quantity} came out wrong\n  case:     {case}\n  expected: {expected}\n  \
             got:      {got}\n  reread:   {}, {}",
            self.name, self.page, self.reread
        )
    }
}
