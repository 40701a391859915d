//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand (the properties over random bodies are in `physics.rs`), and for
//! exercise 3.3 a property of its own. A failure
//! names the quantity, the case, the value expected and got, and the section of the
//! page to reread.

use crate::judge::{CORRECTION, ENERGY_LOSS, IMPULSE};
use ch03_mass_weighted_impulses::{
    Ball, Contact, Correction, Plane, correction_vector, impulse_for_energy_loss,
    impulse_scalar, plane_circle, resolve_wall,
};
use glam::Vec2;
use proptest::prelude::*;

// Exercise 3.1.

/// One case of `impulse_scalar`: the velocities, inverse masses, normal,
/// restitution and approach check, the impulse expected, and what the case is.
struct ImpulseCase {
    va: Vec2,
    inv_a: f32,
    vb: Vec2,
    inv_b: f32,
    n: Vec2,
    e: f32,
    check: bool,
    expected: f32,
    what: &'static str,
}

#[test]
fn the_impulse_in_worked_cases() {
    let head_on = |e: f32, expected: f32, what| ImpulseCase {
        va: Vec2::new(4.0, 0.0),
        inv_a: 1.0,
        vb: Vec2::ZERO,
        inv_b: 1.0 / 3.0,
        n: Vec2::X,
        e,
        check: true,
        expected,
        what,
    };
    let parting = |check: bool, expected: f32, what| ImpulseCase {
        va: Vec2::ZERO,
        inv_a: 1.0,
        vb: Vec2::new(0.0, 2.0),
        inv_b: 1.0,
        n: Vec2::Y,
        e: 0.5,
        check,
        expected,
        what,
    };
    for c in [
        head_on(1.0, 6.0, "1 kg at 4 m/s into 3 kg at rest, e = 1"),
        head_on(0.5, 4.5, "1 kg at 4 m/s into 3 kg at rest, e = 0.5"),
        head_on(0.0, 3.0, "1 kg at 4 m/s into 3 kg at rest, e = 0"),
        parting(
            true,
            0.0,
            "1 kg and 1 kg already parting at 2 m/s, approach check on",
        ),
        parting(
            false,
            -1.5,
            "1 kg and 1 kg already parting at 2 m/s, approach check off: a pull",
        ),
        ImpulseCase {
            va: Vec2::ZERO,
            inv_a: 0.0,
            vb: Vec2::new(1.0, -4.0),
            inv_b: 0.5,
            n: Vec2::Y,
            e: 0.5,
            check: true,
            expected: 12.0,
            what: "a wall (1/m_a = 0) under 2 kg falling at 4 m/s, e = 0.5",
        },
        ImpulseCase {
            va: Vec2::new(1.0, 0.0),
            inv_a: 0.0,
            vb: Vec2::new(-1.0, 0.0),
            inv_b: 0.0,
            n: Vec2::X,
            e: 1.0,
            check: true,
            expected: 0.0,
            what: "two immovable bodies: nothing to solve",
        },
    ] {
        let j = impulse_scalar(c.va, c.inv_a, c.vb, c.inv_b, c.n, c.e, c.check);
        let case = format!(
            "v_a = {}, 1/m_a = {}, v_b = {}, 1/m_b = {}, n = {}, e = {}, approach_check = {}: {}",
            c.va, c.inv_a, c.vb, c.inv_b, c.n, c.e, c.check, c.what
        );
        assert!(
            (j - c.expected).abs() < 1e-5,
            "{}",
            IMPULSE.wrong("the impulse j (kg m/s)", case, c.expected, j)
        );
    }
}

#[test]
fn two_static_bodies_get_no_impulse() {
    let j = impulse_scalar(Vec2::X, 0.0, -Vec2::X, 0.0, Vec2::X, 1.0, true);
    assert!(
        j == 0.0,
        "{}",
        IMPULSE.wrong(
            "the impulse j (kg m/s)",
            "two bodies of inverse mass 0 closing at 2 m/s along n = +x",
            0.0,
            j
        )
    );
}

#[test]
fn against_a_wall_the_impulse_is_chapter_2s_reflection() {
    let mut b = Ball::new(Vec2::new(0.0, 0.1), 0.5, 1.0, 1.0);
    b.velocity = Vec2::new(2.0, -3.0);
    let wall = Plane { normal: physics_core::trig::from_angle(1.2), offset: -0.3 };
    let contact = plane_circle(&wall, &b).unwrap();
    let expected = ch02_planes_restitution::reflect(b.velocity, wall.normal, 0.4);
    let case = format!(
        "a 1 kg ball at {} into a wall with normal {}, e = 0.4",
        b.velocity, wall.normal
    );
    resolve_wall(&mut b, &contact, 0.4, true);
    assert!(
        (b.velocity - expected).length() < 1e-5,
        "{}",
        IMPULSE.wrong(
            "the ball's velocity after the impulse (chapter 2's reflection)",
            case,
            expected,
            b.velocity
        )
    );
}

