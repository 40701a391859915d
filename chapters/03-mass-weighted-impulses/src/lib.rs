//! # Chapter 3: mass-weighted impulses
//!
//! Chapter 2's walls could not move, so mass dropped out of every bounce. Here
//! bodies hit each other: circles with mass. The bounce becomes an *impulse*, a
//! kick of momentum along the normal, shared between the two bodies so that the
//! lighter one's velocity changes more and the total momentum does not change at
//! all. Storing `1 / mass` instead of the mass makes a wall (chapter 2's planes, or
//! a static circle) just a body whose inverse mass is zero. And because bodies are
//! only found touching once they already overlap, a small positional correction
//! keeps resting bodies from slowly sinking into each other.
//!
//! The book's page for this chapter is `book/src/ch03-mass-weighted-impulses.md`.

pub use ch02_planes_restitution::Plane;
use ch02_planes_restitution::integrate;
use glam::Vec2;
use physics_core::slices::two_mut;

pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

/// Circles and walls under gravity.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub circles: Vec<Ball>,
    pub walls: Vec<Wall>,
    /// In m/s^2.
    pub gravity: Vec2,
    /// Apply an impulse only while the bodies approach (`v_rel . n < 0`). Without
    /// it bodies that still overlap while separating are pulled back together: they
    /// stick.
    pub approach_check: bool,
    /// When set, every collision uses this restitution instead of the two bodies'
    /// smaller one.
    pub restitution_override: Option<f32>,
    /// Positional correction: on or off, `percent` and `slop`.
    pub correction: Correction,
    /// This step's contacts, found in stage 2 and used by stages 3 and 4.
    pub contacts: Vec<(Pair, Contact)>,
}

impl World {
    /// Circles among walls under the Earth's gravity, with the approach check and
    /// the tutorial's positional correction.
    pub fn new(circles: Vec<Ball>, walls: Vec<Wall>) -> Self {
        World {
            circles,
            walls,
            gravity: Vec2::new(0.0, -9.81),
            approach_check: true,
            restitution_override: None,
            correction: Correction::default(),
            contacts: Vec::new(),
        }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        // 1. Integrate: gravity and velocity move every body that has a finite
        //    mass.
        for c in self.circles.iter_mut().filter(|c| c.inv_mass > 0.0) {
            integrate(&mut c.position, &mut c.velocity, self.gravity, dt);
        }
        // 2. Detect: find every pair of bodies that overlaps.
        self.find_contacts();
        // 3. Resolve: one impulse per contact, in the order found.
        self.apply_impulses();
        // 4. Correct: push overlapping bodies part of the way apart.
        self.correct_positions();
    }
    // ANCHOR_END: step

    // ANCHOR: find_contacts
    /// Every circle against every later circle, then every wall against every
    /// circle, in index order, so the same world always gives the same contacts in
    /// the same order.
    pub fn find_contacts(&mut self) {
        self.contacts.clear();
        for i in 0..self.circles.len() {
            for j in i + 1..self.circles.len() {
                let (a, b) = (&self.circles[i], &self.circles[j]);
                if a.inv_mass == 0.0 && b.inv_mass == 0.0 {
                    continue; // two static bodies: nothing can move
                }
                if let Some(contact) = circle_circle(a, b) {
                    self.contacts.push((Pair::Circles(i, j), contact));
                }
            }
        }
        for (w, wall) in self.walls.iter().enumerate() {
            for (i, c) in self.circles.iter().enumerate() {
                if c.inv_mass == 0.0 {
                    continue;
                }
                if let Some(contact) = plane_circle(&wall.plane, c) {
                    self.contacts.push((Pair::WallCircle(w, i), contact));
                }
            }
        }
    }
    // ANCHOR_END: find_contacts

    /// The restitution for a collision between bodies with restitutions `a` and
    /// `b`.
    fn restitution(&self, a: f32, b: f32) -> f32 {
        self.restitution_override.unwrap_or_else(|| mix_restitution(a, b))
    }

