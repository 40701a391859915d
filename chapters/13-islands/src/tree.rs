//! A dynamic bounding-volume tree: every body's box a leaf, every inner
//! node the box round its two children. A query walks down only into
//! boxes it overlaps, so finding what touches one box costs about the
//! tree's height, not the number of bodies.
//!
//! Three ideas keep it fast as bodies move. Leaves hold *fat* boxes,
//! grown by a margin and stretched along the body's motion, so a body
//! that moves a little stays inside its leaf and the tree is not touched.
//! A new leaf goes where it adds the least *surface* (in 2D, perimeter)
//! to the tree: the surface-area heuristic. And after each insert or
//! removal the nodes on the way up are rebalanced by rotations, so the
//! height stays near `log2 n`.

use glam::Vec2;

// ANCHOR: bounds
/// An axis-aligned box: its lower and upper corners.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bounds {
    pub lower: Vec2,
    pub upper: Vec2,
}

impl Bounds {
    pub fn new(lower: Vec2, upper: Vec2) -> Bounds {
        Bounds { lower, upper }
    }

    /// The box round both.
    pub fn union(self, other: Bounds) -> Bounds {
        Bounds {
            lower: self.lower.min(other.lower),
            upper: self.upper.max(other.upper),
        }
    }

    /// Its perimeter: the 2D "surface area" the heuristic weighs.
    pub fn perimeter(self) -> f32 {
        let size = self.upper - self.lower;
        2.0 * (size.x + size.y)
    }

    /// Whether it holds `other` entirely.
    pub fn contains(self, other: Bounds) -> bool {
        self.lower.cmple(other.lower).all() && other.upper.cmple(self.upper).all()
    }

    /// Whether the two overlap (touching counts).
    pub fn overlaps(self, other: Bounds) -> bool {
        self.lower.cmple(other.upper).all() & other.lower.cmple(self.upper).all()
    }

    /// Grown by `margin` on every side.
    pub fn grown(self, margin: f32) -> Bounds {
        Bounds {
            lower: self.lower - Vec2::splat(margin),
            upper: self.upper + Vec2::splat(margin),
        }
    }
}
// ANCHOR_END: bounds

/// A part of the search for overlapping leaves ([`Tree::pieces`]): the
/// pairs inside one subtree, or the pairs across two subtrees whose boxes
/// overlap (nodes of the tree, as it stands when the piece is made).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The pairs of leaves under one node.
    Within(usize),
    /// The pairs with one leaf under each node.
    Across(usize, usize),
}

/// A leaf's handle: stable while the leaf lives.
pub type Proxy = usize;

const NONE: usize = usize::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    bounds: Bounds,
    parent: usize,
    /// `NONE` for a leaf.
    children: [usize; 2],
    /// For a leaf: what it stands for (a body's index).
    item: usize,
    /// Leaves are 0; a free node is `-1`.
    height: i32,
}

impl Node {
    fn is_leaf(&self) -> bool {
        self.children[0] == NONE
    }
}

// ANCHOR: tree
/// The tree. Leaves' boxes are fattened by [`Tree::margin`].
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    root: usize,
    free: Vec<usize>,
    /// How far a leaf's box reaches beyond its body's, metres.
    pub margin: f32,
    /// Swap nodes of equal height on the way up when that shrinks a box
    /// (`Tree::swap_for_area`); on unless a test turns it off.
    pub area_swaps: bool,
}
// ANCHOR_END: tree

impl Default for Tree {
    fn default() -> Self {
        Tree::new(0.1)
    }
}

impl Tree {
    /// An empty tree whose leaves are fattened by `margin`.
    pub fn new(margin: f32) -> Tree {
        Tree {
            nodes: Vec::new(),
            root: NONE,
            free: Vec::new(),
            margin,
            area_swaps: true,
        }
    }

    fn allocate(&mut self, node: Node) -> usize {
        match self.free.pop() {
            Some(i) => {
                self.nodes[i] = node;
                i
            }
            None => {
                self.nodes.push(node);
                self.nodes.len() - 1
            }
        }
    }

    fn release(&mut self, i: usize) {
        self.nodes[i].height = -1;
        self.free.push(i);
    }

