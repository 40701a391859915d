//! The laws chapter 6 claims, checked over random bodies and against textbook
//! answers, and the tutorials' slips shown failing them.

use crate::judge::{CONTACT, FRICTION, NORMAL};
use ch06_rotation_friction::{
    Body, Circle, ContactImpulse, FrictionCap, Obb, Shape, World,
    moment_of_inertia, normal_impulse, solve_contact,
};
use glam::Vec2;
use physics_core::diagnostics::{
    angular_momentum, kinetic_energy, linear_momentum,
};
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

fn state(bodies: &[Body]) -> Vec<physics_core::demo::BodyState> {
    bodies.iter().map(ch06_rotation_friction::demos::body_state).collect()
}

fn vec2(max: f32) -> impl Strategy<Value = Vec2> {
    (-max..max, -max..max).prop_map(|(x, y)| Vec2::new(x, y))
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.05f32..2.0).prop_map(|radius| Shape::Circle(Circle { radius })),
        (0.05f32..2.0, 0.05f32..2.0)
            .prop_map(|(x, y)| Shape::Box(Obb { half_extents: Vec2::new(x, y) })),
    ]
}

/// A dynamic body of 0.1 to 10 kg anywhere within 3 m, turned and moving up to 10
/// m/s and 10 rad/s.
fn body() -> impl Strategy<Value = Body> {
    (shape(), vec2(3.0), -4.0f32..4.0, 0.1f32..10.0, vec2(10.0), -10.0f32..10.0)
        .prop_map(|(shape, at, angle, mass, v, w)| {
            let mut b = Body::new(shape, at, angle, mass);
            b.velocity = v;
            b.angular_velocity = w;
            b
        })
}

/// The size of the momenta involved: what f32 rounding is relative to.
fn scale(bodies: &[Body]) -> f32 {
    1.0 + bodies
        .iter()
        .map(|b| b.mass() * (b.velocity.length() + 10.0 * b.angular_velocity.abs()))
        .sum::<f32>()
}

