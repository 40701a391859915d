//! The command line, run as a learner runs it: the real binary, real files.

use ch17_a_game::demos::CHAPTER;
use std::path::Path;
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_ch17-a-game");

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
    let dir =
        std::env::temp_dir().join(format!("ch17-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
    let dir =
        std::env::temp_dir().join(format!("ch17-level-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("mine.json");
    std::fs::write(&good, ch17_a_game::LEVELS[0].1).unwrap();
    let png = dir.join("mine.png");
    let run = |args: &[&str]| Command::new(EXE).args(args).output().unwrap();
    let path = |p: &Path| p.to_str().unwrap().to_string();
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
