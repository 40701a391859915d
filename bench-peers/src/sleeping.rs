//! Chapter 13's benchmark: what sleeping saves. Chapter 13's world, rapier2d and
//! Box2D v3, each with sleeping on, step the 5,000-body bin and the 100-row pyramid
//! for 1,200 steps; the median step over the first 600 (falling, settling) and over
//! steps 600 to 1,200 (at rest, if the engine put the scene to sleep), and their
//! ratio. And the bin's rain second by second: the mean step of each of its
//! first five seconds, while the 5,000 bodies fall and land.

use crate::{DT, Engine, Poses, box2d_v3, poses_of, rapier};
use ch08_sequential_impulses::{Circle, Obb, Shape, World};
use ch11_polygons::Shape as Shape11;
use std::time::{Duration, Instant};

const STEPS: usize = 1200;

struct Ours(ch13_islands::World);

impl Engine for Ours {
    fn step(&mut self) {
        self.0.step(DT);
    }
    fn poses(&self) -> Poses {
        poses_of(self.0.bodies())
    }
}

/// Chapter 13's world as chapter 8's, for the peers' builders: the same bodies, a
/// disc as a circle and a box polygon as a box.
fn as_chapter8(w: &ch13_islands::World) -> World {
    let mut bodies = w.bodies().to_vec();
    for (b, s) in bodies.iter_mut().zip(&w.shapes.list) {
        b.shape = match s {
            Shape11::Circle { radius } => Shape::Circle(Circle { radius: *radius }),
            Shape11::Polygon(p) => {
                let half = p
                    .corners()
                    .iter()
                    .fold(glam::Vec2::ZERO, |m, v| m.max(v.abs()));
                Shape::Box(Obb { half_extents: half })
            }
        };
    }
    let mut world = World::new(bodies, Vec::new());
    world.gravity = w.solver.gravity;
    world
}

/// The medians of steps 0 to 600 and 600 to 1,200, and how many bodies moved more
/// than 1 cm over the second half (none, for a scene at rest).
fn measure(engine: &mut dyn Engine) -> (Duration, Duration, usize) {
    let mut times = Vec::with_capacity(STEPS);
    let mut half_way = Vec::new();
    for step in 0..STEPS {
        if step == STEPS / 2 {
            half_way = engine.poses();
        }
        let t = Instant::now();
        engine.step();
        times.push(t.elapsed());
    }
    let median = |slice: &[Duration]| {
        let mut v = slice.to_vec();
        v.sort();
        v[v.len() / 2]
    };
    let moving = engine
        .poses()
        .iter()
        .zip(&half_way)
        .filter(|(a, b)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt() > 0.01)
        .count();
    (median(&times[..STEPS / 2]), median(&times[STEPS / 2..]), moving)
}

/// The table, in Markdown.
pub fn table() -> String {
    let scenes = [
        ("bin, 5,000 bodies", ch13_islands::worlds::bin(5000)),
        ("pyramid, 100 rows", ch13_islands::worlds::pyramid(100)),
    ];
    let mut out = String::from(
        "| engine | scene | median step, 0-600 | median step, 600-1200 | ratio | moving after 600 |\n\
         |---|---|---:|---:|---:|---:|\n",
    );
    for (name, world) in scenes {
        let peers = as_chapter8(&world);
        let engines: Vec<(&str, Box<dyn Engine>)> = vec![
            ("ours (ch13)", Box::new(Ours(world))),
            (box2d_v3::NAME, Box::new(box2d_v3::build_sleeping(&peers, true))),
            ("rapier2d 0.36", Box::new(rapier::build_sleeping(&peers, true))),
        ];
        for (engine, mut e) in engines {
            eprintln!("{engine}: {name}, sleeping on ...");
            let (awake, rest, moving) = measure(e.as_mut());
            out += &format!(
                "| {engine} | {name} | {} | {} | {:.3} | {moving} |\n",
                micros(awake),
                micros(rest),
                rest.as_secs_f64() / awake.as_secs_f64(),
            );
        }
    }
    out
}

/// A step's time in microseconds, to a tenth below 10 µs (an engine with everything
/// asleep).
fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 10.0 { format!("{us:.1} µs") } else { format!("{us:.0} µs") }
}

/// The bin's first five seconds, second by second: each engine's mean step
/// over each second's 60 steps, the engines taking turns in rounds of ten
/// steps so that a change in the machine's load falls on all of them.
pub fn rain_table() -> String {
    const SECONDS: usize = 5;
    let world = ch13_islands::worlds::bin(5000);
    let peers = as_chapter8(&world);
    let mut engines: Vec<(&str, Box<dyn Engine>)> = vec![
        ("ours (ch13)", Box::new(Ours(world))),
        (box2d_v3::NAME, Box::new(box2d_v3::build_sleeping(&peers, true))),
        ("rapier2d 0.36", Box::new(rapier::build_sleeping(&peers, true))),
    ];
    let mut spent = vec![[Duration::ZERO; SECONDS]; engines.len()];
    for round in 0..SECONDS * 6 {
        for ((name, engine), spent) in engines.iter_mut().zip(&mut spent) {
            if round % 6 == 0 {
                eprintln!("{name}: the bin's second {} ...", round / 6 + 1);
            }
            let t = Instant::now();
            for _ in 0..10 {
                engine.step();
            }
            spent[round / 6] += t.elapsed();
        }
    }
    let mut out = String::from("| engine |");
    for s in 1..=SECONDS {
        out += &format!(" second {s} |");
    }
    out += "\n|---|";
    out += &"---:|".repeat(SECONDS);
    out += "\n";
    for ((engine, _), spent) in engines.iter().zip(&spent) {
        out += &format!("| {engine} |");
        for d in spent {
            out += &format!(" {} |", micros(*d / 60));
        }
        out += "\n";
    }
    out
}
