//! Chapter 16's demos: characters and vehicles on chapter 15's world.

use crate::mover::{Input, Mover};
use crate::springs::Spring;
use crate::{BodyId, BodyKind, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch11_polygons::contains;
use ch11_polygons::demos::draw_shape;
use ch12_continuous::Transform;
use ch15_game_api::events::on_body;
use ch15_game_api::game::ShapeSlot;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Controls, Demo, DemoEntry, EventRow};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::limits::MAX_PAIRS;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 16,
    package: "ch16-characters",
    title: "16. Characters and vehicles",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// What this chapter's scene files may hold: chapter 15's, and this
/// chapter's chains, springs, wheels and surfaces.
pub const SUPPORTS: &[physics_core::scene::Feature] = &[
    physics_core::scene::Feature::Gravity,
    physics_core::scene::Feature::Planes,
    physics_core::scene::Feature::Restitution,
    physics_core::scene::Feature::StaticBodies,
    physics_core::scene::Feature::Boxes,
    physics_core::scene::Feature::TurnedBoxes,
    physics_core::scene::Feature::Rotation,
    physics_core::scene::Feature::Joints,
    physics_core::scene::Feature::RigidJoints,
    physics_core::scene::Feature::Polygons,
    physics_core::scene::Feature::Bullets,
    physics_core::scene::Feature::Game,
    physics_core::scene::Feature::Characters,
];

/// A scene file as this chapter's demo.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(Shown::new(world), KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "character",
        about: "a character the arrow keys steer: Left/Right walk, Up jumps; it \
                walks up the gentle slope, not the steep one, steps up the ledge, \
                rides the platform and pushes the light crates (until a key is \
                pressed, it plays by itself)",
        make: || {
            let lab = Lab::new(
                Play::new(),
                PLAY_KNOBS,
                (Vec2::new(-14.0, -1.5), Vec2::new(2.0, 7.0)),
            );
            Box::new(lab.following(|p| p.mover.position))
        },
    },
    DemoEntry {
        name: "chain",
        about: "a box and a capsule at 10 m/s on smooth chains; the box on tiles catches",
        make: || {
            let shown = Shown {
                speeds: true,
                ..Shown::new(crate::worlds::chain_and_tiles())
            };
            let view = (Vec2::new(-21.0, -2.0), Vec2::new(21.0, 29.0));
            Box::new(Lab::new(shown, KNOBS, view))
        },
    },
    DemoEntry {
        name: "conveyor",
        about: "belts carrying crates each way; a ball resisting rolling stops, one without rolls on",
        make: || {
            let shown =
                Shown { speeds: true, ..Shown::new(crate::worlds::conveyor()) };
            let view = (Vec2::new(-16.0, -8.0), Vec2::new(16.0, 7.0));
            Box::new(Lab::new(shown, KNOBS, view))
        },
    },
    DemoEntry {
        name: "springs",
        about: "a bar on a torsion spring, a box on a sliding spring, a ball on a \
                distance spring, each of the same hertz (F) and damping ratio (Z); \
                K kicks them",
        make: || {
            let world = crate::worlds::springs(SPRING);
            let view = (Vec2::new(-5.0, -0.5), Vec2::new(5.0, 5.5));
            Box::new(
                Lab::new(Shown::new(world), SPRING_KNOBS, view).with_knobs(KNOBS),
            )
        },
    },
    DemoEntry {
        name: "car",
        about: "a car on wheel joints (suspension springs, a motor on the rear \
                wheel) over bumps; D: throttle forward, off, back",
        make: || {
            let (mut world, car) = crate::worlds::car();
            crate::worlds::set_throttle(&mut world, car.joints[0], 1.0)
                .expect("the car was just made");
            let view = (Vec2::new(-6.0, -1.5), Vec2::new(6.0, 4.5));
            let lab =
                Lab::new(Shown::new(world), CAR_KNOBS, view).with_knobs(KNOBS);
            Box::new(lab.following(chassis_at).replaying(2400))
        },
    },
    DemoEntry {
        name: "planes",
        about: "a figure: the mover's plane solve, the move nearest the one wanted \
                that keeps outside both planes (drag the target and the second \
                plane's normal)",
        make: || Box::new(crate::figures::planes()),
    },
];

