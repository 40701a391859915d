//! Chapter 8's demos: box2d-lite's set, so the learner can compare, a 1000-ball
//! pit, Newton's cradle, and how fast the solver's passes converge.

use crate::convergence::Convergence;
use crate::worlds::{
    CRADLE_BALL, SEED, ball_pit, bridge, cradle, crate_box, dominos, pyramid,
    single_box, stack, teeter,
};
use crate::{BroadPhase, JointKind, Restitution, World};
use ch06_rotation_friction::demos::{
    MouseSpring, body_color, body_state, draw_body,
};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Holds, Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::rng::Rng;
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it. Its scenes hold everything
/// chapters 3 to 7 load, planes included.
pub const CHAPTER: Chapter = Chapter {
    number: 8,
    package: "ch08-sequential-impulses",
    title: "8. Sequential impulses",
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
    ],
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    crate::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them (keys 1 to 9 reach the first
/// nine).
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pyramid",
        about: "box2d-lite's pyramid of 12 rows, each dropped 1 m onto the one below",
        make: || Box::new(pyramid_lab(12)),
    },
    DemoEntry {
        name: "pyramid-20",
        about: "the same with 20 rows: 210 boxes",
        make: || Box::new(pyramid_lab(20)),
    },
    DemoEntry {
        name: "pyramid-cold",
        about: "the 12-row pyramid with warm starting off (W): it does not stand",
        make: || {
            let mut world = pyramid(12);
            world.settings.warm_starting = false;
            Box::new(show(world, pyramid_view(12)))
        },
    },
    DemoEntry {
        name: "stack",
        about: "a vertical stack of 10 boxes, each set up to 10 cm off-centre",
        make: || Box::new(stack_lab(10)),
    },
    DemoEntry {
        name: "single-box",
        about: "one box of 200 kg dropped on the ground",
        make: || {
            Box::new(show(
                single_box(),
                (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 6.0)),
            ))
        },
    },
    DemoEntry {
        name: "ramps",
        about: "chapter 6's ramps: friction 0.75, 0.5, 0.35, 0.1 and 0 on a 0.25 rad slope",
        make: || Box::new(ramps()),
    },
    DemoEntry {
        name: "pendulum",
        about: "chapter 7's pendulums: a disc on a rod, a box hung by its corner",
        make: || Box::new(pendulum()),
    },
    DemoEntry {
        name: "teeter",
        about: "a plank on a pivot made of two rods; a heavy box lands on one end",
        make: || {
            Box::new(show(teeter(), (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 7.0))))
        },
    },
    DemoEntry {
        name: "bridge",
        about: "a suspension bridge of 15 planks hinged by short rods, boxes dropped on \
                it: a pull passes about one rod per pass, so it sags and bounces",
        make: || {
            Box::new(show(bridge(), (Vec2::new(-6.5, -0.8), Vec2::new(6.5, 8.0))))
        },
    },
    DemoEntry {
        name: "dominos",
        about: "a ball on a rod swings into a row of 12 dominos",
        make: || {
            Box::new(show(dominos(), (Vec2::new(-6.5, -0.8), Vec2::new(5.5, 5.0))))
        },
    },
    DemoEntry {
        name: "ball-pit",
        about: "1000 circles poured into a pit: the broad phase at work (S: all pairs)",
        make: || Box::new(show(ball_pit(1000), ball_pit_view(1000))),
    },
    DemoEntry {
        name: "cradle",
        about: "Newton's cradle, touching: the row moves off together (G: gaps, and it works)",
        make: || Box::new(cradle_lab()),
    },
    DemoEntry {
        name: "convergence",
        about: "how far the rows are from being met, pass by pass: a pyramid, stacks 1:1 and 30:1",
        make: || Box::new(Convergence::lab()),
    },
    DemoEntry {
        name: "clamping",
        about: "a figure: a tall box lands on two corners; clamping each piece, not the total, leaves it spinning (drag the speed)",
        make: || Box::new(crate::figures::clamping()),
    },
];

/// The I switch's choices, here and in the convergence plot.
pub const ITERATION_CHOICES: &[f32] =
    &[1.0, 2.0, 3.0, 4.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0];
const BIAS_CHOICES: &[f32] = &[0.0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0];
const ALLOWED_CHOICES: &[f32] = &[0.0, 0.005, 0.01, 0.02, 0.05];
const THRESHOLD_CHOICES: &[f32] = &[0.0, 0.5, 1.0, 2.0];

