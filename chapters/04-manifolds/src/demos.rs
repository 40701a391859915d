//! Chapter 4's demos: the manifold inspector at a few fixed configurations, and a
//! pile.

use crate::{Aabb, Body, Circle, Manifold, Shape, World, collide};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under, velocity_to};
use physics_core::rng::Rng;
use physics_core::scene::{Feature, Scene, SceneError, Shape as SceneShape};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 4,
    supports: &[
        Feature::Gravity,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
    ],
    package: "ch04-manifolds",
    title: "4. Manifolds",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them. The first four are the inspector
/// at fixed configurations (the book's pictures); drag either shape to explore.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "boxes",
        about: "inspector: two boxes; drag either, A/B switch each between box and circle",
        make: || Box::new(Inspector::new(true, true, Vec2::new(1.6, 1.4)).lab()),
    },
    DemoEntry {
        name: "circles",
        about: "inspector: two circles, one contact point on the line between the centres",
        make: || Box::new(Inspector::new(false, false, Vec2::new(1.1, 0.9)).lab()),
    },
    DemoEntry {
        name: "box-circle",
        about: "inspector: a circle over a box's corner, the normal from the nearest point",
        make: || Box::new(Inspector::new(true, false, Vec2::new(2.3, 1.4)).lab()),
    },
    DemoEntry {
        name: "circle-inside",
        about: "inspector: a circle whose centre is inside the box, pushed out of the nearest face",
        make: || Box::new(Inspector::new(true, false, Vec2::new(1.3, 0.55)).lab()),
    },
    DemoEntry {
        name: "pile",
        about: "circles and boxes falling into a box, chapter 3's impulse at each manifold",
        make: || Box::new(Pile::new(36, 4).lab()),
    },
    DemoEntry {
        name: "clamp",
        about: "a figure: clamping the circle's centre into the box finds the box's nearest point, the normal and the depth (drag the circle)",
        make: || Box::new(crate::figures::clamp()),
    },
];

/// The circle an inspector slot shows when switched to a circle.
const INSPECT_CIRCLE: [Circle; 2] =
    [Circle { radius: 1.2 }, Circle { radius: 0.7 }];
/// The box an inspector slot shows when switched to a box.
const INSPECT_BOX: [Aabb; 2] = [
    Aabb { half_extents: Vec2::new(2.0, 1.0) },
    Aabb { half_extents: Vec2::new(0.9, 0.6) },
];
/// Colours of shape A and shape B, everywhere in the chapter.
pub const COLOR_A: Color = Color::BLUE;
pub const COLOR_B: Color = Color::ORANGE;
/// How long the normal arrow is drawn, in metres (the normal itself is unit
/// length).
const NORMAL_ARROW: f32 = 1.0;

/// Draw a shape: filled dark, outlined in `color`.
pub fn draw_shape(out: &mut DrawList, shape: &Shape, position: Vec2, color: Color) {
    let fill = Color(0x1c2030).lerp(color, 0.18);
    match *shape {
        Shape::Circle(c) => {
            out.items.push(physics_core::draw::DrawItem::Circle {
                center: position,
                radius: c.radius,
                fill: Some(fill),
                stroke: Some(color),
            });
        }
        Shape::Aabb(b) => {
            let corners = (0..4)
                .map(|v| position + crate::box_vertex(b.half_extents, v))
                .collect();
            out.polygon(corners, Some(fill), Some(color));
        }
    }
}

