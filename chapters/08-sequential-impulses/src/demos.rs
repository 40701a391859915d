//! Chapter 8's demos: box2d-lite's set, so the learner can compare, a 1000-ball
//! pit, Newton's cradle, and how fast the solver's passes converge.

use crate::{
    Body, BroadPhase, DistanceJoint, JointKind, Obb, Restitution, Shape, World,
};
use ch06_rotation_friction::demos::{
    MouseSpring, bodies_bounds, body_color, body_state, draw_body, scene_body,
};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::math::perp;
use physics_core::rng::Rng;
use physics_core::scene::{
    Feature, Scene, SceneError, SceneJoint, Shape as SceneShape,
};
use physics_core::trig;

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
        make: || Box::new(single_box()),
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
        make: || Box::new(teeter()),
    },
    DemoEntry {
        name: "bridge",
        about: "a suspension bridge of 15 planks hinged by short rods, boxes dropped on \
                it: a pull passes about one rod per pass, so it sags and bounces",
        make: || Box::new(bridge()),
    },
    DemoEntry {
        name: "dominos",
        about: "a ball on a rod swings into a row of 12 dominos",
        make: || Box::new(dominos()),
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

const ITERATION_CHOICES: &[f32] =
    &[1.0, 2.0, 3.0, 4.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0];
const BIAS_CHOICES: &[f32] = &[0.0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0];
const ALLOWED_CHOICES: &[f32] = &[0.0, 0.005, 0.01, 0.02, 0.05];
const THRESHOLD_CHOICES: &[f32] = &[0.0, 0.5, 1.0, 2.0];

/// The seed of the dropped boxes and the stack's offsets: the same on every run.
const SEED: u64 = 8;

// ANCHOR: switches
/// A world that runs on this chapter's solver: chapter 8's own, or a
/// later chapter's that holds one, so the later chapter's demos get
/// these switches too.
pub trait Sequential {
    fn solver(&self) -> &World;
    fn solver_mut(&mut self) -> &mut World;
}

impl Sequential for World {
    fn solver(&self) -> &World {
        self
    }
    fn solver_mut(&mut self) -> &mut World {
        self
    }
}

/// The chapter's switches for any world on its solver.
pub struct Switches<S>(std::marker::PhantomData<S>);

impl<S: Sequential + Sim> Switches<S> {
    /// Each a field of [`crate::Settings`], the contact overlay, and D,
    /// which drops a box at each press.
    pub const ALL: &'static [Knob<S>] = &[
        Knob::toggle(
            'w',
            "warm starting",
            |w| w.solver().settings.warm_starting,
            |w, on| w.solver_mut().settings.warm_starting = on,
        ),
        Knob::toggle(
            'a',
            "clamp the accumulated impulse (off: each impulse)",
            |w| w.solver().settings.accumulate,
            |w, on| w.solver_mut().settings.accumulate = on,
        ),
        Knob::toggle(
            'p',
            "position correction (Baumgarte)",
            |w| w.solver().settings.position_correction,
            |w, on| w.solver_mut().settings.position_correction = on,
        ),
        Knob::number(
            'i',
            "iterations (I more, Shift+I fewer)",
            ITERATION_CHOICES,
            |w| w.solver().settings.iterations as f32,
            |w, n| w.solver_mut().settings.iterations = n.clamp(1.0, 1000.0) as u32,
        ),
        Knob::number(
            'b',
            "bias factor",
            BIAS_CHOICES,
            |w| w.solver().settings.bias_factor,
            |w, b| w.solver_mut().settings.bias_factor = b.clamp(0.0, 1.0),
        ),
        Knob::number(
            'l',
            "allowed penetration (m)",
            ALLOWED_CHOICES,
            |w| w.solver().settings.allowed_penetration,
            |w, l| w.solver_mut().settings.allowed_penetration = l.max(0.0),
        ),
        Knob::number(
            't',
            "restitution threshold (m/s)",
            THRESHOLD_CHOICES,
            |w| w.solver().settings.restitution_threshold,
            |w, t| w.solver_mut().settings.restitution_threshold = t.max(0.0),
        ),
        Knob::toggle(
            'e',
            "restitution in its own pass (off: in the bias)",
            |w| w.solver().settings.restitution == Restitution::OwnPass,
            |w, own| {
                w.solver_mut().settings.restitution =
                    if own { Restitution::OwnPass } else { Restitution::InBias }
            },
        ),
        Knob::toggle(
            'f',
            "friction",
            |w| w.solver().settings.friction,
            |w, on| w.solver_mut().settings.friction = on,
        ),
        Knob::toggle(
            's',
            "sort-and-sweep broad phase (off: all pairs)",
            |w| w.solver().settings.broad_phase == BroadPhase::SortAndSweep,
            |w, on| {
                w.solver_mut().settings.broad_phase =
                    if on { BroadPhase::SortAndSweep } else { BroadPhase::AllPairs }
            },
        ),
        Knob::overlay('m', "show contacts and impulses"),
        Knob::action('d', "drop a random box", |w| drop_box(w.solver_mut())),
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

fn pyramid_view(rows: usize) -> (Vec2, Vec2) {
    let half = rows as f32 * 0.6 + 1.0;
    let top = rows as f32 * 1.1 + 1.0;
    (Vec2::new(-half, -1.0), Vec2::new(half, top))
}

fn ball_pit_view(n: usize) -> (Vec2, Vec2) {
    let top = 0.4 * (n as f32 / 40.0).ceil() + 1.0;
    (Vec2::new(-11.0, -1.0), Vec2::new(11.0, top))
}

pub fn pyramid_lab(rows: usize) -> Lab<World> {
    show(pyramid(rows), pyramid_view(rows))
}

pub fn stack_lab(n: usize) -> Lab<World> {
    let top = n as f32 * 1.05 + 1.0;
    show(stack(n), (Vec2::new(-6.0, -1.0), Vec2::new(6.0, top)))
}

/// box2d-lite's first demo: a box of 200 kg falls 4 m.
pub fn single_box() -> Lab<World> {
    let bodies =
        vec![ground(), crate_box(Vec2::splat(0.5), Vec2::new(0.0, 4.0), 200.0)];
    let world = World::new(bodies, Vec::new());
    show(world, (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 6.0)))
}

/// Chapter 6's ramps, solved by this chapter: the box on `mu` 0.35 holds still now.
pub fn ramps() -> Lab<World> {
    let ramps = ch06_rotation_friction::demos::ramps();
    let world = World::new(ramps.sim().bodies.clone(), Vec::new());
    show(world, ramps.bounds())
}

/// Chapter 7's pendulums, solved by this chapter.
pub fn pendulum() -> Lab<World> {
    let rig = ch07_distance_constraints::demos::pendulum();
    let (bodies, joints) = (rig.sim().bodies().to_vec(), rig.sim().joints.clone());
    show(World::new(bodies, joints), rig.bounds())
}

/// box2d-lite's ground: a static box 100 m wide and 20 m deep whose top
/// is at y = 0, friction 0.2.
pub fn ground() -> Body {
    let mut g =
        Body::rect(50.0, 10.0, Vec2::new(0.0, -10.0), 0.0, 1.0).into_static();
    g.friction = 0.2;
    g
}

/// A box of `half` extents and `mass` kg, friction 0.2 (box2d-lite's).
pub fn crate_box(half: Vec2, at: Vec2, mass: f32) -> Body {
    let shape = Shape::Box(Obb { half_extents: half });
    Body::new(shape, at, 0.0, mass).with_friction(0.2)
}

/// box2d-lite's pyramid: `rows` rows of 1 m boxes of 10 kg, friction
/// 0.2, 1.125 m apart; each row half a box in and 2 m above the one
/// below, so it drops 1 m onto it.
pub fn pyramid(rows: usize) -> World {
    pyramid_with_drop(rows, 1.0)
}

/// The pyramid with each row `drop` metres above the one below (the
/// bottom row a quarter of that above the ground); a small negative
/// drop starts it resting, each row 5 mm into the one below.
pub fn pyramid_with_drop(rows: usize, drop: f32) -> World {
    let mut bodies = vec![ground()];
    let mut start = Vec2::new(-(rows as f32 - 1.0) * 1.125 / 2.0, 0.5 + drop / 4.0);
    for row in 0..rows {
        let mut at = start;
        for _ in row..rows {
            bodies.push(crate_box(Vec2::splat(0.5), at, 10.0));
            at.x += 1.125;
        }
        start += Vec2::new(0.5625, 1.0 + drop);
    }
    World::new(bodies, Vec::new())
}

/// box2d-lite's vertical stack: `n` boxes of 1 m and 1 kg, 5 cm apart,
/// each up to 10 cm off-centre (seeded).
pub fn stack(n: usize) -> World {
    let mut rng = Rng::new(SEED);
    let mut bodies = vec![ground()];
    for i in 0..n {
        let at = Vec2::new(rng.range(-0.1, 0.1), 0.51 + 1.05 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, 1.0));
    }
    World::new(bodies, Vec::new())
}

