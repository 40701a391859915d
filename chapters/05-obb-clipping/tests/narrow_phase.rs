//! Properties of chapter 5's narrow phase: chapter 4's list for turned boxes,
//! agreement with chapter 4 for boxes that are not turned, rigid motions, the
//! stable reference face, and a million random inputs (ignored by default; run in
//! release by .ci/run).

use crate::judge::{BOX_CIRCLE, BOXES, Exercise};
use ch04_manifolds::{Aabb, Circle, Manifold, UNIT_TOLERANCE};
use ch05_obb_clipping::{AxisBias, Obb, Shape, Transform, collide, obb_obb_steps};
use glam::Vec2;
use proptest::prelude::*;

fn size() -> impl Strategy<Value = f32> {
    (-2.0f32..2.0).prop_map(|e| 10f32.powf(e))
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        size().prop_map(|radius| Shape::Circle(Circle { radius })),
        (size(), size())
            .prop_map(|(x, y)| Shape::Box(Obb { half_extents: Vec2::new(x, y) })),
        (size(), size())
            .prop_map(|(x, y)| Shape::Box(Obb { half_extents: Vec2::new(x, y) })),
    ]
}

fn reach(s: &Shape) -> f32 {
    s.reach()
}

/// Two shapes, turned anyhow, near each other; sometimes on the same centre.
fn pair() -> impl Strategy<Value = (Shape, Transform, Shape, Transform)> {
    (
        shape(),
        shape(),
        (-50.0f32..50.0, -50.0f32..50.0),
        (-1.2f32..1.2, -1.2f32..1.2),
        (-4.0f32..4.0, -4.0f32..4.0),
        0..8u8,
    )
        .prop_map(|(a, b, (px, py), (u, v), (angle_a, angle_b), kind)| {
            let pa = Vec2::new(px, py);
            let pb = if kind == 0 {
                pa
            } else {
                pa + Vec2::new(u, v) * (reach(&a) + reach(&b))
            };
            (a, Transform::new(pa, angle_a), b, Transform::new(pb, angle_b))
        })
}

fn scale(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> f32 {
    [
        ta.position.abs().max_element(),
        tb.position.abs().max_element(),
        reach(a),
        reach(b),
    ]
    .into_iter()
    .fold(0.0, f32::max)
}

/// The exercises that answer for a pair of shapes: two boxes need both of this
/// chapter's; a circle goes through chapter 4's reference.
fn exercise(a: &Shape, b: &Shape) -> &'static Exercise {
    match (a, b) {
        (Shape::Box(_), Shape::Box(_)) => &BOXES,
        _ => &BOX_CIRCLE,
    }
}

/// The case a property tried, for its failure message.
fn case(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> String {
    format!("A: {a:?} placed by {ta:?}, B: {b:?} placed by {tb:?}")
}

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
            c.point.is_finite() && c.penetration >= 0.0,
            "{}",
            ex.wrong(
                "a contact point",
                case,
                "finite, its penetration 0 or more",
                format!("{c:?}")
            )
        );
    }
    if let [c1, c2] = m.contacts() {
        prop_assert_ne!(c1.id, c2.id);
    }
    Ok(())
}

/// Signed distance (f64) from `p` to the shape placed by `t`: negative inside.
fn signed_distance(s: &Shape, t: &Transform, p: Vec2) -> f64 {
    let local = t.to_local(p);
    let (x, y) = (local.x as f64, local.y as f64);
    match *s {
        Shape::Circle(c) => x.hypot(y) - c.radius as f64,
        Shape::Box(b) => {
            let (qx, qy) = (
                x.abs() - b.half_extents.x as f64,
                y.abs() - b.half_extents.y as f64,
            );
            qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0)
        }
    }
}

