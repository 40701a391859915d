//! Workbook chores, run with `cargo xtask <command>` from anywhere in the
//! workspace.
//!
//! - `pictures`: regenerate every picture and animation the book shows, from the
//!   chapters' own headless mode, as listed in `book/pictures.txt`, and the
//!   physics-checks table.
//! - `check-book`: fail on a book include whose file or anchor is missing, a
//!   picture a page shows that does not exist, a SUMMARY entry with no page, a
//!   "what changed" diff or a chapter README that is not what the code gives, and
//!   (after `mdbook build book`) any `{{#` left in the HTML or a page whose math
//!   did not render.
//! - `changes`: the diff of each chapter's `step` against the chapter before, into
//!   `book/src/changes/chNN.md`, which the pages include (check-book fails on a stale one).
//! - `readmes`: each chapter's `README.md` (title, what it teaches, its page, its
//!   commands, a table of its files), from the code; check-book fails on a stale one.
//! - `web`: build the book's live demos, the `web` crate for
//!   `wasm32-unknown-unknown` with the `web` profile, into
//!   `book/src/web/demos.wasm`. `web --check` builds and fails if the committed
//!   file differs (the build is deterministic for one toolchain).
//! - `exercises [--chapter N] [--watch]`: the learner's checker: a table of every
//!   chapter's exercises and how many are done, each chapter judged on its own, then
//!   the first exercise not yet done and where its hint is; `--chapter N` judges
//!   chapter N alone; `--watch` reruns on save.
//!
//! The workspace is the one the command is run in (see `workspace`), and a
//! command or argument it does not know is an error naming it.

mod changes;
mod exercises;
mod readmes;
mod workspace;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask <pictures | check-book | changes | readmes | \
                     web [--check] | exercises [--chapter N] [--watch]>";

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
enum Task {
    Help,
    Pictures,
    CheckBook,
    Changes,
    Readmes,
    Web { check: bool },
    Exercises(exercises::Options),
}

