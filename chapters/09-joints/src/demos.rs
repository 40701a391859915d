//! Chapter 9's demos: a hinged chain, a bridge of pins, a ragdoll with
//! limits, a car on motors, a windmill, a piston on a slider, a welded
//! tree, and a physical pendulum to time.

use crate::worlds::{
    bridge, car, chain, pendulum, piston, ragdoll, weld_tree, windmill,
};
use crate::{Body, Joints, Kind, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch08_sequential_impulses::demos::Switches;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Holds, Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes hold everything
/// chapter 8 loads, and pins, sliders and welds.
pub const CHAPTER: Chapter = Chapter {
    number: 9,
    package: "ch09-joints",
    title: "9. Joints",
    demos: DEMOS,
    supports: &[
        Feature::Gravity,
        Feature::Planes,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
        Feature::TurnedBoxes,
        Feature::Rotation,
        Feature::Joints,
        Feature::RigidJoints,
    ],
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// joints' switches and chapter 8's.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    let lab = Lab::from_scene(world, JOINT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_inherited(KNOBS, 8)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "chain",
        about: "40 links on pins, the first pinned to a block, let go level (N: position pass)",
        make: || Box::new(show(chain(40, 1.0, 0.0), chain_view(40))),
    },
    DemoEntry {
        name: "chain-heavy",
        about: "the chain let go at 1 rad below level with a ball of 30 links' mass at its end \
                (K off: each pin's rows one at a time, and the chain comes apart)",
        make: || Box::new(show(chain(40, 30.0, 1.0), chain_view(40))),
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge of 20 planks on pins, boxes dropped on it (W off: it sags to the ground)",
        make: || {
            Box::new(show(bridge(), (Vec2::new(-7.0, -0.8), Vec2::new(7.0, 8.0))))
        },
    },
    DemoEntry {
        name: "ragdoll",
        about: "a ragdoll whose every pin has a limit (the arcs) falls down steps (J off: \
                limbs swing past their arcs)",
        make: || {
            let view = (Vec2::new(-0.5, 1.0), Vec2::new(3.5, 5.5));
            Box::new(
                show(ragdoll(), view)
                    .following(|w| w.solver.bodies[RAGDOLL_TORSO].position),
            )
        },
    },
    DemoEntry {
        name: "car",
        about: "a car whose wheels are pins with motors, over bumps (O: motors, V: speed)",
        make: || {
            let view = (Vec2::new(-8.0, -1.5), Vec2::new(12.0, 6.0));
            let lab = Lab::new(car(), JOINT_KNOBS, view).with_knobs(CAR_KNOBS);
            Box::new(follow_car(lab.with_inherited(KNOBS, 8)))
        },
    },
    DemoEntry {
        name: "windmill",
        about: "a motor turns a windmill's sails at 1 rad/s with at most 400 N m; balls fall in",
        make: || {
            Box::new(show(windmill(), (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 9.0))))
        },
    },
    DemoEntry {
        name: "piston",
        about: "a crank on a motor, a rod, and a piston on a vertical slider",
        make: || {
            Box::new(show(piston(), (Vec2::new(-3.0, -0.8), Vec2::new(3.0, 6.0))))
        },
    },
    DemoEntry {
        name: "weld-tree",
        about: "a tree of branches welded to a trunk; it sags and bounces back (the red bars: \
                each weld's error x100; K and I change them)",
        make: || {
            Box::new(show(
                weld_tree(),
                (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 7.5)),
            ))
        },
    },
    DemoEntry {
        name: "pendulum",
        about: "a rod on a pin, let go at 0.1 rad: it swings with period 2 pi sqrt(I / m g d) = \
                1.73 s, back at its start every 104 steps (watch the step count)",
        make: || {
            Box::new(show(
                pendulum(0.1),
                (Vec2::new(-3.0, 0.5), Vec2::new(3.0, 5.5)),
            ))
        },
    },
    DemoEntry {
        name: "anchors",
        about: "a figure: a hinge's error is the vector between its two anchors, two rows (drag B)",
        make: || Box::new(crate::figures::anchors()),
    },
];

