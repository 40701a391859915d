//! The demos run headless and come to rest where geometry says they should;
//! scene files load everything chapter 10 loads, and polygons.

use ch05_obb_clipping::Transform;
use ch11_polygons::demos::CHAPTER;
use ch11_polygons::worlds::{pile, pyramid, shapes};
use ch11_polygons::{World, outline};
use physics_core::demo::Demo;
use physics_core::scene::Scene;

const DT: f32 = 1.0 / 60.0;

fn run(world: &mut World, seconds: f32) {
    for _ in 0..(seconds / DT) as usize {
        world.step(DT);
    }
}

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; one second each, as in chapter 10.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 60);
}

/// Six shapes dropped on the floor come to rest on it: after five seconds (the
/// capsule lands on its end and topples at about 2 s) each is still, and its lowest
/// point is on the floor's top face (y = 0) to within the soft contact's give.
#[test]
fn each_shape_comes_to_rest_on_the_floor() {
    let mut world = shapes();
    run(&mut world, 5.0);
    for (i, (b, shape)) in
        world.bodies().iter().zip(&world.shapes.list).enumerate().skip(1)
    {
        let lowest = outline(shape, &Transform::new(b.position, b.angle))
            .iter()
            .map(|p| p.y)
            .fold(f32::INFINITY, f32::min);
        // A resting body sinks until its push-out balances its weight: under
        // chapter 10's soft contact that is a few mm, within the 5 mm slop
        // the solver leaves alone and 5 mm more.
        assert!(
            (-0.01..0.002).contains(&lowest),
            "shape {i}: lowest point at {lowest} m"
        );
        // Still: 1 cm/s and 0.05 rad/s are far below what a rocking or
        // sliding shape shows.
        assert!(b.velocity.length() < 0.01, "shape {i}: {:?}", b.velocity);
        assert!(
            b.angular_velocity.abs() < 0.05,
            "shape {i}: {}",
            b.angular_velocity
        );
    }
}

/// A 12-row pyramid of polygon boxes stands: after five seconds no box has
/// moved more than 2 cm from where it started (chapter 10's own pyramid
/// moves about 1 cm under its compression).
#[test]
fn the_polygon_pyramid_stands() {
    let mut world = pyramid(12);
    let start: Vec<_> = world.bodies().iter().map(|b| b.position).collect();
    run(&mut world, 5.0);
    for (i, (b, s)) in world.bodies().iter().zip(&start).enumerate() {
        let moved = (b.position - *s).length();
        assert!(moved < 0.02, "box {i} moved {moved} m");
    }
}

/// Same input, same output, to the bit: the pile, two runs.
#[test]
fn the_pile_is_deterministic() {
    let (mut a, mut b) = (pile(40, 7), pile(40, 7));
    run(&mut a, 2.0);
    run(&mut b, 2.0);
    for (x, y) in a.bodies().iter().zip(b.bodies()) {
        assert_eq!(
            x.position.to_array().map(f32::to_bits),
            y.position.to_array().map(f32::to_bits)
        );
        assert_eq!(x.angle.to_bits(), y.angle.to_bits());
    }
}

/// The pile after three seconds, pinned: any change in the narrow phase or
/// the mass properties shows as a diff. Every body is also in the bin.
#[test]
fn the_pile_after_three_seconds() {
    use std::fmt::Write;
    let mut world = pile(30, 11);
    run(&mut world, 3.0);
    let mut out = String::new();
    for (i, b) in world.bodies().iter().enumerate().skip(3) {
        assert!(
            b.position.x.abs() < 6.0 && (0.0..10.0).contains(&b.position.y),
            "body {i} left the bin: {:?}",
            b.position
        );
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

fn scene(json: &str) -> Result<Box<dyn Demo>, String> {
    let s = Scene::from_json(json).map_err(|e| e.to_string())?;
    CHAPTER.load_scene(&s).map_err(|e| e.to_string())
}

/// A triangle, a rounded polygon and a capsule from a scene file land on a
/// ground box and rest on it.
#[test]
fn a_polygon_scene_loads_and_rests() {
    let mut d = scene(
        r#"{ "bodies": [
        { "shape": { "box": { "half_extents": [6, 0.5] } }, "position": [0, -0.5], "static": true },
        { "shape": { "polygon": { "vertices": [[-0.5, -0.3], [0.5, -0.3], [0, 0.6]] } }, "position": [-2, 1] },
        { "shape": { "polygon": { "vertices": [[-0.4, -0.4], [0.4, -0.4], [0.4, 0.4], [-0.4, 0.4]], "radius": 0.1 } }, "position": [0, 1] },
        { "shape": { "capsule": { "half_length": 0.5, "radius": 0.2 } }, "position": [2, 1], "angle": 0.3 } ] }"#,
    )
    .unwrap();
    for _ in 0..180 {
        d.step(DT);
    }
    let b = d.bodies();
    // Resting heights: the triangle's centroid is a third of its height
    // above its base (0.3 of 0.9 m); the rounded box reaches 0.4 + 0.1 m
    // down; the capsule lies flat at its radius. 1 cm: the soft contact's
    // give and what is left of the settling.
    for (i, y) in [(1, 0.3), (2, 0.5), (3, 0.2)] {
        assert!((b[i].position.y - y).abs() < 0.01, "body {i}: {:?}", b[i]);
    }
}

/// Every scene of the physics checks (chapter 8's format) loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// Chapter 10 names the chapter that reads a polygon.
#[test]
fn chapter_10_refuses_a_polygon_and_names_chapter_11() {
    let s = Scene::from_json(
        r#"{ "bodies": [ { "shape": { "capsule": { "half_length": 0.5, "radius": 0.2 } }, "position": [0, 1] } ] }"#,
    )
    .unwrap();
    let e = ch10_soft_step::demos::CHAPTER
        .load_scene(&s)
        .err()
        .expect("chapter 10 has no capsules")
        .to_string();
    assert!(e.contains("chapter 11"), "{e}");
}
