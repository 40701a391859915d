//! Chapter 11's shapes: convex polygons of up to eight vertices with a
//! radius (a box is four vertices, a rounded box four and a radius, a
//! capsule two and a radius), and circles; the convex hull that makes a
//! polygon from any points; and each shape's mass properties.

use glam::Vec2;
use physics_core::math::cross;
use physics_core::trig;
use std::fmt;

/// The most vertices a polygon may have (Box2D's limit too): enough for
/// any rounded shape a game needs, few enough to live in fixed arrays.
pub const MAX_VERTICES: usize = 8;

/// Points closer than this, in metres, are one point to the hull; a point
/// nearer than this to the line through its neighbours is on that line.
/// Box2D's `B2_LINEAR_SLOP`, the engine's idea of "the same place".
pub const LINEAR_SLOP: f32 = 0.005;

// ANCHOR: shape
/// What a body is shaped like, in its own frame, about its centre of mass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A disc of `radius` centred on the body.
    Circle { radius: f32 },
    /// A convex polygon, perhaps rounded; a capsule is a two-vertex one.
    Polygon(Polygon),
}

/// A convex polygon, counter-clockwise, with `radius` added all round:
/// every point within `radius` of the polygon belongs to the shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Polygon {
    /// The corners, counter-clockwise; only the first `count` are used.
    pub vertices: [Vec2; MAX_VERTICES],
    /// `normals[i]` is the outward unit normal of the edge from vertex
    /// `i` to vertex `i + 1` (wrapping round).
    pub normals: [Vec2; MAX_VERTICES],
    /// 2 (a segment: with a radius, a capsule) to `MAX_VERTICES`.
    pub count: usize,
    /// The rounding, metres; 0 for sharp corners.
    pub radius: f32,
    /// Bit `i` set: face `i` is hidden, shared with a neighbouring piece
    /// of floor, and never gives a contact's normal (see [`Polygon::is_floor`]).
    pub hidden: u8,
}
// ANCHOR_END: shape

impl Polygon {
    /// The polygon with `hull`'s corners and `radius` of rounding.
    pub fn new(hull: &Hull, radius: f32) -> Polygon {
        Polygon::from_ccw(hull.points(), radius)
    }

    /// A box `2 half.x` by `2 half.y` centred on the origin: chapter 5's
    /// box, its corners numbered as chapter 4 numbers them (corner 0 is
    /// `(+x, +y)`, counter-clockwise). Its faces are numbered as every
    /// polygon's are, face `i` from corner `i` to corner `i + 1`: 0 is the
    /// top (+y), 1 the left (-x), 2 the bottom (-y), 3 the right (+x).
    pub fn boxed(half: Vec2, radius: f32) -> Polygon {
        let corners = [
            Vec2::new(half.x, half.y),
            Vec2::new(-half.x, half.y),
            Vec2::new(-half.x, -half.y),
            Vec2::new(half.x, -half.y),
        ];
        Polygon::from_ccw(&corners, radius)
    }

