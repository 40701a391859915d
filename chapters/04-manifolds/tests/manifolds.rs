//! Properties of chapter 4's narrow phase, over random shapes, sizes and positions,
//! including coincident centres and shapes that just touch.

use crate::judge::{BOX_CIRCLE, BOXES, CIRCLES, Exercise};
use ch04_manifolds::{Aabb, Circle, Manifold, Shape, UNIT_TOLERANCE, collide};
use glam::Vec2;
use proptest::prelude::*;

/// A size from 1 mm to 1 km, spread evenly over the orders of magnitude.
fn size() -> impl Strategy<Value = f32> {
    (-3.0f32..3.0).prop_map(|e| 10f32.powf(e))
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        size().prop_map(|radius| Shape::Circle(Circle { radius })),
        (size(), size())
            .prop_map(|(x, y)| Shape::Aabb(Aabb { half_extents: Vec2::new(x, y) })),
    ]
}

fn reach(s: &Shape) -> Vec2 {
    match *s {
        Shape::Circle(c) => Vec2::splat(c.radius),
        Shape::Aabb(b) => b.half_extents,
    }
}

/// Two shapes and their positions: near each other (about half overlap),
/// coincident, or just touching along an axis (A at the origin so the offset is
/// exact).
fn pair() -> impl Strategy<Value = (Shape, Vec2, Shape, Vec2)> {
    (
        shape(),
        shape(),
        (-100.0f32..100.0, -100.0f32..100.0),
        (-1.5f32..1.5, -1.5f32..1.5),
        0..10u8,
    )
        .prop_map(|(a, b, (px, py), (u, v), kind)| {
            let reach = reach(&a) + reach(&b);
            let pa = Vec2::new(px, py);
            match kind {
                0 => (a, pa, b, pa),
                1 => (a, Vec2::ZERO, b, Vec2::new(reach.x, v * reach.y)),
                2 => (a, Vec2::ZERO, b, Vec2::new(u * reach.x, -reach.y)),
                _ => (a, pa, b, pa + Vec2::new(u, v) * reach),
            }
        })
}

/// The size of the problem: the largest coordinate or size involved. Rounding
/// errors scale with it.
fn scale(a: &Shape, pa: Vec2, b: &Shape, pb: Vec2) -> f32 {
    [pa.abs(), pb.abs(), reach(a), reach(b)]
        .iter()
        .map(|v| v.max_element())
        .fold(0.0, f32::max)
}

/// The exercise that answers for a pair of shapes, whichever way round: two
/// circles are exercise 4.1, a box and a circle 4.2.
fn exercise(a: &Shape, b: &Shape) -> &'static Exercise {
    match (a, b) {
        (Shape::Circle(_), Shape::Circle(_)) => &CIRCLES,
        (Shape::Aabb(_), Shape::Aabb(_)) => &BOXES,
        _ => &BOX_CIRCLE,
    }
}

/// The case a property tried, for its failure message.
fn case(a: &Shape, pa: Vec2, b: &Shape, pb: Vec2) -> String {
    format!("A: {a:?} at {pa}, B: {b:?} at {pb}")
}

/// What a solver needs of every manifold: a unit normal, finite numbers, 1 or 2
/// contacts.
fn check_well_formed(
    m: &Manifold,
    ex: &Exercise,
    case: &str,
) -> Result<(), TestCaseError> {
    prop_assert!(
        (m.normal.length() - 1.0).abs() <= UNIT_TOLERANCE,
        "{}",
        ex.wrong(
            "the normal's length",
            case,
            1.0,
            format!("{} ({m:?})", m.normal.length())
        )
    );
    prop_assert!(
        m.penetration.is_finite() && m.penetration >= 0.0,
        "{}",
        ex.wrong("the penetration (m)", case, "finite, 0 or more", m.penetration)
    );
    prop_assert!((1..=2).contains(&m.contacts().len()), "{m:?}");
    for c in m.contacts() {
        prop_assert!(
            c.point.is_finite() && c.penetration.is_finite(),
            "{}",
            ex.wrong("a contact point", case, "finite numbers", format!("{c:?}"))
        );
    }
    if let [c1, c2] = m.contacts() {
        prop_assert_ne!(
            c1.id,
            c2.id,
            "two contacts from the same features: {:?}",
            m
        );
    }
    Ok(())
}

