//! Scene files: a world described in JSON, loaded and checked here, mapped by each
//! chapter onto its own bodies.
//!
//! ```json
//! { "gravity": [0, -9.81], "dt": 0.016666668, "iterations": 10,
//!   "bodies": [
//!     { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 4], "velocity": [1, 0],
//!       "mass": 2.0, "restitution": 0.5, "friction": 0.3 },
//!     { "shape": { "box": { "half_extents": [10, 0.5] } }, "position": [0, -0.5], "angle": 0.1, "static": true },
//!     { "shape": { "plane": { "normal": [0, 1], "offset": 0 } }, "static": true }
//!   ],
//!   "joints": [ { "distance": { "body_a": 0, "body_b": 1, "anchor_a": [0, 0], "anchor_b": [0, 0], "length": 2.0 } } ] }
//! ```
//!
//! A distance joint with `"rope": true` is a rope rather than a rod: `length` is
//! then the longest the rope lets the anchors be, and it only pulls.
//!
//! From chapter 9, a joint may also be a pin, a slider or a weld. Each takes
//! `body_a`, `body_b` and either `anchor` (one world point, where the joint is
//! made) or `anchor_a` and `anchor_b` (points in the bodies' own frames, default
//! their centres); the bodies' angles when the scene starts are the angle a weld or
//! slider keeps and the zero of a pin's limit:
//!
//! ```json
//! { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 2],
//!                 "limit": [-0.5, 0.5], "motor": { "speed": 2.0, "max_torque": 50 } } }
//! { "prismatic": { "body_a": 0, "body_b": 1, "anchor": [0, 2], "axis": [1, 0],
//!                  "limit": [-1, 1], "motor": { "speed": 0.5, "max_force": 200 } } }
//! { "weld": { "body_a": 0, "body_b": 1, "anchor": [0.5, 2] } }
//! ```
//!
//! A pin's `limit` is in radians, a slider's in metres along its `axis` (a
//! direction in A's frame); `lower <= upper`. A motor's `speed` is rad/s or m/s;
//! its `max_torque` (N m) or `max_force` (N) is 0 or more.
//!
//! Every field but `bodies` and each body's `shape` (and `position`, except for
//! planes) has a default. An unknown or misspelt field is an error, never ignored,
//! and so is any value the engine cannot simulate: each error names the field by
//! its path and shows the value.

use glam::Vec2;
use serde::Deserialize;
use std::fmt;
use std::path::Path;

/// What went wrong with a scene, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    /// The field, as a path: `bodies[2].shape.circle.radius`; empty for the file as
    /// a whole.
    pub field: String,
    /// What is wrong, with the offending value.
    pub message: String,
}

impl SceneError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        SceneError { field: field.into(), message: message.into() }
    }

    /// A value this chapter cannot simulate yet: names the field, the value, and
    /// the chapter that adds what it needs, e.g. `needs("gravity", "[0, -9.81]",
    /// "gravity", "chapter 2 (ch02-planes-restitution)")`.
    pub fn needs(
        field: impl Into<String>,
        value: impl fmt::Display,
        what: &str,
        chapter: &str,
    ) -> Self {
        SceneError::new(
            field,
            format!(
                "{value}: {what} is not simulated here; it arrives in {chapter}"
            ),
        )
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for SceneError {}

/// The shape of a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    Circle {
        radius: f32,
    },
    Box {
        half_extents: Vec2,
    },
    /// The line `normal . x = offset`. The unit `normal` points into the free side,
    /// so a point `x` is `normal . x - offset` metres clear of the plane (negative:
    /// inside the wall).
    Plane {
        normal: Vec2,
        offset: f32,
    },
    /// A convex polygon of `count` corners (3 to [`MAX_POLYGON_VERTICES`]),
    /// counter-clockwise about the body's origin (`position`), with `radius` of
    /// rounding all round. A file may list the corners clockwise: they are reversed
    /// (chapter 11).
    Polygon {
        vertices: [Vec2; MAX_POLYGON_VERTICES],
        count: usize,
        radius: f32,
    },
    /// A segment from `(-half_length, 0)` to `(half_length, 0)` in the body's frame
    /// with `radius` all round (chapter 11).
    Capsule {
        half_length: f32,
        radius: f32,
    },
}

/// The most corners a scene's polygon may have.
pub const MAX_POLYGON_VERTICES: usize = 8;

impl Shape {
    /// Area in m^2 (infinite for a plane).
    pub fn area(&self) -> f32 {
        match *self {
            Shape::Circle { radius } => std::f32::consts::PI * radius * radius,
            Shape::Box { half_extents } => 4.0 * half_extents.x * half_extents.y,
            Shape::Plane { .. } => f32::INFINITY,
            Shape::Polygon { vertices, count, radius } => {
                // The polygon, a strip along each edge and the corners' wedges (one
                // disc).
                let v = &vertices[..count];
                let (mut twice_area, mut perimeter) = (0.0, 0.0);
                for (i, p) in v.iter().enumerate() {
                    let q = v[(i + 1) % count];
                    twice_area += p.perp_dot(q);
                    perimeter += p.distance(q);
                }
                twice_area / 2.0
                    + perimeter * radius
                    + std::f32::consts::PI * radius * radius
            }
            Shape::Capsule { half_length, radius } => {
                4.0 * half_length * radius + std::f32::consts::PI * radius * radius
            }
        }
    }

    /// The name used in scene files.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Circle { .. } => "circle",
            Shape::Box { .. } => "box",
            Shape::Plane { .. } => "plane",
            Shape::Polygon { .. } => "polygon",
            Shape::Capsule { .. } => "capsule",
        }
    }
}

/// What a scene file can ask of a chapter beyond moving circles with no gravity
/// that bounce back at full speed. Each chapter declares the features its scenes
/// may hold ([`Chapter::supports`](crate::demo::Chapter::supports));
/// [`Scene::require`] refuses the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A `gravity` other than `[0, 0]`.
    Gravity,
    /// `plane` bodies.
    Planes,
    /// A `restitution` other than 1.
    Restitution,
    /// A `static` circle or box.
    StaticBodies,
    /// `box` bodies, upright.
    Boxes,
    /// A box with an `angle`.
    TurnedBoxes,
    /// An `angular_velocity`, or an `angle` on a circle: bodies that turn.
    Rotation,
    /// `joints`: distance joints (rods and ropes).
    Joints,
    /// `revolute`, `prismatic` and `weld` joints.
    RigidJoints,
    /// `polygon` and `capsule` bodies.
    Polygons,
    /// `bullet` bodies: continuous collision against moving bodies too.
    Bullets,
}