proptest! {
    /// An impulse at a contact point is equal and opposite at the same point, so it
    /// changes neither the total linear momentum nor the total angular momentum
    /// about any fixed point (the forces' torques cancel: `r x P - r x P`).
    /// Tolerance 1e-5 of the momenta involved (times the 10 m lever arms for the
    /// angular part): a few f32 roundings each. Applying the impulse at the centre
    /// for one body and at the point for the other, or leaving out one body's `r x
    /// P`, changes the angular momentum by the full `r x P`.
    #[test]
    fn momentum_and_angular_momentum_are_unchanged_by_any_contact_impulse(
        mut a in body(), mut b in body(), point in vec2(3.0), angle in 0.0f32..std::f32::consts::TAU,
        about in vec2(5.0), e in 0.0f32..=1.0, mu in 0.0f32..1.5, per_step in any::<bool>(),
    ) {
        let normal = Vec2::from_angle(angle);
        let before = state(&[a, b]);
        let cap = if per_step { FrictionCap::PerStep } else { FrictionCap::PerImpulse };
        let mut total = ContactImpulse { point, ..Default::default() };
        for _ in 0..3 {
            solve_contact(&mut a, &mut b, normal, e, Some((mu, cap)), &mut total);
        }
        let after = state(&[a, b]);
        let tol = 1e-5 * scale(&[a, b]);
        let case = format!(
            "two bodies, three passes at the point {point}, normal {normal}, e = {e}, mu = {mu}"
        );
        let dp = linear_momentum(&after) - linear_momentum(&before);
        prop_assert!(
            dp.length() <= tol,
            "{}",
            CONTACT.wrong("the change of total momentum (kg m/s)", &case, Vec2::ZERO, dp)
        );
        let dl = angular_momentum(&after, about) - angular_momentum(&before, about);
        prop_assert!(
            dl.abs() <= 10.0 * tol,
            "{}",
            CONTACT.wrong(
                &format!("the change of angular momentum about {about} (kg m^2/s)"),
                &case,
                0.0,
                dl
            )
        );
    }

    /// Coulomb: at every contact point of every step, the friction impulse is at
    /// most mu times the normal impulse. Per step (the default) on the step's
    /// totals, per impulse on each. Tolerance 1e-5 relative for the rounding of the
    /// clamp's sums.
    #[test]
    fn friction_never_exceeds_mu_times_the_normal_impulse(
        bodies in proptest::collection::vec(body(), 2..5), mu in 0.0f32..1.5,
        iterations in 1u32..12, per_step in any::<bool>(),
    ) {
        let floor = Body::rect(10.0, 0.5, Vec2::new(0.0, -3.0), 0.0, 1.0).into_static();
        let mut all = vec![floor];
        all.extend(bodies);
        for b in all.iter_mut() {
            b.friction = mu;
        }
        let mut world = World::new(all);
        world.iterations = iterations;
        world.friction_cap = if per_step { FrictionCap::PerStep } else { FrictionCap::PerImpulse };
        for step in 1..=5 {
            world.step(DT);
            for i in &world.impulses {
                let case = format!("step {step}, {iterations} passes, mu = {mu}, cap {:?}", world.friction_cap);
                prop_assert!(i.normal_impulse >= 0.0);
                prop_assert!(
                    i.friction_impulse.abs() <= mu * i.normal_impulse * (1.0 + 1e-5) + 1e-9,
                    "{}",
                    FRICTION.wrong("the step's friction impulse at a point (N s)", case,
                        format!("at most mu times the normal impulse, {}", mu * i.normal_impulse),
                        i.friction_impulse)
                );
            }
        }
        let mut a = Body::rect(0.5, 0.5, Vec2::ZERO, 0.0, 1.0);
        let mut b = Body::disc(0.5, Vec2::new(0.0, 0.9), 1.0);
        b.velocity = Vec2::new(3.0, -2.0);
        let mut total = ContactImpulse { point: Vec2::new(0.0, 0.45), ..Default::default() };
        solve_contact(&mut a, &mut b, Vec2::Y, 0.0, Some((mu, FrictionCap::PerImpulse)), &mut total);
        prop_assert!(total.friction_impulse.abs() <= mu * total.normal_impulse * (1.0 + 1e-5));
    }

    /// With restitution at most 1 and positional correction off, no step creates
    /// kinetic energy, however many passes and however the bodies overlap, turn and
    /// rub: each normal impulse loses `(1 - e^2)` of the energy of the relative
    /// normal motion at its point, and each friction impulse only slows the
    /// sliding. Tolerance 1e-5 of the energy for rounding.
    #[test]
    fn no_energy_is_gained_with_e_at_most_one_and_correction_off(
        bodies in proptest::collection::vec(body(), 2..5), e in 0.0f32..=1.0, mu in 0.0f32..1.5,
        iterations in 1u32..12, friction in any::<bool>(),
    ) {
        let mut world = World::new(bodies.into_iter().map(|b| b.with_friction(mu)).collect());
        world.gravity = Vec2::ZERO;
        world.correction.enabled = false;
        world.restitution_override = Some(e);
        world.iterations = iterations;
        world.friction = friction;
        for step in 1..=3 {
            let before = kinetic_energy(&state(&world.bodies));
            world.step(DT);
            let after = kinetic_energy(&state(&world.bodies));
            prop_assert!(
                after <= before * (1.0 + 1e-5) + 1e-6,
                "{}",
                CONTACT.wrong("the kinetic energy after a step (J)",
                    format!("step {step}, e = {e}, mu = {mu}, friction {friction}, {iterations} passes, no gravity, no correction"),
                    format!("at most {before}"), after)
            );
        }
    }

    /// Any finite bodies, coincident centres and static neighbours included: every
    /// step stays finite.
    #[test]
    fn no_nan_from_finite_input(bodies in proptest::collection::vec(body(), 1..5), stack in any::<bool>()) {
        let mut all = vec![Body::rect(1.0, 1.0, Vec2::ZERO, 0.3, 1.0).into_static()];
        if stack {
            // Identical bodies on the same spot, and a static body there too.
            all.push(bodies[0]);
            all.push(Body { inv_mass: 0.0, inv_inertia: 0.0, ..bodies[0] });
        }
        all.extend(bodies);
        let mut world = World::new(all);
        for _ in 0..30 {
            world.step(DT);
        }
        for b in &world.bodies {
            prop_assert!(b.position.is_finite() && b.velocity.is_finite(), "{b:?}");
            prop_assert!(b.angle.is_finite() && b.angular_velocity.is_finite(), "{b:?}");
        }
    }
}

