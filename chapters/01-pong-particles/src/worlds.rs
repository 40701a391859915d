//! The world chapter 1's demos start from: particles scattered over the
//! box at random, each with its own speed and heading.

use crate::Particle;
use crate::demos::Pong;
use glam::Vec2;
use physics_core::rng::Rng;
use physics_core::trig;

impl Pong {
    /// `n` particles scattered over the box with seeded random positions and
    /// velocities.
    pub fn scattered(n: usize, seed: u64, time_step: f32, squeeze: bool) -> Self {
        let mut rng = Rng::new(seed);
        let particles = (0..n)
            .map(|_| {
                let angle = rng.range(0.0, std::f32::consts::TAU);
                let speed = rng.range(0.3, 1.5);
                Particle {
                    position: Vec2::new(
                        rng.range(-0.95, 0.95),
                        rng.range(-0.95, 0.95),
                    ),
                    velocity: trig::from_angle(angle) * speed,
                }
            })
            .collect();
        let mut pong = Pong::new(particles, vec![1.0; n], time_step);
        pong.squeeze = squeeze;
        // The squeeze demo starts with the approach check off, to show what it
        // prevents.
        pong.world.approach_check = !squeeze;
        pong
    }
}
