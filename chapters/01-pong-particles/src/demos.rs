//! Chapter 1's demos: what the window shows and the headless runs draw.

use crate::{Particle, World};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, Grab, Switch, SwitchValue};
use physics_core::draw::{Color, DrawList};
use physics_core::rng::Rng;
use physics_core::scene::{Scene, SceneError, Shape, adds};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    package: "ch01-pong-particles",
    title: "1. Pong particles",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "box",
        about: "300 particles bouncing in a 2 m x 2 m box",
        make: || Box::new(Pong::scattered(300, 1, 1.0 / 60.0, false)),
    },
    DemoEntry {
        name: "squeeze",
        about: "big steps and moving walls: turn the approach check off (A) and particles stick",
        make: || Box::new(Pong::scattered(200, 2, 1.0 / 20.0, true)),
    },
];

/// How far the squeezing walls move in, as a fraction of the box's half size.
const SQUEEZE_DEPTH: f32 = 0.4;
/// The squeezing walls' period, in seconds.
const SQUEEZE_PERIOD: f32 = 6.0;
/// How close (metres) a click must be to grab a particle.
const GRAB_RADIUS: f32 = 0.12;

/// A box of particles, with the switches the chapter talks about.
pub struct Pong {
    world: World,
    start: Vec<Particle>,
    /// Each particle's mass, for the HUD's momentum and energy only: mass plays no part in a
    /// bounce off a wall that cannot move.
    masses: Vec<f32>,
    colors: Vec<Color>,
    time_step: f32,
    /// Do the walls move in and out?
    squeeze: bool,
    time: f32,
    /// The particle held by the mouse, and where the mouse is.
    grab: Grab,
}

impl Pong {
    /// `n` particles scattered over the box with seeded random positions and velocities.
    pub fn scattered(n: usize, seed: u64, time_step: f32, squeeze: bool) -> Self {
        let mut rng = Rng::new(seed);
        let particles = (0..n)
            .map(|_| {
                let angle = rng.range(0.0, std::f32::consts::TAU);
                let speed = rng.range(0.3, 1.5);
                Particle {
                    position: Vec2::new(rng.range(-0.95, 0.95), rng.range(-0.95, 0.95)),
                    velocity: Vec2::from_angle(angle) * speed,
                }
            })
            .collect();
        let mut pong = Pong::new(particles, vec![1.0; n], time_step);
        pong.squeeze = squeeze;
        // The squeeze demo starts with the approach check off, to show what it prevents.
        pong.world.approach_check = !squeeze;
        pong
    }

    pub fn new(particles: Vec<Particle>, masses: Vec<f32>, time_step: f32) -> Self {
        let colors = particles
            .iter()
            .map(|p| Color::ramp((p.velocity.length() - 0.3) / 1.2))
            .collect();
        Pong {
            world: World::new(particles.clone()),
            start: particles,
            masses,
            colors,
            time_step,
            squeeze: false,
            time: 0.0,
            grab: Grab::default(),
        }
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn set_approach_check(&mut self, on: bool) {
        self.world.approach_check = on;
    }

    /// Half the side of the box at time `t`: 1 m, or breathing in and out when squeezing.
    fn half_size_at(&self, t: f32) -> f32 {
        if self.squeeze {
            let phase = (std::f32::consts::TAU * t / SQUEEZE_PERIOD).cos();
            1.0 - SQUEEZE_DEPTH * 0.5 * (1.0 - phase)
        } else {
            1.0
        }
    }
}

impl Demo for Pong {
    fn time_step(&self) -> f32 {
        self.time_step
    }

    fn step(&mut self, dt: f32) {
        self.time += dt;
        self.world.half_size = self.half_size_at(self.time);
        // A grabbed particle is given the velocity that takes it to the mouse in one step,
        // so it is thrown when let go.
        if let Some((i, target)) = self.grab.held() {
            let p = &mut self.world.particles[i];
            p.velocity = (target - p.position) / dt;
        }
        self.world.step(dt);
    }

    fn reset(&mut self) {
        self.world.particles = self.start.clone();
        self.time = 0.0;
        self.world.half_size = self.half_size_at(0.0);
        self.grab.release();
    }

    fn draw(&self, out: &mut DrawList) {
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
        if let Some((i, target)) = self.grab.held() {
            out.segment(self.world.particles[i].position, target, Color::WHITE);
        }
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        (Vec2::splat(-1.15), Vec2::splat(1.15))
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world
            .particles
            .iter()
            .zip(&self.masses)
            .map(|(p, m)| BodyState::particle(p.position, p.velocity, 1.0 / m))
            .collect()
    }

    fn switches(&self) -> Vec<Switch> {
        vec![
            Switch::toggle('a', "approach check", self.world.approach_check),
            Switch::toggle('w', "walls squeeze", self.squeeze),
        ]
    }

    fn set_switch(&mut self, key: char, value: SwitchValue) {
        match (key, value) {
            ('a', SwitchValue::Bool(on)) => self.world.approach_check = on,
            ('w', SwitchValue::Bool(on)) => {
                self.squeeze = on;
                self.world.half_size = self.half_size_at(self.time);
            }
            _ => {}
        }
    }

    fn mouse_press(&mut self, at: Vec2) {
        let held = self
            .world
            .particles
            .iter()
            .enumerate()
            .map(|(i, p)| (i, p.position.distance(at)))
            .filter(|(_, d)| *d < GRAB_RADIUS)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i);
        self.grab.press(held, at);
    }

    fn mouse_drag(&mut self, at: Vec2) {
        self.grab.drag(at);
    }

    fn mouse_release(&mut self) {
        self.grab.release();
    }
}

// ANCHOR: from_scene
/// A scene file as chapter 1 particles. Chapter 1 has points, no
/// gravity and perfectly elastic walls, so a scene must say
/// `"gravity": [0, 0]` and `"restitution": 1` on each body, and may
/// hold only circles (a radius is required by the format, but a
/// particle has no size). The box is always the tutorial's 2 m x 2 m.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    if scene.gravity != Vec2::ZERO {
        return Err(SceneError::needs(
            "gravity",
            format!("[{}, {}]", scene.gravity.x, scene.gravity.y),
            "gravity (write \"gravity\": [0, 0] for chapter 1)",
            adds::PLANES_AND_GRAVITY,
        ));
    }
    scene.refuse_joints()?;
    let mut particles = Vec::new();
    let mut masses = Vec::new();
    for (i, b) in scene.bodies.iter().enumerate() {
        let at = |f: &str| format!("bodies[{i}].{f}");
        match b.shape {
            Shape::Circle { .. } => {}
            Shape::Plane { .. } => {
                return Err(SceneError::needs(
                    at("shape"),
                    "plane",
                    "a plane",
                    adds::PLANES_AND_GRAVITY,
                ));
            }
            Shape::Box { .. } => {
                return Err(SceneError::needs(at("shape"), "box", "a box", adds::BOXES));
            }
        }
        if b.is_static {
            return Err(SceneError::new(
                at("static"),
                "true: chapter 1 has only moving particles; its only static thing is the box",
            ));
        }
        if b.restitution != 1.0 {
            return Err(SceneError::needs(
                at("restitution"),
                b.restitution,
                "a restitution other than 1 (chapter 1's walls are perfectly elastic)",
                adds::PLANES_AND_GRAVITY,
            ));
        }
        b.refuse_rotation(i)?;
        particles.push(Particle {
            position: b.position,
            velocity: b.velocity,
        });
        masses.push(b.mass);
    }
    Ok(Box::new(Pong::new(particles, masses, scene.dt)))
}
// ANCHOR_END: from_scene
