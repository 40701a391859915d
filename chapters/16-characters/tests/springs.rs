//! Springs on joints and the wheel joint: each spring oscillates at its
//! hertz and decays by its damping ratio, a wheel stays on its line and
//! sags by its load over its stiffness, a car holds together, handles to
//! what is gone are refused, and the bits are the same on any number of
//! threads.

use ch09_joints::Kind;
use ch10_soft_step::soft;
use ch11_polygons::{Polygon, Shape};
use ch16_characters::springs::{
    DistanceSpringDef, Spring, SpringError, WheelDef, WheelMotor,
};
use ch16_characters::worlds::{self, TRAVEL, WHEEL_RADIUS};
use ch16_characters::{
    BodyDef, BodyId, BodyKind, JointDef, ShapeDef, Stale, World,
};
use glam::Vec2;
use physics_core::rng::Rng;

const DT: f32 = 1.0 / 60.0;

/// The three kinds of spring.
#[derive(Clone, Copy, Debug)]
enum Sprung {
    Revolute,
    Prismatic,
    Distance,
}

/// A body alone with a spring of `hertz` and `zeta` to a static body,
/// gravity off, set moving along the spring's coordinate; returns the
/// world and a reading of that coordinate (radians or metres from rest).
///
/// The effective mass of each spring's row is the body's own along its
/// coordinate, so the hertz asked is the hertz the body swings at:
/// the revolute joint is pinned at the bar's centre, so the angle row's
/// `1 / (1/I_A + 1/I_B)` is the bar's `I` (the static body's `1/I` is 0)
/// and the pin's rows, through the centre, do not couple to it; the
/// slider's and the distance spring's anchors are at the body's centre, so
/// their rows' `r_B x axis` is 0 and the effective mass is `m`, and the
/// body moves only along the row (the slider's other rows hold the rest;
/// the distance spring's body is set moving along its line).
fn sprung(kind: Sprung, hertz: f32, zeta: f32) -> (World, impl Fn(&World) -> f32) {
    let mut world = World::new();
    world.solver.gravity = Vec2::ZERO;
    world.sleep.on = false;
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let (velocity, spin) = match kind {
        Sprung::Revolute => (Vec2::ZERO, 1.0),
        _ => (Vec2::new(1.0, 0.0), 0.0),
    };
    let def = BodyDef {
        velocity,
        angular_velocity: spin,
        ..BodyDef::new(BodyKind::Dynamic, Vec2::ZERO)
    };
    let body = world.create_body(def);
    let shape = Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.1), 0.0));
    world.create_shape(body, ShapeDef::new(shape)).unwrap();
    let spring = Spring::new(hertz, zeta).unwrap();
    match kind {
        Sprung::Revolute | Sprung::Prismatic => {
            let kind = match kind {
                Sprung::Revolute => Kind::Revolute { limit: None, motor: None },
                _ => Kind::Prismatic {
                    local_axis: Vec2::X,
                    limit: None,
                    motor: None,
                },
            };
            let def = JointDef::at(&world, ground, body, Vec2::ZERO, kind).unwrap();
            let joint = world.create_joint(def).unwrap();
            world.set_spring(joint, Some(spring)).unwrap();
        }
        Sprung::Distance => {
            let anchor = Vec2::new(-2.0, 0.0);
            let def =
                DistanceSpringDef::new(ground, body, anchor, Vec2::ZERO, spring);
            world.create_spring(def).unwrap();
        }
    }
    let read = move |w: &World| {
        let b = w.body(body).unwrap();
        match kind {
            Sprung::Revolute => b.angle,
            _ => b.position.x,
        }
    };
    (world, read)
}

