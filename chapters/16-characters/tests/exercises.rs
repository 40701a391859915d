//! Each exercise of the chapter judged on its own: the plane solve against the
//! nearest point of one plane, of a corner and of random wedges, worked by hand;
//! one pass of a spring's row against the soft row's formula. A failure names the
//! quantity that is wrong, the case it tried, what it expected and what it got,
//! and the section of the book's page to reread.

use ch09_joints::Jacobian;
use ch10_soft_step::{Body, Circle, Shape, Soft, soft};
use ch16_characters::mover::{GAP, Plane, solve_planes};
use ch16_characters::springs::{SpringRow, solve_row};
use glam::Vec2;
use physics_core::exercise::Exercise;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch16-characters.md";
const PLANES: Exercise = Exercise {
    name: "exercise 16.1, solve_planes",
    page: PAGE,
    reread: "\"The plane solve\"",
};
const ROW: Exercise = Exercise {
    name: "exercise 16.2, solve_row",
    page: PAGE,
    reread: "\"Springs you choose\"",
};

/// A wall's plane: `normal` (made unit) and the gap now.
fn plane(normal: Vec2, separation: f32) -> Plane {
    Plane {
        normal: normal.normalize(),
        separation,
        push_limit: f32::INFINITY,
        push: 0.0,
        clip: true,
        velocity: Vec2::ZERO,
    }
}

/// Whether `got` is `want` to 0.1 mm (the solve stops within a fiftieth of
/// the slop).
fn near(got: Vec2, want: Vec2) -> bool {
    got.distance(want) < 1e-4
}

#[test]
fn the_plane_solve_in_worked_cases() {
    let (up, left) = (Vec2::Y, Vec2::NEG_X);
    // (planes, target, the nearest allowed move, why)
    let cases = [
        (
            vec![],
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, -1.0),
            "no planes: the move wanted",
        ),
        (
            vec![plane(up, 0.0)],
            Vec2::new(1.0, 0.5),
            Vec2::new(1.0, 0.5),
            "a floor the move leaves: nothing to do",
        ),
        (
            vec![plane(up, 0.0)],
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, GAP),
            "into a floor: slide along it, the gap above it",
        ),
        (
            vec![plane(up, 0.0), plane(left, 0.0)],
            Vec2::new(1.0, -1.0),
            Vec2::new(-GAP, GAP),
            "into a corner of floor and wall: stop in the corner",
        ),
        (
            vec![plane(up, 0.0), plane(left, 0.0)],
            Vec2::new(-1.0, -1.0),
            Vec2::new(-1.0, GAP),
            "down and away from the wall: the floor alone pushes",
        ),
        (
            vec![plane(Vec2::new(1.0, 1.0), 0.0), plane(up, 0.0)],
            Vec2::new(-1.0, -1.0),
            Vec2::new(GAP * (2.0f32.sqrt() - 1.0), GAP),
            "into a 45 degree slope and a floor: where their lines cross",
        ),
    ];
    for (mut planes, target, want, why) in cases {
        let got = solve_planes(target, &mut planes);
        assert!(
            near(got, want),
            "{}",
            PLANES.wrong("the move", format!("{why}, target {target}"), want, got)
        );
        for p in &planes {
            assert!(
                p.push >= 0.0,
                "{}",
                PLANES.wrong(
                    "a plane's push (it never pulls)",
                    why,
                    "0 or more",
                    p.push
                )
            );
        }
    }
    // A crate's plane pushes no more than its limit.
    let mut crate_ = [Plane { push_limit: 0.1, ..plane(Vec2::NEG_X, 0.0) }];
    let got = solve_planes(Vec2::new(1.0, 0.0), &mut crate_);
    let want = Vec2::new(0.9, 0.0);
    assert!(
        near(got, want) && (crate_[0].push - 0.1).abs() < 1e-5,
        "{}",
        PLANES.wrong(
            "the move into a crate that gives way",
            "push limit 0.1 m",
            want,
            got
        )
    );
}

