//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones; then two boxes, which need both;
//! then exercise 5.3, a box against a segment.
//! A failure names the quantity, the case, the value expected and got, and the
//! section of the page to reread.

use crate::judge::{BOX_SEGMENT, BOXES, CLIP, INCIDENT};
use ch04_manifolds::{Feature, Manifold, UNIT_TOLERANCE, box_face_normal};
use ch05_obb_clipping::{
    ClipPoint, Obb, SidePlane, Transform, clip_segment, incident_face, obb_obb,
    obb_segment,
};
use glam::Vec2;
use proptest::prelude::*;

fn square(h: f32) -> Obb {
    Obb { half_extents: Vec2::splat(h) }
}

/// An end of an incident face: a corner of the incident box against the reference
/// face 1.
fn end(x: f32, y: f32, vertex: u8) -> ClipPoint {
    ClipPoint {
        point: Vec2::new(x, y),
        reference: Feature::Face(1),
        incident: Feature::Vertex(vertex),
    }
}

// Exercise 5.1.

/// Clipping keeps the part of the segment behind the plane, cuts it where it crosses,
/// keeps the order of its ends, and names a cut point by the side face and the
/// incident face.
#[test]
fn clipping_keeps_the_part_of_a_segment_behind_the_plane() {
    let plane = SidePlane { normal: Vec2::X, offset: 1.0, face: 0 };
    let (behind, in_front) = (end(-1.0, 0.0, 2), end(3.0, 2.0, 3));
    let also_behind = end(0.5, 1.0, 3);
    let also_in_front = end(2.0, 0.0, 2);
    // (-1, 0) to (3, 2) crosses x = 1 half way, at (1, 1).
    let cut = ClipPoint {
        point: Vec2::new(1.0, 1.0),
        reference: Feature::Face(0),
        incident: Feature::Face(3),
    };
    for (segment, expected, what) in [
        (
            [behind, also_behind],
            Some([behind, also_behind]),
            "both ends behind: both kept",
        ),
        (
            [behind, in_front],
            Some([behind, cut]),
            "the second end in front: cut half way",
        ),
        (
            [in_front, behind],
            Some([cut, behind]),
            "the first end in front: cut, order kept",
        ),
        ([in_front, also_in_front], None, "both ends in front: nothing left"),
    ] {
        let got = clip_segment(segment, &plane, 3);
        let case = format!(
            "the segment {} to {} against the plane x = 1 (side face 0), incident face 3: {what}",
            segment[0].point, segment[1].point
        );
        let close = match (got, expected) {
            (Some(g), Some(e)) => g.iter().zip(&e).all(|(g, e)| {
                (g.point - e.point).length() < 1e-6
                    && (g.reference, g.incident) == (e.reference, e.incident)
            }),
            (g, e) => g.is_none() && e.is_none(),
        };
        assert!(
            close,
            "{}",
            CLIP.wrong(
                "what is left of the segment",
                case,
                format!("{expected:?}"),
                format!("{got:?}")
            )
        );
    }
}

