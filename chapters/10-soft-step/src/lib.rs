//! # Chapter 10: the soft step
//!
//! Chapter 8's solver feeds position error back as velocity (Baumgarte):
//! a box sunk 25 cm is thrown out at metres per second, the push is
//! warm-started into the next step, and a stack of heavy on light boxes
//! never converges in ten passes. Erin Catto's Solver2D replaced it
//! with four ideas, each small, and Box2D v3 is built on them:
//!
//! 1. **Soft constraints.** A row is a spring and damper of a stiffness
//!    given in hertz and a damping ratio, solved implicitly: three numbers
//!    per row and step (a bias rate, a mass scale and an impulse scale,
//!    [`Soft`]) replace Baumgarte's factor, and the push-out speed is capped.
//! 2. **Substeps.** The step is cut into `n` substeps of one pass each:
//!    gravity, warm start, solve, move, every substep. Small steps beat many
//!    passes: `n` substeps leave a position error of about `g dt^2 / n`,
//!    while `n` passes on one step shrink it only by `rho^n`, with the
//!    solver's convergence factor `rho` near 1 for chains and mass ratios.
//! 3. **Relax.** After each substep's move, one more pass *without* the
//!    position bias takes the push out of the velocity and the accumulated
//!    impulse, so what is warm-started and what the bodies keep only stops
//!    them, not throws them ("Relaxing the impulses reduces warm starting
//!    overshoot", Solver2D's `solve_soft_step.c`).
//! 4. **Restitution last**, once per step, as chapter 8 learned.
//!
//! The contacts come from chapter 8's narrow phase once per step. Within
//! the step their separation is updated from how far the bodies moved
//! (no new collision test); their anchors stay fixed. Chapter 9's joints
//! and chapter 7's rods and ropes are rows of the same soft solver.
//!
//! The book's page for this chapter is `book/src/ch10-soft-step.md`.

use ch07_distance_constraints::{JointKind as DistanceKind, joint_axis};
use ch08_sequential_impulses as ch08;
use ch08_sequential_impulses::{Arbiter, MAX_CONTACTS, Transform};
pub use ch09_joints::{
    Body, Circle, DistanceJoint, Jacobian, Joint, JointRows, Joints, Kind, Obb,
    Row, Shape, bounding_box, clamp_impulse, motor_bounds, pair_mut,
};
use ch09_joints::{JointSettings, block_mass2, block_mass3};
use glam::{Vec2, Vec3};
use physics_core::math::{cross, perp};
use physics_core::trig;

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
/// Chapter 9's parts (chapter 8's bodies, contacts, rods and ropes; the
/// joints and the mouse) and this chapter's soft step beside them,
/// stepped by the soft step or by chapter 8's solver to compare.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub solver: ch08::World,
    pub joints: Joints,
    /// This chapter's part: the soft step's settings and its rows.
    pub soft: SoftStep,
}

/// The soft step's settings, and the rows it builds for a step.
#[derive(Clone, Debug, PartialEq)]
pub struct SoftStep {
    pub settings: SoftSettings,
    /// One entry per contact arbiter of this step, in the same order.
    points: Vec<[SoftPoint; MAX_CONTACTS]>,
    /// Each body's position when the step began, and its rotation now.
    poses: Vec<Pose>,
    /// The rods' and ropes' rows, rebuilt each substep.
    rod_rows: Vec<Row>,
    /// The contacts' softness this step, and the joints' this substep.
    contact_soft: Soft,
    joint_soft: Soft,
    /// Per joint, whether its lower and upper limits are open (apart:
    /// speculative) this substep rather than closed (a soft spring).
    open_limits: Vec<[bool; 2]>,
}
// ANCHOR_END: world

impl World {
    /// Bodies, rods and ropes, and joints, under the Earth's gravity, with
    /// the soft step's default settings ([`SoftSettings::default`]).
    pub fn new(
        bodies: Vec<Body>,
        rods: Vec<DistanceJoint>,
        joints: Vec<Joint>,
    ) -> Self {
        World {
            solver: ch08::World::new(bodies, rods),
            joints: Joints::new(joints),
            soft: SoftStep::default(),
        }
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }

    /// Advance by `dt` seconds (a non-positive or non-finite `dt` does
    /// nothing): the soft step, with chapter 9's broad and narrow phases,
    /// or chapter 9's step when `soft.settings.solver` says so.
    pub fn step(&mut self, dt: f32) {
        let (solver, joints) = (&mut self.solver, &mut self.joints);
        if self.soft.settings.solver == Solver::Chapter8 {
            ch09_joints::step(solver, joints, dt);
            return;
        }
        self.soft.step(solver, joints, dt, |solver, joints| {
            solver.broad_phase(|_, b, t| bounding_box(&b.shape, t));
            joints.drop_held_pairs(solver);
            solver.narrow_phase();
        });
    }

    /// The largest joint error now (see [`SoftStep::worst_joint_error`]).
    pub fn worst_joint_error(&self) -> (f32, f32) {
        SoftStep::worst_joint_error(&self.solver, &self.joints)
    }

    /// The deepest overlap among this step's contacts, metres.
    pub fn max_penetration(&self) -> f32 {
        self.solver.max_penetration()
    }
}

