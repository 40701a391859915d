//! # Chapter 8: sequential impulses
//!
//! Chapters 3 to 7 apply one impulse at a time and forget it: the impulse that
//! stops one box pushes the next one back, and a stack wobbles, sinks and falls.
//! Here every contact point and every joint is a **constraint row** of one solver:
//!
//! - a **pre-step** works out each row's effective mass and its **velocity bias**
//!   once per step: restitution (above a threshold speed) and the **Baumgarte**
//!   position correction (a factor and an allowed penetration);
//! - the solver **iterates**: pass after pass, each row gets the impulse that would
//!   meet it now, and the **accumulated** impulse of the row, not each piece, is
//!   clamped (pushing only; friction within `mu` times the normal impulse);
//! - contacts **persist**: a contact of this step with the same feature ids
//!   (chapter 5) as one of the last step is the same contact, and its accumulated
//!   impulse is applied before the first pass (**warm starting**), so the solver
//!   starts from last step's answer;
//! - a **broad phase** (sort and sweep on bounding boxes) hands the narrow phase
//!   only the pairs that can touch.
//!
//! Shapes and the narrow phase are chapter 5's ([`ch05_obb_clipping::collide`]);
//! bodies, inertia, the effective mass at a point and friction mixing chapter 6's;
//! distance joints chapter 7's. Every switch of the chapter's demos is a field of
//! [`Settings`].
//!
//! The book's page for this chapter is `book/src/ch08-sequential-impulses.md`.

use ch03_mass_weighted_impulses::mix_restitution;
pub use ch04_manifolds::{Circle, FeatureId, MAX_CONTACTS, Manifold};
pub use ch05_obb_clipping::{Obb, Shape, Transform, collide};
pub use ch06_rotation_friction::{Body, inverse_effective_mass, mix_friction};
pub use ch07_distance_constraints::{
    DistanceJoint, JointKind, joint_axis, joint_inverse_mass,
};
use glam::Vec2;
use physics_core::math::{cross, perp};
use physics_core::slices::two_mut;

mod broad_phase;
pub mod convergence;
pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

use broad_phase::Scratch;
pub use broad_phase::bounding_box;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

// ANCHOR: world
/// Rigid bodies, contacts and distance joints, solved together.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub bodies: Vec<Body>,
    pub joints: Vec<DistanceJoint>,
    /// In m/s^2.
    pub gravity: Vec2,
    pub settings: Settings,
    /// This step's contacts, one arbiter per touching pair, sorted by
    /// `(a, b)`: kept to the next step, where they are matched.
    pub arbiters: Vec<Arbiter>,
    /// One row per joint, in the order of `joints`; its impulse is kept
    /// to the next step too.
    pub joint_rows: Vec<JointRow>,
    scratch: Scratch,
}
// ANCHOR_END: world

