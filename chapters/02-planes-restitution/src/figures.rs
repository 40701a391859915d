//! The chapter's concept figure, drawn by its own [`reflect`]: a velocity split
//! into its normal and tangential parts, and the bounce that reverses one and
//! keeps the other.

use crate::{Particle, Plane, World, reflect};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The floor's unit normal in the figure: a plane turned 20 degrees.
const NORMAL: Vec2 = Vec2::new(-0.342_020_14, 0.939_692_6);

/// The bounce at the origin of a velocity arriving from the handle.
pub fn reflection() -> Lab<Figure> {
    let bounds = (Vec2::new(-4.0, -1.5), Vec2::new(4.0, 4.2));
    Figure::lab(vec![Vec2::new(-2.5, 2.2)], draw_reflection, bounds)
}

fn draw_reflection(handles: &[Vec2], out: &mut DrawList) {
    let n = NORMAL;
    let along = n.perp();
    out.segment_width(-4.0 * along, 4.0 * along, Color::GREY, 3.0);
    out.arrow(Vec2::ZERO, 0.8 * n, Color::GREEN);
    out.text(0.9 * n, "n", Color::GREEN);
    // The velocity that arrives at the origin from the handle, in 1 s.
    let v = -handles[0];
    out.arrow(handles[0], Vec2::ZERO, Color::WHITE);
    out.text(handles[0] + Vec2::new(-0.1, 0.35), "v", Color::WHITE);
    // Its parts: along the normal (reversed by the bounce) and along the floor.
    let normal_part = v.dot(n) * n;
    let tangent_part = v - normal_part;
    out.arrow(tangent_part, tangent_part - normal_part, Color::ORANGE);
    out.text(
        tangent_part - 0.25 * normal_part + Vec2::new(0.15, 0.0),
        "-e (v . n) n, e from 0 to 1",
        Color::ORANGE,
    );
    for (e, color) in [(1.0, Color::WHITE), (0.5, Color::YELLOW), (0.0, Color::RED)]
    {
        let out_v = reflect(v, n, e);
        out.arrow(Vec2::ZERO, out_v, color);
        let at =
            if e > 0.0 { Vec2::new(-1.45, 0.0) } else { Vec2::new(-0.6, -0.6) };
        out.text(out_v + at, format!("v' (e = {e})"), color);
    }
    // The tangent part last: at e = 0 the outgoing velocity is exactly it.
    out.arrow(Vec2::ZERO, tangent_part, Color::CYAN);
    let label = tangent_part + Vec2::new(0.05, -0.25);
    out.text(label, "tangent part, kept", Color::CYAN);
    out.text(
        Vec2::new(-3.8, 3.95),
        "v' = v - (1 + e)(v . n) n   (drag the start of v)",
        Color::GREY,
    );
}

/// The bounce plot's step, seconds: ten times finer than the demos', so the
/// curve is the physics and not the step.
pub const BOUNCE_STEP: f32 = 1.0 / 600.0;

/// A particle dropped from `height` metres onto a floor at y = 0 with
/// restitution `e`: its height after each step of [`BOUNCE_STEP`] for `seconds`.
pub fn bounce_heights(height: f32, e: f32, seconds: f32) -> Vec<f32> {
    let drop = Particle {
        position: Vec2::new(0.0, height),
        velocity: Vec2::ZERO,
        restitution: e,
    };
    let mut world = World::new(vec![drop]);
    world.planes =
        vec![Plane::through(Vec2::ZERO, Vec2::Y).expect("a unit normal")];
    (0..(seconds / BOUNCE_STEP) as usize)
        .map(|_| {
            world.step(BOUNCE_STEP);
            world.particles[0].position.y
        })
        .collect()
}

/// The tops of the bounces in `heights`: each local maximum after the first
/// bounce.
pub fn peaks(heights: &[f32]) -> Vec<f32> {
    heights
        .windows(3)
        .filter(|w| w[1] > w[0] && w[1] >= w[2] && w[1] > 1e-3)
        .map(|w| w[1])
        .collect()
}

/// The bounce plot; the handle's height sets the restitution.
pub fn bounces() -> Lab<Figure> {
    let bounds = (Vec2::new(-0.8, -0.6), Vec2::new(8.6, 3.0));
    Figure::lab(vec![Vec2::new(-0.4, 1.6)], draw_bounces, bounds)
}

/// Metres of plot per second.
const PER_SECOND: f32 = 2.0;

fn draw_bounces(handles: &[Vec2], out: &mut DrawList) {
    let e = (handles[0].y / 2.0).clamp(0.1, 0.95);
    let (h0, seconds) = (2.0, 4.0);
    let heights = bounce_heights(h0, e, seconds);
    out.segment(Vec2::ZERO, Vec2::new(seconds * PER_SECOND, 0.0), Color::GREY);
    out.segment(Vec2::ZERO, Vec2::new(0.0, h0), Color::GREY);
    out.text(Vec2::new(-0.7, h0), "2 m", Color::GREY);
    out.text(Vec2::new(seconds * PER_SECOND - 0.4, -0.3), "4 s", Color::GREY);
    let at =
        |k: usize, y: f32| Vec2::new((k + 1) as f32 * BOUNCE_STEP * PER_SECOND, y);
    for (k, pair) in heights.windows(2).enumerate() {
        out.segment(at(k, pair[0]), at(k + 1, pair[1]), Color::CYAN);
    }
    // Newton's law of restitution: each bounce leaves at e times the speed it
    // arrived with, so it rises to e^2 times the height it fell from.
    for (k, peak) in peaks(&heights).into_iter().enumerate().take(6) {
        let expected = h0 * e.powi(2 * (k as i32 + 1));
        let y = expected;
        out.segment(
            Vec2::new(0.0, y),
            Vec2::new(seconds * PER_SECOND, y),
            Color::DARK,
        );
        let line = format!(
            "bounce {}: {peak:.3} m, e^{} h0 = {expected:.3} m",
            k + 1,
            2 * (k + 1)
        );
        out.text(Vec2::new(4.4, 2.0 - 0.2 * k as f32), line, Color::WHITE);
    }
    out.text(
        Vec2::new(0.0, 2.85),
        format!("height of a ball dropped from 2 m, e = {e:.2} (drag the handle)"),
        Color::WHITE,
    );
    out.text(Vec2::new(0.0, 2.6), "grey lines: the heights e^2k h0", Color::GREY);
}
