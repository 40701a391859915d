//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones, with the rod's impulse worked out
//! here when the rope's test needs it. A failure names the quantity, the case, the
//! value expected and got, and the section of the page to reread.

use crate::judge::{PULLEY, ROD, ROPE};
use ch06_rotation_friction::{
    Circle, Obb, Shape, integrate_positions, integrate_velocities,
};
use ch07_distance_constraints::{
    Body, Pulley, pulley_impulse, rod_impulse, rope_impulse, solve_pulley,
};
use glam::Vec2;
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

// Exercise 7.3, a challenge.

/// A disc of `mass` kg and radius 0.1 m at `at`, moving at `velocity`.
fn weight(mass: f32, at: Vec2, velocity: Vec2) -> Body {
    let mut body = Body::new(Shape::Circle(Circle { radius: 0.1 }), at, 0.0, mass);
    body.velocity = velocity;
    body
}

/// A pulley over (-1, 0) and (1, 0), the weights hanging 2 m below, anchored at
/// their centres, the rope just taut.
fn atwood(ratio: f32) -> Pulley {
    Pulley {
        body_a: 0,
        body_b: 1,
        local_a: Vec2::ZERO,
        local_b: Vec2::ZERO,
        ground_a: Vec2::new(-1.0, 0.0),
        ground_b: Vec2::new(1.0, 0.0),
        length: 2.0 + ratio * 2.0,
        ratio,
    }
}

/// Worked cases on the pulley of `atwood`: 1 kg on A's side, 3 kg on B's. A rope
/// lengthening at 1 m/s is stopped by `-1 / k`, with k = 1/m_A + ratio^2 / m_B (A's
/// turning term joins it when A hangs by a point off its centre); a slack or
/// shortening rope does nothing; a stretched one pulls by the drift fix.
#[test]
fn the_pulley_impulse_in_worked_cases() {
    let (at_a, at_b, down) =
        (Vec2::new(-1.0, -2.0), Vec2::new(1.0, -2.0), Vec2::new(0.0, -1.0));
    let dt = 1.0 / 60.0;
    let mut corner = Body::new(
        Shape::Box(Obb { half_extents: Vec2::splat(0.5) }),
        Vec2::new(-1.5, -2.0),
        0.0,
        1.0,
    );
    corner.inv_inertia = 1.0;
    corner.velocity = down;
    let cases = [
        (
            weight(1.0, at_a, down),
            Vec2::ZERO,
            1.0,
            0.0,
            0.0,
            -0.75,
            "A falls at 1 m/s: k = 1 + 1/3",
        ),
        (
            weight(1.0, at_a, down),
            Vec2::ZERO,
            2.0,
            0.0,
            0.0,
            -3.0 / 7.0,
            "ratio 2: k = 1 + 4/3",
        ),
        (
            weight(1.0, at_a, down),
            Vec2::ZERO,
            1.0,
            0.1,
            0.0,
            0.0,
            "the rope 10 cm slack",
        ),
        (
            weight(1.0, at_a, -down),
            Vec2::ZERO,
            1.0,
            0.0,
            0.0,
            0.0,
            "A rises: the rope goes slack, it does not push",
        ),
        (
            weight(1.0, at_a, Vec2::ZERO),
            Vec2::ZERO,
            1.0,
            -0.05,
            0.2,
            -0.45,
            "at rest, 5 cm too long: the drift fix pulls at 0.6 m/s",
        ),
        (
            corner,
            Vec2::new(0.5, 0.0),
            1.0,
            0.0,
            0.0,
            -12.0 / 19.0,
            "A a box hung 0.5 m off its centre: k = 1 + 0.25 + 1/3",
        ),
    ];
    for (a, local_a, ratio, slack, beta, expected, what) in cases {
        let bodies = [a, weight(3.0, at_b, Vec2::ZERO)];
        let pulley =
            Pulley { local_a, length: 2.0 + ratio * 2.0 + slack, ..atwood(ratio) };
        let got = pulley_impulse(&bodies, &pulley, beta, dt);
        let case = format!(
            "A: {} kg moving {}, 1/I = {}, anchored at {local_a} in its frame; B: 3 kg at rest; \
             ratio {ratio}, the rope {slack} m longer than the path, beta = {beta}, dt = 1/60 s: {what}",
            a.mass(),
            a.velocity,
            a.inv_inertia
        );
        // 1e-5: a few roundings of numbers near 1.
        assert!(
            (got - expected).abs() < 1e-5,
            "{}",
            PULLEY.wrong("the impulse lambda (N s)", case, expected, got)
        );
    }
}