impl World {
    /// Bodies and joints under the Earth's gravity with box2d-lite's settings.
    pub fn new(bodies: Vec<Body>, joints: Vec<DistanceJoint>) -> Self {
        World {
            bodies,
            joints,
            gravity: Vec2::new(0.0, -9.81),
            settings: Settings::default(),
            arbiters: Vec::new(),
            joint_rows: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Forget every contact and joint impulse (after the bodies were put back).
    pub fn forget_contacts(&mut self) {
        self.arbiters.clear();
        self.joint_rows.clear();
    }

    /// Advance the world by `dt` seconds (a non-positive or non-finite
    /// `dt` does nothing).
    pub fn step(&mut self, dt: f32) {
        self.step_watching(dt, |_| {});
    }

    // ANCHOR: step
    /// [`World::step`], calling `watch` after each solver pass, to see
    /// how the passes converge ([`World::residual`]).
    pub fn step_watching(&mut self, dt: f32, mut watch: impl FnMut(&World)) {
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        // 1. Broad phase: the pairs whose bounding boxes overlap.
        self.broad_phase(|_, b, t| bounding_box(&b.shape, t));
        // 2. Narrow phase + persistence: chapter 5's manifolds, matched
        //    to last step's contacts by feature id.
        self.narrow_phase();
        // 3. Pre-step: every row's effective mass, and each contact's
        //    approach speed and bias, from the velocities the step
        //    starts with (before gravity adds its g dt).
        self.pre_step(dt);
        // 4. Forces: gravity and applied forces change the velocities.
        self.integrate_velocities(dt);
        // 5. Warm start: apply last step's accumulated impulses.
        self.warm_start();
        // 6. Iterate: pass after pass over every contact and joint.
        for _ in 0..self.settings.iterations.max(1) {
            self.solve_contacts();
            self.solve_joints();
            watch(self);
        }
        // 7. Restitution: the bounce, in a pass of its own.
        if self.settings.restitution == Restitution::OwnPass {
            self.restitution_pass();
        }
        // 8. Integrate: the velocities move and turn the bodies.
        self.integrate_positions(dt);
    }
    // ANCHOR_END: step

    // ANCHOR: narrow_phase
    /// Stage 2: this step's arbiters. Both this step's pairs and last
    /// step's arbiters are sorted by `(a, b)`, so one walk along both
    /// finds each pair's arbiter of last step, with no hash map and in
    /// the same order every run.
    pub fn narrow_phase(&mut self) {
        self.narrow_phase_with(|a, b, bodies, transforms| {
            collide(
                &bodies[a].shape,
                &transforms[a],
                &bodies[b].shape,
                &transforms[b],
            )
        });
    }

    /// Stage 2 with another chapter's collision test: `collide(a, b,
    /// bodies, transforms)` gives the manifold of the pair `(a, b)`.
    pub fn narrow_phase_with<F>(&mut self, mut collide: F)
    where
        F: FnMut(usize, usize, &[Body], &[Transform]) -> Option<Manifold>,
    {
        let s = &mut self.scratch;
        std::mem::swap(&mut self.arbiters, &mut s.previous);
        self.arbiters.clear();
        let warm = self.settings.warm_starting;
        let mut old = 0;
        for &(a, b) in &s.pairs {
            let Some(manifold) = collide(a, b, &self.bodies, &s.transforms) else {
                continue;
            };
            while s.previous.get(old).is_some_and(|p| (p.a, p.b) < (a, b)) {
                old += 1;
            }
            let before = s.previous.get(old).filter(|p| (p.a, p.b) == (a, b));
            let (ba, bb) = (&self.bodies[a], &self.bodies[b]);
            let arbiter = Arbiter::new((a, b), (ba, bb), &manifold, before, warm);
            self.arbiters.push(arbiter);
        }
    }
    // ANCHOR_END: narrow_phase

    /// Stage 4, the velocity half of semi-implicit Euler (chapter 6's
    /// [`integrate_velocities`](ch06_rotation_friction::integrate_velocities)).
    pub fn integrate_velocities(&mut self, dt: f32) {
        ch06_rotation_friction::integrate_velocities(
            &mut self.bodies,
            self.gravity,
            dt,
        );
    }

    // ANCHOR: pre_step
    /// Stage 3: each contact row's effective masses, its approach speed
    /// `v_n` (measured now, before gravity and any impulse of this
    /// step) and its bias, the normal velocity it aims at
    /// ([`contact_bias`]). With restitution in its own pass, the bias
    /// leaves the bounce out: the iterations solve a plastic contact.
    pub fn pre_step(&mut self, dt: f32) {
        let settings = self.settings;
        let in_bias = settings.restitution == Restitution::InBias;
        for arb in self.arbiters.iter_mut() {
            let (a, b) = (&self.bodies[arb.a], &self.bodies[arb.b]);
            let n = arb.normal;
            for c in arb.contacts.iter_mut().take(arb.count) {
                let p = c.point;
                let (r_a, r_b) = (p - a.position, p - b.position);
                c.arm_normal = (cross(r_a, n), cross(r_b, n));
                c.arm_tangent = (cross(r_a, perp(n)), cross(r_b, perp(n)));
                c.normal_mass = inverse(inverse_effective_mass(a, b, p, n));
                c.tangent_mass = inverse(inverse_effective_mass(a, b, p, perp(n)));
                let v_n = (b.velocity_at(p) - a.velocity_at(p)).dot(n);
                c.approach = v_n;
                let e = if in_bias { arb.restitution } else { 0.0 };
                c.bias = contact_bias(&settings, e, v_n, c.penetration, dt);
                if !(settings.warm_starting && settings.accumulate) {
                    c.normal_impulse = 0.0;
                    c.tangent_impulse = 0.0;
                }
            }
        }
        self.pre_step_joints(dt);
    }
    // ANCHOR_END: pre_step

    // ANCHOR: pre_step_joints
    /// Stage 3 for the joints: chapter 7's axis and effective mass, and
    /// its Baumgarte bias `-bias_factor * (distance - length) / dt`. A
    /// slack rope is inactive this step.
    fn pre_step_joints(&mut self, dt: f32) {
        let settings = self.settings;
        self.joint_rows.resize(self.joints.len(), JointRow::default());
        for (row, joint) in self.joint_rows.iter_mut().zip(&self.joints) {
            let (i, j) = (joint.body_a, joint.body_b);
            if i == j || i.max(j) >= self.bodies.len() {
                *row = JointRow::default();
                continue;
            }
            let (a, b) = (&self.bodies[i], &self.bodies[j]);
            let (pa, pb) = joint.anchors(&self.bodies);
            let relative = b.velocity_at(pb) - a.velocity_at(pa);
            let Some((axis, distance)) = joint_axis(pa, pb, relative) else {
                *row = JointRow::default();
                continue;
            };
            let error = distance - joint.length;
            let slack = joint.kind == JointKind::Rope && error < 0.0;
            let mass = inverse(joint_inverse_mass(a, pa, b, pb, axis));
            let bias = if settings.position_correction {
                -settings.bias_factor * error / dt
            } else {
                0.0
            };
            let warm = settings.warm_starting && settings.accumulate;
            let kept = if warm { row.impulse } else { 0.0 };
            *row = JointRow {
                active: !slack && mass > 0.0,
                anchor_a: pa,
                anchor_b: pb,
                axis,
                mass,
                bias,
                impulse: if slack { 0.0 } else { kept },
            };
        }
    }
    // ANCHOR_END: pre_step_joints

    // ANCHOR: warm_start
    /// Stage 5: apply each row's accumulated impulse (0 unless warm
    /// starting kept it, [`warm_start_contact`] for a contact point): the
    /// solver starts from last step's answer.
    pub fn warm_start(&mut self) {
        for arb in &self.arbiters {
            let (a, b) = two_mut(&mut self.bodies, arb.a, arb.b);
            for c in arb.contacts() {
                warm_start_contact(a, b, arb.normal, c);
            }
        }
        for (row, joint) in self.joint_rows.iter().zip(&self.joints) {
            if row.active {
                let p = row.impulse * row.axis;
                self.bodies[joint.body_a].apply_impulse(-p, row.anchor_a);
                self.bodies[joint.body_b].apply_impulse(p, row.anchor_b);
            }
        }
    }
    // ANCHOR_END: warm_start

    // ANCHOR: solve_contacts
    /// One pass of stage 6 over every contact point: the normal row,
    /// then the friction row, each the impulse that meets its target now,
    /// clamped by [`clamp_impulse`].
    pub fn solve_contacts(&mut self) {
        let settings = self.settings;
        // From the end of the list, every other pair first, then the
        // rest: neighbours in the sorted list mostly share a body, every
        // other pair mostly does not; and in the demos, built bottom-up,
        // the end of the list is the top of a stack.
        let n = self.arbiters.len();
        for k in (0..n).rev().step_by(2).chain((0..n).rev().skip(1).step_by(2)) {
            let arb = &mut self.arbiters[k];
            let (body_a, body_b) = two_mut(&mut self.bodies, arb.a, arb.b);
            let (mut a, mut b) = (Motion::of(body_a), Motion::of(body_b));
            let (n, t) = (arb.normal, perp(arb.normal));
            for c in arb.contacts.iter_mut().take(arb.count) {
                // Normal: reach the bias, push only.
                let (arm_a, arm_b) = c.arm_normal;
                let v_n = b.along(n, arm_b) - a.along(n, arm_a);
                let delta = c.normal_mass * (c.bias - v_n);
                let total = &mut c.normal_impulse;
                let dp = clamp_impulse(
                    total,
                    delta,
                    0.0,
                    f32::INFINITY,
                    settings.accumulate,
                );
                a.push(-dp, n, arm_a);
                b.push(dp, n, arm_b);
                if !settings.friction {
                    continue;
                }
                // Friction: stop the sliding, within mu times the normal.
                let (arm_a, arm_b) = c.arm_tangent;
                let v_t = b.along(t, arm_b) - a.along(t, arm_a);
                let delta = -c.tangent_mass * v_t;
                let pushed =
                    if settings.accumulate { c.normal_impulse } else { dp };
                let limit = arb.friction * pushed;
                let total = &mut c.tangent_impulse;
                let dp =
                    clamp_impulse(total, delta, -limit, limit, settings.accumulate);
                a.push(-dp, t, arm_a);
                b.push(dp, t, arm_b);
            }
            a.store(body_a);
            b.store(body_b);
        }
    }
    // ANCHOR_END: solve_contacts

    // ANCHOR: solve_joints
    /// One pass of stage 6 over every joint: the impulse along the axis
    /// that reaches the bias; a rope's accumulated impulse only pulls.
    pub fn solve_joints(&mut self) {
        let accumulate = self.settings.accumulate;
        for (row, joint) in self.joint_rows.iter_mut().zip(&self.joints) {
            if !row.active {
                continue;
            }
            let (i, j) = (joint.body_a, joint.body_b);
            let (a, b) = if i < j {
                two_mut(&mut self.bodies, i, j)
            } else {
                let (b, a) = two_mut(&mut self.bodies, j, i);
                (a, b)
            };
            let (pa, pb) = (row.anchor_a, row.anchor_b);
            let v = (b.velocity_at(pb) - a.velocity_at(pa)).dot(row.axis);
            let delta = row.mass * (row.bias - v);
            let most = match joint.kind {
                JointKind::Rod => f32::INFINITY,
                JointKind::Rope => 0.0,
            };
            let total = &mut row.impulse;
            let dp =
                clamp_impulse(total, delta, f32::NEG_INFINITY, most, accumulate);
            a.apply_impulse(-dp * row.axis, pa);
            b.apply_impulse(dp * row.axis, pb);
        }
    }
    // ANCHOR_END: solve_joints

    // ANCHOR: restitution_pass
    /// Stage 7: the bounce, after the iterations have solved every
    /// contact as plastic. A point bounces only if it approached faster
    /// than the threshold when the step began and pushes at the end of
    /// the iterations; it gets the impulse that makes its normal
    /// velocity `-e` times that approach speed, its total still clamped
    /// to push only. A point that was separating is left alone, so it
    /// cannot push as it leaves (Box2D v3's restitution stage). Box2D
    /// makes one pass; where two points of a body bounce, each pass
    /// upsets the other point a little, so this one makes as many passes
    /// as the iterations, until both meet their targets together. Each
    /// pass solves the joints again after the bounces: a rod hands the
    /// bounce of the body it holds on to the next one, as it handed on
    /// the stop.
    fn restitution_pass(&mut self) {
        if self.mark_bounces() {
            for _ in 0..self.settings.iterations.max(1) {
                self.bounce();
                self.solve_joints();
            }
        }
    }

    /// Which points bounce this step (`ContactRow::bounces`); false
    /// when none does.
    pub fn mark_bounces(&mut self) -> bool {
        let threshold = self.settings.restitution_threshold;
        let mut any = false;
        for arb in self.arbiters.iter_mut() {
            for c in arb.contacts.iter_mut().take(arb.count) {
                c.bounces = arb.restitution > 0.0
                    && c.approach < -threshold
                    && c.normal_impulse > 0.0;
                any |= c.bounces;
            }
        }
        any
    }

    /// One pass of the bounce over the points that bounce: each gets
    /// the impulse that makes its normal velocity `-e` times its
    /// approach speed, its total still clamped to push only.
    pub fn bounce(&mut self) {
        let accumulate = self.settings.accumulate;
        for arb in self.arbiters.iter_mut() {
            if !arb.contacts().iter().any(|c| c.bounces) {
                continue;
            }
            let (body_a, body_b) = two_mut(&mut self.bodies, arb.a, arb.b);
            let (mut a, mut b) = (Motion::of(body_a), Motion::of(body_b));
            let n = arb.normal;
            for c in arb.contacts.iter_mut().take(arb.count) {
                if !c.bounces {
                    continue;
                }
                let (arm_a, arm_b) = c.arm_normal;
                let v_n = b.along(n, arm_b) - a.along(n, arm_a);
                let target = -arb.restitution * c.approach;
                let delta = c.normal_mass * (target - v_n);
                let total = &mut c.normal_impulse;
                let dp =
                    clamp_impulse(total, delta, 0.0, f32::INFINITY, accumulate);
                a.push(-dp, n, arm_a);
                b.push(dp, n, arm_b);
            }
            a.store(body_a);
            b.store(body_b);
        }
    }
    // ANCHOR_END: restitution_pass

    /// Stage 8, the position half (chapter 6's
    /// [`integrate_positions`](ch06_rotation_friction::integrate_positions)).
    pub fn integrate_positions(&mut self, dt: f32) {
        ch06_rotation_friction::integrate_positions(&mut self.bodies, dt);
    }

    /// How many contact points this step solved.
    pub fn contact_count(&self) -> usize {
        self.arbiters.iter().map(|a| a.count).sum()
    }

    // ANCHOR: residual
    /// How far the contact rows are from all being met at once, m/s:
    /// the worst row's `min(P_n / m_eff, v_n - b)`. A met row either
    /// moves at its target (`v_n = b`) or pushes nothing (`P_n = 0`) and
    /// moves faster; either way the smaller of the two is 0. The error
    /// in `v_n - b` of a pushing row, or the velocity change its
    /// impulse could still take back, is what is left to solve.
    pub fn residual(&self) -> f32 {
        let mut worst = 0.0f32;
        for arb in &self.arbiters {
            let (a, b) = (&self.bodies[arb.a], &self.bodies[arb.b]);
            for c in arb.contacts() {
                if c.normal_mass == 0.0 {
                    continue;
                }
                let (arm_a, arm_b) = c.arm_normal;
                let v_n = Motion::of(b).along(arb.normal, arm_b)
                    - Motion::of(a).along(arb.normal, arm_a);
                let error = (c.normal_impulse / c.normal_mass).min(v_n - c.bias);
                worst = worst.max(error.abs());
            }
        }
        worst
    }
    // ANCHOR_END: residual

    /// The deepest penetration among this step's contacts, in metres.
    pub fn max_penetration(&self) -> f32 {
        self.arbiters
            .iter()
            .flat_map(|a| a.contacts())
            .map(|c| c.penetration)
            .fold(0.0, f32::max)
    }
}

// ANCHOR: settings
/// Every number and switch the chapter discusses; the demos change
/// them live.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Passes over every contact and joint per step, at least one.
    /// box2d-lite's pyramid stands with 10.
    pub iterations: u32,
    /// Clamp each row's accumulated impulse (on), or each impulse
    /// on its own (off, the impulse-at-a-time rule of chapters 3 to 7).
    pub accumulate: bool,
    /// Start each step by applying the impulses the same contacts and
    /// joints ended the last step with. Only with `accumulate`: a
    /// sum of pieces clamped one by one is no answer to start from, and
    /// nothing could take back its overshoot (box2d-lite's rule too).
    pub warm_starting: bool,
    /// Feed penetration (and a joint's length error) back into the
    /// target velocity: Baumgarte stabilisation.
    pub position_correction: bool,
    /// Baumgarte's factor: the fraction of the penetration beyond the
    /// allowed one that the bias asks to close in one step.
    pub bias_factor: f32,
    /// Penetration in metres that the bias leaves alone, so resting
    /// contacts keep touching instead of jittering in and out.
    pub allowed_penetration: f32,
    /// Approach speed in m/s below which contacts do not bounce, so a
    /// resting body's small gravity velocity is not reflected.
    pub restitution_threshold: f32,
    /// Where the bounce is solved.
    pub restitution: Restitution,
    /// Apply friction at all.
    pub friction: bool,
    /// How the pairs to test are found.
    pub broad_phase: BroadPhase,
}

impl Default for Settings {
    /// box2d-lite's: 10 iterations, accumulation, warm starting and
    /// position correction on, bias factor 0.2, 1 cm allowed
    /// penetration; no bounce below 1 m/s, solved in its own pass.
    fn default() -> Self {
        Settings {
            iterations: 10,
            accumulate: true,
            warm_starting: true,
            position_correction: true,
            bias_factor: 0.2,
            allowed_penetration: 0.01,
            restitution_threshold: 1.0,
            restitution: Restitution::OwnPass,
            friction: true,
            broad_phase: BroadPhase::SortAndSweep,
        }
    }
}

/// Where a contact's bounce, `-e v_n`, is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restitution {
    /// In its own pass after the velocity iterations, only at points
    /// that approached faster than the threshold and still push: the
    /// iterations solve every contact as plastic (Box2D v3's way).
    OwnPass,
    /// In every pass, as the row's bias, the larger of it and the
    /// push-out (box2d-lite's way). Can gain energy when a body lands
    /// on two points at once: see the chapter's page.
    InBias,
}

