//! The tree as the world's broad phase, with a pair set kept from step to
//! step. Chapter 8's sort and sweep starts again every step: it sorts
//! every box and sweeps every box. Here a body costs something only when
//! it leaves its fat box, which a body at rest, or moving slowly, does
//! rarely:
//!
//! - a moved leaf asks the tree what its new fat box overlaps, and those
//!   pairs join the set;
//! - a pair leaves the set when its two fat boxes no longer overlap.
//!
//! Pairs whose leaves did not move keep their state: their fat boxes are
//! the same as last step, so they overlap exactly as they did. The set is
//! therefore always every pair of overlapping fat boxes, which the tests
//! check against brute force; all but the pairs of two static bodies,
//! which can never collide and are never kept.

use crate::query::shape_bounds;
use crate::tree::{Bounds, Piece, Proxy, Tree};
use ch11_polygons::{Body, SPECULATIVE_DISTANCE, Shape};
use ch12_continuous::Transform;
use glam::Vec2;
use physics_core::slices::keep_into;

/// What the tree broad phase did in the last step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseReport {
    /// Leaves that left their fat box and were put back in the tree.
    pub moved: usize,
    /// Pairs that joined the set.
    pub found: usize,
    /// Pairs in the set.
    pub pairs: usize,
}

// ANCHOR: tree_phase
/// A leaf per body, and the set of pairs whose fat boxes overlap.
#[derive(Clone, Debug, Default)]
pub struct TreePhase {
    /// The tree finds the step's pairs; off, chapter 8's sort and sweep
    /// (or all pairs, chapter 8's own switch) does.
    pub on: bool,
    pub tree: Tree,
    /// Each body's leaf.
    proxies: Vec<Proxy>,
    /// Each body's fat box, as its leaf holds it: the pair set is tested
    /// pair by pair, and reading the boxes in the bodies' order saves
    /// finding each leaf's node wherever the tree put it.
    fat: Vec<Bounds>,
    /// Each body's tight box, as [`TreePhase::tight`] found it last.
    tight: Vec<Bounds>,
    /// Each body's position when the broad phase last ran: its motion
    /// since stretches its fat box.
    last: Vec<Vec2>,
    /// Bodies whose leaves moved since their pairs were last looked for.
    moved: Vec<bool>,
    /// Bodies without mass when their leaves were made: static, as far as
    /// the phase can tell. No pair of two of them is kept, for two static
    /// bodies never collide (a thousand walls stacked on one spot would
    /// otherwise keep half a million pairs). A static leaf never asks the
    /// tree for its pairs: the moving leaves find it. A sleeper held still
    /// by the step looks static too; once it is seen with its mass back,
    /// it counts as moving, and its pairs are looked for again.
    fixed: Vec<bool>,
    /// A static leaf was made since pairs were last looked for: every
    /// moving leaf asks, moved or not, so that each finds it.
    fixed_added: bool,
    /// Scratch: the leaves to move this step, with their bodies' tight
    /// boxes and last motion.
    moving: Vec<(Proxy, Bounds, Vec2)>,
    /// Every pair of bodies whose fat boxes overlap, sorted.
    pairs: Vec<Pair>,
    /// Scratch: the pairs found this step, and the set merged with them.
    found: Vec<Pair>,
    merged: Vec<Pair>,
    /// The pairs of the set whose tight boxes overlap: what the narrow
    /// phase gets.
    touching: Vec<Pair>,
    pub report: PhaseReport,
}
// ANCHOR_END: tree_phase

impl TreePhase {
    /// Leaves fattened by `margin`, metres.
    pub fn new(margin: f32) -> TreePhase {
        TreePhase { on: true, tree: Tree::new(margin), ..TreePhase::default() }
    }

    // ANCHOR: tight
    /// The box a body needs in the broad phase this step: its shape's own
    /// box, grown by its speculative margin and half the fixed contact
    /// distance. Two shapes whose contact the narrow phase would report
    /// are nearer than the sum of their margins and the distance; their
    /// boxes, nearer still, then overlap.
    pub fn tight(b: &Body, shape: &Shape, margin: f32) -> Bounds {
        Self::tight_around(shape_bounds(shape, &b.transform()), margin)
    }

    /// [`TreePhase::tight`] for a shape whose own box, where it is, is
    /// `shape_box`, for a caller that has found that box already.
    pub fn tight_around(shape_box: Bounds, margin: f32) -> Bounds {
        shape_box.grown(margin + 0.5 * SPECULATIVE_DISTANCE)
    }
    // ANCHOR_END: tight

