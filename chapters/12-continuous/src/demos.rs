//! Chapter 12's demos: bullets at a thin wall, a spinning rod over a thin
//! plank, chapter 1's box at an absurd speed, a spray of fast debris at a
//! stack, and a ghost bounce off a corner a ball would have missed.

use crate::{Body, Shape, World, body, fixed, reach};
use crate::{Polygon, hull};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::rng::Rng;
use physics_core::scene::Feature;

/// The chapter as the viewer sees it: its scenes may hold everything
/// chapter 11's do, and bullets.
pub const CHAPTER: Chapter = Chapter {
    number: 12,
    package: "ch12-continuous",
    title: "12. Fast bodies",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(crate::scene::from_scene),
};

/// Chapter 11's features and bullets.
pub const SUPPORTS: &[Feature] = &[
    Feature::Gravity,
    Feature::Planes,
    Feature::Restitution,
    Feature::StaticBodies,
    Feature::Boxes,
    Feature::TurnedBoxes,
    Feature::Rotation,
    Feature::Joints,
    Feature::RigidJoints,
    Feature::Polygons,
    Feature::Bullets,
];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "bullets",
        about: "a disc, a box and a capsule at 300 m/s (low) and 3000 m/s (high) at a wall 5 cm thick",
        make: || {
            Box::new(show(bullets(), (Vec2::new(7.0, -0.3), Vec2::new(11.0, 4.2))))
        },
    },
    DemoEntry {
        name: "spinning-rod",
        about: "a rod 2 m long spinning at 150 rad/s beside a post its half sweeps through",
        make: || {
            Box::new(show(
                spinning_rod(),
                (Vec2::new(-2.0, 0.5), Vec2::new(2.0, 3.5)),
            ))
        },
    },
    DemoEntry {
        name: "pong",
        about: "chapter 1's box with walls 5 cm thick and a ball at 1000 m/s, no gravity",
        make: || {
            Box::new(show(pong(), (Vec2::new(-4.0, -1.0), Vec2::new(4.0, 7.0))))
        },
    },
    DemoEntry {
        name: "debris",
        about: "40 small shapes at 80 to 150 m/s at a stack of boxes before a thin wall (D fires more)",
        make: || {
            Box::new(show(debris(), (Vec2::new(-4.0, -0.5), Vec2::new(8.0, 5.0))))
        },
    },
    DemoEntry {
        name: "advance",
        about: "conservative advancement along a path past a post: drag its ends; T the turn, S the body",
        make: || Box::new(Advancement::lab()),
    },
    DemoEntry {
        name: "ghost",
        about: "balls pass 5 and 30 cm from a corner at 30 m/s, and 5 cm at 3 m/s: the speculative margin bumps the fast ones",
        make: || {
            Box::new(show(ghost(), (Vec2::new(-6.0, -1.5), Vec2::new(6.0, 3.0))))
        },
    },
    DemoEntry {
        name: "advancement",
        about: "a figure: conservative advancement steps a turning box towards a thin wall, each stride the gap over the closing speed (drag both ends)",
        make: || Box::new(crate::figures::advancement()),
    },
];

// ANCHOR: switches
const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0];

/// This chapter's switches.
pub const KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'k',
        "speculative margin grows with speed (off: a fixed 2 cm)",
        |w| w.settings.speculative,
        |w, on| w.settings.speculative = on,
    ),
    Knob::toggle(
        't',
        "sweep fast bodies to their time of impact",
        |w| w.settings.toi,
        |w, on| w.settings.toi = on,
    ),
    Knob::toggle(
        'b',
        "bodies under 10 cm are bullets (swept against moving bodies too)",
        |w| w.bullets.iter().any(|&b| b),
        set_small_bullets,
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.base.base.soft.substeps as f32,
        |w, n| w.base.base.soft.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::overlay('m', "show contacts and impulses"),
    Knob::action('d', "fire ten more pieces of debris", fire),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
}

/// B: every movable body under 10 cm across is a bullet, or none is.
fn set_small_bullets(w: &mut World, on: bool) {
    let small: Vec<bool> = w
        .bodies()
        .iter()
        .zip(w.shapes())
        .map(|(b, s)| on && b.inv_mass > 0.0 && reach(s) < 0.1)
        .collect();
    w.bullets = small;
}

