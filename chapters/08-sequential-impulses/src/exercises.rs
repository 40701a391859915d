//! # Chapter 8 exercises: accumulated clamping, warm starting, the bias, a block
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
//! 8.1 and 8.2 are warm-ups: the page derives their rules. 8.3 is a derivation:
//! the page gives the two ideas, and you turn them into a velocity. Replace each
//! `let _ = ...; todo!(...)` with your code. Hints, in steps, are folded in the
//! book's "Exercises" section (book/src/ch08-sequential-impulses.md), each followed
//! by the reference, folded too. `tests/exercises.rs` judges each exercise on its
//! own. To start again from the stubs: `git checkout --
//! chapters/08-sequential-impulses/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Body, ContactRow, Settings};
use glam::Vec2;

/// **Exercise 8.1: clamp the accumulated impulse.** A row (a contact's normal or
/// friction, a joint) has accumulated `*total` N s this step; the solver asks for
/// `delta` more. Return the part of `delta` to apply, N s, and add exactly that to
/// `*total`:
///
/// - `accumulate` on: what keeps the row's *total* within `lo..=hi` (it may be
///   negative: a later pass takes back what an earlier one pushed too hard);
/// - `accumulate` off (chapters 3 to 7's rule): `delta` kept within `lo..=hi` on
///   its own.
///
/// `lo <= hi`; either may be infinite (the normal row is `0..=INFINITY`, friction
/// `-limit..=limit`). Book, chapter 8, "Why clamp the accumulated impulse".
pub fn clamp_impulse(
    total: &mut f32,
    delta: f32,
    lo: f32,
    hi: f32,
    accumulate: bool,
) -> f32 {
    let _ = (total, delta, lo, hi, accumulate); // so the stub compiles; delete this line
    todo!(
        "exercise 8.1: clamp_impulse — see book/src/ch08-sequential-impulses.md, section \"Exercise 8.1: clamp the accumulated impulse\""
    )
}

/// **Exercise 8.2: warm start a contact point.** Before the first solver pass,
/// apply again the impulses `contact` accumulated last step (kept because its
/// feature ids matched): its normal impulse `contact.normal_impulse` along
/// `normal` and its friction impulse `contact.tangent_impulse` along the tangent
/// the friction row uses, to both bodies, at `contact.point`. `normal` is unit,
/// from A to B; a positive normal impulse pushes B away from A. Book, chapter 8,
/// "Warm starting and feature ids".
pub fn warm_start_contact(
    a: &mut Body,
    b: &mut Body,
    normal: Vec2,
    contact: &ContactRow,
) {
    let _ = (a, b, normal, contact); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 8.2: warm_start_contact — see book/src/ch08-sequential-impulses.md, section \"Exercise 8.2: warm start a contact point\""
    )
}

/// **Exercise 8.3: the bias, restitution or Baumgarte.** Return the normal
/// velocity (m/s) a contact row aims at, given the pair's `restitution` `e`, the
/// relative normal velocity `v_n` before any impulse of this step (negative when
/// approaching), the `penetration` (m) and the step `dt` (s). Two things may ask
/// the bodies to separate:
///
/// - the bounce, for an approach faster than `settings.restitution_threshold`;
/// - Baumgarte's push-out, only when `settings.position_correction` is on: fast
///   enough to close the fraction `settings.bias_factor` of the penetration beyond
///   `settings.allowed_penetration` in one step.
///
/// Derive each as a velocity, then combine them as the page says. Book, chapter 8,
/// "Restitution and Baumgarte: the bias".
pub fn contact_bias(
    settings: &Settings,
    restitution: f32,
    v_n: f32,
    penetration: f32,
    dt: f32,
) -> f32 {
    let _ = (settings, restitution, v_n, penetration, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 8.3: contact_bias — see book/src/ch08-sequential-impulses.md, section \"Exercise 8.3: the bias, restitution or Baumgarte\""
    )
}

/// **Exercise 8.4: two contact points as one block.** A challenge. Solve the
/// normal rows of a manifold's two contact points together: return their new
/// accumulated normal impulses `x` (N s, each 0 or more) such that afterwards each
/// point either pushes and moves along the normal at exactly its `bias`, or pushes
/// nothing and moves at its bias or faster. `k` is the pair's 2x2 inverse
/// effective mass (`k[i][j]`: how much point `i`'s normal velocity changes per N s
/// at point `j`), `v_n` the points' normal velocities now, and `total` what the
/// points have accumulated so far this step, which `v_n` already includes. When no
/// such `x` can be found (`k` nearly singular), return `total`. Book, chapter 8,
/// "Exercise 8.4", where the challenge is set out.
pub fn block_solve(
    k: [[f32; 2]; 2],
    v_n: [f32; 2],
    bias: [f32; 2],
    total: [f32; 2],
) -> [f32; 2] {
    let _ = (k, v_n, bias, total); // so the stub compiles; delete this line
    todo!(
        "exercise 8.4: block_solve — see book/src/ch08-sequential-impulses.md, section \"Exercise 8.4: two contact points as one block\""
    )
}
