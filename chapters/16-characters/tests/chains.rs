//! Smooth chains: no catch on a seam, one-sided, the corner rules, loops.

use ch11_polygons::{Polygon, Shape};
use ch16_characters::chains::{ChainError, Material};
use ch16_characters::{BodyDef, BodyId, BodyKind, ShapeDef, World};
use glam::Vec2;

const DT: f32 = 1.0 / 60.0;

/// A static body at the origin.
fn ground(world: &mut World) -> BodyId {
    world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO))
}

fn frictionless() -> Material {
    Material { friction: 0.0, ..Material::default() }
}

/// A 1 m box (friction 0) resting on y = 0 at `x`, sliding at `speed`.
fn sliding_box(world: &mut World, x: f32, speed: f32) -> BodyId {
    let def = BodyDef {
        velocity: Vec2::new(speed, 0.0),
        ..BodyDef::new(BodyKind::Dynamic, Vec2::new(x, 0.5))
    };
    let b = world.create_body(def);
    let shape = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    let def = ShapeDef { friction: 0.0, ..ShapeDef::new(shape) };
    world.create_shape(b, def).unwrap();
    b
}

/// The most |vy| and the highest centre over `steps` steps, and the last
/// horizontal speed.
fn kick(world: &mut World, b: BodyId, steps: usize) -> (f32, f32, f32) {
    let (mut vy, mut y) = (0.0f32, f32::NEG_INFINITY);
    for _ in 0..steps {
        world.step(DT);
        let body = world.body(b).unwrap();
        vy = vy.max(body.velocity.y.abs());
        y = y.max(body.position.y);
    }
    (vy, y, world.body(b).unwrap().velocity.x)
}

/// A flat floor along y = 0 from x = -10 to 90 of 100 one-metre pieces:
/// a chain drawn right to left (its colliding side up).
fn chain_floor(world: &mut World) {
    let g = ground(world);
    let points: Vec<Vec2> =
        (0..=100).map(|i| Vec2::new(90.0 - i as f32, 0.0)).collect();
    world.create_chain(g, &points, false, frictionless()).unwrap();
}

/// The same floor of 100 square tiles, chapter 11's without the remedy.
fn tile_floor(world: &mut World) {
    let g = ground(world);
    for i in 0..100 {
        let tile = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
        let def = ShapeDef { friction: 0.0, ..ShapeDef::new(tile) };
        world
            .create_shape(g, def.at(Vec2::new(-9.5 + i as f32, -0.5), 0.0))
            .unwrap();
    }
}

/// A ball of radius 0.25 at `at` moving at `velocity`.
fn ball(world: &mut World, at: Vec2, velocity: Vec2) -> BodyId {
    let def = BodyDef { velocity, ..BodyDef::new(BodyKind::Dynamic, at) };
    let b = world.create_body(def);
    world.create_shape(b, ShapeDef::new(Shape::Circle { radius: 0.25 })).unwrap();
    b
}

/// Kinetic and potential energy of body `b` (mass from its shapes).
fn energy(world: &World, b: BodyId) -> f32 {
    let body = world.body(b).unwrap();
    let (m, i) = (1.0 / body.inv_mass, 1.0 / body.inv_inertia);
    0.5 * m * body.velocity.length_squared()
        + 0.5 * i * body.angular_velocity * body.angular_velocity
        + m * 9.81 * body.position.y
}

/// A capsule (0.5 m half-length, 0.25 m radius, friction 0) lying on y = 0
/// at `x`, sliding at `speed`.
fn sliding_capsule(world: &mut World, x: f32, speed: f32) -> BodyId {
    let at = Vec2::new(x, 0.25);
    let def = BodyDef {
        velocity: Vec2::new(speed, 0.0),
        ..BodyDef::new(BodyKind::Dynamic, at)
    };
    let b = world.create_body(def);
    let shape = Shape::Polygon(Polygon::capsule(0.5, 0.25));
    world
        .create_shape(b, ShapeDef { friction: 0.0, ..ShapeDef::new(shape) })
        .unwrap();
    b
}

/// The linear slop: the solver's "same place", what a resting contact may
/// overlap by.
const SLOP: f32 = ch11_polygons::LINEAR_SLOP;

