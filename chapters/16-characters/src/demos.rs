//! Chapter 16's demos: characters and vehicles on chapter 15's world.

use crate::springs::Spring;
use crate::{BodyKind, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch11_polygons::contains;
use ch11_polygons::demos::draw_shape;
use ch12_continuous::Transform;
use ch15_game_api::events::on_body;
use ch15_game_api::game::ShapeSlot;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, EventRow};
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
        name: "crate",
        about: "a crate on a floor",
        make: || {
            show(
                crate::worlds::crate_on_floor(),
                (Vec2::new(-6.0, -1.0), Vec2::new(6.0, 6.0)),
            )
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
                Lab::new(Shown::new(world), KNOBS, view).with_knobs(SPRING_KNOBS),
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
                Lab::new(Shown::new(world), KNOBS, view).with_knobs(CAR_KNOBS);
            Box::new(lab.following(chassis_at).replaying(2400))
        },
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

/// The car demo's switches: the throttle, and chapter 12's sweep.
pub const CAR_KNOBS: &[Knob<Shown>] = &[
    Knob::number(
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
    ),
    Knob::toggle(
        'c',
        "chapter 12's sweep (on: a fast wheel that meets a bump is put back)",
        |w| w.world.fast.settings.toi,
        |w, on| w.world.fast.settings.toi = on,
    ),
];
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
}

impl Shown {
    pub fn new(world: World) -> Shown {
        Shown { world, steps: 0 }
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

fn show(world: World, bounds: (Vec2, Vec2)) -> Box<dyn Demo> {
    Box::new(Lab::new(Shown::new(world), KNOBS, bounds))
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
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &world.solver);
        }
    }

    fn trouble(&self) -> Option<String> {
        let pairs = self.world.phase.pairs().len();
        ch13_islands::broad_phase::crowded(pairs, MAX_PAIRS)
    }

    fn status(&self) -> Option<String> {
        let live = self.world.body_ids().count();
        Some(format!("{live} bodies"))
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
