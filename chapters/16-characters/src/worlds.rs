//! The chapter's worlds.

use crate::chains::Material;
use crate::springs::{
    DistanceSpringDef, Spring, SpringError, WheelDef, WheelId, WheelMotor,
};
use crate::{BodyDef, BodyId, BodyKind, JointDef, ShapeDef, World};
use ch09_joints::Kind;
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

// ANCHOR: springs_world
/// A body on each kind of spring, side by side, each of `spring`: a bar
/// pinned at its centre on a torsion spring (set spinning), a box on a
/// vertical slider with a spring along it, and a ball hanging 2.5 m below
/// the ceiling on a distance spring (each set moving up at 2 m/s).
pub fn springs(spring: Spring) -> World {
    let mut world = World::new();
    let ceiling =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, 5.0)));
    let plank =
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(5.0, 0.1), 0.0)));
    world.create_shape(ceiling, plank).expect("a fresh body");
    let body = |world: &mut World, at: Vec2, shape: Shape, v: Vec2, w: f32| {
        let def = BodyDef {
            velocity: v,
            angular_velocity: w,
            ..BodyDef::new(BodyKind::Dynamic, at)
        };
        let id = world.create_body(def);
        world.create_shape(id, ShapeDef::new(shape)).expect("a fresh body");
        id
    };
    // The torsion spring: a bar turning about its centre.
    let at = Vec2::new(-3.0, 2.5);
    let bar = body(
        &mut world,
        at,
        Shape::Polygon(Polygon::boxed(Vec2::new(0.8, 0.1), 0.0)),
        Vec2::ZERO,
        4.0,
    );
    let pin = Kind::Revolute { limit: None, motor: None };
    let pin = JointDef::at(&world, ceiling, bar, at, pin).expect("live");
    let pin = world.create_joint(pin).expect("live");
    world.set_spring(pin, Some(spring)).expect("a revolute joint");
    // The slider's spring: a box on a vertical line.
    let at = Vec2::new(0.0, 2.5);
    let up = Vec2::new(0.0, 2.0);
    let slid = body(
        &mut world,
        at,
        Shape::Polygon(Polygon::boxed(Vec2::splat(0.3), 0.0)),
        up,
        0.0,
    );
    let slider = Kind::Prismatic { local_axis: Vec2::Y, limit: None, motor: None };
    let slider = JointDef::at(&world, ceiling, slid, at, slider).expect("live");
    let slider = world.create_joint(slider).expect("live");
    world.set_spring(slider, Some(spring)).expect("a prismatic joint");
    // The distance spring: a ball hanging from the ceiling.
    let at = Vec2::new(3.0, 2.5);
    let ball = body(&mut world, at, Shape::Circle { radius: 0.3 }, up, 0.0);
    let top = Vec2::new(3.0, 4.9);
    let def = DistanceSpringDef::new(ceiling, ball, top, at, spring);
    world.create_spring(def).expect("two live bodies");
    world
}
// ANCHOR_END: springs_world

/// The handles of a car made by [`add_car`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Car {
    pub chassis: BodyId,
    /// Rear, then front.
    pub wheels: [BodyId; 2],
    pub joints: [WheelId; 2],
}

/// The car's numbers: its wheels' radius, how far apart they are, the
/// suspension's, the motor's top speed and torque.
pub const WHEEL_RADIUS: f32 = 0.4;
pub const WHEEL_BASE: f32 = 1.8;
pub const SUSPENSION: Spring = Spring { hertz: 4.0, damping_ratio: 0.7 };
pub const TRAVEL: (f32, f32) = (-0.25, 0.25);
pub const TOP_SPIN: f32 = 25.0;
pub const MOTOR_TORQUE: f32 = 120.0;

