//! # Chapter 5: oriented boxes and clipping
//!
//! Chapter 4's boxes never turned. Here a box has an orientation, a rotation
//! matrix, and two ideas carry chapter 4 over:
//!
//! - the **change of basis**: seen from a box's own frame, the box is chapter 4's
//!   AABB at the origin, so a circle against a turned box is chapter 4's
//!   AABB-circle after moving the circle into the box's frame;
//! - the **separating-axis test** between two turned boxes, with a *biased* choice
//!   of the axis of least penetration, then the **reference face**, the **incident
//!   face**, and **clipping** the incident face to the reference face's sides,
//!   which leaves up to two contact points, each with the feature id that says
//!   which edges and corners made it.
//!
//! The manifold, its rule that the normal points from A to B, and the feature
//! numbering of a box's faces and corners all come from chapter 4.
//!
//! The book's page for this chapter is `book/src/ch05-obb-clipping.md`.

use ch04_manifolds::{
    Aabb, Circle, ContactPoint, Feature, FeatureId, MAX_CONTACTS, Manifold,
    aabb_circle, box_face_normal, box_face_vertices, box_vertex, circle_circle,
};
use glam::{Mat2, Vec2};
use physics_core::trig;

pub mod demos;
pub mod figures;
pub mod inspector;
pub mod scene;
pub mod world;

// The falling-boxes demo's world: chapter 4's pipeline with this chapter's narrow
// phase.
pub use world::{Body, Collision, World};

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

// ANCHOR: transform
/// Where a shape is and how it is turned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// The shape's centre, in world coordinates (metres).
    pub position: Vec2,
    /// Turns the shape's own axes into world axes. Its columns are the
    /// shape's x and y axes as seen in the world: unit length and at
    /// right angles, so its inverse is its transpose.
    pub rotation: Mat2,
}

impl Transform {
    /// A shape at `position`, turned `angle` radians counter-clockwise.
    /// The sine and cosine are worked out once here, not at every use.
    pub fn new(position: Vec2, angle: f32) -> Self {
        Transform { position, rotation: trig::rotation(angle) }
    }

    /// A point in the shape's own frame, in world coordinates:
    /// rotate, then translate.
    pub fn to_world(&self, local: Vec2) -> Vec2 {
        self.position + self.rotation * local
    }

    /// The change of basis: a world point in the shape's own frame.
    /// Undo the translation, then undo the rotation (the transpose).
    pub fn to_local(&self, world: Vec2) -> Vec2 {
        self.rotation.transpose() * (world - self.position)
    }
}
// ANCHOR_END: transform

/// An oriented box: in its own frame, chapter 4's AABB centred on the
/// origin; its [`Transform`] places and turns it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb {
    /// Half the width and half the height along the box's own axes,
    /// in metres, greater than 0.
    pub half_extents: Vec2,
}

/// The shapes of this chapter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Circle(Circle),
    Box(Obb),
}

// ANCHOR: obb_circle
/// The manifold of box `a` placed by `ta` and circle `b` at
/// `position_b`, or `None` when they are apart.
///
/// Move the circle's centre into the box's frame, where the box is an
/// AABB at the origin; ask chapter 4; turn the answer's normal and
/// point back into the world. Lengths do not change under a rotation,
/// so the penetration needs nothing.
pub fn obb_circle(
    a: &Obb,
    ta: &Transform,
    b: &Circle,
    position_b: Vec2,
) -> Option<Manifold> {
    let local_centre = ta.to_local(position_b);
    let box_at_origin = Aabb { half_extents: a.half_extents };
    let local = aabb_circle(&box_at_origin, Vec2::ZERO, b, local_centre)?;
    let contacts = local
        .contacts()
        .iter()
        .map(|c| ContactPoint { point: ta.to_world(c.point), ..*c });
    let contacts: Vec<ContactPoint> = contacts.collect();
    Manifold::new(ta.rotation * local.normal, local.penetration, &contacts)
}
// ANCHOR_END: obb_circle

// ANCHOR: bias
/// How much better another axis must be before the separating-axis
/// test gives up the one it has. Two axes whose penetrations are almost
/// equal would otherwise swap places from one step to the next on
/// rounding alone, and with them the normal and the contact points: a
/// box resting flat would jitter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisBias {
    /// A later axis wins only if its penetration is below `relative`
    /// times the best so far ...
    pub relative: f32,
    /// ... minus `absolute` times the half extent of the box it belongs
    /// to, so the margin grows with the box and the test does not
    /// depend on the units.
    pub absolute: f32,
}

