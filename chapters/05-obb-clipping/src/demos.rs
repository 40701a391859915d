//! Chapter 5's demos: the clipping inspector at fixed configurations and steps, and
//! turned boxes falling onto each other.

use crate::world::{Body, World};
use crate::{
    AxisBias, ClipSteps, Obb, Shape, Transform, collide_with, obb_obb_steps,
};
use ch04_manifolds::demos::{COLOR_A, COLOR_B, draw_manifold, scene_bounds};
use ch04_manifolds::{Circle, box_vertex};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under, velocity_to};
use physics_core::rng::Rng;
use physics_core::scene::{Feature, Scene, SceneError, Shape as SceneShape};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 5,
    supports: &[
        Feature::Gravity,
        Feature::Restitution,
        Feature::StaticBodies,
        Feature::Boxes,
        Feature::TurnedBoxes,
    ],
    package: "ch05-obb-clipping",
    title: "5. OBB clipping",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The clipping stages the inspector's C switch shows, 0 to 4.
const STAGES: &[f32] = &[0.0, 1.0, 2.0, 3.0, 4.0];
/// The stage that shows everything.
const ALL: f32 = 4.0;
/// Angle choices of the A and B switches, in degrees.
const ANGLES: &[f32] =
    &[0.0, 10.0, 20.0, 30.0, 45.0, 60.0, 75.0, 90.0, -10.0, -30.0];

macro_rules! inspector {
    ($name:expr, $about:expr, $b:expr, $angle_a:expr, $angle_b:expr, $stage:expr) => {
        DemoEntry {
            name: $name,
            about: $about,
            make: || Box::new(Inspector::new($b, $angle_a, $angle_b, $stage).lab()),
        }
    };
}

/// The demos, in the order Tab walks through them. The inspectors differ only in
/// where they start, so the book can show each configuration and each clipping
/// step.
pub const DEMOS: &[DemoEntry] = &[
    inspector!(
        "inspect",
        "drag either box; A/B turn them, C steps through clipping, J the axis bias, S B's shape",
        Vec2::new(0.9, 1.55),
        0.0,
        20.0,
        ALL
    ),
    inspector!(
        "edge-on-edge",
        "B's bottom face on A's top face",
        Vec2::new(0.9, 1.45),
        0.0,
        0.0,
        ALL
    ),
    inspector!(
        "corner-on-edge",
        "B's corner in A's top face: one contact",
        Vec2::new(0.6, 1.8),
        0.0,
        45.0,
        ALL
    ),
    inspector!(
        "rotated-45",
        "both boxes turned 45 degrees",
        Vec2::new(0.4, 1.1),
        45.0,
        45.0,
        ALL
    ),
    inspector!(
        "deep",
        "a deep overlap, both turned",
        Vec2::new(0.5, 0.6),
        10.0,
        30.0,
        ALL
    ),
    inspector!(
        "step-axes",
        "clipping step 0: the penetration on each face axis",
        Vec2::new(0.9, 1.55),
        0.0,
        20.0,
        0.0
    ),
    inspector!(
        "step-faces",
        "step 1: reference face (thick) and incident face",
        Vec2::new(0.9, 1.55),
        0.0,
        20.0,
        1.0
    ),
    inspector!(
        "step-clip-1",
        "step 2: clipped to the first side plane",
        Vec2::new(0.9, 1.55),
        0.0,
        20.0,
        2.0
    ),
    inspector!(
        "step-clip-2",
        "step 3: clipped to the second side plane",
        Vec2::new(0.9, 1.55),
        0.0,
        20.0,
        3.0
    ),
    DemoEntry {
        name: "tumble",
        about: "turned boxes and circles falling onto a floor and each other (they do not spin until chapter 6)",
        make: || Box::new(Tumble::new(20, 5).lab()),
    },
    DemoEntry {
        name: "shadows",
        about: "a figure: each box's shadow on the four face axes; the least overlap is the penetration (drag B)",
        make: || Box::new(crate::figures::shadows()),
    },
];

/// The inspector's A box and B box.
const INSPECT_A: Obb = Obb { half_extents: Vec2::new(2.0, 1.0) };
const INSPECT_B: Obb = Obb { half_extents: Vec2::new(1.0, 0.6) };
const INSPECT_CIRCLE: Circle = Circle { radius: 0.7 };

