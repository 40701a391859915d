//! Smooth chains: a static chain of points whose segments are one-sided
//! and know their neighbours (ghost vertices), so that what slides along
//! the chain never catches on a seam.
//!
//! **The side that collides.** Each segment runs from one point to the
//! next, and collides on its *right* (Box2D's rule): its normal is the
//! direction `(d.y, -d.x)` for the segment's direction `d`. A loop wound
//! counter-clockwise therefore collides on its outside (a solid island),
//! clockwise on its inside (a room). A floor to stand on is drawn right to
//! left: then its right side, where things land, is up. A shape whose
//! centre is on the other side passes through.
//!
//! **Ghost vertices.** Each segment keeps the point before its first and
//! the point after its last: its neighbours' far ends. From them it knows
//! whether each of its corners is convex (the chain turns away from the
//! colliding side) or concave, and which normals belong to it: at a convex
//! corner, any normal between its own and the neighbour's (the round of
//! the corner); at a concave corner, only its own; never one that points
//! into the neighbour, which is the neighbour's to give. An open chain's
//! two ends have no neighbour: each is taken as a square corner, a
//! neighbour turning straight down behind the segment, so that a shape
//! rounds the end of a ledge but nothing behind it is touched.

use crate::{BodyId, BodyKind, Filter, ShapeDef, ShapeId, Stale, World};
use ch04_manifolds::{ContactPoint, Feature, FeatureId, Manifold};
use ch11_polygons::collide::{in_frame_of, segment_distance};
use ch11_polygons::{LINEAR_SLOP, Polygon, Settings, Shape};
use ch12_continuous::Transform;
use ch15_game_api::Game;
use ch15_game_api::collide::shape_manifold;
use glam::Vec2;
use std::fmt;

/// Every chain segment in the world, by its shape's place.
#[derive(Clone, Debug, Default)]
pub struct Chains {
    /// Place `s`'s segment, if the shape made there was one: kept with its
    /// handle, so that a place destroyed and taken again by another shape
    /// is not taken for a segment.
    segments: Vec<Option<Segment>>,
}

/// What a segment knows beyond its two points: its shape's handle, and the
/// way to each neighbour's far end from its own end, in its body's frame
/// (`None`: an open end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    pub shape: ShapeId,
    /// From the segment's first point to the point before it.
    pub before: Option<Vec2>,
    /// From the segment's last point to the point after it.
    pub after: Option<Vec2>,
}

/// What a chain's shapes are made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Material {
    pub friction: f32,
    pub restitution: f32,
    pub filter: Filter,
}

impl Default for Material {
    /// Chapter 15's defaults: friction 0.2, no bounce, colliding with all.
    fn default() -> Material {
        let def = ShapeDef::new(Shape::Circle { radius: 1.0 });
        Material {
            friction: def.friction,
            restitution: def.restitution,
            filter: def.filter,
        }
    }
}

/// Why a chain was not made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChainError {
    /// The body's handle names nothing.
    Stale(Stale),
    /// A chain is one-sided and infinitely thin: it has no mass, and a
    /// dynamic body of it would have none either. Static or kinematic only.
    Dynamic(BodyId),
    /// An open chain needs 2 points, a loop 3.
    TooFewPoints { count: usize, least: usize },
    /// Point `index` is not a finite number.
    NotFinite { index: usize },
    /// Points `index` and the next (the first, after a loop's last) are
    /// within the linear slop of each other: a segment with no direction.
    Repeated { index: usize },
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ChainError::Stale(s) => write!(f, "{s}"),
            ChainError::Dynamic(b) => write!(
                f,
                "body {} is dynamic: a chain may only be static or kinematic",
                b.index
            ),
            ChainError::TooFewPoints { count, least } => write!(
                f,
                "a chain of {count} points: this one needs at least {least}"
            ),
            ChainError::NotFinite { index } => {
                write!(f, "chain point {index} is not a finite number")
            }
            ChainError::Repeated { index } => write!(
                f,
                "chain point {index} and the next are closer than {LINEAR_SLOP} m"
            ),
        }
    }
}

impl std::error::Error for ChainError {}

impl From<Stale> for ChainError {
    fn from(s: Stale) -> ChainError {
        ChainError::Stale(s)
    }
}

