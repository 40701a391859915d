//! Queries through the tree equal the same question asked of every body:
//! the nearest ray hit, all ray hits, the bodies under a point and in a
//! box, on a pit of 200 random shapes part-way through falling.

use ch13_islands::World;
use ch13_islands::query::shape_bounds;
use ch13_islands::ray::{RayHit, ray_cast};
use ch13_islands::tree::Bounds;
use ch13_islands::worlds::tree_view;
use glam::Vec2;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The pit after half a second: shapes in the air, landing, and piled.
fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let mut w = tree_view();
        for _ in 0..30 {
            w.step(1.0 / 60.0);
        }
        w
    })
}

fn every_hit(w: &World, o: Vec2, d: Vec2) -> Vec<(usize, RayHit)> {
    let mut hits: Vec<(usize, RayHit)> = (0..w.bodies().len())
        .filter_map(|i| {
            let hit =
                ray_cast(&w.shapes.list[i], &w.bodies()[i].transform(), o, d)?;
            Some((i, hit))
        })
        .collect();
    hits.sort_by(|(i, a), (j, b)| a.fraction.total_cmp(&b.fraction).then(i.cmp(j)));
    hits
}

fn point() -> impl Strategy<Value = Vec2> {
    (-10.0f32..10.0, -1.0f32..14.0).prop_map(|(x, y)| Vec2::new(x, y))
}

proptest! {
    /// Any ray from anywhere over the pit (some start inside a shape, some
    /// graze one): the tree's nearest hit is the nearest of every body's,
    /// and its list of hits is every body's list.
    #[test]
    fn ray_casts_equal_casting_at_every_body(o in point(), to in point()) {
        let w = world();
        let brute = every_hit(w, o, to - o);
        prop_assert_eq!(w.ray_cast_all(o, to - o), brute.clone());
        prop_assert_eq!(w.ray_cast(o, to - o), brute.first().copied());
        for (_, hit) in &brute {
            prop_assert!(hit.point.is_finite() && hit.normal.is_finite());
        }
    }

    /// The bodies under any point, and in any box, are the ones checking
    /// every body finds.
    #[test]
    fn point_and_box_queries_equal_checking_every_body(p in point(), size in (0.0f32..4.0, 0.0f32..4.0)) {
        let w = world();
        let under: Vec<usize> = (0..w.bodies().len())
            .filter(|&i| ch11_polygons::contains(&w.shapes.list[i], w.bodies()[i].transform().to_local(p)))
            .collect();
        prop_assert_eq!(w.query_point(p), under);
        let bounds = Bounds::new(p, p + Vec2::new(size.0, size.1));
        let inside: Vec<usize> = (0..w.bodies().len())
            .filter(|&i| shape_bounds(&w.shapes.list[i], &w.bodies()[i].transform()).overlaps(bounds))
            .collect();
        prop_assert_eq!(w.query_box(bounds), inside);
    }
}

/// The mouse takes the lowest-numbered movable body under it, as chapter
/// 11's search through every body did.
#[test]
fn picking_goes_through_the_tree_and_agrees() {
    let w = world();
    let mut picked = 0;
    for k in 0..400 {
        let p = Vec2::new(-8.0 + 0.04 * k as f32, 1.0 + 0.01 * k as f32);
        let got = w.body_at(p);
        assert_eq!(got, w.shapes.body_at(&w.solver.bodies, p), "{p}");
        picked += got.is_some() as usize;
    }
    assert!(picked > 20, "only {picked} points over bodies");
}
