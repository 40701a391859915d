//! # Chapter 10 exercises: the soft coefficients and a contact's target
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
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch10-soft-step.md). To start again from the
//! stubs: `git checkout -- chapters/10-soft-step/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Soft;

/// **Exercise 10.1: the soft coefficients.** A row is a spring of `hertz` (Hz) with
/// damping ratio `zeta`, solved implicitly over a (sub)step of `h` seconds. With
/// `omega = 2 pi hertz`, return `Soft { bias_rate, mass_scale, impulse_scale }`:
/// `bias_rate = omega / (2 zeta + h omega)`, `a = h omega (2 zeta + h omega)`,
/// `mass_scale = a / (1 + a)`, `impulse_scale = 1 / (1 + a)`. A `hertz` of 0 or
/// less is a rigid row: `Soft::RIGID`. Book, chapter 10, "A soft row".
pub fn soft(hertz: f32, zeta: f32, h: f32) -> Soft {
    let _ = (hertz, zeta, h); // so the stub compiles; delete this line
    todo!(
        "exercise 10.1: soft — see book/src/ch10-soft-step.md, section \"A soft row\""
    )
}

/// **Exercise 10.2: a contact's target and the relax pass.** Return the normal
/// velocity a contact aims at and its softness at separation `s` (metres, negative
/// when overlapping) in a substep of `h` seconds: apart (`s > 0`), `(-s / h,
/// Soft::RIGID)`; overlapping with the bias (`use_bias`), `(min(-soft.bias_rate *
/// s, push_out), *soft)`; overlapping while relaxing, `(0, Soft::RIGID)`. Book,
/// chapter 10, "Relax".
pub fn contact_target(
    s: f32,
    h: f32,
    soft: &Soft,
    push_out: f32,
    use_bias: bool,
) -> (f32, Soft) {
    let _ = (s, h, soft, push_out, use_bias); // so the stub compiles; delete this line
    todo!(
        "exercise 10.2: contact_target — see book/src/ch10-soft-step.md, section \"Relax\""
    )
}