impl From<ch08::World> for World {
    /// Chapter 8's world, its settings kept, with no joints, stepped by
    /// the soft step.
    fn from(solver: ch08::World) -> Self {
        World { solver, joints: Joints::default(), soft: SoftStep::default() }
    }
}

impl From<ch09_joints::World> for World {
    /// Chapter 9's parts, their settings kept, stepped by the soft step.
    fn from(world: ch09_joints::World) -> Self {
        let ch09_joints::World { solver, joints } = world;
        World { solver, joints, soft: SoftStep::default() }
    }
}

impl Default for SoftStep {
    fn default() -> Self {
        SoftStep {
            settings: SoftSettings::default(),
            points: Vec::new(),
            poses: Vec::new(),
            rod_rows: Vec::new(),
            contact_soft: Soft::RIGID,
            joint_soft: Soft::RIGID,
            open_limits: Vec::new(),
        }
    }
}

impl SoftStep {
    // ANCHOR: step
    /// The soft step over chapter 8's and 9's parts, with `collide`
    /// finding this step's contacts: chapters 8 and 9's broad and narrow
    /// phases, or a later chapter's.
    pub fn step(
        &mut self,
        solver: &mut ch08::World,
        joints: &mut Joints,
        dt: f32,
        collide: impl FnOnce(&mut ch08::World, &mut Joints),
    ) {
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        let n = self.settings.substeps.max(1);
        let h = dt / n as f32;
        // 1-2. Collide once per step.
        collide(solver, joints);
        // 3. Prepare: each contact's fixed anchors, separation and masses.
        self.prepare_contacts(solver, h);
        for _ in 0..n {
            // 4. Gravity and forces for one substep.
            let gravity = solver.gravity;
            ch06_rotation_friction::apply_forces(&mut solver.bodies, gravity, h);
            // 5. Joint rows where the bodies are now; warm start all rows.
            self.prepare_joints(solver, joints, h);
            self.warm_start(solver, joints);
            // 6. One pass with the soft position bias.
            self.solve(solver, joints, h, true);
            // 7. Move by the substep, no body turning faster than
            // `max_turn` a step.
            if let Some(turn) = self.settings.max_turn {
                limit_spin(&mut solver.bodies, turn / dt);
            }
            solver.integrate_positions(h);
            self.turn(&solver.bodies);
            // 8. Relax: one pass without the bias.
            if self.settings.relax {
                self.solve(solver, joints, h, false);
            }
        }
        // 9. Restitution, once, after all substeps.
        if self.settings.restitution {
            self.restitution(solver);
        }
        // 10. Joints pulled harder than they hold break.
        self.break_joints(joints, h);
        // Forces last one step, every substep of it.
        ch06_rotation_friction::clear_forces(&mut solver.bodies);
        joints.release_mouse_unless_pulled();
    }
    // ANCHOR_END: step

    /// Each body's rotation, for the contacts' moving anchors.
    fn turn(&mut self, bodies: &[Body]) {
        for (pose, b) in self.poses.iter_mut().zip(bodies) {
            pose.turn(b.angle);
        }
    }

    // ANCHOR: prepare_contacts
    /// Stage 3: each contact point's anchors `r` from the bodies' centres
    /// (kept fixed for the step, as Box2D v3 does), the anchors in the
    /// bodies' own frames (to find the separation as they turn), the
    /// separation less what the anchors account for, the effective masses,
    /// and the approach speed for restitution.
    fn prepare_contacts(&mut self, solver: &mut ch08::World, h: f32) {
        let warm = solver.settings.warm_starting;
        let bodies = &solver.bodies;
        self.poses.resize(bodies.len(), Pose::default());
        for (pose, b) in self.poses.iter_mut().zip(bodies) {
            pose.start = b.position;
            pose.turn(b.angle);
        }
        self.points.clear();
        let settings = &self.settings;
        self.contact_soft =
            soft(settings.contact_hertz.min(0.25 / h), settings.damping_ratio, h);
        for arb in solver.arbiters.iter_mut() {
            let (a, b) = (&bodies[arb.a], &bodies[arb.b]);
            let (turn_a, turn_b) =
                (self.poses[arb.a].rotation, self.poses[arb.b].rotation);
            let n = arb.normal;
            let mut points = [SoftPoint::UNUSED; MAX_CONTACTS];
            for (c, p) in arb.contacts.iter_mut().zip(&mut points).take(arb.count) {
                let (r_a, r_b) = (c.point - a.position, c.point - b.position);
                *p = SoftPoint {
                    r_a,
                    r_b,
                    local_a: turn_back(turn_a, r_a),
                    local_b: turn_back(turn_b, r_b),
                    separation: -c.penetration - (r_b - r_a).dot(n),
                    normal: Jacobian::along(n, r_a, r_b),
                    tangent: Jacobian::along(perp(n), r_a, r_b),
                    most: 0.0,
                };
                c.normal_mass = inverse(effective(a, b, r_a, r_b, n));
                c.tangent_mass = inverse(effective(a, b, r_a, r_b, perp(n)));
                c.approach =
                    (b.velocity_at(c.point) - a.velocity_at(c.point)).dot(n);
                if !warm {
                    c.normal_impulse = 0.0;
                    c.tangent_impulse = 0.0;
                }
            }
            self.points.push(points);
        }
    }
    // ANCHOR_END: prepare_contacts

