//! Exercises 11.1 and 11.3 judged on their own (11.2, the mass properties, has
//! `mass.rs`): the support point against every corner, and the water's push
//! against a grid and against Archimedes. A failure names the quantity that is
//! wrong, the case it tried, what it expected and what it got, and the section of
//! the book's page to reread.

use ch05_obb_clipping::Transform;
use ch11_polygons::{
    Polygon, Shape, Water, World, body, contains, hull, submerged, support,
};
use glam::Vec2;
use physics_core::rng::Rng;

const PAGE: &str = "book/src/ch11-polygons.md";
const DT: f32 = 1.0 / 60.0;

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

const SUPPORT: &str = "Support points";

/// Exercise 11.1. The corner farthest along a direction, by hand and against
/// checking every corner; of two equally far, the first.
#[test]
fn support_finds_the_farthest_corner_and_the_first_of_a_tie() {
    let square = [
        Vec2::new(-1.0, -1.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(-1.0, 1.0),
    ];
    // (direction, the corner, why)
    let cases = [
        (Vec2::new(1.0, 0.2), 2, "right and a little up: the top right corner"),
        (
            Vec2::new(-0.3, -1.0),
            0,
            "down and a little left: the bottom left corner",
        ),
        (Vec2::X, 1, "straight right: corners 1 and 2 tie, the first wins"),
        (Vec2::NEG_Y, 0, "straight down: corners 0 and 1 tie, the first wins"),
        (
            Vec2::new(-1e-3, -1e9),
            0,
            "down, a long direction: only the dot product counts",
        ),
    ];
    for (direction, want, why) in cases {
        let got = support(&square, direction);
        check(got == want, SUPPORT, || {
            format!(
                "exercise 11.1, support: the corner should be {want}, got {got} (the square \
                 {square:?} along {direction}: {why})"
            )
        });
    }
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let corners: Vec<Vec2> = (0..8)
            .map(|_| Vec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)))
            .collect();
        let direction = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let got = support(&corners, direction);
        let best = corners
            .iter()
            .map(|c| c.dot(direction))
            .fold(f32::NEG_INFINITY, f32::max);
        let want =
            corners.iter().position(|c| c.dot(direction) == best).unwrap_or(0);
        check(got == want, SUPPORT, || {
            format!(
                "exercise 11.1, support: the corner should be {want}, reaching {best} along \
                 {direction}, got {got}, reaching {} (eight random corners {corners:?})",
                corners.get(got).map_or(f32::NAN, |c| c.dot(direction))
            )
        });
    }
}

const WATER: &str = "Exercise 11.3: buoyancy";

/// Exercise 11.3 on shapes. The part under the surface, for random sharp hulls,
/// turned and placed at random, cut at random levels, against a 400 x 400 grid
/// over the points the shape holds below the level: the area within 2 % of the
/// shape's area, the centroid within 1 % of its size. Nothing under, `None`; a
/// disc, `None`.
#[test]
fn the_part_under_the_surface_matches_a_grid() {
    let mut rng = Rng::new(11);
    for case in 0..20 {
        let n = 3 + case % 6;
        let points: Vec<Vec2> = (0..n)
            .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)))
            .collect();
        let Ok(h) = hull(&points) else { continue };
        let shape = Shape::Polygon(Polygon::new(&h, 0.0));
        let angle = rng.range(-3.0, 3.0);
        let t = Transform::new(
            Vec2::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)),
            angle,
        );
        let level = t.position.y + rng.range(-1.2, 1.2);
        let got = submerged(&shape, &t, level);
        let (cells, lo) = (400, t.position - Vec2::splat(1.5));
        let cell = 3.0 / cells as f32;
        let (mut count, mut sum, mut whole) = (0.0f64, Vec2::ZERO, 0.0f64);
        for i in 0..cells {
            for j in 0..cells {
                let at = lo + cell * Vec2::new(i as f32 + 0.5, j as f32 + 0.5);
                if contains(&shape, t.to_local(at)) {
                    whole += 1.0;
                    if at.y < level {
                        count += 1.0;
                        sum += at;
                    }
                }
            }
        }
        let cell_area = (cell * cell) as f64;
        let (area, whole) =
            ((count * cell_area) as f32, (whole * cell_area) as f32);
        let case_text = format!(
            "case {case}: the hull {:?} at {} turned {angle} rad, surface at {level}",
            h.points(),
            t.position,
        );
        if area < 0.01 * whole {
            check(got.is_none_or(|(a, _)| a < 0.02 * whole), WATER, || {
                format!(
                    "exercise 11.3, submerged: (almost) nothing is under the surface, but got \
                     {got:?} ({case_text})"
                )
            });
            continue;
        }
        let Some((got_area, got_centroid)) = got else {
            panic!(
                "exercise 11.3, submerged: the area under the surface should be {area:.4} \
                 m^2, got None ({case_text}).\n  Reread \"{WATER}\" in {PAGE}."
            );
        };
        check((got_area - area).abs() < 0.02 * whole, WATER, || {
            format!(
                "exercise 11.3, submerged: the area under the surface should be {area:.4} \
                 m^2 (a grid's count), got {got_area:.4} ({case_text})"
            )
        });
        let centroid = sum / count as f32;
        check(got_centroid.distance(centroid) < 0.02, WATER, || {
            format!(
                "exercise 11.3, submerged: the centroid under the surface should be \
                 {centroid} (a grid's), got {got_centroid} ({case_text})"
            )
        });
    }
    let disc = Shape::Circle { radius: 1.0 };
    let got = submerged(&disc, &Transform::new(Vec2::ZERO, 0.0), 0.0);
    check(got.is_none(), WATER, || {
        format!("exercise 11.3, submerged: a disc gets None, got {got:?}")
    });
    let square = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    let got = submerged(&square, &Transform::new(Vec2::new(0.0, 3.0), 0.0), 0.0);
    check(got.is_none(), WATER, || {
        format!(
            "exercise 11.3, submerged: a square 2.5 m above the surface has nothing under \
             it, but got {got:?}"
        )
    });
}

