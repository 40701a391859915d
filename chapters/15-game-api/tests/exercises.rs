//! Each exercise of the chapter judged on its own: the filter rule against the
//! rule's three cases, worked by hand and at random; a body's mass properties
//! against bodies worked by hand. A failure names the quantity that is wrong,
//! the case it tried, what it expected and what it got, and the section of the
//! book's page to reread.

use ch11_polygons::{Polygon, Shape};
use ch15_game_api::{Filter, ShapeDef, body_mass, should_collide};
use glam::Vec2;
use physics_core::exercise::Exercise;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch15-game-api.md";
const FILTER: Exercise = Exercise {
    name: "exercise 15.1, should_collide",
    page: PAGE,
    reread: "\"Which shapes meet\"",
};
const MASS: Exercise = Exercise {
    name: "exercise 15.2, body_mass",
    page: PAGE,
    reread: "\"One body, many shapes\"",
};

fn f(category: u64, mask: u64, group: i32) -> Filter {
    Filter { category, mask, group }
}

#[test]
fn the_filter_rule_in_worked_cases() {
    let all = u64::MAX;
    // (a, b, collide, why)
    let cases = [
        (
            f(1, all, 0),
            f(1, all, 0),
            true,
            "the defaults: everything meets everything",
        ),
        (
            f(0b01, 0b10, 0),
            f(0b10, 0b01, 0),
            true,
            "each takes the other's category",
        ),
        (
            f(0b01, 0b10, 0),
            f(0b10, 0b10, 0),
            false,
            "B's mask leaves out A's category",
        ),
        (
            f(0b01, 0b01, 0),
            f(0b10, 0b01, 0),
            false,
            "A's mask leaves out B's category",
        ),
        (
            f(1, 0, 3),
            f(1, 0, 3),
            true,
            "the same positive group: always, masks or not",
        ),
        (
            f(1, all, -3),
            f(1, all, -3),
            false,
            "the same negative group: never, masks or not",
        ),
        (f(1, all, -3), f(1, all, -4), true, "different groups: the bits decide"),
        (
            f(1, all, 3),
            f(1, 0, -3),
            false,
            "different groups: B's mask of 0 takes nothing",
        ),
        (f(1, all, 0), f(1, all, 0).with_group(0), true, "group 0 is no group"),
        (
            f(1, 0, 0),
            f(1, 0, 0),
            false,
            "group 0 shared is no group: the masks decide",
        ),
    ];
    for (a, b, want, why) in cases {
        for (x, y) in [(a, b), (b, a)] {
            let got = should_collide(&x, &y);
            let case = format!("{x:?} and {y:?} ({why})");
            assert!(
                got == want,
                "{}",
                FILTER.wrong("whether they collide", case, want, got)
            );
        }
    }
}

trait WithGroup {
    fn with_group(self, group: i32) -> Self;
}

impl WithGroup for Filter {
    fn with_group(self, group: i32) -> Filter {
        Filter { group, ..self }
    }
}

proptest! {
    /// At random, against the rule written another way: the group decides
    /// when both share a non-zero one, else both masks must take the
    /// other's category.
    #[test]
    fn the_filter_rule_at_random(
        (ca, ma, ga) in (0u64..8, 0u64..8, -2i32..=2),
        (cb, mb, gb) in (0u64..8, 0u64..8, -2i32..=2),
    ) {
        let (a, b) = (f(ca, ma, ga), f(cb, mb, gb));
        let shared = (ga == gb && ga != 0).then_some(ga > 0);
        let want = shared.unwrap_or((ma & cb) != 0 && (mb & ca) != 0);
        let got = should_collide(&a, &b);
        prop_assert!(got == want, "{}", FILTER.wrong("whether they collide", format!("{a:?} and {b:?}"), want, got));
    }
}

fn square(half: f32) -> ShapeDef {
    ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::splat(half), 0.0)))
}

#[test]
fn a_body_of_shapes_in_worked_cases() {
    // Two 1 m squares of 1 kg/m^2 side by side, their centres 2 m apart:
    // 2 kg, centred between them; each 1/6 kg m^2 about its own centre
    // (m (w^2 + h^2) / 12), plus 1 kg at 1 m: 2 (1/6 + 1) = 7/3.
    let pair = [
        square(0.5).at(Vec2::new(-1.0, 0.0), 0.0),
        square(0.5).at(Vec2::new(1.0, 0.0), 0.0),
    ];
    // A 1 m disc of 2 kg/m^2 at the origin and a 1 m square of 4 kg/m^2
    // at (0, 2), turned: 2 pi and 4 kg; the centre at 8 / (2 pi + 4) up;
    // pi (1/2) r^2 m + 4/6 + each mass times its distance squared.
    let disc = ShapeDef::new(Shape::Circle { radius: 1.0 }).density(2.0);
    let mixed = [disc, square(0.5).at(Vec2::new(0.0, 2.0), 0.7).density(4.0)];
    let pi = std::f32::consts::PI;
    let (m1, m2) = (2.0 * pi, 4.0);
    let y = 2.0 * m2 / (m1 + m2);
    let i_mixed = m1 / 2.0 + m1 * y * y + m2 / 6.0 + m2 * (2.0 - y) * (2.0 - y);
    // (shapes, mass, centre, inertia, what)
    let cases: [(&[ShapeDef], f32, Vec2, f32, &str); 3] = [
        (
            &pair,
            2.0,
            Vec2::ZERO,
            7.0 / 3.0,
            "two 1 m squares, their centres 2 m apart",
        ),
        (
            &mixed,
            m1 + m2,
            Vec2::new(0.0, y),
            i_mixed,
            "a 1 m disc and a turned 1 m square 2 m above it, densities 2 and 4",
        ),
        (
            &pair[..1],
            1.0,
            Vec2::new(-1.0, 0.0),
            1.0 / 6.0,
            "one square: its own mass, centroid and moment",
        ),
    ];
    for (shapes, mass, centre, inertia, what) in cases {
        let got = body_mass(shapes.iter());
        // f32 sums of two or three terms: a few parts in 10^7.
        let near = |a: f32, b: f32| (a - b).abs() <= 1e-5 * b.abs().max(1.0);
        assert!(
            near(got.mass, mass),
            "{}",
            MASS.wrong("the mass, kg", what, mass, got.mass)
        );
        assert!(
            near(got.centre.x, centre.x) && near(got.centre.y, centre.y),
            "{}",
            MASS.wrong("the centre of mass, m", what, centre, got.centre)
        );
        assert!(
            near(got.inertia, inertia),
            "{}",
            MASS.wrong(
                "the moment of inertia about the centre, kg m^2",
                what,
                inertia,
                got.inertia
            )
        );
    }
    let none = body_mass(std::iter::empty());
    assert!(
        none == Default::default(),
        "{}",
        MASS.wrong(
            "the mass properties of no shapes",
            "no shapes",
            "BodyMass::default()",
            format!("{none:?}")
        )
    );
}
