//! # Chapter 1: pong particles
//!
//! The smallest physics engine there is: points that move in a straight line and
//! bounce off the four walls of a box. It already has the two halves of every
//! engine in this workbook, *integrate* (move everything along its velocity) and
//! *collide* (find what went wrong and fix the velocities), and the one test that
//! separates a contact from a joint: only push back while the particle is still
//! moving into the wall.
//!
//! The book's page for this chapter is `book/src/ch01-pong-particles.md`.

use glam::Vec2;

pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

// ANCHOR: particle
/// A point with no size and no spin: just where it is and how fast it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Metres, y up, the box's centre at the origin.
    pub position: Vec2,
    /// Metres per second.
    pub velocity: Vec2,
}
// ANCHOR_END: particle

// ANCHOR: world
/// Particles in a square box centred on the origin.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub particles: Vec<Particle>,
    /// Half the side of the box, h: the walls are the lines
    /// x = -h, x = +h, y = -h and y = +h. The tutorial's world is
    /// 2 m across, so h = 1.
    pub half_size: f32,
    /// Flip a velocity component only while the particle moves
    /// towards that wall. Without it, a particle still outside after
    /// a bounce is flipped again, back into the wall.
    pub approach_check: bool,
}
// ANCHOR_END: world

impl World {
    /// The tutorial's world: 2 m x 2 m, approach check on.
    pub fn new(particles: Vec<Particle>) -> Self {
        World { particles, half_size: 1.0, approach_check: true }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        for p in &mut self.particles {
            // 1. Integrate: move along the velocity for one step.
            integrate(p, dt);
            // 2. Collide: bounce off every wall the particle has gone through.
            bounce_off_walls(p, self.half_size, self.approach_check);
        }
    }
    // ANCHOR_END: step
}

#[cfg(feature = "exercises")]
pub use crate::exercises::integrate;
#[cfg(not(feature = "exercises"))]
// ANCHOR: integrate
/// Move a particle along its velocity for `dt` seconds: x += v dt.
/// Nothing changes its velocity between bounces, so this is exact.
pub fn integrate(p: &mut Particle, dt: f32) {
    p.position += p.velocity * dt;
}
// ANCHOR_END: integrate

#[cfg(feature = "exercises")]
pub use crate::exercises::bounce_off_walls;
#[cfg(not(feature = "exercises"))]
// ANCHOR: bounce
/// Bounce `p` off each wall of the box `[-h, h] x [-h, h]` it has gone
/// through, by flipping the velocity component across that wall. With
/// `approach_check`, a wall only flips a particle that is moving towards
/// it (outwards); one already on its way back in is left alone.
/// Returns how many components were flipped.
pub fn bounce_off_walls(p: &mut Particle, h: f32, approach_check: bool) -> u32 {
    let mut flips = 0;
    let v = &mut p.velocity;
    // Left and right walls: past x = -h moving left,
    // or past x = +h moving right.
    if (p.position.x < -h && (v.x < 0.0 || !approach_check))
        || (p.position.x > h && (v.x > 0.0 || !approach_check))
    {
        v.x = -v.x;
        flips += 1;
    }
    // Floor and ceiling, the same with y.
    if (p.position.y < -h && (v.y < 0.0 || !approach_check))
        || (p.position.y > h && (v.y > 0.0 || !approach_check))
    {
        v.y = -v.y;
        flips += 1;
    }
    flips
}
// ANCHOR_END: bounce

#[cfg(test)]
mod tests {
    use super::*;

    fn particle(x: f32, y: f32, vx: f32, vy: f32) -> Particle {
        Particle { position: Vec2::new(x, y), velocity: Vec2::new(vx, vy) }
    }

    #[test]
    fn inside_the_box_nothing_happens() {
        let mut p = particle(0.5, -0.5, 3.0, -3.0);
        assert_eq!(bounce_off_walls(&mut p, 1.0, true), 0);
        assert_eq!(p.velocity, Vec2::new(3.0, -3.0));
    }

    #[test]
    fn a_corner_flips_both_components() {
        let mut p = particle(1.1, 1.2, 2.0, 1.0);
        assert_eq!(bounce_off_walls(&mut p, 1.0, true), 2);
        assert_eq!(p.velocity, Vec2::new(-2.0, -1.0));
    }

    #[test]
    fn each_wall_flips_only_its_component() {
        for (x, y, vx, vy, expect) in [
            (-1.5, 0.0, -1.0, 0.5, Vec2::new(1.0, 0.5)),
            (1.5, 0.0, 1.0, 0.5, Vec2::new(-1.0, 0.5)),
            (0.0, -1.5, 0.5, -1.0, Vec2::new(0.5, 1.0)),
            (0.0, 1.5, 0.5, 1.0, Vec2::new(0.5, -1.0)),
        ] {
            let mut p = particle(x, y, vx, vy);
            bounce_off_walls(&mut p, 1.0, true);
            assert_eq!(p.velocity, expect, "at ({x}, {y})");
        }
    }

    #[test]
    fn step_moves_then_bounces() {
        let mut w = World::new(vec![particle(0.95, 0.0, 6.0, 0.0)]);
        w.step(0.1);
        // Moved to 1.55 (outside), and now heading back in.
        assert!((w.particles[0].position.x - 1.55).abs() < 1e-6);
        assert_eq!(w.particles[0].velocity.x, -6.0);
        w.step(0.1);
        assert!((w.particles[0].position.x - 0.95).abs() < 1e-6);
    }
}
