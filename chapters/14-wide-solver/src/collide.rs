//! Stage 2: each body's speculative margin, the tree's pairs, and every
//! pair's manifold and arbiter, each part split across the workers. Box2D
//! v3's `b2Collide` and its broad phase's update do the same.

use crate::blocks::StartRow;
use crate::pose::Pose;
use crate::{BODIES, Body, LEAVES, PAIRS, Parts, RUNS, Surface, Threads};
use ch08_sequential_impulses::Arbiter;
use ch11_polygons::reach;
use ch12_continuous::{contact, ghost};
use ch12_continuous::{reach_out_body, thinnest};
use ch13_islands::TreePhase;
use ch13_islands::broad_phase::Leaf;
use ch13_islands::broad_phase::{Pair, Stays, merge, merge_at};
use ch13_islands::query::shape_bounds;
use ch13_islands::tree::Bounds;
use glam::Vec2;
use physics_core::slices::keep_onto;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

impl Parts<'_> {
    /// Stage 2: each body's speculative margin (chapter 12), the tree's
    /// pairs (chapter 13), then, on the workers, every pair's manifold and
    /// its arbiter: chapter 8's, keeping last step's impulses for the
    /// points that persist. The arbiters come back in the pairs' order,
    /// whatever the number of workers.
    pub(crate) fn collide(&mut self, dt: f32) {
        self.start_poses();
        self.margins(dt);
        if self.phase.on {
            self.tight_boxes();
            self.tree_pairs();
        } else {
            // Chapters 8 and 9's broad phase, less the pairs a joint holds.
            let (shapes, margins) = (self.shapes, &self.fast.margins);
            self.solver.broad_phase(|i, _, t| shapes.broad_box(i, t, margins[i]));
            self.joints.drop_held_pairs(self.solver);
        }
        self.narrow_phase(dt);
    }

    /// Chapter 12's margins, body by body on the workers, from each
    /// shape's reach (found once, when its body first steps).
    fn margins(&mut self, dt: f32) {
        let speculative = self.fast.settings.speculative;
        let bodies = &mut self.solver.bodies;
        let (shapes, margins) = (&self.shapes.list, &mut self.fast.margins);
        let extents = &mut self.wide.cache.extents;
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
        let extents = &self.wide.cache.extents;
        margins.resize(bodies.len(), 0.0);
        self.wide.threads.for_each_two(bodies, margins, BODIES, |i, b, margin| {
            *margin = reach_out_body(b, extents[i].0, speculative, dt)
        });
    }

    /// Each body's box with its margin, for the tree, on the workers.
    fn tight_boxes(&mut self) {
        let (bodies, shapes) = (&self.solver.bodies, &self.shapes.list);
        let margins = &self.fast.margins;
        let s = &mut self.wide.cache;
        let (boxes, poses, kept) = (&mut s.boxes, &s.poses, &s.shape_boxes);
        boxes.resize(bodies.len(), Bounds::default());
        self.wide.threads.for_each_indexed(boxes, BODIES, |i, tight| {
            let b = &bodies[i];
            // The box the last step ended with, if the body is where it
            // was then, to the bit.
            let bits = |at: Vec2, angle: f32| {
                (at.x.to_bits(), at.y.to_bits(), angle.to_bits())
            };
            let here = bits(b.position, b.angle);
            let unmoved = kept.get(i).filter(|k| bits(k.0, k.1) == here);
            let shape_box = match unmoved {
                Some(&(.., kept)) => kept,
                None => shape_bounds(&shapes[i], &poses[i].transform(b)),
            };
            *tight = TreePhase::tight_around(shape_box, margins[i])
        });
    }

    /// Chapter 13's update of the tree's pairs from the boxes, its searches
    /// and walks split across the workers; then its hand-over to chapter
    /// 9's world, whose broad phase leaves out the pairs a joint holds.
    fn tree_pairs(&mut self) {
        let (solver, joints) = (&mut *self.solver, &mut *self.joints);
        let bodies = &solver.bodies;
        let s = &mut self.wide.cache;
        let boxes = &s.boxes;
        // Chapter 13's update: the leaves follow the boxes, then the pairs
        // are found and joined to the set on the workers.
        self.phase.sync_with(bodies, |i| boxes[i]);
        find_and_join(self.phase, &self.wide.threads, &mut s.finding, bodies);
        // Its hand-over, the set less the pairs whose tight boxes do not
        // overlap, found on the workers.
        let phase = &mut *self.phase;
        let (lists, poses) = (&mut s.finding.merging, &s.poses);
        let place = |i: usize, b: &Body| poses[i].transform(b);
        if phase.pairs().len() < 2 * PAIRS || self.wide.threads.count() == 1 {
            phase.pass_on(solver, joints, place);
        } else {
            let threads = &self.wide.threads;
            phase.pass_on_with(solver, joints, place, |tree, touching| {
                // Without a branch on the answer, as chapter 13's.
                let runs: Vec<_> = tree.pairs().chunks(PAIRS).collect();
                threads.collect(&runs, 1, lists, touching, |run, out| {
                    keep_onto(run, out, |pair| tree.may_touch(pair))
                });
                touching.len()
            });
        }
    }

    /// Every pair's manifold and its arbiter, on the workers, and whether
    /// they are last step's contacts again; none for a pair whose
    /// contact is a ghost (chapter 12's [`ghost`]).
    fn narrow_phase(&mut self, dt: f32) {
        let (chapter8, shapes, margins) =
            (&*self.solver, self.shapes, &self.fast.margins);
        let extents = &self.wide.cache.extents;
        let (pairs, transforms) = chapter8.pairs();
        let (bodies, last) = (&chapter8.bodies, &chapter8.arbiters);
        let warm = chapter8.settings.warm_starting;
        // A pair's arbiter, made from last step's arbiter of the pair if
        // there is one, and whether it is last step's contact again (as
        // many points, as ready to bounce); none if the shapes are apart.
        let make = |(a, b): (usize, usize), before: Option<&Arbiter>| {
            let manifold = contact(shapes, margins, (a, b), transforms)?;
            let pair = (&bodies[a], &bodies[b]);
            if ghost(&manifold, pair, (extents[a].0, extents[b].0), dt) {
                return None;
            }
            let new = Arbiter::new((a, b), pair, &manifold, before, warm);
            let again = before.is_some_and(|o| {
                o.count == new.count
                    && (o.restitution > 0.0) == (new.restitution > 0.0)
            });
            Some((new, again))
        };
        let mut arbiters = std::mem::take(&mut self.wide.cache.arbiters);
        // How many contacts were last step's (a sum, the same whatever the
        // workers' order).
        let threads = &self.wide.threads;
        let same = match made_in_place(threads, pairs, last, &make, &mut arbiters) {
            Some(same) => same,
            None => {
                let lists = &mut self.wide.cache.made;
                made_in_runs(threads, pairs, last, &make, lists, &mut arbiters)
            }
        };
        // Both lists are sorted by pair, so as many contacts as last step,
        // each found among last step's, are last step's contacts.
        self.wide.cache.same_contacts =
            arbiters.len() == last.len() && same == arbiters.len();
        // Last step's list keeps its room for the next step's.
        self.wide.cache.arbiters =
            std::mem::replace(&mut self.solver.arbiters, arbiters);
    }
}

