//! # Chapter 14: going wide
//!
//! Chapter 10's solver walks the contacts one at a time, each using the
//! velocities the one before left: Gauss-Seidel, a chain in which every
//! row waits for the last. Two rows that share no moving body do not
//! depend on each other, though, and can be solved at once. Three ideas
//! turn that into speed, each of which Box2D v3 uses:
//!
//! 1. **Graph colouring** ([`colour`](mod@colour)): each contact gets a colour, and no
//!    two contacts of one colour share a moving body. Within a colour the
//!    order no longer matters; the colours' order is turned every step
//!    ([`World::alternate`]), so that it leans nothing.
//! 2. **Wide rows** ([`lanes`]): a colour's contacts are packed eight to a
//!    [`Block`], each number of a row held as eight lanes, and solved by
//!    the same formulas written once over [`Lane`]: eight rows with each
//!    instruction. A contact that found no colour (the *overflow*) is
//!    solved one at a time after the colours.
//! 3. **Threads** ([`threads`]): a colour's blocks, the bodies to move and
//!    the pairs to collide are split across workers. Nothing a piece of
//!    work computes depends on which worker runs it, so the step gives
//!    the same bits on one thread or four.
//!
//! The physics is chapter 10's soft step, on chapter 13's world (its tree,
//! its islands and sleeping, chapter 12's fast bodies): only the order in
//! which the rows are solved, colour by colour, differs. The book's page
//! is `book/src/ch14-wide-solver.md`.

pub mod colour;
pub mod demos;
pub mod lanes;
pub mod scene;
pub mod threads;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch13_islands::{Body, Joint, Shape, body, fixed};
pub use colour::{COLOURS, Colouring, OVERFLOW, colour};
pub use lanes::{F32x8, LANES, Lane, V2};
pub use threads::{SharedState, Threads};

use ch08_sequential_impulses::Arbiter;
use ch10_soft_step::{Soft, soft};
use ch11_polygons::reach;
use ch12_continuous::World as FastWorld;
use ch12_continuous::{Transform, thinnest};
use ch13_islands::broad_phase::{Pair, Stays, merge, merge_at};
use ch13_islands::query::shape_bounds;
use ch13_islands::tree::Bounds;
use ch13_islands::{TreePhase, still_time};
use glam::{Mat2, Vec2};
use physics_core::math::perp;
use physics_core::slices::keep_onto;
use physics_core::trig;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

// ANCHOR: world
/// Chapter 13's world, its contacts solved colour by colour, eight at a
/// time, on several threads.
#[derive(Clone, Debug)]
pub struct World {
    /// Chapter 13's world: the tree, islands and sleeping, fast bodies,
    /// polygons, joints, and chapter 10's soft-step settings.
    pub base: ch13_islands::World,
    /// How the contacts are solved.
    pub width: Width,
    /// The workers.
    pub threads: Threads,
    /// Eight lanes on one thread read and write each body's state whole
    /// (on, the default), or through the atomic states the threads
    /// share (off, to measure what the plain states buy).
    pub whole_states: bool,
    /// The colours first to last on one step and last to first on the
    /// next (on, the default), or first to last on every step. Each pass
    /// leaves the colours solved last nearest to what they ask, so a fixed
    /// order pushes a symmetric pile the same way step after step: the
    /// 100-row pyramid leans 16 cm as it settles, and sways for seconds.
    /// Turned each step, the order's push is undone the step after.
    pub alternate: bool,
    /// Whether this step solves its colours last to first.
    backwards: bool,
    /// This step's colours, one per contact arbiter, in the arbiters'
    /// order.
    pub colouring: Colouring,
    /// How long the last step's stages took.
    pub timings: Timings,
    /// What the demos draw.
    pub view: demos::View,
    /// Last step's colour of each pair, sorted: offered first this step,
    /// so that colours, and the order rows are solved in, stay.
    previous: Vec<(Pair, u8)>,
    /// The step's rows and the workers' shared state, rebuilt each step.
    scratch: Scratch,
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
// ANCHOR_END: world

/// The step's contact rows, packed by colour, and the state the workers
/// share. Nothing here outlives a step but the bodies' rotations, which
/// the next step takes if the angles are the same, so a copy of the world
/// starts it empty.
#[derive(Debug, Default)]
struct Scratch {
    /// The colours' blocks of eight, colour after colour.
    wide: Blocks<F32x8>,
    /// The same contacts one to a block, for [`Width::Single`].
    single: Blocks<f32>,
    /// Where each colour's blocks are in `wide` (or `single`): in its
    /// list of two-point blocks, and in its list of one-point blocks.
    colours: Vec<(Range<usize>, Range<usize>)>,
    /// The overflow's contacts, one to a block, solved one at a time.
    overflow: Blocks<f32>,
    /// Each body's state while the contacts are solved on several
    /// threads.
    shared: Vec<SharedState>,
    /// Each body's state while they are solved eight at a time on one.
    states: Vec<State>,
    /// Whether `shared` (or `states`) holds the latest velocities
    /// (and the bodies do not).
    shared_ahead: bool,
    /// Each body's pose at the step's start: centre and angle.
    starts: Vec<(Vec2, f32)>,
    /// Each body's shape's reach from its centre and thinnest half-width
    /// (chapters 11 and 12), for the margins, the question of which bodies
    /// to sweep, and the still time, which all read them. A shape does not
    /// change once its body is in the world (bodies are only ever added),
    /// so each is found once, on the first step its body takes, as Box2D
    /// v3 keeps each body's extents from when its shapes were added.
    extents: Vec<(f32, f32)>,
    /// Each moving body's push per second of a substep, for the states:
    /// gravity and its force over its mass, and its torque over its
    /// moment of inertia (`None` for a body that does not move).
    pushes: Vec<Option<(Vec2, f32)>>,
    /// How far each body has moved and turned since, and its rotation.
    poses: Vec<Pose>,
    /// Each body at the step's start as the prepare reads it, in one row.
    start_rows: Vec<StartRow>,
    /// Room for the next step's arbiters.
    arbiters: Vec<Arbiter>,
    /// The contacts in solving order, colour by colour, and where each
    /// block of eight finds its own among them (blocks of two-point
    /// contacts, of one-point contacts), when packed this step.
    order: Vec<usize>,
    spans: (Vec<Range<usize>>, Vec<Range<usize>>),
    /// Each arbiter as the prepare reads it.
    arbiter_rows: Vec<ArbiterRow>,
    /// Where each arbiter's rows are, for storing its impulses (found again
    /// whenever the blocks are packed again).
    slots: Vec<Slot>,
    /// Each body's box for the tree.
    boxes: Vec<Bounds>,
    /// Each body's shape's own box as the end of the last step found it,
    /// with the body's centre and angle then: the next step's boxes start
    /// from it for a body that has not moved since (a pile at rest).
    shape_boxes: Vec<(Vec2, f32, Bounds)>,
    /// Whether each body moved far enough for chapter 12's sweep.
    far: Vec<bool>,
    /// The workers' lists of arbiters, kept with their room.
    made: Vec<Vec<Arbiter>>,
    /// The workers' lists of the pair set's pieces.
    merging: Vec<Vec<Pair>>,
    /// The bodies whose leaves moved, the pairs they found, and the
    /// workers' lists of them.
    leaves: Vec<usize>,
    found: Vec<Pair>,
    finding: Vec<Vec<Pair>>,
    /// What the colouring reads, kept with its room.
    lists: Lists,
    /// How the blocks were last packed (none yet, or the world was
    /// stepped in chapter 13's order since).
    packed: Option<Width>,
    /// Whether the last step kept the blocks of the step before.
    kept: bool,
    /// Whether this step's narrow phase found the contacts of the step
    /// before, each with as many points, and none other.
    same_contacts: bool,
}

/// What stage 3's colouring reads of the bodies and the arbiters: which
/// bodies move, what each arbiter needs, its pair alone, and the colour
/// its pair had last step.
#[derive(Debug, Default)]
struct Lists {
    movable: Vec<bool>,
    needs: Vec<Need>,
    pairs: Vec<(usize, usize)>,
    last: Vec<Option<u8>>,
    /// `movable` as it was last step.
    then: Vec<bool>,
}

/// What the colouring and packing need of one arbiter: its bodies and
/// its number of points (in 12 bytes, written for every arbiter every
/// step).
#[derive(Clone, Copy, Debug, Default)]
struct Need {
    pair: (u32, u32),
    points: u8,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
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
    /// Chapter 13's world, solved wide on one thread.
    pub fn from_base(base: ch13_islands::World) -> World {
        World {
            base,
            width: Width::Wide,
            threads: Threads::new(1),
            whole_states: true,
            alternate: true,
            backwards: false,
            colouring: Colouring::default(),
            timings: Timings::default(),
            view: demos::View::default(),
            previous: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// Bodies made by [`body`] or [`fixed`], and joints.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        World::from_base(ch13_islands::World::new(pieces, joints))
    }

    pub fn bodies(&self) -> &[Body] {
        self.base.bodies()
    }

    /// The soft step's world inside (its settings, joints and mouse).
    pub fn soft(&self) -> &ch10_soft_step::World {
        &self.base.base.base.base
    }

    fn soft_mut(&mut self) -> &mut ch10_soft_step::World {
        &mut self.base.base.base.base
    }

    /// Chapter 8's world inside: bodies, arbiters, settings.
    pub fn solver(&self) -> &ch08_sequential_impulses::World {
        self.base.solver()
    }

    fn solver_mut(&mut self) -> &mut ch08_sequential_impulses::World {
        &mut self.base.base.base.base.base.base
    }

    /// Whether the last step found the same contacts as the one before and
    /// kept its colours and blocks, rather than colouring and packing
    /// again.
    pub fn kept_blocks(&self) -> bool {
        self.scratch.kept
    }

    /// Use `count` threads.
    pub fn set_threads(&mut self, count: usize) {
        if count != self.threads.count() {
            self.threads = Threads::new(count);
        }
    }

    // ANCHOR: step
    /// Advance by `dt` seconds: chapter 13's step with the contacts solved
    /// colour by colour. The stages are Box2D v3's; the ones this chapter
    /// adds or runs on the workers are marked.
    pub fn step(&mut self, dt: f32) {
        if self.width == Width::InOrder {
            self.base.step(dt);
            self.colouring = Colouring::default();
            self.scratch.packed = None;
            return;
        }
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        if self.splits() {
            let threads = self.threads.clone();
            threads.run(|| self.wide_step(dt));
        } else {
            // One thread for this step, the pool kept for a bigger one.
            let pool = std::mem::take(&mut self.threads);
            self.wide_step(dt);
            self.threads = pool;
        }
    }

    /// Whether a step of this world runs on the workers' pool. A step with
    /// work to split does, so that each stage's split costs a hand-over
    /// between workers, not a wake-up; a small one stays on the calling
    /// thread (the hand-over alone costs tens of µs). Enough contacts that
    /// every colour of a dozen or so can be split (measured: a pit of 1,000
    /// discs, 2,200 contacts, is slower on two threads than on one), or
    /// enough bodies.
    pub fn splits(&self) -> bool {
        let contacts = self.solver().arbiters.len();
        self.threads.count() > 1
            && (contacts >= 32 * BLOCKS * LANES
                || self.bodies().len() >= 4 * BODIES)
    }

    /// [`World::step`]'s stages.
    fn wide_step(&mut self, dt: f32) {
        let substeps = self.soft().soft.substeps.max(1);
        let h = dt / substeps as f32;
        let clock = Clock::start();
        // 1. Wake what an awake body may reach; hold the sleepers still.
        self.base.fit_sleep_lists();
        self.base.wake_reached(dt);
        let held = self.base.hold_sleepers();
        // 2. Margins, the tree's pairs, the narrow phase (workers).
        self.collide(dt);
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
            self.joints(|w| {
                w.prepare_joints(h);
                w.warm_start_joints();
            });
            self.solve_contacts(Pass::WarmStart, h);
            // 6. One pass with the soft bias.
            self.joints(|w| w.solve_joints(true));
            self.solve_contacts(Pass::Solve { use_bias: true }, h);
            // 7. Move (workers).
            let t = Clock::start();
            self.integrate_positions(h, substep == substeps);
            moving += t.lap();
            // 8. Relax: one pass without the bias.
            if self.soft().soft.relax {
                self.joints(|w| w.solve_joints(false));
                self.solve_contacts(Pass::Solve { use_bias: false }, h);
            }
        }
        // 9. Restitution, once.
        if self.soft().soft.restitution {
            self.solve_contacts(Pass::Restitution, h);
        }
        // 10. Keep the impulses for the next step's warm start; forces
        // last one step, every substep of it.
        self.velocities_to_bodies();
        self.store_impulses();
        ch06_rotation_friction::clear_forces(&mut self.solver_mut().bodies);
        // The next step solves the colours the other way round.
        self.backwards = self.alternate && !self.backwards;
        let solved = clock.lap() - moving;
        // 11. Chapters 12 and 13: sweep fast bodies, follow them with the
        // tree, give the sleepers back, put still islands to sleep.
        self.soft_mut().base.release_mouse_unless_pulled();
        let fast = &mut self.base.base;
        fast.report = Default::default();
        fast.trails.clear();
        if fast.settings.toi && self.any_moved_far() {
            let (starts, far) = (&self.scratch.starts, &self.scratch.far);
            self.base.base.sweep_with(starts, |_, i| far[i]);
        }
        self.sync_tree();
        self.base.release_sleepers(&held);
        if self.base.sleeping {
            self.settle(dt);
        }
        self.timings = Timings {
            collide: collided,
            prepare: prepared - collided,
            solve: solved - prepared,
            integrate: moving,
            finish: clock.lap() - solved - moving,
        };
    }
    // ANCHOR_END: step