// ANCHOR: create_chain
impl World {
    /// A chain through `points` (in `body`'s own frame) on a static or
    /// kinematic body: one shape per segment, each a two-corner polygon
    /// with no rounding, colliding on its right (see the [module](self)).
    /// `looped` joins the last point back to the first. Returns the
    /// segments' handles in the chain's order.
    pub fn create_chain(
        &mut self,
        body: BodyId,
        points: &[Vec2],
        looped: bool,
        material: Material,
    ) -> Result<Vec<ShapeId>, ChainError> {
        let i = self.base.game.body(body)?;
        if self.base.game.bodies[i].kind == Some(BodyKind::Dynamic) {
            return Err(ChainError::Dynamic(body));
        }
        let n = points.len();
        let least = if looped { 3 } else { 2 };
        if n < least {
            return Err(ChainError::TooFewPoints { count: n, least });
        }
        if let Some(index) = points.iter().position(|p| !p.is_finite()) {
            return Err(ChainError::NotFinite { index });
        }
        let segments = if looped { n } else { n - 1 };
        let at = |k: usize| points[k % n];
        for k in 0..segments {
            if at(k).distance(at(k + 1)) <= LINEAR_SLOP {
                return Err(ChainError::Repeated { index: k });
            }
        }
        let mut ids = Vec::with_capacity(segments);
        for k in 0..segments {
            let (p1, p2) = (at(k), at(k + 1));
            let before = match (looped, k) {
                (false, 0) => None,
                _ => Some(at(k + n - 1) - p1),
            };
            let after = match (looped, k + 1 == segments) {
                (false, true) => None,
                _ => Some(at(k + 2) - p2),
            };
            let shape = Shape::Polygon(Polygon::from_corners(&[p1, p2], 0.0));
            let def = ShapeDef {
                friction: material.friction,
                restitution: material.restitution,
                filter: material.filter,
                ..ShapeDef::new(shape)
            };
            let id = self.base.create_shape(body, def)?;
            let s = id.index as usize;
            let list = &mut self.more.chains.segments;
            if list.len() <= s {
                list.resize(s + 1, None);
            }
            list[s] = Some(Segment { shape: id, before, after });
            ids.push(id);
        }
        Ok(ids)
    }
}
// ANCHOR_END: create_chain

impl Chains {
    /// The segment in shape place `s`, if that place holds one now.
    pub fn segment(&self, game: &Game, s: usize) -> Option<&Segment> {
        let seg = self.segments.get(s)?.as_ref()?;
        (game.shape(seg.shape).ok() == Some(s)).then_some(seg)
    }

    // ANCHOR: sweeps
    /// Whether chapter 12's sweep tries segment `s` placed by `to` for a
    /// fast shape whose body's centre moves from `c0` to `c1`, its core
    /// `core` across. Not when the centre starts behind the segment (it
    /// collides on one side only), nor when it closes on the segment's line
    /// by less than the core and ends more than the core in front (it slides
    /// along it: stopping it at the first seam it nears would pause it there).
    /// Box2D v3.2 skips the same segments (`b2ContinuousQueryCallback`).
    pub fn sweeps(
        &self,
        game: &Game,
        (s, to): (usize, &Transform),
        (c0, c1): (Vec2, Vec2),
        core: f32,
    ) -> bool {
        let Some(_) = self.segment(game, s) else { return true };
        let Shape::Polygon(p) = game.shapes[s].placed else { return true };
        let (p1, p2) = (to.to_world(p.vertices[0]), to.to_world(p.vertices[1]));
        let Some(e) = (p2 - p1).try_normalize() else { return true };
        // How far each end of the path is in front: along the segment's
        // normal, on its right.
        let front = |c: Vec2| (c - p1).perp_dot(e);
        let (before, after) = (front(c0), front(c1));
        !(before < 0.0 || (before - after < core && after > core))
    }
    // ANCHOR_END: sweeps

    /// Whether there are no segments.
    pub fn is_empty(&self) -> bool {
        self.segments.iter().all(Option::is_none)
    }

