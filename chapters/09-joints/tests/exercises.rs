//! Each exercise of the chapter judged on its own: the rows against the rate of
//! their constraint, measured by moving the bodies; the motor's clamp on numbers;
//! rolling resistance by what it does to a disc. A failure names the quantity that
//! is wrong, the case it tried, what it expected and what it got, and the section
//! of the book's page to reread.

use ch08_sequential_impulses::worlds::ground;
use ch09_joints::{
    Body, Joint, World, motor_bounds, point_jacobians, roll, slider_jacobian,
};
use glam::Vec2;
use physics_core::math::perp;

const PAGE: &str = "book/src/ch09-joints.md";
const DT: f32 = 1.0 / 60.0;

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

/// Two bodies, both moving and spinning, for the rows' derivatives.
fn spinning_pair() -> Vec<Body> {
    let mut a = Body::rect(0.3, 0.1, Vec2::new(0.1, 0.2), 0.4, 1.0);
    let mut b = Body::rect(0.2, 0.1, Vec2::new(0.5, -0.3), -0.7, 2.0);
    (a.velocity, a.angular_velocity) = (Vec2::new(0.3, -0.2), 1.3);
    (b.velocity, b.angular_velocity) = (Vec2::new(-0.5, 0.7), -2.1);
    vec![a, b]
}

/// The bodies moved by their velocities for `h` seconds.
fn moved(bodies: &[Body], h: f32) -> Vec<Body> {
    let mut moved = bodies.to_vec();
    for m in moved.iter_mut() {
        m.position += m.velocity * h;
        m.angle += m.angular_velocity * h;
    }
    moved
}

/// Exercise 9.1. A pin's Jacobians are the time derivative of `C = p_B - p_A`:
/// moving both bodies by their velocities for a short time `h` changes `C` by
/// `h J v`, to first order.
#[test]
fn the_pin_rows_are_the_derivative_of_its_constraint() {
    let bodies = spinning_pair();
    let (a, b) = (bodies[0], bodies[1]);
    let joint = Joint::revolute(&bodies, 0, 1, Vec2::new(0.3, 0.0));
    let (pa, pb) = joint.anchors(&bodies);
    let (r_a, r_b) = (pa - a.position, pb - b.position);
    let [x, y] = point_jacobians(r_a, r_b);
    let h = 1e-3;
    let (qa, qb) = joint.anchors(&moved(&bodies, h));
    let rate = ((qb - qa) - (pb - pa)) / h;
    let case = format!(
        "a pin at (0.3, 0), r_A = {r_a}, r_B = {r_b}, v_A = {}, w_A = {}, v_B = {}, \
         w_B = {}; dC/dt measured by moving both bodies for 1 ms",
        a.velocity, a.angular_velocity, b.velocity, b.angular_velocity
    );
    // Second-order terms: |w|^2 |r| h, about 2e-3 m/s here; f32 differences
    // about 1e-3.
    for (name, row, want) in [("x", x, rate.x), ("y", y, rate.y)] {
        let got = row.velocity(&a, &b);
        check((want - got).abs() < 5e-3, "The revolute joint", || {
            format!(
                "exercise 9.1, point_jacobians: the {name} row's velocity J v should be \
                 dC_{name}/dt = {want} m/s, got {got} from your row {row:?} ({case})"
            )
        });
    }
}

/// Exercise 9.2. A motor's clamp is its force for one step, either way.
#[test]
fn a_motor_clamp_is_its_force_times_the_step() {
    for (force, dt, want) in [(200.0, 0.01, (-2.0, 2.0)), (0.0, DT, (-0.0, 0.0))] {
        let got = motor_bounds(force, dt);
        check(got == want, "Motors", || {
            format!(
                "exercise 9.2, motor_bounds: the bounds (lower, upper) should be \
                 {want:?} N s, got {got:?} (max_force {force}, dt {dt} s)"
            )
        });
    }
}

