//! # Chapter 11: convex polygons and rounded shapes
//!
//! Boxes and circles were enough to build a solver; a game's world is
//! made of other shapes. This chapter collides any convex polygon of up
//! to eight corners, with a radius added all round: a box is a polygon, a
//! rounded box is a box with a radius, and a capsule is a polygon of two
//! corners with a radius. Four ideas carry it:
//!
//! 1. **Support points** ([`shapes::support`]): a convex shape's farthest
//!    point in a direction. The separating-axis test asks each face of
//!    each polygon how far the other polygon's support point against its
//!    normal lies out of it ([`collide::max_separation`]). Chapter 5's
//!    projected radius gives the same only for shapes symmetric about
//!    their centre.
//! 2. **Clipping in general**: the face of least penetration is the
//!    reference face, the other polygon's face most opposed to it the
//!    incident face, clipped to the reference face's sides, as chapter 5
//!    clipped boxes; a rounded shape's points sit halfway between the
//!    rounded surfaces.
//! 3. **Mass properties** of a polygon from a fan of triangles, plus a
//!    strip along each edge and a wedge at each corner when it is rounded
//!    ([`shapes::polygon_mass`]); the body turns about the centroid.
//! 4. **GJK** ([`gjk::distance`]): the distance between any two convex
//!    shapes from their support points, which chapter 12 needs.
//!
//! The bodies are stepped by chapter 10's soft step; this chapter gives
//! it a narrow phase. The book's page is `book/src/ch11-polygons.md`.

pub mod collide;
pub mod demos;
pub mod figures;
pub mod gjk;
pub mod inspector;
pub mod scene;
pub mod shapes;
pub mod water;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

use ch08_sequential_impulses as ch08;
pub use ch09_joints::{Body, Joint, Joints};
use ch10_soft_step::SoftStep;
pub use collide::{collide, max_separation, segment_distance};
pub use shapes::{
    Hull, HullError, LINEAR_SLOP, MAX_VERTICES, MassProperties, Polygon, Shape,
    hull, mass_properties, polygon_mass, support,
};
pub use water::{Water, submerged};

use ch04_manifolds::Circle;
use ch05_obb_clipping::Transform;
use glam::Vec2;
use physics_core::math::cross;
use std::borrow::Cow;

/// How near, in metres, two shapes must come before a speculative
/// contact is made ([`Settings::margin`] at most this): Box2D v3's four
/// times the linear slop.
pub const SPECULATIVE_DISTANCE: f32 = 4.0 * LINEAR_SLOP;

// ANCHOR: world
/// Chapter 10's parts and this chapter's shapes beside them.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// Chapter 8's bodies, contacts and solver settings. A body's own
    /// (chapter 5) `shape` is no longer read: its shape is in `shapes`.
    pub solver: ch08::World,
    pub joints: Joints,
    pub soft: SoftStep,
    /// This chapter's part: each body's real shape.
    pub shapes: Shapes,
    /// Water below a level, pushing bodies up (exercise 11.3); none by
    /// default. Chapter 11's step applies it; later chapters' do not.
    pub water: Option<Water>,
}

/// Each body's real shape, and how the narrow phase treats them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shapes {
    /// Body `i`'s shape, about its centre of mass.
    pub list: Vec<Shape>,
    pub settings: Settings,
}

/// This chapter's switches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Report contacts up to this far apart, metres, with a negative
    /// penetration: speculative contacts (chapter 12). 0: only overlaps.
    pub margin: f32,
    /// Honour floors' hidden faces (the ghost-collision remedy).
    pub floors: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { margin: 0.0, floors: true }
    }
}
// ANCHOR_END: world

