//! The chapter's concept figure, computed by its own [`inverse_effective_mass`]:
//! the lever arm. An impulse along `n` at a point `r` from the centre also turns
//! the body, by `(r x n) / I` per N s, and `|r x n|` is the distance from the
//! centre to the impulse's line: the further out, the easier the point gives.

use crate::demos::draw_body;
use crate::{Body, inverse_effective_mass};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;
use physics_core::math::cross;

/// A 3 m by 1 m plank of 6 kg (2 kg/m^2), pushed straight up at the handle.
pub fn lever() -> Lab<Figure> {
    let bounds = (Vec2::new(-3.5, -2.0), Vec2::new(3.5, 2.5));
    Figure::lab(vec![Vec2::new(1.2, -0.5)], draw_lever, bounds)
}

fn draw_lever(handles: &[Vec2], out: &mut DrawList) {
    let plank = Body::rect(1.5, 0.5, Vec2::ZERO, 0.0, 2.0);
    // What the plank is pushed against: immovable, so it adds nothing.
    let ground = Body { inv_mass: 0.0, inv_inertia: 0.0, ..plank };
    let (c, p, n) = (plank.position, handles[0], Vec2::Y);
    let r = p - c;
    draw_body(out, &plank, Color::ORANGE);
    out.point(c, 6.0, Color::ORANGE);
    out.arrow(c, p, Color::WHITE);
    out.text(0.5 * (c + p) + Vec2::new(0.0, -0.25), "r", Color::WHITE);
    // The impulse's line of action, and the lever arm: from the centre, at right
    // angles to it, |r x n| long.
    out.segment(p - 1.6 * n, p + 1.6 * n, Color::DARK);
    out.arrow(p - 0.9 * n, p, Color::GREEN);
    out.text(p - 0.9 * n + Vec2::new(0.1, 0.0), "n", Color::GREEN);
    let foot = p - r.dot(n) * n;
    out.segment_width(c, foot, Color::YELLOW, 3.0);
    let arm = cross(r, n);
    out.text(
        0.5 * (c + foot) + Vec2::new(-0.6, 0.15),
        format!("|r x n| = {:.2} m", arm.abs()),
        Color::YELLOW,
    );
    let inv = inverse_effective_mass(&plank, &ground, p, n);
    let lines = [
        format!("1/m = {:.3} per kg", plank.inv_mass),
        format!("(r x n)^2 / I = {:.3} per kg", arm * arm * plank.inv_inertia),
        format!(
            "1/m_eff = {inv:.3}: the point gives {:.1}x as much",
            inv * plank.mass()
        ),
        "as the centre would; drag the point".into(),
    ];
    for (k, line) in lines.into_iter().enumerate() {
        out.text(Vec2::new(-3.3, 2.2 - 0.3 * k as f32), line, Color::WHITE);
    }
}
