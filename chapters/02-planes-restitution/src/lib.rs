//! # Chapter 2: planes and restitution
//!
//! Chapter 1's box had four walls, each tested with its own `if`. Here a wall is a
//! *plane* (in 2D a line seen from one side): a unit normal and an offset. One
//! test, the signed distance, finds a particle behind any plane, and one formula,
//! the reflection vector with a coefficient of restitution, bounces it off any
//! plane, however it is turned. With that, gravity, particles that bounce less than
//! perfectly, and a world the mouse can turn all come almost for free.
//!
//! The book's page for this chapter is `book/src/ch02-planes-restitution.md`.

use glam::Vec2;
use physics_core::trig;

pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

/// Particles among planes, under gravity.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub particles: Vec<Particle>,
    pub planes: Vec<Plane>,
    /// In m/s^2; (0, -9.81) near the Earth's surface, zero for chapter 1's box.
    pub gravity: Vec2,
    /// Bounce only while the particle moves into the plane (`v . n < 0`). Without
    /// it a particle still behind the plane after a bounce is bounced again, back
    /// into the wall.
    pub approach_check: bool,
    /// After the bounces, move a particle that is behind a plane back onto it along
    /// the normal by its penetration. Chapter 1 left it there and let the reflected
    /// velocity carry it out; that fails once gravity pulls it back in every step
    /// (a particle with `e = 0` sinks `g dt^2` deeper each step) or once the plane
    /// itself turns over the particle.
    pub push_back: bool,
    /// When set, every particle bounces with this restitution instead of its own.
    pub restitution_override: Option<f32>,
    /// The point the planes turn about when the world is turned.
    pub centre: Vec2,
}

impl World {
    /// Particles in chapter 1's 2 m x 2 m box, under the Earth's gravity, with the
    /// approach check and the push-back on.
    pub fn new(particles: Vec<Particle>) -> Self {
        World {
            particles,
            planes: box_planes(1.0).to_vec(),
            gravity: Vec2::new(0.0, -9.81),
            approach_check: true,
            push_back: true,
            restitution_override: None,
            centre: Vec2::ZERO,
        }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        for p in &mut self.particles {
            // 1. Integrate: gravity changes the velocity, the velocity moves the
            //    particle.
            integrate(&mut p.position, &mut p.velocity, self.gravity, dt);
            // 2. Collide: bounce off every plane the particle has gone behind.
            let restitution = self.restitution_override.unwrap_or(p.restitution);
            for plane in &self.planes {
                bounce(p, plane, restitution, self.approach_check);
            }
            // 3. Push back: put a particle still behind a plane back onto it.
            if self.push_back {
                for plane in &self.planes {
                    push_back(&mut p.position, plane);
                }
            }
        }
    }
    // ANCHOR_END: step

    // ANCHOR: turn
    /// Turn every plane by `angle` radians about `centre`, then push back any
    /// particle the turning walls have swept behind them.
    pub fn turn(&mut self, angle: f32) {
        if !angle.is_finite() {
            return;
        }
        for plane in &mut self.planes {
            *plane = plane.rotated_about(self.centre, angle);
        }
        if self.push_back {
            for p in &mut self.particles {
                for plane in &self.planes {
                    push_back(&mut p.position, plane);
                }
            }
        }
    }
    // ANCHOR_END: turn

    /// The deepest any particle is behind any plane, in metres (0 when all are
    /// inside).
    pub fn max_penetration(&self) -> f32 {
        self.particles
            .iter()
            .flat_map(|p| self.planes.iter().map(|pl| pl.penetration(p.position)))
            .fold(0.0, f32::max)
    }
}

// ANCHOR: plane
/// A plane: in 2D, a line with a free side and a solid side.
///
/// Every point `x` on the line has `normal . x = offset`. The unit `normal` points
/// into the free side, so for the walls of a box it points inwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Unit length, pointing from the solid side into the free side.
    pub normal: Vec2,
    /// `normal . x` for the points on the line, in metres: how far the line lies
    /// from the origin, measured along `normal` (negative when the origin is on the
    /// free side).
    pub offset: f32,
}

impl Plane {
    /// The plane through `point` whose free side faces `normal`. The normal is
    /// scaled to unit length; a zero-length or non-finite normal (or point) gives
    /// `None`, never a NaN plane.
    pub fn through(point: Vec2, normal: Vec2) -> Option<Plane> {
        let normal = normal.try_normalize()?;
        let offset = normal.dot(point);
        offset.is_finite().then_some(Plane { normal, offset })
    }

