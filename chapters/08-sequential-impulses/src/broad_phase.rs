//! Chapter 8's broad phase: which pairs of bodies may touch, by sort and sweep on
//! their bounding boxes (or all pairs, to compare), kept next door to the solver as
//! Box2D keeps its `broad_phase.c`. The page shows it after the solver.

use crate::{Body, BroadPhase, Shape, Transform, World};
use glam::Vec2;

/// Where the broad phase keeps its work between steps, so a step allocates nothing
/// once the world has settled into its size.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Scratch {
    /// Each body's transform this step (one sine and cosine per body, not per
    /// pair).
    pub(crate) transforms: Vec<Transform>,
    /// Each body's index and bounding box, sorted by the box's left edge:
    /// nearly sorted already next step, and swept without a lookup.
    sweep: Vec<(usize, (Vec2, Vec2))>,
    /// This step's candidate pairs `(low, high)`, sorted.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// Last step's arbiters, while this step's are built.
    pub(crate) previous: Vec<crate::Arbiter>,
    /// The pairs a joint holds, sorted: they do not collide.
    joined: Vec<(usize, usize)>,
}

impl World {
    // ANCHOR: broad_phase
    /// Stage 1: `scratch.pairs`, every pair `(low, high)` that may touch,
    /// sorted, less pairs of static bodies and pairs a joint holds. Body
    /// `i`'s box, placed by `t`, is `bounds(i, body, t)`: here its shape's
    /// [`bounding_box`]; a chapter whose bodies keep their shapes elsewhere
    /// gives its own.
    pub fn broad_phase(
        &mut self,
        bounds: impl Fn(usize, &Body, &Transform) -> (Vec2, Vec2),
    ) {
        let s = &mut self.scratch;
        s.transforms.clear();
        s.transforms.extend(self.bodies.iter().map(|b| b.transform()));
        s.pairs.clear();
        let movable = |i: usize| self.bodies[i].inv_mass > 0.0;
        let n = self.bodies.len();
        match self.settings.broad_phase {
            BroadPhase::AllPairs => {
                for a in 0..n {
                    for b in a + 1..n {
                        if movable(a) || movable(b) {
                            s.pairs.push((a, b));
                        }
                    }
                }
            }
            BroadPhase::SortAndSweep => {
                if s.sweep.len() != n {
                    s.sweep =
                        (0..n).map(|i| (i, (Vec2::ZERO, Vec2::ZERO))).collect();
                }
                // Last step's order with this step's boxes, then by left
                // edge, then index: the same order on every run.
                for (i, placed) in s.sweep.iter_mut() {
                    *placed = bounds(*i, &self.bodies[*i], &s.transforms[*i]);
                }
                s.sweep.sort_unstable_by(|(i, (lo_i, _)), (j, (lo_j, _))| {
                    lo_i.x.total_cmp(&lo_j.x).then(i.cmp(j))
                });
                for (k, &(i, (lo, hi))) in s.sweep.iter().enumerate() {
                    for &(j, (lo_j, hi_j)) in &s.sweep[k + 1..] {
                        if lo_j.x > hi.x {
                            break; // this box and all later ones start past i's end
                        }
                        let overlap_y = lo_j.y <= hi.y && lo.y <= hi_j.y;
                        if overlap_y && (movable(i) || movable(j)) {
                            s.pairs.push((i.min(j), i.max(j)));
                        }
                    }
                }
                s.pairs.sort_unstable();
            }
        }
        self.drop_joined_pairs();
    }
    // ANCHOR_END: broad_phase

    /// Less the pairs a joint holds: they do not collide.
    fn drop_joined_pairs(&mut self) {
        if self.joints.is_empty() {
            return;
        }
        let s = &mut self.scratch;
        s.joined.clear();
        s.joined.extend(
            self.joints
                .iter()
                .map(|j| (j.body_a.min(j.body_b), j.body_a.max(j.body_b))),
        );
        s.joined.sort_unstable();
        let joined = &s.joined;
        s.pairs.retain(|p| joined.binary_search(p).is_err());
    }

    /// Stage 1 with the candidate pairs found by another broad phase
    /// (chapter 13's tree): the same result as [`World::broad_phase`] for
    /// the same candidates, sorted and each once, less pairs of static
    /// bodies and pairs a joint holds. Body `i` is placed for the narrow
    /// phase by `place(i, body)`.
    pub fn broad_phase_from(
        &mut self,
        pairs: impl IntoIterator<Item = (usize, usize)>,
        place: impl Fn(usize, &Body) -> Transform,
    ) {
        let (bodies, s) = (&self.bodies, &mut self.scratch);
        s.transforms.clear();
        s.transforms.extend(bodies.iter().enumerate().map(|(i, b)| place(i, b)));
        let movable = |i: usize| bodies[i].inv_mass > 0.0;
        s.pairs.clear();
        s.pairs.extend(
            pairs
                .into_iter()
                .filter(|&(a, b)| a != b && (movable(a) || movable(b)))
                .map(|(a, b)| (a.min(b), a.max(b))),
        );
        s.pairs.sort_unstable();
        s.pairs.dedup();
        self.drop_joined_pairs();
    }

    /// Keep only the broad phase's pairs `(low, high)` for which `keep`
    /// holds: a later chapter's joints drop the pairs they hold.
    pub fn retain_pairs(&mut self, mut keep: impl FnMut(usize, usize) -> bool) {
        self.scratch.pairs.retain(|&(a, b)| keep(a, b));
    }

    /// How many pairs the broad phase handed the narrow phase this step.
    pub fn pairs_tested(&self) -> usize {
        self.scratch.pairs.len()
    }

    /// The broad phase's pairs `(low, high)` of this step, sorted, and
    /// each body's transform: what the narrow phase will test, for a
    /// later chapter that tests them on several threads first.
    pub fn pairs(&self) -> (&[(usize, usize)], &[Transform]) {
        (&self.scratch.pairs, &self.scratch.transforms)
    }
}

// ANCHOR: bounding_box
/// The smallest axis-aligned box around `shape` placed by `t`: lower
/// and upper corner. A turned box reaches `|R| h` from its centre.
pub fn bounding_box(shape: &Shape, t: &Transform) -> (Vec2, Vec2) {
    let reach = match *shape {
        Shape::Circle(c) => Vec2::splat(c.radius),
        Shape::Box(o) => {
            let r = t.rotation;
            r.x_axis.abs() * o.half_extents.x + r.y_axis.abs() * o.half_extents.y
        }
    };
    (t.position - reach, t.position + reach)
}
// ANCHOR_END: bounding_box
