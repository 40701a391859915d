//! Each exercise of the chapter judged on its own: the soft coefficients against
//! one implicit step of the spring they stand for, a contact's target on numbers,
//! and the joint's pull against a pendulum's. A failure names the quantity that is
//! wrong, the case it tried, what it expected and what it got, and the section of
//! the book's page to reread.

use ch10_soft_step::{
    Body, Jacobian, Joint, JointRows, Row, Soft, World, contact_target,
    reaction_force, soft,
};
use glam::Vec2;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch10-soft-step.md";
const DT: f32 = 1.0 / 60.0;
const TAU: f32 = std::f32::consts::TAU;

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

const SOFT: &str = "A soft row";

/// Exercise 10.1 on the page's numbers: a rigid row at 0 Hz; the defaults' contact
/// (30 Hz, damping ratio 10, a substep of 1/240 s) and joint (60 Hz, 2); and as the
/// substep shrinks the spring becomes stiffer than the step (mass_scale to 0, the
/// bias rate to `omega / (2 zeta)`).
#[test]
fn the_soft_coefficients() {
    let got = soft(0.0, 1.0, 0.01);
    check(got == Soft::RIGID, SOFT, || {
        format!(
            "exercise 10.1, soft: 0 Hz should be the rigid row {:?}, got {got:?}",
            Soft::RIGID
        )
    });
    // (hertz, zeta, h, bias rate, mass scale, impulse scale), from the page.
    let cases = [
        (30.0, 10.0, 1.0 / 240.0, 9.07, 0.942, 0.058),
        (60.0, 2.0, 1.0 / 240.0, 67.7, 0.897, 0.103),
    ];
    for (hertz, zeta, h, rate, mass, impulse) in cases {
        let got = soft(hertz, zeta, h);
        let case = format!("{hertz} Hz, damping ratio {zeta}, substep {h} s");
        for (name, want, got, tol) in [
            ("bias_rate", rate, got.bias_rate, 0.05),
            ("mass_scale", mass, got.mass_scale, 0.005),
            ("impulse_scale", impulse, got.impulse_scale, 0.005),
        ] {
            check((got - want).abs() < tol, SOFT, || {
                format!(
                    "exercise 10.1, soft: {name} should be {want}, got {got} ({case})"
                )
            });
        }
    }
    let w = TAU * 30.0;
    let tiny = soft(30.0, 10.0, 1e-7);
    check(tiny.mass_scale < 1e-3, SOFT, || {
        format!(
            "exercise 10.1, soft: as the substep goes to 0, mass_scale should go to 0, \
             got {} (30 Hz, damping ratio 10, substep 1e-7 s)",
            tiny.mass_scale
        )
    });
    check((tiny.bias_rate - w / 20.0).abs() < 1e-3 * w, SOFT, || {
        format!(
            "exercise 10.1, soft: as the substep goes to 0, bias_rate should go to \
             omega / (2 zeta) = {}, got {} (30 Hz, damping ratio 10, substep 1e-7 s)",
            w / 20.0,
            tiny.bias_rate
        )
    });
}

proptest! {
    /// Exercise 10.1 against its definition. A row of effective mass `m` with
    /// error `C` and velocity `v` is a spring `k = m omega^2` and damper
    /// `c = 2 m zeta omega`, stepped by backward Euler: `m (v1 - v) = -h (k (C + h
    /// v1) + c v1)`, one linear equation for the velocity `v1` after the substep.
    /// The soft row's impulse, `-mass_scale m (v + bias_rate C)`, must give the
    /// same `v1`, and the two scales must add up to 1.
    #[test]
    fn the_soft_row_is_one_implicit_step_of_its_spring(
        hertz in 0.5f32..120.0,
        zeta in 0.0f32..20.0,
        h in 1e-4f32..0.05,
        m in 0.1f32..100.0,
        c_error in -0.5f32..0.5,
        v in -10.0f32..10.0,
    ) {
        let s = soft(hertz, zeta, h);
        let omega = TAU * hertz;
        let (k, c) = (m * omega * omega, 2.0 * m * zeta * omega);
        // m v1 - m v = -h k C - h^2 k v1 - h c v1, solved for v1.
        let v1 = (m * v - h * k * c_error) / (m + h * h * k + h * c);
        let impulse = -s.mass_scale * m * (v + s.bias_rate * c_error);
        let got = v + impulse / m;
        let case = format!(
            "{hertz} Hz, damping ratio {zeta}, substep {h} s, effective mass {m} kg, error \
             {c_error} m, velocity {v} m/s; your coefficients {s:?}"
        );
        prop_assert!(
            (got - v1).abs() <= 1e-3 * (1.0 + v.abs() + v1.abs()),
            "exercise 10.1, soft: the velocity after the soft impulse should be the \
             implicit step's {v1} m/s, got {got} ({case}).\n  Reread \"{SOFT}\" in {PAGE}."
        );
        prop_assert!(
            (s.mass_scale + s.impulse_scale - 1.0).abs() < 1e-5,
            "exercise 10.1, soft: mass_scale + impulse_scale should be 1, got {} \
             ({case}).\n  Reread \"{SOFT}\" in {PAGE}.",
            s.mass_scale + s.impulse_scale
        );
    }
}