    // ANCHOR: collide
    /// Stage 2: each body's speculative margin (chapter 12), the tree's
    /// pairs (chapter 13), then, on the workers, every pair's manifold and
    /// its arbiter: chapter 8's, keeping last step's impulses for the
    /// points that persist. The arbiters come back in the pairs' order,
    /// whatever the number of workers.
    fn collide(&mut self, dt: f32) {
        self.start_poses();
        let world = &mut self.base;
        // Chapter 12's margins, body by body on the workers.
        let fast = &mut world.base;
        let speculative = fast.settings.speculative;
        let bodies = &mut fast.base.base.base.base.bodies;
        let (shapes, margins) = (&fast.base.shapes, &mut fast.margins);
        let extents = &mut self.scratch.extents;
        if extents.len() > shapes.len() {
            // A smaller world: every body's found again.
            extents.clear();
        }
        let new = &shapes[extents.len()..];
        extents.extend(new.iter().map(|shape| (reach(shape), thinnest(shape))));
        debug_assert!(
            extents.iter().zip(shapes).all(|(&e, s)| e == (reach(s), thinnest(s))),
            "a shape changed in the world"
        );
        let extents = &self.scratch.extents;
        margins.resize(bodies.len(), 0.0);
        self.threads.for_each_two(bodies, margins, BODIES, |i, b, margin| {
            *margin = FastWorld::reach_out_by(b, extents[i].0, speculative, dt)
        });
        // Chapter 12's world, and chapter 9's inside it, whose broad phase
        // leaves out the pairs a joint holds.
        let fast = &mut world.base;
        if world.tree {
            // Each body's box with its margin, on the workers.
            let (joints, shapes) = (&mut fast.base.base.base, &fast.base.shapes);
            let s = &mut self.scratch;
            let (boxes, poses) = (&mut s.boxes, &s.poses);
            let bodies = &joints.base.bodies;
            boxes.resize(bodies.len(), Bounds::default());
            let kept = &s.shape_boxes;
            self.threads.for_each_indexed(boxes, BODIES, |i, tight| {
                let b = &bodies[i];
                // The box the last step ended with, if the body is where
                // it was then, to the bit.
                let bits = |at: Vec2, angle: f32| {
                    (at.x.to_bits(), at.y.to_bits(), angle.to_bits())
                };
                let here = bits(b.position, b.angle);
                let unmoved = kept.get(i).filter(|k| bits(k.0, k.1) == here);
                let shape_box = match unmoved {
                    Some(&(.., kept)) => kept,
                    None => shape_bounds(&shapes[i], &poses[i].transform(b)),
                };
                *tight = TreePhase::tight_around(shape_box, fast.margins[i])
            });
            // Chapter 13's update, the tree asked about each moved leaf
            // on the workers (the pairs are sorted after, so the bits are
            // the same whoever found them). When half the leaves or more
            // have moved (the rain, every few steps as it falls), the tree
            // is searched against itself instead, in pieces on the workers:
            // the same pairs, each pair of nodes met once. (The rain's
            // first 76 steps have 15 of that kind; on two threads they
            // found their pairs in 1.2 to 3.1 ms, against 3.0 to 5.1 ms
            // asked leaf by leaf, three runs each.)
            let phase = &mut world.phase;
            phase.sync_with(bodies, |i| boxes[i]);
            let (leaves, lists, found) =
                (&mut s.leaves, &mut s.finding, &mut s.found);
            leaves.clear();
            leaves.extend(phase.moved_leaves());
            let tree = &*phase;
            if 2 * leaves.len() >= tree.len() {
                let pieces = tree.tree.pieces(16 * self.threads.count());
                self.threads.collect(&pieces, 1, lists, found, |&piece, found| {
                    tree.pairs_in(piece, found)
                });
            } else {
                self.threads.collect(leaves, LEAVES, lists, found, |&i, found| {
                    tree.pairs_of(i, found)
                });
            }
            self.threads.sort_by_key(found, LEAVES, |&pair| pair);
            // Chapter 13's join, its walk along the set cut in pieces for
            // the workers, and its hand-over, the set less the pairs whose
            // tight boxes do not overlap, found on the workers.
            let (threads, lists) = (&self.threads, &mut s.merging);
            phase.join_with(bodies, found, |set, found, stays, into| {
                merge_on(threads, lists, set, found, stays, into)
            });
            let place = |i: usize, b: &Body| poses[i].transform(b);
            if phase.pairs().len() < 2 * PAIRS || self.threads.count() == 1 {
                phase.pass_on(joints, place);
            } else {
                let threads = &self.threads;
                phase.pass_on_with(joints, place, |tree, touching| {
                    // Without a branch on the answer, as chapter 13's.
                    let runs: Vec<_> = tree.pairs().chunks(PAIRS).collect();
                    threads.collect(&runs, 1, lists, touching, |run, out| {
                        keep_onto(run, out, |pair| tree.may_touch(pair))
                    });
                    touching.len()
                });
            }
        } else {
            fast.base.base.base.broad_phase();
        }
        let fast = &world.base;
        let chapter8 = &fast.base.base.base.base;
        let (pairs, transforms) = chapter8.pairs();
        let (bodies, last) = (&chapter8.bodies, &chapter8.arbiters);
        let warm = chapter8.settings.warm_starting;
        // A pair's arbiter, made from last step's arbiter of the pair if
        // there is one, and whether it is last step's contact again (as
        // many points, as ready to bounce); none if the shapes are apart.
        let make = |(a, b): (usize, usize), before: Option<&Arbiter>| {
            let manifold = fast.contact((a, b), transforms)?;
            let pair = (&bodies[a], &bodies[b]);
            let new = Arbiter::new((a, b), pair, &manifold, before, warm);
            let again = before.is_some_and(|o| {
                o.count == new.count
                    && (o.restitution > 0.0) == (new.restitution > 0.0)
            });
            Some((new, again))
        };
        let mut arbiters = std::mem::take(&mut self.scratch.arbiters);
        // How many contacts were last step's (a sum, the same whatever the
        // workers' order).
        let mut same = 0;
        // The same pairs as last step's arbiters, one for one (a pile at
        // rest): each arbiter is made in its place in the new list, on the
        // workers, and no lists are gathered and copied. A pair whose
        // shapes parted ends this, and the pairs go the long way, below.
        let mut one_for_one = !pairs.is_empty() && pairs.len() == last.len();
        if one_for_one {
            let (broken, sum) = (AtomicBool::new(false), AtomicUsize::new(0));
            arbiters.resize(pairs.len(), last[0]);
            // One run a worker. Each first asks whether all its pairs are
            // last step's (a pile that moves often has as many pairs as last
            // step but not the same ones, and the arbiters made up to the
            // first that differs would be work thrown away), then makes
            // their arbiters, unless a run has found one that is not.
            let size = pairs.len().div_ceil(self.threads.count());
            let mut runs: Vec<_> = arbiters.chunks_mut(size).collect();
            self.threads.for_each_indexed(&mut runs, 1, |r, slots| {
                let mine = r * size..r * size + slots.len();
                let ours = last[mine.clone()].iter().zip(&pairs[mine.clone()]);
                if ours.clone().any(|(o, &pair)| (o.a, o.b) != pair) {
                    broken.store(true, Ordering::Relaxed);
                    return;
                }
                let mut same_here = 0;
                for ((before, &pair), slot) in ours.zip(slots.iter_mut()) {
                    if broken.load(Ordering::Relaxed) {
                        return;
                    }
                    match make(pair, Some(before)) {
                        Some((new, again)) => {
                            *slot = new;
                            same_here += usize::from(again);
                        }
                        None => broken.store(true, Ordering::Relaxed),
                    }
                }
                sum.fetch_add(same_here, Ordering::Relaxed);
            });
            one_for_one = !broken.into_inner();
            same = sum.into_inner();
        }
        if !one_for_one {
            // The pairs in runs of 64: each run finds where it starts in
            // last step's list by a binary search, then walks the two sorted
            // lists together, as chapter 8 does.
            let runs: Vec<&[(usize, usize)]> = pairs.chunks(64).collect();
            let lists = &mut self.scratch.made;
            let sum = AtomicUsize::new(0);
            self.threads.collect(&runs, RUNS, lists, &mut arbiters, |run, out| {
                let mut old = last.partition_point(|o| (o.a, o.b) < run[0]);
                let mut same_here = 0;
                for &pair in run.iter() {
                    while last.get(old).is_some_and(|o| (o.a, o.b) < pair) {
                        old += 1;
                    }
                    let before = last.get(old).filter(|o| (o.a, o.b) == pair);
                    if let Some((new, again)) = make(pair, before) {
                        same_here += usize::from(again);
                        out.push(new);
                    }
                }
                sum.fetch_add(same_here, Ordering::Relaxed);
            });
            same = sum.into_inner();
        }
        // Both lists are sorted by pair, so as many contacts as last step,
        // each found among last step's, are last step's contacts.
        self.scratch.same_contacts =
            arbiters.len() == last.len() && same == arbiters.len();
        // Last step's list keeps its room for the next step's.
        self.scratch.arbiters =
            std::mem::replace(&mut self.solver_mut().arbiters, arbiters);
    }
    // ANCHOR_END: collide

