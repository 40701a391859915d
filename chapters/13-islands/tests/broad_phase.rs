//! The tree as the broad phase: the step it drives is the step chapter
//! 8's sort and sweep drives, bit for bit; its pair set, kept from step to
//! step, is always every pair of overlapping fat boxes but those of two
//! static bodies, after any sequence of moves, additions and removals;
//! each leaf's fat box holds its body's shape between steps; and a world
//! at rest moves no leaf.

use ch11_polygons::worlds::random_shape;
use ch11_polygons::{SPECULATIVE_DISTANCE, collide};
use ch12_continuous::Polygon;
use ch13_islands::query::shape_bounds;
use ch13_islands::worlds::{pyramid, tree_view};
use ch13_islands::{
    Body, Bounds, FAT_MARGIN, Pair, PhaseReport, Shape, TreePhase, World, body,
    fixed,
};
use glam::Vec2;
use physics_core::rng::Rng;
use proptest::prelude::*;

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
    sweep.phase.on = false;
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
        let fixed = |i: usize| tree.bodies()[i].inv_mass == 0.0;
        let mut brute = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if tree.phase.fat_bounds(a).overlaps(tree.phase.fat_bounds(b))
                    && !(fixed(a) && fixed(b))
                {
                    brute.push((a, b));
                }
            }
        }
        let pairs: Vec<_> = tree.phase.pairs().iter().map(|p| p.bodies()).collect();
        assert_eq!(pairs, brute, "step {step}");
        for (i, (b, s)) in tree.bodies().iter().zip(&tree.shapes.list).enumerate() {
            let own = shape_bounds(s, &b.transform());
            assert!(
                tree.phase.fat_bounds(i).contains(own),
                "step {step}, body {i}"
            );
        }
        tree.phase.tree.validate();
    }
    // It was a pile, not a fall through empty space.
    let contacts = tree.solver.arbiters.len();
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
    assert_eq!(world.solver.pairs_tested(), 0);
    // The pairs are still known: they wake with the pile.
    assert!(report.pairs >= 40, "{report:?}");
}

/// A thousand static boxes stacked on one spot, and three discs dropped
/// on them: no pair of two static bodies is kept. (Kept, they were
/// 499,500 pairs, half a million to store and walk every step, which a
/// step never tests.) The discs' pairs with the boxes are kept.
#[test]
fn no_pair_of_two_static_bodies_is_kept() {
    let block = Shape::Polygon(Polygon::boxed(Vec2::splat(1.0), 0.0));
    let mut pieces: Vec<_> =
        (0..1000).map(|_| fixed(block, Vec2::ZERO, 0.0)).collect();
    for i in 0..3 {
        let at = Vec2::new(0.5 * i as f32 - 0.5, 1.5);
        pieces.push(body(Shape::Circle { radius: 0.3 }, at, 0.0, 1.0));
    }
    let mut world = World::new(pieces, Vec::new());
    world.sleep.on = false;
    for _ in 0..3 {
        world.step(DT);
        let pairs = world.phase.pairs();
        let both_static = pairs.iter().filter(|p| p.bodies().1 < 1000).count();
        assert_eq!(both_static, 0, "{} pairs in all", pairs.len());
        assert!(pairs.len() >= 3000, "{} pairs", pairs.len());
    }
}

/// A body added asleep gets its leaf during a step, held still with no
/// mass, so it looks static and its pair with the floor is not kept;
/// woken, it is seen with its mass back, its pairs are found again, and
/// it rests on the floor.
#[test]
fn a_sleeper_given_its_leaf_asleep_finds_the_floor_when_it_wakes() {
    let slab = Shape::Polygon(Polygon::boxed(Vec2::new(5.0, 0.5), 0.0));
    let cube = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    let run = |asleep: bool| {
        let mut world =
            World::new(vec![fixed(slab, Vec2::new(0.0, -0.5), 0.0)], Vec::new());
        let i = world.add(body(cube, Vec2::new(0.0, 0.5), 0.0, 1.0));
        if asleep {
            world.put_to_sleep(i);
        }
        world.step(DT);
        // Woken by a push.
        world.solver.bodies[i].force = Vec2::new(0.0, -5.0);
        for _ in 0..30 {
            world.step(DT);
        }
        (world.phase.pairs().to_vec(), world.bodies()[i])
    };
    let (pairs, woken) = run(true);
    assert!(pairs.contains(&Pair::new(0, 1)), "{pairs:?}");
    assert!((woken.position.y - 0.5).abs() < 0.01, "{woken:?}");
}

/// How a body moves in one step.
#[derive(Clone, Copy, Debug)]
enum Motion {
    /// By a few centimetres and a little turn: less than the 10 cm fat
    /// margin, so its leaf usually stays put.
    Nudge(Vec2, f32),
    /// To anywhere in the scene, turned anyhow: its leaf must move.
    Jump(Vec2, f32),
}

/// A body the world gains: its shape's seed, where, and whether static.
type Piece = (u64, Vec2, bool);

