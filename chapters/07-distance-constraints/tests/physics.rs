//! The laws chapter 7 claims, checked over random bodies and against textbook
//! answers, and the tutorial's slips shown failing them.

use crate::judge::{JOINT, ROD, ROPE};
use ch07_distance_constraints::worlds;
use ch07_distance_constraints::{
    Body, DistanceJoint, JointKind, Order, World, joint_impulse, solve_joint,
};
use glam::Vec2;
use physics_core::diagnostics::{angular_momentum, linear_momentum};
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;
const G: f32 = 9.81;

fn state(bodies: &[Body]) -> Vec<physics_core::demo::BodyState> {
    bodies.iter().map(ch06_rotation_friction::demos::body_state).collect()
}

fn vec2(max: f32) -> impl Strategy<Value = Vec2> {
    (-max..max, -max..max).prop_map(|(x, y)| Vec2::new(x, y))
}

/// A free box or disc of 0.1 to 10 kg, turned and moving up to 10 m/s and 10 rad/s.
fn body() -> impl Strategy<Value = Body> {
    (
        any::<bool>(),
        0.05f32..1.0,
        0.05f32..1.0,
        vec2(3.0),
        -4.0f32..4.0,
        0.1f32..10.0,
        vec2(10.0),
        -10.0f32..10.0,
    )
        .prop_map(|(disc, w, h, at, angle, mass, v, spin)| {
            let mut b = if disc {
                Body::disc(w, at, 1.0)
            } else {
                Body::rect(w, h, at, angle, 1.0)
            };
            b = Body::new(b.shape, at, b.angle, mass);
            b.velocity = v;
            b.angular_velocity = spin;
            b
        })
}

fn joint(
    length: f32,
    kind: JointKind,
    local_a: Vec2,
    local_b: Vec2,
) -> DistanceJoint {
    DistanceJoint { body_a: 0, body_b: 1, local_a, local_b, length, kind }
}

fn scale(bodies: &[Body]) -> f32 {
    1.0 + bodies
        .iter()
        .map(|b| b.mass() * (b.velocity.length() + 10.0 * b.angular_velocity.abs()))
        .sum::<f32>()
}

