//! The character mover: the plane solve, and the mover on slopes, ledges,
//! platforms, crates and random ground.

use ch11_polygons::gjk::{Proxy, distance};
use ch11_polygons::{LINEAR_SLOP, Polygon, Shape};
use ch16_characters::demos::Play;
use ch16_characters::mover::{GAP, Input, Mover, Plane, clip, solve_planes};
use ch16_characters::{BodyDef, BodyId, BodyKind, ShapeDef, World};
use glam::Vec2;
use physics_core::demo::Controls;
use physics_core::lab::Sim;
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// The nearest point to `target` of the wedge `n1 . d >= c1`,
/// `n2 . d >= c2`, worked out: the target itself if inside, else its
/// projection on one side's line if the other side holds it, else the
/// corner where the two lines cross.
fn nearest_in_wedge(
    target: Vec2,
    (n1, c1): (Vec2, f32),
    (n2, c2): (Vec2, f32),
) -> Vec2 {
    let inside = |d: Vec2| n1.dot(d) >= c1 - 1e-6 && n2.dot(d) >= c2 - 1e-6;
    if inside(target) {
        return target;
    }
    let onto = |n: Vec2, c: f32| target + (c - n.dot(target)) * n;
    let corner = {
        // Solve n1 . d = c1, n2 . d = c2.
        let det = n1.perp_dot(n2);
        Vec2::new(c1 * n2.y - c2 * n1.y, n1.x * c2 - n2.x * c1) / det
    };
    [onto(n1, c1), onto(n2, c2), corner]
        .into_iter()
        .filter(|&d| inside(d))
        .min_by(|a, b| a.distance(target).total_cmp(&b.distance(target)))
        .expect("the corner is in the wedge")
}

/// A plane whose constraint is `n . d >= c`: the solve keeps
/// `separation + n . d >= GAP`.
fn plane(n: Vec2, c: f32) -> Plane {
    Plane::new(n, GAP - c)
}

