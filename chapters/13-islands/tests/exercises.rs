//! Each exercise of the chapter judged on its own: a ray against a disc on
//! numbers, the union-find against breadth-first search and its promise of short
//! walks, and the nearest-body query against asking every item. A failure names
//! the quantity that is wrong, the case it tried, what it expected and what it got,
//! and the section of the book's page to reread.

use ch05_obb_clipping::Transform;
use ch11_polygons::Shape;
use ch11_polygons::gjk::{Proxy, distance};
use ch13_islands::UnionFind;
use ch13_islands::islands::{find, union};
use ch13_islands::ray::ray_circle;
use ch13_islands::tree::{Bounds, Tree, nearest};
use ch13_islands::worlds::tree_view;
use glam::Vec2;
use physics_core::rng::Rng;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch13-islands.md";

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

const RAYS: &str = "Ray casts through the tree";

/// Exercise 13.1 on numbers: a disc of radius 1 at (3, 0), rays from the origin.
#[test]
fn a_ray_enters_a_disc_where_the_quadratic_says() {
    let (c, r) = (Vec2::new(3.0, 0.0), 1.0);
    // (origin, direction, entry fraction or none, why)
    let cases = [
        (
            Vec2::ZERO,
            Vec2::new(4.0, 0.0),
            Some(0.5),
            "straight at it: enters at x = 2",
        ),
        (
            Vec2::ZERO,
            Vec2::new(2.0, 0.0),
            Some(1.0),
            "ends exactly where it enters",
        ),
        (Vec2::ZERO, Vec2::new(1.5, 0.0), None, "ends before the disc"),
        (Vec2::ZERO, Vec2::new(-4.0, 0.0), None, "points away"),
        (Vec2::ZERO, Vec2::new(0.0, 4.0), None, "passes beside it"),
        (Vec2::new(3.0, 0.5), Vec2::new(4.0, 0.0), None, "starts inside"),
        (
            Vec2::new(0.0, 0.6),
            Vec2::new(6.0, 0.0),
            Some(0.3666667),
            "off centre, enters at x = 2.2",
        ),
    ];
    for (o, d, want, why) in cases {
        let got = ray_circle(o, d, c, r);
        let case = format!(
            "a ray from {o} along {d} against the disc of radius 1 at (3, 0): {why}"
        );
        match (want, got) {
            (None, None) => {}
            (Some(s), Some(hit)) => {
                check((hit.fraction - s).abs() < 1e-5, RAYS, || {
                    format!(
                        "exercise 13.1, ray_circle: the fraction should be {s}, got {} ({case})",
                        hit.fraction
                    )
                });
                let point = o + s * d;
                check(hit.point.distance(point) < 1e-4, RAYS, || {
                    format!(
                        "exercise 13.1, ray_circle: the point should be {point}, got {} ({case})",
                        hit.point
                    )
                });
                let normal = (point - c).normalize();
                check(hit.normal.distance(normal) < 1e-4, RAYS, || {
                    format!(
                        "exercise 13.1, ray_circle: the normal should be the outward unit {normal}, got {} ({case})",
                        hit.normal
                    )
                });
            }
            (want, got) => check(false, RAYS, || {
                format!(
                    "exercise 13.1, ray_circle: should be a hit at {want:?}, or None, got {got:?} ({case})"
                )
            }),
        }
    }
}

const ISLANDS: &str = "Islands";

proptest! {
    /// Exercise 13.2 against the definition: any edges over up to 60 items; two
    /// items share a set exactly when a breadth-first search from one reaches the
    /// other.
    #[test]
    fn the_union_find_finds_the_components(n in 1usize..60, edges in prop::collection::vec((0usize..60, 0usize..60), 0..80)) {
        let edges: Vec<(usize, usize)> = edges.into_iter().map(|(a, b)| (a % n, b % n)).collect();
        let mut sets = UnionFind::new(n);
        for &(a, b) in &edges {
            sets.union(a, b);
        }
        for start in 0..n {
            let mut seen = vec![false; n];
            let mut queue = vec![start];
            seen[start] = true;
            while let Some(i) = queue.pop() {
                for &(a, b) in &edges {
                    for (x, y) in [(a, b), (b, a)] {
                        if x == i && !seen[y] {
                            seen[y] = true;
                            queue.push(y);
                        }
                    }
                }
            }
            for (j, &reached) in seen.iter().enumerate() {
                let same = sets.find(start) == sets.find(j);
                prop_assert!(
                    same == reached,
                    "exercise 13.2, find and union: items {start} and {j} should {} one set (a \
                     search along the edges {} one from the other), but they {} ({n} items, \
                     edges {edges:?}).\n  Reread \"{ISLANDS}\" in {PAGE}.",
                    if reached { "share" } else { "not share" },
                    if reached { "reaches" } else { "does not reach" },
                    if same { "do" } else { "do not" },
                );
            }
        }
    }
}

/// How many steps from `i` to its representative, following `parent` without
/// changing it.
fn depth(parent: &[usize], mut i: usize) -> usize {
    let mut steps = 0;
    while parent[i] != i {
        i = parent[i];
        steps += 1;
    }
    steps
}

