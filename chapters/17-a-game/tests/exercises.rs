//! Each exercise of the chapter judged on its own: drawing between two
//! states against worked poses and at random; the world's hash against
//! worlds one bit apart; the accumulator against frame rates worked by hand
//! and at random. A failure names the quantity that is wrong, the
//! case it tried, what it expected and what it got, and the section of the
//! book's page to reread.

use ch17_a_game::frame::{bank, nanoseconds};
use ch17_a_game::{Clock, DT, Pose, lerp_pose, state_hash};
use glam::Vec2;
use physics_core::exercise::Exercise;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch17-a-game.md";
const LERP: Exercise = Exercise {
    name: "exercise 17.1, lerp_pose",
    page: PAGE,
    reread: "\"Drawing between two states\"",
};
const BANK: Exercise = Exercise {
    name: "exercise 17.3, bank",
    page: PAGE,
    reread: "\"The game loop\"",
};
const HASH: Exercise = Exercise {
    name: "exercise 17.2, state_hash",
    page: PAGE,
    reread: "\"Replays\"",
};

fn at(x: f32, y: f32, angle: f32) -> Pose {
    Pose { position: Vec2::new(x, y), angle }
}

#[test]
fn drawing_between_two_states_in_worked_cases() {
    let pi = std::f32::consts::PI;
    // (a, b, t, want, why)
    let cases = [
        (
            at(0.0, 0.0, 0.0),
            at(2.0, 4.0, 1.0),
            0.0,
            at(0.0, 0.0, 0.0),
            "t = 0: the first",
        ),
        (
            at(0.0, 0.0, 0.0),
            at(2.0, 4.0, 1.0),
            1.0,
            at(2.0, 4.0, 1.0),
            "t = 1: the second",
        ),
        (at(0.0, 0.0, 0.0), at(2.0, 4.0, 1.0), 0.5, at(1.0, 2.0, 0.5), "half way"),
        (
            at(0.0, 0.0, 3.0),
            at(0.0, 0.0, -3.0),
            0.5,
            at(0.0, 0.0, pi),
            "from 3 rad to -3 rad: 0.28 rad forward through pi, not 6 back",
        ),
        (
            at(0.0, 0.0, -3.0),
            at(0.0, 0.0, 3.0),
            0.5,
            at(0.0, 0.0, -pi),
            "from -3 rad to 3 rad: back through -pi",
        ),
        (
            at(0.0, 0.0, 0.2),
            at(0.0, 0.0, 0.2 + 2.0 * pi),
            0.5,
            at(0.0, 0.0, 0.2),
            "a whole turn is no turn",
        ),
    ];
    for (a, b, t, want, why) in cases {
        let got = lerp_pose(a, b, t);
        let near = (got.position - want.position).length() < 1e-5
            && (got.angle - want.angle).abs() < 1e-5;
        let case = format!("{a:?} to {b:?} at t = {t} ({why})");
        assert!(
            near,
            "{}",
            LERP.wrong("the pose", case, format!("{want:?}"), format!("{got:?}"))
        );
    }
}

proptest! {
    /// At random: each coordinate between its two ends, to the bit, even
    /// where `a + (b - a) t` rounds past `b`.
    #[test]
    fn drawing_between_two_states_stays_between(
        ax in -1e4f32..1e4, bx in -1e4f32..1e4, t in 0f32..=1.0,
    ) {
        let got = lerp_pose(at(ax, 0.0, 0.0), at(bx, 0.0, 0.0), t);
        let (lo, hi) = (ax.min(bx), ax.max(bx));
        let ok = lo <= got.position.x && got.position.x <= hi;
        let case = format!("x from {ax} to {bx} at t = {t}");
        prop_assert!(ok, "{}", LERP.wrong("x", case, format!("within {lo}..{hi}"), got.position.x));
    }
}

#[test]
fn a_hash_that_catches_a_drift() {
    let play = ch17_a_game::worlds::level(0);
    let base = state_hash(&play.world);
    let again = state_hash(&ch17_a_game::worlds::level(0).world);
    assert!(
        base == again,
        "{}",
        HASH.wrong(
            "the hash of two equal worlds",
            "level 1 made twice",
            base,
            again
        )
    );
    // One bit of one quantity of one body, each in turn.
    let n = play.world.solver.bodies.len();
    for i in 0..n {
        for q in 0..6 {
            let mut world = play.world.clone();
            let b = &mut world.solver.bodies[i];
            let v = [
                &mut b.position.x,
                &mut b.position.y,
                &mut b.angle,
                &mut b.velocity.x,
                &mut b.velocity.y,
                &mut b.angular_velocity,
            ];
            let names = [
                "position.x",
                "position.y",
                "angle",
                "velocity.x",
                "velocity.y",
                "spin",
            ];
            *v[q] = f32::from_bits(v[q].to_bits() ^ 1);
            let got = state_hash(&world);
            assert!(
                got != base,
                "{}",
                HASH.wrong(
                    "whether the hash changed",
                    format!("body {i}'s {} one bit off", names[q]),
                    "a different hash",
                    format!("{got:016x}, the same")
                )
            );
        }
    }
    // Two bodies swapped: the same numbers in another order.
    let mut world = play.world.clone();
    world.solver.bodies.swap(1, 2);
    let got = state_hash(&world);
    assert!(
        got != base,
        "{}",
        HASH.wrong(
            "whether the hash changed",
            "bodies 1 and 2 swapped",
            "a different hash",
            got
        )
    );
}