/// How the broad phase finds the pairs the narrow phase tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BroadPhase {
    /// Sort the bodies' bounding boxes by their left edge and sweep:
    /// each box meets only the boxes that start before it ends.
    SortAndSweep,
    /// Every body against every later one: `n (n - 1) / 2` narrow-phase
    /// tests (box2d-lite's).
    AllPairs,
}
// ANCHOR_END: settings

// ANCHOR: contact
/// One contact point as a constraint row: the normal and the friction
/// impulse at it, with what the pre-step works out once per step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactRow {
    /// Where, in world coordinates.
    pub point: Vec2,
    /// Metres along the normal, 0 or more.
    pub penetration: f32,
    /// The features of A and B that made it: its name across steps.
    pub id: FeatureId,
    /// The lever arms `r x n` of A and of B along the normal, and `r x t`
    /// along the tangent, `r` from each centre to the point (pre-step).
    pub arm_normal: (f32, f32),
    pub arm_tangent: (f32, f32),
    /// `m_eff` along the normal and along the tangent, kg.
    pub normal_mass: f32,
    pub tangent_mass: f32,
    /// The relative normal velocity at the start of the step, before
    /// gravity and any impulse, m/s: negative when approaching.
    pub approach: f32,
    /// Whether the restitution pass makes this point bounce (stage 7).
    pub bounces: bool,
    /// The normal velocity the row aims at, m/s: restitution or
    /// position correction, whichever asks more.
    pub bias: f32,
    /// The normal impulse accumulated this step (warm start included),
    /// N s, never negative when accumulating.
    pub normal_impulse: f32,
    /// The friction impulse accumulated along `perp(normal)`, N s.
    pub tangent_impulse: f32,
}

