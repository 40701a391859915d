//! # Chapter 9: joints from one recipe
//!
//! Chapter 8 solved two kinds of row, a contact point's and a rod's, each
//! written out by hand. Both are one recipe, and every joint of a game
//! engine is that recipe again:
//!
//! 1. a **position constraint** `C(x) = 0` (or `>= 0`) the joint keeps;
//! 2. its **Jacobian** `J`, found by differentiating `C` in time:
//!    `dC/dt = J v`, where `v` is both bodies' velocities and spins;
//! 3. the **effective mass** `(J M^-1 J^T)^-1`: a number for one row, a
//!    2x2 or 3x3 matrix for rows that must hold together;
//! 4. a **bias**, the velocity the row aims at: `-beta C / dt` to undo
//!    drift, a motor's speed, or a limit's gap;
//! 5. a **clamp** on the row's accumulated impulse: none for a pin, one
//!    side for a limit, `+-` the maximum torque times `dt` for a motor;
//! 6. **warm starting**: each row keeps its impulse to the next step.
//!
//! A [`Row`] is steps 2 to 6 for one scalar row. A joint is a short list
//! of rows: a **revolute** joint (a pin) two point rows solved as one 2x2
//! block, with an angle **limit** and a **motor**; a **prismatic** joint (a
//! slider) a perpendicular row and an angle row as one block, with a limit
//! and a motor along its axis; a **weld** three rows as one 3x3 block. A
//! **mouse joint** is a soft point row with a maximum force.
//!
//! The world is chapter 8's, with the joints' rows solved in the same
//! passes as its contacts and rods: [`World::step`] calls chapter 8's
//! stages and adds the joints at each.
//!
//! The book's page for this chapter is `book/src/ch09-joints.md`.

use ch08_sequential_impulses::Transform;
pub use ch08_sequential_impulses::{
    Body, Circle, DistanceJoint, JointKind as DistanceKind, Obb, Restitution,
    Settings, Shape, bounding_box, clamp_impulse,
};
use glam::{Mat2, Mat3, Vec2, Vec3};
use physics_core::math::{cross, perp};
pub use physics_core::slices::pair_mut;

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
/// Chapter 8's world (bodies, contacts, distance joints, its settings)
/// and this chapter's joints, side by side as two parts: each stage of
/// [`World::step`] is a call on the part it changes, handed the parts it
/// reads.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// Chapter 8's world: the bodies, contacts, rods and ropes, gravity
    /// and the solver's settings.
    pub solver: ch08_sequential_impulses::World,
    /// This chapter's part: the joints, their rows and the mouse.
    pub joints: Joints,
}

/// The joints and what the solver keeps for them between steps.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Joints {
    pub list: Vec<Joint>,
    /// One set of rows per joint, in the order of `list`, kept to the
    /// next step for warm starting.
    pub rows: Vec<JointRows>,
    /// The mouse's soft grip on a body, while the button is held.
    pub mouse: Option<MouseJoint>,
    pub settings: JointSettings,
    /// The pairs a joint holds, sorted `(low, high)`: they do not collide.
    held: Vec<(usize, usize)>,
    /// Each contact arbiter's rolling-resistance impulse accumulated this
    /// step, N m s, in the order of the arbiters.
    rolling: Vec<f32>,
}
// ANCHOR_END: world

impl World {
    /// Bodies, distance joints and joints under the Earth's gravity with
    /// chapter 8's settings.
    pub fn new(
        bodies: Vec<Body>,
        distance: Vec<DistanceJoint>,
        joints: Vec<Joint>,
    ) -> Self {
        World {
            solver: ch08_sequential_impulses::World::new(bodies, distance),
            joints: Joints::new(joints),
        }
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }

    /// Advance by `dt` seconds (see [`step`]).
    pub fn step(&mut self, dt: f32) {
        step(&mut self.solver, &mut self.joints, dt);
    }

    /// Take hold of body `body` at its point `local` (in its own frame),
    /// pulling it towards world point `at`.
    pub fn pull(&mut self, body: usize, local: Vec2, at: Vec2) {
        self.joints.pull(&self.solver.bodies, body, local, at);
    }

    /// The largest position error of any joint now: metres for the point
    /// rows and the slider's drift, radians for the angle rows.
    pub fn worst_error(&self) -> (f32, f32) {
        self.joints.worst_error(&self.solver.bodies)
    }
}

// ANCHOR: step
/// Advance chapter 8's world and the joints by `dt` seconds: chapter 8's
/// step, with every joint's rows beside its contacts at each stage (a
/// non-positive or non-finite `dt` does nothing).
pub fn step(
    solver: &mut ch08_sequential_impulses::World,
    joints: &mut Joints,
    dt: f32,
) {
    if !(dt > 0.0 && dt.is_finite()) {
        return;
    }
    // 1-2. Broad and narrow phase; two bodies a joint holds do not collide.
    solver.broad_phase(|_, b, t| bounding_box(&b.shape, t));
    joints.drop_held_pairs(solver);
    solver.narrow_phase();
    // 3. Pre-step: each row's Jacobian, effective mass and bias.
    solver.pre_step(dt);
    joints.pre_step(solver, dt);
    // 4. Gravity.
    solver.integrate_velocities(dt);
    // 5. Warm start: last step's impulses, contacts and joints.
    solver.warm_start();
    joints.warm_start(&mut solver.bodies);
    // 6. Iterate: contacts, rods, this chapter's joints, rolling resistance.
    let iterations = solver.settings.iterations.max(1);
    let accumulate = solver.settings.accumulate;
    for _ in 0..iterations {
        solver.solve_contacts();
        solver.solve_joints();
        joints.solve(&mut solver.bodies, accumulate);
        joints.resist_rolling(solver);
    }
    // 7. Restitution; the joints hand each bounce on.
    let own_pass = solver.settings.restitution == Restitution::OwnPass;
    if own_pass && solver.mark_bounces() {
        for _ in 0..iterations {
            solver.bounce();
            solver.solve_joints();
            joints.solve(&mut solver.bodies, accumulate);
        }
    }
    // 8. Move.
    solver.integrate_positions(dt);
    // 9. Position pass: move the joints' bodies back together.
    if joints.settings.position_pass {
        for _ in 0..POSITION_PASSES {
            joints.correct_positions(&mut solver.bodies);
        }
    }
    joints.release_mouse_unless_pulled();
}
// ANCHOR_END: step

