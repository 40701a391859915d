//! # Chapter 7: distance constraints
//!
//! A contact is a rule, "these two points may not approach along the normal", kept
//! by an impulse. A **constraint** is any such rule. The distance constraint keeps
//! a point on one body a fixed distance from a point on another:
//!
//! - its axis is the line between the two anchor points; the rule, in velocities,
//!   is that the anchors' relative velocity along the axis is zero;
//! - the impulse that keeps it is chapter 6's impulse with the constraint's own
//!   effective mass (anchors away from the centres bring in the turning terms);
//! - velocities alone let the length drift, so a **bias** feeds part of the length
//!   error back into the target velocity: the tutorial's `(current - rest) / dt`,
//!   softened by a **Baumgarte factor**;
//! - a **rod** pushes and pulls (an equality constraint); a **rope** only pulls,
//!   and only when taut (an inequality constraint, like a contact).
//!
//! Bodies, contacts and the contact solver are chapter 6's, imported; joints are
//! solved in the same passes as the contacts, in an order the demo can switch.
//!
//! The book's page for this chapter is `book/src/ch07-distance-constraints.md`.

pub use ch06_rotation_friction::{Body, World as ContactWorld};
use glam::Vec2;
use physics_core::math::{cross, cross_scalar_vec};

pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

// ANCHOR: world
/// Chapter 6's world with distance joints.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// Bodies, gravity, contacts and the contact solver's settings
    /// (iterations, friction, restitution, correction), from chapter 6.
    pub rigid: ContactWorld,
    pub joints: Vec<DistanceJoint>,
    /// The fraction of a joint's length error fed back per step, 0 to 1.
    /// 1 is the tutorial's `(current - rest) / dt`: it tries to close
    /// the whole error in one step, so several joints on one body
    /// overshoot each other; 0 leaves the length to drift.
    pub baumgarte: f32,
    /// Contacts or joints solved last in each pass.
    pub order: Order,
    /// This step's impulse on each joint, summed over the passes, N s.
    pub joint_impulses: Vec<f32>,
}
// ANCHOR_END: world

impl World {
    /// Chapter 6's world of `bodies` with `joints`, a Baumgarte factor of 0.2 and
    /// joints solved last.
    pub fn new(bodies: Vec<Body>, joints: Vec<DistanceJoint>) -> Self {
        World {
            rigid: ContactWorld::new(bodies),
            joints,
            baumgarte: 0.2,
            order: Order::JointsLast,
            joint_impulses: Vec::new(),
        }
    }

    pub fn bodies(&self) -> &[Body] {
        &self.rigid.bodies
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        // 1. Forces: gravity, forces and torques change the velocities.
        self.rigid.integrate_velocities(dt);
        // 2. Detect: chapter 6's manifolds, less the pairs a joint holds.
        self.rigid.find_collisions();
        self.drop_joined_pairs();
        // 3. Resolve: contacts and joints together, `iterations` passes.
        self.rigid.begin_impulses();
        self.joint_impulses = vec![0.0; self.joints.len()];
        for _ in 0..self.rigid.iterations.max(1) {
            match self.order {
                Order::JointsLast => {
                    self.rigid.solve_contacts();
                    self.solve_joints(dt);
                }
                Order::ContactsLast => {
                    self.solve_joints(dt);
                    self.rigid.solve_contacts();
                }
            }
        }
        // 4. Correct: chapter 6's positional correction at the contacts.
        self.rigid.correct_positions();
        // 5. Move: the resolved velocities move and turn the bodies.
        self.rigid.integrate_positions(dt);
    }
    // ANCHOR_END: step

    /// One pass over every joint, in order.
    pub fn solve_joints(&mut self, dt: f32) {
        for (k, joint) in self.joints.iter().enumerate() {
            let p = solve_joint(&mut self.rigid.bodies, joint, self.baumgarte, dt);
            self.joint_impulses[k] += p;
        }
    }

    /// Bodies held together by a joint do not collide: a chain's links or
    /// a bridge's planks touch where they are joined, and the contact
    /// would fight the joint.
    pub fn drop_joined_pairs(&mut self) {
        let joints = &self.joints;
        self.rigid.collisions.retain(|c| {
            !joints.iter().any(|j| {
                (j.body_a, j.body_b) == (c.a, c.b)
                    || (j.body_b, j.body_a) == (c.a, c.b)
            })
        });
    }