impl AxisBias {
    /// Box2D Lite's values: a later axis must be 5 % better, and 1 % of
    /// its box's half extent better still.
    pub const DEFAULT: AxisBias = AxisBias { relative: 0.95, absolute: 0.01 };
    /// No bias: the smallest penetration wins, however slight the lead.
    pub const NONE: AxisBias = AxisBias { relative: 1.0, absolute: 0.0 };
}

impl Default for AxisBias {
    fn default() -> Self {
        AxisBias::DEFAULT
    }
}
// ANCHOR_END: bias

/// Which box gives the reference face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    A,
    B,
}

/// One face of a box: which box, which face (0 to 3, chapter 4's
/// numbering), its outward normal and its two ends in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    pub owner: Owner,
    pub index: u8,
    pub normal: Vec2,
    pub ends: [Vec2; 2],
}

impl Face {
    /// Face `index` of box `shape` placed by `t`, which belongs to `owner`.
    fn of(owner: Owner, shape: &Obb, t: &Transform, index: u8) -> Face {
        let [from, to] = box_face_vertices(index);
        Face {
            owner,
            index,
            normal: t.rotation * box_face_normal(index),
            ends: [from, to].map(|v| t.to_world(box_vertex(shape.half_extents, v))),
        }
    }
}

/// A plane (a line in 2D): the points `x` with `normal . x = offset`;
/// `normal . x - offset` is how far `x` is in front of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SidePlane {
    pub normal: Vec2,
    pub offset: f32,
    /// The face of the reference box that lies in this plane.
    pub face: u8,
}

/// A point on its way through clipping, with the features that made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipPoint {
    pub point: Vec2,
    /// The reference box's feature, then the incident box's.
    pub reference: Feature,
    pub incident: Feature,
}

/// Every step of the box-box test, kept so the inspector can draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipSteps {
    /// The penetration on each of the four face axes: A's x and y,
    /// then B's x and y (negative on a separating axis).
    pub axis_penetrations: [f32; 4],
    /// The axis chosen, 0 to 3 as above.
    pub axis: usize,
    pub normal: Vec2,
    pub penetration: f32,
    pub reference_face: Face,
    pub incident_face: Face,
    /// The two side planes of the reference face.
    pub side_planes: [SidePlane; 2],
    /// The incident face's ends, after the first side plane, after both.
    pub clipped: [[ClipPoint; 2]; 3],
    /// The points behind the reference face, the contacts: the first
    /// `kept_count` of `kept` (see [`ClipSteps::kept`]).
    kept: [ContactPoint; MAX_CONTACTS],
    kept_count: usize,
}

impl ClipSteps {
    /// The points behind the reference face: the contacts, one or two.
    pub fn kept(&self) -> &[ContactPoint] {
        &self.kept[..self.kept_count]
    }
}

/// The manifold of box `a` placed by `ta` and box `b` placed by `tb`,
/// or `None` when they are apart, with the axis choice biased by `bias`.
pub fn obb_obb_with(
    a: &Obb,
    ta: &Transform,
    b: &Obb,
    tb: &Transform,
    bias: &AxisBias,
) -> Option<Manifold> {
    let steps = obb_obb_steps(a, ta, b, tb, bias)?;
    Manifold::new(steps.normal, steps.penetration, steps.kept())
}

/// [`obb_obb_with`] with [`AxisBias::DEFAULT`].
pub fn obb_obb(
    a: &Obb,
    ta: &Transform,
    b: &Obb,
    tb: &Transform,
) -> Option<Manifold> {
    obb_obb_with(a, ta, b, tb, &AxisBias::DEFAULT)
}