    /// Each body's pose at the step's start, on the workers: where it is,
    /// and its rotation (the last substep's, unless its angle changed).
    fn start_poses(&mut self) {
        let bodies = &self.base.base.base.base.base.base.bodies;
        let s = &mut self.scratch;
        s.starts.resize(bodies.len(), (Vec2::ZERO, 0.0));
        self.threads.zip(&mut s.starts, bodies, BODIES, |start, b| {
            *start = (b.position, b.angle)
        });
        s.poses.resize(bodies.len(), Pose::default());
        self.threads.zip(&mut s.poses, bodies, BODIES, |pose, b| pose.start(b));
        s.start_rows.resize(bodies.len(), StartRow::default());
        self.threads.zip(&mut s.start_rows, bodies, BODIES, |row, b| {
            *row = StartRow::of(b)
        });
    }

    /// Whether any body moved far enough since the step began for chapter
    /// 12's sweep ([`FastWorld::moved_far_by`]), each asked on the workers. In
    /// a pile at rest none has, and the sweep, which asks each body in
    /// turn, is not called.
    fn any_moved_far(&mut self) -> bool {
        let (fast, s) = (&self.base.base, &mut self.scratch);
        let (starts, extents) = (&s.starts, &s.extents);
        s.far.resize(starts.len(), false);
        self.threads.for_each_indexed(&mut s.far, BODIES, |i, far| {
            *far = fast.moved_far_by(i, starts[i], extents[i])
        });
        s.far.contains(&true)
    }

    // ANCHOR: settle
    /// Chapter 13's [`ch13_islands::World::settle`], each body's still time
    /// found on the workers; when one is ready to sleep, the islands are
    /// found from the list the colouring reads (each arbiter's two bodies
    /// and number of points, 12 bytes, in the arbiters' order), not from
    /// the arbiters. That list is this step's: the colouring runs on every
    /// step of this chapter's solver, and keeps last step's list only when
    /// the contacts are last step's, pair for pair and point for point.
    fn settle(&mut self, dt: f32) {
        let world = &mut self.base;
        let bodies = world.base.bodies();
        let (asleep, sleep) = (&world.asleep, world.sleep);
        // Each shape's reach as the collide stage found it this step.
        let extents = &self.scratch.extents;
        let ready = AtomicBool::new(false);
        self.threads.for_each_indexed(&mut world.still_for, BODIES, |i, t| {
            let reach = || extents[i].0;
            if still_time(&bodies[i], reach, asleep[i], t, dt, sleep) {
                ready.store(true, Ordering::Relaxed);
            }
        });
        if ready.into_inner() {
            let needs = &self.scratch.lists.needs;
            debug_assert!(
                needs.len() == self.solver().arbiters.len()
                    && needs.iter().zip(&self.solver().arbiters).all(|(n, a)| {
                        n.pair == (a.a as u32, a.b as u32)
                            && n.points as usize == a.count
                    }),
                "the colouring's list is this step's arbiters"
            );
            let touching = needs.iter().filter(|n| n.points > 0);
            let pairs = touching.map(|n| (n.pair.0 as usize, n.pair.1 as usize));
            let islands = self.base.islands_of(pairs);
            self.base.sleep_still(islands);
        }
    }
    // ANCHOR_END: settle

    /// Chapter 13's [`ch13_islands::World::sync_tree`], each body's box
    /// found on the workers (its rotation the last substep's, unless the
    /// sweep turned it).
    fn sync_tree(&mut self) {
        let world = &mut self.base;
        let (bodies, shapes) = (world.base.bodies(), world.base.shapes());
        let s = &mut self.scratch;
        let (kept, boxes, poses) = (&mut s.shape_boxes, &mut s.boxes, &s.poses);
        kept.resize(bodies.len(), (Vec2::ZERO, f32::NAN, Bounds::default()));
        boxes.resize(bodies.len(), Bounds::default());
        // Each shape's own box is kept for the next step's start.
        self.threads.for_each_two(kept, boxes, BODIES, |i, kept, tight| {
            let b = &bodies[i];
            let shape_box = shape_bounds(&shapes[i], &poses[i].transform(b));
            *kept = (b.position, b.angle, shape_box);
            *tight = TreePhase::tight_around(shape_box, 0.0);
        });
        world.phase.sync_with(bodies, |i| boxes[i]);
    }