impl Joints {
    /// `list`, with this chapter's default switches and no rows yet.
    pub fn new(list: Vec<Joint>) -> Self {
        Joints { list, ..Joints::default() }
    }

    /// Stage 1's last part: the broad phase's pairs in `solver`, less the
    /// pairs a joint holds.
    pub fn drop_held_pairs(
        &mut self,
        solver: &mut ch08_sequential_impulses::World,
    ) {
        self.held.clear();
        let pair = |a: usize, b: usize| (a.min(b), a.max(b));
        self.held.extend(self.list.iter().map(|j| pair(j.body_a, j.body_b)));
        self.held.sort_unstable();
        let held = &self.held;
        solver.retain_pairs(|a, b| held.binary_search(&(a, b)).is_err());
    }

    // ANCHOR: pre_step_joints
    /// Stage 3 for the joints: each joint's rows for this step, with the
    /// impulses they ended the last step with if warm starting keeps them.
    pub fn pre_step(&mut self, solver: &ch08_sequential_impulses::World, dt: f32) {
        let base = &solver.settings;
        let warm = base.warm_starting && base.accumulate;
        // Drift is the position pass's, or Baumgarte's bias.
        let beta = if base.position_correction && !self.settings.position_pass {
            base.bias_factor
        } else {
            0.0
        };
        let settings = self.settings;
        self.rows.resize(self.list.len(), JointRows::default());
        let bodies = &solver.bodies;
        for (rows, joint) in self.rows.iter_mut().zip(&self.list) {
            let old = *rows;
            *rows = joint.rows(bodies, &settings, beta, dt);
            if warm {
                rows.keep_impulses(&old);
            }
        }
        if let Some(mouse) = self.mouse.as_mut() {
            mouse.pre_step(bodies, dt, warm);
        }
        // Rolling resistance starts each step from nothing.
        self.rolling.clear();
        self.rolling.resize(solver.arbiters.len(), 0.0);
    }
    // ANCHOR_END: pre_step_joints

    /// Stage 5 for the joints: apply each row's kept impulse.
    pub fn warm_start(&self, bodies: &mut [Body]) {
        for (rows, joint) in self.rows.iter().zip(&self.list) {
            let (a, b) = pair_mut(bodies, joint.body_a, joint.body_b);
            for row in rows.all() {
                row.jacobian.apply(a, b, row.impulse);
            }
        }
        if let Some(mouse) = &self.mouse {
            mouse.warm_start(bodies);
        }
    }

    // ANCHOR: solve_joints
    /// One pass of stage 6 over the joints. Each joint: its motor, then its
    /// limits, then the rows that must hold exactly, as one block (or one
    /// row at a time with the block switched off). The pin goes last so
    /// that what the motor and limits did cannot pull it apart.
    pub fn solve(&mut self, bodies: &mut [Body], accumulate: bool) {
        let block = self.settings.block;
        for (rows, joint) in self.rows.iter_mut().zip(&self.list) {
            let (a, b) = pair_mut(bodies, joint.body_a, joint.body_b);
            for row in [&mut rows.motor, &mut rows.lower, &mut rows.upper] {
                if row.active {
                    row.solve(a, b, accumulate);
                }
            }
            let equal = &mut rows.equal[..rows.equal_count];
            match equal {
                [x, y] if block => solve_block2(x, y, a, b),
                [x, y, z] if block => solve_block3(x, y, z, a, b),
                _ => {
                    for row in equal.iter_mut() {
                        row.solve(a, b, accumulate);
                    }
                }
            }
        }
        if let Some(mouse) = self.mouse.as_mut() {
            mouse.solve(bodies);
        }
    }
    // ANCHOR_END: solve_joints

    // ANCHOR: resist_rolling
    /// Stage 6, after the joints: rolling resistance ([`roll`]) for each
    /// contact pair with a disc in it, when
    /// [`JointSettings::rolling_resistance`] is above 0. The pair resists
    /// with the coefficient times the larger disc's radius, and the
    /// pair's normal impulse accumulated so far this step.
    pub fn resist_rolling(&mut self, solver: &mut ch08_sequential_impulses::World) {
        let coefficient = self.settings.rolling_resistance;
        if coefficient <= 0.0 {
            return;
        }
        let bodies = &mut solver.bodies;
        for (arb, total) in solver.arbiters.iter().zip(&mut self.rolling) {
            let radius = |i: usize| match bodies[i].shape {
                Shape::Circle(c) => c.radius,
                Shape::Box(_) => 0.0,
            };
            let reach = radius(arb.a).max(radius(arb.b));
            if reach > 0.0 {
                let normal = arb.contacts().iter().map(|c| c.normal_impulse).sum();
                let (a, b) = pair_mut(bodies, arb.a, arb.b);
                roll(a, b, coefficient * reach, normal, total);
            }
        }
    }
    // ANCHOR_END: resist_rolling

