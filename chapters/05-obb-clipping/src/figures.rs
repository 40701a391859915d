//! The chapter's concept figure: the separating-axis test as shadows. Each box
//! casts a shadow on each of the four face axes. Where the shadows overlap on
//! every axis the boxes overlap; on each axis, how far one shadow must slide to
//! clear the other is the penetration along it, and the least of the four, which
//! [`least_penetration_axis`] picks, gives the normal.

use crate::demos::draw_shape;
use crate::{AxisBias, Obb, Shape, Transform, least_penetration_axis};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

const A: Obb = Obb { half_extents: Vec2::new(1.1, 0.55) };
const B: Obb = Obb { half_extents: Vec2::new(0.7, 0.45) };

/// Box A at the origin and box B at the handle, with their shadows.
pub fn shadows() -> Lab<Figure> {
    let bounds = (Vec2::new(-5.0, -4.5), Vec2::new(5.0, 4.5));
    Figure::lab(vec![Vec2::new(1.3, 0.9)], draw_shadows, bounds)
}

/// The shadow of `obb` placed by `t` on the line along unit `u`: the interval of
/// `p . u` over the box's points, its centre's plus or minus the half extents'
/// reach along `u`.
pub fn shadow(obb: &Obb, t: &Transform, u: Vec2) -> (f32, f32) {
    let h = obb.half_extents;
    let reach =
        h.x * t.rotation.x_axis.dot(u).abs() + h.y * t.rotation.y_axis.dot(u).abs();
    let centre = t.position.dot(u);
    (centre - reach, centre + reach)
}

/// The four face axes: A's x and y, then B's x and y.
pub fn face_axes(ta: &Transform, tb: &Transform) -> [Vec2; 4] {
    let (a, b) = (ta.rotation, tb.rotation);
    [a.x_axis, a.y_axis, b.x_axis, b.y_axis]
}

fn draw_shadows(handles: &[Vec2], out: &mut DrawList) {
    let ta = Transform::new(Vec2::ZERO, 0.3);
    let tb = Transform::new(handles[0], -0.5);
    for (obb, t, color) in [(A, ta, Color::ORANGE), (B, tb, Color::CYAN)] {
        draw_shape(out, &Shape::Box(obb), &t, color);
    }
    let found = least_penetration_axis(&A, &ta, &B, &tb, &AxisBias::DEFAULT);
    let names = ["A's x", "A's y", "B's x", "B's y"];
    // Each axis drawn as a line clear of both boxes, on its own side of them
    // (A's below and left, B's above and right), the shadows on it.
    let middle = 0.5 * (ta.position + tb.position);
    let sides = [-1.0, 1.0, 1.0, -1.0];
    for (k, u) in face_axes(&ta, &tb).into_iter().enumerate() {
        let out_dir = sides[k] * u.perp();
        let base = middle - middle.dot(u) * u + 2.7 * out_dir;
        out.segment(base - 3.2 * u, base + 3.2 * u, Color::DARK);
        let (a0, a1) = shadow(&A, &ta, u);
        let (b0, b1) = shadow(&B, &tb, u);
        let lift = 0.07 * out_dir;
        out.segment_width(
            base + a0 * u - lift,
            base + a1 * u - lift,
            Color::ORANGE,
            4.0,
        );
        out.segment_width(
            base + b0 * u + lift,
            base + b1 * u + lift,
            Color::CYAN,
            4.0,
        );
        // How far B's shadow must slide, one way or the other, to clear A's.
        let slide = (a1 - b0).min(b1 - a0);
        let (depth, least) = match found {
            Some((depths, best)) => (depths[k], best == k),
            None => (slide, false),
        };
        let mid = 0.5 * (a0.max(b0) + a1.min(b1));
        let color = if least { Color::WHITE } else { Color::GREY };
        out.text(
            base + mid * u + 0.45 * out_dir - Vec2::new(0.3, 0.0),
            names[k],
            color,
        );
        let least = if least { "  the least: the normal" } else { "" };
        let line = format!("{}: {depth:.2} m{least}", names[k]);
        out.text(Vec2::new(-4.8, 3.6 - 0.3 * k as f32), line, color);
    }
    let verdict = if found.is_some() {
        "every axis overlaps: the boxes touch"
    } else {
        "a gap on one axis: it separates them"
    };
    out.text(Vec2::new(-4.8, 4.2), verdict, Color::WHITE);
    out.text(
        Vec2::new(-4.8, 3.9),
        "how far a shadow must slide to clear the other; drag B",
        Color::GREY,
    );
}