/// Whether two boxes overlap by nearly the same amount (within `tol`) along two of
/// their four face axes, so that either is a right normal. Circles have one axis.
fn near_tie(
    a: &Shape,
    ta: &Transform,
    b: &Shape,
    tb: &Transform,
    tol: f32,
) -> bool {
    let (Shape::Box(oa), Shape::Box(ob)) = (a, b) else {
        return false;
    };
    // How far a box reaches from its centre along the unit direction d.
    let reach_along = |o: &Obb, t: &Transform, d: Vec2| {
        t.rotation.x_axis.dot(d).abs() * o.half_extents.x
            + t.rotation.y_axis.dot(d).abs() * o.half_extents.y
    };
    let between = tb.position - ta.position;
    let axes = [
        ta.rotation.x_axis,
        ta.rotation.y_axis,
        tb.rotation.x_axis,
        tb.rotation.y_axis,
    ];
    let mut overlaps = axes.map(|n| {
        reach_along(oa, ta, n) + reach_along(ob, tb, n) - between.dot(n).abs()
    });
    overlaps.sort_by(f32::total_cmp);
    overlaps[1] - overlaps[0] <= tol
}

/// The bias lets a later axis lose although its penetration is smaller, so the
/// penetration chosen is at most (smallest + absolute x half extent) / relative.
fn within_bias(chosen: f32, other: f32, largest_half_extent: f32) -> bool {
    let b = AxisBias::DEFAULT;
    chosen
        <= (other + b.absolute * largest_half_extent) / b.relative * (1.0 + 1e-5)
            + 1e-6 * largest_half_extent
}

/// Swapping A and B turns the normal round (the property below).
fn check_swap(
    a: &Shape,
    ta: &Transform,
    b: &Shape,
    tb: &Transform,
) -> Result<(), TestCaseError> {
    let s = scale(a, ta, b, tb);
    let tol = 1e-5 * s;
    if let (Some(ab), Some(ba)) = (collide(a, ta, b, tb), collide(b, tb, a, ta)) {
        let same_choice = (ab.penetration - ba.penetration).abs() <= tol;
        prop_assert!(
            same_choice
                || (within_bias(ab.penetration, ba.penetration, s)
                    && within_bias(ba.penetration, ab.penetration, s)),
            "{ab:?} vs {ba:?}"
        );
        if same_choice
            && (tb.position - ta.position).dot(ab.normal).abs() > tol
            && !near_tie(a, ta, b, tb, 2.0 * tol)
        {
            prop_assert!(
                (ab.normal + ba.normal).length() <= 1e-4,
                "{ab:?} vs {ba:?}"
            );
        }
    }
    Ok(())
}

/// Two boxes that overlap by 0.1331 along one of A's axes and 0.1329 along one of
/// B's (a random seed found them): A against B takes A's axis, B against A takes B's,
/// and both are right.
#[test]
fn a_near_tie_may_take_either_axis() {
    let placed = |x: f32, y: f32, cos: f32, sin: f32| Transform {
        position: Vec2::new(x, y),
        rotation: glam::Mat2::from_cols(Vec2::new(cos, sin), Vec2::new(-sin, cos)),
    };
    let a = Shape::Box(Obb { half_extents: Vec2::new(0.47370926, 0.35806686) });
    let b = Shape::Box(Obb { half_extents: Vec2::new(0.16488875, 0.29624552) });
    let ta = placed(0.0, 27.744438, -0.9135999, -0.40661433);
    let tb = placed(0.7451623, 27.734388, -0.71400803, 0.70013756);
    assert!(near_tie(&a, &ta, &b, &tb, 2.0 * 1e-5 * scale(&a, &ta, &b, &tb)));
    check_swap(&a, &ta, &b, &tb).unwrap();
}

