//! # Chapter 2 exercises: planes, gravity, the energy kept, the time of impact
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter (the world's
//! step and turn, the demos, the tests) uses these instead of the reference:
//!
//! ```text
//! cargo test -p ch02-planes-restitution --features exercises              # judge your code
//! cargo run --release -p ch02-planes-restitution --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch02-planes-restitution.md), in steps, each
//! closer to the code. `lib.rs` holds the reference answers: try first. To start
//! again from the stubs: `git checkout --
//! chapters/02-planes-restitution/src/exercises.rs`. The tests that judge each
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

use crate::Plane;
use glam::Vec2;

/// **Exercise 2.1: reflection with restitution.** The velocity after a bounce off a
/// surface with unit `normal` and coefficient of restitution `restitution` (`e`):
/// the part of `velocity` along the normal is reversed and scaled by `e`, the part
/// along the surface is kept (book, chapter 2, "Reflection with restitution").
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    let _ = (velocity, normal, restitution); // so the stub compiles; delete this line
    todo!(
        "exercise 2.1: reflect — see book/src/ch02-planes-restitution.md, section \"Reflection with restitution\""
    )
}

/// **Exercise 2.2: semi-implicit Euler.** Advance a particle under `gravity` (an
/// acceleration, m/s^2) for `dt` seconds: its velocity and position after the
/// step, in the order the book chooses (book, chapter 2, "Gravity, and the order of
/// the updates").
pub fn integrate(position: &mut Vec2, velocity: &mut Vec2, gravity: Vec2, dt: f32) {
    let _ = (position, velocity, gravity, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 2.2: integrate — see book/src/ch02-planes-restitution.md, section \"Gravity, and the order of the updates\""
    )
}

/// **Exercise 2.3: the push-back.** Move a point that is behind `plane` back onto
/// it, along the plane's normal, by how far it is behind; leave a point on the free
/// side where it is (book, chapter 2, "Pushing back"). `Plane` already has
/// `distance` and `penetration`.
pub fn push_back(position: &mut Vec2, plane: &Plane) {
    let _ = (position, plane); // so the stub compiles; delete this line
    todo!(
        "exercise 2.3: push_back — see book/src/ch02-planes-restitution.md, section \"Pushing back\""
    )
}

/// **Exercise 2.4: the energy the step keeps.** The energy per kilogram of a
/// particle at `position` with `velocity`, under gravity of size `g` (m/s^2,
/// pointing down, -y), that one semi-implicit step of `dt` seconds in flight leaves
/// exactly unchanged: the HUD's `v^2 / 2 + g y` plus a term proportional to `v_y`
/// whose coefficient you derive (book, chapter 2, "Gravity, and the order of the
/// updates").
pub fn shifted_energy(position: Vec2, velocity: Vec2, g: f32, dt: f32) -> f32 {
    let _ = (position, velocity, g, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 2.4: shifted_energy — see book/src/ch02-planes-restitution.md, section \"Gravity, and the order of the updates\""
    )
}

/// **Exercise 2.5: when a falling particle reaches a plane.** A challenge. The
/// first time `t`, in seconds, at which a particle at `position` with `velocity`,
/// falling freely under `gravity` (the exact parabola, not the stepped motion),
/// reaches `plane`; `Some(0.0)` for a particle already on or behind it, `None` if
/// it never does. Gravity may point any way, or be zero, and may lie along the
/// plane. Book, chapter 2, "Exercise 2.5", where the challenge is set out.
pub fn time_to_plane(
    position: Vec2,
    velocity: Vec2,
    gravity: Vec2,
    plane: &Plane,
) -> Option<f32> {
    let _ = (position, velocity, gravity, plane); // so the stub compiles; delete this line
    todo!(
        "exercise 2.5: time_to_plane — see book/src/ch02-planes-restitution.md, section \"Exercise 2.5: when a falling particle reaches a plane\""
    )
}
