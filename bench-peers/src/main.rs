//! The side-by-side benchmark: chapter 8's solver and chapter 10's soft step,
//! rapier2d, box2d-rs (Box2D 2.4) and Box2D v3 itself step the same scenes in one
//! process, and a table compares their median step times and whether each pyramid
//! stands.
//!
//! ```text
//! cargo run --release --manifest-path bench-peers/Cargo.toml                   # print the table
//! cargo run --release --manifest-path bench-peers/Cargo.toml -- --write book/src/ch08-benchmark-table.md
//! cargo run --release --manifest-path bench-peers/Cargo.toml --no-default-features  # Box2D without AVX2
//! cargo run --release --manifest-path bench-peers/Cargo.toml -- --only "20 rows"     # one scene of the table
//! cargo run --release --manifest-path bench-peers/Cargo.toml -- --scenes --write book/src/ch10-scenes-table.md
//! cargo run --release --manifest-path bench-peers/Cargo.toml -- --sleeping --write book/src/ch13-sleeping-table.md
//! cargo run --release --manifest-path bench-peers/Cargo.toml -- --rain --write book/src/ch13-rain-table.md
//! CARGO_TARGET_DIR=bench-peers/target/avx2 RUSTFLAGS='-C target-cpu=x86-64-v3' \
//!     cargo run --release --manifest-path bench-peers/Cargo.toml -- --wide --write book/src/ch14-benchmark-table.md
//! CARGO_TARGET_DIR=bench-peers/target/avx2 RUSTFLAGS='-C target-cpu=x86-64-v3' \
//!     cargo run --release --manifest-path bench-peers/Cargo.toml -- --suite --stages --write book/src/box2d-suite-stages.md
//! ```
//!
//! Every engine gets the scene our chapters build (`ch08_sequential_impulses::worlds`,
//! and chapters 10's and 13's `worlds`):
//! the same bodies, sizes, masses and friction; a step of 1/60 s, 10 velocity
//! iterations (the soft step and Box2D v3: 4 substeps), sleeping off, one thread.
//! The engines take turns through each scene, ten steps at a time; each step is
//! timed on its own and the median is reported.

mod box2d_ffi;
mod sleeping;
mod suite;
mod wide;

use ch08_sequential_impulses::worlds::{ball_pit, pyramid};
use ch08_sequential_impulses::{Body, Shape, World};
use glam::Vec2;
use std::time::{Duration, Instant};

const STEPS: usize = 1000;
const DT: f32 = 1.0 / 60.0;
const ITERATIONS: usize = 10;

/// Where every body is after a step: centre and angle.
type Poses = Vec<(f32, f32, f32)>;

/// One engine on one scene.
trait Engine {
    fn step(&mut self);
    fn poses(&self) -> Poses;
}

// ---------------------------------------------------------------------------------------------
// Ours.

struct Ours(World);

impl Engine for Ours {
    fn step(&mut self) {
        self.0.step(DT);
    }
    fn poses(&self) -> Poses {
        poses_of(&self.0.bodies)
    }
}

fn ours(world: &World) -> Ours {
    let mut w = world.clone();
    w.settings.iterations = ITERATIONS as u32;
    Ours(w)
}

/// Chapter 10's soft step on the same world.
struct Soft(ch10_soft_step::World);

impl Engine for Soft {
    fn step(&mut self) {
        self.0.step(DT);
    }
    fn poses(&self) -> Poses {
        poses_of(self.0.bodies())
    }
}

/// Each body's centre and angle.
fn poses_of(bodies: &[Body]) -> Poses {
    bodies.iter().map(|b| (b.position.x, b.position.y, b.angle)).collect()
}

fn soft(world: &World) -> Soft {
    Soft(ch10_soft_step::World::from(world.clone()))
}

// ---------------------------------------------------------------------------------------------
// Box2D v3, through boxdd.

