//! Chapter 11's demos: a pile of random hulls, a ramp of tiles a box
//! slides down across the seams, a ragdoll of capsules, a pyramid of
//! polygon boxes, one of each shape, and the inspector that shows the
//! separating-axis test, the clip and GJK on two shapes you move.

use crate::collide::{faces_in_world, max_separation};
use crate::gjk::{Proxy, Simplex, distance};
use crate::{Body, Joint, Polygon, Shape, World, body, collide, fixed, hull};
use ch04_manifolds::demos::{COLOR_A, COLOR_B};
use ch05_obb_clipping::Transform;
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch09_joints::{Kind, Limit};
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Knob, Lab, Sim, first_under};
use physics_core::rng::Rng;
use physics_core::scene::Feature;

/// The chapter as the viewer sees it: its scenes may hold everything
/// chapter 10's do, and polygons and capsules.
pub const CHAPTER: Chapter = Chapter {
    number: 11,
    package: "ch11-polygons",
    title: "11. Convex polygons and rounded shapes",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(crate::scene::from_scene),
};

/// Chapter 10's features and this chapter's shapes.
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
];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pile",
        about: "60 random hulls, rounded polygons, capsules and discs poured into a bin (D drops one more)",
        make: || {
            Box::new(show(
                pile(60, 11),
                (Vec2::new(-7.0, -0.5), Vec2::new(7.0, 14.0)),
            ))
        },
    },
    DemoEntry {
        name: "tiles",
        about: "a box slides down a ramp of 16 tiles, speculative contacts on; G off: it catches on a seam",
        make: || {
            Box::new(show(tiles(), (Vec2::new(-1.0, -1.0), Vec2::new(17.0, 6.0))))
        },
    },
    DemoEntry {
        name: "ragdoll",
        about: "a ragdoll of capsules on chapter 9's pins, with limits, down a flight of steps",
        make: || {
            Box::new(show(ragdoll(), (Vec2::new(-1.0, -0.5), Vec2::new(9.0, 6.5))))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "a 12-row pyramid of boxes made as polygons, started touching",
        make: || {
            Box::new(show(
                pyramid(12),
                (Vec2::new(-8.2, -1.0), Vec2::new(8.2, 13.2)),
            ))
        },
    },
    DemoEntry {
        name: "shapes",
        about: "one of each: triangle, pentagon, hexagon, rounded box, capsule, disc",
        make: || {
            Box::new(show(shapes(), (Vec2::new(-6.0, -0.5), Vec2::new(6.0, 7.5))))
        },
    },
    DemoEntry {
        name: "inspect",
        about: "drag either shape; A/B turn them, S B's shape, P the projected radius, K GJK",
        make: || Box::new(Inspector::lab()),
    },
    DemoEntry {
        name: "rounded",
        about: "a figure: a rounded shape is a core and a radius; GJK's core distance less both radii is the gap (drag the capsule)",
        make: || Box::new(crate::figures::rounded()),
    },
];

// ANCHOR: switches
const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0];

/// This chapter's switches.
pub const KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'g',
        "floors hide their shared faces (the ghost-collision remedy)",
        |w| w.settings.floors,
        |w, on| w.settings.floors = on,
    ),
    Knob::toggle(
        'k',
        "speculative contacts within 2 cm (chapter 12)",
        |w| w.settings.margin > 0.0,
        |w, on| {
            w.settings.margin = if on { crate::SPECULATIVE_DISTANCE } else { 0.0 }
        },
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.base.soft.substeps as f32,
        |w, n| w.base.soft.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::toggle(
        'f',
        "friction",
        |w| w.base.base.base.settings.friction,
        |w, on| w.base.base.base.settings.friction = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
    Knob::action('d', "drop a random hull", drop_hull),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
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
        self.base.base.base.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.base.base.base.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.base.base.base.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        for (i, (b, shape)) in self.bodies().iter().zip(&self.shapes).enumerate() {
            draw_shape(out, shape, &b.transform(), body_color(b, i));
        }
        ch09_joints::demos::draw_joints(out, &self.base.base);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(
                out,
                &self.base.base.base,
            );
        }
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "soft step, {} substeps; {} bodies, {} contacts, deepest {:.1} mm{}",
            self.base.soft.substeps,
            self.bodies().len(),
            self.base.base.base.contact_count(),
            1000.0 * self.max_penetration(),
            if self.settings.floors { "" } else { "; floors' seams showing" }
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.body_at(at)?;
        let local = self.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.base.base.pull(hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }
}

