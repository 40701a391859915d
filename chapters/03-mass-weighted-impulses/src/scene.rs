//! Scene files in chapter 3: circles with their masses, and planes as walls.

use crate::{Ball, Wall, World};
use glam::Vec2;
use physics_core::demo::Slot;
use physics_core::scene::{Scene, Shape};

// ANCHOR: from_scene
/// A scene file as chapter 3 circles and walls. Circles keep their mass (static
/// ones get inverse mass 0) and restitution; planes become walls of infinite mass.
/// With the world come the file's order of bodies and walls, and a view.
pub fn world(scene: &Scene) -> (World, Vec<Slot>, (Vec2, Vec2)) {
    let mut circles = Vec::new();
    let mut walls = Vec::new();
    let mut order = Vec::new();
    for b in &scene.bodies {
        match b.shape {
            Shape::Plane { normal, offset } => {
                order.push(Slot::Plane(walls.len()));
                walls.push(Wall {
                    plane: crate::Plane { normal, offset },
                    restitution: b.restitution,
                });
            }
            // Refused before this runs: chapter 3 does not list boxes or polygons.
            Shape::Box { .. } | Shape::Polygon { .. } | Shape::Capsule { .. } => {}
            Shape::Circle { radius } => {
                order.push(Slot::Body(circles.len()));
                circles.push(Ball {
                    position: b.position,
                    velocity: b.velocity,
                    radius,
                    inv_mass: b.inv_mass(),
                    restitution: b.restitution,
                });
            }
        }
    }
    let bounds = scene_bounds(&circles, &walls);
    (World::new(circles, walls), order, bounds)
}
// ANCHOR_END: from_scene

/// A view of a scene: the circles' extent, grown to take in the nearest point of
/// each wall, with a margin; at least 2 m across.
fn scene_bounds(circles: &[Ball], walls: &[Wall]) -> (Vec2, Vec2) {
    let (mut lo, mut hi) = (Vec2::ZERO, Vec2::ZERO);
    if let Some(first) = circles.first() {
        (lo, hi) = (first.position, first.position);
    }
    for c in circles {
        lo = lo.min(c.position - Vec2::splat(c.radius));
        hi = hi.max(c.position + Vec2::splat(c.radius));
    }
    let middle = (lo + hi) * 0.5;
    for w in walls {
        let foot = middle - w.plane.distance(middle) * w.plane.normal;
        lo = lo.min(foot);
        hi = hi.max(foot);
    }
    let centre = (lo + hi) * 0.5;
    let half = ((hi - lo) * 0.5 + Vec2::splat(0.2)).max(Vec2::ONE);
    (centre - half, centre + half)
}
