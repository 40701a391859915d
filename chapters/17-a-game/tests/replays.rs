//! Replays: each level's recorded game plays back to the same end, score
//! and bits every run, on 1, 2 and 4 threads, at any frame rate; a replay
//! made before the physics changed says where it first differs.

use ch17_a_game::breaks::nudged;
use ch17_a_game::replay::{REPLAYS, Replay, bundled};
use ch17_a_game::{Frames, HASH_EVERY, Input, Outcome, Play, state_hash};
use proptest::prelude::*;

/// Every bundled replay plays back with every hash agreeing and its
/// recorded score and outcome, on 1, 2 and 4 threads, twice each: the same
/// end hash every time.
#[test]
fn each_levels_replay_ends_the_same_on_1_2_and_4_threads() {
    for (k, (key, _)) in REPLAYS.iter().enumerate() {
        let replay = bundled(k);
        assert_eq!(replay.outcome, Some(Outcome::Won), "{key}: a winning game");
        let mut ends = Vec::new();
        for threads in [1, 2, 4, 1, 2, 4] {
            let end = replay.play(threads).unwrap_or_else(|d| panic!("{key}: {d}"));
            assert_eq!((end.score, end.outcome), (replay.score, replay.outcome));
            assert_eq!(end.checked, replay.hashes.len(), "{key}");
            ends.push(end.hash);
        }
        assert!(ends.iter().all(|&h| h == ends[0]), "{key}: {ends:x?}");
    }
}

/// A replay file reads back as it was written.
#[test]
fn a_replay_file_reads_back_as_written() {
    for (k, (key, text)) in REPLAYS.iter().enumerate() {
        let replay = bundled(k);
        let written = replay.to_string();
        assert_eq!(Replay::parse(&written).unwrap(), replay, "{key}");
        // The file is what the game writes, but for its comment line.
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.to_string() + "\n")
            .collect();
        assert_eq!(body, written, "{key}");
    }
}

/// Played with the world changed by one bit (what a change to the physics
/// does), the replay reports the first hash that differs instead of
/// playing on; the same with one of its hashes changed.
#[test]
fn a_replay_of_other_physics_says_where_it_first_differs() {
    let replay = bundled(0);
    // Body 7, the tower's top target, one bit to the right.
    let mut play = nudged(0, 7, 1);
    let mut drift = None;
    while play.step < replay.end && drift.is_none() {
        play.step(replay.input(play.step));
        drift = replay.check(&play).err();
    }
    let drift = drift.expect("a drift");
    assert_eq!(drift.step, HASH_EVERY, "the first hash already differs: {drift}");
    assert!(drift.to_string().starts_with(
        "this replay was made with different physics: first differs at step 60"
    ));
    // A hash changed in the file: caught at that step, not before.
    let mut tampered = replay.clone();
    tampered.hashes[3].1 ^= 1;
    let drift = tampered.play(1).expect_err("a drift");
    assert_eq!(
        (drift.step, drift.agreed),
        (tampered.hashes[3].0, tampered.hashes[2].0)
    );
    // A score changed: caught at the end.
    let mut tampered = replay.clone();
    tampered.score += 10;
    let drift = tampered.play(1).expect_err("a drift");
    assert_eq!(drift.step, replay.end);
    assert!(drift.what.contains("points"), "{drift}");
}

/// Replay files with a mistake are refused, naming the line.
#[test]
fn a_bad_replay_file_is_refused_naming_the_line() {
    let good = REPLAYS[0].1;
    // The number of the line that starts with `start`, from 1.
    let line =
        |start: &str| good.lines().position(|l| l.starts_with(start)).unwrap() + 1;
    let (fire, hash, end) = (line("fire 30"), line("hash 60"), line("end"));
    // The file's own first shot and first hash, to spoil.
    let find = |start: &str| good.lines().find(|l| l.starts_with(start)).unwrap();
    let (shot, sum) = (find("fire 30 "), find("hash 60 "));
    let (x, y) = {
        let w: Vec<&str> = shot.split_whitespace().collect();
        (w[2], w[3])
    };
    let cases = [
        (good.replace("ch17-replay 1", "ch17-replay 2"), 2, "version 2"),
        (good.replace(shot, &format!("fire 30 {x}")), fire, "`fire` with 2 values"),
        (good.replace(shot, &format!("fire 30 -900 {y}")), fire, "at most 200"),
        (
            good.replace(shot, &format!("fire x {x} {y}")),
            fire,
            "`x` is not a whole number",
        ),
        (good.replace(shot, "fire 30 none"), fire, "let go with a pull"),
        (good.replace(shot, &format!("fire 3 {x} {y}")), fire, "in step order"),
        (good.replace(sum, "hash 60 xyz"), hash, "not a hash"),
        (good.replace(" won", " drawn"), end, "`drawn`"),
        (good.replace("level 1-tower\n", ""), end - 1, "`level`"),
    ];
    for (text, line, word) in cases {
        let e = Replay::parse(&text).expect_err(word);
        assert!(e.to_string().contains(word), "{e}");
        assert_eq!(e.line, line, "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    /// Frames of any length, uneven (from 1/240 s to 1/20 s), play the
    /// same game as a frame a step: the inputs are by step, and nothing on
    /// a frame changes the world.
    #[test]
    fn any_frame_rate_plays_the_same_bits(seed in 0u64..1000) {
        let replay = bundled(0);
        let mut rng = physics_core::rng::Rng::new(seed);
        let mut frames = Frames::new(Play::new(&replay.level().unwrap(), 1));
        while frames.play.step < replay.end {
            frames.frame(rng.range(1.0 / 240.0, 1.0 / 20.0), |p| replay.input(p.step));
        }
        // Frames may have overshot the end by a few steps: step the
        // recording on to the same step.
        let mut play = Play::new(&replay.level().unwrap(), 1);
        while play.step < frames.play.step {
            play.step(replay.input(play.step));
        }
        prop_assert_eq!(state_hash(&play.world), state_hash(&frames.play.world));
        prop_assert_eq!(play.hashes, frames.play.hashes);
    }
}

/// A level played with no input records only its hashes, and plays back.
#[test]
fn a_game_with_no_stones_plays_back() {
    let level = bundled(1).level().unwrap();
    let mut play = Play::new(&level, 1);
    for _ in 0..200 {
        play.step(Input::default());
    }
    let replay = play.replay();
    assert!(replay.deeds.is_empty());
    assert_eq!(replay.hashes.len(), 3);
    assert_eq!(replay.play(2).unwrap().score, 0);
}
