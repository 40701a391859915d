//! Chapter 6's demos: bodies that tumble, slide, spin and can be thrown.

use crate::worlds::{ramps, spin, throw, tip, tumble};
use crate::{Body, FrictionCap, Shape, World};
use ch04_manifolds::box_vertex;
use ch04_manifolds::demos::{COLOR_A, COLOR_B};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Holds, Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it. Its scenes hold circles and
/// boxes, turned and spinning; planes are refused (a large static box
/// does their job).
pub const CHAPTER: Chapter = Chapter {
    number: 6,
    package: "ch06-rotation-friction",
    title: "6. Rotation and friction",
    demos: DEMOS,
    supports: &[
        Feature::Gravity,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
        Feature::TurnedBoxes,
        Feature::Rotation,
    ],
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches, contacts shown.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, bounds) = crate::scene::world(scene);
    let lab = Lab::from_scene(world, KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "tumble",
        about: "boxes and circles tumbling onto the ground; drag one to throw it",
        make: || {
            Box::new(sandbox(
                tumble(18, 6),
                (Vec2::new(-5.2, -0.8), Vec2::new(5.2, 6.5)),
            ))
        },
    },
    DemoEntry {
        name: "ramps",
        about: "five boxes on planks tilted 0.25 rad, friction 0.75, 0.5, 0.35, 0.1 and 0",
        make: || Box::new(ramps_lab()),
    },
    DemoEntry {
        name: "spin",
        about: "a spinning box and a spinning disc dropped on the ground",
        make: || {
            Box::new(sandbox(spin(), (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0))))
        },
    },
    DemoEntry {
        name: "tip",
        about: "a tall box and a wide box, both leaning 0.35 rad: one tips, one rights itself",
        make: || {
            Box::new(sandbox(tip(), (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 3.0))))
        },
    },
    DemoEntry {
        name: "throw",
        about: "a stack of boxes and a box to throw at it with the mouse",
        make: || {
            Box::new(sandbox(throw(), (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 6.0))))
        },
    },
    DemoEntry {
        name: "lever",
        about: "a figure: the lever arm r x n, and how much more easily a point off the centre gives (drag the point)",
        make: || Box::new(crate::figures::lever()),
    },
];

const ITERATION_CHOICES: &[f32] = &[1.0, 2.0, 5.0, 10.0, 20.0];
const RESTITUTION_CHOICES: &[f32] = &[0.0, 0.3, 0.6, 0.9, 1.0];
const PERCENT_CHOICES: &[f32] = &[0.2, 0.4, 0.8, 1.0, 0.1];
const SLOP_CHOICES: &[f32] = &[0.01, 0.0, 0.05];

// ANCHOR: grab
/// The mouse's hold on a body: a damped spring from a point of the body
/// to the cursor. It pulls at that point, not at the centre, so it
/// turns the body too (a force off the centre has a torque), and
/// letting go keeps the velocity: a throw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MouseSpring {
    pub body: usize,
    /// The point held, in the body's own frame.
    pub local: Vec2,
}

/// The spring's natural frequency in rad/s for the body's mass. At a
/// corner the effective mass is as low as a quarter of the mass, which
/// doubles it; still far below the 2 / dt = 120 rad/s where a 60 Hz step
/// would go unstable.
const GRAB_FREQUENCY: f32 = 4.0 * std::f32::consts::PI;
/// The spring's damping ratio (1: no overshoot at the centre).
const GRAB_DAMPING: f32 = 0.7;

impl MouseSpring {
    /// Take hold of the first movable body under `at`.
    pub fn press(bodies: &[Body], at: Vec2) -> Option<MouseSpring> {
        let body = bodies.iter().position(|b| {
            b.inv_mass > 0.0 && b.shape.contains(&b.transform(), at)
        })?;
        Some(MouseSpring { body, local: bodies[body].transform().to_local(at) })
    }

    /// The point held, in the world.
    pub fn point(&self, bodies: &[Body]) -> Vec2 {
        bodies[self.body].transform().to_world(self.local)
    }

    /// Add the spring's force towards `target` (and so its torque) to
    /// the held body.
    pub fn pull(&self, bodies: &mut [Body], target: Vec2) {
        let p = self.point(bodies);
        let b = &mut bodies[self.body];
        let m = b.mass();
        let stiffness = m * GRAB_FREQUENCY * GRAB_FREQUENCY;
        let damping = 2.0 * GRAB_DAMPING * GRAB_FREQUENCY * m;
        let force = stiffness * (target - p) - damping * b.velocity_at(p);
        if force.is_finite() {
            b.apply_force(force, p);
        }
    }
}
// ANCHOR_END: grab

/// Draw a body, with a spoke from its centre so that a turning circle shows its
/// turn.
pub fn draw_body(out: &mut DrawList, b: &Body, color: Color) {
    let fill = Some(Color(0x1c2030).lerp(color, 0.18));
    let t = b.transform();
    match b.shape {
        Shape::Circle(c) => {
            out.items.push(DrawItem::Circle {
                center: b.position,
                radius: c.radius,
                fill,
                stroke: Some(color),
            });
            out.segment(b.position, t.to_world(Vec2::new(c.radius, 0.0)), color);
        }
        Shape::Box(o) => {
            let corners =
                (0..4).map(|v| t.to_world(box_vertex(o.half_extents, v))).collect();
            out.polygon(corners, fill, Some(color));
        }
    }
}

