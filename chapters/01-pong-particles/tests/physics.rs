//! The laws chapter 1 claims, checked over random particles.

use crate::judge::BOUNCE;
use ch01_pong_particles::{Particle, World, bounce_off_walls};
use glam::Vec2;
use proptest::prelude::*;

/// The box of the tutorial: walls at -1 and +1.
const H: f32 = 1.0;

fn inside() -> impl Strategy<Value = f32> {
    -H..H
}

fn velocity() -> impl Strategy<Value = Vec2> {
    (-5.0f32..5.0, -5.0f32..5.0).prop_map(|(x, y)| Vec2::new(x, y))
}

fn particles() -> impl Strategy<Value = Vec<Particle>> {
    prop::collection::vec(
        (inside(), inside(), velocity()).prop_map(|(x, y, v)| Particle {
            position: Vec2::new(x, y),
            velocity: v,
        }),
        1..20,
    )
}

/// A point anywhere, inside the box or out, up to 2 m past a wall.
fn anywhere() -> impl Strategy<Value = Vec2> {
    (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Vec2::new(x, y))
}

proptest! {
    /// Integrate-then-bounce lets a particle out by at most one step's travel: it
    /// was inside before the step, moved at most |v| dt, and is sent back at once.
    /// The tolerance covers a few f32 roundings of numbers near 1 (an ulp there is
    /// 1.2e-7).
    #[test]
    fn particles_stay_within_one_step_of_the_box(
        start in particles(), dt in 0.001f32..0.1, steps in 1usize..300,
    ) {
        let mut world = World::new(start);
        for step in 1..=steps {
            world.step(dt);
            for p in &world.particles {
                let reach = p.velocity.abs() * dt + Vec2::splat(1e-5);
                let outside = p.position.abs() - Vec2::splat(H);
                prop_assert!(
                    outside.x <= reach.x && outside.y <= reach.y,
                    "{}",
                    BOUNCE.wrong(
                        "how far the particle is past the walls, (|x| - h, |y| - h)",
                        format!("after step {step} of {dt} s, {p:?}, h = {H}"),
                        format!("at most one step's travel, |v| dt = {}", reach),
                        outside,
                    )
                );
            }
        }
    }

    /// A bounce flips components, so the speed is the same to the last bit: e = 1.
    #[test]
    fn a_bounce_preserves_speed_exactly(at in anywhere(), v in velocity(), check in any::<bool>()) {
        let mut p = Particle { position: at, velocity: v };
        bounce_off_walls(&mut p, H, check);
        let case = format!("at {at} moving {v}, h = {H}, approach_check = {check}");
        prop_assert!(
            p.velocity.abs() == v.abs(),
            "{}",
            BOUNCE.wrong("the size of each velocity component (a bounce only flips signs)",
                &case, v.abs(), p.velocity.abs())
        );
        prop_assert!(
            p.velocity.length().to_bits() == v.length().to_bits(),
            "{}",
            BOUNCE.wrong("the speed, to the last bit", &case, v.length(), p.velocity.length())
        );
    }

    /// After a bounce, a particle outside a wall moves back towards the box.
    #[test]
    fn after_a_bounce_the_particle_heads_back_in(at in anywhere(), v in velocity()) {
        let mut p = Particle { position: at, velocity: v };
        bounce_off_walls(&mut p, H, true);
        let case = format!("at {at} moving {v}, h = {H}, approach_check = true");
        let back_in = |past: bool, component: f32, towards: f32| !past || component * towards >= 0.0;
        for (past, component, towards, wall) in [
            (at.x > H, p.velocity.x, -1.0, "right"),
            (at.x < -H, p.velocity.x, 1.0, "left"),
            (at.y > H, p.velocity.y, -1.0, "ceiling"),
            (at.y < -H, p.velocity.y, 1.0, "floor"),
        ] {
            prop_assert!(
                back_in(past, component, towards),
                "{}",
                BOUNCE.wrong(
                    &format!("the velocity across the {wall} wall"),
                    &case,
                    "heading back into the box",
                    p.velocity,
                )
            );
        }
    }

    /// The approach check: a particle still outside after its bounce is not flipped
    /// again. Without the check it is, straight back into the wall: the bug the
    /// tutorial warns of.
    #[test]
    fn the_approach_check_prevents_a_second_flip(
        wall in 0usize..4, depth in 0.001f32..1.0, along in -0.9f32..0.9, speed in 0.1f32..5.0,
    ) {
        // A particle `depth` past one of the four walls, moving further out.
        let normal = [Vec2::X, -Vec2::X, Vec2::Y, -Vec2::Y][wall];
        let position = normal * (H + depth) + normal.perp() * along;
        let start = Particle { position, velocity: normal * speed };
        let case = format!("{start:?}, past a wall and moving out, h = {H}, bounced twice");
        let mut checked = start;
        let flips = bounce_off_walls(&mut checked, H, true);
        prop_assert!(flips == 1, "{}", BOUNCE.wrong("the first bounce's flips", &case, 1, flips));
        let after_first = checked.velocity;
        prop_assert!(
            after_first == -normal * speed,
            "{}",
            BOUNCE.wrong("the velocity after the first bounce", &case, -normal * speed, after_first)
        );
        let flips = bounce_off_walls(&mut checked, H, true);
        prop_assert!(
            flips == 0 && checked.velocity == after_first,
            "{}",
            BOUNCE.wrong(
                "the second bounce, with the approach check (it must do nothing)",
                &case,
                format!("0 flips, velocity {after_first}"),
                format!("{flips} flips, velocity {}", checked.velocity),
            )
        );

        let mut unchecked = start;
        bounce_off_walls(&mut unchecked, H, false);
        bounce_off_walls(&mut unchecked, H, false);
        prop_assert!(
            unchecked.velocity == normal * speed,
            "{}",
            BOUNCE.wrong(
                "the velocity after two bounces without the approach check (the second \
                 flips it back out)",
                &case,
                normal * speed,
                unchecked.velocity,
            )
        );
    }

    /// Same start, same steps: bit-identical particles.
    #[test]
    fn stepping_is_deterministic(start in particles(), dt in 0.001f32..0.1) {
        let mut a = World::new(start.clone());
        let mut b = World::new(start);
        for _ in 0..100 {
            a.step(dt);
            b.step(dt);
        }
        for (p, q) in a.particles.iter().zip(&b.particles) {
            prop_assert_eq!(p.position.to_array().map(f32::to_bits), q.position.to_array().map(f32::to_bits));
            prop_assert_eq!(p.velocity.to_array().map(f32::to_bits), q.velocity.to_array().map(f32::to_bits));
        }
    }
}
