//! # Chapter 9 exercises: a pin's rows, a motor's clamp, a slider's row, rolling
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
//! 9.1 and 9.2 are warm-ups: the page derives their rules. 9.3 is a derivation:
//! the page gives the idea and you derive the row. 9.4 is a challenge: a row the
//! chapter does not build, rolling resistance, judged by what it does to a
//! rolling disc. Replace each `let _ = ...; todo!(...)` with your code. Hints, in
//! steps, are folded in the book's "Exercises" section (book/src/ch09-joints.md),
//! each followed by the reference, folded too. `tests/exercises.rs` judges each
//! exercise on its own. To start again from the stubs: `git checkout --
//! chapters/09-joints/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`). Once every stub
// below is filled in nothing calls it, and the compiler would warn about that.
#[allow(unused_macros)]
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::{Body, Jacobian};
use glam::Vec2;

/// **Exercise 9.1: the revolute joint's Jacobian.** A pin keeps `C = p_B - p_A =
/// 0`, where `p = x + r` is each body's anchor, `r_a` and `r_b` its offset from the
/// body's centre. Return its two rows, `[x row, y row]`, as [`Jacobian`]s: for each
/// component of `dC/dt`, the factor of `v_B - v_A` (`linear`), of `w_B`
/// (`angular_b`) and of `-w_A` (`angular_a`). Book, chapter 9, "The revolute
/// joint".
pub fn point_jacobians(r_a: Vec2, r_b: Vec2) -> [Jacobian; 2] {
    let _ = (r_a, r_b); // so the stub compiles; delete this line
    todo!(
        "exercise 9.1: point_jacobians — see book/src/ch09-joints.md, section \"Exercise 9.1: the revolute joint's Jacobian\""
    )
}

/// **Exercise 9.2: a motor's clamp.** A motor may push with at most `max_force` (a
/// torque in N m for a pin, a force in N for a slider) for the step of `dt`
/// seconds. Return the bounds `(lower, upper)` of its accumulated impulse. Book,
/// chapter 9, "Motors".
pub fn motor_bounds(max_force: f32, dt: f32) -> (f32, f32) {
    let _ = (max_force, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 9.2: motor_bounds — see book/src/ch09-joints.md, section \"Exercise 9.2: a motor's clamp\""
    )
}

/// **Exercise 9.3: a slider's row.** A slider keeps B's anchor on a line fixed in
/// A. One of its rows keeps `C = d . dir`, where `d = p_B - p_A` runs from A's
/// anchor to B's, and `dir` is a unit direction fixed in A (across the axis, or
/// along it for the limit and motor), so `dir` turns with A. `r_a` and `r_b` are
/// the anchors' offsets from the bodies' centres. Return the row's [`Jacobian`]:
/// differentiate `C` in time and collect the factors of `v_B - v_A`, `w_B` and
/// `-w_A`. Book, chapter 9, "The prismatic joint".
pub fn slider_jacobian(dir: Vec2, d: Vec2, r_a: Vec2, r_b: Vec2) -> Jacobian {
    let _ = (dir, d, r_a, r_b); // so the stub compiles; delete this line
    todo!(
        "exercise 9.3: slider_jacobian — see book/src/ch09-joints.md, section \"Exercise 9.3: a slider's row\""
    )
}

/// **Exercise 9.4: rolling resistance (challenge).** A real disc rolling on a floor
/// slows down: it and the floor deform, and the floor pushes back a little ahead
/// of the lowest point, a torque against the rolling. Model it as one more row of
/// the recipe between the disc and what it touches: it resists their relative spin
/// `w_B - w_A` with a torque of at most `resistance` (metres: a coefficient times
/// the disc's radius) times the normal force, so its impulse over the step is at
/// most `resistance * normal`, where `normal` is the pair's normal impulse
/// accumulated so far this step (N s). Make one pass of that row: work out the
/// impulse that would stop the relative spin, clamp the accumulated `*total` (N m
/// s), and apply what changed to both bodies. The world calls it once a pass for
/// every contact pair with a disc, when `JointSettings::rolling_resistance` is
/// above 0. Book, chapter 9, "Exercise 9.4".
pub fn roll(
    a: &mut Body,
    b: &mut Body,
    resistance: f32,
    normal: f32,
    total: &mut f32,
) {
    let _ = (a, b, resistance, normal, total); // so the stub compiles; delete this line
    todo!(
        "exercise 9.4: roll — see book/src/ch09-joints.md, section \"Exercise 9.4: rolling resistance\""
    )
}
