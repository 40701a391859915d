//! Scene files in chapter 4: circles and upright boxes.

use crate::{Aabb, Body, Circle, Shape};
use glam::Vec2;
use physics_core::scene::{Scene, Shape as SceneShape};

// ANCHOR: from_scene
/// A scene file as chapter 4 bodies: circles and axis-aligned boxes,
/// with their mass and restitution (friction waits for chapter 6).
/// Turned boxes, spin, joints and planes are refused before this runs;
/// a large static box does a plane's job here.
/// With the bodies comes a view that takes them in.
pub fn bodies(scene: &Scene) -> (Vec<Body>, (Vec2, Vec2)) {
    let mut bodies = Vec::new();
    for b in &scene.bodies {
        let shape = match b.shape {
            SceneShape::Box { half_extents } => Shape::Aabb(Aabb { half_extents }),
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
            position: b.position,
            velocity: b.velocity,
            inv_mass: b.inv_mass(),
            restitution: b.restitution,
        });
    }
    let bounds = scene_bounds(bodies.iter().map(|b| b.shape.bounds(b.position)));
    (bodies, bounds)
}
// ANCHOR_END: from_scene

/// The region around a scene's bodies, with a margin, at most 100 m across.
pub fn scene_bounds(boxes: impl Iterator<Item = (Vec2, Vec2)>) -> (Vec2, Vec2) {
    let (lo, hi) = boxes.fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), (a, b)| (lo.min(a), hi.max(b)),
    );
    if !(lo.cmple(hi).all()) {
        return (Vec2::splat(-5.0), Vec2::splat(5.0));
    }
    let centre = (lo + hi) * 0.5;
    let half = ((hi - lo) * 0.5 + Vec2::splat(0.5)).min(Vec2::splat(50.0));
    (centre - half, centre + half)
}
