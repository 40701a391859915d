//! Springs on joints, and the wheel joint.
//!
//! Chapter 10 made every joint row a spring: stiff (60 Hz), heavily damped
//! (a damping ratio of 2), there only to pull drift back without the
//! kick of Baumgarte's bias. Here the spring is the point: a stiffness
//! and a damping the game *chooses*, as [`Spring`] (hertz and a damping
//! ratio), on
//!
//! - a **revolute** joint: a torsion spring on its angle, pulling towards
//!   the angle the joint was made at ([`World::set_spring`]);
//! - a **prismatic** joint: a spring along its axis, pulling towards
//!   translation 0, where the joint was made ([`World::set_spring`]);
//! - a **distance spring** of its own between two anchors, pulling their
//!   distance towards a rest length, with a rigid least and most length
//!   if asked ([`World::create_spring`]);
//! - the **wheel joint** ([`World::create_wheel`]): the wheel's centre
//!   stays on a line fixed in the chassis (a rigid row across the line),
//!   a spring along the line (the suspension), the wheel turning freely
//!   but for a motor.
//!
//! Each spring is one more soft row ([`SpringRow`], solved by
//! [`solve_row`]), with chapter 10's three numbers ([`soft`]) made from
//! the spring's own hertz and damping ratio, solved after chapter 9's
//! joints in each substep (chapter 14's [`JointPass`]). A spring on one
//! of chapter 9's joints is keyed by the joint's handle; the distance
//! springs and wheels have handles of their own ([`SpringId`],
//! [`WheelId`]). All of them go with the bodies or the joint they are on:
//! a handle to one whose body or joint was destroyed is refused
//! ([`SpringError::Gone`]), and the next step drops it.

use crate::{BodyId, JointId, Stale, World};
use ch04_manifolds::direction;
use ch09_joints::{Jacobian, Kind, pair_mut, slider_jacobian};
use ch10_soft_step::{Body, Soft, soft};
use ch13_islands::Tie;
use ch14_wide_solver::{JointPass, Parts};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::math::perp;
use std::fmt;

// ANCHOR: spring
/// A spring's stiffness and damping, given as the game thinks of them: how
/// fast it oscillates, `hertz`, and how much of each swing it keeps,
/// `damping_ratio` (0: it swings for ever; 1: critically damped, it
/// returns without overshoot). A row of effective mass `m` gets the
/// stiffness `k = m (2 pi hertz)^2` and the damping `c = 2 m zeta (2 pi
/// hertz)`. A `hertz` of 0 is no spring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    pub hertz: f32,
    pub damping_ratio: f32,
}
// ANCHOR_END: spring

impl Spring {
    /// A spring of `hertz` and `damping_ratio`, each finite and not
    /// negative.
    pub fn new(hertz: f32, damping_ratio: f32) -> Result<Spring, SpringError> {
        let spring = Spring { hertz, damping_ratio };
        spring.check()?;
        Ok(spring)
    }

    fn check(&self) -> Result<(), SpringError> {
        at_least_zero("hertz", self.hertz)?;
        at_least_zero("damping ratio", self.damping_ratio)
    }

    /// Chapter 10's three numbers for a (sub)step of `h` seconds: `None`
    /// for no spring (0 Hz).
    pub fn soft(&self, h: f32) -> Option<Soft> {
        (self.hertz > 0.0).then(|| soft(self.hertz, self.damping_ratio, h))
    }
}

/// A wheel joint's motor: it drives the wheel's spin relative to the
/// chassis, `w_B - w_A`, to `speed` (rad/s, counter-clockwise: a wheel
/// turning clockwise rolls to the right) with at most `max_torque` (N m).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WheelMotor {
    pub speed: f32,
    pub max_torque: f32,
}

impl WheelMotor {
    /// Whether it drives: a speed to reach and a torque to reach it with.
    pub fn drives(&self) -> bool {
        self.speed != 0.0 && self.max_torque > 0.0
    }
}

/// A distance spring's handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpringId {
    pub index: u32,
    pub generation: u32,
}

/// A wheel joint's handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WheelId {
    pub index: u32,
    pub generation: u32,
}

/// Why a spring or wheel was refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpringError {
    /// A body's or joint's handle names nothing.
    Stale(Stale),
    /// The spring or wheel is gone: destroyed, or its body or joint was.
    Gone,
    /// A number that must be finite (and, for some, not negative) is not:
    /// which, and what it was.
    Invalid { what: &'static str, value: f32 },
    /// A spring on a weld, or a spring or wheel joining a body to itself.
    Unsupported(&'static str),
}

impl fmt::Display for SpringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpringError::Stale(stale) => stale.fmt(f),
            SpringError::Gone => {
                write!(f, "the spring or wheel is gone, or its body or joint is")
            }
            SpringError::Invalid { what, value } => {
                write!(f, "{what} must be finite and not negative, not {value}")
            }
            SpringError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SpringError {}

impl From<Stale> for SpringError {
    fn from(stale: Stale) -> SpringError {
        SpringError::Stale(stale)
    }
}

fn finite(what: &'static str, value: f32) -> Result<(), SpringError> {
    match value.is_finite() {
        true => Ok(()),
        false => Err(SpringError::Invalid { what, value }),
    }
}

fn at_least_zero(what: &'static str, value: f32) -> Result<(), SpringError> {
    match value.is_finite() && value >= 0.0 {
        true => Ok(()),
        false => Err(SpringError::Invalid { what, value }),
    }
}

/// A distance spring to make: between `body_a`'s point `anchor_a` and
/// `body_b`'s point `anchor_b` (world points, as the bodies are now),
/// pulling their distance towards `length`, and never letting it below
/// `min_length` or above `max_length` (rigid limits).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceSpringDef {
    pub body_a: BodyId,
    pub body_b: BodyId,
    pub anchor_a: Vec2,
    pub anchor_b: Vec2,
    /// The rest length, m.
    pub length: f32,
    pub min_length: f32,
    /// May be infinite.
    pub max_length: f32,
    pub spring: Spring,
    /// Whether the two bodies' shapes collide (off, the default: the
    /// spring holds them).
    pub collide_connected: bool,
}

