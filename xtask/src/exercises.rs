//! `cargo xtask exercises [--chapter N] [--watch]`: the learner's checker, like
//! rustlings. Every chapter with a learner's file `src/exercises.rs` is judged on
//! its own:
//!
//! - a stub that still stops at its `todo!("exercise N.k: ...")` is not done, read
//!   straight from the file, with no build: the chapter's tests would only stop
//!   there. When some of the chapter's stubs are written, the chapter is built (not
//!   tested) so that a compile error in them shows now, not when the last is
//!   filled;
//! - a chapter whose stubs are all filled is tested with `--features exercises`
//!   (its library and tests, as `.ci/exercises` runs them); its exercises are done
//!   when the tests pass.
//!
//! With no chapter it prints a table of every chapter, then names the first
//! exercise in the book's order not yet done, where its hint is, and the progress.
//! `--chapter N` judges chapter N alone. `--watch` runs it again whenever an
//! `exercises.rs` it judges is saved, and judges again only the chapters saved.
//! It exits with 0 when every exercise judged is done, 1 when one is not, and 2
//! for an argument it cannot take.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// What the command line asks for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `--chapter N`: the number, and the value as it was typed.
    pub chapter: Option<(u32, String)>,
    /// `--watch`.
    pub watch: bool,
}

/// The arguments after `exercises`: `--chapter N` (or `--chapter=N`; `6` and `06`
/// are the same chapter) and `--watch`, in any order. Anything else is an error
/// naming it.
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (arg.as_str(), None),
        };
        match (flag, inline) {
            ("--watch", None) => options.watch = true,
            ("--chapter", _) => {
                let value = inline.or_else(|| args.next().map(String::as_str));
                let value =
                    value.filter(|v| !v.is_empty() && !v.starts_with("--")).ok_or(
                        "`--chapter` needs a chapter number, as in `--chapter 6`",
                    )?;
                if options.chapter.is_some() {
                    let twice = "`--chapter` is given twice: judge one chapter, \
                                 or none for all of them";
                    return Err(twice.into());
                }
                options.chapter = Some((chapter_number(value)?, value.to_string()));
            }
            _ => {
                return Err(format!(
                    "unknown argument `{arg}` for `cargo xtask exercises`"
                ));
            }
        }
    }
    Ok(options)
}

/// The chapter a `--chapter` value names: digits only, leading zeros allowed.
fn chapter_number(value: &str) -> Result<u32, String> {
    let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| value.parse().ok()).flatten().ok_or_else(|| {
        format!(
            "bad value for `--chapter`: `{value}` is not a chapter number \
             (as in `--chapter 6` or `--chapter 06`)"
        )
    })
}

/// One exercise: its number (`6.1`) and title, from its doc comment's heading.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Exercise {
    number: String,
    title: String,
}

/// One chapter's exercises.
#[derive(Debug)]
pub struct Chapter {
    /// The number its folder starts with: 6 for `chapters/06-rotation-friction`.
    number: u32,
    package: String,
    dir: PathBuf,
    /// In the order the file gives them, each number once.
    exercises: Vec<Exercise>,
    /// How many stubs the untouched file has: one per heading, so an exercise in
    /// parts (`12.2 (a)`, `12.2 (b)`) has one per part.
    stubs: usize,
}

impl Chapter {
    fn file(&self) -> PathBuf {
        self.dir.join("src/exercises.rs")
    }
}

/// The exercises that a chapter's `exercises.rs` announces, each by the heading
/// of its stub's doc comment, `/// **Exercise N.k: title.**` (or `**Exercise N.k
/// (a): ...` for a part), which stays when the learner fills the stub in; and how
/// many headings there are, parts counted apart. The module's own doc (`//!`) may
/// mention an exercise without being one.
fn headings(text: &str) -> (Vec<Exercise>, usize) {
    let mut exercises: Vec<Exercise> = Vec::new();
    let mut stubs = 0;
    for line in text.lines().filter(|l| l.trim_start().starts_with("/// ")) {
        let Some((_, heading)) = line.split_once("**Exercise ") else {
            continue;
        };
        let Some((label, rest)) = heading.split_once(": ") else {
            continue;
        };
        stubs += 1;
        let number = label.split(' ').next().unwrap_or(label).to_string();
        if !exercises.iter().any(|e| e.number == number) {
            let title = rest.split(".**").next().unwrap_or("").to_string();
            exercises.push(Exercise { number, title });
        }
    }
    (exercises, stubs)
}

/// The chapters with exercises, in chapter order.
pub fn chapters(root: &Path) -> Vec<Chapter> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("chapters"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let name = dir.file_name()?.to_str()?;
            let number = name.split('-').next()?.parse().ok()?;
            let text =
                std::fs::read_to_string(dir.join("src/exercises.rs")).ok()?;
            let cargo = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
            let package = cargo
                .lines()
                .find_map(|l| l.strip_prefix("name = \""))?
                .trim_end_matches('"')
                .to_string();
            let (exercises, stubs) = headings(&text);
            Some(Chapter { number, package, dir, exercises, stubs })
        })
        .collect()
}