/// The nearest point to `t` with `n_i . x >= GAP - s_i` for two planes: the
/// target if it keeps out of both; else its projection on one plane's line if
/// that keeps out of the other; else where the lines cross.
fn wedge(t: Vec2, planes: &[(Vec2, f32); 2]) -> Vec2 {
    let ok = |x: Vec2| planes.iter().all(|&(n, s)| n.dot(x) >= GAP - s - 1e-6);
    if ok(t) {
        return t;
    }
    for &(n, s) in planes {
        let x = t + (GAP - s - n.dot(t)).max(0.0) * n;
        if ok(x) {
            return x;
        }
    }
    let [(n1, s1), (n2, s2)] = *planes;
    let det = n1.perp_dot(n2);
    let (c1, c2) = (GAP - s1, GAP - s2);
    Vec2::new((c1 * n2.y - c2 * n1.y) / det, (n1.x * c2 - n2.x * c1) / det)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Two planes at 40 to 140 degrees to each other (a corner a mover
    /// meets), random gaps and targets: the solve finds the nearest point
    /// of the wedge.
    #[test]
    fn the_plane_solve_finds_the_nearest_point_of_a_wedge(
        a in 0.0f32..std::f32::consts::TAU,
        apart in 0.7f32..2.44,
        (s1, s2) in (-0.05f32..0.3, -0.05f32..0.3),
        (tx, ty) in (-1.0f32..1.0, -1.0f32..1.0),
    ) {
        let n1 = physics_core::trig::from_angle(a);
        let n2 = physics_core::trig::from_angle(a + apart);
        let target = Vec2::new(tx, ty);
        let want = wedge(target, &[(n1, s1), (n2, s2)]);
        let mut planes = [plane(n1, s1), plane(n2, s2)];
        let got = solve_planes(target, &mut planes);
        prop_assert!(
            got.distance(want) < 1e-3,
            "{}",
            PLANES.wrong("the move", format!("planes {n1} gap {s1}, {n2} gap {s2}, target {target}"), want, got)
        );
    }
}

/// A 1 kg disc (inertia 0.02 kg m^2) and a static body: a row along x
/// through their centres.
fn pair(velocity: Vec2) -> (Body, Body, SpringRow) {
    let shape = Shape::Circle(Circle { radius: 0.2 });
    let ground = Body::fixed(shape, Vec2::ZERO, 0.0);
    let mut disc = Body::new(shape, Vec2::new(1.0, 0.0), 0.0, 1.0);
    disc.velocity = velocity;
    let row = SpringRow {
        jacobian: Jacobian::along(Vec2::X, Vec2::ZERO, Vec2::ZERO),
        mass: 1.0,
        c: 0.0,
        speed: 0.0,
        impulse: 0.0,
    };
    (ground, disc, row)
}

#[test]
fn one_pass_of_a_row_in_worked_cases() {
    // A rigid row stops the motion along it: all the impulse, no bias.
    let (mut a, mut b, mut row) = pair(Vec2::new(2.0, 1.0));
    solve_row(
        &mut row,
        Soft::RIGID,
        (f32::NEG_INFINITY, f32::INFINITY),
        &mut a,
        &mut b,
    );
    let want = Vec2::new(0.0, 1.0);
    assert!(
        near(b.velocity, want) && (row.impulse + 2.0).abs() < 1e-6,
        "{}",
        ROW.wrong(
            "the velocity after a rigid row",
            "2 m/s along it",
            want,
            b.velocity
        )
    );
    // A 2 Hz spring stretched 0.1 m, at rest, with 0.5 N s kept from the
    // substeps before: -mass_scale m (v + bias_rate C) - impulse_scale kept.
    let h = 1.0 / 240.0;
    let s = soft(2.0, 0.3, h);
    let (mut a, mut b, mut row) = pair(Vec2::ZERO);
    (row.c, row.impulse) = (0.1, 0.5);
    let want = 0.5 - s.mass_scale * 0.1 * s.bias_rate - s.impulse_scale * 0.5;
    solve_row(&mut row, s, (f32::NEG_INFINITY, f32::INFINITY), &mut a, &mut b);
    assert!(
        (row.impulse - want).abs() < 1e-6
            && (b.velocity.x - (want - 0.5)).abs() < 1e-6,
        "{}",
        ROW.wrong(
            "the accumulated impulse",
            "a 2 Hz spring stretched 0.1 m",
            want,
            row.impulse
        )
    );
    // A motor's speed: a rigid row aiming at 3 m/s, its impulse within 1 N s.
    let (mut a, mut b, mut row) = pair(Vec2::ZERO);
    row.speed = 3.0;
    solve_row(&mut row, Soft::RIGID, (-1.0, 1.0), &mut a, &mut b);
    assert!(
        (b.velocity.x - 1.0).abs() < 1e-6 && row.impulse == 1.0,
        "{}",
        ROW.wrong(
            "the velocity after a clamped motor",
            "3 m/s wanted, 1 N s at most",
            1.0,
            b.velocity.x
        )
    );
    // A row with no mass moves nothing.
    let (mut a, mut b, mut row) = pair(Vec2::new(2.0, 0.0));
    row.mass = 0.0;
    solve_row(
        &mut row,
        Soft::RIGID,
        (f32::NEG_INFINITY, f32::INFINITY),
        &mut a,
        &mut b,
    );
    assert!(
        b.velocity == Vec2::new(2.0, 0.0) && row.impulse == 0.0,
        "{}",
        ROW.wrong(
            "the velocity after a row with no mass",
            "mass 0",
            Vec2::new(2.0, 0.0),
            b.velocity
        )
    );
}