/// `n` circles of 0.1 to 0.16 m (seeded) in a grid over a pit 20 m wide.
pub fn ball_pit(n: usize) -> World {
    let wall = |x: f32| {
        crate_box(Vec2::new(0.25, 8.0), Vec2::new(x, 8.0), 1.0).into_static()
    };
    let mut bodies = vec![ground(), wall(-10.25), wall(10.25)];
    let mut rng = Rng::new(SEED);
    let columns = 40;
    for i in 0..n {
        let (col, row) = ((i % columns) as f32, (i / columns) as f32);
        let at =
            Vec2::new(-9.0 + 0.46 * col + rng.range(-0.05, 0.05), 0.3 + 0.4 * row);
        let ball = Body::disc(rng.range(0.1, 0.16), at, 20.0);
        bodies.push(ball.with_friction(0.3).with_restitution(0.2));
    }
    World::new(bodies, Vec::new())
}

/// Chapter 6's tumble demo (boxes and circles between two walls) as a world of this
/// chapter.
pub fn tumble_world() -> World {
    let tumble = ch06_rotation_friction::demos::tumble(18, 6);
    World::new(tumble.sim().bodies.clone(), Vec::new())
}

// ANCHOR: cradle
/// The cradle's balls: radius 0.25 m on rods 2 m long.
const CRADLE_BALL: f32 = 0.25;

