//! A short trajectory, pinned: any change in behaviour shows up as a reviewable
//! diff.

use ch02_planes_restitution::{Particle, World};
use glam::Vec2;
use std::fmt::Write;

#[test]
fn three_particles_in_a_turning_box_for_two_seconds() {
    let particle = |x: f32, y: f32, vx: f32, vy: f32, restitution: f32| Particle {
        position: Vec2::new(x, y),
        velocity: Vec2::new(vx, vy),
        restitution,
    };
    let mut world = World::new(vec![
        particle(0.0, 0.0, 1.3, 0.7, 1.0),
        particle(-0.9, 0.9, -2.0, 3.0, 0.5),
        particle(0.5, -0.5, 0.0, -4.0, 0.0),
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
        // A quarter turn over the two seconds, as a steady drag would.
        world.turn(std::f32::consts::FRAC_PI_2 / 120.0);
        world.step(1.0 / 60.0);
    }
    insta::assert_snapshot!(out);
}