proptest! {
    #[test]
    fn every_manifold_is_well_formed((a, ta, b, tb) in pair()) {
        if let Some(m) = collide(&a, &ta, &b, &tb) {
            check_well_formed(&m, exercise(&a, &b), &case(&a, &ta, &b, &tb))?;
        }
    }

    /// Swapping A and B turns the normal round. The penetration is the same except
    /// where the bias (which prefers A's faces) decides: there both are within the
    /// bias of each other. Tolerances: rounding of the transforms, 1e-5 of the
    /// scale. Where two boxes overlap by the same amount on two axes (to twice that),
    /// either axis is right, so the normals are compared only without such a tie.
    #[test]
    fn swapping_a_and_b_flips_the_normal((a, ta, b, tb) in pair()) {
        check_swap(&a, &ta, &b, &tb)?;
    }

    /// Moving B out along the normal by the penetration and a hair (1e-4 of the
    /// scale, above the rotations' rounding) separates the shapes.
    #[test]
    fn moving_b_out_along_the_normal_separates((a, ta, b, tb) in pair()) {
        if let Some(m) = collide(&a, &ta, &b, &tb) {
            let hair = 1e-4 * scale(&a, &ta, &b, &tb);
            let moved = Transform { position: tb.position + m.normal * (m.penetration + hair), ..tb };
            prop_assert!(
                collide(&a, &ta, &b, &moved).is_none(),
                "{}",
                exercise(&a, &b).wrong(
                    "the normal or the penetration (moving B out by them must separate)",
                    case(&a, &ta, &b, &tb),
                    format!("apart once B is moved to {}", moved.position),
                    format!("still touching; the manifold was {m:?}"),
                )
            );
        }
    }

    /// Contact points lie inside both shapes, grown by 1e-4 of the scale, whenever
    /// the penetration is no deeper than the thinner shape is thick. (Deeper, a
    /// box's contact points stay on its incident face, which may then lie beyond
    /// the other box.)
    #[test]
    fn contact_points_are_inside_both_shapes((a, ta, b, tb) in pair()) {
        let thin = |s: &Shape| match *s {
            Shape::Circle(c) => 2.0 * c.radius,
            Shape::Box(o) => 2.0 * o.half_extents.min_element(),
        };
        if let Some(m) = collide(&a, &ta, &b, &tb) {
            if m.penetration <= thin(&a).min(thin(&b)) {
                let tol = 1e-4 * scale(&a, &ta, &b, &tb) as f64;
                let (ex, case) = (exercise(&a, &b), case(&a, &ta, &b, &tb));
                for c in m.contacts() {
                    for (shape, t, name) in [(&a, &ta, "A"), (&b, &tb, "B")] {
                        let outside = signed_distance(shape, t, c.point);
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

    /// Boxes that are not turned give chapter 4's manifold: the same normal,
    /// penetration, points and feature ids, whenever the x and y penetrations
    /// differ by more than the bias (inside it, chapter 5 keeps x where chapter 4
    /// takes the smaller) and B's face lies inside A (deeper, chapter 4 clamps its
    /// points into A). Tolerance 1e-5 of the scale.
    #[test]
    fn unturned_boxes_agree_with_chapter_4(
        ha in (size(), size()), hb in (size(), size()),
        (u, v) in (-1.1f32..1.1, -1.1f32..1.1),
    ) {
        let (ha, hb) = (Vec2::new(ha.0, ha.1), Vec2::new(hb.0, hb.1));
        let pb = Vec2::new(u, v) * (ha + hb);
        let four = ch04_manifolds::aabb_aabb(&Aabb { half_extents: ha }, Vec2::ZERO, &Aabb { half_extents: hb }, pb);
        let t0 = Transform::new(Vec2::ZERO, 0.0);
        let five = ch05_obb_clipping::obb_obb(&Obb { half_extents: ha }, &t0, &Obb { half_extents: hb }, &Transform::new(pb, 0.0));
        let tol = 1e-5 * (ha + hb).max_element();
        let overlap = ha + hb - pb.abs();
        let clear_choice = (overlap.x - overlap.y).abs() > 0.06 * overlap.max_element() + 0.011 * (ha + hb).max_element();
        if let (Some(f), Some(g)) = (four, five) {
            let axis = if f.normal.x != 0.0 { 0 } else { 1 };
            let shallow = f.penetration <= 2.0 * ha[axis].min(hb[axis]);
            if clear_choice && shallow {
                let case = format!("unturned boxes of half extents {ha} and {hb}, B at {pb}, A at the origin");
                let same = f.normal == g.normal
                    && (f.penetration - g.penetration).abs() <= tol
                    && f.contacts().len() == g.contacts().len()
                    && f.contacts().iter().zip(g.contacts()).all(|(c, d)| {
                        (c.point - d.point).length() <= tol && c.id == d.id
                    });
                prop_assert!(
                    same,
                    "{}",
                    BOXES.wrong("the manifold, against chapter 4's", case, format!("{f:?}"), format!("{g:?}"))
                );
            }
        } else if clear_choice && four.is_some() != five.is_some() {
            prop_assert!(overlap.min_element().abs() <= tol, "only one found a collision: {four:?} {five:?}");
        }
    }

    /// Turning and moving both shapes together turns and moves the manifold: the
    /// normal turns, the points turn and move, the penetration stays. Tolerance
    /// 1e-4 of the scale: two rotations' rounding, and away from near-ties (where a
    /// hair decides the axis).
    #[test]
    fn a_rigid_motion_of_both_moves_the_manifold(
        (a, ta, b, tb) in pair(), turn in -3.0f32..3.0, shift in (-20.0f32..20.0, -20.0f32..20.0),
    ) {
        let motion = Transform::new(Vec2::new(shift.0, shift.1), turn);
        let apply = |t: &Transform| Transform {
            position: motion.to_world(t.position),
            rotation: motion.rotation * t.rotation,
        };
        let s = scale(&a, &ta, &b, &tb) + 20.0;
        let tol = 1e-4 * s;
        // Coincident centres are the exception: their fixed direction cannot turn
        // with them.
        let apart = ta.position.distance(tb.position) > tol;
        if let (true, Some(m), Some(n)) = (apart, collide(&a, &ta, &b, &tb), collide(&a, &apply(&ta), &b, &apply(&tb))) {
            if (m.penetration - n.penetration).abs() <= tol && m.contacts().len() == n.contacts().len() {
                prop_assert!((motion.rotation * m.normal - n.normal).length() <= 1e-3, "{m:?} {n:?}");
                for (c, d) in m.contacts().iter().zip(n.contacts()) {
                    prop_assert!((motion.to_world(c.point) - d.point).length() <= tol, "{m:?} {n:?}");
                }
            } else {
                // A different axis or count only at a near-tie: both penetrations
                // within the bias.
                prop_assert!(within_bias(m.penetration, n.penetration, s) && within_bias(n.penetration, m.penetration, s),
                    "{m:?} {n:?}");
            }
        }
    }

    /// The reference face does not flip between two nearly equal configurations: a
    /// box resting on another with the x and y penetrations tied, nudged by less
    /// than the bias, keeps A's face. Without the bias the face flips for some
    /// nudges.
    #[test]
    fn the_reference_face_stays_put_under_a_nudge(dx in -1e-3f32..1e-3, dy in -1e-3f32..1e-3, angle in -1e-3f32..1e-3) {
        let square = Obb { half_extents: Vec2::splat(1.0) };
        // B over A's corner: 0.2 into A along both x and y.
        let t0 = Transform::new(Vec2::ZERO, 0.0);
        let tb = Transform::new(Vec2::new(1.8 + dx, 1.8 + dy), angle);
        let steps = obb_obb_steps(&square, &t0, &square, &tb, &AxisBias::DEFAULT).unwrap();
        prop_assert_eq!(steps.axis, 0);
        prop_assert_eq!(steps.reference_face.index, 0);
    }
}

#[test]
fn without_the_bias_a_nudge_flips_the_reference_face() {
    let square = Obb { half_extents: Vec2::splat(1.0) };
    let t0 = Transform::new(Vec2::ZERO, 0.0);
    let faces: Vec<u8> = [(1e-4, 0.0), (0.0, 1e-4)]
        .iter()
        .map(|&(dx, dy)| {
            let tb = Transform::new(Vec2::new(1.8 + dx, 1.8 + dy), 0.0);
            obb_obb_steps(&square, &t0, &square, &tb, &AxisBias::NONE)
                .unwrap()
                .reference_face
                .index
        })
        .collect();
    assert_eq!(faces, [0, 1], "a tenth of a millimetre decides the face");
}

#[test]
fn identical_boxes_on_top_of_each_other_are_consistent() {
    let b = Shape::Box(Obb { half_extents: Vec2::new(0.5, 0.3) });
    for angle in [0.0, 0.4, std::f32::consts::FRAC_PI_4, 2.0] {
        let t = Transform::new(Vec2::new(2.0, -1.0), angle);
        let m = collide(&b, &t, &b, &t).expect("coincident boxes collide");
        // Pushed out along A's short axis (y, the smaller penetration 0.6, clearly
        // below 0.95 x 1.0), and the same answer every time.
        assert!((m.penetration - 0.6).abs() < 1e-5, "{m:?}");
        assert!((m.normal - t.rotation * Vec2::Y).length() < 1e-5, "{m:?}");
        assert_eq!(collide(&b, &t, &b, &t), Some(m));
        assert_eq!(m.contacts().len(), 2);
    }
}

/// Sizes and places mostly from 1e-6 to 1e6, sometimes from 1e-30 to 1e30,
/// sometimes exactly zero; any angles; every shape pair; a twentieth of the pairs
/// with coincident centres.
fn random_input(
    rng: &mut physics_core::rng::Rng,
) -> (Shape, Transform, Shape, Transform) {
    let magnitude = |rng: &mut physics_core::rng::Rng| {
        let roll = rng.next_f32();
        if roll < 0.05 {
            0.0
        } else if roll < 0.15 {
            10f32.powf(rng.range(-30.0, 30.0))
        } else {
            10f32.powf(rng.range(-6.0, 6.0))
        }
    };
    let shape = |rng: &mut physics_core::rng::Rng| {
        if rng.next_f32() < 0.3 {
            Shape::Circle(Circle { radius: magnitude(rng) })
        } else {
            Shape::Box(Obb {
                half_extents: Vec2::new(magnitude(rng), magnitude(rng)),
            })
        }
    };
    let a = shape(rng);
    let b = shape(rng);
    let pa = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * magnitude(rng);
    let near = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))
        * (a.reach() + b.reach());
    let pb = if rng.next_f32() < 0.05 { pa } else { pa + near };
    let angle = |rng: &mut physics_core::rng::Rng| {
        if rng.next_f32() < 0.2 { 0.0 } else { rng.range(-10.0, 10.0) }
    };
    let ta = Transform::new(pa, angle(rng));
    let tb = Transform::new(pb, angle(rng));
    (a, ta, b, tb)
}

/// How many random pairs, and from which seed: `NARROW_PHASE_CASES` and
/// `NARROW_PHASE_SEED` override the defaults, for long fuzzing runs such as
/// `NARROW_PHASE_CASES=2000000000 cargo test --release -p ch05-obb-clipping --test
/// tests -- --ignored --nocapture narrow_phase::`.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
#[ignore = "a million cases: run in release by .ci/run with cargo test --release -p ch05-obb-clipping --test tests -- --ignored narrow_phase::"]
fn a_million_random_inputs_give_no_nan_and_no_panic() {
    let cases = env_or("NARROW_PHASE_CASES", 1_000_000);
    let mut rng =
        physics_core::rng::Rng::new(env_or("NARROW_PHASE_SEED", 20261121));
    let mut collisions = 0u64;
    let start = std::time::Instant::now();
    for _ in 0..cases {
        let (a, ta, b, tb) = random_input(&mut rng);
        if let Some(m) = collide(&a, &ta, &b, &tb) {
            collisions += 1;
            assert!((m.normal.length() - 1.0).abs() <= UNIT_TOLERANCE, "{m:?}");
            assert!(m.penetration.is_finite() && m.penetration >= 0.0, "{m:?}");
            assert!(
                m.contacts()
                    .iter()
                    .all(|c| c.point.is_finite() && c.penetration.is_finite())
            );
        }
    }
    println!(
        "{collisions} of {cases} random pairs collided; no NaN, no panic ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    assert!(
        collisions > cases / 10,
        "the inputs should collide often: {collisions} of {cases}"
    );
}
