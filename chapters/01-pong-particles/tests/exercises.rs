//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones. A failure names the quantity, the
//! case, the value expected and got, and the section of the page to reread.

use crate::judge::{BOUNCE, INTEGRATE, TIME_TO_WALL};
use ch01_pong_particles::{
    Particle, World, bounce_off_walls, integrate, time_to_wall,
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
