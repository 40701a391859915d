//! The command line, run as a learner runs it: the real binary, real files.

use ch17_a_game::demos::CHAPTER;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_ch17-a-game");

/// A scratch folder of this test process's own, `name` telling tests apart.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ch17-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The chapter's binary run with `args`.
fn run(args: &[&str]) -> Output {
    Command::new(EXE).args(args).output().unwrap()
}

/// A path as the command line takes it.
fn path(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

/// Flags, exit codes, output files, determinism, every bad scene of the
/// format, and `--events`: the battery every chapter passes.
#[test]
fn the_shared_command_line_works() {
    viewer::conformance::check_command_line(Path::new(EXE), &CHAPTER);
}

/// `--replay FILE` plays a replay without a window: exit 0 and its score
/// when every check agrees, exit 1 naming the step when it drifted, exit 2
/// for a file that is not a replay.
#[test]
fn a_replay_plays_back_headless() {
    let dir = scratch("replay");
    let good = dir.join("good.replay");
    let text = ch17_a_game::replay::REPLAYS[0].1;
    std::fs::write(&good, text).unwrap();
    let run = |file: &Path, threads: &str| {
        Command::new(EXE)
            .args(["--replay", file.to_str().unwrap(), "--threads", threads])
            .output()
            .unwrap()
    };
    let o = run(&good, "2");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The score the file's `end` line records.
    let end = text.lines().find(|l| l.starts_with("end ")).unwrap();
    let score: Vec<&str> = end.split_whitespace().collect();
    let said = format!("score {}, {}", score[3], score[4]);
    assert!(out.contains(&said), "{out} (wanted {said})");
    // The book's page shows this run on 4 threads: its figures are these.
    let page = include_str!("../../../book/src/ch17-a-game.md");
    let steps = score[1];
    let shown = format!("level 1-tower, {steps} steps on 4 thread(s),");
    assert!(page.contains(&shown), "the page should show `{shown}`");
    assert!(
        page.contains(&format!("{said}; ...")),
        "the page should show `{said}`"
    );
    // The hash after step 120 one bit off: the playback stops there.
    let line = text.lines().find(|l| l.starts_with("hash 120 ")).unwrap();
    let hash = u64::from_str_radix(&line[9..], 16).unwrap();
    let bad = dir.join("drifted.replay");
    let off = format!("hash 120 {:016x}", hash ^ 1);
    std::fs::write(&bad, text.replace(line, &off)).unwrap();
    let o = run(&bad, "1");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("first differs at step 120"), "{err}");
    let o = run(&dir.join("none.replay"), "1");
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--level FILE` plays a level file of the learner's, with the viewer's
/// options; a file with a mistake is refused naming the file and the field
/// (exit 1, no picture); `--level` alone is a usage error (exit 2);
/// `--probe --level FILE` prints how its first shots fare.
#[test]
fn a_level_file_plays_and_a_bad_one_is_refused() {
    let dir = scratch("level");
    let good = dir.join("mine.json");
    std::fs::write(&good, ch17_a_game::LEVELS[0].1).unwrap();
    let png = dir.join("mine.png");
    let o = run(&["--level", &path(&good), "--steps", "30", "--png", &path(&png)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(png.exists(), "no picture");
    let o = run(&["--level", &path(&good), "--list-demos"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("level "));

    let bad = dir.join("bad.json");
    let text =
        ch17_a_game::LEVELS[0].1.replacen("\"stones\": 3", "\"stones\": 0", 1);
    std::fs::write(&bad, text).unwrap();
    let png = dir.join("bad.png");
    let o = run(&["--level", &path(&bad), "--steps", "30", "--png", &path(&png)]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("bad.json") && err.contains("stones: 0"), "{err}");
    assert!(!png.exists(), "a picture of a refused level");
    let o = run(&["--level", &path(&dir.join("none.json"))]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(run(&["--level"]).status.code(), Some(2));

    let o = run(&["--probe", "--level", &path(&good)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("| The tower | 3 | 221 |"), "{out}");
    assert_eq!(run(&["--probe", "--steps", "3"]).status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replay of a level of your own plays back on its level file (`--level`),
/// and is refused on another level's; `--watch` shows a replay in the window
/// (here headless: the viewer's options after it).
#[test]
fn a_replay_plays_on_its_level_file_and_in_the_window() {
    let dir = scratch("watch");
    // Level 2 as a file of the learner's, under another name, and its
    // bundled replay renamed to match.
    let level = dir.join("my-bridge.json");
    std::fs::write(&level, ch17_a_game::LEVELS[1].1).unwrap();
    let replay = dir.join("my-bridge.replay");
    let text = ch17_a_game::replay::REPLAYS[1]
        .1
        .replace("level 2-bridge", "level my-bridge");
    std::fs::write(&replay, text).unwrap();
    let o = run(&["--replay", &path(&replay), "--level", &path(&level)]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("level my-bridge"), "{out}");
    // Without the level file it cannot be played; with another, refused.
    let o = run(&["--replay", &path(&replay)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("give its file with --level")
    );
    let bundled = dir.join("1-tower.json");
    std::fs::write(&bundled, ch17_a_game::LEVELS[0].1).unwrap();
    let o = run(&["--replay", &path(&replay), "--level", &path(&bundled)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not `1-tower`"));
    let png = dir.join("watched.png");
    let o = run(&[
        "--replay",
        &path(&replay),
        "--level",
        &path(&level),
        "--watch",
        "--steps",
        "120",
        "--png",
        &path(&png),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(png.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