    // ANCHOR: correct_positions
    /// Stage 9, one pass: each joint's rows again at the bodies' new
    /// positions, and the *displacement* (not velocity) that removes their
    /// error `C` as the rows' impulses would: `dx = M^-1 J^T l` with
    /// `K l = -C`, the block's `K` as in `solve_block2`. Limits push only.
    /// Motors play no part. Box2D v2 fixed joint drift with such a pass.
    pub fn correct_positions(&self, bodies: &mut [Body]) {
        let settings = self.settings;
        for joint in &self.list {
            // With beta = 1 and dt = 1, each row's bias is -C itself.
            let mut rows = joint.rows(bodies, &settings, 1.0, 1.0);
            rows.motor.active = false;
            // At most 0.2 m (or rad) a row a pass, clamped in the spirit of
            // Box2D v2 (which clamps only its limit rows, at 0.2 m or 8
            // degrees): a large error is linear only near the answer.
            for row in
                rows.equal.iter_mut().chain([&mut rows.lower, &mut rows.upper])
            {
                row.bias = row.bias.clamp(-MAX_CORRECTION, MAX_CORRECTION);
            }
            let (a, b) = pair_mut(bodies, joint.body_a, joint.body_b);
            let (mut va, mut vb) = (*a, *b);
            for body in [&mut va, &mut vb] {
                body.velocity = Vec2::ZERO;
                body.angular_velocity = 0.0;
            }
            // Solved as velocities of bodies at rest over a step of 1 s,
            // the impulses' velocity changes are the displacements.
            for row in [&mut rows.lower, &mut rows.upper] {
                if row.active {
                    row.solve(&mut va, &mut vb, true);
                }
            }
            let equal = &mut rows.equal[..rows.equal_count];
            match equal {
                [x, y] => solve_block2(x, y, &mut va, &mut vb),
                [x, y, z] => solve_block3(x, y, z, &mut va, &mut vb),
                _ => {}
            }
            for (body, moved) in [(a, va), (b, vb)] {
                body.position += moved.velocity;
                body.angle += moved.angular_velocity;
            }
        }
    }
    // ANCHOR_END: correct_positions

    /// Take hold of body `body` at `local`, or move the mouse's target to
    /// `at` if the mouse holds that point already.
    pub fn pull(&mut self, bodies: &[Body], body: usize, local: Vec2, at: Vec2) {
        match self.mouse.as_mut() {
            Some(m) if m.body == body && m.local == local => {
                m.target = at;
                m.pulled = true;
            }
            _ => self.mouse = Some(MouseJoint::new(bodies, body, local, at)),
        }
    }

    /// The mouse lets go when a step passes without a pull.
    pub fn release_mouse_unless_pulled(&mut self) {
        match self.mouse.as_mut() {
            Some(m) if m.pulled => m.pulled = false,
            _ => self.mouse = None,
        }
    }

    /// The largest position error of any joint in `bodies`: metres for the
    /// point rows and the slider's drift, radians for the angle rows.
    pub fn worst_error(&self, bodies: &[Body]) -> (f32, f32) {
        let mut worst = (0.0f32, 0.0f32);
        for j in &self.list {
            let (metres, radians) = j.error(bodies);
            worst = (worst.0.max(metres), worst.1.max(radians));
        }
        worst
    }
}

/// Passes of the position stage per step (Box2D v2 made 3).
pub const POSITION_PASSES: usize = 3;

/// The largest correction of one row in one position pass, m or rad.
pub const MAX_CORRECTION: f32 = 0.2;

// ANCHOR: settings
/// This chapter's switches; chapter 8's (iterations, warm starting,
/// Baumgarte) live in `World::solver.settings` and apply to joints too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointSettings {
    /// Solve the rows that must hold together (a pin's two, a weld's
    /// three) as one block; off: one row at a time, like chapter 8.
    pub block: bool,
    /// Enforce the joints' limits.
    pub limits: bool,
    /// Fix the joints' drift by moving the bodies after the step (on), or
    /// by chapter 8's Baumgarte bias in the velocity rows (off).
    pub position_pass: bool,
    /// Drive the joints' motors.
    pub motors: bool,
    /// Rolling resistance (exercise 9.4): a disc touching anything resists
    /// turning on it with a torque of at most this coefficient times its
    /// radius times the contact's normal force. 0 (the default) is none.
    /// Chapter 9's step solves it; the soft step of chapter 10 on does not.
    pub rolling_resistance: f32,
}

impl Default for JointSettings {
    fn default() -> Self {
        JointSettings {
            block: true,
            limits: true,
            position_pass: true,
            motors: true,
            rolling_resistance: 0.0,
        }
    }
}
// ANCHOR_END: settings

// ANCHOR: joint
/// A joint between two bodies at an anchor point on each, in the
/// bodies' own frames (they turn with them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Joint {
    pub body_a: usize,
    pub body_b: usize,
    pub local_a: Vec2,
    pub local_b: Vec2,
    /// B's angle minus A's when the joint was made: the angle the weld
    /// and the slider keep, and the zero of a hinge's limit.
    pub reference_angle: f32,
    pub kind: Kind,
}

/// What a joint lets the bodies do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A pin: the anchors stay together; B turns freely about them,
    /// within `limit` (radians from the reference angle), driven by
    /// `motor` (rad/s, N m).
    Revolute { limit: Option<Limit>, motor: Option<Motor> },
    /// A slider: B's anchor stays on the line through A's anchor along
    /// `local_axis` (unit, in A's frame), at the reference angle;
    /// `limit` in metres along the axis, `motor` in m/s and N.
    Prismatic { local_axis: Vec2, limit: Option<Limit>, motor: Option<Motor> },
    /// The anchors stay together and the angle stays: one body of two.
    Weld,
}

