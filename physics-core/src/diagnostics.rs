//! Conserved quantities of a set of bodies, for the HUD and for tests.
//!
//! Static bodies (inverse mass 0) have infinite mass; they are left out of every
//! sum, which is what "the momentum of the moving bodies" means when they bounce
//! off the world.

use crate::demo::BodyState;
use crate::math::cross;
use glam::Vec2;

fn mass(b: &BodyState) -> Option<f32> {
    (b.inv_mass > 0.0).then(|| 1.0 / b.inv_mass)
}

/// Total linear momentum, sum of m v, in kg m/s.
pub fn linear_momentum(bodies: &[BodyState]) -> Vec2 {
    bodies.iter().filter_map(|b| mass(b).map(|m| m * b.velocity)).sum()
}

/// Total angular momentum about `point`, in kg m^2/s: for each body its orbital
/// part `(x - point) x m v` plus its spin `I w`.
pub fn angular_momentum(bodies: &[BodyState], point: Vec2) -> f32 {
    bodies
        .iter()
        .filter_map(|b| {
            let m = mass(b)?;
            let spin = if b.inv_inertia > 0.0 {
                b.angular_velocity / b.inv_inertia
            } else {
                0.0
            };
            Some(cross(b.position - point, m * b.velocity) + spin)
        })
        .sum()
}

/// Total kinetic energy, sum of m v^2 / 2 + I w^2 / 2, in joules.
pub fn kinetic_energy(bodies: &[BodyState]) -> f32 {
    bodies
        .iter()
        .filter_map(|b| {
            let m = mass(b)?;
            let spin = if b.inv_inertia > 0.0 {
                0.5 * b.angular_velocity * b.angular_velocity / b.inv_inertia
            } else {
                0.0
            };
            Some(0.5 * m * b.velocity.length_squared() + spin)
        })
        .sum()
}

/// Total potential energy in a uniform gravity field, `-m g . x`, in joules (zero
/// at the origin; with g = (0, -9.81) this is m g h).
pub fn potential_energy(bodies: &[BodyState], gravity: Vec2) -> f32 {
    bodies
        .iter()
        .filter_map(|b| mass(b).map(|m| -m * gravity.dot(b.position)))
        .sum()
}
