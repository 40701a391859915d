//! The worlds chapter 8 is shown, tested and measured on: box2d-lite's
//! set, the ball pit, Newton's cradle, and the stacks of the convergence
//! plot. Each is a [`World`]; the demos put it in the lab with a view.

use crate::{Body, DistanceJoint, JointKind, Obb, Shape, World};
use glam::Vec2;
use physics_core::rng::Rng;
use physics_core::trig;

/// The seed of the dropped boxes and the stack's offsets: the same on every run.
pub const SEED: u64 = 8;

/// box2d-lite's ground: a static box 100 m wide and 20 m deep whose top
/// is at y = 0, friction 0.2.
pub fn ground() -> Body {
    let mut g =
        Body::rect(50.0, 10.0, Vec2::new(0.0, -10.0), 0.0, 1.0).into_static();
    g.friction = 0.2;
    g
}

/// A box of `half` extents and `mass` kg, friction 0.2 (box2d-lite's).
pub fn crate_box(half: Vec2, at: Vec2, mass: f32) -> Body {
    let shape = Shape::Box(Obb { half_extents: half });
    Body::new(shape, at, 0.0, mass).with_friction(0.2)
}

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

/// A rod from `at_a` on body `a` to `at_b` on body `b`, as long as the
/// two points are apart now.
fn rod(
    bodies: &[Body],
    a: usize,
    at_a: Vec2,
    b: usize,
    at_b: Vec2,
) -> DistanceJoint {
    DistanceJoint::between(bodies, a, at_a, b, at_b, JointKind::Rod)
}

/// box2d-lite's first demo: a box of 200 kg falls 4 m.
pub fn single_box() -> World {
    let bodies =
        vec![ground(), crate_box(Vec2::splat(0.5), Vec2::new(0.0, 4.0), 200.0)];
    World::new(bodies, Vec::new())
}

/// box2d-lite's pyramid: `rows` rows of 1 m boxes of 10 kg, friction
/// 0.2, 1.125 m apart; each row half a box in and 2 m above the one
/// below, so it drops 1 m onto it.
pub fn pyramid(rows: usize) -> World {
    pyramid_with_drop(rows, 1.0)
}

/// The pyramid with each row `drop` metres above the one below (the
/// bottom row a quarter of that above the ground); a small negative
/// drop starts it resting, each row 5 mm into the one below.
pub fn pyramid_with_drop(rows: usize, drop: f32) -> World {
    let mut bodies = vec![ground()];
    let mut start = Vec2::new(-(rows as f32 - 1.0) * 1.125 / 2.0, 0.5 + drop / 4.0);
    for row in 0..rows {
        let mut at = start;
        for _ in row..rows {
            bodies.push(crate_box(Vec2::splat(0.5), at, 10.0));
            at.x += 1.125;
        }
        start += Vec2::new(0.5625, 1.0 + drop);
    }
    World::new(bodies, Vec::new())
}

/// box2d-lite's vertical stack: `n` boxes of 1 m and 1 kg, 5 cm apart,
/// each up to 10 cm off-centre (seeded).
pub fn stack(n: usize) -> World {
    let mut rng = Rng::new(SEED);
    let mut bodies = vec![ground()];
    for i in 0..n {
        let at = Vec2::new(rng.range(-0.1, 0.1), 0.51 + 1.05 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, 1.0));
    }
    World::new(bodies, Vec::new())
}

/// `n` circles of 0.1 to 0.16 m (seeded) in a grid over a pit 20 m wide.
pub fn ball_pit(n: usize) -> World {
    let wall = |x: f32| {
        crate_box(Vec2::new(0.25, 8.0), Vec2::new(x, 8.0), 1.0).into_static()
    };
    let mut bodies = vec![ground(), wall(-10.25), wall(10.25)];
    let mut rng = Rng::new(SEED);
    let columns = 40;
    for i in 0..n {
        let (col, row) = ((i % columns) as f32, (i / columns) as f32);
        let at =
            Vec2::new(-9.0 + 0.46 * col + rng.range(-0.05, 0.05), 0.3 + 0.4 * row);
        let ball = Body::disc(rng.range(0.1, 0.16), at, 20.0);
        bodies.push(ball.with_friction(0.3).with_restitution(0.2));
    }
    World::new(bodies, Vec::new())
}

/// Chapter 6's tumble demo (boxes and circles between two walls) as a world of this
/// chapter.
pub fn tumble_world() -> World {
    let tumble = ch06_rotation_friction::worlds::tumble(18, 6);
    World::new(tumble.bodies, Vec::new())
}

// ANCHOR: cradle
/// The cradle's balls: radius 0.25 m on rods 2 m long.
pub const CRADLE_BALL: f32 = 0.25;