/// Grey when static, blue and orange in turn otherwise.
fn body_color(b: &Body, i: usize) -> Color {
    ch06_rotation_friction::demos::body_color(b, i)
}

/// Draw `shape` placed by `t`: its outline filled, and a line from its
/// centre to show it turn.
pub fn draw_shape(out: &mut DrawList, shape: &Shape, t: &Transform, color: Color) {
    let fill = Some(Color(0x1c2030).lerp(color, 0.18));
    let reach = match shape {
        Shape::Circle { radius } => {
            out.items.push(DrawItem::Circle {
                center: t.position,
                radius: *radius,
                fill,
                stroke: Some(color),
            });
            *radius
        }
        Shape::Polygon(p) => {
            let corners = p.corners().iter().map(|v| t.to_world(*v)).collect();
            out.rounded(corners, p.radius, fill, Some(color));
            p.vertices[0].length() * 0.5
        }
    };
    out.segment(t.position, t.to_world(Vec2::new(reach, 0.0)), color);
}

// ANCHOR: scenes
/// A static floor `width` wide with its top at `y = 0`, a thick box.
fn floor(width: f32) -> (Body, Shape) {
    let slab = Polygon::boxed(Vec2::new(width / 2.0, 0.5), 0.0);
    let (mut b, s) = fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0);
    b.friction = 0.6;
    (b, s)
}

/// A random convex shape about the origin, at most `size` across: a hull
/// of 3 to 8 random points, sometimes rounded, or a capsule or a disc.
/// A hull thinner than a quarter of `size` is drawn again: a needle
/// wedged between two pieces is the hard case of any solver (it sits 2 to
/// 3 cm deep in a pile of these), and not what the pile is about.
pub fn random_shape(rng: &mut Rng, size: f32) -> Shape {
    let half = size / 2.0;
    match rng.next_u64() % 8 {
        0 => Shape::Circle { radius: rng.range(0.3, 1.0) * half },
        1 => Shape::Polygon(Polygon::capsule(
            rng.range(0.3, 0.6) * half,
            rng.range(0.2, 0.4) * half,
        )),
        _ => loop {
            let n = 3 + (rng.next_u64() % 6) as usize;
            let points: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.range(-half, half), rng.range(-half, half)))
                .collect();
            if let Some(h) =
                hull(&points).ok().filter(|h| width(h.points()) > 0.25 * size)
            {
                let rounded = rng.next_u64() % 3 == 0;
                break Shape::Polygon(Polygon::new(
                    &h,
                    if rounded { 0.05 * size } else { 0.0 },
                ));
            }
        },
    }
}

/// How thin a convex polygon is: the least, over its faces, of how far
/// its farthest corner lies from the face's line.
fn width(corners: &[Vec2]) -> f32 {
    let n = corners.len();
    (0..n)
        .map(|i| {
            let (v, w) = (corners[i], corners[(i + 1) % n]);
            let along = (w - v).normalize_or_zero();
            corners.iter().map(|&c| along.perp_dot(c - v)).fold(0.0, f32::max)
        })
        .fold(f32::INFINITY, f32::min)
}

