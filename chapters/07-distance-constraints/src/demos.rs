//! Chapter 7's demos: a pendulum, a chain, a rope bridge, a Newton's cradle, a rod and a rope.

use crate::{Body, DistanceJoint, JointKind, Order, World};
use ch06_rotation_friction::demos::{
    Grab, SETTLED, bodies_bounds, body_color, body_state, draw_body, draw_contacts, fixed_box,
    scene_body, set_world_switch, world_switches,
};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, Switch, SwitchValue};
use physics_core::draw::{Color, DrawList};
use physics_core::scene::{Scene, SceneError, SceneJoint};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    package: "ch07-distance-constraints",
    title: "7. Distance constraints",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pendulum",
        about: "a disc on a rod, and a box hung by its corner (the anchor turns it)",
        make: || Box::new(Rig::pendulum()),
    },
    DemoEntry {
        name: "chain",
        about: "a chain of 14 links pinned at one end; drag it with the mouse",
        make: || Box::new(Rig::chain(14)),
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge of planks joined by short ropes, and boxes dropped on it",
        make: || Box::new(Rig::bridge()),
    },
    DemoEntry {
        name: "cradle",
        about: "Newton's cradle: five balls on rods, restitution 1",
        make: || Box::new(Rig::cradle()),
    },
    DemoEntry {
        name: "rod-and-rope",
        about: "two bobs thrown up: the rod holds its bob on the circle, the rope goes slack",
        make: || Box::new(Rig::rod_and_rope()),
    },
];

const BAUMGARTE_CHOICES: &[f32] = &[0.2, 0.5, 1.0, 0.0, 0.1];

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

// ANCHOR: rig
/// Bodies on joints to watch, switch and drag.
pub struct Rig {
    world: World,
    start: Vec<Body>,
    show_contacts: bool,
    grab: Option<Grab>,
    bounds: (Vec2, Vec2),
    time_step: f32,
}
// ANCHOR_END: rig

impl Rig {
    pub fn new(bodies: Vec<Body>, joints: Vec<DistanceJoint>, bounds: (Vec2, Vec2)) -> Self {
        Rig {
            world: World::new(bodies.clone(), joints),
            start: bodies,
            show_contacts: false,
            grab: None,
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

    /// A disc of radius 0.15 on a 2 m rod released at 30 degrees, and a box hung by its top-left
    /// corner from a 1 m rod.
    pub fn pendulum() -> Self {
        let top = Vec2::new(-1.5, 2.5);
        let bob_at = top + 2.0 * Vec2::new(0.5, -(3.0f32.sqrt()) / 2.0);
        let box_top = Vec2::new(2.0, 2.5);
        let hang = box_top + Vec2::new(0.8, -0.6);
        let bodies = vec![
            pin(top),
            Body::disc(0.15, bob_at, 4.0),
            pin(box_top),
            Body::boxed(0.4, 0.2, hang + Vec2::new(0.4, -0.2), 0.0, 1.0),
        ];
        let joints = vec![
            DistanceJoint::between(&bodies, 0, top, 1, bob_at, JointKind::Rod),
            DistanceJoint::between(&bodies, 2, box_top, 3, hang, JointKind::Rod),
        ];
        Rig::new(bodies, joints, (Vec2::new(-4.0, -1.0), Vec2::new(4.5, 3.0)))
    }

    // ANCHOR: chain
    /// A pin and `links` discs in a horizontal row, each joined to the
    /// one before by a rod between their centres, over a floor.
    pub fn chain(links: usize) -> Self {
        let spacing = 0.35;
        let top = Vec2::new(-2.5, 4.0);
        let floor = fixed_box(6.0, 0.25, Vec2::new(0.0, -0.25), 0.0);
        let mut bodies = vec![floor, pin(top)];
        let mut joints = Vec::new();
        for i in 0..links {
            let at = top + Vec2::new(spacing * (i + 1) as f32, 0.0);
            bodies.push(Body::disc(0.12, at, 2.0).with_friction(0.3));
            let (a, b) = (bodies.len() - 2, bodies.len() - 1);
            let from = bodies[a].position;
            joints.push(DistanceJoint::between(
                &bodies,
                a,
                from,
                b,
                at,
                JointKind::Rod,
            ));
        }
        Rig::new(bodies, joints, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0)))
    }
    // ANCHOR_END: chain