    /// Stage 5, first half: every joint's rows at the bodies' positions now
    /// (chapter 9's rows, made soft), rods and ropes as rows too, and the
    /// mouse; each keeps the impulse it had. (Box2D v3 prepares its joints
    /// once a step and turns their anchors with each body's rotation since
    /// the step began; this rebuilds the rows every substep.)
    pub fn prepare_joints(
        &mut self,
        solver: &ch08::World,
        joints: &mut Joints,
        h: f32,
    ) {
        let (bodies, warm) = (&solver.bodies, solver.settings.warm_starting);
        // Each body placed once for all its joints (a sine and a cosine).
        let mut placed = vec![None; bodies.len()];
        let mut place =
            |i: usize| *placed[i].get_or_insert_with(|| bodies[i].transform());
        let (rows, list, open, settings) = self.joint_rows(joints, h);
        for ((rows, j), open) in rows.iter_mut().zip(list).zip(open) {
            let at = (place(j.body_a), place(j.body_b));
            prepare_joint(j, rows, open, bodies, at, &settings, h, warm);
        }
        self.prepare_rods_and_mouse(solver, joints, h);
    }

    /// The joints' softness for a substep of `h`, and room for every
    /// joint's rows and open limits: the rows (last substep's, with their
    /// impulses), the joints, the limits, and the joints' settings.
    #[allow(clippy::type_complexity)]
    pub fn joint_rows<'a>(
        &'a mut self,
        joints: &'a mut Joints,
        h: f32,
    ) -> (&'a mut [JointRows], &'a [Joint], &'a mut [[bool; 2]], JointSettings)
    {
        self.joint_soft = soft(
            self.settings.joint_hertz.min(0.25 / h),
            self.settings.joint_damping_ratio,
            h,
        );
        joints.rows.resize(joints.list.len(), JointRows::default());
        self.open_limits.resize(joints.list.len(), [false; 2]);
        (&mut joints.rows, &joints.list, &mut self.open_limits, joints.settings)
    }

    /// Stage 5, first half, for what is not a joint: rods and ropes as rows,
    /// and the mouse (see [`SoftStep::prepare_joints`]). Each keeps its
    /// impulse.
    pub fn prepare_rods_and_mouse(
        &mut self,
        solver: &ch08::World,
        joints: &mut Joints,
        h: f32,
    ) {
        let (bodies, warm) = (&solver.bodies, solver.settings.warm_starting);
        self.rod_rows.resize(solver.joints.len(), Row::default());
        for (row, rod) in self.rod_rows.iter_mut().zip(&solver.joints) {
            let old = *row;
            *row = rod_row(rod, bodies);
            if warm && row.active && old.active {
                row.impulse = old.impulse;
            }
        }
        if let Some(mouse) = joints.mouse.as_mut() {
            mouse.pre_step(bodies, h, warm);
        }
    }

    /// Stage 5, second half: apply every row's kept impulse.
    fn warm_start(&mut self, solver: &mut ch08::World, joints: &Joints) {
        if !solver.settings.warm_starting {
            return;
        }
        let bodies = &mut solver.bodies;
        for (arb, points) in solver.arbiters.iter().zip(&self.points) {
            let (mut a, mut b) = (bodies[arb.a], bodies[arb.b]);
            let (n, t) = (arb.normal, perp(arb.normal));
            for (c, p) in arb.contacts().iter().zip(points) {
                let impulse = c.normal_impulse * n + c.tangent_impulse * t;
                push(&mut a, &mut b, p.r_a, p.r_b, impulse);
            }
            keep_velocities(bodies, arb, a, b);
        }
        self.warm_start_joints(solver, joints);
    }

    /// The joints', rods' and the mouse's part of stage 5's warm start.
    pub fn warm_start_joints(&self, solver: &mut ch08::World, joints: &Joints) {
        if !solver.settings.warm_starting {
            return;
        }
        let bodies = &mut solver.bodies;
        for (rows, j) in joints.rows.iter().zip(&joints.list) {
            let (a, b) = pair_mut(bodies, j.body_a, j.body_b);
            for row in rows.all() {
                row.jacobian.apply(a, b, row.impulse);
            }
        }
        for (row, rod) in self.rod_rows.iter().zip(&solver.joints) {
            if row.active {
                let (a, b) = pair_mut(bodies, rod.body_a, rod.body_b);
                row.jacobian.apply(a, b, row.impulse);
            }
        }
        if let Some(mouse) = &joints.mouse {
            mouse.warm_start(bodies);
        }
    }

    // ANCHOR: solve
    /// Stages 6 and 8: one pass over the joints, then the contacts. With
    /// `use_bias` each row is soft and pushes out overlap; without it (the
    /// relax pass) each row only stops the motion into it.
    fn solve(
        &mut self,
        solver: &mut ch08::World,
        joints: &mut Joints,
        h: f32,
        use_bias: bool,
    ) {
        self.solve_joints(solver, joints, use_bias);
        let bodies = &mut solver.bodies;
        let settings = solver.settings;
        let (push_out, contact) = (self.settings.push_out, self.contact_soft);
        // In the list's order, bottom up in the demos. (Chapter 8's
        // alternating order tips the overlapping stack over here.)
        for (arb, points) in solver.arbiters.iter_mut().zip(&mut self.points) {
            // The pair's rows work on copies of the two bodies, written
            // back after the pair.
            let (mut a, mut b) = (bodies[arb.a], bodies[arb.b]);
            let (pose_a, pose_b) = (self.poses[arb.a], self.poses[arb.b]);
            let n = arb.normal;
            // How far B moved from A along the normal since the step began.
            let moved = (b.position - pose_b.start) - (a.position - pose_a.start);
            let moved = moved.dot(n);
            // The fixed anchors turn with their bodies, and only their parts
            // along the normal count: `(R l) . n = l . (R^T n)`. So the
            // normal is turned into each body's own frame, once for the pair.
            let n_a = turn_back(pose_a.rotation, n);
            let n_b = turn_back(pose_b.rotation, n);
            let count = arb.count;
            for (c, p) in arb.contacts.iter_mut().zip(points.iter_mut()).take(count)
            {
                // The separation now.
                let anchors = p.local_b.dot(n_b) - p.local_a.dot(n_a);
                let s = moved + anchors + p.separation;
                let (target, soft) =
                    contact_target(s, h, &contact, push_out, use_bias);
                // The new total, `total + m (target - v_n) - give`, with
                // `m` the mass scale times the effective mass and `give`
                // the impulse scale times the total; clamped at 0.
                let total = c.normal_impulse;
                let m = soft.mass_scale * c.normal_mass;
                let ready = total + m * target - soft.impulse_scale * total;
                let v_n = p.normal.velocity(&a, &b);
                let new = clamp(ready - m * v_n, 0.0, f32::INFINITY);
                swap_impulse(&p.normal, &mut a, &mut b, total, new);
                c.normal_impulse = new;
                // The largest total of any substep, for restitution.
                if new > p.most {
                    p.most = new;
                }
            }
            if settings.friction {
                for (c, p) in arb.contacts.iter_mut().zip(points.iter()).take(count)
                {
                    let v_t = p.tangent.velocity(&a, &b);
                    let limit = arb.friction * c.normal_impulse;
                    let total = c.tangent_impulse;
                    let new = clamp(total - c.tangent_mass * v_t, -limit, limit);
                    swap_impulse(&p.tangent, &mut a, &mut b, total, new);
                    c.tangent_impulse = new;
                }
            }
            keep_velocities(bodies, arb, a, b);
        }
    }
    // ANCHOR_END: solve

    /// Stages 6 and 8 for the joints, rods and ropes, and the mouse: one
    /// pass, soft with the bias, rigid without it.
    pub fn solve_joints(
        &mut self,
        solver: &mut ch08::World,
        joints: &mut Joints,
        use_bias: bool,
    ) {
        let accumulate = solver.settings.accumulate;
        let block = joints.settings.block;
        let bodies = &mut solver.bodies;
        // A spring while the bias is on, rigid at 0 while relaxing.
        let spring = Some(self.joint_soft).filter(|_| use_bias);
        let rigid = Some(Soft::RIGID);
        let held = if use_bias { self.joint_soft } else { Soft::RIGID };
        let each = joints.rows.iter_mut().zip(&joints.list).zip(&self.open_limits);
        for ((rows, j), open) in each {
            let (a, b) = pair_mut(bodies, j.body_a, j.body_b);
            if rows.motor.active {
                solve_soft_row(&mut rows.motor, None, a, b, accumulate);
            }
            for (row, open) in
                [(&mut rows.lower, open[0]), (&mut rows.upper, open[1])]
            {
                if row.active {
                    let soft = if open { None } else { spring.or(rigid) };
                    solve_soft_row(row, soft, a, b, accumulate);
                }
            }
            // The rows that hold together, as chapter 9's block, soft.
            let equal = &mut rows.equal[..rows.equal_count];
            let all_active = equal.iter().all(|r| r.active);
            match equal {
                [x, y] if block && all_active => {
                    solve_soft_block2(x, y, held, a, b)
                }
                [x, y, z] if block && all_active => {
                    solve_soft_block3([x, y, z], held, a, b)
                }
                _ => {
                    for row in equal.iter_mut().filter(|r| r.active) {
                        solve_soft_row(row, spring.or(rigid), a, b, accumulate);
                    }
                }
            }
        }
        for (row, rod) in self.rod_rows.iter_mut().zip(&solver.joints) {
            if row.active {
                let (a, b) = pair_mut(bodies, rod.body_a, rod.body_b);
                solve_soft_row(row, spring.or(rigid), a, b, accumulate);
            }
        }
        if let Some(mouse) = joints.mouse.as_mut() {
            mouse.solve(bodies);
        }
    }

    // ANCHOR: break_joints
    /// Stage 10: every joint whose rows pulled on its bodies in the last
    /// substep with more than [`SoftSettings::joint_strength`]
    /// ([`reaction_force`]) breaks: it leaves the list with its rows.
    fn break_joints(&mut self, joints: &mut Joints, h: f32) {
        let strength = self.settings.joint_strength;
        if strength == f32::INFINITY || strength.is_nan() {
            return;
        }
        let holds: Vec<bool> = (joints.rows.iter())
            .map(|rows| reaction_force(rows, h).length() <= strength)
            .collect();
        keep(&mut joints.list, &holds);
        keep(&mut joints.rows, &holds);
        keep(&mut self.open_limits, &holds);
    }
    // ANCHOR_END: break_joints

    // ANCHOR: restitution
    /// Stage 9: chapter 8's restitution pass, once, at the fixed anchors:
    /// points that approached faster than the threshold and pushed in some
    /// substep leave at `-e` times their approach speed.
    fn restitution(&mut self, solver: &mut ch08::World) {
        let threshold = solver.settings.restitution_threshold;
        let bodies = &mut solver.bodies;
        for (arb, points) in solver.arbiters.iter_mut().zip(&self.points) {
            if arb.restitution == 0.0 {
                continue;
            }
            let (a, b) = pair_mut(bodies, arb.a, arb.b);
            let n = arb.normal;
            for (c, p) in arb.contacts.iter_mut().zip(points).take(arb.count) {
                if c.approach >= -threshold || p.most <= 0.0 {
                    continue;
                }
                let v_n = relative(a, b, p.r_a, p.r_b).dot(n);
                let delta = c.normal_mass * (-arb.restitution * c.approach - v_n);
                let dp = clamp_impulse(
                    &mut c.normal_impulse,
                    delta,
                    0.0,
                    f32::INFINITY,
                    true,
                );
                push(a, b, p.r_a, p.r_b, dp * n);
            }
        }
    }
    // ANCHOR_END: restitution

    /// The largest joint error now: chapter 9's joints (metres and
    /// radians, [`Joints::worst_error`]) and how far any rod or rope is
    /// from its length (a slack rope counts as 0).
    pub fn worst_joint_error(solver: &ch08::World, joints: &Joints) -> (f32, f32) {
        let bodies = &solver.bodies;
        let (metres, radians) = joints.worst_error(bodies);
        let rods = solver.joints.iter().map(|r| {
            let stretch = r.stretch(bodies);
            match r.kind {
                DistanceKind::Rope => stretch.max(0.0),
                DistanceKind::Rod => stretch.abs(),
            }
        });
        (rods.fold(metres, f32::max), radians)
    }
}