/// `n` random shapes (seeded by `seed`) above a bin 12 m wide.
pub fn pile(n: usize, seed: u64) -> World {
    let mut rng = Rng::new(seed);
    let mut pieces = vec![floor(40.0)];
    for x in [-6.25, 6.25] {
        let wall = Polygon::boxed(Vec2::new(0.25, 4.0), 0.0);
        pieces.push(fixed(Shape::Polygon(wall), Vec2::new(x, 4.0), 0.0));
    }
    for i in 0..n {
        let at = Vec2::new(-4.5 + 1.5 * (i % 7) as f32, 1.5 + 1.3 * (i / 7) as f32);
        let shape = random_shape(&mut rng, 1.1);
        let mut piece = body(shape, at, rng.range(0.0, std::f32::consts::TAU), 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// The tiles' slope, radians.
pub const TILE_SLOPE: f32 = 0.25;

/// 16 tiles, 1 m square, end to end down a slope of `TILE_SLOPE`, their
/// shared faces hidden (each is a floor); a 0.6 m box of 50 kg at the top,
/// friction 0.1, sliding down across 15 seams; speculative contacts on.
pub fn tiles() -> World {
    let down = physics_core::trig::from_angle(-TILE_SLOPE);
    let up = Vec2::new(-down.y, down.x);
    let top = Vec2::new(0.0, 16.0 * TILE_SLOPE.sin() + 0.5);
    let mut pieces = vec![floor(60.0)];
    for i in 0..16 {
        let centre = top + down * (i as f32 + 0.5) - up * 0.5;
        let mut tile = Polygon::boxed(Vec2::splat(0.5), 0.0);
        // Face 1 is -x (up the slope), face 3 is +x (down it).
        if i > 0 {
            tile = tile.with_hidden_face(1);
        }
        if i < 15 {
            tile = tile.with_hidden_face(3);
        }
        let (mut b, s) = fixed(Shape::Polygon(tile), centre, -TILE_SLOPE);
        b.friction = 0.1;
        pieces.push((b, s));
    }
    let start = top + down * 0.5 + up * 0.3;
    let (mut crate_, shape) = body(
        Shape::Polygon(Polygon::boxed(Vec2::splat(0.3), 0.0)),
        start,
        -TILE_SLOPE,
        50.0 / 0.36,
    );
    crate_.friction = 0.1;
    pieces.push((crate_, shape));
    let mut world = World::new(pieces, Vec::new());
    // Box2D's speculative contacts: they see the next tile's corner coming.
    world.settings.margin = crate::SPECULATIVE_DISTANCE;
    world
}

/// A pyramid of `rows` rows of 1 m boxes as polygons, 10 kg each,
/// friction 0.6, started touching (chapter 10's large pyramid).
pub fn pyramid(rows: usize) -> World {
    let mut pieces = vec![floor(60.0)];
    for row in 0..rows {
        let count = rows - row;
        let left = -(count as f32 - 1.0) / 2.0;
        for i in 0..count {
            let at = Vec2::new(left + i as f32, 0.5 + row as f32);
            let mut piece = body(
                Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0)),
                at,
                0.0,
                10.0,
            );
            piece.0.friction = 0.6;
            pieces.push(piece);
        }
    }
    World::new(pieces, Vec::new())
}

/// One of each shape, dropped side by side.
pub fn shapes() -> World {
    let triangle =
        hull(&[Vec2::new(-0.6, -0.4), Vec2::new(0.6, -0.4), Vec2::new(0.0, 0.7)]);
    let list = [
        Shape::Polygon(Polygon::new(&triangle.expect("a triangle"), 0.0)),
        Shape::Polygon(Polygon::regular(5, 0.6, 0.0)),
        Shape::Polygon(Polygon::regular(6, 0.6, 0.0)),
        Shape::Polygon(Polygon::boxed(Vec2::new(0.5, 0.35), 0.12)),
        Shape::Polygon(Polygon::capsule(0.45, 0.25)),
        Shape::Circle { radius: 0.5 },
    ];
    let mut pieces = vec![floor(40.0)];
    for (i, shape) in list.into_iter().enumerate() {
        let at = Vec2::new(-4.5 + 1.8 * i as f32, 2.0 + 0.7 * i as f32);
        let mut piece = body(shape, at, 0.4 * i as f32, 1.0);
        piece.0.friction = 0.6;
        pieces.push(piece);
    }
    World::new(pieces, Vec::new())
}

/// A ragdoll of capsules (a disc for the head) on pins with limits,
/// pushed off the top of a flight of five steps.
pub fn ragdoll() -> World {
    let mut pieces = vec![floor(40.0)];
    // Five steps 0.5 m high and 1.2 m deep, the top one at the left.
    for i in 0..5 {
        let depth = 1.2 * (5 - i) as f32;
        let step = Polygon::boxed(Vec2::new(depth / 2.0, 0.25), 0.0);
        let (mut b, s) = fixed(
            Shape::Polygon(step),
            Vec2::new(depth / 2.0, 0.25 + 0.5 * i as f32),
            0.0,
        );
        b.friction = 0.6;
        pieces.push((b, s));
    }
    let capsule = |half: f32, r: f32| Shape::Polygon(Polygon::capsule(half, r));
    let upright = std::f32::consts::FRAC_PI_2;
    // Standing on the top step, pushed towards its edge at 3.5 m/s.
    let hip = Vec2::new(0.6, 3.55);
    // (shape, centre, angle): torso, head, upper and lower arms and legs.
    let parts = [
        (capsule(0.3, 0.15), hip + Vec2::new(0.0, 0.45), upright),
        (Shape::Circle { radius: 0.17 }, hip + Vec2::new(0.0, 1.08), 0.0),
        (capsule(0.15, 0.06), hip + Vec2::new(0.0, 0.62), -upright),
        (capsule(0.15, 0.06), hip + Vec2::new(0.0, 0.28), -upright),
        (capsule(0.2, 0.08), hip + Vec2::new(-0.1, -0.25), upright),
        (capsule(0.2, 0.07), hip + Vec2::new(-0.1, -0.75), upright),
        (capsule(0.2, 0.08), hip + Vec2::new(0.1, -0.25), upright),
        (capsule(0.2, 0.07), hip + Vec2::new(0.1, -0.75), upright),
    ];
    let first = pieces.len();
    for (shape, at, angle) in parts {
        let mut piece = body(shape, at, angle, 1.0);
        piece.0.friction = 0.6;
        piece.0.velocity = Vec2::new(3.5, 0.0);
        pieces.push(piece);
    }
    let bodies: Vec<Body> = pieces.iter().map(|p| p.0).collect();
    let pin = |a: usize, b: usize, at: Vec2, lower: f32, upper: f32| {
        let mut j = Joint::revolute(&bodies, first + a, first + b, at);
        j.kind =
            Kind::Revolute { limit: Some(Limit { lower, upper }), motor: None };
        j
    };
    let joints = vec![
        pin(0, 1, hip + Vec2::new(0.0, 0.9), -0.6, 0.6),
        pin(0, 2, hip + Vec2::new(0.0, 0.77), -2.5, 2.5),
        pin(2, 3, hip + Vec2::new(0.0, 0.45), 0.0, 2.5),
        pin(0, 4, hip + Vec2::new(-0.1, 0.0), -1.5, 1.5),
        pin(4, 5, hip + Vec2::new(-0.1, -0.5), -2.5, 0.0),
        pin(0, 6, hip + Vec2::new(0.1, 0.0), -1.5, 1.5),
        pin(6, 7, hip + Vec2::new(0.1, -0.5), -2.5, 0.0),
    ];
    World::new(pieces, joints)
}
// ANCHOR_END: scenes

/// D: a random hull dropped from above the middle of the camera's view.
fn drop_hull(w: &mut World) {
    let n = w.shapes.len() as u64;
    let mut rng = Rng::new(0x5eed ^ n);
    let top = w
        .bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0)
        .map(|b| b.position.y)
        .fold(2.0, f32::max);
    let at = Vec2::new(rng.range(-2.0, 2.0), top + 2.0);
    let (b, s) = body(
        random_shape(&mut rng, 1.0),
        at,
        rng.range(0.0, std::f32::consts::TAU),
        1.0,
    );
    w.base.base.base.bodies.push(b);
    w.shapes.push(s);
}

