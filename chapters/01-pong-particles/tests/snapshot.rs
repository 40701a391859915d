//! A short trajectory, pinned: any change in behaviour shows up as a reviewable
//! diff.

use ch01_pong_particles::{Particle, World};
use glam::Vec2;
use std::fmt::Write;

#[test]
fn three_particles_for_two_seconds() {
    let mut world = World::new(vec![
        Particle { position: Vec2::new(0.0, 0.0), velocity: Vec2::new(1.3, 0.7) },
        Particle { position: Vec2::new(-0.9, 0.9), velocity: Vec2::new(-2.0, 3.0) },
        Particle { position: Vec2::new(0.5, -0.5), velocity: Vec2::new(0.0, -4.0) },
    ]);
    let mut out = String::new();
    for step in 0..=120 {
        if step % 15 == 0 {
            write!(out, "step {step:3}:").unwrap();
            for p in &world.particles {
                // Four decimals: far coarser than f32 noise, fine enough to see any
                // change.
                write!(
                    out,
                    "  ({:+.4}, {:+.4}) v ({:+.4}, {:+.4})",
                    p.position.x, p.position.y, p.velocity.x, p.velocity.y
                )
                .unwrap();
            }
            out.push('\n');
        }
        world.step(1.0 / 60.0);
    }
    insta::assert_snapshot!(out);
}
