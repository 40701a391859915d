//! Chapter 9's demos: a hinged chain, a bridge of pins, a ragdoll with
//! limits, a car on motors, a windmill, a piston on a slider, a welded
//! tree, and a physical pendulum to time.

use crate::{Body, Joint, Kind, Obb, Shape, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch08_sequential_impulses::demos::{
    Sequential, Switches, crate_box, ground, scene_world,
};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::scene::{Feature, Scene, SceneError, SceneJoint};
use physics_core::trig;

/// The chapter as the viewer sees it: its scenes hold everything
/// chapter 8 loads, and pins, sliders and welds.
pub const CHAPTER: Chapter = Chapter {
    number: 9,
    package: "ch09-joints",
    title: "9. Joints",
    demos: DEMOS,
    supports: &[
        Feature::Gravity,
        Feature::Planes,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
        Feature::TurnedBoxes,
        Feature::Rotation,
        Feature::Joints,
        Feature::RigidJoints,
    ],
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "chain",
        about: "40 links on pins, the first pinned to a block, let go level (N: position pass)",
        make: || Box::new(show(chain(40, 1.0, 0.0), chain_view(40))),
    },
    DemoEntry {
        name: "chain-heavy",
        about: "the chain let go at 1 rad below level with a ball of 30 links' mass at its end",
        make: || Box::new(show(chain(40, 30.0, 1.0), chain_view(40))),
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge of 20 planks on pins, boxes dropped on it (K: block solve)",
        make: || {
            Box::new(show(bridge(), (Vec2::new(-7.0, -0.8), Vec2::new(7.0, 8.0))))
        },
    },
    DemoEntry {
        name: "ragdoll",
        about: "a ragdoll whose every pin has a limit falls down steps (J: limits)",
        make: || {
            Box::new(show(ragdoll(), (Vec2::new(-1.0, -0.5), Vec2::new(8.0, 6.5))))
        },
    },
    DemoEntry {
        name: "car",
        about: "a car whose wheels are pins with motors, over bumps (O: motors, V: speed)",
        make: || {
            let view = (Vec2::new(-8.0, -1.5), Vec2::new(12.0, 6.0));
            let lab = Lab::new(car(), JOINT_KNOBS, view).with_knobs(CAR_KNOBS);
            Box::new(lab.with_knobs(KNOBS))
        },
    },
    DemoEntry {
        name: "windmill",
        about: "a motor turns a windmill's sails at 1 rad/s with at most 400 N m; balls fall in",
        make: || {
            Box::new(show(windmill(), (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 9.0))))
        },
    },
    DemoEntry {
        name: "piston",
        about: "a crank on a motor, a rod, and a piston on a vertical slider",
        make: || {
            Box::new(show(piston(), (Vec2::new(-3.0, -0.8), Vec2::new(3.0, 6.0))))
        },
    },
    DemoEntry {
        name: "weld-tree",
        about: "a tree of branches welded to a trunk; it sags and bounces back (K: block solve)",
        make: || {
            Box::new(show(
                weld_tree(),
                (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 7.5)),
            ))
        },
    },
    DemoEntry {
        name: "pendulum",
        about: "a rod on a pin, let go at 0.1 rad: it swings with period 2 pi sqrt(I / m g d)",
        make: || {
            Box::new(show(
                pendulum(0.1),
                (Vec2::new(-3.0, 0.5), Vec2::new(3.0, 5.5)),
            ))
        },
    },
    DemoEntry {
        name: "anchors",
        about: "a figure: a hinge's error is the vector between its two anchors, two rows (drag B)",
        make: || Box::new(crate::figures::anchors()),
    },
];

// ANCHOR: switches
impl Sequential for World {
    fn solver(&self) -> &ch08_sequential_impulses::World {
        &self.base
    }
    fn solver_mut(&mut self) -> &mut ch08_sequential_impulses::World {
        &mut self.base
    }
}

/// Chapter 8's switches, for this chapter's world.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;

