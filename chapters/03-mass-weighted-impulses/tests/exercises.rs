//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand. (The properties over random bodies are in `physics.rs`.) A failure
//! names the quantity, the case, the value expected and got, and the section of the
//! page to reread.

use crate::judge::{CORRECTION, IMPULSE};
use ch03_mass_weighted_impulses::{
    Ball, Contact, Correction, Plane, correction_vector, impulse_scalar,
    plane_circle, resolve_wall,
};
use glam::Vec2;

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