/// Two walls at a right angle, and a floor with a 45 degree slope: the
/// solve gives the wedge's nearest point, the corner when the target is
/// beyond both.
#[test]
fn two_planes_give_the_nearest_point_of_the_corner() {
    let floor = (Vec2::Y, 0.0);
    let wall = (Vec2::new(-1.0, 0.0), -1.0); // d.x <= 1
    let slope = (Vec2::new(-1.0, 1.0).normalize(), -0.5);
    for (a, b) in [(floor, wall), (floor, slope), (wall, slope)] {
        for target in [
            Vec2::new(3.0, -2.0),
            Vec2::new(0.5, -2.0),
            Vec2::new(3.0, 0.5),
            Vec2::new(-1.0, 4.0),
            Vec2::new(2.0, 2.0),
        ] {
            let mut planes = [plane(a.0, a.1), plane(b.0, b.1)];
            let got = solve_planes(target, &mut planes);
            let want = nearest_in_wedge(target, a, b);
            assert!(got.distance(want) < 1e-4, "{target}: {got}, not {want}");
            assert!(planes.iter().all(|p| p.push >= 0.0));
        }
    }
    // Into the corner of the floor and the wall at (1, 0): both push.
    let mut planes = [plane(floor.0, floor.1), plane(wall.0, wall.1)];
    let got = solve_planes(Vec2::new(3.0, -2.0), &mut planes);
    assert!(got.distance(Vec2::new(1.0, 0.0)) < 1e-4, "{got}");
    assert!(
        (planes[0].push - 2.0).abs() < 1e-4 && (planes[1].push - 2.0).abs() < 1e-4
    );
    // The velocity into both is taken away; along the floor, away from the
    // wall, is kept.
    assert_eq!(clip(Vec2::new(3.0, -2.0), &planes), Vec2::ZERO);
    assert_eq!(clip(Vec2::new(-3.0, 0.0), &planes), Vec2::new(-3.0, 0.0));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any two planes whose normals are 40 to 140 degrees apart (wedges
    /// wider than a right angle less 50 degrees, narrower than one more:
    /// Gauss-Seidel's rate per sweep is the cosine squared of that angle),
    /// and any target: the solve lands on the wedge's nearest point.
    #[test]
    fn the_two_plane_solve_matches_the_wedge(
        a1 in -3.2f32..3.2,
        apart in (40.0f32..140.0).prop_map(f32::to_radians),
        side in prop::bool::ANY,
        c1 in -1.0f32..1.0,
        c2 in -1.0f32..1.0,
        tx in -5.0f32..5.0,
        ty in -5.0f32..5.0,
    ) {
        let n1 = Vec2::from_angle(a1);
        let n2 = Vec2::from_angle(a1 + if side { apart } else { -apart });
        let target = Vec2::new(tx, ty);
        let mut planes = [plane(n1, c1), plane(n2, c2)];
        let got = solve_planes(target, &mut planes);
        let want = nearest_in_wedge(target, (n1, c1), (n2, c2));
        prop_assert!(got.distance(want) < 2e-3, "{got} vs {want}");
    }
}

/// A world with a floor along `y = 0` from `x = -20` to 40.
fn floor() -> (World, BodyId) {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let slab =
        Polygon::boxed(Vec2::new(30.0, 0.5), 0.0).shifted(Vec2::new(10.0, -0.5));
    world.create_shape(ground, ShapeDef::new(Shape::Polygon(slab))).unwrap();
    (world, ground)
}

/// A ramp rising at `degrees` from `(x, 0)` for `run` metres.
fn ramp(world: &mut World, ground: BodyId, x: f32, run: f32, degrees: f32) {
    let rise = run * degrees.to_radians().tan();
    let corners =
        [Vec2::new(x, 0.0), Vec2::new(x + run, 0.0), Vec2::new(x + run, rise)];
    let shape = Shape::Polygon(Polygon::from_corners(&corners, 0.0));
    world.create_shape(ground, ShapeDef::new(shape)).unwrap();
}

/// The demo's character, 1.6 m tall, 0.3 m round, standing at `x`.
fn standing(x: f32) -> Mover {
    Mover::new(Vec2::new(x, 0.8 + GAP), 1.6, 0.3)
}

/// `frames` frames of the world's step, then the mover's.
fn run(world: &mut World, mover: &mut Mover, input: Input, frames: usize) {
    for _ in 0..frames {
        world.step(DT);
        mover.step(world, input, DT);
    }
}

const RIGHT: Input = Input { walk: 1.0, jump: false };

/// Held right into a 60 degree slope for 5 s, the character gains next to
/// no height: walking into it is walking into a wall. Into a 30 degree one
/// it climbs, at most of its walking speed.
#[test]
fn it_climbs_a_gentle_slope_but_not_a_steep_one() {
    let climb = |degrees: f32| {
        let (mut world, ground) = floor();
        ramp(&mut world, ground, 1.0, 30.0, degrees);
        let mut mover = standing(0.0);
        let y0 = mover.position.y;
        let mut highest = y0;
        for _ in 0..300 {
            run(&mut world, &mut mover, RIGHT, 1);
            highest = highest.max(mover.position.y);
        }
        (highest - y0, mover)
    };
    let (steep, mover) = climb(60.0);
    assert!(steep < 0.02, "up a 60 degree slope by {steep} m");
    assert!(mover.position.x < 1.0, "into the slope to x = {}", mover.position.x);
    let (gentle, mover) = climb(30.0);
    // 5 s at 4 m/s is 20 m; up a 30 degree slope a walk keeps cos^2 30 of
    // its speed along the slope's rise: about 8.7 m up in 4.75 s.
    assert!(gentle > 7.5, "up a 30 degree slope by only {gentle} m");
    assert!(mover.ground.is_some(), "standing on the slope");
}

/// It steps up a 25 cm ledge (under its 30 cm step), not a 40 cm one.
#[test]
fn it_steps_up_a_small_ledge_only() {
    let over = |height: f32| {
        let (mut world, ground) = floor();
        let ledge = Polygon::boxed(Vec2::new(5.0, 0.5 * height), 0.0)
            .shifted(Vec2::new(6.0, 0.5 * height));
        world.create_shape(ground, ShapeDef::new(Shape::Polygon(ledge))).unwrap();
        let mut mover = standing(0.0);
        run(&mut world, &mut mover, RIGHT, 90);
        mover
    };
    let low = over(0.25);
    assert!(low.position.x > 3.0 && low.position.y > 1.0, "{}", low.position);
    let high = over(0.4);
    assert!(high.position.x < 0.71, "through a 40 cm ledge to {}", high.position);
}

/// On a kinematic platform moving at 2 m/s for 5 s, the character stays
/// where it stood on it (it slips a few centimetres as the platform's
/// speed is taken up at first), standing the whole time.
#[test]
fn it_rides_a_moving_platform() {
    let (mut world, _) = floor();
    let mut def = BodyDef::new(BodyKind::Kinematic, Vec2::new(0.0, 2.0));
    def.velocity = Vec2::new(2.0, 0.0);
    let platform = world.create_body(def);
    let slab = Shape::Polygon(Polygon::boxed(Vec2::new(1.5, 0.2), 0.0));
    world.create_shape(platform, ShapeDef::new(slab)).unwrap();
    let mut mover = Mover::new(Vec2::new(0.3, 2.2 + 0.8 + GAP), 1.6, 0.3);
    let mut worst: f32 = 0.0;
    for frame in 0..300 {
        run(&mut world, &mut mover, Input::default(), 1);
        let x = world.transform(platform).unwrap().position.x;
        worst = worst.max((mover.position.x - x - 0.3).abs());
        let riding = mover.ground.is_some_and(|g| g.kind == BodyKind::Kinematic);
        assert!(riding || frame == 0, "frame {frame}: off the platform");
    }
    let travelled = world.transform(platform).unwrap().position.x;
    assert!((travelled - 10.0).abs() < 0.05, "the platform went {travelled} m");
    assert!(worst < 0.1, "slipped {worst} m on the platform");
}

/// A light crate (1.8 kg) is pushed along at about walking speed; a heavy
/// one (290 kg, its friction 0.6 x 290 x 9.8 = 1700 N against the 300 N
/// push) does not move, and stops the character like a wall.
#[test]
fn it_pushes_light_crates_not_heavy_ones() {
    let push = |half: f32, density: f32| {
        let (mut world, _) = floor();
        let body = world
            .create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(2.0, half)));
        let shape = Shape::Polygon(Polygon::boxed(Vec2::splat(half), 0.0));
        let def =
            ShapeDef { friction: 0.6, ..ShapeDef::new(shape).density(density) };
        world.create_shape(body, def).unwrap();
        let mut mover = standing(0.0);
        run(&mut world, &mut mover, RIGHT, 120);
        let x = world.transform(body).unwrap().position.x;
        (x - 2.0, mover, x - half)
    };
    let (light, ..) = push(0.3, 5.0);
    assert!(light > 3.5, "the light crate moved only {light} m in 2 s");
    let (heavy, mover, face) = push(0.6, 200.0);
    assert!(heavy.abs() < 0.02, "the heavy crate moved {heavy} m");
    assert!(
        mover.position.x + 0.3 <= face + 0.01,
        "into the crate: {}",
        mover.position.x
    );
}

