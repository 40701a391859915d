//! Chapter 5's clipping inspector: two shapes to drag and turn, and each
//! step of the box-box test drawn, up to the one the C switch picks.

use crate::demos::draw_shape;
use crate::{
    AxisBias, ClipSteps, Obb, Shape, Transform, collide_with, obb_obb_steps,
};
use ch04_manifolds::Circle;
use ch04_manifolds::demos::{COLOR_A, COLOR_B, draw_manifold};
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};

/// The clipping stages the inspector's C switch shows, 0 to 4.
const STAGES: &[f32] = &[0.0, 1.0, 2.0, 3.0, 4.0];

/// The stage that shows everything.
pub(crate) const ALL: f32 = 4.0;

/// Angle choices of the A and B switches, in degrees.
const ANGLES: &[f32] =
    &[0.0, 10.0, 20.0, 30.0, 45.0, 60.0, 75.0, 90.0, -10.0, -30.0];

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
