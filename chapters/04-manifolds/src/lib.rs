//! # Chapter 4: manifolds
//!
//! Chapters 1 to 3 only asked "do these two overlap, and along which direction?". A
//! solver that will one day turn bodies (chapter 6) and keep stacks standing
//! (chapter 8) needs more: the *manifold*, a small record of one collision between
//! a body A and a body B:
//!
//! - the **normal**, a unit vector that points from A to B, always;
//! - the **penetration**, how far B must move along the normal to stop overlapping
//!   A;
//! - up to two **contact points**, where the shapes touch, each with a *feature id*
//!   that says which edge or corner of each shape made it, so that a later chapter
//!   can recognise the same contact from one step to the next.
//!
//! This chapter builds manifolds for circles and axis-aligned boxes (AABBs). The
//! functions that do it are pure geometry: they take shapes and positions, never
//! bodies, so every later chapter calls them with its own body type. At the end, a
//! small world of circles and boxes is resolved at its manifolds with chapter 3's
//! impulse.
//!
//! The book's page for this chapter is `book/src/ch04-manifolds.md`.

use ch03_mass_weighted_impulses::{Contact, Correction};
use glam::Vec2;
use physics_core::slices::two_mut;

pub mod demos;
pub mod figures;
pub mod inspector;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

/// Bodies of circles and boxes under gravity, resolved at their manifolds.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub bodies: Vec<Body>,
    /// In m/s^2.
    pub gravity: Vec2,
    /// Apply an impulse only while the bodies approach along the normal.
    pub approach_check: bool,
    /// Chapter 3's positional correction: on or off, `percent` and `slop`.
    pub correction: Correction,
    /// How many times stage 3 goes over every collision, at least 1. One
    /// pass is chapter 3's; in a pile, the impulse that stops one body
    /// pushes the body below it back into the floor, and only further
    /// passes carry that push on (the tutorial suggests 5 to 20).
    pub iterations: u32,
    /// This step's collisions, found in stage 2 and used by stages 3 and 4.
    pub collisions: Vec<Collision>,
}

impl World {
    /// Bodies under the Earth's gravity, with the approach check and chapter 3's
    /// correction.
    pub fn new(bodies: Vec<Body>) -> Self {
        World {
            bodies,
            gravity: Vec2::new(0.0, -9.81),
            approach_check: true,
            correction: Correction::default(),
            iterations: 10,
            collisions: Vec::new(),
        }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        // 1. Integrate: gravity and velocity move every body with a finite mass.
        for b in self.bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
            ch02_planes_restitution::integrate(
                &mut b.position,
                &mut b.velocity,
                self.gravity,
                dt,
            );
        }
        // 2. Detect: a manifold for every overlapping pair, low index as A.
        self.find_collisions();
        // 3. Resolve: chapter 3's impulse along each manifold's normal,
        //    over all collisions `iterations` times.
        for k in (0..self.iterations.max(1)).flat_map(|_| 0..self.collisions.len())
        {
            let Collision { a, b, manifold } = self.collisions[k];
            let (body_a, body_b) = two_mut(&mut self.bodies, a, b);
            let e = body_a.restitution.min(body_b.restitution);
            apply_impulse(
                &mut body_a.velocity,
                body_a.inv_mass,
                &mut body_b.velocity,
                body_b.inv_mass,
                &manifold,
                e,
                self.approach_check,
            );
        }
        // 4. Correct: push each overlapping pair part of the way apart.
        for k in 0..self.collisions.len() {
            let Collision { a, b, manifold } = self.collisions[k];
            let (body_a, body_b) = two_mut(&mut self.bodies, a, b);
            correct_positions(
                &mut body_a.position,
                body_a.inv_mass,
                &mut body_b.position,
                body_b.inv_mass,
                &manifold,
                &self.correction,
            );
        }
    }
    // ANCHOR_END: step

    /// Stage 2: every body against every later body, in index order, skipping pairs
    /// of static bodies, so the same world always gives the same collisions in the
    /// same order.
    pub fn find_collisions(&mut self) {
        self.collisions.clear();
        for a in 0..self.bodies.len() {
            for b in a + 1..self.bodies.len() {
                let (body_a, body_b) = (&self.bodies[a], &self.bodies[b]);
                if body_a.inv_mass == 0.0 && body_b.inv_mass == 0.0 {
                    continue;
                }
                if let Some(manifold) = collide(
                    &body_a.shape,
                    body_a.position,
                    &body_b.shape,
                    body_b.position,
                ) {
                    self.collisions.push(Collision { a, b, manifold });
                }
            }
        }
    }

    /// The deepest penetration among this step's collisions, in metres.
    pub fn max_penetration(&self) -> f32 {
        self.collisions.iter().map(|c| c.manifold.penetration).fold(0.0, f32::max)
    }
}

