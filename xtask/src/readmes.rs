//! `cargo xtask readmes`: every chapter's `README.md`, written from the code so
//! that it cannot drift. The title comes from `book/src/SUMMARY.md`, the sentence
//! from the crate's `Cargo.toml` `description`, the commands from its features,
//! and the table of files from each file's own `//!` doc; `check-book` fails on a
//! README that differs from what this writes.

use std::path::{Path, PathBuf};

/// README lines are wrapped to stay under this many characters; only a table
/// row, which Markdown cannot wrap, may be longer.
const WIDTH: usize = 99;

/// Insta's files for a snapshot still under review: local, ignored by git, never
/// listed.
const PENDING: [&str; 2] = [".snap.new", ".pending-snap"];

/// The folders of a chapter whose files the README's table lists.
const LISTED: [&str; 3] = ["benches", "src", "tests"];

/// What a README is made from, gathered from the chapter's files.
struct Chapter {
    /// The folder's name, `01-pong-particles`.
    dir: String,
    /// The chapter's number, from the folder's name.
    number: u32,
    /// The package's name, from `Cargo.toml`.
    package: String,
    /// What the chapter teaches: the package's `description`.
    about: String,
    /// The page's title as `SUMMARY.md` gives it.
    title: String,
    /// The features the commands block runs with.
    exercises: bool,
    bench: bool,
    /// Every listed file, relative to the chapter, sorted, with what it holds.
    files: Vec<(String, String)>,
}

/// The value of `key = "..."` in a manifest section, without its quotes.
fn manifest_value(manifest: &str, section: &str, key: &str) -> Option<String> {
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == section;
            continue;
        }
        let Some((k, v)) = line.split_once('=') else { continue };
        if inside && k.trim() == key {
            let v = v.trim();
            return Some(v.strip_prefix('"')?.strip_suffix('"')?.to_string());
        }
    }
    None
}

/// Does the manifest's `[features]` section declare `name`?
fn has_feature(manifest: &str, name: &str) -> bool {
    let mut inside = false;
    manifest.lines().map(str::trim).any(|line| {
        if line.starts_with('[') {
            inside = line == "[features]";
            return false;
        }
        inside && line.split_once('=').is_some_and(|(k, _)| k.trim() == name)
    })
}

/// The title `SUMMARY.md` gives the page `page` (`[Pong particles](ch01-...md)`).
fn summary_title(summary: &str, page: &str) -> Option<String> {
    let link = format!("]({page})");
    let line = summary.lines().find(|l| l.contains(&link))?;
    let end = line.find(&link)?;
    let start = line[..end].rfind('[')? + 1;
    Some(line[start..end].to_string())
}

