//! Chapter 6's demos: bodies that tumble, slide, spin and can be thrown.

use crate::{Body, Circle, FrictionCap, Obb, Shape, World};
use ch04_manifolds::box_vertex;
use ch04_manifolds::demos::{COLOR_A, COLOR_B, scene_bounds};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, Switch, SwitchValue};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::math::perp;
use physics_core::rng::Rng;
use physics_core::scene::{Scene, SceneBody, SceneError, Shape as SceneShape};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    package: "ch06-rotation-friction",
    title: "6. Rotation and friction",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "tumble",
        about: "boxes and circles tumbling onto the ground; drag one to throw it",
        make: || Box::new(Sandbox::tumble(18, 6)),
    },
    DemoEntry {
        name: "ramps",
        about: "five boxes on planks tilted 0.25 rad, friction 0.75, 0.5, 0.35, 0.1 and 0",
        make: || Box::new(Sandbox::ramps()),
    },
    DemoEntry {
        name: "spin",
        about: "a spinning box and a spinning disc dropped on the ground",
        make: || Box::new(Sandbox::spin()),
    },
    DemoEntry {
        name: "tip",
        about: "a tall box and a wide box, both leaning 0.35 rad: one tips, one rights itself",
        make: || Box::new(Sandbox::tip()),
    },
    DemoEntry {
        name: "throw",
        about: "a stack of boxes and a box to throw at it with the mouse",
        make: || Box::new(Sandbox::throw()),
    },
];

/// How far resting bodies start inside what they rest on, in metres: as a landed body rests,
/// inside the 1 cm slop. Placed exactly touching, the least turn lifts a corner clear of the
/// manifold.
pub const SETTLED: f32 = 0.005;

/// The ramps' tilt in radians: tan(0.25) = 0.255, between friction 0.1 and 0.35.
pub const RAMP_ANGLE: f32 = 0.25;
/// The ramps' friction coefficients, top to bottom.
pub const RAMP_FRICTION: [f32; 5] = [0.75, 0.5, 0.35, 0.1, 0.0];

const ITERATION_CHOICES: &[f32] = &[1.0, 2.0, 5.0, 10.0, 20.0];
const RESTITUTION_CHOICES: &[f32] = &[-1.0, 0.0, 0.3, 0.6, 0.9, 1.0];
const PERCENT_CHOICES: &[f32] = &[0.2, 0.4, 0.8, 1.0, 0.1];
const SLOP_CHOICES: &[f32] = &[0.01, 0.0, 0.05];

// ANCHOR: grab
/// The mouse's hold on a body: a damped spring from a point of the body
/// to the cursor. It pulls at that point, not at the centre, so it
/// turns the body too (a force off the centre has a torque), and
/// letting go keeps the velocity: a throw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grab {
    pub body: usize,
    /// The point held, in the body's own frame.
    pub local: Vec2,
    /// The cursor, in the world.
    pub target: Vec2,
}

/// The spring's natural frequency in rad/s for the body's mass. At a
/// corner the effective mass is as low as a quarter of the mass, which
/// doubles it; still far below the 2 / dt = 120 rad/s where a 60 Hz step
/// would go unstable.
const GRAB_FREQUENCY: f32 = 4.0 * std::f32::consts::PI;
/// The spring's damping ratio (1: no overshoot at the centre).
const GRAB_DAMPING: f32 = 0.7;

impl Grab {
    /// Take hold of the first movable body under `at`.
    pub fn press(bodies: &[Body], at: Vec2) -> Option<Grab> {
        let body = bodies
            .iter()
            .position(|b| b.inv_mass > 0.0 && b.shape.contains(&b.transform(), at))?;
        Some(Grab {
            body,
            local: bodies[body].transform().to_local(at),
            target: at,
        })
    }

    /// The point held, in the world.
    pub fn point(&self, bodies: &[Body]) -> Vec2 {
        bodies[self.body].transform().to_world(self.local)
    }

    /// Add the spring's force (and so its torque) to the held body.
    pub fn pull(&self, bodies: &mut [Body]) {
        let p = self.point(bodies);
        let b = &mut bodies[self.body];
        let m = b.mass();
        let stiffness = m * GRAB_FREQUENCY * GRAB_FREQUENCY;
        let damping = 2.0 * GRAB_DAMPING * GRAB_FREQUENCY * m;
        let force = stiffness * (self.target - p) - damping * b.velocity_at(p);
        if force.is_finite() {
            b.apply_force(force, p);
        }
    }
}
// ANCHOR_END: grab

