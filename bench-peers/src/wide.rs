//! Chapter 14's benchmark: the wide solver on one and two threads beside chapter
//! 10's soft step, Box2D v3, rapier2d and box2d-rs, on the scenes the chapter
//! names: 12-, 20- and 100-row pyramids, 1,000- and 5,000-circle pits, and
//! Solver2D's confined discs. Sleeping off in every engine; each step timed on its
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

/// The table, and the two-thread speed-up on the 100-row pyramid.
pub fn table() -> String {
    let scenes: Vec<(&str, World, Option<usize>, usize)> = vec![
        ("pyramid, 12 rows", pyramid(12), Some(12), 600),
        ("pyramid, 20 rows", pyramid(20), Some(20), 600),
        (
            "pyramid, 100 rows, from rest",
            ch10_soft_step::worlds::pyramid(100).solver,
            Some(100),
            600,
        ),
        ("ball pit, 1000 circles", ball_pit(1000), None, 600),
        ("ball pit, 5000 circles", ball_pit(5000), None, 300),
        (
            "confined, 625 circles",
            ch10_soft_step::worlds::confined(25).solver,
            None,
            600,
        ),
    ];
    let mut table = String::from(
        "| scene | engine | median step | ratio to Box2D v3 | held |\n|---|---|---:|---:|---|\n",
    );
    let mut speedup = String::new();
    for (name, world, rows, steps) in &scenes {
        let (names, mut engines): (Vec<&str>, Vec<Box<dyn Engine>>) = [
            ("ours (ch10 soft step)", Box::new(soft(world)) as Box<dyn Engine>),
            ("ours (ch14 wide, 1 thread)", Box::new(wide(world, 1))),
            ("ours (ch14 wide, 2 threads)", Box::new(wide(world, 2))),
            (box2d_v3::NAME, Box::new(box2d_v3::build(world))),
            ("rapier2d 0.36", Box::new(rapier::build(world))),
            ("box2d-rs 0.0.4", Box::new(box2d::build(world))),
        ]
        .into_iter()
        .unzip();
        eprintln!("{name} ...");
        // A pyramid stands or falls by chapter 8's table's rule.
        let measured = measure_in_rounds(&mut engines, *rows, *steps);
        let mut rows_out = Vec::new();
        for ((engine, e), (median, stands)) in
            names.into_iter().zip(&engines).zip(measured)
        {
            let held = stands.unwrap_or_else(|| held(world, &e.poses()));
            rows_out.push((engine, median, held));
        }
        let box2d = rows_out
            .iter()
            .find(|r| r.0 == box2d_v3::NAME)
            .map(|r| r.1)
            .unwrap_or(Duration::from_secs(1));
        for (engine, median, held) in &rows_out {
            table += &format!(
                "| {name} | {engine} | {:.0} µs | {:.2} | {held} |\n",
                median.as_secs_f64() * 1e6,
                median.as_secs_f64() / box2d.as_secs_f64(),
            );
        }
        let time =
            |e: &str| rows_out.iter().find(|r| r.0 == e).map(|r| r.1.as_secs_f64());
        if let (Some(one), Some(two)) = (
            time("ours (ch14 wide, 1 thread)"),
            time("ours (ch14 wide, 2 threads)"),
        ) {
            speedup += &format!("| {name} | {:.2}x |\n", one / two);
        }
    }
    format!(
        "{table}\nTwo threads against one, chapter 14:\n\n| scene | speed-up |\n|---|---:|\n{speedup}"
    )
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
