//! Chapter 14's benchmark: the wide solver on one and two threads, and chapter
//! 15's game API on it, beside chapter 10's soft step, Box2D v3, rapier2d and
//! box2d-rs, on the scenes the chapter names: 12-, 20- and 100-row pyramids,
//! 1,000- and 5,000-circle pits, and Solver2D's confined discs. Sleeping off in every engine; each step timed on its
//! own, the median reported, with its ratio to Box2D v3's, and whether each scene
//! held (a pyramid stands; no body leaves the walls).

use crate::{
    DT, Engine, Poses, box2d, box2d_v3, measure_in_rounds, poses_of, rapier, soft,
};
use ch08_sequential_impulses::worlds::{ball_pit, pyramid};
use ch08_sequential_impulses::{Shape, World};
use ch11_polygons::{Polygon, Shape as Shape11};
use ch14_wide_solver::Width;
use std::time::Duration;

struct Wide(ch14_wide_solver::World);

impl Engine for Wide {
    fn step(&mut self) {
        self.0.step(DT);
    }
    fn poses(&self) -> Poses {
        poses_of(self.0.bodies())
    }
}

/// Chapter 15's world (the game API) on chapter 14's solver: stepped with
/// its events, as a game steps it.
struct Game(ch15_game_api::World);

impl Engine for Game {
    fn step(&mut self) {
        self.0.step(DT);
    }
    fn poses(&self) -> Poses {
        poses_of(&self.0.solver.bodies)
    }
}

/// Chapter 8's scene as chapter 15's world: chapter 14's world, one thread,
/// each body with its one shape, through `World::from`.
fn game(world: &World) -> Game {
    Game(ch15_game_api::World::from(wide(world, 1).0))
}

/// Chapter 8's scene as chapter 14's world: the same bodies, a box as a box
/// polygon; sleeping off; `threads` workers.
fn wide(world: &World, threads: usize) -> Wide {
    let pieces = world
        .bodies
        .iter()
        .map(|b| {
            let shape = match b.shape {
                Shape::Box(o) => {
                    Shape11::Polygon(Polygon::boxed(o.half_extents, 0.0))
                }
                Shape::Circle(c) => Shape11::Circle { radius: c.radius },
            };
            (*b, shape)
        })
        .collect();
    let mut w = ch14_wide_solver::World::new(pieces, Vec::new());
    w.sleep.on = false;
    w.wide.width = Width::Wide;
    w.wide.set_threads(threads);
    w.solver.gravity = world.gravity;
    Wide(w)
}

/// Whether a pit held: no moving body has left the walls (none beyond
/// the outermost static centres, none below the lowest).
fn held(world: &World, end: &Poses) -> String {
    let walls = world.bodies.iter().filter(|b| b.inv_mass == 0.0);
    let (lo, hi) = walls.fold(
        (glam::Vec2::splat(f32::INFINITY), glam::Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), b| (lo.min(b.position), hi.max(b.position)),
    );
    let out = end
        .iter()
        .zip(&world.bodies)
        .filter(|(p, b)| {
            b.inv_mass > 0.0 && (!(lo.x..=hi.x).contains(&p.0) || p.1 < lo.y)
        })
        .count();
    if out == 0 { "held".into() } else { format!("{out} escaped") }
}

/// How many times the table is measured unless `--runs N` says otherwise, each
/// time with fresh worlds: each figure is the median of the runs' medians, with
/// the runs' range.
pub const RUNS: usize = 5;