/// The chapter `--chapter` names, or an error naming the value and the chapters
/// there are.
pub fn select(
    chapters: &[Chapter],
    (number, typed): &(u32, String),
) -> Result<u32, String> {
    if chapters.iter().any(|c| c.number == *number) {
        return Ok(*number);
    }
    let numbers: Vec<u32> = chapters.iter().map(|c| c.number).collect();
    let there = match (numbers.first(), numbers.last()) {
        (Some(first), Some(last))
            if numbers.windows(2).all(|w| w[1] == w[0] + 1) && first != last =>
        {
            format!("the chapters with exercises are {first} to {last}")
        }
        (Some(_), _) => {
            let list: Vec<String> = numbers.iter().map(u32::to_string).collect();
            format!("the chapters with exercises are {}", list.join(", "))
        }
        (None, _) => "no chapter has exercises".to_string(),
    };
    Err(format!("unknown chapter in `--chapter {typed}`: {there}"))
}

/// `source` with its comments blanked out and everything else kept, so that a
/// `todo!` that a comment mentions (or the learner commented out) is not taken for
/// a stub. Strings and character literals are skipped whole, so a `//` in a string
/// is not a comment; block comments nest, as Rust's do.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    // Copy chars[from..to] as they are.
    let copy = |out: &mut String, from: usize, to: usize| {
        out.extend(&chars[from..to.min(chars.len())]);
    };
    // Blank chars[from..to], keeping the line breaks.
    let blank = |out: &mut String, from: usize, to: usize| {
        out.extend(
            chars[from..to.min(chars.len())]
                .iter()
                .map(|&c| if c == '\n' { '\n' } else { ' ' }),
        );
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start = i;
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            blank(&mut out, start, i);
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            blank(&mut out, start, i);
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            // A raw string, r"..." or r#"..."#: no escapes, ends at the quote and
            // as many #s.
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) == Some(&'"') {
                i += 2 + hashes;
                while i < chars.len() {
                    let closes = chars[i] == '"'
                        && chars[i + 1..].iter().take_while(|&&c| c == '#').count()
                            >= hashes;
                    i += 1;
                    if closes {
                        i += hashes;
                        break;
                    }
                }
            } else {
                i += 1;
            }
            copy(&mut out, start, i);
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            copy(&mut out, start, i);
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
            copy(&mut out, start, i);
        } else {
            i += 1;
            copy(&mut out, start, i);
        }
    }
    out
}

/// One entry per stub in `code` (comments already blanked out) that still stops
/// at its `todo!("exercise N.k: ...")`: the exercise's number.
fn todo_markers(code: &str) -> Vec<String> {
    code.match_indices("todo!")
        .filter_map(|(at, _)| {
            let rest = code[at + "todo!".len()..].trim_start().strip_prefix('(')?;
            let rest = rest.trim_start().strip_prefix("\"exercise ")?;
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            (!number.is_empty()).then_some(number)
        })
        .collect()
}

/// How far a chapter's file is filled in, read from its text alone.
#[derive(Debug, PartialEq, Eq)]
struct Stubs {
    /// The exercises with a stub still at its `todo!`, each once, in file order.
    waiting: Vec<String>,
    /// Whether the learner has filled in at least one stub.
    written: bool,
}

fn stubs(chapter: &Chapter, source: &str) -> Stubs {
    let markers = todo_markers(&code_only(source));
    let mut waiting: Vec<String> = Vec::new();
    for number in &markers {
        if !waiting.contains(number) {
            waiting.push(number.clone());
        }
    }
    Stubs { waiting, written: markers.len() < chapter.stubs }
}

/// Where one chapter stands.
#[derive(Debug, Clone)]
enum Verdict {
    /// Some stubs still stop at their `todo!`: the exercises they are in. The
    /// tests are not run, as they would stop there. `errors`: the compiler's
    /// errors, when the stubs written so far do not build.
    Unfinished { waiting: Vec<String>, errors: Vec<String> },
    /// Every stub is filled in and the chapter's tests pass.
    Done,
    /// Every stub is filled in, but the tests fail (or do not build): their
    /// output.
    Failing { output: String },
}

/// Run `cargo test` on one chapter with the learner's code (`--no-run`: only
/// build it); whether it succeeded, and its output.
fn cargo_test(root: &Path, chapter: &Chapter, no_run: bool) -> (bool, String) {
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
    let tests_binary = chapter.dir.join("tests/main.rs").exists();
    if tests_binary {
        cmd.args(["--test", "tests"]);
    }
    if no_run {
        cmd.arg("--no-run");
    } else if tests_binary {
        cmd.args(["--", "--skip", "cli::"]);
    }
    cmd.env("PROPTEST_DISABLE_FAILURE_PERSISTENCE", "1");
    // The summary shows each panic's place and message; a backtrace per panic
    // would only slow a run that panics often, as a wrong stub under proptest does.
    cmd.env("RUST_BACKTRACE", "0");
    match cmd.output() {
        Ok(out) => {
            let text = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            (out.status.success(), text)
        }
        Err(e) => (false, format!("error: cannot run cargo: {e}")),
    }
}

