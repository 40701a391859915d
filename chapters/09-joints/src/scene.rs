//! Scene files in chapter 9: chapter 8's bodies, planes and rods, and
//! pins, sliders and welds.

use crate::{Body, Joint, Joints, Kind, World};
use glam::Vec2;
use physics_core::scene::{Scene, SceneJoint};

// ANCHOR: from_scene
/// A scene file as a chapter 9 world: chapter 8's world (bodies, planes,
/// distance joints), and each pin, slider and weld as a [`Joint`], the
/// bodies' starting angles its reference; and the box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (solver, bounds) = ch08_sequential_impulses::scene::world(scene);
    let joints = Joints::new(joints(scene, &solver.bodies));
    (World { solver, joints }, bounds)
}

/// The scene's pins, sliders and welds as [`Joint`]s of `bodies` (the
/// scene's bodies in file order), the bodies' starting angles their
/// reference.
pub fn joints(scene: &Scene, bodies: &[Body]) -> Vec<Joint> {
    let joints = scene.joints.iter().filter_map(|j| {
        let (kind, (a, b), local_a, local_b) = match *j {
            SceneJoint::Distance { .. } => return None, // chapter 8 mapped it
            // Refused before chapter 16 (`Scene::require`), which makes it.
            SceneJoint::Wheel { .. } => return None,
            SceneJoint::Revolute {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                limit,
                motor,
            } => {
                let kind = Kind::Revolute {
                    limit: limit
                        .map(|(lower, upper)| crate::Limit { lower, upper }),
                    motor: motor.map(|m| crate::Motor {
                        speed: m.speed,
                        max_force: m.max_force,
                    }),
                };
                (kind, (body_a, body_b), anchor_a, anchor_b)
            }
            SceneJoint::Prismatic {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                axis,
                limit,
                motor,
            } => {
                let kind = Kind::Prismatic {
                    local_axis: axis,
                    limit: limit
                        .map(|(lower, upper)| crate::Limit { lower, upper }),
                    motor: motor.map(|m| crate::Motor {
                        speed: m.speed,
                        max_force: m.max_force,
                    }),
                };
                (kind, (body_a, body_b), anchor_a, anchor_b)
            }
            SceneJoint::Weld { body_a, body_b, anchor_a, anchor_b } => {
                (Kind::Weld, (body_a, body_b), anchor_a, anchor_b)
            }
        };
        Some(Joint {
            body_a: a,
            body_b: b,
            local_a,
            local_b,
            reference_angle: bodies[b].angle - bodies[a].angle,
            kind,
        })
    });
    joints.collect()
}
// ANCHOR_END: from_scene