/// A box at 10 m/s across 100 one-metre segments (80 seams in 8 s) is
/// never lifted: its centre stays within the slop of its rest height and
/// its vertical speed below what would lift it by the slop in one step
/// (0.3 m/s). On chapter 11's tiles without the remedy it catches on a
/// seam and is thrown up. A capsule slides as smoothly.
#[test]
fn a_box_slides_across_a_flat_chain_without_a_kick() {
    let most_vy = SLOP / DT;
    let mut world = World::new();
    chain_floor(&mut world);
    let b = sliding_box(&mut world, 0.0, 10.0);
    let (vy, top, vx) = kick(&mut world, b, 480);
    // Measured: 4.6e-5 m/s, 0.49999872 m, 10 m/s.
    assert!(vy < most_vy, "the chain kicked the box up at {vy} m/s");
    assert!(top < 0.5 + SLOP, "the chain lifted the box to {top} m");
    assert!((vx - 10.0).abs() < 1e-3, "the box slowed to {vx} m/s");

    let mut world = World::new();
    tile_floor(&mut world);
    let b = sliding_box(&mut world, 0.0, 10.0);
    let (vy, top, vx) = kick(&mut world, b, 480);
    // Measured: 3.49 m/s up, to 1.18 m, and left at 0.08 m/s.
    assert!(vy > most_vy, "the tiles did not kick ({vy} m/s): no ghost to compare");
    assert!(top > 0.5 + SLOP, "the tiles did not lift the box ({top} m)");
    assert!(vx < 5.0, "the box crossed the tiles at {vx} m/s");

    let mut world = World::new();
    chain_floor(&mut world);
    let c = sliding_capsule(&mut world, 0.0, 10.0);
    let (vy, top, vx) = kick(&mut world, c, 480);
    assert!(vy < most_vy, "the chain kicked the capsule up at {vy} m/s");
    assert!(top < 0.25 + SLOP, "the chain lifted the capsule to {top} m");
    assert!((vx - 10.0).abs() < 1e-3, "the capsule slowed to {vx} m/s");
}

/// A chain collides on one side only: a ball thrown up from below passes
/// through exactly as through nothing (the same bits as in an empty world
/// until it turns), then falls onto the chain from above and rests on it.
#[test]
fn a_ball_passes_up_through_a_chain_and_lands_on_it() {
    let (start, up) = (Vec2::new(0.0, -1.0), Vec2::new(0.0, 6.0));
    let mut world = World::new();
    chain_floor(&mut world);
    let b = ball(&mut world, start, up);
    let mut free = World::new();
    let f = ball(&mut free, start, up);
    let mut top = f32::NEG_INFINITY;
    for _ in 0..300 {
        world.step(DT);
        free.step(DT);
        let (mine, theirs) = (world.body(b).unwrap(), free.body(f).unwrap());
        if theirs.velocity.y > 0.0 {
            assert_eq!(
                mine.position, theirs.position,
                "the chain touched the ball from below"
            );
        }
        top = top.max(mine.position.y);
    }
    assert!(top > 0.75, "the ball rose only to {top} m");
    let rest = world.body(b).unwrap();
    assert!(
        (rest.position.y - 0.25).abs() < SLOP,
        "the ball is at {} m, not on the chain",
        rest.position.y
    );
    assert!(
        rest.velocity.length() < 0.05,
        "the ball still moves at {}",
        rest.velocity
    );
}

/// Over a hilltop (two convex corners) and through a valley (concave
/// corners), 10 degree bends, a frictionless box's energy never grows (a
/// push from a seam would add some) and its speed never changes in a step
/// by more than gravity alone could change it, g dt = 0.16 m/s (a catch
/// on a seam stops it in a step). Meeting each concave bend costs it the
/// speed across the new face, v (1 - cos 10 deg) = 0.09 m/s at 6 m/s.
#[test]
fn a_box_slides_over_a_hill_and_through_a_valley_smoothly() {
    let s = 10.0f32.to_radians().tan();
    // Left to right: flat, up in 4 pieces, flat top, down in 4, a flat
    // valley, up in 4; the chain is drawn right to left (up collides).
    let mut profile = vec![(-10.0, 0.0), (0.0, 0.0)];
    profile.extend((1..=4).map(|i| (i as f32, s * i as f32)));
    profile.push((7.0, 4.0 * s));
    profile.extend((1..=4).map(|i| (7.0 + i as f32, s * (4 - i) as f32)));
    profile.push((13.0, 0.0));
    profile.extend((1..=4).map(|i| (13.0 + i as f32, s * i as f32)));
    profile.push((40.0, 4.0 * s));
    let points: Vec<Vec2> =
        profile.iter().rev().map(|&(x, y)| Vec2::new(x, y)).collect();
    let mut world = World::new();
    let g = ground(&mut world);
    world.create_chain(g, &points, false, frictionless()).unwrap();
    let b = sliding_box(&mut world, -5.0, 6.0);
    let e0 = energy(&world, b);
    let (mut rise, mut jump, mut last) = (0.0f32, 0.0f32, 6.0f32);
    for _ in 0..240 {
        world.step(DT);
        rise = rise.max(energy(&world, b) - e0);
        let v = world.body(b).unwrap().velocity.length();
        jump = jump.max((v - last).abs());
        last = v;
    }
    // Measured: rise 0, jump 0.087 m/s, past the valley at 4.5 m/s.
    assert!(rise <= 0.005 * e0, "the box gained {rise} J of {e0}");
    assert!(jump < 9.81 * DT, "the box's speed jumped by {jump} m/s in a step");
    let body = world.body(b).unwrap();
    assert!(body.position.x > 14.0, "the box stopped at x = {}", body.position.x);
}