/// A box of `half` extents at `density` kg/m^2, let go at `height` turned by
/// `angle`, in water of 1000 kg/m^2 below 0.
fn in_water(half: Vec2, density: f32, height: f32, angle: f32) -> World {
    let shape = Shape::Polygon(Polygon::boxed(half, 0.0));
    let mut world = World::new(
        vec![body(shape, Vec2::new(0.0, height), angle, density)],
        vec![],
    );
    world.water = Some(Water { level: 0.0, density: 1000.0, drag: 2000.0 });
    world
}

/// Exercise 11.3 in the world. Archimedes: a box floats where the water it
/// displaces weighs what it weighs, so a box half as dense as the water floats
/// with half its height under; one twice as dense sinks.
#[test]
fn a_box_half_as_dense_as_water_floats_half_under() {
    let half = Vec2::new(0.5, 0.2);
    let mut world = in_water(half, 500.0, 0.5, 0.0);
    for _ in 0..600 {
        world.step(DT);
    }
    let b = world.bodies()[0];
    let depth = half.y - b.position.y; // how far its bottom is under the surface
    check((depth - half.y).abs() < 0.01, WATER, || {
        format!(
            "exercise 11.3, submerged: a box 0.4 m high, half as dense as the water, should \
             float with 0.2 m under, within 1 cm, but has {depth:.4} m under after 10 s (let \
             go 0.3 m above the water; it moves at {} m/s)",
            b.velocity
        )
    });
    let mut heavy = in_water(half, 2000.0, 0.5, 0.0);
    for _ in 0..180 {
        heavy.step(DT);
    }
    let b = heavy.bodies()[0];
    check(b.position.y < -1.0 && b.velocity.y < 0.0, WATER, || {
        format!(
            "exercise 11.3, submerged: a box twice as dense as the water should sink, more \
             than 1 m in 3 s, but is at {} m moving at {} m/s",
            b.position.y, b.velocity.y
        )
    });
}

/// Exercise 11.3, where the push acts. A plank floating at an angle is pushed up
/// at the centroid of its part under water, which lies on the low side, so it
/// turns back flat. Pushed at its own centre instead, it would not turn at all.
#[test]
fn a_tilted_plank_rights_itself() {
    let mut world = in_water(Vec2::new(1.0, 0.15), 500.0, 0.0, 0.4);
    for _ in 0..600 {
        world.step(DT);
    }
    let angle = world.bodies()[0].angle;
    check(angle.sin().abs() < 0.05, WATER, || {
        format!(
            "exercise 11.3, submerged: a plank 2 m by 0.3 m let go in the water at 0.4 rad \
             should turn back flat, within 0.05 rad, but is at {angle:.3} rad after 10 s: the \
             water pushes at the centroid of the part under it"
        )
    });
}