/// The compiler's errors in cargo's `output`, each with the line saying where, if
/// the build failed; none if it built (the tests may still have failed). An error
/// at a place already given is left out: the library and its unit tests are two
/// builds of the same file, and both report it.
fn compile_errors(output: &str) -> Vec<String> {
    if !output.contains("error: could not compile") {
        return Vec::new();
    }
    let lines: Vec<&str> = output.lines().collect();
    let mut errors = Vec::new();
    let mut places = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let cargo_says = line.starts_with("error: could not compile")
            || line.starts_with("error: test failed")
            || (line.starts_with("error: ") && line.contains("targets failed"));
        if !line.starts_with("error") || cargo_says {
            continue;
        }
        let place = lines
            .get(i + 1)
            .map(|l| l.trim_start())
            .filter(|l| l.starts_with("-->"));
        let key = place.unwrap_or(line);
        if places.contains(&key) {
            continue;
        }
        places.push(key);
        errors.push(line.to_string());
        if let Some(place) = place {
            errors.push(format!("  {place}"));
        }
    }
    errors
}

/// Each distinct panic in a test run's `output`: where, and the first six lines of
/// its message (an assertion and its values; a judged exercise's case, expected
/// and got values, and what to reread), each cut to `width` characters.
fn panics(output: &str, width: usize) -> Vec<String> {
    let lines: Vec<&str> = output.lines().collect();
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find("panicked at ") else {
            continue;
        };
        let place = line[at + "panicked at ".len()..].trim_end_matches(':');
        let message: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| {
                !l.is_empty()
                    && !l.starts_with("note:")
                    && !l.starts_with("thread ")
                    && !l.starts_with("test ")
                    && !l.starts_with("---- ")
                    && !l.starts_with("stack backtrace:")
            })
            .take(6)
            .copied()
            .collect();
        let key = (place, message.first().copied());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        out.push(format!("panicked at {place}:"));
        for m in message {
            let cut: String = m.chars().take(width).collect();
            let more = if cut.len() < m.len() { " ..." } else { "" };
            out.push(format!("  {cut}{more}"));
        }
    }
    out
}

/// Judge one chapter: from its file while stubs are left, by its tests once none
/// are.
fn judge(root: &Path, chapter: &Chapter) -> Verdict {
    let source = std::fs::read_to_string(chapter.file()).unwrap_or_default();
    let Stubs { waiting, written } = stubs(chapter, &source);
    if !waiting.is_empty() {
        let errors = if written {
            compile_errors(&cargo_test(root, chapter, true).1)
        } else {
            Vec::new()
        };
        return Verdict::Unfinished { waiting, errors };
    }
    match cargo_test(root, chapter, false) {
        (true, _) => Verdict::Done,
        (false, output) => Verdict::Failing { output },
    }
}

/// The verdicts reached so far in this session, each with the modification time
/// of its chapter's `exercises.rs` when it was judged. A chapter's verdict depends
/// on its own file alone (a chapter builds on the earlier ones without their
/// exercises), so `--watch` judges again only the chapters whose file was saved.
#[derive(Default)]
pub struct Memory(Vec<(PathBuf, SystemTime, Verdict)>);

impl Memory {
    /// The chapter's verdict: the one remembered if its file is as it was then,
    /// else judged now.
    fn judge(&mut self, root: &Path, chapter: &Chapter) -> Verdict {
        let file = chapter.file();
        let stamp = modified(&file);
        let known = self.0.iter().find(|(f, s, _)| *f == file && Some(*s) == stamp);
        if let Some((_, _, verdict)) = known {
            return verdict.clone();
        }
        let verdict = judge(root, chapter);
        self.0.retain(|(f, _, _)| *f != file);
        if let Some(stamp) = stamp {
            self.0.push((file, stamp, verdict.clone()));
        }
        verdict
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// How many of the chapter's exercises are done: all of them once its tests pass,
/// none before (a stub's code is judged with the chapter's others).
fn done(chapter: &Chapter, verdict: &Verdict) -> usize {
    match verdict {
        Verdict::Done => chapter.exercises.len(),
        _ => 0,
    }
}

/// The exercises written but not judged yet, as other stubs of their chapter
/// still stop at their `todo!`.
fn written_unjudged<'a>(chapter: &'a Chapter, verdict: &Verdict) -> Vec<&'a str> {
    match verdict {
        Verdict::Unfinished { waiting, .. } => chapter
            .exercises
            .iter()
            .filter(|e| !waiting.contains(&e.number))
            .map(|e| e.number.as_str())
            .collect(),
        _ => Vec::new(),
    }
}