/// An Atwood machine, and a block and tackle, stepped from rest for 0.5 s at 60 Hz
/// with your impulse (one pass a step: one rope needs no more): A's velocity then
/// against the machine's acceleration, `g (m_A - m_B / r) / (m_A + m_B / r^2)`
/// downwards for A, from the energy of the pair (B moves 1/r as far as A). The
/// ropes hang straight, so the step keeps the acceleration exactly but for rounding:
/// 1e-3 m/s.
#[test]
fn an_atwood_machine_accelerates_as_its_masses_say() {
    let (g, dt) = (9.81, 1.0 / 60.0);
    for (m_a, m_b, ratio, what) in [
        (1.0, 3.0, 1.0, "1 kg against 3 kg over two pulleys: A rises at g / 2"),
        (
            1.0,
            2.0,
            2.0,
            "a block and tackle: 2 kg on B's side, ratio 2, holds 1 kg still",
        ),
        (1.0, 1.0, 2.0, "1 kg against 1 kg with ratio 2: A falls at 0.4 g"),
    ] {
        let mut bodies = vec![
            weight(m_a, Vec2::new(-1.0, -2.0), Vec2::ZERO),
            weight(m_b, Vec2::new(1.0, -2.0), Vec2::ZERO),
        ];
        let pulley = atwood(ratio);
        for _ in 0..30 {
            integrate_velocities(&mut bodies, Vec2::new(0.0, -g), dt);
            solve_pulley(&mut bodies, &pulley, 0.2, dt);
            integrate_positions(&mut bodies, dt);
        }
        let falling = g * (m_a - m_b / ratio) / (m_a + m_b / (ratio * ratio));
        let expected = -falling * 0.5;
        let got = bodies[0].velocity.y;
        assert!(
            (got - expected).abs() < 1e-3,
            "{}",
            PULLEY.wrong(
                "A's vertical velocity after 0.5 s (m/s)",
                format!("m_A = {m_a} kg, m_B = {m_b} kg, ratio {ratio}: {what}"),
                expected,
                got
            )
        );
    }
}

/// A body of 0.1 to 10 kg, turned and moving, hanging below a pulley.
fn hanging() -> impl Strategy<Value = Body> {
    (
        0.1f32..10.0,
        (0.05f32..1.0, 0.05f32..1.0),
        -3.0f32..3.0,
        (-5.0f32..5.0, -5.0f32..5.0),
        -5.0f32..5.0,
        (-3.0f32..3.0, -5.0f32..-0.5),
    )
        .prop_map(|(mass, (hx, hy), angle, (vx, vy), w, (x, y))| {
            let shape = Shape::Box(Obb { half_extents: Vec2::new(hx, hy) });
            let mut body = Body::new(shape, Vec2::new(x, y), angle, mass);
            body.velocity = Vec2::new(vx, vy);
            body.angular_velocity = w;
            body
        })
}