/// The command and its arguments; an unknown command or argument is an error
/// naming it.
fn parse(args: &[String]) -> Result<Task, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err("no command given".into());
    };
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Task::Help);
    }
    // Whether the command's one optional flag is given; any other argument is an
    // error.
    let flag = |allowed: Option<&str>| -> Result<bool, String> {
        match rest.iter().find(|a| Some(a.as_str()) != allowed) {
            Some(a) => {
                Err(format!("unknown argument `{a}` for `cargo xtask {command}`"))
            }
            None => Ok(!rest.is_empty()),
        }
    };
    Ok(match command.as_str() {
        "help" | "--help" | "-h" => Task::Help,
        "pictures" => flag(None).map(|_| Task::Pictures)?,
        "check-book" => flag(None).map(|_| Task::CheckBook)?,
        "changes" => flag(None).map(|_| Task::Changes)?,
        "readmes" => flag(None).map(|_| Task::Readmes)?,
        "web" => Task::Web { check: flag(Some("--check"))? },
        "exercises" => Task::Exercises(exercises::parse_args(rest)?),
        other => return Err(format!("unknown command `{other}`")),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // 2 for a command that cannot run as typed or here; 1 for one that ran and
    // found something wrong (or, for `exercises`, something not done yet).
    let task = match parse(&args) {
        Ok(Task::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(task) => task,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = match workspace::root() {
        Ok(root) => root,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match task {
        Task::Help => Ok(()),
        Task::Pictures => pictures(&root),
        Task::CheckBook => check_book(&root),
        Task::Changes => changes::write(&root),
        Task::Readmes => readmes::write(&root),
        Task::Web { check } => web(&root, check),
        Task::Exercises(options) => {
            let only = match &options.chapter {
                None => None,
                Some(chapter) => {
                    match exercises::select(&exercises::chapters(&root), chapter) {
                        Ok(n) => Some(n),
                        Err(e) => {
                            eprintln!("error: {e}");
                            return ExitCode::from(2);
                        }
                    }
                }
            };
            if options.watch {
                exercises::watch(&root, only);
            }
            return if exercises::run_once(&root, only, &mut Default::default()) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(problems) => {
            for p in &problems {
                eprintln!("error: {p}");
            }
            ExitCode::FAILURE
        }
    }
}

/// One line of `book/pictures.txt`: `package demo steps output [extra flags]`.
struct Picture {
    package: String,
    demo: String,
    steps: String,
    output: String,
    extra: Vec<String>,
}

fn picture_list(root: &Path) -> Result<Vec<Picture>, Vec<String>> {
    let path = root.join("book/pictures.txt");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| vec![format!("cannot read {}: {e}", path.display())])?;
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 4 {
            problems.push(format!(
                "book/pictures.txt:{}: expected `package demo steps output [flags]`",
                n + 1
            ));
            continue;
        }
        out.push(Picture {
            package: f[0].into(),
            demo: f[1].into(),
            steps: f[2].into(),
            output: f[3].into(),
            extra: f[4..].iter().map(|s| s.to_string()).collect(),
        });
    }
    if problems.is_empty() { Ok(out) } else { Err(problems) }
}

fn pictures(root: &Path) -> Result<(), Vec<String>> {
    let list = picture_list(root)?;
    let mut problems = Vec::new();
    for p in &list {
        let out = root.join("book/src").join(&p.output);
        let kind = if p.output.ends_with(".gif") { "--gif" } else { "--png" };
        println!("{} --demo {} -> book/src/{}", p.package, p.demo, p.output);
        let status = Command::new(env!("CARGO"))
            .current_dir(root)
            .args(["run", "--quiet", "--release", "-p", &p.package, "--"])
            .args(["--headless", "--demo", &p.demo, "--steps", &p.steps, kind])
            .arg(&out)
            .args(&p.extra)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => problems.push(format!("{} {} failed: {s}", p.package, p.demo)),
            Err(e) => problems.push(format!("cannot run cargo: {e}")),
        }
    }
    // The physics-checks table is generated by the same command as the pictures.
    println!("physics checks -> book/src/physics-checks-table.md");
    let status = Command::new(env!("CARGO"))
        .current_dir(root)
        .args([
            "run",
            "--quiet",
            "--release",
            "-p",
            "physics-checks",
            "--",
            "--table",
        ])
        .status();
    if !status.is_ok_and(|s| s.success()) {
        problems.push(
            "physics-checks failed: run `cargo run -p physics-checks`".into(),
        );
    }
    if problems.is_empty() { Ok(()) } else { Err(problems) }
}

/// Where `cargo xtask web` puts the live demos' module, under the book's source.
const WEB_WASM: &str = "book/src/web/demos.wasm";

/// How many columns of code a page shows without scrolling in a 1280 px window
/// with the sidebar open: the code box is 730 px wide and a column of the 14 px
/// monospace font is 8.4 px. The sources are formatted to 84 (`rustfmt.toml`),
/// two to spare.
const PAGE_COLUMNS: usize = 86;

/// The lines of the page's code blocks (`<pre><code>`) longer than `width`
/// characters, as the reader sees them: tags stripped, entities decoded.
fn code_lines_wider_than(html: &str, width: usize) -> Vec<String> {
    let mut wide = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<pre><code") {
        let block = &rest[start..];
        let Some(open_end) = block.find('>') else { break };
        let Some(end) = block.find("</code></pre>") else { break };
        let mut text = String::new();
        let mut in_tag = false;
        for c in block[open_end + 1..end].chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                _ if !in_tag => text.push(c),
                _ => {}
            }
        }
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&#x27;", "'")
            .replace("&amp;", "&");
        wide.extend(
            text.lines().filter(|l| l.chars().count() > width).map(String::from),
        );
        rest = &block[end..];
    }
    wide
}