/// The colour of body `i`: grey when static, blue and orange otherwise.
pub fn body_color(b: &Body, i: usize) -> Color {
    match (b.inv_mass == 0.0, i % 2) {
        (true, _) => Color::GREY,
        (false, 0) => COLOR_A,
        _ => COLOR_B,
    }
}

/// Metres of arrow per N s of impulse per kg of the lighter body, for the contact
/// overlay.
const IMPULSE_ARROW: f32 = 3.0;

/// Draw the world's contacts: the points, the normal impulses (green) and the
/// friction impulses (red), each as the velocity change it gave (impulse over the
/// lighter body's mass).
pub fn draw_contacts(out: &mut DrawList, world: &World) {
    let mut k = 0;
    for c in &world.collisions {
        let n = c.manifold.normal;
        let inv_m = world.bodies[c.a].inv_mass.max(world.bodies[c.b].inv_mass);
        for _ in c.manifold.contacts() {
            let Some(done) = world.impulses.get(k) else {
                break;
            };
            let p = done.point;
            out.point(p, 5.0, Color::YELLOW);
            let scale = IMPULSE_ARROW * inv_m;
            let normal = n * done.normal_impulse * scale;
            let friction = perp(n) * done.friction_impulse * scale;
            if normal.length() > 0.02 {
                out.arrow(p, p + normal, Color::GREEN);
            }
            if friction.length() > 0.02 {
                out.arrow(p, p + friction, Color::RED);
            }
            k += 1;
        }
    }
}

/// Rigid bodies to watch, switch and throw things at: chapter 6's world
/// in the lab, the contacts shown, the camera on `bounds`.
pub fn sandbox(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds).with_overlay(true)
}

/// What the ramps demo's camera shows.
pub const RAMPS_VIEW: (Vec2, Vec2) = (Vec2::new(-6.5, -0.8), Vec2::new(8.5, 12.5));

/// The ramps, each labelled with its friction.
pub fn ramps_lab() -> Lab<World> {
    let (world, labels) = ramps();
    sandbox(world, RAMPS_VIEW).with_labels(labels)
}

impl Sim for World {
    /// The spring from a point of the held body to the cursor.
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, show_contacts: bool) {
        for (i, b) in self.bodies.iter().enumerate() {
            draw_body(out, b, body_color(b, i));
        }
        if show_contacts {
            draw_contacts(out, self);
        }
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        MouseSpring::press(&self.bodies, at)
    }

    fn pull(&mut self, spring: &MouseSpring, target: Vec2, _dt: f32) {
        spring.pull(&mut self.bodies, target);
    }

    fn held_point(&self, spring: &MouseSpring) -> Option<Vec2> {
        Some(spring.point(&self.bodies))
    }
}

/// A body as the viewer and the trace see it.
pub fn body_state(b: &Body) -> BodyState {
    BodyState {
        position: b.position,
        angle: b.angle,
        velocity: b.velocity,
        angular_velocity: b.angular_velocity,
        inv_mass: b.inv_mass,
        inv_inertia: b.inv_inertia,
    }
}

/// The switches of chapter 6's world, for any world that holds one.
pub struct Switches<S>(std::marker::PhantomData<S>);

impl<S: Holds<World> + Sim> Switches<S> {
    /// Friction, where Coulomb's cap applies, iterations, restitution,
    /// positional correction, and the contact overlay.
    pub const ALL: &'static [Knob<S>] = &[
        Knob::toggle(
            'f',
            "friction",
            |w| w.inner().friction,
            |w, on| w.inner_mut().friction = on,
        ),
        Knob::toggle(
            'k',
            "Coulomb cap per step (off: per impulse)",
            |w| w.inner().friction_cap == FrictionCap::PerStep,
            |w, per_step| {
                w.inner_mut().friction_cap = if per_step {
                    FrictionCap::PerStep
                } else {
                    FrictionCap::PerImpulse
                }
            },
        ),
        Knob::number(
            'i',
            "iterations",
            ITERATION_CHOICES,
            |w| w.inner().iterations as f32,
            |w, n| w.inner_mut().iterations = n.max(1.0) as u32,
        ),
        Knob::optional(
            'e',
            "restitution (own: the bodies' own)",
            "own",
            RESTITUTION_CHOICES,
            |w| w.inner().restitution_override,
            |w, e| {
                w.inner_mut().restitution_override = e.map(|e| e.clamp(0.0, 1.0))
            },
        ),
        Knob::toggle(
            'c',
            "positional correction",
            |w| w.inner().correction.enabled,
            |w, on| w.inner_mut().correction.enabled = on,
        ),
        Knob::number(
            'p',
            "correction percent",
            PERCENT_CHOICES,
            |w| w.inner().correction.percent,
            |w, p| w.inner_mut().correction.percent = p,
        ),
        Knob::number(
            's',
            "correction slop (m)",
            SLOP_CHOICES,
            |w| w.inner().correction.slop,
            |w, slop| w.inner_mut().correction.slop = slop,
        ),
        Knob::overlay('m', "show contacts and impulses"),
    ];
}

/// Chapter 6's switches.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;
