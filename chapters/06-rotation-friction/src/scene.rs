//! Scene files in chapter 6: circles and boxes, turned and spinning.

use crate::{Body, Circle, Obb, Shape, World};
use ch04_manifolds::scene::scene_bounds;
use glam::Vec2;
use physics_core::scene::{Scene, SceneBody, Shape as SceneShape};

// ANCHOR: from_scene
/// A scene body as a chapter 6 body: circles and boxes, turned and
/// spinning, with their mass, restitution and friction. A plane is
/// refused before this runs, as chapter 6 does not list it; should one
/// reach here, it becomes a point (chapter 8 maps planes itself).
pub fn scene_body(b: &SceneBody) -> Body {
    let shape = match b.shape {
        SceneShape::Circle { radius } => Shape::Circle(Circle { radius }),
        SceneShape::Box { half_extents } => Shape::Box(Obb { half_extents }),
        // A plane is chapter 8's business; polygons are refused before chapter 11.
        SceneShape::Plane { .. }
        | SceneShape::Polygon { .. }
        | SceneShape::Capsule { .. } => Shape::Circle(Circle { radius: 0.0 }),
    };
    let mass = if b.is_static { f32::INFINITY } else { b.mass };
    let mut body = Body::new(shape, b.position, b.angle, mass);
    body.velocity = b.velocity;
    body.angular_velocity = b.angular_velocity;
    body.restitution = b.restitution;
    body.friction = b.friction;
    body
}

/// The camera region around a scene's bodies.
pub fn bodies_bounds(bodies: &[Body]) -> (Vec2, Vec2) {
    scene_bounds(bodies.iter().map(|b| {
        let r = Vec2::splat(b.shape.reach());
        (b.position - r, b.position + r)
    }))
}

/// A scene file as a chapter 6 world, and a view that takes it in.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let bodies: Vec<Body> = scene.bodies.iter().map(scene_body).collect();
    let bounds = bodies_bounds(&bodies);
    (World::new(bodies), bounds)
}
// ANCHOR_END: from_scene
