//! The colouring: no colour holds two constraints that share a moving
//! body; a constraint overflows only when every colour it may take is
//! taken at its bodies; contacts with the ground take the top colours and
//! others the lowest; the greedy bound of `2 d - 1` colours holds; colours
//! kept from the last step stay; a real pyramid's contacts fit in a few
//! colours; and the figure's pile colours no box twice.

use ch14_wide_solver::colour::DYNAMIC_COLOURS;
use ch14_wide_solver::{COLOURS, OVERFLOW, colour};
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

fn graph() -> impl Strategy<Value = (Vec<bool>, Vec<(usize, usize)>)> {
    (2usize..60).prop_flat_map(|n| {
        let movable = prop::collection::vec(prop::bool::weighted(0.85), n);
        let pairs = prop::collection::vec((0..n, 0..n), 0..400);
        // No contact of a body with itself, nor of two static bodies: the
        // broad phase never hands one on.
        (movable, pairs).prop_map(|(movable, p)| {
            let pairs = p
                .into_iter()
                .filter(|&(a, b)| a != b && (movable[a] || movable[b]))
                .collect::<Vec<_>>();
            (movable, pairs)
        })
    })
}

proptest! {
    /// Random graphs of up to 60 bodies (some static) and 400 contacts,
    /// many bodies with more contacts than there are colours.
    #[test]
    fn no_colour_touches_a_moving_body_twice((movable, pairs) in graph()) {
        let c = colour(&pairs, &movable, |_| None, false);
        prop_assert_eq!(c.colours.len(), pairs.len());
        let mut seen = vec![0u32; movable.len()];
        // The colours each kind of contact may take: between two moving
        // bodies the dynamic ones; against a static body all but the first.
        let dynamic = |(a, b): (usize, usize)| movable[a] && movable[b];
        let allowed = |pair| match dynamic(pair) {
            true => (1u32 << DYNAMIC_COLOURS) - 1,
            false => ((1u32 << COLOURS) - 1) & !1,
        };
        for (k, &(a, b)) in pairs.iter().enumerate() {
            let col = c.colours[k];
            if col == OVERFLOW {
                // Overflow only when no colour it may take was free at both
                // bodies: each is on a or on b from a constraint coloured
                // earlier.
                let before = |i: usize| -> u32 {
                    if !movable[i] { return 0; }
                    pairs[..k].iter().zip(&c.colours).filter(|((x, y), col)| (*x == i || *y == i) && **col != OVERFLOW)
                        .fold(0, |m, (_, col)| m | 1 << col)
                };
                let free = allowed((a, b)) & !(before(a) | before(b));
                prop_assert_eq!(free, 0, "contact {} overflowed with colours free", k);
                continue;
            }
            prop_assert!(allowed((a, b)) & (1 << col) != 0, "contact {} in colour {}", k, col);
            for i in [a, b] {
                if movable[i] {
                    prop_assert!(seen[i] & (1 << col) == 0, "body {} twice in colour {}", i, col);
                    seen[i] |= 1 << col;
                }
            }
        }
        let total: usize = c.counts.iter().sum::<usize>() + c.overflow;
        prop_assert_eq!(total, pairs.len());
        // The greedy bound: a constraint meets at most 2 (d - 1) others.
        let mut degree = vec![0usize; movable.len()];
        for &(a, b) in &pairs {
            degree[a] += movable[a] as usize;
            degree[b] += movable[b] as usize;
        }
        let d = degree.iter().copied().max().unwrap_or(0);
        // Between moving bodies the lowest free colour, at most 2 (d - 1)
        // taken below it; against the ground the highest, at most d - 1
        // taken above it.
        for (k, &pair) in pairs.iter().enumerate() {
            let col = c.colours[k] as usize;
            if c.colours[k] == OVERFLOW {
                continue;
            }
            match dynamic(pair) {
                true => prop_assert!(col < (2 * d).saturating_sub(1).max(1), "colour {col} for degree {d}"),
                false => prop_assert!(col + d >= COLOURS, "colour {col} against the ground for degree {d}"),
            }
        }
        if 2 * d <= DYNAMIC_COLOURS {
            prop_assert_eq!(c.overflow, 0);
        }
    }

    /// Next step some contacts have ended: coloured again with last step's
    /// colours offered, every contact that remains keeps its colour, so the
    /// solving order does not churn.
    #[test]
    fn colours_stay_from_step_to_step((movable, pairs) in graph(), gone in prop::collection::vec(any::<bool>(), 400)) {
        let first = colour(&pairs, &movable, |_| None, false);
        let kept: Vec<usize> = (0..pairs.len()).filter(|&k| !gone[k]).collect();
        let remaining: Vec<(usize, usize)> = kept.iter().map(|&k| pairs[k]).collect();
        let again = colour(&remaining, &movable, |j| Some(first.colours[kept[j]]), false);
        for (j, &k) in kept.iter().enumerate() {
            if first.colours[k] != OVERFLOW {
                prop_assert_eq!(again.colours[j], first.colours[k], "contact {}", k);
            }
        }
    }
}