    /// The manifold of shapes `sa` and `sb`, its normal from A to B: a
    /// chain segment's own ([`segment_manifold`]) if either is one,
    /// chapter 15's otherwise.
    pub fn collide(
        &self,
        game: &Game,
        (sa, sb): (usize, usize),
        (ta, tb): (&Transform, &Transform),
        margin: f32,
        settings: Settings,
    ) -> Option<Manifold> {
        let mine = |s: usize| {
            let seg = self.segment(game, s)?;
            match game.shapes[s].placed {
                Shape::Polygon(p) if p.count == 2 => Some((seg, p)),
                _ => None,
            }
        };
        if let Some((seg, p)) = mine(sa) {
            let other = &game.shapes[sb].placed;
            let chain = Chain::new(p.vertices[0], p.vertices[1], seg);
            return segment_manifold(&chain, ta, other, tb, margin);
        }
        if let Some((seg, p)) = mine(sb) {
            let other = &game.shapes[sa].placed;
            let chain = Chain::new(p.vertices[0], p.vertices[1], seg);
            return segment_manifold(&chain, tb, other, ta, margin)
                .map(|m| m.swapped());
        }
        shape_manifold(game, (sa, sb), (ta, tb), margin, settings)
    }
}

// ANCHOR: chain_segment
/// A segment with what it knows of its neighbours, in its own frame: its
/// points, direction and normal, and at each end the neighbour's normal
/// and whether the corner there is convex.
#[derive(Clone, Copy, Debug)]
pub struct Chain {
    pub p1: Vec2,
    pub p2: Vec2,
    /// Unit, from `p1` to `p2`.
    pub along: Vec2,
    /// Unit, to the right of `along`: the colliding side.
    pub normal: Vec2,
    /// The neighbours' normals, before `p1` and after `p2`.
    pub normal0: Vec2,
    pub normal2: Vec2,
    /// Whether the chain turns away from the colliding side at `p1`, `p2`.
    pub convex1: bool,
    pub convex2: bool,
}

/// A corner's turn must have a sine of at least this to count as convex
/// (a straight run counts as concave: each segment gives its own normal
/// only, and a seam has no round to give another).
const CONVEX: f32 = 0.01;

/// A normal may pass a convex corner's round by this sine and still be
/// the segment's (so that two segments meeting at a slight angle both
/// give the normal straight between them).
const ADMIT: f32 = 0.01;

/// `v` turned a quarter clockwise: the right of a direction.
fn right(v: Vec2) -> Vec2 {
    Vec2::new(v.y, -v.x)
}

impl Chain {
    /// Segment `p1 p2` with `seg`'s ghosts. An open end is a square
    /// corner: its ghost lies straight behind the end, so the corner is
    /// convex and its round spans from the segment's normal to straight out
    /// along the segment.
    pub fn new(p1: Vec2, p2: Vec2, seg: &Segment) -> Chain {
        let along = (p2 - p1).normalize_or_zero();
        let normal = right(along);
        let ghost1 = seg.before.map_or(p1 - normal, |d| p1 + d);
        let ghost2 = seg.after.map_or(p2 - normal, |d| p2 + d);
        let edge0 = (p1 - ghost1).normalize_or_zero();
        let edge2 = (ghost2 - p2).normalize_or_zero();
        Chain {
            p1,
            p2,
            along,
            normal,
            normal0: right(edge0),
            normal2: right(edge2),
            convex1: edge0.perp_dot(along) >= CONVEX,
            convex2: along.perp_dot(edge2) >= CONVEX,
        }
    }

    /// What becomes of a contact normal `m` (from the segment out) met at
    /// one of the segment's ends (the one `m` leans towards). At a convex
    /// corner the round between the two normals is shared: `Admit` within
    /// it, `Skip` beyond it (the neighbour's face gives that normal). At a
    /// concave corner there is no round: the normal is the segment's own
    /// (`Snap`).
    pub fn classify(&self, m: Vec2) -> Normal {
        let (convex, inside) = if m.dot(self.along) <= 0.0 {
            (self.convex1, m.perp_dot(self.normal0) <= ADMIT)
        } else {
            (self.convex2, self.normal2.perp_dot(m) <= ADMIT)
        };
        match (convex, inside) {
            (false, _) => Normal::Snap,
            (true, true) => Normal::Admit,
            (true, false) => Normal::Skip,
        }
    }

