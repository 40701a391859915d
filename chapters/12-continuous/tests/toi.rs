//! Time of impact against analytic first-contact times for straight
//! paths, and, for any path (turning too), the promise conservative
//! advancement makes: the path up to the time it returns is clear.

use ch05_obb_clipping::Transform;
use ch11_polygons::gjk::{Proxy, distance};
use ch12_continuous::toi::{MAX_ITERATIONS, TARGET, TOLERANCE};
use ch12_continuous::{Polygon, Shape, Sweep, Toi, time_of_impact};
use glam::Vec2;
use proptest::prelude::*;

/// The gap between the surfaces of `a` at `ta` and `b` at `tb` (negative
/// down to minus the radii when the cores overlap).
fn gap(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> f32 {
    let (pa, pb) = (Proxy::new(a, ta), Proxy::new(b, tb));
    distance(&pa, &pb, |_| {}).distance - pa.radius - pb.radius
}

/// A static wall whose face towards -x is at x = 0.
fn wall() -> (Shape, Transform) {
    let slab = Polygon::boxed(Vec2::new(0.5, 5.0), 0.0);
    (
        Shape::Polygon(slab),
        Transform::new(Vec2::new(0.5, 0.0), 0.0),
    )
}

proptest! {
    /// A disc of radius `r` at `x0 < 0` moving `travel` to the right
    /// reaches `TARGET` from the wall's face at
    /// `t* = (-x0 - r - TARGET) / travel`. Conservative advancement stops
    /// at or before it, and within `TOLERANCE` of it along the path.
    #[test]
    fn a_disc_meets_a_wall_when_it_should(x0 in -50.0f32..-0.2, travel in 0.05f32..200.0, r in 0.01f32..0.15, y in -2.0f32..2.0) {
        let (w, tw) = wall();
        let disc = Shape::Circle { radius: r };
        let path = Sweep { c0: Vec2::new(x0, y), a0: 0.0, c1: Vec2::new(x0 + travel, y), a1: 0.0 };
        let first = (-x0 - r - TARGET) / travel;
        match time_of_impact(&disc, &path, &w, &tw, |_, _| {}) {
            Toi::Hit { t, .. } => {
                prop_assert!(first < 1.0, "a hit at {t}, but the path ends at {first} of the way");
                // 1e-5 of the path: f32 rounding of positions up to 50 m.
                let slack = 1e-5 * (1.0 + x0.abs() / travel);
                prop_assert!(t <= first + slack, "t {t} past the first contact {first}");
                prop_assert!(t >= first - TOLERANCE / travel - slack, "t {t} short of {first}");
            }
            Toi::Miss { .. } => prop_assert!(first >= 1.0 - 1e-5, "missed a contact at {first}"),
            Toi::Touching => prop_assert!(first <= 1e-5, "touching, but the contact is at {first}"),
        }
    }

    /// A box face-on to the wall, moving straight at it: the same formula
    /// with its half width.
    #[test]
    fn a_box_meets_a_wall_when_it_should(x0 in -50.0f32..-0.5, travel in 0.05f32..200.0, half in 0.01f32..0.3) {
        let (w, tw) = wall();
        let b = Shape::Polygon(Polygon::boxed(Vec2::new(half, half / 2.0), 0.0));
        let path = Sweep { c0: Vec2::new(x0, 0.3), a0: 0.0, c1: Vec2::new(x0 + travel, 0.3), a1: 0.0 };
        let first = (-x0 - half - TARGET) / travel;
        if let Toi::Hit { t, .. } = time_of_impact(&b, &path, &w, &tw, |_, _| {}) {
            let slack = 1e-5 * (1.0 + x0.abs() / travel);
            prop_assert!(t <= first + slack && t >= first - TOLERANCE / travel - slack, "t {t}, first contact {first}");
        } else {
            prop_assert!(first >= 1.0 - 1e-5, "no hit, but first contact at {first}");
        }
    }

    /// Any path, turning as well as moving, of a thin rod past a post: the
    /// answer comes within `MAX_ITERATIONS`, and the path up to it is clear:
    /// 200 poses along it are all apart (the promise of conservative
    /// advancement); a miss is clear all the way.
    #[test]
    fn the_path_before_the_time_of_impact_is_clear(
        x0 in -3.0f32..-1.2, y0 in -1.0f32..1.0, dx in 0.0f32..6.0, dy in -2.0f32..2.0,
        a0 in -3.2f32..3.2, turn in -8.0f32..8.0,
    ) {
        let rod = Shape::Polygon(Polygon::boxed(Vec2::new(1.0, 0.02), 0.0));
        let post = Shape::Polygon(Polygon::boxed(Vec2::new(0.05, 0.05), 0.0));
        let tp = Transform::new(Vec2::ZERO, 0.3);
        let path = Sweep { c0: Vec2::new(x0, y0), a0, c1: Vec2::new(x0 + dx, y0 + dy), a1: a0 + turn };
        if gap(&rod, &path.at(0.0), &post, &tp) < TARGET + TOLERANCE {
            return Ok(()); // touching at the start: not the sweep's case
        }
        let found = time_of_impact(&rod, &path, &post, &tp, |_, _| {});
        let end = match found {
            Toi::Hit { t, iterations } => {
                prop_assert!(iterations <= MAX_ITERATIONS && t.is_finite() && (0.0..1.0).contains(&t));
                t
            }
            Toi::Miss { iterations } => {
                prop_assert!(iterations <= MAX_ITERATIONS);
                1.0
            }
            Toi::Touching => { prop_assert!(false, "touching after the check above"); 0.0 }
        };
        for k in 0..200 {
            let t = end * k as f32 / 200.0;
            let g = gap(&rod, &path.at(t), &post, &tp);
            // 1e-4 m: f32 rounding of GJK on shapes a few metres from the origin.
            prop_assert!(g > -1e-4, "at t = {t} (of {end}) the gap is {g}: {found:?}");
        }
    }
}

/// Shapes already within the target at the start are left to the contact.
#[test]
fn touching_at_the_start_is_the_contacts_job() {
    let (w, tw) = wall();
    let disc = Shape::Circle { radius: 0.1 };
    let path = Sweep {
        c0: Vec2::new(-0.1 - TARGET / 2.0, 0.0),
        a0: 0.0,
        c1: Vec2::new(5.0, 0.0),
        a1: 0.0,
    };
    assert_eq!(
        time_of_impact(&disc, &path, &w, &tw, |_, _| {}),
        Toi::Touching
    );
}