    // ANCHOR: insert
    /// Add a leaf for `item` whose tight box is `bounds`; its fat box is
    /// `bounds` grown by the margin.
    pub fn insert(&mut self, bounds: Bounds, item: usize) -> Proxy {
        let leaf = self.allocate(Node {
            bounds: bounds.grown(self.margin),
            parent: NONE,
            children: [NONE, NONE],
            item,
            height: 0,
        });
        self.insert_leaf(leaf);
        leaf
    }
    // ANCHOR_END: insert

    /// Take the leaf `proxy` out.
    pub fn remove(&mut self, proxy: Proxy) {
        self.remove_leaf(proxy);
        self.release(proxy);
    }

    // ANCHOR: move_proxy
    /// The leaf's body now has the tight box `bounds` and moved by
    /// `displacement` in the last step. If the fat box still holds it,
    /// nothing changes and this returns false. Otherwise the leaf is
    /// re-inserted with a new fat box ([`Tree::fattened`]), and this
    /// returns true.
    pub fn move_proxy(
        &mut self,
        proxy: Proxy,
        bounds: Bounds,
        displacement: Vec2,
    ) -> bool {
        if self.nodes[proxy].bounds.contains(bounds) {
            return false;
        }
        self.remove_leaf(proxy);
        self.nodes[proxy].bounds = self.fattened(bounds, displacement);
        self.insert_leaf(proxy);
        true
    }

    /// The fat box for a body whose tight box is `bounds` and which moved
    /// by `displacement` in the last step: grown by the margin, and
    /// stretched four steps of that motion ahead (where the body is
    /// heading), as Box2D v2.4 stretches its boxes, so that a falling body
    /// leaves its box every few steps, not every other.
    pub fn fattened(&self, bounds: Bounds, displacement: Vec2) -> Bounds {
        let mut fat = bounds.grown(self.margin);
        let ahead = 4.0 * displacement;
        fat.lower += ahead.min(Vec2::ZERO);
        fat.upper += ahead.max(Vec2::ZERO);
        fat
    }
    // ANCHOR_END: move_proxy

    // ANCHOR: rebuild
    /// Leaves moved at once, each `(proxy, tight box, displacement)` as
    /// [`Tree::move_proxy`] moves one. While they are few, one at a time;
    /// when at least one leaf in eight moves, each is given its new fat box
    /// where it is and the tree is built again ([`Tree::rebuild`]): a tree
    /// that thousands of leaves have left and re-entered one at a time is
    /// looser than the tree the same leaves would make together.
    pub fn move_many(&mut self, moves: &[(Proxy, Bounds, Vec2)]) {
        let leaves = (self.nodes.len() - self.free.len()).div_ceil(2);
        if moves.len() < 64.max(leaves / 8) {
            for &(proxy, bounds, displacement) in moves {
                self.move_proxy(proxy, bounds, displacement);
            }
            return;
        }
        for &(proxy, bounds, displacement) in moves {
            self.nodes[proxy].bounds = self.fattened(bounds, displacement);
        }
        self.rebuild();
    }

    /// Every inner node made again, top down, over the same leaves (each
    /// keeps its handle and its fat box): the leaves are cut into two
    /// halves of equal count (the median of their centres) along the axis
    /// their centres spread most across, and each half built the same way,
    /// so the tree is `ceil(log2 n)` deep, as shallow as a binary tree of
    /// `n` leaves can be. Each level sorts nothing, only finds its median.
    /// (Box2D v3 cuts instead at the midpoint of the centres' spread,
    /// `b2PartitionMid`, so its halves may differ in count.)
    pub fn rebuild(&mut self) {
        // Each leaf with its box's centre (doubled), side by side: finding
        // the medians compares centres many times over, and reads them here
        // in a row, not from nodes all over the tree.
        let mut leaves: Vec<(Vec2, usize)> = (0..self.nodes.len())
            .filter(|&i| self.nodes[i].height == 0)
            .map(|i| (self.nodes[i].bounds.lower + self.nodes[i].bounds.upper, i))
            .collect();
        for i in 0..self.nodes.len() {
            if self.nodes[i].height > 0 {
                self.release(i);
            }
        }
        self.root = NONE;
        if !leaves.is_empty() {
            self.root = self.build(&mut leaves);
            self.nodes[self.root].parent = NONE;
        }
    }

