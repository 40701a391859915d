//! Running a demo without a window: steps, then pictures, an animation and a trace.

use crate::cli::Args;
use crate::encode::{GifWriter, write_png};
use crate::raster::Frame;
use crate::session::{Hud, Session};
use physics_core::diagnostics;
use physics_core::trace::{AtomicFile, TraceWriter};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most frames a GIF gets when `--gif-every` is not given.
const GIF_FRAMES: u64 = 150;

/// Exit codes: a usage error (the same path for two outputs) and an interrupted run
/// (128 + SIGINT, as a shell reports it).
pub const EXIT_USAGE: u8 = 2;
pub const EXIT_INTERRUPTED: u8 = 130;

/// Set by Ctrl-C or SIGTERM; the run stops at the next step and leaves no file
/// behind.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The first chapter whose worlds report events (`--events`).
pub const EVENTS_FROM: u32 = 15;

/// One step's events as rows of the `--events` file; a shape with no
/// place (a joint's, or one destroyed) is left empty.
fn write_events(
    out: &mut impl Write,
    step: u64,
    rows: &[physics_core::demo::EventRow],
) -> std::io::Result<()> {
    let place = |s: Option<u32>| s.map_or(String::new(), |s| s.to_string());
    for e in rows {
        writeln!(
            out,
            "{step},{},{},{},{},{},{},{},{},{},{}",
            e.kind,
            e.body_a,
            place(e.shape_a),
            e.body_b,
            place(e.shape_b),
            e.point.x,
            e.point.y,
            e.normal.x,
            e.normal.y,
            e.speed
        )?;
    }
    Ok(())
}

