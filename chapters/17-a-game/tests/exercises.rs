//! Each exercise of the chapter judged on its own: drawing between two
//! states against worked poses and at random; the world's hash against
//! worlds one bit apart. A failure names the quantity that is wrong, the
//! case it tried, what it expected and what it got, and the section of the
//! book's page to reread.

use ch17_a_game::{Pose, lerp_pose, state_hash};
use glam::Vec2;
use physics_core::exercise::Exercise;
use proptest::prelude::*;

const PAGE: &str = "book/src/ch17-a-game.md";
const LERP: Exercise = Exercise {
    name: "exercise 17.1, lerp_pose",
    page: PAGE,
    reread: "\"Drawing between two states\"",
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
