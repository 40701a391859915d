//! The chapter's concept figure, computed by its own step: a soft contact is a
//! damped spring set in hertz and a damping ratio. A disc pressed 10 cm into the
//! ground (no gravity) is let go; its overlap follows the spring's curve for as
//! long as the contact pushes, and the contact lets go once the spring would
//! have to pull.

use crate::{Body, World};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;
use std::sync::OnceLock;

/// How deep the disc starts, metres.
pub const START: f32 = 0.1;
/// The figure's steps of 1/60 s: half a second.
const STEPS: usize = 30;

/// The overlap after each step, and whether the contact still pushed, for a
/// contact of `hertz` and damping ratio `zeta` (no relax, no restitution, no cap
/// on the push-out speed: the spring alone).
pub fn released_overlap(hertz: f32, zeta: f32) -> Vec<(f32, bool)> {
    let ground = Body::rect(5.0, 0.5, Vec2::new(0.0, -0.5), 0.0, 1.0).into_static();
    let disc = Body::disc(0.5, Vec2::new(0.0, 0.5 - START), 1.0);
    let mut world = World::new(vec![ground, disc], Vec::new(), Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world.soft.settings.contact_hertz = hertz;
    world.soft.settings.damping_ratio = zeta;
    world.soft.settings.push_out = f32::INFINITY;
    world.soft.settings.relax = false;
    world.soft.settings.restitution = false;
    (0..STEPS)
        .map(|_| {
            world.step(1.0 / 60.0);
            let arbiters = &world.solver.arbiters;
            let pushing = arbiters
                .first()
                .is_some_and(|a| a.contacts()[0].normal_impulse > 0.0);
            (0.5 - world.bodies()[1].position.y, pushing)
        })
        .collect()
}

/// The damped spring's overlap at time `t` from `START` at rest.
pub fn spring(hertz: f32, zeta: f32, t: f32) -> f32 {
    let w = 2.0 * std::f32::consts::PI * hertz;
    if zeta < 1.0 {
        let wd = w * (1.0 - zeta * zeta).sqrt();
        START
            * (-zeta * w * t).exp()
            * ((wd * t).cos() + zeta * w / wd * (wd * t).sin())
    } else if zeta == 1.0 {
        START * (1.0 + w * t) * (-w * t).exp()
    } else {
        let s = w * (zeta * zeta - 1.0).sqrt();
        let (r1, r2) = (-zeta * w + s, -zeta * w - s);
        START * (r2 * (r1 * t).exp() - r1 * (r2 * t).exp()) / (r2 - r1)
    }
}

/// The plot; the handle's height sets the contact's frequency.
pub fn spring_figure() -> Lab<Figure> {
    let bounds = (Vec2::new(-1.5, -1.2), Vec2::new(7.5, 4.5));
    Figure::lab(vec![Vec2::new(-0.8, 2.0)], draw_spring, bounds)
}

/// Metres of plot per second and per metre of overlap.
const SCALE: Vec2 = Vec2::new(12.0, 30.0);

fn draw_spring(handles: &[Vec2], out: &mut DrawList) {
    let hertz = handles[0].y.clamp(0.5, 4.0);
    let end = STEPS as f32 / 60.0;
    out.segment(Vec2::ZERO, Vec2::new(end * SCALE.x, 0.0), Color::GREY);
    out.segment(Vec2::ZERO, Vec2::new(0.0, START * SCALE.y), Color::GREY);
    out.text(Vec2::new(-0.9, START * SCALE.y), "10 cm", Color::GREY);
    out.text(Vec2::new(-0.4, -0.3), "0", Color::GREY);
    out.text(Vec2::new(end * SCALE.x - 0.6, -0.3), "0.5 s", Color::GREY);
    out.text(
        Vec2::new(0.0, 4.2),
        format!(
            "overlap of a released disc, contact at {hertz:.1} Hz (drag the handle)"
        ),
        Color::WHITE,
    );
    out.text(
        Vec2::new(0.0, 3.9),
        "lines: the damped spring; dots: the soft step; grey: contact let go",
        Color::GREY,
    );
    out.text(
        Vec2::new(0.0, 3.6),
        "(grey: the damper would need a pull, and a contact cannot pull)",
        Color::GREY,
    );
    out.text(handles[0] + Vec2::new(-0.3, 0.25), "Hz", Color::WHITE);
    let curves = [(0.3, Color::RED), (1.0, Color::YELLOW), (3.0, Color::CYAN)];
    for (row, (zeta, color)) in curves.into_iter().enumerate() {
        let at = |t: f32, x: f32| SCALE * Vec2::new(t, x);
        for k in 0..60 {
            let (t0, t1) = (k as f32 * end / 60.0, (k + 1) as f32 * end / 60.0);
            let (x0, x1) = (spring(hertz, zeta, t0), spring(hertz, zeta, t1));
            out.segment(at(t0, x0), at(t1, x1), color.lerp(Color::DARK, 0.4));
        }
        let trace = released_overlap(hertz, zeta).into_iter().enumerate();
        // Once the disc has left the ground its overlap is negative: not plotted.
        for (k, (x, pushing)) in trace.filter(|(_, (x, _))| *x > -0.01) {
            let dot = if pushing { color } else { Color::GREY };
            out.point(at((k + 1) as f32 / 60.0, x), 5.0, dot);
        }
        out.text(
            Vec2::new(4.0, 3.0 - 0.3 * row as f32),
            format!("zeta = {zeta}"),
            color,
        );
    }
}

/// The recovery plot's length, steps of 1/60 s: five seconds.
pub const RECOVERY_STEPS: usize = 300;

/// The *overlap* demo's stack (ten boxes started 25 cm into each other) under
/// `solver`: the deepest overlap after each step, metres, and the fastest body's
/// speed, m/s.
pub fn recovery(solver: crate::Solver) -> Vec<(f32, f32)> {
    let mut world = crate::worlds::overlap();
    world.soft.settings.solver = solver;
    (0..RECOVERY_STEPS)
        .map(|_| {
            world.step(1.0 / 60.0);
            let fastest = world
                .bodies()
                .iter()
                .map(|b| b.velocity.length())
                .fold(0.0, f32::max);
            (world.max_penetration(), fastest)
        })
        .collect()
}

/// The plot of both solvers' recovery; the handle's height sets the plot's
/// overlap scale.
pub fn recovery_figure() -> Lab<Figure> {
    let bounds = (Vec2::new(-1.5, -1.2), Vec2::new(7.5, 4.6));
    Figure::lab(vec![Vec2::new(6.8, 3.0)], draw_recovery, bounds)
}

fn draw_recovery(handles: &[Vec2], out: &mut DrawList) {
    // The handle sets the top of the plot: 5 cm to 30 cm.
    let top = (handles[0].y * 0.1).clamp(0.05, 0.3);
    let scale = Vec2::new(6.0 / (RECOVERY_STEPS as f32 / 60.0), 3.0 / top);
    out.segment(Vec2::ZERO, Vec2::new(6.0, 0.0), Color::GREY);
    out.segment(Vec2::ZERO, Vec2::new(0.0, 3.0), Color::GREY);
    out.text(Vec2::new(-1.2, 3.0), format!("{:.0} cm", top * 100.0), Color::GREY);
    out.text(Vec2::new(-0.4, -0.3), "0", Color::GREY);
    out.text(Vec2::new(5.6, -0.3), "5 s", Color::GREY);
    let runs = [(Color::GREEN, "soft step"), (Color::RED, "chapter 8")];
    // Both runs are the same whatever the handle: worked out once, not at every
    // frame the figure is drawn.
    static TRACES: OnceLock<[Vec<(f32, f32)>; 2]> = OnceLock::new();
    let traces = TRACES.get_or_init(|| {
        [recovery(crate::Solver::Soft), recovery(crate::Solver::Chapter8)]
    });
    for (row, ((color, name), trace)) in runs.into_iter().zip(traces).enumerate() {
        let at = |k: usize, depth: f32| {
            scale * Vec2::new(k as f32 / 60.0, depth.min(top))
        };
        for (k, pair) in trace.windows(2).enumerate() {
            out.segment_width(at(k, pair[0].0), at(k + 1, pair[1].0), color, 2.0);
        }
        let first = trace.iter().position(|&(depth, _)| depth < 0.02);
        let last = trace.iter().rposition(|&(depth, _)| depth >= 0.02);
        let fastest = trace.iter().map(|&(_, v)| v).fold(0.0, f32::max);
        let time = |k: Option<usize>| {
            k.map_or("-".into(), |k| format!("{:.2} s", (k + 1) as f32 / 60.0))
        };
        let line = format!(
            "{name}: under 2 cm at {}, for good at {}, fastest {fastest:.1} m/s",
            time(first),
            time(last)
        );
        out.text(Vec2::new(-1.2, 4.2 - 0.3 * row as f32), line, color);
    }
    out.text(
        Vec2::new(-1.2, 3.55),
        "the deepest overlap of ten boxes started 25 cm deep (drag: the scale)",
        Color::GREY,
    );
}