/// Newton's cradle: five balls on 2 m rods, restitution 1, no friction,
/// no position correction; the first is pulled out 45 degrees. Their
/// pins are `gap` metres further apart than the balls are wide, so at
/// rest the balls touch (0) or hang `gap` apart.
pub fn cradle(gap: f32) -> World {
    let (r, length, y) = (CRADLE_BALL, 2.0, 3.0);
    let mut bodies = Vec::new();
    let mut joints = Vec::new();
    for i in 0..5 {
        let top = Vec2::new(-1.0 + (2.0 * r + gap) * i as f32, y);
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
        joints.push(rod(&bodies, k - 2, top, k - 1, top + hang));
    }
    let mut world = World::new(bodies, joints);
    world.settings.position_correction = false;
    world
}

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
// ANCHOR_END: cradle

fn cradle_lab() -> Lab<World> {
    let view = (Vec2::new(-3.5, 0.0), Vec2::new(3.5, 3.5));
    show(cradle(0.0), view).with_knobs(CRADLE_KNOBS)
}

/// The convergence demo: the residual after each of 100 passes of one
/// step started cold (warm starting off), for three settled scenes,
/// drawn on a log scale beside the 30:1 stack, whose warm-started
/// residual per pass is drawn live.
#[derive(Clone, Debug)]
pub struct Convergence {
    world: World,
    cold: Vec<(&'static str, Color, Vec<f32>)>,
    live: Vec<f32>,
}

/// Four boxes of 1 m on the ground, `heavy` kg and 1 kg in turn from
/// the bottom up, each resting 5 mm into the one below.
pub fn mass_ratio_stack(heavy: f32) -> World {
    let mut bodies = vec![ground()];
    for i in 0..4 {
        let mass = if i % 2 == 1 { heavy } else { 1.0 };
        let at = Vec2::new(0.0, 0.495 + 0.995 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, mass));
    }
    World::new(bodies, Vec::new())
}