    /// Whether a shape centred at `c` is behind the segment and behind
    /// each convex neighbour: then the chain does not touch it.
    fn behind(&self, c: Vec2) -> bool {
        let behind1 = self.normal.dot(c - self.p1) < 0.0;
        let behind0 = !self.convex1 || self.normal0.dot(c - self.p1) < 0.0;
        let behind2 = !self.convex2 || self.normal2.dot(c - self.p2) < 0.0;
        behind1 && behind0 && behind2
    }
}

/// What a segment makes of a contact normal met at its ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Normal {
    /// The neighbour's: no contact from this segment.
    Skip,
    /// Within a convex corner's round: used as it is.
    Admit,
    /// At a concave corner: the segment's own normal is used instead.
    Snap,
}
// ANCHOR_END: chain_segment

/// A contact point in the segment's frame: where, its separation, its id.
type Point = (Vec2, f32, FeatureId);

/// A contact's normal and its points (the first `.2` of them), in the
/// segment's frame.
type Found = (Vec2, [Point; 2], usize);

/// One point.
fn one(normal: Vec2, p: Point) -> Option<Found> {
    Some((normal, [p, p], 1))
}

// ANCHOR: segment_manifold
/// The manifold of chain segment `chain` placed by `ta` against `other`
/// placed by `tb`, its normal from the segment to the other shape, within
/// `margin` metres: none if the other shape's centre is behind it, or the
/// contact's normal is a neighbour's.
pub fn segment_manifold(
    chain: &Chain,
    ta: &Transform,
    other: &Shape,
    tb: &Transform,
    margin: f32,
) -> Option<Manifold> {
    let found = match other {
        Shape::Circle { radius } => {
            chain_circle(chain, ta.to_local(tb.position), *radius, margin)?
        }
        Shape::Polygon(q) => chain_polygon(chain, &in_frame_of(ta, q, tb), margin)?,
    };
    let mut contacts = [ContactPoint::default(); 2];
    let mut n = 0;
    let (normal, points, count) = found;
    for &(p, separation, id) in points[..count].iter().filter(|p| p.1 <= margin) {
        contacts[n] =
            ContactPoint { point: ta.to_world(p), penetration: -separation, id };
        n += 1;
    }
    let deepest = contacts[..n].iter().map(|c| c.penetration).fold(0.0, f32::max);
    Manifold::new(ta.rotation * normal, deepest, &contacts[..n])
}

/// A circle centred at `c` (in the segment's frame): nearest the segment's
/// inside, or one of its ends if the centre is beyond it, as long as the
/// centre is not nearer the neighbour there (its region, past the corner,
/// along the neighbour's direction).
fn chain_circle(chain: &Chain, c: Vec2, radius: f32, margin: f32) -> Option<Found> {
    let Chain { p1, p2, along, normal, .. } = *chain;
    if normal.dot(c - p1) < 0.0 {
        return None; // one-sided
    }
    let on = if along.dot(c - p1) <= 0.0 {
        // Beyond p1: p1's, unless the centre is past the neighbour's end
        // along its direction into p1 (the normal is its right: the
        // direction is the normal turned a quarter counter-clockwise).
        let into_p1 = chain.normal0.perp();
        if into_p1.dot(c - p1) <= 0.0 {
            return None;
        }
        p1
    } else if along.dot(c - p2) >= 0.0 {
        // Beyond p2: the same with the neighbour after.
        let out_of_p2 = chain.normal2.perp();
        if out_of_p2.dot(c - p2) > 0.0 {
            return None;
        }
        p2
    } else {
        p1 + along * along.dot(c - p1)
    };
    let d = c - on;
    let distance = d.length();
    if distance - radius > margin || distance.is_nan() {
        return None;
    }
    let m = if distance > 0.0 { d / distance } else { normal };
    let point = (on + (c - radius * m)) / 2.0;
    // One id wherever on the segment: the point keeps its impulse as it
    // slides from the face round an end.
    let id = FeatureId { a: Feature::Face(0), b: Feature::Whole };
    one(m, (point, distance - radius, id))
}

