//! Shape casts and overlap queries against brute force.

use ch11_polygons::gjk::{Proxy, distance};
use ch11_polygons::{Polygon, Shape};
use ch12_continuous::Transform;
use ch12_continuous::toi::{TARGET, TOLERANCE};
use ch16_characters::{BodyDef, BodyKind, Filter, ShapeDef, World};
use glam::Vec2;
use proptest::prelude::*;

/// A random shape: a disc, a turned box, a rounded regular polygon or a
/// capsule, about a metre across.
fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.2f32..1.0).prop_map(|radius| Shape::Circle { radius }),
        (0.2f32..1.5, 0.2f32..1.5).prop_map(|(x, y)| Shape::Polygon(
            Polygon::boxed(Vec2::new(x, y), 0.0)
        )),
        (3usize..=8, 0.3f32..1.2, 0.0f32..0.2).prop_map(|(n, reach, r)| {
            Shape::Polygon(Polygon::regular(n, reach, r))
        }),
        (0.1f32..1.0, 0.1f32..0.5)
            .prop_map(|(half, r)| Shape::Polygon(Polygon::capsule(half, r))),
    ]
}

/// A place: within 6 m of the origin, turned any way.
fn pose() -> impl Strategy<Value = (Vec2, f32)> {
    (-6.0f32..6.0, -6.0f32..6.0, -3.2f32..3.2)
        .prop_map(|(x, y, a)| (Vec2::new(x, y), a))
}

/// A world of `pieces`, each a static body with one shape.
fn world_of(pieces: &[(Shape, (Vec2, f32))]) -> World {
    let mut world = World::new();
    for &(shape, (at, angle)) in pieces {
        let def = BodyDef { angle, ..BodyDef::new(BodyKind::Static, at) };
        let body = world.create_body(def);
        world.create_shape(body, ShapeDef::new(shape)).unwrap();
    }
    world
}

/// The gap between `shape` placed by `t` and shape place `s` of `world`.
fn gap(world: &World, s: usize, shape: &Shape, t: &Transform) -> f32 {
    let slot = &world.game.shapes[s];
    let body = &world.solver.bodies[world.game.owner(s)];
    let other = Proxy::new(&slot.placed, &world.game.shape_transform(s, body));
    let this = Proxy::new(shape, t);
    distance(&this, &other, |_| {}).distance - this.radius - other.radius
}

/// The least gap to any shape.
fn least_gap(world: &World, shape: &Shape, t: &Transform) -> f32 {
    (0..world.game.shapes.len())
        .map(|s| gap(world, s, shape, t))
        .fold(f32::INFINITY, f32::min)
}

/// GJK's rounding on shapes a few metres from the origin.
const EPS: f32 = 2e-4;

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The cast agrees with a brute-force sweep, the translation sampled
    /// 2000 times: where the cast stops the gap is the target (the slop,
    /// within chapter 12's tolerance), no earlier sample comes nearer than
    /// the target, and the first sample that reaches the target's band is
    /// within one sampling step of the cast's fraction. A miss: no sample
    /// comes within the target. Run on a world before its first step (no
    /// leaves: every shape asked) and after it (through the tree).
    #[test]
    fn a_cast_stops_where_a_fine_sweep_first_touches(
        pieces in prop::collection::vec((shape(), pose()), 1..4),
        moving in shape(),
        (from, angle) in pose(),
        translation in (-8.0f32..8.0, -8.0f32..8.0).prop_map(|(x, y)| Vec2::new(x, y)),
        stepped in any::<bool>(),
    ) {
        let mut world = world_of(&pieces);
        if stepped {
            world.step(1.0 / 60.0);
        }
        let start = Transform::new(from, angle);
        // Starting clear of everything: a shape already touching is the
        // mover's business (see `a_shape_touching_closes_only_to_contact`).
        prop_assume!(least_gap(&world, &moving, &start) > 0.05);
        let at = |t: f32| Transform { position: from + t * translation, ..start };
        const N: usize = 2000;
        let step = 1.0 / N as f32;
        let samples: Vec<(f32, f32)> =
            (0..=N).map(|k| k as f32 * step).map(|t| (t, least_gap(&world, &moving, &at(t)))).collect();
        let hit = world.cast_shape(&moving, start, translation, Filter::default());
        let overlap = samples.iter().find(|(_, g)| *g <= 0.0).map(|(t, _)| *t);
        match hit {
            None => {
                let nearest = samples.iter().map(|s| s.1).fold(f32::INFINITY, f32::min);
                prop_assert!(nearest > TARGET - EPS, "missed, yet a sample is {nearest} m away");
                prop_assert!(overlap.is_none());
            }
            Some(hit) => {
                let f = hit.fraction;
                prop_assert!((0.0..1.0).contains(&f), "fraction {f}");
                let s = hit.shape.index as usize;
                let there = gap(&world, s, &moving, &at(f));
                prop_assert!(
                    (TARGET - EPS..=TARGET + TOLERANCE + EPS).contains(&there),
                    "stopped {there} m from the shape hit"
                );
                prop_assert!(least_gap(&world, &moving, &at(f)) > TARGET - EPS);
                for &(t, g) in samples.iter().filter(|(t, _)| *t < f) {
                    prop_assert!(g > TARGET - EPS, "at {t}, before {f}, the gap is {g}");
                }
                let band = TARGET + TOLERANCE + EPS + step * translation.length();
                let first = samples.iter().find(|(_, g)| *g <= band).map(|(t, _)| *t);
                prop_assert!(first.is_some_and(|t| t <= f + step), "first in band {first:?}, cast {f}");
                prop_assert!(overlap.is_none_or(|t| f <= t));
                prop_assert!((hit.normal.length() - 1.0).abs() < 1e-3);
                let on = gap(&world, s, &Shape::Circle { radius: 0.0 }, &Transform::new(hit.point, 0.0));
                prop_assert!(on.abs() < 1e-3, "the point is {on} m off the shape hit");
            }
        }
    }
}

