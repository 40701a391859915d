//! The chapter's concept figure, computed by its own [`time_of_impact`]:
//! conservative advancement. A box turning as it flies from its start to where
//! the step would leave it, past a thin wall. At each advancement GJK measures the
//! gap (the line between the closest points); nothing of the box can close it
//! faster than the closing speed, so the sweep moves on that far and measures
//! again, each stride shorter, until the gap is the target.

use crate::{Shape, Sweep, Toi, Transform, time_of_impact};
use ch11_polygons::Polygon;
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The step's start (first handle) and end (second handle), either side of a
/// wall 10 cm thick.
pub fn advancement() -> Lab<Figure> {
    let bounds = (Vec2::new(-4.0, -2.5), Vec2::new(4.0, 2.5));
    let handles = vec![Vec2::new(-3.0, 0.8), Vec2::new(2.8, -1.2)];
    Figure::lab(handles, draw_advancement, bounds)
}

/// The times conservative advancement tries, and what it found, for a 0.6 m by
/// 0.3 m box turning half a turn along the path from `from` to `to`, against a
/// wall 0.1 m by 3 m at the origin.
pub fn advance(from: Vec2, to: Vec2) -> (Vec<(f32, Vec2, Vec2)>, Toi) {
    let (flier, wall) = shapes();
    let path = Sweep { c0: from, a0: 0.0, c1: to, a1: std::f32::consts::PI };
    let mut tries = Vec::new();
    let found = time_of_impact(
        &flier,
        &path,
        &wall,
        &Transform::new(Vec2::ZERO, 0.0),
        |t, d| {
            tries.push((t, d.point_a, d.point_b));
        },
    );
    (tries, found)
}

fn shapes() -> (Shape, Shape) {
    let flier = Shape::Polygon(Polygon::boxed(Vec2::new(0.3, 0.15), 0.0));
    let wall = Shape::Polygon(Polygon::boxed(Vec2::new(0.05, 1.5), 0.0));
    (flier, wall)
}

fn outline(shape: &Shape, t: &Transform, out: &mut DrawList, color: Color) {
    if let Shape::Polygon(p) = shape {
        let corners =
            p.vertices[..p.count].iter().map(|&v| t.to_world(v)).collect();
        out.polygon(corners, None, Some(color));
    }
}

fn draw_advancement(handles: &[Vec2], out: &mut DrawList) {
    let (flier, wall) = shapes();
    let (from, to) = (handles[0], handles[1]);
    let path = Sweep { c0: from, a0: 0.0, c1: to, a1: std::f32::consts::PI };
    outline(&wall, &Transform::new(Vec2::ZERO, 0.0), out, Color::GREY);
    out.segment(from, to, Color::DARK);
    outline(&flier, &path.at(0.0), out, Color::ORANGE);
    outline(&flier, &path.at(1.0), out, Color::DARK);
    let (tries, found) = advance(from, to);
    // Each stride numbered; strides that end within a label's width of
    // the last labelled one share its label ("3-5"), as they crowd the
    // wall.
    let mut labels: Vec<(Vec2, usize, usize)> = Vec::new();
    for (k, &(t, a, b)) in tries.iter().enumerate() {
        outline(&flier, &path.at(t), out, Color::ORANGE.lerp(Color::DARK, 0.5));
        out.segment(a, b, Color::CYAN);
        let at = path.at(t).position + Vec2::new(-0.1, 0.35);
        match labels.last_mut() {
            Some((first, _, last)) if first.distance(at) < 0.3 => *last = k + 1,
            _ => labels.push((at, k + 1, k + 1)),
        }
    }
    for (at, first, last) in labels {
        let text = match first == last {
            true => first.to_string(),
            false => format!("{first}-{last}"),
        };
        out.text(at, text, Color::WHITE);
    }
    let verdict = match found {
        Toi::Hit { t, iterations } => {
            outline(&flier, &path.at(t), out, Color::GREEN);
            format!("hit at t = {t:.3} of the step, after {iterations} distances")
        }
        Toi::Miss { iterations } => {
            format!("clear: it misses ({iterations} distances)")
        }
        Toi::Touching => "touching at the start: the contact's job".into(),
    };
    out.text(Vec2::new(-3.8, 2.2), verdict, Color::WHITE);
    out.text(
        Vec2::new(-3.8, 1.9),
        "cyan: the gap GJK measures; drag the start and the end",
        Color::GREY,
    );
}