/// Draw a body, with a spoke from its centre so that a turning circle shows its turn.
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
            let corners = (0..4)
                .map(|v| t.to_world(box_vertex(o.half_extents, v)))
                .collect();
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

/// Metres of arrow per N s of impulse per kg of the lighter body, for the contact overlay.
const IMPULSE_ARROW: f32 = 3.0;

/// Draw the world's contacts: the points, the normal impulses (green) and the friction impulses
/// (red), each as the velocity change it gave (impulse over the lighter body's mass).
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

// ANCHOR: sandbox
/// A world of rigid bodies to watch, switch and throw things at.
pub struct Sandbox {
    world: World,
    start: Vec<Body>,
    /// Draw contact points and their impulses.
    show_contacts: bool,
    grab: Option<Grab>,
    /// Text drawn at world positions (the ramps' friction values).
    labels: Vec<(Vec2, String)>,
    bounds: (Vec2, Vec2),
    time_step: f32,
}
// ANCHOR_END: sandbox

/// A static box of half extents `hx` by `hy` at `at`, turned `angle`.
pub fn fixed_box(hx: f32, hy: f32, at: Vec2, angle: f32) -> Body {
    Body::boxed(hx, hy, at, angle, 1.0).into_static()
}

fn ground(half_width: f32) -> Body {
    Body::boxed(half_width, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0)
        .into_static()
        .with_friction(0.6)
}

impl Body {
    /// The same body made static: both inverses 0, velocities 0.
    pub fn into_static(self) -> Body {
        Body {
            inv_mass: 0.0,
            inv_inertia: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            ..self
        }
    }
}

impl Sandbox {
    /// A sandbox of `bodies`, the camera showing `bounds`.
    pub fn new(bodies: Vec<Body>, bounds: (Vec2, Vec2)) -> Self {
        Sandbox {
            world: World::new(bodies.clone()),
            start: bodies,
            show_contacts: true,
            grab: None,
            labels: Vec::new(),
            bounds,
            time_step: 1.0 / 60.0,
        }
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// `n` boxes and circles of seeded random sizes and angles over a floor between two walls.
    pub fn tumble(n: usize, seed: u64) -> Self {
        let wall = |x: f32| {
            Body::boxed(0.25, 3.0, Vec2::new(x, 3.0), 0.0, 1.0)
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
                Body::boxed(hx, hy, at, rng.range(-1.5, 1.5), 1.0)
            };
            bodies.push(body.with_friction(0.5).with_restitution(0.1));
        }
        Sandbox::new(bodies, (Vec2::new(-5.2, -0.8), Vec2::new(5.2, 6.5)))
    }

    // ANCHOR: ramps
    /// Five planks tilted [`RAMP_ANGLE`] down to the right, one above the
    /// other, each with a box resting near its top. Plank and box share
    /// a friction coefficient, so the contact's (the geometric mean) is
    /// the same.
    pub fn ramps() -> Self {
        let stop = fixed_box(0.25, 1.0, Vec2::new(7.75, 1.0), 0.0);
        let mut bodies = vec![ground(8.0), stop];
        let mut labels = Vec::new();
        let (along, up) = (
            Vec2::from_angle(-RAMP_ANGLE),
            Vec2::from_angle(-RAMP_ANGLE).perp(),
        );
        for (i, mu) in RAMP_FRICTION.into_iter().enumerate() {
            let centre = Vec2::new(-1.0, 10.5 - 2.0 * i as f32);
            let plank = fixed_box(4.0, 0.1, centre, -RAMP_ANGLE);
            // The box's bottom face on the plank's top face, 3 m up the slope.
            let at = centre - along * 3.0 + up * (0.1 + 0.25 - SETTLED);
            let block = Body::boxed(0.35, 0.25, at, -RAMP_ANGLE, 1.0);
            bodies.push(plank.with_friction(mu));
            bodies.push(block.with_friction(mu));
            labels.push((centre - along * 4.2 + up * 0.6, format!("mu {mu}")));
        }
        let view = (Vec2::new(-6.5, -0.8), Vec2::new(8.5, 12.5));
        let mut s = Sandbox::new(bodies, view);
        s.labels = labels;
        s
    }
    // ANCHOR_END: ramps

