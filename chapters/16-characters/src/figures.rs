//! The chapter's concept figure: the mover's plane solve. Two planes the
//! mover is near (a floor, and a slope or wall whose normal a handle turns),
//! the region of moves that keep outside both, the move wanted (a handle),
//! and the move [`solve_planes`] finds: the nearest allowed one, the wanted
//! move plus a push along each plane's normal, each push 0 or more.

use crate::mover::{GAP, Plane, solve_planes};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The planes figure: the move wanted at the first handle, the second
/// plane's normal pointing from the mover to the second handle.
pub fn planes() -> Lab<Figure> {
    let bounds = (Vec2::new(-2.2, -1.6), Vec2::new(2.2, 1.6));
    Figure::lab(
        vec![Vec2::new(1.3, -1.0), Vec2::new(-1.2, 0.25)],
        draw_planes,
        bounds,
    )
}

/// The two planes for the handles: the floor a little below the mover, and
/// the plane whose normal points at the second handle, as far off.
pub fn planes_for(handles: &[Vec2]) -> [Plane; 2] {
    let plane = |normal: Vec2| Plane {
        normal,
        separation: 0.3,
        push_limit: f32::INFINITY,
        push: 0.0,
        clip: true,
        velocity: Vec2::ZERO,
    };
    let second = handles[1].try_normalize().unwrap_or(Vec2::NEG_X);
    [plane(Vec2::Y), plane(second)]
}

/// The part of `polygon` where `n . x >= c` (one clip of
/// Sutherland-Hodgman's).
fn keep(polygon: &[Vec2], n: Vec2, c: f32) -> Vec<Vec2> {
    let mut out = Vec::new();
    for (i, &p) in polygon.iter().enumerate() {
        let q = polygon[(i + 1) % polygon.len()];
        let (dp, dq) = (n.dot(p) - c, n.dot(q) - c);
        if dp >= 0.0 {
            out.push(p);
        }
        if (dp >= 0.0) != (dq >= 0.0) {
            out.push(p + (q - p) * (dp / (dp - dq)));
        }
    }
    out
}

fn draw_planes(handles: &[Vec2], out: &mut DrawList) {
    let target = handles[0];
    let mut planes = planes_for(handles);
    let moved = solve_planes(target, &mut planes);
    // The moves that keep outside both planes: a large square, clipped.
    let mut allowed = vec![
        Vec2::new(3.0, 3.0),
        Vec2::new(-3.0, 3.0),
        Vec2::new(-3.0, -3.0),
        Vec2::new(3.0, -3.0),
    ];
    for p in &planes {
        allowed = keep(&allowed, p.normal, GAP - p.separation);
    }
    if allowed.len() >= 3 {
        out.polygon(allowed, Some(Color(0x243040)), None);
    }
    let colours = [Color(0xe0a020), Color(0x40b0e0)];
    for (p, &colour) in planes.iter().zip(&colours) {
        // The plane's line, `n . x = GAP - s`, and its normal.
        let on = p.normal * (GAP - p.separation);
        let along = p.normal.perp() * 3.0;
        out.segment_width(on - along, on + along, colour, 2.0);
        out.arrow(on, on + 0.35 * p.normal, colour);
    }
    // The mover, and the move wanted.
    out.point(Vec2::ZERO, 8.0, Color::WHITE);
    out.arrow(Vec2::ZERO, target, Color::GREY);
    // The solve's answer: the wanted move plus each plane's push along its
    // normal.
    let mut at = target;
    for (p, &colour) in planes.iter().zip(&colours) {
        let next = at + p.push * p.normal;
        if p.push > 0.0 {
            out.arrow(at, next, colour);
            out.text(
                next + Vec2::new(0.08, 0.05),
                format!("push {:.2} m", p.push),
                colour,
            );
        }
        at = next;
    }
    out.arrow(Vec2::ZERO, moved, Color::WHITE);
    out.point(moved, 7.0, Color::WHITE);
    out.text(
        Vec2::new(-2.1, 1.45),
        "the move nearest the one wanted (grey) that keeps outside both planes (white)",
        Color::WHITE,
    );
    out.text(
        Vec2::new(-2.1, 1.25),
        "= the wanted move + a push along each normal, each push 0 or more; drag either handle",
        Color::GREY,
    );
}
