//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones. A failure names the quantity, the
//! case, the value expected and got, and the section of the page to reread.

use crate::judge::{BOUNCE, EXACT_STEP, INTEGRATE, TIME_TO_WALL};
use ch01_pong_particles::{
    Particle, World, bounce_off_walls, exact_step, integrate, time_to_wall,
};
use glam::Vec2;
use proptest::prelude::*;

fn particle(x: f32, y: f32, vx: f32, vy: f32) -> Particle {
    Particle { position: Vec2::new(x, y), velocity: Vec2::new(vx, vy) }
}

// Exercise 1.1.

#[test]
fn integrate_moves_along_the_velocity() {
    for (p, dt) in [
        (particle(0.0, 0.0, 2.0, 0.0), 0.5),
        (particle(0.25, -0.5, -1.0, 3.0), 0.1),
        (particle(0.9, 0.9, 0.0, 0.0), 1.0 / 60.0),
    ] {
        let case = format!("{p:?}, dt = {dt} s");
        let mut moved = p;
        integrate(&mut moved, dt);
        let expected = p.position + p.velocity * dt;
        assert!(
            (moved.position - expected).length() < 1e-6,
            "{}",
            INTEGRATE.wrong(
                "the position after the step",
                &case,
                expected,
                moved.position
            )
        );
        assert!(
            moved.velocity == p.velocity,
            "{}",
            INTEGRATE.wrong(
                "the velocity (nothing changes it)",
                &case,
                p.velocity,
                moved.velocity
            )
        );
    }
}

// Exercise 1.2.

#[test]
fn inside_the_box_nothing_happens() {
    let p = particle(0.5, -0.5, 3.0, -3.0);
    let case = format!("{p:?} inside the box, h = 1");
    let mut bounced = p;
    let flips = bounce_off_walls(&mut bounced, 1.0, true);
    assert!(flips == 0, "{}", BOUNCE.wrong("the number of flips", &case, 0, flips));
    assert!(
        bounced.velocity == p.velocity,
        "{}",
        BOUNCE.wrong("the velocity", &case, p.velocity, bounced.velocity)
    );
}

#[test]
fn a_corner_flips_both_components() {
    let p = particle(1.1, 1.2, 2.0, 1.0);
    let case = format!("{p:?}, past the right wall and the ceiling, h = 1");
    let mut bounced = p;
    let flips = bounce_off_walls(&mut bounced, 1.0, true);
    assert!(flips == 2, "{}", BOUNCE.wrong("the number of flips", &case, 2, flips));
    let expected = Vec2::new(-2.0, -1.0);
    assert!(
        bounced.velocity == expected,
        "{}",
        BOUNCE.wrong(
            "the velocity after the bounce",
            &case,
            expected,
            bounced.velocity
        )
    );
}

#[test]
fn each_wall_flips_only_its_component() {
    for (wall, p, expected) in [
        ("left", particle(-1.5, 0.0, -1.0, 0.5), Vec2::new(1.0, 0.5)),
        ("right", particle(1.5, 0.0, 1.0, 0.5), Vec2::new(-1.0, 0.5)),
        ("floor", particle(0.0, -1.5, 0.5, -1.0), Vec2::new(0.5, 1.0)),
        ("ceiling", particle(0.0, 1.5, 0.5, 1.0), Vec2::new(0.5, -1.0)),
    ] {
        let case = format!("{p:?}, past the {wall} wall and moving out, h = 1");
        let mut bounced = p;
        let flips = bounce_off_walls(&mut bounced, 1.0, true);
        assert!(
            bounced.velocity == expected,
            "{}",
            BOUNCE.wrong(
                "the velocity after the bounce",
                &case,
                expected,
                bounced.velocity
            )
        );
        assert!(
            flips == 1,
            "{}",
            BOUNCE.wrong("the number of flips", &case, 1, flips)
        );
    }
}

#[test]
fn a_particle_heading_back_in_is_left_alone_only_with_the_check() {
    let p = particle(1.2, 0.0, -1.0, 0.5);
    for (check, expected) in [(true, p.velocity), (false, Vec2::new(1.0, 0.5))] {
        let case = format!(
            "{p:?}, past the right wall but moving back in, h = 1, approach_check = {check}"
        );
        let mut bounced = p;
        bounce_off_walls(&mut bounced, 1.0, check);
        assert!(
            bounced.velocity == expected,
            "{}",
            BOUNCE.wrong(
                "the velocity after the bounce",
                &case,
                expected,
                bounced.velocity
            )
        );
    }
}

