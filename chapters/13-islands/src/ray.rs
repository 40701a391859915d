//! Ray casts against chapter 11's shapes: where a ray from `origin` along
//! `direction` (its length the ray's length) first enters a shape, as a
//! fraction of the ray, with the surface's outward normal there. A ray
//! that starts inside a shape does not hit it: it reports surfaces it
//! enters, and it enters none.

use ch05_obb_clipping::Transform;
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

/// Where a ray hits a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayHit {
    /// From 0 (the origin) to 1 (the ray's end).
    pub fraction: f32,
    pub point: Vec2,
    /// The surface's outward unit normal at `point`.
    pub normal: Vec2,
}

// ANCHOR: ray_cast
/// The ray's first entry into `shape` placed by `t`, if any.
pub fn ray_cast(
    shape: &Shape,
    t: &Transform,
    origin: Vec2,
    direction: Vec2,
) -> Option<RayHit> {
    // In the shape's frame the shape sits still.
    let (o, d) = (t.to_local(origin), t.rotation.transpose() * direction);
    let hit = match shape {
        Shape::Circle { radius } => ray_circle(o, d, Vec2::ZERO, *radius),
        Shape::Polygon(p) => ray_polygon(o, d, p),
    }?;
    Some(RayHit {
        fraction: hit.fraction,
        point: t.to_world(hit.point),
        normal: t.rotation * hit.normal,
    })
}
// ANCHOR_END: ray_cast

#[cfg(feature = "exercises")]
pub use crate::exercises::ray_circle;
#[cfg(not(feature = "exercises"))]
// ANCHOR: ray_circle
// ANCHOR: ray_circle_signature
/// A ray from `o` along `d` (its length the ray's length) against a disc
/// of `radius` at `centre`: where it first enters, as a fraction of the
/// ray, with the point and the outward normal there. Starting inside, no
/// hit.
pub fn ray_circle(o: Vec2, d: Vec2, centre: Vec2, radius: f32) -> Option<RayHit> {
    // ANCHOR_END: ray_circle_signature
    // Solve `|o + s d - c|^2 = r^2` for its smaller root `s` in [0, 1].
    let m = o - centre;
    let a = d.dot(d);
    if a == 0.0 {
        return None;
    }
    // s^2 a + 2 s (m.d) + (m.m - r^2) = 0.
    let b = m.dot(d);
    let c = m.dot(m) - radius * radius;
    if c < 0.0 {
        return None; // inside
    }
    let disc = b * b - a * c;
    if disc < 0.0 || b > 0.0 {
        return None; // misses, or points away
    }
    let s = (-b - disc.sqrt()) / a;
    if !(0.0..=1.0).contains(&s) {
        return None;
    }
    let point = o + s * d;
    Some(RayHit {
        fraction: s,
        point,
        normal: (point - centre).normalize_or(Vec2::X),
    })
}
// ANCHOR_END: ray_circle

/// A ray against a rounded polygon: a sharp polygon clips the ray against
/// each face's half-plane in turn (Cyrus-Beck clipping: the ray is inside
/// the polygon between its latest entry and earliest exit over all the
/// faces). A rounded one is the union of the
/// polygon grown along each face and a disc at each corner: the nearest
/// entry among the faces pushed out by the radius (where the entry point
/// lies along the face) and the corner discs.
pub fn ray_polygon(o: Vec2, d: Vec2, p: &Polygon) -> Option<RayHit> {
    let corners = p.corners();
    let n = corners.len();
    if p.radius == 0.0 {
        let (mut enter, mut leave, mut face) = (0.0f32, 1.0f32, None);
        for (i, (&corner, &normal)) in corners.iter().zip(&p.normals).enumerate() {
            // Inside the face's half-plane: normal . (x - v) <= 0.
            let num = normal.dot(corner - o);
            let den = normal.dot(d);
            if den == 0.0 {
                if num < 0.0 {
                    return None; // parallel, outside
                }
                continue;
            }
            let s = num / den;
            if den < 0.0 {
                if s > enter {
                    enter = s;
                    face = Some(i);
                }
            } else if s < leave {
                leave = s;
            }
            if enter > leave {
                return None;
            }
        }
        let i = face?; // no entering face: it starts inside
        return Some(RayHit {
            fraction: enter,
            point: o + enter * d,
            normal: p.normals[i],
        });
    }
    let mut best: Option<RayHit> = None;
    let mut keep = |hit: Option<RayHit>| {
        if let Some(h) = hit
            && best.is_none_or(|b| h.fraction < b.fraction)
        {
            best = Some(h);
        }
    };
    for i in 0..n {
        let (v, w) = (corners[i], corners[(i + 1) % n]);
        let normal = p.normals[i];
        // The face pushed out by the radius, entered from outside.
        let den = normal.dot(d);
        if den < 0.0 {
            let s = normal.dot(v + p.radius * normal - o) / den;
            let point = o + s * d;
            let along = (point - v).dot(w - v);
            if (0.0..=1.0).contains(&s)
                && along >= 0.0
                && along <= (w - v).length_squared()
            {
                keep(Some(RayHit { fraction: s, point, normal }));
            }
        }
        keep(ray_circle(o, d, v, p.radius));
    }
    // Starting inside the rounded shape: no entry counts.
    if ch11_polygons::contains(&Shape::Polygon(*p), o) {
        return None;
    }
    best
}
