//! Concept figures: still pictures that a chapter draws with its own code, so the
//! picture in the book is what the code computes, not a drawing of it. The window
//! shows each like a demo, with handles (white rings) the mouse can drag, and the
//! picture is redrawn from the moved handles.

use crate::demo::BodyState;
use crate::draw::{Color, DrawList};
use crate::lab::{Lab, Sim};
use glam::Vec2;

/// A figure: where its handles are, and how it draws itself from them.
#[derive(Clone)]
pub struct Figure {
    pub handles: Vec<Vec2>,
    draw: fn(&[Vec2], &mut DrawList),
}

impl std::fmt::Debug for Figure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Figure").field("handles", &self.handles).finish()
    }
}

/// How near a handle a press must land to take it, metres.
const GRAB: f32 = 0.25;

impl Figure {
    /// The figure drawn by `draw` from `handles`, the camera on `bounds`.
    pub fn lab(
        handles: Vec<Vec2>,
        draw: fn(&[Vec2], &mut DrawList),
        bounds: (Vec2, Vec2),
    ) -> Lab<Figure> {
        Lab::new(Figure { handles, draw }, &[], bounds)
    }
}

impl Sim for Figure {
    /// The index of the handle the mouse holds.
    type Hold = usize;

    /// A figure does not move by itself.
    fn step(&mut self, _dt: f32) {}

    fn still(&self) -> bool {
        true
    }

    /// The handles, as points, so a trace or a test sees where they are.
    fn bodies(&self) -> Vec<BodyState> {
        self.handles
            .iter()
            .map(|&h| BodyState::particle(h, Vec2::ZERO, 0.0))
            .collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        (self.draw)(&self.handles, out);
        for &h in &self.handles {
            out.circle_outline(h, 0.08, Color::WHITE);
        }
    }

    fn pick(&self, at: Vec2) -> Option<usize> {
        self.handles.iter().position(|h| h.distance(at) < GRAB)
    }

    fn drag(&mut self, &mut i: &mut usize, at: Vec2) {
        self.handles[i] = at;
    }

    fn held_point(&self, &i: &usize) -> Option<Vec2> {
        Some(self.handles[i])
    }
}
