//! Asking the world: what does this ray hit, what lies in this box, what
//! is under this point. Each question walks the tree down only into the
//! boxes it touches, then asks each candidate body's shape itself (the
//! tree knows boxes, not shapes).

use crate::World;
use crate::ray::{RayHit, ray_cast};
use crate::tree::{Bounds, nearest};
use ch05_obb_clipping::Transform;
use ch11_polygons::gjk::{Proxy, distance};
use ch11_polygons::{Shape, contains};
use glam::Vec2;

impl World {
    // ANCHOR: ray_cast
    /// The nearest body a ray from `origin` along `direction` (its
    /// length the ray's length) enters, and where. The tree's walk skips
    /// every box beyond the nearest hit so far, so a ray through a
    /// crowd asks few shapes.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        direction: Vec2,
    ) -> Option<(usize, RayHit)> {
        let mut nearest: Option<(usize, RayHit)> = None;
        self.phase.tree.ray_cast(origin, direction, |_, i, end| {
            let b = &self.bodies()[i];
            let Some(hit) =
                ray_cast(&self.shapes.list[i], &b.transform(), origin, direction)
            else {
                return end;
            };
            // Equal fractions keep the lower index: the same answer
            // whatever order the walk met them in.
            let nearer =
                |(j, h): (usize, RayHit)| (hit.fraction, i) < (h.fraction, j);
            if nearest.is_none_or(nearer) {
                nearest = Some((i, hit));
            }
            end.min(hit.fraction)
        });
        nearest
    }
    // ANCHOR_END: ray_cast

    /// Every body the ray enters, nearest first (ties by index).
    pub fn ray_cast_all(
        &self,
        origin: Vec2,
        direction: Vec2,
    ) -> Vec<(usize, RayHit)> {
        let mut hits = Vec::new();
        self.phase.tree.ray_cast(origin, direction, |_, i, end| {
            let b = &self.bodies()[i];
            if let Some(hit) =
                ray_cast(&self.shapes.list[i], &b.transform(), origin, direction)
            {
                hits.push((i, hit));
            }
            end // never shortens: every box on the ray is visited
        });
        hits.sort_by(|(i, a), (j, b)| {
            a.fraction.total_cmp(&b.fraction).then(i.cmp(j))
        });
        hits
    }

    /// Every body whose own box overlaps `bounds`, by index.
    pub fn query_box(&self, bounds: Bounds) -> Vec<usize> {
        let mut found = Vec::new();
        self.phase.tree.query(bounds, |_, i| {
            let b = &self.bodies()[i];
            if shape_bounds(&self.shapes.list[i], &b.transform()).overlaps(bounds) {
                found.push(i);
            }
        });
        found.sort_unstable();
        found
    }

    /// Every body whose shape holds `point`, by index.
    pub fn query_point(&self, point: Vec2) -> Vec<usize> {
        let mut found = Vec::new();
        self.phase.tree.query(Bounds::new(point, point), |_, i| {
            let b = &self.bodies()[i];
            if contains(&self.shapes.list[i], b.transform().to_local(point)) {
                found.push(i);
            }
        });
        found.sort_unstable();
        found
    }

    // ANCHOR: nearest_body
    /// The body nearest `point`, and how far its surface is (0 if `point`
    /// is in it), through the tree ([`nearest`]); `None` with no bodies.
    pub fn nearest_body(&self, point: Vec2) -> Option<(usize, f32)> {
        let dot =
            Proxy::new(&Shape::Circle { radius: 0.0 }, &Transform::new(point, 0.0));
        nearest(&self.phase.tree, point, |i| {
            let shape =
                Proxy::new(&self.shapes.list[i], &self.bodies()[i].transform());
            (distance(&dot, &shape, |_| {}).distance - shape.radius).max(0.0)
        })
    }
    // ANCHOR_END: nearest_body

    /// The movable body under `at`, the lowest index if several: what the
    /// mouse takes hold of.
    pub fn body_at(&self, at: Vec2) -> Option<usize> {
        let bodies = self.bodies();
        self.query_point(at).into_iter().find(|&i| bodies[i].inv_mass > 0.0)
    }
}

/// The smallest axis-aligned box round `shape` placed by `t`: a disc's
/// square; a polygon's corners, grown by its rounding.
pub fn shape_bounds(shape: &Shape, t: &Transform) -> Bounds {
    let (lower, upper) = ch12_continuous::bounds(shape, t);
    Bounds::new(lower, upper)
}
