//! Slips in the source article on the engine core that matter once bodies turn and
//! rub: one contact point said to be enough, and Coulomb's cap written with the
//! normal where the normal impulse is meant. Each test runs chapter 6's own stages,
//! once as the chapter does and once with the slip put back.

use ch06_rotation_friction::{
    Body, Manifold, Obb, Shape, World, friction_impulse, mix_friction,
    normal_impulse,
};
use glam::Vec2;
use physics_core::math::perp;

const DT: f32 = 1.0 / 60.0;

fn rect(hx: f32, hy: f32, position: Vec2, mass: f32) -> Body {
    let shape = Shape::Box(Obb { half_extents: Vec2::new(hx, hy) });
    Body::new(shape, position, 0.0, mass)
}

fn ground() -> Body {
    let shape = Shape::Box(Obb { half_extents: Vec2::new(5.0, 0.5) });
    Body::fixed(shape, Vec2::new(0.0, -0.5), 0.0)
}

/// Chapter 6's step, stage by stage, with a hook after the narrow phase and the
/// solver pass supplied: with `|_| {}` and `World::solve_contacts` it is exactly
/// `World::step`.
fn step_with(
    world: &mut World,
    after_detect: impl Fn(&mut World),
    pass: impl Fn(&mut World),
) {
    world.integrate_velocities(DT);
    world.find_collisions();
    after_detect(world);
    world.begin_impulses();
    for _ in 0..world.iterations.max(1) {
        pass(world);
    }
    world.correct_positions();
    world.integrate_positions(DT);
}

/// Keep only each manifold's deepest contact point (the first of equals): an engine
/// with one contact point per pair.
fn keep_one_point(world: &mut World) {
    for c in &mut world.collisions {
        let deepest = c
            .manifold
            .contacts()
            .iter()
            .copied()
            .reduce(|p, q| if q.penetration > p.penetration { q } else { p });
        if let Some(m) = deepest.and_then(|p| {
            Manifold::new(c.manifold.normal, c.manifold.penetration, &[p])
        }) {
            c.manifold = m;
        }
    }
}

/// The article says that "with impulse resolution only one point of contact should
/// be necessary". Not once bodies turn: a 1 m by 0.5 m box dropped flat from 30 cm
/// onto the ground lands and stays level with chapter 5's two contact points (its
/// angle stays under 1e-5 rad, measured 1.6e-6, and it does not move sideways),
/// while with one point per manifold each landing pushes one corner only: the box
/// rocks from corner to corner, tilting 0.06 rad (3.4 degrees) and walking 24 cm
/// sideways in ten seconds (measured). The bounds asked of the one-point box are a
/// third of those and a thousand times the two-point box's.
#[test]
fn one_contact_point_lets_a_landing_box_rock() {
    let start = rect(0.5, 0.25, Vec2::new(0.7, 0.545), 0.5);
    let run = |one_point: bool| {
        let mut world = World::new(vec![ground(), start]);
        let mut worst_angle = 0.0f32;
        for _ in 0..600 {
            let detect = |w: &mut World| {
                if one_point {
                    keep_one_point(w);
                }
            };
            step_with(&mut world, detect, World::solve_contacts);
            worst_angle = worst_angle.max(world.bodies[1].angle.abs());
        }
        let sideways = (world.bodies[1].position.x - start.position.x).abs();
        (worst_angle, sideways)
    };
    let (angle, sideways) = run(false);
    assert!(
        angle < 1e-5 && sideways < 1e-3,
        "two points: {angle} rad, {sideways} m"
    );
    let (angle, sideways) = run(true);
    assert!(
        angle > 0.02 && sideways > 0.08,
        "one point: {angle} rad, {sideways} m"
    );
}

/// One pass of contact impulses with Coulomb's cap written as the article writes
/// it, "the manifold normal * the coefficient of friction": `mu` times the unit
/// normal's length, a fixed `mu` newton-seconds, where `mu` times the normal
/// impulse is meant.
fn pass_capped_by_the_normal(world: &mut World) {
    for k in 0..world.collisions.len() {
        let c = world.collisions[k];
        let n = c.manifold.normal;
        let (low, high) = world.bodies.split_at_mut(c.b);
        let (a, b) = (&mut low[c.a], &mut high[0]);
        let mu = mix_friction(a.friction, b.friction);
        for p in c.manifold.contacts() {
            let jn = normal_impulse(a, b, p.point, n, 0.0);
            a.apply_impulse(-jn * n, p.point);
            b.apply_impulse(jn * n, p.point);
            let jt = friction_impulse(a, b, p.point, n, mu * n.length(), 0.0);
            a.apply_impulse(-jt * perp(n), p.point);
            b.apply_impulse(jt * perp(n), p.point);
        }
    }
}

/// A 0.1 kg box, 0.4 m by 0.2 m, sliding at 2 m/s on the ground, friction 0.5.
/// Coulomb's law, which chapter 6 applies with `mu` times the normal impulse, slows
/// it at `mu g` = 4.9 m/s^2: after 0.2 s it has slid 29 cm and still moves at 2 -
/// 0.98 = 1.02 m/s, flat on the ground (asked: within 5 %, and under 1e-3 rad of
/// tilt). With the cap `mu` times the unit normal, 0.5 N s per impulse against the
/// 0.2 N s of momentum the box has, friction grabs the box's bottom edge at once:
/// the box trips onto its front corner (0.16 rad) and in those 0.2 s gets no
/// further than 1.8 cm (measured; asked: under 5 cm and over 0.05 rad).
#[test]
fn the_friction_cap_is_mu_times_the_normal_impulse_not_the_normal() {
    let mut slider = rect(0.2, 0.1, Vec2::new(0.0, 0.095), 0.1).with_friction(0.5);
    slider.velocity = Vec2::new(2.0, 0.0);
    let bodies = vec![ground().with_friction(0.5), slider];
    let run = |slip: bool| {
        let mut world = World::new(bodies.clone());
        let (mut furthest, mut worst_angle) = (0.0f32, 0.0f32);
        for _ in 0..12 {
            if slip {
                step_with(&mut world, |_| {}, pass_capped_by_the_normal);
            } else {
                world.step(DT);
            }
            furthest = furthest.max(world.bodies[1].position.x);
            worst_angle = worst_angle.max(world.bodies[1].angle.abs());
        }
        (world.bodies[1].velocity.x, furthest, worst_angle)
    };
    let expected = 2.0 - 0.5 * 9.81 * 0.2;
    let (v, _, angle) = run(false);
    assert!((v / expected - 1.0).abs() < 0.05, "{v} m/s, expected {expected}");
    assert!(angle < 1e-3, "tilted {angle} rad");
    let (_, furthest, angle) = run(true);
    assert!(furthest < 0.05 && angle > 0.05, "{furthest} m, {angle} rad");
}