    /// Stage 3: one impulse per contact.
    pub fn apply_impulses(&mut self) {
        for k in 0..self.contacts.len() {
            let (pair, contact) = self.contacts[k];
            match pair {
                Pair::Circles(i, j) => {
                    let e = self.restitution(
                        self.circles[i].restitution,
                        self.circles[j].restitution,
                    );
                    let (a, b) = two_mut(&mut self.circles, i, j);
                    resolve(a, b, &contact, e, self.approach_check);
                }
                Pair::WallCircle(w, i) => {
                    let e = self.restitution(
                        self.walls[w].restitution,
                        self.circles[i].restitution,
                    );
                    resolve_wall(
                        &mut self.circles[i],
                        &contact,
                        e,
                        self.approach_check,
                    );
                }
            }
        }
    }

    /// Stage 4: positional correction of every contact found this step.
    pub fn correct_positions(&mut self) {
        for k in 0..self.contacts.len() {
            let (pair, contact) = self.contacts[k];
            match pair {
                Pair::Circles(i, j) => {
                    let (a, b) = two_mut(&mut self.circles, i, j);
                    correct_positions(a, b, &contact, &self.correction);
                }
                Pair::WallCircle(_, i) => {
                    let b = &mut self.circles[i];
                    b.position += b.inv_mass
                        * correction_vector(
                            &contact,
                            0.0,
                            b.inv_mass,
                            &self.correction,
                        );
                }
            }
        }
    }

    /// The deepest overlap among this step's contacts, in metres.
    pub fn max_penetration(&self) -> f32 {
        self.contacts.iter().map(|(_, c)| c.penetration).fold(0.0, f32::max)
    }
}

// ANCHOR: circle
/// A disc that moves without turning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball {
    /// Centre, in metres, y up.
    pub position: Vec2,
    /// Metres per second.
    pub velocity: Vec2,
    /// Metres, greater than 0.
    pub radius: f32,
    /// 1 / mass, in 1/kg. 0 means infinite mass: nothing can move the body.
    pub inv_mass: f32,
    /// This body's coefficient of restitution, 0 to 1.
    pub restitution: f32,
}
// ANCHOR_END: circle

// ANCHOR: inv_mass
/// The inverse of a mass in kg: 0 for an infinite mass, and 0 (a body nothing
/// moves) for a mass that is zero, negative or not a number, rather than an
/// infinity or a NaN that would spread.
pub fn inverse_mass(mass: f32) -> f32 {
    if mass > 0.0 && mass.is_finite() { 1.0 / mass } else { 0.0 }
}
// ANCHOR_END: inv_mass

impl Ball {
    /// A circle of `mass` kg at rest.
    pub fn new(position: Vec2, radius: f32, mass: f32, restitution: f32) -> Self {
        Ball {
            position,
            velocity: Vec2::ZERO,
            radius,
            inv_mass: inverse_mass(mass),
            restitution,
        }
    }

    /// A circle nothing can move.
    pub fn fixed(position: Vec2, radius: f32, restitution: f32) -> Self {
        Ball::new(position, radius, f32::INFINITY, restitution)
    }

    /// Mass in kg (infinite for a static circle).
    pub fn mass(&self) -> f32 {
        if self.inv_mass > 0.0 { 1.0 / self.inv_mass } else { f32::INFINITY }
    }
}

/// Chapter 2's plane as a body of infinite mass, with a restitution of its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wall {
    pub plane: Plane,
    pub restitution: f32,
}

/// Two bodies that overlap: which way to push them apart and how far they overlap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit length, pointing from body A to body B.
    pub normal: Vec2,
    /// How far the bodies overlap along the normal, in metres (0 when they just
    /// touch).
    pub penetration: f32,
}

