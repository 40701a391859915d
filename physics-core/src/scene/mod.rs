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
use std::fmt;
use std::path::Path;

mod bad; // `BAD_SCENES`: scene files with one thing wrong each
mod check; // a parsed file checked field by field and turned into a `Scene`
mod file; // the JSON format as serde reads it, and its parse

pub use bad::BAD_SCENES;

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

impl SceneError {
    /// This error as chapter `chapter`, which simulates `supports`, reports it: an
    /// error in a part of the file the chapter does not simulate (a polygon's
    /// corners in chapter 8) first says which chapter adds that part, as a valid
    /// one is refused, then what is wrong with it. Any other error is returned
    /// as it is.
    pub fn in_chapter(self, chapter: u32, supports: &[Feature]) -> SceneError {
        let Some((feature, kind)) =
            Feature::of_field(&self.field).filter(|(f, _)| !supports.contains(f))
        else {
            return self;
        };
        let refusal = feature.refuse(chapter, self.field.clone(), kind);
        SceneError::new(
            self.field,
            format!(
                "{}; and as written it would be refused anyway: {}",
                refusal.message, self.message
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
    /// What a game asks (chapter 15): `kinematic` bodies, bodies of several
    /// `shapes`, a `filter`, a `sensor`, a joint's `break_force` or
    /// `break_torque`.
    Game,
    /// Characters and vehicles (chapter 16): a `chain` shape, a joint's
    /// `spring`, `wheel` joints, a body's `rolling_resistance` or
    /// `tangent_speed`.
    Characters,
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
            Feature::Game => (15, "ch15-game-api"),
            Feature::Characters => (16, "ch16-characters"),
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
            Feature::Game => {
                "a game's field (kinematic, shapes, filter, sensor, a joint's break)"
            }
            Feature::Characters => {
                "a chain, a spring, a wheel joint, rolling_resistance or tangent_speed"
            }
        }
    }

    /// The feature a field of the file asks for by its place alone, whatever it
    /// holds: a body's `shape.box`, `shape.plane`, `shape.polygon` or
    /// `shape.capsule` and anything in it, its `bullet`, and a joint of each kind;
    /// with the name the field gives it (`polygon`, `revolute`). Fields whose
    /// feature depends on the value (an `angle` of 0 asks for no rotation) have
    /// none.
    pub fn of_field(field: &str) -> Option<(Feature, &'static str)> {
        let (list, rest) = field.split_once('[')?;
        let (_, rest) = rest.split_once("].")?;
        // Each part up to its bracket: `vertices[2]` is `vertices`.
        let mut parts = rest.split('.').map(|p| p.split('[').next().unwrap_or(p));
        let (first, second) = (parts.next()?, parts.next());
        let kinds: &[(&str, Feature)] = match (list, first) {
            ("bodies", "shape") => &[
                ("box", Feature::Boxes),
                ("plane", Feature::Planes),
                ("polygon", Feature::Polygons),
                ("capsule", Feature::Polygons),
                ("chain", Feature::Characters),
            ],
            ("bodies", _) => &[
                ("bullet", Feature::Bullets),
                ("rolling_resistance", Feature::Characters),
                ("tangent_speed", Feature::Characters),
            ],
            ("joints", _) => &[
                ("distance", Feature::Joints),
                ("revolute", Feature::RigidJoints),
                ("prismatic", Feature::RigidJoints),
                ("weld", Feature::RigidJoints),
                ("wheel", Feature::Characters),
            ],
            _ => return None,
        };
        // A joint's spring is chapter 16's, whatever the joint.
        if list == "joints" && second == Some("spring") {
            return Some((Feature::Characters, "spring"));
        }
        let kind = if first == "shape" { second? } else { first };
        kinds.iter().find(|(name, _)| *name == kind).map(|&(name, f)| (f, name))
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
    /// Moved only by its velocity, pushing what it meets (chapter 15).
    pub kinematic: bool,
    /// Its shape's filter, and whether it is a sensor (chapter 15).
    pub filter: SceneFilter,
    pub sensor: bool,
    /// Chapter 15's bodies of several shapes: where its `shapes` are in
    /// [`Scene::parts`], `(first, count)`. Then `shape` is the first of
    /// them and `mass` their sum.
    pub parts: Option<(u32, u32)>,
    /// Chapter 16's chain: where its points are in [`Scene::chains`]. Then
    /// `shape` is the polygon round its points (a static body's, so no mass).
    pub chain: Option<u32>,
    /// Chapter 16's surfaces: the most torque per newton of push its shapes
    /// resist rolling with, per metre of radius (0: none), and how fast
    /// their surface moves, m/s counter-clockwise about the body (0: still).
    pub rolling_resistance: f32,
    pub tangent_speed: f32,
}

/// A chain of smooth segments (chapter 16): its points in the body's own
/// frame, and whether the last joins the first.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneChain {
    pub points: Vec<Vec2>,
    pub looped: bool,
}

/// A joint's spring (chapter 16): stiffness as the frequency it would swing
/// at, hertz, and its damping ratio (0: none, 1: critical).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneSpring {
    pub hertz: f32,
    pub damping_ratio: f32,
}