impl DistanceSpringDef {
    /// A spring between the two world points, its rest length their
    /// distance now, no limits.
    pub fn new(
        body_a: BodyId,
        body_b: BodyId,
        anchor_a: Vec2,
        anchor_b: Vec2,
        spring: Spring,
    ) -> DistanceSpringDef {
        DistanceSpringDef {
            body_a,
            body_b,
            anchor_a,
            anchor_b,
            length: anchor_a.distance(anchor_b),
            min_length: 0.0,
            max_length: f32::INFINITY,
            spring,
            collide_connected: false,
        }
    }
}

// ANCHOR: wheel_def
/// A wheel joint to make: `body_b` (the wheel) on `body_a` (the chassis).
/// The wheel's point at world point `anchor` (its centre, usually) stays on
/// the line through the chassis' point at `anchor` along `axis` (a world
/// direction now; it turns with the chassis); `spring` pulls it along the
/// line back to where it was made; the wheel turns freely about it, but for
/// `motor`; `limits` (metres along the axis, lower first) bound how far it
/// travels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WheelDef {
    pub body_a: BodyId,
    pub body_b: BodyId,
    pub anchor: Vec2,
    pub axis: Vec2,
    pub spring: Spring,
    pub motor: Option<WheelMotor>,
    pub limits: Option<(f32, f32)>,
    /// Whether the wheel and chassis collide (off, the default).
    pub collide_connected: bool,
}
// ANCHOR_END: wheel_def

impl WheelDef {
    /// A wheel at `anchor` on a suspension along `axis` of `spring`, with
    /// no motor and no limits.
    pub fn new(
        chassis: BodyId,
        wheel: BodyId,
        anchor: Vec2,
        axis: Vec2,
        spring: Spring,
    ) -> WheelDef {
        WheelDef {
            body_a: chassis,
            body_b: wheel,
            anchor,
            axis,
            spring,
            motor: None,
            limits: None,
            collide_connected: false,
        }
    }
}

// ANCHOR: spring_row
/// One row of a spring, a wheel or a limit for a substep: chapter 9's
/// Jacobian and effective mass, the position error `C` the row drives to
/// zero, a speed it aims at besides (a motor's), and the impulse it has
/// accumulated, kept from substep to substep and step to step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SpringRow {
    pub jacobian: Jacobian,
    /// `(J M^-1 J^T)^-1`; 0 when nothing can move along the row.
    pub mass: f32,
    /// The position error, m or rad.
    pub c: f32,
    /// The velocity `J v` aims at besides the bias (a motor's speed).
    pub speed: f32,
    pub impulse: f32,
}

impl SpringRow {
    /// The row along `jacobian` with error `c` between `a` and `b`, keeping
    /// `impulse`.
    fn new(jacobian: Jacobian, c: f32, a: &Body, b: &Body, impulse: f32) -> Self {
        let k = jacobian.coupling(&jacobian, a, b);
        let mass = if k > 0.0 && k.is_finite() { 1.0 / k } else { 0.0 };
        SpringRow { jacobian, mass, c, speed: 0.0, impulse }
    }

    /// Out of use this substep: no mass, and nothing kept to warm start
    /// with when it is back.
    fn off(&mut self) {
        (self.mass, self.impulse) = (0.0, 0.0);
    }

    /// Apply the accumulated impulse again (warm start).
    fn warm_start(&self, a: &mut Body, b: &mut Body) {
        if self.mass > 0.0 {
            self.jacobian.apply(a, b, self.impulse);
        }
    }
}

// ANCHOR_END: spring_row

#[cfg(feature = "exercises")]
pub use crate::exercises::solve_row;
#[cfg(not(feature = "exercises"))]
// ANCHOR: solve_row
// ANCHOR: solve_row_signature
/// One pass of a row with softness `s`: the impulse that brings `J v` to
/// `speed - bias_rate C`, scaled by `mass_scale`, less `impulse_scale` of
/// what the row has accumulated (chapter 10's soft row, in Box2D's signs),
/// the total kept within `lo..=hi`. A spring's `s` is its own
/// ([`Spring::soft`]); a rigid row's is [`Soft::RIGID`] (no bias: it only
/// stops the motion along it); a speculative limit's aims at closing its
/// gap in one substep ([`speculative`]).
pub fn solve_row(
    row: &mut SpringRow,
    s: Soft,
    (lo, hi): (f32, f32),
    a: &mut Body,
    b: &mut Body,
) {
    // ANCHOR_END: solve_row_signature
    if row.mass == 0.0 {
        return;
    }
    let v = row.jacobian.velocity(a, b) - row.speed;
    let delta = -s.mass_scale * row.mass * (v + s.bias_rate * row.c)
        - s.impulse_scale * row.impulse;
    let old = row.impulse;
    row.impulse = (old + delta).max(lo).min(hi);
    row.jacobian.apply(a, b, row.impulse - old);
}
// ANCHOR_END: solve_row

