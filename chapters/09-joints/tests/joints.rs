//! Each joint keeps what it promises, does no work along what it frees, conserves
//! momentum, and meets the analytic results: the physical pendulum's period, a
//! motor's torque, a limit.

use ch09_joints::worlds::{chain, pendulum, piston, weld_tree};
use ch09_joints::{Body, Circle, Joint, Obb, Shape, World};
use glam::Vec2;
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// Run `world` for `steps` steps, returning the worst joint error seen (metres,
/// radians).
fn worst_error(world: &mut World, steps: usize) -> (f32, f32) {
    let mut worst = (0.0f32, 0.0f32);
    for _ in 0..steps {
        world.step(DT);
        let (m, r) = world.worst_error();
        worst = (worst.0.max(m), worst.1.max(r));
    }
    worst
}

/// The 40-link chain let go level: the end whips down at metres per second, the
/// hardest case for a pin. Measured: 3.4 cm at worst, in the whip; 2.6 cm after the
/// first 5 s. The bound, 5 cm, is a fifth of a link. With the drift left to
/// Baumgarte's bias instead, the same chain stretches by 2.1 m: the position pass
/// is what holds it.
#[test]
fn a_chain_of_40_pins_holds_its_links_together() {
    let mut world = chain(40, 1.0, 0.0);
    let (metres, _) = worst_error(&mut world, 600);
    assert!(metres < 0.05, "worst separation {metres} m");
    let mut world = chain(40, 1.0, 0.0);
    world.joints.settings.position_pass = false;
    let (metres, _) = worst_error(&mut world, 600);
    assert!(metres > 0.5, "with Baumgarte only: {metres} m");
}

/// Dragged: the mouse joint swings the hanging chain's last link 2 m to each side
/// and back, once every 2 s (up to 6.3 m/s), for 5 s. The links stay within 6 cm of
/// each other (measured: 4.3 cm). Dragged harder (4 m each way every second, or 2 m
/// at the middle link) the 10 passes cannot carry the pull along 40 links and the
/// chain comes apart by metres: a case for chapter 10.
#[test]
fn a_chain_dragged_by_its_end_holds() {
    let mut world = chain(40, 1.0, std::f32::consts::FRAC_PI_2);
    let last = world.bodies().len() - 1;
    let mut worst = 0.0f32;
    for step in 0..300 {
        let t = step as f32 * DT;
        let x = 2.0 * (std::f32::consts::PI * t).sin();
        world.pull(last, Vec2::ZERO, Vec2::new(x, -1.0));
        world.step(DT);
        worst = worst.max(world.worst_error().0);
    }
    assert!(worst < 0.06, "worst separation {worst} m");
}

/// The piston's slider keeps the piston on its axis and upright while the crank
/// drives it for 10 s: measured drift under 1 mm and angle under 0.001 rad; bounds
/// 5 mm and 0.01 rad. Its pins hold within 5 mm too.
#[test]
fn the_piston_stays_on_its_slider() {
    let mut world = piston();
    let (metres, radians) = worst_error(&mut world, 600);
    assert!(metres < 5e-3, "worst drift or pin separation {metres} m");
    assert!(radians < 0.01, "worst angle {radians} rad");
    // And it moved: the crank turned the piston through most of its 1.6 m stroke.
    let y: Vec<f32> = (0..120)
        .map(|_| {
            world.step(DT);
            world.bodies()[3].position.y
        })
        .collect();
    let stroke = y.iter().cloned().fold(f32::MIN, f32::max)
        - y.iter().cloned().fold(f32::MAX, f32::min);
    assert!(stroke > 1.4, "stroke {stroke} m");
}

/// The welded tree keeps its shape: every weld's anchors within 1 cm and its angle
/// within 0.03 rad (measured 5 mm and 0.018 rad in the first bounce under gravity;
/// the heavy fruit on long branches is where the welds give most).
#[test]
fn the_welded_tree_keeps_its_shape() {
    let mut world = weld_tree();
    let (metres, radians) = worst_error(&mut world, 600);
    assert!(metres < 0.01, "worst weld separation {metres} m");
    assert!(radians < 0.03, "worst weld angle {radians} rad");
}

/// Kinetic energy of all bodies, J.
fn kinetic(world: &World) -> f32 {
    world
        .bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0)
        .map(|b| {
            0.5 * b.mass() * b.velocity.length_squared()
                + 0.5 * b.angular_velocity.powi(2) / b.inv_inertia
        })
        .sum()
}

