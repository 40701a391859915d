//! Chapter 11's narrow phase: the separating-axis test over both
//! polygons' faces with support points, reference and incident faces,
//! clipping as chapter 5 clips, the closest features when rounded shapes
//! are apart, circles against polygons, and a speculative margin.

use crate::shapes::{LINEAR_SLOP, Polygon, Shape, support};
use ch04_manifolds::{ContactPoint, Feature, FeatureId, Manifold};
use ch05_obb_clipping::Transform;
use glam::Vec2;

// ANCHOR: collide
/// The manifold of `a` placed by `ta` against `b` placed by `tb`, its
/// normal from A to B, or `None` when they are farther apart than
/// `margin` metres. A point's penetration is negative while the shapes
/// are apart (a *speculative* point, up to `margin`): the solver may let
/// them close that gap in a step and no more.
pub fn collide(
    a: &Shape,
    ta: &Transform,
    b: &Shape,
    tb: &Transform,
    margin: f32,
) -> Option<Manifold> {
    match (a, b) {
        (Shape::Circle { radius: ra }, Shape::Circle { radius: rb }) => {
            circle_circle(*ra, ta, *rb, tb, margin)
        }
        (Shape::Polygon(p), Shape::Circle { radius }) => {
            polygon_circle(p, ta, *radius, tb, margin)
        }
        (Shape::Circle { radius }, Shape::Polygon(p)) => {
            polygon_circle(p, tb, *radius, ta, margin).map(|m| m.swapped())
        }
        (Shape::Polygon(p), Shape::Polygon(q)) => {
            polygon_polygon(p, ta, q, tb, margin)
        }
    }
}
// ANCHOR_END: collide

/// A manifold from points given in A's frame as `(point, separation,
/// id)`, and the normal in A's frame: turned into world coordinates.
fn to_world(
    ta: &Transform,
    normal: Vec2,
    points: &[(Vec2, f32, FeatureId)],
) -> Option<Manifold> {
    let (contacts, n, deepest) = placed(ta, points);
    Manifold::new(ta.rotation * normal, deepest, &contacts[..n])
}

/// [`to_world`] with the manifold's penetration given: how far B must
/// move along the normal to clear A, which may exceed every point's (the
/// deepest corner can lie beyond the reference face's sides, clipped).
fn to_world_deep(
    ta: &Transform,
    normal: Vec2,
    points: &[(Vec2, f32, FeatureId)],
    penetration: f32,
) -> Option<Manifold> {
    let (contacts, n, deepest) = placed(ta, points);
    Manifold::new(ta.rotation * normal, deepest.max(penetration), &contacts[..n])
}

/// The points (at most two) in world coordinates as contact points, how
/// many, and the deepest one's penetration (0 if none is in).
fn placed(
    ta: &Transform,
    points: &[(Vec2, f32, FeatureId)],
) -> ([ContactPoint; 2], usize, f32) {
    let mut contacts = [ContactPoint::default(); 2];
    for (c, &(p, separation, id)) in contacts.iter_mut().zip(points) {
        *c = ContactPoint { point: ta.to_world(p), penetration: -separation, id };
    }
    let n = points.len().min(2);
    let deepest = contacts[..n].iter().map(|c| c.penetration).fold(0.0, f32::max);
    (contacts, n, deepest)
}

/// Whether a gap is beyond the margin, and so no contact; a gap that is not
/// a number is also too far, so bad input makes no contact rather than a
/// wrong one.
fn too_far(gap: f32, margin: f32) -> bool {
    gap.is_nan() || gap > margin
}

/// Two circles: along the line between the centres.
fn circle_circle(
    ra: f32,
    ta: &Transform,
    rb: f32,
    tb: &Transform,
    margin: f32,
) -> Option<Manifold> {
    let d = ta.to_local(tb.position);
    let distance = d.length();
    if too_far(distance - ra - rb, margin) {
        return None;
    }
    // Coincident centres: any direction will do; up, as chapter 4 chose.
    let normal = if distance > 0.0 { d / distance } else { Vec2::Y };
    let point = midway(Vec2::ZERO, ra, d, rb, normal);
    let id = FeatureId::default();
    to_world(ta, normal, &[(point, distance - ra - rb, id)])
}

