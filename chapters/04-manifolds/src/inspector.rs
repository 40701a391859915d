//! Chapter 4's manifold inspector: two shapes to drag, each a circle or a
//! box, and the manifold between them drawn as it changes.

use crate::demos::{COLOR_A, COLOR_B, draw_manifold, draw_shape};
use crate::{Aabb, Circle, Manifold, Shape, collide};
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};

/// The circle an inspector slot shows when switched to a circle.
const INSPECT_CIRCLE: [Circle; 2] =
    [Circle { radius: 1.2 }, Circle { radius: 0.7 }];
/// The box an inspector slot shows when switched to a box.
const INSPECT_BOX: [Aabb; 2] = [
    Aabb { half_extents: Vec2::new(2.0, 1.0) },
    Aabb { half_extents: Vec2::new(0.9, 0.6) },
];

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