    /// Signed distance from the plane to `point`, in metres: positive on the free
    /// side, zero on the line, negative behind it. Because `normal` has unit length
    /// this is a true distance.
    pub fn distance(&self, point: Vec2) -> f32 {
        self.normal.dot(point) - self.offset
    }

    /// How far `point` has gone behind the plane: `-distance` when behind, 0
    /// otherwise.
    pub fn penetration(&self, point: Vec2) -> f32 {
        (-self.distance(point)).max(0.0)
    }

    /// The plane turned counter-clockwise by `angle` radians about `centre`.
    pub fn rotated_about(&self, centre: Vec2, angle: f32) -> Plane {
        let normal = trig::from_angle(angle).rotate(self.normal);
        // The point of the line nearest the centre turns with it, and stays on the
        // line.
        let distance_from_centre = self.distance(centre);
        Plane { normal, offset: normal.dot(centre) - distance_from_centre }
    }
}
// ANCHOR_END: plane

// ANCHOR: box_planes
/// Chapter 1's box `[-h, h] x [-h, h]` as four planes with inward normals: left,
/// right, floor, ceiling. The left wall is the line `x = -h` with normal `+x`, so
/// its offset is `-h`.
pub fn box_planes(half_size: f32) -> [Plane; 4] {
    let wall = |normal: Vec2| Plane { normal, offset: -half_size };
    [wall(Vec2::X), wall(-Vec2::X), wall(Vec2::Y), wall(-Vec2::Y)]
}
// ANCHOR_END: box_planes

/// Chapter 1's particle with the one thing this chapter adds: its own coefficient
/// of restitution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Metres, y up.
    pub position: Vec2,
    /// Metres per second.
    pub velocity: Vec2,
    /// How much of its normal speed a bounce gives back: 0 stops it dead against
    /// the wall (clay), 1 sends it back as fast as it came (a superball).
    pub restitution: f32,
}

#[cfg(feature = "exercises")]
pub use crate::exercises::reflect;
#[cfg(not(feature = "exercises"))]
// ANCHOR: reflect
// ANCHOR: reflect_signature
/// The velocity after a bounce off a surface with unit `normal`: the normal part of
/// `velocity` is reversed and scaled by `restitution`, the tangential part is kept:
/// `v' = v - (1 + e) (v . n) n`. With `e = 1` this is the mirror reflection.
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    // ANCHOR_END: reflect_signature
    velocity - (1.0 + restitution) * velocity.dot(normal) * normal
}
// ANCHOR_END: reflect

#[cfg(feature = "exercises")]
pub use crate::exercises::integrate;
#[cfg(not(feature = "exercises"))]
// ANCHOR: integrate
// ANCHOR: integrate_signature
/// Semi-implicit Euler: gravity changes the velocity first, then the new velocity
/// moves the position. (Chapter 1's `integrate` is the second line alone.)
pub fn integrate(position: &mut Vec2, velocity: &mut Vec2, gravity: Vec2, dt: f32) {
    // ANCHOR_END: integrate_signature
    *velocity += gravity * dt;
    *position += *velocity * dt;
}
// ANCHOR_END: integrate

// ANCHOR: bounce
/// Bounce `p` off `plane` if it is behind it and, with `approach_check`, still
/// moving into it. Returns whether it bounced.
pub fn bounce(
    p: &mut Particle,
    plane: &Plane,
    restitution: f32,
    approach_check: bool,
) -> bool {
    let behind = plane.distance(p.position) < 0.0;
    let approaching = p.velocity.dot(plane.normal) < 0.0;
    if behind && (approaching || !approach_check) {
        p.velocity = reflect(p.velocity, plane.normal, restitution);
        true
    } else {
        false
    }
}
// ANCHOR_END: bounce

#[cfg(feature = "exercises")]
pub use crate::exercises::push_back;
#[cfg(not(feature = "exercises"))]
// ANCHOR: push_back
// ANCHOR: push_back_signature
/// Move a point that is behind `plane` back onto it, along the normal, by its
/// penetration. A point on the free side is left where it is.
pub fn push_back(position: &mut Vec2, plane: &Plane) {
    // ANCHOR_END: push_back_signature
    *position += plane.penetration(*position) * plane.normal;
}
// ANCHOR_END: push_back

