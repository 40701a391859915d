//! # Chapter 14: going wide
//!
//! Chapter 10's solver walks the contacts one at a time, each using the
//! velocities the one before left: Gauss-Seidel, a chain in which every
//! row waits for the last. Two rows that share no moving body do not
//! depend on each other, though, and can be solved at once. Three ideas
//! turn that into speed, each of which Box2D v3 uses:
//!
//! 1. **Graph colouring** ([`colour`](mod@colour)): each contact gets a
//!    colour, and no two contacts of one colour share a moving body.
//!    Within a colour the order no longer matters. As in Box2D, the
//!    ground's contacts take the top colours and are solved last; the
//!    colours between moving bodies are walked the other way every other
//!    step ([`Wide::alternate`]), so that their order leans nothing.
//! 2. **Wide rows** ([`lanes`]): a colour's contacts are packed eight to a
//!    [`Block`], each number of a row held as eight lanes, and solved by
//!    the same formulas written once over [`Lane`]: eight rows with each
//!    instruction. A contact that found no colour (the *overflow*) is
//!    solved one at a time before the colours, at the lowest priority.
//! 3. **Threads** ([`threads`]): a colour's blocks, the bodies to move and
//!    the pairs to collide are split across workers. Nothing a piece of
//!    work computes depends on which worker runs it, so the step gives
//!    the same bits on one thread or four.
//!
//! The physics is chapter 10's soft step, on chapter 13's world (its tree,
//! its islands and sleeping, chapter 12's fast bodies): only the order in
//! which the rows are solved, colour by colour, differs. The book's page
//! is `book/src/ch14-wide-solver.md`.
//!
//! This file holds the world and its step, then the stages in the order
//! the step calls them. Stage 2 is in `collide.rs`; the blocks the
//! contacts are packed in, in `blocks.rs`; chapter 10's contact in lanes,
//! in `kernels.rs`; the bodies' states that the kernels read and write, in
//! `states.rs`, and their poses, in `pose.rs`; what a step keeps for the
//! next, in `cache.rs`.

pub mod collide;
pub mod colour;
pub mod demos;
pub mod figures;
pub mod lanes;
pub mod scene;
pub mod threads;
pub mod worlds;

mod blocks;
mod cache;
mod kernels;
mod pose;
mod states;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use blocks::Block;
pub use ch13_islands::{Body, Joint, Shape, body, fixed};
pub use colour::{COLOURS, Colouring, OVERFLOW, colour, least_used};
pub use kernels::{PointRows, Rows, normal_row, target_in_lanes};
pub use lanes::{F32x8, LANES, Lane, V2};
pub use threads::{SharedState, Threads};

use blocks::{ArbiterRow, BlockBodies, List, Slot, Sources};
use cache::{Cache, Lists, Need};
use ch08_sequential_impulses as ch08;
use ch09_joints::Joints;
use ch10_soft_step::{SoftStep, soft};
use ch11_polygons::Shapes;
use ch12_continuous::{Fast, moved_far};
use ch13_islands::broad_phase::Pair;
use ch13_islands::query::shape_bounds;
use ch13_islands::tree::Bounds;
use ch13_islands::{Sleep, TreePhase, islands, still_time};
use glam::Vec2;
use kernels::{Context, Pass};
use pose::Pose;
use states::{Plain, Shared, State};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

// ANCHOR: world
/// Chapter 13's parts, and this chapter's beside them: the contacts
/// solved colour by colour, eight at a time, on several threads.
#[derive(Clone, Debug)]
pub struct World {
    pub solver: ch08::World,
    pub joints: Joints,
    pub soft: SoftStep,
    pub shapes: Shapes,
    pub fast: Fast,
    pub phase: TreePhase,
    pub sleep: Sleep,
    /// This chapter's part: how the contacts are solved, the workers, and
    /// what a step keeps for the next.
    pub wide: Wide,
}

/// The wide solver's switches, its workers, and what it keeps between
/// steps.
#[derive(Clone, Debug)]
pub struct Wide {
    /// How the contacts are solved.
    pub width: Width,
    /// The workers.
    pub threads: Threads,
    /// Eight lanes on one thread read and write each body's state whole
    /// (on, the default), or through the atomic states the threads
    /// share (off, to measure what the plain states buy).
    pub whole_states: bool,
    /// The colours between moving bodies first to last on one step and
    /// last to first on the next (on, the default), or first to last on
    /// every step; the overflow always first, the ground's colours always
    /// last. Each pass leaves the colours solved last nearest to what they
    /// ask, so a fixed order pushes a symmetric pile the same way step
    /// after step; turned each step, the order's push is undone the step
    /// after.
    pub alternate: bool,
    /// Give a new contact between moving bodies the free colour that
    /// holds the fewest contacts so far, not the lowest (exercise 14.5);
    /// off by default.
    pub balance: bool,
    /// Whether this step solves its colours last to first.
    backwards: bool,
    /// This step's colours, one per contact arbiter, in the arbiters'
    /// order.
    pub colouring: Colouring,
    /// How long the last step's stages took.
    pub timings: Timings,
    /// Last step's colour of each pair, sorted: offered first this step,
    /// so that colours, and the order rows are solved in, stay.
    previous: Vec<(Pair, u8)>,
    /// What a step keeps for the next (each shape's extents and box, the
    /// packed blocks) and the room its lists work in.
    cache: Cache,
}

