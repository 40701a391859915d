//! What semi-implicit Euler does to a bouncing particle's energy: the energy the
//! HUD shows, and the slightly shifted energy that the integrator really keeps.

use crate::judge::{INTEGRATE, SHIFTED_ENERGY};
use ch02_planes_restitution::{Particle, World, shifted_energy};
use glam::Vec2;

const DT: f32 = 1.0 / 60.0;

/// A particle with e = 1 dropped from rest 1 m above the floor of chapter 1's box,
/// bouncing for ten seconds. Per kilogram, with g = 9.81 m/s^2:
///
/// - the HUD's energy `E = v^2 / 2 + g y` falls by exactly `g^2 dt^2 / 2` (0.0134
///   J/kg at 60 Hz) at every step in flight, and jumps up at a bounce, by `g` times
///   the depth from which the push-back lifts the particle onto the floor (nearly
///   nothing when a step happens to end right on the floor);
/// - the shifted energy (`shifted_energy`, exercise 2.4) stays constant in flight and only ever
///   drops, at the bounces. That is the sense in which the semi-implicit order
///   never lets the energy grow.
///
/// Tolerances: energies near 10 J/kg carry f32 roundings of about 1e-6, and a
/// step's change is the difference of two of them; 1e-4 in flight and 1e-5 against
/// growth leave room for that and are still far below the 0.013 J/kg per step
/// drift. The jumps measured are up to 0.7 J/kg; together they must make up at
/// least 1 J/kg.
#[test]
fn the_hud_energy_drifts_in_flight_and_the_shifted_energy_never_grows() {
    let mut world = World::new(vec![Particle {
        position: Vec2::ZERO,
        velocity: Vec2::ZERO,
        restitution: 1.0,
    }]);
    let g = -world.gravity.y;
    let hud = |p: &Particle| 0.5 * p.velocity.length_squared() + g * p.position.y;
    let shifted = |p: &Particle| shifted_energy(p.position, p.velocity, g, DT);
    let drift = 0.5 * g * g * DT * DT;
    let (mut flights, mut bounces) = (0, 0);
    let mut jumps = 0.0;
    for step in 1..=600 {
        let before = world.particles[0];
        world.step(DT);
        let after = world.particles[0];
        let case = format!(
            "step {step}, dropped from y = 0 with e = 1: {before:?} -> {after:?}"
        );
        let bounced = before.velocity.y < 0.0 && after.velocity.y > 0.0;
        let change = hud(&after) - hud(&before);
        if bounced {
            bounces += 1;
            assert!(change + drift > -1e-4, "{before:?} -> {after:?}");
            jumps += change + drift;
            assert!(
                shifted(&after) < shifted(&before),
                "{}",
                SHIFTED_ENERGY.wrong(
                    "the shifted energy at a bounce (J/kg)",
                    &case,
                    format!("below {}", shifted(&before)),
                    shifted(&after)
                )
            );
        } else {
            flights += 1;
            assert!(
                (change + drift).abs() < 1e-4,
                "{}",
                INTEGRATE.wrong(
                    "the change of v^2 / 2 + g y in flight (J/kg)",
                    &case,
                    -drift,
                    change
                )
            );
            assert!(
                (shifted(&after) - shifted(&before)).abs() < 1e-4,
                "{}",
                SHIFTED_ENERGY.wrong(
                    "the change of the shifted energy in flight (J/kg)",
                    &case,
                    0.0,
                    shifted(&after) - shifted(&before)
                )
            );
        }
        assert!(
            shifted(&after) <= shifted(&before) + 1e-5,
            "{}",
            SHIFTED_ENERGY.wrong(
                "the shifted energy (J/kg), which must never grow",
                &case,
                format!("at most {}", shifted(&before)),
                shifted(&after)
            )
        );
    }
    assert!(
        bounces >= 5 && flights > 500,
        "{bounces} bounces, {flights} steps in flight"
    );
    assert!(
        jumps > 1.0,
        "the bounces lifted the HUD's energy by only {jumps} J/kg"
    );
}
