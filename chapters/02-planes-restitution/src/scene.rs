//! Scene files in chapter 2: particles, and planes at any angle.

use crate::{Particle, Plane, World};
use glam::Vec2;
use physics_core::demo::Slot;
use physics_core::scene::{Scene, Shape};

// ANCHOR: from_scene
/// A scene file as chapter 2 particles and planes. Circles become particles
/// (chapter 2 gives them no size and no mass in a bounce), each with its own
/// restitution; planes become planes. With the world come the file's order
/// of bodies and planes, and a view that takes them in.
pub fn world(scene: &Scene) -> (World, Vec<Slot>, (Vec2, Vec2)) {
    let mut particles = Vec::new();
    let mut planes = Vec::new();
    let mut order = Vec::new();
    for b in &scene.bodies {
        if let Shape::Plane { normal, offset } = b.shape {
            order.push(Slot::Plane(planes.len()));
            planes.push(Plane { normal, offset });
        } else {
            order.push(Slot::Body(particles.len()));
            particles.push(Particle {
                position: b.position,
                velocity: b.velocity,
                restitution: b.restitution,
            });
        }
    }
    let bounds = scene_bounds(&particles, &planes);
    let world = World {
        planes,
        centre: (bounds.0 + bounds.1) * 0.5,
        ..World::new(particles)
    };
    (world, order, bounds)
}
// ANCHOR_END: from_scene

/// A view of a scene: the particles' extent, grown to take in the nearest point of
/// each plane, with a margin; at least 2 m across.
fn scene_bounds(particles: &[Particle], planes: &[Plane]) -> (Vec2, Vec2) {
    let (mut lo, mut hi) =
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for p in particles {
        lo = lo.min(p.position);
        hi = hi.max(p.position);
    }
    if particles.is_empty() {
        (lo, hi) = (Vec2::ZERO, Vec2::ZERO);
    }
    let middle = (lo + hi) * 0.5;
    for plane in planes {
        let foot = middle - plane.distance(middle) * plane.normal;
        lo = lo.min(foot);
        hi = hi.max(foot);
    }
    let centre = (lo + hi) * 0.5;
    let half = ((hi - lo) * 0.5 + Vec2::splat(0.3)).max(Vec2::ONE);
    (centre - half, centre + half)
}