/// The springs demo's spring at the start.
const SPRING: Spring = Spring { hertz: 1.0, damping_ratio: 0.0 };

// ANCHOR: spring_switches
/// The springs demo's switches: every spring's hertz and damping ratio,
/// and a kick.
pub const SPRING_KNOBS: &[Knob<Shown>] = &[
    Knob::number(
        'f',
        "springs' hertz",
        &[1.0, 2.0, 4.0],
        |w| spring_of(&w.world).hertz,
        |w, hertz| {
            let zeta = spring_of(&w.world).damping_ratio;
            set_springs(&mut w.world, Spring { hertz, damping_ratio: zeta });
        },
    ),
    Knob::number(
        'z',
        "springs' damping ratio",
        &[0.0, 0.1, 0.7],
        |w| spring_of(&w.world).damping_ratio,
        |w, zeta| {
            let hertz = spring_of(&w.world).hertz;
            set_springs(&mut w.world, Spring { hertz, damping_ratio: zeta });
        },
    ),
    Knob::action('k', "kick: every body up at 2 m/s, spinning at 4 rad/s", |w| {
        let world = &mut w.world;
        let ids: Vec<_> = world.body_ids().collect();
        for id in ids {
            world.set_velocity(id, Vec2::new(0.0, 2.0), 4.0).expect("a live body");
        }
    }),
];

/// The car demo's switch: the throttle.
pub const CAR_KNOBS: &[Knob<Shown>] = &[Knob::number(
    'd',
    "throttle (1 forward, 0 off, -1 back)",
    &[1.0, 0.0, -1.0],
    |w| throttle(&w.world),
    |w, throttle| {
        for id in w.world.wheel_ids() {
            if let Ok(Some(_)) = w.world.wheel_motor(id) {
                crate::worlds::set_throttle(&mut w.world, id, throttle)
                    .expect("a live wheel");
            }
        }
    },
)];
// ANCHOR_END: spring_switches

/// The first spring's (they are all alike in the springs demo).
fn spring_of(world: &World) -> Spring {
    let on_joint =
        world.sprung_joints().first().and_then(|&j| world.spring_on(j).ok()?);
    let distance = || {
        let id = *world.spring_ids().first()?;
        world.distance_spring_def(id).ok().map(|d| d.0)
    };
    on_joint.or_else(distance).unwrap_or(SPRING)
}

/// Every spring on a joint and every distance spring made `spring`.
fn set_springs(world: &mut World, spring: Spring) {
    for joint in world.sprung_joints() {
        world.set_spring(joint, Some(spring)).expect("a live joint");
    }
    for id in world.spring_ids() {
        world.set_distance_spring(id, spring).expect("a live spring");
    }
}

/// The driven wheel's throttle.
fn throttle(world: &World) -> f32 {
    let motors = world
        .wheel_ids()
        .into_iter()
        .filter_map(|id| world.wheel_motor(id).ok()?);
    match motors.into_iter().next() {
        Some(m) if m.max_torque > 0.0 => -m.speed / crate::worlds::TOP_SPIN,
        _ => 0.0,
    }
}

/// How fast the chassis of wheel `id` moves, m/s.
fn chassis_at_velocity(world: &World, id: crate::springs::WheelId) -> f32 {
    let chassis = world.wheel_bodies(id).ok().map(|(c, _)| c);
    let body = chassis.and_then(|c| world.body(c).ok());
    body.map_or(0.0, |b| b.velocity.length())
}

/// Where the first wheel's chassis is: what the car demo's camera follows.
fn chassis_at(shown: &Shown) -> Vec2 {
    let world = &shown.world;
    let chassis =
        world.wheel_ids().first().and_then(|&id| world.wheel_bodies(id).ok());
    chassis.and_then(|(c, _)| world.body(c).ok()).map_or(Vec2::ZERO, |b| b.position)
}