proptest! {
    /// Over random segments and planes: whatever is left lies behind the plane, a cut
    /// point lies on the plane and on the segment, and a segment with one end on
    /// each side keeps exactly the end behind.
    #[test]
    fn what_is_left_lies_behind_the_plane_and_on_the_segment(
        p in (-5.0f32..5.0, -5.0f32..5.0), q in (-5.0f32..5.0, -5.0f32..5.0),
        angle in 0.0f32..std::f32::consts::TAU, offset in -3.0f32..3.0,
    ) {
        let (p, q) = (end(p.0, p.1, 2), end(q.0, q.1, 3));
        let plane = SidePlane { normal: Vec2::from_angle(angle), offset, face: 0 };
        let distance = |x: Vec2| plane.normal.dot(x) - plane.offset;
        let (dp, dq) = (distance(p.point), distance(q.point));
        // Ends within a hair of the plane could go either way on rounding.
        prop_assume!(dp.abs() > 1e-3 && dq.abs() > 1e-3);
        let got = clip_segment([p, q], &plane, 3);
        let case = format!(
            "the segment {} to {} (signed distances {dp} and {dq}), plane normal {}, offset {offset}",
            p.point, q.point, plane.normal
        );
        let Some(kept) = got else {
            prop_assert!(
                dp > 0.0 && dq > 0.0,
                "{}",
                CLIP.wrong("what is left", &case, "some of the segment", "None")
            );
            return Ok(());
        };
        prop_assert!(
            dp <= 0.0 || dq <= 0.0,
            "{}",
            CLIP.wrong("what is left", &case, "None (both ends in front)", format!("{kept:?}"))
        );
        for (k, original) in kept.iter().zip([p, q]) {
            let d = distance(k.point);
            prop_assert!(
                d <= 1e-4,
                "{}",
                CLIP.wrong("a kept point's signed distance to the plane", &case, "0 or less", d)
            );
            if k.point != original.point {
                // A cut point: on the plane, and on the segment from p to q.
                let on_segment = (k.point - p.point).perp_dot(q.point - p.point).abs()
                    / (q.point - p.point).length();
                prop_assert!(
                    d.abs() <= 1e-4 && on_segment <= 1e-4,
                    "{}",
                    CLIP.wrong(
                        &format!("the cut point {}", k.point),
                        &case,
                        "on the plane and on the segment (both distances 0)",
                        format!("{d} from the plane, {on_segment} from the segment"),
                    )
                );
            }
        }
    }
}

// Exercise 5.2.

/// The incident face is the face most turned against the reference normal, whichever
/// way the incident box is turned.
#[test]
fn the_incident_face_faces_the_reference_face() {
    let quarter = std::f32::consts::FRAC_PI_2;
    for (normal, at, angle, expected, what) in [
        (Vec2::Y, Vec2::ZERO, 0.0, 3, "unturned, against +y: the bottom face, -y"),
        (
            Vec2::Y,
            Vec2::new(5.0, 1.0),
            quarter,
            2,
            "a quarter turn: its -x face points down",
        ),
        (
            Vec2::Y,
            Vec2::ZERO,
            -0.3,
            3,
            "a little clockwise: the bottom face still faces down",
        ),
        (
            -Vec2::X,
            Vec2::ZERO,
            0.2,
            0,
            "against a normal pointing left: the +x face",
        ),
    ] {
        let got = incident_face(normal, &Transform::new(at, angle));
        let case = format!(
            "reference normal {normal}, incident box at {at} turned {angle} rad: {what}"
        );
        assert!(
            got == expected,
            "{}",
            INCIDENT.wrong("the incident face", case, expected, got)
        );
    }
}

proptest! {
    /// Over random turns and normals: no face of the incident box is turned further
    /// against the reference normal than the one chosen.
    #[test]
    fn no_face_is_turned_further_against_the_reference(
        angle in -4.0f32..4.0, normal_angle in 0.0f32..std::f32::consts::TAU,
    ) {
        let t = Transform::new(Vec2::new(1.0, -2.0), angle);
        let normal = Vec2::from_angle(normal_angle);
        let chosen = incident_face(normal, &t);
        let dot = |face: u8| (t.rotation * box_face_normal(face)).dot(normal);
        let case = format!("reference normal {normal}, incident box turned {angle} rad");
        prop_assert!(chosen < 4, "{}", INCIDENT.wrong("the face number", &case, "0 to 3", chosen));
        for face in 0..4 {
            prop_assert!(
                dot(chosen) <= dot(face) + 1e-5,
                "{}",
                INCIDENT.wrong(
                    "the incident face",
                    &case,
                    format!("face {face} or one as far turned (its normal . reference = {})", dot(face)),
                    format!("face {chosen}, whose normal . reference = {}", dot(chosen)),
                )
            );
        }
    }
}

// Both: two boxes.