/// The point halfway between A's surface (`ra` out from `on_a` along
/// `normal`) and B's (`rb` back from `on_b`).
fn midway(on_a: Vec2, ra: f32, on_b: Vec2, rb: f32, normal: Vec2) -> Vec2 {
    ((on_a + ra * normal) + (on_b - rb * normal)) / 2.0
}

// ANCHOR: polygon_circle
/// A polygon against a circle: the face the centre is farthest out of;
/// if the centre is beyond one of that face's ends, the corner there is
/// the nearest feature and the normal runs from it to the centre.
fn polygon_circle(
    p: &Polygon,
    tp: &Transform,
    radius: f32,
    tc: &Transform,
    margin: f32,
) -> Option<Manifold> {
    let centre = tp.to_local(tc.position);
    let reach = p.radius + radius;
    let corners = p.corners();
    let (face, separation) =
        (0..p.count).map(|i| (i, p.normals[i].dot(centre - corners[i]))).fold(
            (0, f32::NEG_INFINITY),
            |best, f| if f.1 > best.1 { f } else { best },
        );
    if too_far(separation - reach, margin) {
        return None;
    }
    let (v1, v2) = (corners[face], corners[(face + 1) % p.count]);
    // Beyond v1 or beyond v2 along the face, and outside it: a corner.
    let before_v1 = (centre - v1).dot(v2 - v1) < 0.0;
    let after_v2 = (centre - v2).dot(v1 - v2) < 0.0;
    // A centre inside (or on) a polygon with area is nearest a face. A
    // capsule's segment has no inside: on its line beyond an end, the
    // centre is nearest that end.
    let corner = match (before_v1, after_v2) {
        _ if separation <= f32::EPSILON && p.count >= 3 => None,
        (true, _) => Some((face, v1)),
        (_, true) => Some(((face + 1) % p.count, v2)),
        _ => None,
    };
    let (normal, distance, on_polygon, id) = match corner {
        Some((index, v)) => {
            let d = centre - v;
            let distance = d.length();
            let normal =
                if distance > 0.0 { d / distance } else { p.normals[face] };
            (normal, distance, v, Feature::Vertex(index as u8))
        }
        None => {
            let normal = p.normals[face];
            let on_face = centre - separation * normal;
            (normal, separation, on_face, Feature::Face(face as u8))
        }
    };
    if too_far(distance - reach, margin) {
        return None;
    }
    let point = midway(on_polygon, p.radius, centre, radius, normal);
    let id = FeatureId { a: id, b: Feature::Whole };
    to_world(tp, normal, &[(point, distance - reach, id)])
}
// ANCHOR_END: polygon_circle

// ANCHOR: max_separation
/// The separating-axis test over `a`'s faces: for each face, how far
/// `b`'s support point against the face's normal (its corner deepest
/// towards the face) lies out of it. The face with the largest is
/// returned: if that is positive, the face's line separates the shapes.
///
/// A projected radius (chapter 5's box test) gives the same figure for
/// a box, and for any shape symmetric about its centre; for a triangle
/// it does not, because a triangle's reach along a direction is not its
/// reach along the opposite one. The support point is always right.
pub fn max_separation(a: &Polygon, b: &Polygon) -> (usize, f32) {
    best_face(a, b, |_| true)
}

/// How far `b`'s support point against the normal of `a`'s face `i` lies
/// out of that face (negative: in).
pub fn face_separation(a: &Polygon, i: usize, b: &Polygon) -> f32 {
    let n = a.normals[i];
    let deepest = b.vertices[support(b.corners(), -n)];
    n.dot(deepest - a.vertices[i])
}

/// [`max_separation`] over the faces of `a` for which `counts` holds.
fn best_face(
    a: &Polygon,
    b: &Polygon,
    counts: impl Fn(usize) -> bool,
) -> (usize, f32) {
    let mut best = (0, f32::NEG_INFINITY);
    for i in (0..a.count).filter(|&i| counts(i)) {
        let separation = face_separation(a, i, b);
        if separation > best.1 {
            best = (i, separation);
        }
    }
    best
}
// ANCHOR_END: max_separation

/// `b` placed by `tb`, seen from the frame of `ta`.
pub fn in_frame_of(ta: &Transform, b: &Polygon, tb: &Transform) -> Polygon {
    let turn = ta.rotation.transpose() * tb.rotation;
    let mut q = *b;
    for i in 0..q.count {
        q.vertices[i] = ta.to_local(tb.to_world(b.vertices[i]));
        q.normals[i] = turn * b.normals[i];
    }
    q
}