proptest! {
    /// A rod's impulse between two free bodies is equal and opposite (at the two
    /// anchors), so it leaves the linear momentum unchanged; its angular momentum
    /// about a fixed point changes only by the torque of the pair of impulses,
    /// `(pb - pa) x P`, which is zero because P lies along `pb - pa`. Tolerance
    /// 1e-5 of the momenta involved (10 m lever arms for the angular part) for f32
    /// rounding.
    #[test]
    fn rod_impulses_conserve_momentum(
        a in body(), b in body(), la in vec2(1.0), lb in vec2(1.0), length in 0.0f32..5.0,
        beta in 0.0f32..=1.0, about in vec2(5.0), rope in any::<bool>(),
    ) {
        let mut bodies = vec![a, b];
        let kind = if rope { JointKind::Rope } else { JointKind::Rod };
        let before = state(&bodies);
        for _ in 0..3 {
            solve_joint(&mut bodies, &joint(length, kind, la, lb), beta, DT);
        }
        let after = state(&bodies);
        let tol = 1e-5 * scale(&bodies);
        let case = format!("two bodies, a {kind:?} of length {length} between anchors {la} and {lb}, beta = {beta}, three passes");
        let dp = linear_momentum(&after) - linear_momentum(&before);
        prop_assert!(
            dp.length() <= tol,
            "{}",
            JOINT.wrong("the change of total momentum (kg m/s)", &case, Vec2::ZERO, dp)
        );
        let dl = angular_momentum(&after, about) - angular_momentum(&before, about);
        prop_assert!(
            dl.abs() <= 10.0 * tol,
            "{}",
            JOINT.wrong(&format!("the change of angular momentum about {about} (kg m^2/s)"), &case, 0.0, dl)
        );
    }

    /// A rope shorter than its length is slack: whatever the bodies do, no impulse,
    /// no change.
    #[test]
    fn a_slack_rope_applies_no_impulse(
        a in body(), b in body(), la in vec2(1.0), lb in vec2(1.0), extra in 0.001f32..3.0,
        beta in 0.0f32..=1.0,
    ) {
        let mut bodies = vec![a, b];
        let mut rope = joint(0.0, JointKind::Rope, la, lb);
        rope.length = rope.stretch(&bodies) + extra;
        let before = bodies.clone();
        let p = solve_joint(&mut bodies, &rope, beta, DT);
        prop_assert!(
            p == 0.0 && bodies == before,
            "{}",
            ROPE.wrong("the slack rope's impulse (N s)",
                format!("a rope {extra} m longer than its anchors are apart, beta = {beta}"), 0.0, p)
        );
    }

    /// Coincident anchors and zero lengths, static ends: never a NaN.
    #[test]
    fn no_nan_from_coincident_anchors_or_zero_length(
        a in body(), b in body(), length in prop_oneof![Just(0.0f32), 0.0f32..2.0],
        static_a in any::<bool>(), rope in any::<bool>(), beta in 0.0f32..=1.0,
    ) {
        let a = if static_a { a.into_static() } else { a };
        // B's anchor placed exactly on A's.
        let mut b = b;
        b.position = a.position;
        b.angle = a.angle;
        let kind = if rope { JointKind::Rope } else { JointKind::Rod };
        let mut world = World::new(vec![a, b], vec![joint(length, kind, Vec2::ZERO, Vec2::ZERO)]);
        world.baumgarte = beta;
        for _ in 0..30 {
            world.step(DT);
        }
        for b in world.bodies() {
            prop_assert!(b.position.is_finite() && b.velocity.is_finite(), "{b:?}");
            prop_assert!(b.angle.is_finite() && b.angular_velocity.is_finite(), "{b:?}");
        }
    }
}

/// A pendulum of length `length` released at `amplitude` radians: the mean period
/// over the first `swings` swings, from the times the bob crosses the bottom going
/// right (interpolated between steps).
fn pendulum_period(
    length: f32,
    amplitude: f32,
    baumgarte: f32,
    swings: usize,
) -> f32 {
    let pin = Body::disc(0.02, Vec2::ZERO, 1.0).into_static();
    let at = length * Vec2::new(amplitude.sin(), -amplitude.cos());
    let bob = Body::disc(0.05, at, 1.0);
    let bodies = vec![pin, bob];
    let rod = DistanceJoint::between(&bodies, 0, Vec2::ZERO, 1, at, JointKind::Rod);
    let mut world = World::new(bodies, vec![rod]);
    world.baumgarte = baumgarte;
    let mut crossings = Vec::new();
    let mut previous = at.x;
    let mut step = 0;
    while crossings.len() <= swings && step < 100_000 {
        world.step(DT);
        step += 1;
        let x = world.bodies()[1].position.x;
        if previous < 0.0 && x >= 0.0 {
            crossings.push((step as f32 - x / (x - previous)) * DT);
        }
        previous = x;
    }
    (crossings[swings] - crossings[0]) / swings as f32
}

/// A pendulum of length L at small amplitude swings with period 2 pi sqrt(L/g),
/// within 2 %. At 0.1 rad the finite amplitude lengthens it by theta^2/16 = 0.06 %,
/// included; semi-implicit Euler's phase error at 60 Hz is (w dt)^2 / 24, under
/// 0.01 %; the rest is the drift fix. Both the tutorial's full fix and the softer
/// factor are within it. Measured within 0.1 %.
#[test]
fn a_pendulum_swings_with_period_two_pi_root_l_over_g() {
    for length in [0.5f32, 1.0, 2.0] {
        for baumgarte in [0.2f32, 1.0] {
            let amplitude = 0.1f32;
            let expected = std::f32::consts::TAU
                * (length / G).sqrt()
                * (1.0 + amplitude * amplitude / 16.0);
            let measured = pendulum_period(length, amplitude, baumgarte, 5);
            assert!(
                (measured / expected - 1.0).abs() < 0.02,
                "{}",
                ROD.wrong("the pendulum's period (s)",
                    format!("a bob on a rod of {length} m from a pin, 0.1 rad, beta = {baumgarte}"),
                    format!("2 pi sqrt(L/g) (1 + 0.1^2/16) = {expected}, within 2 %"), measured)
            );
        }
    }
}

