//! Collision filtering: the rule is symmetric, and in the world two shapes
//! make a contact exactly when it says they collide; a joint keeps the
//! shapes of its bodies apart unless told otherwise.

use crate::bodies::{DT, boxed, one};
use ch09_joints::Kind;
use ch11_polygons::Shape;
use ch15_game_api::{
    BodyDef, BodyKind, Filter, JointDef, ShapeDef, World, should_collide,
};
use glam::Vec2;
use proptest::prelude::*;

fn filter() -> impl Strategy<Value = Filter> {
    // Few bits, so that matches and misses are both common; groups of
    // either sign and none.
    (0u64..16, 0u64..16, -2i32..=2).prop_map(|(category, mask, group)| Filter {
        category,
        mask,
        group,
    })
}

proptest! {
    #[test]
    fn the_filter_rule_is_symmetric(a in filter(), b in filter()) {
        prop_assert_eq!(should_collide(&a, &b), should_collide(&b, &a));
    }

    /// Two overlapping discs, no gravity: after a step they have a contact
    /// exactly when the rule says they collide, and push apart only then.
    #[test]
    fn shapes_collide_exactly_when_their_filters_agree(a in filter(), b in filter()) {
        let mut world = World::new();
        world.solver.gravity = Vec2::ZERO;
        let disc = |f: Filter| ShapeDef::new(Shape::Circle { radius: 0.5 }).filter(f);
        let one_disc = one(&mut world, BodyKind::Dynamic, Vec2::new(0.0, 0.0), disc(a));
        let other = one(&mut world, BodyKind::Dynamic, Vec2::new(0.8, 0.0), disc(b));
        world.step(DT);
        let contacts = world.solver.arbiters.len();
        prop_assert_eq!(contacts, usize::from(should_collide(&a, &b)));
        let apart = world.body(other).unwrap().position.x - world.body(one_disc).unwrap().position.x;
        prop_assert_eq!(apart > 0.8, should_collide(&a, &b), "centres {} m apart", apart);
    }
}

#[test]
fn a_joint_keeps_its_bodies_shapes_apart_unless_told() {
    for collide_connected in [false, true] {
        let mut world = World::new();
        crate::bodies::floor(&mut world);
        let a = one(
            &mut world,
            BodyKind::Dynamic,
            Vec2::new(0.0, 0.5),
            boxed(Vec2::splat(0.5)),
        );
        // Overlapping by half its width, pinned at the overlap's middle.
        let b = one(
            &mut world,
            BodyKind::Dynamic,
            Vec2::new(0.5, 0.5),
            boxed(Vec2::splat(0.5)),
        );
        let mut joint =
            JointDef::at(&world, a, b, Vec2::new(0.25, 0.5), Kind::Weld).unwrap();
        joint.collide_connected = collide_connected;
        world.create_joint(joint).unwrap();
        world.step(DT);
        let contacts = world
            .solver
            .arbiters
            .iter()
            .filter(|arb| (arb.a, arb.b) == (a.index as usize, b.index as usize))
            .count();
        assert_eq!(
            contacts,
            usize::from(collide_connected),
            "collide_connected {collide_connected}"
        );
    }
}

/// What two shapes bring to their contact (may they collide, the mixed
/// friction) is kept with the contact from step to step: whatever is made
/// or destroyed since is seen all the same. A joint made between two
/// resting boxes ends their contact at the next step; a shape made on the
/// lower box, in the place of the one destroyed, brings its own friction.
#[test]
fn a_kept_contact_follows_what_is_made_and_destroyed() {
    let mut world = World::new();
    crate::bodies::floor(&mut world);
    let a = world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 0.5)));
    let shape = world.create_shape(a, boxed(Vec2::splat(0.5))).unwrap();
    let upper = Vec2::new(0.0, 1.5);
    let b = one(&mut world, BodyKind::Dynamic, upper, boxed(Vec2::splat(0.5)));
    let between = |world: &World| {
        let (a, b) = (a.index as usize, b.index as usize);
        let arbiters = world.solver.arbiters.iter();
        arbiters
            .filter(|arb| (arb.a, arb.b) == (a, b))
            .map(|arb| arb.friction)
            .collect::<Vec<_>>()
    };
    for _ in 0..10 {
        world.step(DT);
    }
    let friction = ShapeDef::new(Shape::Circle { radius: 0.0 }).friction;
    assert_eq!(between(&world), [friction]);
    // The lower box's shape made again, slippery, in the freed place.
    world.destroy_shape(shape).unwrap();
    let slippery = ShapeDef { friction: 0.0, ..boxed(Vec2::splat(0.5)) };
    let again = world.create_shape(a, slippery).unwrap();
    assert_eq!(again.index, shape.index);
    world.step(DT);
    assert_eq!(between(&world), [0.0]);
    world.step(DT);
    assert_eq!(between(&world), [0.0]);
    let joint =
        JointDef::at(&world, a, b, Vec2::new(0.0, 1.0), Kind::Weld).unwrap();
    world.create_joint(joint).unwrap();
    world.step(DT);
    assert_eq!(between(&world), [0.0f32; 0]);
}
