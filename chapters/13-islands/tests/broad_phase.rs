//! The tree as the broad phase: the step it drives is the step chapter
//! 8's sort and sweep drives, bit for bit; its pair set is always every
//! pair of overlapping fat boxes; each leaf's fat box holds its body's
//! shape between steps; and a world at rest moves no leaf.

use ch13_islands::demos::{pyramid, tree_view};
use ch13_islands::query::shape_bounds;

const DT: f32 = 1.0 / 60.0;

/// 200 random shapes falling into a pit, run twice, the tree finding the
/// pairs in one and sort and sweep in the other. Both hand the narrow
/// phase a superset of the pairs that touch, and the narrow phase keeps
/// the same ones in the same order, so every body ends every step in the
/// same place to the bit. Along the way, every tenth step: the tree's
/// pair set is exactly the brute-force set of overlapping fat boxes, and
/// every body's shape lies inside its leaf's fat box.
#[test]
fn the_tree_drives_the_same_step_as_sort_and_sweep() {
    let (mut tree, mut sweep) = (tree_view(), tree_view());
    sweep.tree = false;
    for step in 0..150 {
        tree.step(DT);
        sweep.step(DT);
        for (i, (a, b)) in tree.bodies().iter().zip(sweep.bodies()).enumerate() {
            assert_eq!(
                (a.position.to_array().map(f32::to_bits), a.angle.to_bits()),
                (b.position.to_array().map(f32::to_bits), b.angle.to_bits()),
                "step {step}, body {i}"
            );
        }
        if step % 10 != 0 {
            continue;
        }
        let n = tree.bodies().len();
        let mut brute = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if tree.phase.fat_bounds(a).overlaps(tree.phase.fat_bounds(b)) {
                    brute.push((a, b));
                }
            }
        }
        assert_eq!(tree.phase.pairs(), brute.as_slice(), "step {step}");
        for (i, (b, s)) in tree.bodies().iter().zip(tree.shapes()).enumerate() {
            let own = shape_bounds(s, &b.transform());
            assert!(
                tree.phase.fat_bounds(i).contains(own),
                "step {step}, body {i}"
            );
        }
        tree.phase.tree.validate();
    }
    // It was a pile, not a fall through empty space.
    let contacts = tree.solver().arbiters.len();
    assert!(contacts > 300, "{contacts} contacts");
}

/// Once the 6-row pyramid sleeps, a step moves no leaf, finds no pair,
/// and hands the narrow phase nothing: the broad phase costs a pass over
/// the leaves to see that each still holds its body.
#[test]
fn a_world_at_rest_moves_no_leaf() {
    let mut world = pyramid(6);
    for _ in 0..180 {
        world.step(DT);
    }
    assert_eq!(world.sleeping_count(), 21);
    world.step(DT);
    let report = world.phase.report;
    assert_eq!((report.moved, report.found), (0, 0), "{report:?}");
    assert_eq!(world.solver().pairs_tested(), 0);
    // The pairs are still known: they wake with the pile.
    assert!(report.pairs >= 40, "{report:?}");
}
