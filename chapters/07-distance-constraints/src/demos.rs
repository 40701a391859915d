//! Chapter 7's demos: a pendulum, a chain, a rope bridge, a Newton's cradle, a rod
//! and a rope.

use crate::{Body, DistanceJoint, JointKind, Order, World};
use ch06_rotation_friction::World as RigidWorld;
use ch06_rotation_friction::demos::{
    MouseSpring, Rigid, SETTLED, Switches, bodies_bounds, body_state, fixed_box,
    scene_body,
};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::{Feature, Scene, SceneError, SceneJoint};
use physics_core::trig;

/// The chapter as the viewer sees it. Its scenes hold chapter 6's and
/// joints.
pub const CHAPTER: Chapter = Chapter {
    number: 7,
    package: "ch07-distance-constraints",
    title: "7. Distance constraints",
    demos: DEMOS,
    supports: &[
        Feature::Gravity,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
        Feature::TurnedBoxes,
        Feature::Rotation,
        Feature::Joints,
    ],
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pendulum",
        about: "a disc on a rod, and a box hung by its corner (the anchor turns it)",
        make: || Box::new(pendulum()),
    },
    DemoEntry {
        name: "chain",
        about: "a chain of 14 links pinned at one end; drag it with the mouse",
        make: || Box::new(chain(14)),
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge of planks joined by short ropes, and boxes dropped on it: the \
                ropes give under the load (the worst error says how much)",
        make: || Box::new(bridge()),
    },
    DemoEntry {
        name: "cradle",
        about: "Newton's cradle: five balls on rods, restitution 1",
        make: || Box::new(cradle()),
    },
    DemoEntry {
        name: "rod-and-rope",
        about: "two bobs thrown up: the rod holds its bob on the circle, the rope goes slack",
        make: || Box::new(rod_and_rope()),
    },
    DemoEntry {
        name: "rod",
        about: "a figure: a rod's error is its stretch, and its impulse acts along the line between its anchors (drag the disc)",
        make: || Box::new(crate::figures::rod()),
    },
];

const BAUMGARTE_CHOICES: &[f32] = &[0.2, 0.5, 1.0, 0.0, 0.1];

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

/// Bodies on joints to watch, switch and drag: chapter 7's world in the
/// lab, with chapter 6's switches and this chapter's.
pub fn rig(
    bodies: Vec<Body>,
    joints: Vec<DistanceJoint>,
    bounds: (Vec2, Vec2),
) -> Lab<World> {
    let world = World::new(bodies, joints);
    Lab::new(world, JOINT_KNOBS, bounds).with_knobs(Switches::<World>::ALL)
}

/// A disc of radius 0.15 on a 2 m rod released at 30 degrees, and a box hung by its
/// top-left corner from a 1 m rod.
pub fn pendulum() -> Lab<World> {
    let top = Vec2::new(-1.5, 2.5);
    let bob_at = top + 2.0 * Vec2::new(0.5, -(3.0f32.sqrt()) / 2.0);
    let box_top = Vec2::new(2.0, 2.5);
    let hang = box_top + Vec2::new(0.8, -0.6);
    let bodies = vec![
        pin(top),
        Body::disc(0.15, bob_at, 4.0),
        pin(box_top),
        Body::rect(0.4, 0.2, hang + Vec2::new(0.4, -0.2), 0.0, 1.0),
    ];
    let joints = vec![
        DistanceJoint::between(&bodies, 0, top, 1, bob_at, JointKind::Rod),
        DistanceJoint::between(&bodies, 2, box_top, 3, hang, JointKind::Rod),
    ];
    rig(bodies, joints, (Vec2::new(-4.0, -1.0), Vec2::new(4.5, 3.0)))
}

/// A pin and `links` discs in a horizontal row, each joined to the
/// one before by a rod between their centres, over a floor.
pub fn chain(links: usize) -> Lab<World> {
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
    rig(bodies, joints, (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0)))
}

/// Two posts and twelve planks, each plank's top corners tied to its neighbours' by
/// ropes 2 cm long, and three boxes falling onto it. 20 passes, since thirteen
/// ropes in a row pass a push along one rope per pass.
pub fn bridge() -> Lab<World> {
    let (n, half, gap) = (12, Vec2::new(0.25, 0.06), 0.02);
    let span = n as f32 * (2.0 * half.x + gap) + gap;
    let y = 3.0;
    let post = |x: f32| {
        Body::rect(0.25, 1.0, Vec2::new(x, y - 1.0 + half.y), 0.0, 1.0)
            .into_static()
    };
    let left = -span / 2.0;
    let mut bodies = vec![
        Body::rect(6.0, 0.25, Vec2::new(0.0, -0.25), 0.0, 1.0).into_static(),
        post(left - 0.25),
        post(-left + 0.25),
    ];
    let mut joints = Vec::new();
    let mut last = (1, Vec2::new(left, y + half.y));
    for i in 0..n {
        let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
        bodies.push(
            Body::rect(half.x, half.y, Vec2::new(x, y), 0.0, 1.0)
                .with_friction(0.6),
        );
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
        bodies.push(
            Body::rect(0.25, 0.2, at, 0.3 * i as f32, 0.5).with_friction(0.6),
        );
    }
    let mut rig = rig(bodies, joints, (Vec2::new(-4.5, -0.8), Vec2::new(4.5, 6.5)));
    // Thirteen ropes in a row pass a push along one per pass.
    rig.sim_mut().rigid.iterations = 20;
    rig
}

