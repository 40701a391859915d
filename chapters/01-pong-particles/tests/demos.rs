//! The demos run headless and show what they claim; scene files map onto particles.

use ch01_pong_particles::demos::{CHAPTER, Pong};
use physics_core::demo::Demo;
use physics_core::lab::Sim;
use physics_core::scene::Scene;

/// Every demo runs, stays finite, resets to its start, and survives each switch.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 600);
}

/// How many particles are more than `margin` outside the walls at step `n` of the
/// squeeze demo.
fn stuck_in_walls(approach_check: bool, steps: usize) -> usize {
    let mut demo = Pong::scattered(200, 2, 1.0 / 20.0, true);
    demo.set_approach_check(approach_check);
    for _ in 0..steps {
        demo.step(1.0 / 20.0);
    }
    let h = demo.world().half_size;
    demo.world()
        .particles
        .iter()
        .filter(|p| p.position.x.abs().max(p.position.y.abs()) > h + 0.15)
        .count()
}

/// The squeeze demo's claim: without the approach check, walls moving in leave
/// particles stuck outside, flipping back and forth every step; with it they come
/// back in.
#[test]
fn squeeze_shows_particles_sticking_without_the_approach_check() {
    // 2.5 s in, the walls are near their deepest.
    let without = stuck_in_walls(false, 50);
    let with = stuck_in_walls(true, 50);
    assert!(
        without >= 20 && without > 4 * with.max(1),
        "without the check {without} stuck, with it {with}"
    );
}

#[test]
fn dragging_throws_a_particle() {
    let mut demo = Pong::new(
        vec![ch01_pong_particles::Particle {
            position: glam::Vec2::ZERO,
            velocity: glam::Vec2::ZERO,
        }],
        vec![1.0],
        0.1,
    )
    .lab();
    demo.mouse_press(glam::Vec2::new(0.05, 0.0));
    demo.mouse_drag(glam::Vec2::new(0.5, 0.0));
    demo.step(0.1);
    demo.mouse_release();
    let b = demo.bodies()[0];
    assert!((b.position.x - 0.5).abs() < 1e-6, "{b:?}");
    // It covered 0.5 m in one 0.1 s step, so it leaves at 5 m/s.
    assert!((b.velocity.x - 5.0).abs() < 1e-4, "{b:?}");
}

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

#[test]
fn a_scene_of_particles_loads() {
    let d = scene(
        r#"{ "gravity": [0, 0], "bodies": [
            { "shape": { "circle": { "radius": 0.02 } }, "position": [0.5, 0], "velocity": [1, 2], "restitution": 1 } ] }"#,
    )
    .unwrap();
    assert_eq!(d.bodies().len(), 1);
    assert_eq!(d.bodies()[0].velocity, glam::Vec2::new(1.0, 2.0));
}

#[test]
fn scenes_chapter_1_cannot_simulate_name_the_chapter_that_can() {
    let circle = r#"{ "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0], "restitution": 1 }"#;
    for (json, field, chapter) in [
        (
            format!(r#"{{ "bodies": [ {circle} ] }}"#),
            "gravity",
            "ch02-planes-restitution",
        ),
        (
            r#"{ "gravity": [0, 0], "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "position": [0, 0] } ] }"#.to_string(),
            "bodies[0].restitution",
            "ch02-planes-restitution",
        ),
        (
            r#"{ "gravity": [0, 0], "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0], "restitution": 1 } ] }"#.to_string(),
            "bodies[0].shape",
            "ch04-manifolds",
        ),
        (
            r#"{ "gravity": [0, 0], "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0 } } } ] }"#.to_string(),
            "bodies[0].shape",
            "ch02-planes-restitution",
        ),
        (
            format!(r#"{{ "gravity": [0, 0], "bodies": [ {circle}, {circle} ], "joints": [ {{ "distance": {{ "body_a": 0, "body_b": 1 }} }} ] }}"#),
            "joints",
            "ch07-distance-constraints",
        ),
    ] {
        let e = scene(&json).err().expect("should be rejected");
        assert!(e.starts_with(field) && e.contains(chapter), "{e}");
    }
}
