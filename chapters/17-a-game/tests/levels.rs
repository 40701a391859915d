//! The levels: each bundled one loads and stands until the first stone;
//! a level file with a mistake is refused, naming the field and the value.

use ch17_a_game::{Input, LEVELS, Level, Play};

/// Every level file in `levels/`: the bundled ones and any a learner adds
/// there (exercise 17.4), each read and checked, a mistake naming the file.
fn every_level_file() -> Vec<Level> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/levels");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the levels folder")
        .map(|e| e.expect("a level file").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let levels: Vec<Level> = paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a level file");
            let key = path.file_stem().unwrap().to_string_lossy().into_owned();
            let level = Level::from_json(&text)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Level { key, ..level }
        })
        .collect();
    // The bundled ones are among them, as the files say.
    for (i, (key, _)) in LEVELS.iter().enumerate() {
        assert!(levels.contains(&Level::number(i)), "{key} not in levels/");
    }
    levels
}

/// Every level stands for ten seconds with no stone thrown: no target
/// down, no joint broken, nothing moving at the end. (A level that fell by
/// itself would be won by waiting.)
#[test]
fn every_level_stands_until_the_first_stone() {
    for level in every_level_file() {
        let mut play = Play::new(&level, 1);
        let mut broke = 0;
        for _ in 0..600 {
            play.step(Input::default());
            broke += play.world.game.events.joint_breaks.len();
        }
        assert_eq!(
            play.rules.targets.len(),
            level.targets.len(),
            "{}: a target fell",
            level.key
        );
        assert_eq!(broke, 0, "{}: a joint broke", level.key);
        assert_eq!(play.rules.score, 0, "{}", level.key);
        assert!(play.outcome().is_none(), "{}", level.key);
        let fastest = play
            .world
            .solver
            .bodies
            .iter()
            .map(|b| b.velocity.length())
            .fold(0.0, f32::max);
        // Resting: what is left is the solver's creep, millimetres a second.
        assert!(
            fastest < 0.01,
            "{}: something still moves at {fastest} m/s",
            level.key
        );
    }
}

/// Level 1's file with `from` replaced by `to`.
fn level_1_with(from: &str, to: &str) -> String {
    let text = LEVELS[0].1;
    assert!(text.contains(from), "level 1 has no `{from}`");
    text.replacen(from, to, 1)
}

