//! # Chapter 16 exercises: the plane solve, and a spring's soft constraint
//!
//! The functions below are stubs standing in for the reference ones. Build
//! with `--features exercises` and the whole chapter (the world, the demos,
//! the tests) uses these instead:
//!
//! ```text
//! cargo test -p ch16-characters --features exercises              # judge your code
//! cargo run --release -p ch16-characters --features exercises     # watch it
//! ```