// ---------------------------------------------------------------------------------------------
// The inspector.

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
            (Vec2::new(-2.6, -1.7), Vec2::new(2.8, 2.1)),
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
            if d.distance > 0.0 {
                out.segment(d.point_a, d.point_b, Color::GREEN);
                let mid = (d.point_a + d.point_b) / 2.0;
                out.text(
                    mid,
                    format!("GJK {:.3} m, {} iterations", d.distance, d.iterations),
                    Color::GREEN,
                );
            }
        }
        if let Some(m) = collide(&a, &ta, &b, &tb, 0.5) {
            for c in m.contacts() {
                out.point(c.point, 6.0, Color::RED);
                out.arrow(c.point, c.point + 0.5 * m.normal, Color::RED);
                out.text(
                    c.point + Vec2::new(0.1, -0.25),
                    format!("{:+.3}", -c.penetration),
                    Color::RED,
                );
            }
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
            out.arrow(mid, mid + along * s.abs().clamp(0.05, 0.6), color);
            out.point(tp.to_world(deepest), 4.0, color);
            let label =
                if i == best { format!("{s:+.2} <") } else { format!("{s:+.2}") };
            out.text(mid + along * 0.3, label, color);
            if projected {
                let guess = projected_separation(p, i, &q_here);
                out.text(
                    mid + along * 0.3 + Vec2::new(0.0, -0.25),
                    format!("({guess:+.2})"),
                    Color::GREY,
                );
            }
        }
    }
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