// ANCHOR: polygon_polygon
/// Two polygons, in A's frame: the separating-axis test over both
/// polygons' faces picks the reference face (A's, unless B's is clearly
/// better: the same pair keeps the same faces from step to step); the
/// incident face is the other polygon's face most opposed to it; the
/// incident face is clipped to the reference face's sides. When the
/// shapes are apart and rounded, the closest features may be two
/// corners, whose normal is no face's: then one point between them.
fn polygon_polygon(
    a: &Polygon,
    ta: &Transform,
    b: &Polygon,
    tb: &Transform,
    margin: f32,
) -> Option<Manifold> {
    let b = in_frame_of(ta, b, tb);
    let reach = a.radius + b.radius;
    let Faces { flip, reference_face: face, incident_face, separation } =
        choose_faces(a, &b)?;
    if too_far(separation - reach, margin) {
        return None;
    }
    let (reference, incident) = if flip { (&b, a) } else { (a, &b) };
    let normal = reference.normals[face];
    let mut points = clip(reference, face, incident, incident_face, reach);
    points.retain(|p| p.1 <= margin);
    // Apart, or faces that do not overlap (two capsules end to end): are
    // two corners nearer than the faces? Not against a floor: there only
    // the floor's open face gives the normal, and a corner of a floor
    // piece meets its neighbour's, a seam and no corner at all.
    let floor = a.is_floor() || b.is_floor();
    let apart = separation > 0.1 * LINEAR_SLOP;
    let segments = reference.count == 2 && incident.count == 2;
    if !floor && (apart || (points.is_empty() && segments)) {
        let ends =
            |p: &Polygon, i: usize| (p.vertices[i], p.vertices[(i + 1) % p.count]);
        let (r1, r2) = ends(reference, face);
        let (i1, i2) = ends(incident, incident_face);
        let closest = segment_distance(r1, r2, i1, i2);
        let distance = closest.distance_squared.sqrt();
        if too_far(distance - reach, margin) {
            return None;
        }
        let nearest_clip = points.iter().map(|p| p.1).fold(f32::INFINITY, f32::min);
        let at_corner = |f: f32| f == 0.0 || f == 1.0;
        // Nearer than the clipped points by more than a sliver.
        let corners_nearer = distance - reach + 0.1 * LINEAR_SLOP < nearest_clip;
        if at_corner(closest.fraction1)
            && at_corner(closest.fraction2)
            && distance > 0.0
            && corners_nearer
        {
            let corner = |p: &Polygon, face: usize, f: f32| {
                if f == 0.0 { face } else { (face + 1) % p.count }
            };
            let n = (closest.point2 - closest.point1) / distance;
            let point = midway(
                closest.point1,
                reference.radius,
                closest.point2,
                incident.radius,
                n,
            );
            let id = FeatureId {
                a: Feature::Vertex(corner(reference, face, closest.fraction1) as u8),
                b: Feature::Vertex(corner(
                    incident,
                    incident_face,
                    closest.fraction2,
                ) as u8),
            };
            // n runs from the reference shape to the incident one.
            let (n, id) = if flip { (-n, id.swapped()) } else { (n, id) };
            return to_world(ta, n, &[(point, distance - reach, id)]);
        }
    }
    if points.is_empty() && !apart {
        // Overlapping, yet the incident face's ends do not lie over the
        // reference face (an odd pair of thin shapes): one point, the
        // incident shape's corner deepest against the normal.
        let k = support(incident.corners(), -normal);
        let s = (incident.vertices[k] - reference.vertices[face]).dot(normal);
        let point = incident.vertices[k]
            + normal * (0.5 * (reference.radius - incident.radius - s));
        let id =
            FeatureId { a: Feature::Face(face as u8), b: Feature::Vertex(k as u8) };
        points.push((point, s - reach, id));
        points.retain(|p| p.1 <= margin);
    }
    // Along the normal, B clears A once moved out by this.
    let clear = reach - face_separation(reference, face, incident);
    if flip {
        for p in points.iter_mut() {
            p.2 = p.2.swapped();
        }
        to_world_deep(ta, -normal, &points, clear)
    } else {
        to_world_deep(ta, normal, &points, clear)
    }
}
// ANCHOR_END: polygon_polygon