/// A square loop 4 m across: wound clockwise it collides inside (a room)
/// and holds a ball thrown about in it; counter-clockwise it collides
/// outside (an island): a ball inside falls out through its floor, a ball
/// dropped on it from above lands on its top.
#[test]
fn a_loop_holds_what_its_winding_says() {
    let ccw = [
        Vec2::new(-2.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 4.0),
        Vec2::new(-2.0, 4.0),
    ];
    let cw: Vec<Vec2> = ccw.iter().rev().copied().collect();
    let inside = |p: Vec2| p.x.abs() < 2.0 && p.y > 0.0 && p.y < 4.0;

    let mut room = World::new();
    let g = ground(&mut room);
    room.create_chain(
        g,
        &cw,
        true,
        Material { restitution: 0.5, ..Material::default() },
    )
    .unwrap();
    let b = ball(&mut room, Vec2::new(0.0, 2.0), Vec2::new(7.0, 5.0));
    for _ in 0..300 {
        room.step(DT);
        let p = room.body(b).unwrap().position;
        assert!(inside(p), "the ball left the room at {p}");
    }

    let mut island = World::new();
    let g = ground(&mut island);
    island.create_chain(g, &ccw, true, Material::default()).unwrap();
    let lost = ball(&mut island, Vec2::new(-1.0, 2.0), Vec2::ZERO);
    let lands = ball(&mut island, Vec2::new(1.0, 5.0), Vec2::ZERO);
    for _ in 0..120 {
        island.step(DT);
    }
    let p = island.body(lost).unwrap().position;
    assert!(p.y < -1.0, "the ball inside the island did not fall out: {p}");
    let p = island.body(lands).unwrap().position;
    assert!((p.y - 4.25).abs() < SLOP, "the ball did not land on the island: {p}");
}

/// Chains that cannot be are refused, each naming its fault.
#[test]
fn bad_chains_are_refused() {
    let mut world = World::new();
    let g = ground(&mut world);
    let (a, b, c) = (Vec2::ZERO, Vec2::X, Vec2::Y);
    let m = Material::default();
    assert_eq!(
        world.create_chain(g, &[a], false, m),
        Err(ChainError::TooFewPoints { count: 1, least: 2 })
    );
    assert_eq!(
        world.create_chain(g, &[a, b], true, m),
        Err(ChainError::TooFewPoints { count: 2, least: 3 })
    );
    assert_eq!(
        world.create_chain(g, &[a, b, b, c], false, m),
        Err(ChainError::Repeated { index: 1 })
    );
    assert_eq!(
        world.create_chain(g, &[a, b, c, a], true, m),
        Err(ChainError::Repeated { index: 3 })
    );
    assert_eq!(
        world.create_chain(g, &[a, Vec2::NAN], false, m),
        Err(ChainError::NotFinite { index: 1 })
    );
    let d = world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::ZERO));
    assert_eq!(
        world.create_chain(d, &[a, b], false, m),
        Err(ChainError::Dynamic(d))
    );
    let k = world.create_body(BodyDef::new(BodyKind::Kinematic, Vec2::ZERO));
    assert_eq!(
        world.create_chain(k, &[a, b], false, m).map(|ids| ids.len()),
        Ok(1)
    );
    let plain = reused_place(&mut world, g);
    assert!(world.shape(plain).is_ok());
}

/// A destroyed segment's place, taken again by a plain shape, is not taken
/// for a segment: the plain shape's handle.
fn reused_place(world: &mut World, g: BodyId) -> ch16_characters::ShapeId {
    let ids = world
        .create_chain(
            g,
            &[Vec2::new(1.0, 0.0), Vec2::new(-1.0, 0.0)],
            false,
            frictionless(),
        )
        .unwrap();
    assert!(
        world.more.chains.segment(&world.game, ids[0].index as usize).is_some()
    );
    world.destroy_shape(ids[0]).unwrap();
    let plain = world
        .create_shape(g, ShapeDef::new(Shape::Circle { radius: 0.5 }))
        .unwrap();
    assert_eq!(plain.index, ids[0].index, "the place is taken again");
    assert!(world.more.chains.segment(&world.game, plain.index as usize).is_none());
    plain
}

/// A ball fired up at 40 m/s through a chain floor from below (fast enough
/// for chapter 12's sweep, 0.67 m a step against a 0.25 m radius) flies on
/// as in an empty world: the sweep, like the contacts, leaves alone a
/// segment whose body starts behind it. Without that rule the sweep, which
/// knows nothing of sides, put the ball back under the floor.
#[test]
fn a_fast_ball_from_below_is_not_swept_back() {
    let (start, up) = (Vec2::new(0.3, -1.0), Vec2::new(0.0, 40.0));
    let mut world = World::new();
    chain_floor(&mut world);
    let b = ball(&mut world, start, up);
    let mut free = World::new();
    let f = ball(&mut free, start, up);
    for _ in 0..30 {
        world.step(DT);
        free.step(DT);
        assert_eq!(world.body(b).unwrap().position, free.body(f).unwrap().position);
    }
    assert!(world.body(b).unwrap().position.y > 10.0);
}
