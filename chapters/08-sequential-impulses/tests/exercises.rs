//! Each exercise of the chapter judged on its own, on numbers worked out by hand.
//! A failure names the quantity that is wrong, the case it tried, what it expected
//! and what it got, and the section of the book's page to reread.

use ch08_sequential_impulses::{
    Body, ContactRow, Obb, Settings, Shape, block_solve, clamp_impulse,
    contact_bias, warm_start_contact,
};
use glam::Vec2;
use physics_core::math::cross;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch08-sequential-impulses.md";

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

const CLAMP: &str = "Why clamp the accumulated impulse";

/// Exercise 8.1 on numbers. Accumulating, a later pass can take back part of an
/// earlier push, down to a total of 0 and no further; one impulse at a time, a
/// negative piece is clamped to 0 and nothing is taken back.
#[test]
fn the_accumulated_impulse_can_give_back() {
    let inf = f32::INFINITY;
    // (total before, delta, lo, hi, accumulate, part to apply, total after)
    let cases = [
        (0.0, 3.0, 0.0, inf, true, 3.0, 3.0),
        (3.0, -1.0, 0.0, inf, true, -1.0, 2.0),
        (2.0, -5.0, 0.0, inf, true, -2.0, 0.0),
        (1.0, 4.0, -2.0, 2.0, true, 1.0, 2.0),
        (-1.5, -3.0, -2.0, 2.0, true, -0.5, -2.0),
        (0.0, 3.0, 0.0, inf, false, 3.0, 3.0),
        (3.0, -1.0, 0.0, inf, false, 0.0, 3.0),
        (3.0, 4.0, -2.0, 2.0, false, 2.0, 5.0),
    ];
    for (before, delta, lo, hi, accumulate, part, after) in cases {
        let mut total = before;
        let got = clamp_impulse(&mut total, delta, lo, hi, accumulate);
        let case = format!(
            "total {before}, delta {delta}, bounds {lo}..={hi}, accumulate {accumulate}"
        );
        check(got == part, CLAMP, || {
            format!(
                "exercise 8.1, clamp_impulse: the part of delta to apply should be \
                 {part}, got {got} ({case})"
            )
        });
        check(total == after, CLAMP, || {
            format!(
                "exercise 8.1, clamp_impulse: *total afterwards should be {after}, \
                 got {total} ({case}); it grows by exactly what you return"
            )
        });
    }
}

proptest! {
    /// Exercise 8.1 over random passes. Accumulating, the row's total stays within
    /// its bounds after any passes (to a rounding); one impulse at a time, each
    /// piece stays within them. Either way, what the passes applied adds up to the
    /// total.
    #[test]
    fn the_accumulated_total_stays_within_its_bounds(
        lo in -10.0f32..=0.0,
        width in 0.0f32..20.0,
        deltas in proptest::collection::vec(-30.0f32..30.0, 1..12),
        accumulate: bool,
    ) {
        let hi = lo + width;
        let (mut total, mut applied) = (0.0f32, 0.0f32);
        let how = if accumulate { "accumulating" } else { "one impulse at a time" };
        for (pass, &delta) in deltas.iter().enumerate() {
            let dp = clamp_impulse(&mut total, delta, lo, hi, accumulate);
            applied += dp;
            if accumulate {
                // Within a rounding: `total + (clamped - total)` need not be
                // `clamped`.
                let tol = 1e-5;
                prop_assert!(
                    lo - tol <= total && total <= hi + tol,
                    "exercise 8.1, clamp_impulse: the total should stay within \
                     {lo}..={hi}, got {total} after pass {pass} (deltas {deltas:?}, \
                     {how}).\n  Reread \"{CLAMP}\" in {PAGE}."
                );
            } else {
                let want = delta.clamp(lo, hi);
                prop_assert!(
                    dp == want,
                    "exercise 8.1, clamp_impulse: the piece should be delta clamped \
                     on its own, {want}, got {dp} (delta {delta}, bounds {lo}..={hi}, \
                     {how}).\n  Reread \"{CLAMP}\" in {PAGE}."
                );
            }
        }
        prop_assert!(
            (applied - total).abs() <= 1e-4 * (1.0 + applied.abs()),
            "exercise 8.1, clamp_impulse: the pieces returned add up to {applied}, but \
             *total ended at {total} (deltas {deltas:?}, bounds {lo}..={hi}, {how}); \
             the total must grow by exactly what is returned.\n  Reread \"{CLAMP}\" \
             in {PAGE}."
        );
    }
}

const WARM: &str = "Warm starting and feature ids";

