//! # Chapter 1 exercises: write the engine's two halves yourself
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the world's
//! step, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch01-pong-particles --features exercises              # judge your code
//! cargo run --release -p ch01-pong-particles --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch01-pong-particles.md). To start again
//! from the stubs: `git checkout -- chapters/01-pong-particles/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Particle;

/// **Exercise 1.1: integrate.** Move the particle along its velocity for `dt`
/// seconds.
///
/// Formula: `x_{n+1} = x_n + v_n dt` (book, chapter 1, "One step: integrate, then
/// collide"). The velocity does not change.
pub fn integrate(p: &mut Particle, dt: f32) {
    let _ = (p, dt); // the parameters, so the stub compiles without warnings; delete this line
    todo!(
        "exercise 1.1: integrate — see book/src/ch01-pong-particles.md, section \"One step: integrate, then collide\""
    )
}

/// **Exercise 1.2: bounce with the approach check.** Bounce `p` off each wall of
/// the box `[-h, h] x [-h, h]` it has gone through, by flipping the velocity
/// component across that wall, and return how many components were flipped (0, 1 or
/// 2).
///
/// - A particle past the left wall (`x < -h`) or the right wall (`x > h`) gets `v.x
///   = -v.x`; past the floor or the ceiling, `v.y = -v.y`. This is the reflection
///   `v' = v - 2 (v . n) n` for a wall whose inward normal `n` lies along an axis
///   (book, chapter 1, "Bouncing is reflecting").
/// - With `approach_check`, a wall flips only a particle moving *towards* it
///   (outwards, `v . n < 0`); one already on its way back in is left alone. Without
///   it, the wall flips whatever is past it (book, chapter 1, "The approach
///   check").
pub fn bounce_off_walls(p: &mut Particle, h: f32, approach_check: bool) -> u32 {
    let _ = (p, h, approach_check); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 1.2: bounce_off_walls — see book/src/ch01-pong-particles.md, section \"The approach check\""
    )
}