/// The joints' own switches, listed before chapter 8's.
pub const JOINT_KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'k',
        "solve a pin's rows as one block (off: row by row)",
        |w| w.settings.block,
        |w, on| w.settings.block = on,
    ),
    Knob::toggle(
        'j',
        "joint limits",
        |w| w.settings.limits,
        |w, on| w.settings.limits = on,
    ),
    Knob::toggle(
        'o',
        "joint motors",
        |w| w.settings.motors,
        |w, on| w.settings.motors = on,
    ),
    Knob::toggle(
        'n',
        "fix joint drift in a position pass (off: Baumgarte bias)",
        |w| w.settings.position_pass,
        |w, on| w.settings.position_pass = on,
    ),
];
// ANCHOR_END: switches

/// The car's speed, rad/s of its wheels (negative rolls it right).
const CAR_SPEEDS: &[f32] = &[-12.0, -6.0, -3.0, 0.0, 3.0, 6.0];

const CAR_KNOBS: &[Knob<World>] = &[Knob::number(
    'v',
    "wheel speed (rad/s)",
    CAR_SPEEDS,
    |w| wheel_speed(w).unwrap_or(0.0),
    set_wheel_speed,
)];

fn wheel_speed(w: &World) -> Option<f32> {
    w.joints.iter().find_map(|j| match j.kind {
        Kind::Revolute { motor: Some(m), .. } => Some(m.speed),
        _ => None,
    })
}

fn set_wheel_speed(w: &mut World, speed: f32) {
    for j in w.joints.iter_mut() {
        if let Kind::Revolute { motor: Some(m), .. } = &mut j.kind {
            m.speed = speed;
        }
    }
}

/// A world with the joints' switches and chapter 8's, the camera on
/// `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, JOINT_KNOBS, bounds).with_knobs(KNOBS)
}

impl Sim for World {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.base.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.base.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.base.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.base.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        Sim::draw(&self.base, out, overlay);
        draw_joints(out, self);
    }

    fn status(&self) -> Option<String> {
        let (metres, radians) = self.worst_error();
        Some(format!(
            "{} bodies, {} joints, {} contacts; worst joint error {:.2} mm, {:.4} rad",
            self.base.bodies.len(),
            self.joints.len() + self.base.joints.len(),
            self.base.contact_count(),
            1000.0 * metres,
            radians
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        MouseSpring::press(&self.base.bodies, at)
    }

    /// The mouse holds through a [`crate::MouseJoint`], solved with the
    /// other rows, not through chapter 6's spring force.
    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        World::pull(self, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(&self.base.bodies))
    }
}

// ANCHOR: draw_joints
/// Pins as rings with a line to each body's centre, sliders as their
/// axis (the limit's range brighter), welds as a square.
pub fn draw_joints(out: &mut DrawList, world: &World) {
    let bodies = &world.base.bodies;
    for j in &world.joints {
        let (pa, pb) = j.anchors(bodies);
        let (ca, cb) = (bodies[j.body_a].position, bodies[j.body_b].position);
        out.segment(ca, pa, Color::GREY);
        out.segment(cb, pb, Color::GREY);
        match j.kind {
            Kind::Revolute { .. } => {
                out.circle_outline(pa, 0.06, Color::WHITE);
                out.point(pb, 3.0, Color::WHITE);
            }
            Kind::Prismatic { limit, .. } => {
                let axis = j.axis(bodies).unwrap_or(Vec2::X);
                let (lo, hi) = limit.map_or((-2.0, 2.0), |l| (l.lower, l.upper));
                out.segment_width(
                    pa + lo * axis,
                    pa + hi * axis,
                    Color::YELLOW,
                    2.0,
                );
                out.segment(
                    pa - 0.1 * perp(axis),
                    pa + 0.1 * perp(axis),
                    Color::YELLOW,
                );
                out.point(pb, 4.0, Color::YELLOW);
            }
            Kind::Weld => {
                let s = 0.05;
                let square = vec![
                    pa + Vec2::new(-s, -s),
                    pa + Vec2::new(s, -s),
                    pa + Vec2::new(s, s),
                    pa + Vec2::new(-s, s),
                ];
                out.polygon(square, None, Some(Color::WHITE));
            }
        }
    }
}
// ANCHOR_END: draw_joints

