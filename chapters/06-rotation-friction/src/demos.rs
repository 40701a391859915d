//! Chapter 6's demos: bodies that tumble, slide, spin and can be thrown.

use crate::{Body, Circle, FrictionCap, Obb, Shape, World};
use ch04_manifolds::box_vertex;
use ch04_manifolds::demos::{COLOR_A, COLOR_B, scene_bounds};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::rng::Rng;
use physics_core::scene::{
    Feature, Scene, SceneBody, SceneError, Shape as SceneShape,
};
use physics_core::trig;

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

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "tumble",
        about: "boxes and circles tumbling onto the ground; drag one to throw it",
        make: || Box::new(tumble(18, 6)),
    },
    DemoEntry {
        name: "ramps",
        about: "five boxes on planks tilted 0.25 rad, friction 0.75, 0.5, 0.35, 0.1 and 0",
        make: || Box::new(ramps()),
    },
    DemoEntry {
        name: "spin",
        about: "a spinning box and a spinning disc dropped on the ground",
        make: || Box::new(spin()),
    },
    DemoEntry {
        name: "tip",
        about: "a tall box and a wide box, both leaning 0.35 rad: one tips, one rights itself",
        make: || Box::new(tip()),
    },
    DemoEntry {
        name: "throw",
        about: "a stack of boxes and a box to throw at it with the mouse",
        make: || Box::new(throw()),
    },
    DemoEntry {
        name: "lever",
        about: "a figure: the lever arm r x n, and how much more easily a point off the centre gives (drag the point)",
        make: || Box::new(crate::figures::lever()),
    },
];

/// How far resting bodies start inside what they rest on, in metres: as a landed
/// body rests, inside the 1 cm slop. Placed exactly touching, the least turn lifts
/// a corner clear of the manifold.
pub const SETTLED: f32 = 0.005;

/// The ramps' tilt in radians: tan(0.25) = 0.255, between friction 0.1 and 0.35.
pub const RAMP_ANGLE: f32 = 0.25;
/// The ramps' friction coefficients, top to bottom.
pub const RAMP_FRICTION: [f32; 5] = [0.75, 0.5, 0.35, 0.1, 0.0];

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

/// A static box of half extents `hx` by `hy` at `at`, turned `angle`.
pub fn fixed_box(hx: f32, hy: f32, at: Vec2, angle: f32) -> Body {
    Body::rect(hx, hy, at, angle, 1.0).into_static()
}

fn ground(half_width: f32) -> Body {
    Body::rect(half_width, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0)
        .into_static()
        .with_friction(0.6)
}

/// Rigid bodies to watch, switch and throw things at: chapter 6's world
/// in the lab, the contacts shown, the camera on `bounds`.
pub fn sandbox(bodies: Vec<Body>, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(World::new(bodies), KNOBS, bounds).with_overlay(true)
}

/// `n` boxes and circles of seeded random sizes and angles over a floor between two
/// walls.
pub fn tumble(n: usize, seed: u64) -> Lab<World> {
    let wall = |x: f32| {
        Body::rect(0.25, 3.0, Vec2::new(x, 3.0), 0.0, 1.0)
            .into_static()
            .with_friction(0.6)
    };
    let mut bodies = vec![ground(5.0), wall(-4.75), wall(4.75)];
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let at = Vec2::new(
            -3.0 + (i % 6) as f32 * 1.2 + rng.range(-0.2, 0.2),
            1.0 + (i / 6) as f32 * 1.2,
        );
        let body = if i % 3 == 2 {
            Body::disc(rng.range(0.2, 0.4), at, 1.0)
        } else {
            let (hx, hy) = (rng.range(0.2, 0.5), rng.range(0.15, 0.35));
            Body::rect(hx, hy, at, rng.range(-1.5, 1.5), 1.0)
        };
        bodies.push(body.with_friction(0.5).with_restitution(0.1));
    }
    sandbox(bodies, (Vec2::new(-5.2, -0.8), Vec2::new(5.2, 6.5)))
}

