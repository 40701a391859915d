//! Chapter 16's demos: characters and vehicles on chapter 15's world.

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

/// What this chapter's scene files may hold: chapter 15's.
pub const SUPPORTS: &[physics_core::scene::Feature] =
    ch15_game_api::demos::SUPPORTS;

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
        name: "chain",
        about: "a box and a capsule at 10 m/s on smooth chains; the box on tiles catches",
        make: || {
            show(
                crate::worlds::chain_and_tiles(),
                (Vec2::new(-21.0, -2.0), Vec2::new(21.0, 29.0)),
            )
        },
    },
    DemoEntry {
        name: "conveyor",
        about: "belts carrying crates each way; a ball resisting rolling stops, one without rolls on",
        make: || {
            show(
                crate::worlds::conveyor(),
                (Vec2::new(-16.0, -8.0), Vec2::new(16.0, 7.0)),
            )
        },
    },
];

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
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &world.solver);
        }
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