/// The frequency, Hz, from the upward zero crossings of `x` sampled every
/// `dt` (each crossing found between its two samples by a straight line),
/// and the ratio of one peak to the one before, from the first to the
/// last (each peak found by a parabola through its three samples).
fn measure(x: &[f32], dt: f32) -> (f64, f64) {
    let x: Vec<f64> = x.iter().map(|&v| v as f64).collect();
    let dt = dt as f64;
    let mut crossings = Vec::new();
    let mut peaks = Vec::new();
    for i in 1..x.len() - 1 {
        if x[i] < 0.0 && x[i + 1] >= 0.0 {
            crossings.push(dt * (i as f64 + x[i] / (x[i] - x[i + 1])));
        }
        let (l, m, r) = (x[i - 1], x[i], x[i + 1]);
        if m > 0.0 && m > l && m >= r {
            // The parabola's top: its offset from sample i and its height.
            let bend = l - 2.0 * m + r;
            let off = 0.5 * (l - r) / bend;
            peaks.push(m - 0.25 * (l - r) * off);
        }
    }
    assert!(crossings.len() >= 3 && peaks.len() >= 3, "not oscillating");
    let n = crossings.len() - 1;
    let frequency = n as f64 / (crossings[n] - crossings[0]);
    let k = peaks.len() - 1;
    let decay = (peaks[k] / peaks[0]).powf(1.0 / k as f64);
    (frequency, decay)
}

/// What the soft step gives one spring row on a static body, exactly:
/// each substep of `h`, with `v` and `x` along the row, the warm start and
/// the soft pass leave `v' = s v - m b x` (`s` the impulse scale, `m` the
/// mass scale, `b` the bias rate: the warm-started impulse cancels), then
/// `x' = x + h v'`. That map's eigenvalues `z` have `|z|^2 = s` (its
/// determinant) and an angle `theta` a substep, so the body swings at
/// `theta / (2 pi h)` and each swing keeps `|z|^(2 pi / theta)`. For
/// `zeta = 0`, `theta = atan(h omega)`: the frequency is low by about
/// `(h omega)^2 / 3`, and each period keeps `(1 + (h omega)^2)^(-pi /
/// theta)`, about `exp(-2 pi^2 f h)`: the implicit step's own damping.
fn predicted(hertz: f32, zeta: f32, h: f32) -> (f64, f64) {
    let s = soft(hertz, zeta, h);
    let (is, ms, br, h) =
        (s.impulse_scale as f64, s.mass_scale as f64, s.bias_rate as f64, h as f64);
    let trace = 1.0 + is - h * ms * br;
    let theta = (trace / (2.0 * is.sqrt())).acos();
    let frequency = theta / (2.0 * std::f64::consts::PI * h);
    let decay = is.powf(std::f64::consts::PI / theta);
    (frequency, decay)
}

/// `x` of `world` each step for `seconds`.
fn record(
    world: &mut World,
    read: impl Fn(&World) -> f32,
    seconds: f32,
) -> Vec<f32> {
    let steps = (seconds / DT).round() as usize;
    let mut x = vec![read(world)];
    for _ in 0..steps {
        world.step(DT);
        x.push(read(world));
    }
    x
}

/// The substep: chapter 15's world steps 1/60 s in 4 substeps.
fn substep(world: &World) -> f32 {
    DT / world.soft.settings.substeps as f32
}

#[test]
fn an_undamped_spring_on_each_joint_swings_at_its_hertz() {
    for kind in [Sprung::Revolute, Sprung::Prismatic, Sprung::Distance] {
        for hertz in [1.0, 2.0, 4.0] {
            let (mut world, read) = sprung(kind, hertz, 0.0);
            let h = substep(&world);
            let x = record(&mut world, read, 6.0);
            let (f, decay) = measure(&x, DT);
            let error = f / hertz as f64 - 1.0;
            let (f_step, decay_step) = predicted(hertz, 0.0, h);
            eprintln!(
                "{kind:?} {hertz} Hz: {f:.4} Hz ({:+.3} %), predicted {f_step:.4}; \
                 each period keeps {decay:.4}, predicted {decay_step:.4}",
                100.0 * error
            );
            assert!(error.abs() < 0.01, "{kind:?} {hertz} Hz swings at {f} Hz");
            assert!(
                (f / f_step - 1.0).abs() < 1e-3,
                "{kind:?}: {f} against {f_step}"
            );
            assert!((decay / decay_step - 1.0).abs() < 5e-3, "{kind:?}: {decay}");
        }
    }
}

