//! Islands and sleeping (the union-find is judged in `exercises.rs`): a
//! pile at rest falls asleep and then costs no contact work; sleeping
//! changes nothing that came to rest; a body landing on a sleeping pile
//! wakes it, and so do a force, a torque, the mouse and a joint to a
//! moving body, and nothing else; nothing sleeps at the top of its arc.

use ch11_polygons::Polygon;
use ch13_islands::demos::Shown;
use ch13_islands::worlds::pyramid;
use ch13_islands::{Body, Joint, Shape, World, body, fixed};
use glam::Vec2;
use physics_core::draw::DrawList;
use physics_core::lab::Sim;

const DT: f32 = 1.0 / 60.0;

/// A body added to `world` between steps.
fn add(world: &mut World, (b, s): (Body, Shape)) {
    world.solver.bodies.push(b);
    world.shapes.list.push(s);
    world.fast.bullets.push(false);
}

fn run(world: &mut World, seconds: f32) {
    for _ in 0..(seconds / DT) as usize {
        world.step(DT);
    }
}

/// A 6-row pyramid (21 boxes) falls asleep within three seconds, and then
/// the broad phase hands the narrow phase no pairs at all: two sleeping
/// boxes, like two static ones, are never tested.
#[test]
fn a_pyramid_at_rest_falls_asleep_and_costs_no_contacts() {
    let mut world = pyramid(6);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 21);
    world.step(DT);
    assert_eq!(world.solver.pairs_tested(), 0);
}

/// Sleeping changes nothing that came to rest: the pyramid after five
/// seconds with sleeping on and off, every box within a millimetre. (Off,
/// the boxes keep being solved, and their soft contacts settle a little
/// further than the half second of stillness that put them to sleep.)
#[test]
fn sleeping_changes_nothing_at_rest() {
    let (mut on, mut off) = (pyramid(6), pyramid(6));
    off.sleep.on = false;
    run(&mut on, 5.0);
    run(&mut off, 5.0);
    for (i, (a, b)) in on.bodies().iter().zip(off.bodies()).enumerate() {
        let d = (a.position - b.position).length();
        assert!(d < 1e-3, "box {i}: {d} m apart");
    }
}

/// A box dropped on a sleeping pyramid wakes it (the boxes under the
/// landing move again), and the pile then sleeps again.
#[test]
fn a_body_landing_on_a_sleeping_pile_wakes_it() {
    let mut world = pyramid(4);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 10);
    let cube = Polygon::boxed(Vec2::splat(0.5), 0.0);
    add(&mut world, body(Shape::Polygon(cube), Vec2::new(0.3, 7.0), 0.0, 5.0));
    let mut woke = 0;
    for _ in 0..120 {
        world.step(DT);
        let awake = (1..=10).filter(|&i| !world.sleep.asleep[i]).count();
        woke = woke.max(awake);
    }
    assert!(woke >= 4, "only {woke} boxes woke");
    run(&mut world, 4.0);
    assert_eq!(world.sleeping_count(), 11);
}

/// A pile asleep is drawn as still, so that the viewer can keep its
/// picture: the sleeping boxes and the ground are the whole still part of
/// the frame, the same frame after frame. With its bottom box woken (the
/// first box in the list), that box is drawn after every sleeper, over
/// them, and the sleepers' part is what it was without it.
#[test]
fn a_sleeping_pile_is_drawn_as_still() {
    let draw = |world: &World| {
        let mut list = DrawList::new();
        Shown::from(world.clone()).draw(&mut list, false);
        list
    };
    let mut world = pyramid(4);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 10);
    let asleep = draw(&world);
    assert!(asleep.still > 0);
    assert_eq!(asleep.still, asleep.items.len(), "all of it is still");
    world.step(DT);
    assert_eq!(draw(&world), asleep, "the same frame after frame");
    // Body 0 is the ground, body 1 the bottom row's first box.
    world.sleep.asleep[1] = false;
    let woken = draw(&world);
    let per_body = woken.items.len() - woken.still;
    assert!(per_body > 0, "the woken box is drawn after the still part");
    assert!(2 * per_body <= asleep.items.len(), "only the woken box is");
    let others =
        [&asleep.items[..per_body], &asleep.items[2 * per_body..]].concat();
    assert_eq!(woken.items[..woken.still], others[..]);
}

