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
// ANCHOR: integrate_signature
/// Move a particle along its velocity for `dt` seconds. Nothing changes
/// its velocity between bounces, so this is exact.
pub fn integrate(p: &mut Particle, dt: f32) {
    // ANCHOR_END: integrate_signature
    p.position += p.velocity * dt;
}
// ANCHOR_END: integrate

#[cfg(feature = "exercises")]
pub use crate::exercises::bounce_off_walls;
#[cfg(not(feature = "exercises"))]
// ANCHOR: bounce
// ANCHOR: bounce_signature
/// Bounce `p` off each wall of the box `[-h, h] x [-h, h]` it has gone
/// through, by flipping the velocity component across that wall. With
/// `approach_check`, a wall only flips a particle that is moving towards
/// it (outwards); one already on its way back in is left alone.
/// Returns how many components were flipped.
pub fn bounce_off_walls(p: &mut Particle, h: f32, approach_check: bool) -> u32 {
    // ANCHOR_END: bounce_signature
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

#[cfg(feature = "exercises")]
pub use crate::exercises::time_to_wall;
#[cfg(not(feature = "exercises"))]
// ANCHOR: time_to_wall
// ANCHOR: time_to_wall_signature
/// How long `p`, inside the box `[-h, h] x [-h, h]` (on a wall counts),
/// takes to reach the first wall in its way, moving in a straight line:
/// its time of impact, in seconds. Never, `f32::INFINITY`, if it is at rest.
pub fn time_to_wall(p: &Particle, h: f32) -> f32 {
    // ANCHOR_END: time_to_wall_signature
    // Along one axis, the coordinate x + v t meets the wall the particle
    // heads for, +h moving up the axis or -h moving down it, at t = (wall - x) / v.
    let along = |x: f32, v: f32| {
        if v > 0.0 {
            (h - x) / v
        } else if v < 0.0 {
            (-h - x) / v
        } else {
            f32::INFINITY
        }
    };
    // The first wall met is the one met first: the earlier of the two axes.
    along(p.position.x, p.velocity.x).min(along(p.position.y, p.velocity.y))
}
// ANCHOR_END: time_to_wall

#[cfg(feature = "exercises")]
pub use crate::exercises::exact_step;
#[cfg(not(feature = "exercises"))]
// ANCHOR: exact_step
// ANCHOR: exact_step_signature
/// Move `p`, inside the box `[-h, h] x [-h, h]` (on a wall counts), for
/// `dt` seconds, bouncing it off each wall at the moment it gets there,
/// however many times that is in `dt`: it ends inside the box with the
/// velocity it has then. Returns how many bounces the step held, one
/// per wall reached (a corner is two); a wall reached exactly at the
/// start or the end of the step has bounced it.
pub fn exact_step(p: &mut Particle, h: f32, dt: f32) -> u32 {
    // ANCHOR_END: exact_step_signature
    // Each axis on its own. Unfold the box: instead of turning back at a
    // wall, the particle goes on into the box's mirror image, so along
    // its direction of travel it covers |v| dt in a straight line. Count
    // from the wall behind it: it starts `behind` from that wall and
    // meets a wall each time that distance passes a multiple of 2 h.
    let along = |x: f32, v: f32| -> (f32, f32, u32) {
        if v == 0.0 {
            return (x, v, 0); // still along this axis: no wall is met
        }
        let behind = if v >= 0.0 { x + h } else { h - x };
        let travelled = behind + v.abs() * dt;
        let width = 2.0 * h;
        let bounces = (travelled / width).floor();
        // How far past the last wall met, in [0, 2 h].
        let past = (travelled - bounces * width).clamp(0.0, width);
        // An even number of bounces leaves it heading as it was, `past`
        // from the wall behind; an odd number turns it round, `past`
        // from the wall ahead.
        let forward = bounces % 2.0 == 0.0;
        let from_left = if forward == (v >= 0.0) { past } else { width - past };
        let heading = if forward { v } else { -v };
        (from_left - h, heading, bounces as u32)
    };
    let (x, vx, nx) = along(p.position.x, p.velocity.x);
    let (y, vy, ny) = along(p.position.y, p.velocity.y);
    p.position = Vec2::new(x, y);
    p.velocity = Vec2::new(vx, vy);
    nx + ny
}
// ANCHOR_END: exact_step