#[test]
fn a_damped_spring_loses_what_its_damping_ratio_says_each_period() {
    let zeta = 0.1f64;
    let ideal =
        (-2.0 * std::f64::consts::PI * zeta / (1.0 - zeta * zeta).sqrt()).exp();
    for kind in [Sprung::Revolute, Sprung::Prismatic, Sprung::Distance] {
        for hertz in [1.0, 2.0] {
            let (mut world, read) = sprung(kind, hertz, zeta as f32);
            let h = substep(&world);
            let x = record(&mut world, read, 4.0);
            let (f, decay) = measure(&x, DT);
            let (f_step, decay_step) = predicted(hertz, zeta as f32, h);
            // The implicit step's own loss a period, as undamped.
            let (_, own) = predicted(hertz, 0.0, h);
            eprintln!(
                "{kind:?} {hertz} Hz, zeta {zeta}: {f:.4} Hz; each period \
                 keeps {decay:.4}: exp(-2 pi zeta / sqrt(1 - zeta^2)) = \
                 {ideal:.4}, times the step's own {own:.4} = {:.4}; the \
                 step's map says {decay_step:.4}",
                ideal * own
            );
            // What the step does, to within the peaks' sampling.
            assert!((decay / decay_step - 1.0).abs() < 0.01, "{kind:?}: {decay}");
            // The damping ratio's loss, and the implicit step's own on top
            // (measured without damping above): within 1 % of their product.
            assert!(
                (decay / (ideal * own) - 1.0).abs() < 0.01,
                "{kind:?}: {decay}"
            );
            // So within the step's own loss of the ideal, and no further.
            assert!(
                decay <= ideal && decay >= ideal * own * 0.99,
                "{kind:?}: {decay}"
            );
            assert!(
                (f / f_step - 1.0).abs() < 2e-3,
                "{kind:?}: {f} against {f_step}"
            );
        }
    }
}

/// A chassis (`M` = 20 kg, 2 m by 0.4 m) on two wheels (4 kg, 0.4 m)
/// 1.6 m apart, on wheel joints of `spring` along the vertical, resting on
/// a floor. Returns the world, the joints, and the chassis' mass and
/// inertia.
fn cart(
    spring: Spring,
) -> (World, [ch16_characters::springs::WheelId; 2], f32, f32) {
    let mut world = World::new();
    let floor =
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(20.0, 0.5), 0.0)));
    let ground =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, -0.5)));
    world.create_shape(ground, floor).unwrap();
    let at = Vec2::new(0.0, 0.9);
    let chassis = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
    let half = Vec2::new(1.0, 0.2);
    let mass = 20.0;
    let body = ShapeDef {
        density: mass / (4.0 * half.x * half.y),
        ..ShapeDef::new(Shape::Polygon(Polygon::boxed(half, 0.0)))
    };
    world.create_shape(chassis, body).unwrap();
    let mut joints = Vec::new();
    for x in [-0.8, 0.8] {
        let centre = Vec2::new(x, 0.4);
        let wheel = world.create_body(BodyDef::new(BodyKind::Dynamic, centre));
        let disc = Shape::Circle { radius: 0.4 };
        let area = std::f32::consts::PI * 0.16;
        let tyre =
            ShapeDef { density: 4.0 / area, friction: 0.9, ..ShapeDef::new(disc) };
        world.create_shape(wheel, tyre).unwrap();
        let def = WheelDef::new(chassis, wheel, centre, Vec2::Y, spring);
        joints.push(world.create_wheel(def).unwrap());
    }
    let inertia = 1.0 / world.body(chassis).unwrap().inv_inertia;
    (world, [joints[0], joints[1]], mass, inertia)
}

