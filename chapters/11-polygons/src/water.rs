//! Water (exercise 11.3, a challenge): everything below a level is water,
//! which pushes up on each body with the weight of the water it displaces,
//! at the centroid of its part under the surface (Archimedes), and drags
//! on that part as it moves. The world applies it before each step when it
//! has [`World::water`](crate::World::water).

use crate::{Body, Shape};
// Named by the reference `submerged` only: the learner's is in exercises.rs.
#[cfg(not(feature = "exercises"))]
use ch05_obb_clipping::Transform;
use glam::Vec2;
use physics_core::math::cross;

// ANCHOR: water
/// Water below a level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Water {
    /// The surface's height, m.
    pub level: f32,
    /// kg/m^2 (the workbook's bodies are flat: mass per area).
    pub density: f32,
    /// How hard it drags on a moving body: a force of `drag` times the area
    /// under the surface times the velocity there, N per m^2 per m/s, and a
    /// torque of `drag` times that area times the spin times the body's
    /// `I / m` (its radius of gyration squared), against the spin.
    pub drag: f32,
}

impl Water {
    /// Add each body's buoyancy and drag to its force and torque, for the
    /// step about to run under `gravity`: `density * area * -gravity` and
    /// the drag, both at the centroid of the part under the surface, and
    /// the drag against its spin.
    pub fn push(&self, bodies: &mut [Body], shapes: &[Shape], gravity: Vec2) {
        for (b, shape) in bodies.iter_mut().zip(shapes) {
            if b.inv_mass == 0.0 {
                continue;
            }
            let Some((area, centroid)) =
                submerged(shape, &b.transform(), self.level)
            else {
                continue;
            };
            let r = centroid - b.position;
            let velocity = b.velocity + b.angular_velocity * r.perp();
            let force =
                -self.density * area * gravity - self.drag * area * velocity;
            b.force += force;
            b.torque += cross(r, force);
            if b.inv_inertia > 0.0 {
                let gyration = b.inv_mass / b.inv_inertia; // I / m, m^2
                b.torque -= self.drag * area * gyration * b.angular_velocity;
            }
        }
    }
}
// ANCHOR_END: water

#[cfg(feature = "exercises")]
pub use crate::exercises::submerged;
#[cfg(not(feature = "exercises"))]
// ANCHOR: submerged
// ANCHOR: submerged_signature
/// The area (m^2) and the centroid (world coordinates) of the part of
/// `shape`, placed by `t`, below the height `level`; `None` if no area is.
/// A polygon's rounding is left out (its core only, so a capsule has
/// none), and so are discs.
pub fn submerged(shape: &Shape, t: &Transform, level: f32) -> Option<(f32, Vec2)> {
    // ANCHOR_END: submerged_signature
    let Shape::Polygon(p) = shape else {
        return None;
    };
    // Clip the corners, in the world, to the half-plane `y <= level`: keep
    // each corner under the surface, and where an edge crosses it, the
    // crossing (Sutherland and Hodgman, against one line).
    let corners: Vec<Vec2> = p.corners().iter().map(|&c| t.to_world(c)).collect();
    let mut under: Vec<Vec2> = Vec::with_capacity(corners.len() + 1);
    for (i, &a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let (da, db) = (a.y - level, b.y - level);
        if da <= 0.0 {
            under.push(a);
        }
        if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
            under.push(a + (b - a) * (da / (da - db)));
        }
    }
    if under.len() < 3 {
        return None;
    }
    // A fan of triangles from the first corner, as for the mass: each
    // triangle's area and its centroid, a third of the way along `e1 + e2`.
    let o = under[0];
    let (mut area, mut first) = (0.0f32, Vec2::ZERO);
    for w in under[1..].windows(2) {
        let (e1, e2) = (w[0] - o, w[1] - o);
        let a = cross(e1, e2) / 2.0;
        area += a;
        first += a * (e1 + e2) / 3.0;
    }
    (area > 0.0).then(|| (area, o + first / area))
}
// ANCHOR_END: submerged
