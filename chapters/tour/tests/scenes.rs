//! The example scenes in `scenes/`, which the README and the appendix "Scene files
//! and traces" point a learner to: each loads in the chapter the table below says
//! it starts in and in every chapter after it (a scene that loads in chapter N must
//! keep loading as the engine grows), the chapter before refuses it, and every
//! chapter runs it for five seconds with every body finite.

use physics_core::scene::Scene;
use std::path::Path;
use tour::CHAPTERS;

/// Each scene file and the first chapter that simulates everything in it.
const SCENES: &[(&str, u32)] = &[
    ("pong.json", 1),
    ("tower.json", 5),
    ("swing.json", 8),
    ("hinge.json", 9),
    ("shapes.json", 11),
    ("car.json", 16),
];

fn scenes_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes")
}

#[test]
fn every_example_scene_loads_from_its_chapter_on_and_runs_finite() {
    for &(file, first) in SCENES {
        let scene = Scene::load(&scenes_dir().join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        for chapter in CHAPTERS {
            let loaded = chapter.load_scene(&scene);
            if chapter.number < first {
                if chapter.number == first - 1 {
                    assert!(
                        loaded.is_err(),
                        "{file} loads in chapter {}: the table says {first}",
                        chapter.number
                    );
                }
                continue;
            }
            let mut demo = loaded.unwrap_or_else(|e| {
                panic!("{file} does not load in chapter {}: {e}", chapter.number)
            });
            for _ in 0..300 {
                demo.step(scene.dt);
            }
            let finite = demo
                .bodies()
                .iter()
                .all(|b| b.position.is_finite() && b.velocity.is_finite());
            assert!(finite, "{file} went non-finite in chapter {}", chapter.number);
        }
    }
}

/// No scene ships untested: every file in `scenes/` is in the table.
#[test]
fn the_table_lists_every_scene_file() {
    let mut files: Vec<String> = std::fs::read_dir(scenes_dir())
        .expect("the scenes folder")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    files.sort();
    let mut listed: Vec<String> =
        SCENES.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}