impl Feature {
    /// The chapter that first simulates it: its number and package.
    pub fn arrives_in(self) -> (u32, &'static str) {
        match self {
            Feature::Gravity | Feature::Planes | Feature::Restitution => {
                (2, "ch02-planes-restitution")
            }
            Feature::StaticBodies => (3, "ch03-mass-weighted-impulses"),
            Feature::Boxes => (4, "ch04-manifolds"),
            Feature::TurnedBoxes => (5, "ch05-obb-clipping"),
            Feature::Rotation => (6, "ch06-rotation-friction"),
            Feature::Joints => (7, "ch07-distance-constraints"),
            Feature::RigidJoints => (9, "ch09-joints"),
            Feature::Polygons => (11, "ch11-polygons"),
            Feature::Bullets => (12, "ch12-continuous"),
        }
    }

    /// What the feature is, for a sentence: "a plane", "rotation".
    fn what(self) -> &'static str {
        match self {
            Feature::Gravity => "gravity",
            Feature::Planes => "a plane",
            Feature::Restitution => "a restitution other than 1",
            Feature::StaticBodies => "a static body",
            Feature::Boxes => "a box",
            Feature::TurnedBoxes => "a turned box",
            Feature::Rotation => "rotation",
            Feature::Joints => "a joint",
            Feature::RigidJoints => "a revolute, prismatic or weld joint",
            Feature::Polygons => "a polygon or capsule",
            Feature::Bullets => "a bullet",
        }
    }

    /// The error for `field` holding `value` in chapter `chapter`, which does not
    /// support it.
    fn refuse(
        self,
        chapter: u32,
        field: String,
        value: impl fmt::Display,
    ) -> SceneError {
        let (number, package) = self.arrives_in();
        if self == Feature::Planes && chapter > number {
            return SceneError::new(
                field,
                format!(
                    "{value}: chapter {chapter} collides circles and boxes only; \
                     use a large static box as a floor or wall"
                ),
            );
        }
        SceneError::needs(
            field,
            value,
            self.what(),
            &format!("chapter {number} ({package})"),
        )
    }
}

/// A checked body from a scene file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneBody {
    pub shape: Shape,
    /// Centre of mass; zero for planes.
    pub position: Vec2,
    pub angle: f32,
    pub velocity: Vec2,
    pub angular_velocity: f32,
    /// In kg: `mass` if given, otherwise density x area; infinite for static
    /// bodies.
    pub mass: f32,
    pub restitution: f32,
    pub friction: f32,
    pub is_static: bool,
    /// Swept against moving bodies as well as static ones (chapter 12).
    pub bullet: bool,
}

impl SceneBody {
    /// World point `p` in the body's own frame (its centre the origin, turned with
    /// it).
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        crate::trig::from_angle(-self.angle).rotate(p - self.position)
    }

    /// 1 / mass; 0 for a static body.
    pub fn inv_mass(&self) -> f32 {
        if self.is_static { 0.0 } else { 1.0 / self.mass }
    }
}

/// A checked joint from a scene file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SceneJoint {
    /// Keeps `anchor_a` on body A and `anchor_b` on body B (both in the bodies' own
    /// frames) `length` apart; without a length, the distance they start at. With
    /// `rope`, at most `length` apart: a rope that only pulls (`"rope": true` in
    /// the file; default false).
    Distance {
        body_a: usize,
        body_b: usize,
        anchor_a: Vec2,
        anchor_b: Vec2,
        length: Option<f32>,
        rope: bool,
    },
    /// A pin at `anchor_a` on A and `anchor_b` on B (the bodies' own frames), B
    /// turning within `limit` (radians from the starting angle) and driven by
    /// `motor`.
    Revolute {
        body_a: usize,
        body_b: usize,
        anchor_a: Vec2,
        anchor_b: Vec2,
        limit: Option<(f32, f32)>,
        motor: Option<SceneMotor>,
    },
    /// A slider: B's anchor on the line through A's along `axis` (unit, A's frame),
    /// the bodies' angle kept, within `limit` (metres along the axis) and driven by
    /// `motor`.
    Prismatic {
        body_a: usize,
        body_b: usize,
        anchor_a: Vec2,
        anchor_b: Vec2,
        axis: Vec2,
        limit: Option<(f32, f32)>,
        motor: Option<SceneMotor>,
    },
    /// The anchors held together and the angle kept.
    Weld { body_a: usize, body_b: usize, anchor_a: Vec2, anchor_b: Vec2 },
}

impl SceneJoint {
    /// The two bodies the joint holds.
    pub fn bodies(&self) -> (usize, usize) {
        match *self {
            SceneJoint::Distance { body_a, body_b, .. }
            | SceneJoint::Revolute { body_a, body_b, .. }
            | SceneJoint::Prismatic { body_a, body_b, .. }
            | SceneJoint::Weld { body_a, body_b, .. } => (body_a, body_b),
        }
    }

    /// The name used in scene files.
    pub fn kind(&self) -> &'static str {
        match self {
            SceneJoint::Distance { .. } => "distance",
            SceneJoint::Revolute { .. } => "revolute",
            SceneJoint::Prismatic { .. } => "prismatic",
            SceneJoint::Weld { .. } => "weld",
        }
    }
}

/// A joint's motor: `speed` in rad/s (pin) or m/s (slider), and the most torque (N
/// m) or force (N) it may use, 0 or more.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneMotor {
    pub speed: f32,
    pub max_force: f32,
}

/// A checked scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub gravity: Vec2,
    pub dt: f32,
    pub iterations: u32,
    pub bodies: Vec<SceneBody>,
    pub joints: Vec<SceneJoint>,
}

/// The largest step a scene may ask for, in seconds. Beyond a second a step no
/// longer approximates continuous motion at all, and it is far more likely a value
/// in milliseconds.
pub const MAX_DT: f32 = 1.0;
/// The largest solver iteration count a scene may ask for.
pub const MAX_ITERATIONS: u32 = 1000;
/// The largest scene file read, in bytes (64 MiB): far beyond any scene a person
/// writes, and a bound on what a wrong path can make the loader read.
pub const MAX_SCENE_BYTES: u64 = 64 << 20;