    /// A box and a disc dropped spinning: the box bounces off a corner, the disc rolls away.
    pub fn spin() -> Self {
        let mut spinning_box = Body::boxed(0.6, 0.3, Vec2::new(-2.0, 3.0), 0.3, 1.0);
        spinning_box.angular_velocity = 12.0;
        let mut spinning_disc = Body::disc(0.4, Vec2::new(2.0, 2.0), 1.0);
        spinning_disc.angular_velocity = -15.0;
        let bodies = vec![
            ground(6.0),
            spinning_box.with_friction(0.5).with_restitution(0.2),
            spinning_disc.with_friction(0.5).with_restitution(0.2),
        ];
        Sandbox::new(bodies, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0)))
    }

    // ANCHOR: tip
    /// Two boxes on their bottom-left corners, leaning 0.35 rad. The tall
    /// one's centre is already left of that corner, so gravity's torque
    /// about it tips the box over; the wide one's is right of it, and
    /// the same torque turns it back down onto its base.
    pub fn tip() -> Self {
        let lean = 0.35;
        let leaning = |x: f32, hx: f32, hy: f32| {
            // Centre above the corner at (x, 0): the corner is at R(-hx, -hy).
            let corner = Vec2::from_angle(lean).rotate(Vec2::new(-hx, -hy));
            let at = Vec2::new(x, -SETTLED) - corner;
            Body::boxed(hx, hy, at, lean, 1.0).with_friction(0.8)
        };
        let bodies = vec![
            ground(4.0),
            leaning(-1.5, 0.15, 0.75),
            leaning(1.0, 0.75, 0.3),
        ];
        Sandbox::new(bodies, (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 3.0)))
    }
    // ANCHOR_END: tip

    /// A stack of three boxes on the right and a box to throw on the left.
    pub fn throw() -> Self {
        let mut bodies = vec![ground(6.0)];
        for i in 0..3 {
            let at = Vec2::new(3.0, 0.3 + (0.6 - SETTLED) * i as f32 - SETTLED);
            bodies.push(Body::boxed(0.3, 0.3, at, 0.0, 1.0).with_friction(0.6));
        }
        bodies.push(
            Body::boxed(0.4, 0.25, Vec2::new(-3.0, 0.25 - SETTLED), 0.0, 2.0).with_friction(0.6),
        );
        Sandbox::new(bodies, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 6.0)))
    }
}

impl Demo for Sandbox {
    fn time_step(&self) -> f32 {
        self.time_step
    }

    fn step(&mut self, dt: f32) {
        if let Some(g) = self.grab {
            g.pull(&mut self.world.bodies);
        }
        self.world.step(dt);
    }

    fn reset(&mut self) {
        self.world.bodies = self.start.clone();
        self.world.collisions.clear();
        self.world.impulses.clear();
        self.grab = None;
    }

