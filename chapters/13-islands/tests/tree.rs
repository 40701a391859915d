//! The tree against brute force, after any sequence of inserts, moves
//! (one at a time, or many at once, rebuilding the tree) and removes: its
//! invariants hold, every leaf's fat box holds its body's
//! box, its height stays near log2 n, and its pairs, box queries and ray
//! walks find exactly what checking every leaf finds, as does the search
//! of the tree against itself, in any number of pieces.

use ch13_islands::tree::{Bounds, Tree, ray_box};
use glam::Vec2;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Insert(Vec2, Vec2),
    Move(usize, Vec2),
    Remove(usize),
    /// Up to this many leaves, from the one at the first number on, each
    /// moved by the step, together ([`Tree::move_many`]: one at a time, or,
    /// when one leaf in eight or more moves and at least 64, the tree
    /// rebuilt).
    MoveMany(usize, usize, Vec2),
}

fn op() -> impl Strategy<Value = Op> {
    let point = (-50.0f32..50.0, -50.0f32..50.0).prop_map(|(x, y)| Vec2::new(x, y));
    let size = (0.05f32..5.0, 0.05f32..5.0).prop_map(|(x, y)| Vec2::new(x, y));
    let step = (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Vec2::new(x, y));
    prop_oneof![
        4 => (point, size).prop_map(|(p, s)| Op::Insert(p, s)),
        3 => (any::<usize>(), step.clone()).prop_map(|(i, d)| Op::Move(i, d)),
        1 => any::<usize>().prop_map(Op::Remove),
        1 => (any::<usize>(), 1usize..120, step).prop_map(|(i, n, d)| Op::MoveMany(i, n, d)),
    ]
}

/// Live leaves: (proxy, item, tight box).
fn build(ops: &[Op]) -> (Tree, Vec<(usize, usize, Bounds)>) {
    let mut tree = Tree::new(0.1);
    let mut live: Vec<(usize, usize, Bounds)> = Vec::new();
    for (item, op) in ops.iter().enumerate() {
        match *op {
            Op::Insert(p, s) => {
                let b = Bounds::new(p, p + s);
                live.push((tree.insert(b, item), item, b));
            }
            Op::Move(i, d) if !live.is_empty() => {
                let k = i % live.len();
                let b = Bounds::new(live[k].2.lower + d, live[k].2.upper + d);
                tree.move_proxy(live[k].0, b, d);
                live[k].2 = b;
            }
            Op::MoveMany(i, n, d) if !live.is_empty() => {
                let mut moves = Vec::new();
                for j in 0..n.min(live.len()) {
                    let k = (i % live.len() + j) % live.len();
                    let b = Bounds::new(live[k].2.lower + d, live[k].2.upper + d);
                    moves.push((live[k].0, b, d));
                    live[k].2 = b;
                }
                tree.move_many(&moves);
            }
            Op::Remove(i) if !live.is_empty() => {
                let (proxy, _, _) = live.swap_remove(i % live.len());
                tree.remove(proxy);
            }
            _ => {}
        }
    }
    (tree, live)
}

