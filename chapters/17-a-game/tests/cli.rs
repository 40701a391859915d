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
    assert!(out.contains("score 3450, won"), "{out}");
    let bad = dir.join("drifted.replay");
    std::fs::write(
        &bad,
        text.replace("hash 120 6cd8632c674add64", "hash 120 6cd8632c674add65"),
    )
    .unwrap();
    let o = run(&bad, "1");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("first differs at step 120"), "{err}");
    let o = run(&dir.join("none.replay"), "1");
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
