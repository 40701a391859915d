//! Ray casts against an independent brute-force cast: march along the ray
//! in small steps and ask chapter 11's `contains` where it first enters
//! the shape. Every kind of shape, turned and placed at random, rays from
//! outside, from inside, and grazing. Then rays that graze on purpose
//! (along a face, tangent to a disc or a rounded corner, through a
//! corner), a few micrometres either side of touching, against the exact
//! answer worked out in f64; and rays that start just inside or just
//! outside a shape.

use ch05_obb_clipping::Transform;
use ch11_polygons::worlds::random_shape;
use ch11_polygons::{Polygon, Shape, contains, point_segment_distance};
use ch13_islands::{RayHit, ray_cast};
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
    let shape =
        Shape::Polygon(ch11_polygons::Polygon::boxed(Vec2::new(1.0, 0.5), 0.0));
    let t = Transform::new(Vec2::ZERO, 0.0);
    let on = ray_cast(&shape, &t, Vec2::new(-3.0, 0.5), Vec2::new(6.0, 0.0));
    assert!(on.is_none_or(|h| h.fraction.is_finite()));
    let above = ray_cast(&shape, &t, Vec2::new(-3.0, 0.5001), Vec2::new(6.0, 0.0));
    assert_eq!(above, None);
    // And head on, it enters the left face at x = -1: a third of the way.
    let hit =
        ray_cast(&shape, &t, Vec2::new(-3.0, 0.0), Vec2::new(6.0, 0.0)).unwrap();
    assert!(
        (hit.fraction - 1.0 / 3.0).abs() < 1e-6 && hit.normal == Vec2::NEG_X,
        "{hit:?}"
    );
}

/// How far a grazing ray passes outside (positive) or inside a surface:
/// a few micrometres, well beyond f32's rounding of the points here
/// (coordinates under 3 m, where f32's spacing is at most 2.4e-7 m, and a
/// few roundings each way between the world and the shape's frame: under
/// a micrometre).
const GRAZE: f32 = 5e-6;

/// The placements: the identity, where the casts' arithmetic on these
/// rays is exact, and a turned and moved one, where it rounds.
fn placements() -> [Transform; 2] {
    [Transform::new(Vec2::ZERO, 0.0), Transform::new(Vec2::new(0.3, -0.2), 0.6)]
}

/// A vector in f64, for the exact answers (glam's f64 types are not
/// built here).
#[derive(Clone, Copy, Debug, PartialEq)]
struct D2([f64; 2]);

impl D2 {
    fn of(v: Vec2) -> D2 {
        D2([v.x.into(), v.y.into()])
    }

    fn new(x: f64, y: f64) -> D2 {
        D2([x, y])
    }

    fn dot(self, other: D2) -> f64 {
        self.0[0] * other.0[0] + self.0[1] * other.0[1]
    }

    fn minus(self, other: D2) -> D2 {
        D2::new(self.0[0] - other.0[0], self.0[1] - other.0[1])
    }
}

/// A world point in `t`'s frame, in f64, taking the transform's f32
/// entries as exact (a product of two f32s is exact in f64, and the
/// sums round at 1e-16): the exact answers below are for the very ray
/// the cast was given.
fn local64(t: &Transform, p: Vec2) -> D2 {
    let d = D2::of(p).minus(D2::of(t.position));
    D2::new(D2::of(t.rotation.x_axis).dot(d), D2::of(t.rotation.y_axis).dot(d))
}

/// A world direction in `t`'s frame, in f64.
fn turn64(t: &Transform, d: Vec2) -> D2 {
    let d = D2::of(d);
    D2::new(D2::of(t.rotation.x_axis).dot(d), D2::of(t.rotation.y_axis).dot(d))
}

/// The exact fraction at which `o + s d`, s in [0, 1], first touches the
/// closed box `|x| <= half.x, |y| <= half.y`: the slab test, in f64.
fn exact_box(o: D2, d: D2, half: D2) -> Option<f64> {
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let (o, d, h) = (o.0[axis], d.0[axis], half.0[axis]);
        if d == 0.0 {
            if o.abs() > h {
                return None;
            }
            continue;
        }
        let (t1, t2) = ((-h - o) / d, (h - o) / d);
        enter = enter.max(t1.min(t2));
        leave = leave.min(t1.max(t2));
    }
    (enter <= leave).then_some(enter)
}

/// The exact fraction at which `o + s d` first touches the closed disc of
/// `radius` at `centre`: the smaller root of the quadratic, in f64.
fn exact_disc(o: D2, d: D2, centre: D2, radius: f64) -> Option<f64> {
    let m = o.minus(centre);
    let (a, b, c) = (d.dot(d), m.dot(d), m.dot(m) - radius * radius);
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let s = (-b - disc.sqrt()) / a;
    (0.0..=1.0).contains(&s).then_some(s)
}