/// The softness of a limit whose gap `c` is still open, in a substep of
/// `h`: rigid, aiming to close the gap in this substep and no more
/// (chapter 12's speculative contact).
pub fn speculative(h: f32) -> Soft {
    Soft { bias_rate: 1.0 / h, mass_scale: 1.0, impulse_scale: 0.0 }
}

/// A limit's row's softness: open (`c > 0`), speculative; closed, the
/// joints' softness `joint` with the bias, rigid without.
fn limit_soft(c: f32, h: f32, joint: Soft, use_bias: bool) -> Soft {
    if c > 0.0 {
        speculative(h)
    } else if use_bias {
        joint
    } else {
        Soft::RIGID
    }
}

/// What a substep's passes share: the substep, the joints' softness.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Substep {
    h: f32,
    joint: Soft,
}

impl Default for Substep {
    fn default() -> Self {
        Substep { h: 1.0 / 240.0, joint: Soft::RIGID }
    }
}

/// A spring on one of chapter 9's joints.
#[derive(Clone, Copy, Debug, PartialEq)]
struct JointSpring {
    joint: JointId,
    spring: Spring,
    /// The joint's place in chapter 9's list, found at the step's start.
    at: usize,
    row: SpringRow,
}

/// A distance spring.
#[derive(Clone, Copy, Debug, PartialEq)]
struct DistanceSpring {
    ids: (BodyId, BodyId),
    bodies: (usize, usize),
    /// The anchors in the bodies' own frames, from their centres.
    local: (Vec2, Vec2),
    length: f32,
    min_length: f32,
    max_length: f32,
    spring: Spring,
    collide_connected: bool,
    row: SpringRow,
    lower: SpringRow,
    upper: SpringRow,
}

// ANCHOR: wheel
/// A wheel joint: the chassis A, the wheel B.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Wheel {
    ids: (BodyId, BodyId),
    bodies: (usize, usize),
    /// The anchors in the bodies' own frames, from their centres.
    local: (Vec2, Vec2),
    /// The line's direction in A's frame, unit.
    local_axis: Vec2,
    spring: Spring,
    motor: Option<WheelMotor>,
    limits: Option<(f32, f32)>,
    collide_connected: bool,
    /// Across the line (rigid), along it (the spring), the limits, and the
    /// spin (the motor).
    across: SpringRow,
    along: SpringRow,
    lower: SpringRow,
    upper: SpringRow,
    spin: SpringRow,
}
// ANCHOR_END: wheel

/// A place in a list of springs or wheels: which of the things that place
/// has held is there now, if any.
#[derive(Clone, Debug, PartialEq)]
struct Slot<T> {
    generation: u32,
    item: Option<T>,
}

/// The springs and wheels.
#[derive(Clone, Debug, Default)]
pub struct Springs {
    on_joints: Vec<JointSpring>,
    distance: Vec<Slot<DistanceSpring>>,
    wheels: Vec<Slot<Wheel>>,
    /// Pairs of bodies a distance spring or wheel holds apart (their
    /// shapes do not collide), sorted `(low, high)`.
    held: Vec<(usize, usize)>,
    substep: Substep,
}