/// The suspension's sag under the chassis' weight is `(M g / 2) / k` a
/// wheel, with `k` the spring's stiffness: `k = m_eff (2 pi f)^2` where
/// `m_eff` is the spring row's effective mass, `1 / (J M^-1 J^T)`. The row
/// is along the axis `a` at A's anchor offset `d + r_A` (the wheel's
/// centre from the chassis' centre) and B's `r_B = 0` (the anchor is the
/// wheel's centre): `1/m_eff = 1/M + 1/m_w + ((d + r_A) x a)^2 / I_A`,
/// with `(d + r_A) x a = x` for a wheel `x` to the side of the chassis'
/// centre and a vertical axis. At rest the soft row's fixed point is
/// exactly `C = -F / k` for the force `F` it carries, whatever the
/// substep (its `bias_rate / (impulse_scale / mass_scale)` is
/// `h omega^2`), so the sag is the spring's to within what the contacts
/// leave.
#[test]
fn a_wheel_sags_by_its_load_over_its_stiffness() {
    let spring = Spring::new(2.0, 0.7).unwrap();
    let (mut world, joints, mass, inertia) = cart(spring);
    for _ in 0..300 {
        world.step(DT);
    }
    let g = -world.solver.gravity.y;
    let omega = 2.0 * std::f32::consts::PI * spring.hertz;
    let m_eff = 1.0 / (1.0 / mass + 1.0 / 4.0 + 0.8 * 0.8 / inertia);
    let k = m_eff * omega * omega;
    let sag = 0.5 * mass * g / k;
    for id in joints {
        let (travel, across, _) = world.wheel_travel(id).unwrap();
        eprintln!(
            "sag {travel:.5} m, predicted {sag:.5} m ({:+.3} %), \
             off the line {across:.2e} m",
            100.0 * (travel / sag - 1.0)
        );
        assert!(
            (travel / sag - 1.0).abs() < 0.01,
            "sagged {travel} m, not {sag} m"
        );
        assert!(across.abs() < 1e-3);
    }
}

/// The seconds a car is driven for, and how often its throttle changes.
const MINUTE: f32 = 60.0;
const EVERY: f32 = 0.5;

/// What a minute of driving showed: the farthest a wheel was off its
/// line, and off it with no put-back by chapter 12's sweep in the last
/// ten steps; the fastest the chassis went; how far it got.
#[derive(Debug)]
struct Drive {
    across: f32,
    across_settled: f32,
    fastest: f32,
    farthest: f32,
    put_back: usize,
}

/// A car over bumpy ground for a minute of throttle chosen at random
/// every half second (forward, off, back; seeded), chapter 12's sweep
/// `toi` on or off, checked at every step: nothing leaves the numbers,
/// each wheel stays within its travel (the limits are speculative and
/// soft: within 2 cm past them) and near the chassis, no speed runs away.
fn drive(toi: bool) -> Drive {
    let (mut world, car) = worlds::car();
    world.fast.settings.toi = toi;
    let mut rng = Rng::new(1616);
    let mut d = Drive {
        across: 0.0,
        across_settled: 0.0,
        fastest: 0.0,
        farthest: 0.0,
        put_back: 0,
    };
    let start = world.body(car.chassis).unwrap().position;
    let (steps, every) = ((MINUTE / DT) as usize, (EVERY / DT) as usize);
    let mut since = usize::MAX;
    for step in 0..steps {
        if step % every == 0 {
            let throttle = (rng.next_u64() % 3) as f32 - 1.0;
            worlds::set_throttle(&mut world, car.joints[0], throttle).unwrap();
        }
        world.step(DT);
        let hits = world.fast.report.hits;
        d.put_back += hits;
        since = if hits > 0 { 0 } else { since.saturating_add(1) };
        let chassis = *world.body(car.chassis).unwrap();
        for (wheel, id) in car.wheels.iter().zip(car.joints) {
            let b = world.body(*wheel).unwrap();
            assert!(
                b.position.is_finite() && b.velocity.is_finite(),
                "step {step}"
            );
            let (travel, across, _) = world.wheel_travel(id).unwrap();
            d.across = d.across.max(across.abs());
            if since >= 10 {
                d.across_settled = d.across_settled.max(across.abs());
            }
            // Within the step's motion of the line, whatever put it off.
            let bound =
                (b.velocity.length() + chassis.velocity.length()) * DT + 0.01;
            assert!(across.abs() < bound, "step {step}: {across} m off the line");
            assert!(
                travel > TRAVEL.0 - 0.02 && travel < TRAVEL.1 + 0.02,
                "step {step}: travel {travel} m"
            );
            let reach = (b.position - chassis.position).length();
            assert!(reach < 1.5, "step {step}: a wheel {reach} m from the chassis");
            assert!(b.angular_velocity.abs() < 60.0, "step {step}: spinning");
        }
        assert!(chassis.position.is_finite(), "step {step}");
        d.fastest = d.fastest.max(chassis.velocity.length());
        d.farthest = d.farthest.max((chassis.position - start).length());
        assert!(chassis.velocity.length() < 20.0, "step {step}: runaway");
    }
    eprintln!(
        "a minute, chapter 12's sweep {}: {d:?}",
        if toi { "on" } else { "off" }
    );
    assert!(d.farthest > 5.0, "the car hardly moved ({} m)", d.farthest);
    d
}