/// The exact fraction at which `o + s d` first touches the closed diamond
/// `|x| + |y| <= 1`: the four half-planes `(+-1, +-1) . x <= 1`, whose
/// unnormalised normals are exact.
fn exact_diamond(o: D2, d: D2) -> Option<f64> {
    let (mut enter, mut leave) = (0.0f64, 1.0f64);
    for n in [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .map(|(x, y)| D2::new(x, y))
    {
        let (num, den) = (1.0 - n.dot(o), n.dot(d));
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
        } else if den < 0.0 {
            enter = enter.max(num / den);
        } else {
            leave = leave.min(num / den);
        }
    }
    (enter <= leave).then_some(enter)
}

/// How far world point `p` lies from the surface of `shape` placed by
/// `t`, measured independently of the ray cast: from a disc's rim, or from
/// a polygon's edges less (outside) or plus (inside) its rounding.
fn off_surface(shape: &Shape, t: &Transform, p: Vec2) -> f32 {
    let local = t.to_local(p);
    match shape {
        Shape::Circle { radius } => (local.length() - radius).abs(),
        Shape::Polygon(poly) => {
            let (c, n) = (poly.corners(), poly.count);
            let edge = (0..n)
                .map(|i| point_segment_distance(local, c[i], c[(i + 1) % n]))
                .fold(f32::INFINITY, f32::min);
            let in_core = (0..n).all(|i| poly.normals[i].dot(local - c[i]) <= 0.0);
            if in_core { edge + poly.radius } else { (edge - poly.radius).abs() }
        }
    }
}

/// A ray given in the shape's own frame, placed by `t`.
fn cast(
    shape: &Shape,
    t: &Transform,
    o: Vec2,
    d: Vec2,
) -> (Vec2, Vec2, Option<RayHit>) {
    let (o, d) = (t.to_world(o), t.rotation * d);
    (o, d, ray_cast(shape, t, o, d))
}

/// The cast agrees with the exact answer: both miss, or both hit at the
/// same fraction within `along` metres of the ray; the hit point lies on
/// the surface within a micrometre; its normal is unit and is one of the
/// outward normals `normals` gives at the hit point (both in the shape's
/// frame), to 1e-5 (a disc's radius through a point a micrometre off,
/// 0.5 m from its centre, turns by 2e-6 rad).
fn agree(
    what: &str,
    (shape, t): (&Shape, &Transform),
    (d, hit): (Vec2, Option<RayHit>),
    exact: Option<f64>,
    along: f32,
    normals: impl Fn(Vec2) -> Vec<Vec2>,
) {
    match (hit, exact) {
        (None, None) => {}
        (Some(h), Some(s)) => {
            let tolerance = f64::from(along / d.length());
            assert!(
                (f64::from(h.fraction) - s).abs() <= tolerance,
                "{what}: cast {h:?}, exact fraction {s}"
            );
            // f32's rounding of the point and of its trip back to the
            // shape's frame, coordinates under 3 m: a few times 2.4e-7 m.
            let off = off_surface(shape, t, h.point);
            assert!(off < 1e-6, "{what}: {h:?} is {off} m off the surface");
            assert!((h.normal.length() - 1.0).abs() < 1e-6, "{what}: {h:?}");
            let expected = normals(t.to_local(h.point));
            assert!(
                expected
                    .iter()
                    .any(|&n| (t.rotation * n - h.normal).length() < 1e-5),
                "{what}: normal {} is none of {expected:?}",
                h.normal
            );
        }
        _ => panic!("{what}: cast {hit:?}, exact {exact:?}"),
    }
}

/// Whether `t` is the identity, where these rays' arithmetic is exact:
/// only there is a ray exactly touching a shape decided by geometry,
/// not by rounding.
fn identity(t: &Transform) -> bool {
    t.position == Vec2::ZERO && t.rotation == glam::Mat2::IDENTITY
}

/// A ray along a box's top face, parallel to it: a few micrometres above
/// it misses; a few below, it enters through the left face, where the
/// exact answer says, normal -x. Exactly along the face it touches the
/// closed box and enters at its top-left corner: chapter 11's half-planes
/// include their edges (`normal . (x - v) <= 0`), so a ray along the top
/// face is inside the top face's half-plane.
#[test]
fn a_ray_along_a_box_face_hits_only_if_it_touches() {
    let half = Vec2::new(1.0, 0.5);
    let shape = Shape::Polygon(Polygon::boxed(half, 0.0));
    for t in placements() {
        for offset in [GRAZE, -GRAZE, 0.0] {
            if offset == 0.0 && !identity(&t) {
                continue;
            }
            let local = Vec2::new(-2.0, half.y + offset);
            let (o, d, hit) = cast(&shape, &t, local, Vec2::new(4.0, 0.0));
            let answer = exact_box(local64(&t, o), turn64(&t, d), D2::of(half));
            assert_eq!(
                answer.is_some(),
                offset <= 0.0,
                "the exact answer, {offset}"
            );
            // A transversal entry: f32 places it within a micrometre.
            let what = format!("offset {offset}, {t:?}");
            agree(&what, (&shape, &t), (d, hit), answer, 1e-6, |_| {
                vec![Vec2::NEG_X]
            });
        }
    }
}