/// The clipping inspector: two shapes to drag and turn, and every step
/// of the box-box test drawn up to `stage`.
#[derive(Clone, Debug)]
pub struct Inspector {
    shapes: [Shape; 2],
    positions: [Vec2; 2],
    /// Angles in degrees (the A and B switches).
    angles: [f32; 2],
    /// 0: axes, 1: faces, 2 and 3: side planes, 4: everything.
    stage: f32,
    bias: bool,
}

/// What the inspector's camera shows.
const INSPECT_BOUNDS: (Vec2, Vec2) = (Vec2::new(-4.0, -3.0), Vec2::new(4.0, 3.0));

/// The inspector's switches: A and B turn the shapes, C steps through clipping, J
/// the axis bias, S makes B a circle.
const INSPECTOR_KNOBS: &[Knob<Inspector>] = &[
    Knob::number(
        'a',
        "A's angle (deg)",
        ANGLES,
        |i| i.angles[0],
        |i, deg| i.angles[0] = deg,
    ),
    Knob::number(
        'b',
        "B's angle (deg)",
        ANGLES,
        |i| i.angles[1],
        |i, deg| i.angles[1] = deg,
    ),
    Knob::number(
        'c',
        "clipping step (4: all)",
        STAGES,
        |i| i.stage,
        |i, stage| i.stage = stage,
    ),
    Knob::toggle('j', "axis bias", |i| i.bias, |i, on| i.bias = on),
    Knob::toggle(
        's',
        "B is a circle",
        |i| matches!(i.shapes[1], Shape::Circle(_)),
        |i, circle| {
            i.shapes[1] = if circle {
                Shape::Circle(INSPECT_CIRCLE)
            } else {
                Shape::Box(INSPECT_B)
            }
        },
    ),
];

impl Inspector {
    /// A at the origin turned `angle_a` degrees, B at `b_at` turned `angle_b`.
    pub fn new(b_at: Vec2, angle_a: f32, angle_b: f32, stage: f32) -> Self {
        Inspector {
            shapes: [Shape::Box(INSPECT_A), Shape::Box(INSPECT_B)],
            positions: [Vec2::ZERO, b_at],
            angles: [angle_a, angle_b],
            stage,
            bias: true,
        }
    }

    /// The demo the viewer runs: the two shapes in the lab, with the inspector's
    /// switches.
    pub fn lab(self) -> Lab<Inspector> {
        Lab::new(self, INSPECTOR_KNOBS, INSPECT_BOUNDS)
    }

    fn transform(&self, slot: usize) -> Transform {
        Transform::new(self.positions[slot], self.angles[slot].to_radians())
    }

    fn axis_bias(&self) -> AxisBias {
        if self.bias { AxisBias::DEFAULT } else { AxisBias::NONE }
    }

    /// The box-box steps, when both shapes are boxes and overlap.
    pub fn steps(&self) -> Option<ClipSteps> {
        match self.shapes {
            [Shape::Box(a), Shape::Box(b)] => obb_obb_steps(
                &a,
                &self.transform(0),
                &b,
                &self.transform(1),
                &self.axis_bias(),
            ),
            _ => None,
        }
    }

    /// Move shape `slot` (0 for A, 1 for B) to `at`, turned `angle` degrees.
    pub fn place(&mut self, slot: usize, at: Vec2, angle: f32) {
        self.positions[slot % 2] = at;
        self.angles[slot % 2] = angle;
    }
}

pub(crate) fn draw_shape(
    out: &mut DrawList,
    shape: &Shape,
    t: &Transform,
    color: Color,
) {
    let fill = Some(Color(0x1c2030).lerp(color, 0.18));
    match *shape {
        Shape::Circle(c) => out.items.push(DrawItem::Circle {
            center: t.position,
            radius: c.radius,
            fill,
            stroke: Some(color),
        }),
        Shape::Box(b) => {
            let corners =
                (0..4).map(|v| t.to_world(box_vertex(b.half_extents, v))).collect();
            out.polygon(corners, fill, Some(color));
        }
    }
}

/// How far a side plane is drawn either side of the reference face, in metres.
const PLANE_REACH: f32 = 2.5;

