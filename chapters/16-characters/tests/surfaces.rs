//! Surfaces: conveyor belts and rolling resistance.

use ch11_polygons::{Polygon, Shape};
use ch16_characters::{BodyDef, BodyId, BodyKind, ShapeDef, ShapeId, World};
use glam::Vec2;

const DT: f32 = 1.0 / 60.0;
const G: f32 = 9.81;

/// A static belt 40 m long whose top is y = 0, of `friction`.
fn belt(world: &mut World, friction: f32) -> ShapeId {
    let g = world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, -0.5)));
    let shape = Shape::Polygon(Polygon::boxed(Vec2::new(20.0, 0.5), 0.0));
    world.create_shape(g, ShapeDef { friction, ..ShapeDef::new(shape) }).unwrap()
}

/// A 1 m crate of `friction` at rest on y = 0.
fn crate_on(world: &mut World, x: f32, friction: f32) -> BodyId {
    let b = world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(x, 0.5)));
    let shape = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    world.create_shape(b, ShapeDef { friction, ..ShapeDef::new(shape) }).unwrap();
    b
}

/// The crate's horizontal speed after `steps` steps on a belt of tangent
/// speed `speed`, friction 0.6, the crate made first (its body then A) or
/// after the belt.
fn carried(speed: f32, crate_first: bool, steps: usize) -> f32 {
    let mut world = World::new();
    let early = crate_first.then(|| crate_on(&mut world, 0.0, 0.6));
    let s = belt(&mut world, 0.6);
    let c = early.unwrap_or_else(|| crate_on(&mut world, 0.0, 0.6));
    world.set_surface(s, 0.0, speed).unwrap();
    for _ in 0..steps {
        world.step(DT);
    }
    world.body(c).unwrap().velocity.x
}

/// A belt of tangent speed 2 m/s (counter-clockwise about it: its top
/// moves left) carries a crate resting on it left at 2 m/s; -2 m/s,
/// right. Friction (0.6) brings them together in 2 / (0.6 g) = 0.34 s;
/// after 2 s the crate slides on the belt by less than 1 mm/s, what the
/// friction rows leave each pass once they hold. The same whichever of
/// the two shapes the contact takes as A.
#[test]
fn a_conveyor_carries_a_crate_at_its_speed_counter_clockwise() {
    for crate_first in [false, true] {
        // Measured: -2.0000002, -2.0000002, 2.0000000.
        let v = carried(2.0, crate_first, 120);
        assert!(
            (v + 2.0).abs() < 1e-3,
            "carried at {v} m/s, not -2 (crate first: {crate_first})"
        );
        let v = carried(-2.0, crate_first, 120);
        assert!(
            (v - 2.0).abs() < 1e-3,
            "carried at {v} m/s, not 2 (crate first: {crate_first})"
        );
    }
    assert_eq!(carried(0.0, false, 120), 0.0, "a plain belt moved the crate");
}

/// On a belt at 5 m/s with friction 0.1 the crate slips the whole time:
/// friction pushes it with mu N = mu m g, so it gains mu g t = 1.962 m/s
/// in 2 s (Coulomb's law), within 1% (each substep's friction impulse is
/// exactly mu times the normal impulse, m g h, while it slips).
#[test]
fn a_slippery_crate_lags_the_belt_as_coulomb_says() {
    let mut world = World::new();
    let s = belt(&mut world, 0.1);
    let c = crate_on(&mut world, 0.0, 0.1);
    world.set_surface(s, 0.0, -5.0).unwrap();
    for _ in 0..120 {
        world.step(DT);
    }
    let v = world.body(c).unwrap().velocity.x;
    let coulomb = 0.1 * G * 2.0;
    // Measured: 1.9619855 m/s.
    assert!((v - coulomb).abs() < 0.01 * coulomb, "{v} m/s, Coulomb {coulomb}");
}