    /// Each body's leaf follows its box (`margins`: each body's
    /// speculative margin): a new body gets a leaf, a body that left its
    /// fat box is put back with a new one. Bodies taken away (a smaller
    /// world) start the tree again.
    pub fn sync(&mut self, bodies: &[Body], shapes: &[Shape], margins: &[f32]) {
        self.sync_with(bodies, |i| Self::tight(&bodies[i], &shapes[i], margins[i]));
    }

    /// [`TreePhase::sync`] with each body's tight box given by `tight`,
    /// found however the caller likes (each box is independent of the
    /// others).
    pub fn sync_with(
        &mut self,
        bodies: &[impl Leaf],
        tight: impl Fn(usize) -> Bounds,
    ) {
        if self.proxies.len() > bodies.len() {
            *self = TreePhase::new(self.tree.margin);
        }
        for (i, b) in bodies.iter().enumerate() {
            if b.gone() {
                // An empty place (chapter 15): no leaf, until it is taken.
                if i == self.proxies.len() {
                    self.proxies.push(GONE);
                    self.tight.push(Bounds::default());
                    self.fat.push(Bounds::default());
                    self.last.push(b.at());
                    self.moved.push(false);
                    self.fixed.push(false);
                }
                continue;
            }
            let held = b.held();
            if i < self.proxies.len() && self.proxies[i] != GONE {
                // A static body, or a sleeping one held still, stays where
                // its leaf is.
                if held {
                    continue;
                }
                // A sleeper that was held when its leaf was made, awake:
                // the pairs it was not given with static leaves are found.
                if self.fixed[i] {
                    self.fixed[i] = false;
                    self.moved[i] = true;
                }
            }
            let tight = tight(i);
            if i == self.proxies.len() {
                let proxy = self.tree.insert(tight, i);
                self.tight.push(tight);
                self.fat.push(self.tree.fat_bounds(proxy));
                self.proxies.push(proxy);
                self.last.push(b.at());
                self.moved.push(true);
                self.fixed.push(held);
                self.fixed_added |= held;
            } else if self.proxies[i] == GONE {
                // A place taken again after its leaf was removed.
                let proxy = self.tree.insert(tight, i);
                (self.tight[i], self.fat[i]) = (tight, self.tree.fat_bounds(proxy));
                (self.proxies[i], self.last[i], self.moved[i]) =
                    (proxy, b.at(), true);
                self.fixed[i] = held;
                self.fixed_added |= held;
            } else {
                self.tight[i] = tight;
                // Still inside its fat box: the leaf stays. (Asked of the
                // copy kept in the bodies' order, read straight through,
                // not of the leaf's node wherever the tree put it.)
                if self.fat[i].contains(tight) {
                    continue;
                }
                let moved = b.at() - self.last[i];
                self.moving.push((self.proxies[i], tight, moved));
                self.moved[i] = true;
            }
        }
        // The leaves that left their fat boxes, moved all together.
        self.tree.move_many(&self.moving);
        for &(proxy, ..) in &self.moving {
            let i = self.tree.item(proxy);
            self.fat[i] = self.tree.fat_bounds(proxy);
        }
        self.moving.clear();
    }

    /// The broad phase for one step, each body's box its
    /// [`TreePhase::tight`] box with its margin: see
    /// [`TreePhase::update_with`].
    pub fn update(
        &mut self,
        bodies: &[Body],
        shapes: &[Shape],
        margins: &[f32],
    ) -> &[Pair] {
        self.update_with(bodies, |i| {
            Self::tight(&bodies[i], &shapes[i], margins[i])
        })
    }

    // ANCHOR: update
    /// The broad phase for one step: leaves follow their bodies (body `i`'s
    /// tight box is `tight(i)`), each moved leaf asks the tree for the
    /// boxes it now overlaps, and one walk along the set and the pairs
    /// found makes the new set: a pair leaves when its fat boxes parted,
    /// a pair found joins. Returns the pair set.
    pub fn update_with(
        &mut self,
        bodies: &[impl Leaf],
        tight: impl Fn(usize) -> Bounds,
    ) -> &[Pair] {
        self.sync_with(bodies, tight);
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        for i in self.moved_leaves() {
            self.pairs_of(i, &mut found);
        }
        found.sort_unstable();
        self.join(bodies, &found);
        self.found = found;
        &self.pairs
    }

