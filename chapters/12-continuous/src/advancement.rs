//! Chapter 12's inspector: a body's path past a post, and conservative
//! advancement along it, step by step.

use crate::{Polygon, Shape};
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};

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