/// Keep the items of `list` whose flag in `holds` is set (in order).
fn keep<T>(list: &mut Vec<T>, holds: &[bool]) {
    let mut flags = holds.iter();
    list.retain(|_| flags.next().copied().unwrap_or(true));
}

/// No body spins faster than `most` rad/s.
pub fn limit_spin(bodies: &mut [Body], most: f32) {
    for b in bodies.iter_mut() {
        b.angular_velocity = b.angular_velocity.clamp(-most, most);
    }
}

// ANCHOR: settings
/// Which solver steps the world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// This chapter's soft step.
    Soft,
    /// Chapters 8 and 9: iterations with Baumgarte (and chapter 9's
    /// position pass for joints), for comparison on the same scene.
    Chapter8,
}

/// The soft step's numbers; chapter 8's `Settings` (in
/// `World::solver.settings`) still give warm starting, friction and
/// the restitution threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoftSettings {
    pub solver: Solver,
    /// Substeps per step, one pass each (and one relax pass).
    pub substeps: u32,
    /// How stiff a contact is, Hz, and its damping ratio. Capped at a
    /// quarter of the substep rate, as in Solver2D: a spring faster than
    /// that is not resolved by the substep. (Box2D v3.2 caps contacts at
    /// an eighth, and doubles the stiffness of a contact with a static
    /// body.)
    pub contact_hertz: f32,
    pub damping_ratio: f32,
    /// The fastest an overlap is pushed apart, m/s, capping the target
    /// before the mass scale (Box2D v3.2 caps after it).
    pub push_out: f32,
    /// The same for joints, rods and ropes.
    pub joint_hertz: f32,
    pub joint_damping_ratio: f32,
    /// Take the bias's velocity out after each substep's move.
    pub relax: bool,
    /// Bounce once after the substeps.
    pub restitution: bool,
    /// The most a body may turn in one step, radians, if anything: its
    /// spin is capped at `max_turn / dt` in every substep (chapter 12 sets
    /// Box2D v3's eighth of a turn; `None` here).
    pub max_turn: Option<f32>,
    /// The largest force, N, a joint of chapter 9 holds with
    /// ([`reaction_force`], exercise 10.3): pulled harder in a step, it
    /// breaks and is gone. Infinite (the default): no joint breaks.
    /// Chapters 10 to 13 step with it; chapter 14's wide step does not.
    pub joint_strength: f32,
}

