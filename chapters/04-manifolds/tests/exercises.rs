//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand. (The properties over random shapes are in `manifolds.rs`.) A
//! failure names the quantity, the case, the value expected and got, and the section
//! of the page to reread.

use crate::judge::{BOX_CIRCLE, CIRCLES, Exercise};
use ch04_manifolds::{Aabb, Circle, Manifold, aabb_circle, circle_circle};
use glam::Vec2;

/// What a worked case expects: apart (`None`), or the normal, the penetration and
/// the one contact point.
type Expected = Option<(Vec2, f32, Vec2)>;

/// Check one manifold against what was worked out by hand, to 1e-5 (a few roundings
/// of numbers near 1).
fn check(
    exercise: &Exercise,
    case: &str,
    got: Option<Manifold>,
    expected: Expected,
) {
    let Some((normal, penetration, point)) = expected else {
        assert!(
            got.is_none(),
            "{}",
            exercise.wrong(
                "whether they collide",
                case,
                "None (apart)",
                format!("{got:?}")
            )
        );
        return;
    };
    let Some(m) = got else {
        panic!(
            "{}",
            exercise.wrong("whether they collide", case, "a manifold", "None")
        );
    };
    assert!(
        (m.normal - normal).length() < 1e-5,
        "{}",
        exercise.wrong("the normal", case, normal, m.normal)
    );
    assert!(
        (m.penetration - penetration).abs() < 1e-5,
        "{}",
        exercise.wrong("the penetration (m)", case, penetration, m.penetration)
    );
    let points: Vec<Vec2> = m.contacts().iter().map(|c| c.point).collect();
    assert!(
        points.len() == 1 && (points[0] - point).length() < 1e-5,
        "{}",
        exercise.wrong(
            "the contact points",
            case,
            format!("[{point}]"),
            format!("{points:?}")
        )
    );
    let depth = m.contacts()[0].penetration;
    assert!(
        (depth - penetration).abs() < 1e-5,
        "{}",
        exercise.wrong(
            "the contact point's penetration (m)",
            case,
            penetration,
            depth
        )
    );
}

// Exercise 4.1.

#[test]
fn circles_in_worked_cases() {
    let circle = |radius| Circle { radius };
    let cases: [(f32, Vec2, f32, Vec2, Expected, &str); 5] = [
        (
            1.0,
            Vec2::ZERO,
            0.5,
            Vec2::new(0.6, 0.8),
            Some((Vec2::new(0.6, 0.8), 0.5, Vec2::new(0.6, 0.8))),
            "centres 1 m apart, radii 1 and 0.5",
        ),
        (
            2.0,
            Vec2::new(1.0, 1.0),
            0.5,
            Vec2::new(2.0, 1.0),
            Some((Vec2::X, 1.5, Vec2::new(2.0, 1.0))),
            "B's centre inside A: the point is B's centre",
        ),
        (1.0, Vec2::ZERO, 0.5, Vec2::new(3.0, 0.0), None, "apart"),
        (
            1.0,
            Vec2::ZERO,
            0.5,
            Vec2::new(0.0, -1.5),
            Some((-Vec2::Y, 0.0, Vec2::new(0.0, -1.0))),
            "just touching, B below A",
        ),
        (
            0.3,
            Vec2::new(2.0, 2.0),
            0.2,
            Vec2::new(2.0, 2.0),
            Some((Vec2::X, 0.5, Vec2::new(2.0, 2.0))),
            "coincident centres: +x, and the sum of the radii",
        ),
    ];
    for (ra, pa, rb, pb, expected, what) in cases {
        let case =
            format!("A: radius {ra} at {pa}, B: radius {rb} at {pb}: {what}");
        check(
            &CIRCLES,
            &case,
            circle_circle(&circle(ra), pa, &circle(rb), pb),
            expected,
        );
    }
}

