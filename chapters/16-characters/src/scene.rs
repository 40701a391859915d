//! Scene files in chapter 16: everything chapter 15 loads, and this
//! chapter's fields: a static body's `chain`, a joint's `spring`, `wheel`
//! joints, and a body's `rolling_resistance` and `tangent_speed`.

use crate::chains::Material;
use crate::springs::{DistanceSpringDef, Spring, WheelDef, WheelMotor};
use crate::{Filter, World};
use glam::Vec2;
use physics_core::scene::{Scene, SceneJoint};
use physics_core::trig;

// ANCHOR: from_scene
/// A scene file as a chapter 16 world: chapter 15's, then each spring on
/// the joint it is written on (a distance joint with a spring is a
/// distance spring, not one of chapter 7's rods), each wheel joint, each
/// chain and each body's surface. With the world comes the box around its
/// bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch15_game_api::scene::world(scene);
    let mut world = World { base, more: Default::default() };
    let body = |world: &World, i: usize| world.game.body_id(i);
    // Where a scene body's own point is in the world.
    let at = |i: usize, local: Vec2| scene.bodies[i].to_world(local);
    // Chapter 9's joints are the scene's rigid joints in order; chapter 7's
    // rods its distance joints in order.
    let (mut rigid, mut rod, mut sprung_rods) = (0, 0, Vec::new());
    for (joint, spring) in scene.joints.iter().zip(&scene.springs) {
        let spring = spring
            .map(|s| Spring { hertz: s.hertz, damping_ratio: s.damping_ratio });
        match *joint {
            SceneJoint::Revolute { .. }
            | SceneJoint::Prismatic { .. }
            | SceneJoint::Weld { .. } => {
                if let Some(spring) = spring {
                    let id = world.game.joint_id(rigid);
                    world
                        .set_spring(id, Some(spring))
                        .expect("checked by the loader");
                }
                rigid += 1;
            }
            SceneJoint::Distance {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                length,
                rope,
            } => {
                if let Some(spring) = spring {
                    let (pa, pb) = (at(body_a, anchor_a), at(body_b, anchor_b));
                    let (a, b) = (body(&world, body_a), body(&world, body_b));
                    let mut def = DistanceSpringDef::new(a, b, pa, pb, spring);
                    def.length = length.unwrap_or(def.length);
                    if rope {
                        def.max_length = def.length;
                    }
                    world.create_spring(def).expect("checked by the loader");
                    sprung_rods.push(rod);
                }
                rod += 1;
            }
            SceneJoint::Wheel { body_a, body_b, anchor_a, axis, motor, .. } => {
                let axis =
                    trig::from_angle(scene.bodies[body_a].angle).rotate(axis);
                let (a, b) = (body(&world, body_a), body(&world, body_b));
                let spring =
                    spring.unwrap_or(Spring { hertz: 0.0, damping_ratio: 0.0 });
                let mut def =
                    WheelDef::new(a, b, at(body_a, anchor_a), axis, spring);
                def.motor = motor.map(|m| WheelMotor {
                    speed: m.speed,
                    max_torque: m.max_force,
                });
                world.create_wheel(def).expect("checked by the loader");
            }
        }
    }
    // A sprung distance joint is a spring, not a rod: its rod goes.
    for &k in sprung_rods.iter().rev() {
        world.base.solver.joints.remove(k);
    }
    for (i, b) in scene.bodies.iter().enumerate() {
        let id = body(&world, i);
        if let Some(c) = b.chain {
            let chain = &scene.chains[c as usize];
            let f = b.filter;
            let material = Material {
                friction: b.friction,
                restitution: b.restitution,
                filter: Filter {
                    category: f.category,
                    mask: f.mask,
                    group: f.group,
                },
            };
            world
                .create_chain(id, &chain.points, chain.looped, material)
                .expect("checked by the loader");
        }
        if b.rolling_resistance != 0.0 || b.tangent_speed != 0.0 {
            let shapes = world.game.bodies[i].shapes.clone();
            for s in shapes {
                let shape = world.game.shape_id(s as usize);
                world
                    .set_surface(shape, b.rolling_resistance, b.tangent_speed)
                    .expect("a shape just made");
            }
        }
    }
    (world, bounds)
}
// ANCHOR_END: from_scene
