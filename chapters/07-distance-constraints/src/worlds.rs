//! The worlds chapter 7 is shown and tested on: pendulums, a chain, a
//! rope bridge, Newton's cradle, and a rod beside a rope.

use crate::{DistanceJoint, JointKind, World};
use ch06_rotation_friction::Body;
use ch06_rotation_friction::worlds::{SETTLED, fixed_box};
use glam::Vec2;
use physics_core::trig;

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

/// A disc of radius 0.15 on a 2 m rod released at 30 degrees, and a box hung by its
/// top-left corner from a 1 m rod.
pub fn pendulum() -> World {
    let top = Vec2::new(-1.5, 2.5);
    let bob_at = top + 2.0 * Vec2::new(0.5, -(3.0f32.sqrt()) / 2.0);
    let box_top = Vec2::new(2.0, 2.5);
    let hang = box_top + Vec2::new(0.8, -0.6);
    let bodies = vec![
        pin(top),
        Body::disc(0.15, bob_at, 4.0),
        pin(box_top),
        Body::rect(0.4, 0.2, hang + Vec2::new(0.4, -0.2), 0.0, 1.0),
    ];
    let joints = vec![
        DistanceJoint::between(&bodies, 0, top, 1, bob_at, JointKind::Rod),
        DistanceJoint::between(&bodies, 2, box_top, 3, hang, JointKind::Rod),
    ];
    World::new(bodies, joints)
}

/// A pin and `links` discs in a horizontal row, each joined to the
/// one before by a rod between their centres, over a floor.
pub fn chain(links: usize) -> World {
    let spacing = 0.35;
    let top = Vec2::new(-2.5, 4.0);
    let floor = fixed_box(6.0, 0.25, Vec2::new(0.0, -0.25), 0.0);
    let mut bodies = vec![floor, pin(top)];
    let mut joints = Vec::new();
    for i in 0..links {
        let at = top + Vec2::new(spacing * (i + 1) as f32, 0.0);
        bodies.push(Body::disc(0.12, at, 2.0).with_friction(0.3));
        let (a, b) = (bodies.len() - 2, bodies.len() - 1);
        let from = bodies[a].position;
        joints.push(DistanceJoint::between(
            &bodies,
            a,
            from,
            b,
            at,
            JointKind::Rod,
        ));
    }
    World::new(bodies, joints)
}

/// Two posts and twelve planks, each plank's top corners tied to its neighbours' by
/// ropes 2 cm long, and three boxes falling onto it. 20 passes, since thirteen
/// ropes in a row pass a push along one rope per pass.
pub fn bridge() -> World {
    let (n, half, gap) = (12, Vec2::new(0.25, 0.06), 0.02);
    let span = n as f32 * (2.0 * half.x + gap) + gap;
    let y = 3.0;
    let post = |x: f32| {
        Body::rect(0.25, 1.0, Vec2::new(x, y - 1.0 + half.y), 0.0, 1.0)
            .into_static()
    };
    let left = -span / 2.0;
    let mut bodies = vec![
        Body::rect(6.0, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0).into_static(),
        post(left - 0.25),
        post(-left + 0.25),
    ];
    let mut joints = Vec::new();
    let mut last = (1, Vec2::new(left, y + half.y));
    for i in 0..n {
        let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
        bodies.push(
            Body::rect(half.x, half.y, Vec2::new(x, y), 0.0, 1.0)
                .with_friction(0.6),
        );
        let k = bodies.len() - 1;
        let near = Vec2::new(x - half.x, y + half.y);
        joints.push(DistanceJoint::between(
            &bodies,
            last.0,
            last.1,
            k,
            near,
            JointKind::Rope,
        ));
        last = (k, Vec2::new(x + half.x, y + half.y));
    }
    let right = Vec2::new(-left, y + half.y);
    joints.push(DistanceJoint::between(
        &bodies,
        last.0,
        last.1,
        2,
        right,
        JointKind::Rope,
    ));
    for (i, x) in [-1.2f32, 0.1, 1.0].into_iter().enumerate() {
        let at = Vec2::new(x, 4.5 + 0.8 * i as f32);
        bodies.push(
            Body::rect(0.25, 0.2, at, 0.3 * i as f32, 0.5).with_friction(0.6),
        );
    }
    let mut world = World::new(bodies, joints);
    // Thirteen ropes in a row pass a push along one per pass.
    world.rigid.iterations = 20;
    world
}

// ANCHOR: cradle
/// Five balls of radius 0.25 on 2 m rods, touching in a row, with
/// restitution 1 and no friction; the first is pulled out 45 degrees.
pub fn cradle() -> World {
    let (r, length, y) = (0.25, 2.0, 3.0);
    let mut bodies = Vec::new();
    let mut joints = Vec::new();
    for i in 0..5 {
        let top = Vec2::new(-1.0 + 2.0 * r * i as f32, y);
        let hang = if i == 0 {
            trig::from_angle(-3.0 * std::f32::consts::FRAC_PI_4) * length
        } else {
            Vec2::new(0.0, -length)
        };
        bodies.push(pin(top));
        let ball =
            Body::disc(r, top + hang, 4.0).with_restitution(1.0).with_friction(0.0);
        bodies.push(ball);
        let k = bodies.len();
        joints.push(DistanceJoint::between(
            &bodies,
            k - 2,
            top,
            k - 1,
            top + hang,
            JointKind::Rod,
        ));
    }
    let mut world = World::new(bodies, joints);
    // Only the balls' bounces should move energy; the correction would add some.
    world.rigid.correction.enabled = false;
    world
}
// ANCHOR_END: cradle

/// Two pins, each with a 1.5 m tether to a bob thrown up at 7 m/s: on the left a
/// rod, on the right a rope.
pub fn rod_and_rope() -> World {
    let (left, right) = (Vec2::new(-2.0, 2.5), Vec2::new(2.0, 2.5));
    let down = Vec2::new(0.0, -1.5);
    let mut bodies =
        vec![pin(left), Body::disc(0.15, left + down, 2.0), pin(right)];
    bodies.push(Body::disc(0.15, right + down, 2.0));
    for k in [1, 3] {
        bodies[k].velocity = Vec2::new(1.5, 7.0);
    }
    let joints = vec![
        DistanceJoint::between(&bodies, 0, left, 1, left + down, JointKind::Rod),
        DistanceJoint::between(&bodies, 2, right, 3, right + down, JointKind::Rope),
    ];
    let floor =
        Body::rect(5.0, 0.25, Vec2::new(0.0, -0.25 - 0.5 + SETTLED), 0.0, 1.0);
    bodies.push(floor.into_static());
    World::new(bodies, joints)
}