impl Default for SoftSettings {
    /// Box2D v3's defaults: 4 substeps, contacts 30 Hz with damping ratio
    /// 10, pushed out at 3 m/s at most, joints 60 Hz with damping ratio 2,
    /// relax and restitution on; no joint breaks.
    fn default() -> Self {
        SoftSettings {
            solver: Solver::Soft,
            substeps: 4,
            contact_hertz: 30.0,
            damping_ratio: 10.0,
            push_out: 3.0,
            joint_hertz: 60.0,
            joint_damping_ratio: 2.0,
            relax: true,
            restitution: true,
            max_turn: None,
            joint_strength: f32::INFINITY,
        }
    }
}
// ANCHOR_END: settings

#[cfg(feature = "exercises")]
pub use crate::exercises::soft;
#[cfg(not(feature = "exercises"))]
// ANCHOR: soft
// ANCHOR: soft_signature
/// The coefficients of a soft row: a spring of `hertz` with damping ratio
/// `zeta` on the row's effective mass, solved implicitly over a (sub)step
/// `h`. A pass aims the row at the velocity `-bias_rate C`, applies
/// `mass_scale` of the rigid impulse towards it, and gives back
/// `impulse_scale` of the impulse the row has accumulated. A `hertz` of 0
/// or less is a rigid row with no bias: `(0, 1, 0)`.
pub fn soft(hertz: f32, zeta: f32, h: f32) -> Soft {
    // ANCHOR_END: soft_signature
    if hertz <= 0.0 {
        return Soft::RIGID;
    }
    // With `omega = 2 pi hertz`, stiffness `k = m omega^2` and damping
    // `c = 2 m zeta omega`, the implicit step of `m dv = -(k C + c v) h`
    // solved for the impulse gives `bias_rate = omega / (2 zeta + h omega)`,
    // `mass_scale = a / (1 + a)` with `a = h omega (2 zeta + h omega)`, and
    // `impulse_scale = 1 / (1 + a)`.
    let omega = 2.0 * std::f32::consts::PI * hertz;
    let a1 = 2.0 * zeta + h * omega;
    let a2 = h * omega * a1;
    let a3 = 1.0 / (1.0 + a2);
    Soft { bias_rate: omega / a1, mass_scale: a2 * a3, impulse_scale: a3 }
}
// ANCHOR_END: soft