impl Springs {
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.on_joints.is_empty()
            && self.distance.iter().all(|s| s.item.is_none())
            && self.wheels.iter().all(|s| s.item.is_none())
    }

    /// How many springs on joints, distance springs and wheels there are.
    pub fn counts(&self) -> (usize, usize, usize) {
        (
            self.on_joints.len(),
            self.distance.iter().filter(|s| s.item.is_some()).count(),
            self.wheels.iter().filter(|s| s.item.is_some()).count(),
        )
    }

    /// Whether a distance spring or wheel between bodies `a` and `b` keeps
    /// their shapes from colliding.
    pub fn holds_apart(&self, a: usize, b: usize) -> bool {
        !self.held.is_empty()
            && self.held.binary_search(&(a.min(b), a.max(b))).is_ok()
    }

    // ANCHOR: sync
    /// Before a step: every spring whose joint or body is gone is dropped
    /// (its place freed for the next), every other finds its joint's and
    /// bodies' places for the step, and chapter 13 is told which bodies
    /// the springs and wheels tie into one island, and which a running
    /// motor keeps awake.
    pub fn sync(&mut self, world: &mut ch15_game_api::World) {
        let game = &world.game;
        self.on_joints.retain_mut(|s| match game.joint(s.joint) {
            Ok(j) => match game.joints[j].at {
                Some(at) => {
                    s.at = at as usize;
                    true
                }
                None => false,
            },
            Err(_) => false,
        });
        let live = |(a, b): (BodyId, BodyId)| {
            Some((game.body(a).ok()?, game.body(b).ok()?))
        };
        for slot in &mut self.distance {
            if let Some(s) = &mut slot.item {
                match live(s.ids) {
                    Some(places) => s.bodies = places,
                    None => free(slot),
                }
            }
        }
        for slot in &mut self.wheels {
            if let Some(w) = &mut slot.item {
                match live(w.ids) {
                    Some(places) => w.bodies = places,
                    None => free(slot),
                }
            }
        }
        let joints = &world.joints.list;
        let on_joints = self.on_joints.iter().map(|s| {
            let j = &joints[s.at];
            Tie { a: j.body_a, b: j.body_b, driven: false }
        });
        let distance = self
            .distance
            .iter()
            .filter_map(|s| s.item.as_ref())
            .map(|s| Tie { a: s.bodies.0, b: s.bodies.1, driven: false });
        let wheels =
            self.wheels.iter().filter_map(|s| s.item.as_ref()).map(|w| Tie {
                a: w.bodies.0,
                b: w.bodies.1,
                driven: w.motor.is_some_and(|m| m.drives()),
            });
        let ties = &mut world.sleep.ties;
        ties.clear();
        ties.extend(on_joints.chain(distance).chain(wheels));
        self.held.clear();
        let distance = self.distance.iter().filter_map(|s| s.item.as_ref());
        let apart = distance.filter(|s| !s.collide_connected).map(|s| s.bodies);
        let wheels = self.wheels.iter().filter_map(|s| s.item.as_ref());
        let apart =
            apart.chain(wheels.filter(|w| !w.collide_connected).map(|w| w.bodies));
        self.held.extend(apart.map(|(a, b)| (a.min(b), a.max(b))));
        self.held.sort_unstable();
    }
    // ANCHOR_END: sync

    // ANCHOR: solve
    /// One pass of every spring and wheel: stage 5 builds the rows where
    /// the bodies are now and applies the impulses kept (warm start);
    /// stages 6 and 8 solve them. A spring is a force the game asked for,
    /// not an error to hide, so the relax pass (stage 8) solves it as
    /// stage 6 did, bias and all; the rows that hold (across the wheel's
    /// line, a closed limit) are soft with the bias and rigid without, as
    /// chapter 10's are.
    pub fn solve(&mut self, parts: &mut Parts<'_>, pass: JointPass) {
        match pass {
            JointPass::WarmStart { h } => {
                let settings = parts.soft.settings;
                let joint = soft(
                    settings.joint_hertz.min(0.25 / h),
                    settings.joint_damping_ratio,
                    h,
                );
                self.substep = Substep { h, joint };
                let warm = parts.solver.settings.warm_starting;
                self.prepare(parts, warm);
                if warm {
                    self.warm_start(&mut parts.solver.bodies, &parts.joints.list);
                }
            }
            JointPass::Solve { use_bias } => self.solve_rows(
                &mut parts.solver.bodies,
                &parts.joints.list,
                use_bias,
            ),
        }
    }
    // ANCHOR_END: solve

    // ANCHOR: prepare
    /// Stage 5, first half: every row at the bodies' poses now.
    fn prepare(&mut self, parts: &Parts<'_>, warm: bool) {
        let bodies = &parts.solver.bodies;
        let keep = |impulse: f32| if warm { impulse } else { 0.0 };
        for s in &mut self.on_joints {
            let j = &parts.joints.list[s.at];
            let (a, b) = (&bodies[j.body_a], &bodies[j.body_b]);
            let (jacobian, c) = match j.kind {
                // A torsion spring: the angle row, `C` the angle from the
                // joint's reference.
                Kind::Revolute { .. } => (Jacobian::angular(), j.angle(bodies)),
                // Along the slider's axis, `C` the translation along it.
                Kind::Prismatic { .. } => {
                    let (pa, pb) = j.anchors(bodies);
                    let axis = j.axis(bodies).unwrap_or(Vec2::X);
                    let d = pb - pa;
                    let r = (pa - a.position, pb - b.position);
                    (slider_jacobian(axis, d, r.0, r.1), d.dot(axis))
                }
                Kind::Weld => (Jacobian::default(), 0.0),
            };
            s.row = SpringRow::new(jacobian, c, a, b, keep(s.row.impulse));
            if s.spring.hertz == 0.0 {
                s.row.off();
            }
        }
        for s in self.distance.iter_mut().filter_map(|s| s.item.as_mut()) {
            let (a, b) = (&bodies[s.bodies.0], &bodies[s.bodies.1]);
            let (pa, pb) = (
                a.transform().to_world(s.local.0),
                b.transform().to_world(s.local.1),
            );
            let relative = b.velocity_at(pb) - a.velocity_at(pa);
            // The axis from A's anchor to B's; anchors together, the way
            // they move apart (chapter 7's rule), else any.
            let (axis, distance) = match direction(pb - pa) {
                Some(found) => found,
                None => {
                    (direction(relative).map_or(Vec2::X, |(axis, _)| axis), 0.0)
                }
            };
            let j = Jacobian::along(axis, pa - a.position, pb - b.position);
            s.row =
                SpringRow::new(j, distance - s.length, a, b, keep(s.row.impulse));
            s.lower = SpringRow::new(
                j,
                distance - s.min_length,
                a,
                b,
                keep(s.lower.impulse),
            );
            let upper = s.max_length - distance;
            s.upper = SpringRow::new(j.flip(), upper, a, b, keep(s.upper.impulse));
            if s.spring.hertz == 0.0 {
                s.row.off();
            }
            if s.min_length == 0.0 {
                s.lower.off();
            }
            if s.max_length == f32::INFINITY {
                s.upper.off();
            }
        }
        for w in self.wheels.iter_mut().filter_map(|s| s.item.as_mut()) {
            let (a, b) = (&bodies[w.bodies.0], &bodies[w.bodies.1]);
            let (ta, tb) = (a.transform(), b.transform());
            let (pa, pb) = (ta.to_world(w.local.0), tb.to_world(w.local.1));
            let (r_a, r_b) = (pa - a.position, pb - b.position);
            let axis = ta.rotation.mul_vec2(w.local_axis);
            let d = pb - pa;
            let translation = d.dot(axis);
            // Across the line: `C = d . perp(axis)`, a slider's row.
            let across = slider_jacobian(perp(axis), d, r_a, r_b);
            w.across = SpringRow::new(
                across,
                d.dot(perp(axis)),
                a,
                b,
                keep(w.across.impulse),
            );
            // Along it: the suspension, `C = d . axis`.
            let along = slider_jacobian(axis, d, r_a, r_b);
            w.along =
                SpringRow::new(along, translation, a, b, keep(w.along.impulse));
            let (lower, upper) =
                w.limits.unwrap_or((f32::NEG_INFINITY, f32::INFINITY));
            w.lower = SpringRow::new(
                along,
                translation - lower,
                a,
                b,
                keep(w.lower.impulse),
            );
            w.upper = SpringRow::new(
                along.flip(),
                upper - translation,
                a,
                b,
                keep(w.upper.impulse),
            );
            if w.spring.hertz == 0.0 {
                w.along.off();
            }
            if w.limits.is_none() {
                w.lower.off();
                w.upper.off();
            }
            // The spin: `w_B - w_A`, driven at the motor's speed.
            w.spin = SpringRow::new(
                Jacobian::angular(),
                0.0,
                a,
                b,
                keep(w.spin.impulse),
            );
            match w.motor {
                Some(m) => w.spin.speed = m.speed,
                None => w.spin.off(),
            }
        }
    }
    // ANCHOR_END: prepare

    /// Stage 5, second half: every row's kept impulse applied again.
    fn warm_start(&self, bodies: &mut [Body], joints: &[ch09_joints::Joint]) {
        for s in &self.on_joints {
            let j = &joints[s.at];
            let (a, b) = pair_mut(bodies, j.body_a, j.body_b);
            s.row.warm_start(a, b);
        }
        for s in self.distance.iter().filter_map(|s| s.item.as_ref()) {
            let (a, b) = pair_mut(bodies, s.bodies.0, s.bodies.1);
            for row in [&s.row, &s.lower, &s.upper] {
                row.warm_start(a, b);
            }
        }
        for w in self.wheels.iter().filter_map(|s| s.item.as_ref()) {
            let (a, b) = pair_mut(bodies, w.bodies.0, w.bodies.1);
            for row in [&w.spin, &w.along, &w.lower, &w.upper, &w.across] {
                row.warm_start(a, b);
            }
        }
    }

    // ANCHOR: solve_rows
    /// Stages 6 and 8: one pass over every row.
    fn solve_rows(
        &mut self,
        bodies: &mut [Body],
        joints: &[ch09_joints::Joint],
        use_bias: bool,
    ) {
        let Substep { h, joint } = self.substep;
        let free = (f32::NEG_INFINITY, f32::INFINITY);
        let push = (0.0, f32::INFINITY);
        for s in &mut self.on_joints {
            let j = &joints[s.at];
            if let Some(spring) = s.spring.soft(h) {
                let (a, b) = pair_mut(bodies, j.body_a, j.body_b);
                solve_row(&mut s.row, spring, free, a, b);
            }
        }
        for s in self.distance.iter_mut().filter_map(|s| s.item.as_mut()) {
            let (a, b) = pair_mut(bodies, s.bodies.0, s.bodies.1);
            if let Some(spring) = s.spring.soft(h) {
                solve_row(&mut s.row, spring, free, a, b);
            }
            for row in [&mut s.lower, &mut s.upper] {
                let limit = limit_soft(row.c, h, joint, use_bias);
                solve_row(row, limit, push, a, b);
            }
        }
        for w in self.wheels.iter_mut().filter_map(|s| s.item.as_mut()) {
            let (a, b) = pair_mut(bodies, w.bodies.0, w.bodies.1);
            // The motor first, within its torque for the substep.
            if let Some(m) = w.motor {
                let most = m.max_torque * h;
                solve_row(&mut w.spin, Soft::RIGID, (-most, most), a, b);
            }
            // The suspension, with its own softness in both passes.
            if let Some(spring) = w.spring.soft(h) {
                solve_row(&mut w.along, spring, free, a, b);
            }
            for row in [&mut w.lower, &mut w.upper] {
                let limit = limit_soft(row.c, h, joint, use_bias);
                solve_row(row, limit, push, a, b);
            }
            // The line last, so that what the others did cannot pull the
            // wheel off it: soft with the bias, rigid without.
            let across = if use_bias { joint } else { Soft::RIGID };
            solve_row(&mut w.across, across, free, a, b);
        }
    }
    // ANCHOR_END: solve_rows
}

