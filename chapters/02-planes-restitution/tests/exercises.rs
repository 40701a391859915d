//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones. A failure names the quantity, the
//! case, the value expected and got, and the section of the page to reread.

use crate::judge::{INTEGRATE, PUSH_BACK, REFLECT, SHIFTED_ENERGY, TIME_TO_PLANE};
use ch02_planes_restitution::{
    Plane, integrate, push_back, reflect, shifted_energy, time_to_plane,
};
use glam::Vec2;
use proptest::prelude::*;

// Exercise 2.1.

#[test]
fn a_mirror_keeps_speed() {
    let tilted = Vec2::new(0.6, 0.8);
    for (v, n, e, expected, what) in [
        (
            Vec2::new(3.0, -4.0),
            Vec2::Y,
            1.0,
            Vec2::new(3.0, 4.0),
            "a floor, e = 1: a mirror",
        ),
        (
            Vec2::new(3.0, -4.0),
            Vec2::Y,
            0.0,
            Vec2::new(3.0, 0.0),
            "a floor, e = 0: only the slide",
        ),
        (
            Vec2::new(3.0, -4.0),
            Vec2::Y,
            0.5,
            Vec2::new(3.0, 2.0),
            "a floor, e = 0.5",
        ),
        (
            Vec2::new(-1.0, -2.0),
            tilted,
            1.0,
            Vec2::new(1.64, 1.52),
            "a tilted wall, e = 1",
        ),
        (
            Vec2::new(2.0, 1.0),
            -Vec2::X,
            0.25,
            Vec2::new(-0.5, 1.0),
            "a right wall, e = 0.25",
        ),
    ] {
        let got = reflect(v, n, e);
        let case = format!("v = {v}, n = {n}, e = {e}: {what}");
        assert!(
            (got - expected).length() < 1e-5,
            "{}",
            REFLECT.wrong("the velocity after the bounce", case, expected, got)
        );
    }
}

// Exercise 2.2.

#[test]
fn gravity_then_move() {
    for (x, v, g, dt, expected_v, expected_x, what) in [
        (
            Vec2::ZERO,
            Vec2::ZERO,
            Vec2::new(0.0, -10.0),
            0.5,
            Vec2::new(0.0, -5.0),
            Vec2::new(0.0, -2.5),
            "from rest: the new velocity moves it (moved by the old, it stays put)",
        ),
        (
            Vec2::new(1.0, 2.0),
            Vec2::new(4.0, 3.0),
            Vec2::new(0.0, -10.0),
            0.1,
            Vec2::new(4.0, 2.0),
            Vec2::new(1.4, 2.2),
            "thrown up and sideways",
        ),
    ] {
        let (mut position, mut velocity) = (x, v);
        integrate(&mut position, &mut velocity, g, dt);
        let case = format!("x = {x}, v = {v}, gravity = {g}, dt = {dt} s: {what}");
        assert!(
            (velocity - expected_v).length() < 1e-5,
            "{}",
            INTEGRATE.wrong(
                "the velocity after the step",
                &case,
                expected_v,
                velocity
            )
        );
        assert!(
            (position - expected_x).length() < 1e-5,
            "{}",
            INTEGRATE.wrong(
                "the position after the step",
                &case,
                expected_x,
                position
            )
        );
    }
}

// Exercise 2.3.

#[test]
fn a_point_behind_a_plane_goes_onto_it_and_one_in_front_stays() {
    let floor = Plane { normal: Vec2::Y, offset: -1.0 };
    let slope = Plane { normal: Vec2::new(-0.6, 0.8), offset: 0.0 };
    for (x, plane, expected, what) in [
        (
            Vec2::new(0.3, -1.25),
            floor,
            Vec2::new(0.3, -1.0),
            "0.25 m under the floor y = -1",
        ),
        (
            Vec2::new(0.3, -0.5),
            floor,
            Vec2::new(0.3, -0.5),
            "above the floor: left alone",
        ),
        (
            Vec2::new(0.3, -1.0),
            floor,
            Vec2::new(0.3, -1.0),
            "on the floor: left alone",
        ),
        (Vec2::new(1.0, 0.0), slope, Vec2::new(0.64, 0.48), "0.6 m behind a slope"),
    ] {
        let mut moved = x;
        push_back(&mut moved, &plane);
        let case = format!("the point {x}, {plane:?}: {what}");
        assert!(
            (moved - expected).length() < 1e-5,
            "{}",
            PUSH_BACK.wrong("the point after the push-back", case, expected, moved)
        );
    }
}

// Exercise 2.4.