/// The smallest step, in seconds. The solver divides by the step (a bias is a
/// distance per step); below a microsecond those quotients leave what f32 holds for
/// metre-sized overlaps.
pub const MIN_DT: f32 = 1e-6;

/// The world this engine simulates in f32, and the limits the loader holds every
/// scene to, so that no quantity derived from accepted values (an inverse inertia,
/// a momentum, a kinetic energy, a mixed friction) leaves what f32 can hold. Sizes
/// from a micrometre to a thousand kilometres, positions and joint lengths within a
/// thousand kilometres, masses from a microgram to a billion tonnes (the moments of
/// inertia that follow then lie between 1e-21 and 1e24 kg m^2, their inverses
/// normal numbers), speeds to 100 km/s, spins to 1e5 rad/s, gravity to 1000 g,
/// friction coefficients to 1000 (a contact sticks from about 1 already).
pub mod limits {
    pub const MIN_SIZE: f32 = 1e-6;
    /// A polygon's corners must be this far apart, metres, and each this far inside
    /// the line of every edge it is not on: nearer, the engine takes them for one
    /// point or for a straight edge (chapter 11's linear slop).
    pub const MIN_CORNER_GAP: f32 = 0.005;
    pub const MAX_LENGTH: f32 = 1e6;
    pub const MIN_MASS: f32 = 1e-9;
    pub const MAX_MASS: f32 = 1e12;
    pub const MAX_SPEED: f32 = 1e5;
    pub const MAX_SPIN: f32 = 1e5;
    pub const MAX_GRAVITY: f32 = 1e4;
    pub const MAX_FRICTION: f32 = 1e3;
}

/// A number for a message: plain when it reads well (0.5, 1000), in e-notation when
/// it would be a long row of digits (1e-10, 3.4e38).
fn num(v: f32) -> String {
    if v != 0.0 && !(1e-4..1e7).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

/// `v` if `|v| <= most`, else an error naming `field`, the value and `what` the
/// limit is.
fn within(field: &str, v: f32, most: f32, what: &str) -> Result<f32, SceneError> {
    if v.abs() <= most {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("{} is beyond {} {what}", num(v), num(most)),
        ))
    }
}

/// The same for a vector's length.
fn within2(
    field: &str,
    v: Vec2,
    most: f32,
    what: &str,
) -> Result<Vec2, SceneError> {
    if v.length() <= most {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("[{}, {}] is beyond {} {what}", num(v.x), num(v.y), num(most)),
        ))
    }
}

/// Scene files with one thing wrong, the field the error must name, and the value
/// it must show. The loader's tests check each message, and `viewer::conformance`
/// checks that every chapter's binary refuses each with exit code 1, that message,
/// and no output file.
pub const BAD_SCENES: &[(&str, &str, &str)] = &[
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": -1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "-1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1e39 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "1e39",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": 1e-46 } ] }"#,
        "bodies[0].mass",
        "1e-46",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 0] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.box.half_extents",
        "[1, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": -2 } ] }"#,
        "bodies[0].mass",
        "-2",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "mass": 0 } ] }"#,
        "bodies[0].mass",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 0], "offset": 0 } } } ] }"#,
        "bodies[0].shape.plane.normal",
        "[0, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "density": 0 } ] }"#,
        "bodies[0].density",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "restitution": 1.5 } ] }"#,
        "bodies[0].restitution",
        "1.5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "friction": -0.1 } ] }"#,
        "bodies[0].friction",
        "-0.1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "colour": "red" } ] }"#,
        "bodies[0].colour",
        "colour",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } "#,
        "bodies",
        "line 1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } } } ] }"#,
        "bodies[0].position",
        "missing",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true, "velocity": [1, 0] } ] }"#,
        "bodies[0].velocity",
        "[1, 0]",
    ),
    (r#"{ "dt": 0, "bodies": [] }"#, "dt", "0"),
    (r#"{ "dt": -0.01, "bodies": [] }"#, "dt", "-0.01"),
    (r#"{ "dt": 16, "bodies": [] }"#, "dt", "16"),
    (r#"{ "iterations": 0, "bodies": [] }"#, "iterations", "0"),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 5 } } ] }"#,
        "joints[0].distance.body_b",
        "5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 0 } } ] }"#,
        "joints[0].distance.body_b",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0], "static": true } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 1 } } ] }"#,
        "joints[0]",
        "static",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "limit": [1, -1] } } ] }"#,
        "joints[0].revolute.limit",
        "[1, -1]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "revolute": { "body_a": 0, "body_b": 1,
                                         "motor": { "speed": 1, "max_torque": -5 } } } ] }"#,
        "joints[0].revolute.motor.max_torque",
        "-5",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] } ],
             "joints": [ { "weld": { "body_a": 0, "body_b": 2 } } ] }"#,
        "joints[0].weld.body_b",
        "2",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0] },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "prismatic": { "body_a": 0, "body_b": 1, "axis": [0, 0] } } ] }"#,
        "joints[0].prismatic.axis",
        "[0, 0]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1e-10 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.circle.radius",
        "1e-10",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "mass": 1e38 } ] }"#,
        "bodies[0].mass",
        "1e38 kg",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "density": 1e-30 } ] }"#,
        "bodies[0].density",
        "kg",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "density": 1e-38 } ] }"#,
        "bodies[0].density",
        "1e-38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "friction": 1.9e19 } ] }"#,
        "bodies[0].friction",
        "1.9e19",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 0.5 } }, "position": [0, 0], "angular_velocity": 3.4e38 } ] }"#,
        "bodies[0].angular_velocity",
        "3.4e38",
    ),
    (r#"{ "dt": 1e-9, "bodies": [] }"#, "dt", "1e-9"),
    (r#"{ "bodies": [] } { "bodies": [] }"#, "", "a file holds one scene"),
    (r#"[ [0, 0], 0.5, 3 ]"#, "", "one JSON object"),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0, 0] } ] }"#,
        "bodies[0].position",
        "found 3 numbers",
    ),
    (
        r#"{ "bodies": [ { "shape": { "circle": { "radius": 1 } }, "position": [0, 0], "static": true },
                         { "shape": { "circle": { "radius": 1 } }, "position": [3, 0] } ],
             "joints": [ { "distance": { "body_a": 0, "body_b": 1, "length": 3.4e38 } } ] }"#,
        "joints[0].distance.length",
        "3.4e38",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices",
        "2 corners",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [2, 0], [1, 0.5], [1, 2]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[2]",
        "[1, 0.5]",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [2, 0], [1, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[1]",
        "[1, 0]",
    ),
    (
        // A five-pointed star drawn in one stroke: every corner bulges out
        // from its neighbours, but the edges cross.
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 1], [-0.588, -0.809], [0.951, 0.309], [-0.951, 0.309], [0.588, -0.809]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[3]",
        "is not inside the edge",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [1, 0.001], [0, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[2]",
        "the same corner twice",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1, 0], [0, 1]], "radius": -0.1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.radius",
        "-0.1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "polygon": { "vertices": [[0, 0], [1e9, 0], [0, 1]] } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.polygon.vertices[1]",
        "1e9",
    ),
    (
        r#"{ "bodies": [ { "shape": { "capsule": { "half_length": 0, "radius": 0.2 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.capsule.half_length",
        "0",
    ),
    (
        r#"{ "bodies": [ { "shape": { "capsule": { "half_length": 0.5, "radius": -1 } }, "position": [0, 0] } ] }"#,
        "bodies[0].shape.capsule.radius",
        "-1",
    ),
    (
        r#"{ "bodies": [ { "shape": { "box": { "half_extents": [1, 1] } }, "position": [0, 0], "static": true, "bullet": true } ] }"#,
        "bodies[0].bullet",
        "static",
    ),
];