/// Total linear and angular momentum (about the origin) of two bodies.
fn momentum(bodies: [&Body; 2]) -> (Vec2, f32) {
    bodies.iter().fold((Vec2::ZERO, 0.0), |(p, l), body| {
        let m = 1.0 / body.inv_mass;
        let i = 1.0 / body.inv_inertia;
        let mv = m * body.velocity;
        (p + mv, l + cross(body.position, mv) + i * body.angular_velocity)
    })
}

/// Exercise 8.2. Warm starting a contact applies `P_n n + P_t perp(n)` at the
/// point, `+` to B and `-` to A: a box resting on a static ground gets it all,
/// turning about its centre; between two moving bodies it changes neither
/// momentum nor angular momentum; no impulse, no change.
#[test]
fn warm_starting_applies_last_steps_impulses_at_the_point() {
    let ground = Body::fixed(
        Shape::Box(Obb { half_extents: Vec2::new(5.0, 0.5) }),
        Vec2::new(0.0, -0.5),
        0.0,
    );
    let block = Body::rect(1.0, 0.5, Vec2::new(0.0, 0.5), 0.0, 1.0); // 2 kg, I = 5/6
    let contact = ContactRow {
        point: Vec2::new(1.0, 0.0), // the block's lower right corner
        normal_impulse: 2.0,
        tangent_impulse: 0.5, // along perp(+y) = -x
        ..ContactRow::default()
    };
    let (mut a, mut b) = (ground, block);
    warm_start_contact(&mut a, &mut b, Vec2::Y, &contact);
    let case = "a 2 kg box (I = 5/6 kg m^2) on a static ground, normal +y, normal \
                impulse 2, friction impulse 0.5 at its corner (1, 0)";
    check((a.velocity, a.angular_velocity) == (Vec2::ZERO, 0.0), WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: the static ground should not move, but \
             it has velocity {} and spin {} ({case})",
            a.velocity, a.angular_velocity
        )
    });
    // P = (-0.5, 2): v = P / 2 kg; r = (1, -0.5), r x P = 2 - 0.25 = 1.75, w =
    // 1.75 / I.
    let want = Vec2::new(-0.25, 1.0);
    check((b.velocity - want).length() < 1e-6, WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: B's velocity should be {want} (the \
             impulse (-0.5, 2) over 2 kg), got {} ({case})",
            b.velocity
        )
    });
    let want = 1.75 * 1.2;
    check((b.angular_velocity - want).abs() < 1e-5, WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: B's spin should be {want} rad/s (r x P \
             = 1.75 over I), got {} ({case})",
            b.angular_velocity
        )
    });

    let mut a = Body::disc(0.5, Vec2::new(-0.3, 0.2), 2.0);
    let mut b = Body::rect(0.4, 0.8, Vec2::new(0.6, 0.9), 0.3, 1.0);
    a.velocity = Vec2::new(1.0, -2.0);
    b.angular_velocity = -1.5;
    let before = momentum([&a, &b]);
    let normal = Vec2::new(0.6, 0.8);
    let contact = ContactRow {
        point: Vec2::new(0.2, 0.5),
        normal_impulse: 3.0,
        tangent_impulse: -1.0,
        ..ContactRow::default()
    };
    let (a0, b0) = (a, b);
    warm_start_contact(&mut a, &mut b, normal, &contact);
    let case = "a disc and a turned box, both moving, normal (0.6, 0.8) from A to B, \
                normal impulse 3, friction impulse -1 at (0.2, 0.5)";
    check(b.velocity.dot(normal) > b0.velocity.dot(normal), WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: B's velocity along the normal should \
             grow (a positive normal impulse pushes B away from A), but went from {} \
             to {} ({case})",
            b0.velocity.dot(normal),
            b.velocity.dot(normal)
        )
    });
    check(a.velocity.dot(normal) < a0.velocity.dot(normal), WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: A's velocity along the normal should \
             shrink (A gets -P), but went from {} to {} ({case})",
            a0.velocity.dot(normal),
            a.velocity.dot(normal)
        )
    });
    let after = momentum([&a, &b]);
    check((after.0 - before.0).length() < 1e-4, WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: the pair's momentum should stay \
             {}, got {} (the two impulses must be equal and opposite; {case})",
            before.0, after.0
        )
    });
    check((after.1 - before.1).abs() < 1e-4, WARM, || {
        format!(
            "exercise 8.2, warm_start_contact: the pair's angular momentum should stay \
             {}, got {} (both impulses act at the contact point; {case})",
            before.1, after.1
        )
    });

    let (mut a, mut b) = (a0, b0);
    warm_start_contact(&mut a, &mut b, normal, &ContactRow::default());
    check((a, b) == (a0, b0), WARM, || {
        "exercise 8.2, warm_start_contact: with no impulse kept, nothing should change, \
         but a body's velocity or spin did"
            .to_string()
    });
}