/// The contacts between two bodies, `a < b`: box2d-lite's "arbiter".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arbiter {
    pub a: usize,
    pub b: usize,
    /// Unit, from A to B (chapter 4's rule).
    pub normal: Vec2,
    /// The pair's mixed friction and restitution coefficients.
    pub friction: f32,
    pub restitution: f32,
    pub contacts: [ContactRow; MAX_CONTACTS],
    pub count: usize,
}
// ANCHOR_END: contact

impl Arbiter {
    /// The contact points in use.
    pub fn contacts(&self) -> &[ContactRow] {
        &self.contacts[..self.count]
    }

    // ANCHOR: persist
    /// The arbiter of bodies `a < b` for this step's `manifold`. A point
    /// whose feature ids match a point of last step's arbiter `before`
    /// is the same contact: with `warm` it keeps that contact's
    /// accumulated impulses, to be applied again before the first pass.
    pub fn new(
        (a, b): (usize, usize),
        bodies: (&Body, &Body),
        manifold: &Manifold,
        before: Option<&Arbiter>,
        warm: bool,
    ) -> Self {
        let mut contacts = [ContactRow::default(); MAX_CONTACTS];
        for (new, c) in contacts.iter_mut().zip(manifold.contacts()) {
            *new = ContactRow {
                point: c.point,
                penetration: c.penetration,
                id: c.id,
                ..ContactRow::default()
            };
            let same =
                before.and_then(|old| old.contacts().iter().find(|o| o.id == c.id));
            if let (Some(old), true) = (same, warm) {
                new.normal_impulse = old.normal_impulse;
                new.tangent_impulse = old.tangent_impulse;
            }
        }
        let (body_a, body_b) = bodies;
        Arbiter {
            a,
            b,
            normal: manifold.normal,
            friction: mix_friction(body_a.friction, body_b.friction),
            restitution: mix_restitution(body_a.restitution, body_b.restitution),
            contacts,
            count: manifold.contacts().len(),
        }
    }
    // ANCHOR_END: persist
}