/// A chain of 14 rods, dropped from horizontal, falling onto the floor and swinging
/// for 10 s: the length error stays bounded. The worst moment is the first swing's
/// bottom, where the tension peaks and ten passes cannot share it along 14 links
/// exactly (measured 6.9 cm with the default factor 0.2: bound 10 cm, under a third
/// of a 35 cm link); over the last 5 s it is under 2 cm (measured 1.2 cm). Without
/// the drift fix (factor 0) nothing pulls the links back and the error only grows:
/// 43 cm in the first 5 s, 59 cm in the last.
#[test]
fn a_chains_length_error_stays_bounded() {
    let worst = |baumgarte: f32| {
        let mut world = worlds::chain(14);
        world.baumgarte = baumgarte;
        let (mut first, mut last) = (0.0f32, 0.0f32);
        for step in 0..600 {
            world.step(DT);
            let e = world.worst_length_error();
            if step < 300 {
                first = first.max(e);
            } else {
                last = last.max(e);
            }
        }
        (first, last)
    };
    let (first, last) = worst(0.2);
    assert!(
        first < 0.1 && last < 0.02,
        "{}",
        ROD.wrong(
            "the chain's worst length error (m), first 5 s and last 5 s",
            "the 14-link chain dropped from horizontal, beta = 0.2, 10 s",
            "under 0.1, then under 0.02",
            format!("{first}, then {last}")
        )
    );
    let (_, drifting) = worst(0.0);
    assert!(
        drifting > 10.0 * last,
        "{}",
        ROD.wrong(
            "the chain's worst length error in the last 5 s (m)",
            "the same chain with beta = 0 (no drift fix)",
            format!("over ten times {last}: without the fix it drifts"),
            drifting
        )
    );
}

/// The drift fix turns a length error into velocity: the tutorial's full
/// `(current - rest) / dt` makes a rod 0.5 m too long pull its bob in at 0.5 / dt =
/// 30 m/s in one step, kinetic energy the system never had; the factor 0.2 asks for
/// a fifth of that.
#[test]
fn the_drift_fix_turns_a_length_error_into_speed() {
    for (baumgarte, speed) in [(1.0f32, 30.0f32), (0.2, 6.0)] {
        let pin = Body::disc(0.02, Vec2::ZERO, 1.0).into_static();
        let bob = Body::disc(0.05, Vec2::new(1.5, 0.0), 1.0);
        let mut world = World::new(
            vec![pin, bob],
            vec![joint(1.0, JointKind::Rod, Vec2::ZERO, Vec2::ZERO)],
        );
        world.rigid.gravity = Vec2::ZERO;
        world.baumgarte = baumgarte;
        world.step(DT);
        let v = world.bodies()[1].velocity;
        assert!(
            (v.x + speed).abs() < 1e-3 * speed,
            "{}",
            ROD.wrong("the bob's velocity after one step (m/s)",
                format!("a bob 1.5 m from a pin on a rod of 1 m, at rest, no gravity, beta = {baumgarte}, dt = 1/60 s"),
                format!("({}, 0): beta C / dt towards the pin", -speed), v)
        );
    }
}