const TARGET: &str = "Contacts without a new collision test";

/// Exercise 10.2 on numbers: speculative while apart, the soft push (capped) while
/// overlapping, nothing while relaxing. The softness is written out, not taken
/// from `soft`, so this test judges 10.2 on its own.
#[test]
fn a_contacts_target() {
    let s = Soft { bias_rate: 9.0, mass_scale: 0.9, impulse_scale: 0.1 };
    let rigid = Soft::RIGID;
    // (s, h, use_bias, target, softness, what the case is)
    let cases = [
        (0.02, 0.01, true, -2.0, rigid, "2 cm apart, with the bias"),
        (0.02, 0.01, false, -2.0, rigid, "2 cm apart, relaxing"),
        (-0.01, 0.01, true, 0.09, s, "1 cm overlap, with the bias"),
        (-1.0, 0.01, true, 3.0, s, "1 m overlap, with the bias: the cap"),
        (-0.01, 0.01, false, 0.0, rigid, "1 cm overlap, relaxing"),
    ];
    for (sep, h, use_bias, want, want_soft, what) in cases {
        let (got, got_soft) = contact_target(sep, h, &s, 3.0, use_bias);
        let case = format!(
            "{what}: s = {sep} m, h = {h} s, the contact's softness {s:?}, push-out cap 3 m/s"
        );
        check((got - want).abs() < 1e-5, TARGET, || {
            format!(
                "exercise 10.2, contact_target: the target should be {want} m/s, got {got} ({case})"
            )
        });
        check(got_soft == want_soft, TARGET, || {
            format!(
                "exercise 10.2, contact_target: the softness should be {want_soft:?}, got \
                 {got_soft:?} ({case})"
            )
        });
    }
}

const BREAK: &str = "Exercise 10.3: a joint that breaks";

/// Exercise 10.3 on numbers. A pin's two rows with impulses 0.1 and 0.2 N s in a
/// substep of 0.01 s pull B with (10, 20) N; an angle row only turns, and adds
/// nothing; a row not in use adds nothing.
#[test]
fn a_joints_force_is_its_rows_impulses_over_the_substep() {
    let row = |jacobian: Jacobian, impulse: f32| Row {
        active: true,
        jacobian,
        mass: 1.0,
        impulse,
        ..Row::default()
    };
    let point = |d: Vec2| Jacobian { linear: d, angular_a: 0.3, angular_b: -0.2 };
    let mut rows = JointRows {
        equal: [row(point(Vec2::X), 0.1), row(point(Vec2::Y), 0.2), Row::default()],
        equal_count: 2,
        ..JointRows::default()
    };
    rows.lower = row(Jacobian::angular(), 5.0);
    rows.motor = Row { active: false, ..row(point(Vec2::X), 7.0) };
    let got = reaction_force(&rows, 0.01);
    let want = Vec2::new(10.0, 20.0);
    check((got - want).length() < 1e-4, BREAK, || {
        format!(
            "exercise 10.3, reaction_force: the force on B should be {want} N, got {got} (a \
             pin's x and y rows with impulses 0.1 and 0.2 N s, an angle limit with 5 N m s, \
             a motor not in use with 7 N s, substep 0.01 s)"
        )
    });
}