    /// Two posts and twelve planks, each plank's top corners tied to its neighbours' by ropes
    /// 2 cm long, and three boxes falling onto it. 20 passes, since thirteen ropes in a row pass a
    /// push along one rope per pass.
    pub fn bridge() -> Self {
        let (n, half, gap) = (12, Vec2::new(0.25, 0.06), 0.02);
        let span = n as f32 * (2.0 * half.x + gap) + gap;
        let y = 3.0;
        let post =
            |x: f32| Body::boxed(0.25, 1.0, Vec2::new(x, y - 1.0 + half.y), 0.0, 1.0).into_static();
        let left = -span / 2.0;
        let mut bodies = vec![
            Body::boxed(6.0, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0).into_static(),
            post(left - 0.25),
            post(-left + 0.25),
        ];
        let mut joints = Vec::new();
        let mut last = (1, Vec2::new(left, y + half.y));
        for i in 0..n {
            let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
            bodies.push(Body::boxed(half.x, half.y, Vec2::new(x, y), 0.0, 1.0).with_friction(0.6));
            let k = bodies.len() - 1;
            let near = Vec2::new(x - half.x, y + half.y);
            joints.push(DistanceJoint::between(
                &bodies,
                last.0,
                last.1,
                k,
                near,
                JointKind::Rope,
            ));
            last = (k, Vec2::new(x + half.x, y + half.y));
        }
        let right = Vec2::new(-left, y + half.y);
        joints.push(DistanceJoint::between(
            &bodies,
            last.0,
            last.1,
            2,
            right,
            JointKind::Rope,
        ));
        for (i, x) in [-1.2f32, 0.1, 1.0].into_iter().enumerate() {
            let at = Vec2::new(x, 4.5 + 0.8 * i as f32);
            bodies.push(Body::boxed(0.25, 0.2, at, 0.3 * i as f32, 0.5).with_friction(0.6));
        }
        let mut rig = Rig::new(bodies, joints, (Vec2::new(-4.5, -0.8), Vec2::new(4.5, 6.5)));
        // Thirteen ropes in a row pass a push along one per pass.
        rig.world.contacts.iterations = 20;
        rig
    }

    // ANCHOR: cradle
    /// Five balls of radius 0.25 on 2 m rods, touching in a row, with
    /// restitution 1 and no friction; the first is pulled out 45 degrees.
    pub fn cradle() -> Self {
        let (r, length, y) = (0.25, 2.0, 3.0);
        let mut bodies = Vec::new();
        let mut joints = Vec::new();
        for i in 0..5 {
            let top = Vec2::new(-1.0 + 2.0 * r * i as f32, y);
            let hang = if i == 0 {
                Vec2::from_angle(-3.0 * std::f32::consts::FRAC_PI_4) * length
            } else {
                Vec2::new(0.0, -length)
            };
            bodies.push(pin(top));
            let ball = Body::disc(r, top + hang, 4.0)
                .with_restitution(1.0)
                .with_friction(0.0);
            bodies.push(ball);
            let k = bodies.len();
            joints.push(DistanceJoint::between(
                &bodies,
                k - 2,
                top,
                k - 1,
                top + hang,
                JointKind::Rod,
            ));
        }
        let view = (Vec2::new(-3.5, 0.0), Vec2::new(3.5, 3.5));
        let mut rig = Rig::new(bodies, joints, view);
        // Only the balls' bounces should move energy; the correction would add some.
        rig.world.contacts.correction.enabled = false;
        rig
    }
    // ANCHOR_END: cradle

    /// Two pins, each with a 1.5 m tether to a bob thrown up at 7 m/s: on the left a rod, on
    /// the right a rope.
    pub fn rod_and_rope() -> Self {
        let (left, right) = (Vec2::new(-2.0, 2.5), Vec2::new(2.0, 2.5));
        let down = Vec2::new(0.0, -1.5);
        let mut bodies = vec![pin(left), Body::disc(0.15, left + down, 2.0), pin(right)];
        bodies.push(Body::disc(0.15, right + down, 2.0));
        for k in [1, 3] {
            bodies[k].velocity = Vec2::new(1.5, 7.0);
        }
        let joints = vec![
            DistanceJoint::between(&bodies, 0, left, 1, left + down, JointKind::Rod),
            DistanceJoint::between(&bodies, 2, right, 3, right + down, JointKind::Rope),
        ];
        let floor = Body::boxed(5.0, 0.25, Vec2::new(0.0, -0.25 - 0.5 + SETTLED), 0.0, 1.0);
        bodies.push(floor.into_static());
        Rig::new(bodies, joints, (Vec2::new(-4.5, -1.0), Vec2::new(4.5, 4.5)))
    }
}

