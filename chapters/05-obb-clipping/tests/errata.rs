//! Slips in the source article on manifold generation, each shown against chapter
//! 5's box-box test: the incident face placed on the box's centre line, and the
//! projected radius claimed to work for every convex polygon.

use ch04_manifolds::{Feature, box_vertex};
use ch05_obb_clipping::{
    AxisBias, ClipPoint, Obb, Owner, Transform, clip_segment, obb_obb_steps,
};
use glam::Vec2;
use proptest::prelude::*;

fn boxed(hx: f32, hy: f32) -> Obb {
    Obb { half_extents: Vec2::new(hx, hy) }
}

/// Two boxes from 5 cm to 2 m across, turned anyhow, near enough to overlap often.
fn box_pair() -> impl Strategy<Value = (Obb, Transform, Obb, Transform)> {
    (
        (0.05f32..1.0, 0.05f32..1.0),
        (0.05f32..1.0, 0.05f32..1.0),
        (-5.0f32..5.0, -5.0f32..5.0),
        (-1.0f32..1.0, -1.0f32..1.0),
        (-4.0f32..4.0, -4.0f32..4.0),
    )
        .prop_map(
            |((ax, ay), (bx, by), (px, py), (u, v), (angle_a, angle_b))| {
                let (a, b) = (boxed(ax, ay), boxed(bx, by));
                let pa = Vec2::new(px, py);
                let reach = a.half_extents.length() + b.half_extents.length();
                let pb = pa + Vec2::new(u, v) * reach;
                (a, Transform::new(pa, angle_a), b, Transform::new(pb, angle_b))
            },
        )
}

/// The four corners of a box placed by `t`, in the world.
fn corners(b: &Obb, t: &Transform) -> [Vec2; 4] {
    [0, 1, 2, 3].map(|i| t.to_world(box_vertex(b.half_extents, i)))
}

/// A shape's shadow on the unit axis `u` from its corners (its support points):
/// from the least to the greatest `u . corner`. Right for any convex polygon.
fn shadow(points: &[Vec2], u: Vec2) -> (f32, f32) {
    points
        .iter()
        .map(|p| u.dot(*p))
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), d| {
            (lo.min(d), hi.max(d))
        })
}

/// The shadow the projected radius gives: centred on `u . centre`, reaching the
/// farthest corner either way. Right only for a shape that is symmetric about
/// `centre`.
fn centred_shadow(points: &[Vec2], centre: Vec2, u: Vec2) -> (f32, f32) {
    let radius =
        points.iter().map(|p| u.dot(*p - centre).abs()).fold(0.0, f32::max);
    (u.dot(centre) - radius, u.dot(centre) + radius)
}

/// How far two shadows overlap: the shorter of the two ways out (negative when
/// apart).
fn overlap((lo_a, hi_a): (f32, f32), (lo_b, hi_b): (f32, f32)) -> f32 {
    (hi_a - lo_b).min(hi_b - lo_a)
}

proptest! {
    /// Chapter 5 takes each incident face from the box's corners, so its ends are
    /// corners: on the box's boundary, `(+-h_x, +-h_y)` in the box's own frame. The
    /// article's recipe, `(-h_x, 0)` and `(h_x, 0)`, puts them on the centre line,
    /// `h_y` inside the box. Tolerance: positions up to 10 m, turned there and
    /// back, a few roundings of 1e-6 each.
    #[test]
    fn every_incident_face_runs_between_two_corners(
        (a, ta, b, tb) in box_pair(),
    ) {
        let Some(steps) = obb_obb_steps(&a, &ta, &b, &tb, &AxisBias::DEFAULT) else {
            return Ok(());
        };
        let (incident, t) = match steps.incident_face.owner {
            Owner::A => (a, ta),
            Owner::B => (b, tb),
        };
        for end in steps.incident_face.ends {
            let local = t.to_local(end);
            prop_assert!((local.abs() - incident.half_extents).abs().max_element() < 1e-4,
                "{local} is not a corner of a box of half extents {}", incident.half_extents);
        }
    }

    /// The projected radius is exact for boxes: chapter 5's penetration on each of
    /// the four face axes is the overlap of the two boxes' shadows worked out from
    /// their corners. Tolerance as above.
    #[test]
    fn for_boxes_the_projected_radius_matches_the_corners_shadows(
        (a, ta, b, tb) in box_pair(),
    ) {
        let Some(steps) = obb_obb_steps(&a, &ta, &b, &tb, &AxisBias::DEFAULT) else {
            return Ok(());
        };
        let (corners_a, corners_b) = (corners(&a, &ta), corners(&b, &tb));
        let axes = [ta.rotation.x_axis, ta.rotation.y_axis, tb.rotation.x_axis, tb.rotation.y_axis];
        for (axis, u) in axes.into_iter().enumerate() {
            let from_corners = overlap(shadow(&corners_a, u), shadow(&corners_b, u));
            let projected = steps.axis_penetrations[axis];
            prop_assert!((projected - from_corners).abs() < 1e-4, "axis {axis}: {projected} vs {from_corners}");
            // For a box the centred shadow is the shadow.
            let centred = centred_shadow(&corners_a, ta.position, u);
            let exact = shadow(&corners_a, u);
            prop_assert!((centred.0 - exact.0).abs() < 1e-4 && (centred.1 - exact.1).abs() < 1e-4);
        }
    }
}

