//! The demos run headless and pass the shared checks; scene files load as
//! levels with no targets.

use ch17_a_game::demos::CHAPTER;

/// Every demo runs, stays finite, resets to its start, and survives each
/// switch; five seconds each.
#[test]
fn every_demo_passes_the_shared_checks() {
    physics_core::demo::check_demos(&CHAPTER, 300);
}

/// Every scene of the physics checks loads here and runs.
#[test]
fn chapter_8_scenes_load_here() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checks/scenes");
    physics_core::demo::check_scenes_load(&CHAPTER, std::path::Path::new(dir), 60);
}

/// The replay demo plays level 1's recorded game, its hashes agreeing, to
/// the recorded score: the window and the page show what the file holds.
#[test]
fn the_replay_demo_plays_the_recorded_game() {
    let entry = CHAPTER.demo("replay").unwrap();
    let mut demo = (entry.make)();
    let replay = ch17_a_game::replay::bundled(0);
    for _ in 0..replay.end {
        demo.step(demo.time_step());
    }
    let status = demo.status().unwrap();
    assert!(status.contains(&format!("score {}", replay.score)), "{status}");
    let mut list = physics_core::draw::DrawList::new();
    demo.draw(&mut list);
    let text: Vec<String> = list
        .items
        .iter()
        .filter_map(|i| match i {
            physics_core::draw::DrawItem::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    let agreed =
        format!("hashes agree to step {}", replay.hashes.last().unwrap().0);
    assert!(text.iter().any(|t| t.contains(&agreed)), "{text:?}");
}