/// The wheel joint's own error while the car drives is a few millimetres:
/// within 1 cm at every step. The ground is a smooth chain, so chapter
/// 12's sweep (on by default) leaves the wheels alone as they roll along
/// it (`Chains::sweeps`): with it on, no wheel is put back and the run is
/// the same as with it off. (On ground of polygons, the sweep put a fast
/// wheel that met a bump back alone, up to a step's motion off its line.)
#[test]
fn a_car_holds_together_for_a_minute_of_random_throttle() {
    let own = drive(false);
    assert!(own.across < 0.01, "{own:?}");
    let swept = drive(true);
    assert_eq!(swept.put_back, 0, "{swept:?}");
    assert_eq!(format!("{own:?}"), format!("{swept:?}"));
}

/// Driven forward on a motor, the rear wheel rolls the car right, and
/// the car keeps on its wheels (the chassis stays above them).
#[test]
fn the_motor_drives_the_car_forward() {
    let (mut world, car) = worlds::car();
    worlds::set_throttle(&mut world, car.joints[0], 1.0).unwrap();
    for _ in 0..300 {
        world.step(DT);
    }
    let chassis = world.body(car.chassis).unwrap();
    eprintln!(
        "5 s forward: at x = {:.2} m, {:.2} m/s",
        chassis.position.x, chassis.velocity.x
    );
    assert!(chassis.position.x > 10.0, "only to {}", chassis.position.x);
    let top_speed = worlds::TOP_SPIN * WHEEL_RADIUS;
    assert!(chassis.velocity.x < 1.1 * top_speed);
    assert!(chassis.angle.cos() > 0.7, "the car tipped over");
}

#[test]
fn destroying_a_joint_or_a_body_takes_its_spring_or_wheel_with_it() {
    // A spring on a joint goes with the joint.
    let (mut world, car) = worlds::car();
    let post =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(0.0, 5.0)));
    let bar =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 5.0)));
    let shape = Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.1), 0.0));
    world.create_shape(bar, ShapeDef::new(shape)).unwrap();
    let pin = Kind::Revolute { limit: None, motor: None };
    let def = JointDef::at(&world, post, bar, Vec2::new(0.0, 5.0), pin).unwrap();
    let joint = world.create_joint(def).unwrap();
    let spring = Spring::new(2.0, 0.1).unwrap();
    world.set_spring(joint, Some(spring)).unwrap();
    assert_eq!(world.spring_on(joint), Ok(Some(spring)));
    world.step(DT);
    world.destroy_joint(joint).unwrap();
    assert_eq!(
        world.spring_on(joint),
        Err(SpringError::Stale(Stale::Joint(joint)))
    );
    assert_eq!(
        world.set_spring(joint, Some(spring)),
        Err(SpringError::Stale(Stale::Joint(joint)))
    );
    world.step(DT);
    assert_eq!(world.more.springs.counts(), (0, 0, 2));
    // A new joint in its place has no spring.
    let def = JointDef::at(&world, post, bar, Vec2::new(0.0, 5.0), pin).unwrap();
    let again = world.create_joint(def).unwrap();
    assert_eq!(again.index, joint.index);
    assert_eq!(world.spring_on(again), Ok(None));
    assert!(world.sprung_joints().is_empty());

    // A wheel goes with either body.
    let [rear, front] = car.joints;
    world.destroy_body(car.wheels[1]).unwrap();
    assert_eq!(world.wheel_travel(front).map(|_| ()), Err(SpringError::Gone));
    assert_eq!(world.set_wheel_motor(front, None), Err(SpringError::Gone));
    assert_eq!(world.destroy_wheel(front), Err(SpringError::Gone));
    assert_eq!(world.wheel_ids(), vec![rear]);
    world.step(DT);
    assert_eq!(world.more.springs.counts(), (0, 0, 1));
    // A body made in the wheel's place is not the wheel.
    let new = world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::ZERO));
    assert_eq!(new.index, car.wheels[1].index);
    assert_eq!(world.wheel_motor(front), Err(SpringError::Gone));
    world.destroy_wheel(rear).unwrap();
    assert_eq!(world.wheel_motor(rear), Err(SpringError::Gone));
    assert!(world.more.springs.is_empty());

    // A distance spring goes with either body.
    let ball =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(3.0, 3.0)));
    world.create_shape(ball, ShapeDef::new(Shape::Circle { radius: 0.2 })).unwrap();
    let def = DistanceSpringDef::new(
        post,
        ball,
        Vec2::new(3.0, 5.0),
        Vec2::new(3.0, 3.0),
        spring,
    );
    let id = world.create_spring(def).unwrap();
    assert_eq!(world.spring_ids(), vec![id]);
    world.step(DT);
    world.destroy_body(ball).unwrap();
    assert_eq!(world.destroy_spring(id), Err(SpringError::Gone));
    world.step(DT);
    assert!(world.more.springs.is_empty());
    assert!(world.sleep.ties.is_empty());
}

