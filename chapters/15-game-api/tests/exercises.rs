//! Each exercise of the chapter judged on its own: the filter rule against the
//! rule's three cases, worked by hand and at random; a body's mass properties
//! against bodies worked by hand. A failure names the quantity that is wrong,
//! the case it tried, what it expected and what it got, and the section of the
//! book's page to reread.

use ch11_polygons::{Polygon, Shape};
use ch15_game_api::{
    BodyDef, BodyKind, Filter, ShapeDef, World, body_mass, one_way_keeps,
    should_collide,
};
use glam::Vec2;
use physics_core::exercise::Exercise;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch15-game-api.md";
const FILTER: Exercise = Exercise {
    name: "exercise 15.1, should_collide",
    page: PAGE,
    reread: "\"Which shapes meet\"",
};
const ONE_WAY: Exercise = Exercise {
    name: "exercise 15.3, one_way_keeps",
    page: PAGE,
    reread: "\"Exercise 15.3: a one-way platform\"",
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

#[test]
fn a_one_way_contact_in_worked_cases() {
    let up = Vec2::Y;
    let at = |deg: f32| Vec2::new(deg.to_radians().sin(), deg.to_radians().cos());
    // (normal from the platform, velocity relative to it, holds, why)
    let cases = [
        (up, Vec2::new(0.0, -3.0), true, "landing on it from above"),
        (up, Vec2::ZERO, true, "resting on it"),
        (up, Vec2::new(2.0, 0.0), true, "sliding along its top"),
        (-up, Vec2::new(0.0, 5.0), false, "coming up from below"),
        (
            up,
            Vec2::new(0.0, 5.0),
            false,
            "rising through it, its centre past the middle",
        ),
        (Vec2::X, Vec2::new(-3.0, 0.0), false, "meeting its end from the side"),
        (
            at(30.0),
            Vec2::new(0.0, -1.0),
            true,
            "a corner 30 degrees off its top, landing",
        ),
        (
            at(60.0),
            Vec2::new(0.0, -1.0),
            false,
            "a contact 60 degrees off up: the side",
        ),
    ];
    for (normal, velocity, want, why) in cases {
        let got = one_way_keeps(up, normal, velocity);
        let case = format!("up {up}, normal {normal}, velocity {velocity} ({why})");
        assert!(
            got == want,
            "{}",
            ONE_WAY.wrong("whether the contact holds", case, want, got)
        );
    }
    // Turned with its platform.
    let turn = |v: Vec2| Vec2::new(v.x * 0.8 - v.y * 0.6, v.x * 0.6 + v.y * 0.8);
    let got = one_way_keeps(turn(up), turn(up), turn(Vec2::new(0.0, -1.0)));
    assert!(
        got,
        "{}",
        ONE_WAY.wrong(
            "whether the contact holds",
            "the landing case turned by 37 degrees",
            true,
            got
        )
    );
}

/// A world with a static one-way platform 4 m wide, its top at y = 3.1.
fn platform_world() -> World {
    let mut world = World::new();
    let floor =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, -0.5)));
    let ground =
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(20.0, 0.5), 0.0)));
    world.create_shape(floor, ground).unwrap();
    let platform =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, 3.0)));
    let mut slab =
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(2.0, 0.1), 0.0)));
    slab.one_way = Some(Vec2::Y);
    world.create_shape(platform, slab).unwrap();
    world
}

/// A disc of radius 0.2 at `at` moving at `velocity`, stepped 3 s: where it
/// ends, and whether it was ever stopped inside the platform.
fn throw(at: Vec2, velocity: Vec2) -> (Vec2, bool) {
    let mut world = platform_world();
    let mut def = BodyDef::new(BodyKind::Dynamic, at);
    def.velocity = velocity;
    let ball = world.create_body(def);
    world.create_shape(ball, ShapeDef::new(Shape::Circle { radius: 0.2 })).unwrap();
    let mut stuck = false;
    for _ in 0..180 {
        world.step(1.0 / 60.0);
        let b = world.body(ball).unwrap();
        // Inside the slab's band and still: held where nothing should hold it.
        stuck |= b.position.x.abs() < 2.0
            && (2.9 - 0.2..3.1 + 0.2 - 0.01).contains(&b.position.y)
            && b.velocity.length() < 0.05;
    }
    (world.body(ball).unwrap().position, stuck)
}

#[test]
fn a_one_way_platform_lets_up_and_holds_down() {
    let rest = 3.1 + 0.2;
    // (start, velocity, where it should end, why)
    let cases = [
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, 9.0),
            rest,
            "thrown up from below: through, then lands on top",
        ),
        (Vec2::new(0.5, 6.0), Vec2::ZERO, rest, "dropped from above: lands on top"),
        (
            Vec2::new(0.0, 1.0),
            Vec2::new(0.0, 4.0),
            0.2,
            "thrown up too slowly to clear it: falls back to the floor",
        ),
        (
            Vec2::new(-4.0, 3.0),
            Vec2::new(6.0, 4.0),
            0.2,
            "flung at its end from the side and up: passes",
        ),
    ];
    for (start, velocity, want, why) in cases {
        let (end, stuck) = throw(start, velocity);
        let case = format!("a ball from {start} at {velocity} m/s ({why})");
        // The contact holds the ball within the linear slop of the top.
        let ok = (end.y - want).abs() < 0.02 && !stuck;
        let got = format!(
            "y = {} after 3 s{}",
            end.y,
            if stuck { ", held inside the platform" } else { "" }
        );
        assert!(
            ok,
            "{}",
            ONE_WAY.wrong("where the ball ends", case, format!("y = {want}"), got)
        );
    }
}