    /// A capsule: the segment from `(-half_length, 0)` to
    /// `(half_length, 0)` with `radius` all round.
    pub fn capsule(half_length: f32, radius: f32) -> Polygon {
        let ends = [Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)];
        Polygon::from_ccw(&ends, radius)
    }

    /// A regular polygon of `n` corners (3 to 8) on a circle of `reach`.
    pub fn regular(n: usize, reach: f32, radius: f32) -> Polygon {
        let n = n.clamp(3, MAX_VERTICES);
        let mut corners = [Vec2::ZERO; MAX_VERTICES];
        for (i, c) in corners.iter_mut().take(n).enumerate() {
            let angle = std::f32::consts::TAU * i as f32 / n as f32;
            *c = reach * trig::from_angle(angle);
        }
        Polygon::from_ccw(&corners[..n], radius)
    }

    /// A polygon from corners already convex and counter-clockwise, 2
    /// to 8 of them (a scene file's, which its loader checked).
    pub fn from_corners(corners: &[Vec2], radius: f32) -> Polygon {
        Polygon::from_ccw(corners, radius)
    }

    fn from_ccw(corners: &[Vec2], radius: f32) -> Polygon {
        let count = corners.len().clamp(1, MAX_VERTICES);
        let mut vertices = [Vec2::ZERO; MAX_VERTICES];
        vertices[..count].copy_from_slice(&corners[..count]);
        let mut normals = [Vec2::ZERO; MAX_VERTICES];
        for i in 0..count {
            let edge = vertices[(i + 1) % count] - vertices[i];
            // Counter-clockwise, the outside is on the right of each edge.
            normals[i] = Vec2::new(edge.y, -edge.x).normalize_or_zero();
        }
        Polygon { vertices, normals, count, radius, hidden: 0 }
    }

    /// The same polygon with face `face` hidden.
    pub fn with_hidden_face(mut self, face: usize) -> Polygon {
        self.hidden |= 1 << face;
        self
    }

    /// Whether face `i` is hidden.
    pub fn hidden_face(&self, i: usize) -> bool {
        self.hidden & (1 << i) != 0
    }

    /// A polygon with a hidden face is a piece of a floor made of many:
    /// against it, only its own open faces give a contact's normal, never
    /// the other shape's faces (the remedy for ghost collisions).
    pub fn is_floor(&self) -> bool {
        self.hidden != 0
    }

    /// The corners in use.
    pub fn corners(&self) -> &[Vec2] {
        &self.vertices[..self.count]
    }

    /// The same polygon moved by `offset`.
    pub fn shifted(&self, offset: Vec2) -> Polygon {
        let mut p = *self;
        for v in &mut p.vertices[..p.count] {
            *v += offset;
        }
        p
    }
}

#[cfg(feature = "exercises")]
pub use crate::exercises::support;
#[cfg(not(feature = "exercises"))]
// ANCHOR: support
// ANCHOR: support_signature
/// The index of the corner of `corners` farthest along `direction`: the
/// polygon's *support point*. Of two equally far, the first.
pub fn support(corners: &[Vec2], direction: Vec2) -> usize {
    // ANCHOR_END: support_signature
    let mut best = 0;
    let mut reach = f32::NEG_INFINITY;
    for (i, c) in corners.iter().enumerate() {
        let d = c.dot(direction);
        if d > reach {
            best = i;
            reach = d;
        }
    }
    best
}
// ANCHOR_END: support

// ANCHOR: hull
/// A convex hull: 3 to `MAX_VERTICES` corners, counter-clockwise, no two
/// within [`LINEAR_SLOP`] of each other and none on the line through its
/// neighbours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hull {
    points: [Vec2; MAX_VERTICES],
    count: usize,
}

/// Why points make no polygon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HullError {
    /// A coordinate is NaN or infinite: point `index`.
    NotFinite { index: usize },
    /// Fewer than three points at least `LINEAR_SLOP` apart.
    TooFewPoints { distinct: usize },
    /// All the points lie on one line: no area.
    NoArea,
    /// The hull has more corners than a polygon may.
    TooManyCorners { corners: usize },
}