// ANCHOR: cradle
/// Five balls of radius 0.25 on 2 m rods, touching in a row, with
/// restitution 1 and no friction; the first is pulled out 45 degrees.
pub fn cradle() -> Lab<World> {
    let (r, length, y) = (0.25, 2.0, 3.0);
    let mut bodies = Vec::new();
    let mut joints = Vec::new();
    for i in 0..5 {
        let top = Vec2::new(-1.0 + 2.0 * r * i as f32, y);
        let hang = if i == 0 {
            trig::from_angle(-3.0 * std::f32::consts::FRAC_PI_4) * length
        } else {
            Vec2::new(0.0, -length)
        };
        bodies.push(pin(top));
        let ball =
            Body::disc(r, top + hang, 4.0).with_restitution(1.0).with_friction(0.0);
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
    let mut rig = rig(bodies, joints, view);
    // Only the balls' bounces should move energy; the correction would add some.
    rig.sim_mut().rigid.correction.enabled = false;
    rig
}
// ANCHOR_END: cradle

/// Two pins, each with a 1.5 m tether to a bob thrown up at 7 m/s: on the left a
/// rod, on the right a rope.
pub fn rod_and_rope() -> Lab<World> {
    let (left, right) = (Vec2::new(-2.0, 2.5), Vec2::new(2.0, 2.5));
    let down = Vec2::new(0.0, -1.5);
    let mut bodies =
        vec![pin(left), Body::disc(0.15, left + down, 2.0), pin(right)];
    bodies.push(Body::disc(0.15, right + down, 2.0));
    for k in [1, 3] {
        bodies[k].velocity = Vec2::new(1.5, 7.0);
    }
    let joints = vec![
        DistanceJoint::between(&bodies, 0, left, 1, left + down, JointKind::Rod),
        DistanceJoint::between(&bodies, 2, right, 3, right + down, JointKind::Rope),
    ];
    let floor =
        Body::rect(5.0, 0.25, Vec2::new(0.0, -0.25 - 0.5 + SETTLED), 0.0, 1.0);
    bodies.push(floor.into_static());
    rig(bodies, joints, (Vec2::new(-4.5, -1.0), Vec2::new(4.5, 4.5)))
}

/// Draw the joints: rods white, ropes yellow (grey while slack), the anchors as
/// dots.
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

impl Rigid for World {
    fn rigid(&self) -> &RigidWorld {
        &self.rigid
    }
    fn rigid_mut(&mut self) -> &mut RigidWorld {
        &mut self.rigid
    }
}

impl Sim for World {
    /// The spring from a point of the held body to the cursor.
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        World::bodies(self).iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.rigid.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.rigid.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.rigid.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, show_contacts: bool) {
        self.rigid.draw(out, show_contacts);
        draw_joints(out, self);
    }

    fn status(&self) -> Option<String> {
        let error = 1000.0 * self.worst_length_error();
        Some(format!("worst joint length error {error:.1} mm"))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        self.rigid.pick(at)
    }

    fn pull(&mut self, spring: &MouseSpring, target: Vec2, dt: f32) {
        self.rigid.pull(spring, target, dt);
    }

    fn held_point(&self, spring: &MouseSpring) -> Option<Vec2> {
        self.rigid.held_point(spring)
    }
}

/// Chapter 7's switches, after chapter 6's: the Baumgarte factor of the
/// joints' drift fix, and which are solved last, joints or contacts.
pub const JOINT_KNOBS: &[Knob<World>] = &[
    Knob::number(
        'b',
        "Baumgarte factor (1: the tutorial's)",
        BAUMGARTE_CHOICES,
        |w| w.baumgarte,
        |w, b| w.baumgarte = b,
    ),
    Knob::toggle(
        'o',
        "joints solved last (off: contacts last)",
        |w| w.order == Order::JointsLast,
        |w, last| {
            w.order = if last { Order::JointsLast } else { Order::ContactsLast }
        },
    ),
];

// ANCHOR: from_scene
/// A scene file as a chapter 7 world: chapter 6's bodies, and each
/// distance joint as a rod, or with `"rope": true` a rope. A joint
/// without a length keeps the distance its anchors start at.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let bodies: Vec<Body> = scene.bodies.iter().map(scene_body).collect();
    let joints = scene
        .joints
        .iter()
        .filter_map(|j| match *j {
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
                    kind: if rope { JointKind::Rope } else { JointKind::Rod },
                };
                let (pa, pb) = joint.anchors(&bodies);
                joint.length = length.unwrap_or((pb - pa).length());
                Some(joint)
            }
            // Chapter 9's joints: refused before this runs.
            _ => None,
        })
        .collect();
    let bounds = bodies_bounds(&bodies);
    let world = World::new(bodies, joints);
    let lab = Lab::from_scene(world, JOINT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_knobs(Switches::<World>::ALL)))
}
// ANCHOR_END: from_scene
