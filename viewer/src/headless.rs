//! Running a demo without a window: steps, then pictures, an animation and a trace.

use crate::cli::Args;
use crate::encode::{GifWriter, write_png};
use crate::raster::Frame;
use crate::session::{Hud, Session};
use physics_core::diagnostics;
use physics_core::trace::{AtomicFile, TraceWriter};

/// The most frames a GIF gets when `--gif-every` is not given.
const GIF_FRAMES: u64 = 150;

/// Run `args.steps` steps of the session's demo and write what `args` asks for. Returns the
/// one-line summary. Output files appear only if the whole run succeeds.
pub fn run(session: &mut Session, args: &Args) -> Result<String, String> {
    let (w, h) = args.size;
    session.camera.resize(w, h);
    let fit = session.demo.bounds();
    session.camera = crate::camera::Camera::fit(fit.0, fit.1, w, h);
    let mut frame = Frame::new(w, h);

    let mut trace = match &args.trace {
        Some(path) => {
            let file = AtomicFile::create(path)
                .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
            let mut t = TraceWriter::new(file).map_err(|e| e.to_string())?;
            t.record(0, 0.0, &session.demo.bodies())
                .map_err(|e| e.to_string())?;
            Some(t)
        }
        None => None,
    };

    let every = args
        .gif_every
        .unwrap_or_else(|| args.steps.div_ceil(GIF_FRAMES).max(1));
    let mut gif = match &args.gif {
        Some(path) => {
            let mut g = GifWriter::create(path, w, h, every as f32 * session.dt)?;
            session.render(&mut frame, Hud::Caption);
            g.add(&frame)?;
            Some(g)
        }
        None => None,
    };

    for _ in 0..args.steps {
        session.step();
        let bodies = session.demo.bodies();
        if let Some((i, b)) = bodies.iter().enumerate().find(|(_, b)| {
            !(b.position.is_finite()
                && b.velocity.is_finite()
                && b.angle.is_finite()
                && b.angular_velocity.is_finite())
        }) {
            return Err(format!(
                "step {}: body {i} has a non-finite state {b:?}; this is a bug in the engine",
                session.steps
            ));
        }
        if let Some(t) = trace.as_mut() {
            t.record(session.steps, session.time(), &bodies)
                .map_err(|e| e.to_string())?;
        }
        if let Some(g) = gif.as_mut()
            && session.steps % every == 0
        {
            session.render(&mut frame, Hud::Caption);
            g.add(&frame)?;
        }
    }

    if let Some(t) = trace {
        let file = t.finish().map_err(|e| e.to_string())?;
        file.commit().map_err(|e| e.to_string())?;
    }
    if let Some(g) = gif {
        g.finish()?;
    }
    if let Some(path) = &args.png {
        session.render(&mut frame, Hud::Caption);
        write_png(path, &frame)?;
    }

    let bodies = session.demo.bodies();
    let p = diagnostics::linear_momentum(&bodies);
    let ke = diagnostics::kinetic_energy(&bodies);
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