/// A random piece of static ground: a turned box, a rounded polygon or a
/// ramp, somewhere over the floor.
fn piece() -> impl Strategy<Value = (Shape, Vec2, f32)> {
    let at = (-4.0f32..8.0, 0.0f32..2.5);
    prop_oneof![
        ((0.2f32..1.5, 0.1f32..1.0), at.clone(), -0.8f32..0.8).prop_map(
            |((w, h), (x, y), a)| (
                Shape::Polygon(Polygon::boxed(Vec2::new(w, h), 0.0)),
                Vec2::new(x, y),
                a
            )
        ),
        ((3usize..=8, 0.3f32..1.2, 0.0f32..0.2), at.clone()).prop_map(
            |((n, r, round), (x, y))| (
                Shape::Polygon(Polygon::regular(n, r, round)),
                Vec2::new(x, y),
                0.0
            )
        ),
        ((0.5f32..3.0, 10.0f32..70.0), at).prop_map(|((run, degrees), (x, _))| {
            let rise = run * degrees.to_radians().tan();
            let corners = [Vec2::ZERO, Vec2::new(run, 0.0), Vec2::new(run, rise)];
            (
                Shape::Polygon(Polygon::from_corners(&corners, 0.0)),
                Vec2::new(x, 0.0),
                0.0,
            )
        }),
    ]
}