// ANCHOR: switches
impl Holds<ch08_sequential_impulses::World> for World {
    fn inner(&self) -> &ch08_sequential_impulses::World {
        &self.solver
    }
    fn inner_mut(&mut self) -> &mut ch08_sequential_impulses::World {
        &mut self.solver
    }
}

/// Chapter 8's switches, for this chapter's world.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;

/// The joints' own switches, listed before chapter 8's.
pub const JOINT_KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'k',
        "solve a pin's rows as one block (off: row by row)",
        |w| w.joints.settings.block,
        |w, on| w.joints.settings.block = on,
    ),
    Knob::toggle(
        'j',
        "joint limits",
        |w| w.joints.settings.limits,
        |w, on| w.joints.settings.limits = on,
    ),
    Knob::toggle(
        'o',
        "joint motors",
        |w| w.joints.settings.motors,
        |w, on| w.joints.settings.motors = on,
    ),
    Knob::toggle(
        'n',
        "fix joint drift in a position pass (off: Baumgarte bias)",
        |w| w.joints.settings.position_pass,
        |w, on| w.joints.settings.position_pass = on,
    ),
];
// ANCHOR_END: switches

/// The car's speed, rad/s of its wheels (negative rolls it right).
const CAR_SPEEDS: &[f32] = &[-12.0, -6.0, -3.0, 0.0, 3.0, 6.0];

const CAR_KNOBS: &[Knob<World>] = &[Knob::number(
    'v',
    "wheel speed (rad/s)",
    CAR_SPEEDS,
    |w| wheel_speed(w).unwrap_or(0.0),
    set_wheel_speed,
)];

fn wheel_speed(w: &World) -> Option<f32> {
    w.joints.list.iter().find_map(|j| match j.kind {
        Kind::Revolute { motor: Some(m), .. } => Some(m.speed),
        _ => None,
    })
}

fn set_wheel_speed(w: &mut World, speed: f32) {
    for j in w.joints.list.iter_mut() {
        if let Kind::Revolute { motor: Some(m), .. } = &mut j.kind {
            m.speed = speed;
        }
    }
}

/// A world with the joints' switches and chapter 8's, the camera on
/// `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, JOINT_KNOBS, bounds).with_inherited(KNOBS, 8)
}

impl Sim for World {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.solver.bodies.iter().map(body_state).collect()
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
        Sim::draw(&self.solver, out, overlay);
        draw_joints(out, &self.solver.bodies, &self.joints);
        let bar = (ERROR_BAR, 0.15);
        draw_joint_errors(out, &self.solver.bodies, &self.joints, bar);
    }

    fn status(&self) -> Option<String> {
        let (metres, radians) = self.worst_error();
        let joints = self.joints.list.len() + self.solver.joints.len();
        Some(format!(
            "{joints} joint{}, {} contacts; worst joint error {:.2} mm, {:.4} rad \
             (red: x{ERROR_BAR})",
            if joints == 1 { "" } else { "s" },
            self.solver.contact_count(),
            1000.0 * metres,
            radians
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        MouseSpring::press(&self.solver.bodies, at)
    }

    /// The mouse holds through a [`crate::MouseJoint`], solved with the
    /// other rows, not through chapter 6's spring force.
    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        World::pull(self, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(&self.solver.bodies))
    }
}