fn chain_view(n: usize) -> (Vec2, Vec2) {
    let reach = n as f32 * 0.25 + 0.5;
    (Vec2::new(-reach, 9.0 - reach), Vec2::new(reach, 10.0))
}

// ANCHOR: scenes
/// `n` links 0.25 m long pinned end to end in a straight line that
/// starts `tilt` radians below level, the first pinned to a static block
/// at (0, 9); the last carries a ball of `heavy` times a link's mass
/// (none for 1). Links that a pin joins do not collide; the others do.
pub fn chain(n: usize, heavy: f32, tilt: f32) -> World {
    let (half, top) = (Vec2::new(0.125, 0.04), Vec2::new(0.0, 9.0));
    let along = trig::from_angle(-tilt);
    let link_mass = 0.5;
    let block = Body::rect(0.15, 0.15, top + Vec2::new(-0.15, 0.15), 0.0, 1.0)
        .into_static();
    let mut bodies = vec![block];
    let mut joints = Vec::new();
    for i in 0..n {
        let start = top + along * (2.0 * half.x * i as f32);
        let shape = Shape::Box(Obb { half_extents: half });
        bodies.push(Body::new(shape, start + along * half.x, -tilt, link_mass));
        let k = bodies.len() - 1;
        joints.push(Joint::revolute(&bodies, k - 1, k, start));
    }
    if heavy > 1.0 {
        let end = top + along * (2.0 * half.x * n as f32);
        let shape = Shape::Circle(crate::Circle { radius: 0.15 });
        bodies.push(Body::new(shape, end, 0.0, heavy * link_mass));
        let k = bodies.len() - 1;
        joints.push(Joint::revolute(&bodies, k - 1, k, end));
    }
    World::new(bodies, Vec::new(), joints)
}

/// A bridge of 20 planks between two posts, each pinned to the next at
/// its top corners, and three boxes dropped on it.
pub fn bridge() -> World {
    let (n, half, y) = (20, Vec2::new(0.25, 0.05), 3.0);
    let span = n as f32 * 2.0 * half.x;
    let left = -span / 2.0;
    let post = |x: f32| {
        crate_box(Vec2::new(0.25, 1.5), Vec2::new(x, y - 1.5), 1.0).into_static()
    };
    let mut bodies = vec![ground(), post(left - 0.25), post(-left + 0.25)];
    let mut joints = Vec::new();
    let mut last = 1;
    for i in 0..n {
        let x = left + half.x + i as f32 * 2.0 * half.x;
        bodies.push(
            crate_box(half, Vec2::new(x, y - half.y), 1.0).with_friction(0.6),
        );
        let k = bodies.len() - 1;
        joints.push(Joint::revolute(&bodies, last, k, Vec2::new(x - half.x, y)));
        last = k;
    }
    joints.push(Joint::revolute(&bodies, last, 2, Vec2::new(-left, y)));
    for (i, x) in [-2.0f32, 0.3, 1.8].into_iter().enumerate() {
        let at = Vec2::new(x, 5.0 + i as f32);
        bodies.push(crate_box(Vec2::new(0.3, 0.25), at, 2.0).with_friction(0.6));
    }
    World::new(bodies, Vec::new(), joints)
}

