//! Chapter 14's demos: pyramids and piles big enough for the solver's
//! width and threads to matter, with the colours drawn.

use crate::worlds::{big_pyramid, colours, confined, graph, rain};
use crate::{Width, World};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch13_islands::demos::draw_bodies;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::limits::MAX_PAIRS;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes may hold what chapter
/// 13's do.
pub const CHAPTER: Chapter = Chapter {
    number: 14,
    package: "ch14-wide-solver",
    title: "14. Going wide",
    demos: DEMOS,
    supports: ch12_continuous::demos::SUPPORTS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] shown,
/// with the chapter's switches.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(Shown::from(world), KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "colours",
        about: "a 20-row pyramid, each contact a dot in its colour (the key at the top left): no \
                colour touches a box twice",
        make: || {
            let legend = Some(Vec2::new(-15.5, 27.0));
            let view = View { colours: true, legend, ..View::default() };
            let bounds = (Vec2::new(-16.0, -3.0), Vec2::new(16.0, 28.0));
            Box::new(show_with(colours(), view, bounds))
        },
    },
    DemoEntry {
        name: "graph",
        about: "an 8-row pyramid's constraint graph: each contact a line in its colour, never two of one colour at a box",
        make: || {
            let legend = Some(Vec2::new(-5.8, 11.5));
            let view = View { graph: true, legend, ..View::default() };
            let bounds = (Vec2::new(-6.0, -1.5), Vec2::new(6.0, 12.0));
            Box::new(show_with(graph(), view, bounds))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "Solver2D's 100-row pyramid, 5,050 boxes, solved eight contacts at a time, each \
                contact in its worker's colour, its block of eight joined: T adds workers, Y \
                changes the blocks; the bodies move the same either way",
        make: || {
            let view = View { work: true, ..View::default() };
            let bounds = (Vec2::new(-70.0, -8.0), Vec2::new(70.0, 125.0));
            Box::new(show_with(big_pyramid(), view, bounds))
        },
    },
    DemoEntry {
        name: "rain",
        about: "10,000 discs and boxes fall into a pit 80 m wide; P shows what each stage of the step costs",
        make: || {
            Box::new(show(
                rain(10_000),
                (Vec2::new(-42.0, -4.0), Vec2::new(42.0, 42.0)),
            ))
        },
    },
    DemoEntry {
        name: "confined",
        about: "Solver2D's confined discs: 625 started overlapping in a closed box, pushed apart \
                colour by colour (O off: always first colour to last, and the pattern leans)",
        make: || {
            let view = View { colours: true, ..View::default() };
            let bounds = (Vec2::new(-13.0, -15.0), Vec2::new(13.0, 13.0));
            Box::new(show_with(confined(25), view, bounds))
        },
    },
    DemoEntry {
        name: "colouring",
        about: "a figure: a small pile's constraint graph coloured by the step, no colour twice at a box (drag the loose box)",
        make: || Box::new(crate::figures::colouring()),
    },
];

