//! Chapter 3's demos: what the window shows and the headless runs draw.

use crate::{Ball, Pair, World};
use ch02_planes_restitution::demos::visible_part;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry, Slot, bodies_then_planes};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim, velocity_to};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 3,
    supports: &[
        Feature::Gravity,
        Feature::Planes,
        Feature::Restitution,
        Feature::StaticBodies,
    ],
    package: "ch03-mass-weighted-impulses",
    title: "3. Mass-weighted impulses",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, order, bounds) = crate::scene::world(scene);
    let mut demo = Circles::new(world, bounds);
    demo.order = Some(order);
    Ok(Box::new(Lab::from_scene(demo, KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "billiards",
        about: "a break: the cue ball into a rack of fifteen, seen from above",
        make: || Box::new(Circles::billiards().lab()),
    },
    DemoEntry {
        name: "ball-pit",
        about: "circles from light (blue) to heavy (red) falling past two fixed pegs \
                (grey) into a box; the pile is soft, pressing a few cm into the walls",
        make: || Box::new(Circles::ball_pit().lab()),
    },
    DemoEntry {
        name: "heavy",
        about: "a 20 kg ball ploughs through 0.2 kg ones",
        make: || Box::new(Circles::heavy().lab()),
    },
    DemoEntry {
        name: "cradle",
        about: "Newton's cradle on a table: one ball in, one ball out",
        make: || Box::new(Circles::cradle().lab()),
    },
    DemoEntry {
        name: "resting",
        about: "balls of 0.5 to 8 kg at rest on the floor: switch C off and they sink",
        make: || Box::new(Circles::resting().lab()),
    },
    DemoEntry {
        name: "impulse",
        about: "a figure: one impulse along the normal; the 1 kg ball's velocity changes three times the 3 kg one's (drag A's velocity)",
        make: || Box::new(crate::figures::impulse()),
    },
];

const EARTH_GRAVITY: Vec2 = Vec2::new(0.0, -9.81);
/// The E switch's choices (or none: the smaller of the two bodies').
const RESTITUTION_CHOICES: &[f32] = &[0.0, 0.5, 0.9, 1.0];
const PERCENT_CHOICES: &[f32] = &[0.2, 0.4, 0.6, 0.8, 1.0];
const SLOP_CHOICES: &[f32] = &[0.0, 0.005, 0.01, 0.05];
/// How close (metres) a click must be to a circle's edge to grab it.
const GRAB_MARGIN: f32 = 0.05;

/// Circles and walls, with the switches the chapter talks about.
#[derive(Clone, Debug)]
pub struct Circles {
    world: World,
    bounds: (Vec2, Vec2),
    /// The lightest and heaviest dynamic mass, for the colours.
    mass_range: (f32, f32),
    /// The trace's body order: a scene file's order, or circles then walls.
    pub(crate) order: Option<Vec<Slot>>,
}

impl Circles {
    pub fn new(world: World, bounds: (Vec2, Vec2)) -> Self {
        let masses =
            world.circles.iter().filter(|c| c.inv_mass > 0.0).map(|c| c.mass());
        let mass_range = masses
            .fold((f32::INFINITY, 0.0f32), |(lo, hi), m| (lo.min(m), hi.max(m)));
        Circles { world, bounds, mass_range, order: None }
    }

    /// The demo the viewer runs: these circles in the lab, with the chapter's
    /// switches.
    pub fn lab(self) -> Lab<Circles> {
        let bounds = self.bounds;
        Lab::new(self, KNOBS, bounds)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    fn color(&self, c: &Ball) -> Color {
        if c.inv_mass == 0.0 {
            return Color::GREY;
        }
        let (lo, hi) = self.mass_range;
        if hi > lo {
            Color::ramp((c.mass() / lo).ln() / (hi / lo).ln())
        } else {
            Color::CYAN
        }
    }
}

/// The switches: C positional correction, P its percent, S its slop, A the approach
/// check, E one restitution for every collision, G gravity, N the contacts.
pub(crate) const KNOBS: &[Knob<Circles>] = &[
    Knob::toggle(
        'c',
        "positional correction",
        |c| c.world.correction.enabled,
        |c, on| c.world.correction.enabled = on,
    ),
    Knob::number(
        'p',
        "percent",
        PERCENT_CHOICES,
        |c| c.world.correction.percent,
        |c, percent| c.world.correction.percent = percent.clamp(0.0, 1.0),
    ),
    Knob::number(
        's',
        "slop m",
        SLOP_CHOICES,
        |c| c.world.correction.slop,
        |c, slop| c.world.correction.slop = slop.max(0.0),
    ),
    Knob::toggle(
        'a',
        "approach check",
        |c| c.world.approach_check,
        |c, on| c.world.approach_check = on,
    ),
    Knob::optional(
        'e',
        "restitution (own: the smaller of the two)",
        "own",
        RESTITUTION_CHOICES,
        |c| c.world.restitution_override,
        |c, e| c.world.restitution_override = e.map(|e| e.clamp(0.0, 1.0)),
    ),
    Knob::toggle(
        'g',
        "gravity",
        |c| c.world.gravity != Vec2::ZERO,
        |c, on| c.world.gravity = if on { EARTH_GRAVITY } else { Vec2::ZERO },
    ),
    Knob::overlay('n', "show contacts"),
];

impl Sim for Circles {
    /// The circle the mouse holds.
    type Hold = usize;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        let w = &self.world;
        let order = match &self.order {
            Some(o) => o.clone(),
            None => bodies_then_planes(w.circles.len(), w.walls.len()),
        };
        order
            .into_iter()
            .map(|slot| match slot {
                Slot::Body(i) => {
                    let c = &w.circles[i];
                    BodyState::particle(c.position, c.velocity, c.inv_mass)
                }
                Slot::Plane(i) => BodyState::plane(
                    w.walls[i].plane.normal,
                    w.walls[i].plane.offset,
                ),
            })
            .collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.gravity = gravity;
    }

    fn draw(&self, out: &mut DrawList, show_contacts: bool) {
        for c in &self.world.circles {
            out.circle(c.position, c.radius, self.color(c));
        }
        // The walls over the bodies: a pile presses a few centimetres into them
        // (a pile is soft, see the page), and that shows as overlap, not as a
        // wall that vanished.
        let view_centre = (self.bounds.0 + self.bounds.1) * 0.5;
        let planes: Vec<_> = self.world.walls.iter().map(|w| w.plane).collect();
        for i in 0..planes.len() {
            if let Some((a, b)) = visible_part(i, &planes, view_centre) {
                out.segment_width(a, b, Color::GREY, 2.0);
            }
        }
        if show_contacts {
            for (pair, contact) in &self.world.contacts {
                let at = match *pair {
                    Pair::Circles(i, _) => {
                        let a = &self.world.circles[i];
                        a.position
                            + contact.normal
                                * (a.radius - contact.penetration * 0.5)
                    }
                    Pair::WallCircle(_, i) => {
                        let b = &self.world.circles[i];
                        b.position
                            - contact.normal
                                * (b.radius - contact.penetration * 0.5)
                    }
                };
                out.arrow(at, at + contact.normal * 0.1, Color::YELLOW);
                out.point(at, 4.0, Color::WHITE);
            }
        }
    }

    /// The moving circle whose edge is nearest the cursor, within `GRAB_MARGIN`.
    fn pick(&self, at: Vec2) -> Option<usize> {
        self.world
            .circles
            .iter()
            .enumerate()
            .filter(|(_, c)| c.inv_mass > 0.0)
            .map(|(i, c)| (i, c.position.distance(at) - c.radius))
            .filter(|(_, d)| *d < GRAB_MARGIN)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// The held circle gets the velocity that takes it to the mouse in one step.
    fn pull(&mut self, &i: &usize, target: Vec2, dt: f32) {
        let c = &mut self.world.circles[i];
        c.velocity = velocity_to(c.position, target, dt);
    }

    fn held_point(&self, &i: &usize) -> Option<Vec2> {
        Some(self.world.circles[i].position)
    }
}