/// The range a joint's free coordinate keeps within, `lower <= upper`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    pub lower: f32,
    pub upper: f32,
}

/// A motor drives the free coordinate at `speed` with at most
/// `max_force` (N m for a hinge, N for a slider).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Motor {
    pub speed: f32,
    pub max_force: f32,
}
// ANCHOR_END: joint

impl Joint {
    fn new(bodies: &[Body], a: usize, b: usize, at: Vec2, kind: Kind) -> Self {
        Joint {
            body_a: a,
            body_b: b,
            local_a: bodies[a].transform().to_local(at),
            local_b: bodies[b].transform().to_local(at),
            reference_angle: bodies[b].angle - bodies[a].angle,
            kind,
        }
    }

    /// A pin between bodies `a` and `b` at world point `at`.
    pub fn revolute(bodies: &[Body], a: usize, b: usize, at: Vec2) -> Self {
        let kind = Kind::Revolute { limit: None, motor: None };
        Joint::new(bodies, a, b, at, kind)
    }

    /// A slider between `a` and `b` through world point `at`, along world
    /// direction `axis` (as A is turned now).
    pub fn prismatic(
        bodies: &[Body],
        a: usize,
        b: usize,
        at: Vec2,
        axis: Vec2,
    ) -> Self {
        let local_axis = bodies[a]
            .transform()
            .rotation
            .transpose()
            .mul_vec2(axis.normalize_or(Vec2::X));
        let kind = Kind::Prismatic { local_axis, limit: None, motor: None };
        Joint::new(bodies, a, b, at, kind)
    }

    /// `a` and `b` welded together at world point `at`.
    pub fn weld(bodies: &[Body], a: usize, b: usize, at: Vec2) -> Self {
        Joint::new(bodies, a, b, at, Kind::Weld)
    }

    /// The same joint with a limit (ignored by a weld).
    pub fn with_limit(mut self, lower: f32, upper: f32) -> Self {
        let new = Some(Limit { lower, upper });
        match &mut self.kind {
            Kind::Revolute { limit, .. } | Kind::Prismatic { limit, .. } => {
                *limit = new
            }
            Kind::Weld => {}
        }
        self
    }

    /// The same joint with a motor (ignored by a weld).
    pub fn with_motor(mut self, speed: f32, max_force: f32) -> Self {
        let new = Some(Motor { speed, max_force });
        match &mut self.kind {
            Kind::Revolute { motor, .. } | Kind::Prismatic { motor, .. } => {
                *motor = new
            }
            Kind::Weld => {}
        }
        self
    }

    /// The two anchors in world coordinates, now.
    pub fn anchors(&self, bodies: &[Body]) -> (Vec2, Vec2) {
        let a = bodies[self.body_a].transform().to_world(self.local_a);
        let b = bodies[self.body_b].transform().to_world(self.local_b);
        (a, b)
    }

    /// B's angle relative to A's, less the reference angle: a hinge's
    /// free coordinate, the error of a weld or a slider.
    pub fn angle(&self, bodies: &[Body]) -> f32 {
        bodies[self.body_b].angle - bodies[self.body_a].angle - self.reference_angle
    }

    /// A slider's axis in world coordinates, now (turning with A).
    pub fn axis(&self, bodies: &[Body]) -> Option<Vec2> {
        match self.kind {
            Kind::Prismatic { local_axis, .. } => {
                Some(bodies[self.body_a].transform().rotation.mul_vec2(local_axis))
            }
            _ => None,
        }
    }

    /// How far the joint is from what it keeps: metres (the anchors'
    /// separation, or a slider's drift off its line) and radians (a weld's
    /// or a slider's angle; 0 for a hinge, which may turn).
    pub fn error(&self, bodies: &[Body]) -> (f32, f32) {
        let (pa, pb) = self.anchors(bodies);
        match self.kind {
            Kind::Revolute { .. } => ((pb - pa).length(), 0.0),
            Kind::Prismatic { .. } => {
                let axis = self.axis(bodies).unwrap_or(Vec2::X);
                let drift = (pb - pa).dot(perp(axis)).abs();
                (drift, self.angle(bodies).abs())
            }
            Kind::Weld => ((pb - pa).length(), self.angle(bodies).abs()),
        }
    }

    /// This step's rows of the joint (see [`Joint::rows_at`]).
    pub fn rows(
        &self,
        bodies: &[Body],
        settings: &JointSettings,
        beta: f32,
        dt: f32,
    ) -> JointRows {
        let placed =
            (bodies[self.body_a].transform(), bodies[self.body_b].transform());
        self.rows_at(bodies, placed, settings, beta, dt)
    }