/// A ragdoll: head, torso, upper and lower arms and legs, each joint a
/// pin with a limit a human joint keeps, above a flight of steps.
pub fn ragdoll() -> World {
    let mut bodies = vec![ground()];
    for i in 0..5 {
        let h = 0.4 * (5 - i) as f32;
        let at = Vec2::new(1.0 + 1.2 * i as f32, h / 2.0);
        bodies.push(crate_box(Vec2::new(0.6, h / 2.0), at, 1.0).into_static());
    }
    let o = Vec2::new(1.0, 4.5);
    let part = |bodies: &mut Vec<Body>, half: Vec2, at: Vec2, mass: f32| {
        bodies.push(crate_box(half, o + at, mass).with_friction(0.6));
        bodies.len() - 1
    };
    let torso = part(&mut bodies, Vec2::new(0.15, 0.3), Vec2::ZERO, 20.0);
    let head = {
        let shape = Shape::Circle(crate::Circle { radius: 0.12 });
        bodies.push(
            Body::new(shape, o + Vec2::new(0.0, 0.45), 0.0, 4.0).with_friction(0.6),
        );
        bodies.len() - 1
    };
    let mut joints = vec![
        Joint::revolute(&bodies, torso, head, o + Vec2::new(0.0, 0.32))
            .with_limit(-0.5, 0.5),
    ];
    for side in [-1.0f32, 1.0] {
        let limb = |bodies: &mut Vec<Body>,
                    half: (f32, f32),
                    x: f32,
                    y: f32,
                    mass: f32| {
            part(bodies, Vec2::new(half.0, half.1), Vec2::new(x * side, y), mass)
        };
        let upper_arm = limb(&mut bodies, (0.05, 0.15), 0.2, 0.12, 2.0);
        let lower_arm = limb(&mut bodies, (0.045, 0.14), 0.2, -0.17, 1.5);
        let thigh = limb(&mut bodies, (0.07, 0.2), 0.08, -0.5, 6.0);
        let shin = limb(&mut bodies, (0.06, 0.2), 0.08, -0.9, 4.0);
        // The right side's limits, mirrored for the left.
        let pin = |bodies: &[Body],
                   a: usize,
                   b: usize,
                   x: f32,
                   y: f32,
                   (lo, hi): (f32, f32)| {
            let (lo, hi) = if side > 0.0 { (lo, hi) } else { (-hi, -lo) };
            Joint::revolute(bodies, a, b, o + Vec2::new(x * side, y))
                .with_limit(lo, hi)
        };
        joints.push(pin(&bodies, torso, upper_arm, 0.2, 0.27, (-0.5, 2.8)));
        joints.push(pin(&bodies, upper_arm, lower_arm, 0.2, -0.03, (-2.4, 0.0)));
        joints.push(pin(&bodies, torso, thigh, 0.08, -0.3, (-0.3, 1.2)));
        joints.push(pin(&bodies, thigh, shin, 0.08, -0.7, (0.0, 2.2)));
    }
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        b.velocity = Vec2::new(1.5, 0.0);
    }
    World::new(bodies, Vec::new(), joints)
}

/// A car: a chassis on two wheels, each a pin with a motor of 60 N m,
/// driving over a road of small bumps and a ramp.
pub fn car() -> World {
    let mut bodies = vec![ground()];
    for i in 0..8 {
        let at = Vec2::new(3.0 + 1.5 * i as f32, -0.02);
        bodies.push(crate_box(Vec2::new(0.3, 0.1), at, 1.0).into_static());
        let k = bodies.len() - 1;
        bodies[k].angle = 0.4 * if i % 2 == 0 { 1.0 } else { -1.0 };
    }
    let chassis_at = Vec2::new(-4.0, 1.0);
    bodies
        .push(crate_box(Vec2::new(1.0, 0.2), chassis_at, 40.0).with_friction(0.6));
    let chassis = bodies.len() - 1;
    let mut joints = Vec::new();
    for x in [-0.7f32, 0.7] {
        let at = chassis_at + Vec2::new(x, -0.35);
        let shape = Shape::Circle(crate::Circle { radius: 0.35 });
        bodies.push(Body::new(shape, at, 0.0, 5.0).with_friction(0.9));
        let wheel = bodies.len() - 1;
        joints.push(
            Joint::revolute(&bodies, chassis, wheel, at).with_motor(-6.0, 60.0),
        );
    }
    World::new(bodies, Vec::new(), joints)
}

