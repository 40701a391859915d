//! The chapter's worlds.

use crate::springs::{
    DistanceSpringDef, Spring, SpringError, WheelDef, WheelId, WheelMotor,
};
use crate::{BodyDef, BodyId, BodyKind, JointDef, ShapeDef, World};
use ch09_joints::Kind;
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

/// A crate on a floor: the world every demo starts from until the
/// chapter's own arrive.
pub fn crate_on_floor() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let floor = Shape::Polygon(Polygon::boxed(Vec2::new(10.0, 0.5), 0.0));
    world.create_shape(ground, ShapeDef::new(floor)).expect("a fresh body");
    let body =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 2.0)));
    let boxed = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    world.create_shape(body, ShapeDef::new(boxed)).expect("a fresh body");
    world
}

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

/// Bumpy ground, one static body: a floor 500 m long from x = -100, its top
/// at 0, and bumps on it, trapezoids 0.05 to 0.2 m high, their slopes 18 degrees at
/// most, every 2 to 4 m,
/// from x = 5 (the same bumps every time: a seeded generator).
pub fn bumpy_ground(world: &mut World) -> BodyId {
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let floor = ShapeDef {
        offset: Vec2::new(150.0, -0.5),
        friction: 0.8,
        ..ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(250.0, 0.5), 0.0)))
    };
    world.create_shape(ground, floor).expect("a fresh body");
    let mut rng = physics_core::rng::Rng::new(16);
    let mut x = 5.0;
    while x < 380.0 {
        let (height, top, foot) =
            (rng.range(0.05, 0.2), rng.range(0.2, 0.8), rng.range(0.6, 1.2));
        let corners = [
            Vec2::new(-top - foot, -0.1),
            Vec2::new(top + foot, -0.1),
            Vec2::new(top, height),
            Vec2::new(-top, height),
        ];
        let bump = ShapeDef {
            offset: Vec2::new(x, 0.0),
            friction: 0.8,
            ..ShapeDef::new(Shape::Polygon(Polygon::from_corners(&corners, 0.0)))
        };
        world.create_shape(ground, bump).expect("a fresh body");
        x += rng.range(2.0, 4.0) + 2.0 * (top + foot);
    }
    ground
}

/// A car at rest on bumpy ground, its motor off.
pub fn car() -> (World, Car) {
    let mut world = World::new();
    bumpy_ground(&mut world);
    let car = add_car(&mut world, Vec2::new(0.0, 1.0));
    (world, car)
}
