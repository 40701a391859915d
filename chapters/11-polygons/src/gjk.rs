//! GJK (Gilbert, Johnson and Keerthi, 1988): the distance between two
//! convex shapes, and the closest point on each, from nothing but each
//! shape's support function. Chapter 12 uses it to find the time of
//! impact; this chapter's tests check the separating-axis test with it.

use crate::shapes::{MAX_VERTICES, Shape, support};
use ch05_obb_clipping::Transform;
use glam::Vec2;
use physics_core::math::cross;

/// What GJK sees of a shape: its corners in world coordinates (a
/// circle's centre alone) and its rounding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proxy {
    pub points: [Vec2; MAX_VERTICES],
    pub count: usize,
    pub radius: f32,
}

impl Proxy {
    /// `shape` placed by `t`.
    pub fn new(shape: &Shape, t: &Transform) -> Proxy {
        let mut points = [Vec2::ZERO; MAX_VERTICES];
        match shape {
            Shape::Circle { radius } => {
                points[0] = t.position;
                Proxy { points, count: 1, radius: *radius }
            }
            Shape::Polygon(p) => {
                for (out, v) in points.iter_mut().zip(p.corners()) {
                    *out = t.to_world(*v);
                }
                Proxy { points, count: p.count, radius: p.radius }
            }
        }
    }

    pub fn corners(&self) -> &[Vec2] {
        &self.points[..self.count]
    }
}

// ANCHOR: simplex
/// A corner of the simplex: a point `w = b - a` of the Minkowski
/// difference of B and A, made of A's corner `index_a` (at `a`) and B's
/// corner `index_b` (at `b`), and its weight in the closest point.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SimplexVertex {
    pub a: Vec2,
    pub b: Vec2,
    pub w: Vec2,
    pub index_a: usize,
    pub index_b: usize,
    pub weight: f32,
}

/// One, two or three corners of the Minkowski difference: a point, a
/// segment or a triangle, the one nearest the origin found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simplex {
    pub vertices: [SimplexVertex; 3],
    pub count: usize,
}
// ANCHOR_END: simplex

impl Simplex {
    pub fn corners(&self) -> &[SimplexVertex] {
        &self.vertices[..self.count]
    }

    /// The point of the simplex nearest the origin: its weighted corners.
    pub fn closest(&self) -> Vec2 {
        self.corners().iter().map(|v| v.weight * v.w).sum()
    }
}

/// GJK's answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distance {
    /// The closest points of the two cores (corners, no rounding).
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// Between the cores; 0 when they overlap.
    pub distance: f32,
    /// The simplex it ended with: three corners when the cores overlap.
    pub simplex: Simplex,
    pub iterations: usize,
}

impl Distance {
    /// The distance between the rounded shapes: less both radii, at
    /// least 0.
    pub fn between_surfaces(&self, a: &Proxy, b: &Proxy) -> f32 {
        (self.distance - a.radius - b.radius).max(0.0)
    }
}

/// Enough for any pair of polygons of eight corners; GJK rarely needs
/// more than a handful.
pub const MAX_ITERATIONS: usize = 20;

// ANCHOR: gjk
/// The distance between the cores of `a` and `b`, calling `watch` with
/// the simplex after each iteration. The Minkowski difference `B - A`
/// holds the origin exactly when the cores overlap, and its point nearest
/// the origin is the vector between their closest points. GJK walks
/// towards it: keep the simplex's sub-simplex nearest the origin, then
/// add the difference's support point in the direction of the origin
/// (B's support that way less A's support the other way), until no
/// support point is new.
pub fn distance(a: &Proxy, b: &Proxy, mut watch: impl FnMut(&Simplex)) -> Distance {
    let vertex = |ia: usize, ib: usize| {
        let (pa, pb) = (a.points[ia], b.points[ib]);
        SimplexVertex {
            a: pa,
            b: pb,
            w: pb - pa,
            index_a: ia,
            index_b: ib,
            weight: 1.0,
        }
    };
    let mut simplex = Simplex {
        vertices: [
            vertex(0, 0),
            SimplexVertex::default(),
            SimplexVertex::default(),
        ],
        count: 1,
    };
    let mut iterations = 0;
    while iterations < MAX_ITERATIONS {
        iterations += 1;
        // The corners before this iteration drops any: a support point
        // among them means no progress.
        let mut before = [(usize::MAX, usize::MAX); 3];
        for (k, v) in simplex.corners().iter().enumerate() {
            before[k] = (v.index_a, v.index_b);
        }
        nearest_sub_simplex(&mut simplex);
        watch(&simplex);
        if simplex.count == 3 {
            break; // the origin is inside: the cores overlap
        }
        let towards_origin = -simplex.closest();
        if towards_origin.length_squared() < f32::EPSILON * f32::EPSILON {
            break; // the origin is on the simplex: the cores touch
        }
        let ia = support(a.corners(), -towards_origin);
        let ib = support(b.corners(), towards_origin);
        if before.contains(&(ia, ib)) {
            break; // nothing nearer: done
        }
        simplex.vertices[simplex.count] = vertex(ia, ib);
        simplex.count += 1;
    }
    let point_a: Vec2 = simplex.corners().iter().map(|v| v.weight * v.a).sum();
    let point_b: Vec2 = simplex.corners().iter().map(|v| v.weight * v.b).sum();
    let distance = if simplex.count == 3 { 0.0 } else { point_a.distance(point_b) };
    Distance { point_a, point_b, distance, simplex, iterations }
}
// ANCHOR_END: gjk

