//! # Chapter 10 exercises: the soft coefficients, a contact's target, a joint that breaks
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the soft
//! step, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch10-soft-step --features exercises              # judge your code
//! cargo run --release -p ch10-soft-step --features exercises     # watch it
//! ```
//!
//! 10.1 is a derivation: the page sets up the implicit spring, and you solve it for
//! the three numbers. 10.2 is a warm-up: the page lists its cases. 10.3 is a
//! challenge: joints that break, which the chapter does not have. Replace each
//! `let _ = ...; todo!(...)` with your code. Hints, in steps, are folded in the
//! book's "Exercises" section (book/src/ch10-soft-step.md), each followed by the
//! reference, folded too. `tests/exercises.rs` judges each exercise on its own. To
//! start again from the stubs: `git checkout --
//! chapters/10-soft-step/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{JointRows, Soft};
use glam::Vec2;

/// **Exercise 10.1: the soft coefficients.** A row of effective mass `m` is a
/// spring of `hertz` (Hz) with damping ratio `zeta` (stiffness `k = m omega^2`,
/// damping `c = 2 m zeta omega`, `omega = 2 pi hertz`), stepped implicitly over a
/// (sub)step of `h` seconds. Return its three numbers, `Soft { bias_rate,
/// mass_scale, impulse_scale }`, such that a pass applies the impulse
/// `-mass_scale m (v + bias_rate C) - impulse_scale P` to a row with error `C`,
/// velocity `v` and accumulated impulse `P`. A `hertz` of 0 or less is a rigid row:
/// `Soft::RIGID`. Book, chapter 10, "A soft row".
pub fn soft(hertz: f32, zeta: f32, h: f32) -> Soft {
    let _ = (hertz, zeta, h); // so the stub compiles; delete this line
    todo!(
        "exercise 10.1: soft — see book/src/ch10-soft-step.md, section \"Exercise 10.1: the soft coefficients\""
    )
}

/// **Exercise 10.2: a contact's target and the relax pass.** Return the normal
/// velocity (m/s) a contact aims at, and its softness, at separation `s` (metres,
/// negative when overlapping) in a substep of `h` seconds, for a contact of
/// softness `soft` whose push-out is capped at `push_out` m/s. `use_bias` is off in
/// the relax pass. Three cases: apart; overlapping with the bias; overlapping while
/// relaxing. Book, chapter 10, "Contacts without a new collision test" and
/// "Relax".
pub fn contact_target(
    s: f32,
    h: f32,
    soft: &Soft,
    push_out: f32,
    use_bias: bool,
) -> (f32, Soft) {
    let _ = (s, h, soft, push_out, use_bias); // so the stub compiles; delete this line
    todo!(
        "exercise 10.2: contact_target — see book/src/ch10-soft-step.md, section \"Exercise 10.2: a contact's target\""
    )
}

/// **Exercise 10.3: a joint that breaks (challenge).** Return the force (N) with
/// which a joint's `rows` pulled on its body B in the last substep of `h` seconds:
/// each row in use applied its accumulated impulse `impulse` along its
/// `jacobian` during that substep. The soft step breaks every joint that pulls
/// harder than `SoftSettings::joint_strength`. Book, chapter 10, "Exercise 10.3: a
/// joint that breaks".
pub fn reaction_force(rows: &JointRows, h: f32) -> Vec2 {
    let _ = (rows, h); // so the stub compiles; delete this line
    todo!(
        "exercise 10.3: reaction_force — see book/src/ch10-soft-step.md, section \"Exercise 10.3: a joint that breaks\""
    )
}