// ANCHOR: feature
/// Which part of a shape a contact point comes from.
///
/// A box numbers its faces counter-clockwise from the right one:
/// 0 is +x, 1 is +y, 2 is -x, 3 is -y. Corner `i` is where face `i`
/// meets face `i + 1`: 0 is (+x, +y), 1 is (-x, +y), 2 is (-x, -y),
/// 3 is (+x, -y). Face `i` runs from corner `i - 1` to corner `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// The shape as a whole: a circle has no edges or corners.
    #[default]
    Whole,
    /// Face (edge) number 0 to 3 of a box.
    Face(u8),
    /// Corner (vertex) number 0 to 3 of a box.
    Vertex(u8),
}

/// The pair of features, one on each shape, that made a contact point.
/// Two contacts of two steps with the same id are the same contact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId {
    /// The feature of shape A.
    pub a: Feature,
    /// The feature of shape B.
    pub b: Feature,
}

impl FeatureId {
    /// The same id seen from the other side: A and B swapped.
    pub fn swapped(self) -> FeatureId {
        FeatureId { a: self.b, b: self.a }
    }
}
// ANCHOR_END: feature

// ANCHOR: manifold
/// One point where two shapes touch.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactPoint {
    /// Where, in world coordinates (metres). It lies inside both
    /// shapes (or on their boundaries).
    pub point: Vec2,
    /// How deep this point is, in metres along the normal, 0 or more.
    pub penetration: f32,
    /// Which features of A and B made it.
    pub id: FeatureId,
}

/// The most contact points a 2D manifold needs: two points fix a
/// line, and two convex shapes touch along at most one line.
pub const MAX_CONTACTS: usize = 2;

/// Everything a solver needs to know about one collision between a
/// shape A and a shape B. A narrow-phase function returns `None` when
/// the shapes are apart, so a `Manifold` always has 1 or 2 contacts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Manifold {
    /// Unit length, pointing from A to B: moving B along it (or A
    /// against it) separates them. Every function keeps this rule.
    pub normal: Vec2,
    /// How far, in metres, B must move along `normal` to just touch A:
    /// 0 for shapes that just touch, never negative.
    pub penetration: f32,
    contacts: [ContactPoint; MAX_CONTACTS],
    count: usize,
}
// ANCHOR_END: manifold

impl Manifold {
    /// A manifold from its parts. Takes at most [`MAX_CONTACTS`]
    /// contacts. Returns `None` (no collision) rather than a manifold
    /// a solver could not use: no contacts, a normal that is not unit
    /// length, or a value that is not finite. The narrow-phase
    /// functions below never produce such values for inputs smaller
    /// than 1e30 m; this check keeps a NaN from escaping for larger
    /// ones, whose sums and differences overflow.
    #[inline]
    pub fn new(
        normal: Vec2,
        penetration: f32,
        contacts: &[ContactPoint],
    ) -> Option<Manifold> {
        let count = contacts.len().min(MAX_CONTACTS);
        let unit = (normal.length() - 1.0).abs() <= UNIT_TOLERANCE;
        let finite = normal.is_finite()
            && penetration.is_finite()
            && penetration >= 0.0
            && contacts[..count]
                .iter()
                .all(|c| c.point.is_finite() && c.penetration.is_finite());
        if count == 0 || !unit || !finite {
            return None;
        }
        let mut stored = [ContactPoint::default(); MAX_CONTACTS];
        stored[..count].copy_from_slice(&contacts[..count]);
        Some(Manifold { normal, penetration, contacts: stored, count })
    }