/// Refuse one path given for two outputs (a trace and a picture would overwrite
/// each other).
fn check_outputs(args: &Args) -> Result<(), (u8, String)> {
    let given = [
        ("--trace", &args.trace),
        ("--gif", &args.gif),
        ("--png", &args.png),
        ("--events", &args.events),
    ];
    let outputs: Vec<(&'static str, PathBuf)> = given
        .into_iter()
        .filter_map(|(flag, p)| p.clone().map(|p| (flag, p)))
        .collect();
    for (i, (flag, path)) in outputs.iter().enumerate() {
        for (other, other_path) in &outputs[..i] {
            if same_file(path, other_path) {
                return Err((
                    EXIT_USAGE,
                    format!(
                        "{other} and {flag} both name `{}`; give each output its own file",
                        path.display()
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Whether two paths name one file: compared with their directories made absolute
/// and symbolic links resolved where they exist.
fn same_file(a: &Path, b: &Path) -> bool {
    let resolve = |p: &Path| {
        let p = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
        std::fs::canonicalize(&p).unwrap_or_else(|_| {
            match (
                p.parent().and_then(|d| std::fs::canonicalize(d).ok()),
                p.file_name(),
            ) {
                (Some(dir), Some(name)) => dir.join(name),
                _ => p.clone(),
            }
        })
    };
    resolve(a) == resolve(b)
}

fn create(path: &Path) -> Result<AtomicFile, (u8, String)> {
    AtomicFile::create(path)
        .map_err(|e| (1, format!("cannot write `{}`: {e}", path.display())))
}

/// Run `args.steps` steps of the session's demo and write what `args` asks for.
/// Returns the one-line summary, or the exit code and message. Output files appear
/// only if the whole run succeeds; an interrupted or failed run leaves none.
pub fn run(session: &mut Session, args: &Args) -> Result<String, (u8, String)> {
    check_outputs(args)?;
    // Ctrl-C and SIGTERM set the flag instead of killing the process mid-write. The
    // handler can be set once per process; a second run in the same process keeps
    // the first.
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let fail = |msg: String| (1u8, msg);
    let (w, h) = args.size;
    session.camera.resize(w, h);
    let fit = session.demo.bounds();
    session.camera = crate::camera::Camera::fit(fit.0, fit.1, w, h);
    let mut frame = Frame::new(w, h);

    // Open every output first, so a bad path fails before the run.
    let mut png = match &args.png {
        Some(path) => Some((create(path)?, path.clone())),
        None => None,
    };
    let trace_error = |path: &Path| {
        let path = path.display().to_string();
        move |e: std::io::Error| (1u8, format!("cannot write `{path}`: {e}"))
    };
    let mut trace = match &args.trace {
        Some(path) => {
            let mut t =
                TraceWriter::new(create(path)?).map_err(trace_error(path))?;
            t.record(0, 0.0, &session.demo.bodies()).map_err(trace_error(path))?;
            Some((t, path.clone()))
        }
        None => None,
    };
    let mut events = match &args.events {
        Some(path) if session.chapter.number < EVENTS_FROM => {
            return Err((
                EXIT_USAGE,
                format!(
                    "--events {}: events arrive in chapter {EVENTS_FROM} (ch15-game-api); \
                     this is chapter {}",
                    path.display(),
                    session.chapter.number
                ),
            ));
        }
        Some(path) => {
            let mut file = std::io::BufWriter::new(create(path)?);
            writeln!(
                file,
                "step,kind,body_a,shape_a,body_b,shape_b,x,y,nx,ny,speed"
            )
            .map_err(trace_error(path))?;
            Some((file, path.clone()))
        }
        None => None,
    };
    let every =
        args.gif_every.unwrap_or_else(|| args.steps.div_ceil(GIF_FRAMES).max(1));
    let mut gif = match &args.gif {
        Some(path) => {
            let mut g = GifWriter::create(path, w, h, every as f32 * session.dt)
                .map_err(fail)?;
            session.render(&mut frame, Hud::Caption);
            g.add(&frame).map_err(fail)?;
            Some(g)
        }
        None => None,
    };
    let mut progress = Progress::new(args.steps);
    for _ in 0..args.steps {
        if INTERRUPTED.load(Ordering::SeqCst) {
            progress.done();
            return Err((
                EXIT_INTERRUPTED,
                format!("interrupted at step {}; no output written", session.steps),
            ));
        }
        session.step();
        progress.show(session.steps);
        if let Some(why) = session.demo.trouble() {
            progress.done();
            return Err(fail(format!(
                "step {}: {why}; no output written",
                session.steps
            )));
        }
        let bodies = session.demo.bodies();
        if let Some((i, b)) = bodies.iter().enumerate().find(|(_, b)| {
            !(b.position.is_finite()
                && b.velocity.is_finite()
                && b.angle.is_finite()
                && b.angular_velocity.is_finite())
        }) {
            progress.done();
            return Err(fail(format!(
                "step {}: body {i} has a non-finite state {b:?}; this is a bug in the engine",
                session.steps
            )));
        }
        if let Some((t, path)) = trace.as_mut() {
            t.record(session.steps, session.time(), &bodies)
                .map_err(trace_error(path))?;
        }
        if let Some((file, path)) = events.as_mut() {
            write_events(file, session.steps, &session.demo.events())
                .map_err(trace_error(path))?;
        }
        if let Some(g) = gif.as_mut()
            && session.steps % every == 0
        {
            session.render(&mut frame, Hud::Caption);
            g.add(&frame).map_err(fail)?;
        }
    }
    progress.done();

    // Every state is finite, but a sum of squares of them may not be: a body
    // at 1e20 m/s has a kinetic energy f32 cannot hold. Such a run is not one
    // to report (or to leave files from) as if it were sound.
    let bodies = session.demo.bodies();
    let ke = diagnostics::kinetic_energy(&bodies);
    let p = diagnostics::linear_momentum(&bodies);
    if !(ke.is_finite() && p.is_finite()) {
        let fastest = bodies
            .iter()
            .enumerate()
            .max_by(|(_, a), (_, b)| {
                a.velocity.length().total_cmp(&b.velocity.length())
            })
            .map(|(i, b)| {
                format!("body {i} moves at {:e} m/s", b.velocity.length())
            })
            .unwrap_or_default();
        return Err(fail(format!(
            "step {}: the bodies' kinetic energy ({ke} J) or momentum is beyond what f32 \
             holds ({fastest}); no output written",
            session.steps
        )));
    }

    // Everything is written; now move every file into place together.
    let mut finished = Vec::new();
    if let Some((t, path)) = trace {
        finished.push((t.finish().map_err(trace_error(&path))?, path));
    }
    if let Some((file, path)) = events {
        let file =
            file.into_inner().map_err(|e| trace_error(&path)(e.into_error()))?;
        finished.push((file, path));
    }
    if let (Some(g), Some(path)) = (gif, &args.gif) {
        finished.push((g.finish().map_err(fail)?, path.clone()));
    }
    if let Some((mut file, path)) = png.take() {
        session.render(&mut frame, Hud::Caption);
        write_png(&mut file, &path, &frame).map_err(fail)?;
        finished.push((file, path));
    }
    for (file, path) in finished {
        file.commit().map_err(trace_error(&path))?;
    }

    let bodies = session.demo.bodies();
    // `+ 0.0` turns an empty sum's -0.0 into 0.0, so nothing prints as -0.000000.
    let p = diagnostics::linear_momentum(&bodies) + glam::Vec2::ZERO;
    let ke = diagnostics::kinetic_energy(&bodies) + 0.0;
    Ok(format!(
        "{} {}: {} steps, {:.4} s simulated, momentum ({:.6}, {:.6}) kg m/s, kinetic energy {:.6} J",
        session.chapter.package,
        session.demo_name,
        session.steps,
        session.time(),
        p.x,
        p.y,
        ke
    ))
}

/// "step N of M" on standard error, at most once a second, and only when standard
/// error is a terminal (never into a log or a pipe).
struct Progress {
    total: u64,
    shown: Option<Instant>,
    on: bool,
    started: Instant,
}

impl Progress {
    fn new(total: u64) -> Self {
        Progress {
            total,
            shown: None,
            on: std::io::stderr().is_terminal(),
            started: Instant::now(),
        }
    }

    fn show(&mut self, step: u64) {
        if !self.on || self.started.elapsed() < Duration::from_secs(1) {
            return;
        }
        if self.shown.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
            eprint!("\rstep {step} of {}", self.total);
            self.shown = Some(Instant::now());
        }
    }

    fn done(&mut self) {
        if self.shown.take().is_some() {
            eprintln!();
        }
    }
}