// ANCHOR: circle_circle
/// The contact between circles `a` and `b`, or `None` if they are apart. Touching
/// counts.
///
/// The test compares squared lengths, so the square root is taken only for circles
/// that do overlap. Circles whose centres coincide have no direction between them;
/// they get the normal `+x` and the penetration that separates them along it, the
/// sum of the radii.
pub fn circle_circle(a: &Ball, b: &Ball) -> Option<Contact> {
    let a_to_b = b.position - a.position;
    let radius_sum = a.radius + b.radius;
    let distance_squared = a_to_b.length_squared();
    if distance_squared > radius_sum * radius_sum {
        return None;
    }
    let distance = distance_squared.sqrt();
    if distance > 0.0 {
        Some(Contact {
            normal: a_to_b / distance,
            penetration: radius_sum - distance,
        })
    } else {
        Some(Contact { normal: Vec2::X, penetration: radius_sum })
    }
}
// ANCHOR_END: circle_circle

// ANCHOR: plane_circle
/// The contact between a plane (body A) and circle `b`, or `None` if the circle is
/// clear of it. The normal is the plane's: from the plane into its free side, where
/// the circle should be.
pub fn plane_circle(plane: &Plane, b: &Ball) -> Option<Contact> {
    let penetration = b.radius - plane.distance(b.position);
    (penetration >= 0.0).then_some(Contact { normal: plane.normal, penetration })
}
// ANCHOR_END: plane_circle

// ANCHOR: mix
/// The restitution of a collision: the smaller of the two bodies'. The least bouncy
/// material wins, so a clay ball does not bounce off a rubber floor.
pub fn mix_restitution(a: f32, b: f32) -> f32 {
    a.min(b)
}
// ANCHOR_END: mix

#[cfg(feature = "exercises")]
pub use crate::exercises::impulse_scalar;
#[cfg(not(feature = "exercises"))]
// ANCHOR: impulse
// ANCHOR: impulse_signature
/// The size `j` of the impulse along `normal` (from A to B) that makes the bodies'
/// relative normal velocity `-e` times what it was: Newton's law of restitution,
/// solved for `j`.
///
/// B receives `+j n` and A `-j n`. Returns 0 when both inverse masses are zero (two
/// immovable bodies: there is nothing to solve) and, with `approach_check`, when
/// the bodies are already separating (`v_rel . n > 0`), since a contact may push
/// but never pull.
pub fn impulse_scalar(
    velocity_a: Vec2,
    inv_mass_a: f32,
    velocity_b: Vec2,
    inv_mass_b: f32,
    normal: Vec2,
    restitution: f32,
    approach_check: bool,
) -> f32 {
    // ANCHOR_END: impulse_signature
    // B gains j n / m_b and A loses j n / m_a, so the relative normal velocity
    // gains j (1/m_a + 1/m_b). Newton's law wants it to become -e times what it
    // was: j = -(1 + e) (v_rel . n) / (1/m_a + 1/m_b), with v_rel = v_b - v_a.
    let normal_velocity = (velocity_b - velocity_a).dot(normal);
    let inv_mass_sum = inv_mass_a + inv_mass_b;
    if inv_mass_sum <= 0.0 || (approach_check && normal_velocity > 0.0) {
        return 0.0;
    }
    -(1.0 + restitution) * normal_velocity / inv_mass_sum
}
// ANCHOR_END: impulse

// ANCHOR: resolve
/// Apply the impulse of `contact` to two circles: `v_a -= j n / m_a`, `v_b += j n /
/// m_b`. Returns `j` in kg m/s.
pub fn resolve(
    a: &mut Ball,
    b: &mut Ball,
    contact: &Contact,
    restitution: f32,
    approach_check: bool,
) -> f32 {
    let j = impulse_scalar(
        a.velocity,
        a.inv_mass,
        b.velocity,
        b.inv_mass,
        contact.normal,
        restitution,
        approach_check,
    );
    a.velocity -= j * a.inv_mass * contact.normal;
    b.velocity += j * b.inv_mass * contact.normal;
    j
}