// ANCHOR: car
/// A car whose chassis (2.5 m by 0.5 m, 25 kg) rests at `at` on two wheels
/// (0.4 m, 5 kg each, 1.8 m apart) on wheel joints with vertical
/// suspensions of [`SUSPENSION`], travel within [`TRAVEL`]; the rear
/// wheel has a motor, off.
pub fn add_car(world: &mut World, at: Vec2) -> Car {
    let chassis = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
    let half = Vec2::new(1.25, 0.25);
    let body = ShapeDef {
        density: 25.0 / (4.0 * half.x * half.y),
        friction: 0.6,
        ..ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
    };
    world.create_shape(chassis, body).expect("a fresh body");
    let mut wheels = [chassis; 2];
    let mut joints = Vec::new();
    for (k, x) in [-WHEEL_BASE / 2.0, WHEEL_BASE / 2.0].into_iter().enumerate() {
        let centre = at + Vec2::new(x, -0.55);
        let wheel = world.create_body(BodyDef::new(BodyKind::Dynamic, centre));
        let area = std::f32::consts::PI * WHEEL_RADIUS * WHEEL_RADIUS;
        let tyre = ShapeDef {
            density: 5.0 / area,
            friction: 0.9,
            ..ShapeDef::new(Shape::Circle { radius: WHEEL_RADIUS })
        };
        world.create_shape(wheel, tyre).expect("a fresh body");
        let mut def = WheelDef::new(chassis, wheel, centre, Vec2::Y, SUSPENSION);
        def.limits = Some(TRAVEL);
        if k == 0 {
            def.motor = Some(WheelMotor { speed: 0.0, max_torque: 0.0 });
        }
        wheels[k] = wheel;
        joints.push(world.create_wheel(def).expect("two live bodies"));
    }
    Car { chassis, wheels, joints: [joints[0], joints[1]] }
}
// ANCHOR_END: car

/// The car's throttle: forward (1), off (0) or back (-1); forward turns
/// the rear wheel clockwise, rolling to the right, at [`TOP_SPIN`].
pub fn set_throttle(
    world: &mut World,
    wheel: WheelId,
    throttle: f32,
) -> Result<(), SpringError> {
    let motor = WheelMotor {
        speed: -throttle * TOP_SPIN,
        max_torque: if throttle == 0.0 { 0.0 } else { MOTOR_TORQUE },
    };
    world.set_wheel_motor(wheel, Some(motor))
}

// ANCHOR: bumpy_ground
/// Bumpy ground, one static body: a smooth chain 500 m long from x = -100,
/// its top at 0, with bumps on it, trapezoids 0.05 to 0.2 m high, their
/// slopes 18 degrees at most, every 2 to 4 m from x = 5 (the same bumps
/// every time: a seeded generator). Its points run right to left, so that
/// the side it collides on, each segment's right, is up.
pub fn bumpy_ground(world: &mut World) -> BodyId {
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let mut rng = physics_core::rng::Rng::new(16);
    let mut points = vec![Vec2::new(-100.0, 0.0)];
    let mut x = 5.0;
    while x < 380.0 {
        let (height, top, foot) =
            (rng.range(0.05, 0.2), rng.range(0.2, 0.8), rng.range(0.6, 1.2));
        points.extend([
            Vec2::new(x - top - foot, 0.0),
            Vec2::new(x - top, height),
            Vec2::new(x + top, height),
            Vec2::new(x + top + foot, 0.0),
        ]);
        x += rng.range(2.0, 4.0) + 2.0 * (top + foot);
    }
    points.push(Vec2::new(400.0, 0.0));
    points.reverse();
    let grip = Material { friction: 0.8, ..Material::default() };
    world
        .create_chain(ground, &points, false, grip)
        .expect("a static body and points apart");
    ground
}
// ANCHOR_END: bumpy_ground

/// A car at rest on bumpy ground, its motor off.
pub fn car() -> (World, Car) {
    let mut world = World::new();
    bumpy_ground(&mut world);
    let car = add_car(&mut world, Vec2::new(0.0, 1.0));
    (world, car)
}

/// Where the character demo's pieces are, for the demo and the tests.
pub mod character {
    use glam::Vec2;

    /// The character starts here, standing on the floor.
    pub const START: Vec2 = Vec2::new(-7.0, 0.9);
    /// The gentle slope: 25 degrees, from `x = -4` up to the plateau.
    pub const GENTLE: f32 = 25.0;
    /// The ledge up from the plateau, metres: under the mover's step.
    pub const LEDGE: f32 = 0.25;
    /// The pit, a metre deep, between these `x`.
    pub const PIT: (f32, f32) = (8.5, 17.5);
    /// The kinematic platform (2.5 m wide, its top level with the floor)
    /// rides over the pit between these `x`, at this speed, m/s.
    pub const PLATFORM: (f32, f32, f32) = (9.85, 16.15, 2.0);
    /// The steep slope: 60 degrees, at the far right.
    pub const STEEP: f32 = 60.0;
}

