//! The world chapter 4's pile demo starts from: circles and boxes of
//! random sizes dropped into a container of static boxes.

use crate::demos::Pile;
use crate::{Aabb, Body, Circle, Shape};
use glam::Vec2;
use physics_core::rng::Rng;

/// Half the inside width of the pile's container, in metres.
const CONTAINER_HALF_WIDTH: f32 = 3.0;

impl Pile {
    /// `n` bodies, circles and boxes of seeded random sizes, above a container.
    pub fn new(n: usize, seed: u64) -> Self {
        let w = CONTAINER_HALF_WIDTH;
        let wall = |x: f32, y: f32, hx: f32, hy: f32| Body {
            shape: Shape::Aabb(Aabb { half_extents: Vec2::new(hx, hy) }),
            position: Vec2::new(x, y),
            velocity: Vec2::ZERO,
            inv_mass: 0.0,
            restitution: 1.0,
        };
        let mut bodies = vec![
            wall(0.0, -0.25, w + 0.5, 0.25),
            wall(-w - 0.25, 3.0, 0.25, 3.0),
            wall(w + 0.25, 3.0, 0.25, 3.0),
        ];
        let mut rng = Rng::new(seed);
        let columns = 6;
        for i in 0..n {
            let (col, row) = ((i % columns) as f32, (i / columns) as f32);
            let position = Vec2::new(
                -w + 0.5 + col * (2.0 * w - 1.0) / (columns - 1) as f32,
                1.0 + row * 0.9,
            ) + Vec2::new(rng.range(-0.1, 0.1), 0.0);
            let shape = if i % 2 == 0 {
                Shape::Circle(Circle { radius: rng.range(0.2, 0.4) })
            } else {
                Shape::Aabb(Aabb {
                    half_extents: Vec2::new(
                        rng.range(0.15, 0.4),
                        rng.range(0.15, 0.35),
                    ),
                })
            };
            bodies.push(Body {
                shape,
                position,
                velocity: Vec2::new(rng.range(-1.0, 1.0), 0.0),
                inv_mass: 1.0 / shape.area(),
                restitution: 0.0,
            });
        }
        Pile::from_bodies(bodies, (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 7.2)))
    }
}
