//! The demos run headless and pass the shared checks; the dominoes wake
//! one at a time and are pinned by a snapshot; scene files load
//! everything chapter 12 loads.

use ch13_islands::demos::{CHAPTER, DEMOS, show};
use ch13_islands::worlds::{bin, dominoes};
use glam::Vec2;
use physics_core::demo::{Chapter, DemoEntry};

const DT: f32 = 1.0 / 60.0;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; one second each. The bin's 5,000 bodies take minutes in a test
/// build, so here it holds 400 (the release runs in `.ci/run` and the
/// benchmark take the 5,000).
#[test]
fn every_demo_passes_the_shared_checks() {
    const SMALL_BIN: DemoEntry = DemoEntry {
        name: "bin",
        about: "the bin with 400 bodies",
        make: || {
            Box::new(show(
                bin(400),
                (Vec2::new(-21.0, -1.0), Vec2::new(21.0, 31.0)),
            ))
        },
    };
    const TESTED: &[DemoEntry] =
        &[DEMOS[0], DEMOS[1], DEMOS[2], DEMOS[3], SMALL_BIN, DEMOS[5]];
    assert_eq!(DEMOS.len(), TESTED.len());
    assert_eq!(DEMOS[4].name, "bin");
    physics_core::demo::check_demos(&Chapter { demos: TESTED, ..CHAPTER }, 60);
}

/// The domino run: each domino sleeps until the one before falls on it,
/// so after half a second only the first few are awake, and by the end
/// every one has woken and fallen (turned more than 0.3 rad), and the run
/// has gone back to sleep. Same input, same run, to the bit.
#[test]
fn the_dominoes_wake_one_at_a_time() {
    let (mut world, mut again) = (dominoes(), dominoes());
    let mut woken = vec![false; 41];
    let awake =
        |w: &ch13_islands::World| (1..=40).filter(|&i| !w.sleep.asleep[i]).count();
    for step in 0..900 {
        world.step(DT);
        again.step(DT);
        for (i, w) in woken.iter_mut().enumerate().skip(1) {
            *w |= !world.sleep.asleep[i];
        }
        if step == 30 {
            let n = awake(&world);
            assert!((1..=6).contains(&n), "{n} awake after half a second");
        }
    }
    assert!(woken[1..].iter().all(|&w| w), "{woken:?}");
    for (i, b) in world.bodies().iter().enumerate().take(41).skip(1) {
        assert!(b.angle.abs() > 0.3, "domino {i} stands: {b:?}");
    }
    assert_eq!(awake(&world), 0);
    for (a, b) in world.bodies().iter().zip(again.bodies()) {
        assert_eq!(
            a.position.to_array().map(f32::to_bits),
            b.position.to_array().map(f32::to_bits)
        );
    }
}

/// The dominoes after four seconds, pinned.
#[test]
fn the_dominoes_after_four_seconds() {
    use std::fmt::Write;
    let mut world = dominoes();
    for _ in 0..240 {
        world.step(DT);
    }
    let mut out = String::new();
    for (i, b) in world.bodies().iter().enumerate().skip(1) {
        // Millimetres: far coarser than f32 noise, fine enough to see any change.
        writeln!(
            out,
            "{i:2} ({:+.3}, {:+.3}) angle {:+.3} {}",
            b.position.x,
            b.position.y,
            b.angle,
            if world.sleep.asleep[i] { "asleep" } else { "awake" }
        )
        .unwrap();
    }
    insta::assert_snapshot!(out.replace("-0.000", "+0.000"));
}

/// Every scene of the physics checks (chapter 8's format) loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}
