//! The worlds chapter 9 is shown and tested on: a chain, a bridge on
//! pins, a ragdoll, a car on its motors, a windmill, a piston, a tree
//! of welds and a pendulum.

use crate::{Body, Joint, Obb, Shape, World};
use ch08_sequential_impulses::worlds::{crate_box, ground};
use glam::Vec2;
use physics_core::trig;

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