proptest! {
    /// Over random bodies, anchors, pulleys, ratios and ropes from 10 cm slack to
    /// 10 cm stretched, apply your impulse here (lambda u_A to A, ratio lambda u_B
    /// to B, each at its anchor) and measure the rope's rate after it in f64: it
    /// never pushes, does nothing while slack, and otherwise either meets the drift
    /// fix's target or, doing nothing, already shortens faster. With no drift fix
    /// it never adds kinetic energy. Tolerance: 1e-4 of the rates involved and of
    /// 10 m/s per N s of impulse (the change it makes in a 0.1 kg body), well above
    /// f32 rounding.
    #[test]
    fn the_pulley_brings_the_rope_to_its_target(
        a in hanging(), b in hanging(), on_a in (-1.0f32..1.0, -1.0f32..1.0),
        on_b in (-1.0f32..1.0, -1.0f32..1.0), ga in -3.0f32..3.0, gb in -3.0f32..3.0,
        ratio in 0.25f32..4.0, stretch in -0.1f32..0.1, beta in prop_oneof![Just(0.0f32), 0.0f32..1.0],
    ) {
        let dt = 1.0 / 60.0;
        let mut bodies = [a, b];
        let local = |body: &Body, (u, v): (f32, f32)| {
            let Shape::Box(o) = body.shape else { unreachable!() };
            Vec2::new(u, v) * o.half_extents
        };
        let pulley0 = Pulley {
            body_a: 0,
            body_b: 1,
            local_a: local(&a, on_a),
            local_b: local(&b, on_b),
            ground_a: Vec2::new(ga, 0.0),
            ground_b: Vec2::new(gb, 0.0),
            length: 0.0,
            ratio,
        };
        let (pa, pb) = pulley0.anchors(&bodies);
        let (side_a, side_b) = ((pa - pulley0.ground_a).length(), (pb - pulley0.ground_b).length());
        let pulley = Pulley { length: side_a + ratio * side_b - stretch, ..pulley0 };
        let error = stretch; // the path less the rope
        let case = format!(
            "A: {} kg at {} moving {} spinning {}, B: {} kg at {} moving {} spinning {}; {pulley:?}; \
             the rope {} m stretched, beta = {beta}",
            a.mass(), a.position, a.velocity, a.angular_velocity,
            b.mass(), b.position, b.velocity, b.angular_velocity, stretch
        );
        let lambda = pulley_impulse(&bodies, &pulley, beta, dt);
        // The rope's rate and the kinetic energy, in f64, of the bodies as they are.
        let f = |v: Vec2| [v.x as f64, v.y as f64];
        let dot = |p: [f64; 2], q: [f64; 2]| p[0] * q[0] + p[1] * q[1];
        let unit = |v: Vec2| { let l = (v.x as f64).hypot(v.y as f64); [v.x as f64 / l, v.y as f64 / l] };
        let (ua, ub) = (unit(pa - pulley.ground_a), unit(pb - pulley.ground_b));
        let point_velocity = |body: &Body, p: Vec2| {
            let r = f(p - body.position);
            let (v, w) = (f(body.velocity), body.angular_velocity as f64);
            [v[0] - w * r[1], v[1] + w * r[0]]
        };
        let rate = |bodies: &[Body; 2]| {
            dot(ua, point_velocity(&bodies[0], pa)) + ratio as f64 * dot(ub, point_velocity(&bodies[1], pb))
        };
        let energy = |bodies: &[Body; 2]| {
            bodies.iter().map(|body| {
                let v = f(body.velocity);
                0.5 * dot(v, v) / body.inv_mass as f64
                    + 0.5 * (body.angular_velocity as f64).powi(2) / body.inv_inertia as f64
            }).sum::<f64>()
        };
        let (rate_before, energy_before) = (rate(&bodies), energy(&bodies));
        // Applied here, in f64: lambda u_A to A and ratio lambda u_B to B.
        for (body, p, u, scale) in [(0, pa, ua, 1.0), (1, pb, ub, ratio as f64)] {
            let body = &mut bodies[body];
            let j = [lambda as f64 * scale * u[0], lambda as f64 * scale * u[1]];
            let r = f(p - body.position);
            let v = [body.velocity.x as f64 + j[0] * body.inv_mass as f64, body.velocity.y as f64 + j[1] * body.inv_mass as f64];
            body.velocity = Vec2::new(v[0] as f32, v[1] as f32);
            body.angular_velocity += (body.inv_inertia as f64 * (r[0] * j[1] - r[1] * j[0])) as f32;
        }
        let rate_after = rate(&bodies);
        let target = -(beta as f64) * error as f64 / dt as f64;
        let tol = 1e-4 * (1.0 + rate_before.abs() + target.abs() + lambda.abs() as f64 * 10.0);
        prop_assert!(
            lambda <= 0.0,
            "{}",
            PULLEY.wrong("the impulse lambda (N s)", &case, "0 or less: a rope only pulls", lambda)
        );
        if error < 0.0 {
            prop_assert!(
                lambda == 0.0,
                "{}",
                PULLEY.wrong("the impulse lambda (N s)", &case, "0: the rope is slack", lambda)
            );
        } else if lambda < 0.0 {
            prop_assert!(
                (rate_after - target).abs() <= tol,
                "{}",
                PULLEY.wrong(
                    &format!("the rope's rate after your lambda = {lambda} N s (m/s)"),
                    &case,
                    format!("the drift fix's target, {target}"),
                    rate_after
                )
            );
        } else {
            prop_assert!(
                rate_before <= target + tol,
                "{}",
                PULLEY.wrong(
                    "the impulse lambda (N s)",
                    &case,
                    format!("a pull: the rope lengthens at {rate_before} m/s, faster than the target {target}"),
                    lambda
                )
            );
        }
        if beta == 0.0 {
            let gained = energy(&bodies) - energy_before;
            prop_assert!(
                gained <= 1e-5 * (1.0 + energy_before),
                "{}",
                PULLEY.wrong("the kinetic energy gained, with no drift fix (J)", &case, "0 or less", gained)
            );
        }
    }
}