/// Apply the impulse of a wall's `contact` to circle `b`. The wall is body A: at
/// rest, with inverse mass 0, so its half of the impulse changes nothing and is
/// left out.
pub fn resolve_wall(
    b: &mut Ball,
    contact: &Contact,
    restitution: f32,
    approach_check: bool,
) -> f32 {
    let j = impulse_scalar(
        Vec2::ZERO,
        0.0,
        b.velocity,
        b.inv_mass,
        contact.normal,
        restitution,
        approach_check,
    );
    b.velocity += j * b.inv_mass * contact.normal;
    j
}
// ANCHOR_END: resolve

#[cfg(feature = "exercises")]
pub use crate::exercises::impulse_for_energy_loss;
#[cfg(not(feature = "exercises"))]
// ANCHOR: impulse_for_energy_loss
// ANCHOR: impulse_for_energy_loss_signature
/// The impulse `j` along `normal` (from A to B; `+j n` to B, `-j n` to A)
/// that changes the two bodies' kinetic energy by `-loss` joules and leaves
/// them not approaching along the normal. `loss` may be negative: energy
/// released between them, as by a spring. `None` when no impulse does it:
/// the loss is more than the relative normal motion holds, or neither body
/// can move. An immovable body (inverse mass 0) is at rest.
pub fn impulse_for_energy_loss(
    velocity_a: Vec2,
    inv_mass_a: f32,
    velocity_b: Vec2,
    inv_mass_b: f32,
    normal: Vec2,
    loss: f32,
) -> Option<f32> {
    // ANCHOR_END: impulse_for_energy_loss_signature
    // With w = 1/m_a + 1/m_b and v_n = (v_b - v_a) . n, the impulse changes
    // the kinetic energy by j v_n + w j^2 / 2 (expand 1/2 m v'^2 for each
    // body), and the relative normal velocity to v_n + w j. Setting the
    // change to -loss: the velocity after is -sqrt(D) or +sqrt(D), with
    // D = v_n^2 - 2 w loss. Not approaching is the + root, so
    // j = (sqrt(D) - v_n) / w.
    let w = inv_mass_a + inv_mass_b;
    if w <= 0.0 {
        return None; // neither body can move
    }
    let v_n = (velocity_b - velocity_a).dot(normal);
    let discriminant = v_n * v_n - 2.0 * w * loss;
    if discriminant < 0.0 {
        return None; // more than the normal motion holds
    }
    let root = discriminant.sqrt();
    // (sqrt(D) - v_n) / w subtracts two nearly equal numbers for separating
    // bodies and a small loss; multiplied out by its conjugate it is
    // -2 loss / (sqrt(D) + v_n), which adds there.
    let j = if v_n > 0.0 { -2.0 * loss / (root + v_n) } else { (root - v_n) / w };
    j.is_finite().then_some(j)
}
// ANCHOR_END: impulse_for_energy_loss

// ANCHOR: correction
/// How positional correction (linear projection) is tuned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Correction {
    /// Correct positions at all. Off, resting bodies sink a little deeper every
    /// step.
    pub enabled: bool,
    /// The fraction of the penetration (beyond `slop`) removed per step, 0 to 1.
    /// Small values take many steps to separate bodies; 1 removes it all at once
    /// and makes stacks jitter.
    pub percent: f32,
    /// The penetration in metres left alone. With 0, bodies resting on each other
    /// are pushed apart every step and gravity pulls them back: they creep and
    /// jitter.
    pub slop: f32,
}

impl Default for Correction {
    /// The tutorial's values: 20 % of what is beyond 1 cm.
    fn default() -> Self {
        Correction { enabled: true, percent: 0.2, slop: 0.01 }
    }
}
// ANCHOR_END: correction

