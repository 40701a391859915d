//! The shared command line, checked against a chapter's real binary. Every
//! chapter's `tests/cli.rs` calls [`check_command_line`], so the flags, exit codes
//! and output files that learners script against behave the same in every chapter.

use physics_core::demo::{Chapter, DemoEntry};
use physics_core::scene::{BAD_SCENES, Feature};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Bin<'a> {
    exe: &'a Path,
    scratch: PathBuf,
}

impl Bin<'_> {
    fn run(&self, args: &[&str]) -> Output {
        Command::new(self.exe)
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", self.exe.display()))
    }

    fn file(&self, name: &str) -> PathBuf {
        self.scratch.join(name)
    }
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// Run the whole battery against `exe`, the binary of `chapter`. Panics with a
/// message naming the failed expectation.
pub fn check_command_line(exe: &Path, chapter: &Chapter) {
    let scratch = std::env::temp_dir().join(format!(
        "workbook-cli-{}-{}",
        chapter.package,
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let bin = Bin { exe, scratch };

    // The parts use files of their own, so they run at once, each on its own
    // thread: the runs of the demos and the GIF take most of the time, and the
    // refusals go by meanwhile.
    std::thread::scope(|scope| {
        scope.spawn(|| check_listing_and_outputs(&bin, chapter));
        scope.spawn(|| check_same_runs(&bin, chapter));
        check_refusals(&bin, chapter);
    });
    let _ = std::fs::remove_dir_all(&bin.scratch);
}

/// `--list-demos` lists every demo; a headless run writes its PNG, GIF and trace.
fn check_listing_and_outputs(bin: &Bin, chapter: &Chapter) {
    // --list-demos lists every demo.
    let o = bin.run(&["--list-demos"]);
    assert!(o.status.success(), "--list-demos failed: {}", stderr(&o));
    let listed = String::from_utf8_lossy(&o.stdout).into_owned();
    for d in chapter.demos {
        assert!(
            listed.lines().any(|l| l.split_whitespace().next() == Some(d.name)),
            "--list-demos does not list `{}`:\n{listed}",
            d.name
        );
    }

    // Headless: a PNG, a GIF and a complete trace, and nothing half-written beside
    // them. The GIF takes every tenth step: four frames, not thirty-one (finding
    // each frame's palette is most of the run's time).
    let out = bin.file("outputs");
    std::fs::create_dir_all(&out).unwrap();
    let (png, gif, csv) = (out.join("a.png"), out.join("a.gif"), out.join("a.csv"));
    let o = bin.run(&[
        "--headless",
        "--steps",
        "30",
        "--png",
        path(&png),
        "--gif",
        path(&gif),
        "--gif-every",
        "10",
        "--trace",
        path(&csv),
    ]);
    assert!(o.status.success(), "headless run failed: {}", stderr(&o));
    let summary = String::from_utf8_lossy(&o.stdout);
    assert!(
        summary.contains("30 steps") && summary.contains("kinetic energy"),
        "summary line: {summary}"
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let mut frames = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(&gif).unwrap())
        .expect("the GIF reads back");
    let mut count = 0;
    while frames.read_next_frame().expect("each GIF frame reads back").is_some() {
        count += 1;
    }
    assert_eq!(count, 4, "the GIF's frames: the start and steps 10, 20 and 30");
    let rows = physics_core::trace::parse(&std::fs::read_to_string(&csv).unwrap())
        .unwrap();
    let bodies = (chapter.demos[0].make)().bodies().len();
    assert_eq!(rows.len(), 31 * bodies, "step 0 and 30 steps of {bodies} bodies");
    assert_eq!(rows.last().unwrap().step, 30);
    assert_eq!(rows.last().unwrap().body, bodies - 1);
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 3, "only the three files");
}

/// Every demo run twice gives the same trace, byte for byte: 60 steps, or
/// 10 for a demo of more than 2,000 bodies. (A step of thousands of bodies
/// is slow in a debug build, and the chapters that have such demos test
/// their bits over hundreds of steps in release.)
fn check_same_runs(bin: &Bin, chapter: &Chapter) {
    // Separate processes, all started at once.
    let steps =
        |d: &DemoEntry| if (d.make)().bodies().len() > 2_000 { "10" } else { "60" };
    let runs: Vec<(&str, &str, &str)> = chapter
        .demos
        .iter()
        .flat_map(|d| {
            let n = steps(d);
            [(d.name, "x", n), (d.name, "y", n)]
        })
        .collect();
    physics_core::demo::each_at_once(&runs, |&(name, tag, steps)| {
        let f = bin.file(&format!("{name}-{tag}.csv"));
        let o = bin.run(&["--demo", name, "--steps", steps, "--trace", path(&f)]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
    });
    for d in chapter.demos {
        let trace = |tag: &str| {
            std::fs::read(bin.file(&format!("{}-{tag}.csv", d.name))).unwrap()
        };
        assert!(trace("x") == trace("y"), "{}: two runs differ", d.name);
    }
}

/// Bad scenes, bad flags and no display: refused with the right exit code and a
/// message naming what was wrong, and no output left behind.
fn check_refusals(bin: &Bin, chapter: &Chapter) {
    // A scene with a misspelt field: exit 1, the field named, no output file.
    let scene = bin.file("typo.json");
    std::fs::write(
        &scene,
        r#"{ "gravity": [0, 0], "bodies": [ { "shape": { "circle": { "radius": 0.1 } }, "postion": [0, 0] } ] }"#,
    )
    .unwrap();
    let never = bin.file("never.csv");
    let o = bin.run(&["--scene", path(&scene), "--trace", path(&never)]);
    assert_eq!(o.status.code(), Some(1), "misspelt scene: {}", stderr(&o));
    if chapter.from_scene.is_some() {
        let e = stderr(&o);
        assert!(e.contains("bodies[0]") && e.contains("postion"), "{e}");
    }
    assert!(!never.exists(), "a failed run wrote its trace");

    if chapter.from_scene.is_some() {
        check_bad_scenes(bin, chapter);
        check_adversarial_scenes(bin);
    }
    check_outputs(bin);
    check_events(bin, chapter);

    // /dev/zero as a scene: refused at once (not read until memory runs out), exit 1.
    let o = bin.run(&["--scene", "/dev/zero", "--headless"]);
    assert_eq!(o.status.code(), Some(1), "/dev/zero: {}", stderr(&o));
    if chapter.from_scene.is_some() {
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    }

    // A missing scene file: exit 1, the path named.
    let o = bin.run(&["--scene", "no/such/file.json", "--headless"]);
    assert_eq!(o.status.code(), Some(1));
    if chapter.from_scene.is_some() {
        assert!(stderr(&o).contains("no/such/file.json"), "{}", stderr(&o));
    }

    // Bad flags: exit 2 (not a panic's 101), naming the flag or value.
    for (args, needle) in [
        (&["--steps", "many"][..], "many"),
        (&["--steps", "-3"][..], "-3"),
        (&["--dt", "0"][..], "--dt"),
        (&["--dt", "NaN"][..], "NaN"),
        (&["--demo", "no-such-demo", "--headless"][..], "no-such-demo"),
    ] {
        let o = bin.run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }

    // --press: a switch key of the first demo works; a key that is no switch is
    // refused.
    let first = (chapter.demos[0].make)();
    if let Some(switch) = first.switches().first() {
        let key = switch.key.to_string();
        let o = bin.run(&["--headless", "--steps", "5", "--press", &key]);
        assert!(o.status.success(), "--press {key}: {}", stderr(&o));
    }
    let o = bin.run(&["--headless", "--steps", "5", "--press", "#"]);
    assert_eq!(o.status.code(), Some(2), "--press #: {}", stderr(&o));
    assert!(stderr(&o).contains("--press"), "{}", stderr(&o));

    // No display: one line that says so and how to run headless, exit 2.
    let o = bin.run(&[]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("no display") && e.contains("--headless"), "{e}");
    assert_eq!(e.lines().count(), 1, "one line: {e}");
}

/// Outputs that never lie: one path for two outputs is refused up front (exit 2); a
/// bad picture path fails before the run and leaves no trace; a symbolic link is
/// written through, and so are a device and a FIFO, never replaced; a closed
/// standard output is not a panic; an interrupted run exits 130 and leaves nothing
/// behind.
fn check_outputs(bin: &Bin) {
    use std::os::unix::fs::FileTypeExt;
    let dir = bin.file("outputs-2");
    std::fs::create_dir_all(&dir).unwrap();
    let count = || std::fs::read_dir(&dir).unwrap().count();

    let same = dir.join("same.csv");
    let o =
        bin.run(&["--steps", "5", "--trace", path(&same), "--png", path(&same)]);
    assert_eq!(o.status.code(), Some(2), "one path twice: {}", stderr(&o));
    assert!(stderr(&o).contains("same.csv"), "{}", stderr(&o));
    assert_eq!(count(), 0, "one path twice wrote a file");

    let trace = dir.join("t.csv");
    let o = bin.run(&[
        "--steps",
        "5",
        "--trace",
        path(&trace),
        "--png",
        "no/such/dir/x.png",
    ]);
    assert_eq!(o.status.code(), Some(1), "bad --png: {}", stderr(&o));
    assert!(stderr(&o).contains("no/such/dir/x.png"), "{}", stderr(&o));
    assert_eq!(count(), 0, "a failed run left a file");

    let link = dir.join("link.csv");
    std::os::unix::fs::symlink("real.csv", &link).unwrap();
    let o = bin.run(&["--steps", "5", "--trace", path(&link)]);
    assert!(o.status.success(), "through a link: {}", stderr(&o));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(
        std::fs::read_to_string(dir.join("real.csv")).unwrap().starts_with("step,")
    );

    let o = bin.run(&["--steps", "5", "--trace", "/dev/null"]);
    assert!(o.status.success(), "to /dev/null: {}", stderr(&o));
    let null = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(null.is_char_device(), "/dev/null is no longer a device");

    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        let o = bin.run(&["--steps", "5", "--trace", path(&fifo)]);
        assert!(o.status.success(), "into a FIFO: {}", stderr(&o));
        assert!(
            reader.join().unwrap().starts_with("step,"),
            "the FIFO's reader got no trace"
        );
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "the FIFO was replaced");
        std::fs::remove_file(&fifo).unwrap();
    }
    std::fs::remove_file(&link).unwrap();
    std::fs::remove_file(dir.join("real.csv")).unwrap();

    // A reader that goes away before the list is printed.
    let mut child = Command::new(bin.exe)
        .arg("--list-demos")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "closed pipe: {}", stderr(&o));

    // Ctrl-C in the middle of a long run with a trace.
    let long = dir.join("long.csv");
    let child = Command::new(bin.exe)
        .args(["--steps", "100000000", "--trace", path(&long)])
        .env_remove("DISPLAY")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once its trace's temporary file exists, the run is stepping (the handler is
    // set first).
    let started = std::time::Instant::now();
    while count() == 0 && started.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let sent =
        Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(sent.is_ok_and(|s| s.success()), "could not send SIGINT");
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "interrupted: {}", stderr(&o));
    assert_eq!(count(), 0, "an interrupted run left a file");
}