#[test]
fn bad_numbers_and_bad_joints_are_refused() {
    for (hertz, zeta) in
        [(-1.0, 0.0), (f32::NAN, 0.0), (1.0, -0.5), (1.0, f32::INFINITY)]
    {
        assert!(matches!(
            Spring::new(hertz, zeta),
            Err(SpringError::Invalid { .. })
        ));
    }
    let (mut world, car) = worlds::car();
    let spring = Spring::new(1.0, 0.5).unwrap();
    let mut def =
        WheelDef::new(car.chassis, car.wheels[0], Vec2::ZERO, Vec2::ZERO, spring);
    assert!(matches!(world.create_wheel(def), Err(SpringError::Invalid { .. })));
    def.axis = Vec2::new(f32::NAN, 1.0);
    assert!(matches!(world.create_wheel(def), Err(SpringError::Invalid { .. })));
    def.axis = Vec2::Y;
    def.motor = Some(WheelMotor { speed: 1.0, max_torque: -1.0 });
    assert!(matches!(world.create_wheel(def), Err(SpringError::Invalid { .. })));
    def.motor = None;
    def.limits = Some((0.5, -0.5));
    assert!(matches!(world.create_wheel(def), Err(SpringError::Invalid { .. })));
    def.limits = None;
    def.body_b = car.chassis;
    assert!(matches!(world.create_wheel(def), Err(SpringError::Unsupported(_))));
    let bad = Spring { hertz: -2.0, damping_ratio: 0.0 };
    assert!(world.set_wheel_spring(car.joints[0], bad).is_err());
    let weld =
        JointDef::at(&world, car.chassis, car.wheels[0], Vec2::ZERO, Kind::Weld)
            .unwrap();
    let weld = world.create_joint(weld).unwrap();
    assert!(matches!(
        world.set_spring(weld, Some(spring)),
        Err(SpringError::Unsupported(_))
    ));
    let mut def = DistanceSpringDef::new(
        car.chassis,
        car.wheels[0],
        Vec2::ZERO,
        Vec2::X,
        spring,
    );
    def.max_length = -1.0;
    assert!(matches!(world.create_spring(def), Err(SpringError::Invalid { .. })));
    // A spring of 0 Hz is none: a wheel on it sinks to its limit, no NaN.
    let none = Spring::new(0.0, 0.0).unwrap();
    world.set_wheel_spring(car.joints[1], none).unwrap();
    for _ in 0..120 {
        world.step(DT);
    }
    assert!(world.body(car.chassis).unwrap().position.is_finite());
}