/// Both moments of inertia against the integral of r^2 dm over a fine grid of the
/// shape: the midpoint rule on 400 x 400 cells is good to about 1e-5 relative; 1e-3
/// leaves room for f32.
#[test]
fn inertia_of_a_box_and_a_disc_matches_the_integral() {
    let n = 400;
    for shape in [
        Shape::Box(Obb { half_extents: Vec2::new(0.8, 0.3) }),
        Shape::Circle(Circle { radius: 0.5 }),
    ] {
        let half = match shape {
            Shape::Box(b) => b.half_extents,
            Shape::Circle(c) => Vec2::splat(c.radius),
        };
        let cell = 2.0 * half / n as f32;
        let t = ch06_rotation_friction::Transform::new(Vec2::ZERO, 0.0);
        let (mut area, mut second_moment) = (0.0f64, 0.0f64);
        for i in 0..n {
            for j in 0..n {
                let p = -half + cell * Vec2::new(i as f32 + 0.5, j as f32 + 0.5);
                if shape.contains(&t, p) {
                    let da = (cell.x * cell.y) as f64;
                    area += da;
                    second_moment += p.length_squared() as f64 * da;
                }
            }
        }
        let mass = 3.0;
        let integral = mass as f64 * second_moment / area;
        let formula = moment_of_inertia(&shape, mass) as f64;
        assert!(
            (integral / formula - 1.0).abs() < 1e-3,
            "{shape:?}: {integral} vs {formula}"
        );
    }
}

/// A box resting on flat ground stays where it is: under 1 mm of drift in 10 s. The
/// contact points lie symmetrically and friction has nothing to do, so anything
/// more would be a solver that pushes one corner harder than the other. It starts 5
/// mm into the ground, inside the 1 cm slop, as a box that has landed rests; placed
/// exactly touching, the least turn would lift a corner clear and the manifold
/// would lose a point.
#[test]
fn a_box_resting_on_flat_ground_stays() {
    let ground = Body::rect(5.0, 0.5, Vec2::new(0.0, -0.5), 0.0, 1.0).into_static();
    let b = Body::rect(0.5, 0.3, Vec2::new(0.7, 0.295), 0.0, 1.0);
    let mut world = World::new(vec![ground, b]);
    let start = world.bodies[1];
    for _ in 0..600 {
        world.step(DT);
        let now = world.bodies[1];
        assert!((now.position - start.position).length() < 1e-3, "{now:?}");
        assert!(now.angle.abs() < 1e-3, "{now:?}");
    }
}

/// A plank tilted `theta` down to the right, and a 1 m by 0.5 m box resting on it 5
/// m up the slope, both with friction `mu`. Returns the world and the slope's
/// downhill direction.
fn ramp(theta: f32, mu: f32) -> (World, Vec2) {
    let along = Vec2::from_angle(-theta);
    let up = along.perp();
    let plank = Body::rect(10.0, 0.5, Vec2::ZERO, -theta, 1.0)
        .into_static()
        .with_friction(mu);
    // 5 mm into the plank, as a landed box rests (see the test above).
    let block = Body::rect(0.5, 0.25, up * 0.745 - along * 5.0, -theta, 1.0)
        .with_friction(mu);
    (World::new(vec![plank, block]), along)
}

/// Distance moved down the slope in `seconds`.
fn slide(world: &mut World, along: Vec2, seconds: f32) -> f32 {
    let start = world.bodies[1].position;
    for _ in 0..(seconds / DT).round() as usize {
        world.step(DT);
    }
    (world.bodies[1].position - start).dot(along)
}

/// On a ramp of angle theta a box with mu 20 % above tan(theta) stays. "Stays" is
/// under 3 cm in 10 s: a sliding box would go metres. The bound is not zero because
/// a normal impulse here can only push: when friction's torque tips the box onto
/// its front corner, no later pass can take back the push that lifted the back one,
/// and the box rocks and creeps about a millimetre a second (measured 1.7 cm in 10
/// s at 0.25 rad, 0 at 0.5 rad). Chapter 8's accumulated impulses remove the creep.
#[test]
fn a_box_above_the_friction_angle_stays() {
    for theta in [0.25f32, 0.5] {
        let (mut world, along) = ramp(theta, 1.2 * theta.tan());
        let moved = slide(&mut world, along, 10.0);
        assert!(
            moved.abs() < 0.03,
            "{}",
            FRICTION.wrong(
                "how far the box moved in 10 s (m)",
                format!("a ramp of {theta} rad, mu 20 % above tan(theta)"),
                "under 0.03",
                moved
            )
        );
    }
}