    // ANCHOR: colour_contacts
    /// Stage 3, first half: colour the arbiters, last step's colours
    /// offered first; then pack each colour's contacts in blocks of eight
    /// (and one to a block, for [`Width::Single`]), the overflow apart.
    fn colour_contacts(&mut self) {
        let world = &self.base.base.base.base.base.base;
        let (bodies, arbiters) = (&world.bodies, &world.arbiters);
        // The lists below keep their room from step to step.
        let mut lists = std::mem::take(&mut self.scratch.lists);
        let Lists { movable, needs, pairs, last, then } = &mut lists;
        // Last step's list kept aside, to see whether anything changed.
        std::mem::swap(movable, then);
        movable.resize(bodies.len(), false);
        self.threads.zip(movable, bodies, BODIES, |m, b| *m = moves(b));
        // The same contacts as last step (the narrow phase counted them),
        // with as many points, between the same moving bodies: colouring
        // them again would give each its colour again, and packing them
        // would make the same blocks. (Box2D keeps a contact in its colour
        // from the step it begins to the step it ends; this is the cheap
        // half of that.) Last step's blocks stay.
        let rows = &mut self.scratch.arbiter_rows;
        rows.resize(arbiters.len(), ArbiterRow::default());
        if self.scratch.packed == Some(self.width)
            && self.scratch.same_contacts
            && movable == then
        {
            // Only each arbiter's row for the prepare, on the workers.
            self.threads
                .zip(rows, arbiters, ARBITERS, |row, a| *row = ArbiterRow::of(a));
            self.scratch.lists = lists;
            self.scratch.kept = true;
            return;
        }
        // What the colouring needs of each arbiter (megabytes of them in a
        // big pile), read once, on the workers, with its row for the
        // prepare: its bodies, its number of points, whether it may bounce.
        needs.resize(arbiters.len(), Need::default());
        self.threads.zip_two(needs, rows, arbiters, ARBITERS, |n, row, a| {
            *n = Need { pair: (a.a as u32, a.b as u32), points: a.count as u8 };
            *row = ArbiterRow::of(a);
        });
        pairs.clear();
        pairs.extend(needs.iter().map(|n| (n.pair.0 as usize, n.pair.1 as usize)));
        // Last step's colour of each pair: both lists are sorted by pair,
        // so one walk along both finds them (comparing [`Pair`]s: one
        // number each, not a tuple field by field).
        last.clear();
        let (previous, mut old) = (&self.previous, 0);
        last.extend(pairs.iter().map(|&pair| {
            let key = Pair::from(pair);
            while previous.get(old).is_some_and(|&(p, _)| p < key) {
                old += 1;
            }
            previous.get(old).filter(|&&(p, _)| p == key).map(|&(_, c)| c)
        }));
        let (movable, needs, pairs) = (&*movable, &*needs, &*pairs);
        let colouring = colour(pairs, movable, |k| last[k]);
        self.previous.clear();
        let colours = colouring.colours.iter().copied();
        self.previous.extend(pairs.iter().map(|&p| Pair::from(p)).zip(colours));
        let s = &mut self.scratch;
        let (wide, single) =
            (self.width == Width::Wide, self.width == Width::Single);
        s.colours.clear();
        // Where each block of eight finds its contacts in `order`
        // (two-point blocks, one-point blocks).
        let (spans_two, spans_one) = (&mut s.spans.0, &mut s.spans.1);
        spans_two.clear();
        spans_one.clear();
        // How many one-lane blocks are placed so far, in each list.
        let (mut n_single, mut n_overflow) = ((0, 0), (0, 0));
        // How many points a block of contacts `k` solves: the most any has.
        let solves = |k: &[usize]| {
            k.iter().map(|&k| needs[k].points as usize).max().unwrap_or(0)
        };
        let lanes = Lanes { pairs, sink: movable.len() as u32 };
        // The contacts in solving order, colour by colour, the overflow
        // last, and in each colour the two-point contacts first, so that a
        // block whose contacts all have one point (a disc's) solves one
        // point, not two.
        let mut order = std::mem::take(&mut s.order);
        colouring.order_into(|k| needs[k].points < 2, &mut order);
        // Each colour's contacts, the overflow's last.
        let mut end = 0;
        for c in 0..=COLOURS {
            let start = end;
            end += match c {
                COLOURS => colouring.overflow,
                c => colouring.counts[c],
            };
            if start == end {
                continue;
            }
            let c = if c == COLOURS { OVERFLOW } else { c as u8 };
            let members = &order[start..end];
            if c == OVERFLOW {
                for &k in members {
                    let one = lanes.members(1, &[k]);
                    s.overflow.place(solves(&[k]), &mut n_overflow, one);
                }
            } else if wide {
                let first = (spans_two.len(), spans_one.len());
                for i in (start..end).step_by(LANES) {
                    let span = i..(i + LANES).min(end);
                    match solves(&order[span.clone()]) {
                        2 => spans_two.push(span),
                        _ => spans_one.push(span),
                    }
                }
                s.colours
                    .push((first.0..spans_two.len(), first.1..spans_one.len()));
            } else if single {
                // One to a block, each solving what its block of eight
                // would: the same operations, so the same bits.
                let first = n_single;
                for k in members.chunks(LANES) {
                    let points = solves(k);
                    for &k in k {
                        let one = lanes.members(1, &[k]);
                        s.single.place(points, &mut n_single, one);
                    }
                }
                s.colours.push((first.0..n_single.0, first.1..n_single.1));
            }
        }
        // The blocks of eight: a block keeps its room from step to step
        // (its members are found and its rows written by the prepare, in
        // one visit to each block).
        s.wide.two.resize_with(spans_two.len(), Block::default);
        s.wide.one.resize_with(spans_one.len(), Block::default);
        s.order = order;
        s.single.truncate(n_single);
        s.overflow.truncate(n_overflow);
        (s.packed, s.kept) = (Some(self.width), false);
        s.lists = lists;
        self.colouring = colouring;
    }
    // ANCHOR_END: colour_contacts