/// A box standing on another, corners level: two contacts on B's bottom face, with
/// the full penetration, and ids naming B's corners against A's top face.
#[test]
fn a_box_resting_on_a_box_gets_two_contacts() {
    let t0 = Transform::new(Vec2::ZERO, 0.0);
    let t1 = Transform::new(Vec2::new(0.25, 1.9), 0.0);
    let case = "two 2 m squares, unturned, B at (0.25, 1.9) on A at the origin";
    let m = obb_obb(&square(1.0), &t0, &square(1.0), &t1);
    let Some(m) = m else {
        panic!(
            "{}",
            BOXES.wrong("whether they collide", case, "a manifold", "None")
        );
    };
    assert!(
        m.normal == Vec2::Y,
        "{}",
        BOXES.wrong("the normal", case, Vec2::Y, m.normal)
    );
    assert!(
        (m.penetration - 0.1).abs() < 1e-6,
        "{}",
        BOXES.wrong("the penetration (m)", case, 0.1, m.penetration)
    );
    let c = m.contacts();
    let expected = [Vec2::new(-0.75, 0.9), Vec2::new(1.0, 0.9)];
    let points: Vec<Vec2> = c.iter().map(|c| c.point).collect();
    assert!(
        points.len() == 2
            && points.iter().zip(expected).all(|(p, e)| (*p - e).length() < 1e-6),
        "{}",
        BOXES.wrong(
            "the contact points",
            case,
            format!("{expected:?}"),
            format!("{points:?}")
        )
    );
    assert!(
        c[0].id.b == Feature::Vertex(2) && c[1].id.a == Feature::Face(0),
        "{}",
        BOXES.wrong(
            "the contact ids",
            case,
            "B's corner 2 first, then a point cut by A's side face 0",
            format!("{:?}", c.iter().map(|c| c.id).collect::<Vec<_>>()),
        )
    );
}

/// A box balanced on its corner touches at one point: the corner.
#[test]
fn a_corner_on_a_face_gets_one_contact() {
    let t0 = Transform::new(Vec2::ZERO, 0.0);
    let half_diagonal = std::f32::consts::SQRT_2;
    let t1 = Transform::new(
        Vec2::new(0.3, 1.0 + half_diagonal - 0.05),
        std::f32::consts::FRAC_PI_4,
    );
    let case = "two 2 m squares, B turned 45 degrees, its lowest corner 5 cm into A's top at x = 0.3";
    let Some(m) = obb_obb(&square(1.0), &t0, &square(1.0), &t1) else {
        panic!(
            "{}",
            BOXES.wrong("whether they collide", case, "a manifold", "None")
        );
    };
    assert!(
        m.normal == Vec2::Y,
        "{}",
        BOXES.wrong("the normal", case, Vec2::Y, m.normal)
    );
    let points: Vec<Vec2> = m.contacts().iter().map(|c| c.point).collect();
    let corner = Vec2::new(0.3, 0.95);
    assert!(
        points.len() == 1 && (points[0] - corner).length() < 1e-5,
        "{}",
        BOXES.wrong(
            "the contact points",
            case,
            format!("[{corner}]"),
            format!("{points:?}")
        )
    );
    assert!(
        matches!(m.contacts()[0].id.b, Feature::Vertex(_)),
        "{}",
        BOXES.wrong(
            "the contact's feature on B",
            case,
            "a corner",
            format!("{:?}", m.contacts()[0].id.b)
        )
    );
}

// Exercise 5.3, a challenge.

/// What a worked case of `obb_segment` expects: apart (`None`), or the normal, the
/// penetration and the contact points, in any order.
type Expected = Option<(Vec2, f32, Vec<Vec2>)>;

