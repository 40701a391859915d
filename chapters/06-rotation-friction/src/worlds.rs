//! The worlds chapter 6 is shown and tested on: a tumble of boxes and
//! discs, five ramps of falling friction, spinning bodies, two leaning
//! boxes, and a stack to throw a box at.

use crate::{Body, World};
use glam::Vec2;
use physics_core::rng::Rng;
use physics_core::trig;

/// How far resting bodies start inside what they rest on, in metres: as a landed
/// body rests, inside the 1 cm slop. Placed exactly touching, the least turn lifts
/// a corner clear of the manifold.
pub const SETTLED: f32 = 0.005;

/// The ramps' tilt in radians: tan(0.25) = 0.255, between friction 0.1 and 0.35.
pub const RAMP_ANGLE: f32 = 0.25;

/// The ramps' friction coefficients, top to bottom.
pub const RAMP_FRICTION: [f32; 5] = [0.75, 0.5, 0.35, 0.1, 0.0];

/// A static box of half extents `hx` by `hy` at `at`, turned `angle`.
pub fn fixed_box(hx: f32, hy: f32, at: Vec2, angle: f32) -> Body {
    Body::rect(hx, hy, at, angle, 1.0).into_static()
}

fn ground(half_width: f32) -> Body {
    Body::rect(half_width, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0)
        .into_static()
        .with_friction(0.6)
}

/// `n` boxes and circles of seeded random sizes and angles over a floor between two
/// walls.
pub fn tumble(n: usize, seed: u64) -> World {
    let wall = |x: f32| {
        Body::rect(0.25, 3.0, Vec2::new(x, 3.0), 0.0, 1.0)
            .into_static()
            .with_friction(0.6)
    };
    let mut bodies = vec![ground(5.0), wall(-4.75), wall(4.75)];
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let at = Vec2::new(
            -3.0 + (i % 6) as f32 * 1.2 + rng.range(-0.2, 0.2),
            1.0 + (i / 6) as f32 * 1.2,
        );
        let body = if i % 3 == 2 {
            Body::disc(rng.range(0.2, 0.4), at, 1.0)
        } else {
            let (hx, hy) = (rng.range(0.2, 0.5), rng.range(0.15, 0.35));
            Body::rect(hx, hy, at, rng.range(-1.5, 1.5), 1.0)
        };
        bodies.push(body.with_friction(0.5).with_restitution(0.1));
    }
    World::new(bodies)
}

/// Five planks tilted [`RAMP_ANGLE`] down to the right, one above the
/// other, each with a box resting near its top. Plank and box share
/// a friction coefficient, so the contact's (the geometric mean) is
/// the same; each ramp's label, its friction, goes above its top end.
pub fn ramps() -> (World, Vec<(Vec2, String)>) {
    let stop = fixed_box(0.25, 1.0, Vec2::new(7.75, 1.0), 0.0);
    let mut bodies = vec![ground(8.0), stop];
    let mut labels = Vec::new();
    let (along, up) =
        (trig::from_angle(-RAMP_ANGLE), trig::from_angle(-RAMP_ANGLE).perp());
    for (i, mu) in RAMP_FRICTION.into_iter().enumerate() {
        let centre = Vec2::new(-1.0, 10.5 - 2.0 * i as f32);
        let plank = fixed_box(4.0, 0.1, centre, -RAMP_ANGLE);
        // The box's bottom face on the plank's top face, 3 m up the slope.
        let at = centre - along * 3.0 + up * (0.1 + 0.25 - SETTLED);
        let block = Body::rect(0.35, 0.25, at, -RAMP_ANGLE, 1.0);
        bodies.push(plank.with_friction(mu));
        bodies.push(block.with_friction(mu));
        labels.push((centre - along * 4.2 + up * 0.6, format!("mu {mu}")));
    }
    (World::new(bodies), labels)
}

/// A box and a disc dropped spinning: the box bounces off a corner, the disc rolls
/// away.
pub fn spin() -> World {
    let mut spinning_box = Body::rect(0.6, 0.3, Vec2::new(-2.0, 3.0), 0.3, 1.0);
    spinning_box.angular_velocity = 12.0;
    let mut spinning_disc = Body::disc(0.4, Vec2::new(2.0, 2.0), 1.0);
    spinning_disc.angular_velocity = -15.0;
    let bodies = vec![
        ground(6.0),
        spinning_box.with_friction(0.5).with_restitution(0.2),
        spinning_disc.with_friction(0.5).with_restitution(0.2),
    ];
    World::new(bodies)
}

// ANCHOR: tip
/// Two boxes on their bottom-left corners, leaning 0.35 rad. The tall
/// one's centre is already left of that corner, so gravity's torque
/// about it tips the box over; the wide one's is right of it, and
/// the same torque turns it back down onto its base.
pub fn tip() -> World {
    let lean = 0.35;
    let leaning = |x: f32, hx: f32, hy: f32| {
        // Centre above the corner at (x, 0): the corner is at R(-hx, -hy).
        let corner = trig::from_angle(lean).rotate(Vec2::new(-hx, -hy));
        let at = Vec2::new(x, -SETTLED) - corner;
        Body::rect(hx, hy, at, lean, 1.0).with_friction(0.8)
    };
    let bodies =
        vec![ground(4.0), leaning(-1.5, 0.15, 0.75), leaning(1.0, 0.75, 0.3)];
    World::new(bodies)
}
// ANCHOR_END: tip

/// A stack of three boxes on the right and a box to throw on the left.
pub fn throw() -> World {
    let mut bodies = vec![ground(6.0)];
    for i in 0..3 {
        let at = Vec2::new(3.0, 0.3 + (0.6 - SETTLED) * i as f32 - SETTLED);
        bodies.push(Body::rect(0.3, 0.3, at, 0.0, 1.0).with_friction(0.6));
    }
    bodies.push(
        Body::rect(0.4, 0.25, Vec2::new(-3.0, 0.25 - SETTLED), 0.0, 2.0)
            .with_friction(0.6),
    );
    World::new(bodies)
}
