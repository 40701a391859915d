//! Each exercise of the chapter judged on its own: the first free colour on
//! numbers; the normal row and the contact's target in eight lanes against one
//! lane and against chapter 10; the balanced colouring against the colouring's
//! rule, on the rain and under a pyramid. A failure names the quantity that is
//! wrong, the case it tried, what it expected and what it got, and the section of
//! the book's page to reread.

use ch10_soft_step::{Soft, contact_target};
use ch14_wide_solver::colour::{DYNAMIC_COLOURS, first_free};
use ch14_wide_solver::worlds::{pyramid, rain};
use ch14_wide_solver::{
    COLOURS, F32x8, LANES, Lane, OVERFLOW, colour, least_used, normal_row,
    target_in_lanes,
};
use proptest::prelude::*;

const PAGE: &str = "book/src/ch14-wide-solver.md";
const DT: f32 = 1.0 / 60.0;

/// Fail unless `ok`, with `what` (the quantity, the case, expected and got) and the
/// page's `section` to reread. The failure is reported at the caller's line.
#[track_caller]
fn check(ok: bool, section: &str, what: impl FnOnce() -> String) {
    assert!(ok, "{}\n  Reread \"{section}\" in {PAGE}.", what());
}

const COLOURING: &str = "Colouring the constraint graph";

/// Exercise 14.1 on numbers: the lowest clear bit, below `COLOURS`.
#[test]
fn the_first_free_colour_is_the_lowest_clear_bit() {
    let all = (1u32 << COLOURS) - 1;
    // (taken, colour, why)
    let cases = [
        (0, 0, "nothing taken"),
        (0b1, 1, "colour 0 taken"),
        (
            0b1011,
            2,
            "colours 0, 1 and 3 taken: the lowest clear bit, not the set one",
        ),
        (0b0110, 0, "colours 1 and 2 taken: 0 is free"),
        (all & !(1 << 22), 22, "all but the last colour taken"),
        (all, OVERFLOW, "every colour taken: the overflow"),
        (u32::MAX, OVERFLOW, "every bit set, above COLOURS too"),
        (all | (1 << 30), OVERFLOW, "a bit above COLOURS clear is no colour"),
    ];
    for (taken, want, why) in cases {
        let got = first_free(taken);
        check(got == want, COLOURING, || {
            format!(
                "exercise 14.1, first_free: the colour should be {want}, got {got} (taken = \
                 {taken:#b}: {why}; OVERFLOW is {OVERFLOW})"
            )
        });
    }
}

const LANES_SECTION: &str = "Rows in lanes";

/// Exercise 14.2 on numbers: a rigid row (impulse scale 0) adds mass times error;
/// a soft row gives back `impulse_scale` of its total; the total never goes below
/// 0, and what was applied is the change of the total.
#[test]
fn the_normal_row_adds_the_soft_impulse_and_clamps() {
    // (mass, error, impulse scale, total, new total, applied, why)
    let cases = [
        (2.0, 3.0, 0.0, 1.0, 7.0, 6.0, "rigid: 1 + 2 x 3"),
        (2.0, 3.0, 0.5, 1.0, 6.5, 5.5, "soft: gives back half of the total 1"),
        (
            2.0,
            -3.0,
            0.0,
            1.0,
            0.0,
            -1.0,
            "pulling: clamped at 0, taking back the 1",
        ),
    ];
    for (m, e, s, t, want_total, want_applied, why) in cases {
        let got = normal_row(m, e, s, t);
        check(got == (want_total, want_applied), LANES_SECTION, || {
            format!(
                "exercise 14.2, normal_row: (new total, applied) should be ({want_total}, \
                 {want_applied}), got {got:?} (mass {m}, error {e}, impulse scale {s}, total \
                 {t}: {why})"
            )
        });
    }
}

