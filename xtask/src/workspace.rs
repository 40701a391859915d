//! Which checkout a command works on: the one it is run in, found from the current
//! folder, never the one the binary was built in. A `target/` copied or moved from
//! another checkout can hold an xtask binary that cargo takes as up to date; built
//! elsewhere, its `CARGO_MANIFEST_DIR` names that other checkout, so trusting it
//! would read (and write) the other checkout's files.

use std::path::{Path, PathBuf};

/// The workspace at or above `start`: the nearest folder whose `Cargo.toml` has a
/// `[workspace]` table and which holds `xtask/Cargo.toml`. Another workspace on the
/// way up (`bench-peers/` is one) has no `xtask/` and is passed by.
pub fn find(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| {
            dir.join("xtask/Cargo.toml").is_file()
                && std::fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(
                    |text| text.lines().any(|l| l.trim() == "[workspace]"),
                )
        })
        .map(Path::to_path_buf)
}

/// Whether the binary built from `manifest_dir` (its `CARGO_MANIFEST_DIR`) belongs
/// to the workspace `root`. Both are compared with symbolic links resolved; a
/// folder that no longer exists is compared as it is.
pub fn built_in(manifest_dir: &Path, root: &Path) -> bool {
    let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    real(manifest_dir).starts_with(real(root))
}

/// The workspace the command is run in, if this binary was built from it; otherwise
/// what is wrong and what to do.
pub fn root() -> Result<PathBuf, String> {
    let here = std::env::current_dir()
        .map_err(|e| format!("cannot read the current folder: {e}"))?;
    let Some(root) = find(&here) else {
        return Err(format!(
            "{} is not inside the workbook: run `cargo xtask` from your checkout \
             (no Cargo.toml with [workspace] and an xtask/ folder above it)",
            here.display()
        ));
    };
    let built = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !built_in(built, &root) {
        return Err(format!(
            "this xtask was built in another checkout ({}), not in the one you are \
             in ({}): it would judge that checkout's files, not yours. Run it from \
             this checkout, built here: `touch xtask/src/main.rs`, then `cargo \
             xtask` again (cargo can take an xtask copied or moved in with target/ \
             for this checkout's own).",
            built.display(),
            root.display()
        ));
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::env::temp_dir()
                .join(format!("xtask-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn write(&self, rel: &str, text: &str) {
            let path = self.0.join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn finds_the_workspace_with_xtask_above_the_current_folder() {
        let s = Scratch::new("find");
        s.write("Cargo.toml", "[workspace]\nmembers = [\"xtask\"]\n");
        s.write("xtask/Cargo.toml", "[package]\nname = \"xtask\"\n");
        // A nested workspace without xtask, as bench-peers/ is.
        s.write("peers/Cargo.toml", "[workspace]\n");
        s.write("chapters/01-a/Cargo.toml", "[package]\nname = \"a\"\n");
        std::fs::create_dir_all(s.0.join("chapters/01-a/src")).unwrap();
        for from in ["", "chapters/01-a/src", "peers", "xtask"] {
            assert_eq!(find(&s.0.join(from)), Some(s.0.clone()), "from {from:?}");
        }
    }

    #[test]
    fn finds_nothing_outside_a_workspace() {
        let s = Scratch::new("none");
        // A package, not a workspace, even with an xtask/ beside it.
        s.write("Cargo.toml", "[package]\nname = \"p\"\n");
        s.write("xtask/Cargo.toml", "[package]\nname = \"xtask\"\n");
        assert_eq!(find(&s.0), None);
    }

    #[test]
    fn a_binary_built_in_another_checkout_is_refused() {
        let s = Scratch::new("clones");
        std::fs::create_dir_all(s.0.join("mine/xtask")).unwrap();
        std::fs::create_dir_all(s.0.join("other/xtask")).unwrap();
        let mine = s.0.join("mine");
        assert!(built_in(&mine.join("xtask"), &mine));
        assert!(!built_in(&s.0.join("other/xtask"), &mine));
        // A sibling whose name only starts like this one's is another checkout.
        assert!(!built_in(&s.0.join("mine-copy/xtask"), &mine));
        // A checkout deleted since the binary was built.
        assert!(!built_in(&s.0.join("gone/xtask"), &mine));
    }

    #[test]
    fn this_binary_was_built_in_the_workspace_it_finds() {
        // `cargo test` runs the tests in xtask/, so the two must agree here.
        let root = find(&std::env::current_dir().unwrap()).unwrap();
        assert!(built_in(Path::new(env!("CARGO_MANIFEST_DIR")), &root));
    }
}