proptest! {
    #[test]
    fn the_tree_keeps_its_invariants(ops in prop::collection::vec(op(), 1..300)) {
        let (tree, live) = build(&ops);
        prop_assert_eq!(tree.validate(), live.len());
        for &(proxy, item, b) in &live {
            prop_assert_eq!(tree.item(proxy), item);
            prop_assert!(tree.fat_bounds(proxy).contains(b), "leaf {item}'s fat box lost its body");
        }
        // An AVL tree's height is under 1.44 log2(n + 2); the rotations
        // keep each node's children within one level of each other.
        let n = live.len() as f32;
        prop_assert!(tree.height() as f32 <= 1.45 * (n + 2.0).log2(), "height {} for {n} leaves", tree.height());
    }

    #[test]
    fn pairs_and_queries_equal_brute_force(ops in prop::collection::vec(op(), 1..200), q in (-50.0f32..50.0, -50.0f32..50.0, 0.1f32..20.0)) {
        let (tree, live) = build(&ops);
        let fat: Vec<(usize, Bounds)> = live.iter().map(|&(p, item, _)| (item, tree.fat_bounds(p))).collect();
        let mut brute = Vec::new();
        for (k, &(a, fa)) in fat.iter().enumerate() {
            for &(b, fb) in &fat[k + 1..] {
                if fa.overlaps(fb) {
                    brute.push((a.min(b), a.max(b)));
                }
            }
        }
        brute.sort_unstable();
        prop_assert_eq!(tree.pairs(), brute);
        let area = Bounds::new(Vec2::new(q.0, q.1), Vec2::new(q.0 + q.2, q.1 + q.2));
        let mut found = Vec::new();
        tree.query(area, |_, item| found.push(item));
        found.sort_unstable();
        let mut expected: Vec<usize> = fat.iter().filter(|(_, f)| f.overlaps(area)).map(|&(i, _)| i).collect();
        expected.sort_unstable();
        prop_assert_eq!(found, expected);
    }

    /// The search of the tree against itself, cut into any number of
    /// pieces, finds every pair of overlapping leaves exactly once (the
    /// pairs of [`Tree::pairs`], which the test above holds to brute
    /// force), and gives as many pieces as asked for unless every piece
    /// is already a single pair.
    #[test]
    fn the_pieces_find_every_overlapping_pair_once(ops in prop::collection::vec(op(), 1..200), count in 1usize..80) {
        let (tree, _) = build(&ops);
        let pieces = tree.pieces(count);
        let mut found = Vec::new();
        for &piece in &pieces {
            tree.pairs_in(piece, |a, b| found.push((a.min(b), a.max(b))));
        }
        found.sort_unstable();
        let pairs = tree.pairs();
        prop_assert!(pieces.len() >= count.min(pairs.len()), "{} pieces for {}", pieces.len(), count);
        prop_assert_eq!(found, pairs);
    }

    /// A ray walk that reports every box it enters (never cutting the ray
    /// short) visits exactly the leaves whose fat boxes the ray crosses.
    #[test]
    fn a_ray_walk_visits_every_box_the_ray_crosses(ops in prop::collection::vec(op(), 1..200), o in (-60.0f32..60.0, -60.0f32..60.0), d in (-120.0f32..120.0, -120.0f32..120.0)) {
        let (tree, live) = build(&ops);
        let (origin, direction) = (Vec2::new(o.0, o.1), Vec2::new(d.0, d.1));
        let mut visited = Vec::new();
        tree.ray_cast(origin, direction, |_, item, end| { visited.push(item); end });
        visited.sort_unstable();
        let mut expected: Vec<usize> = live.iter()
            .filter(|&&(p, _, _)| ray_box(origin, direction, tree.fat_bounds(p)).is_some())
            .map(|&(_, item, _)| item).collect();
        expected.sort_unstable();
        prop_assert_eq!(visited, expected);
    }
}

/// Ten thousand boxes in a row, inserted in order (the worst case for a
/// tree without rotations, which would grow a chain 10,000 deep): the
/// height stays under 1.45 log2(n + 2) = 19.3.
#[test]
fn a_row_inserted_in_order_stays_shallow() {
    let mut tree = Tree::new(0.1);
    for i in 0..10_000 {
        let x = i as f32;
        tree.insert(Bounds::new(Vec2::new(x, 0.0), Vec2::new(x + 0.5, 0.5)), i);
    }
    assert_eq!(tree.validate(), 10_000);
    println!("10,000 leaves in a row: height {}", tree.height());
    assert!(
        tree.height() as f32 <= 1.45 * 10_002f32.log2(),
        "height {}",
        tree.height()
    );
}