/// The scenes of the adversarial review (`checks/adversarial/`): each either runs
/// (exit 0, every number in its trace finite) or is refused by the loader (exit 1,
/// no trace); never a panic, never "a bug in the engine".
fn check_adversarial_scenes(bin: &Bin) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../checks/adversarial");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenes in {}", dir.display());
    // Separate processes with their own files: all started at once.
    physics_core::demo::each_at_once(&files, |scene| {
        let name = scene.file_name().unwrap().to_string_lossy();
        let trace = bin.file(&format!("adversarial-{name}.csv"));
        let o = bin.run(&[
            "--scene",
            path(scene),
            "--steps",
            "60",
            "--trace",
            path(&trace),
        ]);
        let e = stderr(&o);
        assert!(!e.contains("bug in the engine"), "{name}: {e}");
        match o.status.code() {
            Some(0) => {
                let text = std::fs::read_to_string(&trace).unwrap();
                let rows = physics_core::trace::parse(&text)
                    .unwrap_or_else(|e| panic!("{name}: an unreadable trace: {e}"));
                let finite = rows.iter().all(|r| {
                    let s = r.state;
                    s.position.is_finite()
                        && s.velocity.is_finite()
                        && s.angle.is_finite()
                });
                assert!(finite, "{name}: a non-finite number in the trace");
                std::fs::remove_file(&trace).unwrap();
            }
            Some(1) => {
                assert!(!trace.exists(), "{name}: refused, but a trace was written")
            }
            code => panic!("{name}: exit {code:?}: {e}"),
        }
    });
}