/// Which sleepers an awake body may touch is the same asked from either
/// side (`World::reached`): from each awake mover, or from each sleeper
/// for the movers within the farthest reach. Three boxes dropped one after
/// another on a sleeping pyramid, every step of their fall and landing:
/// both sides give the same sleepers, and at the landings some are
/// reached (the comparison is not of two empty lists).
#[test]
fn either_side_finds_the_same_sleepers_to_wake() {
    let mut world = pyramid(5);
    run(&mut world, 3.0);
    assert_eq!(world.sleeping_count(), 15);
    let cube = Polygon::boxed(Vec2::splat(0.4), 0.0);
    let mut reached_any = 0;
    for k in 0..3 {
        let at = Vec2::new(-0.8 + 0.8 * k as f32, 6.0);
        add(&mut world, body(Shape::Polygon(cube), at, 0.3 * k as f32, 5.0));
        for step in 0..90 {
            world.sleep.fit(world.solver.bodies.len());
            if world.sleeping_count() > 0 {
                let (movers, sleepers) = (
                    world.sleep.reached(
                        &world.solver.bodies,
                        &world.shapes,
                        &world.phase,
                        DT,
                        true,
                    ),
                    world.sleep.reached(
                        &world.solver.bodies,
                        &world.shapes,
                        &world.phase,
                        DT,
                        false,
                    ),
                );
                assert_eq!(movers, sleepers, "box {k}, step {step}");
                reached_any += usize::from(movers.contains(&true));
            }
            world.step(DT);
        }
    }
    assert!(reached_any >= 3, "sleepers reached in only {reached_any} steps");
}

/// A ball thrown straight up at 5 m/s is slower than the 5 cm/s limit
/// only near the top of its arc, about 0.01 s: it never sleeps in the
/// air, and sleeps once it has lain on the floor half a second.
#[test]
fn nothing_sleeps_at_the_top_of_its_arc() {
    let slab = Polygon::boxed(Vec2::new(5.0, 0.5), 0.0);
    let floor = fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0);
    let (mut ball, s) =
        body(Shape::Circle { radius: 0.1 }, Vec2::new(0.0, 0.1), 0.0, 1.0);
    ball.velocity = Vec2::new(0.0, 5.0);
    let mut world = World::new(vec![floor, (ball, s)], Vec::new());
    for _ in 0..240 {
        world.step(DT);
        let b = world.bodies()[1];
        if b.position.y > 0.12 {
            assert!(
                !world.sleep.asleep[1],
                "asleep in the air at {:?}",
                b.position
            );
        }
    }
    assert!(world.sleep.asleep[1], "never slept on the floor");
}

/// The bin's 5,000 bodies rain in, settle and sleep within ten seconds,
/// every one still inside the bin (below its 16 m walls, between them);
/// then a step tests no pair. A minute in a test build; `.ci/run` runs it
/// in release.
#[test]
#[ignore = "5,000 bodies for 600 steps; cargo test --release -p ch13-islands --test tests -- --ignored sleeping::"]
fn the_bin_of_5000_falls_asleep_inside() {
    let mut world = ch13_islands::worlds::bin(5000);
    run(&mut world, 10.0);
    let movers = world.bodies().iter().filter(|b| b.inv_mass > 0.0).count();
    assert_eq!(world.sleeping_count(), movers);
    for (i, b) in world.bodies().iter().enumerate().skip(3) {
        let p = b.position;
        assert!(p.x.abs() < 20.0 && (0.0..16.0).contains(&p.y), "body {i} at {p}");
    }
    world.step(DT);
    assert_eq!(world.solver.pairs_tested(), 0);
}

