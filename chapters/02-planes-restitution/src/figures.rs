//! The chapter's concept figure, drawn by its own [`reflect`]: a velocity split
//! into its normal and tangential parts, and the bounce that reverses one and
//! keeps the other.

use crate::reflect;
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
    out.arrow(Vec2::ZERO, tangent_part, Color::CYAN);
    out.text(
        tangent_part + Vec2::new(0.05, -0.25),
        "tangent part, kept",
        Color::CYAN,
    );
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
    out.text(
        Vec2::new(-3.8, 3.95),
        "v' = v - (1 + e)(v . n) n   (drag the start of v)",
        Color::GREY,
    );
}