/// The box-box test step by step: `None` when a separating axis is found
/// or clipping leaves nothing; otherwise every intermediate result.
#[inline]
pub fn obb_obb_steps(
    a: &Obb,
    ta: &Transform,
    b: &Obb,
    tb: &Transform,
    bias: &AxisBias,
) -> Option<ClipSteps> {
    let (axis_penetrations, axis) = least_penetration_axis(a, ta, b, tb, bias)?;
    let [reference_face, incident_face] =
        reference_and_incident(a, ta, b, tb, axis);
    let (reference, rt) = match reference_face.owner {
        Owner::A => (a, ta),
        Owner::B => (b, tb),
    };
    let side_planes = side_planes(reference, rt, reference_face.index);
    let (clipped, kept, kept_count) = clip_and_keep(
        reference,
        rt,
        &reference_face,
        &incident_face,
        &side_planes,
    )?;
    // The manifold's normal points from A to B, whoever owns the face.
    let normal = match reference_face.owner {
        Owner::A => reference_face.normal,
        Owner::B => -reference_face.normal,
    };
    Some(ClipSteps {
        axis_penetrations,
        axis,
        normal,
        penetration: axis_penetrations[axis],
        reference_face,
        incident_face,
        side_planes,
        clipped,
        kept,
        kept_count,
    })
}

// ANCHOR: sat
/// Step 0, the separating-axis test: the penetration on each of the
/// four face axes (A's x and y, then B's x and y), and the axis of least
/// penetration, chosen with `bias`. `None` on a separating axis.
#[inline]
pub fn least_penetration_axis(
    a: &Obb,
    ta: &Transform,
    b: &Obb,
    tb: &Transform,
    bias: &AxisBias,
) -> Option<([f32; 4], usize)> {
    let (ha, hb) = (a.half_extents, b.half_extents);
    let a_to_b = tb.position - ta.position;
    if !a_to_b.is_finite() {
        return None; // so far apart that the distance overflows
    }
    // The centre offset in each box's frame, and B's axes in A's frame.
    let offset_in_a = ta.rotation.transpose() * a_to_b;
    let offset_in_b = tb.rotation.transpose() * a_to_b;
    let b_in_a = ta.rotation.transpose() * tb.rotation;
    let abs_b_in_a = Mat2::from_cols(b_in_a.x_axis.abs(), b_in_a.y_axis.abs());
    // On each of A's axes: both boxes' half-widths (their "projected
    // radii") minus the centre offset. On B's axes, the same.
    let on_a = ha + abs_b_in_a * hb - offset_in_a.abs();
    let on_b = hb + abs_b_in_a.transpose() * ha - offset_in_b.abs();
    let axis_penetrations = [on_a.x, on_a.y, on_b.x, on_b.y];
    if !axis_penetrations.iter().all(|&p| p >= 0.0) {
        return None; // a separating axis (or a NaN from bad input)
    }
    // The axis of least penetration, A's x first; a later axis must be
    // clearly better to take its place (see `AxisBias`).
    let scale = [ha.x, ha.y, hb.x, hb.y];
    let mut axis = 0;
    for candidate in 1..4 {
        let margin = bias.absolute * scale[candidate];
        let best = axis_penetrations[axis];
        if axis_penetrations[candidate] < bias.relative * best - margin {
            axis = candidate;
        }
    }
    Some((axis_penetrations, axis))
}
// ANCHOR_END: sat

// ANCHOR: faces
/// Step 1, the reference face and the incident face. The box that owns
/// `axis` (0 and 1 are A's, 2 and 3 are B's) is the reference box; its
/// reference face is the face on that axis facing the other box. The
/// incident box's incident face is its face most turned against that
/// one.
#[inline]
pub fn reference_and_incident(
    a: &Obb,
    ta: &Transform,
    b: &Obb,
    tb: &Transform,
    axis: usize,
) -> [Face; 2] {
    let (owner, ref_shape, ref_t, other, inc_shape, inc_t) = if axis < 2 {
        (Owner::A, a, ta, Owner::B, b, tb)
    } else {
        (Owner::B, b, tb, Owner::A, a, ta)
    };
    // The incident box's centre, seen in the reference box's frame.
    let offset_in_ref =
        ref_t.rotation.transpose() * (inc_t.position - ref_t.position);
    let k = axis % 2; // 0: the box's x axis, 1: its y axis
    let ref_face = k as u8 + if offset_in_ref[k] >= 0.0 { 0 } else { 2 };
    let reference = Face::of(owner, ref_shape, ref_t, ref_face);
    let inc_face = incident_face(reference.normal, inc_t);
    [reference, Face::of(other, inc_shape, inc_t, inc_face)]
}
// ANCHOR_END: faces

