//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties over random ones; then two boxes, which need both.
//! A failure names the quantity, the case, the value expected and got, and the
//! section of the page to reread.

use crate::judge::{BOXES, CLIP, INCIDENT};
use ch04_manifolds::{Feature, box_face_normal};
use ch05_obb_clipping::{
    ClipPoint, Obb, SidePlane, Transform, clip_segment, incident_face, obb_obb,
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