// Exercises 1.1 and 1.2 together, in the world's step.

#[test]
fn step_moves_then_bounces() {
    let case =
        "one particle at x = 0.95 moving +6 m/s in x, two steps of 0.1 s, h = 1";
    let mut w = World::new(vec![particle(0.95, 0.0, 6.0, 0.0)]);
    w.step(0.1);
    // Moved to 1.55 (outside), and now heading back in.
    let p = w.particles[0];
    assert!(
        (p.position.x - 1.55).abs() < 1e-6,
        "{}",
        INTEGRATE.wrong("x after the first step", case, 1.55, p.position.x)
    );
    assert!(
        p.velocity.x == -6.0,
        "{}",
        BOUNCE.wrong("v.x after the first step", case, -6.0, p.velocity.x)
    );
    w.step(0.1);
    let p = w.particles[0];
    assert!(
        (p.position.x - 0.95).abs() < 1e-6,
        "{}",
        INTEGRATE.wrong("x after the second step", case, 0.95, p.position.x)
    );
}

// Exercise 1.3.

#[test]
fn time_to_wall_in_worked_cases() {
    for (p, expected, what) in [
        (particle(0.0, 0.0, 2.0, 0.0), 0.5, "from the centre, right at 2 m/s"),
        (particle(0.0, 0.0, -4.0, 0.0), 0.25, "from the centre, left at 4 m/s"),
        (
            particle(0.5, 0.8, 1.0, 1.0),
            0.2,
            "the ceiling comes before the right wall",
        ),
        (
            particle(-0.5, 0.5, -1.0, -3.0),
            0.5,
            "the left wall comes before the floor",
        ),
        (particle(0.9, 0.0, 0.0, 3.0), 1.0 / 3.0, "straight up, v.x = 0"),
        (particle(1.0, 0.0, 2.0, 0.0), 0.0, "on the right wall, moving out"),
        (particle(1.0, 0.0, -2.0, 0.0), 1.0, "on the right wall, moving in"),
        (particle(0.3, -0.2, 0.0, 0.0), f32::INFINITY, "at rest"),
    ] {
        let case = format!("{p:?}, h = 1: {what}");
        let t = time_to_wall(&p, 1.0);
        let close = if expected.is_finite() {
            (t - expected).abs() < 1e-6
        } else {
            t == expected
        };
        assert!(
            close,
            "{}",
            TIME_TO_WALL.wrong("the time of impact", &case, expected, t)
        );
    }
}

proptest! {
    /// Moved on for its time of impact, a particle is on the boundary of the box, not
    /// inside it (too early) nor outside it (too late, or through the wrong wall).
    #[test]
    fn after_its_time_of_impact_a_particle_is_on_a_wall(
        x in -0.99f32..0.99, y in -0.99f32..0.99, vx in -5.0f32..5.0, vy in -5.0f32..5.0,
        h in 1.0f32..3.0,
    ) {
        prop_assume!(vx.abs() > 0.01 || vy.abs() > 0.01);
        let p = particle(x, y, vx, vy);
        let t = time_to_wall(&p, h);
        let case = format!("{p:?}, h = {h}");
        prop_assert!(
            t.is_finite() && t >= 0.0,
            "{}",
            TIME_TO_WALL.wrong("the time of impact", &case, "a finite time, 0 or more", t)
        );
        let at = p.position + p.velocity * t;
        // How far the particle is from the boundary, inside or out: max(|x|, |y|) - h.
        let off = at.x.abs().max(at.y.abs()) - h;
        prop_assert!(
            off.abs() < 1e-4,
            "{}",
            TIME_TO_WALL.wrong(
                &format!("where the particle is after t = {t} s, max(|x|, |y|) - h"),
                &case,
                "0 (on a wall)",
                format!("{off} ({})", if off < 0.0 { "inside: too early" } else { "outside: too late" }),
            )
        );
    }
}

// Exercise 1.4, a challenge.

