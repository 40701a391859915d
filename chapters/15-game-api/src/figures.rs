//! The chapter's concept figure: one body of three shapes, each shape's
//! centroid and the body's centre of mass found by [`body_mass`], and each
//! shape's arm to that centre, along which the parallel-axis theorem carries
//! its moment. Drag the handle and the disc moves: the centre follows the
//! masses, and the moment grows with the square of each arm.

use crate::shapes::{ShapeDef, body_mass, piece, placed};
use crate::worlds::{boxed, disc};
use ch11_polygons::demos::draw_shape;
use ch12_continuous::Transform;
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// A hammer-like body (a handle, a head, a disc at the handle's foot that
/// the handle drags).
pub fn parts() -> Lab<Figure> {
    let bounds = (Vec2::new(-2.6, -1.6), Vec2::new(2.6, 1.8));
    Figure::lab(vec![Vec2::new(-1.3, -0.9)], draw_parts, bounds)
}

/// The body's shapes with the disc at `at`.
pub fn shapes(at: Vec2) -> [ShapeDef; 3] {
    [
        boxed(Vec2::new(1.2, 0.08)).at(Vec2::new(0.0, 0.0), 0.3).density(2.0),
        boxed(Vec2::new(0.15, 0.45)).at(Vec2::new(1.15, 0.35), 0.3).density(8.0),
        disc(0.3).at(at, 0.0).density(4.0),
    ]
}

fn draw_parts(handles: &[Vec2], out: &mut DrawList) {
    let shapes = shapes(handles[0]);
    let mass = body_mass(shapes.iter());
    let frame = Transform::new(Vec2::ZERO, 0.0);
    for def in &shapes {
        let (shape, at) = placed(def, Vec2::ZERO);
        let t = Transform { position: frame.to_world(at), ..frame };
        draw_shape(out, &shape, &t, Color::GREY);
    }
    let colours = [Color(0xe0a020), Color(0xd04040), Color(0x4070d0)];
    for (def, colour) in shapes.iter().zip(colours) {
        let (m, c, own) = piece(def);
        let arm = (c - mass.centre).length();
        out.segment_width(c, mass.centre, colour, 2.0);
        out.point(c, 6.0, colour);
        let label = format!("{m:.1} kg: {own:.2} + {:.2}", m * arm * arm);
        out.text(c + Vec2::new(0.12, -0.3), label, colour);
    }
    out.point(mass.centre, 9.0, Color::WHITE);
    let line = format!(
        "one body: {:.1} kg, centre ({:.2}, {:.2}), I = {:.2} kg m^2 about it",
        mass.mass, mass.centre.x, mass.centre.y, mass.inertia
    );
    out.text(Vec2::new(-2.5, 1.65), line, Color::WHITE);
    out.text(
        Vec2::new(-2.5, 1.4),
        "each shape's moment, carried to the centre: I = sum (own + m d^2); drag the disc",
        Color::GREY,
    );
}