/// Where the first sentence of `text` ends (just after its `.`, `?` or `!`),
/// outside code spans and not after a Latin abbreviation; `None` if `text` is
/// one unfinished sentence.
fn first_sentence_end(text: &str) -> Option<usize> {
    let mut in_code = false;
    for (i, c) in text.char_indices() {
        match c {
            '`' => in_code = !in_code,
            '.' | '?' | '!' if !in_code => {
                let next = text[i + 1..].chars().next();
                let word = text[..i].rsplit(' ').next().unwrap_or("");
                let abbreviation = ["e.g", "i.e", "cf", "vs"].contains(&word);
                if next.is_none_or(char::is_whitespace) && !abbreviation {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Rustdoc's links as plain Markdown for a README, where they would not resolve:
/// `` [`World`] `` and `` [`islands`](mod@islands) `` become `` `World` `` and
/// `` `islands` ``; a table cell's `|` is escaped.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find("[`") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find("`]") else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        out.push_str(&after[..close + 1]);
        rest = &after[close + 2..];
        // A link's target, if it has one, is for rustdoc only.
        if rest.starts_with('(') {
            if let Some(end) = rest.find(')') {
                rest = &rest[end + 1..];
            }
        }
    }
    out.push_str(rest);
    out.replace('|', "\\|")
}

/// The first sentence of a Rust file's module doc (its leading `//!` lines): the
/// heading, if the doc opens with one, else the first sentence of its first
/// paragraph. `None` if the file has no module doc.
pub fn doc_summary(source: &str) -> Option<String> {
    let doc: Vec<&str> = source
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let first = doc.iter().position(|l| !l.trim().is_empty())?;
    if let Some(heading) = doc[first].strip_prefix("# ") {
        return Some(plain(heading.trim()));
    }
    // The first paragraph: up to a blank line or the start of a list.
    let is_item = |l: &str| {
        let l = l.trim_start();
        l.starts_with("- ")
            || l.split_once(". ").is_some_and(|(n, _)| n.parse::<u32>().is_ok())
    };
    let paragraph: Vec<&str> = doc[first..]
        .iter()
        .take_while(|l| !l.trim().is_empty())
        .enumerate()
        .take_while(|(i, l)| *i == 0 || !is_item(l))
        .map(|(_, l)| l.trim())
        .collect();
    let text = paragraph.join(" ");
    let end = first_sentence_end(&text).unwrap_or(text.len());
    Some(plain(text[..end].trim()))
}

/// What a file that is not Rust holds, from its kind (and, for a snapshot, the
/// test file its header names).
fn data_summary(rel: &str, text: &str) -> Option<String> {
    if rel.ends_with(".snap") {
        let source = text.lines().find_map(|l| l.strip_prefix("source: "))?;
        let test = source.split_once("/tests/").map_or(source, |(_, t)| t);
        return Some(format!(
            "What `tests/{test}` checks its output against, pinned with insta: a \
             change shows as a diff."
        ));
    }
    if let Some(stem) = rel.strip_suffix(".proptest-regressions") {
        return Some(format!(
            "Inputs that once failed `{stem}.rs`, as proptest records them."
        ));
    }
    None
}

/// Every file under `dir`, recursively, as paths relative to `base`.
fn files_under(base: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with('.') || PENDING.iter().any(|p| name.ends_with(p)) {
            continue;
        }
        if path.is_dir() {
            files_under(base, &path, out);
        } else if let Ok(rel) = path.strip_prefix(base) {
            // Forward slashes on any system: the README shows them.
            let parts: Vec<_> = rel.iter().filter_map(|p| p.to_str()).collect();
            out.push(parts.join("/"));
        }
    }
}

/// Gather a chapter's README material; each problem names the file to fix.
fn chapter(root: &Path, dir: &Path, summary: &str) -> Result<Chapter, Vec<String>> {
    let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
    let shown = format!("chapters/{name}");
    let mut problems = Vec::new();
    let manifest =
        std::fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_default();
    let package =
        manifest_value(&manifest, "[package]", "name").unwrap_or_else(|| {
            problems.push(format!("{shown}/Cargo.toml: no package name"));
            String::new()
        });
    let about = manifest_value(&manifest, "[package]", "description")
        .unwrap_or_else(|| {
            problems.push(format!(
                "{shown}/Cargo.toml: no `description`, the sentence the README opens with"
            ));
            String::new()
        });
    let number = name.get(..2).and_then(|n| n.parse().ok()).unwrap_or(0);
    let page = format!("ch{name}.md");
    let title = summary_title(summary, &page).unwrap_or_else(|| {
        problems.push(format!(
            "book/src/SUMMARY.md: no entry for `{page}`, chapter {number}'s page"
        ));
        String::new()
    });
    if !root.join("book/src").join(&page).exists() {
        problems.push(format!("{shown}: its page book/src/{page} does not exist"));
    }
    let mut paths = Vec::new();
    for folder in LISTED {
        files_under(dir, &dir.join(folder), &mut paths);
    }
    paths.sort();
    let mut files = Vec::new();
    for rel in paths {
        let text = std::fs::read_to_string(dir.join(&rel)).unwrap_or_default();
        let summary = if rel.ends_with(".rs") {
            doc_summary(&text)
        } else {
            data_summary(&rel, &text)
        };
        match summary {
            Some(s) if !s.is_empty() => files.push((rel, s)),
            _ if rel.ends_with(".rs") => problems.push(format!(
                "{shown}/{rel}: no `//!` module doc; open the file with one line saying \
                 what it holds (the README's table shows it)"
            )),
            _ => problems.push(format!(
                "{shown}/{rel}: a kind of file the README's table cannot describe; \
                 teach `xtask/src/readmes.rs` what it holds"
            )),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Chapter {
        dir: name,
        number,
        package,
        about,
        title,
        exercises: has_feature(&manifest, "exercises"),
        bench: has_feature(&manifest, "bench"),
        files,
    })
}

/// `text` wrapped at spaces into lines of at most [`WIDTH`] characters (a
/// longer word keeps a line of its own).
fn wrap(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line)
                if line.chars().count() + 1 + word.chars().count() <= WIDTH =>
            {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines.join("\n")
}

/// The README of one chapter.
fn render(c: &Chapter) -> String {
    let p = &c.package;
    let page = format!("ch{}.md", c.dir);
    let mut out = format!("# {p}: {}. {}\n\n", c.number, c.title);
    out += "<!-- Generated by `cargo xtask readmes` from the crate's Cargo.toml, its files' \
            `//!` docs\nand book/src/SUMMARY.md; do not edit (check-book fails when it \
            differs). -->\n\n";
    out += &wrap(&c.about);
    out += "\n\n";
    out += &format!(
        "Read it beside its page in the book,\n[`book/src/{page}`](../../book/src/{page})\n\
         (`mdbook build book` builds it as `book/book/ch{}.html`).\n\n",
        c.dir
    );
    out += "```sh\n";
    out += &format!("# the demos in a window\ncargo run --release -p {p}\n");
    out += &format!(
        "# every demo's name and what it shows\ncargo run --release -p {p} -- --list-demos\n"
    );
    out += &format!(
        "# the first demo for 300 steps without a window, its last frame as a picture\n\
         cargo run --release -p {p} -- --headless --steps 300 --png out.png\n"
    );
    out += &format!("# the tests in the table below\ncargo test -p {p}\n");
    if c.exercises {
        out += &format!(
            "# the same tests on your solutions in src/exercises.rs\n\
             cargo test -p {p} --features exercises\n"
        );
    }
    if c.bench {
        out += &format!(
            "# the benchmarks in benches/\ncargo bench -p {p} --features bench\n"
        );
    }
    out += "```\n\n";
    out += "| file | what it holds |\n|---|---|\n";
    for (file, about) in &c.files {
        out += &format!("| `{file}` | {about} |\n");
    }
    out
}

/// Every chapter's README: (its path, its text), or what stops them being written.
pub fn readmes(root: &Path) -> Result<Vec<(PathBuf, String)>, Vec<String>> {
    let summary = std::fs::read_to_string(root.join("book/src/SUMMARY.md"))
        .map_err(|e| vec![format!("book/src/SUMMARY.md: {e}")])?;
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for dir in crate::changes::chapter_dirs(root) {
        match chapter(root, &dir, &summary) {
            Ok(c) => out.push((dir.join("README.md"), render(&c))),
            Err(mut e) => problems.append(&mut e),
        }
    }
    if problems.is_empty() { Ok(out) } else { Err(problems) }
}

/// Write every chapter's README.
pub fn write(root: &Path) -> Result<(), Vec<String>> {
    for (path, text) in readmes(root)? {
        std::fs::write(&path, text)
            .map_err(|e| vec![format!("{}: {e}", path.display())])?;
        println!("wrote {}", path.strip_prefix(root).unwrap_or(&path).display());
    }
    Ok(())
}

/// The READMEs that are missing or differ from what `write` would write, each
/// named with its chapter.
pub fn stale(root: &Path) -> Vec<String> {
    let readmes = match readmes(root) {
        Ok(readmes) => readmes,
        Err(problems) => return problems,
    };
    let mut problems = Vec::new();
    for (path, text) in readmes {
        let folder = path.parent().and_then(|d| d.file_name());
        let folder = folder.and_then(|n| n.to_str()).unwrap_or("");
        let number = folder.get(..2).unwrap_or(folder).trim_start_matches('0');
        let what = match std::fs::read_to_string(&path) {
            Ok(old) if old == text => continue,
            Ok(_) => "is not what the code gives",
            Err(_) => "is missing",
        };
        problems.push(format!(
            "chapter {number}: chapters/{folder}/README.md {what}: run `cargo xtask readmes`"
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_module_doc_gives_its_first_sentence() {
        let src =
            "//! The world at scale. More here.\n//! And more.\n\nfn x() {}\n";
        assert_eq!(doc_summary(src).as_deref(), Some("The world at scale."));
        // A sentence runs across lines, past `e.g.`, decimals and code spans.
        let src = "//! Bodies, e.g. boxes, at 1.5 m\n//! (`a. b`) fall. Then.\n";
        assert_eq!(
            doc_summary(src).as_deref(),
            Some("Bodies, e.g. boxes, at 1.5 m (`a. b`) fall.")
        );
        // A heading is the doc's title; a list ends the first paragraph.
        assert_eq!(
            doc_summary("//! # Chapter 1: x\n//!\n//! Text.\n").as_deref(),
            Some("Chapter 1: x")
        );
        assert_eq!(
            doc_summary("//! The parts:\n//! - one.\n").as_deref(),
            Some("The parts:")
        );
        assert_eq!(doc_summary("fn main() {}\n"), None);
    }

    #[test]
    fn rustdoc_links_become_code_spans() {
        assert_eq!(
            plain("by [`World::step`] and [`islands`](mod@islands), a | b"),
            "by `World::step` and `islands`, a \\| b"
        );
    }

    #[test]
    fn reads_the_manifest_and_the_summary() {
        let toml = "[package]\nname = \"ch01-x\"\n\n[features]\nexercises = []\n\n[dependencies]\nbench = \"1\"\n";
        assert_eq!(
            manifest_value(toml, "[package]", "name").as_deref(),
            Some("ch01-x")
        );
        assert!(has_feature(toml, "exercises"));
        // A dependency of that name is not a feature.
        assert!(!has_feature(toml, "bench"));
        let summary = "- [Pong particles](ch01-x.md)\n- [Planes](ch02-y.md)\n";
        assert_eq!(summary_title(summary, "ch02-y.md").as_deref(), Some("Planes"));
    }

    #[test]
    fn wraps_under_the_width() {
        let text = "word ".repeat(60);
        assert!(wrap(&text).lines().all(|l| l.len() <= WIDTH));
        assert_eq!(wrap(&text).split_whitespace().count(), 60);
    }
}
