//! Handles that cannot dangle: a handle to something destroyed is refused,
//! even once its place holds something new; destroying a body ends its
//! contacts and joints, and the world runs on.

use crate::bodies::{DT, boxed, floor, one};
use ch09_joints::Kind;
use ch11_polygons::Shape;
use ch15_game_api::{BodyKind, JointDef, ShapeDef, Stale, World};
use glam::Vec2;

#[test]
fn a_stale_handle_is_refused_not_taken_for_the_new_body() {
    let mut world = World::new();
    let old = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(0.0, 2.0),
        boxed(Vec2::splat(0.5)),
    );
    world.destroy_body(old).unwrap();
    // The new body takes the same place.
    let new = one(
        &mut world,
        BodyKind::Dynamic,
        Vec2::new(5.0, 2.0),
        boxed(Vec2::splat(0.5)),
    );
    assert_eq!(new.index, old.index, "the place is taken again");
    assert_ne!(new.generation, old.generation);
    assert_eq!(world.body(old).err(), Some(Stale::Body(old)));
    assert_eq!(world.destroy_body(old), Err(Stale::Body(old)));
    assert_eq!(world.set_velocity(old, Vec2::X, 0.0), Err(Stale::Body(old)));
    assert_eq!(world.body(new).unwrap().position.x, 5.0);
    let message = Stale::Body(old).to_string();
    assert!(message.contains("destroyed"), "{message}");
}

#[test]
fn stale_shapes_and_joints_are_refused_too() {
    let mut world = World::new();
    let a = one(&mut world, BodyKind::Static, Vec2::ZERO, boxed(Vec2::splat(0.5)));
    let b = world.create_body(ch15_game_api::BodyDef::new(
        BodyKind::Dynamic,
        Vec2::new(0.0, -2.0),
    ));
    let shape = world
        .create_shape(b, ShapeDef::new(Shape::Circle { radius: 0.3 }))
        .unwrap();
    let joint = JointDef::at(
        &world,
        a,
        b,
        Vec2::ZERO,
        Kind::Revolute { limit: None, motor: None },
    )
    .unwrap();
    let joint = world.create_joint(joint).unwrap();
    world.destroy_shape(shape).unwrap();
    world.destroy_joint(joint).unwrap();
    let shape2 = world
        .create_shape(b, ShapeDef::new(Shape::Circle { radius: 0.3 }))
        .unwrap();
    let joint2 = JointDef::at(&world, a, b, Vec2::ZERO, Kind::Weld).unwrap();
    let joint2 = world.create_joint(joint2).unwrap();
    assert_eq!((shape2.index, joint2.index), (shape.index, joint.index));
    assert_eq!(world.shape(shape).err(), Some(Stale::Shape(shape)));
    assert_eq!(world.destroy_joint(joint), Err(Stale::Joint(joint)));
    assert!(world.shape(shape2).is_ok());
    assert_eq!(world.joints.list.len(), 1);
}

#[test]
fn destroying_a_body_ends_its_contacts_and_joints_and_the_world_runs_on() {
    let mut world = World::new();
    floor(&mut world);
    // A column of boxes, the fourth welded to the third and the fifth
    // (the welds let their boxes' shapes touch).
    let boxes: Vec<_> = (0..6)
        .map(|k| {
            one(
                &mut world,
                BodyKind::Dynamic,
                Vec2::new(0.0, 0.5 + k as f32),
                boxed(Vec2::splat(0.5)),
            )
        })
        .collect();
    for k in [2, 3] {
        let mut joint = JointDef::at(
            &world,
            boxes[k],
            boxes[k + 1],
            Vec2::new(0.0, 1.0 + k as f32),
            Kind::Weld,
        )
        .unwrap();
        joint.collide_connected = true;
        world.create_joint(joint).unwrap();
    }
    for _ in 0..60 {
        world.step(DT);
    }
    world.destroy_body(boxes[3]).unwrap();
    assert!(world.joints.list.is_empty(), "both its joints went with it");
    let index = boxes[3].index as usize;
    assert!(world.solver.arbiters.iter().all(|a| a.a != index && a.b != index));
    world.step(DT);
    // Its two contacts ended, reported with the step after.
    let ended = &world.game.events.end;
    assert_eq!(ended.len(), 2, "{ended:?}");
    for _ in 0..120 {
        world.step(DT);
        for b in world.solver.bodies.iter() {
            assert!(b.position.is_finite() && b.velocity.is_finite());
        }
    }
    // The boxes above fell into the gap: the top one is 1 m lower.
    let top = world.body(boxes[5]).unwrap().position.y;
    assert!((top - 4.5).abs() < 0.05, "the top box at {top}");
}