proptest! {
    /// Exercise 14.2 in lanes: eight lanes equal the row one lane at a time, to
    /// the bit, and never leave a negative total.
    #[test]
    fn the_wide_normal_row_is_the_one_lane_row_eight_times(
        v in prop::collection::vec((0.0f32..10.0, -5.0f32..5.0, 0.0f32..1.0, 0.0f32..20.0), LANES),
    ) {
        let lanes = |k: usize| F32x8::gather(|i| [v[i].0, v[i].1, v[i].2, v[i].3][k]);
        let (total, applied) = normal_row(lanes(0), lanes(1), lanes(2), lanes(3));
        for (i, &(m, e, s, t)) in v.iter().enumerate() {
            let (one_total, one_applied) = normal_row(m, e, s, t);
            let case = format!("lane {i}: mass {m}, error {e}, impulse scale {s}, total {t}");
            prop_assert!(
                total.lane(i).to_bits() == one_total.to_bits()
                    && applied.lane(i).to_bits() == one_applied.to_bits(),
                "exercise 14.2, normal_row: eight lanes should give one lane's bits, \
                 ({one_total}, {one_applied}), but gave ({}, {}) ({case}).\n  Reread \
                 \"{LANES_SECTION}\" in {PAGE}.",
                total.lane(i),
                applied.lane(i)
            );
            prop_assert!(
                one_total >= 0.0 && one_total - t == one_applied,
                "exercise 14.2, normal_row: the new total should be at least 0 and what was \
                 applied its change, got ({one_total}, {one_applied}) ({case}).\n  Reread \
                 \"{LANES_SECTION}\" in {PAGE}."
            );
        }
    }

    /// Exercise 14.4 against chapter 10. Eight lanes of separations, some apart,
    /// some overlapping, with the bias on (the contact's softness) or relaxing
    /// (rigid): each lane's target and scales are chapter 10's `contact_target`'s,
    /// and one lane at a time gives the eight lanes' bits.
    #[test]
    fn the_target_in_lanes_is_chapter_10s_target(
        s in prop::collection::vec(-0.5f32..0.5, LANES),
        bias_rate in 0.0f32..100.0,
        mass_scale in 0.0f32..1.0,
        push_out in 0.1f32..5.0,
        use_bias: bool,
    ) {
        let h = 1.0 / 240.0;
        let soft = Soft { bias_rate, mass_scale, impulse_scale: 1.0 - mass_scale };
        let this_pass = if use_bias { soft } else { Soft::RIGID };
        let (target, m, g) = target_in_lanes(F32x8::gather(|i| s[i]), 1.0 / h, &this_pass, push_out);
        for (i, &s) in s.iter().enumerate() {
            let (want, want_soft) = contact_target(s, h, &soft, push_out, use_bias);
            let (one_target, one_m, one_g) = target_in_lanes(s, 1.0 / h, &this_pass, push_out);
            let case = format!(
                "lane {i}: separation {s} m, substep {h} s, softness {soft:?}, push-out cap \
                 {push_out} m/s, {}",
                if use_bias { "with the bias" } else { "relaxing (rigid at 0)" }
            );
            prop_assert!(
                (one_target - want).abs() <= 1e-4 * (1.0 + want.abs())
                    && one_m == want_soft.mass_scale
                    && one_g == want_soft.impulse_scale,
                "exercise 14.4, target_in_lanes: (target, mass scale, impulse scale) should be \
                 chapter 10's ({want}, {}, {}), got ({one_target}, {one_m}, {one_g}) ({case}).\n  \
                 Reread \"{LANES_SECTION}\" in {PAGE}.",
                want_soft.mass_scale, want_soft.impulse_scale
            );
            prop_assert!(
                [target.lane(i), m.lane(i), g.lane(i)].map(f32::to_bits)
                    == [one_target, one_m, one_g].map(f32::to_bits),
                "exercise 14.4, target_in_lanes: eight lanes should give one lane's bits, \
                 ({one_target}, {one_m}, {one_g}), but gave ({}, {}, {}) ({case}).\n  Reread \
                 \"{LANES_SECTION}\" in {PAGE}.",
                target.lane(i), m.lane(i), g.lane(i)
            );
        }
    }
}

const BALANCE: &str = "Exercise 14.5: a balanced colouring";

/// Exercise 14.5 on numbers: the free colour holding the fewest, the lowest of a
/// tie, or the overflow.
#[test]
fn the_least_used_free_colour() {
    let mut counts = [0usize; COLOURS];
    counts[..5].copy_from_slice(&[9, 4, 7, 4, 8]);
    let all = (1u32 << COLOURS) - 1;
    let only_first_five = all & !0b11111;
    // (taken, colour, why)
    let cases = [
        (
            only_first_five,
            1,
            "colours 0 to 4 free, holding 9, 4, 7, 4, 8: 1 and 3 tie, the lower",
        ),
        (only_first_five | 0b10, 3, "colour 1 taken too: 3 holds the fewest"),
        (only_first_five | 0b1010, 2, "colours 1 and 3 taken too: 2 holds 7"),
        (0b11111, 5, "colours 0 to 4 taken: 5 holds none"),
        (all, OVERFLOW, "every colour taken: the overflow"),
    ];
    for (taken, want, why) in cases {
        let got = least_used(taken, &counts);
        check(got == want, BALANCE, || {
            format!(
                "exercise 14.5, least_used: the colour should be {want}, got {got} (taken = \
                 {taken:#025b}: {why})"
            )
        });
    }
}

