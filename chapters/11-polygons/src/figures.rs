//! The chapter's concept figure, computed by its own GJK [`distance`]: a rounded
//! shape is a sharp core and a radius. GJK finds the closest points of the two
//! cores; the surfaces are a radius nearer along the line between them, so the
//! gap between rounded shapes is the cores' distance less both radii.

use crate::gjk::{Proxy, distance};
use crate::{Polygon, Shape, Transform, hull};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// A rounded triangle at the origin and a capsule at the handle.
pub fn rounded() -> Lab<Figure> {
    let bounds = (Vec2::new(-3.5, -2.2), Vec2::new(3.5, 2.6));
    Figure::lab(vec![Vec2::new(1.8, 0.6)], draw_rounded, bounds)
}

fn shapes() -> [Shape; 2] {
    let corners =
        [Vec2::new(-0.9, -0.6), Vec2::new(0.9, -0.5), Vec2::new(-0.1, 0.8)];
    let triangle = Polygon::new(&hull(&corners).expect("a triangle"), 0.25);
    [Shape::Polygon(triangle), Shape::Polygon(Polygon::capsule(0.7, 0.3))]
}

/// The rounded outline: each face pushed out by the radius, joined round each
/// corner by an arc of that radius.
fn outline(p: &Polygon, t: &Transform) -> Vec<Vec2> {
    let mut points = Vec::new();
    for i in 0..p.count {
        let before = p.normals[(i + p.count - 1) % p.count];
        let after = p.normals[i];
        let turn = before.angle_to(after).rem_euclid(std::f32::consts::TAU);
        for k in 0..=8 {
            let n = Vec2::from_angle(turn * k as f32 / 8.0).rotate(before);
            points.push(t.to_world(p.vertices[i] + p.radius * n));
        }
    }
    points
}

fn draw_rounded(handles: &[Vec2], out: &mut DrawList) {
    let places = [Transform::new(Vec2::ZERO, 0.0), Transform::new(handles[0], 0.6)];
    let colors = [Color::ORANGE, Color::CYAN];
    let mut proxies = Vec::new();
    for ((shape, t), color) in shapes().iter().zip(&places).zip(colors) {
        let Shape::Polygon(p) = shape else { continue };
        let core: Vec<Vec2> =
            p.vertices[..p.count].iter().map(|&v| t.to_world(v)).collect();
        out.polygon(core, None, Some(color.lerp(Color::DARK, 0.6)));
        let rim = outline(p, t);
        for pair in
            rim.windows(2).chain(std::iter::once(&[rim[rim.len() - 1], rim[0]][..]))
        {
            out.segment(pair[0], pair[1], color);
        }
        proxies.push(Proxy::new(shape, t));
    }
    let d = distance(&proxies[0], &proxies[1], |_| {});
    out.segment(d.point_a, d.point_b, Color::GREY);
    out.point(d.point_a, 6.0, Color::ORANGE);
    out.point(d.point_b, 6.0, Color::CYAN);
    let gap = d.between_surfaces(&proxies[0], &proxies[1]);
    if d.distance > 0.0 {
        let n = (d.point_b - d.point_a) / d.distance;
        let (sa, sb) =
            (d.point_a + proxies[0].radius * n, d.point_b - proxies[1].radius * n);
        out.segment_width(sa, sb, Color::GREEN, 3.0);
    }
    let lines = [
        format!("between the cores {:.2} m (grey), GJK", d.distance),
        format!("less the radii 0.25 and 0.30: a gap of {gap:.2} m (green)"),
        "dim: the sharp cores; bright: the rounded shapes; drag the capsule".into(),
    ];
    for (k, line) in lines.into_iter().enumerate() {
        out.text(Vec2::new(-3.3, 2.3 - 0.3 * k as f32), line, Color::WHITE);
    }
}