/// One step of a world that the broad phase follows.
#[derive(Clone, Debug)]
struct Step {
    /// The bodies moved, by index (wrapped to the bodies there are).
    moves: Vec<(usize, Motion)>,
    /// A body added, or one taken away (by index, wrapped: the bodies
    /// after it move down one), or neither.
    change: Option<Result<Piece, usize>>,
    /// Every moving body's speculative margin in this step, metres.
    margin: f32,
    /// Whether the leaves then follow the bodies with no margin, as
    /// `World::step` does after its step, before the next update.
    sync_after: bool,
}

fn piece() -> impl Strategy<Value = Piece> {
    (any::<u64>(), -8.0f32..8.0, -8.0f32..8.0, prop::bool::weighted(0.3))
        .prop_map(|(seed, x, y, still)| (seed, Vec2::new(x, y), still))
}

fn make((seed, at, still): Piece) -> (Body, Shape) {
    let mut rng = Rng::new(seed);
    let shape = random_shape(&mut rng, 1.5);
    let angle = rng.range(0.0, 6.0);
    if still { fixed(shape, at, angle) } else { body(shape, at, angle, 1.0) }
}

/// A step's moves made: each body named (wrapped to the bodies there are)
/// nudged or thrown, unless it is static.
fn apply(moves: &[(usize, Motion)], bodies: &mut [Body]) {
    let n = bodies.len();
    for &(i, motion) in moves.iter().filter(|_| n > 0) {
        let b = &mut bodies[i % n];
        if b.inv_mass == 0.0 {
            continue;
        }
        match motion {
            Motion::Nudge(by, turn) => {
                (b.position, b.angle) = (b.position + by, b.angle + turn)
            }
            Motion::Jump(to, angle) => (b.position, b.angle) = (to, angle),
        }
    }
}

fn step() -> impl Strategy<Value = Step> {
    let nudge = (-0.04f32..0.04, -0.04f32..0.04, -0.02f32..0.02)
        .prop_map(|(x, y, turn)| Motion::Nudge(Vec2::new(x, y), turn));
    let jump = (-8.0f32..8.0, -8.0f32..8.0, 0.0f32..6.0)
        .prop_map(|(x, y, angle)| Motion::Jump(Vec2::new(x, y), angle));
    let motion = (any::<usize>(), prop_oneof![3 => nudge, 1 => jump]);
    let change = prop_oneof![
        4 => Just(None),
        2 => piece().prop_map(|p| Some(Ok(p))),
        1 => any::<usize>().prop_map(|i| Some(Err(i))),
    ];
    (prop::collection::vec(motion, 0..8), change, 0.0f32..0.05, any::<bool>())
        .prop_map(|(moves, change, margin, sync_after)| Step {
            moves,
            change,
            margin,
            sync_after,
        })
}

proptest! {
    /// The pair set `TreePhase::update` keeps from step to step, driven
    /// through random steps (bodies nudged within their fat boxes or
    /// thrown across the scene, added, taken away), equals after every
    /// update the brute-force set of pairs `(low, high)` whose fat boxes
    /// overlap, less the pairs of two static bodies, which never collide.
    /// Also, after each update:
    /// the tree holds a valid leaf per body; each moving body's box, grown
    /// by its margin and half the contact distance (`TreePhase::tight`),
    /// lies in its fat box; and the report counts the leaves that moved
    /// (new, or given a new fat box since the last update), the pairs new
    /// to the set and the set's size. Static bodies are not moved: the
    /// phase leaves a static body's leaf where it is, by design.
    #[test]
    fn the_kept_pair_set_is_every_pair_of_overlapping_fat_boxes(
        start in prop::collection::vec(piece(), 1..30),
        steps in prop::collection::vec(step(), 1..30),
    ) {
        let (mut bodies, mut shapes): (Vec<Body>, Vec<Shape>) = start.into_iter().map(make).unzip();
        let mut phase = TreePhase::new(FAT_MARGIN);
        // The pairs and fat boxes the last update left.
        let (mut held, mut fat_before): (Vec<(usize, usize)>, Vec<Bounds>) = (Vec::new(), Vec::new());
        for (k, step) in steps.iter().enumerate() {
            let n = bodies.len();
            apply(&step.moves, &mut bodies);
            match step.change {
                Some(Ok(p)) => {
                    let (b, s) = make(p);
                    bodies.push(b);
                    shapes.push(s);
                }
                Some(Err(i)) if n > 0 => {
                    bodies.remove(i % n);
                    shapes.remove(i % n);
                    // A smaller world starts the tree again: every leaf is
                    // new, and so is every pair.
                    held.clear();
                    fat_before.clear();
                }
                _ => {}
            }
            let margins: Vec<f32> = bodies.iter().map(|b| if b.inv_mass > 0.0 { step.margin } else { 0.0 }).collect();
            let pairs: Vec<(usize, usize)> =
                phase.update(&bodies, &shapes, &margins).iter().map(|p| p.bodies()).collect();
            let n = bodies.len();
            prop_assert_eq!(phase.len(), n, "step {}", k);
            prop_assert_eq!(phase.tree.validate(), n, "step {}", k);
            let fat: Vec<Bounds> = (0..n).map(|i| phase.fat_bounds(i)).collect();
            let fixed = |i: usize| bodies[i].inv_mass == 0.0;
            let mut brute = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if fat[a].overlaps(fat[b]) && !(fixed(a) && fixed(b)) {
                        brute.push((a, b));
                    }
                }
            }
            prop_assert_eq!(&pairs, &brute, "step {}", k);
            for (i, (b, s)) in bodies.iter().zip(&shapes).enumerate().filter(|(_, (b, _))| b.inv_mass > 0.0) {
                let tight = shape_bounds(s, &b.transform()).grown(margins[i] + 0.5 * SPECULATIVE_DISTANCE);
                prop_assert!(fat[i].contains(tight), "step {}, body {} outside its fat box", k, i);
            }
            // A leaf put back always gets a new fat box (the old one did not
            // hold the body; the new one does).
            let moved = (0..n).filter(|&i| fat_before.get(i) != Some(&fat[i])).count();
            let found = pairs.iter().filter(|p| held.binary_search(p).is_err()).count();
            let expected = PhaseReport { moved, found, pairs: pairs.len() };
            prop_assert_eq!(phase.report, expected, "step {}", k);
            if step.sync_after {
                phase.sync(&bodies, &shapes, &vec![0.0; n]);
                // The set stays as the update left it until the next one.
                let kept: Vec<_> = phase.pairs().iter().map(|p| p.bodies()).collect();
                prop_assert_eq!(kept, pairs.clone(), "step {}", k);
            }
            (held, fat_before) = (pairs, fat);
        }
    }
}

