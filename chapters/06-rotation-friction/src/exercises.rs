//! # Chapter 6 exercises: a point's velocity, the effective mass, Coulomb's cap, one collision
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
//! book's "Exercises" section (book/src/ch06-rotation-friction.md), in steps, each
//! closer to the code. `lib.rs` holds the reference answers: try first. To start
//! again from the stubs: `git checkout --
//! chapters/06-rotation-friction/src/exercises.rs`. The tests that judge each
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

use crate::Body;
use glam::Vec2;

/// **Exercise 6.1: the velocity of a point.** The velocity (m/s) of `body`'s
/// material point now at world `point`: the centre's velocity plus what the body's
/// spin adds at that point (book, chapter 6, "Force at a point, velocity of a
/// point").
pub fn point_velocity(body: &Body, point: Vec2) -> Vec2 {
    let _ = (body, point); // the parameters, so the stub compiles; delete this line
    todo!(
        "exercise 6.1: point_velocity — see book/src/ch06-rotation-friction.md, section \"Force at a point, velocity of a point\""
    )
}

/// **Exercise 6.2: the effective mass with the turning terms.** `1 / m_eff` for an
/// impulse along the unit direction `dir` at world `point` between bodies `a` and
/// `b` (`+dir` times it to B, `-dir` to A): how much the two material points'
/// relative velocity along `dir` changes per N s of impulse, counting how the
/// impulse turns each body as well as how it pushes it. Derive it (book, chapter 6,
/// "The contact impulse at a point"). The bodies store their inverses, `inv_mass`
/// and `inv_inertia`, 0 for a static body. The normal impulse uses it along the
/// normal, friction along the tangent.
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
/// - It would stop the points sliding along `t`, if it could.
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

/// **Exercise 6.4: normal and friction in one impulse.** A challenge. The normal
/// and friction impulses `(j_n, j_t)` of one collision at `point` between `a` and
/// `b` (normal from A to B, tangent `t = perp(normal)`; B receives
/// `j_n n + j_t t` and A minus it), found together rather than one after the other,
/// so that after both:
///
/// - the points' relative normal velocity is `-e` times what it was (Newton);
/// - either the points no longer slide along `t` and `|j_t| <= mu j_n`, or
///   friction is at Coulomb's limit, `|j_t| = mu j_n`, and pushes against the
///   sliding that is left.
///
/// `(0, 0)` when the points are already separating or neither body can move. The
/// tests never ask for a case where no sliding impulse can meet Newton's law (where
/// friction and the turn it gives would jam the contact, Painlevé's paradox).
/// Book, chapter 6, "Exercise 6.4", where the challenge is set out.
pub fn collision_impulse(
    a: &Body,
    b: &Body,
    point: Vec2,
    normal: Vec2,
    e: f32,
    mu: f32,
) -> (f32, f32) {
    let _ = (a, b, point, normal, e, mu); // so the stub compiles; delete this line
    todo!(
        "exercise 6.4: collision_impulse — see book/src/ch06-rotation-friction.md, section \"Exercise 6.4: normal and friction in one impulse\""
    )
}