/// The convex hull of `points` by gift wrapping: start at the lowest
/// point (leftmost of equals), which must be a corner; from each corner
/// the next is the point every other point lies left of, the farthest
/// if several lie on that line. Points nearer than `LINEAR_SLOP` are
/// welded first, and corners on the line through their neighbours are
/// dropped after. At most `MAX_VERTICES` corners, or an error.
pub fn hull(points: &[Vec2]) -> Result<Hull, HullError> {
    if let Some(index) = points.iter().position(|p| !p.is_finite()) {
        return Err(HullError::NotFinite { index });
    }
    // Weld: keep a point only if it is not within the slop of one kept.
    let mut welded: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if welded.iter().all(|q| q.distance_squared(p) > LINEAR_SLOP * LINEAR_SLOP)
        {
            welded.push(p);
        }
    }
    if welded.len() < 3 {
        return Err(HullError::TooFewPoints { distinct: welded.len() });
    }
    // The lowest point, the leftmost of equals, is on the hull.
    let start = (0..welded.len())
        .min_by(|&i, &j| {
            let (p, q) = (welded[i], welded[j]);
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0);
    let mut corners = vec![start];
    let mut here = start;
    loop {
        // The candidate every other point lies left of (or on, farther).
        let mut next = if here == 0 { 1 } else { 0 };
        for (i, &p) in welded.iter().enumerate() {
            if i == here || i == next {
                continue;
            }
            let (a, b) = (welded[next] - welded[here], p - welded[here]);
            let turn = cross(a, b);
            let farther = turn == 0.0
                && b.dot(a) > 0.0
                && b.length_squared() > a.length_squared();
            if turn < 0.0 || farther {
                next = i; // p is right of here -> next: it wraps tighter
            }
        }
        if next == start || corners.len() > welded.len() {
            break;
        }
        corners.push(next);
        here = next;
    }
    let mut ring: Vec<Vec2> = corners.iter().map(|&i| welded[i]).collect();
    // Drop corners within the slop of the line through their neighbours,
    // the nearest first (so that of two close corners the one that sticks
    // out least goes, and the shape changes least).
    while ring.len() >= 3 {
        let n = ring.len();
        let off_line = |i: usize| {
            let (prev, p, next) =
                (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let edge = next - prev;
            cross(edge, p - prev).abs() / edge.length().max(f32::MIN_POSITIVE)
        };
        let flattest = (0..n)
            .min_by(|&i, &j| off_line(i).total_cmp(&off_line(j)))
            .unwrap_or(0);
        if off_line(flattest) >= LINEAR_SLOP {
            break;
        }
        ring.remove(flattest);
    }
    if ring.len() < 3 {
        return Err(HullError::NoArea);
    }
    if ring.len() > MAX_VERTICES {
        return Err(HullError::TooManyCorners { corners: ring.len() });
    }
    let mut out = [Vec2::ZERO; MAX_VERTICES];
    out[..ring.len()].copy_from_slice(&ring);
    Ok(Hull { points: out, count: ring.len() })
}
// ANCHOR_END: hull

impl fmt::Display for HullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HullError::NotFinite { index } => {
                write!(f, "point {index} is not finite")
            }
            HullError::TooFewPoints { distinct } => write!(
                f,
                "{distinct} distinct points (closer than {LINEAR_SLOP} m count as one); a polygon needs 3"
            ),
            HullError::NoArea => write!(f, "the points lie on one line: no area"),
            HullError::TooManyCorners { corners } => write!(
                f,
                "the hull has {corners} corners; a polygon may have at most {MAX_VERTICES}"
            ),
        }
    }
}

impl std::error::Error for HullError {}

impl Hull {
    /// The corners, counter-clockwise.
    pub fn points(&self) -> &[Vec2] {
        &self.points[..self.count]
    }
}

// ANCHOR: mass
/// A shape's area (m^2), centroid (in the shape's frame) and polar
/// second moment of area about the centroid (m^4): times the density,
/// the mass and the moment of inertia.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassProperties {
    pub area: f32,
    pub centroid: Vec2,
    pub second_moment: f32,
}

impl MassProperties {
    /// The mass, kg, at `density` kg/m^2.
    pub fn mass(&self, density: f32) -> f32 {
        density * self.area
    }

    /// The moment of inertia about the centroid for a body of `mass` kg.
    pub fn inertia(&self, mass: f32) -> f32 {
        mass * self.second_moment / self.area
    }
}

/// The mass properties of `shape`.
pub fn mass_properties(shape: &Shape) -> MassProperties {
    match *shape {
        Shape::Circle { radius } => {
            let area = std::f32::consts::PI * radius * radius;
            MassProperties {
                area,
                centroid: Vec2::ZERO,
                second_moment: area * radius * radius / 2.0,
            }
        }
        Shape::Polygon(p) => polygon_mass(&p),
    }
}
// ANCHOR_END: mass

