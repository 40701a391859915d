//! The loop: the clock turns frames into whole steps exactly, and a frame
//! never draws a body where neither of its two states had it.

use ch17_a_game::frame::nanoseconds;
use ch17_a_game::{Clock, DT, Frames, Pose, lerp_pose};
use glam::Vec2;
use proptest::prelude::*;

/// Sixty frames of 1/60 s are sixty steps, alpha 0 after each; 144 Hz
/// frames take 0 or 1 step each; frames of two steps take 2.
#[test]
fn the_clock_spends_whole_steps() {
    let mut clock = Clock::new(DT);
    for _ in 0..60 {
        assert_eq!(clock.bank(DT), 1);
        assert_eq!(clock.alpha(), 0.0);
    }
    // At 144 Hz, a step or none each frame, and no time lost or made: the
    // steps and the bank add up to the frames' time to the nanosecond. (A
    // second of frames of 1/144 s, each 6,944,444 ns, is 16 ns short of
    // 60 steps of 16,666,667 ns: 59 steps, the 60th due 16 ns on.)
    let mut clock = Clock::new(DT);
    let steps: Vec<u32> = (0..1440).map(|_| clock.bank(1.0 / 144.0)).collect();
    assert!(steps.iter().all(|&n| n <= 1));
    let spent = steps.iter().sum::<u32>() as u64 * clock.step + clock.banked;
    assert_eq!(spent, 1440 * nanoseconds(1.0 / 144.0));
    assert_eq!(steps.iter().sum::<u32>(), 599);
    let mut clock = Clock::new(DT);
    assert!((0..30).all(|_| clock.bank(2.0 * DT) == 2));
    // A stall of a second takes at most `max_steps`, and the rest is
    // dropped: the next frame is an ordinary one.
    let mut clock = Clock::new(DT);
    assert_eq!(clock.bank(1.0), clock.max_steps);
    assert_eq!(clock.bank(DT), 1);
    // Nothing from nothing, or from a time that is not one.
    assert_eq!((nanoseconds(-1.0), nanoseconds(f32::NAN)), (0, 0));
}

fn pose() -> impl Strategy<Value = Pose> {
    (-1e3f32..1e3, -1e3f32..1e3, -20f32..20.0)
        .prop_map(|(x, y, angle)| Pose { position: Vec2::new(x, y), angle })
}

proptest! {
    /// The drawn pose is on the segment between the two states (each
    /// coordinate between theirs, to the bit) and its angle between the
    /// first and the first turned the short way to the second.
    #[test]
    fn a_drawn_pose_lies_between_its_two_states(a in pose(), b in pose(), t in 0f32..=1.0) {
        let p = lerp_pose(a, b, t);
        for (x, lo, hi) in [
            (p.position.x, a.position.x, b.position.x),
            (p.position.y, a.position.y, b.position.y),
        ] {
            prop_assert!(lo.min(hi) <= x && x <= lo.max(hi), "{x} outside {lo}..{hi}");
        }
        let tau = std::f32::consts::TAU;
        let turn = (b.angle - a.angle) - tau * ((b.angle - a.angle) / tau).round();
        prop_assert!(turn.abs() <= std::f32::consts::PI + 1e-5);
        let (lo, hi) = (a.angle.min(a.angle + turn), a.angle.max(a.angle + turn));
        prop_assert!(lo <= p.angle && p.angle <= hi, "{} outside {lo}..{hi}", p.angle);
    }

    /// Every body drawn in every frame of a game at uneven frame rates
    /// lies between its poses before and after the last step.
    #[test]
    fn the_game_never_draws_a_body_where_neither_state_had_it(seed in 0u64..1000) {
        let replay = ch17_a_game::replay::bundled(0);
        let mut frames = Frames::new(ch17_a_game::Play::new(&replay.level().unwrap(), 1));
        let mut rng = physics_core::rng::Rng::new(seed);
        for _ in 0..200 {
            frames.frame(rng.range(0.001, 0.04), |p| replay.input(p.step));
            for i in 0..frames.after.len() {
                let Some(drawn) = frames.drawn(i) else { continue };
                let (g, now) = frames.after[i].unwrap();
                let then = match frames.before.get(i).copied().flatten() {
                    Some((h, then)) if h == g => then,
                    _ => now,
                };
                for (x, a, b) in [
                    (drawn.position.x, then.position.x, now.position.x),
                    (drawn.position.y, then.position.y, now.position.y),
                    (drawn.angle, then.angle.min(now.angle), then.angle.max(now.angle)),
                ] {
                    prop_assert!(a.min(b) <= x && x <= a.max(b), "body {i}: {x} outside {a}..{b}");
                }
            }
        }
    }
}

/// The ends, and the short way round: from just under pi to just over -pi
/// is a small turn forward, not a whole turn back.
#[test]
fn lerp_pose_in_worked_cases() {
    let at = |x: f32, angle: f32| Pose { position: Vec2::new(x, 0.0), angle };
    assert_eq!(lerp_pose(at(1.0, 0.5), at(3.0, 1.5), 0.0), at(1.0, 0.5));
    assert_eq!(lerp_pose(at(1.0, 0.5), at(3.0, 1.5), 1.0), at(3.0, 1.5));
    assert_eq!(lerp_pose(at(1.0, 0.5), at(3.0, 1.5), 0.5), at(2.0, 1.0));
    let p = lerp_pose(at(0.0, 3.1), at(0.0, -3.1), 0.5);
    assert!((p.angle - std::f32::consts::PI).abs() < 1e-3, "{}", p.angle);
}
