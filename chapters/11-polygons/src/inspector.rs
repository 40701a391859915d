//! Chapter 11's inspector: two shapes you move and turn, and what the
//! narrow phase makes of them: the faces' separations, the manifold, and
//! GJK's closest points.

use crate::collide::{faces_in_world, max_separation};
use crate::demos::draw_shape;
use crate::gjk::{Proxy, Simplex, distance};
use crate::{Polygon, Shape, collide, hull};
use ch04_manifolds::demos::{COLOR_A, COLOR_B};
use ch05_obb_clipping::Transform;
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under};

/// Angle choices of the A and B switches, in degrees.
const ANGLES: &[f32] = &[0.0, 15.0, 30.0, 45.0, 60.0, 90.0, 135.0, 180.0, -30.0];
/// B's shapes under the S switch: 0 triangle, 1 capsule, 2 rounded box, 3 disc.
const B_SHAPES: &[f32] = &[0.0, 1.0, 2.0, 3.0];

/// Two shapes you move and turn, and what the narrow phase makes of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspector {
    positions: [Vec2; 2],
    /// Degrees (the A and B switches).
    angles: [f32; 2],
    /// Which shape B is (the S switch).
    b_shape: f32,
    /// Show chapter 5's projected radius beside the support point.
    projected: bool,
    /// Show GJK's simplex and closest points.
    gjk: bool,
}

const INSPECTOR_KNOBS: &[Knob<Inspector>] = &[
    Knob::number(
        'a',
        "A's angle (deg)",
        ANGLES,
        |i| i.angles[0],
        |i, d| i.angles[0] = d,
    ),
    Knob::number(
        'b',
        "B's angle (deg)",
        ANGLES,
        |i| i.angles[1],
        |i, d| i.angles[1] = d,
    ),
    Knob::number(
        's',
        "B's shape (0 triangle, 1 capsule, 2 rounded box, 3 disc)",
        B_SHAPES,
        |i| i.b_shape,
        |i, s| i.b_shape = s.clamp(0.0, 3.0).round(),
    ),
    Knob::toggle(
        'p',
        "chapter 5's projected radius",
        |i| i.projected,
        |i, on| i.projected = on,
    ),
    Knob::toggle('k', "GJK's simplex", |i| i.gjk, |i, on| i.gjk = on),
];

impl Inspector {
    /// A box at the left, a triangle overlapping it at the right.
    pub fn lab() -> Lab<Inspector> {
        let inspector = Inspector {
            positions: [Vec2::new(-0.8, 0.0), Vec2::new(0.9, 0.7)],
            angles: [0.0, 15.0],
            b_shape: 0.0,
            projected: true,
            gjk: true,
        };
        Lab::new(
            inspector,
            INSPECTOR_KNOBS,
            (Vec2::new(-2.6, -1.7), Vec2::new(2.8, 3.2)),
        )
    }

    /// The two shapes and their transforms.
    pub fn shapes(&self) -> [(Shape, Transform); 2] {
        let a = Shape::Polygon(Polygon::boxed(Vec2::new(1.0, 0.6), 0.0));
        let b = match self.b_shape as u32 {
            0 => {
                let corners = [
                    Vec2::new(-0.9, -0.5),
                    Vec2::new(0.9, -0.5),
                    Vec2::new(-0.3, 0.9),
                ];
                Shape::Polygon(Polygon::new(
                    &hull(&corners).expect("a triangle"),
                    0.0,
                ))
            }
            1 => Shape::Polygon(Polygon::capsule(0.8, 0.3)),
            2 => Shape::Polygon(Polygon::boxed(Vec2::new(0.6, 0.4), 0.2)),
            _ => Shape::Circle { radius: 0.6 },
        };
        let t = |i: usize| {
            Transform::new(self.positions[i], self.angles[i].to_radians())
        };
        [(a, t(0)), (b, t(1))]
    }
}

impl Sim for Inspector {
    type Hold = (usize, Vec2);

    fn step(&mut self, _dt: f32) {}

