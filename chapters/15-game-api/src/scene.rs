//! Scene files in chapter 15: everything chapter 14 loads, and the game's
//! fields (`kinematic`, `shapes`, `filter`, `sensor`, a joint's
//! `break_force` and `break_torque`), each body made as a game makes it.

use crate::{BodyDef, BodyKind, Filter, JointDef, ShapeDef, World};
use ch11_polygons::scene::shape;
use glam::Vec2;
use physics_core::scene::{Scene, SceneFilter, SceneJoint};

// ANCHOR: from_scene
/// A scene file as a chapter 15 world: each body made through the game's
/// calls, a body and then its shapes (its one `shape`, or its `shapes`,
/// each placed on it), so that its mass is found from them; then the
/// joints, with their break thresholds; chapter 8 reads the rods, the
/// gravity and the solver's settings. With the world comes the box around
/// its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch08_sequential_impulses::scene::world(scene);
    let mut world = World::new();
    world.solver.gravity = base.gravity;
    world.solver.settings = base.settings;
    for (b, placed) in scene.bodies.iter().zip(&base.bodies) {
        let kind = match (b.is_static, b.kinematic) {
            (true, _) => BodyKind::Static,
            (_, true) => BodyKind::Kinematic,
            _ => BodyKind::Dynamic,
        };
        // Chapter 8 has placed each body (a plane's box where the plane is).
        let mut def = BodyDef::new(kind, placed.position);
        def.angle = placed.angle;
        (def.velocity, def.angular_velocity, def.bullet) =
            (b.velocity, b.angular_velocity, b.bullet);
        let body = world.create_body(def);
        if b.chain.is_some() {
            continue; // a chain's segments are chapter 16's to make
        }
        let shapes: Vec<ShapeDef> = match b.parts {
            Some((first, count)) => {
                let parts = &scene.parts[first as usize..(first + count) as usize];
                parts
                    .iter()
                    .map(|p| ShapeDef {
                        shape: shape(&p.shape),
                        offset: p.offset,
                        angle: p.angle,
                        density: p.density,
                        friction: p.friction,
                        restitution: p.restitution,
                        filter: filter(p.filter),
                        sensor: p.sensor,
                        one_way: None,
                    })
                    .collect()
            }
            None => {
                let one = shape(&b.shape);
                // The body's mass spread over its shape.
                let area = ch11_polygons::mass_properties(&one).area;
                let density = if b.mass.is_finite() { b.mass / area } else { 1.0 };
                vec![ShapeDef {
                    shape: one,
                    density,
                    friction: b.friction,
                    restitution: b.restitution,
                    filter: filter(b.filter),
                    sensor: b.sensor,
                    ..ShapeDef::new(one)
                }]
            }
        };
        for s in shapes {
            world.create_shape(body, s).expect("the body was just made");
        }
    }
    // The rods and ropes, their anchors moved about each body's centre.
    for mut rod in base.joints {
        rod.local_a -= world.game.bodies[rod.body_a].mass.centre;
        rod.local_b -= world.game.bodies[rod.body_b].mass.centre;
        world.solver.joints.push(rod);
    }
    let rigid = ch09_joints::scene::joints(scene, &base.bodies);
    let breaks = scene.joints.iter().zip(&scene.breaks);
    // Chapter 9's joints are the scene's less its rods (and chapter 16's
    // wheels), in the same order.
    let breaks = breaks.filter(|(j, _)| {
        !matches!(j, SceneJoint::Distance { .. } | SceneJoint::Wheel { .. })
    });
    for (joint, (_, &(break_force, break_torque))) in rigid.into_iter().zip(breaks)
    {
        let (a, b) =
            (world.game.body_id(joint.body_a), world.game.body_id(joint.body_b));
        let def = JointDef {
            a,
            b,
            anchor_a: joint.local_a,
            anchor_b: joint.local_b,
            kind: joint.kind,
            break_force,
            break_torque,
            collide_connected: false,
        };
        world.create_joint(def).expect("the bodies were just made");
    }
    (world, bounds)
}
// ANCHOR_END: from_scene

fn filter(f: SceneFilter) -> Filter {
    Filter { category: f.category, mask: f.mask, group: f.group }
}
