//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones, with the rod's impulse worked out
//! here when the rope's test needs it. A failure names the quantity, the case, the
//! value expected and got, and the section of the page to reread.

use crate::judge::{ROD, ROPE};
use ch07_distance_constraints::{rod_impulse, rope_impulse};
use proptest::prelude::*;

const DT: f32 = 0.01;

/// The case of a rod or rope impulse, for a failure's message.
fn case(c_dot: f32, error: f32, k: f32, beta: f32, dt: f32) -> String {
    format!(
        "c_dot = {c_dot} m/s, C = {error} m, k = 1/m_eff = {k} per kg, beta = {beta}, dt = {dt} s"
    )
}

// Exercise 7.1.

/// The rod's impulse meets the drift fix's target: after it, the anchors' relative
/// velocity along the axis, `c_dot + k lambda`, is the target, pushing or pulling as
/// needed. Nothing that cannot move or take time gets an impulse.
#[test]
fn the_rod_impulse_meets_the_drift_fixs_target() {
    for (c_dot, error, k, beta, what) in [
        (2.0, 0.1, 0.5, 0.2, "stretched by 0.1 m and still separating: a pull"),
        (-3.0, 0.0, 4.0, 1.0, "at its length, closing at 3 m/s: a push"),
        (0.5, -0.05, 0.25, 0.5, "squeezed by 5 cm"),
        (0.0, 0.02, 1.0, 0.0, "no drift fix, no motion: nothing"),
    ] {
        let target = -beta * error / DT;
        let lambda = rod_impulse(c_dot, error, k, beta, DT);
        let after = c_dot + k * lambda;
        assert!(
            (after - target).abs() < 1e-4,
            "{}",
            ROD.wrong(
                &format!("c_dot after your impulse lambda = {lambda} N s, c_dot + k lambda (m/s)"),
                format!("{}: {what}", case(c_dot, error, k, beta, DT)),
                format!("the drift fix's target, {target}"),
                after,
            )
        );
    }
    for (k, dt, what) in
        [(0.0, DT, "k = 0: nothing can move"), (0.5, 0.0, "dt = 0: no time passes")]
    {
        let lambda = rod_impulse(2.0, 0.1, k, 0.2, dt);
        assert!(
            lambda == 0.0,
            "{}",
            ROD.wrong(
                "the impulse lambda (N s)",
                format!("{}: {what}", case(2.0, 0.1, k, 0.2, dt)),
                0.0,
                lambda
            )
        );
    }
}

proptest! {
    /// Over random rates, errors, effective masses, factors and steps: the impulse
    /// brings `c_dot` to the target. Tolerance: a few roundings of the target and
    /// `c_dot`, up to ~1,000 m/s here.
    #[test]
    fn the_rod_impulse_brings_the_rate_to_the_target(
        c_dot in -20.0f32..20.0, error in -0.5f32..0.5, k in 0.01f32..20.0,
        beta in 0.0f32..=1.0, dt in 0.001f32..0.05,
    ) {
        let target = -beta * error / dt;
        let lambda = rod_impulse(c_dot, error, k, beta, dt);
        let after = c_dot + k * lambda;
        prop_assert!(
            (after - target).abs() <= 1e-4 * (target.abs() + c_dot.abs() + 1.0),
            "{}",
            ROD.wrong(
                &format!("c_dot after your impulse lambda = {lambda} N s, c_dot + k lambda (m/s)"),
                case(c_dot, error, k, beta, dt),
                format!("the drift fix's target, {target}"),
                after,
            )
        );
    }
}

// Exercise 7.2.

/// A rope: slack, nothing however the ends move; taut, the rod's pull, and never a
/// push.
#[test]
fn a_rope_only_pulls_and_only_when_taut() {
    // The rod's impulse, worked out here: (target - c_dot) / k.
    let rod = |c_dot: f32, error: f32, k: f32, beta: f32| {
        (-beta * error / DT - c_dot) / k
    };
    for (c_dot, error, expected, what) in [
        (5.0, -0.01, 0.0, "slack by 1 cm, its ends flying apart: nothing"),
        (2.0, 0.1, rod(2.0, 0.1, 0.5, 0.2), "taut and separating: the rod's pull"),
        (
            -3.0,
            0.0,
            0.0,
            "taut but its ends approaching fast: the rod would push, a rope cannot",
        ),
    ] {
        let got = rope_impulse(c_dot, error, 0.5, 0.2, DT);
        assert!(
            (got - expected).abs() < 1e-4,
            "{}",
            ROPE.wrong(
                "the rope's impulse (N s)",
                format!("{}: {what}", case(c_dot, error, 0.5, 0.2, DT)),
                expected,
                got
            )
        );
    }
}

proptest! {
    /// Over random cases: a slack rope gives nothing; a taut one gives the rod's
    /// impulse (worked out here) when that pulls, and nothing when it would push.
    #[test]
    fn a_rope_is_a_rod_that_only_pulls_when_taut(
        c_dot in -20.0f32..20.0, error in -0.5f32..0.5, k in 0.01f32..20.0,
        beta in 0.0f32..=1.0, dt in 0.001f32..0.05,
    ) {
        let rod = (-beta * error / dt - c_dot) / k;
        let expected = if error < 0.0 { 0.0 } else { rod.min(0.0) };
        let got = rope_impulse(c_dot, error, k, beta, dt);
        prop_assert!(
            (got - expected).abs() <= 1e-4 * (rod.abs() + 1.0),
            "{}",
            ROPE.wrong(
                "the rope's impulse (N s)",
                format!("{} ({})", case(c_dot, error, k, beta, dt), if error < 0.0 { "slack" } else { "taut" }),
                expected,
                got,
            )
        );
    }
}