    /// The largest stretch or squeeze of any rod (of any rope, only its stretch),
    /// metres.
    pub fn worst_length_error(&self) -> f32 {
        self.joints
            .iter()
            .map(|j| {
                let s = j.stretch(&self.rigid.bodies);
                match j.kind {
                    JointKind::Rod => s.abs(),
                    JointKind::Rope => s.max(0.0),
                }
            })
            .fold(0.0, f32::max)
    }
}

// ANCHOR: joint
/// Whether a distance joint pushes as well as pulls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JointKind {
    /// Keeps the anchors exactly `length` apart (equality).
    Rod,
    /// Keeps them at most `length` apart, pulling only (inequality).
    Rope,
}

/// A distance joint between two bodies' anchor points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceJoint {
    pub body_a: usize,
    pub body_b: usize,
    /// The anchor on A, in A's own frame (turns with A).
    pub local_a: Vec2,
    /// The anchor on B, in B's own frame.
    pub local_b: Vec2,
    /// The rest length (a rope's greatest length), metres, 0 or more.
    pub length: f32,
    pub kind: JointKind,
}
// ANCHOR_END: joint

impl DistanceJoint {
    /// A joint between world points `at_a` on body `a` and `at_b` on body `b`, as
    /// long as they are apart now.
    pub fn between(
        bodies: &[Body],
        a: usize,
        at_a: Vec2,
        b: usize,
        at_b: Vec2,
        kind: JointKind,
    ) -> Self {
        DistanceJoint {
            body_a: a,
            body_b: b,
            local_a: bodies[a].transform().to_local(at_a),
            local_b: bodies[b].transform().to_local(at_b),
            length: (at_b - at_a).length(),
            kind,
        }
    }

    /// The two anchors in world coordinates, now.
    pub fn anchors(&self, bodies: &[Body]) -> (Vec2, Vec2) {
        (
            bodies[self.body_a].transform().to_world(self.local_a),
            bodies[self.body_b].transform().to_world(self.local_b),
        )
    }

    /// How much longer than its length the joint is now (negative: shorter),
    /// metres.
    pub fn stretch(&self, bodies: &[Body]) -> f32 {
        let (pa, pb) = self.anchors(bodies);
        (pb - pa).length() - self.length
    }
}

// ANCHOR: axis
/// The joint's axis: the unit vector from anchor `pa` to anchor `pb`
/// and their distance. When the anchors coincide there is no line
/// between them; the only motion to stop is then the anchors' relative
/// velocity `relative` itself, so that is the axis. `None` when that is
/// zero too: nothing to do.
pub fn joint_axis(pa: Vec2, pb: Vec2, relative: Vec2) -> Option<(Vec2, f32)> {
    match ch04_manifolds::direction(pb - pa) {
        Some((axis, distance)) => Some((axis, distance)),
        None => ch04_manifolds::direction(relative).map(|(axis, _)| (axis, 0.0)),
    }
}
// ANCHOR_END: axis

// ANCHOR: effective_mass
/// `1 / m_eff` of the joint along the axis `n`: chapter 6's sum, but each body
/// turns about its own anchor, `r_a = pa - x_a` and `r_b = pb - x_b`.
pub fn joint_inverse_mass(a: &Body, pa: Vec2, b: &Body, pb: Vec2, n: Vec2) -> f32 {
    let ra = cross(pa - a.position, n); // r_a x n
    let rb = cross(pb - b.position, n); // r_b x n
    a.inv_mass + b.inv_mass + a.inv_inertia * ra * ra + b.inv_inertia * rb * rb
}
// ANCHOR_END: effective_mass