    /// Stage 3, second half: each block's rows from its arbiters' rows and
    /// its bodies' rows at the step's start (workers).
    fn prepare_contacts(&mut self) {
        let chapter8 = &self.base.base.base.base.base.base;
        let (bodies, settings) = (&chapter8.bodies, chapter8.settings);
        let (warm, threshold) =
            (settings.warm_starting, settings.restitution_threshold);
        let s = &mut self.scratch;
        let (arbiters, start_rows) = (&s.arbiter_rows, &s.start_rows);
        let from = Sources { arbiters, start_rows, warm, threshold };
        if self.width == Width::Wide {
            // Newly packed, each block of eight finds its members (its
            // contacts in `order` and their bodies), then its rows, in one
            // visit; kept, only its rows. Each block is visited by the
            // worker whose share of its colour it is in the passes, so that
            // its rows are written into that worker's cache, not the
            // other's: visited by halves of the list, the 100-row pyramid's
            // prepare took 0.24 to 0.27 ms on two threads, 0.19 this way.
            let Lists { pairs, movable, .. } = &s.lists;
            let lanes = Lanes { pairs, sink: movable.len() as u32 };
            let (order, kept) = (&s.order, s.kept);
            let members = |span: &Range<usize>| {
                (!kept).then(|| lanes.members(LANES, &order[span.clone()]))
            };
            // Each block beside its place in `order`.
            let mut two: Vec<_> = s.wide.two.iter_mut().zip(&s.spans.0).collect();
            let mut one: Vec<_> = s.wide.one.iter_mut().zip(&s.spans.1).collect();
            self.threads.for_each_in_turn(
                (&mut two, &mut one),
                &s.colours,
                false,
                |(block, span)| block.prepare_with(members(span), from),
                |(block, span)| block.prepare_with(members(span), from),
            );
        }
        s.single.prepare(&self.threads, BLOCKS * LANES, from);
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
        let (gravity, plain) = (self.solver().gravity, self.plain());
        let s = &mut self.scratch;
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
                self.threads.zip(shared, pushes, BODIES, |state, push| {
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
        let bodies = &self.base.base.base.base.base.base.bodies;
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

    /// Stage 7: move each body by its velocity (chapter 6's formula, after
    /// chapter 12's limit on turning, as chapter 10's `limit_spin` clamps
    /// it), and note how far it has moved and turned since the step began,
    /// for the contacts' separations: exactly after the `last` substep,
    /// whose rotation the tree and the next step take, and by
    /// [`Pose::turn_by`] before it, without a sine and cosine.
    fn integrate_positions(&mut self, h: f32, last: bool) {
        let most = self.soft().soft.max_turn.map(|turn| turn / h);
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
        // The states hold the velocities after any contact pass; this only
        // copies them there if a step ever moves bodies without one.
        self.bodies_to_velocities();
        let plain = self.plain();
        let bodies = &mut self.base.base.base.base.base.base.bodies;
        let s = &mut self.scratch;
        if plain {
            let each = bodies.iter_mut().zip(&mut s.states).zip(&mut s.poses);
            for (((b, state), pose), start) in each.zip(&s.starts) {
                *state = advance(b, state.velocity(), pose, start.0);
            }
        } else {
            // On the workers, each body's shared state its own to write.
            let (shared, starts) = (&s.shared, &s.starts);
            self.threads.for_each_two(
                bodies,
                &mut s.poses,
                BODIES,
                |i, b, pose| {
                    let state = advance(b, shared[i].load(), pose, starts[i].0);
                    shared[i].set_row(state.0);
                },
            );
        }
    }

    /// Run `f` on every body, on the workers, each body first taking back
    /// its velocity from the contacts' list if that is newer (one walk over
    /// the bodies, not two).
    fn each_body(&mut self, f: impl Fn(&mut Body) + Sync + Send) {
        let ahead = std::mem::replace(&mut self.scratch.shared_ahead, false);
        let plain = self.plain();
        let (s, threads) = (&self.scratch, self.threads.clone());
        let bodies = &mut self.base.base.base.base.base.base.bodies;
        threads.for_each_indexed(bodies, BODIES, |i, b| {
            if ahead {
                (b.velocity, b.angular_velocity) =
                    if plain { s.states[i].velocity() } else { s.shared[i].load() };
            }
            f(b)
        });
    }

    /// Run `f` on the soft step's world, for its joints, rods and mouse,
    /// which are solved one at a time on the bodies themselves.
    fn joints(&mut self, f: impl FnOnce(&mut ch10_soft_step::World)) {
        let w = self.soft();
        let none = w.base.joints.is_empty()
            && w.base.base.joints.is_empty()
            && w.base.mouse.is_none();
        if !none {
            self.velocities_to_bodies();
            f(self.soft_mut());
        }
    }

    // ANCHOR: solve_contacts
    /// Stages 5, 6, 8 and 9 for the contacts: one pass, colour by colour.
    /// A colour's blocks go to the workers, and the next colour starts
    /// when all of them are done; then the overflow, one at a time. A step
    /// that goes backwards (every other one, see [`World::alternate`])
    /// runs the mirror of that: the overflow last contact first, then the
    /// colours last to first.
    fn solve_contacts(&mut self, pass: Pass, h: f32) {
        let world = self.soft();
        let settings = world.base.base.settings;
        if pass == Pass::WarmStart && !settings.warm_starting {
            return;
        }
        let context = Context {
            inv_h: 1.0 / h,
            soft: soft(
                world.soft.contact_hertz.min(0.25 / h),
                world.soft.damping_ratio,
                h,
            ),
            push_out: world.soft.push_out,
            friction: settings.friction,
            threshold: settings.restitution_threshold,
        };
        self.bodies_to_velocities();
        let plain = self.plain();
        let backwards = self.backwards;
        let s = &mut self.scratch;
        let k = &context;
        if plain {
            // Eight lanes on one thread: the bodies' states in plain
            // memory, colour after colour, block after block (or the
            // mirror of that: the overflow, then the colours last to
            // first).
            let mut states = Plain(&mut s.states);
            if backwards {
                s.overflow.run_backwards(pass, k, &mut states);
            }
            let wide = &mut s.wide;
            let mut colour = |(two, one): &(Range<usize>, Range<usize>)| {
                let two = wide.two[two.clone()].iter_mut();
                two.for_each(|block| block.run(pass, k, &mut states));
                let one = wide.one[one.clone()].iter_mut();
                one.for_each(|block| block.run(pass, k, &mut states));
            };
            match backwards {
                false => s.colours.iter().for_each(&mut colour),
                true => s.colours.iter().rev().for_each(&mut colour),
            }
            if !backwards {
                s.overflow.run(pass, k, &mut states);
            }
            return;
        }
        let shared = Shared(&s.shared);
        if backwards {
            s.overflow.run_backwards(pass, k, &mut { shared });
        }
        // Each colour's two-point blocks, then its one-point blocks.
        let colours = &s.colours;
        macro_rules! in_turn {
            ($blocks:expr) => {
                self.threads.for_each_in_turn(
                    (&mut $blocks.two, &mut $blocks.one),
                    colours,
                    backwards,
                    |block| block.run(pass, k, &mut { shared }),
                    |block| block.run(pass, k, &mut { shared }),
                )
            };
        }
        match self.width {
            Width::Wide => in_turn!(s.wide),
            _ => in_turn!(s.single),
        }
        if !backwards {
            s.overflow.run(pass, k, &mut { shared });
        }
    }
    // ANCHOR_END: solve_contacts

    /// Whether the contacts read plain body states (eight lanes on one
    /// thread) rather than the shared states.
    fn plain(&self) -> bool {
        self.width == Width::Wide && self.threads.count() == 1 && self.whole_states
    }

    /// The bodies' velocities into the shared list (on one thread, the
    /// states, with the poses), if they are newer.
    fn bodies_to_velocities(&mut self) {
        if self.scratch.shared_ahead {
            return;
        }
        let plain = self.plain();
        let bodies = &self.base.base.base.base.base.base.bodies;
        let s = &mut self.scratch;
        if plain {
            for ((state, b), pose) in s.states.iter_mut().zip(bodies).zip(&s.poses)
            {
                *state = State::of(b, pose);
            }
        } else {
            let (shared, poses) = (&mut s.shared[..bodies.len()], &s.poses);
            self.threads.for_each_indexed(shared, BODIES, |i, state| {
                state.set_row(State::of(&bodies[i], &poses[i]).0)
            });
        }
        s.shared_ahead = true;
    }

    /// The shared states (or the plain ones) back into the bodies, if
    /// they are newer.
    fn velocities_to_bodies(&mut self) {
        if self.scratch.shared_ahead {
            self.each_body(|_| ());
        }
    }

    /// Stage 10: each contact's impulses back into its arbiter, where
    /// chapter 8's narrow phase finds them next step. First each arbiter's
    /// place among the blocks (kept while the blocks are); then every
    /// arbiter, on the workers, fetches its own (each writes only itself,
    /// so the arbiters split safely, and the arbiters are written in order:
    /// on the 5,000-disc pit, blocks handing their lanes out to arbiters
    /// scattered about memory took 0.2 ms a step longer on one thread).
    fn store_impulses(&mut self) {
        let mut s = std::mem::take(&mut self.scratch);
        let threads = self.threads.clone();
        let arbiters = &mut self.solver_mut().arbiters;
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
        self.scratch = s;
    }
}

/// Where an arbiter's rows are: in which list of blocks, among its
/// one-point blocks or its two-point ones, and at which lane of which
/// block (`block * width + lane`).
#[derive(Clone, Copy, Debug)]
struct Slot {
    list: List,
    one: bool,
    at: u32,
}

/// The three lists of blocks.
#[derive(Clone, Copy, Debug)]
enum List {
    Wide,
    Single,
    Overflow,
}

// ANCHOR: grains
/// The fewest pieces of each kind of work worth a worker of their own
/// (measured on the pyramids: smaller splits made two threads slower than
/// one): blocks of eight contacts to pack and prepare (and, through
/// [`World::splits`], how many contacts a step needs before its passes
/// split), runs of 64 pairs to collide (about 5 µs), bodies to move (a few
/// ns each), arbiters to read or write back (tens of ns each).
const BLOCKS: usize = 16;
const RUNS: usize = 4;
const BODIES: usize = 1024;
const ARBITERS: usize = 1024;
const LEAVES: usize = 256;
const PAIRS: usize = 16384;
// ANCHOR_END: grains

/// Chapter 13's [`merge`] of the pair `set` and the pairs `found` (both
/// sorted), cut in pieces for the workers: the set at four cuts a worker,
/// and the pairs found at the same keys, so that each piece merges on its
/// own and the pieces, one after another, are the whole walk (a set under
/// 32,768 pairs, or one thread, in one walk). Fills `into`; returns how
/// many pairs found were not in the set.
fn merge_on(
    threads: &Threads,
    lists: &mut Vec<Vec<Pair>>,
    set: &[Pair],
    found: &[Pair],
    stays: Stays<'_>,
    into: &mut Vec<Pair>,
) -> usize {
    let test = |pair| stays.test(pair);
    if set.len() < 2 * PAIRS || threads.count() == 1 {
        return merge(set, found, test, into);
    }
    let pieces = 4 * threads.count();
    // Where each piece starts, in the set and in the pairs found.
    // (The first piece also takes the pairs found before the set's first.)
    let starts = (0..pieces).map(|k| {
        let at = k * set.len() / pieces;
        let from = if k == 0 { 0 } else { found.partition_point(|&p| p < set[at]) };
        (at, from)
    });
    let starts: Vec<(usize, usize)> = starts.collect();
    let ends = starts.iter().skip(1).copied().chain([(set.len(), found.len())]);
    let pieces: Vec<_> =
        starts.iter().zip(ends).map(|(&(a, b), (c, d))| (a..c, b..d)).collect();
    let new = AtomicUsize::new(0);
    threads.collect(&pieces, 1, lists, into, |(old, more), out| {
        let (old, more) = (&set[old.clone()], &found[more.clone()]);
        let n = merge_at(old, more, test, out, out.len());
        new.fetch_add(n, Ordering::Relaxed);
    });
    new.into_inner()
}

/// Whether a body moves: a node of the constraint graph.
fn moves(b: &Body) -> bool {
    b.inv_mass > 0.0 || b.inv_inertia > 0.0
}

/// What the contacts read of a body as it moves through the substeps: how
/// far its centre has moved since the step began, and how far it has
/// turned, `(cos, sin)`; with its rotation now and the angle that is the
/// rotation of, and its rotation and angle at the step's start.
#[derive(Clone, Copy, Debug)]
struct Pose {
    moved: Vec2,
    turned: Vec2,
    rotation: Vec2,
    angle: f32,
    first: (Vec2, f32),
}

impl Default for Pose {
    /// No rotation found yet: an angle no body's is.
    fn default() -> Self {
        let none = (Vec2::ZERO, f32::NAN);
        Pose {
            moved: Vec2::ZERO,
            turned: Vec2::X,
            rotation: none.0,
            angle: none.1,
            first: none,
        }
    }
}

impl Pose {
    /// At the step's start.
    fn start(&mut self, b: &Body) {
        self.moved = Vec2::ZERO;
        self.turn(b.angle);
        (self.turned, self.first) = (Vec2::X, (self.rotation, self.angle));
    }

    /// After a substep of `h` moved body `b`, which started at `start`.
    /// After the `last`, the rotation now, and the turn since the start:
    /// now's rotation undone by the first (`(cos, sin)` times the first's
    /// `(cos, -sin)`; none at all if the angle is the same to the bit).
    /// Before it, the turn is carried on by [`Pose::turn_by`].
    fn follow(&mut self, b: &Body, start: Vec2, h: f32, last: bool) {
        self.moved = b.position - start;
        if !last {
            // Chapter 6 turns only the bodies it moves.
            let by = if b.inv_mass > 0.0 { b.angular_velocity * h } else { 0.0 };
            self.turn_by(by);
            return;
        }
        self.turn(b.angle);
        let (first, angle) = self.first;
        self.turned = if self.angle.to_bits() == angle.to_bits() {
            Vec2::X
        } else {
            self.rotation.rotate(Vec2::new(first.x, -first.y))
        };
    }

    /// The turn carried on by a small angle `by`, as Box2D v3 carries its
    /// rotations: `(cos, sin)` moved along its tangent, `(-sin, cos)`,
    /// by `by`, and made a unit again. It turns by `atan(by)`, short of
    /// `by` by about `by^3 / 3`: 2.5e-8 rad a substep for a body turning a
    /// radian a second, in substeps of 1/240 s, and 7.5e-4 rad for one
    /// turning five revolutions a second (0.1 mm at the rim of a 15 cm
    /// disc). The last substep finds the turn exactly.
    fn turn_by(&mut self, by: f32) {
        if by != 0.0 {
            let t = self.turned + self.turned.perp() * by;
            self.turned = t / t.length();
        }
    }

    /// The rotation by `angle`: the one kept, if it is of the same angle
    /// to the bit (a body at rest between steps, or after the last
    /// substep's move, is not turned by a sine and cosine again).
    fn turn(&mut self, angle: f32) {
        if angle.to_bits() != self.angle.to_bits() || angle.is_nan() {
            (self.rotation, self.angle) = (trig::from_angle(angle), angle);
        }
    }

    /// Body `b` placed: where it is, turned by the rotation of its angle
    /// (`Transform::new`'s, without finding it again if this pose has it).
    fn transform(&self, b: &Body) -> Transform {
        let mut pose = *self;
        pose.turn(b.angle);
        let r = pose.rotation;
        Transform { position: b.position, rotation: Mat2::from_cols(r, perp(r)) }
    }
}

/// Which pass over the contacts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    WarmStart,
    Solve { use_bias: bool },
    Restitution,
}

// ANCHOR: bodies
/// Where a block's lanes find their bodies, and leave their velocities.
trait Bodies {
    /// Each lane's body `ids[lane]`: its velocity, how far it has moved
    /// and turned since the step began (read whole, in one row: the
    /// passes that do not use the pose do not read those lanes).
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>));
    /// Each lane's velocity back to body `ids[lane]`.
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>);
}

