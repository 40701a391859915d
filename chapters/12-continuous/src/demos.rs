//! Chapter 12's demos: bullets at a thin wall, a spinning rod over a thin
//! plank, chapter 1's box at an absurd speed, a spray of fast debris at a
//! stack, and a ghost bounce off a corner a ball would have missed.

use crate::advancement::Advancement;
use crate::worlds::{bullets, debris, ghost, pong, spinning_rod, volley};
use crate::{World, reach};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes may hold everything
/// chapter 11's do, and bullets.
pub const CHAPTER: Chapter = Chapter {
    number: 12,
    package: "ch12-continuous",
    title: "12. Fast bodies",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}

/// Chapter 11's features and bullets.
pub const SUPPORTS: &[Feature] = &[
    Feature::Gravity,
    Feature::Planes,
    Feature::Restitution,
    Feature::StaticBodies,
    Feature::Boxes,
    Feature::TurnedBoxes,
    Feature::Rotation,
    Feature::Joints,
    Feature::RigidJoints,
    Feature::Polygons,
    Feature::Bullets,
];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "bullets",
        about: "a disc, a box and a capsule at 300 m/s (low) and 3000 m/s (high) at a wall 5 cm thick",
        make: || {
            Box::new(show(bullets(), (Vec2::new(7.0, -0.3), Vec2::new(11.0, 4.2))))
        },
    },
    DemoEntry {
        name: "spinning-rod",
        about: "a rod 2 m long set spinning at 150 rad/s, capped at an eighth of a turn a step, beside a post its half sweeps through",
        make: || {
            Box::new(show(
                spinning_rod(),
                (Vec2::new(-2.0, 0.5), Vec2::new(2.0, 3.5)),
            ))
        },
    },
    DemoEntry {
        name: "pong",
        about: "chapter 1's box with walls 5 cm thick and a ball at 1000 m/s, no gravity",
        make: || {
            Box::new(show(pong(), (Vec2::new(-4.0, -1.0), Vec2::new(4.0, 7.0))))
        },
    },
    DemoEntry {
        name: "debris",
        about: "40 small shapes at 80 to 150 m/s at a stack of boxes before a thin wall (D fires more)",
        make: || {
            Box::new(show(debris(), (Vec2::new(-4.0, -0.5), Vec2::new(8.0, 5.0))))
        },
    },
    DemoEntry {
        name: "advance",
        about: "conservative advancement along a path past a post: drag its ends; T the turn, S the body",
        make: || Box::new(Advancement::lab()),
    },
    DemoEntry {
        name: "ghost",
        about: "balls pass 5 and 30 cm from a corner at 30 m/s, and 5 cm at 3 m/s: the speculative margin bumps the fast ones",
        make: || {
            Box::new(show(ghost(), (Vec2::new(-6.0, -1.5), Vec2::new(6.0, 3.0))))
        },
    },
    DemoEntry {
        name: "advancement",
        about: "a figure: conservative advancement steps a turning box towards a thin wall, each stride the gap over the closing speed (drag both ends)",
        make: || Box::new(crate::figures::advancement()),
    },
];

// ANCHOR: switches
const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0];

/// This chapter's switches.
pub const KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'k',
        "speculative margin grows with speed (off: a fixed 2 cm)",
        |w| w.fast.settings.speculative,
        |w, on| w.fast.settings.speculative = on,
    ),
    Knob::toggle(
        't',
        "sweep fast bodies to their time of impact",
        |w| w.fast.settings.toi,
        |w, on| w.fast.settings.toi = on,
    ),
    Knob::toggle(
        'b',
        "bodies under 10 cm are bullets (swept against moving bodies too)",
        |w| w.fast.bullets.iter().any(|&b| b),
        set_small_bullets,
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.soft.settings.substeps as f32,
        |w, n| w.soft.settings.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::overlay('m', "show contacts and impulses"),
    Knob::action('d', "fire ten more pieces of debris", fire),
];
// ANCHOR_END: switches

/// D: ten more pieces of debris.
fn fire(w: &mut World) {
    let n = w.bodies().len() as u64;
    for (b, s) in volley(10, 0xd1 ^ n) {
        let small = w.fast.bullets.iter().any(|&x| x) && reach(&s) < 0.1;
        w.solver.bodies.push(b);
        w.shapes.list.push(s);
        w.fast.bullets.resize(w.shapes.list.len() - 1, false);
        w.fast.bullets.push(small);
    }
}

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
}

/// B: every movable body under 10 cm across is a bullet, or none is.
fn set_small_bullets(w: &mut World, on: bool) {
    let small: Vec<bool> = w
        .bodies()
        .iter()
        .zip(&w.shapes.list)
        .map(|(b, s)| on && b.inv_mass > 0.0 && reach(s) < 0.1)
        .collect();
    w.fast.bullets = small;
}

/// Movable bodies more than 50 m from the origin: flown off through
/// something.
pub fn flown_off(w: &World) -> usize {
    w.bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0 && b.position.length() > 50.0)
        .count()
}

impl Sim for World {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.solver.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.solver.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        // Where each body put back by its time of impact would have gone.
        for &(from, to) in &self.fast.trails {
            out.segment(from, to, Color(0x804040));
        }
        for (i, (b, shape)) in
            self.bodies().iter().zip(&self.shapes.list).enumerate()
        {
            let color = if self.fast.bullets.get(i) == Some(&true) {
                Color::GREEN
            } else {
                body_color(b, i)
            };
            draw_shape(out, shape, &b.transform(), color);
        }
        ch09_joints::demos::draw_joints(out, &self.solver.bodies, &self.joints);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &self.solver);
        }
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "margin {}; sweep {}: {} fast, {} hit, {} GJK calls; {} flown off; deepest {:.1} mm",
            if self.fast.settings.speculative {
                "grows with speed"
            } else {
                "2 cm"
            },
            if self.fast.settings.toi { "on" } else { "off" },
            self.fast.report.swept,
            self.fast.report.hits,
            self.fast.report.distances,
            flown_off(self),
            1000.0 * self.max_penetration(),
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.body_at(at)?;
        let local = self.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.joints.pull(&self.solver.bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }
}