/// The character's playground: a floor between two walls; a gentle slope
/// (25 degrees) up to a plateau with a small ledge (25 cm) on it, two light
/// crates on the ledge and a drop beyond; a pit, a metre deep, that a
/// kinematic platform crosses to and fro, its top level with the floor; a steep slope (60 degrees) the character cannot
/// climb; on the left a light crate and one too heavy to push. Returns the
/// world and the platform's body.
pub fn character() -> (World, crate::BodyId) {
    use character::*;
    use physics_core::trig;
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let add = |world: &mut World, shape: Polygon| {
        let def =
            ShapeDef { friction: 0.6, ..ShapeDef::new(Shape::Polygon(shape)) };
        world.create_shape(ground, def).expect("a fresh body");
    };
    let block = |lower: Vec2, upper: Vec2| {
        let c = 0.5 * (lower + upper);
        Polygon::boxed(0.5 * (upper - lower), 0.0).shifted(c)
    };
    // The floor, with a pit a metre deep that the platform crosses, and a
    // wall at each end.
    let (pit_from, pit_to) = PIT;
    add(&mut world, block(Vec2::new(-14.0, -2.0), Vec2::new(pit_from, 0.0)));
    add(&mut world, block(Vec2::new(pit_from, -2.0), Vec2::new(pit_to, -1.0)));
    add(&mut world, block(Vec2::new(pit_to, -2.0), Vec2::new(34.0, 0.0)));
    add(&mut world, block(Vec2::new(-15.0, -1.0), Vec2::new(-14.0, 6.0)));
    add(&mut world, block(Vec2::new(34.0, -1.0), Vec2::new(35.0, 6.0)));
    // The gentle slope up to a plateau, the ledge on it, and the drop.
    let rise =
        4.0 * trig::sin(GENTLE.to_radians()) / trig::cos(GENTLE.to_radians());
    let ramp = [Vec2::new(-4.0, 0.0), Vec2::new(0.0, 0.0), Vec2::new(0.0, rise)];
    add(&mut world, Polygon::from_corners(&ramp, 0.0));
    add(&mut world, block(Vec2::new(0.0, 0.0), Vec2::new(3.0, rise)));
    add(&mut world, block(Vec2::new(3.0, 0.0), Vec2::new(6.0, rise + LEDGE)));
    // The steep slope, against the right wall.
    let tall = 2.0 * trig::sin(STEEP.to_radians()) / trig::cos(STEEP.to_radians());
    let steep = [Vec2::new(28.0, 0.0), Vec2::new(30.0, 0.0), Vec2::new(30.0, tall)];
    add(&mut world, Polygon::from_corners(&steep, 0.0));
    add(&mut world, block(Vec2::new(30.0, 0.0), Vec2::new(34.0, tall)));
    // The platform: kinematic, its velocity set by the demo each step.
    let (from, _, speed) = PLATFORM;
    let mut def = BodyDef::new(BodyKind::Kinematic, Vec2::new(from, -0.15));
    def.velocity = Vec2::new(speed, 0.0);
    let platform = world.create_body(def);
    let slab = ShapeDef {
        friction: 0.6,
        ..ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(1.25, 0.15), 0.0)))
    };
    world.create_shape(platform, slab).expect("a fresh body");
    // Light crates (0.6 m, 1.8 kg), and a heavy one (1.2 m, 290 kg): the
    // character's 300 N cannot beat its friction, 0.6 x 290 x 9.8 N.
    let crate_at = |world: &mut World, on: Vec2, half: f32, density: f32| {
        let at = on + Vec2::new(0.0, half);
        let body = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let shape = Shape::Polygon(Polygon::boxed(Vec2::splat(half), 0.0));
        let def =
            ShapeDef { friction: 0.6, ..ShapeDef::new(shape).density(density) };
        world.create_shape(body, def).expect("a fresh body");
    };
    let top = rise + LEDGE;
    crate_at(&mut world, Vec2::new(4.6, top), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(5.4, top), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(-10.0, 0.0), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(-12.6, 0.0), 0.6, 200.0);
    (world, platform)
}

/// How fast the chain demo's bodies start, m/s.
pub const SLIDE: f32 = 10.0;

/// The chain demo: three lanes. On the top two, a box and a capsule slide
/// at [`SLIDE`] without friction along a half-pipe, a chain of 80
/// segments (flat for 30 m, then a quarter circle of 4 m in 16 and a wall at
/// each end), back and forth without catching. On the bottom, the same
/// box slides onto chapter 11's tiles, thirty 1 m squares without the
/// remedy (no hidden faces), and catches on a seam.
pub fn chain_and_tiles() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let frictionless = Material { friction: 0.0, ..Material::default() };
    for lane in [10.0, 20.0] {
        world
            .create_chain(ground, &half_pipe(lane), false, frictionless)
            .expect("a static body and distinct points");
    }
    let square = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    for i in 0..30 {
        let at = Vec2::new(-14.5 + i as f32, -0.5);
        let def = ShapeDef { friction: 0.0, ..ShapeDef::new(square) }.at(at, 0.0);
        world.create_shape(ground, def).expect("a fresh body");
    }
    for x in [-15.5, 15.5] {
        let wall = Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 2.0), 0.0));
        let def = ShapeDef::new(wall).at(Vec2::new(x, 1.0), 0.0);
        world.create_shape(ground, def).expect("a fresh body");
    }
    let capsule = Shape::Polygon(Polygon::capsule(0.5, 0.25));
    for (shape, y) in [(square, 20.5), (capsule, 10.25), (square, 0.5)] {
        let def = BodyDef {
            velocity: Vec2::new(SLIDE, 0.0),
            ..BodyDef::new(BodyKind::Dynamic, Vec2::new(-10.0, y))
        };
        let body = world.create_body(def);
        let def = ShapeDef { friction: 0.0, ..ShapeDef::new(shape) };
        world.create_shape(body, def).expect("a fresh body");
    }
    world
}