impl World {
    /// Bodies made by [`body`] or [`fixed`], and joints between them, under
    /// the Earth's gravity, stepped by the soft step with its defaults.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        let (bodies, list) = pieces.into_iter().unzip();
        World {
            solver: ch08::World::new(bodies, Vec::new()),
            joints: Joints::new(joints),
            soft: SoftStep::default(),
            shapes: Shapes { list, settings: Settings::default() },
            water: None,
        }
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }

    // ANCHOR: step
    /// Advance by `dt` seconds: chapter 10's soft step, with chapter 8's
    /// broad phase (on this chapter's shapes) and this chapter's narrow
    /// phase; first, the water's push, if there is water.
    pub fn step(&mut self, dt: f32) {
        if let Some(water) = self.water {
            water.push(
                &mut self.solver.bodies,
                &self.shapes.list,
                self.solver.gravity,
            );
        }
        let shapes = &self.shapes;
        let (solver, joints) = (&mut self.solver, &mut self.joints);
        self.soft.step(solver, joints, dt, |solver, joints| {
            solver.broad_phase(|i, _, t| shapes.broad_box(i, t, 0.0));
            joints.drop_held_pairs(solver);
            shapes.narrow_phase(solver);
        });
    }
    // ANCHOR_END: step

    /// The deepest overlap among this step's contacts, metres.
    pub fn max_penetration(&self) -> f32 {
        self.solver.max_penetration()
    }

    /// The first movable body whose shape holds world point `at`.
    pub fn body_at(&self, at: Vec2) -> Option<usize> {
        self.shapes.body_at(&self.solver.bodies, at)
    }
}

impl Shapes {
    /// Body `i`'s box for chapter 8's broad phase, placed by `t`: round the
    /// disc about its centre that reaches as far as its shape, the
    /// speculative distance and `margin` (chapter 12's, for a fast body).
    /// Every pair the narrow phase can report is within it.
    pub fn broad_box(&self, i: usize, t: &Transform, margin: f32) -> (Vec2, Vec2) {
        let reach =
            Vec2::splat(reach(&self.list[i]) + SPECULATIVE_DISTANCE + margin);
        (t.position - reach, t.position + reach)
    }

    /// Stage 2: chapter 8's narrow phase on the broad phase's pairs, with
    /// this chapter's collision test of the real shapes.
    pub fn narrow_phase(&self, solver: &mut ch08::World) {
        let (shapes, settings) = (&self.list, self.settings);
        let margin = settings.margin.clamp(0.0, SPECULATIVE_DISTANCE);
        solver.narrow_phase_with(|a, b, _, t| {
            let (sa, sb) = (
                floor_or_not(&shapes[a], settings),
                floor_or_not(&shapes[b], settings),
            );
            collide(&sa, &t[a], &sb, &t[b], margin)
        });
    }

    /// The first movable body of `bodies` whose shape holds world point
    /// `at`.
    pub fn body_at(&self, bodies: &[Body], at: Vec2) -> Option<usize> {
        (0..bodies.len()).find(|&i| {
            let b = &bodies[i];
            b.inv_mass > 0.0 && contains(&self.list[i], b.transform().to_local(at))
        })
    }
}

/// The shape as the narrow phase should see it: with its hidden faces
/// shown when floors are off. Borrowed unless it changes: a polygon is
/// worth not copying for every pair of every step.
pub fn floor_or_not(shape: &Shape, settings: Settings) -> Cow<'_, Shape> {
    match shape {
        Shape::Polygon(p) if !settings.floors && p.is_floor() => {
            Cow::Owned(Shape::Polygon(Polygon { hidden: 0, ..*p }))
        }
        other => Cow::Borrowed(other),
    }
}

// ANCHOR: body
/// A movable body of `shape` at `density` kg/m^2 whose own frame is at
/// `origin`, turned by `angle`: the shape is moved so that its centroid
/// is the body's centre, and the body placed where that centroid is.
pub fn body(shape: Shape, origin: Vec2, angle: f32, density: f32) -> (Body, Shape) {
    let mass = mass_properties(&shape);
    let (shape, centre) = centred(shape, origin, angle, mass.centroid);
    let m = mass.mass(density);
    let mut b = Body::new(NO_SHAPE, centre, angle, m);
    b.inv_inertia = 1.0 / mass.inertia(m);
    (b, shape)
}