// Exercise 3.2.

#[test]
fn the_correction_in_worked_cases() {
    let on = Correction { enabled: true, percent: 0.2, slop: 0.01 };
    let off = Correction { enabled: false, ..on };
    for (penetration, inv_a, inv_b, c, expected, what) in [
        (
            0.11,
            1.0,
            1.0,
            on,
            0.01,
            "1 kg and 1 kg, 10 cm beyond the slop: 20 % of it, shared",
        ),
        (
            0.11,
            0.0,
            1.0,
            on,
            0.02,
            "a wall and 1 kg: the ball takes the whole move",
        ),
        (0.11, 1.0, 0.25, on, 0.016, "1 kg and 4 kg"),
        (0.005, 1.0, 1.0, on, 0.0, "within the slop: left alone"),
        (0.11, 1.0, 1.0, off, 0.0, "correction switched off"),
        (0.11, 0.0, 0.0, on, 0.0, "two immovable bodies"),
    ] {
        let contact = Contact { normal: Vec2::new(0.6, 0.8), penetration };
        let got = correction_vector(&contact, inv_a, inv_b, &c);
        let expected = expected * contact.normal;
        let case = format!(
            "penetration {penetration} m along n = {}, 1/m_a = {inv_a}, 1/m_b = {inv_b}, {c:?}: {what}",
            contact.normal
        );
        assert!(
            (got - expected).length() < 1e-6,
            "{}",
            CORRECTION.wrong("the correction vector c (kg m)", case, expected, got)
        );
    }
}

// Exercise 3.3, a challenge.

