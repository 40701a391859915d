//! # Chapter 9 exercises: a pin's Jacobian and a motor's clamp
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (every joint's
//! rows, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch09-joints --features exercises              # judge your code
//! cargo run --release -p ch09-joints --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch09-joints.md). To start again from the
//! stubs: `git checkout -- chapters/09-joints/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Jacobian;
use glam::Vec2;

/// **Exercise 9.1: the revolute joint's Jacobian.** A pin keeps `C = p_B - p_A =
/// 0`, where `p = x + r` is each body's anchor, `r_a` and `r_b` its offset from the
/// body's centre. Return its two rows, `[x row, y row]`, as [`Jacobian`]s:
/// differentiate `C` in time (the anchor moves at `v + w x r`, and `w x r = w
/// perp(r) = w (-r.y, r.x)`) and read off, for each component, the factor of `v_B -
/// v_A` (`linear`), of `w_B` (`angular_b`) and of `-w_A` (`angular_a`). Book,
/// chapter 9, "The revolute joint".
pub fn point_jacobians(r_a: Vec2, r_b: Vec2) -> [Jacobian; 2] {
    let _ = (r_a, r_b); // so the stub compiles; delete this line
    todo!(
        "exercise 9.1: point_jacobians — see book/src/ch09-joints.md, section \"The revolute joint\""
    )
}

/// **Exercise 9.2: a motor's clamp.** A motor may push with at most `max_force` (a
/// torque in N m for a pin, a force in N for a slider) for the step of `dt`
/// seconds. Return the bounds `(lower, upper)` of its accumulated impulse. Book,
/// chapter 9, "Motors".
pub fn motor_bounds(max_force: f32, dt: f32) -> (f32, f32) {
    let _ = (max_force, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 9.2: motor_bounds — see book/src/ch09-joints.md, section \"Motors\""
    )
}