/// A windmill: a cross of two sails welded at the hub, pinned to the
/// ground's body at 4.5 m (the grey line is the pin's arm to the
/// ground's centre), turned by a motor at 1 rad/s with at most 400 N m,
/// and a rain of balls for it to bat.
pub fn windmill() -> World {
    let hub = Vec2::new(0.0, 4.5);
    let mut bodies = vec![ground()];
    bodies.push(crate_box(Vec2::new(2.5, 0.1), hub, 20.0));
    bodies.push(crate_box(Vec2::new(0.1, 2.5), hub, 20.0));
    let joints = vec![
        Joint::revolute(&bodies, 0, 1, hub).with_motor(1.0, 400.0),
        Joint::weld(&bodies, 1, 2, hub),
    ];
    for i in 0..24 {
        let (row, col) = ((i / 12) as f32, (i % 12) as f32);
        let at = Vec2::new(-2.5 + 0.22 * col + 0.1 * row, 8.0 + 0.3 * row);
        let shape = Shape::Circle(crate::Circle { radius: 0.1 });
        bodies.push(Body::new(shape, at, 0.0, 0.5).with_friction(0.3));
    }
    World::new(bodies, Vec::new(), joints)
}

/// A piston engine: a crank 0.8 m long on a motor pinned to the ground's
/// body at (0, 1), a rod 1.8 m long pinned to the crank and to a piston
/// that slides on a vertical axis through the crank's centre.
pub fn piston() -> World {
    let centre = Vec2::new(0.0, 1.0);
    let (crank_pin, rod_length) = (centre + Vec2::new(0.8, 0.0), 1.8);
    let piston_pin =
        centre + Vec2::new(0.0, (rod_length * rod_length - 0.64f32).sqrt());
    let mut bodies = vec![ground()];
    bodies.push(crate_box(Vec2::new(0.5, 0.08), centre + Vec2::new(0.4, 0.0), 5.0));
    let mut rod = crate_box(
        Vec2::new(0.06, rod_length / 2.0),
        (crank_pin + piston_pin) / 2.0,
        2.0,
    );
    let along = piston_pin - crank_pin;
    rod.angle = trig::atan2(along.y, along.x) - std::f32::consts::FRAC_PI_2;
    bodies.push(rod);
    bodies.push(crate_box(Vec2::new(0.4, 0.3), piston_pin, 4.0));
    let joints = vec![
        Joint::revolute(&bodies, 0, 1, centre).with_motor(3.0, 500.0),
        Joint::revolute(&bodies, 1, 2, crank_pin),
        Joint::revolute(&bodies, 2, 3, piston_pin),
        Joint::prismatic(&bodies, 0, 3, piston_pin, Vec2::Y).with_limit(-1.0, 1.2),
    ];
    World::new(bodies, Vec::new(), joints)
}

/// A tree welded together: a trunk welded to the ground and branches
/// welded to the trunk and to each other, some of them heavy.
pub fn weld_tree() -> World {
    let mut bodies = vec![ground()];
    let mut joints = Vec::new();
    let segment = |bodies: &mut Vec<Body>, from: Vec2, to: Vec2, mass: f32| {
        let d = to - from;
        let half = Vec2::new(d.length() / 2.0, 0.05);
        let mut b = crate_box(half, (from + to) / 2.0, mass);
        b.angle = trig::atan2(d.y, d.x);
        bodies.push(b);
        bodies.len() - 1
    };
    let mut last = 0;
    let mut at = Vec2::ZERO;
    let mut branches = Vec::new();
    for i in 0..4 {
        let top = Vec2::new(0.0, 0.9 * (i + 1) as f32);
        let k = segment(&mut bodies, at, top, 6.0);
        joints.push(Joint::weld(&bodies, last, k, at));
        branches.push((k, top));
        last = k;
        at = top;
    }
    for (i, &(trunk, from)) in branches.iter().enumerate().skip(1) {
        let side = if i % 2 == 0 { 1.0 } else { -1.0 };
        // Started clear of the trunk, so it touches only what it is welded to.
        let from = from + Vec2::new(side * 0.08, 0.0);
        let tip = from + Vec2::new(side * 1.3, 0.4);
        let k = segment(&mut bodies, from, tip, 2.0);
        joints.push(Joint::weld(&bodies, trunk, k, from));
        let end = tip + Vec2::new(side * 0.8, -0.1);
        let k2 = segment(&mut bodies, tip, end, 1.0);
        joints.push(Joint::weld(&bodies, k, k2, tip));
        bodies.push(crate_box(Vec2::splat(0.15), end, 3.0));
        let fruit = bodies.len() - 1;
        joints.push(Joint::weld(&bodies, k2, fruit, end));
    }
    World::new(bodies, Vec::new(), joints)
}