/// A soft row's three numbers ([`soft`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Soft {
    pub bias_rate: f32,
    pub mass_scale: f32,
    pub impulse_scale: f32,
}

impl Soft {
    /// A rigid row with no bias: the whole impulse, nothing given back.
    pub const RIGID: Soft =
        Soft { bias_rate: 0.0, mass_scale: 1.0, impulse_scale: 0.0 };
}

/// A body's place for the contacts: where its centre was when the step
/// began, and its rotation now, `(cos, sin)` of its angle (worked out once
/// per substep, not once per contact and pass), and the angle it is of.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pose {
    start: Vec2,
    rotation: Vec2,
    angle: f32,
}

impl Default for Pose {
    /// No rotation worked out yet: an angle no body's is.
    fn default() -> Self {
        Pose { start: Vec2::ZERO, rotation: Vec2::ZERO, angle: f32::NAN }
    }
}

impl Pose {
    /// The rotation by `angle`, worked out again only if the angle is not
    /// the one the pose has, to the bit: a body that has not turned (one
    /// at rest, or asleep in chapter 13) costs no sine and cosine.
    fn turn(&mut self, angle: f32) {
        if angle.to_bits() != self.angle.to_bits() || angle.is_nan() {
            (self.rotation, self.angle) = (trig::from_angle(angle), angle);
        }
    }
}

/// A contact point's data for the soft step.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SoftPoint {
    /// From each body's centre to the point, fixed for the step.
    r_a: Vec2,
    r_b: Vec2,
    /// The same in each body's own frame, to follow it as it turns.
    local_a: Vec2,
    local_b: Vec2,
    /// The separation at the step's start less `(r_b - r_a) . n`.
    separation: f32,
    /// The normal and friction rows at the fixed anchors.
    normal: Jacobian,
    tangent: Jacobian,
    /// The largest normal impulse of any substep: a collision's impulse
    /// is spent in the first substep (the next substeps' warm starts and
    /// passes take it back to what resting needs), so this, not the
    /// last total, tells restitution that the point pushed.
    most: f32,
}

impl SoftPoint {
    const UNUSED: SoftPoint = SoftPoint {
        r_a: Vec2::ZERO,
        r_b: Vec2::ZERO,
        local_a: Vec2::ZERO,
        local_b: Vec2::ZERO,
        separation: 0.0,
        normal: Jacobian { linear: Vec2::ZERO, angular_a: 0.0, angular_b: 0.0 },
        tangent: Jacobian { linear: Vec2::ZERO, angular_a: 0.0, angular_b: 0.0 },
        most: 0.0,
    };
}

#[cfg(feature = "exercises")]
pub use crate::exercises::contact_target;
#[cfg(not(feature = "exercises"))]
// ANCHOR: contact_target
// ANCHOR: contact_target_signature
/// The normal velocity a contact aims at, and its softness, at
/// separation `s` in a substep of `h`, with the contact's softness `soft`,
/// the push-out cap `push_out`, and `use_bias` off in the relax pass.
pub fn contact_target(
    s: f32,
    h: f32,
    soft: &Soft,
    push_out: f32,
    use_bias: bool,
) -> (f32, Soft) {
    // ANCHOR_END: contact_target_signature
    if s > 0.0 {
        // Apart: close the gap in this substep and no more, rigid (a
        // speculative contact, chapter 12).
        (-s / h, Soft::RIGID)
    } else if use_bias {
        // Overlapping: the spring's push, at most the push-out speed, soft.
        ((-soft.bias_rate * s).min(push_out), *soft)
    } else {
        // Relaxing: 0, rigid, which takes out what the bias added.
        (0.0, Soft::RIGID)
    }
}
// ANCHOR_END: contact_target