/// A 2 kg disc of radius 0.1 m on a pin 1 m from its centre, the pin on a static
/// block; let go `angle` radians from hanging straight down.
fn pendulum(angle: f32, strength: f32) -> World {
    let pin = Vec2::new(0.0, 3.0);
    let block =
        Body::rect(0.1, 0.1, pin + Vec2::new(0.0, 0.2), 0.0, 1.0).into_static();
    let at = pin + Vec2::new(angle.sin(), -angle.cos());
    let disc = Body::disc(0.1, at, 2.0 / (std::f32::consts::PI * 0.01));
    let bodies = vec![block, disc];
    let joints = vec![Joint::revolute(&bodies, 0, 1, pin)];
    let mut world = World::new(bodies, Vec::new(), joints);
    world.soft.settings.joint_strength = strength;
    world
}

/// Exercise 10.3 at rest. A 2 kg disc hanging still pulls its pin with its weight,
/// 19.6 N: a pin that holds 1.1 times that holds; one that holds 0.9 times breaks
/// at once.
#[test]
fn a_hanging_disc_pulls_its_pin_with_its_weight() {
    let weight = 2.0 * 9.81;
    for (times, holds) in [(1.1, true), (0.9, false)] {
        let mut world = pendulum(0.0, times * weight);
        let mut broke = None;
        for step in 0..120 {
            world.step(DT);
            if broke.is_none() && world.joints.list.is_empty() {
                broke = Some(step);
            }
        }
        let case = format!(
            "a 2 kg disc hanging still on a pin that holds {times} times its weight of \
             {weight:.1} N, 2 s"
        );
        match (holds, broke) {
            (true, Some(step)) => panic!(
                "exercise 10.3, reaction_force: the pin should hold, but broke at step \
                 {step} ({case}): the force it measured exceeded the weight.\n  Reread \
                 \"{BREAK}\" in {PAGE}."
            ),
            (false, None) => panic!(
                "exercise 10.3, reaction_force: the pin should break in the first step, \
                 but held for 2 s ({case}): the force it measured stayed below the \
                 weight.\n  Reread \"{BREAK}\" in {PAGE}."
            ),
            (false, Some(step)) => check(step == 0, BREAK, || {
                format!(
                    "exercise 10.3, reaction_force: the pin should break in the first \
                     step, but broke at step {step} ({case})"
                )
            }),
            (true, None) => {}
        }
    }
}

/// Exercise 10.3 in a swing. Let go level, a pendulum whose mass sits at its end
/// reaches the bottom at `omega^2 L = 2 g`, so the pin pulls with its weight and
/// the centripetal force, `m g + 2 m g = 3 m g` (2.99 here: the disc's own
/// inertia takes a little of the speed). A pin that holds 2.7 times the weight
/// breaks near the bottom of the first swing; one that holds 3.3 times holds.
#[test]
fn a_pendulum_pulls_three_times_its_weight_at_the_bottom_of_its_swing() {
    let weight = 2.0 * 9.81;
    let level = std::f32::consts::FRAC_PI_2;
    let mut weak = pendulum(level, 2.7 * weight);
    let mut broke = None;
    for step in 0..60 {
        weak.step(DT);
        if weak.joints.list.is_empty() {
            let disc = weak.bodies()[1];
            broke = Some((step, disc.position - Vec2::new(0.0, 3.0)));
            break;
        }
    }
    let case = "a 2 kg disc 1 m from its pin, let go level";
    let Some((step, at)) = broke else {
        panic!(
            "exercise 10.3, reaction_force: a pin that holds 2.7 times the weight should \
             break as the pendulum swings through the bottom, where it pulls with 3 m g, \
             but held for 1 s ({case}).\n  Reread \"{BREAK}\" in {PAGE}."
        );
    };
    let from_bottom = at.x.atan2(-at.y).abs();
    check(from_bottom < 0.6, BREAK, || {
        format!(
            "exercise 10.3, reaction_force: a pin that holds 2.7 times the weight should \
             break near the bottom of the swing, within 0.6 rad of it, but broke {from_bottom} \
             rad from it, at step {step} ({case})"
        )
    });
    let mut strong = pendulum(level, 3.3 * weight);
    for _ in 0..120 {
        strong.step(DT);
    }
    check(strong.joints.list.len() == 1, BREAK, || {
        format!(
            "exercise 10.3, reaction_force: a pin that holds 3.3 times the weight should \
             hold through the swing, where the pull peaks at 3 m g, but broke ({case})"
        )
    });
}