#[cfg(feature = "exercises")]
pub use crate::exercises::incident_face;
#[cfg(not(feature = "exercises"))]
// ANCHOR: incident_face
// ANCHOR: incident_face_signature
/// The incident face of the box placed by `incident`: the face (0 to
/// 3, chapter 4's numbering) most turned against the reference face's
/// outward normal `reference_normal` (world coordinates), that is the
/// face whose outward normal has the smallest dot product with it. The
/// comparison is made in the incident box's own frame, where its face
/// normals are the axes; the first face wins a tie.
pub fn incident_face(reference_normal: Vec2, incident: &Transform) -> u8 {
    // ANCHOR_END: incident_face_signature
    let in_incident = incident.rotation.transpose() * reference_normal;
    (0..4u8)
        .min_by(|&i, &j| {
            let (di, dj) = (box_face_normal(i), box_face_normal(j));
            di.dot(in_incident).total_cmp(&dj.dot(in_incident))
        })
        .unwrap_or(0)
}
// ANCHOR_END: incident_face

// ANCHOR: side_planes
/// Step 2, the reference face's side planes: the planes of its two
/// neighbouring faces on the reference box `reference` placed by `rt`,
/// each facing outwards.
#[inline]
pub fn side_planes(
    reference: &Obb,
    rt: &Transform,
    reference_face: u8,
) -> [SidePlane; 2] {
    [(reference_face + 3) % 4, (reference_face + 1) % 4].map(|face| {
        let normal = rt.rotation * box_face_normal(face);
        let reach = reference.half_extents[face as usize % 2];
        SidePlane { normal, offset: normal.dot(rt.position) + reach, face }
    })
}
// ANCHOR_END: side_planes

#[cfg(feature = "exercises")]
pub use crate::exercises::clip_segment;
#[cfg(not(feature = "exercises"))]
// ANCHOR: clip
// ANCHOR: clip_signature
/// Sutherland-Hodgman clipping of a segment to one plane: keep the
/// part behind it (`normal . x <= offset`). An end behind the plane
/// stays; an end in front is replaced where the segment crosses the
/// plane, and the new point is made by the incident face crossing the
/// reference box's side face. The order along the segment is kept.
/// Both ends are in front only if nothing is left: `None`.
pub fn clip_segment(
    [p, q]: [ClipPoint; 2],
    plane: &SidePlane,
    incident_face: u8,
) -> Option<[ClipPoint; 2]> {
    // ANCHOR_END: clip_signature
    let distance_p = plane.normal.dot(p.point) - plane.offset;
    let distance_q = plane.normal.dot(q.point) - plane.offset;
    let crossing = || {
        // Where along p->q the distance reaches 0 (between 0 and 1,
        // since the two distances have opposite signs): it changes
        // linearly, from d_p at t = 0 to d_q at t = 1, so
        // d_p + (d_q - d_p) t = 0.
        let t = distance_p / (distance_p - distance_q);
        ClipPoint {
            point: p.point + (q.point - p.point) * t,
            reference: Feature::Face(plane.face),
            incident: Feature::Face(incident_face),
        }
    };
    match (distance_p <= 0.0, distance_q <= 0.0) {
        (true, true) => Some([p, q]),
        (true, false) => Some([p, crossing()]),
        (false, true) => Some([crossing(), q]),
        (false, false) => None,
    }
}
// ANCHOR_END: clip

// ANCHOR: clip_and_keep
/// Step 3: clip the incident face to the two side planes, then keep the
/// points on or behind the reference face, each with its depth and the
/// features that made it (the reference face is one of the box
/// `reference` placed by `rt`). Returns the incident face's ends before
/// clipping, after the first side plane and after both; then the
/// contacts, in an array of two of which the first one or two are
/// filled, and how many. `None` if no point is kept.
#[inline]
pub fn clip_and_keep(
    reference: &Obb,
    rt: &Transform,
    reference_face: &Face,
    incident_face: &Face,
    side_planes: &[SidePlane; 2],
) -> Option<([[ClipPoint; 2]; 3], [ContactPoint; MAX_CONTACTS], usize)> {
    let (ref_face, inc_face) = (reference_face.index, incident_face.index);
    let [from, to] = box_face_vertices(inc_face);
    let start = [(from, 0), (to, 1)].map(|(vertex, end)| ClipPoint {
        point: incident_face.ends[end],
        reference: Feature::Face(ref_face),
        incident: Feature::Vertex(vertex),
    });
    // Nothing left after a side plane is rounding only: the faces
    // overlap if the axes do.
    let once = clip_segment(start, &side_planes[0], inc_face)?;
    let twice = clip_segment(once, &side_planes[1], inc_face)?;
    // Keep the clipped points on or behind the reference face.
    let front = reference_face.normal;
    let front_offset =
        front.dot(rt.position) + reference.half_extents[ref_face as usize % 2];
    let mut kept = [ContactPoint::default(); MAX_CONTACTS];
    let mut kept_count = 0;
    for c in twice {
        let depth = front_offset - front.dot(c.point);
        if depth >= 0.0 {
            let (on_a, on_b) = match reference_face.owner {
                Owner::A => (c.reference, c.incident),
                Owner::B => (c.incident, c.reference),
            };
            kept[kept_count] = ContactPoint {
                point: c.point,
                penetration: depth,
                id: FeatureId { a: on_a, b: on_b },
            };
            kept_count += 1;
        }
    }
    (kept_count > 0).then_some(([start, once, twice], kept, kept_count))
}
// ANCHOR_END: clip_and_keep