/// Sleeping's failure case, in the same bin with other pieces: a small
/// box ends up wedged between two discs under the pile's weight and rocks
/// in place for good, with the disc it rocks against (their centres stay
/// within a centimetre over a second while their surfaces move faster
/// than the 5 cm/s limit), so its island, the whole
/// pile, never sleeps (a body or two that bounced clear sleep alone). With
/// 8 substeps the same pile sleeps: the wedge is the soft step's at 4.
#[test]
#[ignore = "5,000 bodies for 600 steps, twice; cargo test --release -p ch13-islands --test tests -- --ignored sleeping::"]
fn one_rocking_box_keeps_a_whole_pile_awake() {
    use ch13_islands::worlds::{ROCKING_SEED, bin_with_seed};
    let mut world = bin_with_seed(5000, ROCKING_SEED);
    run(&mut world, 9.0);
    let before: Vec<Vec2> = world.bodies().iter().map(|b| b.position).collect();
    run(&mut world, 1.0);
    // The pile is one island; a body or two that bounced clear sleep alone.
    assert!(world.sleeping_count() < 10, "{} slept", world.sleeping_count());
    let speed = |b: &Body, shape: &Shape| {
        b.velocity.length() + b.angular_velocity.abs() * ch11_polygons::reach(shape)
    };
    let rocking: Vec<usize> = (3..world.bodies().len())
        .filter(|&i| speed(&world.bodies()[i], &world.shapes.list[i]) > 0.05)
        .collect();
    // A few bodies: each wedged box and the disc it rocks against.
    assert!(!rocking.is_empty() && rocking.len() <= 6, "rocking: {rocking:?}");
    for &i in &rocking {
        let moved = world.bodies()[i].position.distance(before[i]);
        assert!(moved < 0.01, "body {i} moved {moved} m: not wedged");
    }
    let boxes = rocking
        .iter()
        .filter(|&&i| matches!(world.shapes.list[i], Shape::Polygon(_)));
    assert!(boxes.count() >= 1, "no box among {rocking:?}");
    let mut eight = bin_with_seed(5000, ROCKING_SEED);
    eight.soft.settings.substeps = 8;
    run(&mut eight, 10.0);
    assert_eq!(eight.sleeping_count(), 5000);
}

/// A floor 10 m wide, its top at y = 0.
fn floor() -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(5.0, 0.5), 0.0);
    fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0)
}

/// A 1 m box of 1 kg standing on the floor at `x`.
fn cube(x: f32) -> (Body, Shape) {
    let cube = Polygon::boxed(Vec2::splat(0.5), 0.0);
    body(Shape::Polygon(cube), Vec2::new(x, 0.5), 0.0, 1.0)
}

/// The solver's bodies, to push one between steps.
fn bodies_mut(world: &mut World) -> &mut Vec<Body> {
    &mut world.solver.bodies
}

/// A box on the floor, stepped until it has slept: body 1.
fn a_sleeping_box() -> World {
    let mut world = World::new(vec![floor(), cube(0.0)], Vec::new());
    run(&mut world, 1.0);
    assert!(world.sleep.asleep[1], "the box never fell asleep");
    world
}

/// Whether body `i` is exactly where `before` was: a sleeper is held
/// still, to the bit.
fn unmoved(world: &World, i: usize, before: &Body) -> bool {
    let b = world.bodies()[i];
    (b.position, b.angle, b.velocity) == (before.position, before.angle, Vec2::ZERO)
}

/// A sleeping box pushed by a force through its centre (300 N, 30 times
/// its weight) wakes in the step the force is applied, and slides; one
/// given a torque (300 N m) wakes and turns. The same box left alone
/// stays asleep, exactly where it was, for a second: the force is what
/// woke it. For the step, 300 N gives the 1 kg box 5 m/s, less the
/// 0.03 m/s friction takes back; 300 N m tips it about a corner (2/3 kg
/// m^2 there) at 1.9 rad/s or more. The bounds, 0.5 m/s and 0.5 rad/s,
/// are far below both: the test asks that the box wakes and moves, not
/// how fast.
#[test]
fn a_force_or_a_torque_wakes_a_sleeper() {
    let mut left = a_sleeping_box();
    let before = left.bodies()[1];
    let (mut pushed, mut turned) = (left.clone(), left.clone());
    bodies_mut(&mut pushed)[1].apply_force(Vec2::new(300.0, 0.0), before.position);
    bodies_mut(&mut turned)[1].torque = 300.0;
    for w in [&mut left, &mut pushed, &mut turned] {
        w.step(DT);
    }
    assert!(!pushed.sleep.asleep[1] && !turned.sleep.asleep[1]);
    let (p, t) = (pushed.bodies()[1], turned.bodies()[1]);
    assert!(p.velocity.x > 0.5 && p.position.x > before.position.x, "{p:?}");
    assert!(t.angular_velocity.abs() > 0.5 && t.angle != before.angle, "{t:?}");
    for _ in 0..60 {
        left.step(DT);
        assert!(left.sleep.asleep[1] && unmoved(&left, 1, &before));
    }
}