/// Five planks tilted [`RAMP_ANGLE`] down to the right, one above the
/// other, each with a box resting near its top. Plank and box share
/// a friction coefficient, so the contact's (the geometric mean) is
/// the same.
pub fn ramps() -> Lab<World> {
    let stop = fixed_box(0.25, 1.0, Vec2::new(7.75, 1.0), 0.0);
    let mut bodies = vec![ground(8.0), stop];
    let mut labels = Vec::new();
    let (along, up) =
        (trig::from_angle(-RAMP_ANGLE), trig::from_angle(-RAMP_ANGLE).perp());
    for (i, mu) in RAMP_FRICTION.into_iter().enumerate() {
        let centre = Vec2::new(-1.0, 10.5 - 2.0 * i as f32);
        let plank = fixed_box(4.0, 0.1, centre, -RAMP_ANGLE);
        // The box's bottom face on the plank's top face, 3 m up the slope.
        let at = centre - along * 3.0 + up * (0.1 + 0.25 - SETTLED);
        let block = Body::rect(0.35, 0.25, at, -RAMP_ANGLE, 1.0);
        bodies.push(plank.with_friction(mu));
        bodies.push(block.with_friction(mu));
        labels.push((centre - along * 4.2 + up * 0.6, format!("mu {mu}")));
    }
    let view = (Vec2::new(-6.5, -0.8), Vec2::new(8.5, 12.5));
    sandbox(bodies, view).with_labels(labels)
}

/// A box and a disc dropped spinning: the box bounces off a corner, the disc rolls
/// away.
pub fn spin() -> Lab<World> {
    let mut spinning_box = Body::rect(0.6, 0.3, Vec2::new(-2.0, 3.0), 0.3, 1.0);
    spinning_box.angular_velocity = 12.0;
    let mut spinning_disc = Body::disc(0.4, Vec2::new(2.0, 2.0), 1.0);
    spinning_disc.angular_velocity = -15.0;
    let bodies = vec![
        ground(6.0),
        spinning_box.with_friction(0.5).with_restitution(0.2),
        spinning_disc.with_friction(0.5).with_restitution(0.2),
    ];
    sandbox(bodies, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0)))
}

// ANCHOR: tip
/// Two boxes on their bottom-left corners, leaning 0.35 rad. The tall
/// one's centre is already left of that corner, so gravity's torque
/// about it tips the box over; the wide one's is right of it, and
/// the same torque turns it back down onto its base.
pub fn tip() -> Lab<World> {
    let lean = 0.35;
    let leaning = |x: f32, hx: f32, hy: f32| {
        // Centre above the corner at (x, 0): the corner is at R(-hx, -hy).
        let corner = trig::from_angle(lean).rotate(Vec2::new(-hx, -hy));
        let at = Vec2::new(x, -SETTLED) - corner;
        Body::rect(hx, hy, at, lean, 1.0).with_friction(0.8)
    };
    let bodies =
        vec![ground(4.0), leaning(-1.5, 0.15, 0.75), leaning(1.0, 0.75, 0.3)];
    sandbox(bodies, (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 3.0)))
}
// ANCHOR_END: tip

/// A stack of three boxes on the right and a box to throw on the left.
pub fn throw() -> Lab<World> {
    let mut bodies = vec![ground(6.0)];
    for i in 0..3 {
        let at = Vec2::new(3.0, 0.3 + (0.6 - SETTLED) * i as f32 - SETTLED);
        bodies.push(Body::rect(0.3, 0.3, at, 0.0, 1.0).with_friction(0.6));
    }
    bodies.push(
        Body::rect(0.4, 0.25, Vec2::new(-3.0, 0.25 - SETTLED), 0.0, 2.0)
            .with_friction(0.6),
    );
    sandbox(bodies, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 6.0)))
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

