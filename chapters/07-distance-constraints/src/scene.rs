//! Scene files in chapter 7: chapter 6's bodies, and distance joints.

use crate::{DistanceJoint, JointKind, World};
use ch06_rotation_friction::Body;
use ch06_rotation_friction::scene::{bodies_bounds, scene_body};
use glam::Vec2;
use physics_core::scene::{Scene, SceneJoint};

// ANCHOR: from_scene
/// A scene file as a chapter 7 world: chapter 6's bodies, and the
/// distance joints between them, and a view that takes it in.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let bodies: Vec<Body> = scene.bodies.iter().map(scene_body).collect();
    let joints = distance_joints(scene, &bodies);
    let bounds = bodies_bounds(&bodies);
    (World::new(bodies, joints), bounds)
}

/// Each distance joint of a scene file as a rod, or with `"rope": true`
/// a rope, between `bodies` (the scene's, in its order). A joint without
/// a length keeps the distance its anchors start at; the other kinds of
/// joint are a later chapter's, left out here.
pub fn distance_joints(scene: &Scene, bodies: &[Body]) -> Vec<DistanceJoint> {
    scene
        .joints
        .iter()
        .filter_map(|j| match *j {
            SceneJoint::Distance {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                length,
                rope,
            } => {
                let mut joint = DistanceJoint {
                    body_a,
                    body_b,
                    local_a: anchor_a,
                    local_b: anchor_b,
                    length: 0.0,
                    kind: if rope { JointKind::Rope } else { JointKind::Rod },
                };
                let (pa, pb) = joint.anchors(bodies);
                joint.length = length.unwrap_or((pb - pa).length());
                Some(joint)
            }
            // Pins, sliders and welds: refused in chapters 7 and 8; from
            // chapter 9 on, `ch09_joints::scene::scene_joints` maps them.
            _ => None,
        })
        .collect()
}
// ANCHOR_END: from_scene