/// Every part a step reads or writes, borrowed for the step (Box2D v3's
/// step context): the stages below are its methods, each reaching a part
/// in one step.
pub struct Parts<'a> {
    pub solver: &'a mut ch08::World,
    pub joints: &'a mut Joints,
    pub soft: &'a mut SoftStep,
    pub shapes: &'a Shapes,
    pub fast: &'a mut Fast,
    pub phase: &'a mut TreePhase,
    pub sleep: &'a mut Sleep,
    pub wide: &'a mut Wide,
}

/// How the contacts are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Colour by colour, eight contacts to a block.
    Wide,
    /// Colour by colour, one contact at a time: the same order and the
    /// same formulas as `Wide`, so the same bits, without the lanes.
    Single,
    /// Chapter 13's step: chapter 10's solver, in the contact list's order,
    /// on one thread.
    InOrder,
}

/// The stages of a step that read the bodies' shapes. Chapter 14's
/// bodies have one shape each ([`OneShapeEach`]); chapter 15's have many,
/// and bring their own.
pub trait Collide: Send {
    /// Stage 1, its first half: wake every sleeping island an awake moving
    /// body may reach this step ([`Sleep::wake_reached`]).
    fn wake(&mut self, parts: &mut Parts<'_>, dt: f32);
    /// Stage 2: each body's speculative margin, the broad phase's pairs,
    /// and every touching pair's arbiter, into the solver.
    fn collide(&mut self, parts: &mut Parts<'_>, dt: f32);
    /// Stage 11, its first half: sweep the bodies that moved far this step
    /// and put them back where they first touch, then give the broad
    /// phase the boxes the bodies end the step in.
    fn sweep_and_sync(&mut self, parts: &mut Parts<'_>);
    /// Whether there are joints of a later chapter's own (chapter 16's
    /// springs and wheels), solved in stages 5, 6 and 8 after chapter 9's
    /// joints and the rods. None here.
    fn has_joints(&self) -> bool {
        false
    }
    /// One pass of those joints on the bodies (see [`JointPass`]).
    fn joints(&mut self, _parts: &mut Parts<'_>, _pass: JointPass) {}
}

/// What a contact's two surfaces do beyond friction and restitution
/// (chapter 16's conveyor belts and rolling resistance): zero for
/// chapter 14's shapes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Surface {
    /// How fast the surfaces slide past each other where they touch, m/s,
    /// counter-clockwise about A: friction drives the contact's sliding
    /// speed to this, not to 0 (a conveyor belt).
    pub tangent_speed: f32,
    /// The most torque, per newton the contact pushes with, that resists
    /// the bodies turning relative to each other, m (the larger rolling
    /// resistance of the two shapes times the larger radius).
    pub rolling_resistance: f32,
    /// The rolling row's impulse, N m s: handed in, last step's for the
    /// same contact (0 for a new one), applied again by the warm start; at
    /// the step's end, this step's (see [`Parts::surfaces`]).
    pub rolling_impulse: f32,
}

/// A pass of a later chapter's joints within a substep (see
/// [`Collide::joints`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum JointPass {
    /// Stage 5: the rows at this substep's poses, for a substep of `h`
    /// seconds, and last step's impulses applied again.
    WarmStart { h: f32 },
    /// Stage 6 (`use_bias`: with the soft bias) and stage 8 (without).
    Solve { use_bias: bool },
}

/// Chapter 14's shapes, `Parts::shapes`: one a body.
pub struct OneShapeEach;
// ANCHOR_END: world

impl Collide for OneShapeEach {
    fn wake(&mut self, parts: &mut Parts<'_>, dt: f32) {
        let (solver, joints) = (&*parts.solver, &*parts.joints);
        parts.sleep.wake_reached(solver, joints, parts.shapes, parts.phase, dt);
    }

    fn collide(&mut self, parts: &mut Parts<'_>, dt: f32) {
        parts.collide(dt);
    }

    fn sweep_and_sync(&mut self, parts: &mut Parts<'_>) {
        if parts.fast.settings.toi && parts.any_moved_far() {
            let (starts, far) = (&parts.wide.cache.starts, &parts.wide.cache.far);
            let (bodies, shapes) = (&mut parts.solver.bodies, &parts.shapes.list);
            parts.fast.sweep_these(bodies, shapes, starts, far);
        }
        parts.sync_tree();
    }
}

/// How long each stage of the last step took, milliseconds (0 where the
/// clock cannot be read, in a web page).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timings {
    /// Waking, the broad phase and the narrow phase.
    pub collide: f32,
    /// Colouring and preparing the rows.
    pub prepare: f32,
    /// Every substep's warm start, solve and relax, and restitution.
    pub solve: f32,
    /// Moving the bodies.
    pub integrate: f32,
    /// The sweep of fast bodies, the tree, the islands and sleep.
    pub finish: f32,
}

impl World {
    /// Advance by `dt` seconds (see [`Parts::step`]).
    pub fn step(&mut self, dt: f32) {
        self.parts().step(dt);
    }

