//! # Chapter 7 exercises: the rod's impulse with its drift fix, the rope, a pulley
//!
//! Each function below is a stub with the same signature as the reference one in
//! `lib.rs`. Build with `--features exercises` and the whole chapter
//! (`joint_impulse`, `solve_joint`, the world's step, the demos, the tests) uses
//! these instead of the reference:
//!
//! ```text
//! cargo test -p ch07-distance-constraints --features exercises              # judge your code
//! cargo run --release -p ch07-distance-constraints --features exercises     # watch it
//! ```
//!
//! Replace each `let _ = ...; todo!(...)` with your code. Hints are folded in the
//! book's "Exercises" section (book/src/ch07-distance-constraints.md), in steps,
//! each closer to the code. `lib.rs` holds the reference answers: try first. To
//! start again from the stubs: `git checkout --
//! chapters/07-distance-constraints/src/exercises.rs`. The tests that judge each
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

use crate::{Body, Pulley};

/// **Exercise 7.1: the rod's impulse, with the drift fix.** The impulse `lambda` (N
/// s) along the joint's axis (`+` pushes B away from A) that makes the anchors'
/// relative velocity along the axis equal the drift fix's target:
///
/// - `c_dot` is that relative velocity now, `dC/dt` (positive: the anchors
///   separate);
/// - `error` is the length error `C`, the anchors' distance less the rod's length;
/// - `k` is `1 / m_eff` along the axis (`joint_inverse_mass`): how much `c_dot`
///   changes per N s of impulse;
/// - the target is the drift fix's (book, chapter 7, "The drift fix"), with the
///   Baumgarte factor `baumgarte` and the step `dt`. Derive `lambda` from these.
///
/// Return 0 when nothing can move (`k <= 0`) or no time passes (`dt <= 0`). Book,
/// chapter 7, "The rule in velocities" and "The drift fix".
pub fn rod_impulse(c_dot: f32, error: f32, k: f32, baumgarte: f32, dt: f32) -> f32 {
    let _ = (c_dot, error, k, baumgarte, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 7.1: rod_impulse — see book/src/ch07-distance-constraints.md, section \"The drift fix\""
    )
}

/// **Exercise 7.2: the rope, slack or taut.** The same arguments as
/// [`rod_impulse`], for a rope whose `length` is the furthest its anchors may be
/// apart:
///
/// - while the rope is slack (shorter than its length, `error < 0`) it does
///   nothing: 0;
/// - taut, it is a rod, except that it only pulls: the rod's impulse when that
///   pulls (a pull is negative, drawing B towards A), and 0 when the rod would
///   push.
///
/// Book, chapter 7, "Rods and ropes". Call your `rod_impulse`
/// (`crate::rod_impulse`).
pub fn rope_impulse(
    c_dot: f32,
    error: f32,
    k: f32,
    baumgarte: f32,
    dt: f32,
) -> f32 {
    let _ = (c_dot, error, k, baumgarte, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 7.2: rope_impulse — see book/src/ch07-distance-constraints.md, section \"Rods and ropes\""
    )
}

/// **Exercise 7.3: a pulley.** A challenge. The impulse `lambda` (N s, negative
/// when the rope pulls) of the rope `pulley` over two fixed pulleys: its length is
/// `|p_A - g_A| + ratio |p_B - g_B|`, from A's anchor `p_A` to the pulley at `g_A`
/// and from the pulley at `g_B` to B's anchor `p_B`, at most `pulley.length`.
/// `crate::solve_pulley` applies it as `lambda u_A` to A at its anchor and
/// `ratio lambda u_B` to B at its, `u` the unit vector from each pulley to its
/// anchor.
///
/// Choose `lambda` so that the rate of that length becomes the drift fix's target
/// (Baumgarte factor `baumgarte`, step `dt`), as a rope: nothing while slack, and
/// only pulling. 0 when an anchor is at its pulley. The bodies' anchors, velocities
/// and masses are in `bodies`; `pulley.anchors(bodies)` gives the anchors in the
/// world. Book, chapter 7, "Exercise 7.3", where the challenge is set out.
pub fn pulley_impulse(
    bodies: &[Body],
    pulley: &Pulley,
    baumgarte: f32,
    dt: f32,
) -> f32 {
    let _ = (bodies, pulley, baumgarte, dt); // so the stub compiles; delete this line
    todo!(
        "exercise 7.3: pulley_impulse — see book/src/ch07-distance-constraints.md, section \"Exercise 7.3: a pulley\""
    )
}