/// A pair's arbiter, and whether it is last step's contact again; none if
/// the shapes are apart.
type Made = Option<(Arbiter, bool)>;

/// The same pairs as last step's arbiters, one for one (a pile at rest):
/// each arbiter is made in its place in `arbiters`, on the workers, and no
/// lists are gathered and copied. Returns how many contacts are last
/// step's; none if the pairs are not last step's one for one, or a pair's
/// shapes parted: then the pairs go the long way, [`made_in_runs`].
fn made_in_place(
    threads: &Threads,
    pairs: &[(usize, usize)],
    last: &[Arbiter],
    make: &(impl Fn((usize, usize), Option<&Arbiter>) -> Made + Sync),
    arbiters: &mut Vec<Arbiter>,
) -> Option<usize> {
    if pairs.is_empty() || pairs.len() != last.len() {
        return None;
    }
    let (broken, sum) = (AtomicBool::new(false), AtomicUsize::new(0));
    arbiters.resize(pairs.len(), last[0]);
    // One run a worker. Each first asks whether all its pairs are last
    // step's (a pile that moves often has as many pairs as last step but
    // not the same ones, and the arbiters made up to the first that differs
    // would be work thrown away), then makes their arbiters, unless a run
    // has found one that is not.
    let size = pairs.len().div_ceil(threads.count());
    let mut runs: Vec<_> = arbiters.chunks_mut(size).collect();
    threads.for_each_indexed(&mut runs, 1, |r, slots| {
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
    (!broken.into_inner()).then(|| sum.into_inner())
}

/// The pairs' arbiters in runs of 64, gathered into `arbiters` through
/// the workers' `lists`: each run finds where it starts in last step's list
/// by a binary search, then walks the two sorted lists together, as
/// chapter 8 does. Returns how many contacts are last step's.
fn made_in_runs(
    threads: &Threads,
    pairs: &[(usize, usize)],
    last: &[Arbiter],
    make: &(impl Fn((usize, usize), Option<&Arbiter>) -> Made + Sync),
    lists: &mut Vec<Vec<Arbiter>>,
    arbiters: &mut Vec<Arbiter>,
) -> usize {
    let runs: Vec<&[(usize, usize)]> = pairs.chunks(64).collect();
    let sum = AtomicUsize::new(0);
    threads.collect(&runs, RUNS, lists, arbiters, |run, out| {
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
    sum.into_inner()
}

impl Parts<'_> {
    /// Each body's pose at the step's start, on the workers: where it is,
    /// and its rotation (the last substep's, unless its angle changed).
    pub fn start_poses(&mut self) {
        let bodies = &self.solver.bodies;
        let s = &mut self.wide.cache;
        s.starts.resize(bodies.len(), (Vec2::ZERO, 0.0));
        self.wide.threads.zip(&mut s.starts, bodies, BODIES, |start, b| {
            *start = (b.position, b.angle)
        });
        s.poses.resize(bodies.len(), Pose::default());
        self.wide
            .threads
            .zip(&mut s.poses, bodies, BODIES, |pose, b| pose.start(b));
        s.start_rows.resize(bodies.len(), StartRow::default());
        self.wide.threads.zip(&mut s.start_rows, bodies, BODIES, |row, b| {
            *row = StartRow::of(b)
        });
    }
}

/// What [`find_and_join`] keeps from step to step, with its room: the
/// moved leaves, the pairs found, and the workers' lists.
#[derive(Clone, Debug, Default)]
pub struct Finding {
    leaves: Vec<usize>,
    found: Vec<Pair>,
    finding: Vec<Vec<Pair>>,
    merging: Vec<Vec<Pair>>,
}

/// Chapter 13's update, once the leaves have followed their bodies
/// (`leaves`, as [`TreePhase::sync_with`] took them): the tree asked about
/// each moved leaf on the workers (the pairs are sorted after, so the bits
/// are the same whoever found them), or, when half the leaves or more have
/// moved (the rain, every few steps as it falls), the tree searched against
/// itself in pieces on the workers: the same pairs, each pair of nodes met
/// once. Then chapter 13's join, its walk along the set cut in pieces for
/// the workers.
pub fn find_and_join(
    phase: &mut TreePhase,
    threads: &Threads,
    room: &mut Finding,
    leaves: &[impl Leaf],
) {
    let (moved, lists, found) =
        (&mut room.leaves, &mut room.finding, &mut room.found);
    moved.clear();
    moved.extend(phase.moved_leaves());
    let tree = &*phase;
    if 2 * moved.len() >= tree.len() {
        let pieces = tree.tree.pieces(16 * threads.count());
        threads.collect(&pieces, 1, lists, found, |&piece, found| {
            tree.pairs_in(piece, found)
        });
    } else {
        threads.collect(moved, LEAVES, lists, found, |&i, found| {
            tree.pairs_of(i, found)
        });
    }
    threads.sort_by_key(found, LEAVES, |&pair| pair);
    let lists = &mut room.merging;
    phase.join_with(leaves, found, |set, found, stays, into| {
        merge_on(threads, lists, set, found, stays, into)
    });
}

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

/// What a [`Collide`](crate::Collide) of another chapter reaches of the
/// step: chapter 15's bodies of many shapes collide shape by shape and
/// hand the step its arbiters here.
impl Parts<'_> {
    /// Chapter 12's margins, body by body on the workers, from `extents`:
    /// each body's reach from its centre and its thinnest half-width, as
    /// the caller finds them from its shapes (kept for the sweep's test and
    /// the still time).
    pub fn margins_with(&mut self, dt: f32, extents: &[(f32, f32)]) {
        let kept = &mut self.wide.cache.extents;
        kept.clear();
        kept.extend_from_slice(extents);
        let speculative = self.fast.settings.speculative;
        let (bodies, margins) = (&mut self.solver.bodies, &mut self.fast.margins);
        margins.resize(bodies.len(), 0.0);
        self.wide.threads.for_each_two(bodies, margins, BODIES, |i, b, margin| {
            *margin = reach_out_body(b, extents[i].0, speculative, dt)
        });
    }

    /// Body `i` placed as the contacts see it this step, after
    /// [`Parts::start_poses`].
    pub fn placed(&self, i: usize) -> ch12_continuous::Transform {
        placed(&self.solver.bodies, self.wide, i)
    }

    /// Last step's list of arbiters, emptied, its room kept: for the
    /// caller to fill and give back by [`Parts::hand_in`].
    pub fn arbiter_room(&mut self) -> Vec<Arbiter> {
        let mut room = std::mem::take(&mut self.wide.cache.arbiters);
        room.clear();
        room
    }

    /// This step's `arbiters` to the solver; `same` says whether they are
    /// last step's contacts again, one for one in the same order (as
    /// many points, as ready to bounce), so that last step's colours and
    /// blocks may be kept.
    pub fn hand_in(&mut self, arbiters: Vec<Arbiter>, same: bool) {
        self.hand_in_with(arbiters, Vec::new(), same);
    }

    /// [`Parts::hand_in`], with each arbiter's [`Surface`] (one for each,
    /// in the same order), or none when no surface moves or resists
    /// rolling.
    pub fn hand_in_with(
        &mut self,
        arbiters: Vec<Arbiter>,
        surfaces: Vec<Surface>,
        same: bool,
    ) {
        debug_assert!(surfaces.is_empty() || surfaces.len() == arbiters.len());
        self.wide.cache.same_contacts = same;
        self.wide.cache.surfaces = surfaces;
        self.wide.cache.arbiters =
            std::mem::replace(&mut self.solver.arbiters, arbiters);
    }

    /// Last step's surfaces, one for each of last step's arbiters (those
    /// in the solver until this step hands in its own), with each rolling
    /// row's impulse as the step left it; empty if no surface moved or
    /// resisted rolling.
    pub fn surfaces(&self) -> &[Surface] {
        &self.wide.cache.surfaces
    }

    /// Each body's centre and angle at the step's start.
    pub fn starts(&self) -> &[(Vec2, f32)] {
        &self.wide.cache.starts
    }

    /// Whether each body moved far enough this step for chapter 12's sweep,
    /// as [`Parts::any_moved_far`] found.
    pub fn far(&self) -> &[bool] {
        &self.wide.cache.far
    }
}

/// Body `i` of `bodies` placed as the contacts see it this step (its
/// rotation the pose's `wide` keeps): [`Parts::placed`] for a caller that
/// holds other parts of the step at the same time.
pub fn placed(
    bodies: &[Body],
    wide: &crate::Wide,
    i: usize,
) -> ch12_continuous::Transform {
    wide.cache.poses[i].transform(&bodies[i])
}
