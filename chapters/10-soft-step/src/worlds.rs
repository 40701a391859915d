//! The worlds chapter 10 is shown, tested and measured on: Erin Catto's solver tests
//! (Solver2D) as this workbook can build them.

use crate::{Body, DistanceJoint, Joint, Shape, World};
use ch07_distance_constraints::JointKind as DistanceKind;
use ch08_sequential_impulses::worlds::{crate_box, ground};
use glam::Vec2;
use physics_core::trig;

// ANCHOR: scenes
/// Ten 1 m boxes of 10 kg stacked on the ground, each started 25 cm into
/// the one below (Solver2D's overlap recovery).
pub fn overlap() -> World {
    let mut bodies = vec![ground()];
    for i in 0..10 {
        let at = Vec2::new(0.0, 0.5 + 0.75 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, 10.0).with_friction(0.6));
    }
    World::new(bodies, Vec::new(), Vec::new())
}

/// `n * n` circles of radius 0.4 on a grid 0.7 m apart (so each overlaps
/// its neighbours by 10 cm) in the middle of a closed box of four static
/// walls with room for all of them, no gravity (Solver2D's confined
/// circles).
pub fn confined(n: usize) -> World {
    let half = 0.45 * n as f32 + 0.5;
    let wall = |at: Vec2, extent: Vec2| crate_box(extent, at, 1.0).into_static();
    let mut bodies = vec![
        wall(Vec2::new(0.0, -half - 0.5), Vec2::new(half + 1.0, 0.5)),
        wall(Vec2::new(0.0, half + 0.5), Vec2::new(half + 1.0, 0.5)),
        wall(Vec2::new(-half - 0.5, 0.0), Vec2::new(0.5, half + 1.0)),
        wall(Vec2::new(half + 0.5, 0.0), Vec2::new(0.5, half + 1.0)),
    ];
    let start = -0.35 * (n as f32 - 1.0);
    for i in 0..n {
        for j in 0..n {
            let at = Vec2::new(start + 0.7 * i as f32, start + 0.7 * j as f32);
            let shape = Shape::Circle(crate::Circle { radius: 0.4 });
            bodies.push(Body::new(shape, at, 0.0, 1.0).with_friction(0.3));
        }
    }
    let mut world = World::new(bodies, Vec::new(), Vec::new());
    world.solver.gravity = Vec2::ZERO;
    world
}

/// Three pyramids of four rows of 1 kg boxes, the top box of each
/// 100 kg (Solver2D's high mass ratio).
pub fn heavy_on_light() -> World {
    let mut bodies = vec![ground()];
    for centre in [-5.0f32, 0.0, 5.0] {
        for row in 0..4 {
            let count = 4 - row;
            let left = centre - (count as f32 - 1.0) / 2.0;
            for i in 0..count {
                let mass = if count == 1 { 100.0 } else { 1.0 };
                let at = Vec2::new(left + i as f32, 0.5 + row as f32);
                bodies
                    .push(crate_box(Vec2::splat(0.5), at, mass).with_friction(0.6));
            }
        }
    }
    World::new(bodies, Vec::new(), Vec::new())
}

/// Chapter 9's chain of 40 pinned links with a ball of 30 links' mass,
/// let go level: chapter 9 loses it.
pub fn heavy_chain() -> World {
    World::from(ch09_joints::worlds::chain(40, 30.0, 0.0))
}

/// 20 discs in a row on rods 0.5 m long, hung from a static block, the
/// discs placed 0.55 m apart so the rods start stretched by 5 cm each,
/// 1 m in all (Solver2D's stretched chain).
pub fn stretched_chain() -> World {
    let top = Vec2::new(0.0, 9.0);
    let mut bodies = vec![crate_box(Vec2::splat(0.1), top, 1.0).into_static()];
    let mut rods = Vec::new();
    for i in 1..=20 {
        let at = top + Vec2::new(0.55 * i as f32, 0.0);
        let shape = Shape::Circle(crate::Circle { radius: 0.1 });
        bodies.push(Body::new(shape, at, 0.0, 1.0));
        let k = bodies.len() - 1;
        rods.push(DistanceJoint {
            body_a: k - 1,
            body_b: k,
            local_a: Vec2::ZERO,
            local_b: Vec2::ZERO,
            length: 0.5,
            kind: DistanceKind::Rod,
        });
    }
    World::new(bodies, rods, Vec::new())
}