/// A polygon `q` (in the segment's frame), rounded by its radius: the
/// separating axis among the segment's normal, its convex neighbours'
/// normals and the polygon's faces, each normal asked of
/// [`Chain::classify`]; then two points clipped, as chapter 11 clips.
fn chain_polygon(chain: &Chain, q: &Polygon, margin: f32) -> Option<Found> {
    let Chain { p1, p2, normal, .. } = *chain;
    let corners = q.corners();
    let k = q.count;
    let r = q.radius;
    let centre = corners.iter().copied().sum::<Vec2>() / k as f32;
    if chain.behind(centre) {
        return None;
    }
    // The cores' distance and nearest features: along each of the
    // polygon's edges (a capsule's one), the nearest points of the two
    // segments; 0 if they cross or the segment lies inside.
    let edges = if k == 2 { 1 } else { k };
    let (mut best, mut edge) =
        (segment_distance(p1, p2, corners[0], corners[1]), 0);
    for i in 1..edges {
        let d = segment_distance(p1, p2, corners[i], corners[(i + 1) % k]);
        if d.distance_squared < best.distance_squared {
            (best, edge) = (d, i);
        }
    }
    let inside = k >= 3 && (0..k).all(|i| q.normals[i].dot(p1 - corners[i]) <= 0.0);
    let distance = if inside { 0.0 } else { best.distance_squared.sqrt() };
    if distance - r > margin || distance.is_nan() {
        return None;
    }
    let ahead = normal.dot(centre - p1) >= 0.0;
    // The segment's normal with the polygon's face through this corner
    // most against it as the incident face; or a face of the polygon.
    enum Axis {
        Segment { incident: Incident },
        Face(usize),
    }
    enum Incident {
        Corner(usize),
        Face(usize),
    }
    let axis = if ahead && distance > 0.1 * LINEAR_SLOP {
        // Apart: the nearest features say which normal.
        let at_end = |f: f32| f == 0.0 || f == 1.0;
        let corner = |f: f32| if f == 0.0 { edge } else { (edge + 1) % k };
        match (at_end(best.fraction1), at_end(best.fraction2)) {
            (true, true) => {
                // Corner to corner: the normal runs between them.
                let (a, b) = (best.point1, best.point2);
                let m = (b - a) / distance;
                match chain.classify(m) {
                    Normal::Skip => return None,
                    Normal::Admit => {
                        let end = if best.fraction1 == 0.0 { 0 } else { 1 };
                        let id = FeatureId {
                            a: Feature::Vertex(end),
                            b: Feature::Vertex(corner(best.fraction2) as u8),
                        };
                        let point = (a + (b - r * m)) / 2.0;
                        return one(m, (point, distance - r, id));
                    }
                    Normal::Snap => Axis::Segment {
                        incident: Incident::Corner(corner(best.fraction2)),
                    },
                }
            }
            (true, false) => {
                // The segment's end against the polygon's face (of a
                // capsule's two sides, the one facing the end).
                let towards = best.point1 - best.point2;
                let face = match k == 2 && q.normals[0].dot(towards) < 0.0 {
                    true => 1,
                    false => edge,
                };
                match chain.classify(-q.normals[face]) {
                    Normal::Skip => return None,
                    Normal::Admit => Axis::Face(face),
                    Normal::Snap => {
                        Axis::Segment { incident: Incident::Face(face) }
                    }
                }
            }
            _ => {
                // The segment's inside against a corner (or a face lying
                // along it): the deeper corner of the polygon's edge.
                let (a, b) = (edge, (edge + 1) % k);
                let deeper =
                    if normal.dot(corners[a] - p1) <= normal.dot(corners[b] - p1) {
                        a
                    } else {
                        b
                    };
                Axis::Segment { incident: Incident::Corner(deeper) }
            }
        }
    } else {
        // Overlapping (or the centre behind the segment's own line but in
        // front of a convex neighbour): the separating-axis test.
        let least = |n: Vec2, from: Vec2| {
            (0..k)
                .map(|i| (i, n.dot(corners[i] - from)))
                .fold((0, f32::INFINITY), |b, x| if x.1 < b.1 { x } else { b })
        };
        let (deepest, mut edge_separation) = least(normal, p1);
        let mut neighbours = false;
        for (convex, n, from) in
            [(chain.convex1, chain.normal0, p1), (chain.convex2, chain.normal2, p2)]
        {
            let s = least(n, from).1;
            if convex && s > edge_separation {
                (edge_separation, neighbours) = (s, true);
            }
        }
        let mut face = (usize::MAX, f32::NEG_INFINITY);
        for (i, (&m, &v)) in q.normals.iter().zip(corners).enumerate() {
            if chain.classify(-m) != Normal::Admit {
                continue;
            }
            let s = m.dot(p1 - v).min(m.dot(p2 - v));
            if s > face.1 {
                face = (i, s);
            }
        }
        if face.1 > edge_separation {
            Axis::Face(face.0)
        } else if neighbours {
            return None; // a neighbour's normal separates best: its contact
        } else {
            Axis::Segment { incident: Incident::Corner(deepest) }
        }
    };
    match axis {
        Axis::Face(i) => {
            // The polygon's face is the reference: unless a neighbour
            // meets it more squarely than this segment, whose contact
            // it is then.
            let m = q.normals[i];
            let (a1, a2) = (corners[i], corners[(i + 1) % k]);
            let (n0, n2) = (
                if chain.convex1 { chain.normal0 } else { normal },
                if chain.convex2 { chain.normal2 } else { normal },
            );
            let near = if m.dot(p1 - a1) < m.dot(p2 - a1) { n0 } else { n2 };
            if near.dot(m) < normal.dot(m) {
                return None;
            }
            // The segment's ends against the polygon's face.
            let face = Feature::Face(i as u8);
            let ids = [
                FeatureId { a: Feature::Vertex(1), b: face },
                FeatureId { a: Feature::Vertex(0), b: face },
            ];
            let points = clip((a1, a2), (p1, p2), m, (r, 0.0), ids)?;
            // Clipped along the polygon's normal: the contact's runs from
            // the segment, against it.
            Some((-m, points, 2))
        }
        Axis::Segment { incident } => {
            let (b1, b2) = match incident {
                Incident::Face(i) => (i, (i + 1) % k),
                Incident::Corner(i2) => {
                    // Of the two faces at this corner, the one most
                    // against the segment's normal.
                    let i1 = (i2 + k - 1) % k;
                    if normal.dot(q.normals[i1]) < normal.dot(q.normals[i2]) {
                        (i1, i2)
                    } else {
                        (i2, (i2 + 1) % k)
                    }
                }
            };
            // The segment's face against the polygon's corners.
            let ids = [
                FeatureId { a: Feature::Face(0), b: Feature::Vertex(b2 as u8) },
                FeatureId { a: Feature::Face(0), b: Feature::Vertex(b1 as u8) },
            ];
            let points =
                clip((p1, p2), (corners[b1], corners[b2]), normal, (0.0, r), ids)?;
            Some((normal, points, 2))
        }
    }
}