    /// The bodies whose leaves ask the tree for their pairs, in order:
    /// the moving bodies whose leaves moved since their pairs were last
    /// looked for, or every moving body once a static leaf is new.
    pub fn moved_leaves(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.moved.len()).filter(|&i| self.asks(i))
    }

    /// Whether body `i`'s leaf asks the tree for its pairs (see
    /// [`TreePhase::moved_leaves`]).
    fn asks(&self, i: usize) -> bool {
        !self.fixed[i] && (self.moved[i] || self.fixed_added)
    }

    /// Into `found`, the pairs leaf `i` (one of the
    /// [`TreePhase::moved_leaves`]) makes with the leaves its fat box
    /// overlaps, but none of two static leaves. Two leaves that ask would
    /// find each other twice: the pair is the lower one's to find. (It only
    /// reads the tree, so many leaves may ask at once.)
    pub fn pairs_of(&self, i: usize, found: &mut Vec<Pair>) {
        let fixed = &self.fixed;
        self.tree.query(self.fat[i], |_, j| {
            if j != i && !(self.asks(j) && j < i) && !(fixed[i] && fixed[j]) {
                found.push(Pair::new(i.min(j), i.max(j)));
            }
        });
    }

    /// Into `found`, the pairs of `piece` (one of the tree's
    /// [`Tree::pieces`]) with a leaf that asks: all the pieces together
    /// find what [`TreePhase::pairs_of`] finds for all the
    /// [`TreePhase::moved_leaves`], each pair once. When most leaves have
    /// moved, this search of the tree against itself meets each pair of
    /// nodes once, where every moved leaf's own question starts again
    /// from the root. The pieces are independent of each other.
    pub fn pairs_in(&self, piece: Piece, found: &mut Vec<Pair>) {
        self.tree.pairs_in(piece, |i, j| {
            if self.asks(i) | self.asks(j) {
                found.push(Pair::new(i.min(j), i.max(j)));
            }
        });
    }

    /// The pairs `found` for the moved leaves (sorted)
    /// joined to the set, the set less the pairs whose fat boxes parted;
    /// then every leaf counts as looked at, and each body's position is
    /// kept for the next step.
    pub fn join(&mut self, bodies: &[impl Leaf], found: &[Pair]) {
        self.join_with(bodies, found, |set, found, stays, into| {
            merge(set, found, |pair| stays.test(pair), into)
        });
    }

    /// [`TreePhase::join`], the walk along the set and the pairs found made
    /// by `walk(set, found, stays, into)`, which leaves in `into` (holding
    /// what it held the step before, to be written over) what [`merge`]
    /// would and returns what it would (the walk may be cut in pieces).
    pub fn join_with(
        &mut self,
        bodies: &[impl Leaf],
        found: &[Pair],
        walk: impl FnOnce(&[Pair], &[Pair], Stays<'_>, &mut Vec<Pair>) -> usize,
    ) {
        for (last, b) in self.last.iter_mut().zip(bodies) {
            *last = b.at();
        }
        let (fat, moved) = (&self.fat, &self.moved);
        let (count, mut joined) = (moved.iter().filter(|&&m| m).count(), 0);
        if count > 0 {
            joined =
                walk(&self.pairs, found, Stays { fat, moved }, &mut self.merged);
            std::mem::swap(&mut self.pairs, &mut self.merged);
        }
        self.moved.fill(false);
        self.fixed_added = false;
        self.report =
            PhaseReport { moved: count, found: joined, pairs: self.pairs.len() };
    }
    // ANCHOR_END: update

    /// The pair set as the last update left it.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    // ANCHOR: may_touch
    /// Whether bodies `a` and `b` may touch this step: their tight boxes
    /// overlap. A pair of the set whose fat boxes overlap but whose tight
    /// boxes do not is too far apart for the narrow phase to report.
    pub fn may_touch(&self, pair: Pair) -> bool {
        let (a, b) = pair.bodies();
        self.tight[a].overlaps(self.tight[b])
    }

    /// The broad phase for one step, handed to chapter 8's solver: the
    /// set after [`TreePhase::update`], less the pairs whose tight boxes
    /// do not overlap (tested first: it leaves out the most), less what
    /// chapters 8 and 9 leave out (pairs that cannot move, pairs a joint
    /// holds).
    pub fn hand_over(
        &mut self,
        solver: &mut ch08_sequential_impulses::World,
        joints: &mut ch09_joints::Joints,
        shapes: &[Shape],
        margins: &[f32],
    ) {
        self.update(&solver.bodies, shapes, margins);
        self.pass_on(solver, joints, |_, b| b.transform());
    }

    /// The set, less the pairs whose tight boxes do not overlap, to
    /// chapter 8's solver, body `i` placed by `place(i, body)`.
    pub fn pass_on(
        &mut self,
        solver: &mut ch08_sequential_impulses::World,
        joints: &mut ch09_joints::Joints,
        place: impl Fn(usize, &Body) -> Transform,
    ) {
        self.pass_on_with(solver, joints, place, |phase, touching| {
            keep_into(&phase.pairs, touching, |pair| phase.may_touch(pair))
        });
    }

    /// [`TreePhase::pass_on`], the pairs that may touch found by
    /// `keep(self, touching)`, which writes them to the front of `touching`
    /// and returns how many.
    pub fn pass_on_with(
        &mut self,
        solver: &mut ch08_sequential_impulses::World,
        joints: &mut ch09_joints::Joints,
        place: impl Fn(usize, &Body) -> Transform,
        keep: impl FnOnce(&Self, &mut Vec<Pair>) -> usize,
    ) {
        let mut touching = std::mem::take(&mut self.touching);
        // With nothing that can move (a pile asleep, held still for the
        // step), no pair would be kept: the set is not walked at all.
        let mut kept = 0;
        if solver.bodies.iter().any(|b| b.inv_mass > 0.0) {
            kept = keep(self, &mut touching);
        }
        let pairs = touching[..kept].iter().map(|pair| pair.bodies());
        solver.broad_phase_from(pairs, place);
        joints.drop_held_pairs(solver);
        self.touching = touching;
    }
    // ANCHOR_END: may_touch

    /// Take leaf `i` out of the tree and its pairs out of the set (chapter
    /// 15's shapes, destroyed while the world runs). Its place stays,
    /// empty, until an item in that place has a box again; until then its
    /// `held` must say so, or the next update puts it back.
    pub fn remove(&mut self, i: usize) {
        if self.proxies.get(i).is_some_and(|&p| p != GONE) {
            self.tree.remove(self.proxies[i]);
            self.proxies[i] = GONE;
            self.moved[i] = false;
            self.fixed[i] = false;
            self.pairs.retain(|p| {
                let (a, b) = p.bodies();
                a != i && b != i
            });
        }
    }

    /// Body `i`'s fat box.
    pub fn fat_bounds(&self, i: usize) -> Bounds {
        self.tree.fat_bounds(self.proxies[i])
    }

    /// How many bodies have leaves.
    pub fn len(&self) -> usize {
        self.proxies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.proxies.is_empty()
    }
}