    /// Every part, borrowed for a step.
    pub fn parts(&mut self) -> Parts<'_> {
        Parts {
            solver: &mut self.solver,
            joints: &mut self.joints,
            soft: &mut self.soft,
            shapes: &self.shapes,
            fast: &mut self.fast,
            phase: &mut self.phase,
            sleep: &mut self.sleep,
            wide: &mut self.wide,
        }
    }

    /// Whether a step of this world runs on the workers' pool (see
    /// [`Wide::splits`]).
    pub fn splits(&self) -> bool {
        self.wide.splits(&self.solver)
    }
}

impl Parts<'_> {
    // ANCHOR: step
    /// Advance by `dt` seconds: chapter 13's step with the contacts solved
    /// colour by colour. The stages are Box2D v3's; the ones this chapter
    /// adds or runs on the workers are marked.
    pub fn step(&mut self, dt: f32) {
        if self.wide.width == Width::InOrder {
            ch13_islands::step(
                self.solver,
                self.joints,
                self.soft,
                self.shapes,
                self.fast,
                self.phase,
                self.sleep,
                dt,
            );
            self.wide.colouring = Colouring::default();
            self.wide.cache.packed = None;
            return;
        }
        self.step_with(dt, &mut OneShapeEach);
    }

    /// [`Parts::step`], solved wide whatever [`Wide::width`] says, with the
    /// stages that read the bodies' shapes left to `shapes`: chapter 14's
    /// one shape a body, or chapter 15's bodies of many.
    pub fn step_with(&mut self, dt: f32, shapes: &mut impl Collide) {
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        if self.wide.splits(self.solver) {
            let threads = self.wide.threads.clone();
            threads.run(|| self.wide_step(dt, shapes));
        } else {
            // One thread for this step, the pool kept for a bigger one.
            let pool = std::mem::take(&mut self.wide.threads);
            self.wide_step(dt, shapes);
            self.wide.threads = pool;
        }
    }

    // ANCHOR: prepare_joints
    /// Chapter 10's joint rows for a substep of `h`, on the workers when
    /// there are many joints: every body placed first (a sine and a cosine
    /// each, as chapter 10 places each jointed body once), then each
    /// joint's rows from its two bodies' places, with chapter 10's
    /// `prepare_joint`. A joint's rows read only its bodies, so they are the
    /// same whichever worker makes them.
    fn prepare_joints(&mut self, h: f32) {
        let threads = &self.wide.threads;
        if threads.count() == 1 || self.joints.list.len() < 2 * JOINTS {
            self.soft.prepare_joints(self.solver, self.joints, h);
            return;
        }
        let (bodies, warm) =
            (&self.solver.bodies, self.solver.settings.warm_starting);
        let places = &mut self.wide.cache.places;
        places.resize_with(bodies.len(), || ch08::Transform::new(Vec2::ZERO, 0.0));
        threads.for_each_indexed(places, BODIES, |i, t| *t = bodies[i].transform());
        let places = &*places;
        let (rows, list, open, settings) = self.soft.joint_rows(self.joints, h);
        threads.for_each_two(rows, open, JOINTS, |k, rows, open| {
            let j = &list[k];
            let at = (places[j.body_a], places[j.body_b]);
            ch10_soft_step::prepare_joint(
                j, rows, open, bodies, at, &settings, h, warm,
            );
        });
        self.soft.prepare_rods_and_mouse(self.solver, self.joints, h);
    }
    // ANCHOR_END: prepare_joints

    /// [`World::step`]'s stages.
    fn wide_step(&mut self, dt: f32, shapes: &mut impl Collide) {
        let substeps = self.soft.settings.substeps.max(1);
        let h = dt / substeps as f32;
        let clock = Clock::start();
        // 1. Wake what an awake body may reach; hold the sleepers still.
        self.sleep.fit(self.solver.bodies.len());
        shapes.wake(self, dt);
        let held = self.sleep.hold_sleepers(&mut self.solver.bodies);
        // 2. Margins, the tree's pairs, the narrow phase (workers).
        shapes.collide(self, dt);
        let collided = clock.lap();
        // 3. Colour the contacts, pack them in blocks, prepare (workers).
        self.colour_contacts();
        self.prepare_contacts();
        let prepared = clock.lap();
        let mut moving = 0.0;
        for substep in 1..=substeps {
            // 4. Gravity (workers).
            let t = Clock::start();
            self.integrate_velocities(h);
            moving += t.lap();
            // 5. Warm start: joints, then contacts colour by colour.
            if self.has_joints() {
                self.velocities_to_bodies();
                self.prepare_joints(h);
                self.soft.warm_start_joints(self.solver, self.joints);
            }
            if shapes.has_joints() {
                self.velocities_to_bodies();
                shapes.joints(self, JointPass::WarmStart { h });
            }
            self.solve_contacts(Pass::WarmStart, h);
            // 6. One pass with the soft bias.
            if self.has_joints() {
                self.velocities_to_bodies();
                self.soft.solve_joints(self.solver, self.joints, true);
            }
            if shapes.has_joints() {
                self.velocities_to_bodies();
                shapes.joints(self, JointPass::Solve { use_bias: true });
            }
            self.solve_contacts(Pass::Solve { use_bias: true }, h);
            // 7. Move (workers).
            let t = Clock::start();
            self.integrate_positions(h, dt, substep == substeps);
            moving += t.lap();
            // 8. Relax: one pass without the bias.
            if self.soft.settings.relax {
                if self.has_joints() {
                    self.velocities_to_bodies();
                    self.soft.solve_joints(self.solver, self.joints, false);
                }
                if shapes.has_joints() {
                    self.velocities_to_bodies();
                    shapes.joints(self, JointPass::Solve { use_bias: false });
                }
                self.solve_contacts(Pass::Solve { use_bias: false }, h);
            }
        }
        // 9. Restitution, once.
        if self.soft.settings.restitution {
            self.solve_contacts(Pass::Restitution, h);
        }
        // 10. Keep the impulses for the next step's warm start; forces
        // last one step, every substep of it.
        self.velocities_to_bodies();
        self.store_impulses();
        ch06_rotation_friction::clear_forces(&mut self.solver.bodies);
        // The next step solves the colours the other way round.
        self.wide.backwards = self.wide.alternate && !self.wide.backwards;
        let solved = clock.lap() - moving;
        // 11. Chapters 12 and 13: sweep fast bodies, follow them with the
        // tree, give the sleepers back, put still islands to sleep.
        self.joints.release_mouse_unless_pulled();
        self.fast.report = Default::default();
        self.fast.trails.clear();
        shapes.sweep_and_sync(self);
        ch13_islands::release_sleepers(&mut self.solver.bodies, &held);
        if self.sleep.on {
            self.settle(dt);
        }
        self.wide.timings = Timings {
            collide: collided,
            prepare: prepared - collided,
            solve: solved - prepared,
            integrate: moving,
            finish: clock.lap() - solved - moving,
        };
    }
    // ANCHOR_END: step

    // ANCHOR: colour_contacts
    /// Stage 3, first half: colour the arbiters, last step's colours
    /// offered first; then pack each colour's contacts in blocks of eight
    /// (and one to a block, for [`Width::Single`]), the overflow apart.
    fn colour_contacts(&mut self) {
        let (bodies, arbiters) = (&self.solver.bodies, &self.solver.arbiters);
        // The lists below keep their room from step to step.
        let mut lists = std::mem::take(&mut self.wide.cache.lists);
        let Lists { movable, needs, pairs, last, then } = &mut lists;
        // Last step's list kept aside, to see whether anything changed.
        std::mem::swap(movable, then);
        movable.resize(bodies.len(), false);
        self.wide.threads.zip(movable, bodies, BODIES, |m, b| *m = moves(b));
        // The same contacts as last step (the narrow phase counted them),
        // with as many points, between the same moving bodies: colouring
        // them again would give each its colour again, and packing them
        // would make the same blocks. (Box2D keeps a contact in its colour
        // from the step it begins to the step it ends; this is the cheap
        // half of that.) Last step's blocks stay.
        let rows = &mut self.wide.cache.arbiter_rows;
        rows.resize(arbiters.len(), ArbiterRow::default());
        if self.wide.cache.packed == Some(self.wide.width)
            && self.wide.cache.same_contacts
            && movable == then
        {
            // Only each arbiter's row for the prepare, on the workers.
            self.wide
                .threads
                .zip(rows, arbiters, ARBITERS, |row, a| *row = ArbiterRow::of(a));
            self.wide.cache.lists = lists;
            self.wide.cache.kept = true;
            return;
        }
        // What the colouring needs of each arbiter (megabytes of them in a
        // big pile), read once, on the workers, with its row for the
        // prepare: its bodies, its number of points, whether it may bounce.
        needs.resize(arbiters.len(), Need::default());
        self.wide.threads.zip_two(needs, rows, arbiters, ARBITERS, |n, row, a| {
            *n = Need { pair: (a.a as u32, a.b as u32), points: a.count as u8 };
            *row = ArbiterRow::of(a);
        });
        pairs.clear();
        pairs.extend(needs.iter().map(|n| (n.pair.0 as usize, n.pair.1 as usize)));
        // Last step's colour of each pair: both lists are sorted by pair,
        // so one walk along both finds them (comparing [`Pair`]s: one
        // number each, not a tuple field by field).
        last.clear();
        let (previous, mut old) = (&self.wide.previous, 0);
        last.extend(pairs.iter().map(|&pair| {
            let key = Pair::from(pair);
            while previous.get(old).is_some_and(|&(p, _)| p < key) {
                old += 1;
            }
            previous.get(old).filter(|&&(p, _)| p == key).map(|&(_, c)| c)
        }));
        let (movable, pairs) = (&*movable, &*pairs);
        let colouring = colour(pairs, movable, |k| last[k], self.wide.balance);
        self.wide.previous.clear();
        let colours = colouring.colours.iter().copied();
        self.wide
            .previous
            .extend(pairs.iter().map(|&p| Pair::from(p)).zip(colours));
        // Then each colour's contacts packed in blocks.
        self.wide.cache.lists = lists;
        self.wide.cache.pack(&colouring, self.wide.width);
        self.wide.colouring = colouring;
    }
    // ANCHOR_END: colour_contacts

    /// Stage 3, second half: each block's rows from its arbiters' rows and
    /// its bodies' rows at the step's start (workers).
    fn prepare_contacts(&mut self) {
        let (bodies, settings) = (&self.solver.bodies, self.solver.settings);
        let (warm, threshold) =
            (settings.warm_starting, settings.restitution_threshold);
        let s = &mut self.wide.cache;
        let (arbiters, start_rows) = (&s.arbiter_rows, &s.start_rows);
        let surfaces = &s.surfaces;
        let from = Sources { arbiters, start_rows, surfaces, warm, threshold };
        if self.wide.width == Width::Wide {
            // Newly packed, each block of eight finds its members (its
            // contacts in `order` and their bodies), then its rows, in one
            // visit; kept, only its rows. Each block is visited by the
            // worker whose share of its colour it is in the passes, so that
            // its rows are written into that worker's cache, not the
            // other's.
            let Lists { pairs, movable, .. } = &s.lists;
            let block_bodies = BlockBodies { pairs, sink: movable.len() as u32 };
            let (order, kept) = (&s.order, s.kept);
            let members = |span: &Range<usize>| {
                (!kept).then(|| block_bodies.members(LANES, &order[span.clone()]))
            };
            // Each block beside its place in `order`.
            let mut two: Vec<_> = s.wide.two.iter_mut().zip(&s.spans.0).collect();
            let mut one: Vec<_> = s.wide.one.iter_mut().zip(&s.spans.1).collect();
            self.wide.threads.for_each_in_turn(
                (&mut two, &mut one),
                &s.colours,
                0,
                |(block, span)| block.prepare_with(members(span), from),
                |(block, span)| block.prepare_with(members(span), from),
            );
        }
        s.single.prepare(&self.wide.threads, BLOCKS * LANES, from);
        s.overflow.prepare(&Threads::new(1), 1, from);
        // One more than the bodies: the sink blocks write what no body takes.
        s.shared.resize_with(bodies.len() + 1, SharedState::default);
        s.states.resize(bodies.len() + 1, State::default());
        s.shared_ahead = false;
    }

    /// Stage 4: gravity and forces for one substep, body by body on the
    /// workers (chapter 6's formula; the forces are cleared after the
    /// step). Once the states hold the velocities (plain on one thread,
    /// shared on several), to the states: the bodies are not visited.
    fn integrate_velocities(&mut self, h: f32) {
        let (gravity, plain) = (self.solver.gravity, self.plain());
        let s = &mut self.wide.cache;
        if s.shared_ahead {
            // The states hold the velocities: each is pushed where it is.
            let pushes = &s.pushes;
            if plain {
                for (state, push) in s.states.iter_mut().zip(pushes) {
                    if let Some((along, turn)) = push {
                        state.push(*along * h, turn * h);
                    }
                }
            } else {
                let shared = &mut s.shared[..pushes.len()];
                self.wide.threads.zip(shared, pushes, BODIES, |state, push| {
                    if let Some((along, turn)) = push {
                        let mut row = State(state.row());
                        row.push(*along * h, turn * h);
                        state.set_row(row.0);
                    }
                });
            }
            return;
        }
        // Chapter 6's sums, `(g + F/m) h` and `(torque / I) h`, split where
        // `h` multiplies, for the states' substeps to finish.
        let bodies = &self.solver.bodies;
        s.pushes.clear();
        s.pushes.extend(bodies.iter().map(|b| {
            let push = (gravity + b.force * b.inv_mass, b.torque * b.inv_inertia);
            (b.inv_mass > 0.0).then_some(push)
        }));
        self.each_body(|b| {
            ch06_rotation_friction::apply_forces(
                std::slice::from_mut(b),
                gravity,
                h,
            )
        });
    }

    /// Whether there are joints, rods or the mouse: solved by chapter 10
    /// one at a time on the bodies themselves, so the bodies first take
    /// back their velocities from the states.
    fn has_joints(&self) -> bool {
        !(self.joints.list.is_empty()
            && self.solver.joints.is_empty()
            && self.joints.mouse.is_none())
    }

    // ANCHOR: solve_contacts
    /// Stages 5, 6, 8 and 9 for the contacts: one pass. First the overflow,
    /// one at a time, at the lowest priority; then colour by colour, the
    /// ground's colours last. A colour's blocks go to the workers, and the
    /// next colour starts when all of them are done. A step that goes
    /// backwards (see [`Wide::alternate`]) walks the overflow last contact
    /// first and the colours between moving bodies last to first; the
    /// ground's colours still come last.
    fn solve_contacts(&mut self, pass: Pass, h: f32) {
        let (settings, soft_settings) = (self.solver.settings, self.soft.settings);
        if pass == Pass::WarmStart && !settings.warm_starting {
            return;
        }
        let context = Context {
            inv_h: 1.0 / h,
            soft: soft(
                soft_settings.contact_hertz.min(0.25 / h),
                soft_settings.damping_ratio,
                h,
            ),
            push_out: soft_settings.push_out,
            friction: settings.friction,
            threshold: settings.restitution_threshold,
        };
        self.bodies_to_velocities();
        let plain = self.plain();
        let backwards = self.wide.backwards;
        let s = &mut self.wide.cache;
        let k = &context;
        // The colours' order this pass: the dynamic colours first to last,
        // or last to first on a backwards step (the first `turned`); the
        // ground's after them either way.
        let turned = if backwards { s.colours.len() - s.ground } else { 0 };
        // The overflow first, at the lowest priority (last contact first on
        // a backwards step).
        if plain {
            // Eight lanes on one thread: the bodies' states in plain
            // memory, colour after colour, block after block.
            let mut states = Plain(&mut s.states);
            match backwards {
                false => s.overflow.run(pass, k, &mut states),
                true => s.overflow.run_backwards(pass, k, &mut states),
            }
            let wide = &mut s.wide;
            let mut colour = |(two, one): &(Range<usize>, Range<usize>)| {
                let two = wide.two[two.clone()].iter_mut();
                two.for_each(|block| block.run(pass, k, &mut states));
                let one = wide.one[one.clone()].iter_mut();
                one.for_each(|block| block.run(pass, k, &mut states));
            };
            let (first, rest) = s.colours.split_at(turned);
            first.iter().rev().chain(rest).for_each(&mut colour);
            return;
        }
        let shared = Shared(&s.shared);
        match backwards {
            false => s.overflow.run(pass, k, &mut { shared }),
            true => s.overflow.run_backwards(pass, k, &mut { shared }),
        }
        // Each colour's two-point blocks, then its one-point blocks.
        let colours = &s.colours;
        macro_rules! in_turn {
            ($blocks:expr) => {
                self.wide.threads.for_each_in_turn(
                    (&mut $blocks.two, &mut $blocks.one),
                    colours,
                    turned,
                    |block| block.run(pass, k, &mut { shared }),
                    |block| block.run(pass, k, &mut { shared }),
                )
            };
        }
        match self.wide.width {
            Width::Wide => in_turn!(s.wide),
            _ => in_turn!(s.single),
        }
    }
    // ANCHOR_END: solve_contacts

    /// Stage 7: move each body by its velocity (chapter 6's formula, after
    /// chapter 12's limit on turning a step, as chapter 10's `limit_spin`
    /// clamps it), and note how far it has moved and turned since the step began,
    /// for the contacts' separations: exactly after the `last` substep,
    /// whose rotation the tree and the next step take, and by
    /// [`Pose::turn_by`] before it, without a sine and cosine.
    fn integrate_positions(&mut self, h: f32, dt: f32, last: bool) {
        let most = self.soft.settings.max_turn.map(|turn| turn / dt);
        // A body takes its velocity from its state, moves, and leaves its
        // new pose in the state, in one visit: the states stay ahead.
        let advance = |b: &mut Body,
                       (v, w): (Vec2, f32),
                       pose: &mut Pose,
                       start| {
            (b.velocity, b.angular_velocity) = (v, w);
            if let Some(most) = most {
                b.angular_velocity = b.angular_velocity.clamp(-most, most);
            }
            ch06_rotation_friction::integrate_positions(std::slice::from_mut(b), h);
            pose.follow(b, start, h, last);
            State::of(b, pose)
        };
        // A body that cannot move (static, or a sleeper held still) with no
        // velocity keeps its place, pose and state: advancing it would
        // write them again as they are.
        let still = |b: &Body, (v, w): (Vec2, f32)| {
            b.inv_mass == 0.0 && v == Vec2::ZERO && w == 0.0
        };
        // The states hold the velocities after any contact pass; this only
        // copies them there if a step ever moves bodies without one.
        self.bodies_to_velocities();
        let plain = self.plain();
        let bodies = &mut self.solver.bodies;
        let s = &mut self.wide.cache;
        if plain {
            let each = bodies.iter_mut().zip(&mut s.states).zip(&mut s.poses);
            for (((b, state), pose), start) in each.zip(&s.starts) {
                if !still(b, state.velocity()) {
                    *state = advance(b, state.velocity(), pose, start.0);
                }
            }
        } else {
            // On the workers, each body's shared state its own to write.
            let (shared, starts) = (&s.shared, &s.starts);
            self.wide.threads.for_each_two(
                bodies,
                &mut s.poses,
                BODIES,
                |i, b, pose| {
                    let velocity = shared[i].load();
                    if !still(b, velocity) {
                        let state = advance(b, velocity, pose, starts[i].0);
                        shared[i].set_row(state.0);
                    }
                },
            );
        }
    }

    /// Stage 10: each contact's impulses back into its arbiter, where
    /// chapter 8's narrow phase finds them next step. First each arbiter's
    /// place among the blocks (kept while the blocks are); then every
    /// arbiter, on the workers, fetches its own (each writes only itself,
    /// so the arbiters split safely, and memory is written in order, not
    /// scattered from the blocks' lanes).
    fn store_impulses(&mut self) {
        let mut s = std::mem::take(&mut self.wide.cache);
        let threads = self.wide.threads.clone();
        let arbiters = &mut self.solver.arbiters;
        // Kept blocks keep their arbiters where they were: so do the slots.
        if !s.kept {
            s.slots.clear();
            let none = Slot { list: List::Wide, one: false, at: 0 };
            s.slots.resize(arbiters.len(), none);
            s.wide.note(List::Wide, &mut s.slots);
            s.single.note(List::Single, &mut s.slots);
            s.overflow.note(List::Overflow, &mut s.slots);
        }
        let (slots, wide, single, overflow) =
            (&s.slots, &s.wide, &s.single, &s.overflow);
        threads.for_each_indexed(arbiters, ARBITERS, |k, arb| {
            let slot = slots[k];
            match slot.list {
                List::Wide => wide.store(slot, arb),
                List::Single => single.store(slot, arb),
                List::Overflow => overflow.store(slot, arb),
            }
        });
        // The rolling rows' impulses, into this step's surfaces, where the
        // next step's contacts find them (only when there are surfaces).
        if !s.surfaces.is_empty() {
            threads.for_each_indexed(&mut s.surfaces, ARBITERS, |k, surface| {
                let slot = slots[k];
                surface.rolling_impulse = match slot.list {
                    List::Wide => wide.rolling(slot),
                    List::Single => single.rolling(slot),
                    List::Overflow => overflow.rolling(slot),
                };
            });
        }
        self.wide.cache = s;
    }

    /// Stage 11: whether any body moved far enough since the step began for
    /// chapter 12's sweep ([`ch12_continuous::moved_far`]), each
    /// asked on the workers. In a pile at rest none has, and the sweep,
    /// which asks each body in turn, is not called.
    pub fn any_moved_far(&mut self) -> bool {
        let (bodies, s) = (&self.solver.bodies, &mut self.wide.cache);
        let (starts, extents) = (&s.starts, &s.extents);
        s.far.resize(starts.len(), false);
        self.wide.threads.for_each_indexed(&mut s.far, BODIES, |i, far| {
            *far = moved_far(&bodies[i], starts[i], extents[i])
        });
        s.far.contains(&true)
    }

    /// Chapter 13's [`ch13_islands::World::sync_tree`], each body's box
    /// found on the workers (its rotation the last substep's, unless the
    /// sweep turned it).
    fn sync_tree(&mut self) {
        let (bodies, shapes) = (&self.solver.bodies, &self.shapes.list);
        let s = &mut self.wide.cache;
        let (kept, boxes, poses) = (&mut s.shape_boxes, &mut s.boxes, &s.poses);
        kept.resize(bodies.len(), (Vec2::ZERO, f32::NAN, Bounds::default()));
        boxes.resize(bodies.len(), Bounds::default());
        // Each shape's own box is kept for the next step's start.
        self.wide.threads.for_each_two(kept, boxes, BODIES, |i, kept, tight| {
            let b = &bodies[i];
            let shape_box = shape_bounds(&shapes[i], &poses[i].transform(b));
            *kept = (b.position, b.angle, shape_box);
            *tight = TreePhase::tight_around(shape_box, 0.0);
        });
        self.phase.sync_with(bodies, |i| boxes[i]);
    }

    /// Chapter 13's [`ch13_islands::World::settle`], each body's still time
    /// found on the workers; when one is ready to sleep, the islands are
    /// found from the list the colouring reads (each arbiter's two bodies
    /// and number of points, 12 bytes, in the arbiters' order), not from
    /// the arbiters. That list is this step's: the colouring runs on every
    /// step of this chapter's solver, and keeps last step's list only when
    /// the contacts are last step's, pair for pair and point for point.
    fn settle(&mut self, dt: f32) {
        let bodies = &self.solver.bodies;
        let sleep = &mut *self.sleep;
        let (asleep, settings) = (&sleep.asleep, sleep.settings);
        // Each shape's reach as the collide stage found it this step.
        let (extents, starts) = (&self.wide.cache.extents, &self.wide.cache.starts);
        let ready = AtomicBool::new(false);
        self.wide.threads.for_each_indexed(&mut sleep.still_for, BODIES, |i, t| {
            let reach = || extents[i].0;
            let start = starts[i];
            if still_time(&bodies[i], start, reach, asleep[i], t, dt, settings) {
                ready.store(true, Ordering::Relaxed);
            }
        });
        sleep.keep_driven_awake(self.joints);
        if ready.into_inner() {
            let needs = &self.wide.cache.lists.needs;
            debug_assert!(
                needs.len() == self.solver.arbiters.len()
                    && needs.iter().zip(&self.solver.arbiters).all(|(n, a)| {
                        n.pair == (a.a as u32, a.b as u32)
                            && n.points as usize == a.count
                    }),
                "the colouring's list is this step's arbiters"
            );
            let touching = needs.iter().filter(|n| n.points > 0);
            let pairs = touching.map(|n| (n.pair.0 as usize, n.pair.1 as usize));
            let (solver, joints) = (&mut *self.solver, &*self.joints);
            let sets = islands(&solver.bodies, joints, &solver.joints, pairs);
            self.sleep.sleep_still(&mut solver.bodies, sets);
        }
    }
}