/// Worked cases: a box lying on the ground, one on its corner, a segment's end
/// poking into a box's side, a box just above the ground, a turned box lying on a
/// slope, a short segment inside a box, and a segment of no length.
#[test]
fn a_box_and_a_segment_in_worked_cases() {
    let at = |x, y| Vec2::new(x, y);
    let ground = [at(-3.0, 0.0), at(3.0, 0.0)];
    let (slope, theta) = (Vec2::from_angle(0.3), 0.3);
    let up_slope = slope.perp();
    let on_slope = Transform::new(0.2 * slope + 0.48 * up_slope, theta);
    let slope_corners =
        [at(-1.0, -0.5), at(1.0, -0.5)].map(|c| on_slope.to_world(c)).to_vec();
    let half_diagonal = std::f32::consts::FRAC_1_SQRT_2;
    let cases: [(Vec2, Transform, [Vec2; 2], Expected, &str); 7] = [
        (
            at(1.0, 0.5),
            Transform::new(at(0.0, 0.45), 0.0),
            ground,
            Some((-Vec2::Y, 0.05, vec![at(-1.0, -0.05), at(1.0, -0.05)])),
            "a 2 m x 1 m box lying 5 cm into the ground: the ground's face is the reference",
        ),
        (
            at(0.5, 0.5),
            Transform::new(at(0.0, 0.7), std::f32::consts::FRAC_PI_4),
            ground,
            Some((
                -Vec2::Y,
                half_diagonal - 0.7,
                vec![at(0.0, 0.7 - half_diagonal)],
            )),
            "a 1 m square on its corner, the corner 7 mm into the ground",
        ),
        (
            at(1.0, 1.0),
            Transform::new(Vec2::ZERO, 0.0),
            [at(0.8, 0.2), at(3.0, 0.2)],
            Some((Vec2::X, 0.2, vec![at(0.8, 0.2)])),
            "a segment's end 20 cm into a box's right face: the box's face is the reference",
        ),
        (
            at(1.0, 0.5),
            Transform::new(at(0.0, 0.6), 0.0),
            ground,
            None,
            "a box 10 cm above the ground",
        ),
        (
            at(1.0, 0.5),
            on_slope,
            [-3.0 * slope, 3.0 * slope],
            Some((-up_slope, 0.02, slope_corners)),
            "a box turned 0.3 rad lying 2 cm into a slope of 0.3 rad",
        ),
        (
            at(1.0, 1.0),
            Transform::new(Vec2::ZERO, 0.0),
            [at(-0.2, 0.1), at(0.3, 0.1)],
            Some((Vec2::Y, 0.9, vec![at(0.3, 1.0), at(-0.2, 1.0)])),
            "a short segment inside a box: out through the top, 0.9 m",
        ),
        (
            at(1.0, 1.0),
            Transform::new(Vec2::ZERO, 0.0),
            [at(0.1, 0.1), at(0.1, 0.1)],
            None,
            "a segment whose ends coincide",
        ),
    ];
    for (h, t, ends, expected, what) in cases {
        let case = format!(
            "a box of half extents {h} at {} turned {:.3} rad, the segment {} to {}: {what}",
            t.position,
            t.rotation.x_axis.to_angle(),
            ends[0],
            ends[1]
        );
        let got = obb_segment(&Obb { half_extents: h }, &t, ends);
        let Some((normal, penetration, points)) = expected else {
            assert!(
                got.is_none(),
                "{}",
                BOX_SEGMENT.wrong(
                    "whether they collide",
                    &case,
                    "None",
                    format!("{got:?}")
                )
            );
            continue;
        };
        let Some(m) = got else {
            panic!(
                "{}",
                BOX_SEGMENT.wrong(
                    "whether they collide",
                    &case,
                    "a manifold",
                    "None"
                )
            );
        };
        // 1e-5: a few roundings of numbers near 1.
        assert!(
            (m.normal - normal).length() < 1e-5,
            "{}",
            BOX_SEGMENT.wrong("the normal", &case, normal, m.normal)
        );
        assert!(
            (m.penetration - penetration).abs() < 1e-5,
            "{}",
            BOX_SEGMENT.wrong(
                "the penetration (m)",
                &case,
                penetration,
                m.penetration
            )
        );
        let got_points: Vec<Vec2> = m.contacts().iter().map(|c| c.point).collect();
        let matched = got_points.len() == points.len()
            && points
                .iter()
                .all(|e| got_points.iter().any(|g| (*g - *e).length() < 1e-5));
        assert!(
            matched,
            "{}",
            BOX_SEGMENT.wrong(
                "the contact points",
                &case,
                format!("{points:?}, in any order"),
                format!("{got_points:?}")
            )
        );
    }
}

/// A point or vector in f64, for computations apart from the code's f32.
type D2 = [f64; 2];

fn d2(v: Vec2) -> D2 {
    [v.x as f64, v.y as f64]
}