/// A physical pendulum: a rod 1.2 m long and 0.1 m wide pinned 0.1 m
/// from its top end to a static block, let go at `angle` from hanging.
pub fn pendulum(angle: f32) -> World {
    let pin = Vec2::new(0.0, 3.5);
    let rod = Shape::Box(Obb { half_extents: Vec2::new(0.05, 0.6) });
    let d = 0.5; // pin to centre
    let centre = pin + trig::from_angle(angle).rotate(Vec2::new(0.0, -d));
    let mut bob = Body::new(rod, centre, angle, 2.0);
    bob.friction = 0.0;
    let block =
        crate_box(Vec2::splat(0.1), pin + Vec2::new(0.0, 0.3), 1.0).into_static();
    let bodies = vec![block, bob];
    let joints = vec![Joint::revolute(&bodies, 0, 1, pin)];
    World::new(bodies, Vec::new(), joints)
}
// ANCHOR_END: scenes

// ANCHOR: from_scene
/// A scene file as a chapter 9 world: chapter 8's world (bodies, planes,
/// distance joints), and each pin, slider and weld as a [`Joint`], the
/// bodies' starting angles its reference.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (base, bounds) = scene_world(scene);
    let joints = scene_joints(scene, &base.bodies);
    let world = World::from_base(base, joints);
    let lab = Lab::from_scene(world, JOINT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_knobs(KNOBS)))
}

/// The scene's pins, sliders and welds as [`Joint`]s of `bodies` (the
/// scene's bodies in file order), the bodies' starting angles their
/// reference.
pub fn scene_joints(scene: &Scene, bodies: &[Body]) -> Vec<Joint> {
    let joints = scene.joints.iter().filter_map(|j| {
        let (kind, (a, b), local_a, local_b) = match *j {
            SceneJoint::Distance { .. } => return None, // chapter 8 mapped it
            SceneJoint::Revolute {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                limit,
                motor,
            } => {
                let kind = Kind::Revolute {
                    limit: limit
                        .map(|(lower, upper)| crate::Limit { lower, upper }),
                    motor: motor.map(|m| crate::Motor {
                        speed: m.speed,
                        max_force: m.max_force,
                    }),
                };
                (kind, (body_a, body_b), anchor_a, anchor_b)
            }
            SceneJoint::Prismatic {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                axis,
                limit,
                motor,
            } => {
                let kind = Kind::Prismatic {
                    local_axis: axis,
                    limit: limit
                        .map(|(lower, upper)| crate::Limit { lower, upper }),
                    motor: motor.map(|m| crate::Motor {
                        speed: m.speed,
                        max_force: m.max_force,
                    }),
                };
                (kind, (body_a, body_b), anchor_a, anchor_b)
            }
            SceneJoint::Weld { body_a, body_b, anchor_a, anchor_b } => {
                (Kind::Weld, (body_a, body_b), anchor_a, anchor_b)
            }
        };
        Some(Joint {
            body_a: a,
            body_b: b,
            local_a,
            local_b,
            reference_angle: bodies[b].angle - bodies[a].angle,
            kind,
        })
    });
    joints.collect()
}
// ANCHOR_END: from_scene