#[cfg(feature = "exercises")]
pub use crate::exercises::reaction_force;
#[cfg(not(feature = "exercises"))]
// ANCHOR: reaction_force
/// The force, N, a joint's `rows` applied to its body B in the last
/// substep of `h` seconds (A got the opposite): what the joint pulls with.
pub fn reaction_force(rows: &JointRows, h: f32) -> Vec2 {
    // Each row applied its accumulated impulse along its Jacobian: to B,
    // `impulse * linear` (an angle row's `linear` is 0: it only turns). The
    // impulses are the substep's, so the force is their sum over `h`.
    let impulse: Vec2 = rows.all().map(|r| r.impulse * r.jacobian.linear).sum();
    impulse / h
}
// ANCHOR_END: reaction_force

/// Joint `j`'s `rows` at its bodies' places `at`, made soft for a substep
/// of `h`, and which of its limits are `open`; keeping the impulses the
/// rows had, if `warm`. What [`SoftStep::prepare_joints`] does for each
/// joint, in the joints' order; chapter 14 does it on its workers.
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn prepare_joint(
    j: &Joint,
    rows: &mut JointRows,
    open: &mut [bool; 2],
    bodies: &[Body],
    at: (Transform, Transform),
    settings: &JointSettings,
    h: f32,
    warm: bool,
) {
    let old = *rows;
    (*rows, *open) = soften(j.rows_at(bodies, at, settings, 1.0, 1.0), j, h);
    if warm {
        rows.keep_impulses(&old);
    }
}

// ANCHOR: soft_rows
/// Chapter 9's rows of `joint`, built with `beta = 1, dt = 1` so that each
/// bias holds `-C`, the error itself, for a substep of `h`. The rows that
/// hold exactly, and each limit while it is closed, are springs: a pass
/// aims them at `-bias_rate C`. A limit whose gap is open is speculative:
/// rigid, aiming at `-gap / h`, so it may close the gap and no more. A
/// motor aims at its speed within its force times `h`. Returns the rows
/// and which limits are open.
fn soften(mut rows: JointRows, joint: &Joint, h: f32) -> (JointRows, [bool; 2]) {
    let mut open = [false; 2];
    for (row, open) in [&mut rows.lower, &mut rows.upper].into_iter().zip(&mut open)
    {
        let gap = -row.bias;
        if gap > 0.0 {
            row.bias = -gap / h;
            *open = true;
        }
    }
    if rows.motor.active {
        let most = match joint.kind {
            Kind::Revolute { motor: Some(m), .. }
            | Kind::Prismatic { motor: Some(m), .. } => m.max_force,
            _ => 0.0,
        };
        (rows.motor.lower, rows.motor.upper) = motor_bounds(most, h);
    }
    (rows, open)
}

/// A rod or rope as a spring row along its axis, its bias `-C` with
/// `C = distance - length`; a rope's total only pulls, and it is slack
/// (inactive) while shorter than its length. Unlike a limit, a rope is
/// not speculative: it acts only once it is already too long (Box2D's
/// distance joint treats its maximum length speculatively).
fn rod_row(rod: &DistanceJoint, bodies: &[Body]) -> Row {
    let (a, b) = (&bodies[rod.body_a], &bodies[rod.body_b]);
    let (pa, pb) = rod.anchors(bodies);
    let relative = b.velocity_at(pb) - a.velocity_at(pa);
    let Some((axis, distance)) = joint_axis(pa, pb, relative) else {
        return Row::default();
    };
    let error = distance - rod.length;
    let rope = rod.kind == DistanceKind::Rope;
    let jacobian = Jacobian::along(axis, pa - a.position, pb - b.position);
    let k = jacobian.coupling(&jacobian, a, b);
    Row {
        active: k > 0.0 && !(rope && error < 0.0),
        jacobian,
        mass: inverse(k),
        bias: -error,
        lower: f32::NEG_INFINITY,
        upper: if rope { 0.0 } else { f32::INFINITY },
        impulse: 0.0,
    }
}

/// One pass of a row. A spring (`Some`) aims at `bias_rate` times its
/// stored `-C` with the soft scales ([`Soft::RIGID`] aims at 0:
/// the relax pass); any other row (a motor, an open limit) at its bias.
fn solve_soft_row(
    row: &mut Row,
    spring: Option<Soft>,
    a: &mut Body,
    b: &mut Body,
    accumulate: bool,
) {
    let v = row.jacobian.velocity(a, b);
    let delta = match spring {
        Some(s) => {
            let target = s.bias_rate * row.bias;
            s.mass_scale * row.mass * (target - v) - s.impulse_scale * row.impulse
        }
        None => row.mass * (row.bias - v),
    };
    let dp =
        clamp_impulse(&mut row.impulse, delta, row.lower, row.upper, accumulate);
    row.jacobian.apply(a, b, dp);
}
// ANCHOR_END: soft_rows