// ANCHOR: switches
/// The chapter's switches, for chapter 8's world or any later world that
/// holds one (`Holds<World>`), so later chapters' demos get them too.
pub struct Switches<S>(std::marker::PhantomData<S>);

impl<S: Holds<World> + Sim> Switches<S> {
    /// Each a field of [`crate::Settings`], the contact overlay, and D,
    /// which drops a box at each press.
    pub const ALL: &'static [Knob<S>] = &[
        Knob::toggle(
            'w',
            "warm starting",
            |w| w.inner().settings.warm_starting,
            |w, on| w.inner_mut().settings.warm_starting = on,
        ),
        Knob::toggle(
            'a',
            "clamp the accumulated impulse (off: each impulse)",
            |w| w.inner().settings.accumulate,
            |w, on| w.inner_mut().settings.accumulate = on,
        ),
        Knob::toggle(
            'p',
            "position correction (Baumgarte)",
            |w| w.inner().settings.position_correction,
            |w, on| w.inner_mut().settings.position_correction = on,
        ),
        Knob::number(
            'i',
            "iterations (I more, Shift+I fewer)",
            ITERATION_CHOICES,
            |w| w.inner().settings.iterations as f32,
            |w, n| w.inner_mut().settings.iterations = n.clamp(1.0, 1000.0) as u32,
        ),
        Knob::number(
            'b',
            "bias factor",
            BIAS_CHOICES,
            |w| w.inner().settings.bias_factor,
            |w, b| w.inner_mut().settings.bias_factor = b.clamp(0.0, 1.0),
        ),
        Knob::number(
            'l',
            "allowed penetration (m)",
            ALLOWED_CHOICES,
            |w| w.inner().settings.allowed_penetration,
            |w, l| w.inner_mut().settings.allowed_penetration = l.max(0.0),
        ),
        Knob::number(
            't',
            "restitution threshold (m/s)",
            THRESHOLD_CHOICES,
            |w| w.inner().settings.restitution_threshold,
            |w, t| w.inner_mut().settings.restitution_threshold = t.max(0.0),
        ),
        Knob::toggle(
            'e',
            "restitution in its own pass (off: in the bias)",
            |w| w.inner().settings.restitution == Restitution::OwnPass,
            |w, own| {
                w.inner_mut().settings.restitution =
                    if own { Restitution::OwnPass } else { Restitution::InBias }
            },
        ),
        Knob::toggle(
            'f',
            "friction",
            |w| w.inner().settings.friction,
            |w, on| w.inner_mut().settings.friction = on,
        ),
        Knob::toggle(
            's',
            "sort-and-sweep broad phase (off: all pairs)",
            |w| w.inner().settings.broad_phase == BroadPhase::SortAndSweep,
            |w, on| {
                w.inner_mut().settings.broad_phase =
                    if on { BroadPhase::SortAndSweep } else { BroadPhase::AllPairs }
            },
        ),
        Knob::overlay('m', "show contacts and impulses"),
        Knob::action('d', "drop a random box", |w| drop_box(w.inner_mut())),
    ];
}

/// Chapter 8's own.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;
// ANCHOR_END: switches

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
        self.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, show_contacts: bool) {
        for (i, b) in self.bodies.iter().enumerate() {
            draw_body(out, b, body_color(b, i));
        }
        draw_joints(out, self);
        if show_contacts {
            draw_contacts(out, self);
        }
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "{} bodies, {} pairs tested, {} contacts, deepest {:.1} mm",
            self.bodies.len(),
            self.pairs_tested(),
            self.contact_count(),
            1000.0 * self.max_penetration()
        ))
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

/// A world to watch, switch, drop boxes into and drag, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
}

/// D: drop a box of random size and angle above the moving bodies.
/// The seed is the number of bodies, so a reset drops the same boxes.
fn drop_box(world: &mut World) {
    let mut rng = Rng::new(SEED ^ world.bodies.len() as u64);
    let moving = world.bodies.iter().filter(|b| b.inv_mass > 0.0);
    let (lo, hi) = moving
        .fold((Vec2::splat(-3.0), Vec2::new(3.0, 2.0)), |(lo, hi), b| {
            (lo.min(b.position), hi.max(b.position))
        });
    let half = Vec2::new(rng.range(0.2, 0.6), rng.range(0.2, 0.6));
    let at = Vec2::new(rng.range(lo.x, hi.x), hi.y + 2.0);
    let mut b = crate_box(half, at, 4.0 * half.x * half.y * 10.0);
    b.angle = rng.range(-1.0, 1.0);
    world.bodies.push(b);
}