/// A 20-row pyramid at rest: 210 boxes, each touching at most six others,
/// coloured within the greedy bound of 11 between the boxes, every floor
/// contact in the top colour (solved last), nothing in the overflow.
#[test]
fn a_pyramid_fits_in_eleven_colours() {
    let mut world = ch13_islands::worlds::pyramid(20);
    world.sleep.on = false;
    for _ in 0..60 {
        world.step(DT);
    }
    let solver = world.solver;
    let pairs: Vec<(usize, usize)> =
        solver.arbiters.iter().map(|a| (a.a, a.b)).collect();
    let movable: Vec<bool> =
        solver.bodies.iter().map(|b| b.inv_mass > 0.0).collect();
    let c = colour(&pairs, &movable, |_| None, false);
    println!(
        "{} contacts in {} colours: {:?}",
        pairs.len(),
        c.used(),
        &c.counts[..c.used()]
    );
    assert_eq!(c.overflow, 0);
    // Eleven at most between the boxes, and the floor's.
    assert!(c.used() <= 12, "{} colours", c.used());
    let ground = |k: usize| !movable[pairs[k].0] || !movable[pairs[k].1];
    for (k, &col) in c.colours.iter().enumerate() {
        match ground(k) {
            true => assert_eq!(col as usize, COLOURS - 1, "a floor contact"),
            false => assert!((col as usize) < 11, "colour {col}"),
        }
    }
    assert!(pairs.len() > 400, "{} contacts", pairs.len());
    let order = c.order();
    assert!(order.windows(2).all(|w| c.colours[w[0]] <= c.colours[w[1]]));
}

/// The page's colouring figure: wherever its loose box is put (against the
/// pyramid's foot, on its top, in the air, overlapping a box), the step's
/// colours give no moving box two contacts of one colour, and the floor's
/// contacts, which share no moving box, all take the top colour.
#[test]
fn the_figures_pile_colours_no_box_twice() {
    use ch14_wide_solver::figures::coloured_pile;
    use glam::Vec2;
    for at in [(2.0, 0.5), (0.0, 3.5), (-2.5, 2.0), (0.7, 1.2)] {
        let world = coloured_pile(Vec2::from(at));
        let (bodies, arbiters) = (world.bodies(), &world.solver.arbiters);
        let touching = arbiters.iter().zip(&world.wide.colouring.colours);
        let touching: Vec<_> = touching.filter(|(a, _)| a.count > 0).collect();
        assert!(touching.len() >= 12, "{at:?}: {} contacts", touching.len());
        let mut seen = std::collections::HashSet::new();
        for (arb, &c) in touching {
            assert_ne!(c, OVERFLOW, "{at:?}");
            if bodies[arb.a].inv_mass == 0.0 {
                let top = (COLOURS - 1) as u8;
                assert_eq!(c, top, "{at:?}: the floor's contact with {}", arb.b);
            }
            for i in
                [arb.a, arb.b].into_iter().filter(|&i| bodies[i].inv_mass > 0.0)
            {
                assert!(seen.insert((i, c)), "{at:?}: box {i} twice in colour {c}");
            }
        }
    }
}