    /// The subtree over `leaves`, each with its centre (see
    /// [`Tree::rebuild`]): its root.
    fn build(&mut self, leaves: &mut [(Vec2, usize)]) -> usize {
        if let [(_, leaf)] = leaves {
            return *leaf;
        }
        let (mut low, mut high) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for &(c, _) in leaves.iter() {
            (low, high) = (low.min(c), high.max(c));
        }
        let spread = high - low;
        let axis = usize::from(spread.y > spread.x);
        let half = leaves.len() / 2;
        leaves.select_nth_unstable_by(half, |(a, i), (b, j)| {
            a[axis].total_cmp(&b[axis]).then(i.cmp(j))
        });
        let (first, second) = leaves.split_at_mut(half);
        let (a, b) = (self.build(first), self.build(second));
        let (na, nb) = (self.nodes[a], self.nodes[b]);
        let parent = self.allocate(Node {
            bounds: na.bounds.union(nb.bounds),
            parent: NONE,
            children: [a, b],
            item: NONE,
            height: 1 + na.height.max(nb.height),
        });
        self.nodes[a].parent = parent;
        self.nodes[b].parent = parent;
        parent
    }
    // ANCHOR_END: rebuild

    /// The leaf's fat box.
    pub fn fat_bounds(&self, proxy: Proxy) -> Bounds {
        self.nodes[proxy].bounds
    }

    /// The leaf's item.
    pub fn item(&self, proxy: Proxy) -> usize {
        self.nodes[proxy].item
    }

    /// The tree's height: 0 for one leaf, and for an empty tree.
    pub fn height(&self) -> i32 {
        if self.root == NONE { 0 } else { self.nodes[self.root].height }
    }

    /// The tree's cost: the sum of its inner nodes' perimeters, which the
    /// surface-area heuristic keeps small.
    pub fn cost(&self) -> f32 {
        let inner = self.nodes.iter().filter(|n| n.height > 0);
        inner.map(|n| n.bounds.perimeter()).sum()
    }