    /// The contact points: one or two.
    #[inline]
    pub fn contacts(&self) -> &[ContactPoint] {
        &self.contacts[..self.count]
    }

    /// The same collision seen with A and B swapped: the normal turns
    /// round, the penetration and the points stay, the ids swap sides.
    pub fn swapped(&self) -> Manifold {
        let mut m = *self;
        m.normal = -self.normal;
        for c in &mut m.contacts[..m.count] {
            c.id = c.id.swapped();
        }
        m
    }
}

/// How far from 1 the length of a manifold's normal may be: a few
/// f32 roundings of a normalisation (each about 6e-8).
pub const UNIT_TOLERANCE: f32 = 1e-5;

/// A circle, centred on its position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Metres, greater than 0.
    pub radius: f32,
}

/// An axis-aligned box, centred on its position. Its edges stay
/// parallel to the x and y axes: this chapter's boxes never turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// Half the width and half the height, in metres, greater than 0.
    pub half_extents: Vec2,
}

// ANCHOR: capsule
/// A capsule, centred on its position: every point within `radius` of
/// the segment from `-half_segment` to `+half_segment`, a stadium. Not
/// one of the world's shapes; exercise 4.3 collides it with a circle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Capsule {
    /// From the centre to one end of the core segment, metres; the
    /// other end is at minus it. Zero makes the capsule a circle.
    pub half_segment: Vec2,
    /// Metres, greater than 0.
    pub radius: f32,
}
// ANCHOR_END: capsule

/// The shapes of this chapter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Circle(Circle),
    Aabb(Aabb),
}

/// The outward normal of box face `face` (0 to 3) in the box's own
/// frame: +x, +y, -x, -y.
pub fn box_face_normal(face: u8) -> Vec2 {
    match face % 4 {
        0 => Vec2::X,
        1 => Vec2::Y,
        2 => Vec2::NEG_X,
        _ => Vec2::NEG_Y,
    }
}

/// Corner `vertex` (0 to 3) of a box with `half_extents`, in the box's
/// own frame: (+x, +y), (-x, +y), (-x, -y), (+x, -y).
pub fn box_vertex(half_extents: Vec2, vertex: u8) -> Vec2 {
    let sign = match vertex % 4 {
        0 => Vec2::new(1.0, 1.0),
        1 => Vec2::new(-1.0, 1.0),
        2 => Vec2::new(-1.0, -1.0),
        _ => Vec2::new(1.0, -1.0),
    };
    sign * half_extents
}

/// The two corners face `face` runs between, counter-clockwise:
/// from corner `face - 1` to corner `face`.
pub fn box_face_vertices(face: u8) -> [u8; 2] {
    [(face + 3) % 4, face % 4]
}

// ANCHOR: direction
/// The unit vector along `v` and the length of `v`, or `None` when `v`
/// has no direction (zero length) or is not finite.
///
/// `v / v.length()` is not enough for every finite input: squaring a
/// component below 1e-23 gives 0 and one above 1.8e19 (the square
/// root of f32::MAX) gives infinity.
/// Dividing by the largest component first keeps every square between
/// 0 and 2, so the result has unit length whatever the size of `v`.
pub fn direction(v: Vec2) -> Option<(Vec2, f32)> {
    let largest = v.x.abs().max(v.y.abs());
    if !(largest > 0.0 && largest.is_finite()) {
        return None;
    }
    let scaled = v / largest;
    let scaled_length = scaled.length();
    Some((scaled / scaled_length, largest * scaled_length))
}
// ANCHOR_END: direction