/// The mouse takes hold of a sleeping box by its centre and pulls towards
/// a point a metre above: the box wakes in the first step it is pulled,
/// stays awake while it is held, and rises (the spring, 5 Hz and at most
/// 1,000 times the box's weight, lifts it most of the way in half a
/// second: more than 30 cm). Left alone, the same box stays asleep.
#[test]
fn the_mouse_wakes_a_sleeper() {
    let mut held = a_sleeping_box();
    let mut left = held.clone();
    let before = held.bodies()[1];
    let body = held.body_at(before.position).expect("the box is under the mouse");
    assert_eq!(body, 1);
    let local = before.transform().to_local(before.position);
    let target = before.position + Vec2::Y;
    for step in 0..30 {
        held.joints.pull(&held.solver.bodies, body, local, target);
        held.step(DT);
        left.step(DT);
        assert!(!held.sleep.asleep[1], "asleep at step {step} while held");
        assert!(left.sleep.asleep[1] && unmoved(&left, 1, &before));
    }
    let risen = held.bodies()[1].position.y - before.position.y;
    assert!(risen > 0.3, "risen {risen} m");
}

/// A box put to sleep on the floor, pinned by a revolute joint (at a
/// point in the half-metre gap between them) to a disc that rolls away
/// from it at 3 m/s: the joint wakes the box in the first step, and the
/// disc drags it along (more than 20 cm in half a second). Without the
/// joint, the same disc rolls away and the box sleeps on where it was:
/// the disc never comes near it, so the joint is what woke it.
#[test]
fn a_joint_to_a_moving_body_wakes_a_sleeper() {
    let disc = body(Shape::Circle { radius: 0.5 }, Vec2::new(1.5, 0.5), 0.0, 1.0);
    let pieces = vec![floor(), cube(0.0), disc];
    let bodies: Vec<Body> = pieces.iter().map(|(b, _)| *b).collect();
    let pin = Joint::revolute(&bodies, 1, 2, Vec2::new(0.75, 0.5));
    let mut joined = World::new(pieces.clone(), vec![pin]);
    let mut apart = World::new(pieces, Vec::new());
    for w in [&mut joined, &mut apart] {
        w.put_to_sleep(1);
        bodies_mut(w)[2].velocity = Vec2::new(3.0, 0.0);
    }
    let before = joined.bodies()[1];
    assert!(joined.sleep.asleep[1] && apart.sleep.asleep[1]);
    for step in 0..30 {
        joined.step(DT);
        apart.step(DT);
        assert!(!joined.sleep.asleep[1], "asleep at step {step}");
        assert!(apart.sleep.asleep[1] && unmoved(&apart, 1, &before));
    }
    let dragged = joined.bodies()[1].position.x - before.position.x;
    assert!(dragged > 0.2, "dragged {dragged} m");
    let rolled = apart.bodies()[2].position.x - before.position.x - 1.5;
    assert!(rolled > 0.5, "the disc rolled only {rolled} m");
}

/// Stillness counts how far a step moved a body, as Box2D v3's does: a box
/// started 25 cm into a static floor is pushed out at up to half a metre
/// a second while the relax pass leaves its velocity under the 5 cm/s
/// test. While the step lifts it faster than 10 cm/s (half of which is
/// the limit, as Box2D halves it), it is not still and its timer stays 0.
#[test]
fn a_body_pushed_out_of_the_floor_is_not_still() {
    let floor = Polygon::boxed(Vec2::new(5.0, 0.5), 0.0);
    let cube = Polygon::boxed(Vec2::new(0.5, 0.5), 0.0);
    let pieces = vec![
        fixed(Shape::Polygon(floor), Vec2::new(0.0, -0.5), 0.0),
        body(Shape::Polygon(cube), Vec2::new(0.0, 0.25), 0.0, 1.0),
    ];
    let mut world = World::new(pieces, Vec::new());
    let mut pushed = 0;
    for step in 0..90 {
        let before = world.bodies()[1].position;
        world.step(DT);
        let b = world.bodies()[1];
        let rise = (b.position - before).length() / DT;
        if rise > 0.1 {
            pushed += 1;
            assert_eq!(
                world.sleep.still_for[1], 0.0,
                "step {step}: rising at {rise} m/s, velocity {}",
                b.velocity
            );
        }
    }
    assert!(pushed >= 10, "pushed out in {pushed} steps");
}