/// What the camera shows of a pyramid of `rows` rows.
fn pyramid_view(rows: usize) -> (Vec2, Vec2) {
    let half = rows as f32 * 0.6 + 1.0;
    let top = rows as f32 * 1.1 + 1.0;
    (Vec2::new(-half, -1.0), Vec2::new(half, top))
}

/// What the camera shows of a pit of `n` balls.
fn ball_pit_view(n: usize) -> (Vec2, Vec2) {
    let top = 0.4 * (n as f32 / 40.0).ceil() + 1.0;
    (Vec2::new(-11.0, -1.0), Vec2::new(11.0, top))
}

/// box2d-lite's pyramid of `rows` rows in the lab.
pub fn pyramid_lab(rows: usize) -> Lab<World> {
    show(pyramid(rows), pyramid_view(rows))
}

/// box2d-lite's stack of `n` boxes in the lab.
pub fn stack_lab(n: usize) -> Lab<World> {
    let top = n as f32 * 1.05 + 1.0;
    show(stack(n), (Vec2::new(-6.0, -1.0), Vec2::new(6.0, top)))
}

/// Chapter 6's ramps, solved by this chapter: the box on `mu` 0.35 holds still now.
pub fn ramps() -> Lab<World> {
    let (ramps, _) = ch06_rotation_friction::worlds::ramps();
    let world = World::new(ramps.bodies, Vec::new());
    show(world, ch06_rotation_friction::demos::RAMPS_VIEW)
}

/// Chapter 7's pendulums, solved by this chapter.
pub fn pendulum() -> Lab<World> {
    let rig = ch07_distance_constraints::worlds::pendulum();
    let (bodies, joints) = (rig.bodies().to_vec(), rig.joints.clone());
    show(
        World::new(bodies, joints),
        ch07_distance_constraints::demos::PENDULUM_VIEW,
    )
}

// ANCHOR: cradle_switch
/// The cradle's own switch, G: the balls touching, or 2 cm apart.
const CRADLE_KNOBS: &[Knob<World>] = &[Knob::toggle(
    'g',
    "2 cm gaps between the balls (off: touching)",
    // The pins never move: their spacing says which cradle this is.
    |w| w.bodies[2].position.x - w.bodies[0].position.x > 2.0 * CRADLE_BALL + 1e-3,
    |w, gaps| {
        let settings = w.settings;
        *w = cradle(if gaps { 0.02 } else { 0.0 });
        w.settings = settings;
    },
)];
// ANCHOR_END: cradle_switch

/// The cradle, touching, with its G switch.
fn cradle_lab() -> Lab<World> {
    let view = (Vec2::new(-3.5, 0.0), Vec2::new(3.5, 3.5));
    show(cradle(0.0), view).with_knobs(CRADLE_KNOBS)
}

/// Draw the joints: rods white, ropes yellow (grey while slack), the anchors as
/// dots.
pub fn draw_joints(out: &mut DrawList, world: &World) {
    for (i, j) in world.joints.iter().enumerate() {
        let (pa, pb) = j.anchors(&world.bodies);
        // A joint with no row yet (before the first step, or under a later
        // chapter's solver) is drawn as active.
        let active = world.joint_rows.get(i).is_none_or(|row| row.active);
        let color = match (j.kind, active) {
            (JointKind::Rod, _) => Color::WHITE,
            (JointKind::Rope, true) => Color::YELLOW,
            (JointKind::Rope, false) => Color::GREY,
        };
        out.segment_width(pa, pb, color, 2.0);
        out.point(pa, 4.0, color);
        out.point(pb, 4.0, color);
    }
}

/// Metres of arrow per N s of impulse per kg of the lighter body.
const IMPULSE_ARROW: f32 = 3.0;

/// Draw the contacts: the points, the accumulated normal (green) and friction (red)
/// impulses, each as the velocity change it gave the lighter body.
pub fn draw_contacts(out: &mut DrawList, world: &World) {
    for arb in &world.arbiters {
        let n = arb.normal;
        let inv_m = world.bodies[arb.a].inv_mass.max(world.bodies[arb.b].inv_mass);
        for c in arb.contacts() {
            out.point(c.point, 4.0, Color::YELLOW);
            let scale = IMPULSE_ARROW * inv_m;
            let normal = n * c.normal_impulse * scale;
            let friction = perp(n) * c.tangent_impulse * scale;
            if normal.length() > 0.02 {
                out.arrow(c.point, c.point + normal, Color::GREEN);
            }
            if friction.length() > 0.02 {
                out.arrow(c.point, c.point + friction, Color::RED);
            }
        }
    }
}
