//! # Chapter 6 exercises: the velocity of a point, the effective mass, Coulomb's cap
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter
//! (`Body::velocity_at`, the normal and friction impulses, `solve_contact`, the
//! world's step, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch06-rotation-friction --features exercises              # judge your code
//! cargo run --release -p ch06-rotation-friction --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch06-rotation-friction.md). To start again
//! from the stubs: `git checkout --
//! chapters/06-rotation-friction/src/exercises.rs`.

// `todo!` here stops like `std::todo!`, but says its message once per test run, not
// once per proptest shrinking step (see `physics_core::exercise`).
macro_rules! todo {
    ($message:literal) => {
        physics_core::exercise::todo($message)
    };
}

use crate::Body;
use glam::Vec2;

/// **Exercise 6.1: the velocity of a point.** The velocity of `body`'s material
/// point now at world `point`: the centre's velocity plus the turn about the
/// centre,
///
/// `v_p = v + w x r`, with `r = point - x` (the body's centre `x`),
///
/// where `w x r` for a scalar spin `w` is the 3D cross product `(0, 0, w) x (r_x,
/// r_y, 0)` written out in the plane (book, chapter 6, "Force at a point, velocity
/// of a point"). `physics_core::math` has it as a function, if you want it.
pub fn point_velocity(body: &Body, point: Vec2) -> Vec2 {
    let _ = (body, point); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 6.1: point_velocity — see book/src/ch06-rotation-friction.md, section \"Force at a point, velocity of a point\""
    )
}

/// **Exercise 6.2: the effective mass with the turning terms.** `1 / m_eff` for an
/// impulse along the unit direction `dir` at world `point` between bodies `a` and
/// `b`: how much the two material points' relative velocity along `dir` changes per
/// N s of impulse,
///
/// `1/m_a + 1/m_b + (r_a x d)^2 / I_a + (r_b x d)^2 / I_b`,
///
/// with `r_a`, `r_b` from each body's centre to `point`, and the inverses as the
/// bodies store them (`inv_mass`, `inv_inertia`; 0 for a static body). Book,
/// chapter 6, "The contact impulse at a point". The normal impulse uses it along
/// the normal, friction along the tangent.
pub fn inverse_effective_mass(a: &Body, b: &Body, point: Vec2, dir: Vec2) -> f32 {
    let _ = (a, b, point, dir); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 6.2: inverse_effective_mass — see book/src/ch06-rotation-friction.md, section \"The contact impulse at a point\""
    )
}

/// **Exercise 6.3: friction, capped by Coulomb's law.** The friction impulse (N s)
/// at `point` along the tangent `t = perp(normal)`, `+t` times it to B and `-t`
/// times it to A.
///
/// - The impulse that would stop the points sliding: `-v_t / (1/m_eff)`, with the
///   slide `v_t = (v_B(p) - v_A(p)) . t` and the tangent's own effective mass
///   (exercise 6.2).
/// - Coulomb: the friction applied at this point, `applied` so far *plus* the
///   impulse you return, stays within `[-limit, limit]` (`limit` is `mu` times the
///   normal impulse, 0 or more). Return only the new part.
/// - 0 when nothing can move (`1/m_eff` is 0).
///
/// Book, chapter 6, "Friction and Coulomb's cone".
pub fn friction_impulse(
    a: &Body,
    b: &Body,
    point: Vec2,
    normal: Vec2,
    limit: f32,
    applied: f32,
) -> f32 {
    let _ = (a, b, point, normal, limit, applied); // so the stub compiles; delete this line
    todo!(
        "exercise 6.3: friction_impulse — see book/src/ch06-rotation-friction.md, section \"Friction and Coulomb's cone\""
    )
}