// ANCHOR: choose_faces
/// What the separating-axis test chose for two polygons in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Faces {
    /// The reference face is B's (the normal then points from B's face,
    /// and the manifold's is its opposite).
    pub flip: bool,
    pub reference_face: usize,
    /// The face of the other polygon most opposed to the reference face.
    pub incident_face: usize,
    /// The largest face separation found (of the cores, no radii).
    pub separation: f32,
}

/// The separating-axis test over both polygons' faces, `b` given in
/// `a`'s frame: A's best face unless B's is clearly better (by a tenth
/// of the slop, so that the same pair keeps the same faces from step to
/// step). A polygon with a hidden face is a piece of a floor: only its
/// own open faces may give the normal (the ghost-collision remedy).
/// `None` for two pieces of floor.
pub fn choose_faces(a: &Polygon, b: &Polygon) -> Option<Faces> {
    if a.is_floor() && b.is_floor() {
        return None;
    }
    // Every face separates, a hidden one too.
    let (face_a, separation_a) = max_separation(a, b);
    let (face_b, separation_b) = max_separation(b, a);
    // The reference face: against a floor, the floor's best open face;
    // otherwise A's, unless B's is clearly better.
    let open = |p: &Polygon, q: &Polygon| best_face(p, q, |i| !p.hidden_face(i)).0;
    let (flip, face) = if a.is_floor() {
        (false, open(a, b))
    } else if b.is_floor() {
        (true, open(b, a))
    } else if separation_b > separation_a + 0.1 * LINEAR_SLOP {
        (true, face_b)
    } else {
        (false, face_a)
    };
    let (reference, incident) = if flip { (b, a) } else { (a, b) };
    let normal = reference.normals[face];
    let incident_face = (0..incident.count)
        .min_by(|&i, &j| {
            let (di, dj) =
                (incident.normals[i].dot(normal), incident.normals[j].dot(normal));
            di.total_cmp(&dj)
        })
        .unwrap_or(0);
    Some(Faces {
        flip,
        reference_face: face,
        incident_face,
        separation: separation_a.max(separation_b),
    })
}
// ANCHOR_END: choose_faces

/// The reference face and the incident face, each as its two ends in
/// world coordinates, of `a` placed by `ta` against `b` placed by `tb`.
pub fn faces_in_world(
    a: &Polygon,
    ta: &Transform,
    b: &Polygon,
    tb: &Transform,
) -> Option<[(Vec2, Vec2); 2]> {
    let local_b = in_frame_of(ta, b, tb);
    let f = choose_faces(a, &local_b)?;
    let (reference, incident) = if f.flip { (&local_b, a) } else { (a, &local_b) };
    let ends = |p: &Polygon, i: usize| {
        (ta.to_world(p.vertices[i]), ta.to_world(p.vertices[(i + 1) % p.count]))
    };
    Some([ends(reference, f.reference_face), ends(incident, f.incident_face)])
}