    // ANCHOR: joint_rows
    /// This step's rows of the joint: what [`Kind`] keeps, as rows. Its
    /// bodies are placed by `ta` and `tb`, their transforms now (a caller
    /// with many joints finds each body's once, not once a joint).
    pub fn rows_at(
        &self,
        bodies: &[Body],
        (ta, tb): (Transform, Transform),
        settings: &JointSettings,
        beta: f32,
        dt: f32,
    ) -> JointRows {
        let (a, b) = (&bodies[self.body_a], &bodies[self.body_b]);
        let (pa, pb) = (ta.to_world(self.local_a), tb.to_world(self.local_b));
        let (r_a, r_b) = (pa - a.position, pb - b.position);
        let mut rows = JointRows::default();
        let fix = |c: f32| -beta * c / dt;
        let angle = self.angle(bodies);
        match self.kind {
            Kind::Revolute { limit, motor } => {
                let [x, y] = point_jacobians(r_a, r_b);
                let c = pb - pa;
                rows.equal[0] = Row::equal(x, fix(c.x), a, b);
                rows.equal[1] = Row::equal(y, fix(c.y), a, b);
                rows.equal_count = 2;
                let turn = Jacobian::angular();
                if let (Some(m), true) = (motor, settings.motors) {
                    rows.motor = Row::motor(turn, m, a, b, dt);
                }
                if let (Some(l), true) = (limit, settings.limits) {
                    (rows.lower, rows.upper) =
                        Row::limits(turn, angle, l, a, b, beta, dt);
                }
            }
            Kind::Prismatic { local_axis, limit, motor } => {
                let axis = ta.rotation.mul_vec2(local_axis);
                let d = pb - pa;
                let across = slider_jacobian(perp(axis), d, r_a, r_b);
                rows.equal[0] = Row::equal(across, fix(d.dot(perp(axis))), a, b);
                rows.equal[1] = Row::equal(Jacobian::angular(), fix(angle), a, b);
                rows.equal_count = 2;
                let slide = slider_jacobian(axis, d, r_a, r_b);
                if let (Some(m), true) = (motor, settings.motors) {
                    rows.motor = Row::motor(slide, m, a, b, dt);
                }
                if let (Some(l), true) = (limit, settings.limits) {
                    let at = d.dot(axis);
                    (rows.lower, rows.upper) =
                        Row::limits(slide, at, l, a, b, beta, dt);
                }
            }
            Kind::Weld => {
                let [x, y] = point_jacobians(r_a, r_b);
                let c = pb - pa;
                rows.equal[0] = Row::equal(x, fix(c.x), a, b);
                rows.equal[1] = Row::equal(y, fix(c.y), a, b);
                rows.equal[2] = Row::equal(Jacobian::angular(), fix(angle), a, b);
                rows.equal_count = 3;
            }
        }
        rows
    }
    // ANCHOR_END: joint_rows
}

// ANCHOR: jacobian
/// One row's Jacobian for the pair (A, B): the row's velocity is
/// `J v = linear . (v_B - v_A) + angular_b w_B - angular_a w_A`.
///
/// A point row along a unit `d` at offsets `r_a`, `r_b` from the
/// centres has `linear = d`, `angular = r x d` for each body (chapter
/// 8's contact normal, chapter 7's rod); an angle row `w_B - w_A` has
/// `linear = 0` and both `angular = 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Jacobian {
    pub linear: Vec2,
    pub angular_a: f32,
    pub angular_b: f32,
}

impl Jacobian {
    /// Along unit `d` at A's offset `r_a` and B's offset `r_b`.
    pub fn along(d: Vec2, r_a: Vec2, r_b: Vec2) -> Self {
        Jacobian { linear: d, angular_a: cross(r_a, d), angular_b: cross(r_b, d) }
    }

    /// B's spin relative to A's.
    pub fn angular() -> Self {
        Jacobian { linear: Vec2::ZERO, angular_a: 1.0, angular_b: 1.0 }
    }

    /// The opposite row: a limit's upper side.
    pub fn flip(self) -> Self {
        Jacobian {
            linear: -self.linear,
            angular_a: -self.angular_a,
            angular_b: -self.angular_b,
        }
    }

    /// `J v`, the row's velocity now.
    pub fn velocity(&self, a: &Body, b: &Body) -> f32 {
        self.linear.dot(b.velocity - a.velocity)
            + (self.angular_b * b.angular_velocity
                - self.angular_a * a.angular_velocity)
    }

    /// `J M^-1 K^T`: how an impulse along this row changes row `k`'s
    /// velocity. With `k` this row itself, the inverse effective mass.
    pub fn coupling(&self, k: &Jacobian, a: &Body, b: &Body) -> f32 {
        (a.inv_mass + b.inv_mass) * self.linear.dot(k.linear)
            + a.inv_inertia * self.angular_a * k.angular_a
            + b.inv_inertia * self.angular_b * k.angular_b
    }

    /// Apply impulse `p` along the row: `+p J^T` to B and `-p J^T` to A,
    /// each through its inverse mass and inertia.
    pub fn apply(&self, a: &mut Body, b: &mut Body, p: f32) {
        a.velocity -= self.linear * a.inv_mass * p;
        a.angular_velocity -= self.angular_a * a.inv_inertia * p;
        b.velocity += self.linear * b.inv_mass * p;
        b.angular_velocity += self.angular_b * b.inv_inertia * p;
    }
}
// ANCHOR_END: jacobian

#[cfg(feature = "exercises")]
pub use crate::exercises::point_jacobians;
#[cfg(not(feature = "exercises"))]
// ANCHOR: point_jacobians
// ANCHOR: point_jacobians_signature
/// The two rows of a pin, `C = p_B - p_A = 0`, one per world axis, for
/// anchors at offsets `r_a` and `r_b` from the bodies' centres.
pub fn point_jacobians(r_a: Vec2, r_b: Vec2) -> [Jacobian; 2] {
    // ANCHOR_END: point_jacobians_signature
    // The anchor `p = x + r` moves at `v + w x r`, and `w x r = w perp(r)`,
    // so the x row is `v_B.x - w_B r_B.y - (v_A.x - w_A r_A.y)`: along
    // `(1, 0)` with angular parts `r x (1, 0) = -r.y`; the y row along
    // `(0, 1)` with `r x (0, 1) = r.x`.
    [Jacobian::along(Vec2::X, r_a, r_b), Jacobian::along(Vec2::Y, r_a, r_b)]
}
// ANCHOR_END: point_jacobians