/// A body as the contacts see it on one thread, eight numbers read and
/// written whole: velocity `x, y`, angular velocity, a spare, how far the
/// centre has moved since the step began `x, y`, and how far it has
/// turned since, `cos, sin`. Box2D v3's body state holds the same.
#[derive(Clone, Copy, Debug, Default)]
struct State([f32; 8]);

impl State {
    fn of(b: &Body, pose: &Pose) -> State {
        let (v, m, r) = (b.velocity, pose.moved, pose.turned);
        State([v.x, v.y, b.angular_velocity, 0.0, m.x, m.y, r.x, r.y])
    }

    fn velocity(&self) -> (Vec2, f32) {
        (Vec2::new(self.0[0], self.0[1]), self.0[2])
    }

    /// `v += along`, `w += turn`.
    fn push(&mut self, along: Vec2, turn: f32) {
        let (v, w) = self.velocity();
        let v = v + along;
        self.0[..3].copy_from_slice(&[v.x, v.y, w + turn]);
    }
}

/// Eight lanes on one thread: the states in plain memory. Eight states in, the lanes
/// out, by one transpose, as Box2D v3 gathers its bodies.
struct Plain<'a>(&'a mut [State]);

impl Bodies for Plain<'_> {
    #[inline(always)]
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>)) {
        let [vx, vy, w, _, mx, my, c, s] =
            T::columns(|lane| self.0[ids[lane] as usize].0);
        let velocity = Velocity { v: V2 { x: vx, y: vy }, w };
        (velocity, (V2 { x: mx, y: my }, V2 { x: c, y: s }))
    }

    #[inline(always)]
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>) {
        let v = velocity;
        T::rows([v.v.x, v.v.y, v.w, T::splat(0.0)], |lane, row| {
            self.0[ids[lane] as usize].0[..4].copy_from_slice(&row);
        });
    }
}

/// Several threads: the states the workers share, each read whole and
/// its velocity written back, as the plain states are.
#[derive(Clone, Copy)]
struct Shared<'a>(&'a [SharedState]);

impl Bodies for Shared<'_> {
    #[inline(always)]
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>)) {
        let [vx, vy, w, _, mx, my, c, s] =
            T::columns(|lane| self.0[ids[lane] as usize].row());
        let velocity = Velocity { v: V2 { x: vx, y: vy }, w };
        (velocity, (V2 { x: mx, y: my }, V2 { x: c, y: s }))
    }

    #[inline(always)]
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>) {
        let v = velocity;
        T::rows([v.v.x, v.v.y, v.w, T::splat(0.0)], |lane, row| {
            self.0[ids[lane] as usize].set_velocity(row)
        });
    }
}
// ANCHOR_END: bodies

/// What every contact of a substep shares.
#[derive(Clone, Copy, Debug)]
struct Context {
    inv_h: f32,
    soft: Soft,
    push_out: f32,
    friction: bool,
    threshold: f32,
}

// ANCHOR: rows
/// One contact arbiter's rows, or [`LANES`] of them side by side when `T`
/// is [`F32x8`]: chapter 10's soft contact, with room for `N` points (1 or
/// 2).
#[derive(Clone, Copy, Debug)]
pub struct Rows<T, const N: usize> {
    /// Unit, from A to B.
    pub normal: V2<T>,
    pub friction: T,
    pub restitution: T,
    pub inv_mass_a: T,
    pub inv_inertia_a: T,
    pub inv_mass_b: T,
    pub inv_inertia_b: T,
    pub points: [PointRows<T>; N],
}

/// One contact point's rows. A point an arbiter does not have has zero
/// masses, and so never pushes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PointRows<T> {
    /// From each centre to the point, as the step began: turned as the
    /// body turns, it follows the point.
    pub r_a: V2<T>,
    pub r_b: V2<T>,
    /// The separation at the step's start less `(r_b - r_a) . n`.
    pub separation: T,
    pub normal_mass: T,
    pub tangent_mass: T,
    /// Accumulated this step (from the warm start on).
    pub normal_impulse: T,
    pub tangent_impulse: T,
    /// The relative normal velocity at the step's start.
    pub approach: T,
    /// The largest normal impulse of any substep (chapter 10).
    pub most: T,
}
// ANCHOR_END: rows

impl<T: Lane, const N: usize> Rows<T, N> {
    /// Whether any lane's point approached faster than `threshold` with a
    /// restitution above 0. If none did, the restitution pass would leave
    /// every lane as it was (its kernel keeps a lane that does not bounce
    /// to the bit), and passes the block by, which Box2D v3 does only for
    /// blocks whose restitutions are all 0.
    fn may_bounce(&self, threshold: f32) -> bool {
        let zero = T::splat(0.0);
        self.points.iter().any(|p| {
            let beat = -(p.approach) - T::splat(threshold);
            let fast = T::if_positive(self.restitution, beat, zero);
            (0..T::WIDTH).any(|i| fast.lane(i) > 0.0)
        })
    }
}

/// Rows of zeros. (Written out: a derived `Default` would ask the standard
/// library for `[PointRows<T>; N]: Default`, which it gives for each length
/// on its own, not for any `N`.)
impl<T: Default, const N: usize> Default for Rows<T, N> {
    fn default() -> Self {
        Rows {
            normal: V2::default(),
            friction: T::default(),
            restitution: T::default(),
            inv_mass_a: T::default(),
            inv_inertia_a: T::default(),
            inv_mass_b: T::default(),
            inv_inertia_b: T::default(),
            points: std::array::from_fn(|_| PointRows::default()),
        }
    }
}

/// A body's velocity in lanes.
#[derive(Clone, Copy, Debug)]
struct Velocity<T> {
    v: V2<T>,
    w: T,
}

/// Up to [`LANES`] contacts of one colour, or one contact, with room for
/// the `N` points its rows solve.
#[derive(Clone, Copy, Debug, Default)]
pub struct Block<T, const N: usize> {
    members: Members,
    rows: Rows<T, N>,
}

/// A list of blocks, in two: the blocks whose contacts have two points at
/// most, and the blocks whose contacts have one (a disc's). A block of
/// discs' contacts then keeps no room for a second point, which it would
/// pass over: the step reads less memory, and reads it in one run.
#[derive(Debug, Default)]
struct Blocks<T> {
    two: Vec<Block<T, 2>>,
    one: Vec<Block<T, 1>>,
}

/// Who is in a block: its lanes' arbiters and bodies.
#[derive(Clone, Copy, Debug, Default)]
struct Members {
    /// How many lanes are used.
    used: u32,
    /// Whether any of its contacts may bounce this step (the prepare
    /// finds it): if not, the restitution pass passes it by.
    bounces: bool,
    /// Each lane's arbiter.
    arbiter: [u32; LANES],
    /// Each lane's bodies, whose velocities it reads and writes back. An
    /// unused lane reads and writes the *sink*, a place after the bodies'
    /// that no body reads. A body that cannot move gets back what it
    /// had: its inverse masses are 0, so no push changes it. Every lane
    /// then reads and writes without a test.
    a: [u32; LANES],
    b: [u32; LANES],
}

/// What a block needs to know of its contacts' bodies: each arbiter's,
/// and where the sink is.
struct Lanes<'a> {
    pairs: &'a [(usize, usize)],
    sink: u32,
}

impl Lanes<'_> {
    /// A block of the arbiters `k` (at most `width`). Whether any may
    /// bounce is the prepare's to find.
    fn members(&self, width: usize, k: &[usize]) -> Members {
        let used = k.len().min(width);
        let mut m = Members { used: used as u32, ..Members::default() };
        for lane in 0..LANES {
            // An unused lane's rows are the last contact's, made zero.
            let arbiter = k[lane.min(used - 1)];
            let (a, b) = match lane < used {
                true => self.pairs[arbiter],
                false => (self.sink as usize, self.sink as usize),
            };
            m.arbiter[lane] = arbiter as u32;
            (m.a[lane], m.b[lane]) = (a as u32, b as u32);
        }
        m
    }
}