/// Sensors are skipped, and shapes the filter leaves out: the cast goes
/// through a sensor and a box of another category to the wall behind.
#[test]
fn a_cast_skips_sensors_and_filtered_shapes() {
    let mut world = World::new();
    let body = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let slab = |x: f32| {
        Shape::Polygon(
            Polygon::boxed(Vec2::new(0.1, 2.0), 0.0).shifted(Vec2::new(x, 0.0)),
        )
    };
    let sensor =
        world.create_shape(body, ShapeDef::new(slab(2.0)).sensor()).unwrap();
    let other = Filter { category: 2, ..Filter::default() };
    let ghost =
        world.create_shape(body, ShapeDef::new(slab(3.0)).filter(other)).unwrap();
    let wall = world.create_shape(body, ShapeDef::new(slab(4.0))).unwrap();
    world.step(1.0 / 60.0);
    let disc = Shape::Circle { radius: 0.5 };
    let from = Transform::new(Vec2::ZERO, 0.0);
    let only_one = Filter { mask: 1, ..Filter::default() };
    let hit = world
        .cast_shape(&disc, from, Vec2::new(8.0, 0.0), only_one)
        .expect("the wall");
    assert_eq!(hit.shape, wall);
    // The disc stops the slop short of the wall's face at x = 3.9.
    let centre = 8.0 * hit.fraction;
    assert!((centre - (3.9 - 0.5 - TARGET)).abs() < 2e-3, "{centre}");
    assert!(
        (hit.normal - Vec2::new(-1.0, 0.0)).length() < 1e-4,
        "{:?}",
        hit.normal
    );
    // Without the filter, the box in category 2 is hit first; never the sensor.
    let hit = world
        .cast_shape(&disc, from, Vec2::new(8.0, 0.0), Filter::default())
        .unwrap();
    assert_eq!(hit.shape, ghost);
    assert_ne!(hit.shape, sensor);
    // Overlaps: by place, sensors left out, the filter respected.
    let wide = Shape::Polygon(Polygon::boxed(Vec2::new(3.0, 1.0), 0.0));
    let at = Transform::new(Vec2::new(3.0, 0.0), 0.0);
    assert_eq!(world.overlaps(&wide, at, Filter::default()), vec![ghost, wall]);
    assert_eq!(world.overlaps(&wide, at, only_one), vec![wall]);
}

/// A shape that starts within the slop of another may close on it only as
/// far as touching, and moves freely along it or away.
#[test]
fn a_shape_touching_closes_only_to_contact() {
    let mut world = World::new();
    let body = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let floor = Shape::Polygon(
        Polygon::boxed(Vec2::new(10.0, 0.5), 0.0).shifted(Vec2::new(0.0, -0.5)),
    );
    world.create_shape(body, ShapeDef::new(floor)).unwrap();
    let disc = Shape::Circle { radius: 0.5 };
    // 3 mm above the floor: inside the target band.
    let from = Transform::new(Vec2::new(0.0, 0.503), 0.0);
    assert_eq!(
        world.cast_shape(&disc, from, Vec2::new(5.0, 0.0), Filter::default()),
        None
    );
    assert_eq!(
        world.cast_shape(&disc, from, Vec2::new(1.0, 1.0), Filter::default()),
        None
    );
    let down = world
        .cast_shape(&disc, from, Vec2::new(0.0, -1.0), Filter::default())
        .unwrap();
    assert!((down.fraction - 0.003).abs() < 1e-4, "{}", down.fraction);
    // Sliding along while closing by a hair: allowed up to touching.
    let along =
        world.cast_shape(&disc, from, Vec2::new(5.0, -0.001), Filter::default());
    assert_eq!(along, None);
}
