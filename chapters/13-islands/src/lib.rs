//! # Chapter 13: the world at scale
//!
//! A game has thousands of bodies, most of them at rest, and asks its
//! world questions: what does this ray hit, what is under the mouse. This
//! chapter's pieces:
//!
//! 1. **Islands and sleeping** ([`islands`](mod@islands)): bodies that touch or are
//!    joined form an island; an island whose bodies have all been still
//!    for half a second sleeps, and costs the step nothing until an awake
//!    body touches it.
//! 2. **A dynamic bounding-volume tree** ([`tree`]) for the broad phase
//!    and for queries.
//! 3. **Ray casts** against chapter 11's shapes ([`ray`]).
//!
//! The book's page is `book/src/ch13-islands.md`.

pub mod broad_phase;
pub mod demos;
pub mod figures;
pub mod islands;
pub mod query;
pub mod ray;
pub mod scene;
pub mod tree;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use broad_phase::{Pair, PhaseReport, TreePhase};
pub use ch12_continuous::{Body, Joint, Shape, body, fixed};
pub use islands::{SleepSettings, UnionFind, is_still};
pub use ray::{RayHit, ray_cast};
pub use tree::{Bounds, Piece, Proxy, Tree};

use ch08_sequential_impulses as ch08;
use ch08_sequential_impulses::DistanceJoint;
use ch09_joints::Joints;
use ch10_soft_step::SoftStep;
use ch11_polygons::{SPECULATIVE_DISTANCE, Shapes, collide, floor_or_not, reach};
use ch12_continuous::{Fast, motion_bound};
use glam::Vec2;
use query::shape_bounds;

/// How far a leaf's fat box reaches beyond its body's box, metres:
/// 10 cm, as in Box2D v3.0 (from v3.1, `B2_AABB_MARGIN` in `constants.h`
/// is 5 cm).
pub const FAT_MARGIN: f32 = 0.1;

// ANCHOR: world
/// Chapter 12's parts, with a tree for the broad phase and its queries,
/// and islands that sleep.
#[derive(Clone, Debug)]
pub struct World {
    pub solver: ch08::World,
    pub joints: Joints,
    pub soft: SoftStep,
    pub shapes: Shapes,
    pub fast: Fast,
    /// This chapter's parts: the tree, its leaves and the pairs of
    /// overlapping leaves; and which bodies sleep.
    pub phase: TreePhase,
    pub sleep: Sleep,
}

/// Which bodies sleep, and how long each has been still.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sleep {
    /// Put still islands to sleep.
    pub on: bool,
    pub settings: SleepSettings,
    /// How long each body has been still, s.
    pub still_for: Vec<f32>,
    /// Which bodies sleep.
    pub asleep: Vec<bool>,
    /// Each sleeping body's island, by a body in it: what wakes with it.
    island_of: Vec<usize>,
    /// Pairs of bodies a later chapter's joints join (chapter 16's springs
    /// and wheels), set by that chapter before each step: each pair shares
    /// an island, as chapter 9's joints and the rods do. None here.
    pub ties: Vec<Tie>,
}
// ANCHOR_END: world

// ANCHOR: tie
/// Two bodies a later chapter's joint joins: they sleep and wake
/// together; a joint whose motor is running (`driven`) keeps them awake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tie {
    pub a: usize,
    pub b: usize,
    pub driven: bool,
}
// ANCHOR_END: tie

impl World {
    /// Bodies made by [`body`] or [`fixed`], and joints; sleeping on.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        World::from(ch12_continuous::World::new(pieces, joints))
    }

    /// Each leaf follows its body's shape where it is now (with no
    /// speculative margin).
    pub fn sync_tree(&mut self) {
        let margins = vec![0.0; self.solver.bodies.len()];
        self.phase.sync(&self.solver.bodies, &self.shapes.list, &margins);
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }

    /// Add a body (made by [`body`] or [`fixed`]), awake, not a bullet.
    pub fn add(&mut self, (b, shape): (Body, Shape)) -> usize {
        self.solver.bodies.push(b);
        self.shapes.list.push(shape);
        let n = self.shapes.list.len();
        self.fast.bullets.resize(n, false);
        self.sleep.still_for.resize(n, 0.0);
        self.sleep.asleep.resize(n, false);
        self.sleep.island_of.resize(n, n - 1);
        n - 1
    }

    /// Put body `i` to sleep now, an island of its own: it wakes only when
    /// an awake body touches it.
    pub fn put_to_sleep(&mut self, i: usize) {
        self.sleep.put_to_sleep(&mut self.solver.bodies, i);
    }

    /// How many bodies sleep.
    pub fn sleeping_count(&self) -> usize {
        self.sleep.asleep.iter().filter(|&&s| s).count()
    }

    /// Advance by `dt` (see [`step`]).
    pub fn step(&mut self, dt: f32) {
        step(
            &mut self.solver,
            &mut self.joints,
            &mut self.soft,
            &self.shapes,
            &mut self.fast,
            &mut self.phase,
            &mut self.sleep,
            dt,
        );
    }
}