    fn draw(&self, out: &mut DrawList) {
        for (i, b) in self.world.bodies.iter().enumerate() {
            draw_body(out, b, body_color(b, i));
        }
        if self.show_contacts {
            draw_contacts(out, &self.world);
        }
        for (at, text) in &self.labels {
            out.text(*at, text.clone(), Color::WHITE);
        }
        if let Some(g) = self.grab {
            out.segment(g.point(&self.world.bodies), g.target, Color::WHITE);
        }
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        self.bounds
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    fn switches(&self) -> Vec<Switch> {
        world_switches(&self.world, self.show_contacts)
    }

    fn set_switch(&mut self, key: char, value: SwitchValue) {
        if key == 'm' {
            if let SwitchValue::Bool(on) = value {
                self.show_contacts = on;
            }
        } else {
            set_world_switch(&mut self.world, key, value);
        }
    }

    fn mouse_press(&mut self, at: Vec2) {
        self.grab = Grab::press(&self.world.bodies, at);
    }

    fn mouse_drag(&mut self, at: Vec2) {
        if let Some(g) = self.grab.as_mut() {
            g.target = at;
        }
    }

    fn mouse_release(&mut self) {
        self.grab = None;
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

// ANCHOR: switches
/// The switches of chapter 6's world, shared with chapter 7: F friction,
/// K where Coulomb's cap applies, I iterations, E restitution, C
/// positional correction, P its percent, S its slop, M the overlay.
pub fn world_switches(world: &World, show_contacts: bool) -> Vec<Switch> {
    let c = &world.correction;
    vec![
        Switch::toggle('f', "friction", world.friction),
        Switch::toggle(
            'k',
            "Coulomb cap per step (off: per impulse)",
            world.friction_cap == FrictionCap::PerStep,
        ),
        Switch::number(
            'i',
            "iterations",
            world.iterations as f32,
            ITERATION_CHOICES,
        ),
        Switch::number(
            'e',
            "restitution (-1: the bodies' own)",
            world.restitution_override.unwrap_or(-1.0),
            RESTITUTION_CHOICES,
        ),
        Switch::toggle('c', "positional correction", c.enabled),
        Switch::number('p', "correction percent", c.percent, PERCENT_CHOICES),
        Switch::number('s', "correction slop (m)", c.slop, SLOP_CHOICES),
        Switch::toggle('m', "show contacts and impulses", show_contacts),
    ]
}
// ANCHOR_END: switches

/// Set one of [`world_switches`] (all but M, which the demo keeps).
pub fn set_world_switch(world: &mut World, key: char, value: SwitchValue) {
    match (key, value) {
        ('f', SwitchValue::Bool(on)) => world.friction = on,
        ('k', SwitchValue::Bool(per_step)) => {
            world.friction_cap = if per_step {
                FrictionCap::PerStep
            } else {
                FrictionCap::PerImpulse
            }
        }
        ('i', SwitchValue::Number { value, .. }) => world.iterations = value.max(1.0) as u32,
        ('e', SwitchValue::Number { value, .. }) => {
            world.restitution_override = (value >= 0.0).then_some(value.min(1.0))
        }
        ('c', SwitchValue::Bool(on)) => world.correction.enabled = on,
        ('p', SwitchValue::Number { value, .. }) => world.correction.percent = value,
        ('s', SwitchValue::Number { value, .. }) => world.correction.slop = value,
        _ => {}
    }
}

// ANCHOR: from_scene
/// A scene body as a chapter 6 body: circles and boxes, turned and
/// spinning, with their mass, restitution and friction. Planes are
/// refused (a large static box does their job).
pub fn scene_body(b: &SceneBody, index: usize) -> Result<Body, SceneError> {
    let shape = match b.shape {
        SceneShape::Circle { radius } => Shape::Circle(Circle { radius }),
        SceneShape::Box { half_extents } => Shape::Box(Obb { half_extents }),
        SceneShape::Plane { .. } => {
            return Err(SceneError::new(
                format!("bodies[{index}].shape"),
                "plane: chapters 5 to 7 collide circles and boxes only; \
                 use a large static box as a floor or wall",
            ));
        }
    };
    let mass = if b.is_static { f32::INFINITY } else { b.mass };
    let mut body = Body::new(shape, b.position, b.angle, mass);
    body.velocity = b.velocity;
    body.angular_velocity = b.angular_velocity;
    body.restitution = b.restitution;
    body.friction = b.friction;
    Ok(body)
}

/// The camera region around a scene's bodies.
pub fn bodies_bounds(bodies: &[Body]) -> (Vec2, Vec2) {
    scene_bounds(bodies.iter().map(|b| {
        let r = Vec2::splat(b.shape.reach());
        (b.position - r, b.position + r)
    }))
}

/// A scene file as a chapter 6 world. Joints need chapter 7.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    scene.refuse_joints()?;
    let bodies = scene
        .bodies
        .iter()
        .enumerate()
        .map(|(i, b)| scene_body(b, i))
        .collect::<Result<Vec<_>, _>>()?;
    let bounds = bodies_bounds(&bodies);
    let mut demo = Sandbox::new(bodies, bounds);
    demo.world.gravity = scene.gravity;
    demo.world.iterations = scene.iterations;
    demo.time_step = scene.dt;
    Ok(Box::new(demo))
}
// ANCHOR_END: from_scene