    /// How many leaves.
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|n| n.height == 0).count()
    }

    pub fn is_empty(&self) -> bool {
        self.root == NONE
    }

    // ANCHOR: nodes
    /// The root node, if the tree has any leaf.
    pub fn root(&self) -> Option<usize> {
        (self.root != NONE).then_some(self.root)
    }

    /// Node `node`'s box: the union of its children's, or a leaf's fat box.
    pub fn bounds(&self, node: usize) -> Bounds {
        self.nodes[node].bounds
    }

    /// Node `node`'s two children, or `None` for a leaf (whose item is
    /// [`Tree::item`]).
    pub fn children(&self, node: usize) -> Option<[usize; 2]> {
        let n = &self.nodes[node];
        (!n.is_leaf()).then_some(n.children)
    }
    // ANCHOR_END: nodes

    /// Every leaf whose fat box overlaps `bounds`: `found(proxy, item)`.
    /// It runs for every moved body every step, so the nodes still to
    /// visit wait on a `Stack` in the call's own frame, not the heap.
    pub fn query(&self, bounds: Bounds, found: impl FnMut(Proxy, usize)) {
        if self.root == NONE {
            return;
        }
        self.query_under(self.root, bounds, found);
    }

    /// [`Tree::query`] in the subtree under node `top`.
    fn query_under(
        &self,
        top: usize,
        bounds: Bounds,
        mut found: impl FnMut(Proxy, usize),
    ) {
        if !self.nodes[top].bounds.overlaps(bounds) {
            return;
        }
        // Only nodes whose boxes overlap go on the stack. Whether a child
        // overlaps is a coin toss in a crowd, so it is pushed without a
        // branch on the answer ([`Stack::push_if`]).
        let mut stack = Stack::default();
        stack.push_if(top, true);
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i];
            if node.is_leaf() {
                found(i, node.item);
                continue;
            }
            for c in node.children {
                stack.push_if(c, self.nodes[c].bounds.overlaps(bounds));
            }
        }
    }

    /// Every pair of leaves whose fat boxes overlap, each once, as items
    /// `(low, high)`, sorted.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            if node.height != 0 {
                continue;
            }
            // Each pair is found from both leaves; keep it from the lower.
            self.query(node.bounds, |j, item| {
                if j > i {
                    out.push((node.item.min(item), node.item.max(item)));
                }
            });
        }
        out.sort_unstable();
        out
    }

    /// The search for every pair of leaves whose fat boxes overlap, cut in
    /// at least `count` [`Piece`]s where the tree has that many pairs of
    /// subtrees to give: the whole tree is cut into its two halves and the
    /// pairs across them (if the halves' boxes overlap), and each piece
    /// again, round after round. Every pair of overlapping leaves is in
    /// exactly one piece; [`Tree::pairs_in`] finds a piece's.
    pub fn pieces(&self, count: usize) -> Vec<Piece> {
        let mut pieces = Vec::new();
        if self.root != NONE {
            pieces.push(Piece::Within(self.root));
        }
        let mut next = Vec::new();
        while pieces.len() < count {
            let mut cut = false;
            for &piece in &pieces {
                cut |= self.cut(piece, &mut next);
            }
            std::mem::swap(&mut pieces, &mut next);
            next.clear();
            if !cut {
                break;
            }
        }
        pieces
    }

    /// Every pair of leaves in `piece` whose fat boxes overlap, as items:
    /// `found(a, b)`, each pair once, in no order to rely on. The pieces
    /// still to search wait on a list, as [`Tree::query`]'s nodes wait on
    /// a stack; a leaf across a subtree is a question asked from that
    /// subtree down.
    pub fn pairs_in(&self, piece: Piece, mut found: impl FnMut(usize, usize)) {
        let mut waiting = vec![piece];
        while let Some(piece) = waiting.pop() {
            match piece {
                Piece::Across(a, b) if self.nodes[a].is_leaf() => {
                    let leaf = &self.nodes[a];
                    self.query_under(b, leaf.bounds, |_, item| {
                        found(leaf.item, item)
                    });
                }
                Piece::Across(a, b) if self.nodes[b].is_leaf() => {
                    let leaf = &self.nodes[b];
                    self.query_under(a, leaf.bounds, |_, item| {
                        found(item, leaf.item)
                    });
                }
                _ => {
                    self.cut(piece, &mut waiting);
                }
            }
        }
    }

    /// Into `parts`, what `piece` is made of one level down: the pairs
    /// inside a node are the pairs inside each child and the pairs across
    /// the two; the pairs across two nodes, those across each child of one
    /// and each child of the other (a leaf stands for itself), where their
    /// boxes overlap. A pair of leaves is kept whole. Returns whether the
    /// piece was cut.
    fn cut(&self, piece: Piece, parts: &mut Vec<Piece>) -> bool {
        let overlap = |a: usize, b: usize| {
            self.nodes[a].bounds.overlaps(self.nodes[b].bounds)
        };
        let halves = |a: usize| match self.nodes[a].is_leaf() {
            true => [a, NONE],
            false => self.nodes[a].children,
        };
        match piece {
            // A leaf alone has no pairs.
            Piece::Within(a) if self.nodes[a].is_leaf() => {}
            Piece::Within(a) => {
                let [left, right] = self.nodes[a].children;
                parts.extend([Piece::Within(left), Piece::Within(right)]);
                if overlap(left, right) {
                    parts.push(Piece::Across(left, right));
                }
            }
            Piece::Across(a, b) => {
                if self.nodes[a].is_leaf() && self.nodes[b].is_leaf() {
                    parts.push(piece);
                    return false;
                }
                for x in halves(a).into_iter().filter(|&x| x != NONE) {
                    for y in halves(b).into_iter().filter(|&y| y != NONE) {
                        if overlap(x, y) {
                            parts.push(Piece::Across(x, y));
                        }
                    }
                }
            }
        }
        true
    }

    // ANCHOR: tree_ray_cast
    /// The leaves a ray from `origin` along `direction` (its length the
    /// ray's length) may hit, depth first from the root: `hit(proxy, item)`
    /// returns the fraction along the ray at which the item itself is hit
    /// (or the ray's current end when it is missed), and the walk then skips
    /// every box that starts beyond the nearest hit so far.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        direction: Vec2,
        mut hit: impl FnMut(Proxy, usize, f32) -> f32,
    ) {
        if self.root == NONE {
            return;
        }
        let mut end = 1.0f32;
        let mut stack = vec![self.root];
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i];
            match ray_box(origin, direction, node.bounds) {
                Some(enter) if enter <= end => {}
                _ => continue,
            }
            if node.is_leaf() {
                end = end.min(hit(i, node.item, end));
            } else {
                stack.extend(node.children);
            }
        }
    }
    // ANCHOR_END: tree_ray_cast

    /// Every node's box and height (0 for a leaf), parents before their
    /// children: for drawing the tree.
    pub fn walk(&self, mut visit: impl FnMut(Bounds, i32)) {
        if self.root == NONE {
            return;
        }
        let mut stack = vec![self.root];
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i];
            visit(node.bounds, node.height);
            if !node.is_leaf() {
                stack.extend(node.children);
            }
        }
    }

    /// Check every invariant, for tests: each inner node's box is the
    /// union of its children's, its height one more than the higher
    /// child's, its children's parent is it; every leaf is reachable.
    /// Returns the number of leaves reached.
    pub fn validate(&self) -> usize {
        if self.root == NONE {
            return 0;
        }
        assert_eq!(self.nodes[self.root].parent, NONE);
        let mut leaves = 0;
        let mut stack = vec![self.root];
        while let Some(i) = stack.pop() {
            let node = self.nodes[i];
            if node.is_leaf() {
                assert_eq!(node.height, 0, "leaf {i}");
                leaves += 1;
                continue;
            }
            let [a, b] = node.children;
            let (na, nb) = (self.nodes[a], self.nodes[b]);
            assert_eq!((na.parent, nb.parent), (i, i), "node {i}'s children");
            assert_eq!(node.height, 1 + na.height.max(nb.height), "node {i}");
            assert_eq!(node.bounds, na.bounds.union(nb.bounds), "node {i}");
            stack.extend([a, b]);
        }
        leaves
    }

    // ---------------------------------------------------------------------------------------

    // ANCHOR: insert_leaf
    /// Put a detached leaf into the tree: walk down from the root, at each
    /// node choosing the cheaper child, or stopping if a new parent here is
    /// cheaper (the surface-area heuristic, by Box2D v2.4's local rule:
    /// each level weighs only this node's growth, not the sum over its
    /// ancestors); give the leaf and that node a new parent; refit and
    /// rebalance every node on the way back up.
    fn insert_leaf(&mut self, leaf: usize) {
        if self.root == NONE {
            self.root = leaf;
            self.nodes[leaf].parent = NONE;
            return;
        }
        let bounds = self.nodes[leaf].bounds;
        let mut sibling = self.root;
        while !self.nodes[sibling].is_leaf() {
            let node = self.nodes[sibling];
            let combined = node.bounds.union(bounds).perimeter();
            // A new parent here: the new node's whole perimeter, twice
            // (v2.4's weight).
            let here = 2.0 * combined;
            // Going down: this node grows by this much to hold the leaf
            // (this node's growth only, worked out again at each level).
            let inherited = 2.0 * (combined - node.bounds.perimeter());
            let cost = |child: usize| {
                let c = self.nodes[child];
                let grown = c.bounds.union(bounds).perimeter();
                if c.is_leaf() {
                    grown + inherited
                } else {
                    grown - c.bounds.perimeter() + inherited
                }
            };
            let [a, b] = node.children;
            let (cost_a, cost_b) = (cost(a), cost(b));
            if here < cost_a && here < cost_b {
                break;
            }
            sibling = if cost_a <= cost_b { a } else { b };
        }
        let old_parent = self.nodes[sibling].parent;
        let parent = self.allocate(Node {
            bounds: self.nodes[sibling].bounds.union(bounds),
            parent: old_parent,
            children: [sibling, leaf],
            item: NONE,
            height: self.nodes[sibling].height + 1,
        });
        self.nodes[sibling].parent = parent;
        self.nodes[leaf].parent = parent;
        if old_parent == NONE {
            self.root = parent;
        } else {
            let slot = &mut self.nodes[old_parent].children;
            let k = usize::from(slot[1] == sibling);
            slot[k] = parent;
        }
        self.refit_from(parent);
    }
    // ANCHOR_END: insert_leaf

    /// Detach a leaf: its sibling takes its parent's place.
    fn remove_leaf(&mut self, leaf: usize) {
        if leaf == self.root {
            self.root = NONE;
            return;
        }
        let parent = self.nodes[leaf].parent;
        let grand = self.nodes[parent].parent;
        let [a, b] = self.nodes[parent].children;
        let sibling = if a == leaf { b } else { a };
        if grand == NONE {
            self.root = sibling;
            self.nodes[sibling].parent = NONE;
        } else {
            let slot = &mut self.nodes[grand].children;
            let k = usize::from(slot[1] == parent);
            slot[k] = sibling;
            self.nodes[sibling].parent = grand;
        }
        self.release(parent);
        self.nodes[leaf].parent = NONE;
        if grand != NONE {
            self.refit_from(grand);
        }
    }

    // ANCHOR: balance
    /// From `i` up to the root: rebalance, then recompute box and height.
    fn refit_from(&mut self, mut i: usize) {
        while i != NONE {
            i = self.balance(i);
            if self.area_swaps {
                self.swap_for_area(i);
            }
            let [a, b] = self.nodes[i].children;
            let (na, nb) = (self.nodes[a], self.nodes[b]);
            self.nodes[i].bounds = na.bounds.union(nb.bounds);
            self.nodes[i].height = 1 + na.height.max(nb.height);
            i = self.nodes[i].parent;
        }
    }

    /// If one child of `a` is more than one level higher than the other,
    /// rotate: the higher child `c` takes `a`'s place, `a` becomes its
    /// child, and `a` keeps the lower of `c`'s two children. Returns the
    /// node now in `a`'s place.
    fn balance(&mut self, a: usize) -> usize {
        let node = self.nodes[a];
        if node.is_leaf() || node.height < 2 {
            return a;
        }
        let [b, c] = node.children;
        let balance = self.nodes[c].height - self.nodes[b].height;
        if balance > 1 {
            self.rotate_up(a, c, 1)
        } else if balance < -1 {
            self.rotate_up(a, b, 0)
        } else {
            a
        }
    }
    // ANCHOR_END: balance

    // ANCHOR: swap_for_area
    /// Swap a child of `a` with a grandchild on its other side, if that
    /// shrinks the box of the node the grandchild leaves: the swap that
    /// shrinks it most. Only a child and a grandchild of the same height
    /// swap, so every height, and so the balance, stays as it was; `a`'s
    /// own box holds the same leaves and does not change.
    fn swap_for_area(&mut self, a: usize) {
        let nodes = &self.nodes;
        let mut best = None;
        let mut most = 0.0;
        for side in 0..2 {
            let (x, inner) = (nodes[a].children[side], nodes[a].children[1 - side]);
            let n = &nodes[inner];
            if n.is_leaf() {
                continue;
            }
            let now = n.bounds.perimeter();
            for k in 0..2 {
                let (y, stay) = (n.children[k], n.children[1 - k]);
                if nodes[y].height == nodes[x].height {
                    let after = nodes[x].bounds.union(nodes[stay].bounds);
                    let gain = now - after.perimeter();
                    if gain > most {
                        (most, best) = (gain, Some((side, inner, k)));
                    }
                }
            }
        }
        let Some((side, inner, k)) = best else { return };
        let x = self.nodes[a].children[side];
        let y = self.nodes[inner].children[k];
        self.nodes[a].children[side] = y;
        self.nodes[y].parent = a;
        self.nodes[inner].children[k] = x;
        self.nodes[x].parent = inner;
        let [f, g] = self.nodes[inner].children;
        self.nodes[inner].bounds = self.nodes[f].bounds.union(self.nodes[g].bounds);
    }
    // ANCHOR_END: swap_for_area

    /// Lift child `up` (in `a`'s slot `side`) into `a`'s place.
    fn rotate_up(&mut self, a: usize, up: usize, side: usize) -> usize {
        let [f, g] = self.nodes[up].children;
        // `up` takes a's parent.
        let parent = self.nodes[a].parent;
        self.nodes[up].parent = parent;
        self.nodes[a].parent = up;
        if parent == NONE {
            self.root = up;
        } else {
            let slot = &mut self.nodes[parent].children;
            let k = usize::from(slot[1] == a);
            slot[k] = up;
        }
        // `up` keeps its higher child and takes `a`; `a` takes the lower.
        let (keep, give) = if self.nodes[f].height > self.nodes[g].height {
            (f, g)
        } else {
            (g, f)
        };
        self.nodes[up].children = [a, keep];
        self.nodes[a].children[side] = give;
        self.nodes[give].parent = a;
        let other = self.nodes[a].children[1 - side];
        let (na, no) = (self.nodes[give], self.nodes[other]);
        self.nodes[a].bounds = na.bounds.union(no.bounds);
        self.nodes[a].height = 1 + na.height.max(no.height);
        let (na, nk) = (self.nodes[a], self.nodes[keep]);
        self.nodes[up].bounds = na.bounds.union(nk.bounds);
        self.nodes[up].height = 1 + na.height.max(nk.height);
        up
    }
}