/// A scene of the table: its name, its world, and for a pyramid its rows; its
/// timed windows of steps (each a row of its own, named by its label) out of
/// `total` steps; whether box2d-rs runs it.
struct Scene {
    name: &'static str,
    world: World,
    rows: Option<usize>,
    windows: Vec<(&'static str, std::ops::Range<usize>)>,
    total: usize,
    box2d_rs: bool,
}

/// The engines in the table's order, each named; the two-thread rows are
/// divided by Box2D on two workers, the others by Box2D on one.
const BOX2D_1: &str = "Box2D v3.2 (1 worker)";
const BOX2D_2: &str = "Box2D v3.2 (2 workers)";
const WIDE_1: &str = "ours (ch14 wide, 1 thread)";
const WIDE_2: &str = "ours (ch14 wide, 2 threads)";
const GAME_1: &str = "ours (ch15 game API, 1 thread)";

fn engines(scene: &Scene) -> (Vec<&'static str>, Vec<Box<dyn Engine>>) {
    let world = &scene.world;
    let mut list: Vec<(&'static str, Box<dyn Engine>)> = vec![
        ("ours (ch10 soft step)", Box::new(soft(world))),
        (WIDE_1, Box::new(wide(world, 1))),
        (WIDE_2, Box::new(wide(world, 2))),
        (GAME_1, Box::new(game(world))),
        (BOX2D_1, Box::new(box2d_v3::build_on(world, 1))),
        (BOX2D_2, Box::new(box2d_v3::build_on(world, 2))),
        ("rapier2d 0.36 (simd8)", Box::new(rapier::build_substepped(world))),
    ];
    if scene.box2d_rs {
        list.push(("box2d-rs 0.0.4", Box::new(box2d::build(world))));
    }
    list.into_iter().unzip()
}

/// Which Box2D row divides `engine`'s.
fn reference(engine: &str) -> &'static str {
    if engine == WIDE_2 || engine == BOX2D_2 { BOX2D_2 } else { BOX2D_1 }
}

/// Step the engines through `total` steps in rounds of 10 (the first engine
/// turning from round to round), timing each step of each window on its own:
/// each engine's median step in each window, and whether the scene held at the
/// end (a pyramid stands by chapter 8's rule, judged over the second half of
/// the last window; a pit keeps its bodies).
fn measure(
    scene: &Scene,
    engines: &mut [Box<dyn Engine>],
) -> Vec<(Vec<Duration>, String)> {
    const ROUND: usize = 10;
    let n = engines.len();
    let windows = &scene.windows;
    let mut times = vec![vec![Vec::new(); windows.len()]; n];
    let last = &windows[windows.len() - 1].1;
    let half = (last.start + last.end) / 2;
    let mut half_way = vec![Vec::new(); n];
    for (round, start) in (0..scene.total).step_by(ROUND).enumerate() {
        for k in (0..n).map(|k| (k + round) % n) {
            let engine = &mut engines[k];
            for step in start..(start + ROUND).min(scene.total) {
                if step == half {
                    half_way[k] = engine.poses();
                }
                let t = std::time::Instant::now();
                engine.step();
                let took = t.elapsed();
                if let Some(w) = windows.iter().position(|(_, r)| r.contains(&step))
                {
                    times[k][w].push(took);
                }
            }
        }
    }
    engines
        .iter()
        .zip(times)
        .zip(half_way)
        .map(|((e, times), half_way)| {
            let medians = times
                .into_iter()
                .map(|mut t| {
                    t.sort();
                    t[t.len() / 2]
                })
                .collect();
            let held = match scene.rows {
                Some(rows) => crate::stands(e.as_ref(), rows, &half_way),
                None => held(&scene.world, &e.poses()),
            };
            (medians, held)
        })
        .collect()
}

/// The median of `values` and their range.
fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

