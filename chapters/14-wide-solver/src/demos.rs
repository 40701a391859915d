//! Chapter 14's demos: pyramids and piles big enough for the solver's
//! width and threads to matter, with the colours drawn.

use crate::{Body, Shape, Width, World, body, fixed};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch11_polygons::Polygon;
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::rng::Rng;

/// The chapter as the viewer sees it: its scenes may hold what chapter
/// 13's do.
pub const CHAPTER: Chapter = Chapter {
    number: 14,
    package: "ch14-wide-solver",
    title: "14. Going wide",
    demos: DEMOS,
    supports: ch12_continuous::demos::SUPPORTS,
    from_scene: Some(crate::scene::from_scene),
};

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "colours",
        about: "a 20-row pyramid, each box tinted by the colour of its first contact: no colour touches a box twice",
        make: || {
            Box::new(show(
                colours(),
                (Vec2::new(-16.0, -0.5), Vec2::new(16.0, 27.0)),
            ))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "Solver2D's 100-row pyramid, 5,050 boxes, solved eight contacts at a time: T adds threads",
        make: || {
            Box::new(show(
                big_pyramid(),
                (Vec2::new(-70.0, -1.0), Vec2::new(70.0, 104.0)),
            ))
        },
    },
    DemoEntry {
        name: "rain",
        about: "10,000 discs and boxes fall into a pit 80 m wide; P shows what each stage of the step costs",
        make: || {
            Box::new(show(
                rain(10_000),
                (Vec2::new(-42.0, -1.0), Vec2::new(42.0, 50.0)),
            ))
        },
    },
    DemoEntry {
        name: "confined",
        about: "Solver2D's confined discs: 625 started overlapping in a closed box, pushed apart colour by colour",
        make: || {
            Box::new(show(
                confined(25),
                (Vec2::new(-13.0, -13.0), Vec2::new(13.0, 13.0)),
            ))
        },
    },
];

// ANCHOR: switches
/// This chapter's switches.
pub const KNOBS: &[Knob<World>] = &[
    Knob::number(
        'y',
        "lanes: 8 at once, 1 (same colours, same bits), 0 (chapter 13's order)",
        &[8.0, 1.0, 0.0],
        |w| match w.width {
            Width::Wide => 8.0,
            Width::Single => 1.0,
            Width::InOrder => 0.0,
        },
        |w, lanes| {
            w.width = match lanes as u32 {
                8 => Width::Wide,
                1 => Width::Single,
                _ => Width::InOrder,
            }
        },
    ),
    Knob::number(
        't',
        "threads",
        &[1.0, 2.0, 4.0],
        |w| w.threads.count() as f32,
        |w, n| w.set_threads(n as usize),
    ),
    Knob::number(
        'n',
        "substeps",
        &[4.0, 1.0, 2.0, 8.0],
        |w| w.soft().soft.substeps as f32,
        |w, n| w.base.base.base.base.soft.substeps = n as u32,
    ),
    Knob::toggle(
        'k',
        "tint each body by its first contact's colour",
        |w| w.view.colours,
        |w, on| w.view.colours = on,
    ),
    Knob::toggle(
        'g',
        "draw the constraint graph: each contact a line between centres, in its colour",
        |w| w.view.graph,
        |w, on| w.view.graph = on,
    ),
    Knob::toggle(
        'p',
        "stage timings in the status line (they differ run to run)",
        |w| w.view.timings,
        |w, on| w.view.timings = on,
    ),
    Knob::toggle(
        's',
        "sleeping (off: every body is stepped)",
        |w| w.base.sleeping,
        |w, on| w.base.sleeping = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
}

/// What the window draws besides the bodies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    /// Each body tinted by its first contact's colour.
    pub colours: bool,
    /// Each contact drawn as a line between its bodies' centres.
    pub graph: bool,
    /// The stage timings in the status line.
    pub timings: bool,
}

/// The first twelve graph colours' colours (a pyramid needs six; the
/// rest repeat them), and grey for a body with no coloured contact. In the
/// graph, the overflow's contacts are white.
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
const UNCOLOURED: Color = Color(0x505868);

impl World {
    /// Each body's lowest contact colour this step, if it has a contact
    /// with a colour.
    pub fn body_colours(&self) -> Vec<Option<u8>> {
        let mut out = vec![None; self.bodies().len()];
        let arbiters = &self.solver().arbiters;
        for (arb, &c) in arbiters.iter().zip(&self.colouring.colours) {
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

impl Sim for World {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.solver().gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.base.base.base.base.base.base.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.base.base.base.base.base.base.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        let tints = if self.view.colours {
            self.body_colours()
        } else {
            Vec::new()
        };
        let shapes = self.base.base.shapes();
        for (i, (b, shape)) in self.bodies().iter().zip(shapes).enumerate() {
            let color = match tints.get(i) {
                Some(Some(c)) => PALETTE[*c as usize % PALETTE.len()],
                Some(None) if b.inv_mass > 0.0 => UNCOLOURED,
                _ if self.base.asleep.get(i) == Some(&true) => UNCOLOURED,
                _ => body_color(b, i),
            };
            draw_shape(out, shape, &b.transform(), color);
        }
        ch09_joints::demos::draw_joints(out, &self.soft().base);
        if self.view.graph {
            let (bodies, arbiters) = (self.bodies(), &self.solver().arbiters);
            for (arb, &c) in arbiters.iter().zip(&self.colouring.colours) {
                let color = PALETTE.get(c as usize).copied().unwrap_or(Color::WHITE);
                out.segment(bodies[arb.a].position, bodies[arb.b].position, color);
            }
        }
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, self.solver());
        }
    }

