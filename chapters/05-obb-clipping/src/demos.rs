//! Chapter 5's demos: the clipping inspector at fixed configurations and steps, and
//! turned boxes falling onto each other.

use crate::inspector::{ALL, Inspector};
use crate::world::{Body, World};
use crate::{AxisBias, Shape, Transform};
use ch04_manifolds::box_vertex;
use ch04_manifolds::demos::{COLOR_A, COLOR_B, draw_collisions};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under, velocity_to};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

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

/// A scene file as this chapter's demo: [`crate::scene::bodies`] tumbling,
/// contacts shown.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (bodies, bounds) = crate::scene::bodies(scene);
    let tumble = Tumble::from_bodies(bodies, bounds);
    let lab = Lab::from_scene(tumble, TUMBLE_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}

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

/// Turned boxes and circles falling onto a floor, resolved with chapter 4's
/// pipeline.
#[derive(Clone, Debug)]
pub struct Tumble {
    world: World,
    bounds: (Vec2, Vec2),
}

/// The tumble's switches: M the manifolds, J the axis bias, C positional
/// correction.
pub(crate) const TUMBLE_KNOBS: &[Knob<Tumble>] = &[
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
            draw_collisions(out, &self.world.collisions);
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