/// A pyramid of `rows` rows of 1 m boxes of 10 kg, friction 0.6, every
/// box started touching its neighbours (Solver2D's large pyramid).
pub fn pyramid(rows: usize) -> World {
    let mut bodies = vec![ground()];
    for row in 0..rows {
        let count = rows - row;
        let left = -(count as f32 - 1.0) / 2.0;
        for i in 0..count {
            let at = Vec2::new(left + i as f32, 0.5 + row as f32);
            bodies.push(crate_box(Vec2::splat(0.5), at, 10.0).with_friction(0.6));
        }
    }
    World::new(bodies, Vec::new(), Vec::new())
}

/// A house of cards: cards 1 m tall and 4 cm thick, leaning in pairs at
/// 0.3 rad with flat cards across, three storeys, friction 0.7.
pub fn card_house() -> World {
    let (half_long, half_thin, tilt) = (0.5f32, 0.02f32, 0.3f32);
    let card = |at: Vec2, angle: f32| {
        let mut b =
            crate_box(Vec2::new(half_thin, half_long), at, 0.5).with_friction(0.7);
        b.angle = angle;
        b
    };
    // Flat cards reach from one tent's top to the next, 1.1 m apart, end to end.
    let flat = |at: Vec2| {
        crate_box(Vec2::new(0.55, half_thin), at, 0.5).with_friction(0.7)
    };
    let lean = half_long * trig::sin(tilt) + half_thin;
    let tall = half_long * trig::cos(tilt) + half_thin * trig::sin(tilt);
    let mut bodies = vec![ground().with_friction(0.7)];
    let mut floor = 0.0;
    for storey in 0..3usize {
        let tents = 3 - storey;
        let left = -(tents as f32 - 1.0) * 0.55;
        for t in 0..tents {
            let x = left + 1.1 * t as f32;
            bodies.push(card(Vec2::new(x - lean, floor + tall), -tilt));
            bodies.push(card(Vec2::new(x + lean, floor + tall), tilt));
        }
        floor += 2.0 * tall + 0.005;
        for t in 0..tents.saturating_sub(1) {
            let x = left + 1.1 * t as f32 + 0.55;
            bodies.push(flat(Vec2::new(x, floor + half_thin)));
        }
        floor += 2.0 * half_thin + 0.005;
    }
    World::new(bodies, Vec::new(), Vec::new())
}

/// An `n * n` grid of discs 1 m apart, each pinned to its right and lower
/// neighbour, the top corners pinned to static blocks (Solver2D's joint
/// grid).
pub fn joint_grid(n: usize) -> World {
    let mut bodies = vec![
        crate_box(Vec2::splat(0.1), Vec2::new(0.0, 0.0), 1.0).into_static(),
        crate_box(Vec2::splat(0.1), Vec2::new(n as f32 - 1.0, 0.0), 1.0)
            .into_static(),
    ];
    let index = |i: usize, j: usize| 2 + i * n + j;
    for i in 0..n {
        for j in 0..n {
            let at = Vec2::new(j as f32, -(i as f32));
            let shape = Shape::Circle(crate::Circle { radius: 0.3 });
            bodies.push(Body::new(shape, at, 0.0, 1.0));
        }
    }
    let mut joints = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let here = bodies[index(i, j)].position;
            if j + 1 < n {
                let mid = here + Vec2::new(0.5, 0.0);
                joints.push(Joint::revolute(
                    &bodies,
                    index(i, j),
                    index(i, j + 1),
                    mid,
                ));
            }
            if i + 1 < n {
                let mid = here + Vec2::new(0.0, -0.5);
                joints.push(Joint::revolute(
                    &bodies,
                    index(i, j),
                    index(i + 1, j),
                    mid,
                ));
            }
        }
    }
    joints.push(Joint::revolute(&bodies, 0, index(0, 0), Vec2::ZERO));
    joints.push(Joint::revolute(
        &bodies,
        1,
        index(0, n - 1),
        Vec2::new(n as f32 - 1.0, 0.0),
    ));
    World::new(bodies, Vec::new(), joints)
}
// ANCHOR_END: scenes