/// One distance joint as a constraint row.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct JointRow {
    /// False while a rope is slack or the anchors give no axis.
    pub active: bool,
    /// The anchors in world coordinates this step.
    pub anchor_a: Vec2,
    pub anchor_b: Vec2,
    /// Unit, from A's anchor to B's.
    pub axis: Vec2,
    /// `m_eff` along the axis, kg.
    pub mass: f32,
    /// The velocity along the axis the row aims at, m/s.
    pub bias: f32,
    /// Accumulated along the axis, N s: `+` pushes B away from A.
    pub impulse: f32,
}

// ANCHOR: motion
/// A body's motion, copied out of it while a pair's rows are solved:
/// chapter 6's `velocity_at` and `apply_impulse`, with the offset `r`
/// from the centre worked out once per step instead of once per use.
#[derive(Clone, Copy, Debug)]
struct Motion {
    velocity: Vec2,
    angular_velocity: f32,
    inv_mass: f32,
    inv_inertia: f32,
}

impl Motion {
    fn of(b: &Body) -> Self {
        Motion {
            velocity: b.velocity,
            angular_velocity: b.angular_velocity,
            inv_mass: b.inv_mass,
            inv_inertia: b.inv_inertia,
        }
    }

    /// The velocity along unit `d` of the point at offset `r` with lever
    /// arm `arm = r x d`: `(v + w x r) . d = v . d + w (r x d)`.
    fn along(&self, d: Vec2, arm: f32) -> f32 {
        self.velocity.dot(d) + self.angular_velocity * arm
    }