fn draw_steps(
    out: &mut DrawList,
    s: &ClipSteps,
    stage: f32,
    caption_at: Vec2,
    line: f32,
) {
    let names = ["A x", "A y", "B x", "B y"];
    let text = names
        .iter()
        .zip(s.axis_penetrations)
        .enumerate()
        .map(|(i, (n, p))| {
            format!("{}{n} {p:.3}", if i == s.axis { "*" } else { " " })
        })
        .collect::<Vec<_>>()
        .join("  ");
    out.text(
        caption_at + Vec2::new(0.0, line),
        format!("axes: {text}"),
        Color::CYAN,
    );
    if stage >= 1.0 {
        let [p, q] = s.reference_face.ends;
        out.segment_width(p, q, Color::PURPLE, 5.0);
        // Labels at the faces' ends, so they never sit on top of each other: the
        // reference label under the reference face's left end, the incident one
        // beside its upper end.
        let left = if p.x <= q.x { p } else { q };
        out.text(left + Vec2::new(0.05, -0.08), "reference", Color::PURPLE);
        let [p, q] = s.incident_face.ends;
        out.segment_width(p, q, Color::CYAN, 5.0);
        let upper = if p.y >= q.y { p } else { q };
        out.text(upper + Vec2::new(0.1, 0.1), "incident", Color::CYAN);
    }
    if stage >= 2.0 {
        let shown = if stage >= 3.0 { 2 } else { 1 };
        for plane in &s.side_planes[..shown] {
            let on = plane.normal * plane.offset;
            let along = plane.normal.perp() * PLANE_REACH;
            out.segment(on - along, on + along, Color::GREY);
        }
        let [p, q] = s.clipped[shown];
        out.point(p.point, 8.0, Color::WHITE);
        out.point(q.point, 8.0, Color::WHITE);
        out.segment(p.point, q.point, Color::WHITE);
    }
}

impl Sim for Inspector {
    /// The shape the mouse holds, and where on it the mouse took it.
    type Hold = (usize, Vec2);

    /// Nothing moves by itself: the mouse moves the shapes.
    fn step(&mut self, _dt: f32) {}

    fn bodies(&self) -> Vec<BodyState> {
        (0..2)
            .map(|i| {
                let mut b = BodyState::particle(self.positions[i], Vec2::ZERO, 1.0);
                b.angle = self.angles[i].to_radians();
                b
            })
            .collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let (lo, hi) = INSPECT_BOUNDS;
        for (slot, color) in [(0, COLOR_A), (1, COLOR_B)] {
            let t = self.transform(slot);
            draw_shape(out, &self.shapes[slot], &t, color);
            out.text(t.position - Vec2::new(0.05, -0.05), ["A", "B"][slot], color);
        }
        let line = (hi.y - lo.y) / 34.0;
        let caption_at = Vec2::new(lo.x + 0.2, lo.y + 3.5 * line);
        if let Some(steps) = self.steps() {
            draw_steps(out, &steps, self.stage, caption_at, line);
        } else if matches!(self.shapes[1], Shape::Circle(_)) && self.stage < ALL {
            // Clipping is the box-box test's; a circle takes chapter 4's test.
            let why = "B is a circle: no clipping steps (chapter 4's box-circle test); \
                       C to 4 shows its manifold";
            out.text(caption_at, why, Color::GREY);
        }
        let m = collide_with(
            &self.shapes[0],
            &self.transform(0),
            &self.shapes[1],
            &self.transform(1),
            &self.axis_bias(),
        );
        match m {
            Some(m) if self.stage >= ALL => {
                draw_manifold(out, &m, caption_at, line)
            }
            Some(_) => {}
            None => out.text(caption_at, "apart: no manifold", Color::GREY),
        }
    }

    /// B first: it is drawn on top.
    fn pick(&self, at: Vec2) -> Option<(usize, Vec2)> {
        [1, 0]
            .into_iter()
            .find(|&i| self.shapes[i].contains(&self.transform(i), at))
            .map(|i| (i, at - self.positions[i]))
    }

    /// The held shape follows the mouse, keeping where on it the mouse took it.
    fn drag(&mut self, &mut (i, offset): &mut (usize, Vec2), at: Vec2) {
        self.positions[i] = at - offset;
    }
}

/// Turned boxes and circles falling onto a floor, resolved with chapter 4's
/// pipeline.
#[derive(Clone, Debug)]
pub struct Tumble {
    world: World,
    bounds: (Vec2, Vec2),
}

/// The tumble's switches: M the manifolds, J the axis bias, C positional
/// correction.
const TUMBLE_KNOBS: &[Knob<Tumble>] = &[
    Knob::overlay('m', "show manifolds"),
    Knob::toggle(
        'j',
        "axis bias",
        |t| t.world.bias == AxisBias::DEFAULT,
        |t, on| t.world.bias = if on { AxisBias::DEFAULT } else { AxisBias::NONE },
    ),
    Knob::toggle(
        'c',
        "positional correction",
        |t| t.world.correction.enabled,
        |t, on| t.world.correction.enabled = on,
    ),
];