fn potential(world: &World) -> f32 {
    let g = -world.solver.gravity.y;
    world
        .bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0)
        .map(|b| b.mass() * g * b.position.y)
        .sum()
}

/// A pin does no work along the turn it allows: a frictionless double pendulum (two
/// discs on pins, no contacts) keeps its energy, less what the velocity solver
/// dissipates. Let go level from 1 m arms, it swings through speeds up to 6 m/s;
/// over 5 s the total energy never rises above its start by more than rounding
/// (1e-4 of the scale, m g 2 m summed over the discs), and loses under 35 % of that
/// scale (measured: 26 %). The loss is the velocity-level solver's: each step
/// projects the velocity onto the tangent of a circle the body has already moved
/// along, and the faster a body turns, the more it loses (chapter 10's substeps
/// shrink it).
#[test]
fn a_double_pendulum_keeps_its_energy_within_a_bound() {
    let pivot = Body::rect(0.05, 0.05, Vec2::new(0.0, 3.0), 0.0, 1.0).into_static();
    let disc = |x: f32| Body::disc(0.1, Vec2::new(x, 3.0), 1.0);
    let mut bodies = vec![pivot, disc(1.0), disc(2.0)];
    for b in bodies.iter_mut() {
        b.friction = 0.0;
    }
    let joints = vec![
        Joint::revolute(&bodies, 0, 1, Vec2::new(0.0, 3.0)),
        Joint::revolute(&bodies, 1, 2, Vec2::new(1.0, 3.0)),
    ];
    let mut world = World::new(bodies, Vec::new(), joints);
    let start = kinetic(&world) + potential(&world);
    let scale =
        world.bodies()[1..].iter().map(|b| b.mass() * 9.81 * 2.0).sum::<f32>();
    let mut lowest = start;
    for _ in 0..300 {
        world.step(DT);
        let e = kinetic(&world) + potential(&world);
        assert!(e <= start + 1e-4 * scale, "energy rose: {start} -> {e}");
        lowest = lowest.min(e);
    }
    let lost = (start - lowest) / scale;
    assert!(lost < 0.35, "lost {lost} of the energy scale");
}

/// A body for the momentum property: a circle or box anywhere near the origin,
/// moving.
fn free_body() -> impl Strategy<Value = Body> {
    let shape = prop_oneof![
        (0.1f32..1.0).prop_map(|r| Shape::Circle(Circle { radius: r })),
        (0.1f32..1.0, 0.1f32..1.0)
            .prop_map(|(x, y)| Shape::Box(Obb { half_extents: Vec2::new(x, y) })),
    ];
    (
        shape,
        -2.0f32..2.0,
        -2.0f32..2.0,
        -3.0f32..3.0,
        0.1f32..10.0,
        -5.0f32..5.0,
        -5.0f32..5.0,
        -5.0f32..5.0,
    )
        .prop_map(|(shape, x, y, angle, mass, vx, vy, w)| {
            let mut b = Body::new(shape, Vec2::new(x, y), angle, mass);
            b.velocity = Vec2::new(vx, vy);
            b.angular_velocity = w;
            b
        })
}

fn momentum(world: &World) -> (Vec2, f32) {
    let mut p = Vec2::ZERO;
    let mut l = 0.0;
    for b in world.bodies() {
        let m = b.mass();
        p += m * b.velocity;
        l += m * b.position.perp_dot(b.velocity)
            + b.angular_velocity / b.inv_inertia;
    }
    (p, l)
}

proptest! {
    /// Joint impulses between two free bodies change neither their linear nor their
    /// angular momentum: each row pushes A and B equally and oppositely, at one
    /// point (the slider's rows at B's anchor, which is why A's arm is `d + r_a`).
    /// One step, no gravity, the position pass off (it moves bodies, not momentum)
    /// and no Baumgarte bias, for a pin with a motor and a limit, a slider with
    /// both, and a weld. The bound: 1e-4 of the momentum's scale (sum of |m v| and
    /// |m x v| + |I w|), f32 rounding over ten passes.
    #[test]
    fn joint_impulses_conserve_momentum(a in free_body(), b in free_body(), kind in 0..3usize,
                                        at in (-1.0f32..1.0, -1.0f32..1.0), axis in 0.0f32..6.3) {
        let bodies = vec![a, b];
        let at = Vec2::new(at.0, at.1);
        let joint = match kind {
            0 => Joint::revolute(&bodies, 0, 1, at).with_motor(3.0, 5.0).with_limit(-0.2, 0.2),
            1 => Joint::prismatic(&bodies, 0, 1, at, Vec2::from_angle(axis))
                .with_motor(1.0, 5.0)
                .with_limit(-0.1, 0.1),
            _ => Joint::weld(&bodies, 0, 1, at),
        };
        let mut world = World::new(bodies, Vec::new(), vec![joint]);
        world.solver.gravity = Vec2::ZERO;
        world.solver.settings.position_correction = false;
        world.joints.settings.position_pass = false;
        let scale: f32 = world.bodies().iter().map(|b| {
            let m = b.mass();
            (m * b.velocity).length() + (m * b.position.perp_dot(b.velocity)).abs()
                + (b.angular_velocity / b.inv_inertia).abs()
        }).sum();
        let (p0, l0) = momentum(&world);
        world.step(DT);
        let (p1, l1) = momentum(&world);
        prop_assert!((p1 - p0).length() <= 1e-4 * scale, "linear {p0} -> {p1}");
        prop_assert!((l1 - l0).abs() <= 1e-4 * scale, "angular {l0} -> {l1}");
    }
}

