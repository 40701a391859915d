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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_skip_static_bodies() {
        let bodies = [
            BodyState::particle(Vec2::new(0.0, 2.0), Vec2::new(3.0, 0.0), 0.5),
            BodyState::particle(Vec2::ZERO, Vec2::new(100.0, 100.0), 0.0),
        ];
        assert_eq!(linear_momentum(&bodies), Vec2::new(6.0, 0.0));
        assert_eq!(kinetic_energy(&bodies), 0.5 * 2.0 * 9.0);
        // m g h = 2 * 9.81 * 2
        let pe = potential_energy(&bodies, Vec2::new(0.0, -9.81));
        assert!((pe - 2.0 * 9.81 * 2.0).abs() < 1e-4);
        // r x p = (0, 2) x (6, 0) = -12
        assert_eq!(angular_momentum(&bodies, Vec2::ZERO), -12.0);
    }

    #[test]
    fn spin_counts() {
        let mut b = BodyState::particle(Vec2::ZERO, Vec2::ZERO, 1.0);
        b.inv_inertia = 0.5;
        b.angular_velocity = 2.0;
        assert_eq!(angular_momentum(&[b], Vec2::ZERO), 4.0);
        assert_eq!(kinetic_energy(&[b]), 4.0);
    }
}
