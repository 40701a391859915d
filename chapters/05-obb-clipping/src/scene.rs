//! Scene files in chapter 5: circles and boxes at any angle.

use crate::world::Body;
use crate::{Circle, Obb, Shape, Transform};
use ch04_manifolds::scene::scene_bounds;
use glam::Vec2;
use physics_core::scene::{Scene, Shape as SceneShape};

/// A scene file as chapter 5 bodies: circles and boxes at any angle,
/// with their mass and restitution (friction waits for chapter 6).
/// Spin, joints and planes are refused before this runs; a large
/// static box does a plane's job here.
/// With the bodies comes a view that takes them in.
pub fn bodies(scene: &Scene) -> (Vec<Body>, (Vec2, Vec2)) {
    let mut bodies = Vec::new();
    for b in &scene.bodies {
        let shape = match b.shape {
            SceneShape::Box { half_extents } => Shape::Box(Obb { half_extents }),
            SceneShape::Circle { radius } => Shape::Circle(Circle { radius }),
            // Refused: never reach here.
            SceneShape::Plane { .. }
            | SceneShape::Polygon { .. }
            | SceneShape::Capsule { .. } => {
                continue;
            }
        };
        bodies.push(Body {
            shape,
            transform: Transform::new(b.position, b.angle),
            velocity: b.velocity,
            inv_mass: b.inv_mass(),
            restitution: b.restitution,
        });
    }
    let bounds = scene_bounds(bodies.iter().map(|b| {
        let r = Vec2::splat(b.shape.reach());
        (b.transform.position - r, b.transform.position + r)
    }));
    (bodies, bounds)
}
