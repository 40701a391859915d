//! The demos run headless; scene files load everything chapter 11 loads,
//! and bullets.

use ch12_continuous::demos::CHAPTER;
use ch12_continuous::worlds::{debris, pong};
use physics_core::scene::Scene;

const DT: f32 = 1.0 / 60.0;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; one second each.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 60);
}

/// Chapter 1's box at 1000 m/s: with the chapter's methods the ball stays
/// in for ten seconds, bouncing off a wall every step, and keeps its
/// energy (one contact at a time, e = 1: exactly, to f32 rounding); with
/// neither, it is gone in the first step.
#[test]
fn pong_at_1000_m_s_stays_in_the_box() {
    let mut world = pong();
    let speed = world.bodies()[4].velocity.length();
    for _ in 0..600 {
        world.step(DT);
    }
    let ball = world.bodies()[4];
    assert!(
        ball.position.x.abs() < 3.0 && (0.0..6.0).contains(&ball.position.y),
        "{ball:?}"
    );
    assert!((ball.velocity.length() - speed).abs() < 1e-3 * speed, "{ball:?}");
    let mut off = pong();
    off.fast.settings.speculative = false;
    off.fast.settings.toi = false;
    off.step(DT);
    off.step(DT);
    assert!(
        off.bodies()[4].position.x.abs() > 3.0 || off.bodies()[4].position.y > 6.0
    );
}

/// Same input, same output, to the bit: the debris, two runs.
#[test]
fn the_debris_is_deterministic() {
    let (mut a, mut b) = (debris(), debris());
    for _ in 0..120 {
        a.step(DT);
        b.step(DT);
    }
    for (x, y) in a.bodies().iter().zip(b.bodies()) {
        assert_eq!(
            x.position.to_array().map(f32::to_bits),
            y.position.to_array().map(f32::to_bits)
        );
        assert_eq!(x.angle.to_bits(), y.angle.to_bits());
    }
}

/// The debris after two seconds, pinned: any change in the margin, the
/// sweep or the solver shows as a diff. None has gone through the wall
/// (some ricochet high, and one over the top would be fair).
#[test]
fn the_debris_after_two_seconds() {
    use std::fmt::Write;
    let mut world = debris();
    for _ in 0..120 {
        world.step(DT);
    }
    let mut out = String::new();
    for (i, b) in world.bodies().iter().enumerate().skip(2) {
        // Behind the wall (x > 6, below its top at 30 m): through it.
        let behind = b.position.x > 6.0 && b.position.y < 30.0;
        assert!(!behind, "body {i} went through the wall: {b:?}");
        // Millimetres: far coarser than f32 noise, fine enough to see any change.
        writeln!(
            out,
            "{i:2} ({:+.3}, {:+.3}) angle {:+.3}",
            b.position.x, b.position.y, b.angle
        )
        .unwrap();
    }
    insta::assert_snapshot!(out.replace("-0.000", "+0.000"));
}

/// A scene file's bullet is a bullet, and its flag survives loading.
#[test]
fn a_bullet_scene_loads() {
    let s = Scene::from_json(
        r#"{ "gravity": [0, 0], "bodies": [
        { "shape": { "box": { "half_extents": [0.025, 2] } }, "position": [5, 0], "static": true },
        { "shape": { "circle": { "radius": 0.01 } }, "position": [0, 0], "velocity": [3000, 0], "bullet": true } ] }"#,
    )
    .unwrap();
    let mut d = CHAPTER.load_scene(&s).unwrap();
    for _ in 0..60 {
        d.step(DT);
    }
    let bullet = d.bodies()[1];
    assert!(bullet.position.x < 5.0, "{bullet:?}");
}

/// Every scene of the physics checks (chapter 8's format) loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// Chapter 11 names the chapter that reads a bullet.
#[test]
fn chapter_11_refuses_a_bullet_and_names_chapter_12() {
    let s = Scene::from_json(
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "position": [0, 1], "restitution": 0.5, "bullet": true } ] }"#,
    )
    .unwrap();
    let e = ch11_polygons::demos::CHAPTER
        .load_scene(&s)
        .err()
        .expect("chapter 11 has no bullets")
        .to_string();
    assert!(e.contains("chapter 12"), "{e}");
}