// ANCHOR: convergence
/// The residual ([`World::residual`]) after each of `passes` passes of
/// one step of `world`, started cold: settle `settle` steps, then one
/// step with warm starting off.
pub fn residual_per_pass(mut world: World, settle: usize, passes: u32) -> Vec<f32> {
    for _ in 0..settle {
        world.step(1.0 / 60.0);
    }
    world.settings.iterations = passes;
    world.settings.warm_starting = false;
    let mut residuals = Vec::new();
    world.step_watching(1.0 / 60.0, |w| residuals.push(w.residual()));
    residuals
}
// ANCHOR_END: convergence

/// The plot's corner in the world, and metres per pass and per decade.
const PLOT_ORIGIN: Vec2 = Vec2::new(2.5, 0.5);
const PLOT_SCALE: Vec2 = Vec2::new(0.1, 1.0);
/// The plot spans 10^-7 to 10^0 m/s.
const PLOT_DECADES: f32 = 7.0;

impl Convergence {
    pub fn lab() -> Lab<Convergence> {
        let cold = vec![
            (
                "pyramid, 20 rows",
                Color::YELLOW,
                residual_per_pass(pyramid_with_drop(20, -0.005), 60, 100),
            ),
            (
                "stack, 1:1",
                Color::GREEN,
                residual_per_pass(mass_ratio_stack(1.0), 60, 100),
            ),
            (
                "stack, 30:1",
                Color::RED,
                residual_per_pass(mass_ratio_stack(30.0), 60, 100),
            ),
        ];
        let sim =
            Convergence { world: mass_ratio_stack(30.0), cold, live: Vec::new() };
        let view = (Vec2::new(-2.0, -0.8), Vec2::new(13.5, 8.5));
        Lab::new(sim, CONVERGENCE_KNOBS, view)
    }

    /// A residual at pass `k` (from 0) as a point of the plot.
    fn plot(k: usize, residual: f32) -> Vec2 {
        let decade =
            residual.max(1e-9).log10().clamp(-PLOT_DECADES, 0.0) + PLOT_DECADES;
        PLOT_ORIGIN + PLOT_SCALE * Vec2::new(k as f32 + 1.0, decade)
    }

    fn curve(out: &mut DrawList, residuals: &[f32], color: Color) {
        for (k, pair) in residuals.windows(2).enumerate() {
            let (a, b) = (Self::plot(k, pair[0]), Self::plot(k + 1, pair[1]));
            out.segment_width(a, b, color, 2.0);
        }
    }
}

/// The 30:1 stack's own switch: its iterations (the curves are fixed).
const CONVERGENCE_KNOBS: &[Knob<Convergence>] = &[Knob::number(
    'i',
    "the stack's iterations (I more, Shift+I fewer)",
    ITERATION_CHOICES,
    |c| c.world.settings.iterations as f32,
    |c, n| c.world.settings.iterations = n.clamp(1.0, 1000.0) as u32,
)];

impl Sim for Convergence {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.live.clear();
        let live = &mut self.live;
        self.world.step_watching(dt, |w| live.push(w.residual()));
    }

    fn bodies(&self) -> Vec<BodyState> {
        Sim::bodies(&self.world)
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        self.world.draw(out, overlay);
        let (o, s) = (PLOT_ORIGIN, PLOT_SCALE);
        let right = o.x + 100.0 * s.x;
        out.segment(o, Vec2::new(right, o.y), Color::GREY);
        out.segment(o, o + Vec2::new(0.0, PLOT_DECADES * s.y), Color::GREY);
        for d in 0..=PLOT_DECADES as i32 {
            let y = o.y + d as f32 * s.y;
            out.segment(Vec2::new(o.x - 0.1, y), Vec2::new(o.x, y), Color::GREY);
            let label = format!("1e{}", d - PLOT_DECADES as i32);
            out.text(Vec2::new(o.x - 0.9, y + 0.1), label, Color::GREY);
        }
        for k in [1, 25, 50, 75, 100] {
            let x = o.x + k as f32 * s.x;
            out.segment(Vec2::new(x, o.y - 0.1), Vec2::new(x, o.y), Color::GREY);
            out.text(Vec2::new(x - 0.1, o.y - 0.2), k.to_string(), Color::GREY);
        }
        let top = o.y + PLOT_DECADES * s.y;
        out.text(
            Vec2::new(o.x, top + 0.6),
            "residual (m/s) after each pass, one step from cold",
            Color::WHITE,
        );
        for (i, (name, color, residuals)) in self.cold.iter().enumerate() {
            Self::curve(out, residuals, *color);
            let at = Vec2::new(right - 3.0, top - 0.4 * i as f32);
            out.text(at, *name, *color);
        }
        Self::curve(out, &self.live, Color::WHITE);
        let at = Vec2::new(right - 3.0, top - 1.2);
        out.text(at, "stack 30:1, live, warm", Color::WHITE);
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        self.world.pick(at)
    }

    fn pull(&mut self, spring: &MouseSpring, target: Vec2, dt: f32) {
        self.world.pull(spring, target, dt);
    }

    fn held_point(&self, spring: &MouseSpring) -> Option<Vec2> {
        self.world.held_point(spring)
    }
}

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