impl From<ch12_continuous::World> for World {
    /// Chapter 12's parts, the tree built, sleeping on.
    fn from(world: ch12_continuous::World) -> World {
        let ch12_continuous::World { solver, joints, soft, shapes, fast } = world;
        let n = solver.bodies.len();
        let sleep = Sleep {
            on: true,
            settings: SleepSettings::default(),
            still_for: vec![0.0; n],
            asleep: vec![false; n],
            island_of: (0..n).collect(),
            ties: Vec::new(),
        };
        let mut world = World {
            solver,
            joints,
            soft,
            shapes,
            fast,
            phase: TreePhase::new(FAT_MARGIN),
            sleep,
        };
        world.sync_tree();
        world
    }
}

// ANCHOR: step
/// Advance chapter 12's parts by `dt`: first wake every sleeping island an
/// awake body may reach in this step (or a joint, a force or the mouse
/// reaches); hold the sleepers still as if static, so that pairs of them,
/// like pairs of static bodies, are never tested; chapter 12's step with
/// the tree's pairs; then put still islands to sleep. (Each part the step
/// changes is handed to it, as rapier's pipeline takes its sets.)
#[allow(clippy::too_many_arguments)]
pub fn step(
    solver: &mut ch08::World,
    joints: &mut Joints,
    soft: &mut SoftStep,
    shapes: &Shapes,
    fast: &mut Fast,
    phase: &mut TreePhase,
    sleep: &mut Sleep,
    dt: f32,
) {
    if !(dt > 0.0 && dt.is_finite()) {
        return;
    }
    sleep.fit(solver.bodies.len());
    // 1. Wake what is about to be touched, before it is solved.
    sleep.wake_reached(solver, joints, shapes, phase, dt);
    // 2. Sleepers hold still: no mass to move, for the step.
    let held = sleep.hold_sleepers(&mut solver.bodies);
    // 3. Chapter 12's step, its pairs from the tree.
    fast.step(solver, joints, soft, shapes, dt, |solver, joints, margins| {
        if phase.on {
            phase.hand_over(solver, joints, &shapes.list, margins);
        } else {
            solver.broad_phase(|i, _, t| shapes.broad_box(i, t, margins[i]));
            joints.drop_held_pairs(solver);
        }
    });
    // The leaves follow the bodies to where the step left them, so that
    // queries between steps find them.
    let margins = vec![0.0; solver.bodies.len()];
    phase.sync(&solver.bodies, &shapes.list, &margins);
    // 4. The sleepers' masses back.
    release_sleepers(&mut solver.bodies, &held);
    // 5. Islands of awake bodies; the still ones sleep.
    if sleep.on {
        sleep.settle(solver, joints, &shapes.list, &fast.starts, dt);
    }
}
// ANCHOR_END: step

impl Sleep {
    /// The sleep lists as long as the `n` bodies (a body may have been
    /// added), and all awake while sleeping is off.
    pub fn fit(&mut self, n: usize) {
        self.still_for.resize(n, 0.0);
        self.asleep.resize(n, false);
        self.island_of.resize(n, 0);
        if !self.on {
            self.asleep.fill(false);
        }
    }

    /// Put body `i` of `bodies` to sleep now, an island of its own: it
    /// wakes only when an awake body touches it (a body a game makes
    /// asleep). A static body has nothing to sleep.
    pub fn put_to_sleep(&mut self, bodies: &mut [Body], i: usize) {
        self.put_to_sleep_together(bodies, &[i]);
    }