// Making the world.
impl World {
    /// Bodies made by [`body`] or [`fixed`], and joints.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        World::from(ch13_islands::World::new(pieces, joints))
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }
}

impl From<ch13_islands::World> for World {
    /// Chapter 13's parts, solved wide on one thread.
    fn from(world: ch13_islands::World) -> World {
        let ch13_islands::World {
            solver,
            joints,
            soft,
            shapes,
            fast,
            phase,
            sleep,
        } = world;
        let wide = Wide::default();
        World { solver, joints, soft, shapes, fast, phase, sleep, wide }
    }
}

impl Default for Wide {
    /// Wide, on one thread, whole states, the order turned each step.
    fn default() -> Wide {
        Wide {
            width: Width::Wide,
            threads: Threads::new(1),
            whole_states: true,
            alternate: true,
            balance: false,
            backwards: false,
            colouring: Colouring::default(),
            timings: Timings::default(),
            previous: Vec::new(),
            cache: Cache::default(),
        }
    }
}

impl Wide {
    /// Whether a step of a world with `solver`'s bodies and contacts runs
    /// on the workers' pool. A step with work to split does, so that each
    /// stage's split costs a hand-over between workers, not a wake-up; a
    /// small one stays on the calling thread, where the hand-overs would
    /// cost more than the split saves. A step splits with enough contacts
    /// that each colour has blocks to share out, or with enough bodies.
    pub fn splits(&self, solver: &ch08::World) -> bool {
        let contacts = solver.arbiters.len();
        self.threads.count() > 1
            && (contacts >= 32 * BLOCKS * LANES
                || solver.bodies.len() >= 4 * BODIES)
    }

