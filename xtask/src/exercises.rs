//! `cargo xtask exercises [--watch]`: the exercises in order, like rustlings. Each
//! chapter with a learner's file `src/exercises.rs` is tested with `--features
//! exercises` (its library and tests, as `.ci/exercises` runs them); the checker
//! stops at the first chapter whose tests fail, names the first exercise still at
//! its `todo!`, where its hint is in the book, and the progress so far. `--watch`
//! runs it again whenever an `exercises.rs` is saved.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// One chapter's exercises: its package, its folder, and each exercise's number and
/// title, in the order the file gives them.
struct Chapter {
    package: String,
    dir: PathBuf,
    exercises: Vec<(String, String)>,
}

/// What one run found.
pub enum Outcome {
    /// Every exercise passes its chapter's tests.
    AllDone,
    /// Stopped at a chapter whose tests fail.
    Stopped,
}

/// The chapters with exercises, in chapter order.
fn chapters(root: &Path) -> Vec<Chapter> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("chapters"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let text =
                std::fs::read_to_string(dir.join("src/exercises.rs")).ok()?;
            let cargo = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            let package = cargo
                .lines()
                .find_map(|l| l.strip_prefix("name = \""))?
                .trim_end_matches('"')
                .to_string();
            // Each exercise's heading in its doc comment, "**Exercise N.k:
            // title.**" (or "N.k (a): ..." for a part), which stays when the
            // learner fills the stub in.
            let mut exercises: Vec<(String, String)> = Vec::new();
            for part in text.split("**Exercise ").skip(1) {
                let Some((label, rest)) = part.split_once(": ") else {
                    continue;
                };
                let number = label.split(' ').next().unwrap_or(label).to_string();
                let title = rest.split(".**").next().unwrap_or("").to_string();
                if !exercises.iter().any(|(n, _)| *n == number) {
                    exercises.push((number, title));
                }
            }
            Some(Chapter { package, dir, exercises })
        })
        .collect()
}

/// The chapter's page and the heading of exercise `number` on it, if the page has
/// one.
fn hint(root: &Path, chapter: &Chapter, number: &str) -> String {
    let slug = chapter
        .dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let page = format!("book/src/ch{slug}.md");
    let heading = std::fs::read_to_string(root.join(&page)).ok().and_then(|text| {
        text.lines()
            .find(|l| l.starts_with(&format!("### Exercise {number}:")))
            .map(|l| l.trim_start_matches("### ").to_string())
    });
    match heading {
        Some(h) => format!("{page}, \"{h}\" (the hint is folded under it)"),
        None => format!("{page}, section \"Exercises\""),
    }
}

/// Test one chapter against the learner's code; its output and whether it passed.
fn test(root: &Path, chapter: &Chapter) -> (bool, String) {
    let mut cmd = Command::new(env!("CARGO"));
    cmd.current_dir(root).args([
        "test",
        "--quiet",
        "-p",
        &chapter.package,
        "--features",
        "exercises",
        "--no-fail-fast",
        "--lib",
    ]);
    // Every test file but the command line's (which drives the binary and adds only
    // time): the `tests` binary, whose modules they are, less its `cli` module.
    if chapter.dir.join("tests/main.rs").exists() {
        cmd.args(["--test", "tests", "--", "--skip", "cli::"]);
    }
    cmd.env("PROPTEST_DISABLE_FAILURE_PERSISTENCE", "1");
    match cmd.output() {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            (out.status.success(), text)
        }
        Err(e) => (false, format!("cannot run cargo: {e}")),
    }
}

/// One pass over the exercises, printing progress; where it stopped.
pub fn run_once(root: &Path) -> Outcome {
    let chapters = chapters(root);
    let total: usize = chapters.iter().map(|c| c.exercises.len()).sum();
    let mut done = 0;
    for chapter in &chapters {
        let names: Vec<&str> =
            chapter.exercises.iter().map(|(n, _)| n.as_str()).collect();
        println!("{}: exercises {} ...", chapter.package, names.join(", "));
        let (passed, output) = test(root, chapter);
        if passed {
            done += chapter.exercises.len();
            println!(
                "  done: the chapter's tests pass with your code ({done} of {total})"
            );
            continue;
        }
        // The first exercise whose stub still stops at its todo!.
        let waiting = chapter.exercises.iter().find(|(n, _)| {
            output.contains(&format!("not yet implemented: exercise {n}:"))
        });
        match waiting {
            Some((number, title)) => {
                let written = chapter
                    .exercises
                    .iter()
                    .take_while(|(n, _)| n != number)
                    .count();
                done += written;
                println!(
                    "\nNext: exercise {number}, {title}, in {}",
                    rel(root, chapter)
                );
                println!(
                    "  It still stops at its todo!. The task is in its doc comment;"
                );
                println!("  the hint: {}", hint(root, chapter, number));
                if written > 0 {
                    let which = if written == 1 {
                        "The exercise before it in this chapter is".to_string()
                    } else {
                        format!(
                            "The {written} exercises before it in this chapter are"
                        )
                    };
                    println!(
                        "  ({which} written; the chapter's tests judge them once every stub in \
                         the file is filled in.)"
                    );
                }
            }
            None => {
                println!(
                    "\nYour code in {} runs, but the chapter's tests fail:",
                    rel(root, chapter)
                );
                for line in
                    output.lines().filter(|l| l.ends_with("FAILED")).take(10)
                {
                    println!("  {line}");
                }
                let shown: Vec<&str> = output
                    .lines()
                    .filter(|l| l.contains("panicked") || l.contains("assert"))
                    .take(6)
                    .collect();
                for line in shown {
                    println!("  {line}");
                }
                println!(
                    "  Run them yourself: cargo test -p {} --features exercises",
                    chapter.package
                );
            }
        }
        println!("\nProgress: {done} of {total} exercises done.");
        return Outcome::Stopped;
    }
    println!(
        "\nAll {total} exercises done: every chapter's tests pass with your code."
    );
    Outcome::AllDone
}

/// `src/exercises.rs` of a chapter, relative to the workspace.
fn rel(root: &Path, chapter: &Chapter) -> String {
    let path = chapter.dir.join("src/exercises.rs");
    path.strip_prefix(root).unwrap_or(&path).display().to_string()
}

/// The newest modification time of any chapter's `src/exercises.rs`.
fn newest(root: &Path) -> Option<SystemTime> {
    chapters(root)
        .iter()
        .filter_map(|c| std::fs::metadata(c.dir.join("src/exercises.rs")).ok())
        .filter_map(|m| m.modified().ok())
        .max()
}

/// Run, then again each time an `exercises.rs` is saved, until interrupted.
pub fn watch(root: &Path) -> ! {
    loop {
        let seen = newest(root);
        run_once(root);
        println!(
            "\nWatching chapters/*/src/exercises.rs: save one to check again (Ctrl-C stops)."
        );
        while newest(root) == seen {
            std::thread::sleep(Duration::from_millis(500));
        }
        println!(
            "\n----------------------------------------------------------------\n"
        );
    }
}