fn rod(
    bodies: &[Body],
    a: usize,
    at_a: Vec2,
    b: usize,
    at_b: Vec2,
) -> DistanceJoint {
    DistanceJoint::between(bodies, a, at_a, b, at_b, JointKind::Rod)
}

// ANCHOR: teeter
/// A plank 6 m long whose centre two rods from two pins below hold
/// in place: two distance joints at an angle make a pivot. Two light
/// boxes rest on its left end; a heavy one falls on its right end.
pub fn teeter() -> Lab<World> {
    let centre = Vec2::new(0.0, 1.5);
    let mut bodies = vec![
        ground(),
        pin(Vec2::new(-1.2, 0.3)),
        pin(Vec2::new(1.2, 0.3)),
        crate_box(Vec2::new(3.0, 0.1), centre, 10.0).with_friction(0.6),
    ];
    let joints = vec![
        rod(&bodies, 1, bodies[1].position, 3, centre),
        rod(&bodies, 2, bodies[2].position, 3, centre),
    ];
    for x in [-2.6, -2.0] {
        let at = Vec2::new(x, 1.6 + 0.25 - 0.005);
        bodies.push(crate_box(Vec2::splat(0.25), at, 2.5).with_friction(0.6));
    }
    bodies.push(crate_box(Vec2::splat(0.5), Vec2::new(2.4, 6.0), 40.0));
    let world = World::new(bodies, joints);
    show(world, (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 7.0)))
}
// ANCHOR_END: teeter

/// Two posts and 15 planks, each plank's top corners joined to its
/// neighbours' by rods 5 cm long, and three boxes dropped on it.
pub fn bridge() -> Lab<World> {
    let (n, half, gap, y) = (15, Vec2::new(0.3, 0.06), 0.05, 3.0);
    let span = n as f32 * (2.0 * half.x + gap) + gap;
    let left = -span / 2.0;
    let post = |x: f32| {
        let at = Vec2::new(x, y - 1.5 + half.y);
        crate_box(Vec2::new(0.25, 1.5), at, 1.0).into_static()
    };
    let mut bodies = vec![ground(), post(left - 0.25), post(-left + 0.25)];
    let mut joints = Vec::new();
    let mut last = (1, Vec2::new(left, y + half.y));
    for i in 0..n {
        let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
        bodies.push(crate_box(half, Vec2::new(x, y), 1.0).with_friction(0.6));
        let k = bodies.len() - 1;
        joints.push(rod(
            &bodies,
            last.0,
            last.1,
            k,
            Vec2::new(x - half.x, y + half.y),
        ));
        last = (k, Vec2::new(x + half.x, y + half.y));
    }
    joints.push(rod(&bodies, last.0, last.1, 2, Vec2::new(-left, y + half.y)));
    for (i, x) in [-2.0f32, 0.3, 1.8].into_iter().enumerate() {
        let at = Vec2::new(x, 5.0 + i as f32);
        bodies.push(crate_box(Vec2::new(0.3, 0.25), at, 2.0).with_friction(0.6));
    }
    let mut world = World::new(bodies, joints);
    // Sixteen rods in a row pass a pull along about one rod per pass.
    world.settings.iterations = 30;
    show(world, (Vec2::new(-6.5, -0.8), Vec2::new(6.5, 8.0)))
}