mod box2d_v3 {
    use super::{DT, Engine, Poses, World, density};
    use boxdd::{
        BodyBuilder, BodyId, BodyType, ShapeDef, SurfaceMaterial, WorldDef, shapes,
    };
    use ch08_sequential_impulses::Shape;

    /// Box2D v3's default and the soft step's.
    const SUBSTEPS: i32 = 4;

    /// Which of Box2D's builds this is: its AVX2 path (the default feature) or its
    /// SSE2 path.
    #[cfg(feature = "box2d-avx2")]
    pub const NAME: &str = "Box2D v3.2 (boxdd 0.4, AVX2)";
    #[cfg(not(feature = "box2d-avx2"))]
    pub const NAME: &str = "Box2D v3.2 (boxdd 0.4, SSE2)";
    #[cfg(feature = "box2d-avx2")]
    pub const BUILD: &str = "AVX2";
    #[cfg(not(feature = "box2d-avx2"))]
    pub const BUILD: &str = "SSE2";

    pub struct Box2dV3 {
        pub world: boxdd::World,
        bodies: Vec<BodyId>,
    }

    pub fn build(world: &World) -> Box2dV3 {
        build_sleeping(world, false)
    }

    /// The same on `workers` worker threads (1, or 2 through bench-peers' task
    /// system).
    pub fn build_on(world: &World, workers: usize) -> Box2dV3 {
        build_with(world, false, workers)
    }

    /// The same, with Box2D's sleeping on or off.
    pub fn build_sleeping(world: &World, sleep: bool) -> Box2dV3 {
        build_with(world, sleep, 1)
    }

    /// A Box2D world under `gravity`, sleeping on or off, on one worker or
    /// two, mixing restitution by the smaller as the chapters do.
    pub fn new_world(
        gravity: [f32; 2],
        sleep: bool,
        workers: usize,
    ) -> boxdd::World {
        let builder = WorldDef::builder().gravity(gravity).enable_sleep(sleep);
        let def = match workers {
            1 => builder.worker_count(1).build(),
            _ => crate::box2d_ffi::two_workers(builder),
        };
        let w = boxdd::World::new(def).expect("a Box2D v3 world");
        crate::box2d_ffi::min_restitution(&w);
        w
    }

    fn build_with(world: &World, sleep: bool, workers: usize) -> Box2dV3 {
        let gravity = [world.gravity.x, world.gravity.y];
        let mut w = new_world(gravity, sleep, workers);
        let mut bodies = Vec::new();
        for b in &world.bodies {
            let kind =
                if b.inv_mass > 0.0 { BodyType::Dynamic } else { BodyType::Static };
            let def = BodyBuilder::new()
                .body_type(kind)
                .position([b.position.x, b.position.y])
                .angle(b.angle)
                .enable_sleep(sleep)
                .build();
            let id = w.create_body_id(def);
            let material = SurfaceMaterial::default()
                .with_friction(b.friction)
                .with_restitution(b.restitution);
            let shape =
                ShapeDef::builder().density(density(b)).material(material).build();
            match b.shape {
                Shape::Circle(c) => {
                    w.create_circle_shape_for(
                        id,
                        &shape,
                        &shapes::circle([0.0, 0.0], c.radius),
                    );
                }
                Shape::Box(o) => {
                    let poly =
                        shapes::box_polygon(o.half_extents.x, o.half_extents.y);
                    w.create_polygon_shape_for(id, &shape, &poly);
                }
            }
            bodies.push(id);
        }
        Box2dV3 { world: w, bodies }
    }

    /// The same, with chapter 9's hinges as Box2D revolute joints at the same world
    /// anchors (the connected bodies do not collide, in Box2D as in chapter 9).
    pub fn build_with_hinges(
        world: &World,
        hinges: &[ch10_soft_step::Joint],
    ) -> Box2dV3 {
        let mut b = build(world);
        for j in hinges {
            let body = &world.bodies[j.body_a];
            let anchor = body.position + body.transform().rotation * j.local_a;
            let (a, other) = (b.bodies[j.body_a], b.bodies[j.body_b]);
            b.world.create_revolute_joint_world_id(a, other, [anchor.x, anchor.y]);
        }
        b
    }