impl Tumble {
    /// `n` bodies of seeded random sizes and angles above a wide static floor.
    pub fn new(n: usize, seed: u64) -> Self {
        let wall = |x: f32, y: f32, hx: f32, hy: f32, angle: f32| Body {
            shape: Shape::Box(Obb { half_extents: Vec2::new(hx, hy) }),
            transform: Transform::new(Vec2::new(x, y), angle),
            velocity: Vec2::ZERO,
            inv_mass: 0.0,
            restitution: 0.0,
        };
        // A floor, two walls leaning out, and a tilted shelf on the left.
        let mut bodies = vec![
            wall(0.0, -0.25, 4.0, 0.25, 0.0),
            wall(-3.9, 2.5, 0.2, 2.8, -0.15),
            wall(3.9, 2.5, 0.2, 2.8, 0.15),
            wall(-2.0, 1.6, 1.0, 0.1, -0.35),
        ];
        let mut rng = Rng::new(seed);
        for i in 0..n {
            let shape = if i % 4 == 3 {
                Shape::Circle(Circle { radius: rng.range(0.2, 0.35) })
            } else {
                Shape::Box(Obb {
                    half_extents: Vec2::new(
                        rng.range(0.2, 0.45),
                        rng.range(0.15, 0.3),
                    ),
                })
            };
            let at = Vec2::new(rng.range(-2.5, 2.5), 1.0 + i as f32 * 0.6);
            bodies.push(Body {
                shape,
                transform: Transform::new(at, rng.range(-0.6, 0.6)),
                velocity: Vec2::ZERO,
                inv_mass: 1.0 / shape.area(),
                restitution: 0.0,
            });
        }
        Tumble::from_bodies(bodies, (Vec2::new(-4.5, -1.0), Vec2::new(4.5, 6.0)))
    }

    pub fn from_bodies(bodies: Vec<Body>, bounds: (Vec2, Vec2)) -> Self {
        Tumble { world: World::new(bodies), bounds }
    }

    /// The demo the viewer runs: these bodies in the lab, their manifolds shown.
    pub fn lab(self) -> Lab<Tumble> {
        let bounds = self.bounds;
        Lab::new(self, TUMBLE_KNOBS, bounds).with_overlay(true)
    }

    pub fn world(&self) -> &World {
        &self.world
    }
}

impl Sim for Tumble {
    /// The body the mouse holds.
    type Hold = usize;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world
            .bodies
            .iter()
            .map(|b| {
                let mut s = BodyState::particle(
                    b.transform.position,
                    b.velocity,
                    b.inv_mass,
                );
                let x_axis = b.transform.rotation.x_axis;
                s.angle = physics_core::trig::atan2(x_axis.y, x_axis.x);
                s
            })
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
            let color = match (b.inv_mass == 0.0, i % 2) {
                (true, _) => Color::GREY,
                (false, 0) => COLOR_A,
                _ => COLOR_B,
            };
            draw_shape(out, &b.shape, &b.transform, color);
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
            b.inv_mass > 0.0 && b.shape.contains(&b.transform, at)
        })
    }

    /// The held body gets the velocity that takes it to the mouse in one step.
    fn pull(&mut self, &i: &usize, target: Vec2, dt: f32) {
        let b = &mut self.world.bodies[i];
        b.velocity = velocity_to(b.transform.position, target, dt);
    }

    fn held_point(&self, &i: &usize) -> Option<Vec2> {
        Some(self.world.bodies[i].transform.position)
    }
}

/// A scene file as chapter 5 bodies: circles and boxes at any angle,
/// with their mass and restitution (friction waits for chapter 6).
/// Spin, joints and planes are refused before this runs; a large
/// static box does a plane's job here.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let mut bodies = Vec::new();
    for b in &scene.bodies {
        let shape = match b.shape {
            SceneShape::Box { half_extents } => Shape::Box(Obb { half_extents }),
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
            transform: Transform::new(b.position, b.angle),
            velocity: b.velocity,
            inv_mass: b.inv_mass(),
            restitution: b.restitution,
        });
    }
    let bounds = scene_bounds(bodies.iter().map(|b| {
        let r = Vec2::splat(b.shape.reach());
        (b.transform.position - r, b.transform.position + r)
    }));
    let tumble = Tumble::from_bodies(bodies, bounds);
    let lab = Lab::from_scene(tumble, TUMBLE_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}