// ANCHOR: draw_joints
/// Pins as rings with a line to each body's centre, sliders as their
/// axis (the limit's range brighter), welds as a square.
pub fn draw_joints(out: &mut DrawList, bodies: &[Body], joints: &Joints) {
    for j in &joints.list {
        let (pa, pb) = j.anchors(bodies);
        let (ca, cb) = (bodies[j.body_a].position, bodies[j.body_b].position);
        out.segment(ca, pa, Color::GREY);
        out.segment(cb, pb, Color::GREY);
        match j.kind {
            Kind::Revolute { .. } => {
                out.circle_outline(pa, 0.06, Color::WHITE);
                out.point(pb, 3.0, Color::WHITE);
            }
            Kind::Prismatic { limit, .. } => {
                let axis = j.axis(bodies).unwrap_or(Vec2::X);
                let (lo, hi) = limit.map_or((-2.0, 2.0), |l| (l.lower, l.upper));
                out.segment_width(
                    pa + lo * axis,
                    pa + hi * axis,
                    Color::YELLOW,
                    2.0,
                );
                out.segment(
                    pa - 0.1 * perp(axis),
                    pa + 0.1 * perp(axis),
                    Color::YELLOW,
                );
                out.point(pb, 4.0, Color::YELLOW);
            }
            Kind::Weld => {
                let s = 0.05;
                let square = vec![
                    pa + Vec2::new(-s, -s),
                    pa + Vec2::new(s, -s),
                    pa + Vec2::new(s, s),
                    pa + Vec2::new(-s, s),
                ];
                out.polygon(square, None, Some(Color::WHITE));
            }
        }
    }
}
// ANCHOR_END: draw_joints

/// How many times its length chapter 9 draws a joint's error: a
/// millimetre as a 10 cm bar (at most 15 cm).
pub const ERROR_BAR: f32 = 100.0;

/// What the joints' rows are fighting, drawn: each joint's error as a red
/// bar from A's anchor towards B's, `scale` times as long and at most
/// `longest` metres, so that a switch that halves the error halves the
/// bars; and
/// each pin's limit as an arc about B's anchor, which the grey arm to B's
/// centre stays inside while the limit holds.
pub fn draw_joint_errors(
    out: &mut DrawList,
    bodies: &[Body],
    joints: &Joints,
    (scale, longest): (f32, f32),
) {
    for j in &joints.list {
        let (pa, pb) = j.anchors(bodies);
        let bar = ((pb - pa) * scale).clamp_length_max(longest);
        if bar.length() > 0.01 {
            out.segment_width(pa, pa + bar, Color::RED, 2.0);
        }
        if let Kind::Revolute { limit: Some(limit), .. } = j.kind {
            let arm = bodies[j.body_b].position - pb;
            let radius = (0.6 * arm.length()).clamp(0.05, 0.2);
            // B's arm points at `now`; the limit allows it from `lo` to
            // `hi` about A as A is now.
            let now = arm.y.atan2(arm.x);
            let angle = j.angle(bodies);
            let (lo, hi) = (now - angle + limit.lower, now - angle + limit.upper);
            let at = |a: f32| pb + radius * physics_core::trig::from_angle(a);
            const PIECES: usize = 12;
            for k in 0..PIECES {
                let (t0, t1) =
                    (k as f32 / PIECES as f32, (k + 1) as f32 / PIECES as f32);
                let arc = Color(0x9a8a40);
                out.segment(at(lo + t0 * (hi - lo)), at(lo + t1 * (hi - lo)), arc);
            }
            out.segment(pb, at(lo), Color(0x9a8a40));
            out.segment(pb, at(hi), Color(0x9a8a40));
        }
    }
}

/// The ragdoll's torso, by its place in [`ragdoll`]: after the ground
/// and five steps.
const RAGDOLL_TORSO: usize = 6;

/// The car's chassis, by its place in [`car`]: after the ground and
/// eight bumps.
pub const CAR_CHASSIS: usize = 9;

/// The car's lab with the camera following it, playing again at 11 s,
/// before it reaches the ground's end (25 m).
pub fn follow_car<S: Sim + Holds<ch08_sequential_impulses::World>>(
    lab: Lab<S>,
) -> Lab<S> {
    lab.following(|w| w.inner().bodies[CAR_CHASSIS].position).replaying(660)
}

fn chain_view(n: usize) -> (Vec2, Vec2) {
    let reach = n as f32 * 0.25 + 0.5;
    (Vec2::new(-reach, 9.0 - reach), Vec2::new(reach, 10.0))
}