// ANCHOR: switches
/// This chapter's switches.
pub const KNOBS: &[Knob<Shown>] = &[
    Knob::number(
        'y',
        "lanes: 8 at once, 1 (same colours, same bits), 0 (chapter 13's order)",
        &[8.0, 1.0, 0.0],
        |w| match w.world.wide.width {
            Width::Wide => 8.0,
            Width::Single => 1.0,
            Width::InOrder => 0.0,
        },
        |w, lanes| {
            w.world.wide.width = match lanes as u32 {
                8 => Width::Wide,
                1 => Width::Single,
                _ => Width::InOrder,
            }
        },
    ),
    Knob::toggle(
        'o',
        "colour order turned every step (off: first colour to last, always)",
        |w| w.world.wide.alternate,
        |w, on| w.world.wide.alternate = on,
    ),
    Knob::number(
        't',
        "threads",
        &[1.0, 2.0, 4.0],
        |w| w.world.wide.threads.count() as f32,
        |w, n| w.world.wide.set_threads(n as usize),
    ),
    Knob::toggle(
        'w',
        "whole body states, one thread (off: shared atomics, as threads)",
        |w| w.world.wide.whole_states,
        |w, on| w.world.wide.whole_states = on,
    ),
    Knob::number(
        'n',
        "substeps",
        &[4.0, 1.0, 2.0, 8.0],
        |w| w.world.soft.settings.substeps as f32,
        |w, n| w.world.soft.settings.substeps = n as u32,
    ),
    Knob::toggle(
        'k',
        "draw each contact's points in its colour",
        |w| w.view.colours,
        |w, on| w.view.colours = on,
    ),
    Knob::toggle(
        'g',
        "draw the constraint graph: each contact a line between centres, in its \
         colour",
        |w| w.view.graph,
        |w, on| w.view.graph = on,
    ),
    Knob::toggle(
        'v',
        "draw who solves each contact: its worker's colour, its block of eight \
         joined",
        |w| w.view.work,
        |w, on| w.view.work = on,
    ),
    Knob::toggle(
        'p',
        "stage timings in the status line, in ms (they differ run to run)",
        |w| w.view.timings,
        |w, on| w.view.timings = on,
    ),
    Knob::toggle(
        's',
        "sleeping (off: every body is stepped)",
        |w| w.world.sleep.on,
        |w, on| w.world.sleep.on = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<Shown> {
    show_with(world, View::default(), bounds)
}

/// [`show`], drawing what `view` turns on.
pub fn show_with(world: World, view: View, bounds: (Vec2, Vec2)) -> Lab<Shown> {
    Lab::new(Shown { world, view }, KNOBS, bounds)
}

/// A world as the window shows it: the physics, and what is drawn
/// besides the bodies (which the physics never reads).
#[derive(Clone, Debug)]
pub struct Shown {
    pub world: World,
    pub view: View,
}

impl From<World> for Shown {
    fn from(world: World) -> Shown {
        Shown { world, view: View::default() }
    }
}

/// What the window draws besides the bodies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    /// Each contact's points drawn in its colour.
    pub colours: bool,
    /// Each contact drawn as a line between its bodies' centres.
    pub graph: bool,
    /// Each contact in its worker's colour, each block of eight joined.
    pub work: bool,
    /// The stage timings in the status line.
    pub timings: bool,
    /// Where the key to the colours is written, if it is.
    pub legend: Option<Vec2>,
}

/// Worker `w`'s run of a colour's `n` blocks among `workers`, as the
/// solve cuts them: each worker in turn takes its even part of what is
/// left.
fn run_of(n: usize, workers: usize, w: usize) -> std::ops::Range<usize> {
    let (mut start, mut left) = (0, n);
    for v in 0..w {
        let take = left / (workers - v);
        (start, left) = (start + take, left - take);
    }
    start..start + left / (workers - w)
}

/// The workers' colours in the work view.
const WORKERS: [Color; 4] =
    [Color(0x4cc9f0), Color(0xf5a524), Color(0x46c46e), Color(0xe5484d)];

impl World {
    /// Who solves each arbiter as this step's solve split the work: its
    /// worker and its block (a number of its own for each block), as
    /// [`crate::threads::Threads::for_each_in_turn`] hands out each
    /// colour's blocks, a nearly equal run of them to each worker. `None`
    /// for the overflow's contacts and in chapter 13's order.
    pub fn work_split(&self) -> Vec<Option<(usize, usize)>> {
        let mut out = vec![None; self.solver.arbiters.len()];
        let c = &self.wide.cache;
        // A step too small to split stays on the calling thread.
        let workers =
            if self.splits() { self.wide.threads.workers().max(1) } else { 1 };
        let worker_of = |i: usize, n: usize| {
            (0..workers).find(|&w| run_of(n, workers, w).contains(&i))
        };
        match c.packed {
            Some(Width::Wide) => {
                let lists = [&c.spans.0, &c.spans.1];
                for (two, one) in &c.colours {
                    for (list, range) in lists.into_iter().zip([two, one]) {
                        for (i, b) in range.clone().enumerate() {
                            let w = worker_of(i, range.len()).unwrap_or(0);
                            let id =
                                b * 2 + usize::from(std::ptr::eq(list, &c.spans.1));
                            for &k in &c.order[list[b].clone()] {
                                if let Some(slot) = out.get_mut(k) {
                                    *slot = Some((w, id));
                                }
                            }
                        }
                    }
                }
            }
            Some(Width::Single) => {
                // One contact a block, each in the list its block of eight
                // would be in (two points or one), in solving order.
                let needs = &c.lists.needs;
                let mut start = 0;
                let counts = self.wide.colouring.counts.iter().filter(|&&n| n > 0);
                for (&n, (two, one)) in counts.zip(&c.colours) {
                    let members = &c.order[start..start + n];
                    start += n;
                    let (mut at_two, mut at_one) = (0, 0);
                    for chunk in members.chunks(crate::LANES) {
                        let points = chunk.iter().map(|&k| needs[k].points).max();
                        for &k in chunk {
                            let (i, len, id) = if points == Some(2) {
                                at_two += 1;
                                (at_two - 1, two.len(), 2 * (two.start + at_two))
                            } else {
                                at_one += 1;
                                (
                                    at_one - 1,
                                    one.len(),
                                    2 * (one.start + at_one) + 1,
                                )
                            };
                            let w = worker_of(i, len).unwrap_or(0);
                            if let Some(slot) = out.get_mut(k) {
                                *slot = Some((w, id));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        out
    }
}

/// The first twelve graph colours' colours (a pyramid needs six); past
/// them, and for the overflow, white.
const PALETTE: [Color; 12] = [
    Color(0xd04040),
    Color(0x40a050),
    Color(0x4070d0),
    Color(0xe0a020),
    Color(0x9050c0),
    Color(0x30b0b0),
    Color(0xe07030),
    Color(0x80a020),
    Color(0xd050a0),
    Color(0x607080),
    Color(0xa06030),
    Color(0x50c080),
];
/// The top three colours', which contacts with the ground take, the top
/// one first.
const GROUND: [Color; 3] = [Color(0xc8c8c8), Color(0xb09070), Color(0x8090b0)];

/// Colour `c` on the screen: the palette's, or from the top the ground's;
/// between them, and for the overflow, white.
pub(crate) fn colour_of(c: u8) -> Color {
    let from_top = (crate::COLOURS - 1).checked_sub(c as usize);
    PALETTE
        .get(c as usize)
        .or_else(|| GROUND.get(from_top?))
        .copied()
        .unwrap_or(Color::WHITE)
}

/// A body while the colours are shown, or asleep.
const GREY: Color = Color(0x505868);

impl World {
    /// Each body's lowest contact colour this step, if it has a contact
    /// with a colour.
    pub fn body_colours(&self) -> Vec<Option<u8>> {
        let mut out = vec![None; self.bodies().len()];
        let arbiters = &self.solver.arbiters;
        for (arb, &c) in arbiters.iter().zip(&self.wide.colouring.colours) {
            if c == crate::OVERFLOW {
                continue;
            }
            for i in [arb.a, arb.b] {
                out[i] = Some(out[i].map_or(c, |o: u8| o.min(c)));
            }
        }
        out
    }
}

impl Shown {
    /// The work view: each contact a dot in its worker's colour, the
    /// contacts of one block of eight joined in order, the key below.
    fn draw_work(&self, out: &mut DrawList) {
        let world = &self.world;
        let arbiters = &world.solver.arbiters;
        if world.wide.width == Width::InOrder {
            // Chapter 13's order: one contact after another, on one thread.
            for p in arbiters.iter().filter_map(|a| a.contacts().first()) {
                out.point(p.point, 4.0, Color::WHITE);
            }
            return;
        }
        let split = world.work_split();
        let mut block: Option<(usize, Vec2)> = None;
        // Arbiters in solving order, so that a block's members come
        // together.
        let order = &world.wide.cache.order;
        for &k in order.iter().filter(|&&k| k < arbiters.len()) {
            let (Some((w, id)), Some(p)) =
                (split[k], arbiters[k].contacts().first())
            else {
                continue;
            };
            let color = WORKERS[w % WORKERS.len()];
            out.point(p.point, 4.0, color);
            if let Some((last, from)) = block
                && last == id
            {
                out.segment(from, p.point, color.lerp(Color::DARK, 0.3));
            }
            block = Some((id, p.point));
        }
    }
}

/// The key to the colours used, from `at` down, in the order the last
/// step solved them: the colours between moving bodies first to last, or
/// last to first on a step O turned, then the ground's.
fn draw_legend(out: &mut DrawList, at: Vec2, wide: &crate::Wide) {
    let used: Vec<usize> =
        (0..crate::COLOURS).filter(|&c| wide.colouring.counts[c] > 0).collect();
    let ground =
        used.iter().filter(|&&c| c >= crate::colour::DYNAMIC_COLOURS).count();
    let (mut dynamic, ground) =
        (used[..used.len() - ground].to_vec(), &used[used.len() - ground..]);
    // The step just taken turned the order if the next one will not.
    let turned = wide.alternate && !wide.backwards;
    if turned {
        dynamic.reverse();
    }
    let how = if turned { "last to first (O)" } else { "first to last" };
    out.text(
        at,
        format!("the colours this step, {how}, then the ground's:"),
        Color::WHITE,
    );
    for (k, &c) in dynamic.iter().chain(ground).enumerate() {
        let p = at + Vec2::new(0.1 + 0.7 * k as f32, -0.5);
        out.point(p, 9.0, colour_of(c as u8));
        out.text(p + Vec2::new(-0.15, -0.25), c.to_string(), Color::GREY);
    }
}

impl Sim for Shown {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.solver.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.world.solver.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        // With the colours or the work shown, the bodies step back to grey.
        let quiet = self.view.colours || self.view.graph || self.view.work;
        let world = &self.world;
        draw_bodies(
            out,
            world.bodies(),
            &world.shapes.list,
            &world.sleep.asleep,
            |i, b, asleep| {
                if quiet || asleep { GREY } else { body_color(b, i) }
            },
        );
        ch09_joints::demos::draw_joints(out, &world.solver.bodies, &world.joints);
        let bodies = world.bodies();
        // No view on: no arbiter to look at (the rain has 30,000).
        let arbiters = match self.view.graph || self.view.colours {
            true => &world.solver.arbiters[..],
            false => &[],
        };
        for (arb, &c) in arbiters.iter().zip(&world.wide.colouring.colours) {
            let color = colour_of(c);
            let Some(first) = arb.contacts().first() else {
                continue;
            };
            if self.view.graph {
                // An edge between the two moving bodies; a static body is
                // no node, so its end is the contact point.
                let end = |i: usize| {
                    if bodies[i].inv_mass > 0.0 {
                        bodies[i].position
                    } else {
                        first.point
                    }
                };
                out.segment_width(end(arb.a), end(arb.b), color, 2.0);
            }
            if self.view.colours {
                for p in arb.contacts() {
                    // Seen at any zoom: a disc, and a dot of 5 pixels.
                    out.circle(p.point, 0.12, color);
                    out.point(p.point, 5.0, color);
                }
            }
        }
        if self.view.work {
            self.draw_work(out);
        }
        if let Some(at) = self.view.legend {
            draw_legend(out, at, &world.wide);
        }
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &self.world.solver);
        }
    }

    /// T where no step splits its work: on a web page, which starts no
    /// threads, and in a world too small to split ([`World::splits`]'s
    /// test of its size). W where nothing reads it: the whole states are
    /// eight lanes on one thread's.
    fn ignores(&self, key: char) -> bool {
        let w = &self.world;
        match key {
            't' => {
                let big = w.solver.arbiters.len()
                    >= 32 * crate::BLOCKS * crate::LANES
                    || w.solver.bodies.len() >= 4 * crate::BODIES;
                cfg!(target_arch = "wasm32") || !big
            }
            'w' => w.wide.width != Width::Wide || w.wide.threads.count() > 1,
            _ => false,
        }
    }

    fn trouble(&self) -> Option<String> {
        let pairs = self.world.phase.pairs().len();
        ch13_islands::broad_phase::crowded(pairs, MAX_PAIRS)
    }

    fn status(&self) -> Option<String> {
        let wide = &self.world.wide;
        let c = &wide.colouring;
        let lanes = match wide.width {
            Width::Wide => {
                let blocks: usize =
                    c.counts.iter().map(|n| n.div_ceil(crate::LANES)).sum();
                let rows: usize = c.counts.iter().sum();
                let full =
                    100.0 * rows as f32 / (blocks * crate::LANES).max(1) as f32;
                format!("{blocks} blocks {full:.0}% full")
            }
            Width::Single => "1 lane".into(),
            Width::InOrder => "list order".into(),
        };
        let threads = match (wide.threads.count(), wide.threads.workers()) {
            (1, _) => "1 thread".to_string(),
            (n, w) if w < n => format!("{n} threads ({w} at work: {w} cores)"),
            (n, _) => format!("{n} threads"),
        };
        let mut line = format!(
            "{} colours, {} over | {lanes} | {threads}",
            c.used(),
            c.overflow,
        );
        if self.view.timings {
            // In place of the colours: one line must stay clear of the plot.
            let t = wide.timings;
            line = format!(
                "ms: collide {:.2}, prepare {:.2}, solve {:.2}, move {:.2}, rest {:.2}",
                t.collide, t.prepare, t.solve, t.integrate, t.finish
            );
        }
        Some(line)
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let world = &self.world;
        let body = world.shapes.body_at(&world.solver.bodies, at)?;
        let local = world.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        let bodies = &self.world.solver.bodies;
        self.world.joints.pull(bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.world.bodies()))
    }
}