// ANCHOR: switches
/// This chapter's switches.
pub const KNOBS: &[Knob<Shown>] = &[
    Knob::number(
        't',
        "threads",
        &[1.0, 2.0, 4.0],
        |w| w.world.wide.threads.count() as f32,
        |w, n| w.world.wide.set_threads(n as usize),
    ),
    Knob::toggle(
        's',
        "sleeping (off: every body is stepped)",
        |w| w.world.sleep.on,
        |w, on| w.world.sleep.on = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
];
// ANCHOR_END: switches

/// A world as the window shows it.
#[derive(Clone, Debug)]
pub struct Shown {
    pub world: World,
    /// Steps taken.
    pub steps: u64,
    /// Write each moving body's speed beside it.
    pub speeds: bool,
}

impl Shown {
    pub fn new(world: World) -> Shown {
        Shown { world, steps: 0, speeds: false }
    }

    /// Each live shape where it is: its body's place, its own place on
    /// the body.
    fn shapes(&self) -> impl Iterator<Item = (usize, &ShapeSlot, Transform)> + '_ {
        let bodies = &self.world.solver.bodies;
        self.world.game.shapes.iter().filter_map(move |s| {
            let i = s.body? as usize;
            let b = &bodies[i];
            Some((i, s, on_body(&Transform::new(b.position, b.angle), s.at)))
        })
    }
}

impl Shown {
    /// Each moving surface's direction, an arrow along its top; each moving
    /// body with a rolling or moving surface, or on the chain demo's lanes,
    /// its speed beside it.
    fn draw_surfaces(&self, out: &mut DrawList) {
        let world = &self.world;
        let mut rolling = vec![false; world.solver.bodies.len()];
        for (s, slot) in world.game.shapes.iter().enumerate() {
            let Some(i) = slot.body.map(|i| i as usize) else { continue };
            let Ok((resists, speed)) = world.surface(world.game.shape_id(s)) else {
                continue;
            };
            rolling[i] |= resists > 0.0;
            if speed != 0.0 {
                // Counter-clockwise about the body: along -x on its top.
                let t = world.game.shape_transform(s, &world.solver.bodies[i]);
                let top =
                    crate::surfaces::radius(&slot.placed) + top_of(&slot.placed);
                let from = t.to_world(Vec2::new(0.6 * speed.signum(), top + 0.25));
                let to = t.to_world(Vec2::new(-0.6 * speed.signum(), top + 0.25));
                out.arrow(from, to, Color(0x40c080));
            }
        }
        for (b, resists) in world.solver.bodies.iter().zip(rolling) {
            if b.inv_mass > 0.0 && (self.speeds || resists) {
                let at = b.position + Vec2::new(0.35, 0.45);
                let speed = format!("{:.1} m/s", b.velocity.length());
                out.text(at, speed, Color::WHITE);
            }
        }
    }
}

/// How far above its centre a shape reaches, in its own frame (its corners'
/// highest; a circle's 0, its radius added by the caller).
fn top_of(shape: &ch11_polygons::Shape) -> f32 {
    match shape {
        ch11_polygons::Shape::Circle { .. } => 0.0,
        ch11_polygons::Shape::Polygon(p) => {
            p.corners().iter().map(|c| c.y).fold(f32::NEG_INFINITY, f32::max)
        }
    }
}