    /// Put the bodies `these` of `bodies` to sleep now as one island: all
    /// wake when an awake body touches any of them. Bodies that touch one
    /// another belong together: a sleeper is held still for the step, as
    /// a static body is, so one woken alone would be pushed into its
    /// sleeping neighbours as into a wall, and what pushed it would lose
    /// its momentum there. Static bodies are left out.
    pub fn put_to_sleep_together(&mut self, bodies: &mut [Body], these: &[usize]) {
        self.fit(bodies.len());
        let mut island = None;
        for &i in these {
            let b = &mut bodies[i];
            if b.inv_mass == 0.0 {
                continue;
            }
            self.asleep[i] = true;
            self.still_for[i] = 0.0;
            self.island_of[i] = *island.get_or_insert(i);
            b.velocity = Vec2::ZERO;
            b.angular_velocity = 0.0;
        }
    }

    /// Hold every sleeping body still for the step, as if static: its
    /// masses set aside (returned, to give back with [`release_sleepers`])
    /// and its velocity zero.
    pub fn hold_sleepers(&self, bodies: &mut [Body]) -> Vec<(usize, f32, f32)> {
        let mut held = Vec::new();
        for (i, b) in bodies.iter_mut().enumerate() {
            if self.asleep[i] {
                held.push((i, b.inv_mass, b.inv_inertia));
                (b.inv_mass, b.inv_inertia) = (0.0, 0.0);
                b.velocity = Vec2::ZERO;
                b.angular_velocity = 0.0;
            }
        }
        held
    }

    // ANCHOR: wake_reached
    /// Wake the island of every sleeping body that an awake moving body
    /// may touch this step: the narrow phase would report their contact
    /// within the distance the awake one can move ([`motion_bound`]) and
    /// the contact distance. That contact will link the two into one
    /// island after the step, so a body woken here is not put back to
    /// sleep alone. The candidates come from the tree ([`Sleep::reached`]),
    /// asked from whichever side has fewer bodies, the awake movers or the
    /// sleepers; an all-asleep world costs nothing here. Also wake what a
    /// joint ties to an awake body, what has a force on it, and what the
    /// mouse holds.
    pub fn wake_reached(
        &mut self,
        solver: &ch08::World,
        joints: &Joints,
        shapes: &Shapes,
        phase: &TreePhase,
        dt: f32,
    ) {
        if !self.asleep.contains(&true) {
            return;
        }
        let bodies = &solver.bodies;
        let n = bodies.len();
        let awake_mover = |i: usize| !self.asleep[i] && bodies[i].inv_mass > 0.0;
        let movers = (0..n).filter(|&i| awake_mover(i)).count();
        let sleepers = self.asleep.iter().filter(|&&a| a).count();
        let wake = self.reached(bodies, shapes, phase, dt, movers <= sleepers);
        self.wake_with(solver, joints, wake);
    }
    // ANCHOR_END: wake_reached

    /// The islands of the sleepers marked in `wake`, and of what a joint
    /// ties to an awake body, what has a force on it, and what the mouse
    /// holds, woken.
    pub fn wake_with(
        &mut self,
        solver: &ch08::World,
        joints: &Joints,
        mut wake: Vec<bool>,
    ) {
        let bodies = &solver.bodies;
        let n = bodies.len();
        let awake_mover = |i: usize| !self.asleep[i] && bodies[i].inv_mass > 0.0;
        let joined = joints.list.iter().map(|j| (j.body_a, j.body_b));
        let rods = solver.joints.iter().map(|r| (r.body_a, r.body_b));
        let ties = self.ties.iter().map(|t| (t.a, t.b));
        for (a, b) in joined.chain(rods).chain(ties) {
            wake[a] |= awake_mover(b);
            wake[b] |= awake_mover(a);
        }
        if let Some(mouse) = &joints.mouse {
            wake[mouse.body] = true;
        }
        for (i, b) in bodies.iter().enumerate() {
            wake[i] |= b.force != Vec2::ZERO || b.torque != 0.0;
        }
        // Whole islands wake: a sleeping body stands for its island.
        let mut islands: Vec<usize> = (0..n)
            .filter(|&i| wake[i] && self.asleep[i])
            .map(|i| self.island_of[i])
            .collect();
        islands.sort_unstable();
        islands.dedup();
        for i in 0..n {
            if self.asleep[i] && islands.binary_search(&self.island_of[i]).is_ok() {
                self.asleep[i] = false;
                self.still_for[i] = 0.0;
            }
        }
    }