/// A disc of radius 0.5 m rolling at 3 m/s along a belt (no speed) with
/// rolling resistance `c`: its speed each second for 12 s.
fn rolled(c: f32) -> Vec<(f32, f32)> {
    let mut world = World::new();
    belt(&mut world, 0.6);
    let r = 0.5;
    let def = BodyDef {
        velocity: Vec2::new(3.0, 0.0),
        angular_velocity: -3.0 / r,
        ..BodyDef::new(BodyKind::Dynamic, Vec2::new(-15.0, r))
    };
    let b = world.create_body(def);
    let disc =
        world.create_shape(b, ShapeDef::new(Shape::Circle { radius: r })).unwrap();
    world.set_surface(disc, c, 0.0).unwrap();
    let mut speeds = Vec::new();
    for i in 1..=720 {
        world.step(DT);
        if i % 60 == 0 {
            let body = world.body(b).unwrap();
            speeds.push((body.velocity.x, body.angular_velocity));
        }
    }
    speeds
}

/// Rolling resistance. The contact resists the disc's turning with a
/// torque of at most `c_mix N`, `c_mix = c r` (the larger coefficient
/// times the larger radius: the disc's, the belt's box has none), `N = m
/// g`. Rolling without slipping (`v = w r`), with `f` the floor's
/// friction backwards on the disc: `m a = -f` for the centre, `I dw/dt =
/// f r - c_mix N` for the turning (speeds taken forwards and clockwise).
/// With `a = r dw/dt`: `f = c_mix N r / (r^2 + I / m)`, and the disc
/// slows at `a = c_mix N r / (m r^2 + I) = c g / (1 + I / (m r^2))`:
/// `2 c g / 3` for a solid disc (`I = m r^2 / 2`), 0.327 m/s^2 for `c =
/// 0.05`, within 1% (the row holds its torque to the limit each substep;
/// the disc needs friction `2 c / 3 = 0.033 < 0.6` to keep rolling). It
/// stops after 3 / 0.327 = 9.2 s, and stays. Without resistance it keeps
/// its speed to 1e-4 m/s.
#[test]
fn rolling_resistance_slows_a_disc_as_derived_and_stops_it() {
    let c = 0.05;
    let slowing = rolled(c);
    let predicted = 2.0 / 3.0 * c * G;
    let (at1, at7) = (slowing[0].0, slowing[6].0);
    let measured = (at1 - at7) / 6.0;
    // Measured: 0.32718 m/s^2 against 0.32700.
    assert!(
        (measured - predicted).abs() < 0.01 * predicted,
        "slows at {measured} m/s^2, not {predicted}"
    );
    let (v, w) = slowing[11];
    assert!(
        v.abs() < 1e-3 && w.abs() < 1e-3,
        "still rolling at {v} m/s, {w} rad/s after 12 s"
    );

    let free = rolled(0.0);
    let (first, last) = (free[0].0, free[11].0);
    // Measured: 2.9985917 m/s throughout (the first steps settle it into
    // the belt, 1.4 mm/s).
    assert!(
        first > 2.99 && (last - first).abs() < 1e-4,
        "rolled at {first} then {last} m/s"
    );
}

/// Box2D's mixing: the larger rolling resistance times the larger radius
/// (a circle's radius, a polygon's rounding), tangent speeds summed; a
/// destroyed shape's surface is not its place's next shape's.
#[test]
fn surfaces_mix_and_follow_their_shapes() {
    let mut world = World::new();
    let g = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let rounded = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.2));
    let a = world.create_shape(g, ShapeDef::new(rounded)).unwrap();
    let b = world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 2.0)));
    let disc = world
        .create_shape(b, ShapeDef::new(Shape::Circle { radius: 0.5 }))
        .unwrap();
    world.set_surface(a, 0.3, 1.5).unwrap();
    world.set_surface(disc, 0.1, -0.25).unwrap();
    let pair = (a.index as usize, disc.index as usize);
    let mixed = world.more.surfaces.between(&world.game, pair);
    assert_eq!(mixed.rolling_resistance, 0.3 * 0.5);
    assert_eq!(mixed.tangent_speed, 1.5 - 0.25);
    assert_eq!(world.surface(a), Ok((0.3, 1.5)));
    world.destroy_shape(disc).unwrap();
    assert!(world.set_surface(disc, 0.1, 0.0).is_err(), "a stale handle was taken");
    let again = world
        .create_shape(b, ShapeDef::new(Shape::Circle { radius: 0.5 }))
        .unwrap();
    assert_eq!(again.index, disc.index, "the place is taken again");
    assert_eq!(world.surface(again), Ok((0.0, 0.0)));
    let mixed = world.more.surfaces.between(&world.game, pair);
    assert_eq!((mixed.rolling_resistance, mixed.tangent_speed), (0.3 * 0.5, 1.5));
}

