//! Shape casts and overlap queries: what a shape would meet if it moved,
//! what it overlaps where it is, and the planes of what is near it.
//!
//! Chapter 13 asked the world about rays and points. A game asks about
//! shapes too: will this capsule, moved this far, hit anything, and
//! where? What is inside this trigger box? Each question walks the tree
//! (chapter 13's, a leaf for each shape since chapter 15) down to the
//! leaves whose boxes it touches, then asks each candidate shape itself
//! with chapter 11's GJK distance. A cast is chapter 12's conservative
//! advancement with no turn: the moving shape only slides.
//!
//! Every answer is in the shapes' place order, or, for a cast, the nearest
//! hit with ties going to the lower place: the same on every run, whatever
//! order the tree's walk met the leaves in.

use crate::{Filter, ShapeId, World};
use ch11_polygons::Shape;
use ch11_polygons::collide;
use ch11_polygons::gjk::{Proxy, distance};
use ch12_continuous::Transform;
use ch12_continuous::toi::{TARGET, TOLERANCE, advance};
use ch13_islands::query::shape_bounds;
use ch13_islands::tree::Bounds;
use ch15_game_api::should_collide;
use glam::Vec2;

/// The most advancements a cast takes against one shape. Each proves a
/// stretch of the path clear; running out stops the shape where it was
/// last proved clear (never inside).
pub const CAST_ITERATIONS: usize = 50;

/// Cores nearer than this overlap: GJK's distance is then no use for a
/// normal.
const CORES_MEET: f32 = 1e-6;

// ANCHOR: cast_hit
/// What a cast met first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CastHit {
    pub shape: ShapeId,
    /// On the surface of the shape met, where the moving shape stops.
    pub point: Vec2,
    /// The surface's unit normal there, from the shape met towards the
    /// moving one.
    pub normal: Vec2,
    /// How much of the translation the shape can move: there its surface
    /// is [`TARGET`] (the linear slop) from the other's, a little short
    /// of touching, as chapter 12 stops a body. A shape that starts nearer
    /// than that stops where it would touch, if it closes on it.
    pub fraction: f32,
}
// ANCHOR_END: cast_hit

/// A shape near another: the plane between them, as the mover uses it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapePlane {
    pub shape: ShapeId,
    /// Unit, from the shape towards the one asked about: moving that way
    /// parts them fastest.
    pub normal: Vec2,
    /// The gap between the two surfaces, metres; negative when they
    /// overlap (then how deep).
    pub separation: f32,
    /// The nearest point of the shape's surface.
    pub point: Vec2,
}