    // ANCHOR: reached
    /// The sleepers an awake moving body may touch this step (see
    /// [`Sleep::wake_reached`]), found by asking the tree from the movers'
    /// side (`from_movers`: each mover for what its reach overlaps) or the
    /// sleepers' side (each sleeper for the movers within the farthest
    /// reach of any). Either finds every pair the narrow phase would
    /// report, and tests it the same way, so both give the same answer.
    pub fn reached(
        &self,
        bodies: &[Body],
        shapes: &Shapes,
        phase: &TreePhase,
        dt: f32,
        from_movers: bool,
    ) -> Vec<bool> {
        let n = bodies.len();
        let mut wake = vec![false; n];
        let (floors, shapes) = (shapes.settings, &shapes.list);
        // How far each awake mover may reach this step.
        let reach_of: Vec<Option<f32>> = (0..n)
            .map(|i| {
                let b = &bodies[i];
                let mover = !self.asleep[i] && b.inv_mass > 0.0;
                mover.then(|| {
                    let spin = b.angular_velocity;
                    motion_bound(b.velocity, spin, reach(&shapes[i]), dt)
                        + SPECULATIVE_DISTANCE
                })
            })
            .collect();
        // Whether mover `i`, reaching `margin`, may touch sleeper `j`.
        let touches = |i: usize, margin: f32, j: usize| {
            let a = floor_or_not(&shapes[i], floors);
            let b = floor_or_not(&shapes[j], floors);
            let (ta, tb) = (bodies[i].transform(), bodies[j].transform());
            collide(&a, &ta, &b, &tb, margin).is_some()
        };
        let bounds = |i: usize, grown: f32| {
            shape_bounds(&shapes[i], &bodies[i].transform()).grown(grown)
        };
        let tree = &phase.tree;
        let movers =
            reach_of.iter().enumerate().filter_map(|(i, m)| Some((i, (*m)?)));
        // A body added since the last step has no leaf yet: it asks itself.
        let leafless = |i: usize| i >= phase.len();
        for (i, m) in movers.clone().filter(|&(i, _)| from_movers || leafless(i)) {
            tree.query(bounds(i, m), |_, j| {
                if self.asleep[j] && !wake[j] {
                    wake[j] = touches(i, m, j);
                }
            });
        }
        if !from_movers {
            let farthest = movers.map(|(_, m)| m).fold(0.0, f32::max);
            for j in (0..n).filter(|&j| self.asleep[j]) {
                tree.query(bounds(j, farthest), |_, i| {
                    if let Some(m) = reach_of[i]
                        && !wake[j]
                    {
                        wake[j] = touches(i, m, j);
                    }
                });
            }
        }
        wake
    }
    // ANCHOR_END: reached

    // ANCHOR: settle
    /// Each awake body's still time, then each island's: asleep when its
    /// stillest-for-least body has been still for `time_to_sleep`.
    pub fn settle(
        &mut self,
        solver: &mut ch08::World,
        joints: &Joints,
        shapes: &[Shape],
        starts: &[(Vec2, f32)],
        dt: f32,
    ) {
        let bodies = &solver.bodies;
        let mut any_ready = false;
        for (i, still_for) in self.still_for.iter_mut().enumerate() {
            let (b, shape, asleep) = (&bodies[i], &shapes[i], self.asleep[i]);
            let reach = || ch11_polygons::reach(shape);
            let start = starts[i];
            any_ready |=
                still_time(b, start, reach, asleep, still_for, dt, self.settings);
        }
        self.keep_driven_awake(joints);
        // An island sleeps when every body in it has been still long
        // enough: if none has, none sleeps, and the islands are not found
        // (in a pile that is landing, most steps).
        if any_ready {
            // Within the contact distance, as Box2D v3 links them: bodies
            // that may touch next step sleep and wake together.
            let touching =
                solver.arbiters.iter().filter(|a| !a.contacts().is_empty());
            let pairs = touching.map(|a| (a.a, a.b));
            let sets = islands(bodies, joints, &solver.joints, pairs);
            self.sleep_still(&mut solver.bodies, sets);
        }
    }

    /// A running motor keeps its two bodies awake, however slowly it turns
    /// them: asleep, they would stop it. Their still time starts again. So
    /// does a later chapter's driven tie.
    pub fn keep_driven_awake(&mut self, joints: &Joints) {
        if joints.settings.motors {
            for j in joints.list.iter().filter(|j| drives(j)) {
                self.still_for[j.body_a] = 0.0;
                self.still_for[j.body_b] = 0.0;
            }
        }
        for t in self.ties.iter().filter(|t| t.driven) {
            self.still_for[t.a] = 0.0;
            self.still_for[t.b] = 0.0;
        }
    }