/// Block `n` of `blocks` given `members`: last step's block, if there is
/// one, keeps its room (its rows are all written again by the prepare).
fn place<T: Default, const N: usize>(
    blocks: &mut Vec<Block<T, N>>,
    n: &mut usize,
    members: Members,
) {
    match blocks.get_mut(*n) {
        Some(block) => block.members = members,
        None => blocks.push(Block { members, rows: Rows::default() }),
    }
    *n += 1;
}

impl<T: Lane + Default> Blocks<T> {
    /// The next block solving `points` points, given `members`; `n`
    /// counts the blocks placed so far in each list (two, one).
    fn place(&mut self, points: usize, n: &mut (usize, usize), members: Members) {
        match points {
            2 => place(&mut self.two, &mut n.0, members),
            _ => place(&mut self.one, &mut n.1, members),
        }
    }

    /// Only the first `n` blocks of each list.
    fn truncate(&mut self, (two, one): (usize, usize)) {
        self.two.truncate(two);
        self.one.truncate(one);
    }

    /// Every block's rows (stage 3), on the workers.
    fn prepare(&mut self, threads: &Threads, grain: usize, from: Sources) {
        threads.for_each(&mut self.two, grain, |block| block.prepare(from));
        threads.for_each(&mut self.one, grain, |block| block.prepare(from));
    }

    /// One pass of every block, two-point blocks first, on this thread.
    fn run(&mut self, pass: Pass, k: &Context, bodies: &mut impl Bodies) {
        self.two.iter_mut().for_each(|block| block.run(pass, k, bodies));
        self.one.iter_mut().for_each(|block| block.run(pass, k, bodies));
    }

    /// [`Blocks::run`] last block first.
    fn run_backwards(&mut self, pass: Pass, k: &Context, bodies: &mut impl Bodies) {
        self.one.iter_mut().rev().for_each(|block| block.run(pass, k, bodies));
        self.two.iter_mut().rev().for_each(|block| block.run(pass, k, bodies));
    }

    /// Each arbiter's slot in `slots`: where its lane is in `list`.
    fn note(&self, list: List, slots: &mut [Slot]) {
        fn each<T: Lane, const N: usize>(
            blocks: &[Block<T, N>],
            slot: impl Fn(u32) -> Slot,
            slots: &mut [Slot],
        ) {
            for (n, block) in blocks.iter().enumerate() {
                let m = &block.members;
                for lane in 0..m.used as usize {
                    let at = (n * T::WIDTH + lane) as u32;
                    slots[m.arbiter[lane] as usize] = slot(at);
                }
            }
        }
        each(&self.two, |at| Slot { list, one: false, at }, slots);
        each(&self.one, |at| Slot { list, one: true, at }, slots);
    }

    /// The impulses of `slot`'s lane back into its arbiter `arb`.
    fn store(&self, slot: Slot, arb: &mut Arbiter) {
        let (n, lane) = (slot.at as usize / T::WIDTH, slot.at as usize % T::WIDTH);
        match slot.one {
            false => self.two[n].store(lane, arb),
            true => self.one[n].store(lane, arb),
        }
    }
}

/// What a block's prepare reads: the arbiters' rows, the bodies' rows at
/// the step's start, whether last step's impulses are kept, and how fast
/// a contact must approach to bounce.
#[derive(Clone, Copy)]
struct Sources<'a> {
    arbiters: &'a [ArbiterRow],
    start_rows: &'a [StartRow],
    warm: bool,
    /// The approach speed a bounce must beat (chapter 8's setting).
    threshold: f32,
}

// ANCHOR: arbiter_row
/// An arbiter as the prepare reads it: its fifteen numbers (and a spare)
/// in one row of 64 bytes, one cache line, written in one walk along the
/// arbiters as stage 3 begins. Eight lanes read eight of them as two rows
/// of eight each and turn them into columns (as they read the bodies'
/// rows), not fifteen numbers one by one from each arbiter's larger
/// record, spread over three lines. The first row: the normal `x, y`, friction,
/// restitution, the number of points, the first point `x, y` and its
/// penetration; the second: the first point's normal and tangent
/// impulses, the second point `x, y`, its penetration and impulses, and
/// a spare.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct ArbiterRow([[f32; 8]; 2]);

impl ArbiterRow {
    fn of(a: &Arbiter) -> ArbiterRow {
        let (n, [p, q]) = (a.normal, &a.contacts);
        ArbiterRow([
            [
                n.x,
                n.y,
                a.friction,
                a.restitution,
                a.count as f32,
                p.point.x,
                p.point.y,
                p.penetration,
            ],
            [
                p.normal_impulse,
                p.tangent_impulse,
                q.point.x,
                q.point.y,
                q.penetration,
                q.normal_impulse,
                q.tangent_impulse,
                0.0,
            ],
        ])
    }
}
// ANCHOR_END: arbiter_row

/// A body at the step's start as the prepare reads it, eight numbers in
/// one row, written in one walk along the bodies: where it is `x, y`, its
/// velocity `x, y`, its angular velocity, its inverse mass and inverse
/// moment of inertia, and a spare. Eight lanes read eight rows and turn
/// them into columns, as the passes read the states, not ten numbers one
/// by one from each body's larger record.
#[derive(Clone, Copy, Debug, Default)]
struct StartRow([f32; 8]);

impl StartRow {
    fn of(b: &Body) -> StartRow {
        let (p, v) = (b.position, b.velocity);
        let w = b.angular_velocity;
        StartRow([p.x, p.y, v.x, v.y, w, b.inv_mass, b.inv_inertia, 0.0])
    }
}

impl<T: Lane, const N: usize> Block<T, N> {
    /// Stage 3: the block's rows from its arbiters ([`prepare_rows`]).
    /// Then whether any of its contacts may bounce this step.
    fn prepare(&mut self, from: Sources) {
        prepare_rows(&mut self.rows, &self.members, from);
        self.members.bounces = self.rows.may_bounce(from.threshold);
    }

    /// [`Block::prepare`], the block first given `members` if they are new.
    fn prepare_with(&mut self, members: Option<Members>, from: Sources) {
        if let Some(members) = members {
            self.members = members;
        }
        self.prepare(from);
    }

    /// One pass of this block's rows, between gathering the block's
    /// bodies' velocities and scattering them back (the kernels are
    /// compiled for each `N`, the number of points, a constant).
    fn run(&mut self, pass: Pass, k: &Context, bodies: &mut impl Bodies) {
        if pass == Pass::Restitution && !self.members.bounces {
            return;
        }
        // Gather: each lane's bodies, read once each.
        let m = &self.members;
        let (mut a, pose_a) = bodies.gather::<T>(&m.a);
        let (mut b, pose_b) = bodies.gather::<T>(&m.b);
        match pass {
            Pass::WarmStart => warm_start(&self.rows, &mut a, &mut b),
            Pass::Solve { use_bias } => {
                solve(&mut self.rows, &mut a, &mut b, pose_a, pose_b, k, use_bias)
            }
            Pass::Restitution => {
                restitution(&mut self.rows, &mut a, &mut b, k.threshold)
            }
        }
        // Scatter: each lane's velocities back (or to the sink).
        bodies.scatter(&m.a, &a);
        bodies.scatter(&m.b, &b);
    }

    /// Stage 10: lane `lane`'s impulses back into its arbiter `arb`, for
    /// the next step's warm start. (Only the impulses: every other number
    /// of a contact row is found again by the next step's prepare.)
    fn store(&self, lane: usize, arb: &mut Arbiter) {
        let count = arb.count;
        for (c, p) in arb.contacts.iter_mut().zip(&self.rows.points).take(count) {
            c.normal_impulse = p.normal_impulse.lane(lane);
            c.tangent_impulse = p.tangent_impulse.lane(lane);
        }
    }
}