fn dot(a: D2, b: D2) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// The penetrations, in f64, of the box and the segment on their three axes: the
/// segment's normal, the box's x and its y. All 0 or more exactly when they
/// overlap.
fn box_segment_axes(h: Vec2, t: &Transform, [e0, e1]: [D2; 2]) -> [f64; 3] {
    let (x_axis, y_axis) = (d2(t.rotation.x_axis), d2(t.rotation.y_axis));
    let c = d2(t.position);
    let d = [e1[0] - e0[0], e1[1] - e0[1]];
    let length = d[0].hypot(d[1]);
    let along = [d[0] / length, d[1] / length];
    let across = [-along[1], along[0]];
    let offset = [e0[0] + 0.5 * d[0] - c[0], e0[1] + 0.5 * d[1] - c[1]];
    let (hx, hy, half) = (h.x as f64, h.y as f64, 0.5 * length);
    [
        hx * dot(x_axis, across).abs() + hy * dot(y_axis, across).abs()
            - dot(offset, across).abs(),
        hx + half * dot(x_axis, along).abs() - dot(offset, x_axis).abs(),
        hy + half * dot(y_axis, along).abs() - dot(offset, y_axis).abs(),
    ]
}

/// The distance, in f64, from `p` to the segment from `e0` to `e1`.
fn distance_to_segment(p: D2, [e0, e1]: [D2; 2]) -> f64 {
    let d = [e1[0] - e0[0], e1[1] - e0[1]];
    let q = [p[0] - e0[0], p[1] - e0[1]];
    let t = (dot(q, d) / dot(d, d)).clamp(0.0, 1.0);
    (q[0] - t * d[0]).hypot(q[1] - t * d[1])
}

/// A size from 1 mm to 1 km, spread evenly over the orders of magnitude.
fn size() -> impl Strategy<Value = f32> {
    (-3.0f32..3.0).prop_map(|e| 10f32.powf(e))
}

/// A box and a segment: the segment lying along one of the box's faces, a little
/// into it or out of it (the ground under a box), through the box's centre, or
/// anywhere near it, at any angle.
fn box_and_segment() -> impl Strategy<Value = (Vec2, Transform, [Vec2; 2])> {
    (
        (
            size(),
            size(),
            0.0f32..std::f32::consts::TAU,
            (-100.0f32..100.0, -100.0f32..100.0),
        ),
        (size(), 0.0f32..std::f32::consts::TAU, (-1.5f32..1.5, -1.5f32..1.5)),
        (0..4u8, -0.2f32..0.5, 0..10u8),
    )
        .prop_map(
            |(
                (hx, hy, angle, (px, py)),
                (half, heading, (u, v)),
                (face, depth, kind),
            )| {
                let h = Vec2::new(hx, hy);
                let t = Transform::new(Vec2::new(px, py), angle);
                let (centre, along) = match kind {
                    0 | 1 => {
                        // Along face `face`, `depth` of the box's thickness into it.
                        let out = box_face_normal(face);
                        let reach = h[face as usize % 2];
                        (
                            t.to_world(out * reach * (1.0 - depth)),
                            t.rotation * out.perp(),
                        )
                    }
                    2 => (t.position, Vec2::from_angle(heading)),
                    _ => (
                        t.position + Vec2::new(u, v) * (h.length() + half),
                        Vec2::from_angle(heading),
                    ),
                };
                (h, t, [centre - along * half, centre + along * half])
            },
        )
}

fn check_box_segment(
    h: Vec2,
    t: Transform,
    ends: [Vec2; 2],
) -> Result<(), TestCaseError> {
    let case = format!(
        "a box of half extents {h} at {} turned {} rad, the segment {} to {}",
        t.position,
        t.rotation.x_axis.to_angle(),
        ends[0],
        ends[1]
    );
    let scale = [t.position.abs(), ends[0].abs(), ends[1].abs(), h]
        .iter()
        .map(|v| v.max_element())
        .fold(0.0, f32::max) as f64;
    let tol = 1e-5 * scale;
    let segment = ends.map(d2);
    let axes = box_segment_axes(h, &t, segment);
    let least = axes.iter().copied().fold(f64::INFINITY, f64::min);
    let got = obb_segment(&Obb { half_extents: h }, &t, ends);
    let Some(m) = got else {
        prop_assert!(
            least < tol,
            "{}",
            BOX_SEGMENT.wrong(
                "whether they collide",
                &case,
                format!("a manifold: they overlap by {least} m on every axis"),
                "None"
            )
        );
        return Ok(());
    };
    prop_assert!(
        least > -tol,
        "{}",
        BOX_SEGMENT.wrong(
            "whether they collide",
            &case,
            format!("None: {} m apart", -least),
            format!("{m:?}")
        )
    );
    check_manifold(&m, h, &t, segment, least, scale, &case)
}