/// Frames of `seconds` each, `n` of them, through a fresh clock: the steps
/// each bought, and the clock after.
fn frames(seconds: f32, n: usize) -> (Vec<u32>, Clock) {
    let mut clock = Clock::new(DT);
    let steps = (0..n).map(|_| bank(&mut clock, seconds)).collect();
    (steps, clock)
}

#[test]
fn the_accumulator_in_worked_cases() {
    let step = Clock::new(DT).step;
    let check = |what: &str, case: &str, want: String, got: String| {
        assert!(want == got, "{}", BANK.wrong(what, case, want, got));
    };
    // (frame length, frames, total steps wanted, bank wanted, why)
    let cases: [(f32, usize, u32, u64, &str); 5] = [
        (DT, 60, 60, 0, "60 frames of one step each: 60 steps, nothing left"),
        (
            2.0 * DT,
            30,
            60,
            30 * (nanoseconds(2.0 * DT) - 2 * step),
            "30 frames of two steps: two each, and 2 DT's rounding banked",
        ),
        (
            2.5 * DT,
            1,
            2,
            nanoseconds(2.5 * DT) - 2 * step,
            "2.5 steps: 2 now, half banked",
        ),
        (-1.0, 3, 0, 0, "a negative frame buys nothing"),
        (f32::NAN, 3, 0, 0, "a frame of NaN seconds buys nothing"),
    ];
    for (seconds, n, want, banked, why) in cases {
        let (steps, clock) = frames(seconds, n);
        let case = format!("{n} frames of {seconds} s ({why})");
        let total: u32 = steps.iter().sum();
        check("the steps taken", &case, want.to_string(), total.to_string());
        check(
            "the time banked, ns",
            &case,
            banked.to_string(),
            clock.banked.to_string(),
        );
    }
    // At 144 Hz: a step or none each frame, and 599 steps in ten seconds
    // (each frame is 6,944,444 ns: ten seconds of them are 160 ns short of
    // 600 steps).
    let (steps, clock) = frames(1.0 / 144.0, 1440);
    let case = "1440 frames of 1/144 s";
    let most = steps.iter().max().copied().unwrap_or(0);
    check("the most steps in one frame", case, "1".into(), most.to_string());
    let total: u32 = steps.iter().sum();
    check("the steps taken", case, "599".into(), total.to_string());
    let spent = total as u64 * clock.step + clock.banked;
    let given = 1440 * nanoseconds(1.0 / 144.0);
    check("steps and bank, ns", case, given.to_string(), spent.to_string());
    // A stall of a second: at most `max_steps`, the rest dropped, so the
    // next frame is an ordinary one.
    let mut clock = Clock::new(DT);
    let (stalled, next) = (bank(&mut clock, 1.0), bank(&mut clock, DT));
    let case = "a frame of 1 s, then one of 1/60 s";
    check("the steps of the stalled frame", case, "8".into(), stalled.to_string());
    check("the steps of the next frame", case, "1".into(), next.to_string());
}

proptest! {
    /// Frames of any length up to a tenth of a second: no time made or
    /// lost, to the nanosecond, and the bank always less than a step.
    #[test]
    fn the_accumulator_keeps_every_nanosecond(lengths in prop::collection::vec(0f32..0.1, 1..200)) {
        let mut clock = Clock::new(DT);
        let (mut given, mut taken) = (0u64, 0u64);
        for &seconds in &lengths {
            given += nanoseconds(seconds);
            taken += bank(&mut clock, seconds) as u64 * clock.step;
            let case = format!("after frames of {lengths:?} s");
            prop_assert!(
                clock.banked < clock.step,
                "{}",
                BANK.wrong("the bank, ns", case, format!("below {}", clock.step), clock.banked)
            );
        }
        let case = format!("frames of {lengths:?} s");
        prop_assert!(
            taken + clock.banked == given,
            "{}",
            BANK.wrong("steps and bank, ns", case, given, taken + clock.banked)
        );
    }
}
