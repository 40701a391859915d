//! A claim of the source tutorial that chapter 1's bounce shows to be wrong.

use crate::judge::BOUNCE;
use ch01_pong_particles::{Particle, World, bounce_off_walls};
use glam::Vec2;
use proptest::prelude::*;

/// The box of the tutorial: walls at -1 and +1.
const H: f32 = 1.0;

proptest! {
    /// "Physics engines for dummies" says that reflecting particles off the walls
    /// preserves their momentum. It does not: a bounce reverses the velocity's
    /// component along the wall's normal, so a particle of mass m takes a momentum
    /// change of `-2 m (v . n) n`, which the wall (infinitely heavy, it cannot
    /// move) absorbs. What a bounce keeps is the speed, and with it the kinetic
    /// energy. Checked exactly: a flip is exact in f32.
    #[test]
    fn a_wall_bounce_reverses_the_momentum_and_keeps_the_speed(
        wall in 0usize..4, depth in 0.0f32..0.5, along in -0.9f32..0.9,
        into in 0.1f32..5.0, sideways in -5.0f32..5.0,
    ) {
        // A particle `depth` past one wall (n is that wall's inward normal), moving
        // further out.
        let n = [-Vec2::X, Vec2::X, -Vec2::Y, Vec2::Y][wall];
        let position = -n * (H + depth) + n.perp() * along;
        let v = -n * into + n.perp() * sideways;
        let mut p = Particle { position, velocity: v };
        let case = format!("at {position} moving {v}, past one wall, h = {H}");
        let flips = bounce_off_walls(&mut p, H, true);
        prop_assert!(flips == 1, "{}", BOUNCE.wrong("the number of flips", &case, 1, flips));
        prop_assert!(
            p.velocity - v == -2.0 * v.dot(n) * n,
            "{}",
            BOUNCE.wrong(
                "the change of velocity, -2 (v . n) n (the normal part reversed)",
                &case,
                -2.0 * v.dot(n) * n,
                p.velocity - v,
            )
        );
        prop_assert!((p.velocity - v).length() >= 0.2, "momentum changed by 2 m |v . n|");
        prop_assert!(
            p.velocity.length().to_bits() == v.length().to_bits(),
            "{}",
            BOUNCE.wrong("the speed, to the last bit", &case, v.length(), p.velocity.length())
        );
    }
}

/// The same over a whole run: 20 particles of 1 kg in the tutorial's box for two
/// seconds. Their total kinetic energy is the same at every step, to the last bit
/// of each speed, while their total momentum wanders: each bounce hands `2 m |v .
/// n|` to a wall.
#[test]
fn in_the_box_the_energy_stays_and_the_momentum_does_not() {
    let particles = (0..20)
        .map(|i| {
            let angle = 0.7 * i as f32;
            Particle {
                position: Vec2::new(0.04 * i as f32 - 0.4, 0.3),
                velocity: Vec2::from_angle(angle) * (1.0 + 0.1 * i as f32),
            }
        })
        .collect();
    let mut world = World::new(particles);
    let speeds = |w: &World| -> Vec<u32> {
        w.particles.iter().map(|p| p.velocity.length().to_bits()).collect()
    };
    // The speeds as numbers, for a failure's message.
    let as_speeds = |bits: &[u32]| {
        format!("{:?}", bits.iter().map(|&b| f32::from_bits(b)).collect::<Vec<_>>())
    };
    let momentum = |w: &World| w.particles.iter().map(|p| p.velocity).sum::<Vec2>();
    let (start_speeds, start_momentum) = (speeds(&world), momentum(&world));
    let mut largest_change = 0.0f32;
    for step in 1..=120 {
        world.step(1.0 / 60.0);
        assert!(
            speeds(&world) == start_speeds,
            "{}",
            BOUNCE.wrong(
                "the particles' speeds (a bounce keeps each to the last bit)",
                format!("20 particles in the box, step {step} of 1/60 s"),
                as_speeds(&start_speeds),
                as_speeds(&speeds(&world)),
            )
        );
        largest_change =
            largest_change.max((momentum(&world) - start_momentum).length());
    }
    // One bounce of the slowest particle (1 m/s) already changes it by up to 2 kg
    // m/s; 1 kg m/s is far above rounding and far below what two seconds of bounces
    // do.
    assert!(largest_change > 1.0, "momentum changed by {largest_change}");
}