#[test]
fn the_shifted_energy_in_a_worked_case() {
    for (x, v, g, dt, expected, what) in [
        (
            Vec2::new(0.0, 2.0),
            Vec2::ZERO,
            10.0,
            0.1,
            20.0,
            "at rest 2 m up: g y alone",
        ),
        (Vec2::new(0.0, 1.0), Vec2::new(3.0, -4.0), 10.0, 0.1, 24.5, "falling"),
        (
            Vec2::new(5.0, 0.0),
            Vec2::new(0.0, 4.0),
            10.0,
            0.1,
            6.0,
            "rising from y = 0",
        ),
    ] {
        let got = shifted_energy(x, v, g, dt);
        let case =
            format!("x = {x}, v = {v}, g = {g} m/s^2 down, dt = {dt} s: {what}");
        assert!(
            (got - expected).abs() < 1e-4,
            "{}",
            SHIFTED_ENERGY.wrong("the shifted energy (J/kg)", case, expected, got)
        );
    }
}

proptest! {
    /// One semi-implicit step in flight, worked here rather than through exercise
    /// 2.2, leaves the shifted energy as it was. The HUD's energy, `v^2 / 2 + g y`,
    /// falls by `g^2 dt^2 / 2` in the same step, at least 1.25e-3 J/kg over these
    /// ranges; rounding in f32 of energies up to ~250 J/kg is far below the 3e-4 J/kg
    /// allowed.
    #[test]
    fn a_step_in_flight_keeps_the_shifted_energy(
        x in -2.0f32..2.0, y in -5.0f32..5.0, vx in -10.0f32..10.0, vy in -10.0f32..10.0,
        g in 5.0f32..20.0, dt in 0.01f32..0.05,
    ) {
        let (position, velocity) = (Vec2::new(x, y), Vec2::new(vx, vy));
        let new_velocity = velocity - Vec2::new(0.0, g * dt);
        let new_position = position + new_velocity * dt;
        let before = shifted_energy(position, velocity, g, dt);
        let after = shifted_energy(new_position, new_velocity, g, dt);
        let hud = 0.5 * velocity.length_squared() + g * y;
        prop_assert!(
            (before - hud).abs() <= 0.5 * g * dt * vy.abs() + 1e-3,
            "{}",
            SHIFTED_ENERGY.wrong(
                "the shifted energy (J/kg), far from the HUD's v^2 / 2 + g y",
                format!("x = {position}, v = {velocity}, g = {g}, dt = {dt}"),
                format!("within g dt |v_y| / 2 = {} of {hud}", 0.5 * g * dt * vy.abs()),
                before,
            )
        );
        prop_assert!(
            (after - before).abs() < 3e-4,
            "{}",
            SHIFTED_ENERGY.wrong(
                "the change of the shifted energy over one step in flight (J/kg)",
                format!(
                    "x = {position}, v = {velocity}, g = {g}, dt = {dt}, stepped to \
                     x = {new_position}, v = {new_velocity}"
                ),
                0.0,
                after - before,
            )
        );
    }
}

// Exercise 2.5, a challenge.