/// Draw a manifold: the normal as an arrow, the penetration as a thick red bar
/// along it from each contact point, the contact points numbered. `caption_at` is
/// where the numbers go.
pub fn draw_manifold(
    out: &mut DrawList,
    m: &Manifold,
    caption_at: Vec2,
    line: f32,
) {
    let contacts = m.contacts();
    let middle =
        contacts.iter().map(|c| c.point).sum::<Vec2>() / contacts.len() as f32;
    out.arrow(middle, middle + m.normal * NORMAL_ARROW, Color::GREEN);
    out.text(
        middle + m.normal * NORMAL_ARROW + Vec2::new(0.08, 0.0),
        "n",
        Color::GREEN,
    );
    for (i, c) in contacts.iter().enumerate() {
        out.segment_width(
            c.point,
            c.point + m.normal * c.penetration,
            Color::RED,
            4.0,
        );
        out.point(c.point, 9.0, Color::YELLOW);
        out.text(
            c.point + Vec2::new(0.08, -0.05),
            format!("{}", i + 1),
            Color::YELLOW,
        );
    }
    out.text(
        caption_at,
        format!(
            "normal ({:.3}, {:.3})   penetration {:.3} m",
            m.normal.x, m.normal.y, m.penetration
        ),
        Color::WHITE,
    );
    for (i, c) in contacts.iter().enumerate() {
        out.text(
            caption_at - Vec2::new(0.0, line * (i + 1) as f32),
            format!(
                "{}: ({:.3}, {:.3}) depth {:.3}  A {:?} B {:?}",
                i + 1,
                c.point.x,
                c.point.y,
                c.penetration,
                c.id.a,
                c.id.b
            ),
            Color::YELLOW,
        );
    }
}

/// The manifold inspector: shape A at the origin, shape B where it is
/// dragged, and their manifold drawn live.
#[derive(Clone, Debug)]
pub struct Inspector {
    shapes: [Shape; 2],
    positions: [Vec2; 2],
}

/// What the inspector's camera shows.
const INSPECT_BOUNDS: (Vec2, Vec2) = (Vec2::new(-4.0, -3.0), Vec2::new(4.0, 3.0));

/// The inspector's switches: A and B turn each shape into a box or a circle.
const INSPECTOR_KNOBS: &[Knob<Inspector>] = &[
    Knob::toggle(
        'a',
        "A is a box",
        |i| matches!(i.shapes[0], Shape::Aabb(_)),
        |i, is_box| i.shapes[0] = Inspector::shape(0, is_box),
    ),
    Knob::toggle(
        'b',
        "B is a box",
        |i| matches!(i.shapes[1], Shape::Aabb(_)),
        |i, is_box| i.shapes[1] = Inspector::shape(1, is_box),
    ),
];

impl Inspector {
    /// A is a box or a circle at the origin, B a box or a circle at `b_at`.
    pub fn new(a_is_box: bool, b_is_box: bool, b_at: Vec2) -> Self {
        Inspector {
            shapes: [Self::shape(0, a_is_box), Self::shape(1, b_is_box)],
            positions: [Vec2::ZERO, b_at],
        }
    }

    /// The demo the viewer runs: the two shapes in the lab, with the A and B
    /// switches.
    pub fn lab(self) -> Lab<Inspector> {
        Lab::new(self, INSPECTOR_KNOBS, INSPECT_BOUNDS)
    }

    fn shape(slot: usize, is_box: bool) -> Shape {
        if is_box {
            Shape::Aabb(INSPECT_BOX[slot])
        } else {
            Shape::Circle(INSPECT_CIRCLE[slot])
        }
    }

    /// The manifold of A and B where they are now.
    pub fn manifold(&self) -> Option<Manifold> {
        collide(
            &self.shapes[0],
            self.positions[0],
            &self.shapes[1],
            self.positions[1],
        )
    }

    /// Move shape `slot` (0 for A, 1 for B) to `at`.
    pub fn place(&mut self, slot: usize, at: Vec2) {
        self.positions[slot % 2] = at;
    }
}

impl Sim for Inspector {
    /// The shape the mouse holds, and where on it the mouse took it.
    type Hold = (usize, Vec2);

    /// Nothing moves by itself: the mouse moves the shapes.
    fn step(&mut self, _dt: f32) {}

    fn bodies(&self) -> Vec<BodyState> {
        self.positions
            .iter()
            .map(|p| BodyState::particle(*p, Vec2::ZERO, 1.0))
            .collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let (lo, hi) = INSPECT_BOUNDS;
        for (slot, color) in [(0, COLOR_A), (1, COLOR_B)] {
            draw_shape(out, &self.shapes[slot], self.positions[slot], color);
            let label = if slot == 0 { "A" } else { "B" };
            out.text(self.positions[slot] - Vec2::new(0.05, -0.05), label, color);
        }
        let line = (hi.y - lo.y) / 34.0;
        let caption_at = Vec2::new(lo.x + 0.2, lo.y + 3.5 * line);
        match self.manifold() {
            Some(m) => draw_manifold(out, &m, caption_at, line),
            None => out.text(caption_at, "apart: no manifold", Color::GREY),
        }
    }