// ANCHOR: nearest_sub_simplex
/// Keep only the corners of the simplex whose region holds the point
/// nearest the origin, and weight them so that `closest()` is that point.
/// On a segment `w1 w2`, the projection of the origin splits it at
/// `t = -w1.e / e.e`: `t <= 0` is `w1`'s region, `t >= 1` is `w2`'s, and
/// between the weights are `1 - t` and `t`. A triangle checks its three
/// corners' regions, then its three edges' (using the sign of the
/// origin's side of each edge), and otherwise holds the origin.
fn nearest_sub_simplex(s: &mut Simplex) {
    let v = s.vertices;
    let keep = |s: &mut Simplex, corners: &[(SimplexVertex, f32)]| {
        let total: f32 = corners.iter().map(|c| c.1).sum();
        // A triangle with no area (three points on a line) that no edge
        // claimed: keep its first corner rather than divide by zero.
        if total.is_nan() || total <= 0.0 {
            s.vertices[0] = SimplexVertex { weight: 1.0, ..corners[0].0 };
            s.count = 1;
            return;
        }
        for (slot, &(corner, weight)) in s.vertices.iter_mut().zip(corners) {
            *slot = SimplexVertex { weight: weight / total, ..corner };
        }
        s.count = corners.len();
    };
    match s.count {
        1 => s.vertices[0].weight = 1.0,
        2 => {
            let (w1, w2) = (v[0].w, v[1].w);
            let e = w2 - w1;
            let (toward_1, toward_2) = (w2.dot(e), -w1.dot(e));
            if toward_2 <= 0.0 {
                keep(s, &[(v[0], 1.0)]);
            } else if toward_1 <= 0.0 {
                keep(s, &[(v[1], 1.0)]);
            } else {
                keep(s, &[(v[0], toward_1), (v[1], toward_2)]);
            }
        }
        _ => {
            let (w1, w2, w3) = (v[0].w, v[1].w, v[2].w);
            // Each edge's two barycentric numerators, as on a segment.
            let edge = |p: Vec2, q: Vec2| {
                let e = q - p;
                (q.dot(e), -p.dot(e))
            };
            let (e12_1, e12_2) = edge(w1, w2);
            let (e13_1, e13_2) = edge(w1, w3);
            let (e23_1, e23_2) = edge(w2, w3);
            // The triangle's: signed areas of the origin with each edge.
            let n = cross(w2 - w1, w3 - w1);
            let (t1, t2, t3) =
                (n * cross(w2, w3), n * cross(w3, w1), n * cross(w1, w2));
            if e12_2 <= 0.0 && e13_2 <= 0.0 {
                keep(s, &[(v[0], 1.0)]);
            } else if e12_1 > 0.0 && e12_2 > 0.0 && t3 <= 0.0 {
                keep(s, &[(v[0], e12_1), (v[1], e12_2)]);
            } else if e13_1 > 0.0 && e13_2 > 0.0 && t2 <= 0.0 {
                keep(s, &[(v[0], e13_1), (v[2], e13_2)]);
            } else if e12_1 <= 0.0 && e23_2 <= 0.0 {
                keep(s, &[(v[1], 1.0)]);
            } else if e13_1 <= 0.0 && e23_1 <= 0.0 {
                keep(s, &[(v[2], 1.0)]);
            } else if e23_1 > 0.0 && e23_2 > 0.0 && t1 <= 0.0 {
                keep(s, &[(v[1], e23_1), (v[2], e23_2)]);
            } else {
                keep(s, &[(v[0], t1), (v[1], t2), (v[2], t3)]);
            }
        }
    }
}
// ANCHOR_END: nearest_sub_simplex