    impl Engine for Box2dV3 {
        fn step(&mut self) {
            self.world.step(DT, SUBSTEPS);
        }
        fn poses(&self) -> Poses {
            self.bodies
                .iter()
                .map(|&id| {
                    let p = self.world.body_position(id);
                    (p.x, p.y, self.world.body_rotation(id).angle())
                })
                .collect()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// rapier2d.

mod rapier {
    use super::{DT, Engine, ITERATIONS, Poses, World, density};
    use ch08_sequential_impulses::Shape;
    use rapier2d::prelude::*;

    pub struct Rapier {
        world: PhysicsWorld,
        handles: Vec<RigidBodyHandle>,
    }

    pub fn build(world: &World) -> Rapier {
        build_with(world, false, ITERATIONS)
    }

    /// The same with rapier's default 4 substeps (`num_solver_iterations`:
    /// rapier 0.36 divides the step by it), as the soft step and Box2D v3 take.
    pub fn build_substepped(world: &World) -> Rapier {
        build_with(world, false, SUBSTEPS)
    }

    /// rapier's own default, and the others' substeps.
    pub const SUBSTEPS: usize = 4;

    /// The same, with rapier's sleeping on or off.
    pub fn build_sleeping(world: &World, sleep: bool) -> Rapier {
        build_with(world, sleep, ITERATIONS)
    }

    /// Friction mixed by the geometric mean (the chapters' and Box2D's sqrt)
    /// and restitution by the smaller (the chapters' rule), `iterations`
    /// solver iterations.
    fn build_with(world: &World, sleep: bool, iterations: usize) -> Rapier {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let mut handles = Vec::new();
        for b in &world.bodies {
            let builder = if b.inv_mass > 0.0 {
                RigidBodyBuilder::dynamic().can_sleep(sleep)
            } else {
                RigidBodyBuilder::fixed()
            };
            let rb = builder
                .translation(Vector::new(b.position.x, b.position.y))
                .rotation(b.angle);
            let h = bodies.insert(rb);
            let collider = match b.shape {
                Shape::Circle(c) => ColliderBuilder::ball(c.radius),
                Shape::Box(o) => {
                    ColliderBuilder::cuboid(o.half_extents.x, o.half_extents.y)
                }
            };
            let density = density(b);
            let collider = collider
                .density(density)
                .friction(b.friction)
                .friction_combine_rule(CoefficientCombineRule::GeometricMean)
                .restitution(b.restitution)
                .restitution_combine_rule(CoefficientCombineRule::Min);
            colliders.insert_with_parent(collider, h, &mut bodies);
            handles.push(h);
        }
        let mut world_r = PhysicsWorld::new();
        world_r.gravity = Vector::new(world.gravity.x, world.gravity.y);
        world_r.integration_parameters.dt = DT;
        world_r.integration_parameters.num_solver_iterations = iterations;
        world_r.bodies = bodies;
        world_r.colliders = colliders;
        Rapier { world: world_r, handles }
    }

    impl Engine for Rapier {
        fn step(&mut self) {
            self.world.step();
        }
        fn poses(&self) -> Poses {
            self.handles
                .iter()
                .map(|h| {
                    let b = &self.world.bodies[*h];
                    let t = b.translation();
                    (t.x, t.y, b.rotation().angle())
                })
                .collect()
        }
    }
}

// ---------------------------------------------------------------------------------------------
// box2d-rs, a port of Box2D 2.4.1.

mod box2d {
    use super::*;
    use box2d_rs::b2_body::{B2body, B2bodyDef, B2bodyType, BodyPtr};
    use box2d_rs::b2_fixture::B2fixtureDef;
    use box2d_rs::b2_math::B2vec2;
    use box2d_rs::b2_shape::ShapeDefPtr;
    use box2d_rs::b2_world::{B2world, B2worldPtr};
    use box2d_rs::b2rs_common::UserDataType;
    use box2d_rs::shapes::b2_circle_shape::B2circleShape;
    use box2d_rs::shapes::b2_polygon_shape::B2polygonShape;
    use std::cell::RefCell;
    use std::rc::Rc;

    #[derive(Default, Clone, Debug)]
    pub struct NoData;
    impl UserDataType for NoData {
        type Fixture = ();
        type Body = ();
        type Joint = ();
    }

    /// Box2D's position iterations (its separate position solver); 3 is its
    /// default.
    const POSITION_ITERATIONS: i32 = 3;

    pub struct Box2d {
        world: B2worldPtr<NoData>,
        bodies: Vec<BodyPtr<NoData>>,
    }

    pub fn build(world: &World) -> Box2d {
        let w =
            B2world::<NoData>::new(B2vec2::new(world.gravity.x, world.gravity.y));
        w.borrow_mut().set_allow_sleeping(false);
        let mut bodies = Vec::new();
        for b in &world.bodies {
            let mut def = B2bodyDef::<NoData>::default();
            if b.inv_mass > 0.0 {
                def.body_type = B2bodyType::B2DynamicBody;
            }
            def.position = B2vec2::new(b.position.x, b.position.y);
            def.angle = b.angle;
            def.allow_sleep = false;
            let body = B2world::create_body(w.clone(), &def);
            let shape: ShapeDefPtr = match b.shape {
                Shape::Circle(c) => {
                    let mut s = B2circleShape::default();
                    s.base.m_radius = c.radius;
                    Rc::new(RefCell::new(s))
                }
                Shape::Box(o) => {
                    let mut s = B2polygonShape::default();
                    s.set_as_box(o.half_extents.x, o.half_extents.y);
                    Rc::new(RefCell::new(s))
                }
            };
            let fixture = B2fixtureDef::<NoData> {
                shape: Some(shape),
                density: density(b),
                friction: b.friction,
                restitution: b.restitution,
                ..Default::default()
            };
            B2body::create_fixture(body.clone(), &fixture);
            bodies.push(body);
        }
        Box2d { world: w, bodies }
    }

    impl Engine for Box2d {
        fn step(&mut self) {
            self.world.borrow_mut().step(
                DT,
                ITERATIONS as i32,
                POSITION_ITERATIONS,
            );
        }
        fn poses(&self) -> Poses {
            self.bodies
                .iter()
                .map(|b| {
                    let b = b.borrow();
                    let p = b.get_position();
                    (p.x, p.y, b.get_angle())
                })
                .collect()
        }
    }
}

/// Mass over area: what the peers take instead of a mass. Static bodies get 0.
fn density(b: &Body) -> f32 {
    if b.inv_mass > 0.0 { 1.0 / b.inv_mass / b.shape.area() } else { 0.0 }
}

// ---------------------------------------------------------------------------------------------

struct Row {
    engine: &'static str,
    scene: String,
    median: Duration,
    stands: Option<String>,
}

/// Whether a pyramid of `rows` rows stands: its top box within 2 cm per row of
/// its stacked height, and no box moved more than 1 cm since `half_way`.
fn stands(engine: &dyn Engine, rows: usize, half_way: &Poses) -> String {
    let end = engine.poses();
    let drift = end
        .iter()
        .zip(half_way)
        .map(|(a, b)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt())
        .fold(0.0f32, f32::max);
    let top = end.last().map(|p| p.1).unwrap_or(0.0);
    let stacked = rows as f32 - 0.5;
    let ok = top >= stacked - 0.02 * rows as f32 && drift < 0.01;
    format!(
        "{} (top {:+.3} m, drift {:.1} mm)",
        if ok { "yes" } else { "no" },
        top - stacked,
        drift * 1000.0
    )
}

/// Step several engines through a scene in rounds: each engine steps `ROUND`
/// steps in turn, round after round, so that a change in the machine's load
/// while the scene runs falls on every engine alike, not on whichever ran then;
/// the engine that goes first turns from round to round.
/// Each step is timed on its own; each engine's median and, for a pyramid of
/// `rows` rows, whether it stands (see [`stands`]), in the engines' order.
fn measure_in_rounds(
    engines: &mut [Box<dyn Engine>],
    rows: Option<usize>,
    steps: usize,
) -> Vec<(Duration, Option<String>)> {
    const ROUND: usize = 10;
    let n = engines.len();
    let mut times = vec![Vec::with_capacity(steps); n];
    let mut half_way = vec![Vec::new(); n];
    for (round, start) in (0..steps).step_by(ROUND).enumerate() {
        // The first engine of a round turns: none always steps first (a cold
        // cache) or always straight after another's threads.
        for k in (0..n).map(|k| (k + round) % n) {
            let engine = &mut engines[k];
            for step in start..(start + ROUND).min(steps) {
                if step == steps / 2 {
                    half_way[k] = engine.poses();
                }
                let t = Instant::now();
                engine.step();
                times[k].push(t.elapsed());
            }
        }
    }
    engines
        .iter()
        .zip(times)
        .zip(half_way)
        .map(|((engine, mut times), half_way)| {
            times.sort();
            (
                times[steps / 2],
                rows.map(|rows| stands(engine.as_ref(), rows, &half_way)),
            )
        })
        .collect()
}

/// Solver2D's contact scenes (chapter 10's builders) under chapter 8's solver, the
/// soft step and Box2D v3: the farthest any body ends from its start after 600
/// steps, and the fastest any body goes in the first second. Not timed: what each
/// engine does with the scene.
fn scene_figures() -> String {
    let scenes: Vec<(&str, World)> = vec![
        ("overlap: 10 boxes 25 cm deep", ch10_soft_step::worlds::overlap().solver),
        (
            "confined: 625 circles 10 cm deep",
            ch10_soft_step::worlds::confined(25).solver,
        ),
        (
            "heavy on light: 100 kg on 1 kg",
            ch10_soft_step::worlds::heavy_on_light().solver,
        ),
        ("card house", ch10_soft_step::worlds::card_house().solver),
    ];
    let mut table = String::from(
        "| scene | engine | farthest from its start after 10 s | fastest in the first second |\n|---|---|---:|---:|\n",
    );
    for (name, world) in &scenes {
        let engines: Vec<(&str, Box<dyn Engine>)> = vec![
            ("ours (ch08)", Box::new(ours(world))),
            ("ours (ch10 soft step)", Box::new(soft(world))),
            ("Box2D v3.2", Box::new(box2d_v3::build(world))),
        ];
        for (engine, mut e) in engines {
            let start = e.poses();
            let mut before = start.clone();
            let mut fastest = 0.0f32;
            for step in 0..600 {
                e.step();
                let now = e.poses();
                if step < 60 {
                    for (a, b) in now.iter().zip(&before) {
                        let v =
                            ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt() / DT;
                        fastest = fastest.max(v);
                    }
                }
                before = now;
            }
            let end = e.poses();
            let moved = end
                .iter()
                .zip(&start)
                .map(|(a, b)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt())
                .fold(0.0f32, f32::max);
            table += &format!(
                "| {name} | {engine} | {moved:.3} m | {fastest:.1} m/s |\n"
            );
        }
    }
    table
}

/// Solver2D's joint scenes (chapter 10's builders, all hinges) under chapter 9's
/// solver, the soft step and Box2D v3: how far apart any hinge's two anchors get,
/// at worst over the 10 s and at the end. Every engine's gap is measured the same
/// way, from its bodies' poses.
fn joint_scene_figures() -> String {
    let scenes: Vec<(&str, ch10_soft_step::World)> = vec![
        (
            "heavy chain: 40 links, a ball of 30 links' mass",
            ch10_soft_step::worlds::heavy_chain(),
        ),
        (
            "heavy chain: 50 links, a ball of 40 links' mass",
            ch10_soft_step::World::from(ch09_joints::worlds::chain(50, 40.0, 0.0)),
        ),
        (
            "joint grid: 20 x 20 discs, pinned at two corners",
            ch10_soft_step::worlds::joint_grid(20),
        ),
    ];
    let mut table = String::from(
        "| scene | engine | widest hinge gap over 10 s | hinge gap at 10 s |\n|---|---|---:|---:|\n",
    );
    for (name, world) in &scenes {
        let hinges = &world.joints.list;
        let chapter8 = {
            let mut w = world.clone();
            w.soft.settings.solver = ch10_soft_step::Solver::Chapter8;
            w
        };
        let rows_one_by_one = {
            let mut w = world.clone();
            w.joints.settings.block = false;
            w
        };
        let engines: Vec<(&str, Box<dyn Engine>)> = vec![
            ("ours (ch09, chapter 8's solver)", Box::new(Soft(chapter8))),
            (
                "ours (ch10, a pin's rows one at a time)",
                Box::new(Soft(rows_one_by_one)),
            ),
            ("ours (ch10 soft step)", Box::new(Soft(world.clone()))),
            (
                "Box2D v3.2",
                Box::new(box2d_v3::build_with_hinges(&world.solver, hinges)),
            ),
        ];
        for (engine, mut e) in engines {
            let mut widest = 0.0f32;
            for _ in 0..600 {
                e.step();
                widest = widest.max(hinge_gap(&e.poses(), hinges));
            }
            let end = hinge_gap(&e.poses(), hinges);
            table += &format!(
                "| {name} | {engine} | {:.1} mm | {:.1} mm |\n",
                widest * 1000.0,
                end * 1000.0
            );
        }
    }
    table
}

/// The largest distance between a hinge's anchor on A and its anchor on B, with the
/// bodies at `poses` (each hinge's anchors are fixed in its bodies' frames).
fn hinge_gap(poses: &Poses, hinges: &[ch10_soft_step::Joint]) -> f32 {
    let anchor = |(x, y, angle): (f32, f32, f32), local: Vec2| {
        let (sin, cos) = angle.sin_cos();
        Vec2::new(
            x + cos * local.x - sin * local.y,
            y + sin * local.x + cos * local.y,
        )
    };
    hinges
        .iter()
        .map(|j| {
            let a = anchor(poses[j.body_a], j.local_a);
            let b = anchor(poses[j.body_b], j.local_b);
            (a - b).length()
        })
        .fold(0.0, f32::max)
}

/// The command that makes chapter 14's table: every engine built for the same
/// processor, AVX2, as Box2D's C is by default here; in a target directory of
/// its own, so that the other tables' builds are not undone.
/// Box2D's C is built as its release build (`-DNDEBUG`: its asserts compiled
/// out, as the Rust engines' debug assertions are).
const WIDE_COMMAND: &str = "CARGO_TARGET_DIR=bench-peers/target/avx2 RUSTFLAGS='-C target-cpu=x86-64-v3' \
    CFLAGS_x86_64_unknown_linux_gnu=-DNDEBUG \
    cargo run --release --manifest-path bench-peers/Cargo.toml -- --wide";

/// Which instructions the Rust engines were built for.
/// How many processors the run had, for a table's footnote: all of the
/// machine's, or the ones `taskset` allowed it.
fn cores() -> String {
    match std::thread::available_parallelism().map_or(1, |n| n.get()) {
        1 => "Measured on one core (the process pinned to it).".into(),
        n => format!("Measured on {n} cores."),
    }
}

const RUST_BUILD: &str = if cfg!(target_feature = "avx2") {
    "AVX2 (`-C target-cpu=x86-64-v3`)"
} else {
    "SSE2 (any x86-64), not AVX2: see the command at the top"
};

/// Print `table`; with `--write FILE`, also write it to `FILE` for the book,
/// headed by the `command` that regenerates it and followed by `caption`.
fn publish(args: &[String], command: &str, table: &str, caption: &str) {
    print!("{table}");
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let path = args.get(i + 1).expect("--write FILE");
        let text = format!(
            "<!-- Generated by `{command} --write {path}`; do not edit. -->\n\n{table}\n{caption}\n"
        );
        std::fs::write(path, text).expect("write the table");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    const RUN: &str =
        "cargo run --release --manifest-path bench-peers/Cargo.toml --";
    if args.iter().any(|a| a == "--rain") {
        let caption = "The mean step over each of the bin's first five seconds (60 steps of 1/60 s), \
            sleeping on in every engine, one process, one thread, the engines taking turns in rounds of 10 steps; \
            chapter 13 and Box2D v3 with 4 substeps, rapier2d with 10 solver iterations.";
        publish(&args, &format!("{RUN} --rain"), &sleeping::rain_table(), caption);
        return;
    }
    if args.iter().any(|a| a == "--sleeping") {
        let caption = "1,200 steps of 1/60 s, sleeping on in every engine, one process, one thread; \
            chapter 13 and Box2D v3 with 4 substeps, rapier2d with 10 solver iterations as in chapter 8's table. \
            \"moving after 600\": bodies that moved more than 1 cm over the last 600 steps.";
        publish(&args, &format!("{RUN} --sleeping"), &sleeping::table(), caption);
        return;
    }
    if args.iter().any(|a| a == "--wide") {
        let runs = args
            .iter()
            .position(|a| a == "--runs")
            .map_or(wide::RUNS, |i| args[i + 1].parse().expect("--runs N"));
        let caption = format!(
            "Each scene run {runs} times in one process, fresh worlds each time; a figure is the median of the {runs} runs' median steps, \
             with the runs' range, and a ratio the median of the runs' ratios. Steps of 1/60 s: 600, or for the 5,000-circle pit \
             900, of which steps 0 to 300 (the rain landing) and 600 to 900 (the pile settled) are timed. Sleeping off in every engine; \
             the engines take turns in rounds of 10 steps, the first engine turning from round to round. \
             Chapters 10 and 14, Box2D v3 and rapier2d with 4 substeps (for rapier, its solver iterations), \
             box2d-rs with 10 velocity and 3 position iterations (left out of the 5,000-circle pit, where it takes 18 times Box2D's step). \
             Every engine mixes friction by the geometric mean and restitution by the smaller (Box2D through its restitution callback). \
             Box2D on one worker, or two through bench-peers' task system; a two-thread row's ratio is to Box2D on two workers. \
             \"held\": for a pyramid, whether it stands (\"yes\": its top within 2 cm per row of its height, nothing moving more than 1 cm over the second half); \
             for a pit, whether every body stayed within the walls (the last run's). \
             The Rust engines (ours, rapier2d with `simd8`, box2d-rs) built for {}, Box2D's C for {} with `-DNDEBUG`. {}",
            RUST_BUILD,
            box2d_v3::BUILD,
            cores(),
            runs = runs,
        );
        publish(&args, WIDE_COMMAND, &wide::table(runs), &caption);
        return;
    }
    if args.iter().any(|a| a == "--suite") {
        match args.iter().any(|a| a == "--stages") {
            true => suite::write_stages(&args),
            false => suite::run(&args),
        }
        return;
    }
    if args.iter().any(|a| a == "--widths") {
        let caption = format!(
            "Median step (and its ratio to chapter 13's order), each scene settled for a second first, sleeping off; \
             steps of 1/60 s (600 for the 20-row pyramid, 300 for the others), the five ways taking turns in rounds of 10 steps. \
             Built for {}. {}",
            RUST_BUILD,
            cores(),
        );
        let command = WIDE_COMMAND.replace("--wide", "--widths");
        publish(&args, &command, &wide::widths(), &caption);
        return;
    }
    if args.iter().any(|a| a == "--stages") {
        print!("{}", wide::stages());
        return;
    }
    if args.iter().any(|a| a == "--scenes") {
        let table = format!("{}\n{}", scene_figures(), joint_scene_figures());
        let caption = "600 steps of 1/60 s; chapter 8 with 10 passes, the soft step and Box2D v3 with 4 substeps; \
            speeds from the change of position over a step.";
        publish(&args, &format!("{RUN} --scenes"), &table, caption);
        return;
    }
    let write = args
        .iter()
        .position(|a| a == "--write")
        .map(|i| args.get(i + 1).cloned().expect("--write FILE"));
    let scenes: Vec<(String, World, Option<usize>, usize)> = vec![
        ("pyramid, 12 rows".into(), pyramid(12), Some(12), STEPS),
        ("pyramid, 20 rows".into(), pyramid(20), Some(20), STEPS),
        // Solver2D's large pyramid: every box started touching, not dropped.
        (
            "pyramid, 100 rows, from rest".into(),
            ch10_soft_step::worlds::pyramid(100).solver,
            Some(100),
            STEPS / 2,
        ),
        ("ball pit, 1000 circles".into(), ball_pit(1000), None, STEPS),
    ];
    let only = args
        .iter()
        .position(|a| a == "--only")
        .map(|i| args.get(i + 1).cloned().expect("--only SCENE"));
    let mut rows = Vec::new();
    for (name, world, pyramid_rows, steps) in &scenes {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let (names, mut engines): (Vec<&'static str>, Vec<Box<dyn Engine>>) = [
            ("ours (ch08)", Box::new(ours(world)) as Box<dyn Engine>),
            ("ours (ch10 soft step)", Box::new(soft(world))),
            (box2d_v3::NAME, Box::new(box2d_v3::build(world))),
            ("rapier2d 0.36", Box::new(rapier::build(world))),
            ("box2d-rs 0.0.4", Box::new(box2d::build(world))),
        ]
        .into_iter()
        .unzip();
        eprintln!("{name} ...");
        let measured = measure_in_rounds(&mut engines, *pyramid_rows, *steps);
        for (engine, (median, stands)) in names.into_iter().zip(measured) {
            rows.push(Row { engine, scene: name.clone(), median, stands });
        }
    }
    let mut table = String::from(
        "| engine | scene | median step | ratio to chapter 8 | ratio to Box2D v3 | pyramid stands |\n|---|---|---:|---:|---:|---|\n",
    );
    for r in &rows {
        let median_of = |engine: &str| {
            rows.iter()
                .find(|o| o.scene == r.scene && o.engine == engine)
                .map_or(r.median, |o| o.median)
                .as_secs_f64()
        };
        let median = r.median.as_secs_f64();
        table += &format!(
            "| {} | {} | {:.0} µs | {:.2} | {:.2} | {} |\n",
            r.engine,
            r.scene,
            median * 1e6,
            median / median_of("ours (ch08)"),
            median / median_of(box2d_v3::NAME),
            r.stands.as_deref().unwrap_or("n/a"),
        );
    }
    print!("{table}");
    if let Some(path) = write {
        let text = format!(
            "<!-- Generated by `cargo run --release --manifest-path bench-peers/Cargo.toml{} -- --write {path}`; do not edit. -->\n\n{table}\n\
             {STEPS} steps of 1/60 s each ({} for the 100-row pyramid), {ITERATIONS} velocity iterations, \
             sleeping off, one process, one thread, the engines taking turns in rounds of 10 steps; box2d-rs adds its default 3 position iterations; \
             the soft step and Box2D v3 take 4 substeps. {}\n",
            if cfg!(feature = "box2d-avx2") {
                ""
            } else {
                " --no-default-features"
            },
            STEPS / 2,
            cores(),
        );
        std::fs::write(&path, text).expect("write the table");
        eprintln!("wrote {path}");
    }
}