/// Exercise 9.3. A slider's rows, across its axis and along it, are the time
/// derivative of `C = (p_B - p_A) . dir` with `dir` turning with A: moving both
/// bodies for a short time changes each `C` by `h J v`, to first order. The pair
/// is the spinning one of 9.1, with the anchors apart, so that A's turn matters.
#[test]
fn the_slider_rows_are_the_derivative_of_their_constraints() {
    let bodies = spinning_pair();
    let (a, b) = (bodies[0], bodies[1]);
    let mut joint = Joint::prismatic(&bodies, 0, 1, Vec2::new(0.3, 0.0), Vec2::X);
    // B's anchor 0.4 m along the axis and 0.1 m off it, so that `d` is not 0.
    joint.local_b =
        b.transform().to_local(Vec2::new(0.3, 0.0) + Vec2::new(0.4, 0.1));
    let h = 1e-3;
    let later = moved(&bodies, h);
    let c = |bodies: &[Body], across: bool| {
        let (pa, pb) = joint.anchors(bodies);
        let axis = joint.axis(bodies).unwrap_or(Vec2::X);
        let dir = if across { perp(axis) } else { axis };
        (pb - pa).dot(dir)
    };
    let (pa, pb) = joint.anchors(&bodies);
    let (d, r_a, r_b) = (pb - pa, pa - a.position, pb - b.position);
    let axis = joint.axis(&bodies).unwrap_or(Vec2::X);
    for (name, across, dir) in
        [("across", true, perp(axis)), ("along", false, axis)]
    {
        let row = slider_jacobian(dir, d, r_a, r_b);
        let want = (c(&later, across) - c(&bodies, across)) / h;
        let got = row.velocity(&a, &b);
        let case = format!(
            "the row {name} the axis, dir = {dir}, d = {d}, r_A = {r_a}, r_B = {r_b}, \
             w_A = {}, w_B = {}; dC/dt measured by moving both bodies for 1 ms",
            a.angular_velocity, b.angular_velocity
        );
        check((want - got).abs() < 5e-3, "The prismatic joint", || {
            format!(
                "exercise 9.3, slider_jacobian: the row's velocity J v should be dC/dt \
                 = {want} m/s, got {got} from your row {row:?} ({case}). If only A's \
                 spin is off, remember that dir turns with A"
            )
        });
    }
}

const ROLLING: &str = "Exercise 9.4: rolling resistance";

/// Exercise 9.4, one pass. A disc spinning on a static floor: with room in the
/// cap, the pass stops the relative spin; with little room, it applies exactly
/// the cap and no more. Between two free bodies, it keeps their angular
/// momentum (the impulses are equal and opposite).
#[test]
fn one_pass_of_rolling_resistance_stops_the_spin_within_its_cap() {
    let floor = ground();
    let disc = Body::disc(0.5, Vec2::new(0.0, 0.5), 1.0);
    let inertia = 1.0 / disc.inv_inertia;
    for (cap, case) in [(10.0, "a cap of 10 N m s"), (0.01, "a cap of 0.01 N m s")]
    {
        let (mut a, mut b) = (floor, disc);
        b.angular_velocity = -4.0;
        let mut total = 0.0;
        // resistance 0.01 m: the cap is resistance times the normal impulse.
        roll(&mut a, &mut b, 0.01, cap / 0.01, &mut total);
        let stopping = 4.0 * inertia; // the impulse that stops the spin
        let want_total = stopping.min(cap);
        check((total - want_total).abs() < 1e-4 * want_total, ROLLING, || {
            format!(
                "exercise 9.4, roll: the accumulated impulse should be {want_total} N m s \
                 (the impulse that stops the spin, {stopping}, capped), got {total} (a \
                 disc of I = {inertia} kg m^2 spinning at -4 rad/s on a static floor, \
                 {case})"
            )
        });
        let want_spin = -4.0 + want_total / inertia;
        check((b.angular_velocity - want_spin).abs() < 1e-4, ROLLING, || {
            format!(
                "exercise 9.4, roll: the disc's spin afterwards should be {want_spin} \
                 rad/s, got {} ({case}); the floor's should stay 0, got {}",
                b.angular_velocity, a.angular_velocity
            )
        });
    }
    // Two free discs spinning against each other.
    let mut a = Body::disc(0.3, Vec2::ZERO, 1.0);
    let mut b = Body::disc(0.5, Vec2::new(0.8, 0.0), 2.0);
    (a.angular_velocity, b.angular_velocity) = (2.0, -1.0);
    let spin_momentum = |a: &Body, b: &Body| {
        a.angular_velocity / a.inv_inertia + b.angular_velocity / b.inv_inertia
    };
    let before = spin_momentum(&a, &b);
    let mut total = 0.0;
    roll(&mut a, &mut b, 0.05, 100.0, &mut total);
    let after = spin_momentum(&a, &b);
    check((after - before).abs() < 1e-4 * before.abs().max(1.0), ROLLING, || {
        format!(
            "exercise 9.4, roll: the two discs' angular momentum should stay {before} \
             kg m^2/s, got {after} (two free discs spinning at 2 and -1 rad/s): the \
             row's impulse goes +to B and -to A"
        )
    });
    check((b.angular_velocity - a.angular_velocity).abs() < 1e-4, ROLLING, || {
        format!(
            "exercise 9.4, roll: with room in the cap, the relative spin w_B - w_A \
             should be 0 afterwards, got {} (two free discs spinning at 2 and -1 rad/s)",
            b.angular_velocity - a.angular_velocity
        )
    });
}