fn web(root: &Path, check: bool) -> Result<(), Vec<String>> {
    const TARGET: &str = "wasm32-unknown-unknown";
    let status = Command::new(env!("CARGO"))
        .current_dir(root)
        .args([
            "build",
            "--quiet",
            "-p",
            "web",
            "--profile",
            "web",
            "--target",
            TARGET,
        ])
        .status()
        .map_err(|e| vec![format!("cannot run cargo: {e}")])?;
    if !status.success() {
        return Err(vec![format!(
            "building the web demos failed ({status}); is the target installed? `rustup target add {TARGET}`"
        )]);
    }
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|d| if d.is_absolute() { d } else { root.join(d) })
        .unwrap_or_else(|| root.join("target"));
    let built = target_dir.join(TARGET).join("web/web.wasm");
    let bytes = std::fs::read(&built)
        .map_err(|e| vec![format!("cannot read {}: {e}", built.display())])?;
    let dest = root.join(WEB_WASM);
    if check {
        return if std::fs::read(&dest).ok().as_ref() == Some(&bytes) {
            println!("{WEB_WASM} is up to date ({} bytes)", bytes.len());
            Ok(())
        } else {
            Err(vec![format!(
                "{WEB_WASM} is not what the code builds: run `cargo xtask web`"
            )])
        };
    }
    std::fs::write(&dest, &bytes)
        .map_err(|e| vec![format!("cannot write {}: {e}", dest.display())])?;
    println!("{WEB_WASM}: {} bytes", bytes.len());
    Ok(())
}

/// Every live demo a page embeds: the `data-chapter` of each `<div
/// class="live-demo" ...>`.
fn live_demos(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, _) in text.match_indices("class=\"live-demo\"") {
        let tag = &text[i..];
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        if let Some(start) = tag.find("data-chapter=\"") {
            let rest = &tag[start + 14..];
            found.push(rest[..rest.find('"').unwrap_or(rest.len())].to_string());
        } else {
            found.push(String::new());
        }
    }
    found
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            markdown_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "md") {
            out.push(p);
        }
    }
}

/// Every `{{#include ...}}` / `{{#rustdoc_include ...}}` argument in `text`.
fn includes(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("{{#") {
        rest = &rest[i + 3..];
        let Some(end) = rest.find("}}") else { break };
        let inner = rest[..end].trim();
        for directive in ["include ", "rustdoc_include "] {
            if let Some(arg) = inner.strip_prefix(directive) {
                found.push(arg.trim().to_string());
            }
        }
        rest = &rest[end..];
    }
    found
}

/// How many lines anchor `name` holds in `source` (the lines between `ANCHOR: name` and
/// `ANCHOR_END: name`, other anchors' marker lines not counted), or `None` if it has no such pair.
fn anchor_lines(source: &str, name: &str) -> Option<usize> {
    anchor(source, name).map(|lines| lines.len())
}

/// The lines between `ANCHOR: name` and `ANCHOR_END: name` in `source`, other
/// anchors' marker lines left out (as mdBook shows them), or `None` if it has no
/// such pair.
fn anchor<'a>(source: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let is_marker = |line: &str, kind: &str| {
        line.split_once(kind).is_some_and(|(_, rest)| rest.trim() == name)
    };
    let mut lines = source.lines();
    lines.by_ref().find(|l| is_marker(l, "ANCHOR: "))?;
    let mut inside = Vec::new();
    for line in lines {
        if is_marker(line, "ANCHOR_END: ") {
            return Some(inside);
        }
        if !line.contains("ANCHOR: ") && !line.contains("ANCHOR_END: ") {
            inside.push(line);
        }
    }
    None
}

/// Every relative link target on a page, `[text](target)` outside code, without its
/// `#anchor` (links to other sites and to anchors on the same page are left out).
fn links(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let file = target.split('#').next().unwrap_or("");
            let relative =
                !target.contains("://") && !target.starts_with("mailto:");
            if !file.is_empty() && relative && !found.iter().any(|f| f == file) {
                found.push(file.to_string());
            }
            rest = &after[end..];
        }
    }
    found
}

/// Every picture a page shows: `![alt](path)` or `<img src="path">` with a relative
/// path.
fn images(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("![") {
        rest = &rest[i + 2..];
        if let Some(close) = rest.find("](") {
            let after = &rest[close + 2..];
            if let Some(end) = after.find(')') {
                let target = after[..end].split_whitespace().next().unwrap_or("");
                if !target.contains("://") {
                    found.push(target.to_string());
                }
            }
        }
    }
    // And HTML pictures, such as the one a live demo embed falls back to.
    let mut rest = text;
    while let Some(i) = rest.find("<img src=\"") {
        rest = &rest[i + 10..];
        let target = &rest[..rest.find('"').unwrap_or(rest.len())];
        if !target.contains("://") {
            found.push(target.to_string());
        }
    }
    found
}