/// What the broad phase needs of each leaf's owner: whether it stays where
/// its leaf is this step (static, or asleep and held still), and where it
/// is. Chapter 13's leaves are bodies; chapter 15's, shapes, whose places
/// may be empty (`gone`).
pub trait Leaf {
    fn held(&self) -> bool;
    fn at(&self) -> Vec2;
    fn gone(&self) -> bool {
        false
    }
}

impl Leaf for Body {
    fn held(&self) -> bool {
        self.inv_mass == 0.0
    }

    fn at(&self) -> Vec2 {
        self.position
    }
}

/// A removed leaf's place.
const GONE: Proxy = usize::MAX;

// ANCHOR: pair
/// Two bodies `(a, b)` as one number, `a` in its high 32 bits and `b` in
/// its low 32 (a world holds far fewer than 2^32 bodies, so the halves
/// never mix): the numbers sort as the pairs do, `a` first, and compare
/// in one instruction, not field by field. The set of a landing pile holds
/// a hundred thousand pairs or more, and every step walks it: as numbers
/// of 8 bytes, not two `usize` of 8 each, the walk reads half the memory.
/// The tree finds each pair once, so no two pairs found are equal, and any
/// sort of them, on any number of threads, gives the same order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair(u64);

impl Pair {
    /// Bodies `a` and `b` (the broad phase puts the lower first).
    pub fn new(a: usize, b: usize) -> Pair {
        debug_assert!(a <= u32::MAX as usize && b <= u32::MAX as usize);
        Pair((a as u64) << 32 | b as u64)
    }

    /// The two bodies, as [`Pair::new`] was given them.
    pub fn bodies(self) -> (usize, usize) {
        ((self.0 >> 32) as usize, self.0 as u32 as usize)
    }
}

impl From<(usize, usize)> for Pair {
    fn from((a, b): (usize, usize)) -> Pair {
        Pair::new(a, b)
    }
}
// ANCHOR_END: pair

/// Whether a pair of the set stays in it: a pair of unmoved leaves
/// overlaps as it did; a pair with a moved leaf, if the fat boxes overlap.
#[derive(Clone, Copy, Debug)]
pub struct Stays<'a> {
    fat: &'a [Bounds],
    moved: &'a [bool],
}