#[cfg(feature = "exercises")]
pub use crate::exercises::polygon_mass;
#[cfg(not(feature = "exercises"))]
// ANCHOR: polygon_mass
// ANCHOR: polygon_mass_signature
/// The area, centroid and polar second moment of area about the centroid
/// of the rounded polygon `p`: three kinds of piece, the polygon itself cut
/// into triangles from its first corner, a strip `radius` wide outside each
/// edge, and a wedge of a disc at each corner (the wedges together one whole
/// disc). Each piece's area, first moment and second moment about one point
/// add up; the parallel-axis theorem then moves the second moment to the
/// centroid. A capsule is the two-corner case: its "polygon" has no area,
/// its two strips make the rectangle and its two wedges the two half discs.
pub fn polygon_mass(p: &Polygon) -> MassProperties {
    // ANCHOR_END: polygon_mass_signature
    // - Triangle `o, o + e1, o + e2`: area `A = cross(e1, e2) / 2`,
    //   centroid `o + (e1 + e2) / 3`, second moment about `o`
    //   `A (e1.e1 + e1.e2 + e2.e2) / 6`.
    // - Strip along an edge of length `L`, outward normal `n`: a `L` by `r`
    //   rectangle centred `r n / 2` out from the edge's middle: area `L r`,
    //   second moment about its own centre `L r (L^2 + r^2) / 12`.
    // - Wedge of angle `t` at corner `v`: area `t r^2 / 2`, centroid
    //   `4 r sin(t/2) / (3 t)` out along the bisector, second moment about
    //   `v` of `t r^4 / 4`.
    let corners = p.corners();
    let r = p.radius;
    // Every moment is taken about the first corner, `o`, not the shape's
    // origin: a polygon written far from its origin would otherwise sum
    // second moments of hundreds of m^2 per m^2 and subtract them again,
    // losing all of a small polygon's inertia to rounding.
    let o = corners[0];
    let (mut area, mut first, mut second) = (0.0f32, Vec2::ZERO, 0.0f32);
    // A piece of `a` m^2 whose centroid is at `c` from `o` and whose second
    // moment about that centroid is `j` adds `a`, `a c` and `j + a |c|^2`.
    let mut add = |a: f32, c: Vec2, j: f32| {
        area += a;
        first += a * c;
        second += j + a * c.length_squared();
    };
    // The triangles, from the first corner.
    for w in corners[1..].windows(2) {
        let (e1, e2) = (w[0] - o, w[1] - o);
        let a = cross(e1, e2) / 2.0;
        let c = (e1 + e2) / 3.0;
        // About o: a (e1.e1 + e1.e2 + e2.e2) / 6; about the centroid, less a |c|^2.
        let about_o = a * (e1.dot(e1) + e1.dot(e2) + e2.dot(e2)) / 6.0;
        add(a, c, about_o - a * c.length_squared());
    }
    if r > 0.0 {
        let n = corners.len();
        for i in 0..n {
            // The strip outside edge i.
            let (v, w) = (corners[i], corners[(i + 1) % n]);
            let length = (w - v).length();
            let normal = p.normals[i];
            let a = length * r;
            add(
                a,
                (v + w) / 2.0 - o + normal * (r / 2.0),
                a * (length * length + r * r) / 12.0,
            );
            // The wedge at corner i, between the normals of its two edges.
            let (before, after) = (p.normals[(i + n - 1) % n], p.normals[i]);
            let t = wedge_angle(before, after);
            if t > 0.0 {
                let a = t * r * r / 2.0;
                // Halfway round from one normal to the other.
                let (sin, cos) = trig::sin_cos(t / 2.0);
                let bisector = cos * before + sin * before.perp();
                let reach = 4.0 * r * trig::sin(t / 2.0) / (3.0 * t);
                // About the corner t r^4 / 4; about the wedge's own centroid, less
                // a reach^2.
                let own = t * r * r * r * r / 4.0 - a * reach * reach;
                add(a, corners[i] - o + bisector * reach, own);
            }
        }
    }
    let from_o = first / area;
    MassProperties {
        area,
        centroid: o + from_o,
        second_moment: second - area * from_o.length_squared(),
    }
}
// ANCHOR_END: polygon_mass

/// The angle turned counter-clockwise from unit `from` to unit `to`, in
/// `(0, 2 pi]`: at a convex corner, the wedge between its edges' normals.
/// A capsule's two normals are opposite, and each of its ends gets pi,
/// half a disc, whichever sign the zero cross product has.
#[cfg_attr(feature = "exercises", allow(dead_code))]
fn wedge_angle(from: Vec2, to: Vec2) -> f32 {
    let angle = trig::atan2(cross(from, to), from.dot(to));
    if angle <= 0.0 { angle + std::f32::consts::TAU } else { angle }
}