/// The page's pruning figure: along its ray the tree tests 3 of the 40 discs
/// (at most 6 allowed here) and finds the same first hit as testing all 40.
#[test]
fn the_figures_ray_tests_few_discs_and_finds_the_first_hit() {
    use ch13_islands::figures::{cast, discs};
    use ch13_islands::ray::ray_circle;
    let (from, to) = (glam::Vec2::new(-4.5, -2.5), glam::Vec2::new(2.0, 2.5));
    let (_, tested, first) = cast(from, to);
    assert!(tested.len() <= 6, "{tested:?}");
    let brute = discs()
        .iter()
        .enumerate()
        .filter_map(|(i, &(c, r))| {
            ray_circle(from, to - from, c, r).map(|h| (i, h.fraction))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1));
    assert_eq!(first, brute);
}

/// Swapping a child with a grandchild of the same height when that shrinks
/// a box (Box2D v3 rotates for area; here only swaps that leave every height
/// as it was, so the AVL bound still holds) makes a tighter tree. A pile of
/// 3,000 boxes 25 to 36 cm across on a grid 40 m wide, inserted row by row and
/// then each moved by up to 30 cm ten times: its cost, the sum of its inner
/// nodes' perimeters, is 12 % lower with the swaps (asserted: a tenth).
#[test]
fn swaps_for_area_tighten_the_tree() {
    let cost = |area_swaps: bool| {
        let mut rng = physics_core::rng::Rng::new(5);
        let mut tree = Tree::new(0.1);
        tree.area_swaps = area_swaps;
        let mut leaves = Vec::new();
        for i in 0..3000 {
            let at = Vec2::new(
                -19.6 + 0.396 * (i % 100) as f32,
                0.45 * (i / 100) as f32,
            );
            let size = Vec2::new(rng.range(0.25, 0.36), rng.range(0.25, 0.36));
            let b = Bounds::new(at, at + size);
            leaves.push((tree.insert(b, i), b));
        }
        for _ in 0..10 {
            for (proxy, b) in &mut leaves {
                let d = Vec2::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3));
                *b = Bounds::new(b.lower + d, b.upper + d);
                tree.move_proxy(*proxy, *b, d);
            }
        }
        assert_eq!(tree.validate(), 3000);
        assert!(
            tree.height() as f32 <= 1.45 * 3002f32.log2(),
            "height {}",
            tree.height()
        );
        tree.cost()
    };
    let (with, without) = (cost(true), cost(false));
    println!("tree cost: {with:.0} m with the swaps, {without:.0} m without");
    assert!(with < 0.9 * without, "{with} against {without}");
}

/// A rebuilt tree is as shallow as a binary tree can be, ceil(log2 n), with
/// the same leaves: 5,000 boxes put in one at a time and then moved about
/// (the incremental tree is deeper), every leaf still found where it was.
#[test]
fn a_rebuilt_tree_is_as_shallow_as_can_be() {
    let mut tree = Tree::new(0.1);
    let mut rng = physics_core::rng::Rng::new(13);
    let mut live = Vec::new();
    for i in 0..5_000 {
        let p = Vec2::new(rng.range(-100.0, 100.0), rng.range(-100.0, 100.0));
        let b = Bounds::new(p, p + Vec2::splat(rng.range(0.1, 2.0)));
        live.push((tree.insert(b, i), b));
    }
    for _ in 0..5 {
        for (proxy, b) in live.iter_mut() {
            let d = Vec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0));
            *b = Bounds::new(b.lower + d, b.upper + d);
            tree.move_proxy(*proxy, *b, d);
        }
    }
    let before = tree.height();
    tree.rebuild();
    assert_eq!(tree.validate(), 5_000);
    let shallowest = (5_000f32).log2().ceil() as i32;
    assert_eq!(tree.height(), shallowest, "from {before}");
    assert!(before > shallowest, "the incremental tree was {before} deep");
    for (i, &(proxy, b)) in live.iter().enumerate() {
        assert_eq!(tree.item(proxy), i);
        let mut found = false;
        tree.query(b, |p, _| found |= p == proxy);
        assert!(found, "leaf {i} is found by its own box");
    }
}