    /// An impulse `p d` at that point: `v += p d / m`, `w += p (r x d) / I`.
    fn push(&mut self, p: f32, d: Vec2, arm: f32) {
        self.velocity += (self.inv_mass * p) * d;
        self.angular_velocity += (self.inv_inertia * p) * arm;
    }

    fn store(self, b: &mut Body) {
        b.velocity = self.velocity;
        b.angular_velocity = self.angular_velocity;
    }
}
// ANCHOR_END: motion

/// `1 / k`, or 0 when nothing can move along the row (`k` is 0).
fn inverse(k: f32) -> f32 {
    if k > 0.0 { 1.0 / k } else { 0.0 }
}

#[cfg(feature = "exercises")]
pub use crate::exercises::clamp_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: clamp
// ANCHOR: clamp_signature
/// Add the impulse `delta` to a row that has accumulated `total`, keep
/// the row within `lo..=hi`, and return the part of `delta` to apply.
///
/// Accumulating, the *sum* is clamped: a pass may take back what an
/// earlier pass (or the warm start) pushed too hard. One impulse at a
/// time, each piece is clamped on its own and nothing is ever taken
/// back, so every overshoot stays.
#[inline]
pub fn clamp_impulse(
    total: &mut f32,
    delta: f32,
    lo: f32,
    hi: f32,
    accumulate: bool,
) -> f32 {
    // ANCHOR_END: clamp_signature
    // `max` then `min`, not `clamp`: `clamp` panics on a NaN bound, and a
    // solver must not.
    let applied = if accumulate {
        (*total + delta).max(lo).min(hi) - *total
    } else {
        delta.max(lo).min(hi)
    };
    *total += applied;
    applied
}
// ANCHOR_END: clamp