/// The position pass moves the two bodies of a joint so that their centre of mass
/// stays where it was: it pushes them apart or together, never both one way.
#[test]
fn the_position_pass_keeps_the_centre_of_mass() {
    let a = Body::rect(0.3, 0.2, Vec2::new(0.0, 0.0), 0.3, 1.0);
    let b = Body::disc(0.3, Vec2::new(1.0, 0.5), 2.0);
    let bodies = vec![a, b];
    let mut joint = Joint::weld(&bodies, 0, 1, Vec2::new(0.5, 0.2));
    // Start the weld 10 cm and 0.1 rad off, at rest, with no gravity.
    joint.local_b += Vec2::new(0.1, 0.0);
    joint.reference_angle += 0.1;
    let mut world = World::new(bodies, Vec::new(), vec![joint]);
    world.solver.gravity = Vec2::ZERO;
    let centre = |w: &World| {
        let (mut sum, mut mass) = (Vec2::ZERO, 0.0);
        for b in w.bodies() {
            sum += b.mass() * b.position;
            mass += b.mass();
        }
        sum / mass
    };
    let before = (centre(&world), world.worst_error());
    world.step(DT);
    let after = (centre(&world), world.worst_error());
    assert!((after.0 - before.0).length() < 1e-5, "{before:?} -> {after:?}");
    // And it did fix most of the error in one step.
    assert!(
        after.1.0 < 0.2 * before.1.0 && after.1.1 < 0.2 * before.1.1,
        "{before:?} -> {after:?}"
    );
}

/// The physical pendulum: a uniform rod 1.2 m x 0.1 m pinned 0.5 m above its centre
/// swings, for small angles, with period `2 pi sqrt(I / (m g d))`, `I = m (L^2 +
/// w^2) / 12 + m d^2` about the pin: 1.7277 s. Let go at 0.1 rad, the amplitude
/// adds `theta^2 / 16` = 0.06 %; semi-implicit Euler at 60 Hz shifts the period by
/// about `(w dt)^2 / 24`, 0.02 %. Timed over 5 periods from the angle's zero
/// crossings, it must agree within 0.5 %.
#[test]
fn a_physical_pendulum_swings_with_the_textbook_period() {
    let mut world = pendulum(0.1);
    let (m, g, d) = (2.0f32, 9.81f32, 0.5f32);
    let inertia = m * (1.2f32 * 1.2 + 0.1 * 0.1) / 12.0 + m * d * d;
    let expected = 2.0 * std::f32::consts::PI * (inertia / (m * g * d)).sqrt();
    let mut crossings = Vec::new();
    let mut last = world.bodies()[1].angle;
    let mut t = 0.0f32;
    while crossings.len() < 11 && t < 20.0 {
        world.step(DT);
        t += DT;
        let now = world.bodies()[1].angle;
        if last > 0.0 && now <= 0.0 || last < 0.0 && now >= 0.0 {
            // Linear interpolation to the crossing within the step.
            crossings.push(t - DT * now / (now - last));
        }
        last = now;
    }
    let periods = (crossings.len() - 1) as f32 / 2.0;
    let measured = (crossings[crossings.len() - 1] - crossings[0]) / periods;
    let error = (measured - expected).abs() / expected;
    assert!(error < 5e-3, "measured {measured} s, expected {expected} s");
}

