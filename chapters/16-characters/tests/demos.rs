//! The demos run, and each keeps its bodies finite.

use ch16_characters::demos::DEMOS;
use physics_core::demo::Demo;

#[test]
fn every_demo_runs_two_seconds_with_finite_bodies() {
    for entry in DEMOS {
        let mut demo: Box<dyn Demo> = (entry.make)();
        for _ in 0..120 {
            demo.step(1.0 / 60.0);
        }
        for b in demo.bodies() {
            assert!(
                b.position.is_finite(),
                "{}: a body left the numbers",
                entry.name
            );
        }
    }
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