/// How far into a shape the mover may end a frame. The plane solve may
/// leave it short of a plane by a fiftieth of a slop, but the cast after it
/// lets the capsule close on a shape it starts near only as far as touching
/// (and stops at the slop from others), so what is left is GJK's rounding:
/// a few micrometres a few metres from the origin (300 random grounds, 65,000
/// frames: at worst 0.5 micrometre in). A fiftieth of the slop, 0.1 mm.
const INSIDE: f32 = 0.02 * LINEAR_SLOP;

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Over random ground and random held keys for 3 s, the mover never
    /// ends a frame inside any shape.
    #[test]
    fn it_never_ends_a_frame_inside_a_shape(
        pieces in prop::collection::vec(piece(), 1..7),
        keys in prop::collection::vec((-1i32..=1, any::<bool>(), 5usize..40), 1..12),
    ) {
        let (mut world, _) = floor();
        for &(shape, at, angle) in &pieces {
            let body = world.create_body(BodyDef { angle, ..BodyDef::new(BodyKind::Static, at) });
            world.create_shape(body, ShapeDef::new(shape)).unwrap();
        }
        world.step(DT);
        let mut mover = Mover::new(Vec2::new(2.0, 6.0), 1.6, 0.3);
        let at = Mover::transform(mover.position);
        prop_assume!(world.overlaps(&mover.shape(), at, mover.filter).is_empty());
        let mut frame = 0;
        for &(walk, jump, frames) in &keys {
            for _ in 0..frames {
                frame += 1;
                mover.step(&mut world, Input { walk: walk as f32, jump }, DT);
                let me = Proxy::new(&mover.shape(), &Mover::transform(mover.position));
                for (s, slot) in world.game.shapes.iter().enumerate() {
                    let body = &world.solver.bodies[world.game.owner(s)];
                    let other = Proxy::new(&slot.placed, &world.game.shape_transform(s, body));
                    let gap = distance(&me, &other, |_| {}).distance - me.radius - other.radius;
                    prop_assert!(gap >= -INSIDE, "frame {frame}: {gap} m into shape {s} at {}", mover.position);
                }
                prop_assert!(mover.position.is_finite() && mover.velocity.is_finite());
            }
        }
    }
}

/// The demo with the same keys gives the same bits on one thread and two,
/// and twice in a row.
#[test]
fn the_same_keys_give_the_same_bits_on_any_threads() {
    let play = |threads: usize| {
        let mut p = Play::new();
        p.shown.world.wide.set_threads(threads);
        for frame in 0u32..900 {
            // A pattern of keys: right mostly, left now and then, jumps.
            let keys = Controls {
                left: frame % 200 > 170,
                right: frame % 200 <= 150,
                up: frame % 97 == 0,
                down: false,
            };
            p.steer(keys);
            p.step(DT);
        }
        let bodies: Vec<[u32; 6]> = p
            .bodies()
            .iter()
            .map(|b| {
                [
                    b.position.x,
                    b.position.y,
                    b.angle,
                    b.velocity.x,
                    b.velocity.y,
                    b.angular_velocity,
                ]
                .map(f32::to_bits)
            })
            .collect();
        (bodies, p.mover.position.to_array().map(f32::to_bits))
    };
    let one = play(1);
    assert_eq!(one, play(1), "twice in a row");
    assert_eq!(one, play(2), "on two threads");
    // And it went somewhere: the keys steered it.
    let x = f32::from_bits(one.1[0]);
    assert!(x > 0.0, "the character ended at x = {x}");
}

/// With no keys the demo plays its script: the character pushes, jumps,
/// rides the platform across the pit and ends at the steep slope.
#[test]
fn the_demo_plays_by_itself_without_keys() {
    let mut p = Play::new();
    let (mut rode, mut jumped, mut pushed) = (false, false, false);
    for _ in 0..1200 {
        p.step(DT);
        let m = &p.mover;
        rode |= m.ground.is_some_and(|g| g.kind == BodyKind::Kinematic);
        jumped |= m.report.jumped;
        pushed |= m.report.pushed > 0.0;
    }
    assert!(
        rode && jumped && pushed,
        "rode {rode}, jumped {jumped}, pushed {pushed}"
    );
    let x = p.mover.position.x;
    assert!((26.0..28.5).contains(&x), "ended at x = {x}, not at the steep slope");
}