/// On a ramp of angle theta a box with mu well below tan(theta) slides with
/// acceleration g (sin theta - mu cos theta), within 10 %. Measured from its
/// velocity between 0.5 s and 1.5 s (after the first step's settling). The solver
/// in fact gets it to 4 digits: the friction impulse is exactly mu times the normal
/// impulse, which is exactly m g cos(theta) dt.
#[test]
fn a_box_below_the_friction_angle_slides_at_g_sin_minus_mu_cos() {
    for (theta, mu) in [(0.25f32, 0.1f32), (0.5, 0.2), (0.5, 0.0)] {
        let (mut world, along) = ramp(theta, mu);
        slide(&mut world, along, 0.5);
        let v0 = world.bodies[1].velocity.dot(along);
        slide(&mut world, along, 1.0);
        let v1 = world.bodies[1].velocity.dot(along);
        let measured = v1 - v0;
        let expected = 9.81 * (theta.sin() - mu * theta.cos());
        assert!(
            (measured / expected - 1.0).abs() < 0.1,
            "{}",
            FRICTION.wrong(
                "the box's acceleration down the ramp (m/s^2)",
                format!("a ramp of {theta} rad, mu = {mu}"),
                format!("g (sin - mu cos) = {expected}, within 10 %"),
                measured
            )
        );
    }
}

/// Erratum: the tutorial caps each friction impulse by mu times the normal impulse
/// of the same pass. After the first pass the normal impulses are nearly zero, so
/// friction can hardly act again, and a box that should stay on a ramp keeps its
/// first step's creep: it moves 25 cm in 10 s (asserted: over 10 cm) where the
/// per-step cap moves it under 2 cm.
#[test]
fn capping_each_friction_impulse_lets_a_box_creep() {
    let (mut world, along) = ramp(0.25, 1.2 * 0.25f32.tan());
    world.friction_cap = FrictionCap::PerImpulse;
    let moved = slide(&mut world, along, 10.0);
    assert!(moved > 0.1, "moved only {moved} m");
}

/// A static body needs zero inverse inertia as well as zero inverse mass. Erratum:
/// a tutorial sets a static box's inverse mass to 0 but leaves its inverse inertia
/// at 1. The contact's effective mass then counts the wall as able to turn: a box
/// falling on a static plank off its centre is not stopped (its corner still moves
/// after an impulse with e = 0), and the plank, which never moves, picks up a spin
/// that every later contact reads as a moving surface.
#[test]
fn a_static_body_with_inverse_inertia_one_turns_when_hit() {
    let plank = Body::rect(3.0, 0.2, Vec2::ZERO, 0.0, 1.0).into_static();
    assert_eq!((plank.inv_mass, plank.inv_inertia), (0.0, 0.0));
    assert_eq!(Body::fixed(plank.shape, Vec2::ZERO, 0.0).inv_inertia, 0.0);
    let mut falling = Body::rect(0.3, 0.3, Vec2::new(2.0, 0.5), 0.0, 1.0);
    falling.velocity = Vec2::new(0.0, -3.0);
    let point = Vec2::new(2.0, 0.2);
    for (inv_inertia, stops) in [(0.0, true), (1.0, false)] {
        let (mut a, mut b) = (Body { inv_inertia, ..plank }, falling);
        let mut total = ContactImpulse { point, ..Default::default() };
        solve_contact(&mut a, &mut b, Vec2::Y, 0.0, None, &mut total);
        // The plank never moves, so the box's corner should stop dead (e = 0).
        let after = b.velocity_at(point).y;
        assert_eq!(
            after.abs() < 1e-5,
            stops,
            "inverse inertia {inv_inertia}: {after}"
        );
        assert_eq!(a.angular_velocity == 0.0, stops);
    }
}