/// A point in f64, for computations that must not share the code's f32 rounding.
type D2 = (f64, f64);

fn d2(v: Vec2) -> D2 {
    (v.x as f64, v.y as f64)
}

/// An independent signed distance, in f64, from `p` to the shape at `at`: negative
/// inside.
fn signed_distance(s: &Shape, at: Vec2, p: D2) -> f64 {
    let (dx, dy) = (p.0 - at.x as f64, p.1 - at.y as f64);
    match *s {
        Shape::Circle(c) => dx.hypot(dy) - c.radius as f64,
        Shape::Aabb(b) => {
            let (qx, qy) = (
                dx.abs() - b.half_extents.x as f64,
                dy.abs() - b.half_extents.y as f64,
            );
            qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0)
        }
    }
}

/// The penetration worked out another way, in f64: for two boxes the shortest push
/// along x or y that takes B's min past A's max or B's max past A's min; for two
/// circles the radii minus the distance; for a box and a circle the radius minus
/// the signed distance from the box to the centre. `None` when the shapes are
/// apart.
fn independent_penetration(
    a: &Shape,
    pa: Vec2,
    b: &Shape,
    pb: Vec2,
) -> Option<f64> {
    let pen = match (*a, *b) {
        (Shape::Aabb(x), Shape::Aabb(y)) => {
            // The shorter of the two pushes along an axis: B up past A's max, or
            // down past A's min.
            let overlap = |pa: f64, ha: f32, pb: f64, hb: f32| {
                let (ha, hb) = (ha as f64, hb as f64);
                ((pa + ha) - (pb - hb)).min((pb + hb) - (pa - ha))
            };
            let (ha, hb) = (x.half_extents, y.half_extents);
            let along_x = overlap(pa.x as f64, ha.x, pb.x as f64, hb.x);
            along_x.min(overlap(pa.y as f64, ha.y, pb.y as f64, hb.y))
        }
        (Shape::Circle(x), Shape::Circle(y)) => {
            let (dx, dy) = (pb.x as f64 - pa.x as f64, pb.y as f64 - pa.y as f64);
            x.radius as f64 + y.radius as f64 - dx.hypot(dy)
        }
        (Shape::Aabb(_), Shape::Circle(c)) => {
            c.radius as f64 - signed_distance(a, pa, d2(pb))
        }
        (Shape::Circle(c), Shape::Aabb(_)) => {
            c.radius as f64 - signed_distance(b, pb, d2(pa))
        }
    };
    (pen >= 0.0).then_some(pen)
}