/// A disc of radius 0.5 m rolling along the floor at `speed`, with the rolling
/// resistance `coefficient`.
fn rolling_disc(speed: f32, coefficient: f32) -> World {
    let disc = Body::disc(0.5, Vec2::new(-20.0, 0.5), 1.0).with_friction(0.6);
    let mut world = World::new(vec![ground(), disc], Vec::new(), Vec::new());
    world.solver.bodies[1].velocity = Vec2::new(speed, 0.0);
    world.solver.bodies[1].angular_velocity = -speed / 0.5;
    world.joints.settings.rolling_resistance = coefficient;
    world
}

/// Exercise 9.4, in the world. A solid disc rolling at `v` has kinetic energy
/// `3/4 m v^2`; rolling resistance of coefficient `c` takes `c m g` of it per metre
/// rolled (a torque `c r m g` through an angle of one metre over `r`), so it stops
/// after `3 v^2 / (4 c g)`. Without resistance it rolls on.
#[test]
fn a_rolling_disc_stops_within_the_distance_its_energy_allows() {
    let (speed, c, g) = (2.0, 0.05, 9.81);
    let predicted = 3.0 * speed * speed / (4.0 * c * g);
    let mut world = rolling_disc(speed, c);
    let start = world.bodies()[1].position.x;
    let mut stopped = None;
    for step in 0..1200 {
        world.step(DT);
        let disc = &world.bodies()[1];
        if stopped.is_none() && disc.velocity.x.abs() < 1e-3 {
            stopped = Some((step, disc.position.x - start));
        }
    }
    let case = format!(
        "a solid disc of radius 0.5 m rolling at {speed} m/s on the floor, coefficient \
         {c}, 20 s"
    );
    let Some((step, distance)) = stopped else {
        let disc = &world.bodies()[1];
        panic!(
            "exercise 9.4, roll: the disc should stop after about {predicted:.2} m, but \
             after 20 s it still moves at {} m/s, {} m from its start ({case}).\n  \
             Reread \"{ROLLING}\" in {PAGE}.",
            disc.velocity.x,
            disc.position.x - start
        );
    };
    check((distance - predicted).abs() < 0.05 * predicted, ROLLING, || {
        format!(
            "exercise 9.4, roll: the disc should stop after 3 v^2 / (4 c g) = \
             {predicted:.3} m, within 5 %, but stopped after {distance:.3} m, at step \
             {step} ({case})"
        )
    });
    let rest = world.bodies()[1].position.x - start;
    check((rest - distance).abs() < 0.01, ROLLING, || {
        format!(
            "exercise 9.4, roll: once stopped, the disc should stay, but it went on from \
             {distance:.3} m to {rest:.3} m ({case})"
        )
    });
    let mut free = rolling_disc(speed, 0.0);
    for _ in 0..600 {
        free.step(DT);
    }
    let v = free.bodies()[1].velocity.x;
    check(v > 0.95 * speed, ROLLING, || {
        format!(
            "without rolling resistance the disc should roll on at about {speed} m/s \
             after 10 s, but moves at {v} m/s (the same disc, coefficient 0)"
        )
    });
}

/// Exercise 9.4 on a slope. A disc held by rolling resistance alone on a slope of
/// angle `t` needs a torque `m g sin(t) r` against one of at most `c r m g cos(t)`:
/// it stays where `tan(t) < c`, and rolls down where `tan(t) > c`.
#[test]
fn rolling_resistance_holds_a_disc_on_a_slope_only_below_its_coefficient() {
    let c = 0.1;
    for (tan, holds) in [(0.05f32, true), (0.2, false)] {
        let angle = tan.atan();
        let down = Vec2::new(angle.cos(), -angle.sin()); // along the slope, downhill
        let up = perp(down); // the slope's outward normal
        let ramp = Body::rect(30.0, 1.0, -up * 1.0, -angle, 1.0).into_static();
        let disc = Body::disc(0.5, up * 0.5, 1.0).with_friction(0.9);
        let mut world =
            World::new(vec![ramp.with_friction(0.9), disc], Vec::new(), Vec::new());
        world.joints.settings.rolling_resistance = c;
        for _ in 0..300 {
            world.step(DT);
        }
        let rolled = world.bodies()[1].position.dot(down);
        let case = format!(
            "a disc of radius 0.5 m let go on a slope of tan {tan}, coefficient {c}, 5 s"
        );
        if holds {
            check(rolled.abs() < 0.02, ROLLING, || {
                format!(
                    "exercise 9.4, roll: below tan = c the disc should stay, within 2 cm, \
                     but rolled {rolled:.3} m down ({case})"
                )
            });
        } else {
            check(rolled > 1.0, ROLLING, || {
                format!(
                    "exercise 9.4, roll: above tan = c the disc should roll down, more \
                     than 1 m in 5 s, but rolled {rolled:.3} m ({case}); the cap is \
                     resistance times normal, not more"
                )
            });
        }
    }
}