/// Empty a place: the next thing put there has the next generation.
fn free<T>(slot: &mut Slot<T>) {
    slot.item = None;
    slot.generation = slot.generation.wrapping_add(1);
}

/// Put `item` in the first empty place of `list` (the lowest: the order
/// the rows are solved in is the places' order), returning the place and
/// its generation.
fn put<T>(list: &mut Vec<Slot<T>>, item: T) -> (u32, u32) {
    let i = match list.iter().position(|s| s.item.is_none()) {
        Some(i) => i,
        None => {
            list.push(Slot { generation: 0, item: None });
            list.len() - 1
        }
    };
    list[i].item = Some(item);
    (i as u32, list[i].generation)
}

// The game's side: springs made, changed and destroyed through handles.
impl World {
    // ANCHOR: set_spring
    /// Put `spring` on `joint` (a revolute joint: a torsion spring towards
    /// the angle it was made at; a prismatic joint: a spring along its axis
    /// towards where it was made), or take its spring off (`None`). The
    /// spring goes when the joint does.
    pub fn set_spring(
        &mut self,
        joint: JointId,
        spring: Option<Spring>,
    ) -> Result<(), SpringError> {
        let j = self.base.game.joint(joint)?;
        let at = self.base.game.joints[j].at.ok_or(Stale::Joint(joint))? as usize;
        let list = &mut self.more.springs.on_joints;
        let Some(spring) = spring else {
            list.retain(|s| s.joint != joint);
            return Ok(());
        };
        spring.check()?;
        let j = &self.base.joints.list[at];
        if matches!(j.kind, Kind::Weld) {
            return Err(SpringError::Unsupported(
                "a weld has no free coordinate for a spring",
            ));
        }
        let (a, b) = (j.body_a, j.body_b);
        match list.iter_mut().find(|s| s.joint == joint) {
            Some(s) => s.spring = spring,
            None => list.push(JointSpring {
                joint,
                spring,
                at,
                row: SpringRow::default(),
            }),
        }
        self.wake_tied(&[a, b]);
        Ok(())
    }
    // ANCHOR_END: set_spring