/// Which shapes a shape collides with (chapter 15): it is in the categories
/// `category` sets and collides with those `mask` sets; two shapes of one
/// `group` always collide if it is positive and never if negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SceneFilter {
    pub category: u64,
    pub mask: u64,
    pub group: i32,
}

impl Default for SceneFilter {
    /// Category 1, colliding with every category, no group.
    fn default() -> SceneFilter {
        SceneFilter { category: 1, mask: u64::MAX, group: 0 }
    }
}

/// One shape of a body of several (chapter 15): placed at `offset` in the
/// body's frame, turned by `angle`, with its own density (kg/m^2), mass,
/// material and filter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScenePart {
    pub shape: Shape,
    pub offset: Vec2,
    pub angle: f32,
    pub density: f32,
    pub mass: f32,
    pub friction: f32,
    pub restitution: f32,
    pub filter: SceneFilter,
    pub sensor: bool,
}

impl SceneBody {
    /// World point `p` in the body's own frame (its centre the origin, turned with
    /// it).
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        crate::trig::from_angle(-self.angle).rotate(p - self.position)
    }

    /// Point `p` of the body's own frame in the world.
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.position + crate::trig::from_angle(self.angle).rotate(p)
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
    /// A wheel (chapter 16): B's anchor on the line through A's along `axis`
    /// (unit, A's frame), sprung along it by the joint's spring in
    /// [`Scene::springs`], B turning freely but for `motor`.
    Wheel {
        body_a: usize,
        body_b: usize,
        anchor_a: Vec2,
        anchor_b: Vec2,
        axis: Vec2,
        motor: Option<SceneMotor>,
    },
}

impl SceneJoint {
    /// The two bodies the joint holds.
    pub fn bodies(&self) -> (usize, usize) {
        match *self {
            SceneJoint::Distance { body_a, body_b, .. }
            | SceneJoint::Revolute { body_a, body_b, .. }
            | SceneJoint::Prismatic { body_a, body_b, .. }
            | SceneJoint::Weld { body_a, body_b, .. }
            | SceneJoint::Wheel { body_a, body_b, .. } => (body_a, body_b),
        }
    }

