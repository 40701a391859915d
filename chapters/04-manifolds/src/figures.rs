//! The chapter's concept figure, computed by its own [`aabb_circle`]: clamping
//! the circle's centre into the box gives the box's point nearest it; the normal
//! runs from that point to the centre, and the penetration is the radius less
//! their distance. Inside the box clamping changes nothing, and the centre is
//! pushed out through the nearest face instead.

use crate::{Aabb, Circle, aabb_circle, box_vertex};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

const BOX: Aabb = Aabb { half_extents: Vec2::new(1.4, 0.8) };
const BALL: Circle = Circle { radius: 0.6 };

/// The box at the origin and the circle at the handle.
pub fn clamp() -> Lab<Figure> {
    let bounds = (Vec2::new(-3.5, -2.2), Vec2::new(3.5, 2.6));
    Figure::lab(vec![Vec2::new(1.7, 1.0)], draw_clamp, bounds)
}

fn draw_clamp(handles: &[Vec2], out: &mut DrawList) {
    let h = BOX.half_extents;
    let corners = (0..4).map(|v| box_vertex(h, v)).collect();
    out.polygon(corners, None, Some(Color::ORANGE));
    let centre = handles[0];
    out.circle_outline(centre, BALL.radius, Color::CYAN);
    let clamped = centre.clamp(-h, h);
    out.segment(centre, clamped, Color::GREY);
    out.point(clamped, 7.0, Color::WHITE);
    out.text(clamped + Vec2::new(0.1, -0.25), "clamped centre", Color::WHITE);
    let text = match aabb_circle(&BOX, Vec2::ZERO, &BALL, centre) {
        Some(m) => {
            let at = m.contacts()[0].point;
            out.arrow(at, at + 0.6 * m.normal, Color::GREEN);
            out.text(at + 0.7 * m.normal, "n", Color::GREEN);
            let inside = clamped == centre;
            let how = if inside {
                "centre inside: out through the nearest face"
            } else {
                ""
            };
            format!("touching: penetration {:.2} m {how}", m.penetration)
        }
        None => format!(
            "apart: {:.2} m between them",
            centre.distance(clamped) - BALL.radius
        ),
    };
    out.text(Vec2::new(-3.3, 2.3), text, Color::WHITE);
    out.text(
        Vec2::new(-3.3, 2.0),
        "clamp(c, -h, h) is the box's nearest point; drag the circle",
        Color::GREY,
    );
}