/// A manifold of a box and a segment that overlap by `least` on their least axis.
fn check_manifold(
    m: &Manifold,
    h: Vec2,
    t: &Transform,
    segment: [D2; 2],
    least: f64,
    scale: f64,
    case: &str,
) -> Result<(), TestCaseError> {
    let tol = 1e-5 * scale;
    prop_assert!(
        (m.normal.length() - 1.0).abs() <= UNIT_TOLERANCE,
        "{}",
        BOX_SEGMENT.wrong("the normal's length", case, 1.0, m.normal.length())
    );
    // The penetration is that of an axis no worse than the bias allows: at most
    // 1 % of the box's larger half extent more than the least, and 5 % of it.
    let pen = m.penetration as f64;
    let allowed = (least + 0.01 * h.max_element() as f64) / 0.95;
    prop_assert!(
        pen >= least - tol && pen <= allowed + tol,
        "{}",
        BOX_SEGMENT.wrong(
            "the penetration (m)",
            case,
            format!("between the least of the axes' penetrations, {least}, and {allowed}"),
            pen
        )
    );
    // Moved out along the normal by the penetration and a hair more, the segment
    // is clear of the box: some axis separates them.
    let out = pen + 1e-4 * scale;
    let moved = segment
        .map(|e| [e[0] + out * m.normal.x as f64, e[1] + out * m.normal.y as f64]);
    let after = box_segment_axes(h, t, moved);
    prop_assert!(
        after.iter().any(|&p| p < 0.0),
        "{}",
        BOX_SEGMENT.wrong(
            "the overlap on each axis after moving the segment out along the normal by the penetration (m)",
            case,
            "one of them negative: apart",
            format!("{after:?} (normal {})", m.normal)
        )
    );
    let contacts = m.contacts();
    prop_assert!(
        (1..=2).contains(&contacts.len()),
        "{}",
        BOX_SEGMENT.wrong(
            "the number of contact points",
            case,
            "1 or 2",
            contacts.len()
        )
    );
    for c in contacts {
        // As for two boxes (see `contact_points_are_inside_both_shapes`), a point
        // lies in the box when the penetration is no deeper than the box is thin;
        // deeper, a point kept on the segment may lie beyond the box's far face.
        let local = t.to_local(c.point);
        let thin = pen <= 2.0 * h.min_element() as f64;
        let outside_box =
            if thin { (local.abs() - h).max_element() as f64 } else { 0.0 };
        let from_segment = distance_to_segment(d2(c.point), segment);
        prop_assert!(
            outside_box <= tol && from_segment <= pen + tol,
            "{}",
            BOX_SEGMENT.wrong(
                "a contact point",
                case,
                "in the box, and no farther from the segment than the penetration",
                format!("{} ({outside_box} m outside the box, {from_segment} m from the segment)", c.point)
            )
        );
        prop_assert!(
            c.penetration as f64 >= -tol && c.penetration as f64 <= pen + tol,
            "{}",
            BOX_SEGMENT.wrong(
                "a contact point's depth (m)",
                case,
                format!("0 to {pen}"),
                c.penetration
            )
        );
    }
    Ok(())
}

proptest! {
    /// Over random boxes and segments, from a millimetre to a kilometre: `None`
    /// exactly when an axis separates them (worked out in f64); otherwise a unit
    /// normal, the penetration of the least axis (within the bias), a push out by it
    /// that clears them, and one or two contact points within the penetration of the
    /// segment and, unless it is deeper than the box is thin, in the box. Tolerance: 1e-5 of the largest coordinate or size
    /// involved, a few f32 roundings of numbers that large.
    #[test]
    fn a_box_and_a_segment_anywhere((h, t, ends) in box_and_segment()) {
        check_box_segment(h, t, ends)?;
    }
}