/// Every `.rs` file of the workspace's crates, concatenated: what the book's names
/// are checked against.
fn rust_sources(root: &Path) -> String {
    fn walk(dir: &Path, out: &mut String) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            let skip = p.file_name().is_some_and(|n| {
                n == "target" || n == "book" || n == "node_modules"
            });
            if p.is_dir() && !skip {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
                out.push('\n');
            }
        }
    }
    let mut all = String::new();
    walk(root, &mut all);
    all
}

/// Names in backticks that look like test or function names: lower-case snake case
/// with at least three words (`a_bounce_preserves_speed_exactly`), outside fenced
/// code blocks.
fn named_functions(markdown: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        for (i, part) in line.split('`').enumerate() {
            let looks_like_fn = i % 2 == 1
                && part.matches('_').count() >= 2
                && part.chars().all(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
                })
                && part.starts_with(|c: char| c.is_ascii_lowercase());
            if looks_like_fn && !names.iter().any(|n| n == part) {
                names.push(part.to_string());
            }
        }
    }
    names
}

fn check_book(root: &Path) -> Result<(), Vec<String>> {
    let src = root.join("book/src");
    let mut problems = Vec::new();
    let mut pages = Vec::new();
    markdown_files(&src, &mut pages);
    if pages.is_empty() {
        problems.push(format!("no pages under {}", src.display()));
    }
    // Every (file, anchor) some page includes, to find the anchors no page
    // includes.
    let mut included = std::collections::BTreeSet::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap_or_default();
        let dir = page.parent().unwrap();
        let name = page.strip_prefix(root).unwrap_or(page).display().to_string();
        for arg in includes(&text) {
            let (file, anchor) = match arg.split_once(':') {
                Some((f, a)) => (f, Some(a)),
                None => (arg.as_str(), None),
            };
            let target = dir.join(file);
            if let (Ok(path), Some(a)) = (std::fs::canonicalize(&target), anchor) {
                included.insert((path, a.to_string()));
            }
            let Ok(body) = std::fs::read_to_string(&target) else {
                problems.push(format!(
                    "{name}: includes `{file}`, which does not exist"
                ));
                continue;
            };
            // A line range (`:10`, `:3:8`) is not an anchor.
            if let Some(a) =
                anchor.filter(|a| !a.starts_with(|c: char| c.is_ascii_digit()))
            {
                match anchor_lines(&body, a) {
                    None => problems.push(format!(
                        "{name}: includes anchor `{a}` of `{file}`, which has no ANCHOR/ANCHOR_END pair of that name"
                    )),
                    Some(0) => problems.push(format!(
                        "{name}: includes anchor `{a}` of `{file}`, which is empty"
                    )),
                    Some(_) => {}
                }
            }
        }
        for target in links(&text) {
            if !dir.join(&target).exists() {
                problems.push(format!(
                    "{name}: links to `{target}`, which does not exist"
                ));
            }
        }
        for img in images(&text) {
            if !dir.join(&img).exists() {
                problems
                    .push(format!("{name}: shows `{img}`, which does not exist"));
            }
        }
        let web_chapters =
            std::fs::read_to_string(root.join("chapters/tour/src/lib.rs"))
                .unwrap_or_default();
        for package in live_demos(&text) {
            // The tour's list, which the web crate shows, names the chapter
            // (`ch01_pong_particles::demos::CHAPTER`).
            let listed = format!("{}::demos::CHAPTER", package.replace('-', "_"));
            if package.is_empty() || !web_chapters.contains(&listed) {
                problems.push(format!(
                    "{name}: embeds the live demo of `{package}`, which `CHAPTERS` in chapters/tour/src/lib.rs does not list"
                ));
            } else if !root.join(WEB_WASM).exists() {
                problems.push(format!(
                    "{name}: embeds a live demo, but {WEB_WASM} is missing: run `cargo xtask web`"
                ));
            }
        }
    }
    // Every anchor in a chapter's sources is included by some page: an anchor no
    // page shows is a promise to the reader that nothing keeps.
    if let Ok(chapters) = std::fs::read_dir(root.join("chapters")) {
        let mut sources: Vec<PathBuf> = Vec::new();
        for chapter in chapters.flatten() {
            if let Ok(files) = std::fs::read_dir(chapter.path().join("src")) {
                sources.extend(files.flatten().map(|f| f.path()));
            }
        }
        sources.sort();
        for file in
            sources.iter().filter(|f| f.extension().is_some_and(|e| e == "rs"))
        {
            let body = std::fs::read_to_string(file).unwrap_or_default();
            let path = std::fs::canonicalize(file).unwrap_or_else(|_| file.clone());
            for line in body.lines() {
                let Some(anchor) = line.trim().strip_prefix("// ANCHOR: ") else {
                    continue;
                };
                if !included.contains(&(path.clone(), anchor.trim().to_string())) {
                    let shown = file
                        .strip_prefix(root)
                        .unwrap_or(file)
                        .display()
                        .to_string();
                    problems.push(format!(
                        "{shown}: anchor `{}` is included by no page; include it or delete it",
                        anchor.trim()
                    ));
                }
            }
        }
    }
    // Every test or function a page names in backticks exists in the code, so a
    // renamed test cannot leave the book pointing at nothing.
    let code = rust_sources(root);
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap_or_default();
        let name = page.strip_prefix(root).unwrap_or(page).display().to_string();
        for ident in named_functions(&text) {
            if !code.contains(&format!("fn {ident}")) {
                problems.push(format!(
                    "{name}: names `{ident}`, but no `fn {ident}` exists"
                ));
            }
        }
    }
    // Every page in the summary exists.
    let mut summary_pages = Vec::new();
    if let Ok(summary) = std::fs::read_to_string(src.join("SUMMARY.md")) {
        for line in summary.lines() {
            if let Some(start) = line.find("](") {
                let rest = &line[start + 2..];
                if let Some(end) = rest.find(')') {
                    let target = &rest[..end];
                    if !target.is_empty() && !src.join(target).exists() {
                        problems.push(format!(
                            "SUMMARY.md lists `{target}`, which does not exist"
                        ));
                    }
                    summary_pages.push(target.to_string());
                }
            }
        }
    } else {
        problems.push("book/src/SUMMARY.md is missing".into());
    }
    // Every generated picture is there.
    let shown: std::collections::BTreeSet<String> = pages
        .iter()
        .flat_map(|page| images(&std::fs::read_to_string(page).unwrap_or_default()))
        .collect();
    match picture_list(root) {
        Ok(list) => {
            for p in list {
                // A picture drawn for the book that no page shows is work nobody sees.
                if !shown.contains(&p.output) {
                    problems.push(format!(
                        "book/pictures.txt lists `{}`, which no page shows",
                        p.output
                    ));
                }
                if !src.join(&p.output).exists() {
                    problems.push(format!(
                        "book/pictures.txt lists `{}`, which is missing: run `cargo xtask pictures`",
                        p.output
                    ));
                }
            }
        }
        Err(mut e) => problems.append(&mut e),
    }
    // Each page's "what changed" diff is the chapters' step as it is now.
    problems.extend(changes::stale(root));
    // Each chapter's README is what `cargo xtask readmes` writes from the code now.
    problems.extend(readmes::stale(root));
    // The built book, if there is one: no directive left unexpanded, math rendered.
    let built = root.join("book/book");
    if built.is_dir() {
        for page in &pages {
            let rel = page.strip_prefix(&src).unwrap().with_extension("html");
            let html_path = built.join(&rel);
            let listed = summary_pages.iter().any(|p| src.join(p) == *page);
            let Ok(html) = std::fs::read_to_string(&html_path) else {
                // Fragments that pages include (and SUMMARY.md itself) are not
                // pages.
                if listed {
                    problems.push(format!("{} was not built", rel.display()));
                }
                continue;
            };
            if html.contains("{{#") {
                problems.push(format!(
                    "{}: `{{{{#` left in the built page (an include mdBook could not expand)",
                    rel.display()
                ));
            }
            for line in code_lines_wider_than(&html, PAGE_COLUMNS) {
                problems.push(format!(
                    "{}: a code line of {} columns scrolls at 1280 px (at most \
                     {PAGE_COLUMNS}; wrap its source): `{}`",
                    rel.display(),
                    line.chars().count(),
                    line.trim()
                ));
            }
            let md = std::fs::read_to_string(page).unwrap_or_default();
            if md.contains("$$") && !html.contains("katex-display") {
                problems.push(format!(
                    "{}: display math did not render",
                    rel.display()
                ));
            }
        }
    } else {
        println!(
            "(book/book not built; run `mdbook build book` to check the HTML too)"
        );
    }
    if problems.is_empty() {
        println!(
            "book check: {} pages, all includes, anchors and pictures present",
            pages.len()
        );
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(line: &str) -> Result<Task, String> {
        parse(&line.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn reads_the_command_and_its_arguments() {
        assert_eq!(parsed("check-book"), Ok(Task::CheckBook));
        assert_eq!(parsed("web"), Ok(Task::Web { check: false }));
        assert_eq!(parsed("web --check"), Ok(Task::Web { check: true }));
        assert_eq!(parsed("help"), Ok(Task::Help));
        assert_eq!(parsed("exercises --chapter 6 --help"), Ok(Task::Help));
        let chapter = Some((6, "06".to_string()));
        assert_eq!(
            parsed("exercises --watch --chapter 06"),
            Ok(Task::Exercises(exercises::Options { chapter, watch: true }))
        );
    }

    #[test]
    fn an_unknown_command_or_argument_is_an_error_naming_it() {
        assert_eq!(parsed(""), Err("no command given".into()));
        assert_eq!(parsed("exercise"), Err("unknown command `exercise`".into()));
        for (line, bad) in [
            ("pictures --check", "--check"),
            ("check-book ch06", "ch06"),
            ("web --check --force", "--force"),
            ("exercises --bogus", "--bogus"),
            ("exercises ch06", "ch06"),
        ] {
            let e = parsed(line).unwrap_err();
            assert!(
                e.contains(&format!("unknown argument `{bad}`")),
                "{line}: {e}"
            );
        }
        let e = parsed("exercises --chapter six").unwrap_err();
        assert!(e.contains("--chapter") && e.contains("`six`"), "{e}");
    }

    #[test]
    fn finds_includes_and_images() {
        let md = "x {{#include ../a.rs:step}} y {{#rustdoc_include b.rs}} ![pic](img/p.png) ![w](https://x/y.png)";
        assert_eq!(includes(md), vec!["../a.rs:step", "b.rs"]);
        assert_eq!(images(md), vec!["img/p.png"]);
        let html = "<div class=\"live-demo\" data-chapter=\"ch01-x\" data-demo=\"box\">\n<img src=\"img/a.png\" alt=\"a\">\n</div>";
        assert_eq!(live_demos(html), vec!["ch01-x"]);
        assert_eq!(images(html), vec!["img/a.png"]);
    }

    #[test]
    fn finds_code_lines_wider_than_the_page() {
        let html = "<p>a very long paragraph line</p><pre><code class=\"language-rust\">\
                    <span>let x</span> = &quot;abcdef&quot;;\nok</code></pre>";
        // `let x = "abcdef";` is 17 characters once tags and entities are gone.
        assert_eq!(code_lines_wider_than(html, 16), vec!["let x = \"abcdef\";"]);
        assert!(code_lines_wider_than(html, 17).is_empty());
    }

    #[test]
    fn measures_anchors() {
        let src = "// ANCHOR: a\nfn x() {}\n// ANCHOR: b\n// ANCHOR_END: b\n// ANCHOR_END: a\n";
        assert_eq!(anchor_lines(src, "a"), Some(1));
        assert_eq!(anchor_lines(src, "b"), Some(0));
        assert_eq!(anchor_lines(src, "c"), None);
        // A name that only starts like another is not it.
        assert_eq!(
            anchor_lines("// ANCHOR: ab\nx\n// ANCHOR_END: ab\n", "a"),
            None
        );
    }

    #[test]
    fn finds_relative_links() {
        let md = "[a](ch01.md#x) [b](https://x.org/y) ![p](img/p.png) [c](#here)\n```\n[d](no.md)\n```";
        assert_eq!(links(md), vec!["ch01.md", "img/p.png"]);
    }

    #[test]
    fn finds_named_functions_outside_code() {
        let md = "see `a_bounce_preserves_speed` and `inv_mass`\n```\n`not_this_one_here`\n```\n`Vec2` `also_a_test_name`";
        assert_eq!(
            named_functions(md),
            vec!["a_bounce_preserves_speed", "also_a_test_name"]
        );
    }
}