/// Erratum: a tutorial calls its timer every 20 ms and passes dt = 20, meaning
/// milliseconds where every formula wants seconds: a thousand times the step, and a
/// box falls 20 * 20 * 9.81 metres in its first step. The scene loader refuses such
/// a step and says dt is in seconds.
#[test]
fn a_time_step_in_milliseconds_is_refused() {
    let e = physics_core::scene::Scene::from_json(
        r#"{ "dt": 20, "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0] } ] }"#,
    )
    .unwrap_err();
    assert_eq!(e.field, "dt");
    assert!(e.message.contains("seconds"), "{e}");
}

/// A disc dropped spinning onto the ground with friction ends up rolling without
/// slipping, v = -w r, within 2 % (it slips until friction has matched the two;
/// afterwards the contact point is at rest). Without friction it keeps spinning on
/// the spot.
#[test]
fn a_spinning_disc_starts_rolling() {
    for friction in [true, false] {
        let ground = Body::rect(50.0, 0.5, Vec2::new(0.0, -0.5), 0.0, 1.0)
            .into_static()
            .with_friction(0.5);
        let mut disc = Body::disc(0.4, Vec2::new(0.0, 0.4), 1.0).with_friction(0.5);
        disc.angular_velocity = -15.0;
        let mut world = World::new(vec![ground, disc]);
        world.friction = friction;
        for _ in 0..180 {
            world.step(DT);
        }
        let d = world.bodies[1];
        if friction {
            let rolling = -d.angular_velocity * 0.4;
            let case = "a 0.4 m disc dropped spinning at -15 rad/s onto ground with mu = 0.5, after 3 s";
            assert!(
                d.velocity.x > 1.0 && (d.velocity.x / rolling - 1.0).abs() < 0.02,
                "{}",
                CONTACT.wrong(
                    "the disc's speed (m/s)",
                    case,
                    format!("rolling, -w R = {rolling}, within 2 % (and above 1)"),
                    d.velocity.x
                )
            );
        } else {
            assert!(
                d.velocity.x.abs() < 1e-6 && d.angular_velocity == -15.0,
                "{d:?}"
            );
        }
    }
}

/// Newton's law of restitution now holds at the contact point, not at the centres:
/// a box hitting the ground on one corner leaves it at -e times the corner's
/// approach speed.
#[test]
fn restitution_holds_at_the_contact_point() {
    let ground = Body::rect(5.0, 0.5, Vec2::new(0.0, -0.5), 0.0, 1.0).into_static();
    let mut b = Body::rect(0.5, 0.3, Vec2::new(0.0, 0.5), 0.5, 1.0);
    b.velocity = Vec2::new(0.5, -2.0);
    b.angular_velocity = 1.0;
    let point = Vec2::new(-0.2, 0.0);
    let before = b.velocity_at(point).y;
    let j = normal_impulse(&ground, &b, point, Vec2::Y, 0.6);
    b.apply_impulse(j * Vec2::Y, point);
    let after = b.velocity_at(point).y;
    assert!(
        (after + 0.6 * before).abs() < 1e-5,
        "{}",
        NORMAL.wrong(
            "the corner's normal velocity after the impulse (m/s)",
            "a turned box hitting static ground on its corner (-0.2, 0), e = 0.6",
            format!("-e times {before}, {}", -0.6 * before),
            after
        )
    );
    let _ = ground;
}

/// One pass over the contacts leaves a stack unresolved: with 1 pass the boxes of a
/// stack of five sink into each other deeper than with 10.
#[test]
fn one_pass_leaves_a_stack_unresolved() {
    let depth = |iterations: u32| {
        let mut bodies = vec![
            Body::rect(5.0, 0.5, Vec2::new(0.0, -0.5), 0.0, 1.0).into_static(),
        ];
        for i in 0..5 {
            bodies.push(Body::rect(
                0.4,
                0.25,
                Vec2::new(0.0, 0.25 + 0.5 * i as f32),
                0.0,
                1.0,
            ));
        }
        let mut world = World::new(bodies);
        world.iterations = iterations;
        let mut deepest = 0.0f32;
        for _ in 0..120 {
            world.step(DT);
            deepest = deepest.max(world.max_penetration());
        }
        deepest
    };
    let (one, ten) = (depth(1), depth(10));
    assert!(one > 1.5 * ten, "1 pass: {one} m, 10 passes: {ten} m");
}