/// A ray tangent to a disc, and a few micrometres outside and inside the
/// tangent. Exactly tangent, the quadratic's double root is a hit at the
/// tangent point, normal +y. Outside, a miss. Inside, a hit where the
/// exact answer says, normal along the radius. A grazing entry is poorly
/// placed along the ray, though well across the surface (which `agree`
/// checks to a micrometre): the ray crosses the rim 2.2 mm before the
/// tangent point, at 4.5 mrad, and f32's roundings of about 1e-7 m (taking
/// the ray into the disc's frame, and in the quadratic's terms) against
/// the 5 µm by which the ray passes inside move that crossing by a few per
/// cent of 2.2 mm: tens of micrometres (22 µm at most here). The
/// tolerance along the ray is 0.1 mm.
#[test]
fn a_ray_tangent_to_a_disc_hits_only_if_it_touches() {
    let radius = 0.5;
    let shape = Shape::Circle { radius };
    for t in placements() {
        for offset in [GRAZE, -GRAZE, 0.0] {
            if offset == 0.0 && !identity(&t) {
                continue;
            }
            let local = Vec2::new(-0.6, radius + offset);
            let (o, d, hit) = cast(&shape, &t, local, Vec2::new(1.2, 0.0));
            let answer =
                exact_disc(local64(&t, o), turn64(&t, d), D2::new(0.0, 0.0), 0.5);
            assert_eq!(
                answer.is_some(),
                offset <= 0.0,
                "the exact answer, {offset}"
            );
            let what = format!("offset {offset}, {t:?}");
            agree(&what, (&shape, &t), (d, hit), answer, 1e-4, |p| {
                vec![p / radius]
            });
            if offset == 0.0 {
                let h = hit.unwrap();
                assert_eq!(
                    (h.fraction, h.point, h.normal),
                    (0.5, Vec2::Y / 2.0, Vec2::Y)
                );
            }
        }
    }
}

/// A rounded box's corners are discs: a ray parallel to its top face at
/// the rounding's height grazes the top-left corner's disc. A few
/// micrometres above, a miss; a few below, a hit on that disc, where the
/// exact answer for the disc says (the flat top, parallel to the ray, is
/// never entered), normal along the corner's radius. Exactly at the
/// rounding's height the ray runs along the flat top: it touches the
/// closed shape, and enters at the corner disc's top.
#[test]
fn a_ray_along_a_rounded_box_grazes_its_corner() {
    let (half, radius) = (Vec2::new(1.0, 0.25), 0.25);
    let shape = Shape::Polygon(Polygon::boxed(half, radius));
    let corner = Vec2::new(-half.x, half.y);
    for t in placements() {
        for offset in [GRAZE, -GRAZE, 0.0] {
            if offset == 0.0 && !identity(&t) {
                continue;
            }
            let local = Vec2::new(-1.6, half.y + radius + offset);
            let (o, d, hit) = cast(&shape, &t, local, Vec2::new(1.2, 0.0));
            let centre = D2::of(corner);
            let answer = exact_disc(local64(&t, o), turn64(&t, d), centre, 0.25);
            assert_eq!(
                answer.is_some(),
                offset <= 0.0,
                "the exact answer, {offset}"
            );
            // As grazing as the disc's: under 0.1 mm along the ray.
            let what = format!("offset {offset}, {t:?}");
            let along_radius = |p: Vec2| vec![(p - corner) / radius];
            agree(&what, (&shape, &t), (d, hit), answer, 1e-4, along_radius);
        }
    }
}

