//! # Chapter 14 exercises: the greedy colouring and one wide row
//!
//! The functions below are stubs standing in for the reference ones in
//! `colour.rs` and `kernels.rs`. Build with `--features exercises` and the whole
//! chapter uses it instead:
//!
//! ```text
//! cargo test -p ch14-wide-solver --features exercises     # judge your code
//! ```
//!
//! Replace the `let _ = ...; todo!(...)` with your code. To start again from the
//! stub: `git checkout -- chapters/14-wide-solver/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

/// **Exercise 14.1: the first free colour.** `taken` has bit `c` set when colour
/// `c` is already used by one of a constraint's two bodies. Return the lowest
/// colour below `COLOURS` whose bit is clear, or `OVERFLOW` when every one is
/// taken.
pub fn first_free(taken: u32) -> u8 {
    let _ = taken; // so the stub compiles; delete this line
    todo!(
        "exercise 14.1: first_free — see chapters/14-wide-solver/src/colour.rs's module doc"
    )
}

/// **Exercise 14.2: one normal row, for one lane or eight.** Add the soft impulse
/// `mass * error - impulse_scale * total` to the accumulated `total`, keep the new
/// total at or above 0 (with `Lane::max`), and return the new total and what was
/// applied (new minus old). Written with the `Lane` operations only, the same lines
/// serve `f32` and `F32x8`.
pub fn normal_row<T: crate::Lane>(
    mass: T,
    error: T,
    impulse_scale: T,
    total: T,
) -> (T, T) {
    let _ = (mass, error, impulse_scale); // so the stub compiles; delete this line
    let _ = total;
    todo!(
        "exercise 14.2: normal_row — see chapters/14-wide-solver/src/kernels.rs, `solve`"
    )
}
