//! Each exercise of the chapter judged on its own: the margin and one advancement
//! on numbers and against moving shapes, and a time of impact with both bodies
//! moving against the analytic first contact and the promise that the path before
//! it is clear. A failure names the quantity that is wrong, the case it tried, what
//! it expected and what it got, and the section of the book's page to reread.

use ch05_obb_clipping::Transform;
use ch11_polygons::gjk::{Proxy, distance};
use ch12_continuous::toi::{TARGET, TOLERANCE, advance, closing_speed};
use ch12_continuous::{
    Polygon, Shape, Sweep, Toi, motion_bound, time_of_impact_moving,
};
use glam::Vec2;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch12-continuous.md";

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

/// The gap between the surfaces of `a` at `ta` and `b` at `tb`.
fn gap(a: &Shape, ta: &Transform, b: &Shape, tb: &Transform) -> f32 {
    let (pa, pb) = (Proxy::new(a, ta), Proxy::new(b, tb));
    distance(&pa, &pb, |_| {}).distance - pa.radius - pb.radius
}

const MARGIN: &str = "Speculative contacts";

/// Exercise 12.1. On numbers, and as a bound: no corner of a turning box moves
/// farther in `dt` than the margin says.
#[test]
fn the_margin_is_the_farthest_a_point_can_move() {
    // (velocity, spin, reach, dt, margin, why)
    let cases = [
        (Vec2::new(3.0, 4.0), 0.0, 0.5, 0.1, 0.5, "moving at 5 m/s, not turning"),
        (Vec2::ZERO, 2.0, 0.5, 0.1, 0.1, "turning at 2 rad/s, 0.5 m reach"),
        (Vec2::new(3.0, 4.0), -2.0, 0.5, 0.1, 0.6, "both, turning clockwise"),
    ];
    for (velocity, spin, reach, dt, want, why) in cases {
        let got = motion_bound(velocity, spin, reach, dt);
        check((got - want).abs() < 1e-5, MARGIN, || {
            format!(
                "exercise 12.1, motion_bound: the margin should be {want} m, got {got} \
                 (velocity {velocity}, spin {spin} rad/s, reach {reach} m, dt {dt} s: {why})"
            )
        });
    }
    // A box of half extents (0.4, 0.1), reach |(0.4, 0.1)|, moving and turning.
    let corner = Vec2::new(0.4, 0.1);
    let (velocity, spin, dt) = (Vec2::new(-1.0, 2.0), 7.0, 0.05);
    let bound = motion_bound(velocity, spin, corner.length(), dt);
    for k in 0..8 {
        let angle = k as f32 * 0.7;
        let before = Transform::new(Vec2::ZERO, angle);
        let after = Transform::new(velocity * dt, angle + spin * dt);
        for c in [
            corner,
            -corner,
            Vec2::new(corner.x, -corner.y),
            Vec2::new(-corner.x, corner.y),
        ] {
            let moved = after.to_world(c).distance(before.to_world(c));
            check(moved <= bound + 1e-5, MARGIN, || {
                format!(
                    "exercise 12.1, motion_bound: a corner {c} of a box moved {moved} m in \
                     {dt} s, farther than your margin {bound} (velocity {velocity}, spin \
                     {spin} rad/s, starting at {angle} rad)"
                )
            });
        }
    }
}

const TOI: &str = "Time of impact";