#[cfg(feature = "exercises")]
pub use crate::exercises::circle_circle;
#[cfg(not(feature = "exercises"))]
// ANCHOR: circle_circle
// ANCHOR: circle_circle_signature
/// The manifold of circle `a` at `position_a` and circle `b` at
/// `position_b`, or `None` when they are apart. Touching counts.
///
/// The normal runs from centre to centre. Coincident centres have no
/// such direction; they get `+x`, the same every time, and the
/// penetration that separates them along it, the sum of the radii.
/// The one contact point is the point of A nearest B's centre: on A's
/// surface, or B's centre itself when that lies inside A.
pub fn circle_circle(
    a: &Circle,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    // ANCHOR_END: circle_circle_signature
    let radius_sum = a.radius + b.radius;
    let a_to_b = position_b - position_a;
    if !a_to_b.is_finite() {
        return None; // so far apart that the distance overflows
    }
    let (normal, distance) = direction(a_to_b).unwrap_or((Vec2::X, 0.0));
    if distance > radius_sum {
        return None;
    }
    let point = position_a + normal * distance.min(a.radius);
    let penetration = radius_sum - distance;
    let id = FeatureId::default();
    Manifold::new(normal, penetration, &[ContactPoint { point, penetration, id }])
}
// ANCHOR_END: circle_circle

// ANCHOR: aabb_aabb
/// The manifold of box `a` at `position_a` and box `b` at
/// `position_b`, or `None` when they are apart. Touching counts.
///
/// The normal is the face normal of the axis of least penetration (x
/// on a tie), pointing towards B. The contact points are the two ends
/// of B's face that meets that face of A, each clamped into A: the
/// corners of the overlap rectangle on B's side.
pub fn aabb_aabb(
    a: &Aabb,
    position_a: Vec2,
    b: &Aabb,
    position_b: Vec2,
) -> Option<Manifold> {
    let a_to_b = position_b - position_a;
    // How far the boxes' shadows overlap on each axis (the SAT).
    let overlap = a.half_extents + b.half_extents - a_to_b.abs();
    if !(overlap.x >= 0.0 && overlap.y >= 0.0) {
        return None; // a separating axis: the shadows miss on it
    }
    // The axis of least penetration, 0 for x or 1 for y.
    let axis = if overlap.x <= overlap.y { 0 } else { 1 };
    let penetration = overlap[axis];
    let towards_b = a_to_b[axis] >= 0.0;
    // A's face that B is pushed out through, and B's face against it.
    let reference_face = axis as u8 + if towards_b { 0 } else { 2 };
    let incident_face = (reference_face + 2) % 4;
    let normal = box_face_normal(reference_face);
    // The overlap rectangle is [max of the mins, min of the maxes]:
    // clamping a point into both boxes is clamping it into A here,
    // since B's corners are already inside B.
    let (min_a, max_a) = (position_a - a.half_extents, position_a + a.half_extents);
    let other = 1 - axis;
    let mut contacts = [ContactPoint::default(); 2];
    for (slot, vertex) in box_face_vertices(incident_face).into_iter().enumerate() {
        let corner = position_b + box_vertex(b.half_extents, vertex);
        // Along the face, a corner past A's side is cut back to that
        // side: the point is then B's face crossing A's side face.
        let (along, id) = if corner[other] < min_a[other] {
            let side = Feature::Face(other as u8 + 2);
            (min_a[other], FeatureId { a: side, b: Feature::Face(incident_face) })
        } else if corner[other] > max_a[other] {
            let side = Feature::Face(other as u8);
            (max_a[other], FeatureId { a: side, b: Feature::Face(incident_face) })
        } else {
            let face = Feature::Face(reference_face);
            (corner[other], FeatureId { a: face, b: Feature::Vertex(vertex) })
        };
        let mut point = corner;
        point[other] = along;
        // Only when B is in deeper than A is thick does its face lie
        // beyond A; then the point moves back onto A's far face.
        point[axis] = point[axis].max(min_a[axis]).min(max_a[axis]);
        contacts[slot] = ContactPoint { point, penetration, id };
    }
    Manifold::new(normal, penetration, &contacts)
}
// ANCHOR_END: aabb_aabb

