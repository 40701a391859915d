//! Scene files in chapter 11: everything chapters 8 to 10 load, and the
//! `polygon` and `capsule` shapes.

use crate::{Polygon, Shape, World, mass_properties};
use ch08_sequential_impulses::scene::PLANE_BOX_HALF_EXTENTS;
use glam::Vec2;
use physics_core::scene::{Scene, Shape as SceneShape};

// ANCHOR: from_scene
/// A scene file as a chapter 11 world. Chapter 8 reads the bodies and the
/// rods, chapter 9 the joints; each body then gets this chapter's shape. A
/// polygon's corners are given about the body's `position`; the body's
/// centre becomes the polygon's centroid, and every anchor on it moves
/// with it, so the joints hold the same points. With the world comes the
/// box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch08_sequential_impulses::scene::world(scene);
    let mut joints = ch09_joints::scene::joints(scene, &base.bodies);
    let (mut bodies, mut rods) = (base.bodies, base.joints);
    let mut shapes = Vec::with_capacity(bodies.len());
    for (i, (b, s)) in bodies.iter_mut().zip(&scene.bodies).enumerate() {
        let shape = shape(&s.shape);
        // Move the body's centre to the shape's centroid.
        let mass = mass_properties(&shape);
        let c = mass.centroid;
        let shape = match shape {
            Shape::Polygon(p) => Shape::Polygon(p.shifted(-c)),
            circle => circle,
        };
        b.position = b.transform().to_world(c);
        b.shape = crate::NO_SHAPE;
        if b.inv_mass > 0.0 {
            b.inv_inertia = 1.0 / mass.inertia(1.0 / b.inv_mass);
        }
        for r in rods.iter_mut() {
            if r.body_a == i {
                r.local_a -= c;
            }
            if r.body_b == i {
                r.local_b -= c;
            }
        }
        for j in joints.iter_mut() {
            if j.body_a == i {
                j.local_a -= c;
            }
            if j.body_b == i {
                j.local_b -= c;
            }
        }
        shapes.push(shape);
    }
    let mut world = World {
        solver: ch08_sequential_impulses::World::new(bodies, rods),
        joints: ch09_joints::Joints::new(joints),
        soft: ch10_soft_step::SoftStep::default(),
        shapes: crate::Shapes { list: shapes, settings: Default::default() },
        water: None,
    };
    world.solver.settings = base.settings;
    world.solver.gravity = base.gravity;
    (world, bounds)
}
// ANCHOR_END: from_scene

/// A scene's shape as this chapter's, about the body's origin (a plane: a
/// large static box, as in every chapter from 4).
pub fn shape(s: &SceneShape) -> Shape {
    match *s {
        SceneShape::Circle { radius } => Shape::Circle { radius },
        SceneShape::Box { half_extents } => {
            Shape::Polygon(Polygon::boxed(half_extents, 0.0))
        }
        SceneShape::Plane { .. } => {
            Shape::Polygon(Polygon::boxed(PLANE_BOX_HALF_EXTENTS, 0.0))
        }
        SceneShape::Capsule { half_length, radius } => {
            Shape::Polygon(Polygon::capsule(half_length, radius))
        }
        SceneShape::Polygon { vertices, count, radius } => {
            Shape::Polygon(Polygon::from_corners(&vertices[..count], radius))
        }
    }
}