proptest! {
    /// After the leaves follow their bodies, the search of the whole tree
    /// in pieces (`Tree::pieces`, `TreePhase::pairs_in`) finds the
    /// pairs the moved leaves find asking one by one
    /// (`TreePhase::pairs_of`), each once, however many pieces, on the
    /// first update (every leaf new) and on each after, when only the
    /// bodies nudged or thrown have left their fat boxes.
    #[test]
    fn the_whole_tree_search_finds_what_the_moved_leaves_find(
        start in prop::collection::vec(piece(), 1..40),
        steps in prop::collection::vec(step(), 1..12),
        count in 1usize..40,
    ) {
        let (mut bodies, shapes): (Vec<Body>, Vec<Shape>) = start.into_iter().map(make).unzip();
        let mut phase = TreePhase::new(FAT_MARGIN);
        for (k, step) in steps.iter().enumerate() {
            let n = bodies.len();
            apply(&step.moves, &mut bodies);
            phase.sync(&bodies, &shapes, &vec![step.margin; n]);
            let mut asked = Vec::new();
            for i in phase.moved_leaves() {
                phase.pairs_of(i, &mut asked);
            }
            asked.sort_unstable();
            let mut searched = Vec::new();
            for piece in phase.tree.pieces(count) {
                phase.pairs_in(piece, &mut searched);
            }
            searched.sort_unstable();
            prop_assert_eq!(&searched, &asked, "step {}", k);
            phase.join(&bodies, &asked);
        }
    }
}

proptest! {
    /// `TreePhase::may_touch` never turns a contact away: two random
    /// shapes (discs, capsules, boxes, rounded polygons) with random
    /// speculative margins, B slid away from A along a random direction to
    /// the farthest place at which chapter 11's narrow phase still reports
    /// a contact (within the margins and the speculative distance, found by
    /// bisection): there, at the very edge, the two tight boxes overlap. The
    /// narrow phase loses nothing by seeing only the pairs whose tight boxes
    /// overlap.
    #[test]
    fn a_pair_the_narrow_phase_reports_may_touch(
        a in piece(),
        b in (any::<u64>(), 0.0f32..std::f32::consts::TAU, any::<bool>()),
        margins in (0.0f32..0.3, 0.0f32..0.3),
    ) {
        let (body_a, shape_a) = make(a);
        let direction = Vec2::from_angle(b.1);
        let at = |t: f32| make((b.0, a.1 + direction * t, b.2));
        let margins = [margins.0, margins.1];
        let reach = margins[0] + margins[1] + SPECULATIVE_DISTANCE;
        let touches = |t: f32| {
            let (body_b, shape_b) = at(t);
            collide(&shape_a, &body_a.transform(), &shape_b, &body_b.transform(), reach)
                .is_some()
        };
        // Centre on centre they overlap; 20 m apart they do not.
        let (mut near, mut far) = (0.0f32, 20.0f32);
        prop_assume!(touches(near) && !touches(far));
        for _ in 0..40 {
            let mid = 0.5 * (near + far);
            if touches(mid) { near = mid } else { far = mid }
        }
        let (body_b, shape_b) = at(near);
        let mut phase = TreePhase::new(FAT_MARGIN);
        phase.sync(&[body_a, body_b], &[shape_a, shape_b], &margins);
        prop_assert!(phase.may_touch(Pair::new(0, 1)), "a contact {near} m out that the tight boxes miss");
    }
}