const BIAS: &str = "Restitution and Baumgarte: the bias";

/// Exercise 8.3 on numbers. No bounce below the threshold, `-e v_n` above it;
/// Baumgarte's push-out beyond the allowed penetration, only with position
/// correction; the larger of the two, not the sum.
#[test]
fn the_bias_is_the_larger_of_bounce_and_push_out() {
    let on = Settings::default(); // threshold 1 m/s, factor 0.2, 1 cm allowed
    let off = Settings { position_correction: false, ..on };
    let bouncy = Settings { restitution_threshold: 0.0, ..on };
    let dt = 0.1; // bias_factor / dt = 2 per second
    // (settings, what they are, e, v_n, penetration, bias, why)
    let cases = [
        (on, "defaults", 0.5, -0.5, 0.0, 0.0, "too slow to bounce"),
        (on, "defaults", 0.5, 3.0, 0.0, 0.0, "separating"),
        (on, "defaults", 0.5, -4.0, 0.0, 2.0, "a bounce, no overlap"),
        (on, "defaults", 0.5, -4.0, 0.005, 2.0, "within the allowed penetration"),
        (
            on,
            "defaults",
            0.0,
            0.0,
            0.005,
            0.0,
            "resting within the allowed penetration",
        ),
        (on, "defaults", 0.0, 0.0, 0.11, 0.2, "resting 10 cm beyond the allowed"),
        (
            on,
            "defaults",
            0.5,
            -4.0,
            2.01,
            4.0,
            "push-out larger: the larger, not the sum",
        ),
        (
            on,
            "defaults",
            0.5,
            -4.0,
            0.51,
            2.0,
            "bounce larger: the larger, not the sum",
        ),
        (off, "position correction off", 0.0, 0.0, 2.01, 0.0, "no push-out"),
        (off, "position correction off", 0.5, -4.0, 2.01, 2.0, "the bounce alone"),
        (bouncy, "threshold 0", 0.5, -0.5, 0.0, 0.25, "any approach bounces"),
    ];
    for (settings, which, e, v_n, depth, want, why) in cases {
        let got = contact_bias(&settings, e, v_n, depth, dt);
        check((got - want).abs() < 1e-5, BIAS, || {
            format!(
                "exercise 8.3, contact_bias: the bias should be {want} m/s, got {got} \
                 (e = {e}, v_n = {v_n} m/s, penetration {depth} m, dt = {dt} s, \
                 settings: {which}; {why})"
            )
        });
    }
}

// Exercise 8.4, a challenge.

const BLOCK: physics_core::exercise::Exercise = physics_core::exercise::Exercise {
    page: PAGE,
    name: "exercise 8.4 (a challenge), block_solve",
    reread: "section \"Exercise 8.4: two contact points as one block\"",
};

/// Worked cases with K = [[2, 1], [1, 2]], a box's two corners on the ground: both
/// approaching, one separating, both separating, a push-out, a warm start that is
/// already right, and one that pushed the first point too hard and takes some back.
#[test]
fn a_block_in_worked_cases() {
    let k = [[2.0, 1.0], [1.0, 2.0]];
    let third = 1.0 / 3.0;
    let cases = [
        (
            [-1.0, -1.0],
            [0.0, 0.0],
            [0.0, 0.0],
            [third, third],
            "both approach at 1 m/s",
        ),
        (
            [-1.0, 2.0],
            [0.0, 0.0],
            [0.0, 0.0],
            [0.5, 0.0],
            "the second separates fast enough on its own",
        ),
        ([1.0, 1.0], [0.0, 0.0], [0.0, 0.0], [0.0, 0.0], "both separate"),
        (
            [0.0, 0.0],
            [0.5, 0.5],
            [0.0, 0.0],
            [1.0 / 6.0, 1.0 / 6.0],
            "at rest, pushed out at 0.5 m/s",
        ),
        (
            [0.0, 0.0],
            [0.0, 0.0],
            [1.0, 1.0],
            [1.0, 1.0],
            "at rest, warm started with what holds it: kept",
        ),
        (
            [1.0, -1.0],
            [0.0, 0.0],
            [2.0, 0.0],
            [1.0, 1.0],
            "the first pushed too hard: 1 N s taken back",
        ),
    ];
    for (v_n, bias, total, expected, what) in cases {
        let got = block_solve(k, v_n, bias, total);
        let case = format!(
            "K = {k:?}, v_n = {v_n:?}, bias = {bias:?}, total = {total:?}: {what}"
        );
        // 1e-5: a few roundings of numbers near 1.
        assert!(
            (got[0] - expected[0]).abs() < 1e-5
                && (got[1] - expected[1]).abs() < 1e-5,
            "{}",
            BLOCK.wrong(
                "the accumulated impulses (N s)",
                case,
                format!("{expected:?}"),
                format!("{got:?}")
            )
        );
    }
}