/// The table (each scene measured [`RUNS`] times, fresh worlds each time), and
/// what two threads buy, ours and Box2D's.
pub fn table(runs: usize) -> String {
    let scene = |name, world, rows, steps, box2d_rs| Scene {
        name,
        world,
        rows,
        windows: vec![("", 0..steps)],
        total: steps,
        box2d_rs,
    };
    let scenes = vec![
        scene("pyramid, 12 rows", pyramid(12), Some(12), 600, true),
        scene("pyramid, 20 rows", pyramid(20), Some(20), 600, true),
        scene(
            "pyramid, 100 rows, from rest",
            ch10_soft_step::worlds::pyramid(100).solver,
            Some(100),
            600,
            true,
        ),
        scene("ball pit, 1000 circles", ball_pit(1000), None, 600, true),
        // The top row lands after about 190 steps: the first 300 time the
        // rain's landing, steps 600 to 900 the settled pile.
        Scene {
            name: "ball pit, 5000 circles",
            world: ball_pit(5000),
            rows: None,
            windows: vec![("rain (landing)", 0..300), ("settled", 600..900)],
            total: 900,
            box2d_rs: false,
        },
        scene(
            "confined, 625 circles",
            ch10_soft_step::worlds::confined(25).solver,
            None,
            600,
            true,
        ),
    ];
    // For each row (scene, window, engine): each run's median, each run's ratio
    // to its Box2D row, and the last run's "held".
    type Figures = (String, &'static str, Vec<f64>, Vec<f64>, String);
    let mut rows: Vec<Figures> = Vec::new();
    for run in 0..runs {
        for scene in &scenes {
            eprintln!("run {} of {runs}: {} ...", run + 1, scene.name);
            let (names, mut engines) = engines(scene);
            let measured = measure(scene, &mut engines);
            for (w, (label, _)) in scene.windows.iter().enumerate() {
                let row_name = match *label {
                    "" => scene.name.to_string(),
                    label => format!("{}, {label}", scene.name),
                };
                let time = |engine: &str| {
                    let k =
                        names.iter().position(|n| *n == engine).expect("engine");
                    measured[k].0[w].as_secs_f64()
                };
                for (k, engine) in names.iter().enumerate() {
                    let t = measured[k].0[w].as_secs_f64();
                    let ratio = t / time(reference(engine));
                    let at =
                        rows.iter().position(|r| r.0 == row_name && r.1 == *engine);
                    let at = at.unwrap_or_else(|| {
                        rows.push((
                            row_name.clone(),
                            engine,
                            vec![],
                            vec![],
                            String::new(),
                        ));
                        rows.len() - 1
                    });
                    rows[at].2.push(t);
                    rows[at].3.push(ratio);
                    rows[at].4 = measured[k].1.clone();
                }
            }
        }
    }
    let mut table = format!(
        "| scene | engine | median step (range of {runs} runs) | ratio to Box2D v3 (range) | held |\n\
         |---|---|---:|---:|---|\n"
    );
    let mut speedup =
        String::from("| scene | ours (ch14) | Box2D v3.2 |\n|---|---:|---:|\n");
    for (scene, engine, times, ratios, held) in &rows {
        let (t, t_lo, t_hi) = spread(times);
        let (r, r_lo, r_hi) = spread(ratios);
        table += &format!(
            "| {scene} | {engine} | {} ({}-{}) | {r:.2} ({r_lo:.2}-{r_hi:.2}) | {held} |\n",
            micros(t),
            micros(t_lo),
            micros(t_hi),
        );
        if *engine == BOX2D_2 {
            let median = |e: &str| {
                let row =
                    rows.iter().find(|r| r.0 == *scene && r.1 == e).expect("row");
                spread(&row.2).0
            };
            speedup += &format!(
                "| {scene} | {:.2}x | {:.2}x |\n",
                median(WIDE_1) / median(WIDE_2),
                median(BOX2D_1) / median(BOX2D_2),
            );
        }
    }
    format!("{table}\nTwo threads against one (medians):\n\n{speedup}")
}

/// A time in microseconds, whole.
fn micros(seconds: f64) -> String {
    format!("{:.0} µs", seconds * 1e6)
}

/// Where the time of a step goes, stage by stage, chapter 14 (one thread)
/// beside Box2D v3's own profile, on the 5,000-disc pit and the 100-row
/// pyramid: the mean over each scene's steps, milliseconds. Box2D's stages
/// are its own names; ours are [`ch14_wide_solver::Timings`].
pub fn stages() -> String {
    let scenes: Vec<(&str, World, usize)> = vec![
        ("ball pit, 5000 circles", ball_pit(5000), 300),
        (
            "pyramid, 100 rows, from rest",
            ch10_soft_step::worlds::pyramid(100).solver,
            300,
        ),
    ];
    let mut out = String::new();
    for (name, world, steps) in scenes {
        let mut ours = wide(&world, 1);
        let mut theirs = box2d_v3::build(&world);
        let mut t = ch14_wide_solver::Timings::default();
        let mut p = [0.0f32; 9];
        let (mut step_ours, mut step_theirs) = (0.0, 0.0);
        for _ in 0..steps {
            let clock = std::time::Instant::now();
            ours.step();
            step_ours += clock.elapsed().as_secs_f32() * 1000.0;
            let s = ours.0.wide.timings;
            t.collide += s.collide;
            t.prepare += s.prepare;
            t.solve += s.solve;
            t.integrate += s.integrate;
            t.finish += s.finish;
            let clock = std::time::Instant::now();
            theirs.step();
            step_theirs += clock.elapsed().as_secs_f32() * 1000.0;
            let q = theirs.world.profile();
            let stages = [
                q.pairs,
                q.collide,
                q.prepare_constraints,
                q.warm_start
                    + q.solve_impulses
                    + q.relax_impulses
                    + q.apply_restitution,
                q.integrate_velocities + q.integrate_positions,
                q.store_impulses,
                q.transforms
                    + q.refit
                    + q.bullets
                    + q.sleep_islands
                    + q.split_islands,
                q.prepare_stages,
                q.solve,
            ];
            for (sum, x) in p.iter_mut().zip(stages) {
                *sum += x;
            }
        }
        let n = steps as f32;
        out += &format!(
            "{name}, {steps} steps, mean ms\n  ours (ch14, 1 thread): step {:.3} = collide {:.3} + prepare {:.3} + solve {:.3} + move {:.3} + finish {:.3}\n  Box2D v3: step {:.3}; pairs {:.3}, collide {:.3}, prepare constraints {:.3}, warm start + solve + relax + restitution {:.3}, integrate {:.3}, store {:.3}, finish (transforms, refit, bullets, islands) {:.3}, prepare stages {:.3}; solve stage in all {:.3}\n",
            step_ours / n,
            t.collide / n,
            t.prepare / n,
            t.solve / n,
            t.integrate / n,
            t.finish / n,
            step_theirs / n,
            p[0] / n,
            p[1] / n,
            p[2] / n,
            p[3] / n,
            p[4] / n,
            p[5] / n,
            p[6] / n,
            p[7] / n,
            p[8] / n,
        );
    }
    out
}

/// What going wide buys, chapter 14 against itself: the same settled scenes
/// stepped in chapter 13's order, colour by colour one contact at a time,
/// eight at a time with the velocities read as the threads share them, eight
/// at a time with whole body states, and eight at a time on two threads. The
/// ways take turns in rounds of 10 steps, so a change in the machine's load
/// falls on all of them; median step, and its ratio to chapter 13's order.
pub fn widths() -> String {
    let pyramid = |rows: usize| {
        let mut w = ch14_wide_solver::worlds::pyramid(rows);
        w.sleep.on = false;
        w
    };
    let scenes: Vec<(&str, ch14_wide_solver::World, usize)> = vec![
        ("pyramid, 20 rows", pyramid(20), 600),
        ("pyramid, 100 rows", pyramid(100), 300),
        ("ball pit, 5000 circles", wide(&ball_pit(5000), 1).0, 300),
    ];
    let ways: [(&str, Width, usize, bool); 5] = [
        ("chapter 13's order", Width::InOrder, 1, true),
        ("colours, one at a time", Width::Single, 1, true),
        ("eight lanes, shared states", Width::Wide, 1, false),
        ("eight lanes, whole states", Width::Wide, 1, true),
        ("eight lanes, two threads", Width::Wide, 2, true),
    ];
    let mut table = String::from("| scene |");
    for (name, ..) in &ways {
        table += &format!(" {name} |");
    }
    table += "\n|---|";
    table += &"---:|".repeat(ways.len());
    table += "\n";
    for (name, mut world, steps) in scenes {
        eprintln!("{name} ...");
        // Settled for a second (the pit: its discs landed) before timing.
        for _ in 0..60 {
            world.step(DT);
        }
        let mut engines: Vec<Box<dyn Engine>> = ways
            .iter()
            .map(|&(_, width, threads, whole)| {
                let mut w = world.clone();
                w.wide.width = width;
                w.wide.whole_states = whole;
                w.wide.set_threads(threads);
                Box::new(Wide(w)) as Box<dyn Engine>
            })
            .collect();
        let medians = measure_in_rounds(&mut engines, None, steps);
        let first = medians[0].0.as_secs_f64();
        table += &format!("| {name} |");
        for (median, _) in &medians {
            let t = median.as_secs_f64();
            let time = if t < 1e-3 {
                format!("{:.0} µs", t * 1e6)
            } else {
                format!("{:.1} ms", t * 1e3)
            };
            table += &format!(" {time} ({:.2}) |", t / first);
        }
        table += "\n";
    }
    table
}
