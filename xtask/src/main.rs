//! Workbook chores, run with `cargo xtask <command>` from anywhere in the workspace.
//!
//! - `pictures`: regenerate every picture and animation the book shows, from the chapters'
//!   own headless mode, as listed in `book/pictures.txt`.
//! - `check-book`: fail on a book include whose file or anchor is missing, a picture a page
//!   shows that does not exist, a SUMMARY entry with no page, and (after `mdbook build book`)
//!   any `{{#` left in the HTML or a page whose math did not render.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let root = workspace_root();
    let cmd = std::env::args().nth(1).unwrap_or_default();
    let result = match cmd.as_str() {
        "pictures" => pictures(&root),
        "check-book" => check_book(&root),
        _ => {
            eprintln!("usage: cargo xtask <pictures|check-book>");
            return ExitCode::from(2);
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

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .to_path_buf()
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
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

fn pictures(root: &Path) -> Result<(), Vec<String>> {
    let list = picture_list(root)?;
    let mut problems = Vec::new();
    for p in &list {
        let out = root.join("book/src").join(&p.output);
        let kind = if p.output.ends_with(".gif") {
            "--gif"
        } else {
            "--png"
        };
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
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
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

/// Every picture a page shows: `![alt](path)` with a relative path.
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
    found
}

fn check_book(root: &Path) -> Result<(), Vec<String>> {
    let src = root.join("book/src");
    let mut problems = Vec::new();
    let mut pages = Vec::new();
    markdown_files(&src, &mut pages);
    if pages.is_empty() {
        problems.push(format!("no pages under {}", src.display()));
    }
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap_or_default();
        let dir = page.parent().unwrap();
        let name = page
            .strip_prefix(root)
            .unwrap_or(page)
            .display()
            .to_string();
        for arg in includes(&text) {
            let (file, anchor) = match arg.split_once(':') {
                Some((f, a)) => (f, Some(a)),
                None => (arg.as_str(), None),
            };
            let target = dir.join(file);
            let Ok(body) = std::fs::read_to_string(&target) else {
                problems.push(format!("{name}: includes `{file}`, which does not exist"));
                continue;
            };
            // A line range (`:10`, `:3:8`) is not an anchor.
            if let Some(a) = anchor.filter(|a| !a.starts_with(|c: char| c.is_ascii_digit())) {
                let start = body.contains(&format!("ANCHOR: {a}"));
                let end = body.contains(&format!("ANCHOR_END: {a}"));
                if !(start && end) {
                    problems.push(format!(
                        "{name}: includes anchor `{a}` of `{file}`, which has no ANCHOR/ANCHOR_END pair of that name"
                    ));
                }
            }
        }
        for img in images(&text) {
            if !dir.join(&img).exists() {
                problems.push(format!("{name}: shows `{img}`, which does not exist"));
            }
        }
    }
    // Every page in the summary exists.
    if let Ok(summary) = std::fs::read_to_string(src.join("SUMMARY.md")) {
        for line in summary.lines() {
            if let Some(start) = line.find("](") {
                let rest = &line[start + 2..];
                if let Some(end) = rest.find(')') {
                    let target = &rest[..end];
                    if !target.is_empty() && !src.join(target).exists() {
                        problems.push(format!("SUMMARY.md lists `{target}`, which does not exist"));
                    }
                }
            }
        }
    } else {
        problems.push("book/src/SUMMARY.md is missing".into());
    }
    // Every generated picture is there.
    match picture_list(root) {
        Ok(list) => {
            for p in list {
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
    // The built book, if there is one: no directive left unexpanded, math rendered.
    let built = root.join("book/book");
    if built.is_dir() {
        for page in &pages {
            let rel = page.strip_prefix(&src).unwrap().with_extension("html");
            let html_path = built.join(&rel);
            let Ok(html) = std::fs::read_to_string(&html_path) else {
                if !page.ends_with("SUMMARY.md") {
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
            let md = std::fs::read_to_string(page).unwrap_or_default();
            if md.contains("$$") && !html.contains("katex-display") {
                problems.push(format!("{}: display math did not render", rel.display()));
            }
        }
    } else {
        println!("(book/book not built; run `mdbook build book` to check the HTML too)");
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

    #[test]
    fn finds_includes_and_images() {
        let md = "x {{#include ../a.rs:step}} y {{#rustdoc_include b.rs}} ![pic](img/p.png) ![w](https://x/y.png)";
        assert_eq!(includes(md), vec!["../a.rs:step", "b.rs"]);
        assert_eq!(images(md), vec!["img/p.png"]);
    }
}