/// Erratum: the tutorial divides the anchor-to-anchor vector by its length to get
/// the axis. For coincident anchors (a rod of length 0, or two bodies pinned at one
/// point) that is 0 / 0: NaN, which then spreads to both bodies. Here the axis is
/// the anchors' relative velocity, or nothing is done.
#[test]
fn coincident_anchors_give_no_nan() {
    let axis = Vec2::ZERO;
    let tutorial = axis * (1.0 / axis.length());
    assert!(tutorial.x.is_nan(), "the tutorial's unit axis");
    let a = Body::disc(0.5, Vec2::ZERO, 1.0);
    let mut b = Body::disc(0.5, Vec2::ZERO, 1.0);
    b.velocity = Vec2::new(3.0, 4.0);
    let (p, axis) =
        joint_impulse(&a, Vec2::ZERO, &b, Vec2::ZERO, 0.0, JointKind::Rod, 0.2, DT);
    assert!(p.is_finite() && (axis - Vec2::new(0.6, 0.8)).length() < 1e-6);
    let mut bodies = vec![a, b];
    let pin = joint(0.0, JointKind::Rod, Vec2::ZERO, Vec2::ZERO);
    solve_joint(&mut bodies, &pin, 0.2, DT);
    // Equal masses: both end with the mean velocity, as a perfectly inelastic pin
    // would.
    assert!((bodies[0].velocity - Vec2::new(1.5, 2.0)).length() < 1e-5);
    assert!((bodies[1].velocity - Vec2::new(1.5, 2.0)).length() < 1e-5);
    let still =
        joint_impulse(&a, Vec2::ZERO, &a, Vec2::ZERO, 0.0, JointKind::Rod, 0.2, DT);
    assert_eq!(still, (0.0, Vec2::ZERO));
}

/// Whatever is solved last in each pass is met best: on the bridge with its boxes,
/// solving joints last leaves the ropes less stretched than solving contacts last
/// (the tutorial solves joints last and says so).
#[test]
fn solving_joints_last_keeps_them_tighter() {
    let worst = |order: Order| {
        let mut world = worlds::bridge();
        world.order = order;
        world.rigid.iterations = 2;
        let mut worst = 0.0f32;
        for _ in 0..240 {
            world.step(DT);
            worst = worst.max(world.worst_length_error());
        }
        worst
    };
    let (joints_last, contacts_last) =
        (worst(Order::JointsLast), worst(Order::ContactsLast));
    assert!(
        joints_last < contacts_last,
        "{}",
        JOINT.wrong(
            "the bridge's worst rope stretch with the joints solved last (m)",
            "the bridge with its boxes, 2 passes, 4 s",
            format!("less than with the contacts last, {contacts_last}"),
            joints_last
        )
    );
}

/// The rod holds its bob on the circle; the rope lets its bob fly inside it and
/// only catches it at its full length.
#[test]
fn the_rope_goes_slack_and_the_rod_does_not() {
    let mut world = worlds::rod_and_rope();
    let mut rope_slack = false;
    for _ in 0..90 {
        world.step(DT);
        let joints = &world.joints;
        let bodies = world.bodies();
        let case = "the rod-and-rope demo's world, 1.5 s";
        let rod = joints[0].stretch(bodies);
        assert!(
            rod.abs() < 0.02,
            "{}",
            ROD.wrong(
                "the rod's length error (m)",
                case,
                "within 0.02 either way",
                rod
            )
        );
        // The catch at 7 m/s happens within a step: measured 2.1 cm.
        let rope = joints[1].stretch(bodies);
        assert!(
            rope < 0.05,
            "{}",
            ROPE.wrong(
                "the rope's stretch beyond its length (m)",
                case,
                "under 0.05",
                rope
            )
        );
        rope_slack |= joints[1].stretch(bodies) < -0.3;
    }
    assert!(
        rope_slack,
        "{}",
        ROPE.wrong(
            "whether the rope went slack",
            "the rod-and-rope demo's world, 1.5 s",
            true,
            false
        )
    );
}