/// A stack of nodes to visit: the first 64 in an array, any more (a walk
/// holds at most the tree's height plus one, so only a tree of billions of
/// leaves would need them) on the heap.
struct Stack {
    near: [usize; 64],
    len: usize,
    far: Vec<usize>,
}

impl Default for Stack {
    fn default() -> Self {
        Stack { near: [NONE; 64], len: 0, far: Vec::new() }
    }
}

impl Stack {
    /// Push `node` if `keep`. In the array it is written either way and
    /// counted only if kept: no branch on `keep` for the processor to
    /// guess wrong.
    fn push_if(&mut self, node: usize, keep: bool) {
        match self.near.get_mut(self.len) {
            Some(slot) => {
                *slot = node;
                self.len += usize::from(keep);
            }
            None if keep => self.far.push(node),
            None => {}
        }
    }

    fn pop(&mut self) -> Option<usize> {
        if let Some(node) = self.far.pop() {
            return Some(node);
        }
        self.len = self.len.checked_sub(1)?;
        Some(self.near[self.len])
    }
}

#[cfg(feature = "exercises")]
pub use crate::exercises::nearest;
#[cfg(not(feature = "exercises"))]
// ANCHOR: nearest
// ANCHOR: nearest_signature
/// The item nearest `point`, and how far it is, or `None` for an empty
/// tree: `distance(item)` measures an item's own distance, which is never
/// less than its leaf's fat box's. Of items equally near, the lowest. The
/// walk skips every node whose box is farther than the nearest item found
/// so far.
pub fn nearest(
    tree: &Tree,
    point: Vec2,
    mut distance: impl FnMut(usize) -> f32,
) -> Option<(usize, f32)> {
    // ANCHOR_END: nearest_signature
    // How far `point` is from a box: 0 inside, else to its nearest side
    // or corner. Nothing in the box is nearer.
    let gap =
        |b: Bounds| (b.lower - point).max(point - b.upper).max(Vec2::ZERO).length();
    let mut best: Option<(usize, f32)> = None;
    let mut stack = vec![tree.root()?];
    while let Some(node) = stack.pop() {
        let near = gap(tree.bounds(node));
        if best.is_some_and(|(_, d)| near > d) {
            continue;
        }
        match tree.children(node) {
            Some([a, b]) => {
                // The nearer child last, so that it is walked first.
                let (first, second) = if gap(tree.bounds(a)) <= gap(tree.bounds(b))
                {
                    (a, b)
                } else {
                    (b, a)
                };
                stack.push(second);
                stack.push(first);
            }
            None => {
                let item = tree.item(node);
                let d = distance(item);
                // Equal distances keep the lower item: the same answer
                // whatever order the walk met them in.
                if best.is_none_or(|(i, b)| (d, item) < (b, i)) {
                    best = Some((item, d));
                }
            }
        }
    }
    best
}
// ANCHOR_END: nearest

// ANCHOR: ray_box
/// Where a ray from `origin` along `direction` (t from 0 to 1) enters
/// `bounds`, as a fraction: 0 if it starts inside, `None` if it misses
/// (the slab test: the intersection of the ray's spans within the box's x
/// and y slabs).
pub fn ray_box(origin: Vec2, direction: Vec2, bounds: Bounds) -> Option<f32> {
    let (mut enter, mut leave) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        let (o, d) = (origin[axis], direction[axis]);
        let (lo, hi) = (bounds.lower[axis], bounds.upper[axis]);
        if d == 0.0 {
            if o < lo || o > hi {
                return None;
            }
            continue;
        }
        let (t1, t2) = ((lo - o) / d, (hi - o) / d);
        enter = enter.max(t1.min(t2));
        leave = leave.min(t1.max(t2));
        if enter > leave {
            return None;
        }
    }
    Some(enter)
}
// ANCHOR_END: ray_box