    /// The islands `sets` (with the ties' pairs joined) whose every awake
    /// body has been still long enough, put to sleep.
    pub fn sleep_still(&mut self, bodies: &mut [Body], mut sets: UnionFind) {
        let moving = |i: usize| bodies[i].inv_mass > 0.0;
        for t in &self.ties {
            if moving(t.a) && moving(t.b) {
                sets.union(t.a, t.b);
            }
        }
        // Each island's least still time.
        let mut least = vec![f32::INFINITY; bodies.len()];
        for (i, b) in bodies.iter().enumerate() {
            if b.inv_mass > 0.0 && !self.asleep[i] {
                let r = sets.find(i);
                least[r] = least[r].min(self.still_for[i]);
            }
        }
        for (i, b) in bodies.iter_mut().enumerate() {
            if b.inv_mass > 0.0 && !self.asleep[i] {
                let r = sets.find(i);
                if least[r] >= self.settings.time_to_sleep {
                    self.asleep[i] = true;
                    self.island_of[i] = r;
                    b.velocity = Vec2::ZERO;
                    b.angular_velocity = 0.0;
                }
            }
        }
    }
    // ANCHOR_END: settle
}

/// Give the held sleepers their masses back.
pub fn release_sleepers(bodies: &mut [Body], held: &[(usize, f32, f32)]) {
    for &(i, inv_mass, inv_inertia) in held {
        let b = &mut bodies[i];
        (b.inv_mass, b.inv_inertia) = (inv_mass, inv_inertia);
    }
}

// ANCHOR: islands
/// The islands of the moving `bodies` linked by the pairs `contacts` (this
/// step's contacts, touching or within the contact distance), by the
/// joints and by the rods and ropes, as a union-find.
pub fn islands(
    bodies: &[Body],
    joints: &Joints,
    rods: &[DistanceJoint],
    contacts: impl Iterator<Item = (usize, usize)>,
) -> UnionFind {
    let moving = |i: usize| bodies[i].inv_mass > 0.0;
    let mut sets = UnionFind::new(bodies.len());
    for (a, b) in contacts {
        if moving(a) && moving(b) {
            sets.union(a, b);
        }
    }
    for j in &joints.list {
        if moving(j.body_a) && moving(j.body_b) {
            sets.union(j.body_a, j.body_b);
        }
    }
    for r in rods {
        if moving(r.body_a) && moving(r.body_b) {
            sets.union(r.body_a, r.body_b);
        }
    }
    sets
}
// ANCHOR_END: islands

/// Whether `joint` has a motor that is driving: a speed to reach and a
/// force or torque to reach it with.
fn drives(joint: &ch09_joints::Joint) -> bool {
    use ch09_joints::Kind;
    match joint.kind {
        Kind::Revolute { motor: Some(m), .. }
        | Kind::Prismatic { motor: Some(m), .. } => {
            m.speed != 0.0 && m.max_force > 0.0
        }
        _ => false,
    }
}

// ANCHOR: still_time
/// An awake moving body's still time, `still_for`, after a step of `dt`
/// that began with it at `start` (centre and angle): one step longer if it
/// is still, else none; and whether it has been still long enough to
/// sleep. Still is [`is_still`] twice, with its shape's reach (asked of
/// `reach` only for an awake moving body): for its velocity, and for how
/// far the step moved it, halved, as a speed. The second is Box2D v3's
/// (`sleepVelocity` in `solver.c`): a body being pushed out of an overlap
/// moves while the relax pass has left its velocity near zero. A
/// sleeping or static body's is left as it is (and it is not ready). (One
/// body's part of [`Sleep::settle`]: each body's is independent of the
/// others'.)
pub fn still_time(
    b: &Body,
    start: (Vec2, f32),
    reach: impl FnOnce() -> f32,
    asleep: bool,
    still_for: &mut f32,
    dt: f32,
    sleep: SleepSettings,
) -> bool {
    if asleep || b.inv_mass == 0.0 {
        return false;
    }
    let reach = reach();
    let (moved, turned) = (b.position - start.0, b.angle - start.1);
    let still = is_still(b.velocity, b.angular_velocity, reach, sleep.speed)
        && is_still(0.5 * moved / dt, 0.5 * turned / dt, reach, sleep.speed);
    *still_for = if still { *still_for + dt } else { 0.0 };
    *still_for >= sleep.time_to_sleep
}
// ANCHOR_END: still_time