// ANCHOR: soft_block
/// Two rows that must hold together (a pin's), solved as one soft 2x2
/// block: chapter 9's `K p = -(J v)` with the soft scales of
/// [`solve_soft_row`], the same formula with `K` in place of `m`,
/// `p = mass_scale K^-1 (bias_rate (-C) - J v) - impulse_scale total`.
/// Box2D v3 solves its revolute joint's point this way (`b2Solve22`).
fn solve_soft_block2(
    x: &mut Row,
    y: &mut Row,
    s: Soft,
    a: &mut Body,
    b: &mut Body,
) {
    let (jx, jy) = (x.jacobian, y.jacobian);
    let Some(mass) = block_mass2([jx, jy], a, b) else {
        return; // the rows cannot both move anything (two static bodies)
    };
    let target = s.bias_rate * Vec2::new(x.bias, y.bias);
    let v = Vec2::new(jx.velocity(a, b), jy.velocity(a, b));
    let total = Vec2::new(x.impulse, y.impulse);
    let p = s.mass_scale * (mass * (target - v)) - s.impulse_scale * total;
    for (row, p) in [(x, p.x), (y, p.y)] {
        row.impulse += p;
        row.jacobian.apply(a, b, p);
    }
}

/// Three rows that must hold together (a weld's), as one soft 3x3 block,
/// as [`solve_soft_block2`] solves two.
fn solve_soft_block3(rows: [&mut Row; 3], s: Soft, a: &mut Body, b: &mut Body) {
    let j = rows.each_ref().map(|r| r.jacobian);
    let Some(mass) = block_mass3(j, a, b) else {
        return;
    };
    let [x, y, z] = rows;
    let target = s.bias_rate * Vec3::new(x.bias, y.bias, z.bias);
    let v =
        Vec3::new(j[0].velocity(a, b), j[1].velocity(a, b), j[2].velocity(a, b));
    let total = Vec3::new(x.impulse, y.impulse, z.impulse);
    let p = s.mass_scale * (mass * (target - v)) - s.impulse_scale * total;
    for (row, p) in [(x, p.x), (y, p.y), (z, p.z)] {
        row.impulse += p;
        row.jacobian.apply(a, b, p);
    }
}
// ANCHOR_END: soft_block

/// `x` kept within `lo..=hi`, written with comparisons, which the
/// compiler turns into one `max` and one `min` instruction (`f32::max`
/// and `f32::min` must also handle NaN, and `f32::clamp` checks that
/// `lo <= hi`: each costs the chain a few more).
#[inline]
fn clamp(x: f32, lo: f32, hi: f32) -> f32 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Change a row's impulse in the bodies from its old total to its new
/// one: the old total out, the new one in. The same as applying their
/// difference, but the old total's share is taken out while the new one
/// is still being worked out, so only the new one's waits for it.
#[inline]
fn swap_impulse(row: &Jacobian, a: &mut Body, b: &mut Body, old: f32, new: f32) {
    row.apply(a, b, -old);
    row.apply(a, b, new);
}

/// `v` turned back by `rotation` (`(cos, sin)` of an angle): from the
/// world's frame into the body's own.
fn turn_back(rotation: Vec2, v: Vec2) -> Vec2 {
    Vec2::new(rotation.x, -rotation.y).rotate(v)
}

/// Write the velocities of the copies `a` and `b` back to `arb`'s bodies.
fn keep_velocities(bodies: &mut [Body], arb: &Arbiter, a: Body, b: Body) {
    for (i, copy) in [(arb.a, a), (arb.b, b)] {
        bodies[i].velocity = copy.velocity;
        bodies[i].angular_velocity = copy.angular_velocity;
    }
}

/// `1 / k`, or 0 when nothing can move along the row.
pub fn inverse(k: f32) -> f32 {
    if k > 0.0 { 1.0 / k } else { 0.0 }
}

/// `m_eff^-1` along unit `d` at fixed offsets `r_a`, `r_b`.
pub fn effective(a: &Body, b: &Body, r_a: Vec2, r_b: Vec2, d: Vec2) -> f32 {
    let (ka, kb) = (cross(r_a, d), cross(r_b, d));
    a.inv_mass + b.inv_mass + a.inv_inertia * ka * ka + b.inv_inertia * kb * kb
}

/// The velocity of B's point at `r_b` relative to A's at `r_a`.
fn relative(a: &Body, b: &Body, r_a: Vec2, r_b: Vec2) -> Vec2 {
    (b.velocity + b.angular_velocity * perp(r_b))
        - (a.velocity + a.angular_velocity * perp(r_a))
}

/// Impulse `p` at offsets `r_a` and `r_b`: `+p` to B, `-p` to A.
fn push(a: &mut Body, b: &mut Body, r_a: Vec2, r_b: Vec2, p: Vec2) {
    a.velocity -= a.inv_mass * p;
    a.angular_velocity -= a.inv_inertia * cross(r_a, p);
    b.velocity += b.inv_mass * p;
    b.angular_velocity += b.inv_inertia * cross(r_b, p);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pose's rotation is that of the angle it was last given, to the
    /// bit, whether worked out again or kept: an angle given twice, one a
    /// least step away, zero then negative zero (equal, but not the same
    /// bits, nor the same sine), and NaN.
    #[test]
    fn a_pose_turns_to_the_angle_it_is_given() {
        let mut pose = Pose::default();
        for a in [0.3, 0.3, 0.3f32.next_up(), 0.0, -0.0, f32::NAN, 1.0, 1.0] {
            pose.turn(a);
            let want = trig::from_angle(a);
            let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
            assert_eq!(bits(pose.rotation), bits(want), "angle {a}");
        }
    }
}