    /// The spring on `joint`, if it has one.
    pub fn spring_on(&self, joint: JointId) -> Result<Option<Spring>, SpringError> {
        self.base.game.joint(joint)?;
        let list = &self.more.springs.on_joints;
        Ok(list.iter().find(|s| s.joint == joint).map(|s| s.spring))
    }

    // ANCHOR: create_spring
    /// Make a distance spring.
    pub fn create_spring(
        &mut self,
        def: DistanceSpringDef,
    ) -> Result<SpringId, SpringError> {
        let (a, b) =
            (self.base.game.body(def.body_a)?, self.base.game.body(def.body_b)?);
        if a == b {
            return Err(SpringError::Unsupported(
                "a spring joins two bodies, not one to itself",
            ));
        }
        def.spring.check()?;
        finite("anchor_a", def.anchor_a.x + def.anchor_a.y)?;
        finite("anchor_b", def.anchor_b.x + def.anchor_b.y)?;
        at_least_zero("length", def.length)?;
        at_least_zero("min_length", def.min_length)?;
        if def.max_length.is_nan() || def.max_length < def.min_length {
            return Err(SpringError::Invalid {
                what: "max_length",
                value: def.max_length,
            });
        }
        let bodies = &self.base.solver.bodies;
        let local = (
            bodies[a].transform().to_local(def.anchor_a),
            bodies[b].transform().to_local(def.anchor_b),
        );
        let spring = DistanceSpring {
            ids: (def.body_a, def.body_b),
            bodies: (a, b),
            local,
            length: def.length,
            min_length: def.min_length,
            max_length: def.max_length,
            spring: def.spring,
            collide_connected: def.collide_connected,
            row: SpringRow::default(),
            lower: SpringRow::default(),
            upper: SpringRow::default(),
        };
        let (index, generation) = put(&mut self.more.springs.distance, spring);
        self.sync_springs();
        self.wake_tied(&[a, b]);
        Ok(SpringId { index, generation })
    }
    // ANCHOR_END: create_spring