/// A motor keeps its bodies awake however slowly it turns them: a plank
/// pinned to a static post by a motor at 0.01 rad/s (1,000 N m, no gravity)
/// turns at the motor's speed for 20 s, 0.2 rad, and never sleeps. Let
/// sleep, it would stop after half a second, 5 mrad round.
#[test]
fn a_slow_motor_keeps_its_bodies_awake() {
    let json = r#"{ "gravity": [0, 0],
        "bodies": [ { "shape": { "box": { "half_extents": [0.1, 0.1] } }, "position": [0, 3], "static": true },
                    { "shape": { "box": { "half_extents": [1, 0.05] } }, "position": [0, 3] } ],
        "joints": [ { "revolute": { "body_a": 0, "body_b": 1, "anchor": [0, 3],
                                    "motor": { "speed": 0.01, "max_torque": 1000 } } } ] }"#;
    let scene = physics_core::scene::Scene::from_json(json).unwrap();
    let (mut world, _) = ch13_islands::scene::world(&scene);
    run(&mut world, 20.0);
    let angle = world.bodies()[1].angle;
    assert!(!world.sleep.asleep[1], "the plank fell asleep at {angle} rad");
    assert!(
        (angle - 0.2).abs() < 0.002,
        "the plank turned {angle} rad in 20 s, not 0.2"
    );
}

/// A row of ten touching 1 kg boxes put to sleep, no gravity, and a 4 kg
/// block driven into its end at 10 m/s. Put to sleep together, the row
/// is one island: it wakes whole when the block reaches it, and the
/// block's momentum, 40 kg m/s, is all there afterwards (to a hundredth:
/// contact impulses are equal and opposite, so only rounding can change
/// it). Put to sleep one by one, each box wakes alone and its sleeping
/// neighbour, held still for the step, stops it as a wall would: more
/// than half the momentum is lost (the row throws the block back).
#[test]
fn touching_sleepers_put_to_sleep_together_keep_momentum() {
    let momentum = |together: bool| {
        let cube = |x: f32| {
            body(
                Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0)),
                Vec2::new(x, 0.0),
                0.0,
                1.0,
            )
        };
        let mut pieces: Vec<(Body, Shape)> =
            (0..10).map(|i| cube(i as f32)).collect();
        let (mut block, shape) = body(
            Shape::Polygon(Polygon::boxed(Vec2::splat(1.0), 0.0)),
            Vec2::new(-4.0, 0.0),
            0.0,
            1.0,
        );
        block.velocity = Vec2::new(10.0, 0.0);
        pieces.push((block, shape));
        let mut world = World::new(pieces, Vec::new());
        world.solver.gravity = Vec2::ZERO;
        let row: Vec<usize> = (0..10).collect();
        match together {
            true => {
                world.sleep.put_to_sleep_together(&mut world.solver.bodies, &row)
            }
            false => row.iter().for_each(|&i| world.put_to_sleep(i)),
        }
        assert_eq!(world.sleeping_count(), 10);
        run(&mut world, 1.0);
        let total: Vec2 =
            world.bodies().iter().map(|b| b.velocity / b.inv_mass).sum();
        (total.x, world.sleeping_count())
    };
    let (kept, sleeping) = momentum(true);
    assert!((kept - 40.0).abs() < 0.4, "together: {kept} kg m/s of 40");
    assert_eq!(sleeping, 0, "the row woke whole");
    let (alone, _) = momentum(false);
    assert!(alone < 20.0, "one by one: {alone} kg m/s of 40");
}