// The file as written. Field names here are the public format: change them only
// compatibly.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SceneFile {
    #[serde(deserialize_with = "exact_pair_opt", default)]
    gravity: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    dt: Option<f32>,
    iterations: Option<i64>,
    bodies: Vec<BodyFile>,
    #[serde(default)]
    joints: Vec<JointFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BodyFile {
    shape: ShapeFile,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    position: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    angle: Option<f32>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    velocity: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    angular_velocity: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    mass: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    density: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    restitution: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    friction: Option<f32>,
    #[serde(rename = "static")]
    is_static: Option<bool>,
    bullet: Option<bool>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum ShapeFile {
    Circle(CircleFile),
    Box(BoxFile),
    Plane(PlaneFile),
    Polygon(PolygonFile),
    Capsule(CapsuleFile),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolygonFile {
    #[serde(deserialize_with = "exact_pairs")]
    vertices: Vec<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    radius: Option<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapsuleFile {
    #[serde(deserialize_with = "exact")]
    half_length: f32,
    #[serde(deserialize_with = "exact")]
    radius: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CircleFile {
    #[serde(deserialize_with = "exact")]
    radius: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoxFile {
    #[serde(deserialize_with = "exact_pair")]
    half_extents: [f32; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaneFile {
    #[serde(deserialize_with = "exact_pair")]
    normal: [f32; 2],
    #[serde(deserialize_with = "exact")]
    offset: f32,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum JointFile {
    Distance(DistanceFile),
    Revolute(RevoluteFile),
    Prismatic(PrismaticFile),
    Weld(WeldFile),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RevoluteFile {
    body_a: i64,
    body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    limit: Option<[f32; 2]>,
    motor: Option<TorqueMotorFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TorqueMotorFile {
    #[serde(deserialize_with = "exact")]
    speed: f32,
    #[serde(deserialize_with = "exact")]
    max_torque: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrismaticFile {
    body_a: i64,
    body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair")]
    axis: [f32; 2],
    #[serde(deserialize_with = "exact_pair_opt", default)]
    limit: Option<[f32; 2]>,
    motor: Option<ForceMotorFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForceMotorFile {
    #[serde(deserialize_with = "exact")]
    speed: f32,
    #[serde(deserialize_with = "exact")]
    max_force: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeldFile {
    body_a: i64,
    body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_b: Option<[f32; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DistanceFile {
    body_a: i64,
    body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    length: Option<f32>,
    rope: Option<bool>,
}

/// A number of the file as an f32, refused (with the number as written, near
/// enough: the f64 it reads as) when f32 cannot hold it: beyond 3.4e38, or so close
/// to 0 that it would become 0 or lose its precision. So `"mass": 1e-46` is refused
/// as 1e-46, not accepted as 0.
fn to_f32<E: serde::de::Error>(v: f64) -> Result<f32, E> {
    if v.is_finite() && v.abs() > f64::from(f32::MAX) {
        return Err(E::custom(format!("{v:e} is beyond 3.4e38, the largest f32")));
    }
    if v != 0.0 && v.abs() < f64::from(f32::MIN_POSITIVE) {
        return Err(E::custom(format!(
            "{v:e} is closer to 0 than 1.2e-38, the smallest normal f32; write 0 for zero"
        )));
    }
    Ok(v as f32)
}

fn exact<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    to_f32(f64::deserialize(d)?)
}

fn exact_opt<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<f32>, D::Error> {
    Option::<f64>::deserialize(d)?.map(to_f32).transpose()
}

/// Two numbers `[x, y]`; any other count is named as such (not "trailing
/// characters").
fn pair<E: serde::de::Error>(v: Vec<f64>) -> Result<[f32; 2], E> {
    match v[..] {
        [x, y] => Ok([to_f32(x)?, to_f32(y)?]),
        _ => Err(E::custom(format!(
            "expected two numbers [x, y], found {} numbers",
            v.len()
        ))),
    }
}

fn exact_pair<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<[f32; 2], D::Error> {
    pair(Vec::<f64>::deserialize(d)?)
}

fn exact_pairs<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<[f32; 2]>, D::Error> {
    let all: Vec<Vec<f64>> = Vec::deserialize(d)?;
    all.into_iter().map(pair).collect()
}

fn exact_pair_opt<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<[f32; 2]>, D::Error> {
    Option::<Vec<f64>>::deserialize(d)?.map(pair).transpose()
}

fn show(v: [f32; 2]) -> String {
    format!("[{}, {}]", v[0], v[1])
}

fn finite(field: &str, v: f32) -> Result<f32, SceneError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(SceneError::new(field, format!("{v} is not a finite number")))
    }
}

fn finite2(field: &str, v: [f32; 2]) -> Result<Vec2, SceneError> {
    if v[0].is_finite() && v[1].is_finite() {
        Ok(Vec2::new(v[0], v[1]))
    } else {
        Err(SceneError::new(
            field,
            format!("{} has a component that is not a finite number", show(v)),
        ))
    }
}

/// A size (a radius, a half extent) within the limits.
fn size(field: &str, v: f32) -> Result<f32, SceneError> {
    if v < limits::MIN_SIZE {
        return Err(SceneError::new(
            field,
            format!(
                "{} m is below {} m, the smallest size simulated",
                num(v),
                num(limits::MIN_SIZE)
            ),
        ));
    }
    within(field, v, limits::MAX_LENGTH, "m, the largest size simulated")
}

/// A polygon from a file: 3 to 8 corners, each finite and within the largest
/// length, no two nearer than `MIN_CORNER_GAP`, some area, convex (each corner at
/// least `MIN_CORNER_GAP` inside every edge it is not on); clockwise corners are
/// reversed. `at` is the field's path.
fn polygon(at: &str, p: PolygonFile) -> Result<Shape, SceneError> {
    let field = format!("{at}.vertices");
    let n = p.vertices.len();
    if !(3..=MAX_POLYGON_VERTICES).contains(&n) {
        return Err(SceneError::new(
            field,
            format!("{n} corners: a polygon has 3 to {MAX_POLYGON_VERTICES}"),
        ));
    }
    let mut vertices = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    for (i, v) in p.vertices.iter().enumerate() {
        let here = format!("{field}[{i}]");
        let what = "m, the largest distance simulated";
        vertices[i] =
            within2(&here, finite2(&here, *v)?, limits::MAX_LENGTH, what)?;
    }
    let corners = &mut vertices[..n];
    for i in 0..n {
        for j in 0..i {
            if corners[i].distance(corners[j]) < limits::MIN_CORNER_GAP {
                return Err(SceneError::new(
                    format!("{field}[{i}]"),
                    format!(
                        "{} is within {} m of {field}[{j}]: the same corner twice",
                        show(p.vertices[i]),
                        num(limits::MIN_CORNER_GAP)
                    ),
                ));
            }
        }
    }
    let twice_area: f32 =
        (0..n).map(|i| corners[i].perp_dot(corners[(i + 1) % n])).sum();
    if twice_area < 0.0 {
        corners.reverse(); // clockwise: the documented fix-up
    }
    // Each corner inside every edge it is not on: convex and counter-clockwise, no
    // corner on a straight edge, some area. (Corner indices refer to the file's
    // order.)
    let file_index = |k: usize| if twice_area < 0.0 { n - 1 - k } else { k };
    // First each corner against the line through its two neighbours: a dent
    // or a corner on a straight edge is named itself.
    for i in 0..n {
        let (before, after) = (corners[(i + n - 1) % n], corners[(i + 1) % n]);
        let chord = after - before;
        let out = -chord.perp_dot(corners[i] - before) / chord.length();
        if out.is_nan() || out < limits::MIN_CORNER_GAP {
            let k = file_index(i);
            return Err(SceneError::new(
                format!("{field}[{k}]"),
                format!(
                    "{} is {} m out from the line through its neighbours (it must be {} m \
                     out): the polygon has a dent there, or the corner lies on a straight edge",
                    show(p.vertices[k]),
                    num(out),
                    num(limits::MIN_CORNER_GAP)
                ),
            ));
        }
    }
    // Then every corner inside every edge: this also refuses a star whose
    // corners each bulge out but whose edges cross.
    for i in 0..n {
        let (a, b) = (corners[i], corners[(i + 1) % n]);
        let edge = b - a;
        for k in (0..n).filter(|&k| k != i && k != (i + 1) % n) {
            let inside = edge.perp_dot(corners[k] - a) / edge.length();
            if inside.is_nan() || inside < limits::MIN_CORNER_GAP {
                let (e0, e1, k) =
                    (file_index(i), file_index((i + 1) % n), file_index(k));
                return Err(SceneError::new(
                    format!("{field}[{k}]"),
                    format!(
                        "{} is not inside the edge from {field}[{e0}] to {field}[{e1}] \
                         (by {} m; it must be {} m in): the polygon is not convex, \
                         or a corner lies on a straight edge",
                        show(p.vertices[k]),
                        num(inside),
                        num(limits::MIN_CORNER_GAP)
                    ),
                ));
            }
        }
    }
    let radius = match p.radius {
        None => 0.0,
        Some(0.0) => 0.0,
        Some(r) => {
            size(&format!("{at}.radius"), positive(&format!("{at}.radius"), r)?)?
        }
    };
    Ok(Shape::Polygon { vertices, count: n, radius })
}

/// A mass within the limits; `why` says where a derived mass came from.
fn mass_within(field: &str, m: f32, why: &str) -> Result<f32, SceneError> {
    if (limits::MIN_MASS..=limits::MAX_MASS).contains(&m) {
        Ok(m)
    } else {
        Err(SceneError::new(
            field,
            format!(
                "gives a mass of {} kg{why}, outside {} to {} kg, the masses simulated",
                num(m),
                num(limits::MIN_MASS),
                num(limits::MAX_MASS)
            ),
        ))
    }
}

fn positive(field: &str, v: f32) -> Result<f32, SceneError> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("{v} must be a finite number greater than 0"),
        ))
    }
}

impl Scene {
    /// Refuse what chapter `chapter` does not simulate: every [`Feature`] the scene
    /// uses and `supports` does not list, naming the first such field and its
    /// value.
    pub fn require(
        &self,
        chapter: u32,
        supports: &[Feature],
    ) -> Result<(), SceneError> {
        let missing = |f: Feature| !supports.contains(&f);
        if missing(Feature::Gravity) && self.gravity != Vec2::ZERO {
            let value = format!("[{}, {}]", self.gravity.x, self.gravity.y);
            return Err(Feature::Gravity.refuse(chapter, "gravity".into(), value));
        }
        for (i, b) in self.bodies.iter().enumerate() {
            let at = |field: &str| format!("bodies[{i}].{field}");
            let shape = match b.shape {
                Shape::Circle { .. } => None,
                Shape::Box { .. } => Some(Feature::Boxes),
                Shape::Plane { .. } => Some(Feature::Planes),
                Shape::Polygon { .. } | Shape::Capsule { .. } => {
                    Some(Feature::Polygons)
                }
            };
            if let Some(f) = shape.filter(|&f| missing(f)) {
                return Err(f.refuse(chapter, at("shape"), b.shape.kind()));
            }
            let turned = match b.shape {
                Shape::Box { .. } => Feature::TurnedBoxes,
                _ => Feature::Rotation,
            };
            let checks = [
                (
                    Feature::StaticBodies,
                    "static",
                    b.is_static && shape != Some(Feature::Planes),
                    1.0,
                ),
                (
                    Feature::Restitution,
                    "restitution",
                    b.restitution != 1.0,
                    b.restitution,
                ),
                (turned, "angle", b.angle != 0.0, b.angle),
                (
                    Feature::Rotation,
                    "angular_velocity",
                    b.angular_velocity != 0.0,
                    b.angular_velocity,
                ),
                (Feature::Bullets, "bullet", b.bullet, 1.0),
            ];
            for (f, field, used, value) in checks {
                if used && missing(f) {
                    let shown = if field == "static" || field == "bullet" {
                        "true".to_string()
                    } else {
                        value.to_string()
                    };
                    return Err(f.refuse(chapter, at(field), shown));
                }
            }
        }
        for (i, j) in self.joints.iter().enumerate() {
            let rigid = !matches!(j, SceneJoint::Distance { .. });
            if rigid && missing(Feature::RigidJoints) {
                let f = Feature::RigidJoints;
                return Err(f.refuse(chapter, format!("joints[{i}]"), j.kind()));
            }
        }
        if missing(Feature::Joints) && !self.joints.is_empty() {
            let value = format!("{} joints", self.joints.len());
            return Err(Feature::Joints.refuse(chapter, "joints".into(), value));
        }
        Ok(())
    }

    /// Read and check a scene file. Errors start with the file's name.
    pub fn load(path: &Path) -> Result<Scene, SceneError> {
        use std::io::Read;
        let fail = |why: String| {
            SceneError::new(
                "",
                format!("cannot read scene file `{}`: {why}", path.display()),
            )
        };
        // Only a regular file, and not a huge one: a FIFO would block forever and
        // `/dev/zero` would fill the memory before the parser saw a byte it could
        // refuse.
        let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
        if !meta.is_file() {
            return Err(fail("it is not a regular file".into()));
        }
        if meta.len() > MAX_SCENE_BYTES {
            return Err(fail(format!(
                "it is {} bytes, more than the {MAX_SCENE_BYTES} a scene file may have",
                meta.len()
            )));
        }
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_SCENE_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| fail(e.to_string()))?;
        if text.len() as u64 > MAX_SCENE_BYTES {
            return Err(fail(format!(
                "it grew past {MAX_SCENE_BYTES} bytes while read"
            )));
        }
        Scene::from_json(&text).map_err(|e| SceneError {
            field: e.field,
            message: format!("{} (in `{}`)", e.message, path.display()),
        })
    }

    /// Parse and check a scene from JSON text.
    pub fn from_json(text: &str) -> Result<Scene, SceneError> {
        // A byte-order mark, as some editors save, is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if !text.trim_start().starts_with('{') {
            return Err(SceneError::new(
                "",
                "a scene file is one JSON object, `{ \"bodies\": [ ... ] }`, with its fields \
                 named (see the scene-file appendix)",
            ));
        }
        let de = &mut serde_json::Deserializer::from_str(text);
        let file: SceneFile =
            serde_path_to_error::deserialize(&mut *de).map_err(|e| {
                let field = e.path().to_string();
                let inner = e.into_inner();
                let field = if field == "." { String::new() } else { field };
                SceneError::new(
                    field,
                    format!(
                        "{} at line {}, column {}",
                        strip_position(&inner.to_string()),
                        inner.line(),
                        inner.column()
                    ),
                )
            })?;
        // One scene per file: anything after it (a second scene, stray text) is an
        // error.
        de.end().map_err(|e| {
            SceneError::new(
                "",
                format!(
                    "{} after the scene, at line {}, column {}; a file holds one scene",
                    strip_position(&e.to_string()),
                    e.line(),
                    e.column()
                ),
            )
        })?;
        file.check()
    }
}

/// serde_json appends " at line L column C" to its messages; we print the position
/// ourselves.
fn strip_position(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    }
}

impl SceneFile {
    fn check(self) -> Result<Scene, SceneError> {
        let gravity = match self.gravity {
            Some(g) => within2(
                "gravity",
                finite2("gravity", g)?,
                limits::MAX_GRAVITY,
                "m/s^2 (1000 g), the strongest gravity simulated",
            )?,
            None => Vec2::new(0.0, -9.81),
        };
        let dt = match self.dt {
            Some(dt) => {
                let dt = positive("dt", dt)?;
                if dt < MIN_DT {
                    return Err(SceneError::new(
                        "dt",
                        format!(
                            "{} s is shorter than the shortest step allowed, {} s",
                            num(dt),
                            num(MIN_DT)
                        ),
                    ));
                }
                if dt > MAX_DT {
                    return Err(SceneError::new(
                        "dt",
                        format!(
                            "{dt} s is longer than the largest step allowed, {MAX_DT} s \
                             (dt is in seconds: 1/60 s is 0.016666668)"
                        ),
                    ));
                }
                dt
            }
            None => 1.0 / 60.0,
        };
        let iterations = match self.iterations {
            Some(n) if (1..=MAX_ITERATIONS as i64).contains(&n) => n as u32,
            Some(n) => {
                return Err(SceneError::new(
                    "iterations",
                    format!(
                        "{n} must be a whole number from 1 to {MAX_ITERATIONS}"
                    ),
                ));
            }
            None => 10,
        };
        let bodies = self
            .bodies
            .into_iter()
            .enumerate()
            .map(|(i, b)| b.check(&format!("bodies[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let joints = self
            .joints
            .into_iter()
            .enumerate()
            .map(|(i, j)| j.check(&format!("joints[{i}]"), &bodies))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Scene { gravity, dt, iterations, bodies, joints })
    }
}

impl BodyFile {
    fn check(self, at: &str) -> Result<SceneBody, SceneError> {
        let f = |name: &str| format!("{at}.{name}");
        let shape = match self.shape {
            ShapeFile::Circle(c) => Shape::Circle {
                radius: size(
                    &f("shape.circle.radius"),
                    positive(&f("shape.circle.radius"), c.radius)?,
                )?,
            },
            ShapeFile::Box(b) => {
                let field = f("shape.box.half_extents");
                if !(b.half_extents.iter().all(|h| h.is_finite() && *h > 0.0)) {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{} must be two finite numbers greater than 0",
                            show(b.half_extents)
                        ),
                    ));
                }
                for h in b.half_extents {
                    size(&field, h)?;
                }
                Shape::Box { half_extents: Vec2::from(b.half_extents) }
            }
            ShapeFile::Polygon(p) => polygon(&f("shape.polygon"), p)?,
            ShapeFile::Capsule(c) => Shape::Capsule {
                half_length: size(
                    &f("shape.capsule.half_length"),
                    positive(&f("shape.capsule.half_length"), c.half_length)?,
                )?,
                radius: size(
                    &f("shape.capsule.radius"),
                    positive(&f("shape.capsule.radius"), c.radius)?,
                )?,
            },
            ShapeFile::Plane(p) => {
                let normal = finite2(&f("shape.plane.normal"), p.normal)?;
                // Scaled by its largest component first, so [1e30, 1e30] has a
                // length too.
                let largest = normal.x.abs().max(normal.y.abs());
                let len = if largest > 0.0 {
                    largest * (normal / largest).length()
                } else {
                    0.0
                };
                if len <= 1e-6 || len.is_nan() {
                    return Err(SceneError::new(
                        f("shape.plane.normal"),
                        format!(
                            "{} has no direction (zero length)",
                            show(p.normal)
                        ),
                    ));
                }
                let offset = finite(&f("shape.plane.offset"), p.offset)? / len;
                let what = "m, the largest distance simulated";
                Shape::Plane {
                    normal: (normal / largest).normalize(),
                    offset: within(
                        &f("shape.plane.offset"),
                        offset,
                        limits::MAX_LENGTH,
                        what,
                    )?,
                }
            }
        };
        let is_plane = matches!(shape, Shape::Plane { .. });
        let is_static = match (self.is_static, is_plane) {
            (Some(false), true) => {
                return Err(SceneError::new(
                    f("static"),
                    "false, but a plane is infinite and always static",
                ));
            }
            (s, plane) => s.unwrap_or(plane),
        };
        let position = match (self.position, is_plane) {
            (Some(p), false) => within2(
                &f("position"),
                finite2(&f("position"), p)?,
                limits::MAX_LENGTH,
                "m from the origin, the largest distance simulated",
            )?,
            (None, false) => {
                return Err(SceneError::new(
                    f("position"),
                    "is missing; every body but a plane needs one",
                ));
            }
            (Some(p), true) => {
                return Err(SceneError::new(
                    f("position"),
                    format!(
                        "{} given for a plane; a plane is placed by its normal and offset",
                        show(p)
                    ),
                ));
            }
            (None, true) => Vec2::ZERO,
        };
        let angle = finite(&f("angle"), self.angle.unwrap_or(0.0))?;
        let velocity = within2(
            &f("velocity"),
            finite2(&f("velocity"), self.velocity.unwrap_or([0.0, 0.0]))?,
            limits::MAX_SPEED,
            "m/s, the fastest speed simulated",
        )?;
        let angular_velocity = within(
            &f("angular_velocity"),
            finite(&f("angular_velocity"), self.angular_velocity.unwrap_or(0.0))?,
            limits::MAX_SPIN,
            "rad/s, the fastest spin simulated",
        )?;
        let bullet = self.bullet.unwrap_or(false);
        if bullet && is_static {
            return Err(SceneError::new(
                f("bullet"),
                "true on a static body: only a moving body can be a bullet",
            ));
        }
        if is_static && (velocity != Vec2::ZERO || angular_velocity != 0.0) {
            let (name, value) = if velocity != Vec2::ZERO {
                ("velocity", show(velocity.to_array()))
            } else {
                ("angular_velocity", angular_velocity.to_string())
            };
            return Err(SceneError::new(
                f(name),
                format!(
                    "{value} given for a static body; a static body never moves"
                ),
            ));
        }
        let mass = match (self.mass, self.density) {
            (Some(_), Some(_)) => {
                return Err(SceneError::new(
                    f("density"),
                    "given together with mass; give one of them",
                ));
            }
            _ if is_static => {
                if let Some(m) = self.mass {
                    positive(&f("mass"), m)?;
                }
                f32::INFINITY
            }
            (Some(m), None) => {
                mass_within(&f("mass"), positive(&f("mass"), m)?, "")?
            }
            (None, d) => {
                let density = positive(&f("density"), d.unwrap_or(1.0))?;
                let m = density * shape.area();
                if !(m.is_finite() && m > 0.0) {
                    return Err(SceneError::new(
                        f("density"),
                        format!(
                            "{density} times the shape's area gives a mass of {m} kg"
                        ),
                    ));
                }
                let why = format!(" ({} times the shape's area)", num(density));
                mass_within(&f("density"), m, &why)?
            }
        };
        let restitution =
            finite(&f("restitution"), self.restitution.unwrap_or(0.0))?;
        if !(0.0..=1.0).contains(&restitution) {
            return Err(SceneError::new(
                f("restitution"),
                format!(
                    "{restitution} is outside 0 to 1: 0 stops dead, 1 bounces back at full speed, \
                     and above 1 a bounce would create energy"
                ),
            ));
        }
        let friction = finite(&f("friction"), self.friction.unwrap_or(0.2))?;
        if friction > limits::MAX_FRICTION {
            return Err(SceneError::new(
                f("friction"),
                format!(
                    "{} is beyond {}, the largest friction coefficient simulated \
                     (a contact sticks from about 1)",
                    num(friction),
                    num(limits::MAX_FRICTION)
                ),
            ));
        }
        if friction < 0.0 {
            return Err(SceneError::new(
                f("friction"),
                format!(
                    "{friction} is negative; a friction coefficient is 0 (ice) or more \
                     (rubber on concrete is about 1)"
                ),
            ));
        }
        Ok(SceneBody {
            shape,
            position,
            angle,
            velocity,
            angular_velocity,
            mass,
            restitution,
            friction,
            is_static,
            bullet,
        })
    }
}

impl JointFile {
    fn check(
        self,
        at: &str,
        bodies: &[SceneBody],
    ) -> Result<SceneJoint, SceneError> {
        let kind = match &self {
            JointFile::Distance(_) => "distance",
            JointFile::Revolute(_) => "revolute",
            JointFile::Prismatic(_) => "prismatic",
            JointFile::Weld(_) => "weld",
        };
        let f = |name: &str| format!("{at}.{kind}.{name}");
        let index = |name: &str, i: i64| -> Result<usize, SceneError> {
            if i >= 0 && (i as usize) < bodies.len() {
                Ok(i as usize)
            } else {
                Err(SceneError::new(
                    f(name),
                    format!(
                        "{i} names no body; bodies are numbered 0 to {} in file order",
                        bodies.len() as i64 - 1
                    ),
                ))
            }
        };
        let pair = |a: i64, b: i64| -> Result<(usize, usize), SceneError> {
            let (body_a, body_b) = (index("body_a", a)?, index("body_b", b)?);
            if body_a == body_b {
                return Err(SceneError::new(
                    f("body_b"),
                    format!(
                        "{body_b} is body_a too; a joint needs two different bodies"
                    ),
                ));
            }
            if bodies[body_a].is_static && bodies[body_b].is_static {
                return Err(SceneError::new(
                    at,
                    format!(
                        "joins bodies {body_a} and {body_b}, which are both static; \
                         such a joint can never move anything"
                    ),
                ));
            }
            Ok((body_a, body_b))
        };
        // One world point, or a point in each body's frame.
        let anchors = |(a, b): (usize, usize),
                       anchor: Option<[f32; 2]>,
                       anchor_a: Option<[f32; 2]>,
                       anchor_b: Option<[f32; 2]>|
         -> Result<(Vec2, Vec2), SceneError> {
            match anchor {
                Some(world) => {
                    if anchor_a.is_some() || anchor_b.is_some() {
                        let which = if anchor_a.is_some() {
                            "anchor_a"
                        } else {
                            "anchor_b"
                        };
                        return Err(SceneError::new(
                            f(which),
                            "give either `anchor` (a world point) or `anchor_a` and \
                             `anchor_b` (points in the bodies' frames), not both",
                        ));
                    }
                    let world = finite2(&f("anchor"), world)?;
                    let what = "m from the origin, the largest distance simulated";
                    let world =
                        within2(&f("anchor"), world, limits::MAX_LENGTH, what)?;
                    Ok((bodies[a].to_local(world), bodies[b].to_local(world)))
                }
                None => {
                    let what = "m, the largest distance simulated";
                    let a =
                        finite2(&f("anchor_a"), anchor_a.unwrap_or([0.0, 0.0]))?;
                    let b =
                        finite2(&f("anchor_b"), anchor_b.unwrap_or([0.0, 0.0]))?;
                    Ok((
                        within2(&f("anchor_a"), a, limits::MAX_LENGTH, what)?,
                        within2(&f("anchor_b"), b, limits::MAX_LENGTH, what)?,
                    ))
                }
            }
        };
        let limit =
            |l: Option<[f32; 2]>| -> Result<Option<(f32, f32)>, SceneError> {
                let Some([lower, upper]) = l else {
                    return Ok(None);
                };
                let field = f("limit");
                if !(lower.is_finite() && upper.is_finite()) {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{} has a bound that is not a finite number",
                            show([lower, upper])
                        ),
                    ));
                }
                if lower > upper {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{}: the lower bound {lower} is above the upper bound {upper}",
                            show([lower, upper])
                        ),
                    ));
                }
                Ok(Some((lower, upper)))
            };
        let motor = |speed: f32,
                     most: f32,
                     most_name: &str|
         -> Result<SceneMotor, SceneError> {
            let speed = finite(&f("motor.speed"), speed)?;
            let field = f(&format!("motor.{most_name}"));
            if !(most.is_finite() && most >= 0.0) {
                return Err(SceneError::new(
                    field,
                    format!("{most} must be a finite number, 0 or more"),
                ));
            }
            Ok(SceneMotor { speed, max_force: most })
        };
        match self {
            JointFile::Distance(d) => {
                let (body_a, body_b) = pair(d.body_a, d.body_b)?;
                let what = "m, the largest distance simulated";
                let anchor = |name: &str, a: Option<[f32; 2]>| {
                    let v = finite2(&f(name), a.unwrap_or([0.0, 0.0]))?;
                    within2(&f(name), v, limits::MAX_LENGTH, what)
                };
                let anchor_a = anchor("anchor_a", d.anchor_a)?;
                let anchor_b = anchor("anchor_b", d.anchor_b)?;
                let length = match d.length {
                    Some(l) if l.is_finite() && l > limits::MAX_LENGTH => {
                        return Err(SceneError::new(
                            f("length"),
                            format!(
                                "{} is beyond {} {what}",
                                num(l),
                                num(limits::MAX_LENGTH)
                            ),
                        ));
                    }
                    Some(l) if l.is_finite() && l >= 0.0 => Some(l),
                    Some(l) => {
                        return Err(SceneError::new(
                            f("length"),
                            format!("{l} must be a finite number, 0 or more"),
                        ));
                    }
                    None => None,
                };
                Ok(SceneJoint::Distance {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    length,
                    rope: d.rope.unwrap_or(false),
                })
            }
            JointFile::Revolute(r) => {
                let (body_a, body_b) = pair(r.body_a, r.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), r.anchor, r.anchor_a, r.anchor_b)?;
                Ok(SceneJoint::Revolute {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    limit: limit(r.limit)?,
                    motor: match r.motor {
                        Some(m) => {
                            Some(motor(m.speed, m.max_torque, "max_torque")?)
                        }
                        None => None,
                    },
                })
            }
            JointFile::Prismatic(p) => {
                let (body_a, body_b) = pair(p.body_a, p.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), p.anchor, p.anchor_a, p.anchor_b)?;
                let axis = finite2(&f("axis"), p.axis)?;
                let Some(axis) = axis.try_normalize() else {
                    return Err(SceneError::new(
                        f("axis"),
                        format!("{}: an axis needs a direction", show(p.axis)),
                    ));
                };
                Ok(SceneJoint::Prismatic {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    axis,
                    limit: limit(p.limit)?,
                    motor: match p.motor {
                        Some(m) => Some(motor(m.speed, m.max_force, "max_force")?),
                        None => None,
                    },
                })
            }
            JointFile::Weld(w) => {
                let (body_a, body_b) = pair(w.body_a, w.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), w.anchor, w.anchor_a, w.anchor_b)?;
                Ok(SceneJoint::Weld { body_a, body_b, anchor_a, anchor_b })
            }
        }
    }
}