// ANCHOR: joint_impulse
/// The impulse along the axis (from A's anchor `pa` to B's `pb`; `+`
/// pushes B away from A) that makes the anchors' relative velocity
/// along the axis `-baumgarte * (distance - length) / dt`: zero for a
/// joint at its length, and otherwise closing the fraction `baumgarte`
/// of the error in one step. A rope does nothing while slack and only
/// pulls. Returns the impulse (N s) and the axis.
#[allow(clippy::too_many_arguments)]
pub fn joint_impulse(
    a: &Body,
    pa: Vec2,
    b: &Body,
    pb: Vec2,
    length: f32,
    kind: JointKind,
    baumgarte: f32,
    dt: f32,
) -> (f32, Vec2) {
    let relative = b.velocity
        + cross_scalar_vec(b.angular_velocity, pb - b.position)
        - a.velocity
        - cross_scalar_vec(a.angular_velocity, pa - a.position);
    let Some((axis, distance)) = joint_axis(pa, pb, relative) else {
        return (0.0, Vec2::ZERO);
    };
    let error = distance - length; // C
    let c_dot = relative.dot(axis); // dC/dt
    let k = joint_inverse_mass(a, pa, b, pb, axis);
    let impulse = match kind {
        JointKind::Rod => rod_impulse(c_dot, error, k, baumgarte, dt),
        JointKind::Rope => rope_impulse(c_dot, error, k, baumgarte, dt),
    };
    (impulse, axis)
}
// ANCHOR_END: joint_impulse

#[cfg(feature = "exercises")]
pub use crate::exercises::rod_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: rod_impulse
// ANCHOR: rod_impulse_signature
/// A rod's impulse along its axis (N s, `+` pushes B away from A),
/// from the anchors' relative velocity along the axis `c_dot`, the
/// length error `error` (`C`, distance less length) and `k = 1 / m_eff`
/// along the axis: the impulse that makes `c_dot` the drift fix's
/// target. 0 when nothing can move (`k <= 0`) or no time passes
/// (`dt <= 0`).
pub fn rod_impulse(c_dot: f32, error: f32, k: f32, baumgarte: f32, dt: f32) -> f32 {
    // ANCHOR_END: rod_impulse_signature
    // After the impulse the rate is c_dot + k lambda; setting it to the
    // target -baumgarte C / dt gives lambda = (target - c_dot) / k.
    if k <= 0.0 || dt <= 0.0 {
        return 0.0;
    }
    let target = -baumgarte * error / dt;
    (target - c_dot) / k
}
// ANCHOR_END: rod_impulse

#[cfg(feature = "exercises")]
pub use crate::exercises::rope_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: rope_impulse
// ANCHOR: rope_impulse_signature
/// A rope's impulse: nothing while it is slack (shorter than its
/// length, `error < 0`); taut, the rod's impulse, but only if it pulls
/// (`<= 0`: a rope cannot push).
pub fn rope_impulse(
    c_dot: f32,
    error: f32,
    k: f32,
    baumgarte: f32,
    dt: f32,
) -> f32 {
    // ANCHOR_END: rope_impulse_signature
    if error < 0.0 {
        return 0.0; // slack
    }
    rod_impulse(c_dot, error, k, baumgarte, dt).min(0.0)
}
// ANCHOR_END: rope_impulse

// ANCHOR: pulley
/// A rope over two pulleys: from A's anchor up to a pulley fixed at
/// `ground_a`, across, and down from a pulley fixed at `ground_b` to B's
/// anchor, wound so that B's side counts `ratio` times (a block and
/// tackle): the rope keeps `|p_A - g_A| + ratio |p_B - g_B| <= length`,
/// and pulls with `ratio` times the tension on B's side. Not one of the
/// world's joints: exercise 7.3 solves it, in worlds its tests step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pulley {
    pub body_a: usize,
    pub body_b: usize,
    /// The anchors, in each body's own frame.
    pub local_a: Vec2,
    pub local_b: Vec2,
    /// The two pulleys, fixed points of the world.
    pub ground_a: Vec2,
    pub ground_b: Vec2,
    /// The most `|p_A - g_A| + ratio |p_B - g_B|` may be, metres.
    pub length: f32,
    /// How many times B's side counts, greater than 0.
    pub ratio: f32,
}

impl Pulley {
    /// The two anchors in world coordinates, now.
    pub fn anchors(&self, bodies: &[Body]) -> (Vec2, Vec2) {
        (
            bodies[self.body_a].transform().to_world(self.local_a),
            bodies[self.body_b].transform().to_world(self.local_b),
        )
    }
}
// ANCHOR_END: pulley