#[cfg(feature = "exercises")]
pub use crate::exercises::aabb_circle;
#[cfg(not(feature = "exercises"))]
// ANCHOR: aabb_circle
// ANCHOR: aabb_circle_signature
/// The manifold of box `a` at `position_a` and circle `b` at
/// `position_b`, normal from the box to the circle, or `None` when
/// they are apart. Touching counts.
///
/// The box's point nearest the circle's centre decides it: outside the
/// box the centre is pushed away from that point, inside (or on the
/// boundary) out through the nearest face. The contact point is that
/// nearest point (the centre itself when it is inside).
pub fn aabb_circle(
    a: &Aabb,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    // ANCHOR_END: aabb_circle_signature
    let h = a.half_extents;
    let centre = position_b - position_a; // in the box's frame
    if !centre.is_finite() {
        return None; // so far apart that the distance overflows
    }
    let nearest = centre.max(-h).min(h);
    let outside = direction(centre - nearest);
    let (normal, penetration, id) = match outside {
        Some((normal, distance)) => {
            if distance > b.radius {
                return None;
            }
            // A corner if both coordinates were clamped, else a face.
            let clamped = centre.cmpne(nearest);
            let feature = match (clamped.x, clamped.y) {
                (true, true) => Feature::Vertex(corner_towards(centre)),
                (true, false) => Feature::Face(if centre.x > 0.0 { 0 } else { 2 }),
                _ => Feature::Face(if centre.y > 0.0 { 1 } else { 3 }),
            };
            (normal, b.radius - distance, feature)
        }
        None => {
            // The centre is inside: leave through the nearest face, the
            // one with the least gap. (The tutorial picks the axis where
            // |centre| is larger, which is the nearest face only for a
            // square box.) The circle travels the gap to that face, and
            // then its whole radius to clear it.
            let gap = h - centre.abs();
            let face = if gap.x <= gap.y {
                if centre.x >= 0.0 { 0 } else { 2 }
            } else if centre.y >= 0.0 {
                1
            } else {
                3
            };
            let gap = gap[face as usize % 2];
            (box_face_normal(face), b.radius + gap, Feature::Face(face))
        }
    };
    let point = position_a + nearest;
    let id = FeatureId { a: id, b: Feature::Whole };
    Manifold::new(normal, penetration, &[ContactPoint { point, penetration, id }])
}

/// The box corner in the quadrant of `p`.
pub fn corner_towards(p: Vec2) -> u8 {
    match (p.x > 0.0, p.y > 0.0) {
        (true, true) => 0,
        (false, true) => 1,
        (false, false) => 2,
        (true, false) => 3,
    }
}
// ANCHOR_END: aabb_circle

#[cfg(feature = "exercises")]
pub use crate::exercises::capsule_circle;
#[cfg(not(feature = "exercises"))]
// ANCHOR: capsule_circle
// ANCHOR: capsule_circle_signature
/// The manifold of capsule `a` at `position_a` and circle `b` at
/// `position_b`, normal from the capsule to the circle, or `None` when
/// they are apart. Touching counts.
///
/// The capsule is its core segment grown by its radius, so the core's
/// point nearest the circle's centre decides it, as a centre did for
/// two circles. A centre on the core itself gets the core's
/// counter-clockwise normal (`+x` for a capsule of zero length). The
/// contact point is the point of A nearest B's centre. A's feature:
/// `Vertex(0)` at the `-half_segment` end, `Vertex(1)` at the other,
/// `Face(0)` along the side, `Whole` for a capsule of zero length.
pub fn capsule_circle(
    a: &Capsule,
    position_a: Vec2,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    // ANCHOR_END: capsule_circle_signature
    let centre = position_b - position_a; // in the capsule's frame
    if !centre.is_finite() {
        return None; // so far apart that the distance overflows
    }
    // The core's point nearest the centre decides it, and so does the side
    // of the core the centre is on. `direction` gives the core's direction
    // and half length with squares that neither overflow nor vanish; a core
    // of zero length makes the capsule a circle.
    let (nearest, normal, distance, feature) = match direction(a.half_segment) {
        None => {
            let (normal, distance) = direction(centre).unwrap_or((Vec2::X, 0.0));
            (Vec2::ZERO, normal, distance, Feature::Whole)
        }
        Some((along, half_length)) => {
            // The centre in the core's own axes: how far along it, and how
            // far to its counter-clockwise side.
            let across = along.perp();
            let (s, side) = (centre.dot(along), centre.dot(across));
            if s.abs() < half_length {
                // Beside the core: straight out across it. Not along `centre
                // - nearest`, which for a centre a rounding error off the
                // core is that error's direction, anywhere, even along the
                // core; the core's normal, on the centre's side, is right
                // however near the centre is.
                let normal = if side >= 0.0 { across } else { -across };
                (along * s, normal, side.abs(), Feature::Face(0))
            } else {
                // Past an end: out from that end, as from a circle's centre,
                // with the offset taken in the core's axes, where its part
                // along the core, |s| - L, cannot come out negative by
                // rounding and point the normal back along the core.
                let outwards = along * s.signum();
                let offset = Vec2::new(s.abs() - half_length, side);
                let (local, distance) = direction(offset).unwrap_or((Vec2::Y, 0.0));
                let normal = outwards * local.x + across * local.y;
                let end = outwards * half_length;
                (
                    end,
                    normal,
                    distance,
                    Feature::Vertex(if s < 0.0 { 0 } else { 1 }),
                )
            }
        }
    };
    let radius_sum = a.radius + b.radius;
    if distance > radius_sum {
        return None;
    }
    let point = position_a + nearest + normal * distance.min(a.radius);
    let penetration = radius_sum - distance;
    let id = FeatureId { a: feature, b: Feature::Whole };
    Manifold::new(normal, penetration, &[ContactPoint { point, penetration, id }])
}
// ANCHOR_END: capsule_circle