/// A chain floor 100 m wide in a chain-walled pit, two belts (one each
/// way), and `count` discs (half resisting rolling) and boxes dropped on
/// them (4200: enough bodies that a step splits across the threads).
fn pile(threads: usize, width: ch15_game_api::Width, count: usize) -> World {
    let mut world = World::new();
    world.wide.set_threads(threads);
    world.wide.width = width;
    let g = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let mut points = vec![Vec2::new(50.0, 30.0)];
    points.extend(
        (0..=100).map(|i| Vec2::new(50.0 - i as f32, 0.3 * (i as f32 * 0.7).sin())),
    );
    points.push(Vec2::new(-50.0, 30.0));
    let material = ch16_characters::chains::Material::default();
    world.create_chain(g, &points, false, material).unwrap();
    for (x, speed) in [(-20.0, 3.0), (20.0, -3.0)] {
        let shape = Shape::Polygon(Polygon::boxed(Vec2::new(8.0, 0.25), 0.0));
        let def = ShapeDef::new(shape).at(Vec2::new(x, 0.9), 0.0);
        let belt = world.create_shape(g, def).unwrap();
        world.set_surface(belt, 0.0, speed).unwrap();
    }
    for k in 0..count {
        let at = Vec2::new(
            -40.0 + 0.4 * (k % 200) as f32,
            1.6 + 0.45 * (k / 200) as f32,
        );
        let b = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let shape = match k % 3 {
            0 => Shape::Polygon(Polygon::boxed(Vec2::splat(0.15), 0.0)),
            _ => Shape::Circle { radius: 0.15 },
        };
        let s = world.create_shape(b, ShapeDef::new(shape)).unwrap();
        if k % 2 == 0 {
            world.set_surface(s, 0.1, 0.0).unwrap();
        }
    }
    world
}

/// Every body's position and angle, as bits.
fn bits(world: &World) -> Vec<[u32; 3]> {
    let each = world.solver.bodies.iter();
    each.map(|b| {
        [b.position.x.to_bits(), b.position.y.to_bits(), b.angle.to_bits()]
    })
    .collect()
}

/// A pile on chains and belts: the same bits on 1, 2 and 4 threads (4200
/// bodies, 45 steps), and one contact at a time (the single lane) as
/// eight (600 bodies, 90 steps).
#[test]
fn chains_and_belts_give_the_same_bits_on_any_threads() {
    use ch15_game_api::Width;
    let run = |threads, width, count, steps| {
        let mut world = pile(threads, width, count);
        for _ in 0..steps {
            world.step(DT);
        }
        assert!(world.wide.splits(&world.solver) || threads == 1, "no split");
        bits(&world)
    };
    let one = run(1, Width::Wide, 4200, 45);
    assert_eq!(one, run(2, Width::Wide, 4200, 45), "2 threads differ");
    assert_eq!(one, run(4, Width::Wide, 4200, 45), "4 threads differ");
    let eight = run(1, Width::Wide, 600, 90);
    assert_eq!(
        eight,
        run(1, Width::Single, 600, 90),
        "one lane differs from eight"
    );
}