#[cfg(feature = "exercises")]
pub use crate::exercises::warm_start_contact;
#[cfg(not(feature = "exercises"))]
// ANCHOR: warm_start_contact
// ANCHOR: warm_start_contact_signature
/// Apply `contact`'s accumulated impulses again, its normal impulse and
/// its friction impulse, to the two bodies at the contact point.
#[inline]
pub fn warm_start_contact(
    a: &mut Body,
    b: &mut Body,
    normal: Vec2,
    contact: &ContactRow,
) {
    // ANCHOR_END: warm_start_contact_signature
    // One impulse `P_n n + P_t perp(n)`, `+` to B and `-` to A.
    let (n, t) = (normal, perp(normal));
    let p = contact.normal_impulse * n + contact.tangent_impulse * t;
    a.apply_impulse(-p, contact.point);
    b.apply_impulse(p, contact.point);
}
// ANCHOR_END: warm_start_contact

#[cfg(feature = "exercises")]
pub use crate::exercises::contact_bias;
#[cfg(not(feature = "exercises"))]
// ANCHOR: bias
// ANCHOR: bias_signature
/// The normal velocity a contact row aims at, m/s, from the pair's
/// `restitution`, the approach speed `v_n` (relative normal velocity
/// before any impulse of this step, negative when approaching), the
/// `penetration` and the step `dt`: the bounce or Baumgarte's push-out,
/// whichever asks more.
#[inline]
pub fn contact_bias(
    settings: &Settings,
    restitution: f32,
    v_n: f32,
    penetration: f32,
    dt: f32,
) -> f32 {
    // ANCHOR_END: bias_signature
    // Restitution: `-e v_n` for an approach faster than the threshold.
    let bounce = if v_n < -settings.restitution_threshold {
        -restitution * v_n
    } else {
        0.0
    };
    // Baumgarte: separate at `bias_factor / dt` times the penetration
    // beyond the allowed one, which closes that fraction of it in a step.
    let push_out = if settings.position_correction {
        let beyond = (penetration - settings.allowed_penetration).max(0.0);
        settings.bias_factor / dt * beyond
    } else {
        0.0
    };
    // The larger, not the sum: both ask the bodies to separate, and adding
    // them would bounce a deep contact twice.
    bounce.max(push_out)
}
// ANCHOR_END: bias

