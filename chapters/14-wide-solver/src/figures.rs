//! The chapter's concept figure, coloured by its own step: a small pile's
//! constraint graph, each moving body a node and each contact an edge in
//! the colour the step's [`colour`](crate::colour::colour) gave it. No
//! two edges of one colour meet at a node. The floor is no node, so the
//! contacts of the boxes standing on it share a colour.

use crate::demos::colour_of;
use crate::{Shape, World, body};
use ch11_polygons::Polygon;
use ch13_islands::demos::draw_bodies;
use ch13_islands::worlds::slab;
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// A 3-row pyramid of 1 m boxes on the floor, and a box at the handle,
/// first standing against the pyramid's foot.
pub fn colouring() -> Lab<Figure> {
    let bounds = (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 4.4));
    Figure::lab(vec![Vec2::new(2.0, 0.5)], draw_colouring, bounds)
}

/// The pile with the loose box's centre at `at`, after one step: its
/// arbiters, and their colours, are that step's.
pub fn coloured_pile(at: Vec2) -> World {
    let mut pieces = vec![slab(Vec2::new(-6.0, -1.0), Vec2::new(6.0, 0.0))];
    let pyramid = (0..3).flat_map(|row| {
        let first = -(2 - row) as f32 / 2.0;
        (0..3 - row).map(move |i| Vec2::new(first + i as f32, 0.5 + row as f32))
    });
    for centre in pyramid.chain([at]) {
        let cube = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
        let mut piece = body(cube, centre, 0.0, 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    let mut world = World::new(pieces, Vec::new());
    world.step(1.0 / 60.0);
    world
}

fn draw_colouring(handles: &[Vec2], out: &mut DrawList) {
    let world = coloured_pile(handles[0]);
    let bodies = world.bodies();
    draw_bodies(out, bodies, &world.shapes.list, &[], |_, _, _| Color::DARK);
    let arbiters = world.solver.arbiters.iter().zip(&world.wide.colouring.colours);
    let mut used = Vec::new();
    for (arb, &c) in arbiters.filter(|(arb, _)| arb.count > 0) {
        // An edge between the two moving bodies; the floor is no node, so
        // its end is the middle of the contact's points.
        let points = arb.contacts();
        let middle =
            points.iter().map(|p| p.point).sum::<Vec2>() / points.len() as f32;
        let end = |i: usize| match bodies[i].inv_mass > 0.0 {
            true => bodies[i].position,
            false => middle,
        };
        out.segment_width(end(arb.a), end(arb.b), colour_of(c), 3.0);
        used.push(c);
    }
    for b in bodies.iter().filter(|b| b.inv_mass > 0.0) {
        out.point(b.position, 7.0, Color::WHITE);
    }
    let contacts = used.len();
    used.sort_unstable();
    used.dedup();
    let line = format!(
        "{contacts} contacts in {} colours: no box meets two lines of one colour",
        used.len()
    );
    out.text(Vec2::new(-3.8, 4.2), line, Color::WHITE);
    out.text(
        Vec2::new(-3.8, 3.9),
        "the floor is no node: its contacts share a colour; drag the box",
        Color::GREY,
    );
}
