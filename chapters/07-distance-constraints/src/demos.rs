//! Chapter 7's demos: a pendulum, a chain, a rope bridge, a Newton's cradle, a rod
//! and a rope.

use crate::worlds::{bridge, chain, cradle, pendulum, rod_and_rope};
use crate::{JointKind, Order, World};
use ch06_rotation_friction::World as RigidWorld;
use ch06_rotation_friction::demos::{MouseSpring, Switches, body_state};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Holds, Knob, Lab, Sim};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

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

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// joints' switches and chapter 6's.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, bounds) = crate::scene::world(scene);
    let lab = Lab::from_scene(world, JOINT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_knobs(Switches::<World>::ALL)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pendulum",
        about: "a disc on a rod, and a box hung by its corner (the anchor turns it)",
        make: || Box::new(rig(pendulum(), PENDULUM_VIEW)),
    },
    DemoEntry {
        name: "chain",
        about: "a chain of 14 links pinned at one end; drag it with the mouse",
        make: || {
            Box::new(rig(chain(14), (Vec2::new(-6.0, -0.8), Vec2::new(6.0, 5.0))))
        },
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge of planks joined by short ropes, and boxes dropped on it: the \
                ropes give under the load (the worst error says how much)",
        make: || {
            Box::new(rig(bridge(), (Vec2::new(-4.5, -0.8), Vec2::new(4.5, 6.5))))
        },
    },
    DemoEntry {
        name: "cradle",
        about: "Newton's cradle: five balls on rods, restitution 1",
        make: || {
            Box::new(rig(cradle(), (Vec2::new(-3.5, 0.0), Vec2::new(3.5, 3.5))))
        },
    },
    DemoEntry {
        name: "rod-and-rope",
        about: "two bobs thrown up: the rod holds its bob on the circle, the rope goes slack",
        make: || {
            Box::new(rig(
                rod_and_rope(),
                (Vec2::new(-4.5, -1.0), Vec2::new(4.5, 4.5)),
            ))
        },
    },
    DemoEntry {
        name: "rod",
        about: "a figure: a rod's error is its stretch, and its impulse acts along the line between its anchors (drag the disc)",
        make: || Box::new(crate::figures::rod()),
    },
];

const BAUMGARTE_CHOICES: &[f32] = &[0.2, 0.5, 1.0, 0.0, 0.1];

/// What the pendulum demo's camera shows.
pub const PENDULUM_VIEW: (Vec2, Vec2) =
    (Vec2::new(-4.0, -1.0), Vec2::new(4.5, 3.0));

/// Bodies on joints to watch, switch and drag: chapter 7's world in the
/// lab, with chapter 6's switches and this chapter's.
pub fn rig(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, JOINT_KNOBS, bounds).with_knobs(Switches::<World>::ALL)
}

// Chapter 6's switches reach the rigid world inside this one.
impl Holds<RigidWorld> for World {
    fn inner(&self) -> &RigidWorld {
        &self.rigid
    }
    fn inner_mut(&mut self) -> &mut RigidWorld {
        &mut self.rigid
    }
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