/// Exercise 12.2 on numbers: the closing speed is per unit of `t`, from the whole
/// path; one advancement moves `t` on by the gap less the target over it.
#[test]
fn one_advancement_on_numbers() {
    let path = Sweep { c0: Vec2::ZERO, a0: 0.0, c1: Vec2::new(2.0, 1.0), a1: -0.5 };
    // (direction, reach, closing speed, why)
    let cases = [
        (Vec2::X, 0.3, 2.15, "along x: 2 m of the centre, 0.5 rad at 0.3 m"),
        (
            Vec2::NEG_X,
            0.3,
            -1.85,
            "away from the path: -2 m, and the turn still 0.15",
        ),
        (Vec2::Y, 0.0, 1.0, "along y, a point at the centre"),
    ];
    for (n, reach, want, why) in cases {
        let got = closing_speed(&path, n, reach);
        check((got - want).abs() < 1e-5, TOI, || {
            format!(
                "exercise 12.2, closing_speed: should be {want} per unit of t, got {got} (a \
                 path from (0, 0) at 0 rad to (2, 1) at -0.5 rad, n = {n}, reach {reach} m: {why})"
            )
        });
    }
    let (t, gap, closing) = (0.2, 1.0, 4.0);
    let want = 0.2 + (1.0 - TARGET) / 4.0;
    let got = advance(t, gap, closing);
    check((got - want).abs() < 1e-6, TOI, || {
        format!(
            "exercise 12.2, advance: should be {want}, got {got} (from t = {t}, the surfaces \
             {gap} m apart, closing at most {closing} per unit of t, target {TARGET} m)"
        )
    });
}

proptest! {
    /// Exercise 12.2 as a promise: from the start of a disc's straight path at a
    /// wall, one advancement never passes the first time the disc comes within the
    /// target, and reaches it when the path goes straight at the wall.
    #[test]
    fn one_advancement_never_passes_the_contact(
        x0 in -20.0f32..-0.5, travel in 0.1f32..50.0, sideways in -10.0f32..10.0, r in 0.01f32..0.3,
    ) {
        let path = Sweep {
            c0: Vec2::new(x0, 0.0),
            a0: 0.0,
            c1: Vec2::new(x0 + travel, sideways),
            a1: 0.0,
        };
        let gap = -x0 - r; // the wall's face is x = 0
        let first = (gap - TARGET) / travel; // when the disc is TARGET from it
        let got = advance(0.0, gap, closing_speed(&path, Vec2::X, r));
        let case = format!(
            "a disc of radius {r} m at x = {x0} m, its path moving {travel} m towards a wall \
             at x = 0 and {sideways} m along it"
        );
        prop_assert!(
            (got - first).abs() <= 1e-5 * (1.0 + first),
            "exercise 12.2: one advancement from t = 0 should reach t = {first} (the disc \
             {TARGET} m from the wall), not more, got {got} ({case}).\n  Reread \"{TOI}\" in \
             {PAGE}."
        );
    }
}

const MOVING: &str = "Exercise 12.3: two moving bodies";

/// Exercise 12.3, head on. Two discs flying at each other: the first time their
/// surfaces come within the target is analytic, and the answer is never past it
/// and short of it by no more than the tolerance. Flying apart, or past each
/// other, they miss; starting that close, they touch.
#[test]
fn two_discs_flying_at_each_other_meet_when_they_should() {
    let (a, b) = (Shape::Circle { radius: 0.1 }, Shape::Circle { radius: 0.2 });
    for speed in [0.5f32, 3.0, 40.0, 2000.0] {
        let pa = Sweep {
            c0: Vec2::new(-1.0, 0.0),
            a0: 0.0,
            c1: Vec2::new(speed - 1.0, 0.0),
            a1: 0.0,
        };
        let pb = Sweep {
            c0: Vec2::new(1.0, 0.0),
            a0: 1.0,
            c1: Vec2::new(1.0 - speed, 0.0),
            a1: 3.0,
        };
        // The centres close at 2 speed per unit of t, from 2 m apart.
        let first = (2.0 - 0.3 - TARGET) / (2.0 * speed);
        let got = time_of_impact_moving(&a, &pa, &b, &pb);
        let case = format!(
            "discs of radius 0.1 and 0.2 m, 2 m apart, each moving {speed} m over the step \
             towards the other (the second turning, which a disc does not notice)"
        );
        match (first < 1.0, got) {
            (true, Toi::Hit { t, .. }) => check(
                t <= first + 1e-5 && t >= first - TOLERANCE / (2.0 * speed) - 1e-5,
                MOVING,
                || {
                    format!(
                        "exercise 12.3, time_of_impact_moving: the hit should be at t = \
                         {first}, never after, and before it by at most the tolerance, got \
                         t = {t} ({case})"
                    )
                },
            ),
            (false, Toi::Miss { .. }) => {}
            (_, got) => check(false, MOVING, || {
                let want = if first < 1.0 {
                    format!("a hit at t = {first}")
                } else {
                    "a miss".into()
                };
                format!(
                    "exercise 12.3, time_of_impact_moving: should be {want}, got {got:?} ({case})"
                )
            }),
        }
    }
    let apart = Sweep {
        c0: Vec2::new(-1.0, 0.0),
        a0: 0.0,
        c1: Vec2::new(-3.0, 0.0),
        a1: 0.0,
    };
    let still = Sweep {
        c0: Vec2::new(1.0, 0.0),
        a0: 0.0,
        c1: Vec2::new(1.0, 0.0),
        a1: 0.0,
    };
    let got = time_of_impact_moving(&a, &apart, &b, &still);
    check(matches!(got, Toi::Miss { .. }), MOVING, || {
        format!(
            "exercise 12.3, time_of_impact_moving: a disc flying away from another should \
             miss, got {got:?}"
        )
    });
    let close = Sweep { c0: Vec2::new(0.7 - 0.001, 0.0), ..still };
    let got = time_of_impact_moving(&a, &close, &b, &still);
    check(got == Toi::Touching, MOVING, || {
        format!(
            "exercise 12.3, time_of_impact_moving: discs 1 mm apart at the start are \
             touching (within the target), got {got:?}"
        )
    });
}