/// A level file with one mistake is refused, the error naming the field
/// by its path and showing the value: the game's fields, and the scene's
/// (its path under `scene.`).
#[test]
fn a_level_with_a_mistake_is_refused_naming_the_field() {
    // (from, to, the field named, a word of the message)
    let cases = [
        (r#""stones": 3"#, r#""stones": 0"#, "stones", "0: a level gives 1 to 20"),
        (r#""stones": 3"#, r#""stones": 99"#, "stones", "99"),
        (
            r#""targets": [7, 10]"#,
            r#""targets": [7, 11]"#,
            "targets[1]",
            "11: no such body",
        ),
        (
            r#""targets": [7, 10]"#,
            r#""targets": [0, 7]"#,
            "targets[0]",
            "must be dynamic",
        ),
        (
            r#""targets": [7, 10]"#,
            r#""targets": [7, 7]"#,
            "targets[1]",
            "listed twice",
        ),
        (r#""targets": [7, 10]"#, r#""targets": []"#, "targets", "needs a target"),
        (
            r#""targets": [7, 10]"#,
            r#""targets": [-1]"#,
            "targets[0]",
            "-1: no such body",
        ),
        (r#""toughness": 4"#, r#""toughness": -2"#, "toughness", "-2"),
        (r#""floor": -1"#, r#""floor": 5"#, "floor", "above target 7"),
        (r#""sling": [-12, 2]"#, r#""sling": [-12]"#, "sling", "invalid length 1"),
        (
            r#""sling": [-12, 2]"#,
            r#""sling": [-1e9, 2]"#,
            "sling",
            "out of the world",
        ),
        (r#""stones": 3"#, r#""stones": 3, "lives": 2"#, "lives", "unknown field"),
        (r#""stones": 3"#, r#""stones": "three""#, "stones", "invalid type"),
        (
            r#""half_extents": [0.5, 0.5] } }, "position": [5.5, 0.5]"#,
            r#""half_extents": [0.5, -0.5] } }, "position": [5.5, 0.5]"#,
            "scene.bodies[1].shape.box.half_extents",
            "-0.5",
        ),
        (
            r#""friction": 0.6 },"#,
            r#""friction": -1 },"#,
            "scene.bodies[0].friction",
            "-1",
        ),
        (
            r#""scene": { "bodies""#,
            r#""scene": { "gravty": [0, 1], "bodies""#,
            "scene.gravty",
            "unknown",
        ),
    ];
    for (from, to, field, word) in cases {
        let text = level_1_with(from, to);
        let error = Level::from_json(&text).expect_err(to);
        assert_eq!(error.field, field, "{to}: {error}");
        assert!(
            error.to_string().contains(word),
            "{to}: `{error}` has no `{word}`"
        );
    }
    // A file that is not one: where it stops.
    let error = Level::from_json("{ \"name\": ").expect_err("cut short");
    assert!(error.to_string().contains("EOF"), "{error}");
    let error = Level::from_json("{}").expect_err("empty");
    assert!(error.message.contains("missing field `name`"), "{error}");
}

/// Each bundled level reads back as its file says: the targets dynamic
/// bodies, the sling to their left.
#[test]
fn every_bundled_level_reads() {
    for (key, text) in LEVELS {
        let level = Level::from_json(text).unwrap_or_else(|e| panic!("{key}: {e}"));
        assert!(!level.targets.is_empty(), "{key}");
        for &t in &level.targets {
            assert!(level.scene.bodies[t].position.x > level.sling.x, "{key}");
        }
    }
}

/// Every bundled level is a puzzle, by the probe's count of its first
/// shots: at least one shot in twenty knocks a target down (the player
/// learns from trying), at most one in ten wins it alone (not a shooting
/// gallery); and the book's table is the probe's (`WRITE_TABLES=1`
/// rewrites it).
#[test]
fn the_probe_finds_every_level_a_puzzle() {
    use ch17_a_game::probe::{probe, table};
    let probes: Vec<_> =
        (0..LEVELS.len()).map(|i| probe(&Level::number(i))).collect();
    for p in &probes {
        let some = p.shots() - p.down[0];
        assert!(
            some * 20 >= p.shots(),
            "{}: only {some} shots do anything",
            p.name
        );
        assert!(
            p.wins() * 10 <= p.shots(),
            "{}: {} shots win alone",
            p.name,
            p.wins()
        );
    }
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../book/src/ch17-probe-table.md");
    let text = format!(
        "<!-- Generated by `cargo run --release -p ch17-a-game -- --probe`; \
         `WRITE_TABLES=1 cargo test -p ch17-a-game` rewrites it; do not edit. -->\n\n{}",
        table(&probes)
    );
    if std::env::var_os("WRITE_TABLES").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == text,
        "book/src/ch17-probe-table.md is not what the probe finds now:\n{text}"
    );
}

/// The bridge of level 2 stands by itself, and some stone breaks it: one of
/// the probe's first shots breaks a pin (at 1.5 kN none did).
#[test]
fn a_stone_can_break_the_bridge() {
    let level = Level::number(1);
    let broke = ch17_a_game::probe::shots().into_iter().any(|pull| {
        let mut play = Play::new(&level, 1);
        (0..240u64).any(|step| {
            let fire = (step == 30).then_some(pull);
            play.step(Input { aim: None, fire });
            !play.world.game.events.joint_breaks.is_empty()
        })
    });
    assert!(broke, "no first shot breaks a pin of the bridge");
}