/// Erratum: the tutorial's circle normal is the vector between the centres, never
/// normalised, so an impulse scales with the distance. Here it is a unit vector.
#[test]
fn the_circle_normal_is_normalised() {
    let c = Circle { radius: 2.0 };
    let m = circle_circle(&c, Vec2::ZERO, &c, Vec2::new(3.0, 0.0));
    check(
        &CIRCLES,
        "two circles of radius 2, centres 3 m apart along x",
        m,
        Some((Vec2::X, 1.0, Vec2::new(2.0, 0.0))),
    );
    let a = Aabb { half_extents: Vec2::ONE };
    let m = aabb_circle(&a, Vec2::ZERO, &c, Vec2::new(2.5, 0.0));
    check(
        &BOX_CIRCLE,
        "a 2 m square box at the origin, a circle of radius 2 at (2.5, 0)",
        m,
        Some((Vec2::X, 0.5, Vec2::new(1.0, 0.0))),
    );
}

// Exercise 4.2.

#[test]
fn a_box_and_a_circle_in_worked_cases() {
    let h = Vec2::new(1.0, 0.5);
    let at = Vec2::new(2.0, 1.0);
    let cases: [(f32, Vec2, Expected, &str); 5] = [
        (
            0.5,
            Vec2::new(1.3, 0.0),
            Some((Vec2::X, 0.2, Vec2::new(1.0, 0.0))),
            "beside the +x face",
        ),
        (
            1.5,
            Vec2::new(1.6, 1.3),
            Some((Vec2::new(0.6, 0.8), 0.5, Vec2::new(1.0, 0.5))),
            "off the (+x, +y) corner",
        ),
        (
            0.25,
            Vec2::new(0.9, 0.0),
            Some((Vec2::X, 0.35, Vec2::new(0.9, 0.0))),
            "centre inside, 0.1 m from the +x face and 0.5 m from the others",
        ),
        (
            0.25,
            Vec2::new(-0.2, -0.3),
            Some((-Vec2::Y, 0.45, Vec2::new(-0.2, -0.3))),
            "centre inside, nearest the -y face",
        ),
        (0.5, Vec2::new(3.0, 0.0), None, "apart"),
    ];
    for (r, offset, expected, what) in cases {
        let case = format!(
            "a box of half extents {h} at {at}, a circle of radius {r} at {} (box + {offset}): {what}",
            at + offset
        );
        // The case is worked out with the box at the origin; the box is placed at `at`.
        let expected = expected.map(|(n, d, p)| (n, d, p + at));
        let m = aabb_circle(
            &Aabb { half_extents: h },
            at,
            &Circle { radius: r },
            at + offset,
        );
        check(&BOX_CIRCLE, &case, m, expected);
    }
}

/// Erratum: inside the box the tutorial keeps `penetration = r - d`, with d the
/// distance to the nearest face. The circle has to travel that distance *and* its
/// radius: r + d.
#[test]
fn a_centre_inside_the_box_is_pushed_out_by_radius_plus_gap() {
    let m = aabb_circle(
        &Aabb { half_extents: Vec2::new(2.0, 1.0) },
        Vec2::ZERO,
        &Circle { radius: 0.5 },
        Vec2::new(0.0, 0.75),
    );
    check(
        &BOX_CIRCLE,
        "a 4 m x 2 m box at the origin, a circle of radius 0.5 inside it at (0, 0.75)",
        m,
        Some((Vec2::Y, 0.75, Vec2::new(0.0, 0.75))),
    );
}

/// Erratum: the tutorial leaves through the face on the axis where |centre| is
/// larger. In a wide box that can be the far face: here the top is 0.5 away, the side
/// 7.
#[test]
fn inside_a_wide_box_the_nearest_face_wins() {
    let m = aabb_circle(
        &Aabb { half_extents: Vec2::new(10.0, 1.0) },
        Vec2::ZERO,
        &Circle { radius: 0.1 },
        Vec2::new(3.0, 0.5),
    );
    check(
        &BOX_CIRCLE,
        "a 20 m x 2 m box at the origin, a circle of radius 0.1 inside it at (3, 0.5)",
        m,
        Some((Vec2::Y, 0.6, Vec2::new(3.0, 0.5))),
    );
}