    fn status(&self) -> Option<String> {
        let c = &self.colouring;
        let lanes = match self.width {
            Width::Wide => {
                let blocks: usize = c.counts.iter().map(|n| n.div_ceil(crate::LANES)).sum();
                let rows: usize = c.counts.iter().sum();
                let full = 100.0 * rows as f32 / (blocks * crate::LANES).max(1) as f32;
                format!("{blocks} blocks of 8, {full:.0}% full")
            }
            Width::Single => "one at a time".into(),
            Width::InOrder => "chapter 13's order".into(),
        };
        let mut line = format!(
            "{} colours, {} overflow | {lanes} | {} threads",
            c.used(),
            c.overflow,
            self.threads.count()
        );
        if self.view.timings {
            let t = self.timings;
            line += &format!(
                " | ms: collide {:.2}, prepare {:.2}, solve {:.2}, move {:.2}, rest {:.2}",
                t.collide, t.prepare, t.solve, t.integrate, t.finish
            );
        }
        Some(line)
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.base.body_at(at)?;
        let local = self.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.base
            .base
            .base
            .base
            .base
            .pull(hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }
}

// ANCHOR: scenes
/// A static box from `lower` to `upper`.
fn slab(lower: Vec2, upper: Vec2) -> (Body, Shape) {
    let half = (upper - lower) / 2.0;
    let (mut b, s) = fixed(Shape::Polygon(Polygon::boxed(half, 0.0)), lower + half, 0.0);
    b.friction = 0.6;
    (b, s)
}

/// Chapter 13's pyramid of `rows` rows of 1 m boxes started touching,
/// awake for good: sleeping off, so every step solves every contact.
pub fn pyramid(rows: usize) -> World {
    let mut world = World::from_base(ch13_islands::demos::pyramid(rows));
    world.base.sleeping = false;
    world
}

/// The 20-row pyramid with its colours drawn.
pub fn colours() -> World {
    let mut world = pyramid(20);
    world.view.colours = true;
    world
}

/// Solver2D's large pyramid, 100 rows, on two threads.
pub fn big_pyramid() -> World {
    let mut world = pyramid(100);
    world.set_threads(2);
    world
}

/// A pit 80 m wide and 40 m deep, and `n` discs and boxes 25 to 36 cm across in a grid above its floor,
/// at rest: rain. Sleeping on; two threads.
pub fn rain(n: usize) -> World {
    let mut rng = Rng::new(14);
    let mut pieces = vec![
        slab(Vec2::new(-40.5, -1.0), Vec2::new(40.5, 0.0)),
        slab(Vec2::new(-40.5, 0.0), Vec2::new(-40.0, 40.0)),
        slab(Vec2::new(40.0, 0.0), Vec2::new(40.5, 40.0)),
    ];
    let across = 180;
    for i in 0..n {
        let (col, row) = ((i % across) as f32, (i / across) as f32);
        let at = Vec2::new(-39.6 + 0.44 * col, 0.5 + 0.5 * row);
        let shape = if rng.next_u64() % 3 < 2 {
            Shape::Circle {
                radius: rng.range(0.13, 0.18),
            }
        } else {
            let half = Vec2::new(rng.range(0.1, 0.18), rng.range(0.1, 0.18));
            Shape::Polygon(Polygon::boxed(half, 0.0))
        };
        let mut piece = body(shape, at, rng.range(0.0, 6.0), 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    let mut world = World::new(pieces, Vec::new());
    world.set_threads(2);
    world
}

/// Solver2D's confined discs: `n * n` discs of radius 0.4 on a grid
/// 0.7 m apart, each overlapping its neighbours by 10 cm, in a closed box
/// with room for all, no gravity.
pub fn confined(n: usize) -> World {
    let half = 0.45 * n as f32 + 0.5;
    let mut pieces = vec![
        slab(
            Vec2::new(-half - 1.0, -half - 1.0),
            Vec2::new(half + 1.0, -half),
        ),
        slab(
            Vec2::new(-half - 1.0, half),
            Vec2::new(half + 1.0, half + 1.0),
        ),
        slab(Vec2::new(-half - 1.0, -half), Vec2::new(-half, half)),
        slab(Vec2::new(half, -half), Vec2::new(half + 1.0, half)),
    ];
    let start = -0.35 * (n as f32 - 1.0);
    for i in 0..n {
        for j in 0..n {
            let at = Vec2::new(start + 0.7 * i as f32, start + 0.7 * j as f32);
            let mut piece = body(Shape::Circle { radius: 0.4 }, at, 0.0, 1.0);
            piece.0.friction = 0.3;
            pieces.push(piece);
        }
    }
    let mut world = World::new(pieces, Vec::new());
    world.base.base.base.base.base.base.gravity = Vec2::ZERO;
    world
}
// ANCHOR_END: scenes
