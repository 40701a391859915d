//! # Chapter 8 exercises: accumulated clamping, warm starting, the bias
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the world's
//! step, its pre-step, warm start and solver passes, the demos, the tests) uses
//! these instead of the reference:
//!
//! ```text
//! cargo test -p ch08-sequential-impulses --features exercises              # judge your code
//! cargo run --release -p ch08-sequential-impulses --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch08-sequential-impulses.md). To start
//! again from the stubs: `git checkout --
//! chapters/08-sequential-impulses/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Body, ContactRow, Settings};
use glam::Vec2;

/// **Exercise 8.1: clamp the accumulated impulse.** A row (a contact's normal or
/// friction, a joint) has accumulated `*total` N s this step; the solver asks for
/// `delta` more. Update `*total` and return the part of `delta` to apply:
///
/// - `accumulate` on: clamp the *sum*, `new = clamp(total + delta, lo, hi)`, apply
///   `new - total` (which may be negative: a later pass takes back what an earlier
///   one pushed too hard);
/// - `accumulate` off (chapters 3 to 7's rule): clamp the piece on its own,
///   `clamp(delta, lo, hi)`, and add it to `*total`.
///
/// Either way `*total` grows by exactly what you return. `lo <= hi`; either may be
/// infinite (the normal row is `0..=INFINITY`, friction `-limit..=limit`). Book,
/// chapter 8, "Why clamp the accumulated impulse".
pub fn clamp_impulse(
    total: &mut f32,
    delta: f32,
    lo: f32,
    hi: f32,
    accumulate: bool,
) -> f32 {
    let _ = (total, delta, lo, hi, accumulate); // so the stub compiles; delete this line
    todo!(
        "exercise 8.1: clamp_impulse — see book/src/ch08-sequential-impulses.md, section \"Why clamp the accumulated impulse\""
    )
}

/// **Exercise 8.2: warm start a contact point.** Before the first solver pass,
/// apply again the impulses `contact` accumulated last step (kept because its
/// feature ids matched): the normal impulse `contact.normal_impulse` along `normal`
/// and the friction impulse `contact.tangent_impulse` along the tangent `t =
/// perp(normal)`, together
///
/// `P = P_n n + P_t t`, `+P` to `b` and `-P` to `a`, both at `contact.point`
///
/// (chapter 6's `Body::apply_impulse` turns the bodies too). `normal` is unit, from
/// A to B. Book, chapter 8, "Warm starting and feature ids".
pub fn warm_start_contact(
    a: &mut Body,
    b: &mut Body,
    normal: Vec2,
    contact: &ContactRow,
) {
    let _ = (a, b, normal, contact); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 8.2: warm_start_contact — see book/src/ch08-sequential-impulses.md, section \"Warm starting and feature ids\""
    )
}

/// **Exercise 8.3: the bias, restitution or Baumgarte.** The normal velocity (m/s)
/// a contact row aims at, given the pair's `restitution` `e`, the relative normal
/// velocity `v_n` before any impulse of this step (negative when approaching), the
/// `penetration` (m) and `dt` (s):
///
/// - restitution: `-e v_n` when the approach is faster than
///   `settings.restitution_threshold` (`v_n < -threshold`), else 0;
/// - Baumgarte, only when `settings.position_correction` is on:
///   `settings.bias_factor / dt` times the penetration beyond
///   `settings.allowed_penetration` (never less than 0), else 0;
/// - the larger of the two (not their sum).
///
/// Book, chapter 8, "Restitution and Baumgarte: the bias".
pub fn contact_bias(
    settings: &Settings,
    restitution: f32,
    v_n: f32,
    penetration: f32,
    dt: f32,
) -> f32 {
    let _ = (settings, restitution, v_n, penetration, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 8.3: contact_bias — see book/src/ch08-sequential-impulses.md, section \"Restitution and Baumgarte: the bias\""
    )
}