/// A world that holds chapter 6's: this chapter's, and chapter 7's,
/// which adds joints to it, share the switches below.
pub trait Rigid {
    fn rigid(&self) -> &World;
    fn rigid_mut(&mut self) -> &mut World;
}

impl Rigid for World {
    fn rigid(&self) -> &World {
        self
    }
    fn rigid_mut(&mut self) -> &mut World {
        self
    }
}

/// The switches of chapter 6's world, for any world that holds one.
pub struct Switches<S>(std::marker::PhantomData<S>);

impl<S: Rigid + Sim> Switches<S> {
    /// Friction, where Coulomb's cap applies, iterations, restitution,
    /// positional correction, and the contact overlay.
    pub const ALL: &'static [Knob<S>] = &[
        Knob::toggle(
            'f',
            "friction",
            |w| w.rigid().friction,
            |w, on| w.rigid_mut().friction = on,
        ),
        Knob::toggle(
            'k',
            "Coulomb cap per step (off: per impulse)",
            |w| w.rigid().friction_cap == FrictionCap::PerStep,
            |w, per_step| {
                w.rigid_mut().friction_cap = if per_step {
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
            |w| w.rigid().iterations as f32,
            |w, n| w.rigid_mut().iterations = n.max(1.0) as u32,
        ),
        Knob::optional(
            'e',
            "restitution (own: the bodies' own)",
            "own",
            RESTITUTION_CHOICES,
            |w| w.rigid().restitution_override,
            |w, e| {
                w.rigid_mut().restitution_override = e.map(|e| e.clamp(0.0, 1.0))
            },
        ),
        Knob::toggle(
            'c',
            "positional correction",
            |w| w.rigid().correction.enabled,
            |w, on| w.rigid_mut().correction.enabled = on,
        ),
        Knob::number(
            'p',
            "correction percent",
            PERCENT_CHOICES,
            |w| w.rigid().correction.percent,
            |w, p| w.rigid_mut().correction.percent = p,
        ),
        Knob::number(
            's',
            "correction slop (m)",
            SLOP_CHOICES,
            |w| w.rigid().correction.slop,
            |w, slop| w.rigid_mut().correction.slop = slop,
        ),
        Knob::overlay('m', "show contacts and impulses"),
    ];
}

/// Chapter 6's switches.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;

// ANCHOR: from_scene
/// A scene body as a chapter 6 body: circles and boxes, turned and
/// spinning, with their mass, restitution and friction. A plane is
/// refused before this runs, as chapter 6 does not list it; should one
/// reach here, it becomes a point (chapter 8 maps planes itself).
pub fn scene_body(b: &SceneBody) -> Body {
    let shape = match b.shape {
        SceneShape::Circle { radius } => Shape::Circle(Circle { radius }),
        SceneShape::Box { half_extents } => Shape::Box(Obb { half_extents }),
        // A plane is chapter 8's business; polygons are refused before chapter 11.
        SceneShape::Plane { .. }
        | SceneShape::Polygon { .. }
        | SceneShape::Capsule { .. } => Shape::Circle(Circle { radius: 0.0 }),
    };
    let mass = if b.is_static { f32::INFINITY } else { b.mass };
    let mut body = Body::new(shape, b.position, b.angle, mass);
    body.velocity = b.velocity;
    body.angular_velocity = b.angular_velocity;
    body.restitution = b.restitution;
    body.friction = b.friction;
    body
}

/// The camera region around a scene's bodies.
pub fn bodies_bounds(bodies: &[Body]) -> (Vec2, Vec2) {
    scene_bounds(bodies.iter().map(|b| {
        let r = Vec2::splat(b.shape.reach());
        (b.position - r, b.position + r)
    }))
}

/// A scene file as a chapter 6 world.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let bodies: Vec<Body> = scene.bodies.iter().map(scene_body).collect();
    let bounds = bodies_bounds(&bodies);
    let lab = Lab::from_scene(World::new(bodies), KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}
// ANCHOR_END: from_scene