    /// B first: it is drawn on top.
    fn pick(&self, at: Vec2) -> Option<(usize, Vec2)> {
        [1, 0]
            .into_iter()
            .find(|&i| self.shapes[i].contains(self.positions[i], at))
            .map(|i| (i, at - self.positions[i]))
    }

    /// The held shape follows the mouse, keeping where on it the mouse took it.
    fn drag(&mut self, &mut (i, offset): &mut (usize, Vec2), at: Vec2) {
        self.positions[i] = at - offset;
    }
}

/// The restitution choices of the pile's E switch (or none: each body its own).
const RESTITUTION_CHOICES: &[f32] = &[0.0, 0.2, 0.5, 0.9];

/// The iteration choices of the pile's I switch.
const ITERATION_CHOICES: &[f32] = &[1.0, 2.0, 5.0, 10.0, 20.0];

/// Circles and boxes in a container of static boxes.
#[derive(Clone, Debug)]
pub struct Pile {
    world: World,
    /// Each body's own restitution, for the E switch to return to.
    own_restitution: Vec<f32>,
    /// One restitution for every moving body (the E switch), or none: each its own.
    restitution: Option<f32>,
    bounds: (Vec2, Vec2),
}

/// Half the inside width of the pile's container, in metres.
const CONTAINER_HALF_WIDTH: f32 = 3.0;

/// The pile's switches: M the manifolds, C positional correction, A the approach
/// check, E one restitution for every moving body, I the solver's passes.
const PILE_KNOBS: &[Knob<Pile>] = &[
    Knob::overlay('m', "show manifolds"),
    Knob::toggle(
        'c',
        "positional correction",
        |p| p.world.correction.enabled,
        |p, on| p.world.correction.enabled = on,
    ),
    Knob::toggle(
        'a',
        "approach check",
        |p| p.world.approach_check,
        |p, on| p.world.approach_check = on,
    ),
    Knob::optional(
        'e',
        "restitution",
        "own",
        RESTITUTION_CHOICES,
        |p| p.restitution,
        Pile::set_restitution,
    ),
    Knob::number(
        'i',
        "iterations",
        ITERATION_CHOICES,
        |p| p.world.iterations as f32,
        |p, n| p.world.iterations = n as u32,
    ),
];

impl Pile {
    /// `n` bodies, circles and boxes of seeded random sizes, above a container.
    pub fn new(n: usize, seed: u64) -> Self {
        let w = CONTAINER_HALF_WIDTH;
        let wall = |x: f32, y: f32, hx: f32, hy: f32| Body {
            shape: Shape::Aabb(Aabb { half_extents: Vec2::new(hx, hy) }),
            position: Vec2::new(x, y),
            velocity: Vec2::ZERO,
            inv_mass: 0.0,
            restitution: 1.0,
        };
        let mut bodies = vec![
            wall(0.0, -0.25, w + 0.5, 0.25),
            wall(-w - 0.25, 3.0, 0.25, 3.0),
            wall(w + 0.25, 3.0, 0.25, 3.0),
        ];
        let mut rng = Rng::new(seed);
        let columns = 6;
        for i in 0..n {
            let (col, row) = ((i % columns) as f32, (i / columns) as f32);
            let position = Vec2::new(
                -w + 0.5 + col * (2.0 * w - 1.0) / (columns - 1) as f32,
                1.0 + row * 0.9,
            ) + Vec2::new(rng.range(-0.1, 0.1), 0.0);
            let shape = if i % 2 == 0 {
                Shape::Circle(Circle { radius: rng.range(0.2, 0.4) })
            } else {
                Shape::Aabb(Aabb {
                    half_extents: Vec2::new(
                        rng.range(0.15, 0.4),
                        rng.range(0.15, 0.35),
                    ),
                })
            };
            bodies.push(Body {
                shape,
                position,
                velocity: Vec2::new(rng.range(-1.0, 1.0), 0.0),
                inv_mass: 1.0 / shape.area(),
                restitution: 0.0,
            });
        }
        Pile::from_bodies(bodies, (Vec2::new(-4.0, -0.8), Vec2::new(4.0, 7.2)))
    }

