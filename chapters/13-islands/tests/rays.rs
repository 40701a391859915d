//! Ray casts against an independent brute-force cast: march along the ray
//! in small steps and ask chapter 11's `contains` where it first enters
//! the shape. Every kind of shape, turned and placed at random, rays from
//! outside, from inside, and grazing.

use ch05_obb_clipping::Transform;
use ch11_polygons::demos::random_shape;
use ch11_polygons::{Shape, contains};
use ch13_islands::ray_cast;
use glam::Vec2;
use physics_core::rng::Rng;
use proptest::prelude::*;

/// Samples along the ray.
const SAMPLES: usize = 20_000;

fn inside(shape: &Shape, t: &Transform, p: Vec2) -> bool {
    contains(shape, t.to_local(p))
}

proptest! {
    #[test]
    fn a_ray_cast_equals_the_brute_force_cast(
        seed in any::<u64>(), x in -2.0f32..2.0, y in -2.0f32..2.0, angle in -3.2f32..3.2,
        o in (-3.0f32..3.0, -3.0f32..3.0), aim in -3.2f32..3.2, length in 0.5f32..6.0,
    ) {
        let shape = random_shape(&mut Rng::new(seed), 1.5);
        let t = Transform::new(Vec2::new(x, y), angle);
        let origin = Vec2::new(o.0, o.1);
        let direction = length * physics_core::trig::from_angle(aim);
        let hit = ray_cast(&shape, &t, origin, direction);
        prop_assert!(hit.is_none_or(|h| h.fraction.is_finite() && h.point.is_finite() && h.normal.is_finite()));
        if inside(&shape, &t, origin) {
            prop_assert!(hit.is_none(), "started inside, yet hit: {hit:?}");
            return Ok(());
        }
        let spacing = 1.0 / SAMPLES as f32;
        let first = (0..=SAMPLES).map(|k| k as f32 * spacing).find(|&s| inside(&shape, &t, origin + s * direction));
        match (hit, first) {
            (Some(h), Some(s)) => {
                // The cast is at or just before the first inside sample: one
                // sample's spacing, and f32 rounding of points a few metres out.
                prop_assert!(h.fraction <= s + 1e-5 && h.fraction >= s - spacing - 1e-5, "cast {} vs brute force {s}", h.fraction);
                // On the surface, its normal outward: a millimetre along it
                // is outside, a millimetre against it inside (unless the
                // ray only grazed a thin part).
                let mm = 1e-3;
                prop_assert!(!inside(&shape, &t, h.point + mm * h.normal), "{h:?}");
                prop_assert!((h.normal.length() - 1.0).abs() < 1e-4);
            }
            (Some(h), None) => {
                // A graze the samples stepped over: inside for less than two
                // samples' worth of the ray.
                let exit = (0..=SAMPLES).map(|k| h.fraction + k as f32 * spacing * 0.1)
                    .take_while(|&s| s <= 1.0)
                    .find(|&s| !inside(&shape, &t, origin + (s + spacing * 0.05) * direction));
                let stretch = exit.map_or(1.0 - h.fraction, |e| e - h.fraction);
                prop_assert!(stretch < 2.0 * spacing, "cast {h:?}, brute force none, inside for {stretch}");
            }
            (None, Some(s)) => {
                // The samples caught a graze the cast calls a miss: the ray is
                // inside for less than two samples.
                let exit = (0..=SAMPLES).map(|k| s + k as f32 * spacing).find(|&r| !inside(&shape, &t, origin + r * direction)).unwrap_or(1.0);
                prop_assert!(exit - s < 2.0 * spacing, "missed: brute force enters at {s} and stays to {exit}");
            }
            (None, None) => {}
        }
    }
}

/// A ray along the top face of a box, exactly grazing it, and one a hair
/// above: neither is NaN, and the hair above misses.
#[test]
fn grazing_rays_are_finite() {
    let shape = Shape::Polygon(ch11_polygons::Polygon::boxed(Vec2::new(1.0, 0.5), 0.0));
    let t = Transform::new(Vec2::ZERO, 0.0);
    let on = ray_cast(&shape, &t, Vec2::new(-3.0, 0.5), Vec2::new(6.0, 0.0));
    assert!(on.is_none_or(|h| h.fraction.is_finite()));
    let above = ray_cast(&shape, &t, Vec2::new(-3.0, 0.5001), Vec2::new(6.0, 0.0));
    assert_eq!(above, None);
    // And head on, it enters the left face at x = -1: a third of the way.
    let hit = ray_cast(&shape, &t, Vec2::new(-3.0, 0.0), Vec2::new(6.0, 0.0)).unwrap();
    assert!(
        (hit.fraction - 1.0 / 3.0).abs() < 1e-6 && hit.normal == Vec2::NEG_X,
        "{hit:?}"
    );
}