/// A disc pinned at its centre with a motor: the motor's impulse never exceeds its
/// maximum torque times dt (to f32 rounding), the disc spins up at the torque's
/// rate `T / I`, and it settles at the motor's speed.
#[test]
fn a_motor_reaches_its_speed_within_its_torque() {
    let anchor = Body::rect(0.1, 0.1, Vec2::new(0.0, 0.0), 0.0, 1.0).into_static();
    let disc = Body::disc(0.5, Vec2::new(0.0, 0.0), 2.0);
    let inertia = 1.0 / disc.inv_inertia;
    let bodies = vec![anchor, disc];
    let (speed, torque) = (5.0f32, 2.0f32);
    let joint =
        Joint::revolute(&bodies, 0, 1, Vec2::ZERO).with_motor(speed, torque);
    let mut world = World::new(bodies, Vec::new(), vec![joint]);
    world.solver.gravity = Vec2::ZERO;
    let ramp = speed * inertia / torque; // seconds to reach the speed at full torque
    let mut t = 0.0;
    while t < ramp + 1.0 {
        world.step(DT);
        t += DT;
        let applied = world.joints.rows[0].motor.impulse / DT;
        assert!(
            applied.abs() <= torque * (1.0 + 1e-5),
            "torque {applied} N m at {t} s"
        );
        let w = world.bodies()[1].angular_velocity;
        if t < ramp - DT {
            // Full torque: w = T t / I, to rounding.
            assert!(
                (w - torque * t / inertia).abs() < 1e-3 * speed,
                "w {w} at {t} s"
            );
        }
    }
    let w = world.bodies()[1].angular_velocity;
    assert!((w - speed).abs() < 1e-4 * speed, "settled at {w} rad/s");
}

/// A limit stops a swing: a rod hanging from a pin, hit at 5 rad/s, swings up into
/// its +-0.5 rad limit. The speculative bias lets the rod close the gap in its last
/// step and no further; the overshoot stays under 0.01 rad (measured: under 0.002).
#[test]
fn a_limit_stops_the_swing_at_its_angle() {
    let mut world = pendulum(0.0);
    if let ch09_joints::Kind::Revolute { limit, .. } =
        &mut world.joints.list[0].kind
    {
        *limit = Some(ch09_joints::Limit { lower: -0.5, upper: 0.5 });
    }
    let rod = &mut world.solver.bodies[1];
    rod.angular_velocity = 5.0;
    rod.velocity = Vec2::new(5.0 * 0.5, 0.0);
    let mut highest = 0.0f32;
    for _ in 0..180 {
        world.step(DT);
        highest = highest.max(world.joints.list[0].angle(world.bodies()).abs());
    }
    assert!(highest > 0.45, "it should reach the limit: {highest}");
    assert!(highest < 0.51, "overshoot: {highest} rad");
}

/// One pass of the 2x2 block meets both rows of a pin at once; one pass row by row
/// leaves the first row upset by the second. A swinging rod, one iteration, no
/// bias: after the step, the pin's two row velocities `J v` (at the step's
/// Jacobians) are zero to rounding with the block, and off by far more row by row.
#[test]
fn the_block_meets_both_rows_in_one_pass() {
    let run = |block: bool| {
        let mut world = pendulum(1.0);
        world.solver.settings.iterations = 1;
        world.solver.settings.warm_starting = false;
        world.solver.settings.position_correction = false;
        world.joints.settings.position_pass = false;
        world.joints.settings.block = block;
        world.step(DT);
        let (a, b) = (&world.bodies()[0], &world.bodies()[1]);
        let rows = &world.joints.rows[0].equal;
        rows[0]
            .jacobian
            .velocity(a, b)
            .abs()
            .max(rows[1].jacobian.velocity(a, b).abs())
    };
    let (block, rows) = (run(true), run(false));
    assert!(block < 1e-5, "block leaves {block} m/s");
    assert!(rows > 100.0 * block.max(1e-6), "row by row leaves {rows} m/s");
}

/// The chain with a ball of 30 links' mass at its end, let go 1 rad below level:
/// this chapter holds it within 5 cm (measured 2.7 cm). Let go level, the ball's
/// fall whips the chain and the solver loses it: printed, not asserted; chapter
/// 10's soft step is the fix.
#[test]
fn the_heavy_chain_stretches_within_a_bound() {
    let mut world = chain(40, 30.0, 1.0);
    let (metres, _) = worst_error(&mut world, 600);
    assert!(metres < 0.05, "worst separation {metres} m");
    let mut world = chain(40, 30.0, 0.0);
    let (level, _) = worst_error(&mut world, 600);
    println!(
        "heavy chain, 1 rad below level: worst separation {metres:.4} m; let go level: {level:.2} m"
    );
}