#[cfg(feature = "exercises")]
pub use crate::exercises::pulley_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: pulley_impulse
// ANCHOR: pulley_impulse_signature
/// The pulley's impulse (N s, negative: the rope pulls): the one that,
/// applied as `lambda u_A` to A at its anchor and `ratio lambda u_B` to B
/// at its (`u` the unit vector from each pulley to its anchor), makes the
/// rate of `|p_A - g_A| + ratio |p_B - g_B|` the drift fix's target. A
/// rope: nothing while slack, and it only pulls. 0 when an anchor is at
/// its pulley.
pub fn pulley_impulse(
    bodies: &[Body],
    pulley: &Pulley,
    baumgarte: f32,
    dt: f32,
) -> f32 {
    // ANCHOR_END: pulley_impulse_signature
    let (a, b) = (&bodies[pulley.body_a], &bodies[pulley.body_b]);
    let (pa, pb) = pulley.anchors(bodies);
    let sides = (
        ch04_manifolds::direction(pa - pulley.ground_a),
        ch04_manifolds::direction(pb - pulley.ground_b),
    );
    let (Some((ua, length_a)), Some((ub, length_b))) = sides else {
        return 0.0; // an anchor at its pulley: no direction to pull in
    };
    let ratio = pulley.ratio;
    // C = |p_A - g_A| + ratio |p_B - g_B| - length. Its rate: each side
    // lengthens at its anchor's velocity along that side.
    let error = length_a + ratio * length_b - pulley.length;
    let c_dot = ua.dot(a.velocity_at(pa)) + ratio * ub.dot(b.velocity_at(pb));
    // An impulse lambda u_A on A changes A's side's rate by lambda times
    // A's 1/m_eff along u_A; ratio lambda u_B on B changes B's side's by
    // ratio lambda times B's, which counts ratio times again in C.
    let side = |body: &Body, anchor: Vec2, u: Vec2| {
        let lever = cross(anchor - body.position, u);
        body.inv_mass + body.inv_inertia * lever * lever
    };
    let k = side(a, pa, ua) + ratio * ratio * side(b, pb, ub);
    rope_impulse(c_dot, error, k, baumgarte, dt)
}
// ANCHOR_END: pulley_impulse

/// Work out and apply the pulley's impulse, with Baumgarte factor
/// `beta`: `lambda u_A` to A at its anchor, `ratio lambda u_B` to B at
/// its. Returns `lambda`, N s.
pub fn solve_pulley(
    bodies: &mut [Body],
    pulley: &Pulley,
    beta: f32,
    dt: f32,
) -> f32 {
    let lambda = pulley_impulse(bodies, pulley, beta, dt);
    let (pa, pb) = pulley.anchors(bodies);
    let towards = |anchor: Vec2, ground: Vec2| {
        ch04_manifolds::direction(anchor - ground).map_or(Vec2::ZERO, |(u, _)| u)
    };
    let (ua, ub) = (towards(pa, pulley.ground_a), towards(pb, pulley.ground_b));
    bodies[pulley.body_a].apply_impulse(lambda * ua, pa);
    bodies[pulley.body_b].apply_impulse(pulley.ratio * lambda * ub, pb);
    lambda
}

// ANCHOR: solve_joint
/// Work out and apply one joint's impulse, with Baumgarte factor
/// `beta`: `-P` to A at its anchor, `+P` to B at its. Returns the
/// impulse along the axis, N s.
pub fn solve_joint(
    bodies: &mut [Body],
    joint: &DistanceJoint,
    beta: f32,
    dt: f32,
) -> f32 {
    let (i, j) = (joint.body_a, joint.body_b);
    if i == j || i.max(j) >= bodies.len() {
        return 0.0;
    }
    let (pa, pb) = joint.anchors(bodies);
    let (a, b) = (bodies[i], bodies[j]);
    let (length, kind) = (joint.length, joint.kind);
    let (impulse, axis) = joint_impulse(&a, pa, &b, pb, length, kind, beta, dt);
    bodies[i].apply_impulse(-impulse * axis, pa);
    bodies[j].apply_impulse(impulse * axis, pb);
    impulse
}
// ANCHOR_END: solve_joint

// ANCHOR: order
/// Which of contacts and joints each pass solves last. What is solved
/// last in a pass is met exactly at its end; what came before is
/// disturbed again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Contacts, then joints (the tutorial's): joints stay tighter,
    /// contacts give a little.
    JointsLast,
    /// Joints, then contacts: contacts hold better, joints stretch.
    ContactsLast,
}
// ANCHOR_END: order