#[cfg(feature = "exercises")]
pub use crate::exercises::obb_segment;
#[cfg(not(feature = "exercises"))]
// ANCHOR: obb_segment
// ANCHOR: obb_segment_signature
/// The manifold of box `a` placed by `ta` and the segment from `ends[0]`
/// to `ends[1]` (world coordinates, a shape with no thickness, such as an
/// edge of the ground), normal from the box to the segment, or `None`
/// when they are apart or the ends coincide. Touching counts.
///
/// The separating axes are the segment's normal and the box's two axes.
/// The segment's normal is taken unless a box axis is clearly better, by
/// [`AxisBias::DEFAULT`] with the segment's normal first in the loop; its
/// face is then the reference, the box's incident face is clipped to the
/// planes through the segment's ends, and the contacts lie on the box.
/// Otherwise the box's face is the reference, the segment is clipped to
/// its side planes, and the contacts lie on the segment. Features: the
/// segment's length is `Face(0)`, its ends `Vertex(0)` and `Vertex(1)`,
/// the planes through its ends `Face(1)` and `Face(2)`.
pub fn obb_segment(a: &Obb, ta: &Transform, ends: [Vec2; 2]) -> Option<Manifold> {
    // ANCHOR_END: obb_segment_signature
    let [e0, e1] = ends;
    let (along, length) = ch04_manifolds::direction(e1 - e0)?;
    let across = along.perp();
    let offset = e0 + (e1 - e0) * 0.5 - ta.position; // box centre to segment centre
    if !offset.is_finite() {
        return None; // so far apart that the distance overflows
    }
    // Step 0, the SAT. A segment's shadow on an axis reaches half its
    // length times the axis's cosine with it either way, and nothing on its
    // own normal; a box's reaches its projected radius.
    let (h, (x_axis, y_axis)) =
        (a.half_extents, (ta.rotation.x_axis, ta.rotation.y_axis));
    let half = 0.5 * length;
    let penetrations = [
        h.x * x_axis.dot(across).abs() + h.y * y_axis.dot(across).abs()
            - offset.dot(across).abs(),
        h.x + half * x_axis.dot(along).abs() - offset.dot(x_axis).abs(),
        h.y + half * y_axis.dot(along).abs() - offset.dot(y_axis).abs(),
    ];
    if !penetrations.iter().all(|&p| p >= 0.0) {
        return None; // a separating axis (or a NaN from bad input)
    }
    // The segment's normal first: a box lying on the ground ties it with a
    // box axis, and the ground is the steadier reference.
    let (bias, scale) = (AxisBias::DEFAULT, [0.0, h.x, h.y]);
    let mut axis = 0;
    for candidate in 1..3 {
        let margin = bias.absolute * scale[candidate];
        if penetrations[candidate] < bias.relative * penetrations[axis] - margin {
            axis = candidate;
        }
    }
    let penetration = penetrations[axis];
    // Steps 1 to 3: the reference face, the incident face clipped to the
    // reference's side planes, and the points kept behind the reference,
    // each with its features as (the box's, the segment's).
    let (normal, front, front_offset, clipped, box_is_reference) = if axis == 0 {
        // The segment is the reference; its outward normal faces the box.
        let up = if offset.dot(across) <= 0.0 { across } else { -across };
        let face = incident_face(up, ta);
        let [from, to] = box_face_vertices(face);
        let start = [from, to].map(|v| ClipPoint {
            point: ta.to_world(box_vertex(h, v)),
            reference: Feature::Face(0),
            incident: Feature::Vertex(v),
        });
        let planes = [
            SidePlane { normal: -along, offset: -along.dot(e0), face: 1 },
            SidePlane { normal: along, offset: along.dot(e1), face: 2 },
        ];
        let once = clip_segment(start, &planes[0], face)?;
        let twice = clip_segment(once, &planes[1], face)?;
        (-up, up, up.dot(e0), twice, false)
    } else {
        // A face of the box is the reference: the one on that axis that
        // faces the segment.
        let k = axis - 1;
        let local = ta.rotation.transpose() * offset;
        let face = k as u8 + if local[k] >= 0.0 { 0 } else { 2 };
        let normal = ta.rotation * box_face_normal(face);
        let start = [(e0, 0), (e1, 1)].map(|(point, end)| ClipPoint {
            point,
            reference: Feature::Face(face),
            incident: Feature::Vertex(end),
        });
        let planes = side_planes(a, ta, face);
        let once = clip_segment(start, &planes[0], 0)?;
        let twice = clip_segment(once, &planes[1], 0)?;
        (normal, normal, normal.dot(ta.position) + h[k], twice, true)
    };
    let mut kept = [ContactPoint::default(); MAX_CONTACTS];
    let mut count = 0;
    for c in clipped {
        let depth = front_offset - front.dot(c.point);
        if depth >= 0.0 {
            let (on_box, on_segment) = if box_is_reference {
                (c.reference, c.incident)
            } else {
                (c.incident, c.reference)
            };
            let id = FeatureId { a: on_box, b: on_segment };
            kept[count] = ContactPoint { point: c.point, penetration: depth, id };
            count += 1;
        }
    }
    Manifold::new(normal, penetration, &kept[..count])
}
// ANCHOR_END: obb_segment