/// The article builds the incident face from `(-h_x, 0)` and `(h_x, 0)` in the
/// incident box's frame: points on its centre line, not on its edge. A 1 m by 0.5 m
/// box resting 1 cm deep on a wide one gets two contacts from chapter 5, each 1 cm
/// deep. Run the article's segment through the same clipping and it lies 24 cm in
/// front of the reference face: no contact at all, and the box would sink to its
/// middle before anything held it.
#[test]
fn an_incident_face_on_the_centre_line_gives_no_contact() {
    let (ground, tg) = (boxed(2.0, 0.5), Transform::new(Vec2::ZERO, 0.0));
    let (b, tb) = (boxed(0.5, 0.25), Transform::new(Vec2::new(0.3, 0.74), 0.0));
    let steps = obb_obb_steps(&ground, &tg, &b, &tb, &AxisBias::DEFAULT).unwrap();
    assert_eq!(steps.reference_face.owner, Owner::A);
    assert_eq!(steps.normal, Vec2::Y);
    // Depth behind the reference face (tolerance: a few roundings of numbers near
    // 1).
    let depth = |p: Vec2| (steps.reference_face.ends[0] - p).dot(steps.normal);
    assert_eq!(steps.kept().len(), 2);
    for c in steps.kept() {
        assert!((c.penetration - 0.01).abs() < 1e-6, "{c:?}");
        assert!((depth(c.point) - 0.01).abs() < 1e-6, "{c:?}");
    }
    // The article's incident face: the box's x extent, on its centre line.
    let hx = b.half_extents.x;
    let midline = [Vec2::new(-hx, 0.0), Vec2::new(hx, 0.0)].map(|p| ClipPoint {
        point: tb.to_world(p),
        reference: Feature::Face(steps.reference_face.index),
        incident: Feature::Face(steps.incident_face.index),
    });
    let face = steps.incident_face.index;
    let once = clip_segment(midline, &steps.side_planes[0], face).unwrap();
    let twice = clip_segment(once, &steps.side_planes[1], face).unwrap();
    for c in twice {
        let d = depth(c.point);
        assert!((d - -0.24).abs() < 1e-6, "{c:?} is {d} m behind the face");
    }
}

/// The article says the projected-radius test "works for all convex polygons in
/// 2D". It works for shapes that are symmetric about their centre, like boxes; a
/// triangle is not. The triangle (0, 0), (1, 0), (0, 1) casts the shadow [0, 1] on
/// the x axis, but the projected radius about its centroid (1/3, 1/3) reaches 2/3
/// either way: [-1/3, 1]. A box whose shadow is [-0.3, -0.05] is 5 cm clear of the
/// triangle along x, a separating axis, yet the centred shadows overlap by 0.28 m.
/// General polygons need each shadow from the polygon's own extreme points, as
/// `shadow` above finds them. Tolerance: a few roundings of numbers near 1.
#[test]
fn a_triangles_projected_radius_misses_a_separating_axis() {
    let triangle = [Vec2::ZERO, Vec2::X, Vec2::Y];
    let centroid = (triangle[0] + triangle[1] + triangle[2]) / 3.0;
    let (b, tb) = (boxed(0.125, 0.5), Transform::new(Vec2::new(-0.175, 0.3), 0.0));
    let box_corners = corners(&b, &tb);
    let u = Vec2::X;
    let (lo, hi) = shadow(&triangle, u);
    assert!(lo.abs() < 1e-6 && (hi - 1.0).abs() < 1e-6);
    let (lo, hi) = centred_shadow(&triangle, centroid, u);
    assert!((lo - -1.0 / 3.0).abs() < 1e-6 && (hi - 1.0).abs() < 1e-6);
    // The box is symmetric: both ways give it [-0.3, -0.05].
    for (lo, hi) in
        [shadow(&box_corners, u), centred_shadow(&box_corners, tb.position, u)]
    {
        assert!((lo - -0.3).abs() < 1e-6 && (hi - -0.05).abs() < 1e-6);
    }
    let truly = overlap(shadow(&triangle, u), shadow(&box_corners, u));
    let claimed =
        overlap(centred_shadow(&triangle, centroid, u), shadow(&box_corners, u));
    assert!((truly - -0.05).abs() < 1e-6, "apart by {}", -truly);
    assert!((claimed - (1.0 / 3.0 - 0.05)).abs() < 1e-6, "{claimed}");
}
