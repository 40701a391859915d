//! The wide solver: eight lanes give the bits one lane gives; any number
//! of threads gives the bits one thread gives; the colour order solves the
//! same physics as chapter 13's list order, and turned every step keeps a
//! pyramid upright; the overflow is solved; the contact impulses conserve
//! momentum lane by lane. (The normal row's own tests are in `exercises.rs`.)

use ch11_polygons::Polygon;
use ch14_wide_solver::worlds::{confined, pyramid, rain};
use ch14_wide_solver::{Joint, OVERFLOW, Shape, Width, World, body, fixed};
use glam::Vec2;
use proptest::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// Every body's position, angle and velocities, as bits.
fn bits(w: &World) -> Vec<[u32; 6]> {
    w.bodies()
        .iter()
        .map(|b| {
            [
                b.position.x,
                b.position.y,
                b.angle,
                b.velocity.x,
                b.velocity.y,
                b.angular_velocity,
            ]
            .map(f32::to_bits)
        })
        .collect()
}

/// A pile of mixed shapes (discs, boxes, random hulls) with friction and
/// restitution, dropped into a box: every kind of manifold, one and two
/// points, bounces, and bodies touching many others.
fn pile() -> World {
    let mut rng = physics_core::rng::Rng::new(41);
    let floor = |lower: Vec2, upper: Vec2| {
        let half = (upper - lower) / 2.0;
        fixed(Shape::Polygon(Polygon::boxed(half, 0.0)), lower + half, 0.0)
    };
    let mut pieces = vec![
        floor(Vec2::new(-6.0, -1.0), Vec2::new(6.0, 0.0)),
        floor(Vec2::new(-6.5, 0.0), Vec2::new(-6.0, 8.0)),
        floor(Vec2::new(6.0, 0.0), Vec2::new(6.5, 8.0)),
    ];
    for i in 0..150 {
        let at =
            Vec2::new(-5.2 + 0.8 * (i % 14) as f32, 0.6 + 0.8 * (i / 14) as f32);
        let shape = ch11_polygons::worlds::random_shape(&mut rng, 0.7);
        let mut piece = body(shape, at, rng.range(0.0, 6.0), 1.0);
        piece.0.friction = 0.5;
        piece.0.restitution = if i % 3 == 0 { 0.6 } else { 0.0 };
        piece.0.velocity = Vec2::new(rng.range(-2.0, 2.0), -rng.range(0.0, 3.0));
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// Step `a` and `b` side by side for `steps` steps and say whether they
/// stayed the same to the bit (and if not, at which step they parted).
fn same_bits(mut a: World, mut b: World, steps: usize) -> Result<(), usize> {
    for step in 0..steps {
        a.step(DT);
        b.step(DT);
        if bits(&a) != bits(&b) {
            return Err(step);
        }
    }
    Ok(())
}

/// A pile of every shape with friction and bounces, and the confined
/// discs, each stepped 180 steps as made and with `change`: where each
/// pair parted, if it did.
fn same_bits_when(
    change: fn(&mut World),
) -> [(&'static str, Result<(), usize>); 2] {
    [("pile", pile as fn() -> World), ("confined", || confined(12))].map(
        |(name, make)| {
            let mut changed = make();
            change(&mut changed);
            (name, same_bits(make(), changed, 180))
        },
    )
}

/// A step that finds the same contacts as the step before keeps that
/// step's colours and blocks; a copy of the world has no blocks and packs
/// them again. Both give the same bits, step after step, on a standing
/// pyramid (whose contacts stay, so the blocks are kept), the pile and the
/// confined discs. A kept block that held a contact no longer there, or
/// missed a point a contact gained, would part them.
#[test]
fn keeping_last_steps_blocks_gives_the_bits_of_packing_again() {
    let scenes: [(&str, World); 3] =
        [("pyramid", pyramid(12)), ("pile", pile()), ("confined", confined(12))];
    for (name, mut kept) in scenes {
        let mut times_kept = 0;
        for step in 0..180 {
            let mut packed = kept.clone();
            kept.step(DT);
            packed.step(DT);
            assert!(
                !packed.wide.kept_blocks(),
                "{name}: a copy has no blocks to keep"
            );
            times_kept += usize::from(kept.wide.kept_blocks());
            assert!(bits(&kept) == bits(&packed), "{name}: parted at step {step}");
        }
        if name == "pyramid" {
            assert!(
                times_kept > 150,
                "the standing pyramid kept its blocks {times_kept} times"
            );
        }
    }
}

/// Eight lanes and one lane run the same operations, in the same order,
/// on each contact: the same bits, step after step, on a pile of every
/// shape with friction and bounces, and on the confined discs. A lane
/// that read another lane's body, or a colour that held one body twice,
/// would part them.
#[test]
fn eight_lanes_give_the_bits_of_one_lane() {
    for (name, parted) in same_bits_when(|w| w.wide.width = Width::Single) {
        assert_eq!(parted, Ok(()), "{name}");
    }
}

/// On one thread, eight lanes read whole body states, transposed; off,
/// they read the atomic states the threads share.
/// The same numbers reach the same lanes either way: the same bits. A
/// transpose that put a number in the wrong lane, or a scatter that wrote
/// the wrong body, would part them.
#[test]
fn whole_states_give_the_bits_of_shared_states() {
    for (name, parted) in same_bits_when(|w| w.wide.whole_states = false) {
        assert_eq!(parted, Ok(()), "{name}");
    }
}

/// Threads change nothing: 4,200 discs and boxes of rain, enough for the
/// step to split its work among the workers, give the same bits on one,
/// two and four threads.
#[test]
fn any_number_of_threads_gives_the_same_bits() {
    for threads in [2, 4] {
        let mut one = rain(4200);
        one.wide.set_threads(1);
        let mut more = rain(4200);
        more.wide.set_threads(threads);
        assert!(more.splits(), "the rain is big enough to split");
        assert_eq!(same_bits(one, more, 60), Ok(()), "{threads} threads");
    }
}

/// Joints whose rows are built on the workers are the joints built on one
/// thread: a net of 64 x 64 discs, each pinned to its right and lower
/// neighbours (8,064 hinges, enough for the rows to be split among the
/// workers), hanging from its two top corners, gives the same bits on one,
/// two and four threads.
#[test]
fn a_net_of_joints_gives_the_same_bits_on_any_number_of_threads() {
    let net = || {
        let n = 64;
        let disc = || Shape::Circle { radius: 0.4 };
        let mut pieces = Vec::new();
        for i in 0..n {
            for j in 0..n {
                let at = Vec2::new(i as f32, -(j as f32));
                pieces.push(match j == 0 && (i == 0 || i == n - 1) {
                    true => fixed(disc(), at, 0.0),
                    false => body(disc(), at, 0.0, 1.0),
                });
            }
        }
        let bodies: Vec<_> = pieces.iter().map(|(b, _)| *b).collect();
        let mut joints = Vec::new();
        for i in 0..n {
            for j in 0..n {
                let (k, at) = (i * n + j, bodies[i * n + j].position);
                if i + 1 < n {
                    joints.push(Joint::revolute(
                        &bodies,
                        k,
                        k + n,
                        at + Vec2::X / 2.0,
                    ));
                }
                if j + 1 < n {
                    joints.push(Joint::revolute(
                        &bodies,
                        k,
                        k + 1,
                        at - Vec2::Y / 2.0,
                    ));
                }
            }
        }
        World::new(pieces, joints)
    };
    for threads in [2, 4] {
        let mut one = net();
        one.wide.set_threads(1);
        let mut more = net();
        more.wide.set_threads(threads);
        assert!(more.splits(), "the net is big enough to split");
        assert_eq!(same_bits(one, more, 20), Ok(()), "{threads} threads");
    }
}

/// The 100-row pyramid, 600 steps, on one, two and four threads: the same
/// bits (every step compared).
#[test]
#[ignore = "5,050 boxes for 600 steps, three times; cargo test --release -p ch14-wide-solver --test tests -- --ignored wide::"]
fn the_100_row_pyramid_is_the_same_on_one_two_and_four_threads() {
    let run = |threads: usize| {
        let mut w = pyramid(100);
        w.wide.set_threads(threads);
        let mut trace = Vec::new();
        for _ in 0..600 {
            w.step(DT);
            trace.push(bits(&w));
        }
        trace
    };
    let one = run(1);
    assert_eq!(one, run(2), "two threads");
    assert_eq!(one, run(4), "four threads");
}

/// The order rows are solved in changes the rounding, not the physics: a
/// 20-row pyramid solved colour by colour and in chapter 13's list order
/// both stand, their tops within 5 mm of each other after five seconds,
/// and no box 3 cm from where the other order put it (measured: 2.0 cm at
/// worst, a box at the foot that slid; the pyramid sags 3 cm under
/// either). A solver that lost a colour's friction or pushes would slide
/// or sink the boxes by decimetres.
#[test]
fn colour_order_solves_the_physics_of_list_order() {
    let mut wide = pyramid(20);
    let mut listed = pyramid(20);
    listed.wide.width = Width::InOrder;
    for _ in 0..300 {
        wide.step(DT);
        listed.step(DT);
    }
    let worst = wide
        .bodies()
        .iter()
        .zip(listed.bodies())
        .map(|(a, b)| a.position.distance(b.position))
        .fold(0.0f32, f32::max);
    let top = wide.bodies().last().unwrap().position.y;
    let top_listed = listed.bodies().last().unwrap().position.y;
    println!("{worst} m apart; tops {top} and {top_listed}");
    assert!(worst < 0.03, "{worst} m apart");
    assert!((top - top_listed).abs() < 0.005, "tops {top} and {top_listed}");
    assert!((top - 19.5).abs() < 0.1, "top at {top}");
}

/// A plank carrying 40 discs: every contact touches the plank, so 24 of
/// them take the colours and 16 overflow. The overflow is solved, one at a
/// time: after three seconds every disc rests on the plank (none sunk by
/// more than 1 cm, none moving faster than 1 cm/s), and eight lanes still
/// give the bits of one.
#[test]
fn the_overflow_is_solved() {
    let make = || {
        let mut pieces = vec![fixed(
            Shape::Polygon(Polygon::boxed(Vec2::new(30.0, 0.5), 0.0)),
            Vec2::new(0.0, -0.5),
            0.0,
        )];
        let plank = body(
            Shape::Polygon(Polygon::boxed(Vec2::new(22.0, 0.25), 0.0)),
            Vec2::new(0.0, 0.25),
            0.0,
            1.0,
        );
        pieces.push(plank);
        for i in 0..40 {
            let at = Vec2::new(-19.5 + i as f32, 0.9);
            pieces.push(body(Shape::Circle { radius: 0.4 }, at, 0.0, 1.0));
        }
        let mut w = World::new(pieces, Vec::new());
        w.sleep.on = false;
        w
    };
    let mut w = make();
    for _ in 0..180 {
        w.step(DT);
    }
    let c = &w.wide.colouring;
    assert!(c.overflow >= 16, "{} in the overflow", c.overflow);
    assert!(c.colours.contains(&OVERFLOW));
    let plank_top = w.bodies()[1].position.y + 0.25;
    for (i, b) in w.bodies().iter().enumerate().skip(2) {
        let sunk = plank_top - (b.position.y - 0.4);
        assert!(sunk < 0.01, "disc {i} sunk {sunk} m");
        assert!(b.velocity.length() < 0.01, "disc {i} moves at {}", b.velocity);
    }
    let mut single = make();
    single.wide.width = Width::Single;
    assert_eq!(same_bits(make(), single, 120), Ok(()));
}

proptest! {
    /// Two bodies meeting in empty space (no gravity, no walls), one step,
    /// overlapping or not yet touching (a speculative contact): whatever
    /// shapes, speeds and spins, the contact impulses solved in lanes leave
    /// the total linear momentum as it was (within 1e-5 of its scale: f32
    /// rounding over four substeps). Angular momentum is not compared: the
    /// soft step's anchors are fixed at the step's start while the bodies
    /// move, so the two halves of an impulse act along lines a little apart.
    ///
    /// And the bodies leave the step with the velocities chapter 13's
    /// solver gives them, within 1e-4 m/s and rad/s of the scale (the same
    /// formulas, summed in another order), or else with the velocities it
    /// gives when the upper body starts a few ulps higher or lower. That
    /// second case is real: a speculative contact aims to close its gap
    /// exactly, so at the end of that substep its separation is 0 give or
    /// take the rounding, and the rounding decides whether the next
    /// substep holds it rigid (`s > 0`) or soft (`s <= 0`), in either
    /// solver, as in Box2D. The two choices end the step up to 7.3e-4 of
    /// the scale apart (the worst of 3 million random cases, in 15 of
    /// which the solvers chose differently); a nudge of at most 13 ulps
    /// made chapter 13 choose as the lanes had, in all 15.
    #[test]
    fn contact_impulses_in_lanes_conserve_momentum(
        ax in -0.2f32..0.2, ay in -0.05f32..0.1, spin in -3.0f32..3.0,
        speed in 1.0f32..8.0, box_b in any::<bool>(), e in 0.0f32..1.0,
    ) {
        // The upper body `nudge` ulps above 0.85 m.
        let make = |nudge: i32| {
            let a = body(Shape::Circle { radius: 0.5 }, Vec2::new(ax, ay), 0.0, 1.0);
            let shape_b = if box_b {
                Shape::Polygon(Polygon::boxed(Vec2::new(0.6, 0.3), 0.0))
            } else {
                Shape::Circle { radius: 0.4 }
            };
            let height = f32::from_bits(0.85f32.to_bits().wrapping_add_signed(nudge));
            let mut b = body(shape_b, Vec2::new(0.0, height), 0.3, 2.0);
            b.0.velocity = Vec2::new(0.0, -speed);
            b.0.angular_velocity = spin;
            b.0.restitution = e;
            let mut w = World::new(vec![a, b], Vec::new());
            w.solver.gravity = Vec2::ZERO;
            w
        };
        let listed = |nudge: i32| {
            let mut w = make(nudge);
            w.wide.width = Width::InOrder;
            w.step(DT);
            w
        };
        let scale = 1.0 + 2.0 * speed + spin.abs();
        let close = |x: &World, y: &World| {
            x.bodies().iter().zip(y.bodies()).all(|(x, y)| {
                (x.velocity - y.velocity).length() < 1e-4 * scale
                    && (x.angular_velocity - y.angular_velocity).abs() < 1e-4 * scale
            })
        };
        let momentum = |w: &World| {
            w.bodies().iter().map(|b| b.velocity / b.inv_mass).sum::<Vec2>()
        };
        let mut w = make(0);
        let p0 = momentum(&w);
        w.step(DT);
        if w.solver.arbiters.is_empty() {
            // Too far apart to meet within the step (about 1 case in 75):
            // no contact, so no change.
            prop_assert_eq!(w.bodies()[1].velocity, Vec2::new(0.0, -speed));
            prop_assert_eq!(w.bodies()[1].angular_velocity, spin);
        }
        prop_assert!((momentum(&w) - p0).length() < 1e-5 * scale, "{p0} -> {}", momentum(&w));
        let as_listed = close(&w, &listed(0))
            || (1..=32).any(|k| close(&w, &listed(k)) || close(&w, &listed(-k)));
        prop_assert!(as_listed, "{:?} against {:?}", w.bodies(), listed(0).bodies());
    }
}

/// The colours of a real step: no colour holds two contacts that share a
/// moving body, for the rain's contacts after two seconds.
#[test]
fn a_step_colours_no_moving_body_twice() {
    let mut w = rain(1500);
    for _ in 0..120 {
        w.step(DT);
    }
    let arbiters = &w.solver.arbiters;
    assert!(arbiters.len() > 1000, "{} contacts", arbiters.len());
    let mut seen = std::collections::HashSet::new();
    for (arb, &c) in arbiters.iter().zip(&w.wide.colouring.colours) {
        if c == OVERFLOW {
            continue;
        }
        for i in [arb.a, arb.b] {
            if w.bodies()[i].inv_mass > 0.0 {
                assert!(seen.insert((i, c)), "body {i} twice in colour {c}");
            }
        }
    }
}

/// A force on a body lasts the whole step, every substep of it: a free
/// 1 kg box pushed by 3 N for one step in empty space leaves at `F dt / m`
/// (within f32 rounding of four substeps' sums), and the force is cleared.
#[test]
fn a_force_acts_for_the_whole_step() {
    let mut w = World::new(
        vec![body(
            Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0)),
            Vec2::ZERO,
            0.0,
            1.0,
        )],
        Vec::new(),
    );
    w.solver.gravity = Vec2::ZERO;
    w.solver.bodies[0].force = Vec2::new(3.0, 0.0);
    w.step(DT);
    let b = w.bodies()[0];
    assert!((b.velocity.x - 3.0 * DT).abs() < 1e-7, "{}", b.velocity.x);
    assert_eq!(b.force, Vec2::ZERO);
}

/// Step `w` for `steps` steps: the farthest its top box (the last body)
/// strays sideways from the middle at any step, and the farthest any body
/// moves over the second half of the run, metres.
fn lean_and_drift(w: &mut World, steps: usize) -> (f32, f32) {
    let mut lean = 0.0f32;
    let mut half_way = Vec::new();
    for step in 0..steps {
        if step == steps / 2 {
            half_way = w.bodies().iter().map(|b| b.position).collect();
        }
        w.step(DT);
        lean = lean.max(w.bodies().last().unwrap().position.x.abs());
    }
    let drift = w
        .bodies()
        .iter()
        .zip(&half_way)
        .map(|(b, was)| b.position.distance(*was))
        .fold(0.0f32, f32::max);
    (lean, drift)
}

/// A pyramid built symmetric about x = 0 has nothing to lean it but the
/// order its contacts are solved in. A pass leaves the colours it solves
/// last nearest to what they ask, so a fixed order pushes the same way
/// step after step; turned every step, the order's push is undone the step
/// after. As the 20-row pyramid settles, its top box strays at most 2.3 mm
/// from the middle with the order turned, and 7.9 mm without (measured,
/// the same bits in SSE2 and AVX2). Both stand: nothing moves a millimetre
/// over the last two and a half seconds of five.
#[test]
fn turning_the_colour_order_keeps_the_pyramid_upright() {
    let (turned, still) = lean_and_drift(&mut pyramid(20), 300);
    let mut fixed_order = pyramid(20);
    fixed_order.wide.alternate = false;
    let (fixed, fixed_still) = lean_and_drift(&mut fixed_order, 300);
    println!("the top strays {turned} m turned, {fixed} m fixed");
    assert!(turned < 0.003, "the top strays {turned} m with the order turned");
    assert!(fixed > 2.0 * turned, "{fixed} m fixed, {turned} m turned");
    assert!(still < 0.001 && fixed_still < 0.001, "drift {still}, {fixed_still} m");
}

/// The 100-row pyramid stands by the benchmark's rule with the order turned
/// every step: over the second half of 600 steps no box moves 1 cm, and
/// its top sags less than 2 cm a row (measured: its top strays 3.0 cm
/// from the middle as it settles, no box moves more than 3.1 mm over the
/// second half, and the top sags 74 cm, 7 mm a row). With one fixed
/// order it leans, its top more than 10 cm off the middle, and sways for
/// seconds after (measured: 17 cm, then 22 mm over the second half).
#[test]
#[ignore = "5,050 boxes for 600 steps, twice; cargo test --release -p ch14-wide-solver --test tests -- --ignored wide::"]
fn the_100_row_pyramid_stands_with_the_order_turned() {
    let top = |w: &World| w.bodies().last().unwrap().position.y;
    let mut w = pyramid(100);
    let stacked = top(&w);
    let (lean, drift) = lean_and_drift(&mut w, 600);
    let sag = stacked - top(&w);
    let mut fixed_order = pyramid(100);
    fixed_order.wide.alternate = false;
    let (fixed_lean, fixed_drift) = lean_and_drift(&mut fixed_order, 600);
    println!(
        "turned: top strays {lean} m, drift {drift} m, sag {sag} m; fixed: {fixed_lean} m, {fixed_drift} m"
    );
    assert!(drift < 0.01, "a box moved {drift} m over the second half");
    assert!(sag < 0.02 * 100.0, "the top sagged {sag} m");
    assert!(fixed_lean > 0.1, "the fixed order leaned the top only {fixed_lean} m");
    assert!(lean < fixed_lean / 3.0, "turned {lean} m, fixed {fixed_lean} m");
}

/// A step run on the pool gives back what it returns, runs on the pool's
/// first worker, and, if it panics, the panic comes back to the caller:
/// the workers kept awake for it stop waiting (they would spin for ever,
/// and the caller with them, if a panicking step left them waiting), and
/// the pool runs the next step.
#[test]
fn a_step_on_the_pool_returns_and_a_panicking_one_lets_the_workers_go() {
    for count in [2, 4] {
        let threads = ch14_wide_solver::Threads::new(count);
        assert_eq!(threads.run(rayon::current_thread_index), Some(0), "{count}");
        let panicked =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                threads.run(|| panic!("a step that fails"))
            }));
        assert!(panicked.is_err(), "the panic reaches the caller");
        let mut items = vec![0u32; 10_000];
        threads.run(|| threads.for_each(&mut items, 64, |x| *x += 1));
        assert!(items.iter().all(|&x| x == 1), "the pool works after it");
    }
}

/// A body moved between steps (by a mouse, or a game) is not where the last
/// step left it, so its box for the tree is found again rather than kept
/// from the last step's end. Every 30 steps the top box of a standing
/// pyramid is set down on the ground beside it; a copy of the world, which
/// keeps no boxes, gives the same bits. A box kept from where the body was
/// would leave the tree without the ground's pair for a step, and the box
/// would fall into the ground in one world and not the other.
#[test]
fn a_body_moved_between_steps_has_its_box_found_again() {
    let mut kept = pyramid(12);
    let top = kept.bodies().len() - 1;
    for step in 0..120 {
        if step % 30 == 29 {
            let b = &mut kept.solver.bodies[top];
            (b.position, b.velocity) =
                (Vec2::new(9.0 + step as f32 / 30.0, 0.5), Vec2::ZERO);
            (b.angle, b.angular_velocity) = (0.0, 0.0);
        }
        let mut fresh = kept.clone();
        kept.step(DT);
        fresh.step(DT);
        assert!(bits(&kept) == bits(&fresh), "parted at step {step}");
    }
}