/// The contacts of a graph of up to 60 bodies (some static) and 400 contacts.
fn graph() -> impl Strategy<Value = (Vec<bool>, Vec<(usize, usize)>)> {
    (2usize..60).prop_flat_map(|n| {
        let movable = prop::collection::vec(prop::bool::weighted(0.85), n);
        let pairs = prop::collection::vec((0..n, 0..n), 0..400).prop_map(|p| {
            p.into_iter().filter(|(a, b)| a != b).collect::<Vec<_>>()
        });
        (movable, pairs)
    })
}

proptest! {
    /// Exercise 14.5 keeps the colouring's rule: on random graphs, balanced, no
    /// colour touches a moving body twice, and a contact between moving bodies
    /// takes a colour they may take.
    #[test]
    fn a_balanced_colouring_touches_no_moving_body_twice((movable, pairs) in graph()) {
        let c = colour(&pairs, &movable, |_| None, true);
        let mut seen = vec![0u32; movable.len()];
        for (k, &(a, b)) in pairs.iter().enumerate() {
            let col = c.colours[k];
            if col == OVERFLOW {
                continue;
            }
            let case = format!("contact {k} between bodies {a} and {b}, {} bodies, {} contacts", movable.len(), pairs.len());
            prop_assert!(
                !(movable[a] && movable[b]) || (col as usize) < DYNAMIC_COLOURS,
                "exercise 14.5, least_used: a contact between moving bodies should take one of \
                 the first {DYNAMIC_COLOURS} colours, got {col} ({case}): colours in `taken` are \
                 not free.\n  Reread \"{BALANCE}\" in {PAGE}."
            );
            for i in [a, b] {
                if movable[i] {
                    prop_assert!(
                        seen[i] & (1 << col) == 0,
                        "exercise 14.5, least_used: body {i} should not be in colour {col} twice, \
                         but is ({case}).\n  Reread \"{BALANCE}\" in {PAGE}."
                    );
                    seen[i] |= 1 << col;
                }
            }
        }
    }
}

/// Exercise 14.5 in the world. Balanced, the rain's contacts between moving bodies
/// spread over the dynamic colours evenly, within 2 of each other after two
/// seconds (greedy leaves 556 in colour 0 and 1 in colour 8); and the 20-row
/// pyramid still stands: its top strays under 3 mm as it settles, and nothing
/// moves a millimetre over the last two and a half seconds of five.
#[test]
fn a_balanced_colouring_evens_the_colours_and_the_pyramid_stands() {
    let mut w = rain(1500);
    w.wide.balance = true;
    for _ in 0..120 {
        w.step(DT);
    }
    let counts = &w.wide.colouring.counts[..DYNAMIC_COLOURS];
    let (least, most) =
        (counts.iter().min().copied(), counts.iter().max().copied());
    check(most.zip(least).is_some_and(|(m, l)| m - l <= 2), BALANCE, || {
        format!(
            "exercise 14.5, least_used: balanced, the dynamic colours should hold counts within \
             2 of each other, got {counts:?} (the rain of 1,500 bodies after two seconds)"
        )
    });
    let mut w = pyramid(20);
    w.wide.balance = true;
    let (mut lean, mut half_way) = (0.0f32, Vec::new());
    for step in 0..300 {
        if step == 150 {
            half_way = w.bodies().iter().map(|b| b.position).collect();
        }
        w.step(DT);
        lean = lean.max(w.bodies().last().map_or(0.0, |b| b.position.x.abs()));
    }
    let drift = w
        .bodies()
        .iter()
        .zip(&half_way)
        .map(|(b, was)| b.position.distance(*was))
        .fold(0.0f32, f32::max);
    check(lean < 0.003 && drift < 0.001, BALANCE, || {
        format!(
            "exercise 14.5, least_used: balanced, the 20-row pyramid should stand, its top \
             within 3 mm of the middle and nothing moving 1 mm over the second half of 5 s, \
             but the top strayed {lean} m and a box moved {drift} m"
        )
    });
}
