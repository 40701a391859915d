//! The trace: one CSV row per body per step, for analysing a run outside the
//! program.
//!
//! ```text
//! step,time,body,x,y,angle,vx,vy,omega
//! 0,0,0,0.5,0.25,0,1,-2,0
//! ```
//!
//! Step 0 is the initial state. Static bodies are included. Numbers are printed
//! with Rust's shortest round-trip formatting, so parsing a field back gives the
//! exact f32 the engine had.

use crate::demo::BodyState;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The header line, the public format of the trace.
pub const HEADER: &str = "step,time,body,x,y,angle,vx,vy,omega";

/// Writes trace rows to any writer.
pub struct TraceWriter<W: Write> {
    out: W,
}

impl<W: Write> TraceWriter<W> {
    /// Start a trace: writes the header.
    pub fn new(mut out: W) -> io::Result<Self> {
        writeln!(out, "{HEADER}")?;
        Ok(TraceWriter { out })
    }

    /// One row per body for step `step` at simulated time `time`.
    pub fn record(
        &mut self,
        step: u64,
        time: f64,
        bodies: &[BodyState],
    ) -> io::Result<()> {
        for (i, b) in bodies.iter().enumerate() {
            writeln!(
                self.out,
                "{step},{time},{i},{},{},{},{},{},{}",
                b.position.x,
                b.position.y,
                b.angle,
                b.velocity.x,
                b.velocity.y,
                b.angular_velocity
            )?;
        }
        Ok(())
    }

    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// One parsed trace row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TraceRow {
    pub step: u64,
    pub time: f64,
    pub body: usize,
    pub state: BodyState,
}

/// Parse a trace written by [`TraceWriter`]. Inverse mass and inertia are not in
/// the trace and come back as 0.
pub fn parse(text: &str) -> Result<Vec<TraceRow>, String> {
    let mut lines = text.lines();
    match lines.next() {
        Some(HEADER) => {}
        other => {
            return Err(format!("expected header `{HEADER}`, found {other:?}"));
        }
    }
    lines
        .enumerate()
        .map(|(n, line)| {
            let f: Vec<&str> = line.split(',').collect();
            if f.len() != 9 {
                return Err(format!(
                    "line {}: expected 9 fields, found {}",
                    n + 2,
                    f.len()
                ));
            }
            let num = |i: usize| -> Result<f32, String> {
                f[i].parse().map_err(|_| {
                    format!("line {}: `{}` is not a number", n + 2, f[i])
                })
            };
            Ok(TraceRow {
                step: f[0]
                    .parse()
                    .map_err(|_| format!("line {}: bad step", n + 2))?,
                time: f[1]
                    .parse()
                    .map_err(|_| format!("line {}: bad time", n + 2))?,
                body: f[2]
                    .parse()
                    .map_err(|_| format!("line {}: bad body", n + 2))?,
                state: BodyState {
                    position: glam::Vec2::new(num(3)?, num(4)?),
                    angle: num(5)?,
                    velocity: glam::Vec2::new(num(6)?, num(7)?),
                    angular_velocity: num(8)?,
                    inv_mass: 0.0,
                    inv_inertia: 0.0,
                },
            })
        })
        .collect()
}

/// A file that appears at its path only when it is complete: written to a temporary
/// sibling and renamed into place by [`AtomicFile::commit`]. Dropped without a
/// commit, it leaves nothing behind, so a failed run never leaves a half-written
/// trace or picture.
///
/// A symbolic link is followed: the file it points to is replaced, never the link.
/// A path that is a device or a pipe (`/dev/null`, a FIFO) is opened and written
/// through, as a stream: it cannot be replaced, and replacing it would destroy it.
/// A directory is refused.
pub struct AtomicFile {
    /// The temporary sibling, for a regular file; `None` when writing through.
    tmp: Option<PathBuf>,
    /// Where the file goes, symbolic links followed.
    dest: PathBuf,
    file: Option<io::BufWriter<std::fs::File>>,
}

/// Temporary names taken by this process so far: with the process id, a name no
/// other run and no other output of this run uses at the same time.
static TEMPORARIES: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(0);

impl AtomicFile {
    pub fn create(dest: &Path) -> io::Result<Self> {
        let dest = follow_links(dest)?;
        match std::fs::metadata(&dest) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::other("it is a directory"));
            }
            Ok(m) if !m.is_file() => {
                let file = std::fs::OpenOptions::new().write(true).open(&dest)?;
                return Ok(AtomicFile {
                    tmp: None,
                    dest,
                    file: Some(io::BufWriter::new(file)),
                });
            }
            _ => {}
        }
        let name = dest.file_name().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "not a file path")
        })?;
        let n = TEMPORARIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}-{n}.partial", std::process::id()));
        let tmp = dest.with_file_name(tmp_name);
        let file = std::fs::File::create_new(&tmp)?;
        Ok(AtomicFile {
            tmp: Some(tmp),
            dest,
            file: Some(io::BufWriter::new(file)),
        })
    }

    /// Where the file goes: the path given, symbolic links followed.
    pub fn destination(&self) -> &Path {
        &self.dest
    }

    /// Flush, then move the file into place.
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(mut f) = self.file.take() {
            f.flush()?;
        }
        match self.tmp.take() {
            Some(tmp) => std::fs::rename(&tmp, &self.dest).inspect_err(|_| {
                let _ = std::fs::remove_file(&tmp);
            }),
            None => Ok(()),
        }
    }
}

/// `path` with every symbolic link along it followed, as far as the links exist; a
/// link to a file not yet there gives that file's path.
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.file.as_mut() {
            Some(f) => f.write(buf),
            None => Err(io::Error::other("file already committed")),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self.file.as_mut() {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.file.take();
        if let Some(tmp) = self.tmp.take() {
            let _ = std::fs::remove_file(&tmp);
        }
    }
}
