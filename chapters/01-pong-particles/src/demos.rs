//! Chapter 1's demos: what the window shows and the headless runs draw.

use crate::{Particle, World};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim, velocity_to};
use physics_core::scene::{Scene, SceneError};
use physics_core::trig;

/// The chapter as the viewer sees it. Its scenes hold moving circles only, with no
/// gravity and restitution 1.
pub const CHAPTER: Chapter = Chapter {
    number: 1,
    package: "ch01-pong-particles",
    title: "1. Pong particles",
    demos: DEMOS,
    supports: &[],
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::particles`] in
/// the tutorial's box.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (particles, masses) = crate::scene::particles(scene);
    Ok(Box::new(Pong::new(particles, masses, scene.dt).lab()))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "box",
        about: "300 particles bouncing in a 2 m x 2 m box",
        make: || Box::new(Pong::scattered(300, 1, 1.0 / 60.0, false).lab()),
    },
    DemoEntry {
        name: "squeeze",
        about: "big steps and moving walls: turn the approach check off (A) and particles stick",
        make: || Box::new(Pong::scattered(200, 2, 1.0 / 20.0, true).lab()),
    },
    DemoEntry {
        name: "stepping",
        about: "a figure: each step sees the particle only where it ends, past the wall first, then turned back (drag the start and the velocity)",
        make: || Box::new(crate::figures::stepping()),
    },
];

/// How far the squeezing walls move in, as a fraction of the box's half size.
const SQUEEZE_DEPTH: f32 = 0.4;
/// The squeezing walls' period, in seconds.
const SQUEEZE_PERIOD: f32 = 6.0;
/// How close (metres) a click must be to grab a particle.
const GRAB_RADIUS: f32 = 0.12;

/// A box of particles, with the switches the chapter talks about.
#[derive(Clone, Debug)]
pub struct Pong {
    pub(crate) world: World,
    /// Each particle's mass, for the HUD's momentum and energy only: mass plays no
    /// part in a bounce off a wall that cannot move.
    masses: Vec<f32>,
    colors: Vec<Color>,
    time_step: f32,
    /// Do the walls move in and out?
    pub(crate) squeeze: bool,
    time: f32,
}

/// The switches: A the approach check, W the squeezing walls.
const KNOBS: &[Knob<Pong>] = &[
    Knob::toggle(
        'a',
        "approach check",
        |p| p.world.approach_check,
        |p, on| p.world.approach_check = on,
    ),
    Knob::toggle('w', "walls squeeze", |p| p.squeeze, Pong::set_squeeze),
];

impl Pong {
    pub fn new(particles: Vec<Particle>, masses: Vec<f32>, time_step: f32) -> Self {
        let colors = particles
            .iter()
            .map(|p| Color::ramp((p.velocity.length() - 0.3) / 1.2))
            .collect();
        Pong {
            world: World::new(particles),
            masses,
            colors,
            time_step,
            squeeze: false,
            time: 0.0,
        }
    }

    /// The demo the viewer runs: this box in the lab, with the chapter's switches.
    pub fn lab(self) -> Lab<Pong> {
        let dt = self.time_step;
        Lab::new(self, KNOBS, (Vec2::splat(-1.15), Vec2::splat(1.15)))
            .with_time_step(dt)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn set_approach_check(&mut self, on: bool) {
        self.world.approach_check = on;
    }

    fn set_squeeze(&mut self, on: bool) {
        self.squeeze = on;
        self.world.half_size = self.half_size_at(self.time);
    }

    /// Half the side of the box at time `t`: 1 m, or breathing in and out when
    /// squeezing.
    fn half_size_at(&self, t: f32) -> f32 {
        if self.squeeze {
            let phase = trig::cos(std::f32::consts::TAU * t / SQUEEZE_PERIOD);
            1.0 - SQUEEZE_DEPTH * 0.5 * (1.0 - phase)
        } else {
            1.0
        }
    }
}

impl Sim for Pong {
    /// The particle the mouse holds.
    type Hold = usize;

    fn step(&mut self, dt: f32) {
        self.time += dt;
        self.world.half_size = self.half_size_at(self.time);
        self.world.step(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world
            .particles
            .iter()
            .zip(&self.masses)
            .map(|(p, m)| BodyState::particle(p.position, p.velocity, 1.0 / m))
            .collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let h = self.world.half_size;
        let corners = [
            Vec2::new(-h, -h),
            Vec2::new(h, -h),
            Vec2::new(h, h),
            Vec2::new(-h, h),
        ];
        out.polygon(corners.to_vec(), Some(Color(0x1c2030)), Some(Color::GREY));
        for (p, c) in self.world.particles.iter().zip(&self.colors) {
            out.point(p.position, 5.0, *c);
        }
    }

    /// The particle nearest the cursor, within `GRAB_RADIUS`.
    fn pick(&self, at: Vec2) -> Option<usize> {
        self.world
            .particles
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.position.distance(at)))
            .filter(|(_, d)| *d < GRAB_RADIUS)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    /// The held particle gets the velocity that takes it to the mouse in one step,
    /// so it is thrown when let go.
    fn pull(&mut self, &i: &usize, target: Vec2, dt: f32) {
        let p = &mut self.world.particles[i];
        p.velocity = velocity_to(p.position, target, dt);
    }

    fn held_point(&self, &i: &usize) -> Option<Vec2> {
        Some(self.world.particles[i].position)
    }
}
