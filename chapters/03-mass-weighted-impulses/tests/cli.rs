//! The command line, run as a learner runs it: the real binary, real files.

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ch03-mass-weighted-impulses"));
    c.env_remove("DISPLAY");
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch folder for this test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("ch03-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn list_demos_lists_them() {
    let o = run(&["--list-demos"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("billiards") && text.contains("ball-pit") && text.contains("cradle"),
        "{text}"
    );
}

#[test]
fn headless_writes_a_png_a_gif_and_a_trace() {
    let d = scratch("outputs");
    let (png, gif, csv) = (d.join("out.png"), d.join("out.gif"), d.join("out.csv"));
    let o = run(&[
        "--headless",
        "--steps",
        "30",
        "--png",
        png.to_str().unwrap(),
        "--gif",
        gif.to_str().unwrap(),
        "--trace",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = String::from_utf8_lossy(&o.stdout);
    assert!(
        summary.contains("30 steps") && summary.contains("kinetic energy"),
        "{summary}"
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    assert!(std::fs::read(&gif).unwrap().starts_with(b"GIF89a"));
    let rows = physics_core::trace::parse(&std::fs::read_to_string(&csv).unwrap()).unwrap();
    // Step 0 and 30 steps, 16 balls each (the billiards demo).
    assert_eq!(rows.len(), 31 * 16);
    assert_eq!(rows.last().unwrap().step, 30);
    assert_eq!(rows.last().unwrap().body, 15);
    // Only the output files, nothing half-written beside them.
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 3);
}

#[test]
fn the_same_run_gives_the_same_trace_bytes() {
    let d = scratch("determinism");
    let (a, b) = (d.join("a.csv"), d.join("b.csv"));
    for f in [&a, &b] {
        let o = run(&[
            "--demo",
            "ball-pit",
            "--steps",
            "60",
            "--trace",
            f.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn a_misspelt_scene_field_is_named_and_nothing_is_written() {
    let d = scratch("scene");
    let scene = d.join("bad.json");
    std::fs::write(
        &scene,
        r#"{ "gravity": [0, 0], "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "postion": [0, 0] } ] }"#,
    )
    .unwrap();
    let csv = d.join("out.csv");
    let o = run(&[
        "--scene",
        scene.to_str().unwrap(),
        "--trace",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("bodies[0]") && e.contains("postion"), "{e}");
    assert!(!csv.exists());
}

#[test]
fn a_good_scene_runs() {
    let d = scratch("goodscene");
    let scene = d.join("two.json");
    std::fs::write(
        &scene,
        r#"{ "gravity": [0, 0], "dt": 0.01, "bodies": [
            { "shape": { "circle": { "radius": 0.05 } }, "position": [0, 0], "velocity": [3, 0], "restitution": 1 },
            { "shape": { "circle": { "radius": 0.05 } }, "position": [0.5, 0.5], "velocity": [0, -1], "restitution": 1 } ] }"#,
    )
    .unwrap();
    let o = run(&[
        "--scene",
        scene.to_str().unwrap(),
        "--steps",
        "100",
        "--headless",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    // 100 steps of the scene's 0.01 s.
    assert!(out.contains("100 steps, 1.0000 s"), "{out}");
}

#[test]
fn bad_flags_exit_2_naming_flag_and_value() {
    for (args, needle) in [
        (&["--steps", "many"][..], "many"),
        (&["--dt", "0"][..], "--dt"),
        (&["--demo", "nope", "--headless"][..], "nope"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{}", stderr(&o));
    }
}

#[test]
fn a_missing_scene_file_is_an_error() {
    let o = run(&["--scene", "no/such/file.json", "--headless"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no/such/file.json"), "{}", stderr(&o));
}

#[test]
fn without_a_display_it_says_so_and_exits_2() {
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("no display") && e.contains("--headless"), "{e}");
    assert_eq!(e.lines().count(), 1, "one line: {e}");
}