/// Twelve dominos 1 m tall, 0.6 m apart, and a ball on a 2.5 m rod
/// released level with its pin: it hits the first near its top.
pub fn dominos() -> Lab<World> {
    let mut bodies = vec![ground()];
    for i in 0..12 {
        let at = Vec2::new(-3.0 + 0.6 * i as f32, 0.5 - 0.005);
        bodies.push(crate_box(Vec2::new(0.08, 0.5), at, 1.0).with_friction(0.5));
    }
    let pivot = Vec2::new(-3.45, 3.3);
    bodies.push(pin(pivot));
    let released = pivot - Vec2::new(2.5, 0.0);
    bodies.push(Body::disc(0.25, released, 20.0).with_friction(0.2));
    let (p, ball) = (bodies.len() - 2, bodies.len() - 1);
    let joints = vec![rod(&bodies, p, pivot, ball, released)];
    let world = World::new(bodies, joints);
    show(world, (Vec2::new(-6.5, -0.8), Vec2::new(5.5, 5.0)))
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

// ANCHOR: from_scene
/// How deep and how wide the static box that stands in for a scene
/// file's plane is, in metres: the narrow phase knows boxes, not lines.
pub const PLANE_BOX_HALF_EXTENTS: Vec2 = Vec2::new(500.0, 10.0);

/// A scene file as a chapter 8 world: everything chapters 3 to 7 load.
/// Circles and boxes, turned and spinning, as chapter 6 reads them;
/// planes as a large static box behind the line; distance joints,
/// rods or ropes, as chapter 7 reads them; and the scene's iterations.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, bounds) = scene_world(scene);
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}

/// [`from_scene`]'s world and the box around its bodies (planes left
/// out), for a later chapter to build on. Joints other than distance
/// joints are a later chapter's; it maps them itself.
pub fn scene_world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let mut bodies = Vec::new();
    let mut shown = Vec::new();
    for b in &scene.bodies {
        let body = match b.shape {
            SceneShape::Plane { normal, offset } => {
                let h = PLANE_BOX_HALF_EXTENTS;
                let centre = normal * (offset - h.y);
                let angle = trig::atan2(-normal.x, normal.y);
                let shape = Shape::Box(Obb { half_extents: h });
                let mut wall = Body::fixed(shape, centre, angle);
                wall.friction = b.friction;
                wall.restitution = b.restitution;
                wall
            }
            _ => {
                let body = scene_body(b);
                shown.push(body);
                body
            }
        };
        bodies.push(body);
    }
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
                let kind = if rope { JointKind::Rope } else { JointKind::Rod };
                let mut joint = DistanceJoint {
                    body_a,
                    body_b,
                    local_a: anchor_a,
                    local_b: anchor_b,
                    length: 0.0,
                    kind,
                };
                let (pa, pb) = joint.anchors(&bodies);
                joint.length = length.unwrap_or((pb - pa).length());
                Some(joint)
            }
            _ => None,
        })
        .collect();
    let bounds = if shown.is_empty() {
        (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 5.0))
    } else {
        bodies_bounds(&shown)
    };
    (World::new(bodies, joints), bounds)
}
// ANCHOR_END: from_scene

#[cfg(test)]
mod tests {
    use super::*;

    /// A plane in a scene file is a static box whose top face lies on the line.
    #[test]
    fn a_plane_becomes_a_box_behind_its_line() {
        let scene = Scene::from_json(
            r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0.5 } } },
                 { "shape": { "circle": { "radius": 0.25 } }, "position": [0, 2] } ] }"#,
        )
        .unwrap();
        let mut demo = from_scene(&scene).unwrap();
        for _ in 0..240 {
            demo.step(1.0 / 60.0);
        }
        let ball = demo.bodies()[1];
        assert!((ball.position.y - 0.75).abs() < 0.02, "{ball:?}");
    }
}