/// Rays through a corner. Along the x axis into a diamond (corners at
/// distance 1 on the axes), and along a box's diagonal: each enters
/// exactly at a corner, where the exact answer says, its normal either of
/// the two faces that meet there. Across the diamond's top corner: a few
/// micrometres above, a miss; a few below, a hit on the upper-left face
/// just left of the corner. Exactly through the top corner, the ray
/// touches the closed diamond at one point; whether f32 reports it is
/// decided by the rounding of the faces' unit normals (1/sqrt 2), so
/// either answer passes, but a hit must be at the corner.
#[test]
fn a_ray_through_a_corner_enters_there() {
    let corners = [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y];
    let diamond = Shape::Polygon(Polygon::from_corners(&corners, 0.0));
    let face = |x: f32, y: f32| vec![Vec2::new(x, y).normalize()];
    let half = Vec2::new(1.0, 0.5);
    let boxed = Shape::Polygon(Polygon::boxed(half, 0.0));
    for t in placements() {
        let what = format!("into the diamond's right corner, {t:?}");
        let (o, d, hit) =
            cast(&diamond, &t, Vec2::new(2.0, 0.0), Vec2::new(-4.0, 0.0));
        let answer = exact_diamond(local64(&t, o), turn64(&t, d));
        assert!(answer.is_some_and(|s| (s - 0.25).abs() < 1e-6), "{what}");
        let right = |_| [face(1.0, 1.0), face(1.0, -1.0)].concat();
        agree(&what, (&diamond, &t), (d, hit), answer, 1e-6, right);
        assert!(hit.unwrap().point.distance(t.to_world(Vec2::X)) < 1e-6, "{what}");

        let what = format!("along the box's diagonal, {t:?}");
        let (o, d, hit) = cast(&boxed, &t, -2.0 * half, 4.0 * half);
        let answer = exact_box(local64(&t, o), turn64(&t, d), D2::of(half));
        assert!(answer.is_some_and(|s| (s - 0.25).abs() < 1e-6), "{what}");
        let lower_left = |_| vec![Vec2::NEG_X, Vec2::NEG_Y];
        agree(&what, (&boxed, &t), (d, hit), answer, 1e-6, lower_left);
        assert!(hit.unwrap().point.distance(t.to_world(-half)) < 1e-6, "{what}");

        for offset in [GRAZE, -GRAZE, 0.0] {
            let local = Vec2::new(-2.0, 1.0 + offset);
            let (o, d, hit) = cast(&diamond, &t, local, Vec2::new(4.0, 0.0));
            let answer = exact_diamond(local64(&t, o), turn64(&t, d));
            let what = format!("across the top corner, offset {offset}, {t:?}");
            if offset == 0.0 {
                if let Some(h) = hit {
                    assert!(
                        h.point.distance(t.to_world(Vec2::Y)) < 1e-6,
                        "{what}: {h:?}"
                    );
                }
                continue;
            }
            assert_eq!(
                answer.is_some(),
                offset < 0.0,
                "the exact answer, {offset}"
            );
            agree(&what, (&diamond, &t), (d, hit), answer, 1e-6, |_| {
                face(-1.0, 1.0)
            });
        }
    }
}

/// A ray that starts inside a shape hits nothing (`ray.rs`: it reports
/// surfaces it enters, and it enters none): from the centre of a disc, a
/// box, a rounded box, a capsule and a triangle, outward through the
/// whole shape; and from a few micrometres inside a surface, inward. The
/// same rays from a few micrometres outside hit at once: at a fraction of
/// `GRAZE` over the ray's length, on the surface.
#[test]
fn a_ray_starting_inside_hits_nothing() {
    let triangle =
        [Vec2::new(-0.6, -0.4), Vec2::new(0.6, -0.4), Vec2::new(0.0, 0.5)];
    // Each shape, and the height of its lowest point.
    let shapes = [
        (Shape::Circle { radius: 0.5 }, -0.5),
        (Shape::Polygon(Polygon::boxed(Vec2::new(1.0, 0.5), 0.0)), -0.5),
        (Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.25), 0.25)), -0.5),
        (Shape::Polygon(Polygon::capsule(0.5, 0.25)), -0.25),
        (Shape::Polygon(Polygon::from_corners(&triangle, 0.0)), -0.4),
    ];
    for (shape, bottom) in &shapes {
        for t in placements() {
            let what = format!("{shape:?}, {t:?}");
            for aim in [0.0f32, 1.0, 2.5, 4.0] {
                let d = 3.0 * physics_core::trig::from_angle(aim);
                assert_eq!(
                    ray_cast(shape, &t, t.position, t.rotation * d),
                    None,
                    "{what}"
                );
            }
            // Start just above the lowest point, or just below, and aim up.
            let d = Vec2::new(0.0, 1.0);
            let (_, _, inside) = cast(shape, &t, Vec2::new(0.0, bottom + GRAZE), d);
            assert_eq!(inside, None, "{what}");
            let (_, d, outside) =
                cast(shape, &t, Vec2::new(0.0, bottom - GRAZE), d);
            let h =
                outside.unwrap_or_else(|| panic!("{what}: just outside, no hit"));
            assert!(
                (h.fraction - GRAZE / d.length()).abs() < 1e-6,
                "{what}: {h:?}"
            );
            assert!(off_surface(shape, &t, h.point) < 1e-6, "{what}: {h:?}");
            assert!(
                (t.rotation.transpose() * h.normal - Vec2::NEG_Y).length() < 1e-5,
                "{what}: {h:?}"
            );
        }
    }
}