    fn bodies(&self) -> Vec<BodyState> {
        (0..2)
            .map(|i| BodyState {
                angle: self.angles[i].to_radians(),
                ..BodyState::particle(self.positions[i], Vec2::ZERO, 0.0)
            })
            .collect()
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let [(a, ta), (b, tb)] = self.shapes();
        draw_shape(out, &a, &ta, COLOR_A);
        draw_shape(out, &b, &tb, COLOR_B);
        if let (Shape::Polygon(pa), Shape::Polygon(pb)) = (&a, &b) {
            draw_axes(out, pa, &ta, pb, &tb, self.projected);
            if let Some([reference, incident]) = faces_in_world(pa, &ta, pb, &tb) {
                out.segment_width(reference.0, reference.1, Color::YELLOW, 3.0);
                out.segment_width(incident.0, incident.1, Color::PURPLE, 3.0);
            }
        }
        // The key, above the shapes, with the numbers that would crowd
        // them: the contacts' separations and GJK's distance.
        let mut key = vec![
            (
                "each face: the other shape's deepest point, and their separation"
                    .into(),
                Color::WHITE,
            ),
            (
                "(green: apart; red: overlapping); < marks each shape's best face"
                    .into(),
                Color::GREY,
            ),
        ];
        if self.projected {
            key.push((
                "(in brackets, grey: chapter 5's projected-radius guess; P)".into(),
                Color::GREY,
            ));
        }
        key.push((
            "yellow: the reference face; purple: the incident face".into(),
            Color::YELLOW,
        ));
        if let Some(m) = collide(&a, &ta, &b, &tb, 0.5) {
            let mut line =
                "red dots and arrows: the contacts, separations".to_string();
            for c in m.contacts() {
                out.point(c.point, 6.0, Color::RED);
                out.arrow(c.point, c.point + 0.5 * m.normal, Color::RED);
                line += &format!(" {:+.3}", -c.penetration);
            }
            key.push((line + " m", Color::RED));
        }
        if self.gjk {
            let (pa, pb) = (Proxy::new(&a, &ta), Proxy::new(&b, &tb));
            let mut simplices: Vec<Simplex> = Vec::new();
            let d = distance(&pa, &pb, |s| simplices.push(*s));
            if let Some(last) = simplices.last() {
                // The simplex lives in B - A; drawn about A's centre.
                let corners: Vec<Vec2> =
                    last.corners().iter().map(|v| ta.position + v.w).collect();
                out.polygon(corners, None, Some(Color::GREEN));
            }
            let found = if d.distance > 0.0 {
                out.segment(d.point_a, d.point_b, Color::GREEN);
                format!("the closest points {:.3} m apart", d.distance)
            } else {
                "overlapping".to_string()
            };
            let iterations = match d.iterations {
                1 => "1 iteration".to_string(),
                n => format!("{n} iterations"),
            };
            key.push((
                format!("green: GJK's simplex in B - A, about A's centre; {found}, {iterations} (K)"),
                Color::GREEN,
            ));
        }
        for (k, (line, color)) in key.into_iter().enumerate() {
            out.text(Vec2::new(-2.5, 3.1 - 0.13 * k as f32), line, color);
        }
    }

    fn status(&self) -> Option<String> {
        let [(a, ta), (b, tb)] = self.shapes();
        Some(match collide(&a, &ta, &b, &tb, 0.5) {
            Some(m) => format!(
                "{} point(s), normal ({:+.2}, {:+.2}), deepest {:.3} m",
                m.contacts().len(),
                m.normal.x,
                m.normal.y,
                m.penetration
            ),
            None => "apart by more than 0.5 m".to_string(),
        })
    }

    fn pick(&self, at: Vec2) -> Option<(usize, Vec2)> {
        let shapes = self.shapes();
        let i = first_under(&shapes, |(s, t)| crate::contains(s, t.to_local(at)))?;
        Some((i, self.positions[i] - at))
    }

    fn drag(&mut self, &mut (i, offset): &mut (usize, Vec2), at: Vec2) {
        self.positions[i] = at + offset;
    }
}