proptest! {
    /// No NaN, and a unit normal whenever there are contacts.
    #[test]
    fn every_manifold_is_well_formed((a, pa, b, pb) in pair()) {
        if let Some(m) = collide(&a, pa, &b, pb) {
            check_well_formed(&m, exercise(&a, &b), &case(&a, pa, &b, pb))?;
        }
    }

    /// Swapping A and B turns the normal round and keeps the penetration. Exactly:
    /// each function does the same arithmetic both ways round. The one exception is
    /// centres that coincide along the normal, where both orders pick the same
    /// fixed direction (no rule could do otherwise for two identical shapes on top
    /// of each other).
    #[test]
    fn swapping_a_and_b_flips_the_normal((a, pa, b, pb) in pair()) {
        let ab = collide(&a, pa, &b, pb);
        let ba = collide(&b, pb, &a, pa);
        let (ex, case) = (exercise(&a, &b), case(&a, pa, &b, pb) + ", then swapped");
        prop_assert!(
            ab.is_some() == ba.is_some(),
            "{}",
            ex.wrong("whether they collide, swapped", &case, ab.is_some(), ba.is_some())
        );
        if let (Some(ab), Some(ba)) = (ab, ba) {
            prop_assert!(
                ab.penetration == ba.penetration,
                "{}",
                ex.wrong("the penetration, swapped (m)", &case, ab.penetration, ba.penetration)
            );
            if (pb - pa).dot(ab.normal) != 0.0 {
                prop_assert!(
                    ab.normal == -ba.normal,
                    "{}",
                    ex.wrong("the normal, swapped", &case, -ab.normal, ba.normal)
                );
            }
        }
    }

    /// The penetration agrees with an independent computation in f64. Tolerance:
    /// the f32 code rounds a handful of sums and one square root of numbers no
    /// bigger than the scale, each off by at most 6e-8 of it; 1e-6 of the scale
    /// leaves room for ten of them. Whether the shapes collide agrees too, except
    /// within that tolerance of touching.
    #[test]
    fn penetration_matches_an_independent_computation((a, pa, b, pb) in pair()) {
        let tol = 1e-6 * scale(&a, pa, &b, pb) as f64;
        let expected = independent_penetration(&a, pa, &b, pb);
        let (ex, case) = (exercise(&a, &b), case(&a, pa, &b, pb));
        let quantity = "the penetration (m), against one worked out in f64";
        match (collide(&a, pa, &b, pb), expected) {
            (Some(m), Some(e)) => prop_assert!((m.penetration as f64 - e).abs() <= tol,
                "{}", ex.wrong(quantity, &case, e, m.penetration)),
            (Some(m), None) => prop_assert!(m.penetration as f64 <= tol,
                "{}", ex.wrong(quantity, &case, "None (apart)", format!("{m:?}"))),
            (None, Some(e)) => prop_assert!(e <= tol,
                "{}", ex.wrong(quantity, &case, e, "None (missed)")),
            (None, None) => {}
        }
    }

    /// Moving B along the normal by the penetration and a hair more separates the
    /// shapes. The hair, 1e-5 of the scale, is well above the rounding of the move
    /// itself (6e-8 of it).
    #[test]
    fn moving_b_out_along_the_normal_separates((a, pa, b, pb) in pair()) {
        if let Some(m) = collide(&a, pa, &b, pb) {
            let hair = 1e-5 * scale(&a, pa, &b, pb);
            let moved = pb + m.normal * (m.penetration + hair);
            prop_assert!(
                collide(&a, pa, &b, moved).is_none(),
                "{}",
                exercise(&a, &b).wrong(
                    "the normal or the penetration (moving B out by them must separate)",
                    case(&a, pa, &b, pb),
                    format!("apart once B is moved to {moved}"),
                    format!("still touching; the manifold was {m:?}"),
                )
            );
        }
    }

    /// Every contact point is inside both shapes, grown by 1e-5 of the scale for
    /// rounding.
    #[test]
    fn contact_points_are_inside_both_shapes((a, pa, b, pb) in pair()) {
        if let Some(m) = collide(&a, pa, &b, pb) {
            let tol = 1e-5 * scale(&a, pa, &b, pb) as f64;
            let (ex, case) = (exercise(&a, &b), case(&a, pa, &b, pb));
            for c in m.contacts() {
                let p = d2(c.point);
                for (shape, at, name) in [(&a, pa, "A"), (&b, pb, "B")] {
                    let outside = signed_distance(shape, at, p);
                    prop_assert!(
                        outside <= tol,
                        "{}",
                        ex.wrong(
                            &format!("the contact point {}'s distance outside {name} (m)", c.point),
                            &case,
                            "0 or less (inside)",
                            outside,
                        )
                    );
                }
            }
        }
    }
}