/// Clip the incident face `b` (which runs against the reference face `a`'s
/// direction) to the reference face's extent, both rounded by `radii`:
/// the two ends left as points halfway between the rounded surfaces, with
/// their separations along `normal` (the reference face's).
fn clip(
    (a1, a2): (Vec2, Vec2),
    (b1, b2): (Vec2, Vec2),
    normal: Vec2,
    (ra, rb): (f32, f32),
    ids: [FeatureId; 2],
) -> Option<[Point; 2]> {
    let tangent = normal.perp();
    let (lower1, upper1) = (0.0, (a2 - a1).dot(tangent));
    let (upper2, lower2) = ((b1 - a1).dot(tangent), (b2 - a1).dot(tangent));
    if upper2 < lower1 || upper1 < lower2 {
        return None;
    }
    let span = upper2 - lower2;
    let at = |t: f32| b2.lerp(b1, (t - lower2) / span);
    let lower =
        if lower2 < lower1 && span > f32::EPSILON { at(lower1) } else { b2 };
    let upper =
        if upper2 > upper1 && span > f32::EPSILON { at(upper1) } else { b1 };
    let point = |v: Vec2, id| {
        let s = (v - a1).dot(normal);
        (v + normal * (0.5 * (ra - rb - s)), s - ra - rb, id)
    };
    Some([point(lower, ids[0]), point(upper, ids[1])])
}
// ANCHOR_END: segment_manifold