    fn distance_spring(
        &self,
        id: SpringId,
    ) -> Result<&DistanceSpring, SpringError> {
        let slot = self.more.springs.distance.get(id.index as usize);
        let s = slot
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.item.as_ref());
        let s = s.ok_or(SpringError::Gone)?;
        let game = &self.base.game;
        match game.body(s.ids.0).is_ok() && game.body(s.ids.1).is_ok() {
            true => Ok(s),
            false => Err(SpringError::Gone),
        }
    }

    /// A distance spring's spring, rest length and limits.
    pub fn distance_spring_def(
        &self,
        id: SpringId,
    ) -> Result<(Spring, f32, f32, f32), SpringError> {
        let s = self.distance_spring(id)?;
        Ok((s.spring, s.length, s.min_length, s.max_length))
    }

    /// Change a distance spring's stiffness and damping.
    pub fn set_distance_spring(
        &mut self,
        id: SpringId,
        spring: Spring,
    ) -> Result<(), SpringError> {
        spring.check()?;
        let bodies = self.distance_spring(id)?.bodies;
        if let Some(s) = &mut self.more.springs.distance[id.index as usize].item {
            s.spring = spring;
        }
        self.wake_tied(&[bodies.0, bodies.1]);
        Ok(())
    }

    /// Destroy a distance spring; its bodies wake.
    pub fn destroy_spring(&mut self, id: SpringId) -> Result<(), SpringError> {
        let bodies = self.distance_spring(id)?.bodies;
        free(&mut self.more.springs.distance[id.index as usize]);
        self.wake_tied(&[bodies.0, bodies.1]);
        self.sync_springs();
        Ok(())
    }

    // ANCHOR: create_wheel
    /// Make a wheel joint.
    pub fn create_wheel(&mut self, def: WheelDef) -> Result<WheelId, SpringError> {
        let (a, b) =
            (self.base.game.body(def.body_a)?, self.base.game.body(def.body_b)?);
        if a == b {
            return Err(SpringError::Unsupported(
                "a wheel joins a wheel to a chassis, not a body to itself",
            ));
        }
        def.spring.check()?;
        finite("anchor", def.anchor.x + def.anchor.y)?;
        finite("axis", def.axis.x + def.axis.y)?;
        let Some(axis) = def.axis.try_normalize() else {
            return Err(SpringError::Invalid {
                what: "axis length",
                value: def.axis.length(),
            });
        };
        if let Some(m) = def.motor {
            finite("motor speed", m.speed)?;
            at_least_zero("motor torque", m.max_torque)?;
        }
        if let Some((lower, upper)) = def.limits {
            finite("lower limit", lower)?;
            finite("upper limit", upper)?;
            if lower > upper {
                return Err(SpringError::Invalid {
                    what: "lower limit above upper",
                    value: lower,
                });
            }
        }
        let bodies = &self.base.solver.bodies;
        let (ta, tb) = (bodies[a].transform(), bodies[b].transform());
        let wheel = Wheel {
            ids: (def.body_a, def.body_b),
            bodies: (a, b),
            local: (ta.to_local(def.anchor), tb.to_local(def.anchor)),
            local_axis: ta.rotation.transpose().mul_vec2(axis),
            spring: def.spring,
            motor: def.motor,
            limits: def.limits,
            collide_connected: def.collide_connected,
            across: SpringRow::default(),
            along: SpringRow::default(),
            lower: SpringRow::default(),
            upper: SpringRow::default(),
            spin: SpringRow::default(),
        };
        let (index, generation) = put(&mut self.more.springs.wheels, wheel);
        self.sync_springs();
        self.wake_tied(&[a, b]);
        Ok(WheelId { index, generation })
    }
    // ANCHOR_END: create_wheel

    fn wheel(&self, id: WheelId) -> Result<&Wheel, SpringError> {
        let slot = self.more.springs.wheels.get(id.index as usize);
        let w = slot
            .filter(|s| s.generation == id.generation)
            .and_then(|s| s.item.as_ref());
        let w = w.ok_or(SpringError::Gone)?;
        let game = &self.base.game;
        match game.body(w.ids.0).is_ok() && game.body(w.ids.1).is_ok() {
            true => Ok(w),
            false => Err(SpringError::Gone),
        }
    }

    fn wheel_mut(&mut self, id: WheelId) -> Result<&mut Wheel, SpringError> {
        let bodies = self.wheel(id)?.bodies;
        self.wake_tied(&[bodies.0, bodies.1]);
        let slot = &mut self.more.springs.wheels[id.index as usize];
        slot.item.as_mut().ok_or(SpringError::Gone)
    }

    /// Set a wheel's motor (`None`: it turns freely); its bodies wake.
    pub fn set_wheel_motor(
        &mut self,
        id: WheelId,
        motor: Option<WheelMotor>,
    ) -> Result<(), SpringError> {
        if let Some(m) = motor {
            finite("motor speed", m.speed)?;
            at_least_zero("motor torque", m.max_torque)?;
        }
        self.wheel_mut(id)?.motor = motor;
        self.sync_springs();
        Ok(())
    }

    /// Set a wheel's suspension.
    pub fn set_wheel_spring(
        &mut self,
        id: WheelId,
        spring: Spring,
    ) -> Result<(), SpringError> {
        spring.check()?;
        self.wheel_mut(id)?.spring = spring;
        Ok(())
    }

    /// A wheel's motor.
    pub fn wheel_motor(
        &self,
        id: WheelId,
    ) -> Result<Option<WheelMotor>, SpringError> {
        Ok(self.wheel(id)?.motor)
    }

    /// Where a wheel's anchor is relative to the line it keeps to, now:
    /// along the axis from where it was made (the suspension's travel,
    /// m) and across it (the joint's error, m), and the axis.
    pub fn wheel_travel(
        &self,
        id: WheelId,
    ) -> Result<(f32, f32, Vec2), SpringError> {
        let w = self.wheel(id)?;
        let bodies = &self.base.solver.bodies;
        let (ta, tb) =
            (bodies[w.bodies.0].transform(), bodies[w.bodies.1].transform());
        let d = tb.to_world(w.local.1) - ta.to_world(w.local.0);
        let axis = ta.rotation.mul_vec2(w.local_axis);
        Ok((d.dot(axis), d.dot(perp(axis)), axis))
    }

    /// The chassis and the wheel of a wheel joint.
    pub fn wheel_bodies(
        &self,
        id: WheelId,
    ) -> Result<(BodyId, BodyId), SpringError> {
        Ok(self.wheel(id)?.ids)
    }

    /// Every live wheel's handle, in place order.
    pub fn wheel_ids(&self) -> Vec<WheelId> {
        let wheels = self.more.springs.wheels.iter().enumerate();
        let ids = wheels
            .map(|(i, s)| WheelId { index: i as u32, generation: s.generation });
        ids.filter(|&id| self.wheel(id).is_ok()).collect()
    }

    /// Every live distance spring's handle, in place order.
    pub fn spring_ids(&self) -> Vec<SpringId> {
        let springs = self.more.springs.distance.iter().enumerate();
        let ids = springs
            .map(|(i, s)| SpringId { index: i as u32, generation: s.generation });
        ids.filter(|&id| self.distance_spring(id).is_ok()).collect()
    }

    /// Every joint with a spring on it, in the order they were given one.
    pub fn sprung_joints(&self) -> Vec<JointId> {
        let on = self.more.springs.on_joints.iter().map(|s| s.joint);
        on.filter(|&j| self.base.game.joint(j).is_ok()).collect()
    }

    /// Destroy a wheel joint; its bodies wake.
    pub fn destroy_wheel(&mut self, id: WheelId) -> Result<(), SpringError> {
        let bodies = self.wheel(id)?.bodies;
        free(&mut self.more.springs.wheels[id.index as usize]);
        self.wake_tied(&[bodies.0, bodies.1]);
        self.sync_springs();
        Ok(())
    }

    /// [`Springs::sync`] now, between steps.
    fn sync_springs(&mut self) {
        let n = self.base.solver.bodies.len();
        self.base.sleep.fit(n);
        self.more.springs.sync(&mut self.base);
    }

    /// Wake the islands of `bodies`, and what the ties join to them. If
    /// all of them are awake, so are their islands: the world is not walked
    /// (what else a tie should wake, the next step's first stage wakes),
    /// nor are the ties found again (the step finds them before it starts),
    /// so a rain of ragdolls does not walk every spring for each one made.
    fn wake_tied(&mut self, bodies: &[usize]) {
        let n = self.base.solver.bodies.len();
        self.base.sleep.fit(n);
        if !bodies.iter().any(|&i| self.base.sleep.asleep[i]) {
            return;
        }
        self.sync_springs();
        let base = &mut self.base;
        let mut wake = vec![false; base.solver.bodies.len()];
        for &i in bodies {
            wake[i] = true;
        }
        base.sleep.wake_with(&base.solver, &base.joints, wake);
    }
}

