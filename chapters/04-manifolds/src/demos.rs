//! Chapter 4's demos: the manifold inspector at a few fixed configurations, and a
//! pile.

use crate::inspector::Inspector;
use crate::{Body, Collision, Manifold, Shape, World};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under, velocity_to};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

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

/// A scene file as this chapter's demo: [`crate::scene::bodies`] in a
/// pile, contacts shown.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (bodies, bounds) = crate::scene::bodies(scene);
    let pile = Pile::from_bodies(bodies, bounds);
    let lab = Lab::from_scene(pile, PILE_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_overlay(true)))
}

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

/// Colours of shape A and shape B, everywhere in the chapter.
pub const COLOR_A: Color = Color::BLUE;
pub const COLOR_B: Color = Color::ORANGE;
/// How long the normal arrow is drawn, in metres (the normal itself is unit
/// length).
const NORMAL_ARROW: f32 = 1.0;

/// The overlay of a world's contacts: each point of each manifold, with a
/// short stroke along the manifold's normal.
pub fn draw_collisions(out: &mut DrawList, collisions: &[Collision]) {
    for c in collisions {
        for contact in c.manifold.contacts() {
            out.point(contact.point, 5.0, Color::YELLOW);
            let tip = contact.point + c.manifold.normal * 0.25;
            out.segment(contact.point, tip, Color::GREEN);
        }
    }
}

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

/// The pile's switches: M the manifolds, C positional correction, A the approach
/// check, E one restitution for every moving body, I the solver's passes.
pub(crate) const PILE_KNOBS: &[Knob<Pile>] = &[
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
            draw_collisions(out, &self.world.collisions);
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