#[test]
fn coincident_centres_give_a_consistent_normal() {
    let circle = Shape::Circle(Circle { radius: 0.5 });
    let square = Shape::Aabb(Aabb { half_extents: Vec2::splat(0.5) });
    let at = Vec2::new(3.0, -2.0);
    for (a, b, penetration) in
        [(circle, circle, 1.0), (square, square, 1.0), (square, circle, 1.0)]
    {
        let (ex, case) = (exercise(&a, &b), case(&a, at, &b, at));
        let m = collide(&a, at, &b, at);
        let Some(m) = m else {
            panic!(
                "{}",
                ex.wrong("whether they collide", &case, "a manifold", "None")
            );
        };
        assert!(
            m.normal == Vec2::X,
            "{}",
            ex.wrong("the normal", &case, Vec2::X, m.normal)
        );
        assert!(
            m.penetration == penetration,
            "{}",
            ex.wrong("the penetration (m)", &case, penetration, m.penetration)
        );
        // The same every time it is asked.
        assert_eq!(collide(&a, at, &b, at), Some(m));
    }
    // A circle at the centre of a box, seen from the circle: pushed out the box's
    // +x face, so from the circle (A) to the box (B) the normal is -x.
    let m = collide(&circle, at, &square, at).unwrap();
    assert!(
        m.normal == Vec2::NEG_X,
        "{}",
        BOX_CIRCLE.wrong(
            "the normal, from the circle to the box",
            case(&circle, at, &square, at),
            Vec2::NEG_X,
            m.normal
        )
    );
}

#[test]
fn just_touching_counts_with_zero_penetration() {
    let circle = Shape::Circle(Circle { radius: 0.5 });
    let square = Shape::Aabb(Aabb { half_extents: Vec2::splat(0.5) });
    for (a, b) in [(circle, circle), (square, square), (square, circle)] {
        let (ex, at) = (exercise(&a, &b), Vec2::new(1.0, 0.0));
        let case = case(&a, Vec2::ZERO, &b, at);
        let Some(m) = collide(&a, Vec2::ZERO, &b, at) else {
            panic!(
                "{}",
                ex.wrong(
                    "whether they collide (touching counts)",
                    &case,
                    "a manifold",
                    "None"
                )
            );
        };
        assert!(
            m.penetration == 0.0,
            "{}",
            ex.wrong("the penetration (m)", &case, 0.0, m.penetration)
        );
        assert!(
            m.normal == Vec2::X,
            "{}",
            ex.wrong("the normal", &case, Vec2::X, m.normal)
        );
        let apart = collide(&a, Vec2::ZERO, &b, Vec2::new(1.0 + 1e-6, 0.0));
        assert!(
            apart.is_none(),
            "{}",
            ex.wrong(
                "whether they collide, 1 um apart",
                &case,
                "None",
                format!("{apart:?}")
            )
        );
    }
}

#[test]
fn huge_and_tiny_inputs_never_give_nan() {
    let sizes = [0.0, 1e-45, 1e-30, 1.0, 1e30, f32::MAX];
    let places = [0.0, 1e-45, -1e-30, 1.0, 1e30, -f32::MAX, f32::MAX];
    for &s in &sizes {
        for &t in &sizes {
            let shapes = [
                Shape::Circle(Circle { radius: s }),
                Shape::Aabb(Aabb { half_extents: Vec2::new(s, t) }),
            ];
            for a in &shapes {
                for b in &shapes {
                    for &x in &places {
                        for &y in &places {
                            let at = Vec2::new(x, y);
                            if let Some(m) = collide(a, Vec2::ZERO, b, at) {
                                let ex = exercise(a, b);
                                let case = case(a, Vec2::ZERO, b, at);
                                assert!(
                                    m.normal.is_finite()
                                        && m.penetration.is_finite()
                                        && (m.normal.length() - 1.0).abs()
                                            <= UNIT_TOLERANCE,
                                    "{}",
                                    ex.wrong(
                                        "the manifold",
                                        case,
                                        "a unit normal, a finite penetration",
                                        format!("{m:?}")
                                    )
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