// ANCHOR: collide
/// The manifold of any two shapes of this chapter, normal from A to B.
/// A circle against a box asks the box against the circle and swaps
/// the answer, so each pair of shapes is written once.
pub fn collide(
    a: &Shape,
    position_a: Vec2,
    b: &Shape,
    position_b: Vec2,
) -> Option<Manifold> {
    match (a, b) {
        (Shape::Circle(a), Shape::Circle(b)) => {
            circle_circle(a, position_a, b, position_b)
        }
        (Shape::Aabb(a), Shape::Aabb(b)) => aabb_aabb(a, position_a, b, position_b),
        (Shape::Aabb(a), Shape::Circle(b)) => {
            aabb_circle(a, position_a, b, position_b)
        }
        (Shape::Circle(a), Shape::Aabb(b)) => {
            aabb_circle(b, position_b, a, position_a).map(|m| m.swapped())
        }
    }
}
// ANCHOR_END: collide

impl Shape {
    /// The smallest axis-aligned box around the shape, as (min, max), for drawing
    /// and for the mouse.
    pub fn bounds(&self, position: Vec2) -> (Vec2, Vec2) {
        let h = match *self {
            Shape::Circle(c) => Vec2::splat(c.radius),
            Shape::Aabb(b) => b.half_extents,
        };
        (position - h, position + h)
    }

    /// Whether `point` is inside the shape at `position`.
    pub fn contains(&self, position: Vec2, point: Vec2) -> bool {
        let d = point - position;
        match *self {
            Shape::Circle(c) => d.length() <= c.radius,
            Shape::Aabb(b) => {
                d.x.abs() <= b.half_extents.x && d.y.abs() <= b.half_extents.y
            }
        }
    }

    /// Area in m^2.
    pub fn area(&self) -> f32 {
        match *self {
            Shape::Circle(c) => std::f32::consts::PI * c.radius * c.radius,
            Shape::Aabb(b) => 4.0 * b.half_extents.x * b.half_extents.y,
        }
    }
}

/// Chapter 3's impulse, applied at a manifold: `j` from Newton's law
/// of restitution along the manifold's normal, `-j n` to A and `+j n`
/// to B, each scaled by its inverse mass. Bodies do not turn until
/// chapter 6, so the contact points do not matter yet: the impulse
/// acts at the centres. Returns `j` in kg m/s.
#[allow(clippy::too_many_arguments)]
pub fn apply_impulse(
    velocity_a: &mut Vec2,
    inv_mass_a: f32,
    velocity_b: &mut Vec2,
    inv_mass_b: f32,
    manifold: &Manifold,
    restitution: f32,
    approach_check: bool,
) -> f32 {
    let j = ch03_mass_weighted_impulses::impulse_scalar(
        *velocity_a,
        inv_mass_a,
        *velocity_b,
        inv_mass_b,
        manifold.normal,
        restitution,
        approach_check,
    );
    *velocity_a -= j * inv_mass_a * manifold.normal;
    *velocity_b += j * inv_mass_b * manifold.normal;
    j
}