/// Movable bodies more than 50 m from the origin: flown off through
/// something.
pub fn flown_off(w: &World) -> usize {
    w.bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0 && b.position.length() > 50.0)
        .count()
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
        self.base.base.base.base.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.base.base.base.base.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.base.base.base.base.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        // Where each body put back by its time of impact would have gone.
        for &(from, to) in &self.trails {
            out.segment(from, to, Color(0x804040));
        }
        for (i, (b, shape)) in self.bodies().iter().zip(self.shapes()).enumerate() {
            let color = if self.bullets.get(i) == Some(&true) {
                Color::GREEN
            } else {
                body_color(b, i)
            };
            draw_shape(out, shape, &b.transform(), color);
        }
        ch09_joints::demos::draw_joints(out, &self.base.base.base);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(
                out,
                &self.base.base.base.base,
            );
        }
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "margin {}; sweep {}: {} fast, {} hit, {} GJK calls; {} flown off; deepest {:.1} mm",
            if self.settings.speculative { "grows with speed" } else { "2 cm" },
            if self.settings.toi { "on" } else { "off" },
            self.report.swept,
            self.report.hits,
            self.report.distances,
            flown_off(self),
            1000.0 * self.max_penetration(),
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.body_at(at)?;
        let local = self.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.base.base.base.pull(hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }
}

// ANCHOR: scenes
/// A static floor `width` wide centred on `x`, its top at `y = 0`.
fn floor(x: f32, width: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(width / 2.0, 0.5), 0.0);
    let (mut b, s) = fixed(Shape::Polygon(slab), Vec2::new(x, -0.5), 0.0);
    b.friction = 0.6;
    (b, s)
}

/// A static wall 5 cm thick and `height` tall, standing on the floor at `x`.
fn wall(x: f32, height: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(0.025, height / 2.0), 0.0);
    fixed(Shape::Polygon(slab), Vec2::new(x, height / 2.0), 0.0)
}

/// A movable `shape` at `at` moving at `velocity`, of steel's 7800 kg/m^3
/// over a 1 cm depth: 78 kg/m^2.
fn projectile(shape: Shape, at: Vec2, velocity: Vec2) -> (Body, Shape) {
    let (mut b, s) = body(shape, at, 0.0, 78.0);
    b.velocity = velocity;
    b.restitution = 0.0;
    (b, s)
}

/// Three small shapes at 300 m/s and the same at 3000 m/s, 10 m from a
/// wall 5 cm thick: 5 m and 50 m a step, a hundred and a thousand times
/// the wall.
pub fn bullets() -> World {
    let mut pieces = vec![floor(10.0, 60.0), wall(10.0, 4.0)];
    let shapes = [
        Shape::Circle { radius: 0.02 },
        Shape::Polygon(Polygon::boxed(Vec2::new(0.03, 0.015), 0.0)),
        Shape::Polygon(Polygon::capsule(0.03, 0.012)),
    ];
    for (k, speed) in [300.0, 3000.0].into_iter().enumerate() {
        for (i, shape) in shapes.iter().enumerate() {
            let y = 0.5 + 0.6 * (3 * k + i) as f32;
            pieces.push(projectile(
                *shape,
                Vec2::new(0.0, y),
                Vec2::new(speed, 0.0),
            ));
        }
    }
    World::new(pieces, Vec::new())
}

/// A rod 2 m long and 4 cm thick spinning at 150 rad/s (its ends at
/// 150 m/s, 2.5 rad a step) about its centre, beside a post 4 cm wide
/// that its half sweeps through every turn. No gravity.
pub fn spinning_rod() -> World {
    let post = Polygon::boxed(Vec2::new(0.02, 0.02), 0.0);
    let mut pieces = vec![fixed(Shape::Polygon(post), Vec2::new(0.6, 2.0), 0.0)];
    let rod = Polygon::boxed(Vec2::new(1.0, 0.02), 0.0);
    let (mut b, s) = body(Shape::Polygon(rod), Vec2::new(0.0, 2.0), 1.2, 10.0);
    b.angular_velocity = -150.0;
    pieces.push((b, s));
    let mut world = World::new(pieces, Vec::new());
    world.base.base.base.base.gravity = Vec2::ZERO;
    world
}

/// Chapter 1's box, its walls 5 cm thick and 6 m apart inside, and one
/// ball at 1000 m/s (16.7 m a step, nearly three widths of the box),
/// perfectly elastic and frictionless, no gravity.
pub fn pong() -> World {
    let side = |at: Vec2, half: Vec2| {
        let (mut b, s) = fixed(Shape::Polygon(Polygon::boxed(half, 0.0)), at, 0.0);
        b.restitution = 1.0;
        b.friction = 0.0;
        (b, s)
    };
    let mut pieces = vec![
        side(Vec2::new(0.0, -0.025), Vec2::new(3.05, 0.025)),
        side(Vec2::new(0.0, 6.025), Vec2::new(3.05, 0.025)),
        side(Vec2::new(-3.025, 3.0), Vec2::new(0.025, 3.0)),
        side(Vec2::new(3.025, 3.0), Vec2::new(0.025, 3.0)),
    ];
    let (mut b, s) =
        body(Shape::Circle { radius: 0.1 }, Vec2::new(-1.0, 2.0), 0.0, 1.0);
    b.velocity = 1000.0 * physics_core::trig::from_angle(0.4);
    b.restitution = 1.0;
    b.friction = 0.0;
    pieces.push((b, s));
    let mut world = World::new(pieces, Vec::new());
    world.base.base.base.base.gravity = Vec2::ZERO;
    world
}

