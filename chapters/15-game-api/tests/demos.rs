//! The demos run headless and pass the shared checks; the hammer demo is
//! pinned by a snapshot; scene files load everything chapter 14 loads, and
//! earlier chapters refuse this chapter's fields, naming it.

use ch15_game_api::demos::CHAPTER;
use ch15_game_api::worlds::hammer;
use physics_core::scene::Scene;

const DT: f32 = 1.0 / 60.0;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; one second each.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 60);
}

/// The hammer and the table after three seconds: each body's place and
/// turn, pinned.
#[test]
fn the_hammer_after_three_seconds() {
    use std::fmt::Write;
    let mut world = hammer();
    for _ in 0..180 {
        world.step(DT);
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

/// Every scene of the physics checks loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// Chapter 14 refuses each of this chapter's fields, naming the field and
/// chapter 15.
#[test]
fn chapter_14_refuses_this_chapters_fields_naming_it() {
    let scene = Scene::from_json(crate::cli::GAME_SCENE).unwrap();
    let error =
        ch14_wide_solver::demos::CHAPTER.load_scene(&scene).err().expect("refused");
    assert!(error.field.starts_with("bodies[1].kinematic"), "{error}");
    assert!(error.to_string().contains("chapter 15 (ch15-game-api)"), "{error}");
    for (json, field) in [
        (
            r#"{ "bodies": [ { "shapes": [ { "shape": { "circle": { "radius": 1 } } } ], "position": [0, 0] } ] }"#,
            "bodies[0].shapes",
        ),
        (
            r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "sensor": true } ] }"#,
            "bodies[0].sensor",
        ),
        (
            r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "filter": { "mask": 2 } } ] }"#,
            "bodies[0].filter",
        ),
    ] {
        let scene = Scene::from_json(json).unwrap();
        let error =
            ch09_joints::demos::CHAPTER.load_scene(&scene).err().expect("refused");
        assert_eq!(error.field, field);
        assert!(error.to_string().contains("chapter 15"), "{error}");
    }
}

/// A body of several shapes loaded from a scene has the mass its shapes
/// give, and keeps its joint's anchor where the file put it.
#[test]
fn a_scene_body_of_several_shapes_has_its_shapes_mass() {
    let scene = Scene::from_json(crate::cli::GAME_SCENE).unwrap();
    let (world, _) = ch15_game_api::scene::world(&scene);
    let table = world.game.body_id(2);
    // 2 x 0.2 at 5 kg/m^2, and two legs of 0.2 x 1 at 1 kg/m^2: 2.4 kg.
    let mass = 1.0 / world.body(table).unwrap().inv_mass;
    assert!((mass - 2.4).abs() < 1e-5, "{mass} kg");
    assert_eq!(world.game.bodies[2].shapes.len(), 3);
    // The weight's pin stays at [8, 5] in the world.
    let joint = &world.joints.list[0];
    let (pa, pb) = joint.anchors(&world.solver.bodies);
    assert!(
        (pa - glam::Vec2::new(8.0, 5.0)).length() < 1e-5
            && (pb - pa).length() < 1e-5
    );
}

/// Chapter 14's world taken into this chapter's, each body with its one
/// shape: a 20-row pyramid steps to the same bits here as there, on one
/// thread and on two. The game's part adds handles and events, and changes
/// nothing the physics computes.
#[test]
fn chapter_14s_pyramid_steps_to_the_same_bits_here() {
    for threads in [1, 2] {
        let mut there = ch14_wide_solver::worlds::pyramid(20);
        let mut here =
            ch15_game_api::World::from(ch14_wide_solver::worlds::pyramid(20));
        there.wide.set_threads(threads);
        here.wide.set_threads(threads);
        for step in 0..120 {
            there.step(DT);
            here.step(DT);
            let bits = |b: &ch15_game_api::Body| {
                [
                    b.position.x,
                    b.position.y,
                    b.angle,
                    b.velocity.x,
                    b.velocity.y,
                    b.angular_velocity,
                ]
                .map(f32::to_bits)
            };
            let same = there
                .bodies()
                .iter()
                .zip(&here.solver.bodies)
                .all(|(a, b)| bits(a) == bits(b));
            assert!(
                same,
                "step {step}, {threads} threads: the bodies differ from chapter 14's"
            );
        }
    }
}