    /// Whether the last step found the same contacts as the one before and
    /// kept its colours and blocks, rather than colouring and packing
    /// again.
    pub fn kept_blocks(&self) -> bool {
        self.cache.kept
    }

    /// Use `count` threads.
    pub fn set_threads(&mut self, count: usize) {
        if count != self.threads.count() {
            self.threads = Threads::new(count);
        }
    }
}

// ANCHOR: grains
/// The fewest pieces of each kind of work worth a worker of their own: a
/// smaller split costs more to hand over than it saves. Blocks of eight
/// contacts to pack and prepare (and, through [`World::splits`], how many
/// contacts a step needs before its passes split), runs of 64 pairs to
/// collide, bodies to move, arbiters to read or write back, leaves to ask
/// the tree about, pairs to walk: the cheaper a piece, the more of them.
const BLOCKS: usize = 16;
const RUNS: usize = 4;
const BODIES: usize = 1024;
const ARBITERS: usize = 1024;
const LEAVES: usize = 256;
const JOINTS: usize = 512;
const PAIRS: usize = 16384;
// ANCHOR_END: grains

/// Whether a body moves: a node of the constraint graph.
fn moves(b: &Body) -> bool {
    b.inv_mass > 0.0 || b.inv_inertia > 0.0
}

/// A stopwatch that reads nothing where there is no clock (a web page).
struct Clock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            #[cfg(not(target_arch = "wasm32"))]
            start: std::time::Instant::now(),
        }
    }

    /// Milliseconds since the start.
    fn lap(&self) -> f32 {
        #[cfg(not(target_arch = "wasm32"))]
        return self.start.elapsed().as_secs_f32() * 1000.0;
        #[cfg(target_arch = "wasm32")]
        0.0
    }
}