proptest! {
    /// Over random pairs of contact points (K built as the solver builds it, from
    /// two bodies' inverse masses and inertias and the points' lever arms, which
    /// differ by at least 5 cm so that K is never singular), velocities, biases
    /// and totals: the impulses returned are 0 or more, each point then moves at
    /// its bias or faster, and a point that pushes moves at exactly its bias. The
    /// answer is the step's, whatever was accumulated before: starting from no
    /// impulse with the velocities that total had not yet made gives the same.
    /// Tolerance: 1e-4 of the velocities and of K times the impulses, which the
    /// velocities after are sums of.
    #[test]
    fn a_block_pushes_only_where_it_must(
        inv_mass in (0.0f32..10.0, 0.1f32..10.0), inv_inertia in (0.0f32..10.0, 0.1f32..10.0),
        arms_a in (-2.0f32..2.0, -2.0f32..2.0), arms_b in (-2.0f32..2.0, 0.05f32..2.0),
        v_n in (-10.0f32..10.0, -10.0f32..10.0), bias in (0.0f32..2.0, 0.0f32..2.0),
        total in (0.0f32..5.0, 0.0f32..5.0),
    ) {
        // B's second arm is its first and at least 5 cm more, so the two rows differ.
        let (ra, rb) = ([arms_a.0, arms_a.1], [arms_b.0, arms_b.0 + arms_b.1]);
        let entry = |i: usize, j: usize| {
            inv_mass.0 + inv_mass.1 + inv_inertia.0 * ra[i] * ra[j] + inv_inertia.1 * rb[i] * rb[j]
        };
        let k = [[entry(0, 0), entry(0, 1)], [entry(1, 0), entry(1, 1)]];
        let (v_n, bias, total) = ([v_n.0, v_n.1], [bias.0, bias.1], [total.0, total.1]);
        let case = format!("K = {k:?}, v_n = {v_n:?}, bias = {bias:?}, total = {total:?}");
        let x = block_solve(k, v_n, bias, total);
        let after = |x: [f32; 2], v_n: [f32; 2], total: [f32; 2]| {
            [0, 1].map(|i| {
                v_n[i] as f64
                    + (0..2).map(|j| k[i][j] as f64 * (x[j] - total[j]) as f64).sum::<f64>()
            })
        };
        let w = after(x, v_n, total);
        let size = k[0][0].max(k[1][1]) * (x[0].abs() + x[1].abs() + total[0] + total[1]);
        let tol = 1e-4 * (1.0 + v_n[0].abs() + v_n[1].abs() + size) as f64;
        for i in 0..2 {
            let behind = w[i] - bias[i] as f64;
            prop_assert!(
                x[i] >= 0.0,
                "{}",
                BLOCK.wrong(&format!("point {i}'s accumulated impulse (N s)"), &case, "0 or more: a contact only pushes", x[i])
            );
            prop_assert!(
                behind >= -tol,
                "{}",
                BLOCK.wrong(
                    &format!("point {i}'s normal velocity after your {x:?} (m/s)"),
                    &case,
                    format!("its bias, {}, or more", bias[i]),
                    w[i]
                )
            );
            prop_assert!(
                x[i] as f64 * behind <= tol * (1.0 + x[i] as f64),
                "{}",
                BLOCK.wrong(
                    &format!("point {i}'s normal velocity after your {x:?} (m/s)"),
                    &case,
                    format!("exactly its bias, {}, since it pushes", bias[i]),
                    w[i]
                )
            );
        }
        // Without what `total` did: v_n less K total, and nothing accumulated.
        let before = after([0.0, 0.0], v_n, total).map(|v| v as f32);
        let fresh = block_solve(k, before, bias, [0.0, 0.0]);
        let scale = 1e-4 * (1.0 + x[0].abs() + x[1].abs() + total[0] + total[1]);
        prop_assert!(
            (fresh[0] - x[0]).abs() <= scale && (fresh[1] - x[1]).abs() <= scale,
            "{}",
            BLOCK.wrong(
                "the accumulated impulses from no impulse, with the velocities total had not made (N s)",
                &case,
                format!("{x:?}, as from total"),
                format!("{fresh:?}")
            )
        );
    }
}
