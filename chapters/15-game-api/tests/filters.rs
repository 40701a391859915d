//! Collision filtering: the rule is symmetric, and in the world two shapes
//! make a contact exactly when it says they collide; a joint keeps the
//! shapes of its bodies apart unless told otherwise.

use crate::bodies::{DT, boxed, one};
use ch09_joints::Kind;
use ch11_polygons::Shape;
use ch15_game_api::{BodyKind, Filter, JointDef, ShapeDef, World, should_collide};
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