/// A thin rod 2 m long, and a box 30 cm by 10 cm.
fn rod_and_box() -> (Shape, Shape) {
    (
        Shape::Polygon(Polygon::boxed(Vec2::new(1.0, 0.02), 0.0)),
        Shape::Polygon(Polygon::boxed(Vec2::new(0.15, 0.05), 0.0)),
    )
}

proptest! {
    /// Exercise 12.3, turning. A rod turning up to 6 rad over the step and a box
    /// turning as it flies across its path: whatever the answer, the path up to it
    /// is clear, both bodies where their paths have them, at 200 times before it;
    /// and a hit is where the two are the target apart.
    #[test]
    fn the_paths_before_the_time_of_impact_are_clear(
        rod_y in -1.0f32..1.0, rod_turn in -6.0f32..6.0, rod_angle in -3.2f32..3.2,
        box_x in -2.0f32..2.0, box_dy in 1.0f32..6.0, box_turn in -6.0f32..6.0,
    ) {
        let (rod, block) = rod_and_box();
        let pa = Sweep { c0: Vec2::new(-2.5, rod_y), a0: rod_angle, c1: Vec2::new(0.5, rod_y), a1: rod_angle + rod_turn };
        let pb = Sweep { c0: Vec2::new(box_x, -box_dy / 2.0 - 0.5), a0: 0.0, c1: Vec2::new(box_x, box_dy / 2.0), a1: box_turn };
        let got = time_of_impact_moving(&rod, &pa, &block, &pb);
        let case = format!("the rod along {pa:?}, the box along {pb:?}");
        let end = match got {
            Toi::Hit { t, .. } => t,
            Toi::Miss { .. } => 1.0,
            // Touching at the start: nothing is promised about the path.
            Toi::Touching => return Ok(()),
        };
        for k in 0..200 {
            let t = end * k as f32 / 200.0;
            let g = gap(&rod, &pa.at(t), &block, &pb.at(t));
            prop_assert!(
                g >= TARGET - 1e-4,
                "exercise 12.3, time_of_impact_moving: the answer {got:?} says the paths are \
                 clear before t = {end}, but at t = {t} the two are {g} m apart, nearer than \
                 the target {TARGET} m ({case}).\n  Reread \"{MOVING}\" in {PAGE}."
            );
        }
        if let Toi::Hit { t, iterations } = got && iterations < ch12_continuous::toi::MAX_ITERATIONS {
            let g = gap(&rod, &pa.at(t), &block, &pb.at(t));
            prop_assert!(
                g < TARGET + TOLERANCE + 1e-4,
                "exercise 12.3, time_of_impact_moving: at a hit the two should be within the \
                 target and the tolerance, {} m, but are {g} m apart at t = {t} ({case}).\n  \
                 Reread \"{MOVING}\" in {PAGE}.",
                TARGET + TOLERANCE
            );
        }
    }
}