#[cfg(feature = "exercises")]
pub use crate::exercises::correction_vector;
#[cfg(not(feature = "exercises"))]
// ANCHOR: correction_vector
// ANCHOR: correction_vector_signature
/// How far to move A and B apart along the normal, in total: `percent` of the
/// penetration beyond `slop`. Shared by inverse mass, like the impulse: the lighter
/// body moves more.
pub fn correction_vector(
    contact: &Contact,
    inv_mass_a: f32,
    inv_mass_b: f32,
    c: &Correction,
) -> Vec2 {
    // ANCHOR_END: correction_vector_signature
    let inv_mass_sum = inv_mass_a + inv_mass_b;
    if !c.enabled || inv_mass_sum <= 0.0 {
        return Vec2::ZERO;
    }
    let depth = (contact.penetration - c.slop).max(0.0);
    depth * c.percent / inv_mass_sum * contact.normal
}
// ANCHOR_END: correction_vector

// ANCHOR: correct_positions
/// Move two circles apart: A back along the normal, B forward, each by its inverse
/// mass.
pub fn correct_positions(
    a: &mut Ball,
    b: &mut Ball,
    contact: &Contact,
    c: &Correction,
) {
    let correction = correction_vector(contact, a.inv_mass, b.inv_mass, c);
    a.position -= a.inv_mass * correction;
    b.position += b.inv_mass * correction;
}
// ANCHOR_END: correct_positions

/// Which two bodies a contact is between: two circles (by index, low then high) or
/// a wall and a circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pair {
    Circles(usize, usize),
    /// Wall index, circle index. The wall is body A.
    WallCircle(usize, usize),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circle(x: f32, y: f32, r: f32) -> Ball {
        Ball::new(Vec2::new(x, y), r, 1.0, 1.0)
    }

    #[test]
    fn overlap_normal_points_from_a_to_b() {
        let c =
            circle_circle(&circle(0.0, 0.0, 1.0), &circle(0.0, 1.5, 1.0)).unwrap();
        assert_eq!(c.normal, Vec2::Y);
        assert_eq!(c.penetration, 0.5);
        let c =
            circle_circle(&circle(0.0, 1.5, 1.0), &circle(0.0, 0.0, 1.0)).unwrap();
        assert_eq!(c.normal, -Vec2::Y);
        assert!(
            circle_circle(&circle(0.0, 0.0, 1.0), &circle(2.5, 0.0, 1.0)).is_none()
        );
        // Touching counts, with no penetration.
        assert_eq!(
            circle_circle(&circle(0.0, 0.0, 1.0), &circle(2.0, 0.0, 1.0))
                .unwrap()
                .penetration,
            0.0
        );
    }

    /// Erratum: the tutorial squares the radius sum for the test and then reuses
    /// the squared value as if it were the sum, `penetration = r - d` with `r =
    /// (r_a + r_b)^2`.
    #[test]
    fn penetration_uses_the_radius_sum_not_its_square() {
        let c =
            circle_circle(&circle(0.0, 0.0, 1.0), &circle(2.5, 0.0, 2.0)).unwrap();
        assert_eq!(c.penetration, 0.5); // 3 - 2.5, not 9 - 2.5
    }

    /// Coincident centres: a consistent normal, never NaN, and a penetration that
    /// separates them (the tutorial uses one radius, which leaves them
    /// overlapping).
    #[test]
    fn coincident_centres_get_plus_x() {
        let c =
            circle_circle(&circle(1.0, 1.0, 0.3), &circle(1.0, 1.0, 0.2)).unwrap();
        assert_eq!(c.normal, Vec2::X);
        assert_eq!(c.penetration, 0.5);
    }

    #[test]
    fn plane_contact_points_into_the_free_side() {
        let floor = Plane { normal: Vec2::Y, offset: 0.0 };
        let c = plane_circle(&floor, &circle(3.0, 0.25, 0.5)).unwrap();
        assert_eq!(c.normal, Vec2::Y);
        assert_eq!(c.penetration, 0.25);
        assert!(plane_circle(&floor, &circle(3.0, 0.75, 0.5)).is_none());
    }

    #[test]
    fn inverse_mass_of_nonsense_is_zero() {
        for m in [0.0, -1.0, f32::NAN, f32::INFINITY] {
            assert_eq!(inverse_mass(m), 0.0);
        }
        assert_eq!(inverse_mass(4.0), 0.25);
    }
}
