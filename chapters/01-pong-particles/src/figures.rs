//! The chapter's concept figure, computed by its own [`World::step`]: a step
//! looks at the world only at its end. A particle is seen *past* the wall first
//! and turned back then, so how far past it gets depends on the step.

use crate::{Particle, World};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The figure's step, seconds: ten times the demos' sixtieth, to see it.
pub const STEP: f32 = 1.0 / 6.0;

/// A particle starting at the first handle, aimed at the second: where each
/// step leaves it.
pub fn stepping() -> Lab<Figure> {
    let bounds = (Vec2::new(-1.6, -1.3), Vec2::new(1.6, 1.5));
    Figure::lab(
        vec![Vec2::new(-0.6, -0.5), Vec2::new(-0.1, -0.15)],
        draw_stepping,
        bounds,
    )
}

/// The positions after each of `steps` steps of `STEP`, from `start` at `velocity`.
pub fn positions(start: Vec2, velocity: Vec2, steps: usize) -> Vec<Vec2> {
    let mut world = World::new(vec![Particle { position: start, velocity }]);
    (0..steps)
        .map(|_| {
            world.step(STEP);
            world.particles[0].position
        })
        .collect()
}

fn draw_stepping(handles: &[Vec2], out: &mut DrawList) {
    let h = 1.0;
    let corners =
        vec![Vec2::splat(h), Vec2::new(-h, h), Vec2::splat(-h), Vec2::new(h, -h)];
    out.polygon(corners, None, Some(Color::GREY));
    // The handle pair is the velocity's direction and size: their gap per 0.25 s.
    let (start, velocity) = (handles[0], 4.0 * (handles[1] - handles[0]));
    out.arrow(start, handles[1], Color::WHITE);
    let mut last = start;
    let mut past = 0;
    for (k, p) in positions(start, velocity, 8).into_iter().enumerate() {
        let outside = p.abs().max_element() > h;
        past += outside as usize;
        out.segment(last, p, Color::DARK);
        out.point(p, 7.0, if outside { Color::RED } else { Color::YELLOW });
        out.text(p + Vec2::new(0.04, 0.04), (k + 1).to_string(), Color::GREY);
        last = p;
    }
    let line = format!(
        "8 steps of 1/6 s: {past} seen past a wall (red), turned back there"
    );
    out.text(Vec2::new(-1.55, 1.4), line, Color::WHITE);
    out.text(
        Vec2::new(-1.55, 1.25),
        "drag the start and the arrow's tip",
        Color::GREY,
    );
}