/// Each face's separation, as the separating-axis test sees it: a line
/// out of the face's middle along its normal, as long as the separation
/// (green apart, red overlapping), the other shape's support point
/// against it, and with `projected` chapter 5's projected-radius figure
/// beside it (for a triangle, wrong).
fn draw_axes(
    out: &mut DrawList,
    pa: &Polygon,
    ta: &Transform,
    pb: &Polygon,
    tb: &Transform,
    projected: bool,
) {
    // The labels placed so far, as boxes (lower left, upper right): a
    // label that would cover one moves down a line until it does not.
    let mut placed: Vec<(Vec2, Vec2)> = Vec::new();
    for (p, tp, q, tq) in [(pa, ta, pb, tb), (pb, tb, pa, ta)] {
        let q_here = crate::collide::in_frame_of(tp, q, tq);
        let (best, _) = max_separation(p, &q_here);
        for i in 0..p.count {
            let n = p.normals[i];
            let (v, w) = (p.vertices[i], p.vertices[(i + 1) % p.count]);
            let deepest = q_here.vertices[crate::support(q_here.corners(), -n)];
            let s = n.dot(deepest - v);
            let mid = tp.to_world((v + w) / 2.0);
            let along = tp.rotation * n;
            let color = if s > 0.0 { Color::GREEN } else { Color::RED };
            let tip = mid + along * s.abs().clamp(0.05, 0.6);
            out.arrow(mid, tip, color);
            out.point(tp.to_world(deepest), 4.0, color);
            // One line a face past its arrow's tip: the separation, `<` on
            // the best face, and the guess beside it in grey.
            let label =
                if i == best { format!("{s:+.2} <") } else { format!("{s:+.2}") };
            let guess = projected
                .then(|| format!(" ({:+.2})", projected_separation(p, i, &q_here)));
            let chars = label.len() + guess.as_ref().map_or(0, String::len);
            let mut at = beyond(tip, along, chars);
            let width = CHAR * chars as f32;
            let covers = |at: Vec2, (lo, hi): &(Vec2, Vec2)| {
                at.x < hi.x
                    && at.x + width > lo.x
                    && at.y - LINE < hi.y
                    && at.y > lo.y
            };
            for _ in 0..6 {
                if !placed.iter().any(|r| covers(at, r)) {
                    break;
                }
                at.y -= LINE;
            }
            placed.push((
                Vec2::new(at.x, at.y - LINE),
                Vec2::new(at.x + width, at.y),
            ));
            if let Some(guess) = guess {
                out.text(
                    at + Vec2::new(CHAR * label.len() as f32, 0.0),
                    guess,
                    Color::GREY,
                );
            }
            out.text(at, label, color);
        }
    }
}

/// About how wide a character of text is at the inspector's size, and
/// how tall a line: metres.
const CHAR: f32 = 0.062;
const LINE: f32 = 0.09;

/// Where a label of `chars` characters goes for an arrow ending at `tip`
/// along `along`: just past the tip, on the arrow's side of it, so that
/// the arrows' different lengths keep the labels of faces that meet
/// apart. The text hangs below and to the right of the point returned.
fn beyond(tip: Vec2, along: Vec2, chars: usize) -> Vec2 {
    let width = CHAR * chars as f32;
    let mut at = tip + 0.06 * along;
    if along.x < -0.3 {
        at.x -= width;
    } else if along.x < 0.3 {
        at.x -= width / 2.0;
    }
    if along.y > 0.3 {
        at.y += LINE;
    } else if along.y > -0.3 {
        at.y += LINE / 2.0;
    }
    at
}

/// Chapter 5's figure for face `i` of `p`: the distance between the
/// centres along the normal, less `p`'s reach to the face and `q`'s
/// projected radius (half its extent along the normal). Right for a
/// shape symmetric about its centre, wrong for a triangle.
pub fn projected_separation(p: &Polygon, i: usize, q: &Polygon) -> f32 {
    let n = p.normals[i];
    let q_centre: Vec2 = q.corners().iter().sum::<Vec2>() / q.count as f32;
    let extent =
        q.corners().iter().map(|v| v.dot(n)).fold(f32::NEG_INFINITY, f32::max)
            - q.corners().iter().map(|v| v.dot(n)).fold(f32::INFINITY, f32::min);
    n.dot(q_centre) - n.dot(p.vertices[i]) - extent / 2.0
}