/// A small random shape 2 to 6 cm across.
fn chip(rng: &mut Rng) -> Shape {
    let size = rng.range(0.02, 0.06);
    match rng.next_u64() % 3 {
        0 => Shape::Circle { radius: size / 2.0 },
        1 => Shape::Polygon(Polygon::capsule(size / 3.0, size / 5.0)),
        _ => {
            let h = size / 2.0;
            let points: Vec<Vec2> = (0..5)
                .map(|_| Vec2::new(rng.range(-h, h), rng.range(-h, h)))
                .collect();
            match hull(&points) {
                Ok(h) => Shape::Polygon(Polygon::new(&h, 0.0)),
                Err(_) => Shape::Polygon(Polygon::boxed(Vec2::splat(h), 0.0)),
            }
        }
    }
}

/// `n` pieces of debris from the left, seeded by `seed`.
fn volley(n: usize, seed: u64) -> Vec<(Body, Shape)> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let at = Vec2::new(
                -3.0 + 0.25 * (i % 8) as f32,
                0.4 + 0.45 * (i / 8) as f32,
            );
            let speed = rng.range(80.0, 150.0);
            let aim = physics_core::trig::from_angle(rng.range(-0.05, 0.05));
            let (mut b, s) = projectile(chip(&mut rng), at, speed * aim);
            b.angular_velocity = rng.range(-100.0, 100.0);
            (b, s)
        })
        .collect()
}

/// A stack of twelve 30 cm boxes before a wall 5 cm thick and 30 m tall
/// (a ricochet can climb high), and 40 pieces of debris fired at it.
pub fn debris() -> World {
    let mut pieces = vec![floor(0.0, 30.0), wall(6.0, 30.0)];
    for row in 0..4 {
        for col in 0..3 {
            let at = Vec2::new(4.4 + 0.31 * col as f32, 0.15 + 0.3 * row as f32);
            let (mut b, s) = body(
                Shape::Polygon(Polygon::boxed(Vec2::splat(0.15), 0.0)),
                at,
                0.0,
                20.0,
            );
            b.friction = 0.6;
            pieces.push((b, s));
        }
    }
    pieces.extend(volley(40, 3));
    World::new(pieces, Vec::new())
}

/// D: ten more pieces of debris.
fn fire(w: &mut World) {
    let n = w.bodies().len() as u64;
    for (b, s) in volley(10, 0xd1 ^ n) {
        let small = w.bullets.iter().any(|&x| x) && reach(&s) < 0.1;
        w.base.base.base.base.bodies.push(b);
        w.base.shapes.push(s);
        w.bullets.resize(w.base.shapes.len() - 1, false);
        w.bullets.push(small);
    }
}

/// A block 1 m square, and three balls 20 cm across passing its corners:
/// over the top, two at 30 m/s (0.5 m a step) 5 cm and 30 cm clear of
/// it; under the bottom, one at 3 m/s 5 cm clear. No gravity: each
/// should fly straight on.
pub fn ghost() -> World {
    let block = Polygon::boxed(Vec2::new(0.5, 0.5), 0.0);
    let mut pieces = vec![fixed(Shape::Polygon(block), Vec2::new(0.0, 0.0), 0.0)];
    for (y, speed, x) in [(0.65, 30.0, -5.0), (0.9, 30.0, -5.0), (-0.65, 3.0, -1.5)]
    {
        let ball = Shape::Circle { radius: 0.1 };
        let (mut b, s) = body(ball, Vec2::new(x, y), 0.0, 1.0);
        b.velocity = Vec2::new(speed, 0.0);
        pieces.push((b, s));
    }
    let mut world = World::new(pieces, Vec::new());
    world.base.base.base.base.gravity = Vec2::ZERO;
    world
}
// ANCHOR_END: scenes

// ---------------------------------------------------------------------------------------------

/// B's turn over the path under the T switch, degrees.
const TURNS: &[f32] = &[0.0, 45.0, 90.0, 180.0, 360.0];

