//! The chapter's concept figure, computed by its own [`Joint`]: a hinge keeps
//! two anchors, one fixed in each body, at the same point. Its error is the
//! vector between them, `C = (x_B + r_B) - (x_A + r_A)`, two numbers: two rows,
//! one along each axis, the recipe's rows for a point constraint.

use crate::{Body, Joint};
use ch06_rotation_friction::demos::draw_body;
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// Two planks hinged where they met; the handle moves B away.
pub fn anchors() -> Lab<Figure> {
    let bounds = (Vec2::new(-3.5, -2.0), Vec2::new(3.5, 2.8));
    Figure::lab(vec![Vec2::new(1.6, -0.4)], draw_anchors, bounds)
}

fn plank(body: &Body, out: &mut DrawList, color: Color) {
    draw_body(out, body, color);
    out.point(body.position, 6.0, color);
}

fn draw_anchors(handles: &[Vec2], out: &mut DrawList) {
    let a = Body::rect(1.0, 0.2, Vec2::new(-1.2, 0.3), 0.2, 1.0);
    let b = Body::rect(1.0, 0.2, Vec2::new(0.9, 0.1), -0.3, 1.0);
    let hinge = Joint::revolute(&[a, b], 0, 1, Vec2::new(-0.1, 0.45));
    // B moved to the handle (turning with it), the hinge not yet solved.
    let moved = Body {
        position: handles[0],
        angle: -0.3 + 0.3 * (handles[0].y - 0.1),
        ..b
    };
    let bodies = [a, moved];
    plank(&a, out, Color::ORANGE);
    plank(&moved, out, Color::CYAN);
    let (pa, pb) = hinge.anchors(&bodies);
    out.arrow(a.position, pa, Color::ORANGE);
    out.text(0.5 * (a.position + pa) + Vec2::new(-0.2, 0.15), "r_A", Color::ORANGE);
    out.arrow(moved.position, pb, Color::CYAN);
    out.text(
        0.5 * (moved.position + pb) + Vec2::new(0.05, 0.15),
        "r_B",
        Color::CYAN,
    );
    out.arrow(pa, pb, Color::RED);
    let c = pb - pa;
    // Its two components, one row each.
    let corner = Vec2::new(pb.x, pa.y);
    out.segment(pa, corner, Color::YELLOW);
    out.segment(corner, pb, Color::GREEN);
    let below = if c.y >= 0.0 { -0.2 } else { 0.1 };
    out.text(0.5 * (pa + corner) + Vec2::new(-0.2, below), "row x", Color::YELLOW);
    out.text(0.5 * (corner + pb) + Vec2::new(0.08, 0.0), "row y", Color::GREEN);
    let lines = [
        format!("C = (x_B + r_B) - (x_A + r_A) = ({:+.2}, {:+.2}) m", c.x, c.y),
        format!("the joint's error: |C| = {:.2} m", hinge.error(&bodies).0),
        "two rows: x (yellow) and y (green); drag B".to_string(),
    ];
    for (k, line) in lines.into_iter().enumerate() {
        out.text(Vec2::new(-3.3, 2.5 - 0.3 * k as f32), line, Color::WHITE);
    }
}