    /// A pile of given bodies, the camera showing `bounds`.
    pub fn from_bodies(bodies: Vec<Body>, bounds: (Vec2, Vec2)) -> Self {
        Pile {
            own_restitution: bodies.iter().map(|b| b.restitution).collect(),
            world: World::new(bodies),
            restitution: None,
            bounds,
        }
    }

    /// The demo the viewer runs: this pile in the lab, its manifolds shown.
    pub fn lab(self) -> Lab<Pile> {
        let bounds = self.bounds;
        Lab::new(self, PILE_KNOBS, bounds).with_overlay(true)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// Give every moving body restitution `e`, or (none) its own back.
    fn set_restitution(&mut self, e: Option<f32>) {
        self.restitution = e;
        let own = self.own_restitution.iter();
        for (b, own) in self.world.bodies.iter_mut().zip(own) {
            if b.inv_mass > 0.0 {
                b.restitution = e.unwrap_or(*own);
            }
        }
    }
}

impl Sim for Pile {
    /// The body the mouse holds.
    type Hold = usize;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world
            .bodies
            .iter()
            .map(|b| BodyState::particle(b.position, b.velocity, b.inv_mass))
            .collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.world.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, show_manifolds: bool) {
        for (i, b) in self.world.bodies.iter().enumerate() {
            let color = if b.inv_mass == 0.0 {
                Color::GREY
            } else if i % 2 == 0 {
                COLOR_A
            } else {
                COLOR_B
            };
            draw_shape(out, &b.shape, b.position, color);
        }
        if show_manifolds {
            for c in &self.world.collisions {
                for contact in c.manifold.contacts() {
                    out.point(contact.point, 5.0, Color::YELLOW);
                    out.segment(
                        contact.point,
                        contact.point + c.manifold.normal * 0.25,
                        Color::GREEN,
                    );
                }
            }
        }
    }

    /// The first moving body under the cursor.
    fn pick(&self, at: Vec2) -> Option<usize> {
        first_under(&self.world.bodies, |b| {
            b.inv_mass > 0.0 && b.shape.contains(b.position, at)
        })
    }

    /// The held body gets the velocity that takes it to the mouse in one step.
    fn pull(&mut self, &i: &usize, target: Vec2, dt: f32) {
        let b = &mut self.world.bodies[i];
        b.velocity = velocity_to(b.position, target, dt);
    }

    fn held_point(&self, &i: &usize) -> Option<Vec2> {
        Some(self.world.bodies[i].position)
    }
}

// ANCHOR: from_scene
/// A scene file as chapter 4 bodies: circles and axis-aligned boxes,
/// with their mass and restitution (friction waits for chapter 6).
/// Turned boxes, spin, joints and planes are refused before this runs;
/// a large static box does a plane's job here.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let mut bodies = Vec::new();
    for b in &scene.bodies {
        let shape = match b.shape {
            SceneShape::Box { half_extents } => Shape::Aabb(Aabb { half_extents }),
            SceneShape::Circle { radius } => Shape::Circle(Circle { radius }),
            // Refused: never reach here.
            SceneShape::Plane { .. }
            | SceneShape::Polygon { .. }
            | SceneShape::Capsule { .. } => {
                continue;
            }
        };
        bodies.push(Body {
            shape,
            position: b.position,
            velocity: b.velocity,
            inv_mass: b.inv_mass(),
            restitution: b.restitution,
        });
    }
    let bounds = scene_bounds(bodies.iter().map(|b| b.shape.bounds(b.position)));
    let pile = Pile::from_bodies(bodies, bounds);
    let lab = Lab::from_scene(pile, PILE_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}
// ANCHOR_END: from_scene

/// The region around a scene's bodies, with a margin, at most 100 m across.
pub fn scene_bounds(boxes: impl Iterator<Item = (Vec2, Vec2)>) -> (Vec2, Vec2) {
    let (lo, hi) = boxes.fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), (a, b)| (lo.min(a), hi.max(b)),
    );
    if !(lo.cmple(hi).all()) {
        return (Vec2::splat(-5.0), Vec2::splat(5.0));
    }
    let centre = (lo + hi) * 0.5;
    let half = ((hi - lo) * 0.5 + Vec2::splat(0.5)).min(Vec2::splat(50.0));
    (centre - half, centre + half)
}