/// A car driven forward past a ball on a distance spring and a bar on a
/// torsion spring, beside a rain of 4200 discs (enough bodies that a step
/// splits across the workers), for `steps` steps on `threads` threads:
/// every body's place, to the bit.
fn bits(threads: usize, steps: usize) -> Vec<u32> {
    let (mut world, car) = worlds::car();
    world.wide.set_threads(threads);
    worlds::set_throttle(&mut world, car.joints[0], 1.0).unwrap();
    let post =
        world.create_body(BodyDef::new(BodyKind::Static, Vec2::new(4.0, 5.0)));
    let spring = Spring::new(1.5, 0.05).unwrap();
    let ball = world.create_body(BodyDef {
        velocity: Vec2::new(1.0, 2.0),
        ..BodyDef::new(BodyKind::Dynamic, Vec2::new(4.0, 3.0))
    });
    world.create_shape(ball, ShapeDef::new(Shape::Circle { radius: 0.2 })).unwrap();
    let def = DistanceSpringDef::new(
        post,
        ball,
        Vec2::new(4.0, 5.0),
        Vec2::new(4.0, 3.0),
        spring,
    );
    world.create_spring(def).unwrap();
    let bar = world.create_body(BodyDef {
        angular_velocity: 3.0,
        ..BodyDef::new(BodyKind::Dynamic, Vec2::new(6.0, 4.0))
    });
    let shape = Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.1), 0.0));
    world.create_shape(bar, ShapeDef::new(shape)).unwrap();
    let pin = Kind::Revolute { limit: None, motor: None };
    let joint = JointDef::at(&world, post, bar, Vec2::new(6.0, 4.0), pin).unwrap();
    let joint = world.create_joint(joint).unwrap();
    world.set_spring(joint, Some(spring)).unwrap();
    let mut rng = Rng::new(7);
    for k in 0..4200 {
        let at = Vec2::new(
            -49.0 + 0.2 * (k % 120) as f32,
            0.15 + 0.22 * (k / 120) as f32,
        );
        let b: BodyId = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let disc = Shape::Circle { radius: rng.range(0.08, 0.1) };
        world.create_shape(b, ShapeDef::new(disc)).unwrap();
    }
    for _ in 0..steps {
        world.step(DT);
    }
    let splits = world.wide.splits(&world.solver);
    assert_eq!(splits, threads > 1, "the step is split only on a pool");
    let bodies = &world.solver.bodies;
    bodies
        .iter()
        .flat_map(|b| [b.position.x, b.position.y, b.angle])
        .map(f32::to_bits)
        .collect()
}

#[test]
fn springs_and_wheels_give_the_same_bits_on_any_number_of_threads() {
    let one = bits(1, 30);
    assert_eq!(one, bits(2, 30), "2 threads");
    assert_eq!(one, bits(4, 30), "4 threads");
}

/// Chapter 13's ties: a car at rest sleeps as one island, chassis and
/// wheels together, and wakes as one (the wheels touch only the ground,
/// and the chassis nothing, so without the ties the chassis would be an
/// island of its own). A motor that drives keeps the car awake, however
/// weakly it pushes (it would stop it, asleep).
#[test]
fn a_car_sleeps_and_wakes_as_one_island() {
    let (mut world, car) = worlds::car();
    let bodies = [car.chassis, car.wheels[0], car.wheels[1]];
    let asleep = |w: &World| bodies.map(|id| w.sleep.asleep[id.index as usize]);
    for _ in 0..240 {
        world.step(DT);
    }
    assert_eq!(asleep(&world), [true; 3], "the car at rest sleeps");
    // A nudge to one wheel wakes the whole car.
    world.set_velocity(car.wheels[1], Vec2::new(0.1, 0.0), 0.0).unwrap();
    assert_eq!(asleep(&world), [false; 3], "the car wakes as one");
    // A motor, however weak, keeps it awake.
    let weak = WheelMotor { speed: -1.0, max_torque: 0.01 };
    world.set_wheel_motor(car.joints[0], Some(weak)).unwrap();
    for _ in 0..240 {
        world.step(DT);
    }
    assert_eq!(asleep(&world), [false; 3], "a driven car stays awake");
    // Its motor off, it sleeps again.
    world.set_wheel_motor(car.joints[0], None).unwrap();
    for _ in 0..240 {
        world.step(DT);
    }
    assert_eq!(asleep(&world), [true; 3]);
}