    /// The name used in scene files.
    pub fn kind(&self) -> &'static str {
        match self {
            SceneJoint::Distance { .. } => "distance",
            SceneJoint::Revolute { .. } => "revolute",
            SceneJoint::Prismatic { .. } => "prismatic",
            SceneJoint::Weld { .. } => "weld",
            SceneJoint::Wheel { .. } => "wheel",
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
    /// The shapes of chapter 15's bodies of several shapes.
    pub parts: Vec<ScenePart>,
    /// Each joint's `break_force` (N) and `break_torque` (N m), infinite if
    /// not given (chapter 15).
    pub breaks: Vec<(f32, f32)>,
    /// The points of chapter 16's chains.
    pub chains: Vec<SceneChain>,
    /// Each joint's spring, if it has one (chapter 16).
    pub springs: Vec<Option<SceneSpring>>,
}

/// The largest step a scene may ask for, in seconds. Beyond a second a step no
/// longer approximates continuous motion at all, and it is far more likely a value
/// in milliseconds.
pub const MAX_DT: f32 = 1.0;
/// The largest solver iteration count a scene may ask for.
pub const MAX_ITERATIONS: u32 = 1000;
/// The solver iteration count of a scene that gives none.
pub const DEFAULT_ITERATIONS: u32 = 10;
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
    /// A body's starting angle, radians: beyond it f32's spacing passes a
    /// milliradian, and a joint's reference angle (one angle less another)
    /// can no longer be trusted.
    pub const MAX_ANGLE: f32 = 1e4;
    /// A motor's most force (N) or torque (N m): a billion tonnes' weight at
    /// 1,000 g, [`MAX_MASS`] times [`MAX_GRAVITY`].
    pub const MAX_MOTOR: f32 = MAX_MASS * MAX_GRAVITY;
    /// How far a slider may start outside its limit, metres: Box2D's linear
    /// slop, the error a solved joint is left with anyway.
    pub const LIMIT_SLOP: f32 = 0.005;
    /// How far a pin may start outside its limit, radians: Box2D's angular
    /// slop, 2 degrees.
    pub const ANGLE_SLOP: f32 = 2.0 * std::f32::consts::PI / 180.0;
    /// The most pairs of bodies (not both static) whose boxes may overlap
    /// where the scene starts: the broad phase keeps each pair, and the
    /// narrow phase a contact for each, every step they overlap, about
    /// 0.75 GB a million in chapter 14. Bodies spread out overlap a few
    /// neighbours each; this is 1,415 bodies on one spot.
    pub const MAX_START_OVERLAPS: usize = 1_000_000;
    /// The most pairs of bodies whose boxes overlap that a run may come to
    /// keep (chapter 13 on), about 3 GB in chapter 14: bodies that start
    /// apart and crowd onto one place stop the run with the reason, before
    /// the memory runs out and the process is killed with its files half
    /// written.
    pub const MAX_PAIRS: usize = 4 * MAX_START_OVERLAPS;
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
        if missing(Feature::Characters) {
            self.refuse_characters(chapter)?;
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
        if missing(Feature::Game) {
            let f = Feature::Game;
            for (i, b) in self.bodies.iter().enumerate() {
                let at = |field: &str| format!("bodies[{i}].{field}");
                if b.kinematic {
                    return Err(f.refuse(chapter, at("kinematic"), "true"));
                }
                if let Some((_, count)) = b.parts {
                    let value = format!("a list of {count} shapes");
                    return Err(f.refuse(chapter, at("shapes"), value));
                }
                if b.filter != SceneFilter::default() {
                    return Err(f.refuse(chapter, at("filter"), "a filter"));
                }
                if b.sensor {
                    return Err(f.refuse(chapter, at("sensor"), "true"));
                }
            }
            for (i, (j, &(force, torque))) in
                self.joints.iter().zip(&self.breaks).enumerate()
            {
                for (name, value) in
                    [("break_force", force), ("break_torque", torque)]
                {
                    if value != f32::INFINITY {
                        let field = format!("joints[{i}].{}.{name}", j.kind());
                        return Err(f.refuse(chapter, field, value));
                    }
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

    /// The first of chapter 16's fields the scene uses, refused in `chapter`.
    fn refuse_characters(&self, chapter: u32) -> Result<(), SceneError> {
        let f = Feature::Characters;
        for (i, b) in self.bodies.iter().enumerate() {
            let at = |field: &str| format!("bodies[{i}].{field}");
            if b.chain.is_some() {
                return Err(f.refuse(chapter, at("shape"), "chain"));
            }
            for (name, value) in [
                ("rolling_resistance", b.rolling_resistance),
                ("tangent_speed", b.tangent_speed),
            ] {
                if value != 0.0 {
                    return Err(f.refuse(chapter, at(name), value));
                }
            }
        }
        for (i, (j, spring)) in self.joints.iter().zip(&self.springs).enumerate() {
            if matches!(j, SceneJoint::Wheel { .. }) {
                return Err(f.refuse(chapter, format!("joints[{i}]"), "wheel"));
            }
            if spring.is_some() {
                let field = format!("joints[{i}].{}.spring", j.kind());
                return Err(f.refuse(chapter, field, "a spring"));
            }
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
        file::SceneFile::parse(text)?.check()
    }
}