// ANCHOR: prepare_rows
/// A block's rows, as chapter 10 prepares one contact's, in lanes: anchors
/// fixed for the step, the separation less what the anchors account for,
/// the effective masses, the approach speed, and last step's impulses if
/// warm starting. The lanes read their arbiters' rows and their bodies'
/// rows at the step's start, each eight rows turned into columns by one
/// transpose; then the formulas run once for all the lanes. A lane the
/// block does not use, and a point its contact lacks, get zeros: no
/// mass, no push.
#[inline(always)]
fn prepare_rows<T: Lane, const N: usize>(
    rows: &mut Rows<T, N>,
    m: &Members,
    Sources { arbiters, start_rows, warm, .. }: Sources,
) {
    let arb: [&ArbiterRow; LANES] =
        std::array::from_fn(|lane| &arbiters[m.arbiter[lane] as usize]);
    let [nx, ny, friction, restitution, count, x0, y0, penetration0] =
        T::columns(|l| arb[l].0[0]);
    let [normal0, tangent0, x1, y1, penetration1, normal1, tangent1, _] =
        T::columns(|l| arb[l].0[1]);
    let points = [
        (V2 { x: x0, y: y0 }, penetration0, normal0, tangent0),
        (V2 { x: x1, y: y1 }, penetration1, normal1, tangent1),
    ];
    // 1 in a lane in use, 0 in the others: `keep(used, x)` is `x` or 0.
    let used = T::gather(|lane| f32::from(u8::from(lane < m.used as usize)));
    let keep = |on: T, x: T| T::if_positive(on, x, T::splat(0.0));
    let n = V2 { x: nx, y: ny };
    // An unused lane's bodies are the last contact's.
    let last = m.used as usize - 1;
    let side = |s: usize| {
        let ids = if s == 0 { &m.a } else { &m.b };
        let body = |l: usize| ids[l.min(last)] as usize;
        let [x, y, vx, vy, spin, inv_mass, inv_inertia, _] =
            T::columns(|l| start_rows[body(l)].0);
        let (position, velocity) = (V2 { x, y }, V2 { x: vx, y: vy });
        let (inv_mass, inv_inertia) =
            (keep(used, inv_mass), keep(used, inv_inertia));
        (position, velocity, spin, inv_mass, inv_inertia)
    };
    let (p_a, v_a, w_a, m_a, i_a) = side(0);
    let (p_b, v_b, w_b, m_b, i_b) = side(1);
    rows.normal = V2 { x: keep(used, n.x), y: keep(used, n.y) };
    rows.friction = keep(used, friction);
    rows.restitution = keep(used, restitution);
    (rows.inv_mass_a, rows.inv_inertia_a) = (m_a, i_a);
    (rows.inv_mass_b, rows.inv_inertia_b) = (m_b, i_b);
    // `m_eff^-1` along unit `d`, and its inverse (0 for no mass).
    let effective = |r_a: V2<T>, r_b: V2<T>, d: V2<T>| {
        let (ka, kb) = (r_a.cross(d), r_b.cross(d));
        m_a + m_b + i_a * ka * ka + i_b * kb * kb
    };
    let inverse = |k: T| T::if_positive(k, T::splat(1.0) / k, T::splat(0.0));
    for (k, p) in rows.points.iter_mut().enumerate() {
        let (c, penetration, normal_impulse, tangent_impulse) = points[k];
        // 1 in a lane in use whose contact has point `k`, else 0.
        let here = keep(count - T::splat(k as f32), used);
        let (r_a, r_b) = (c - p_a, c - p_b);
        let v = (v_b + r_b.spun(w_b)) - (v_a + r_a.spun(w_a));
        let impulse = |x: T| if warm { keep(here, x) } else { T::splat(0.0) };
        let keep2 = |v: V2<T>| V2 { x: keep(here, v.x), y: keep(here, v.y) };
        *p = PointRows {
            r_a: keep2(r_a),
            r_b: keep2(r_b),
            separation: keep(here, -penetration - (r_b - r_a).dot(n)),
            normal_mass: keep(here, inverse(effective(r_a, r_b, n))),
            tangent_mass: keep(here, inverse(effective(r_a, r_b, n.perp()))),
            normal_impulse: impulse(normal_impulse),
            tangent_impulse: impulse(tangent_impulse),
            approach: keep(here, v.dot(n)),
            most: T::splat(0.0),
        };
    }
}
// ANCHOR_END: prepare_rows

// ANCHOR: kernels
/// Stage 5: apply each point's kept impulses.
#[inline(always)]
fn warm_start<T: Lane, const N: usize>(
    c: &Rows<T, N>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
) {
    let (n, t) = (c.normal, c.normal.perp());
    let m = Masses::of(c);
    for p in c.points.iter() {
        let impulse = n.scale(p.normal_impulse) + t.scale(p.tangent_impulse);
        push(&m, a, b, p, impulse);
    }
}

/// Stages 6 and 8: chapter 10's contact pass, written once for one lane
/// or eight. The separation follows the bodies' motion; the normal rows
/// push (softly, with the bias), then friction holds within the cone.
#[inline(always)]
fn solve<T: Lane, const N: usize>(
    c: &mut Rows<T, N>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    (moved_a, turn_a): (V2<T>, V2<T>),
    (moved_b, turn_b): (V2<T>, V2<T>),
    k: &Context,
    use_bias: bool,
) {
    let (n, m) = (c.normal, Masses::of(c));
    let moved = moved_b - moved_a;
    // The soft spring while the bias is on; rigid and aiming at 0 while
    // relaxing (chapter 10's `contact_target`).
    let (spring, mass_scale, impulse_scale) = if use_bias {
        (k.soft.bias_rate, k.soft.mass_scale, k.soft.impulse_scale)
    } else {
        (0.0, 1.0, 0.0)
    };
    let (zero, one) = (T::splat(0.0), T::splat(1.0));
    for p in c.points.iter_mut() {
        let anchors = turn_b.rotate(p.r_b) - turn_a.rotate(p.r_a);
        let s = (moved + anchors).dot(n) + p.separation;
        // Apart: close the gap in this substep and no more, rigid.
        // Overlapping: the spring's push, at most the push-out speed.
        let overlap = (-(T::splat(spring) * s)).min(T::splat(k.push_out));
        let target = T::if_positive(s, -(s * T::splat(k.inv_h)), overlap);
        let mass_scale = T::if_positive(s, one, T::splat(mass_scale));
        let impulse_scale = T::if_positive(s, zero, T::splat(impulse_scale));
        let v_n = relative(a, b, p).dot(n);
        let (total, applied) = normal_row(
            mass_scale * p.normal_mass,
            target - v_n,
            impulse_scale,
            p.normal_impulse,
        );
        p.normal_impulse = total;
        push(&m, a, b, p, n.scale(applied));
        p.most = p.most.max(total);
    }
    if k.friction {
        let t = n.perp();
        for p in c.points.iter_mut() {
            let v_t = relative(a, b, p).dot(t);
            let limit = c.friction * p.normal_impulse;
            let total =
                (p.tangent_impulse - p.tangent_mass * v_t).max(-limit).min(limit);
            let applied = total - p.tangent_impulse;
            p.tangent_impulse = total;
            push(&m, a, b, p, t.scale(applied));
        }
    }
}
// ANCHOR_END: kernels

#[cfg(feature = "exercises")]
pub use crate::exercises::normal_row;
#[cfg(not(feature = "exercises"))]
// ANCHOR: normal_row
/// One normal row: the soft impulse `mass * error - impulse_scale *
/// total` added to the accumulated `total`, which stays at or above 0.
/// Returns the new total and what was applied. The same lines serve one
/// lane (`f32`) or eight ([`F32x8`]).
pub fn normal_row<T: Lane>(
    mass: T,
    error: T,
    impulse_scale: T,
    total: T,
) -> (T, T) {
    let new = (total + (mass * error - impulse_scale * total)).max(T::splat(0.0));
    (new, new - total)
}
// ANCHOR_END: normal_row

/// Stage 9: points that approached faster than the threshold, and pushed
/// in some substep, leave at `-e` times their approach speed (chapter
/// 10's restitution, lane by lane: a lane that should not bounce adds 0).
#[inline(always)]
fn restitution<T: Lane, const N: usize>(
    c: &mut Rows<T, N>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    threshold: f32,
) {
    let (n, m) = (c.normal, Masses::of(c));
    let zero = T::splat(0.0);
    for p in c.points.iter_mut() {
        let v_n = relative(a, b, p).dot(n);
        let wanted = p.normal_mass * (-(c.restitution * p.approach) - v_n);
        // Bounce only where e > 0, the approach beat the threshold, and the
        // point pushed: each test a positive number or not.
        let bounce = T::if_positive(
            c.restitution,
            one_if(-(p.approach) - T::splat(threshold)),
            zero,
        );
        let bounce = T::if_positive(bounce, one_if(p.most), zero);
        let delta = T::if_positive(bounce, wanted, zero);
        let (total, applied) =
            normal_row(T::splat(1.0), delta, zero, p.normal_impulse);
        // A lane that does not bounce keeps its numbers to the bit (a push
        // of 0 can turn a -0 into a +0), so that a block in which no lane
        // can bounce may be passed by with the same bits.
        let (a_was, b_was) = (*a, *b);
        p.normal_impulse = T::if_positive(bounce, total, p.normal_impulse);
        push(&m, a, b, p, n.scale(applied));
        *a = a.where_positive(bounce, a_was);
        *b = b.where_positive(bounce, b_was);
    }
}

impl<T: Lane> Velocity<T> {
    /// This velocity in the lanes where `on > 0`, `was` in the others.
    #[inline(always)]
    fn where_positive(self, on: T, was: Velocity<T>) -> Velocity<T> {
        let pick = |now: T, then: T| T::if_positive(on, now, then);
        Velocity {
            v: V2 { x: pick(self.v.x, was.v.x), y: pick(self.v.y, was.v.y) },
            w: pick(self.w, was.w),
        }
    }
}

/// 1 in the lanes where `x > 0`, else 0.
fn one_if<T: Lane>(x: T) -> T {
    T::if_positive(x, T::splat(1.0), T::splat(0.0))
}

/// The velocity of B's point relative to A's.
#[inline(always)]
fn relative<T: Lane>(a: &Velocity<T>, b: &Velocity<T>, p: &PointRows<T>) -> V2<T> {
    let at_b = b.v + p.r_b.spun(b.w);
    let at_a = a.v + p.r_a.spun(a.w);
    at_b - at_a
}

/// The two bodies' inverse masses, copied out of the rows.
#[derive(Clone, Copy)]
struct Masses<T> {
    a: T,
    a_turn: T,
    b: T,
    b_turn: T,
}

impl<T: Lane> Masses<T> {
    #[inline(always)]
    fn of<const N: usize>(c: &Rows<T, N>) -> Self {
        Masses {
            a: c.inv_mass_a,
            a_turn: c.inv_inertia_a,
            b: c.inv_mass_b,
            b_turn: c.inv_inertia_b,
        }
    }
}

/// Impulse `impulse` at the point: `+` to B, `-` to A.
#[inline(always)]
fn push<T: Lane>(
    m: &Masses<T>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    p: &PointRows<T>,
    impulse: V2<T>,
) {
    a.v = a.v - impulse.scale(m.a);
    a.w = a.w - m.a_turn * p.r_a.cross(impulse);
    b.v = b.v + impulse.scale(m.b);
    b.w = b.w + m.b_turn * p.r_b.cross(impulse);
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