/// Chapter 3's positional correction, applied at a manifold: A moves
/// back along the normal and B forward, `percent` of the penetration
/// beyond `slop` in all, shared by inverse mass.
pub fn correct_positions(
    position_a: &mut Vec2,
    inv_mass_a: f32,
    position_b: &mut Vec2,
    inv_mass_b: f32,
    manifold: &Manifold,
    correction: &Correction,
) {
    let contact =
        Contact { normal: manifold.normal, penetration: manifold.penetration };
    let shift = ch03_mass_weighted_impulses::correction_vector(
        &contact, inv_mass_a, inv_mass_b, correction,
    );
    *position_a -= inv_mass_a * shift;
    *position_b += inv_mass_b * shift;
}

/// A body of this chapter: a shape that moves but never turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub shape: Shape,
    /// Centre, metres.
    pub position: Vec2,
    /// Metres per second.
    pub velocity: Vec2,
    /// 1 / mass in 1/kg; 0 for a static body.
    pub inv_mass: f32,
    /// Coefficient of restitution, 0 to 1.
    pub restitution: f32,
}

/// The manifold between bodies `a` and `b` (`a < b`) found this step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Collision {
    pub a: usize,
    pub b: usize,
    pub manifold: Manifold,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aabb(w: f32, h: f32) -> Aabb {
        Aabb { half_extents: Vec2::new(w, h) }
    }

    /// Erratum: the tutorial's AABB-AABB types one face normal as (0, 0). A zero
    /// normal would make every impulse zero; every face normal here is a unit
    /// vector pointing towards B.
    #[test]
    fn every_aabb_face_normal_is_a_unit_vector_towards_b() {
        let a = aabb(1.0, 1.0);
        for (offset, expect) in [
            (Vec2::new(1.5, 0.2), Vec2::X),
            (Vec2::new(-1.5, 0.2), Vec2::NEG_X),
            (Vec2::new(0.2, 1.5), Vec2::Y),
            (Vec2::new(0.2, -1.5), Vec2::NEG_Y),
        ] {
            let m = aabb_aabb(&a, Vec2::ZERO, &a, offset).unwrap();
            assert_eq!(m.normal, expect, "B at {offset}");
            assert_eq!(m.penetration, 0.5);
        }
    }

    /// Erratum: the tutorial's AABB-AABB takes the axis with the *larger* overlap.
    /// Least penetration means the smaller one: B sits 0.1 into A's top, not 1.9
    /// into its side.
    #[test]
    fn the_axis_of_least_penetration_is_the_smaller_overlap() {
        let m = aabb_aabb(
            &aabb(1.0, 1.0),
            Vec2::ZERO,
            &aabb(1.0, 1.0),
            Vec2::new(0.1, 1.9),
        )
        .unwrap();
        assert_eq!(m.normal, Vec2::Y);
        assert!((m.penetration - 0.1).abs() < 1e-6);
    }

    #[test]
    fn direction_is_unit_for_tiny_and_huge_vectors() {
        for v in [
            Vec2::new(1e-45, 1e-45),
            Vec2::new(3e38, -3e38),
            Vec2::new(1e-30, 0.0),
            Vec2::new(0.0, -2.0),
        ] {
            let (n, _) = direction(v).unwrap();
            assert!((n.length() - 1.0).abs() < 1e-6, "{v} gives {n}");
        }
        assert!(direction(Vec2::ZERO).is_none());
    }

    #[test]
    fn box_face_runs_between_its_corners() {
        let h = Vec2::new(2.0, 1.0);
        for face in 0..4u8 {
            let [from, to] = box_face_vertices(face);
            let (p, q) = (box_vertex(h, from), box_vertex(h, to));
            let n = box_face_normal(face);
            // Both corners lie on the face's line, and the face runs
            // counter-clockwise.
            assert_eq!(p.dot(n), q.dot(n));
            assert_eq!(p.dot(n), h.dot(n.abs()));
            assert!(n.perp_dot(q - p) > 0.0);
        }
    }
}