impl World {
    /// Every shape place a query box `bounds` may meet that `filter` lets
    /// through, not a sensor, sorted. The tree holds the shapes as the
    /// last step left them; a shape made since has no leaf yet and is
    /// asked directly, so a world queried before its first step still
    /// answers.
    fn candidates(&self, bounds: Bounds, filter: &Filter) -> Vec<usize> {
        let game = &self.game;
        let mut found = Vec::new();
        let keep = |s: usize| {
            let slot = &game.shapes[s];
            slot.body.is_some()
                && !slot.def.sensor
                && should_collide(filter, &slot.def.filter)
        };
        self.phase.tree.query(bounds, |_, s| {
            if keep(s) {
                found.push(s);
            }
        });
        // Shapes without a leaf: those past the tree's places.
        found.extend((self.phase.len()..game.shapes.len()).filter(|&s| keep(s)));
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Shape place `s` where it is now, as GJK sees it.
    fn proxy_of(&self, s: usize) -> Proxy {
        let slot = &self.game.shapes[s];
        let body = &self.solver.bodies[self.game.owner(s)];
        Proxy::new(&slot.placed, &self.game.shape_transform(s, body))
    }

    // ANCHOR: cast_shape
    /// The first shape `shape`, placed by `from` and slid by `translation`
    /// (no turn), meets: the tree gives the shapes whose boxes the swept
    /// box meets, and [`cast_against`] asks each. Sensors are skipped, and
    /// shapes `filter` does not collide with. Shapes whose cores `shape`'s
    /// core already overlaps are skipped too: which way is out is not the
    /// cast's to say (the mover's planes say it).
    pub fn cast_shape(
        &self,
        shape: &Shape,
        from: Transform,
        translation: Vec2,
        filter: Filter,
    ) -> Option<CastHit> {
        let to = Transform { position: from.position + translation, ..from };
        let swept = shape_bounds(shape, &from).union(shape_bounds(shape, &to));
        let mut best: Option<CastHit> = None;
        for s in self.candidates(swept.grown(TARGET + TOLERANCE), &filter) {
            let other = self.proxy_of(s);
            // A shape farther along than the best so far cannot be first.
            let before = best.map_or(1.0, |b| b.fraction);
            let Some(hit) = cast_against(shape, &from, translation, &other, before)
            else {
                continue;
            };
            // Places in order, so a tie keeps the lower one.
            if best.is_none_or(|b| hit.fraction < b.fraction) {
                best = Some(CastHit { shape: self.game.shape_id(s), ..hit });
            }
        }
        best
    }
    // ANCHOR_END: cast_shape

    /// Every shape `shape` placed by `at` overlaps or touches (chapter 11's
    /// distance between their cores at most their radii), by place:
    /// sensors are skipped, and shapes `filter` does not collide with.
    pub fn overlaps(
        &self,
        shape: &Shape,
        at: Transform,
        filter: Filter,
    ) -> Vec<ShapeId> {
        let proxy = Proxy::new(shape, &at);
        let bounds = shape_bounds(shape, &at);
        self.candidates(bounds, &filter)
            .into_iter()
            .filter(|&s| {
                let other = self.proxy_of(s);
                let d = distance(&proxy, &other, |_| {});
                d.distance <= proxy.radius + other.radius
            })
            .map(|s| self.game.shape_id(s))
            .collect()
    }

    // ANCHOR: planes_near
    /// The plane between `shape` placed by `at` and each shape whose
    /// surface is within `range` of its surface, by place (sensors and
    /// filtered shapes skipped). Chapter 11's GJK gives the nearest points
    /// of the two cores: the normal is the line between them, the
    /// separation their distance less both radii. Two cores that overlap
    /// (a deep overlap, deeper than the rounding) have no such line:
    /// chapter 11's manifold gives the way out and how deep instead.
    pub fn planes_near(
        &self,
        shape: &Shape,
        at: Transform,
        range: f32,
        filter: Filter,
    ) -> Vec<ShapePlane> {
        let proxy = Proxy::new(shape, &at);
        let bounds = shape_bounds(shape, &at).grown(range.max(0.0));
        let mut planes = Vec::new();
        for s in self.candidates(bounds, &filter) {
            let other = self.proxy_of(s);
            let d = distance(&proxy, &other, |_| {});
            let separation = d.distance - proxy.radius - other.radius;
            if separation > range {
                continue;
            }
            let id = self.game.shape_id(s);
            if d.distance > CORES_MEET {
                let normal = (d.point_a - d.point_b) / d.distance;
                let point = d.point_b + other.radius * normal;
                planes.push(ShapePlane { shape: id, normal, separation, point });
                continue;
            }
            // Deep: the manifold of the other shape (A) against this one
            // (B) has its normal from the other towards this one.
            let slot = &self.game.shapes[s];
            let body = &self.solver.bodies[self.game.owner(s)];
            let t = self.game.shape_transform(s, body);
            if let Some(m) = collide(&slot.placed, &t, shape, &at, 0.0) {
                let point = m.contacts().first().map_or(at.position, |c| c.point);
                let separation = -m.penetration;
                planes.push(ShapePlane {
                    shape: id,
                    normal: m.normal,
                    separation,
                    point,
                });
            }
        }
        planes
    }
    // ANCHOR_END: planes_near
}

// ANCHOR: cast_against
/// When `shape`, placed by `from` and slid by `translation`, first comes
/// within [`TARGET`] of `other`, if it does before `before` (a fraction):
/// conservative advancement, chapter 12's, with no turn. At each fraction
/// `t` GJK gives the gap and the unit normal `n` from the other towards
/// the moving shape; sliding only, the gap closes no faster than
/// `-translation . n` per unit of `t` (the gap along a straight path is a
/// convex function of `t`, so it lies above its tangent), so it cannot
/// reach the target before [`advance`] says: go that far, and measure
/// again.
///
/// A shape that starts within the target of `other` is allowed to close
/// on it as far as touching and no farther: by the same bound, the gap
/// stays at least `gap - t closing`, so the fraction is `gap / closing`.
/// That lets a character slide along the floor it rests on (it closes by
/// no more than rounding) and stops one pressing into a wall.
///
/// The hit's `shape` is left for the caller to name (`u32::MAX` here):
/// `other` is only a proxy.
pub fn cast_against(
    shape: &Shape,
    from: &Transform,
    translation: Vec2,
    other: &Proxy,
    before: f32,
) -> Option<CastHit> {
    let at =
        |t: f32| Transform { position: from.position + t * translation, ..*from };
    let mut t = 0.0f32;
    for iteration in 0..CAST_ITERATIONS {
        let proxy = Proxy::new(shape, &at(t));
        let d = distance(&proxy, other, |_| {});
        if d.distance <= CORES_MEET {
            return None; // the cores overlap: no way out to tell
        }
        let n = (d.point_a - d.point_b) / d.distance;
        let gap = d.distance - proxy.radius - other.radius;
        let closing = -translation.dot(n);
        let hit = |t: f32| CastHit {
            shape: ShapeId { index: u32::MAX, generation: 0 },
            point: d.point_b + other.radius * n,
            normal: n,
            fraction: t,
        };
        if iteration == 0 && gap < TARGET + TOLERANCE {
            // Already near: as far as touching, if it closes at all.
            if closing <= 0.0 {
                return None;
            }
            let t = (gap.max(0.0) / closing).min(1.0);
            return (t < 1.0 && t < before).then(|| hit(t));
        }
        if gap < TARGET + TOLERANCE {
            return Some(hit(t));
        }
        if closing <= 0.0 {
            return None; // parting, or sliding past
        }
        let next = advance(t, gap, closing);
        if next >= before.min(1.0) {
            return None;
        }
        t = next;
    }
    // Out of advancements: `t` is still proved clear.
    let proxy = Proxy::new(shape, &at(t));
    let d = distance(&proxy, other, |_| {});
    let n =
        ((d.point_a - d.point_b) / d.distance.max(CORES_MEET)).normalize_or_zero();
    Some(CastHit {
        shape: ShapeId { index: u32::MAX, generation: 0 },
        point: d.point_b + other.radius * n,
        normal: n,
        fraction: t,
    })
}
// ANCHOR_END: cast_against