#[cfg(feature = "exercises")]
pub use crate::exercises::shifted_energy;
#[cfg(not(feature = "exercises"))]
// ANCHOR: shifted_energy
// ANCHOR: shifted_energy_signature
/// The energy per kilogram that semi-implicit Euler keeps exactly in flight, for a
/// particle at `position` with `velocity` under gravity of size `g` (m/s^2,
/// pointing down, -y) and steps of `dt` seconds: the HUD's energy
/// `v^2 / 2 + g y` plus the term in `v_y` that makes a step in flight leave the
/// sum unchanged.
pub fn shifted_energy(position: Vec2, velocity: Vec2, g: f32, dt: f32) -> f32 {
    // ANCHOR_END: shifted_energy_signature
    // One step turns v_y into v_y - g dt and y into y + (v_y - g dt) dt. The HUD's
    // energy changes by -g dt v_y + g^2 dt^2 / 2 (kinetic) + g dt v_y - g^2 dt^2
    // (height) = -g^2 dt^2 / 2 in every step. A term c v_y changes by -c g dt, which
    // cancels that for c = -g dt / 2.
    0.5 * velocity.length_squared() + g * position.y - 0.5 * g * dt * velocity.y
}
// ANCHOR_END: shifted_energy

#[cfg(feature = "exercises")]
pub use crate::exercises::time_to_plane;
#[cfg(not(feature = "exercises"))]
// ANCHOR: time_to_plane
// ANCHOR: time_to_plane_signature
/// When a particle at `position` with `velocity`, falling freely under
/// `gravity` (the exact parabola, not the stepped motion), first reaches
/// `plane`: the time in seconds, 0 for a particle already on or behind it,
/// `None` if it never does.
pub fn time_to_plane(
    position: Vec2,
    velocity: Vec2,
    gravity: Vec2,
    plane: &Plane,
) -> Option<f32> {
    // ANCHOR_END: time_to_plane_signature
    // The distance along the path is d(t) = d + s t + a t^2 / 2, with s and a
    // the velocity and gravity along the normal.
    let d = plane.distance(position);
    if d <= 0.0 {
        return Some(0.0);
    }
    let s = velocity.dot(plane.normal);
    let a = gravity.dot(plane.normal);
    let discriminant = s * s - 2.0 * a * d;
    if discriminant < 0.0 {
        return None; // the parabola turns back before the plane
    }
    // The earlier root is (-s - sqrt(disc)) / a. Written so, it subtracts two
    // nearly equal numbers when s < 0 and a is small, and loses its digits;
    // multiplied out by its conjugate it is 2 d / (sqrt(disc) - s), which
    // subtracts nothing there (and needs no case for a = 0). For s >= 0 the first
    // form is the one that adds. A negative, infinite or NaN time means never.
    let root = discriminant.sqrt();
    let t = if s < 0.0 { 2.0 * d / (root - s) } else { -(s + root) / a };
    (t >= 0.0 && t.is_finite()).then_some(t)
}
// ANCHOR_END: time_to_plane

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_signed_and_in_metres() {
        let floor =
            Plane::through(Vec2::new(0.0, -1.0), Vec2::new(0.0, 5.0)).unwrap();
        assert_eq!(floor.normal, Vec2::Y);
        assert_eq!(floor.offset, -1.0);
        assert_eq!(floor.distance(Vec2::new(3.0, 1.0)), 2.0);
        assert_eq!(floor.distance(Vec2::new(-3.0, -1.5)), -0.5);
        assert_eq!(floor.penetration(Vec2::new(-3.0, -1.5)), 0.5);
        assert_eq!(floor.penetration(Vec2::new(-3.0, 1.5)), 0.0);
    }

    #[test]
    fn a_plane_needs_a_direction() {
        assert!(Plane::through(Vec2::ZERO, Vec2::ZERO).is_none());
        assert!(Plane::through(Vec2::ZERO, Vec2::new(f32::NAN, 1.0)).is_none());
        assert!(Plane::through(Vec2::new(f32::INFINITY, 0.0), Vec2::X).is_none());
    }

    #[test]
    fn box_planes_face_inwards() {
        for plane in box_planes(1.0) {
            assert_eq!(plane.distance(Vec2::ZERO), 1.0);
        }
    }

    #[test]
    fn turning_keeps_the_centre_distance() {
        let floor = Plane::through(Vec2::new(0.0, -1.0), Vec2::Y).unwrap();
        let turned =
            floor.rotated_about(Vec2::new(0.5, 0.0), std::f32::consts::FRAC_PI_2);
        // The floor turned a quarter turn counter-clockwise about (0.5, 0) becomes
        // the wall x = 1.5 with its free side to the left.
        assert!((turned.normal - Vec2::new(-1.0, 0.0)).length() < 1e-6);
        assert!((turned.distance(Vec2::new(1.5, 7.0))).abs() < 1e-6);
        assert!((turned.distance(Vec2::new(0.5, 0.0)) - 1.0).abs() < 1e-6);
    }
}