#[cfg(feature = "exercises")]
pub use crate::exercises::slider_jacobian;
#[cfg(not(feature = "exercises"))]
// ANCHOR: slider_jacobian
// ANCHOR: slider_jacobian_signature
/// A slider's row along `dir`, a unit direction fixed in A (the axis, or
/// the normal across it), keeping `C = d . dir`, where `d = p_B - p_A`
/// runs from A's anchor to B's, and `r_a`, `r_b` are the anchors'
/// offsets from the bodies' centres.
pub fn slider_jacobian(dir: Vec2, d: Vec2, r_a: Vec2, r_b: Vec2) -> Jacobian {
    // ANCHOR_END: slider_jacobian_signature
    // `dC/dt = (d/dt d) . dir + d . (d/dt dir)`. The first term is a point
    // row: `dir . (v_B - v_A) + (r_B x dir) w_B - (r_A x dir) w_A`. The
    // direction turns with A, `d/dt dir = w_A perp(dir)`, so the second
    // term is `w_A d . perp(dir) = w_A (dir x d) = -(d x dir) w_A`, and A's
    // angular part collects `(r_A + d) x dir`: as if both impulses acted at
    // B's anchor, which is why they create no angular momentum.
    Jacobian::along(dir, d + r_a, r_b)
}
// ANCHOR_END: slider_jacobian

// ANCHOR: row
/// One constraint row: the recipe's steps 2 to 6.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Row {
    /// Whether the row takes part this step.
    pub active: bool,
    pub jacobian: Jacobian,
    /// `(J M^-1 J^T)^-1`, kg (or kg m^2 for an angle row).
    pub mass: f32,
    /// The velocity `J v` the row aims at.
    pub bias: f32,
    /// The accumulated impulse stays within `lower..=upper`.
    pub lower: f32,
    pub upper: f32,
    /// Accumulated this step, warm start included.
    pub impulse: f32,
}

impl Row {
    /// A row that holds exactly: no bounds.
    fn equal(jacobian: Jacobian, bias: f32, a: &Body, b: &Body) -> Self {
        Row::bounded(jacobian, bias, f32::NEG_INFINITY, f32::INFINITY, a, b)
    }

    fn bounded(
        j: Jacobian,
        bias: f32,
        lower: f32,
        upper: f32,
        a: &Body,
        b: &Body,
    ) -> Self {
        let k = j.coupling(&j, a, b);
        Row {
            active: k > 0.0,
            jacobian: j,
            mass: if k > 0.0 { 1.0 / k } else { 0.0 },
            bias,
            lower,
            upper,
            impulse: 0.0,
        }
    }

    /// The impulse that brings `J v` to the bias, clamped as a total
    /// ([`clamp_impulse`], chapter 8), applied to both bodies.
    pub fn solve(&mut self, a: &mut Body, b: &mut Body, accumulate: bool) {
        let delta = self.mass * (self.bias - self.jacobian.velocity(a, b));
        let (lo, hi) = (self.lower, self.upper);
        let dp = clamp_impulse(&mut self.impulse, delta, lo, hi, accumulate);
        self.jacobian.apply(a, b, dp);
    }
}
// ANCHOR_END: row

#[cfg(feature = "exercises")]
pub use crate::exercises::motor_bounds;
#[cfg(not(feature = "exercises"))]
// ANCHOR: motor_bounds
// ANCHOR: motor_bounds_signature
/// A motor's clamp: the bounds `(lower, upper)` of the accumulated
/// impulse of a motor that pushes with at most `max_force` (N, or N m)
/// for a step of `dt` seconds.
pub fn motor_bounds(max_force: f32, dt: f32) -> (f32, f32) {
    // ANCHOR_END: motor_bounds_signature
    // A force of at most `max_force` for `dt` seconds is an impulse of at
    // most `max_force * dt`, either way.
    let most = max_force * dt;
    (-most, most)
}
// ANCHOR_END: motor_bounds

#[cfg(feature = "exercises")]
pub use crate::exercises::roll;
#[cfg(not(feature = "exercises"))]
// ANCHOR: roll
// ANCHOR: roll_signature
/// One pass of rolling resistance between `a` and `b`: a row on their
/// relative spin, aiming at 0, whose accumulated impulse `total` (N m s)
/// stays within `resistance` (m) times the pair's normal impulse
/// `normal` (N s) either way.
pub fn roll(
    a: &mut Body,
    b: &mut Body,
    resistance: f32,
    normal: f32,
    total: &mut f32,
) {
    // ANCHOR_END: roll_signature
    // The recipe: Jacobian `w_B - w_A`, effective mass `1 / (1/I_A + 1/I_B)`,
    // bias 0, clamped like friction by the normal impulse.
    let row = Jacobian::angular();
    let k = row.coupling(&row, a, b);
    if k <= 0.0 {
        return;
    }
    let delta = -row.velocity(a, b) / k;
    let most = resistance * normal;
    let applied = clamp_impulse(total, delta, -most, most, true);
    row.apply(a, b, applied);
}
// ANCHOR_END: roll

impl Row {
    // ANCHOR: motor
    /// A motor: the row `J v = speed`, its impulse within
    /// [`motor_bounds`].
    fn motor(j: Jacobian, motor: Motor, a: &Body, b: &Body, dt: f32) -> Self {
        let (lo, hi) = motor_bounds(motor.max_force, dt);
        Row::bounded(j, motor.speed, lo, hi, a, b)
    }
    // ANCHOR_END: motor

