//! The worlds chapter 2's demos start from: particles in chapter 1's box
//! under gravity, the box turning, and a funnel of planes at any angle.
//! Each is a [`Planes`]: chapter 2's [`World`] and what the camera shows.

use crate::demos::Planes;
use crate::{Particle, Plane, World};
use glam::Vec2;
use physics_core::rng::Rng;
use physics_core::trig;

/// `n` particles at seeded random places in `[lo, hi]`, with seeded random
/// velocities up to `speed` and restitution spread evenly from 0 to 1.
fn scatter(n: usize, seed: u64, lo: Vec2, hi: Vec2, speed: f32) -> Vec<Particle> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| Particle {
            position: Vec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y)),
            velocity: trig::from_angle(rng.range(0.0, std::f32::consts::TAU))
                * rng.range(0.0, speed),
            restitution: if n > 1 { i as f32 / (n - 1) as f32 } else { 1.0 },
        })
        .collect()
}

impl Planes {
    /// 150 particles in chapter 1's box, now under gravity and bouncing less than
    /// perfectly.
    pub fn gravity() -> Self {
        let particles = scatter(150, 2, Vec2::splat(-0.95), Vec2::splat(0.95), 2.0);
        Planes::new(
            World::new(particles),
            0.0,
            (Vec2::splat(-1.5), Vec2::splat(1.5)),
        )
    }

    /// The same box turning by itself; the mouse turns it too.
    pub fn rotate() -> Self {
        let particles = scatter(200, 3, Vec2::splat(-0.9), Vec2::splat(0.9), 1.0);
        Planes::new(
            World::new(particles),
            0.25,
            (Vec2::splat(-1.5), Vec2::splat(1.5)),
        )
    }

    /// Two planes sloping down to a point, between two upright walls: planes at any
    /// angle.
    pub fn funnel() -> Self {
        let slope = 0.45_f32; // radians, about 26 degrees
        let planes = vec![
            // The left slope faces up and to the right, the right slope up and to
            // the left; both pass through the funnel's bottom at (0, -1).
            Plane::through(
                Vec2::new(0.0, -1.0),
                Vec2::new(trig::sin(slope), trig::cos(slope)),
            ),
            Plane::through(
                Vec2::new(0.0, -1.0),
                Vec2::new(-trig::sin(slope), trig::cos(slope)),
            ),
            Plane::through(Vec2::new(-1.6, 0.0), Vec2::X),
            Plane::through(Vec2::new(1.6, 0.0), -Vec2::X),
        ]
        .into_iter()
        .flatten()
        .collect();
        let particles =
            scatter(150, 4, Vec2::new(-1.4, 0.2), Vec2::new(1.4, 1.4), 0.5);
        let world = World { planes, ..World::new(particles) };
        Planes::new(world, 0.0, (Vec2::new(-1.8, -1.3), Vec2::new(1.8, 1.7)))
    }
}