/// `--events`: from chapter 15 a CSV with its header; before it, refused
/// with exit code 2, naming chapter 15, and no file.
fn check_events(bin: &Bin, chapter: &Chapter) {
    let events = bin.file("events.csv");
    let o = bin.run(&["--steps", "30", "--events", path(&events)]);
    if chapter.number < crate::headless::EVENTS_FROM {
        assert_eq!(
            o.status.code(),
            Some(2),
            "--events before chapter 15: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("chapter 15"), "{}", stderr(&o));
        assert!(!events.exists(), "a refused --events left a file");
    } else {
        assert!(o.status.success(), "--events: {}", stderr(&o));
        let text = std::fs::read_to_string(&events).unwrap();
        let header = "step,kind,body_a,shape_a,body_b,shape_b,x,y,nx,ny,speed";
        assert_eq!(text.lines().next(), Some(header));
        for line in text.lines().skip(1) {
            assert_eq!(line.split(',').count(), 11, "{line}");
        }
    }
}

/// Every chapter that loads scenes refuses each of the scene format's bad examples
/// with exit code 1, a message naming the field and the value, and no output file;
/// a bad value in a part the chapter does not simulate (a polygon's corners in
/// chapter 8), naming also the chapter that adds that part.
fn check_bad_scenes(bin: &Bin, chapter: &Chapter) {
    let numbered: Vec<_> = BAD_SCENES.iter().enumerate().collect();
    physics_core::demo::each_at_once(&numbered, |&(i, (json, field, value))| {
        let scene = bin.file(&format!("bad-{i}.json"));
        std::fs::write(&scene, json).unwrap();
        let trace = bin.file(&format!("bad-{i}.csv"));
        let o = bin.run(&["--scene", path(&scene), "--trace", path(&trace)]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "bad scene {i} ({field}): {e}");
        assert!(
            e.contains(field) && e.contains(value),
            "bad scene {i}: the message should name `{field}` and `{value}`: {e}"
        );
        if let Some((feature, _)) =
            Feature::of_field(field).filter(|(f, _)| !chapter.supports.contains(f))
        {
            // A later chapter's part names that chapter; a plane, which
            // chapters 4 to 7 leave out, is refused as they refuse one.
            let (number, _) = feature.arrives_in();
            let refusal = if number > chapter.number {
                format!("arrives in chapter {number}")
            } else {
                "collides circles and boxes only".to_string()
            };
            assert!(
                e.contains(&refusal),
                "bad scene {i}: the message should say `{refusal}` for `{field}`: {e}"
            );
        }
        assert!(!trace.exists(), "bad scene {i} left a trace behind");
    });
}

/// Run `exe` on the scene file text `json` for `steps` steps and return its summary
/// line. Panics if the run fails.
pub fn run_scene(exe: &Path, json: &str, steps: u32) -> String {
    let dir =
        std::env::temp_dir().join(format!("workbook-scene-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("scene-{steps}.json"));
    std::fs::write(&file, json).unwrap();
    let o = Command::new(exe)
        .args(["--headless", "--steps", &steps.to_string(), "--scene", path(&file)])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(o.status.success(), "scene run failed: {}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}
