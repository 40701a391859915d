//! # Chapter 3 exercises: the impulse, the positional correction, a given energy loss
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (`resolve`,
//! `resolve_wall`, `correct_positions`, the world's step, the demos, the tests)
//! uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch03-mass-weighted-impulses --features exercises              # judge your code
//! cargo run --release -p ch03-mass-weighted-impulses --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch03-mass-weighted-impulses.md), in steps,
//! each closer to the code. `lib.rs` holds the reference answers: try first. To
//! start again from the stubs: `git checkout --
//! chapters/03-mass-weighted-impulses/src/exercises.rs`. The tests that judge each
//! exercise on its own are in `tests/exercises.rs`; a failure names the quantity
//! that is wrong, the case, and the section of the page to reread.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub is
// filled in, nothing calls it; the `allow` keeps that from warning at every build.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Contact, Correction};
use glam::Vec2;

/// **Exercise 3.1: the impulse scalar.** The size `j` (kg m/s) of the impulse along
/// `normal` (a unit vector from A to B) that makes the bodies' relative normal
/// velocity, `(v_b - v_a) . n`, `-e` times what it was. B will receive `+j n` and A
/// `-j n` (the callers apply it), each changing its velocity by the impulse over its
/// mass. Derive `j` from those two facts (book, chapter 3, "The impulse, from
/// Newton's law of restitution").
///
/// Return 0 when both inverse masses are zero (two immovable bodies), and, with
/// `approach_check`, when the bodies are already separating (`v_rel . n > 0`): a
/// contact may push but never pull.
pub fn impulse_scalar(
    velocity_a: Vec2,
    inv_mass_a: f32,
    velocity_b: Vec2,
    inv_mass_b: f32,
    normal: Vec2,
    restitution: f32,
    approach_check: bool,
) -> f32 {
    // So the stub compiles without warnings; delete this line.
    let _ = (velocity_a, inv_mass_a, velocity_b, inv_mass_b);
    let _ = (normal, restitution, approach_check);
    todo!(
        "exercise 3.1: impulse_scalar — see book/src/ch03-mass-weighted-impulses.md, section \"The impulse, from Newton's law of restitution\""
    )
}

/// **Exercise 3.2: positional correction.** The correction vector `c` (kg m, along
/// the contact's normal) that moves A and B apart by `percent` of the penetration
/// beyond `slop`, in all: the callers move A by `-inv_mass_a` times it and B by
/// `+inv_mass_b` times it, so the lighter body moves more (book, chapter 3,
/// "Positional correction").
///
/// Return zero when the correction is switched off (`c.enabled` false) or both
/// inverse masses are zero.
pub fn correction_vector(
    contact: &Contact,
    inv_mass_a: f32,
    inv_mass_b: f32,
    c: &Correction,
) -> Vec2 {
    let _ = (contact, inv_mass_a, inv_mass_b, c); // so the stub compiles; delete this line
    todo!(
        "exercise 3.2: correction_vector — see book/src/ch03-mass-weighted-impulses.md, section \"Positional correction\""
    )
}

/// **Exercise 3.3: an impulse for a given energy loss.** A challenge. The impulse
/// `j` along `normal` (a unit vector from A to B; B will receive `+j n` and A
/// `-j n`) after which the two bodies have `loss` joules less kinetic energy than
/// before and are not approaching along the normal. `loss` may be negative, for
/// energy released between the bodies (a spring, a charge), and the bodies may be
/// at rest or already separating, so no coefficient of restitution need describe
/// it. An immovable body (inverse mass 0) is at rest. `None` when no impulse can do
/// it, and when neither body can move. The answer
/// must keep its digits in `f32` when the loss is tiny. Book, chapter 3, "Exercise
/// 3.3", where the challenge is set out.
pub fn impulse_for_energy_loss(
    velocity_a: Vec2,
    inv_mass_a: f32,
    velocity_b: Vec2,
    inv_mass_b: f32,
    normal: Vec2,
    loss: f32,
) -> Option<f32> {
    // So the stub compiles without warnings; delete this line.
    let _ = (velocity_a, inv_mass_a, velocity_b, inv_mass_b, normal, loss);
    todo!(
        "exercise 3.3: impulse_for_energy_loss — see book/src/ch03-mass-weighted-impulses.md, section \"Exercise 3.3: an impulse for a given energy loss\""
    )
}
