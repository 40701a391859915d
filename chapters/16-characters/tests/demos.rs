//! The demos run headless and pass the shared checks; the car is pinned by a
//! snapshot; a world with none of this chapter's parts steps as chapter 15's.

use ch16_characters::demos::CHAPTER;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; one second each.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 60);
}

/// The car after three seconds at full throttle over the bumpy chain: each
/// body's place and turn, pinned.
#[test]
fn the_car_after_three_seconds() {
    use std::fmt::Write;
    let (mut world, car) = ch16_characters::worlds::car();
    ch16_characters::worlds::set_throttle(&mut world, car.joints[0], 1.0).unwrap();
    for _ in 0..180 {
        world.step(1.0 / 60.0);
    }
    let mut out = String::new();
    for id in world.body_ids() {
        let t = world.transform(id).unwrap();
        let angle = world.body(id).unwrap().angle;
        // Millimetres: far coarser than f32 noise, fine enough to see any change.
        writeln!(
            out,
            "{:2} origin ({:+.3}, {:+.3}) angle {:+.3}",
            id.index, t.position.x, t.position.y, angle
        )
        .unwrap();
    }
    insta::assert_snapshot!(out.replace("-0.000", "+0.000"));
}

/// With none of this chapter's parts in it, a world steps as chapter 15's
/// does, to the bit: the hooks add nothing when nothing uses them.
#[test]
fn without_its_parts_a_world_steps_as_chapter_15s() {
    let worlds =
        [ch15_game_api::worlds::hammer(), ch15_game_api::worlds::bridge(8000.0)];
    for base in worlds {
        let mut theirs = base.clone();
        let mut ours = ch16_characters::World { base, more: Default::default() };
        for _ in 0..240 {
            theirs.step(1.0 / 60.0);
            ours.step(1.0 / 60.0);
        }
        let bits = |w: &ch15_game_api::World| -> Vec<[u32; 4]> {
            w.solver
                .bodies
                .iter()
                .map(|b| {
                    [b.position.x, b.position.y, b.angle, b.angular_velocity]
                        .map(f32::to_bits)
                })
                .collect()
        };
        assert_eq!(bits(&theirs), bits(&ours.base));
        assert!(!theirs.solver.bodies.is_empty());
    }
}