/// A static body of `shape` whose frame is at `origin`, turned by `angle`.
pub fn fixed(shape: Shape, origin: Vec2, angle: f32) -> (Body, Shape) {
    let centroid = mass_properties(&shape).centroid;
    let (shape, centre) = centred(shape, origin, angle, centroid);
    (Body::fixed(NO_SHAPE, centre, angle), shape)
}
// ANCHOR_END: body

/// `shape` moved by `-centroid`, and where the centroid is in the world.
fn centred(
    shape: Shape,
    origin: Vec2,
    angle: f32,
    centroid: Vec2,
) -> (Shape, Vec2) {
    let centre = Transform::new(origin, angle).to_world(centroid);
    let shape = match shape {
        Shape::Polygon(p) => Shape::Polygon(p.shifted(-centroid)),
        circle => circle,
    };
    (shape, centre)
}

/// A body's own (chapter 5) shape from this chapter on: a point, never
/// read. The body's shape is in [`Shapes`], which bounds it for the broad
/// phase ([`Shapes::broad_box`]) and collides it.
pub const NO_SHAPE: ch05_obb_clipping::Shape =
    ch05_obb_clipping::Shape::Circle(Circle { radius: 0.0 });

/// How far `shape` reaches from its centre.
pub fn reach(shape: &Shape) -> f32 {
    match shape {
        Shape::Circle { radius } => *radius,
        Shape::Polygon(p) => {
            p.corners().iter().map(|v| v.length()).fold(0.0, f32::max) + p.radius
        }
    }
}

/// Whether `shape` holds `local`, a point in its own frame.
pub fn contains(shape: &Shape, local: Vec2) -> bool {
    match shape {
        Shape::Circle { radius } => local.length() <= *radius,
        Shape::Polygon(p) => {
            let corners = p.corners();
            let inside = p.count >= 3
                && (0..p.count)
                    .all(|i| p.normals[i].dot(local - corners[i]) <= 0.0);
            inside
                || (0..p.count).any(|i| {
                    let (v, w) = (corners[i], corners[(i + 1) % p.count]);
                    point_segment_distance(local, v, w) <= p.radius
                })
        }
    }
}

/// The distance from `p` to the segment `v w`.
pub fn point_segment_distance(p: Vec2, v: Vec2, w: Vec2) -> f32 {
    let e = w - v;
    let t = if e.length_squared() > 0.0 {
        ((p - v).dot(e) / e.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(v + t * e)
}

/// The outline of `shape` placed by `t`, for drawing: a rounded corner
/// as a few segments of its arc.
pub fn outline(shape: &Shape, t: &Transform) -> Vec<Vec2> {
    const ARC: usize = 6;
    match shape {
        Shape::Circle { radius } => (0..24)
            .map(|i| {
                t.to_world(
                    *radius
                        * physics_core::trig::from_angle(
                            i as f32 * std::f32::consts::TAU / 24.0,
                        ),
                )
            })
            .collect(),
        Shape::Polygon(p) if p.radius == 0.0 => {
            p.corners().iter().map(|v| t.to_world(*v)).collect()
        }
        Shape::Polygon(p) => {
            let n = p.count;
            let mut out = Vec::with_capacity(n * (ARC + 1));
            for i in 0..n {
                let (from, to) = (p.normals[(i + n - 1) % n], p.normals[i]);
                let turn = physics_core::trig::atan2(cross(from, to), from.dot(to));
                let turn =
                    if turn <= 0.0 { turn + std::f32::consts::TAU } else { turn };
                for k in 0..=ARC {
                    let a = turn * k as f32 / ARC as f32;
                    let (s, c) = physics_core::trig::sin_cos(a);
                    let dir =
                        Vec2::new(c * from.x - s * from.y, s * from.x + c * from.y);
                    out.push(t.to_world(p.vertices[i] + p.radius * dir));
                }
            }
            out
        }
    }
}
