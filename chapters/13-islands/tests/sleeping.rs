//! Islands and sleeping: the union-find finds the graph's components; a
//! pile at rest falls asleep and then costs no contact work; sleeping
//! changes nothing that came to rest; a body landing on a sleeping pile
//! wakes it; nothing sleeps at the top of its arc.

use ch11_polygons::Polygon;
use ch13_islands::demos::pyramid;
use ch13_islands::{Shape, UnionFind, World, body, fixed};
use glam::Vec2;
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

proptest! {
    /// Any edges over up to 60 items: two items share a set exactly when a
    /// breadth-first search from one reaches the other.
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
                prop_assert_eq!(sets.find(start) == sets.find(j), reached, "{} and {}", start, j);
            }
        }
    }
}

fn run(world: &mut World, seconds: f32) {
    for _ in 0..(seconds / DT) as usize {
        world.step(DT);
    }
}

/// A 6-row pyramid (21 boxes) falls asleep within three seconds, and then
/// the broad phase hands the narrow phase no pairs at all: two sleeping
/// boxes, like two static ones, are never tested.
#[test]
fn a_pyramid_at_rest_falls_asleep_and_costs_no_contacts() {
    let mut world = pyramid(6);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 21);
    world.step(DT);
    assert_eq!(world.base.base.base.base.base.pairs_tested(), 0);
}

/// Sleeping changes nothing that came to rest: the pyramid after five
/// seconds with sleeping on and off, every box within a millimetre. (Off,
/// the boxes keep being solved, and their soft contacts settle a little
/// further than the half second of stillness that put them to sleep.)
#[test]
fn sleeping_changes_nothing_at_rest() {
    let (mut on, mut off) = (pyramid(6), pyramid(6));
    off.sleeping = false;
    run(&mut on, 5.0);
    run(&mut off, 5.0);
    for (i, (a, b)) in on.bodies().iter().zip(off.bodies()).enumerate() {
        let d = (a.position - b.position).length();
        assert!(d < 1e-3, "box {i}: {d} m apart");
    }
}

/// A box dropped on a sleeping pyramid wakes it (the boxes under the
/// landing move again), and the pile then sleeps again.
#[test]
fn a_body_landing_on_a_sleeping_pile_wakes_it() {
    let mut world = pyramid(4);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 10);
    let cube = Polygon::boxed(Vec2::splat(0.5), 0.0);
    let (b, s) = body(Shape::Polygon(cube), Vec2::new(0.3, 7.0), 0.0, 5.0);
    world.base.base.base.base.base.bodies.push(b);
    world.base.base.shapes.push(s);
    world.base.bullets.push(false);
    let mut woke = 0;
    for _ in 0..120 {
        world.step(DT);
        let awake = (1..=10).filter(|&i| !world.asleep[i]).count();
        woke = woke.max(awake);
    }
    assert!(woke >= 4, "only {woke} boxes woke");
    run(&mut world, 4.0);
    assert_eq!(world.sleeping_count(), 11);
}

/// A ball thrown straight up at 5 m/s is slower than the 5 cm/s limit
/// only near the top of its arc, about 0.01 s: it never sleeps in the
/// air, and sleeps once it has lain on the floor half a second.
#[test]
fn nothing_sleeps_at_the_top_of_its_arc() {
    let slab = Polygon::boxed(Vec2::new(5.0, 0.5), 0.0);
    let floor = fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0);
    let (mut ball, s) = body(Shape::Circle { radius: 0.1 }, Vec2::new(0.0, 0.1), 0.0, 1.0);
    ball.velocity = Vec2::new(0.0, 5.0);
    let mut world = World::new(vec![floor, (ball, s)], Vec::new());
    for _ in 0..240 {
        world.step(DT);
        let b = world.bodies()[1];
        if b.position.y > 0.12 {
            assert!(!world.asleep[1], "asleep in the air at {:?}", b.position);
        }
    }
    assert!(world.asleep[1], "never slept on the floor");
}

/// The bin's 5,000 bodies rain in, settle and sleep within ten seconds,
/// every one still inside the bin (below its 16 m walls, between them);
/// then a step tests no pair. A minute in a test build; `.ci/run` runs it
/// in release.
#[test]
#[ignore = "5,000 bodies for 600 steps; cargo test --release -p ch13-islands --test sleeping -- --ignored"]
fn the_bin_of_5000_falls_asleep_inside() {
    let mut world = ch13_islands::demos::bin(5000);
    run(&mut world, 10.0);
    let movers = world.bodies().iter().filter(|b| b.inv_mass > 0.0).count();
    assert_eq!(world.sleeping_count(), movers);
    for (i, b) in world.bodies().iter().enumerate().skip(3) {
        let p = b.position;
        assert!(
            p.x.abs() < 20.0 && (0.0..16.0).contains(&p.y),
            "body {i} at {p}"
        );
    }
    world.step(DT);
    assert_eq!(world.solver().pairs_tested(), 0);
}