impl Stays<'_> {
    /// (In a pile, pairs go or stay at random: the test is made without a
    /// branch.)
    #[inline]
    pub fn test(&self, pair: Pair) -> bool {
        let (a, b) = pair.bodies();
        !(self.moved[a] | self.moved[b]) | self.fat[a].overlaps(self.fat[b])
    }
}

// ANCHOR: merge
/// The sorted pairs `old` that `stays` keeps, merged with the sorted
/// pairs `found` (which all stay), each pair once, into `into`, sorted.
/// Every pair is written where the next kept one goes, and counted only
/// if it stays: a walk without a branch on the test. Returns how many of
/// `found` were not in `old`. (Pairs of any kind that sort: the broad
/// phase's [`Pair`]s, a test's tuples.)
pub fn merge<P: Copy + Ord + Default>(
    old: &[P],
    found: &[P],
    stays: impl Fn(P) -> bool,
    into: &mut Vec<P>,
) -> usize {
    merge_at(old, found, stays, into, 0)
}

/// [`merge`] into `into` after its first `start` pairs, which stay: the
/// pieces of a walk cut up, one after another on one list.
pub fn merge_at<P: Copy + Ord + Default>(
    old: &[P],
    found: &[P],
    stays: impl Fn(P) -> bool,
    into: &mut Vec<P>,
    start: usize,
) -> usize {
    // Room for every pair; what `into` held past `start` is written over,
    // not cleared (clearing and filling again would write the whole set
    // twice).
    into.resize(start + old.len() + found.len(), P::default());
    let out = &mut into[start..];
    let (mut i, mut j, mut kept, mut new) = (0, 0, 0, 0);
    while i < old.len() && j < found.len() {
        let (p, q) = (old[i], found[j]);
        out[kept] = p.min(q);
        kept += usize::from((q <= p) | stays(p));
        new += usize::from(q < p);
        i += usize::from(p <= q);
        j += usize::from(q <= p);
    }
    for &p in &old[i..] {
        out[kept] = p;
        kept += usize::from(stays(p));
    }
    out[kept..kept + found.len() - j].copy_from_slice(&found[j..]);
    into.truncate(start + kept + found.len() - j);
    new + found.len() - j
}
// ANCHOR_END: merge

/// Why a run cannot go on, when the broad phase keeps `pairs` pairs, more
/// than `most` ([`physics_core::scene::limits::MAX_PAIRS`] in the demos):
/// bodies crowded onto one place, each overlapping all the others, whose
/// pairs and contacts would soon need more memory than the machine has.
pub fn crowded(pairs: usize, most: usize) -> Option<String> {
    (pairs > most).then(|| {
        format!(
            "{pairs} pairs of bodies overlap, more than the {most} a run may keep \
             (the bodies have crowded onto one place)"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{merge, merge_at};
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    proptest! {
        /// The walk gives what sets give: the old pairs that stay, and every
        /// pair found, sorted and each once, written over the leftovers
        /// `into` starts with, as it does in the broad phase, or after the
        /// first `start` of them, which stay (a list that holds earlier
        /// pieces of the walk); and it counts the pairs found that were not
        /// held.
        #[test]
        fn merge_is_the_union_of_what_stays_and_what_was_found(
            old in proptest::collection::btree_set((0usize..30, 0usize..30), 0..60),
            found in proptest::collection::btree_set((0usize..30, 0usize..30), 0..60),
            gone in proptest::collection::btree_set((0usize..30, 0usize..30), 0..60),
            leftovers in proptest::collection::vec((0usize..30, 0usize..30), 0..200),
            start in 0usize..200,
        ) {
            let (old_list, found_list): (Vec<_>, Vec<_>) =
                (old.iter().copied().collect(), found.iter().copied().collect());
            let stays = |p: (usize, usize)| !gone.contains(&p);
            let expected: BTreeSet<_> =
                old.iter().copied().filter(|&p| stays(p)).chain(found.iter().copied()).collect();
            let expected: Vec<_> = expected.into_iter().collect();
            let mut into = leftovers.clone();
            let joined = merge(&old_list, &found_list, stays, &mut into);
            prop_assert_eq!(&into, &expected);
            let start = start.min(leftovers.len());
            let mut after = leftovers.clone();
            let joined_after = merge_at(&old_list, &found_list, stays, &mut after, start);
            prop_assert_eq!(&after[..start], &leftovers[..start]);
            prop_assert_eq!(&after[start..], &expected[..]);
            prop_assert_eq!(joined_after, joined);
            prop_assert_eq!(joined, found.difference(&old).count());
        }
    }
}
