//! The worlds chapter 3's demos start from: a pool table, a pit of balls
//! of many masses, a heavy ball in a crowd, a row struck end on, and
//! balls at rest. Each is a [`Circles`]: chapter 3's [`World`] and what
//! the camera shows.

use crate::demos::Circles;
use crate::{Ball, Wall, World};
use ch02_planes_restitution::box_planes;
use glam::Vec2;
use physics_core::rng::Rng;
use physics_core::trig;

/// `planes` as walls of infinite mass, each with `restitution`.
fn walls(
    planes: impl IntoIterator<Item = crate::Plane>,
    restitution: f32,
) -> Vec<Wall> {
    planes.into_iter().map(|plane| Wall { plane, restitution }).collect()
}

/// Walls around the rectangle `[-half, half]`: left, right, floor, ceiling, facing
/// in.
pub fn rectangle(half: Vec2, restitution: f32) -> Vec<Wall> {
    let [left, right, floor, ceiling] = box_planes(1.0);
    walls(
        [
            crate::Plane { offset: -half.x, ..left },
            crate::Plane { offset: -half.x, ..right },
            crate::Plane { offset: -half.y, ..floor },
            crate::Plane { offset: -half.y, ..ceiling },
        ],
        restitution,
    )
}

impl Circles {
    /// A pool table (2.54 m x 1.27 m) from above: no gravity, fifteen balls racked
    /// in a triangle, the cue ball at 8 m/s.
    pub fn billiards() -> Self {
        let radius = 0.028_575; // 57.15 mm balls
        let mass = 0.17;
        let ball_e = 0.95;
        let mut circles = Vec::new();
        let mut cue = Ball::new(Vec2::new(-0.64, 0.0), radius, mass, ball_e);
        cue.velocity = Vec2::new(8.0, 0.0);
        circles.push(cue);
        // Rows of 1, 2, ... 5 balls, a hair apart so the rack starts without
        // overlap.
        let spacing = 2.0 * radius + 1e-4;
        for row in 0..5 {
            for k in 0..=row {
                let x = 0.64 + row as f32 * spacing * 0.75_f32.sqrt();
                let y = (k as f32 - row as f32 * 0.5) * spacing;
                circles.push(Ball::new(Vec2::new(x, y), radius, mass, ball_e));
            }
        }
        let mut world = World::new(circles, rectangle(Vec2::new(1.27, 0.635), 0.8));
        world.gravity = Vec2::ZERO;
        Circles::new(world, (Vec2::new(-1.35, -0.72), Vec2::new(1.35, 0.72)))
    }

    /// Sixty circles of seeded random size and density and two fixed pegs in a 2 m
    /// box under gravity.
    pub fn ball_pit() -> Self {
        let mut rng = Rng::new(3);
        let mut circles = Vec::new();
        for row in 0..6 {
            for col in 0..10 {
                let radius = rng.range(0.05, 0.09);
                // Densities spread over a factor of 30, evenly on a log scale.
                let density = 100.0 * trig::powf(30.0_f32, rng.next_f32());
                let mass = density * std::f32::consts::PI * radius * radius;
                let at =
                    Vec2::new(-0.9 + col as f32 * 0.2, -0.25 + row as f32 * 0.22)
                        + Vec2::new(rng.range(-0.01, 0.01), 0.0);
                circles.push(Ball::new(at, radius, mass, 0.3));
            }
        }
        // Two pegs nothing can move: static circles, inverse mass 0.
        circles.push(Ball::fixed(Vec2::new(-0.45, -0.6), 0.12, 1.0));
        circles.push(Ball::fixed(Vec2::new(0.45, -0.6), 0.12, 1.0));
        let world = World::new(circles, rectangle(Vec2::ONE, 1.0));
        Circles::new(world, (Vec2::splat(-1.15), Vec2::splat(1.15)))
    }

    /// A 20 kg ball at 3 m/s into a loose crowd of 0.2 kg ones, no gravity.
    pub fn heavy() -> Self {
        let mut heavy = Ball::new(Vec2::new(-1.2, 0.05), 0.25, 20.0, 0.9);
        heavy.velocity = Vec2::new(3.0, 0.0);
        let mut circles = vec![heavy];
        for col in 0..6 {
            for row in 0..7 {
                let at =
                    Vec2::new(-0.2 + col as f32 * 0.22, -0.66 + row as f32 * 0.22);
                circles.push(Ball::new(at, 0.08, 0.2, 0.9));
            }
        }
        let mut world = World::new(circles, rectangle(Vec2::new(1.6, 1.0), 1.0));
        world.gravity = Vec2::ZERO;
        Circles::new(world, (Vec2::new(-1.7, -1.1), Vec2::new(1.7, 1.1)))
    }

    /// Five equal balls in a touching row and one more rolling into them, between
    /// two walls.
    pub fn cradle() -> Self {
        let radius = 0.1;
        let mut circles = Vec::new();
        let mut first = Ball::new(Vec2::new(-1.2, 0.0), radius, 1.0, 1.0);
        first.velocity = Vec2::new(2.0, 0.0);
        circles.push(first);
        for k in 0..5 {
            circles.push(Ball::new(
                Vec2::new(k as f32 * 2.0 * radius, 0.0),
                radius,
                1.0,
                1.0,
            ));
        }
        let mut world = World::new(circles, rectangle(Vec2::new(1.6, 0.5), 1.0));
        world.gravity = Vec2::ZERO;
        Circles::new(world, (Vec2::new(-1.7, -0.8), Vec2::new(1.7, 0.8)))
    }

    /// Balls from 0.5 kg to 8 kg resting on the floor, e = 0.
    pub fn resting() -> Self {
        let radius = 0.12;
        let floor = -1.0 + radius;
        let circles: Vec<Ball> = (0..5)
            .map(|k| {
                let mass = 0.5 * 2.0_f32.powi(k);
                Ball::new(
                    Vec2::new(-1.2 + k as f32 * 0.4, floor),
                    radius,
                    mass,
                    0.0,
                )
            })
            .collect();
        let world = World::new(circles, rectangle(Vec2::new(1.5, 1.0), 0.0));
        Circles::new(world, (Vec2::new(-1.6, -1.1), Vec2::new(1.6, 1.1)))
    }
}