/// The whole book's progress: exercises done, exercises in all, those written
/// but not judged yet, and the first chapter (index into `judged`) with one not
/// done. Each chapter counts on its own: one not finished holds back none after.
fn progress(
    judged: &[(&Chapter, Verdict)],
) -> (usize, usize, usize, Option<usize>) {
    let done_all = judged.iter().map(|(c, v)| done(c, v)).sum();
    let total = judged.iter().map(|(c, _)| c.exercises.len()).sum();
    let written = judged.iter().map(|(c, v)| written_unjudged(c, v).len()).sum();
    let next = judged.iter().position(|(_, v)| !matches!(v, Verdict::Done));
    (done_all, total, written, next)
}

/// The table's last column for a chapter: what to do next in it.
fn next_column(chapter: &Chapter, verdict: &Verdict) -> String {
    match verdict {
        Verdict::Done => "-".to_string(),
        Verdict::Unfinished { waiting, errors } => {
            let first = &waiting[0];
            let title = chapter
                .exercises
                .iter()
                .find(|e| &e.number == first)
                .map_or("", |e| e.title.as_str());
            let mut notes = Vec::new();
            let written = written_unjudged(chapter, verdict);
            if !written.is_empty() {
                notes.push(format!("{} written", and_list(&written)));
            }
            if !errors.is_empty() {
                notes.push("does not build".to_string());
            }
            if notes.is_empty() {
                format!("{first} {title}")
            } else {
                format!("{first} {title} ({})", notes.join(", "))
            }
        }
        Verdict::Failing { output } if !compile_errors(output).is_empty() => {
            "all written; does not build".to_string()
        }
        Verdict::Failing { .. } => "all written; its tests fail".to_string(),
    }
}