/// Newton's cradle: five balls on 2 m rods, restitution 1, no friction,
/// no position correction; the first is pulled out 45 degrees. Their
/// pins are `gap` metres further apart than the balls are wide, so at
/// rest the balls touch (0) or hang `gap` apart.
pub fn cradle(gap: f32) -> World {
    let (r, length, y) = (CRADLE_BALL, 2.0, 3.0);
    let mut bodies = Vec::new();
    let mut joints = Vec::new();
    for i in 0..5 {
        let top = Vec2::new(-1.0 + (2.0 * r + gap) * i as f32, y);
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
        joints.push(rod(&bodies, k - 2, top, k - 1, top + hang));
    }
    let mut world = World::new(bodies, joints);
    world.settings.position_correction = false;
    world
}
// ANCHOR_END: cradle

/// Four boxes of 1 m on the ground, `heavy` kg and 1 kg in turn from
/// the bottom up, each resting 5 mm into the one below.
pub fn mass_ratio_stack(heavy: f32) -> World {
    let mut bodies = vec![ground()];
    for i in 0..4 {
        let mass = if i % 2 == 1 { heavy } else { 1.0 };
        let at = Vec2::new(0.0, 0.495 + 0.995 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, mass));
    }
    World::new(bodies, Vec::new())
}

// ANCHOR: teeter
/// A plank 6 m long whose centre two rods from two pins below hold
/// in place: two distance joints at an angle make a pivot. Two light
/// boxes rest on its left end; a heavy one falls on its right end.
pub fn teeter() -> World {
    let centre = Vec2::new(0.0, 1.5);
    let mut bodies = vec![
        ground(),
        pin(Vec2::new(-1.2, 0.3)),
        pin(Vec2::new(1.2, 0.3)),
        crate_box(Vec2::new(3.0, 0.1), centre, 10.0).with_friction(0.6),
    ];
    let joints = vec![
        rod(&bodies, 1, bodies[1].position, 3, centre),
        rod(&bodies, 2, bodies[2].position, 3, centre),
    ];
    for x in [-2.6, -2.0] {
        let at = Vec2::new(x, 1.6 + 0.25 - 0.005);
        bodies.push(crate_box(Vec2::splat(0.25), at, 2.5).with_friction(0.6));
    }
    bodies.push(crate_box(Vec2::splat(0.5), Vec2::new(2.4, 6.0), 40.0));
    World::new(bodies, joints)
}
// ANCHOR_END: teeter

/// Two posts and 15 planks, each plank's top corners joined to its
/// neighbours' by rods 5 cm long, and three boxes dropped on it.
pub fn bridge() -> World {
    let (n, half, gap, y) = (15, Vec2::new(0.3, 0.06), 0.05, 3.0);
    let span = n as f32 * (2.0 * half.x + gap) + gap;
    let left = -span / 2.0;
    let post = |x: f32| {
        let at = Vec2::new(x, y - 1.5 + half.y);
        crate_box(Vec2::new(0.25, 1.5), at, 1.0).into_static()
    };
    let mut bodies = vec![ground(), post(left - 0.25), post(-left + 0.25)];
    let mut joints = Vec::new();
    let mut last = (1, Vec2::new(left, y + half.y));
    for i in 0..n {
        let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
        bodies.push(crate_box(half, Vec2::new(x, y), 1.0).with_friction(0.6));
        let k = bodies.len() - 1;
        joints.push(rod(
            &bodies,
            last.0,
            last.1,
            k,
            Vec2::new(x - half.x, y + half.y),
        ));
        last = (k, Vec2::new(x + half.x, y + half.y));
    }
    joints.push(rod(&bodies, last.0, last.1, 2, Vec2::new(-left, y + half.y)));
    for (i, x) in [-2.0f32, 0.3, 1.8].into_iter().enumerate() {
        let at = Vec2::new(x, 5.0 + i as f32);
        bodies.push(crate_box(Vec2::new(0.3, 0.25), at, 2.0).with_friction(0.6));
    }
    let mut world = World::new(bodies, joints);
    // Sixteen rods in a row pass a pull along about one rod per pass.
    world.settings.iterations = 30;
    world
}

/// Twelve dominos 1 m tall, 0.6 m apart, and a ball on a 2.5 m rod
/// released level with its pin: it hits the first near its top.
pub fn dominos() -> World {
    let mut bodies = vec![ground()];
    for i in 0..12 {
        let at = Vec2::new(-3.0 + 0.6 * i as f32, 0.5 - 0.005);
        bodies.push(crate_box(Vec2::new(0.08, 0.5), at, 1.0).with_friction(0.5));
    }
    let pivot = Vec2::new(-3.45, 3.3);
    bodies.push(pin(pivot));
    let released = pivot - Vec2::new(2.5, 0.0);
    bodies.push(Body::disc(0.25, released, 20.0).with_friction(0.2));
    let (p, ball) = (bodies.len() - 2, bodies.len() - 1);
    let joints = vec![rod(&bodies, p, pivot, ball, released)];
    World::new(bodies, joints)
}