/// Worked cases of `exact_step` in the box of half-size 1 (the last in one of 0.5):
/// the particle, the step, where it ends, its velocity then, the bounces, and what
/// the case is.
#[test]
fn exact_step_in_worked_cases() {
    let cases = [
        (
            particle(0.0, 0.0, 1.0, 0.5),
            1.0,
            0.5,
            (0.5, 0.25, 1.0, 0.5),
            0,
            "no wall reached: a plain step",
        ),
        (
            particle(0.5, 0.0, 1.0, 0.0),
            1.0,
            1.0,
            (0.5, 0.0, -1.0, 0.0),
            1,
            "the right wall at 0.5 s, then 0.5 s back (chapter 1's step ends at x = 1.5)",
        ),
        (
            particle(0.5, 0.5, 1.0, 1.0),
            1.0,
            1.0,
            (0.5, 0.5, -1.0, -1.0),
            2,
            "into the corner and straight back out: two walls at once",
        ),
        (
            particle(0.0, 0.0, 4.0, 0.0),
            1.0,
            1.0,
            (0.0, 0.0, 4.0, 0.0),
            2,
            "4 m at 4 m/s: right wall, left wall, back at the centre heading right",
        ),
        (
            particle(1.0, 0.0, 2.0, 0.0),
            1.0,
            0.25,
            (0.5, 0.0, -2.0, 0.0),
            1,
            "on the right wall moving out: it bounces at once",
        ),
        (
            particle(0.0, 0.0, 2.0, 0.0),
            1.0,
            0.5,
            (1.0, 0.0, -2.0, 0.0),
            1,
            "reaches the right wall exactly at the end of the step: bounced",
        ),
        (
            particle(1.0, -1.0, 0.0, 0.0),
            1.0,
            3.0,
            (1.0, -1.0, 0.0, 0.0),
            0,
            "at rest in a corner: nothing happens",
        ),
        (
            particle(0.25, 0.1, -3.0, 0.0),
            0.5,
            10.0,
            (0.25, 0.1, -3.0, 0.0),
            30,
            "30 m in a box 1 m wide: 30 bounces, back where it started",
        ),
    ];
    for (p, h, dt, (x, y, vx, vy), bounces, what) in cases {
        let case = format!("{p:?}, h = {h}, dt = {dt} s: {what}");
        let mut moved = p;
        let got = exact_step(&mut moved, h, dt);
        let (position, velocity) = (Vec2::new(x, y), Vec2::new(vx, vy));
        // The numbers are exact in f32 but for 30 m of travel, rounded to 2e-6 m.
        assert!(
            (moved.position - position).length() < 1e-5,
            "{}",
            EXACT_STEP.wrong(
                "the position after the step",
                &case,
                position,
                moved.position
            )
        );
        assert!(
            moved.velocity == velocity,
            "{}",
            EXACT_STEP.wrong(
                "the velocity after the step",
                &case,
                velocity,
                moved.velocity
            )
        );
        assert!(
            got == bounces,
            "{}",
            EXACT_STEP.wrong("the number of bounces", &case, bounces, got)
        );
    }
}

/// One axis of the path the slow way, in f64: go to the wall ahead, turn round, go
/// on with the time left, until the time left does not reach a wall. Where it ends,
/// its velocity then, and the walls reached (one reached at the very start or end
/// counts, as the exercise asks).
fn bounce_by_bounce(mut x: f64, mut v: f64, h: f64, dt: f64) -> (f64, f64, u32) {
    let (mut left, mut bounces) = (dt, 0);
    loop {
        let to_wall = if v > 0.0 {
            (h - x) / v
        } else if v < 0.0 {
            (-h - x) / v
        } else {
            f64::INFINITY
        };
        if to_wall > left {
            return (x + v * left, v, bounces);
        }
        x = h.copysign(v);
        left -= to_wall;
        v = -v;
        bounces += 1;
    }
}