/// A worked case of `time_to_plane`: the position, velocity and gravity, the plane,
/// the time expected, and what the case is.
type Case = (Vec2, Vec2, Vec2, Plane, Option<f32>, &'static str);

/// Worked cases: a drop, a throw, a slope, gravity along the plane, gravity pushing
/// away, and one where gravity is nearly along the plane, which the quadratic
/// formula as usually written gets wrong in f32 by cancellation.
#[test]
fn the_time_to_a_plane_in_worked_cases() {
    let floor = Plane { normal: Vec2::Y, offset: 0.0 };
    let g = Vec2::new(0.0, -10.0);
    let wall = Plane { normal: -Vec2::X, offset: -2.0 }; // the line x = 2, free side left
    let slope = Plane { normal: Vec2::new(-0.6, 0.8), offset: 0.0 };
    let cases: [Case; 10] = [
        (
            Vec2::new(0.0, 5.0),
            Vec2::ZERO,
            g,
            floor,
            Some(1.0),
            "dropped from 5 m under g = 10",
        ),
        (
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 10.0),
            g,
            floor,
            Some(0.0),
            "on the floor",
        ),
        (
            Vec2::new(0.0, 3.75),
            Vec2::new(0.0, 5.0),
            g,
            floor,
            Some(1.5),
            "thrown up from 3.75 m at 5 m/s",
        ),
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(1.0, 0.0),
            Vec2::ZERO,
            wall,
            Some(2.0),
            "no gravity, 2 m from a wall at 1 m/s",
        ),
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(-1.0, 0.0),
            Vec2::ZERO,
            wall,
            None,
            "no gravity, moving away",
        ),
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, 3.0),
            g,
            wall,
            None,
            "gravity along the wall, moving along it",
        ),
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, -3.0),
            Vec2::new(0.0, 10.0),
            floor,
            None,
            "gravity pushing away faster than it falls",
        ),
        (
            Vec2::new(0.0, 2.5),
            Vec2::ZERO,
            g,
            slope,
            Some(std::f32::consts::FRAC_1_SQRT_2),
            "dropped 2 m above a slope, 8 m/s^2 of g along its normal",
        ),
        (
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(1e-7, 0.0),
            Plane { normal: Vec2::X, offset: 0.0 },
            Some(1.0),
            "1 m from the plane at 1 m/s, gravity 1e-7 m/s^2 back: t = 1.00000005 s",
        ),
        (
            Vec2::new(0.0, 0.1),
            Vec2::new(0.0, 4.0),
            Vec2::new(0.0, -0.01),
            floor,
            Some(800.025),
            "10 cm up, rising at 4 m/s, gravity 0.01 m/s^2: back down after 800.025 s",
        ),
    ];
    for (x, v, g, plane, expected, what) in cases {
        let got = time_to_plane(x, v, g, &plane);
        let case = format!("x = {x}, v = {v}, gravity = {g}, {plane:?}: {what}");
        let close = match (got, expected) {
            (Some(t), Some(e)) => (t - e).abs() <= 1e-5 * e.max(1.0),
            (g, e) => g.is_none() && e.is_none(),
        };
        assert!(
            close,
            "{}",
            TIME_TO_PLANE.wrong(
                "the time of impact (s)",
                case,
                format!("{expected:?}"),
                format!("{got:?}")
            )
        );
    }
}

proptest! {
    /// Over random starts, velocities, gravities and planes in front of them: at the time returned the
    /// particle is on the plane, and at no earlier time is it behind it; when `None`,
    /// it stays in front for the next 100 s. The path is worked out here in f64.
    /// Tolerance: 1e-4 of the largest term of the distance along the path (f32
    /// rounding of the answer), plus 1e-5 m.
    #[test]
    fn the_particle_reaches_the_plane_first_at_the_time_returned(
        x in (-5.0f32..5.0, -5.0f32..5.0), v in (-10.0f32..10.0, -10.0f32..10.0),
        g in (-20.0f32..20.0, -20.0f32..20.0), angle in 0.0f32..std::f32::consts::TAU,
        gap in 0.001f32..5.0,
    ) {
        let (x, v, g) = (Vec2::new(x.0, x.1), Vec2::new(v.0, v.1), Vec2::new(g.0, g.1));
        // The plane `gap` behind the start, so that it starts on the free side.
        let normal = Vec2::from_angle(angle);
        let plane = Plane { normal, offset: normal.dot(x) - gap };
        let (d, s, a) = (
            plane.distance(x) as f64,
            v.dot(plane.normal) as f64,
            g.dot(plane.normal) as f64,
        );
        prop_assume!(d > 0.0);
        let along = |t: f64| d + s * t + 0.5 * a * t * t;
        let got = time_to_plane(x, v, g, &plane);
        let case = format!(
            "x = {x}, v = {v}, gravity = {g}, {plane:?}: distance {d} m, {s} m/s and {a} m/s^2 along the normal"
        );
        match got {
            Some(t) => {
                let t = t as f64;
                let tol = 1e-4 * (d + (s * t).abs() + (0.5 * a * t * t).abs()) + 1e-5;
                prop_assert!(
                    along(t).abs() <= tol,
                    "{}",
                    TIME_TO_PLANE.wrong(&format!("the distance to the plane at your t = {t} s (m)"), &case, 0.0, along(t))
                );
                for k in 1..20 {
                    let earlier = t * k as f64 / 20.0;
                    prop_assert!(
                        along(earlier) >= -tol,
                        "{}",
                        TIME_TO_PLANE.wrong(
                            &format!("the distance to the plane at {earlier} s, before your t = {t} s (m)"),
                            &case, "0 or more: it must not cross earlier", along(earlier))
                    );
                }
            }
            None => {
                for k in 0..=1000 {
                    let t = k as f64 * 0.1;
                    prop_assert!(
                        along(t) > -1e-5 * (1.0 + (s * t).abs() + (a * t * t).abs()),
                        "{}",
                        TIME_TO_PLANE.wrong("the time of impact (s)", &case,
                            format!("a time: the particle is behind the plane at {t} s"), "None")
                    );
                }
            }
        }
    }
}