/// The manifold of any two shapes of this chapter, normal from A to B.
pub fn collide(
    a: &Shape,
    ta: &Transform,
    b: &Shape,
    tb: &Transform,
) -> Option<Manifold> {
    collide_with(a, ta, b, tb, &AxisBias::DEFAULT)
}

/// [`collide`] with a chosen axis bias for box pairs.
pub fn collide_with(
    a: &Shape,
    ta: &Transform,
    b: &Shape,
    tb: &Transform,
    bias: &AxisBias,
) -> Option<Manifold> {
    match (a, b) {
        (Shape::Circle(a), Shape::Circle(b)) => {
            circle_circle(a, ta.position, b, tb.position)
        }
        (Shape::Box(a), Shape::Box(b)) => obb_obb_with(a, ta, b, tb, bias),
        (Shape::Box(a), Shape::Circle(b)) => obb_circle(a, ta, b, tb.position),
        (Shape::Circle(a), Shape::Box(b)) => {
            obb_circle(b, tb, a, ta.position).map(|m| m.swapped())
        }
    }
}

impl Shape {
    /// Whether world `point` is inside the shape placed by `t`.
    pub fn contains(&self, t: &Transform, point: Vec2) -> bool {
        let local = t.to_local(point);
        match *self {
            Shape::Circle(c) => local.length() <= c.radius,
            Shape::Box(b) => {
                local.x.abs() <= b.half_extents.x
                    && local.y.abs() <= b.half_extents.y
            }
        }
    }

    /// Area in m^2.
    pub fn area(&self) -> f32 {
        match *self {
            Shape::Circle(c) => std::f32::consts::PI * c.radius * c.radius,
            Shape::Box(b) => 4.0 * b.half_extents.x * b.half_extents.y,
        }
    }

    /// The largest distance from the centre to the shape's edge, for camera bounds.
    pub fn reach(&self) -> f32 {
        match *self {
            Shape::Circle(c) => c.radius,
            Shape::Box(b) => b.half_extents.length(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_of_basis_undoes_the_transform() {
        let t = Transform::new(Vec2::new(3.0, -1.0), 0.7);
        let p = Vec2::new(0.4, 2.5);
        assert!((t.to_local(t.to_world(p)) - p).length() < 1e-6);
        // A point one unit along the box's own x axis is along (cos, sin) in the
        // world.
        let w = t.to_world(Vec2::X) - t.position;
        assert!(
            (w - Vec2::new(trig::cos(0.7f32), trig::sin(0.7f32))).length() < 1e-6
        );
    }
}