    // ANCHOR: limits
    /// A limit as two one-sided rows on the free coordinate `at` (its rate
    /// is `J v`). The lower row keeps `at - lower >= 0`: it pushes only
    /// (impulse `>= 0`). While that gap is open, it lets the gap close in
    /// this step and no further (bias `-gap / dt`); once the gap is
    /// negative, it pushes back like Baumgarte (`-beta gap / dt`). The
    /// upper row is the same with `upper - at` and the Jacobian flipped.
    fn limits(
        j: Jacobian,
        at: f32,
        limit: Limit,
        a: &Body,
        b: &Body,
        beta: f32,
        dt: f32,
    ) -> (Row, Row) {
        let bias = |gap: f32| {
            if gap > 0.0 { -gap / dt } else { -beta * gap / dt }
        };
        let lower =
            Row::bounded(j, bias(at - limit.lower), 0.0, f32::INFINITY, a, b);
        let upper = Row::bounded(
            j.flip(),
            bias(limit.upper - at),
            0.0,
            f32::INFINITY,
            a,
            b,
        );
        (lower, upper)
    }
    // ANCHOR_END: limits
}

/// A joint's rows this step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct JointRows {
    /// The rows that must hold together, `equal_count` of them: a pin's
    /// two, a slider's two (across the axis, and the angle), a weld's three.
    pub equal: [Row; 3],
    pub equal_count: usize,
    pub motor: Row,
    pub lower: Row,
    pub upper: Row,
}

impl JointRows {
    /// The rows in use.
    pub fn all(&self) -> impl Iterator<Item = &Row> {
        let equal = self.equal[..self.equal_count].iter();
        equal.chain([&self.motor, &self.lower, &self.upper]).filter(|r| r.active)
    }

    /// Take each row's impulse from the same row of last step, if it was
    /// in use then and is now.
    pub fn keep_impulses(&mut self, old: &JointRows) {
        fn keep(new: &mut Row, old: &Row) {
            if new.active && old.active {
                new.impulse = old.impulse;
            }
        }
        // Rows past `equal_count` are never in use.
        for k in 0..self.equal_count.min(3) {
            keep(&mut self.equal[k], &old.equal[k]);
        }
        keep(&mut self.motor, &old.motor);
        keep(&mut self.lower, &old.lower);
        keep(&mut self.upper, &old.upper);
    }
}

// ANCHOR: block2
/// Two rows that must hold together, solved as one: the impulses
/// `(p_x, p_y)` that bring both velocities to their biases *at once*
/// solve the 2x2 system `K p = bias - J v`, with
/// `K_ij = J_i M^-1 J_j^T`. Row by row, each impulse upsets the other
/// row, and the passes only approach this answer.
fn solve_block2(x: &mut Row, y: &mut Row, a: &mut Body, b: &mut Body) {
    let (jx, jy) = (x.jacobian, y.jacobian);
    let Some(mass) = block_mass2([jx, jy], a, b) else {
        return; // the rows cannot both move anything (two static bodies)
    };
    let error = Vec2::new(x.bias - jx.velocity(a, b), y.bias - jy.velocity(a, b));
    let p = mass * error;
    x.impulse += p.x;
    y.impulse += p.y;
    jx.apply(a, b, p.x);
    jy.apply(a, b, p.y);
}

/// A block's effective mass, `K^-1` with `K_ij = J_i M^-1 J_j^T`; `None`
/// when `K` cannot be inverted (rows that move nothing, or one row twice).
pub fn block_mass2(j: [Jacobian; 2], a: &Body, b: &Body) -> Option<Mat2> {
    let k01 = j[0].coupling(&j[1], a, b);
    let k = Mat2::from_cols(
        Vec2::new(j[0].coupling(&j[0], a, b), k01),
        Vec2::new(k01, j[1].coupling(&j[1], a, b)),
    );
    let det = k.determinant();
    let tiny = f32::EPSILON * k.x_axis.x.abs() * k.y_axis.y.abs();
    (det.abs() > tiny && det.is_finite()).then(|| k.inverse())
}
// ANCHOR_END: block2

/// [`block_mass2`] for three rows.
pub fn block_mass3(j: [Jacobian; 3], a: &Body, b: &Body) -> Option<Mat3> {
    let col = |c: usize| {
        Vec3::new(
            j[0].coupling(&j[c], a, b),
            j[1].coupling(&j[c], a, b),
            j[2].coupling(&j[c], a, b),
        )
    };
    let k = Mat3::from_cols(col(0), col(1), col(2));
    let det = k.determinant();
    let scale = k.x_axis.x.abs() * k.y_axis.y.abs() * k.z_axis.z.abs();
    (det.abs() > f32::EPSILON * scale && det.is_finite()).then(|| k.inverse())
}

/// Three rows that must hold together (a weld's), solved as one 3x3
/// system, as [`solve_block2`] solves two.
fn solve_block3(x: &mut Row, y: &mut Row, z: &mut Row, a: &mut Body, b: &mut Body) {
    let j = [x.jacobian, y.jacobian, z.jacobian];
    let Some(mass) = block_mass3(j, a, b) else {
        return;
    };
    let error = Vec3::new(
        x.bias - j[0].velocity(a, b),
        y.bias - j[1].velocity(a, b),
        z.bias - j[2].velocity(a, b),
    );
    let p = mass * error;
    for (row, p) in [(x, p.x), (y, p.y), (z, p.z)] {
        row.impulse += p;
        row.jacobian.apply(a, b, p);
    }
}