/// Exercise 13.2, the two details. Union by size: joining sets in either order
/// that would build a chain leaves no item more than `log2 n` steps from its
/// representative. Path halving: a find along a chain of five leaves the item it
/// started from at most three steps from the root (halving: 5, 3, 1, 0), and
/// every item still in the set.
#[test]
fn union_by_size_and_path_halving_keep_walks_short() {
    let n = 1024;
    // Each new item joins the big set, named first or second: without union
    // by size, one of the two orders hangs the big set under the new item,
    // every time, and builds a chain.
    for big_first in [false, true] {
        let (mut parent, mut size): (Vec<usize>, Vec<usize>) =
            ((0..n).collect(), vec![1; n]);
        for i in 1..n {
            if big_first {
                union(&mut parent, &mut size, 0, i);
            } else {
                union(&mut parent, &mut size, i, 0);
            }
        }
        let calls = if big_first { "union(0, i)" } else { "union(i, 0)" };
        let deepest = (0..n).map(|i| depth(&parent, i)).max().unwrap_or(0);
        check(deepest <= 10, ISLANDS, || {
            format!(
                "exercise 13.2, union: with union by size no item of 1024 should be more than \
                 log2(1024) = 10 steps from its representative, but one is {deepest} ({calls} \
                 for i from 1 to 1023)"
            )
        });
        let root = find(&mut parent, 0);
        check(size[root] == n, ISLANDS, || {
            format!(
                "exercise 13.2, union: the representative's size should be {n}, got {} ({calls} \
                 for i from 1 to 1023)",
                size[root]
            )
        });
    }
    let mut chain = vec![0, 0, 1, 2, 3, 4]; // 5 -> 4 -> 3 -> 2 -> 1 -> 0
    let got = find(&mut chain, 5);
    check(got == 0, ISLANDS, || {
        format!(
            "exercise 13.2, find: the representative should be 0, got {got} (find(5) on the chain 5 -> 4 -> 3 -> 2 -> 1 -> 0)"
        )
    });
    let (after, all) = (
        depth(&chain, 5),
        (0..6).all(|i| {
            depth(&chain, i) < 6 && {
                let mut j = i;
                while chain[j] != j {
                    j = chain[j];
                }
                j == 0
            }
        }),
    );
    check(after <= 3 && all, ISLANDS, || {
        format!(
            "exercise 13.2, find: after find(5) on the chain 5 -> 4 -> 3 -> 2 -> 1 -> 0, item \
             5 should be at most 3 steps from 0 (halving points each item passed at its \
             grandparent), and every item still lead to 0; parent is now {chain:?}"
        )
    });
}

const NEAREST: &str = "Exercise 13.3: the nearest body";

/// How far `point` is from `b`: 0 inside.
fn box_distance(b: Bounds, point: Vec2) -> f32 {
    (b.lower - point).max(point - b.upper).max(Vec2::ZERO).length()
}

/// Exercise 13.3 against asking every item. A tree of 2,000 random boxes, each
/// item's distance its own box's (inside its leaf's fat one); 300 points in and
/// around them. The query finds the nearest item, the lowest of a tie, and asks
/// for the distance of few items: under a tenth of them on average.
#[test]
fn the_nearest_item_is_the_nearest_of_all() {
    let mut rng = Rng::new(13);
    let mut tree = Tree::new(0.1);
    let boxes: Vec<Bounds> = (0..2000)
        .map(|_| {
            let lower = Vec2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0));
            Bounds::new(
                lower,
                lower + Vec2::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0)),
            )
        })
        .collect();
    for (i, &b) in boxes.iter().enumerate() {
        tree.insert(b, i);
    }
    let mut asked = 0usize;
    for k in 0..300 {
        let point = Vec2::new(rng.range(-60.0, 60.0), rng.range(-60.0, 60.0));
        let got = nearest(&tree, point, |i| {
            asked += 1;
            box_distance(boxes[i], point)
        });
        let best = boxes
            .iter()
            .map(|&b| box_distance(b, point))
            .fold(f32::INFINITY, f32::min);
        let want = boxes.iter().position(|&b| box_distance(b, point) == best);
        check(
            got.map(|(i, _)| i) == want && got.is_some_and(|(_, d)| d == best),
            NEAREST,
            || {
                format!(
                    "exercise 13.3, nearest: the nearest item to {point} should be {want:?} at {best} \
                 m, got {got:?} (query {k} of 300, a tree of 2,000 random boxes)"
                )
            },
        );
    }
    let per_query = asked as f32 / 300.0;
    check(per_query < 200.0, NEAREST, || {
        format!(
            "exercise 13.3, nearest: it should ask for the distance of fewer than 200 of the \
             2,000 items a query on average, skipping every box farther than the nearest item \
             so far, but asked {per_query}"
        )
    });
    let empty = nearest(&Tree::new(0.1), Vec2::ZERO, |_| 0.0);
    check(empty.is_none(), NEAREST, || {
        format!(
            "exercise 13.3, nearest: an empty tree has no nearest item, got {empty:?}"
        )
    });
}

/// Exercise 13.3 in the world: the body nearest a point in the pit of falling
/// shapes, through the tree, against measuring every body.
#[test]
fn the_nearest_body_in_the_pit_is_the_nearest_of_all() {
    let mut world = tree_view();
    for _ in 0..30 {
        world.step(1.0 / 60.0);
    }
    let mut rng = Rng::new(5);
    for _ in 0..100 {
        let point = Vec2::new(rng.range(-10.0, 10.0), rng.range(-1.0, 14.0));
        let dot =
            Proxy::new(&Shape::Circle { radius: 0.0 }, &Transform::new(point, 0.0));
        let every: Vec<f32> = (0..world.bodies().len())
            .map(|i| {
                let shape = Proxy::new(
                    &world.shapes.list[i],
                    &world.bodies()[i].transform(),
                );
                (distance(&dot, &shape, |_| {}).distance - shape.radius).max(0.0)
            })
            .collect();
        let best = every.iter().copied().fold(f32::INFINITY, f32::min);
        let want = every.iter().position(|&d| d == best);
        let got = world.nearest_body(point);
        check(got.map(|(i, _)| i) == want, NEAREST, || {
            format!(
                "exercise 13.3, nearest: the body nearest {point} in the pit of 200 shapes should \
                 be {want:?}, {best} m away, got {got:?}"
            )
        });
    }
}
