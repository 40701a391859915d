//! Islands and sleeping. Bodies that touch, or are joined, move together:
//! a push on one reaches the others within the step. Such a group is an
//! *island*, a connected component of the graph whose nodes are the
//! moving bodies and whose edges are touching contacts and joints (static
//! bodies are not nodes: a floor does not join everything on it into one
//! island). An island whose every body has been still for half a second
//! goes to sleep: its bodies stop being stepped until something awake
//! touches one of them.

// ANCHOR: union_find
/// Union-find over `n` items: which set each belongs to, with the sets
/// merged as edges arrive. Each item points towards a representative of
/// its set; path halving and union by size keep every query nearly
/// constant time.
#[derive(Clone, Debug, Default)]
pub struct UnionFind {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl UnionFind {
    /// `n` items, each its own set.
    pub fn new(n: usize) -> UnionFind {
        UnionFind { parent: (0..n).collect(), size: vec![1; n] }
    }

    /// The representative of `i`'s set ([`find`]).
    pub fn find(&mut self, i: usize) -> usize {
        find(&mut self.parent, i)
    }

    /// Merge the sets of `a` and `b` ([`union`]).
    pub fn union(&mut self, a: usize, b: usize) {
        union(&mut self.parent, &mut self.size, a, b)
    }
}
// ANCHOR_END: union_find

#[cfg(feature = "exercises")]
pub use crate::exercises::{find, union};

#[cfg(not(feature = "exercises"))]
// ANCHOR: find
// ANCHOR: find_signature
/// The representative of `i`'s set, `parent` pointing each item towards
/// it; halving the path on the way.
pub fn find(parent: &mut [usize], mut i: usize) -> usize {
    // ANCHOR_END: find_signature
    while parent[i] != i {
        // Path halving: point at the grandparent on the way up.
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}
// ANCHOR_END: find

#[cfg(not(feature = "exercises"))]
// ANCHOR: union
// ANCHOR: union_signature
/// Merge the sets of `a` and `b`, `size` counting each representative's
/// set: the smaller joins the larger.
pub fn union(parent: &mut [usize], size: &mut [usize], a: usize, b: usize) {
    // ANCHOR_END: union_signature
    let (mut a, mut b) = (find(parent, a), find(parent, b));
    if a == b {
        return;
    }
    if size[a] < size[b] {
        std::mem::swap(&mut a, &mut b);
    }
    parent[b] = a;
    size[a] += size[b];
}
// ANCHOR_END: union

/// When a body counts as still, and for how long before its island sleeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SleepSettings {
    /// A body is still while no point of it moves faster than this, m/s:
    /// its centre's speed plus its spin times its reach.
    pub speed: f32,
    /// Every body of an island still this long, s: it sleeps.
    pub time_to_sleep: f32,
}

impl Default for SleepSettings {
    /// Box2D v3's: 5 cm/s, half a second.
    fn default() -> Self {
        SleepSettings { speed: 0.05, time_to_sleep: 0.5 }
    }
}

// ANCHOR: is_still
/// Whether a body moving at `velocity`, spinning at `spin`, with points
/// up to `reach` from its centre, is still: its fastest point slower
/// than `limit`. Spin counts through the reach: a pebble of 1 cm reach
/// turning at 0.1 rad/s moves its surface a millimetre a second; a
/// 10 m plank turning as slowly moves its ends, 5 m from its centre, at
/// half a metre a second.
pub fn is_still(velocity: glam::Vec2, spin: f32, reach: f32, limit: f32) -> bool {
    velocity.length() + spin.abs() * reach < limit
}
// ANCHOR_END: is_still