/// Draw the joints: rods white, ropes yellow (grey while slack), the anchors as dots.
pub fn draw_joints(out: &mut DrawList, world: &World) {
    for j in &world.joints {
        let (pa, pb) = j.anchors(world.bodies());
        let color = match j.kind {
            JointKind::Rod => Color::WHITE,
            JointKind::Rope if j.stretch(world.bodies()) < -1e-3 => Color::GREY,
            JointKind::Rope => Color::YELLOW,
        };
        out.segment_width(pa, pb, color, 2.0);
        out.point(pa, 4.0, color);
        out.point(pb, 4.0, color);
    }
}

impl Demo for Rig {
    fn time_step(&self) -> f32 {
        self.time_step
    }

    fn step(&mut self, dt: f32) {
        if let Some(g) = self.grab {
            g.pull(&mut self.world.contacts.bodies);
        }
        self.world.step(dt);
    }

    fn reset(&mut self) {
        self.world.contacts.bodies = self.start.clone();
        self.world.contacts.collisions.clear();
        self.world.contacts.impulses.clear();
        self.world.joint_impulses.clear();
        self.grab = None;
    }

    fn draw(&self, out: &mut DrawList) {
        for (i, b) in self.world.bodies().iter().enumerate() {
            draw_body(out, b, body_color(b, i));
        }
        draw_joints(out, &self.world);
        if self.show_contacts {
            draw_contacts(out, &self.world.contacts);
        }
        let (lo, hi) = self.bounds;
        out.text(
            Vec2::new(lo.x + 0.1, lo.y + (hi.y - lo.y) * 0.04),
            format!(
                "worst joint length error {:.1} mm",
                1000.0 * self.world.worst_length_error()
            ),
            Color::WHITE,
        );
        if let Some(g) = self.grab {
            out.segment(g.point(self.world.bodies()), g.target, Color::WHITE);
        }
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        self.bounds
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.contacts.gravity
    }

    // ANCHOR: switches
    fn switches(&self) -> Vec<Switch> {
        let mut s = world_switches(&self.world.contacts, self.show_contacts);
        s.push(Switch::number(
            'b',
            "Baumgarte factor (1: the tutorial's)",
            self.world.baumgarte,
            BAUMGARTE_CHOICES,
        ));
        s.push(Switch::toggle(
            'o',
            "joints solved last (off: contacts last)",
            self.world.order == Order::JointsLast,
        ));
        s
    }
    // ANCHOR_END: switches

    fn set_switch(&mut self, key: char, value: SwitchValue) {
        match (key, value) {
            ('m', SwitchValue::Bool(on)) => self.show_contacts = on,
            ('b', SwitchValue::Number { value, .. }) => self.world.baumgarte = value,
            ('o', SwitchValue::Bool(last)) => {
                self.world.order = if last {
                    Order::JointsLast
                } else {
                    Order::ContactsLast
                }
            }
            _ => set_world_switch(&mut self.world.contacts, key, value),
        }
    }

    fn mouse_press(&mut self, at: Vec2) {
        self.grab = Grab::press(self.world.bodies(), at);
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

// ANCHOR: from_scene
/// A scene file as a chapter 7 world: chapter 6's bodies, and each
/// distance joint as a rod, or with `"rope": true` a rope. A joint
/// without a length keeps the distance its anchors start at.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let bodies = scene
        .bodies
        .iter()
        .enumerate()
        .map(|(i, b)| scene_body(b, i))
        .collect::<Result<Vec<_>, _>>()?;
    let joints = scene
        .joints
        .iter()
        .map(|j| match *j {
            SceneJoint::Distance {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                length,
                rope,
            } => {
                let mut joint = DistanceJoint {
                    body_a,
                    body_b,
                    local_a: anchor_a,
                    local_b: anchor_b,
                    length: 0.0,
                    kind: if rope {
                        JointKind::Rope
                    } else {
                        JointKind::Rod
                    },
                };
                let (pa, pb) = joint.anchors(&bodies);
                joint.length = length.unwrap_or((pb - pa).length());
                joint
            }
        })
        .collect();
    let bounds = bodies_bounds(&bodies);
    let mut rig = Rig::new(bodies, joints, bounds);
    rig.world.contacts.gravity = scene.gravity;
    rig.world.contacts.iterations = scene.iterations;
    rig.time_step = scene.dt;
    Ok(Box::new(rig))
}
// ANCHOR_END: from_scene