/// One worked case of `impulse_for_energy_loss`: A's velocity and inverse mass,
/// B's, the normal, the loss (J), the impulse expected, and what the case is.
type LossCase = (Vec2, f32, Vec2, f32, Vec2, f32, Option<f32>, &'static str);

/// Worked cases: chapter 3's textbook collision at four losses and one too many, a
/// spring between two bodies at rest, a wall, an oblique normal, and bodies
/// already separating, where a tiny loss must not lose its digits.
#[test]
fn the_impulse_for_a_loss_in_worked_cases() {
    let (x, rest) = (Vec2::X, Vec2::ZERO);
    let four = Vec2::new(4.0, 0.0);
    let cases: [LossCase; 11] = [
        (
            four,
            1.0,
            rest,
            1.0 / 3.0,
            x,
            0.0,
            Some(6.0),
            "1 kg at 4 m/s into 3 kg: nothing lost, e = 1",
        ),
        (
            four,
            1.0,
            rest,
            1.0 / 3.0,
            x,
            4.5,
            Some(4.5),
            "the same, 4.5 J of the 6 J lost: e = 0.5",
        ),
        (
            four,
            1.0,
            rest,
            1.0 / 3.0,
            x,
            6.0,
            Some(3.0),
            "the same, all 6 J lost: they move on together",
        ),
        (
            four,
            1.0,
            rest,
            1.0 / 3.0,
            x,
            6.5,
            None,
            "the same, 6.5 J: more than the collision holds",
        ),
        (
            rest,
            1.0,
            rest,
            1.0 / 3.0,
            x,
            -6.0,
            Some(3.0),
            "a spring releases 6 J between 1 kg and 3 kg at rest",
        ),
        (
            rest,
            0.0,
            Vec2::new(5.0, -3.0),
            0.5,
            Vec2::Y,
            5.0,
            Some(10.0),
            "2 kg onto a floor at 3 m/s, sliding at 5 m/s: 5 J lost",
        ),
        (
            Vec2::new(1.0, 2.0),
            0.5,
            Vec2::new(-1.0, 0.0),
            0.25,
            Vec2::new(0.6, 0.8),
            2.56,
            Some(6.4),
            "2 kg and 4 kg on an oblique normal",
        ),
        (
            rest,
            1.0,
            x,
            1.0,
            x,
            1e-7,
            Some(-1e-7),
            "separating at 1 m/s, 1e-7 J lost: a pull of 1e-7 N s",
        ),
        (
            rest,
            1.0,
            x,
            1.0,
            x,
            0.3,
            None,
            "separating at 1 m/s, 0.3 J: only 0.25 J in the normal motion",
        ),
        (
            rest,
            1.0,
            x,
            1.0,
            x,
            -0.75,
            Some(0.5),
            "separating at 1 m/s, a spring adds 0.75 J: 2 m/s apart",
        ),
        (four, 0.0, rest, 0.0, x, 0.0, None, "two immovable bodies"),
    ];
    for (va, inv_a, vb, inv_b, n, loss, expected, what) in cases {
        let got = impulse_for_energy_loss(va, inv_a, vb, inv_b, n, loss);
        let case = format!(
            "v_a = {va}, 1/m_a = {inv_a}, v_b = {vb}, 1/m_b = {inv_b}, n = {n}, loss {loss} J: {what}"
        );
        // 1e-5 relative: a few f32 roundings, far below the 20 % the textbook root
        // formula is off by in the tiny-loss case.
        let close = match (got, expected) {
            (Some(j), Some(e)) => (j - e).abs() <= 1e-5 * e.abs().max(1e-6),
            (g, e) => g.is_none() && e.is_none(),
        };
        assert!(
            close,
            "{}",
            ENERGY_LOSS.wrong(
                "the impulse (N s)",
                case,
                format!("{expected:?}"),
                format!("{got:?}")
            )
        );
    }
}

proptest! {
    /// Over random bodies (one of them now and then immovable), velocities,
    /// normals and losses, from energy released to more than the collision holds:
    /// the impulse returned, applied here in f64, takes exactly `loss` from the
    /// kinetic energy and leaves the bodies not approaching; `None` only when no
    /// impulse could. Tolerance: 1e-5 of the energies involved, the normal motion's
    /// and the loss, plus 1e-9 J; a few f32 roundings of the impulse are 1e-7 of it.
    #[test]
    fn the_impulse_takes_the_loss_and_leaves_them_apart(
        inv_a in prop_oneof![1 => Just(0.0f32), 4 => 0.1f32..10.0],
        inv_b in 0.1f32..10.0,
        va in (-10.0f32..10.0, -10.0f32..10.0), vb in (-10.0f32..10.0, -10.0f32..10.0),
        angle in 0.0f32..std::f32::consts::TAU, share in -2.0f32..1.2,
    ) {
        // An immovable body is at rest, as the chapter's walls and pegs are.
        let va = if inv_a > 0.0 { Vec2::new(va.0, va.1) } else { Vec2::ZERO };
        let (vb, n) = (Vec2::new(vb.0, vb.1), Vec2::from_angle(angle));
        let w = inv_a as f64 + inv_b as f64;
        let v_n = (vb - va).dot(n) as f64;
        // The energy of the relative normal motion, 1/2 mu v_n^2: the most a loss
        // can take. The loss is a share of it, or of 1 J when it is nearly 0.
        let held = v_n * v_n / (2.0 * w);
        let loss = (share as f64 * held.max(1.0)) as f32;
        let case = format!(
            "v_a = {va}, 1/m_a = {inv_a}, v_b = {vb}, 1/m_b = {inv_b}, n = {n}, loss {loss} J \
             (the normal motion holds {held} J)"
        );
        let tol = 1e-5 * (held + (loss as f64).abs()) + 1e-9;
        let got = impulse_for_energy_loss(va, inv_a, vb, inv_b, n, loss);
        let Some(j) = got else {
            prop_assert!(
                (loss as f64) > held - tol,
                "{}",
                ENERGY_LOSS.wrong("the impulse (N s)", &case, "an impulse: the loss is within what the motion holds", "None")
            );
            return Ok(());
        };
        prop_assert!(
            (loss as f64) <= held + tol,
            "{}",
            ENERGY_LOSS.wrong("the impulse (N s)", &case, "None: no impulse loses that much", j)
        );
        // Applied in f64: B gets +j n, A gets -j n, each over its mass.
        let j = j as f64;
        let f64s = |v: Vec2| [v.x as f64, v.y as f64];
        let (n64, va0, vb0) = (f64s(n), f64s(va), f64s(vb));
        let va1 = [0, 1].map(|k| va0[k] - j * inv_a as f64 * n64[k]);
        let vb1 = [0, 1].map(|k| vb0[k] + j * inv_b as f64 * n64[k]);
        let energy = |v: [f64; 2], inv: f32| {
            if inv > 0.0 { 0.5 * (v[0] * v[0] + v[1] * v[1]) / inv as f64 } else { 0.0 }
        };
        let lost = energy(va0, inv_a) + energy(vb0, inv_b) - energy(va1, inv_a) - energy(vb1, inv_b);
        prop_assert!(
            (lost - loss as f64).abs() <= tol,
            "{}",
            ENERGY_LOSS.wrong("the kinetic energy lost (J), with your impulse applied", &case, loss, lost)
        );
        let after = (vb1[0] - va1[0]) * n64[0] + (vb1[1] - va1[1]) * n64[1];
        prop_assert!(
            after >= -tol.sqrt() * w.sqrt(),
            "{}",
            ENERGY_LOSS.wrong(
                "the relative normal velocity after (m/s)",
                &case,
                "0 or more: not approaching (the other root of the energy's quadratic approaches)",
                after
            )
        );
    }
}
