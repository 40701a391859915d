//! A body's shapes as a game describes them: each its own shape, place on
//! the body, material and filter; and the body's mass, centre of mass and
//! moment of inertia found from all of them.

use ch11_polygons::{Shape, mass_properties};
use glam::Vec2;
use physics_core::trig;

// ANCHOR: shape_def
/// One shape of a body: chapter 11's `shape` about its own origin, placed
/// on the body at `offset`, turned by `angle` (both in the body's own
/// frame, whose origin is where the game put the body), with its own
/// material, its filter, and whether it is a sensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeDef {
    pub shape: Shape,
    pub offset: Vec2,
    pub angle: f32,
    /// kg/m^2: the shape's mass is its area times this.
    pub density: f32,
    pub friction: f32,
    pub restitution: f32,
    pub filter: Filter,
    /// Detects what overlaps it, pushes nothing.
    pub sensor: bool,
    /// A one-way platform's up, in the body's frame (exercise 15.3): what
    /// comes from that side lands on it, what comes from below passes
    /// through. `None` (the default): the shape is solid from every side.
    pub one_way: Option<Vec2>,
}
// ANCHOR_END: shape_def

impl ShapeDef {
    /// `shape` at the body's origin, 1 kg/m^2, the scene files' default
    /// friction (0.2) and restitution (0), colliding with everything.
    pub fn new(shape: Shape) -> ShapeDef {
        ShapeDef {
            shape,
            offset: Vec2::ZERO,
            angle: 0.0,
            density: 1.0,
            friction: 0.2,
            restitution: 0.0,
            filter: Filter::default(),
            sensor: false,
            one_way: None,
        }
    }

    /// The same shape placed at `offset`, turned by `angle`.
    pub fn at(self, offset: Vec2, angle: f32) -> ShapeDef {
        ShapeDef { offset, angle, ..self }
    }

    /// The same shape at `density` kg/m^2.
    pub fn density(self, density: f32) -> ShapeDef {
        ShapeDef { density, ..self }
    }

    /// The same shape with `filter`.
    pub fn filter(self, filter: Filter) -> ShapeDef {
        ShapeDef { filter, ..self }
    }

    /// The same shape as a sensor.
    pub fn sensor(self) -> ShapeDef {
        ShapeDef { sensor: true, ..self }
    }
}

// ANCHOR: filter
/// Which shapes a shape collides with. Each shape is in the categories
/// whose bits `category` sets, and collides with the categories `mask`
/// sets; two shapes collide only if each is in a category the other's mask
/// takes. A `group` overrides both: two shapes of the same positive group
/// always collide, of the same negative group never (group 0 is no
/// group). Box2D's rule, `b2ShouldShapesCollide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    pub category: u64,
    pub mask: u64,
    pub group: i32,
}

impl Default for Filter {
    /// In category 1, colliding with every category, in no group.
    fn default() -> Filter {
        Filter { category: 1, mask: u64::MAX, group: 0 }
    }
}
// ANCHOR_END: filter

#[cfg(feature = "exercises")]
pub use crate::exercises::should_collide;
#[cfg(not(feature = "exercises"))]
// ANCHOR: should_collide
// ANCHOR: should_collide_signature
/// Whether shapes filtered by `a` and `b` collide (the rule is the same
/// either way round).
pub fn should_collide(a: &Filter, b: &Filter) -> bool {
    // ANCHOR_END: should_collide_signature
    if a.group == b.group && a.group != 0 {
        return a.group > 0;
    }
    a.mask & b.category != 0 && b.mask & a.category != 0
}
// ANCHOR_END: should_collide

#[cfg(feature = "exercises")]
pub use crate::exercises::one_way_keeps;
#[cfg(not(feature = "exercises"))]
// ANCHOR: one_way_keeps
// ANCHOR: one_way_keeps_signature
/// Whether a contact with a one-way platform whose up is `up` (a unit
/// vector in the world) holds: `normal` is the contact's normal from the
/// platform to the other shape, `velocity` the other shape's point's
/// velocity relative to the platform's, m/s.
pub fn one_way_keeps(up: Vec2, normal: Vec2, velocity: Vec2) -> bool {
    // ANCHOR_END: one_way_keeps_signature
    // From above (the normal within 45 degrees of up), and not rising
    // through it (a shape rising faster than 1 cm/s passes, even once its
    // centre is above the platform's middle and the normal turns up).
    normal.dot(up) >= std::f32::consts::FRAC_1_SQRT_2 && velocity.dot(up) <= 0.01
}
// ANCHOR_END: one_way_keeps

// ANCHOR: body_mass_struct
/// A body's mass properties: its `mass`, kg; its `centre` of mass in its
/// own frame; its moment of `inertia` about that centre, kg m^2.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BodyMass {
    pub mass: f32,
    pub centre: Vec2,
    pub inertia: f32,
}
// ANCHOR_END: body_mass_struct

#[cfg(feature = "exercises")]
pub use crate::exercises::body_mass;
#[cfg(not(feature = "exercises"))]
// ANCHOR: body_mass
// ANCHOR: body_mass_signature
/// The mass properties of a body made of `shapes` (sensors too: Box2D
/// counts a sensor's density as well).
pub fn body_mass<'a>(
    shapes: impl Iterator<Item = &'a ShapeDef> + Clone,
) -> BodyMass {
    // ANCHOR_END: body_mass_signature
    // The body's centre is the mass-weighted mean of its shapes'
    // centroids; each shape's own moment is carried from its centroid to
    // that centre by the parallel-axis theorem.
    let (mut mass, mut moment, mut count) = (0.0, Vec2::ZERO, 0);
    let mut only = BodyMass::default();
    for (m, c, own) in shapes.clone().map(piece).filter(|p| p.0 > 0.0) {
        mass += m;
        moment += m * c;
        count += 1;
        only = BodyMass { mass: m, centre: c, inertia: own };
    }
    if count <= 1 {
        // One shape: its own centroid and moment, exactly (`m c / m` need
        // not give back `c` to the bit).
        return only;
    }
    let centre = moment / mass;
    let inertia = shapes
        .map(piece)
        .map(|(m, c, own)| own + m * (c - centre).length_squared())
        .sum();
    BodyMass { mass, centre, inertia }
}
// ANCHOR_END: body_mass

/// A shape's mass, its centroid in the body's frame, and its moment of
/// inertia about that centroid: chapter 11's, the shape placed and turned.
pub fn piece(def: &ShapeDef) -> (f32, Vec2, f32) {
    let own = mass_properties(&def.shape);
    let mass = own.mass(def.density);
    let centroid = def.offset + trig::from_angle(def.angle).rotate(own.centroid);
    let inertia = if mass > 0.0 { own.inertia(mass) } else { 0.0 };
    (mass, centroid, inertia)
}

/// `def`'s shape as the narrow phase takes it: in the frame of a body
/// whose centre of mass is at `centre` of its own frame. A polygon's
/// corners and normals are moved there once, here; a circle is kept, with
/// where its centre is in that frame.
pub fn placed(def: &ShapeDef, centre: Vec2) -> (Shape, Vec2) {
    let at = def.offset - centre;
    match def.shape {
        Shape::Circle { radius } => (Shape::Circle { radius }, at),
        Shape::Polygon(p) => {
            let mut q = p;
            if def.angle != 0.0 {
                let turn = trig::from_angle(def.angle);
                for i in 0..q.count {
                    q.vertices[i] = turn.rotate(q.vertices[i]);
                    q.normals[i] = turn.rotate(q.normals[i]);
                }
            }
            (Shape::Polygon(q.shifted(at)), Vec2::ZERO)
        }
    }
}