// ANCHOR: mouse
/// The mouse's grip: a point of one body pulled towards the cursor by a
/// stiff spring with damping, solved as a *soft* point row (chapter 10
/// derives soft rows): with `omega = 2 pi hertz`, the spring
/// `k = m omega^2` and damper `c = 2 m zeta omega` over a step `h` give
/// `gamma = 1 / (h (c + h k))`, a softness added to the row's `K`, and
/// `beta = h k gamma`, the rate (per second) at which the row asks the
/// gap to close. The
/// accumulated impulse is at most `max_force * h`, so a body held against
/// a wall cannot be pulled through it with unlimited force.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MouseJoint {
    pub body: usize,
    /// The held point, in the body's frame.
    pub local: Vec2,
    pub target: Vec2,
    /// The spring's frequency, Hz, and damping ratio.
    pub hertz: f32,
    pub damping_ratio: f32,
    /// N: the most the mouse pulls with (1000 times the body's weight by
    /// default).
    pub max_force: f32,
    /// Accumulated this step, N s.
    pub impulse: Vec2,
    r: Vec2,
    mass: Mat2,
    gamma: f32,
    bias: Vec2,
    /// The step's length, s: the impulse's bound is `max_force * h`.
    h: f32,
    pulled: bool,
}

impl MouseJoint {
    /// Hold `body`'s point `local` (body frame), pulling towards `target`.
    pub fn new(bodies: &[Body], body: usize, local: Vec2, target: Vec2) -> Self {
        let mass = bodies[body].mass();
        let max_force = if mass.is_finite() { 1000.0 * mass * 9.81 } else { 0.0 };
        MouseJoint {
            body,
            local,
            target,
            hertz: 5.0,
            damping_ratio: 0.7,
            max_force,
            impulse: Vec2::ZERO,
            r: Vec2::ZERO,
            mass: Mat2::ZERO,
            gamma: 0.0,
            bias: Vec2::ZERO,
            h: 0.0,
            pulled: true,
        }
    }

    /// The held point in world coordinates, now.
    pub fn point(&self, bodies: &[Body]) -> Vec2 {
        bodies[self.body].transform().to_world(self.local)
    }

    /// The row for a step (or substep) of `h` seconds.
    pub fn pre_step(&mut self, bodies: &[Body], h: f32, warm: bool) {
        let body = &bodies[self.body];
        let m = body.mass();
        if !m.is_finite() {
            self.mass = Mat2::ZERO;
            return;
        }
        let omega = 2.0 * std::f32::consts::PI * self.hertz;
        let (k, c) = (m * omega * omega, 2.0 * m * self.damping_ratio * omega);
        self.h = h;
        self.gamma = 1.0 / (h * (c + h * k));
        let beta = h * k * self.gamma;
        self.r = self.point(bodies) - body.position;
        let r = self.r;
        let (im, ii) = (body.inv_mass, body.inv_inertia);
        let kxx = im + ii * r.y * r.y + self.gamma;
        let kxy = -ii * r.x * r.y;
        let kyy = im + ii * r.x * r.x + self.gamma;
        let k = Mat2::from_cols(Vec2::new(kxx, kxy), Vec2::new(kxy, kyy));
        self.mass = k.inverse();
        self.bias = beta * (self.point(bodies) - self.target);
        if !warm {
            self.impulse = Vec2::ZERO;
        }
    }

    pub fn warm_start(&self, bodies: &mut [Body]) {
        let b = &mut bodies[self.body];
        b.velocity += b.inv_mass * self.impulse;
        b.angular_velocity += b.inv_inertia * cross(self.r, self.impulse);
    }

    pub fn solve(&mut self, bodies: &mut [Body]) {
        if self.mass == Mat2::ZERO {
            return;
        }
        let b = &mut bodies[self.body];
        let v = b.velocity + b.angular_velocity * perp(self.r);
        let delta = self.mass * -(v + self.bias + self.gamma * self.impulse);
        let old = self.impulse;
        let most = self.max_force * self.h;
        self.impulse = (old + delta).clamp_length_max(most);
        let applied = self.impulse - old;
        b.velocity += b.inv_mass * applied;
        b.angular_velocity += b.inv_inertia * cross(self.r, applied);
    }
}
// ANCHOR_END: mouse

#[cfg(test)]
mod tests {
    use super::*;

    /// Chapter 8's contact normal is a row of the recipe: `Jacobian::along` with
    /// the contact's normal and offsets gives chapter 6's effective mass at the
    /// point, the number chapter 8's pre-step stores as `normal_mass`.
    #[test]
    fn a_contact_normal_is_a_row() {
        let a = Body::rect(0.5, 0.5, Vec2::new(0.0, 0.0), 0.3, 2.0);
        let b = Body::disc(0.4, Vec2::new(0.2, 0.9), 3.0);
        let p = Vec2::new(0.1, 0.45);
        let n = Vec2::new(0.2, 1.0).normalize();
        let j = Jacobian::along(n, p - a.position, p - b.position);
        let chapter6 = ch06_rotation_friction::inverse_effective_mass(&a, &b, p, n);
        assert!((j.coupling(&j, &a, &b) - chapter6).abs() <= 1e-6 * chapter6);
        // And its velocity is the relative normal velocity at the point.
        let mut a = a;
        a.velocity = Vec2::new(0.3, -1.0);
        a.angular_velocity = 2.0;
        let relative = (b.velocity_at(p) - a.velocity_at(p)).dot(n);
        assert!((j.velocity(&a, &b) - relative).abs() < 1e-6);
    }
}