/// Each distance spring as a zigzag between its anchors, each wheel's line
/// and the point on it, and a coil beside each spring on a joint.
pub fn draw(out: &mut DrawList, world: &World) {
    let bodies = &world.base.solver.bodies;
    let springs = &world.more.springs;
    let colour = Color(0xd0a040);
    for s in springs.distance.iter().filter_map(|s| s.item.as_ref()) {
        let (a, b) = (&bodies[s.bodies.0], &bodies[s.bodies.1]);
        let (pa, pb) =
            (a.transform().to_world(s.local.0), b.transform().to_world(s.local.1));
        zigzag(out, pa, pb, colour);
    }
    for w in springs.wheels.iter().filter_map(|s| s.item.as_ref()) {
        let (a, b) = (&bodies[w.bodies.0], &bodies[w.bodies.1]);
        let ta = a.transform();
        let (pa, pb) = (ta.to_world(w.local.0), b.transform().to_world(w.local.1));
        let axis = ta.rotation.mul_vec2(w.local_axis);
        zigzag(out, pa, pa + axis * (pb - pa).dot(axis), colour);
        out.point(pb, 4.0, colour);
    }
    for s in &springs.on_joints {
        let j = &world.base.joints.list[s.at];
        let (pa, pb) = j.anchors(bodies);
        match j.axis(bodies) {
            Some(axis) => zigzag(out, pa, pa + axis * (pb - pa).dot(axis), colour),
            None => out.circle_outline(pb, 0.12, colour),
        }
    }
}

/// A spring's coil from `a` to `b`.
fn zigzag(out: &mut DrawList, a: Vec2, b: Vec2, colour: Color) {
    let Some(along) = (b - a).try_normalize() else {
        return;
    };
    let side = perp(along) * 0.08;
    const TURNS: usize = 8;
    let mut last = a;
    for k in 1..=TURNS {
        let t = k as f32 / TURNS as f32;
        let bend = if k == TURNS {
            0.0
        } else if k % 2 == 0 {
            -1.0
        } else {
            1.0
        };
        let next = a + (b - a) * t + side * bend;
        out.segment(last, next, colour);
        last = next;
    }
}