/// One exercise's state, for `--chapter`.
fn exercise_state(exercise: &Exercise, verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Done => "done",
        Verdict::Unfinished { waiting, .. }
            if waiting.contains(&exercise.number) =>
        {
            "to do: stops at its todo!"
        }
        Verdict::Unfinished { .. } => {
            "written: judged once the chapter's stubs are all filled in"
        }
        Verdict::Failing { output } if !compile_errors(output).is_empty() => {
            "written: the chapter does not build"
        }
        Verdict::Failing { .. } => "written: the chapter's tests fail",
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
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

/// What to do next in a chapter not done: the exercise and its hint, or why its
/// code does not build or pass.
fn explain(root: &Path, chapter: &Chapter, verdict: &Verdict) {
    match verdict {
        Verdict::Done => {}
        Verdict::Unfinished { waiting, errors } => {
            let number = &waiting[0];
            let title = chapter
                .exercises
                .iter()
                .find(|e| &e.number == number)
                .map_or("", |e| e.title.as_str());
            println!(
                "\nNext: exercise {number}, {title}, in {}",
                rel(root, chapter)
            );
            println!(
                "  It still stops at its todo!. The task is in its doc comment;"
            );
            println!("  the hint: {}", hint(root, chapter, number));
            let written = written_unjudged(chapter, verdict);
            if !written.is_empty() {
                let verb = if written.len() == 1 { "is" } else { "are" };
                println!(
                    "  ({} {verb} written; the chapter's tests judge the chapter's \
                     exercises once every stub in the file is filled in.)",
                    and_list(&written)
                );
                if chapter.dir.join("tests/exercises.rs").exists() {
                    println!(
                        "  Each exercise's own tests judge it alone now: cargo test -p {} \
                         --test tests --features exercises exercises::",
                        chapter.package
                    );
                }
            }
            if !errors.is_empty() {
                println!("  But the code written so far does not build:");
                for line in errors.iter().take(12) {
                    println!("    {line}");
                }
                println!(
                    "  See it all: cargo build -p {} --features exercises",
                    chapter.package
                );
            }
        }
        Verdict::Failing { output } => {
            let errors = compile_errors(output);
            if !errors.is_empty() {
                println!("\nYour code in {} does not build:", rel(root, chapter));
                for line in errors.iter().take(12) {
                    println!("  {line}");
                }
            } else {
                println!(
                    "\nYour code in {} runs, but the chapter's tests fail:",
                    rel(root, chapter)
                );
                let failed: Vec<&str> =
                    output.lines().filter(|l| l.ends_with("FAILED")).collect();
                for line in failed.iter().take(10) {
                    println!("  {line}");
                }
                if failed.len() > 10 {
                    println!("  ... and {} more", failed.len() - 10);
                }
                for line in panics(output, 100).iter().take(21) {
                    println!("  {line}");
                }
            }
            println!(
                "  Run them yourself: cargo test -p {} --features exercises",
                chapter.package
            );
        }
    }
}

/// One pass: every chapter as a table, or chapter `only` exercise by exercise;
/// then what to do next. Whether everything judged is done.
pub fn run_once(root: &Path, only: Option<u32>, memory: &mut Memory) -> bool {
    let chapters: Vec<Chapter> = chapters(root)
        .into_iter()
        .filter(|c| only.is_none_or(|n| c.number == n))
        .collect();
    match only {
        Some(_) => chapter_pass(root, &chapters, memory),
        None => book_pass(root, &chapters, memory),
    }
}

/// Every chapter, a row each as it is judged, then the first not done.
fn book_pass(root: &Path, chapters: &[Chapter], memory: &mut Memory) -> bool {
    let lists: Vec<String> = chapters
        .iter()
        .map(|c| {
            let numbers: Vec<&str> =
                c.exercises.iter().map(|e| e.number.as_str()).collect();
            numbers.join(", ")
        })
        .collect();
    let name_width =
        chapters.iter().map(|c| c.package.len()).max().unwrap_or(0).max(7);
    let list_width = lists.iter().map(String::len).max().unwrap_or(0).max(9);
    println!(
        "{:name_width$}  {:list_width$}  {:8}  next",
        "chapter", "exercises", "done"
    );
    let mut judged = Vec::new();
    for (chapter, list) in chapters.iter().zip(&lists) {
        let verdict = memory.judge(root, chapter);
        let count =
            format!("{} of {}", done(chapter, &verdict), chapter.exercises.len());
        println!(
            "{:name_width$}  {list:list_width$}  {count:8}  {}",
            chapter.package,
            next_column(chapter, &verdict)
        );
        judged.push((chapter, verdict));
    }
    let (done_all, total, written, next) = progress(&judged);
    if let Some(i) = next {
        let (chapter, verdict) = &judged[i];
        explain(root, chapter, verdict);
    }
    let more = match written {
        0 => String::new(),
        1 => "; 1 more is written, judged once its chapter's stubs are all \
              filled in"
            .to_string(),
        n => format!(
            "; {n} more are written, judged once their chapters' stubs are all \
             filled in"
        ),
    };
    if next.is_none() {
        println!(
            "\nAll {total} exercises done: every chapter's tests pass with your code."
        );
        return true;
    }
    println!("\nProgress: {done_all} of {total} exercises done{more}.");
    println!("One chapter alone: cargo xtask exercises --chapter N");
    false
}

/// One chapter, exercise by exercise.
fn chapter_pass(root: &Path, chapters: &[Chapter], memory: &mut Memory) -> bool {
    let Some(chapter) = chapters.first() else {
        return false;
    };
    println!("Chapter {}, {}:", chapter.number, rel(root, chapter));
    let verdict = memory.judge(root, chapter);
    let width = chapter.exercises.iter().map(|e| e.title.len()).max().unwrap_or(0);
    for exercise in &chapter.exercises {
        println!(
            "  {:5} {:width$}  {}",
            exercise.number,
            exercise.title,
            exercise_state(exercise, &verdict)
        );
    }
    explain(root, chapter, &verdict);
    let (n, total) = (done(chapter, &verdict), chapter.exercises.len());
    if matches!(verdict, Verdict::Done) {
        println!(
            "\nChapter {}: all {total} exercises done: its tests pass with your code.",
            chapter.number
        );
        true
    } else {
        println!("\nChapter {}: {n} of {total} exercises done.", chapter.number);
        false
    }
}

/// `src/exercises.rs` of a chapter, relative to the workspace.
fn rel(root: &Path, chapter: &Chapter) -> String {
    let path = chapter.file();
    path.strip_prefix(root).unwrap_or(&path).display().to_string()
}

/// The newest modification time of the judged chapters' `src/exercises.rs`.
fn newest(root: &Path, only: Option<u32>) -> Option<SystemTime> {
    chapters(root)
        .iter()
        .filter(|c| only.is_none_or(|n| c.number == n))
        .filter_map(|c| modified(&c.file()))
        .max()
}

/// Run, then again each time a judged `exercises.rs` is saved, until interrupted;
/// each time, only the chapters whose file was saved are judged again.
pub fn watch(root: &Path, only: Option<u32>) -> ! {
    let mut memory = Memory::default();
    let which = match only {
        Some(n) => format!("chapter {n}'s src/exercises.rs: save it"),
        None => "chapters/*/src/exercises.rs: save one".to_string(),
    };
    loop {
        let seen = newest(root, only);
        run_once(root, only, &mut memory);
        println!("\nWatching {which} to check again (Ctrl-C stops).");
        while newest(root, only) == seen {
            std::thread::sleep(Duration::from_millis(500));
        }
        println!(
            "\n----------------------------------------------------------------\n"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    /// A chapter with these exercises (`12.2 (a)` is a part of 12.2), with no
    /// files behind it.
    fn chapter(number: u32, labels: &[&str]) -> Chapter {
        let text: String = labels
            .iter()
            .map(|l| format!("/// **Exercise {l}: t{l}.** x\n"))
            .collect();
        let (exercises, stubs) = headings(&text);
        Chapter {
            number,
            package: format!("ch{number:02}-x"),
            dir: PathBuf::from(format!("chapters/{number:02}-x")),
            exercises,
            stubs,
        }
    }

    fn unfinished(waiting: &[&str]) -> Verdict {
        Verdict::Unfinished {
            waiting: waiting.iter().map(|w| w.to_string()).collect(),
            errors: Vec::new(),
        }
    }

    #[test]
    fn reads_the_chapter_and_the_watch_flag() {
        let parsed = |line: &str| parse_args(&args(line)).unwrap();
        assert_eq!(parsed(""), Options::default());
        assert_eq!(parsed("--watch"), Options { chapter: None, watch: true });
        for (line, number, typed) in [
            ("--chapter 6", 6, "6"),
            ("--chapter 06", 6, "06"),
            ("--chapter=06", 6, "06"),
            ("--chapter 14", 14, "14"),
        ] {
            assert_eq!(
                parsed(line),
                Options { chapter: Some((number, typed.into())), watch: false },
                "{line}"
            );
        }
        let both = Options { chapter: Some((9, "9".into())), watch: true };
        assert_eq!(parsed("--watch --chapter 9"), both);
        assert_eq!(parsed("--chapter 9 --watch"), both);
    }

    #[test]
    fn a_bad_chapter_value_is_an_error_naming_it() {
        for value in
            ["abc", "6.1", "-1", "+6", "ch06", "06-rotation-friction", "6a"]
        {
            let e = parse_args(&args(&format!("--chapter {value}"))).unwrap_err();
            assert!(
                e.contains("--chapter") && e.contains(&format!("`{value}`")),
                "{e}"
            );
        }
        // Too big for any chapter to have.
        assert!(parse_args(&args("--chapter 99999999999")).is_err());
        for line in ["--chapter", "--chapter --watch", "--chapter="] {
            let e = parse_args(&args(line)).unwrap_err();
            assert!(e.contains("needs a chapter number"), "{line}: {e}");
        }
        let e = parse_args(&args("--chapter 6 --chapter 7")).unwrap_err();
        assert!(e.contains("twice"), "{e}");
    }

    #[test]
    fn an_unknown_argument_is_an_error_naming_it() {
        for line in
            ["--bogus", "ch06", "6", "--watch=yes", "--watch -w", "--chapters 6"]
        {
            let e = parse_args(&args(line)).unwrap_err();
            let bad = line.split_whitespace().last().unwrap();
            let bad = if line == "--chapters 6" { "--chapters" } else { bad };
            assert!(
                e.contains(&format!("unknown argument `{bad}`")),
                "{line}: {e}"
            );
        }
    }

    #[test]
    fn an_unknown_chapter_is_an_error_naming_the_value() {
        let all: Vec<Chapter> = (1..=14).map(|n| chapter(n, &["1"])).collect();
        assert_eq!(select(&all, &(6, "06".into())), Ok(6));
        let e = select(&all, &(99, "99".into())).unwrap_err();
        assert_eq!(
            e,
            "unknown chapter in `--chapter 99`: the chapters with exercises are 1 to 14"
        );
        let e = select(&all, &(0, "000".into())).unwrap_err();
        assert!(e.contains("`--chapter 000`"), "{e}");
        let some = vec![chapter(1, &["1.1"]), chapter(3, &["3.1"])];
        let e = select(&some, &(2, "2".into())).unwrap_err();
        assert!(e.ends_with("the chapters with exercises are 1, 3"), "{e}");
    }

    #[test]
    fn reads_the_exercises_and_their_parts_from_the_headings() {
        let text = "//! **Exercise 12.1: x.** is mentioned here too\n\
                    /// **Exercise 12.1: the speculative margin.** Bound it.\n\
                    /// **Exercise 12.2 (a): the closing speed.** How fast.\n\
                    /// **Exercise 12.2 (b): one advancement.** How far.\n";
        let (exercises, stubs) = headings(text);
        let numbers: Vec<&str> =
            exercises.iter().map(|e| e.number.as_str()).collect();
        assert_eq!(numbers, ["12.1", "12.2"]);
        assert_eq!(exercises[0].title, "the speculative margin");
        assert_eq!(exercises[1].title, "the closing speed");
        // One per stub: the module doc's mention is not one.
        assert_eq!(stubs, 3);
    }

    /// A stub file as the chapters write them, with `body` for exercise 1.1's
    /// stub and 1.2 untouched.
    fn stub_file(body: &str) -> String {
        format!(
            r#"//! Replace each `let _ = ...; todo!(...)` with your code.

macro_rules! todo {{
    ($message:literal) => {{
        physics_core::exercise::todo($message)
    }};
}}

/// **Exercise 1.1: integrate.** Move it.
pub fn integrate(p: &mut Particle, dt: f32) {{
{body}
}}

/// **Exercise 1.2: bounce.** Flip it.
pub fn bounce(p: &mut Particle, h: f32) -> u32 {{
    let _ = (p, h); // the parameters; delete this line
    todo!(
        "exercise 1.2: bounce — see book/src/ch01-pong-particles.md, section \"B\""
    )
}}
"#
        )
    }

    #[test]
    fn a_stub_at_its_todo_is_waiting_and_a_filled_one_is_written() {
        let ch = chapter(1, &["1.1", "1.2"]);
        let untouched = stub_file(
            "    let _ = (p, dt);\n    todo!(\n        \"exercise 1.1: integrate — see \
             book\"\n    )",
        );
        assert_eq!(
            stubs(&ch, &untouched),
            Stubs { waiting: vec!["1.1".into(), "1.2".into()], written: false }
        );
        let on_one_line = stub_file("    todo!(\"exercise 1.1: integrate\")");
        assert_eq!(stubs(&ch, &on_one_line).waiting, ["1.1", "1.2"]);
        // Filled in, or the todo! left only in a comment: written.
        for body in [
            "    p.x += p.v * dt;",
            "    p.x += p.v * dt; // todo!(\"exercise 1.1: integrate\")",
            "    /* todo!(\"exercise 1.1: x\") /* nested */ still out */ p.x += p.v * dt;",
            "    // todo!(\n    //     \"exercise 1.1: integrate\"\n    // )\n    p.x += 1.0;",
            "    let s = \"// not a comment\"; let c = '\"'; p.x += dt; // todo!(\"exercise 1.1:\")",
            "    let s = r#\"a \" // b\"#; let q: &'static str = s; p.x += dt;",
            "    std::todo!(\"later\")",
        ] {
            assert_eq!(
                stubs(&ch, &stub_file(body)),
                Stubs { waiting: vec!["1.2".into()], written: true },
                "{body}"
            );
        }
        // A todo! in a string is not a stub; after it, 1.2's still counts.
        let quoted = stub_file("    let s = \"todo!(\\\"exercise 1.1: x\\\")\";");
        assert_eq!(stubs(&ch, &quoted).waiting, ["1.2"]);
    }

    #[test]
    fn an_exercise_in_parts_waits_until_both_are_filled() {
        let ch = chapter(12, &["12.1", "12.2 (a)", "12.2 (b)"]);
        let file = |a: &str, b: &str| {
            format!(
                "fn motion_bound() {{ todo!(\"exercise 12.1: m\") }}\n\
                 fn closing_speed() {{ {a} }}\nfn advance() {{ {b} }}\n"
            )
        };
        let stub = "todo!(\"exercise 12.2: x\")";
        assert_eq!(
            stubs(&ch, &file(stub, stub)),
            Stubs { waiting: vec!["12.1".into(), "12.2".into()], written: false }
        );
        assert_eq!(
            stubs(&ch, &file("1.0", stub)),
            Stubs { waiting: vec!["12.1".into(), "12.2".into()], written: true }
        );
        assert_eq!(stubs(&ch, &file("1.0", "2.0")).waiting, ["12.1"]);
    }

    #[test]
    fn each_chapter_is_credited_on_its_own() {
        let chapters = [
            chapter(1, &["1.1", "1.2"]),
            chapter(2, &["2.1", "2.2", "2.3"]),
            chapter(3, &["3.1", "3.2"]),
            chapter(4, &["4.1", "4.2"]),
            chapter(5, &["5.1", "5.2"]),
        ];
        let judged = vec![
            // 1.1 written, 1.2 not yet.
            (&chapters[0], unfinished(&["1.2"])),
            (&chapters[1], Verdict::Done),
            (&chapters[2], Verdict::Failing { output: "test x ... FAILED".into() }),
            (&chapters[3], unfinished(&["4.1", "4.2"])),
            (&chapters[4], Verdict::Done),
        ];
        // Chapters 2 and 5 count although chapter 1 is not finished; 1.1 is written
        // but waits for 1.2 to be judged.
        assert_eq!(progress(&judged), (5, 11, 1, Some(0)));
        assert_eq!(progress(&judged[1..]), (5, 9, 0, Some(1)));
        assert_eq!(progress(&judged[4..]), (2, 2, 0, None));
        assert_eq!(progress(&[]), (0, 0, 0, None));

        let column: Vec<String> =
            judged.iter().map(|(c, v)| next_column(c, v)).collect();
        assert_eq!(
            column,
            [
                "1.2 t1.2 (1.1 written)",
                "-",
                "all written; its tests fail",
                "4.1 t4.1",
                "-",
            ]
        );
        let states: Vec<&str> = chapters[0]
            .exercises
            .iter()
            .map(|e| exercise_state(e, &judged[0].1))
            .collect();
        assert_eq!(
            states,
            [
                "written: judged once the chapter's stubs are all filled in",
                "to do: stops at its todo!"
            ]
        );
    }

    #[test]
    fn tells_a_compile_error_from_a_failing_test() {
        let built_failed = "error[E0308]: mismatched types\n  \
            --> chapters/01-pong-particles/src/exercises.rs:33:5\n   |\n\
            33 |     1.0\n   |     ^^^ expected `()`, found floating-point number\n\n\
            error: could not compile `ch01-pong-particles` (lib) due to 1 previous error\n\
            error: 2 targets failed:\n    `--lib`\n    `--test tests`\n";
        assert_eq!(
            compile_errors(built_failed),
            [
                "error[E0308]: mismatched types",
                "  --> chapters/01-pong-particles/src/exercises.rs:33:5",
            ]
        );
        let ch = chapter(1, &["1.1", "1.2"]);
        let failing = Verdict::Failing { output: built_failed.into() };
        assert_eq!(next_column(&ch, &failing), "all written; does not build");
        assert_eq!(
            exercise_state(&ch.exercises[0], &failing),
            "written: the chapter does not build"
        );
        // The library and its unit tests report the same error: shown once.
        let twice = format!(
            "{built_failed}error[E0308]: mismatched types\n  \
             --> chapters/01-pong-particles/src/exercises.rs:33:5\n"
        );
        assert_eq!(compile_errors(&twice).len(), 2);
        let tests_failed = "test a ... FAILED\nthread 'a' panicked at src/lib.rs:9:5\n\
            error: test failed, to rerun pass `--lib`\n";
        assert!(compile_errors(tests_failed).is_empty());
        let unbuilt = Verdict::Unfinished {
            waiting: vec!["1.2".into()],
            errors: compile_errors(built_failed),
        };
        assert_eq!(
            next_column(&ch, &unbuilt),
            "1.2 t1.2 (1.1 written, does not build)"
        );
    }

    #[test]
    fn shows_each_panic_once_with_its_message() {
        let output = "test a ... FAILED\ntest b ... FAILED\n\n---- a stdout ----\n\
            thread 'a' (7) panicked at chapters/09-joints/src/lib.rs:1030:9:\n\
            assertion `left == right` failed\n  left: 1\n right: 2\n\
            note: run with `RUST_BACKTRACE=1` to see a backtrace\n\n\
            ---- b stdout ----\n\
            thread 'b' (8) panicked at chapters/09-joints/src/lib.rs:1030:9:\n\
            assertion `left == right` failed\n  left: 1\n right: 2\n\
            thread 'c' (9) panicked at src/exercises.rs:36:5:\n\
            not implemented: exercise 9.1 and a message far too long to show whole\n";
        assert_eq!(
            panics(output, 40),
            [
                "panicked at chapters/09-joints/src/lib.rs:1030:9:",
                "  assertion `left == right` failed",
                "    left: 1",
                "   right: 2",
                "panicked at src/exercises.rs:36:5:",
                "  not implemented: exercise 9.1 and a mess ...",
            ]
        );
    }

    #[test]
    fn watching_judges_again_only_a_saved_file() {
        let dir = std::env::temp_dir()
            .join(format!("xtask-memory-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let mut ch = chapter(1, &["1.1", "1.2"]);
        ch.dir = dir.clone();
        // Every stub at a todo!, so judging builds nothing.
        let write = |first: &str| {
            let text = format!(
                "fn a() {{ todo!(\"exercise {first}: a\") }}\n\
                 fn b() {{ todo!(\"exercise 1.2: b\") }}\n"
            );
            std::fs::write(ch.file(), text).unwrap();
        };
        let waiting = |v: Verdict| match v {
            Verdict::Unfinished { waiting, .. } => waiting,
            other => panic!("{other:?}"),
        };
        let root = Path::new(".");
        let mut memory = Memory::default();
        write("1.1");
        assert_eq!(waiting(memory.judge(root, &ch)), ["1.1", "1.2"]);
        // Changed, but with the time it had: the verdict is remembered.
        let then = modified(&ch.file()).unwrap();
        write("1.2");
        let file = std::fs::File::options().write(true).open(ch.file()).unwrap();
        file.set_modified(then).unwrap();
        assert_eq!(waiting(memory.judge(root, &ch)), ["1.1", "1.2"]);
        // Saved: judged again.
        file.set_modified(then + Duration::from_secs(1)).unwrap();
        assert_eq!(waiting(memory.judge(root, &ch)), ["1.2"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn lists_with_and() {
        assert_eq!(and_list(&[]), "");
        assert_eq!(and_list(&["6.1"]), "6.1");
        assert_eq!(and_list(&["6.1", "6.3"]), "6.1 and 6.3");
        assert_eq!(and_list(&["6.1", "6.2", "6.3"]), "6.1, 6.2 and 6.3");
    }
}
