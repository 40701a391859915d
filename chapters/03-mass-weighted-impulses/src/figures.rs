//! The chapter's concept figure, drawn by its own [`circle_circle`] and
//! [`resolve`]: one impulse along the normal, shared so that the lighter body's
//! velocity changes three times as much as the heavier one's.

use crate::{Ball, circle_circle, resolve};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// Metres of arrow per N s of impulse.
const IMPULSE_ARROW: f32 = 0.4;

/// Ball A (1 kg) moving in from the handle's direction meets ball B (3 kg).
pub fn impulse() -> Lab<Figure> {
    let bounds = (Vec2::new(-4.0, -2.5), Vec2::new(4.0, 2.5));
    Figure::lab(vec![Vec2::new(0.3, -0.9)], draw_impulse, bounds)
}

fn draw_impulse(handles: &[Vec2], out: &mut DrawList) {
    let line = Vec2::from_angle(0.35);
    let mut a = Ball::new(Vec2::new(-1.4, -0.3), 0.5, 1.0, 1.0);
    let mut b = Ball::new(a.position + 1.18 * line, 0.7, 3.0, 1.0);
    a.velocity = handles[0] - a.position;
    b.velocity = Vec2::new(-0.6, 0.3);
    let (before_a, before_b) = (a, b);
    out.circle_outline(a.position, a.radius, Color::ORANGE);
    out.text(a.position + Vec2::new(-0.3, 0.6), "A, 1 kg", Color::ORANGE);
    out.circle_outline(b.position, b.radius, Color::CYAN);
    out.text(b.position + Vec2::new(-0.3, 0.8), "B, 3 kg", Color::CYAN);
    let Some(contact) = circle_circle(&a, &b) else { return };
    let j = resolve(&mut a, &mut b, &contact, 1.0, true);
    let n = contact.normal;
    let at = a.position + a.radius * n;
    out.arrow(at, at - IMPULSE_ARROW * j * n, Color::RED);
    out.arrow(at, at + IMPULSE_ARROW * j * n, Color::GREEN);
    for (before, after) in [(before_a, a), (before_b, b)] {
        let p = before.position;
        out.arrow(p, p + before.velocity, Color::GREY);
        out.arrow(p, p + after.velocity, Color::WHITE);
    }
    let momentum =
        |x: &Ball, y: &Ball| x.velocity / x.inv_mass + y.velocity / y.inv_mass;
    let lines = [
        (format!("j = {j:.2} N s along n: A gets -j n, B gets +j n"), Color::GREEN),
        (
            format!(
                "velocity change: A {:.2} m/s, B {:.2} m/s",
                (a.velocity - before_a.velocity).length(),
                (b.velocity - before_b.velocity).length()
            ),
            Color::WHITE,
        ),
        (
            format!(
                "momentum before {:.2}, after {:.2} kg m/s",
                momentum(&before_a, &before_b),
                momentum(&a, &b)
            ),
            Color::WHITE,
        ),
        ("grey: before; white: after (drag A's velocity)".into(), Color::GREY),
    ];
    for (k, (text, color)) in lines.into_iter().enumerate() {
        out.text(Vec2::new(-3.8, 2.2 - 0.3 * k as f32), text, color);
    }
}