/// A body's path past a post, and conservative advancement along it:
/// drag the start or the end; T sets how far the body turns on the way,
/// S its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Advancement {
    /// Where the path starts and ends (the body's centre).
    ends: [Vec2; 2],
    /// Degrees turned from start to end.
    turn: f32,
    /// 0 a box, 1 a capsule, 2 a disc.
    shape: f32,
}

const ADVANCEMENT_KNOBS: &[Knob<Advancement>] = &[
    Knob::number(
        't',
        "turn along the path (deg)",
        TURNS,
        |a| a.turn,
        |a, t| a.turn = t,
    ),
    Knob::number(
        's',
        "the body (0 box, 1 capsule, 2 disc)",
        &[0.0, 1.0, 2.0],
        |a| a.shape,
        |a, s| a.shape = s.clamp(0.0, 2.0).round(),
    ),
];

impl Advancement {
    /// A box's path from the left, through a post, turning 90 degrees.
    pub fn lab() -> Lab<Advancement> {
        let view = Advancement {
            ends: [Vec2::new(-3.0, 0.6), Vec2::new(2.5, -0.4)],
            turn: 90.0,
            shape: 0.0,
        };
        Lab::new(
            view,
            ADVANCEMENT_KNOBS,
            (Vec2::new(-3.8, -2.0), Vec2::new(3.8, 2.4)),
        )
    }

    /// The moving body's shape, the post and where it stands, the path.
    pub fn pieces(&self) -> (Shape, Shape, crate::Transform, crate::Sweep) {
        let body = match self.shape as u32 {
            0 => Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.2), 0.0)),
            1 => Shape::Polygon(Polygon::capsule(0.4, 0.15)),
            _ => Shape::Circle { radius: 0.3 },
        };
        let post = Shape::Polygon(Polygon::boxed(Vec2::new(0.15, 0.6), 0.0));
        let path = crate::Sweep {
            c0: self.ends[0],
            a0: 0.0,
            c1: self.ends[1],
            a1: self.turn.to_radians(),
        };
        (body, post, crate::Transform::new(Vec2::ZERO, 0.2), path)
    }

    /// The advancement: each `t` GJK was asked at, and the answer.
    pub fn run(&self) -> (Vec<f32>, crate::Toi) {
        let (body, post, tp, path) = self.pieces();
        let mut times = Vec::new();
        let found =
            crate::time_of_impact(&body, &path, &post, &tp, |t, _| times.push(t));
        (times, found)
    }
}

impl Sim for Advancement {
    type Hold = (usize, Vec2);

    fn step(&mut self, _dt: f32) {}

    fn bodies(&self) -> Vec<BodyState> {
        self.ends.iter().map(|&p| BodyState::particle(p, Vec2::ZERO, 0.0)).collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let (body, post, tp, path) = self.pieces();
        draw_shape(out, &post, &tp, Color::GREY);
        out.segment(path.c0, path.c1, Color(0x606060));
        draw_shape(out, &body, &path.at(0.0), Color::BLUE);
        draw_shape(out, &body, &path.at(1.0), Color(0x404860));
        let (times, found) = self.run();
        // Each advancement's pose, and its t.
        for (k, &t) in times.iter().enumerate() {
            if k > 0 {
                draw_shape(out, &body, &path.at(t), Color::GREEN);
            }
            out.text(
                Vec2::new(0.9, 2.2 - 0.22 * k as f32),
                format!("distance {}: t = {t:.4}", k + 1),
                Color::GREEN,
            );
        }
        if let crate::Toi::Hit { t, .. } = found {
            draw_shape(out, &body, &path.at(t), Color::YELLOW);
        }
    }

    fn status(&self) -> Option<String> {
        let (times, found) = self.run();
        Some(match found {
            crate::Toi::Hit { t, iterations } => {
                format!("hit at t = {t:.4} after {iterations} GJK distances")
            }
            crate::Toi::Miss { iterations } => {
                format!("clear all the way: {iterations} GJK distances")
            }
            crate::Toi::Touching => {
                format!("touching at the start ({} distance)", times.len())
            }
        })
    }

    fn pick(&self, at: Vec2) -> Option<(usize, Vec2)> {
        let i = (0..2).min_by(|&i, &j| {
            self.ends[i].distance(at).total_cmp(&self.ends[j].distance(at))
        })?;
        (self.ends[i].distance(at) < 0.6).then_some((i, self.ends[i] - at))
    }

    fn drag(&mut self, &mut (i, offset): &mut (usize, Vec2), at: Vec2) {
        self.ends[i] = at + offset;
    }
}
