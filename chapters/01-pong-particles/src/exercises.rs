//! # Chapter 1 exercises: the engine's two halves, the time of impact, bounces within a step
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
//! book's "Exercises" section (book/src/ch01-pong-particles.md), in steps, each
//! closer to the code. `lib.rs` holds the reference answers: try first. To start
//! again from the stubs: `git checkout -- chapters/01-pong-particles/src/exercises.rs`.
//! The tests that judge each exercise are in `tests/exercises.rs`; a failure names
//! the quantity that is wrong, the case, and the section of the page to reread.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub is
// filled in, nothing calls it; the `allow` keeps that from warning at every build.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Particle;

/// **Exercise 1.1: integrate.** Move the particle along its velocity for `dt`
/// seconds: its position after the step. Nothing acts on it between bounces, so its
/// velocity stays as it is (book, chapter 1, "One step: integrate, then collide").
pub fn integrate(p: &mut Particle, dt: f32) {
    let _ = (p, dt); // the parameters, so the stub compiles without warnings; delete this line
    todo!(
        "exercise 1.1: integrate — see book/src/ch01-pong-particles.md, section \"One step: integrate, then collide\""
    )
}

/// **Exercise 1.2: bounce with the approach check.** Bounce `p` off each wall of
/// the box `[-h, h] x [-h, h]` it has gone through: its velocity after the bounce,
/// and how many of the velocity's components the walls changed (0, 1 or 2).
///
/// - A bounce is the reflection of the velocity in the wall (book, chapter 1,
///   "Bouncing is reflecting"); work out what that does to `v` for each of the
///   four walls.
/// - With `approach_check`, a wall bounces only a particle moving *towards* it;
///   one already on its way back in is left alone. Without it, the wall bounces
///   whatever is past it (book, chapter 1, "The approach check").
pub fn bounce_off_walls(p: &mut Particle, h: f32, approach_check: bool) -> u32 {
    let _ = (p, h, approach_check); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 1.2: bounce_off_walls — see book/src/ch01-pong-particles.md, section \"The approach check\""
    )
}

/// **Exercise 1.3: the time of impact.** How long the particle `p`, inside the box
/// `[-h, h] x [-h, h]` (on a wall counts), takes to reach the first wall in its
/// way if it keeps its velocity: a time in seconds, 0 or more, and `f32::INFINITY`
/// when it never reaches one (at rest).
///
/// Derive it from the straight-line motion (book, chapter 1, "When does it reach
/// the wall?"). A velocity component of zero must not give a NaN.
pub fn time_to_wall(p: &Particle, h: f32) -> f32 {
    let _ = (p, h); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 1.3: time_to_wall — see book/src/ch01-pong-particles.md, section \"When does it reach the wall?\""
    )
}

/// **Exercise 1.4: bounces within a step.** A challenge. Move the particle `p`,
/// inside the box `[-h, h] x [-h, h]` (on a wall counts), for `dt` seconds, turning
/// it back at each wall at the moment it reaches it, not at the end of the step:
/// where it is and how it moves `dt` seconds later, inside the box, and how many
/// bounces that took (one per wall reached, a corner two). A large `dt` may hold
/// many bounces. A wall reached exactly at the start or at the end of the step has
/// bounced the particle. Book, chapter 1, "Exercise 1.4", where the challenge is
/// set out.
pub fn exact_step(p: &mut Particle, h: f32, dt: f32) -> u32 {
    let _ = (p, h, dt); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 1.4: exact_step — see book/src/ch01-pong-particles.md, section \"Exercise 1.4: bounces within a step\""
    )
}