// ANCHOR: clip
/// Clip the incident face (`incident` corners `j`, `j + 1`) to the
/// reference face's two sides (`reference` corners `i`, `i + 1`): along
/// the reference face, keep the part of the incident face that lies
/// over it. Each end left is a contact point, placed halfway between the
/// two rounded surfaces, with its separation less both radii and the
/// features that made it: the corner of each shape at that end.
fn clip(
    reference: &Polygon,
    i: usize,
    incident: &Polygon,
    j: usize,
    reach: f32,
) -> Points {
    let normal = reference.normals[i];
    let tangent = Vec2::new(-normal.y, normal.x);
    let (v11, v12) =
        (reference.vertices[i], reference.vertices[(i + 1) % reference.count]);
    let (j2, j1) = (j, (j + 1) % incident.count);
    // Counter-clockwise, the incident face runs against the tangent:
    // its corner j + 1 is the lower end along it, corner j the upper.
    let (v21, v22) = (incident.vertices[j2], incident.vertices[j1]);
    let (lower1, upper1) = (0.0, (v12 - v11).dot(tangent));
    let (lower2, upper2) = ((v22 - v11).dot(tangent), (v21 - v11).dot(tangent));
    if upper2 < lower1 || upper1 < lower2 {
        return Points::default(); // the faces do not overlap along the tangent
    }
    let span = upper2 - lower2;
    let at = |t: f32| v22 + (v21 - v22) * ((t - lower2) / span);
    let lower =
        if lower2 < lower1 && span > f32::EPSILON { at(lower1) } else { v22 };
    let upper =
        if upper2 > upper1 && span > f32::EPSILON { at(upper1) } else { v21 };
    let (r1, r2) = (reference.radius, incident.radius);
    let mut out = Points::default();
    let ends = [(lower, i, j1), (upper, (i + 1) % reference.count, j2)];
    for (p, end, corner) in ends {
        let s = (p - v11).dot(normal);
        // Halfway between the surfaces: r1 out from the face, r2 back from B.
        let point = p + normal * (0.5 * (r1 - r2 - s));
        // Named by the corner of each shape at this end: the same name
        // whichever shape gives the reference face, so two faces lying
        // flat on each other keep their points' names (and impulses)
        // when the choice of reference face swaps between steps.
        let id = FeatureId {
            a: Feature::Vertex(end as u8),
            b: Feature::Vertex(corner as u8),
        };
        out.push((point, s - reach, id));
    }
    out
}
// ANCHOR_END: clip

/// A contact point in the reference shape's frame: where, its separation
/// less both radii, and the features that made it.
type Point = (Vec2, f32, FeatureId);

/// The two contact points of a clip at most, held in place, not on the
/// heap: a pile of boxes asks for thousands a step.
#[derive(Clone, Copy, Debug, Default)]
struct Points {
    held: [Point; 2],
    len: usize,
}

impl Points {
    fn push(&mut self, p: Point) {
        self.held[self.len] = p;
        self.len += 1;
    }

    /// Keep, in order, the points for which `keep` holds.
    fn retain(&mut self, keep: impl Fn(&Point) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(&self.held[i]) {
                self.held[kept] = self.held[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl std::ops::Deref for Points {
    type Target = [Point];
    fn deref(&self) -> &[Point] {
        &self.held[..self.len]
    }
}

impl std::ops::DerefMut for Points {
    fn deref_mut(&mut self) -> &mut [Point] {
        &mut self.held[..self.len]
    }
}

/// The closest points of segments `p1 q1` and `p2 q2`: the fractions
/// along each (0 at `p`, 1 at `q`), the points, and their distance
/// squared.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentDistance {
    pub fraction1: f32,
    pub fraction2: f32,
    pub point1: Vec2,
    pub point2: Vec2,
    pub distance_squared: f32,
}

/// [`SegmentDistance`] of two segments: minimise `|p1 + s d1 - (p2 + t
/// d2)|^2` over `s, t` in `[0, 1]`; where the free minimum falls outside,
/// clamp one fraction and solve again for the other.
pub fn segment_distance(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentDistance {
    let (d1, d2, r) = (q1 - p1, q2 - p2, p1 - p2);
    let (dd1, dd2) = (d1.dot(d1), d2.dot(d2));
    let (rd1, rd2) = (r.dot(d1), r.dot(d2));
    let unit = |x: f32| x.clamp(0.0, 1.0);
    let tiny = f32::EPSILON * f32::EPSILON;
    let (s, t) = if dd1 < tiny && dd2 < tiny {
        (0.0, 0.0)
    } else if dd2 < tiny {
        (unit(-rd1 / dd1), 0.0)
    } else if dd1 < tiny {
        (0.0, unit(rd2 / dd2))
    } else {
        let d12 = d1.dot(d2);
        let denominator = dd1 * dd2 - d12 * d12;
        let s = if denominator != 0.0 {
            unit((d12 * rd2 - rd1 * dd2) / denominator)
        } else {
            0.0 // parallel: any s; t follows
        };
        let t = (d12 * s + rd2) / dd2;
        if t < 0.0 {
            (unit(-rd1 / dd1), 0.0)
        } else if t > 1.0 {
            (unit((d12 - rd1) / dd1), 1.0)
        } else {
            (s, t)
        }
    };
    let (point1, point2) = (p1 + s * d1, p2 + t * d2);
    SegmentDistance {
        fraction1: s,
        fraction2: t,
        point1,
        point2,
        distance_squared: point1.distance_squared(point2),
    }
}