impl Sim for Shown {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
        self.steps += 1;
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.solver.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.solver.gravity = gravity;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        let world = &self.world;
        for (i, slot, t) in self.shapes() {
            let color = match world.game.bodies[i].kind {
                _ if slot.def.sensor => Color(0x40c080),
                Some(BodyKind::Static) => Color::GREY,
                Some(BodyKind::Kinematic) => Color(0xe0a020),
                _ if world.sleep.asleep[i] => Color(0x505868),
                _ => ch06_rotation_friction::demos::body_color(
                    &world.solver.bodies[i],
                    i,
                ),
            };
            draw_shape(out, &slot.placed, &t, color);
        }
        ch09_joints::demos::draw_joints(out, &world.solver.bodies, &world.joints);
        crate::springs::draw(out, world);
        self.draw_surfaces(out);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &world.solver);
        }
    }

    fn trouble(&self) -> Option<String> {
        let pairs = self.world.phase.pairs().len();
        ch13_islands::broad_phase::crowded(pairs, MAX_PAIRS)
    }

    fn status(&self) -> Option<String> {
        let world = &self.world;
        let wheels = world.wheel_ids();
        let Some(&first) = wheels.first() else {
            let live = world.body_ids().count();
            return Some(format!("{live} bodies"));
        };
        // A car: its speed, and how far each wheel has moved along its
        // axis from where it was made (up the axis: towards the chassis).
        let speed = chassis_at_velocity(world, first);
        let travel: Vec<String> = wheels
            .iter()
            .filter_map(|&id| world.wheel_travel(id).ok())
            .map(|(along, ..)| format!("{:+.0} mm", 1000.0 * along))
            .collect();
        Some(format!("{speed:.1} m/s | suspension {}", travel.join(", ")))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let world = &self.world;
        let (i, ..) = self.shapes().find(|(i, slot, t)| {
            world.game.bodies[*i].kind == Some(BodyKind::Dynamic)
                && !slot.def.sensor
                && contains(&slot.placed, t.to_local(at))
        })?;
        let local = world.solver.bodies[i].transform().to_local(at);
        Some(MouseSpring { body: i, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        let bodies = &self.world.base.solver.bodies;
        self.world.base.joints.pull(bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(&self.world.solver.bodies))
    }

    fn events(&self) -> Vec<EventRow> {
        self.world.event_rows()
    }
}

// ANCHOR: play
/// The character demo: chapter 15's world with a mover in it, a platform
/// the demo drives to and fro, and the arrow keys.
#[derive(Clone, Debug)]
pub struct Play {
    pub shown: Shown,
    pub mover: Mover,
    /// The platform's body; it rides between `x` = `from` and `to`.
    pub platform: BodyId,
    /// The arrow keys held.
    pub held: Controls,
    /// Plays [`script`] until the player presses an arrow key: what a
    /// picture or a test with no keys shows.
    pub autopilot: bool,
}
// ANCHOR_END: play

impl Play {
    pub fn new() -> Play {
        let (world, platform) = crate::worlds::character();
        let mover = Mover::new(crate::worlds::character::START, 1.6, 0.3);
        Play {
            shown: Shown::new(world),
            mover,
            platform,
            held: Controls::default(),
            autopilot: true,
        }
    }

    /// What the mover is asked this frame: the script's, or the keys'.
    pub fn input(&self) -> Input {
        match self.autopilot {
            true => script(self),
            false => Input { walk: self.held.across(), jump: self.held.up },
        }
    }
}

impl Default for Play {
    fn default() -> Play {
        Play::new()
    }
}

// ANCHOR: script
/// What the demo plays until an arrow key is pressed: left to push the
/// light crate against the heavy one, a jump on the spot, then right: up
/// the gentle slope and the ledge, the crates on it pushed off the drop;
/// at the pit, a wait for the platform, a ride across standing still, and
/// on into the steep slope, jumping at it now and then. Timed by the step
/// at first, then by where the mover and the platform are.
pub fn script(play: &Play) -> Input {
    let step = play.shown.steps;
    let m = &play.mover;
    let x = m.position.x;
    let platform =
        play.shown.world.transform(play.platform).map_or(0.0, |t| t.position.x);
    let (_, to, _) = crate::worlds::character::PLATFORM;
    let (walk, jump) = match step {
        0..20 => (0.0, false),
        20..70 => (-1.0, false),
        70..90 => (0.0, false),
        90..100 => (0.0, true),
        100..130 => (0.0, false),
        // At the pit's edge: wait for the platform to come (its left edge
        // within reach of the floor's).
        _ if (7.0..8.3).contains(&x) && platform > 10.05 => (0.0, false),
        // On it: to its middle, ride, and off near the far side.
        _ if m.ground.is_some_and(|g| g.kind == BodyKind::Kinematic) => {
            let middle = if (x - platform).abs() > 0.3 {
                (platform - x).signum()
            } else {
                0.0
            };
            (if platform > to - 1.0 { 1.0 } else { middle }, false)
        }
        // Fell in the pit: out of it, with a jump at the wall.
        _ if m.position.y < 0.0 => (1.0, true),
        // At the steep slope: a jump at it every second and a half.
        _ if x > 26.0 => (1.0, step % 90 == 0),
        _ => (1.0, false),
    };
    Input { walk, jump }
}
// ANCHOR_END: script

/// The character demo's switches.
pub const PLAY_KNOBS: &[Knob<Play>] = &[
    Knob::toggle(
        'a',
        "autopilot (plays by itself until an arrow key is pressed)",
        |p| p.autopilot,
        |p, on| p.autopilot = on,
    ),
    Knob::number(
        't',
        "threads",
        &[1.0, 2.0, 4.0],
        |p| p.shown.world.wide.threads.count() as f32,
        |p, n| p.shown.world.wide.set_threads(n as usize),
    ),
    Knob::overlay('m', "show the mover's planes and contacts"),
];

impl Sim for Play {
    type Hold = MouseSpring;

    // ANCHOR: play_step
    /// The platform's velocity for the step, the world's step, then the
    /// mover's in the world as the step left it.
    fn step(&mut self, dt: f32) {
        let (from, to, speed) = crate::worlds::character::PLATFORM;
        let world = &mut self.shown.world;
        if let (Ok(t), Ok(b)) =
            (world.transform(self.platform), world.body(self.platform))
        {
            let x = t.position.x;
            let heading = if x >= to {
                -1.0
            } else if x <= from {
                1.0
            } else if b.velocity.x < 0.0 {
                -1.0
            } else {
                1.0
            };
            let _ = world.set_velocity(
                self.platform,
                Vec2::new(heading * speed, 0.0),
                0.0,
            );
        }
        let input = self.input();
        self.shown.step(dt);
        self.mover.step(&mut self.shown.world, input, dt);
    }
    // ANCHOR_END: play_step

    fn bodies(&self) -> Vec<BodyState> {
        let mut all = self.shown.bodies();
        let m = &self.mover;
        all.push(BodyState::particle(
            m.position,
            m.velocity,
            1.0 / m.settings.mass,
        ));
        all
    }

    fn gravity(&self) -> Vec2 {
        self.shown.gravity()
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.shown.set_gravity(gravity);
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        self.shown.draw(out, overlay);
        let m = &self.mover;
        let color = if m.ground.is_some() { Color::CYAN } else { Color::PURPLE };
        draw_shape(out, &m.shape(), &Mover::transform(m.position), color);
        if overlay {
            for n in &m.touching {
                let c = if n.wall { Color::RED } else { Color::YELLOW };
                out.arrow(n.point, n.point + 0.5 * n.plane.normal, c);
            }
        }
    }

    fn status(&self) -> Option<String> {
        let m = &self.mover;
        let state = match m.ground {
            None => "in the air".to_string(),
            Some(g) if g.kind == BodyKind::Kinematic => {
                "riding the platform".to_string()
            }
            Some(g) if g.kind == BodyKind::Dynamic => "on a crate".to_string(),
            Some(g) => {
                let slope = physics_core::trig::atan2(g.normal.x.abs(), g.normal.y);
                match slope.to_degrees().round() {
                    d if d < 0.5 => "on level ground".to_string(),
                    d => format!("on a {d} degree slope"),
                }
            }
        };
        let who = if self.autopilot { "autopilot" } else { "you" };
        Some(format!(
            "Left/Right walk, Up jump ({who})   {state}   {:.1} m/s",
            m.velocity.length()
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        self.shown.pick(at)
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, dt: f32) {
        self.shown.pull(hold, target, dt);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        self.shown.held_point(hold)
    }

    fn events(&self) -> Vec<EventRow> {
        self.shown.events()
    }

    fn steers(&self) -> bool {
        true
    }

    /// The keys held; the first arrow pressed takes over from the script.
    fn steer(&mut self, controls: Controls) {
        if controls.any() {
            self.autopilot = false;
        }
        self.held = controls;
    }
}