proptest! {
    /// Over random particles, boxes and steps of up to 2 s (up to 100 bounces an
    /// axis), the exact step ends where the path followed bounce by bounce in f64
    /// does, inside the box, each velocity component the same size as before and
    /// turned as often as the walls say. Tolerance: 1e-4 of the distance the axis
    /// covers, |v| dt + h, which leaves room for f32 rounding at each of 100 bounces
    /// (about 1e-7 of it each). The velocity and the count are compared only where
    /// the path does not end that close to a wall, where rounding may decide.
    #[test]
    fn an_exact_step_follows_the_path_bounce_by_bounce(
        x in -1.0f32..=1.0, y in -1.0f32..=1.0, vx in -10.0f32..10.0,
        vy in -10.0f32..10.0, h in 0.1f32..2.0, dt in 0.0f32..2.0,
    ) {
        let p = particle(x * h, y * h, vx, vy);
        let case = format!("{p:?}, h = {h}, dt = {dt} s");
        let mut moved = p;
        let bounces = exact_step(&mut moved, h, dt);
        let mut expected_bounces = 0;
        let mut near_a_wall = false;
        for axis in 0..2 {
            let name = ["x", "y"][axis];
            let (start, v) = (p.position[axis] as f64, p.velocity[axis] as f64);
            let (end, v_end, n) = bounce_by_bounce(start, v, h as f64, dt as f64);
            expected_bounces += n;
            let tol = 1e-4 * (v.abs() * dt as f64 + h as f64);
            let got = moved.position[axis] as f64;
            prop_assert!(
                (got - end).abs() <= tol,
                "{}",
                EXACT_STEP.wrong(&format!("{name} after the step"), &case, end, got)
            );
            prop_assert!(
                moved.position[axis].abs() <= h * (1.0 + 1e-6),
                "{}",
                EXACT_STEP.wrong(
                    &format!("{name} after the step"),
                    &case,
                    format!("inside the box, within {h} of 0"),
                    got
                )
            );
            prop_assert!(
                moved.velocity[axis].abs() == p.velocity[axis].abs(),
                "{}",
                EXACT_STEP.wrong(
                    &format!("the size of v.{name} (a bounce only turns it round)"),
                    &case,
                    p.velocity[axis].abs(),
                    moved.velocity[axis].abs()
                )
            );
            if h as f64 - end.abs() <= tol {
                near_a_wall = true;
                continue;
            }
            prop_assert!(
                moved.velocity[axis] as f64 == v_end,
                "{}",
                EXACT_STEP.wrong(
                    &format!("v.{name} after the step"),
                    &case,
                    v_end,
                    moved.velocity[axis]
                )
            );
        }
        prop_assert!(
            near_a_wall || bounces == expected_bounces,
            "{}",
            EXACT_STEP.wrong("the number of bounces", &case, expected_bounces, bounces)
        );
    }

    /// Elastic walls make the motion reversible: turn the particle round after a
    /// step and step it again for as long, and it comes back to where it started,
    /// heading the other way, through as many bounces. Tolerance as above, twice.
    #[test]
    fn an_exact_step_runs_backwards_to_where_it_started(
        x in -1.0f32..=1.0, y in -1.0f32..=1.0, vx in -10.0f32..10.0,
        vy in -10.0f32..10.0, h in 0.1f32..2.0, dt in 0.0f32..2.0,
    ) {
        let p = particle(x * h, y * h, vx, vy);
        let case = format!("{p:?}, h = {h}, dt = {dt} s, then turned round and stepped back");
        let mut moved = p;
        let there = exact_step(&mut moved, h, dt);
        moved.velocity = -moved.velocity;
        let back = exact_step(&mut moved, h, dt);
        let tol = 2e-4 * (p.velocity.abs().max_element() * dt + h);
        prop_assert!(
            (moved.position - p.position).abs().max_element() <= tol,
            "{}",
            EXACT_STEP.wrong("where it ends", &case, p.position, moved.position)
        );
        // A path that ends on a wall is bounced there on the way out and again on
        // the way back (the count includes both ends of a step): only away from
        // the walls, at both ends, must the counts agree.
        let clear = |q: Vec2| (h - q.abs().max_element()) > tol;
        let mut end = p;
        exact_step(&mut end, h, dt);
        if clear(end.position) && clear(p.position) {
            prop_assert!(
                back == there,
                "{}",
                EXACT_STEP.wrong("the bounces on the way back", &case, there, back)
            );
            prop_assert!(
                moved.velocity == -p.velocity,
                "{}",
                EXACT_STEP.wrong("the velocity when back", &case, -p.velocity, moved.velocity)
            );
        }
    }
}