#[cfg(feature = "exercises")]
pub use crate::exercises::block_solve;
#[cfg(not(feature = "exercises"))]
// ANCHOR: block_solve
// ANCHOR: block_solve_signature
/// The normal rows of a manifold's two contact points solved as one
/// block, not one after the other: the accumulated impulses `x`, each 0
/// or more, after which each point's normal velocity, `v_n + K (x -
/// total)`, reaches its `bias` (where it pushes) or is already past it
/// (where `x` is 0). `k` is the pair's 2x2 inverse effective mass,
/// `v_n` the points' normal velocities now, `total` what they have
/// accumulated so far. Where none of the four cases holds (a `k` nearly
/// singular), `total` is returned: nothing changes, as in Box2D.
pub fn block_solve(
    k: [[f32; 2]; 2],
    v_n: [f32; 2],
    bias: [f32; 2],
    total: [f32; 2],
) -> [f32; 2] {
    // ANCHOR_END: block_solve_signature
    // With the totals x, the velocities less their targets are w = K x + b,
    // where b takes away what `total` has already done. The answer has
    // x >= 0, w >= 0, and x_i w_i = 0: each point pushes or is clear. In
    // two dimensions that is one of four cases; try each in turn.
    let b = [0, 1]
        .map(|i| v_n[i] - bias[i] - (k[i][0] * total[0] + k[i][1] * total[1]));
    // 1. Both push: K x = -b, by Cramer's rule.
    let det = k[0][0] * k[1][1] - k[0][1] * k[1][0];
    if det > 0.0 {
        let x = [
            (k[0][1] * b[1] - k[1][1] * b[0]) / det,
            (k[1][0] * b[0] - k[0][0] * b[1]) / det,
        ];
        if x[0] >= 0.0 && x[1] >= 0.0 {
            return x;
        }
    }
    // 2. The first pushes, the second is clear: its velocity, with only
    // the first's impulse, must be at or past its target.
    if k[0][0] > 0.0 {
        let x0 = -b[0] / k[0][0];
        if x0 >= 0.0 && k[1][0] * x0 + b[1] >= 0.0 {
            return [x0, 0.0];
        }
    }
    // 3. The second pushes, the first is clear.
    if k[1][1] > 0.0 {
        let x1 = -b[1] / k[1][1];
        if x1 >= 0.0 && k[0][1] * x1 + b[0] >= 0.0 {
            return [0.0, x1];
        }
    }
    // 4. Neither pushes: both are clear already.
    if b[0] >= 0.0 && b[1] >= 0.0 {
        return [0.0, 0.0];
    }
    total
}
// ANCHOR_END: block_solve

#[cfg(test)]
mod tests {
    use super::*;

    /// A box turned 45 degrees reaches sqrt(2) times its half side from its centre.
    #[test]
    fn a_turned_box_has_a_wider_bounding_box() {
        let shape = Shape::Box(Obb { half_extents: Vec2::splat(1.0) });
        let t = Transform::new(Vec2::new(2.0, 0.0), std::f32::consts::FRAC_PI_4);
        let (lo, hi) = bounding_box(&shape, &t);
        assert!((hi.x - 2.0 - std::f32::consts::SQRT_2).abs() < 1e-5);
        assert!((lo.y + std::f32::consts::SQRT_2).abs() < 1e-5);
    }

    /// Sort-and-sweep finds exactly the touching pairs all-pairs finds, in the same
    /// order.
    #[test]
    fn the_sweep_finds_what_all_pairs_finds() {
        let mut demo = worlds::tumble_world();
        for _ in 0..120 {
            demo.step(1.0 / 60.0);
        }
        let mut other = demo.clone();
        other.settings.broad_phase = BroadPhase::AllPairs;
        demo.step(1.0 / 60.0);
        other.step(1.0 / 60.0);
        assert!(!demo.arbiters.is_empty());
        assert_eq!(demo.arbiters, other.arbiters);
        assert!(demo.pairs_tested() < other.pairs_tested());
    }
}