/// A half-pipe whose floor is at `y`: from the top of its right wall
/// (8 m up) down a quarter circle of 4 m, along 30 m of floor in 1 m
/// segments, and up the left: drawn right to left, so its inside collides.
pub fn half_pipe(y: f32) -> Vec<Vec2> {
    let mut right = vec![Vec2::new(19.0, y + 8.0)];
    // The quarter circle about (15, y + 4), from its top-right to its foot.
    right.extend((0..=16).map(|k| {
        let angle = std::f32::consts::FRAC_PI_2 * k as f32 / 16.0;
        Vec2::new(15.0 + 4.0 * angle.cos(), y + 4.0 - 4.0 * angle.sin())
    }));
    let floor = (1..30).map(|i| Vec2::new(15.0 - i as f32, y));
    let left: Vec<Vec2> =
        right.iter().rev().map(|p| Vec2::new(-p.x, p.y)).collect();
    right.into_iter().chain(floor).chain(left).collect()
}

/// The conveyor demo: an upper belt carrying crates right, dropping them
/// onto a lower belt carrying them left, each a static box with a tangent
/// speed (counter-clockwise about it: negative moves its top right); and,
/// below, two balls rolled side by side at 4 m/s on lanes of their own,
/// the upper one resisting rolling (coefficient 0.1: it stops in 4 / (2/3
/// 0.1 g) = 6.1 s, 12.2 m on), the lower one not.
pub fn conveyor() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let slab = |half: Vec2, at: Vec2| {
        ShapeDef {
            friction: 0.8,
            ..ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
        }
        .at(at, 0.0)
    };
    // The floor and its walls, then the lane the balls roll in.
    world
        .create_shape(ground, slab(Vec2::new(15.0, 0.25), Vec2::new(0.0, -0.25)))
        .expect("a fresh body");
    for x in [-15.25, 15.25] {
        world
            .create_shape(ground, slab(Vec2::new(0.25, 2.0), Vec2::new(x, 1.5)))
            .expect("a fresh body");
    }
    for y in [-4.25, -7.25] {
        let lane = slab(Vec2::new(15.0, 0.25), Vec2::new(0.0, y));
        world.create_shape(ground, lane).expect("a fresh body");
        let wall = slab(Vec2::new(0.25, 0.75), Vec2::new(15.25, y + 1.0));
        world.create_shape(ground, wall).expect("a fresh body");
    }
    // The upper belt ends 4 m short of the lower one's right end, where
    // its crates land.
    for (x, y, speed) in [(-1.0, 5.0, -2.0), (2.0, 2.5, 2.0)] {
        let (half, at) = (Vec2::new(7.0, 0.2), Vec2::new(x, y));
        let belt =
            world.create_shape(ground, slab(half, at)).expect("a fresh body");
        world.set_surface(belt, 0.0, speed).expect("a live shape");
    }
    let crate_ = Shape::Polygon(Polygon::boxed(Vec2::splat(0.4), 0.02));
    for k in 0..6 {
        let at = Vec2::new(-6.0 + 1.5 * k as f32, 5.8);
        let body = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let def = ShapeDef { friction: 0.8, ..ShapeDef::new(crate_) };
        world.create_shape(body, def).expect("a fresh body");
    }
    for (y, resistance) in [(-3.5, 0.1), (-6.5, 0.0)] {
        let r = 0.5;
        let def = BodyDef {
            velocity: Vec2::new(4.0, 0.0),
            angular_velocity: -4.0 / r,
            ..BodyDef::new(BodyKind::Dynamic, Vec2::new(-13.0, y))
        };
        let body = world.create_body(def);
        let ball = ShapeDef {
            friction: 0.8,
            ..ShapeDef::new(Shape::Circle { radius: r })
        };
        let ball = world.create_shape(body, ball).expect("a fresh body");
        world.set_surface(ball, resistance, 0.0).expect("a live shape");
    }
    world
}
