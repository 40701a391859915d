//! A body's mass properties from its shapes, against an independent
//! computation in f64 from each shape's textbook formula and the
//! parallel-axis theorem; and a compound pendulum's period against
//! `2 pi sqrt(I / (m g d))`.

use ch09_joints::Kind;
use ch11_polygons::{Polygon, Shape};
use ch15_game_api::{BodyDef, BodyKind, JointDef, ShapeDef, World, body_mass};
use glam::Vec2;
use proptest::prelude::*;

/// A point or vector in f64.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct DVec2 {
    x: f64,
    y: f64,
}

impl DVec2 {
    const ZERO: DVec2 = DVec2 { x: 0.0, y: 0.0 };
    fn new(x: f64, y: f64) -> DVec2 {
        DVec2 { x, y }
    }
    fn length_squared(self) -> f64 {
        self.x * self.x + self.y * self.y
    }
    fn length(self) -> f64 {
        self.length_squared().sqrt()
    }
}

impl std::ops::Add for DVec2 {
    type Output = DVec2;
    fn add(self, o: DVec2) -> DVec2 {
        DVec2::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for DVec2 {
    type Output = DVec2;
    fn sub(self, o: DVec2) -> DVec2 {
        DVec2::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::AddAssign for DVec2 {
    fn add_assign(&mut self, o: DVec2) {
        *self = *self + o;
    }
}

impl std::ops::Mul<DVec2> for f64 {
    type Output = DVec2;
    fn mul(self, v: DVec2) -> DVec2 {
        DVec2::new(self * v.x, self * v.y)
    }
}

impl std::ops::Div<f64> for DVec2 {
    type Output = DVec2;
    fn div(self, s: f64) -> DVec2 {
        DVec2::new(self.x / s, self.y / s)
    }
}

impl std::fmt::Display for DVec2 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

/// `v` in f64.
fn wide(v: Vec2) -> DVec2 {
    DVec2::new(v.x as f64, v.y as f64)
}

/// A box `2 hx` by `2 hy` or a disc, placed and turned on a body, with its
/// density: the mass, centroid and moment about the centroid, in f64, from
/// the textbook formulas (`m (w^2 + h^2) / 12`, `m r^2 / 2`).
#[derive(Clone, Copy, Debug)]
enum Piece {
    Box { hx: f64, hy: f64 },
    Disc { r: f64 },
}

fn def(piece: Piece, offset: Vec2, angle: f32, density: f32) -> ShapeDef {
    let shape = match piece {
        Piece::Box { hx, hy } => {
            Shape::Polygon(Polygon::boxed(Vec2::new(hx as f32, hy as f32), 0.0))
        }
        Piece::Disc { r } => Shape::Circle { radius: r as f32 },
    };
    ShapeDef::new(shape).at(offset, angle).density(density)
}

/// The body's mass, centre and moment about the centre, in f64.
fn expected(pieces: &[(Piece, Vec2, f32, f32)]) -> (f64, DVec2, f64) {
    let own = |p: Piece, rho: f64| match p {
        Piece::Box { hx, hy } => {
            let m = rho * 4.0 * hx * hy;
            (m, m * (4.0 * hx * hx + 4.0 * hy * hy) / 12.0)
        }
        Piece::Disc { r } => {
            let m = rho * std::f64::consts::PI * r * r;
            (m, m * r * r / 2.0)
        }
    };
    let (mut mass, mut moment) = (0.0, DVec2::ZERO);
    for &(p, at, _, rho) in pieces {
        let (m, _) = own(p, rho as f64);
        mass += m;
        moment += m * wide(at);
    }
    let centre = moment / mass;
    let inertia = pieces
        .iter()
        .map(|&(p, at, _, rho)| {
            let (m, i) = own(p, rho as f64);
            i + m * (wide(at) - centre).length_squared()
        })
        .sum();
    (mass, centre, inertia)
}

/// Relative error of `got` from `want`.
fn off(got: f64, want: f64) -> f64 {
    (got - want).abs() / want.abs().max(1e-12)
}

#[test]
fn a_hammer_has_the_mass_centre_and_moment_of_its_pieces() {
    // A handle, a head across its top, a knob at its foot turned a little.
    let pieces = [
        (Piece::Box { hx: 0.04, hy: 0.5 }, Vec2::new(0.0, 0.0), 0.0, 700.0),
        (Piece::Box { hx: 0.25, hy: 0.08 }, Vec2::new(0.0, 0.55), 0.0, 7800.0),
        (Piece::Disc { r: 0.06 }, Vec2::new(0.0, -0.52), 0.4, 700.0),
    ];
    let defs: Vec<ShapeDef> =
        pieces.iter().map(|&(p, at, a, rho)| def(p, at, a, rho)).collect();
    let got = body_mass(defs.iter());
    let (mass, centre, inertia) = expected(&pieces);
    // f32 sums of a few terms each: a few parts in 10^7 each, 1e-5 allows
    // the centre's subtraction near zero (x is 0 to the bit).
    assert!(
        off(got.mass as f64, mass) < 1e-5,
        "mass {} kg, expected {mass}",
        got.mass
    );
    assert!(
        (wide(got.centre) - centre).length() < 1e-6,
        "centre {} m, expected {centre}",
        got.centre
    );
    assert!(
        off(got.inertia as f64, inertia) < 1e-5,
        "inertia {} kg m^2, expected {inertia}",
        got.inertia
    );
    // And the world's body has them.
    let mut world = World::new();
    let hammer =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(3.0, 2.0)));
    for d in defs {
        world.create_shape(hammer, d).unwrap();
    }
    let b = world.body(hammer).unwrap();
    assert!(off(1.0 / b.inv_mass as f64, mass) < 1e-5);
    assert!(off(1.0 / b.inv_inertia as f64, inertia) < 1e-5);
    assert!((wide(b.position) - (DVec2::new(3.0, 2.0) + centre)).length() < 1e-6);
}

proptest! {
    /// Any body of up to five boxes and discs, anywhere on it, turned any
    /// way, of any density: the same mass properties as the textbook's.
    /// A box's moment about its centroid does not change as it turns, so
    /// the turn must not change the result either.
    #[test]
    fn any_compound_has_the_mass_properties_of_its_pieces(
        pieces in prop::collection::vec(
            (
                prop_oneof![
                    (0.05f64..2.0, 0.05f64..2.0).prop_map(|(hx, hy)| Piece::Box { hx, hy }),
                    (0.05f64..2.0).prop_map(|r| Piece::Disc { r }),
                ],
                (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Vec2::new(x, y)),
                -3.2f32..3.2,
                0.1f32..10.0,
            ),
            1..=5,
        )
    ) {
        let defs: Vec<ShapeDef> = pieces.iter().map(|&(p, at, a, rho)| def(p, at, a, rho)).collect();
        let got = body_mass(defs.iter());
        let (mass, centre, inertia) = expected(&pieces);
        // Up to five f32 terms of sizes 1e-3 to 1e3: 1e-4 of the largest.
        prop_assert!(off(got.mass as f64, mass) < 1e-5, "mass {} vs {mass}", got.mass);
        prop_assert!((wide(got.centre) - centre).length() < 1e-4 * (1.0 + centre.length()),
            "centre {} vs {centre}", got.centre);
        prop_assert!(off(got.inertia as f64, inertia) < 1e-4, "inertia {} vs {inertia}", got.inertia);
    }
}

/// The time between the first and the last of `count` upward zero
/// crossings of `angle`, over the number of periods between them.
fn period(mut angle: impl FnMut() -> f32, dt: f32, count: usize) -> f64 {
    let mut crossings = Vec::new();
    let mut last = angle();
    let mut t = 0.0f64;
    while crossings.len() < count {
        let now = angle();
        t += dt as f64;
        if last < 0.0 && now >= 0.0 {
            // Linear interpolation within the step.
            crossings.push(t - dt as f64 * now as f64 / (now - last) as f64);
        }
        last = now;
        assert!(t < 120.0, "no oscillation");
    }
    (crossings[count - 1] - crossings[0]) / (count - 1) as f64
}

#[test]
fn a_compound_pendulum_swings_with_the_period_of_its_moment() {
    // A hammer hung by the end of its handle from a pin.
    let mut world = World::new();
    let pivot = Vec2::new(0.0, 5.0);
    let anchor = world.create_body(BodyDef::new(BodyKind::Static, pivot));
    let mut def = BodyDef::new(BodyKind::Dynamic, pivot);
    def.angle = 0.05; // swung 0.05 rad from hanging straight down
    let hammer = world.create_body(def);
    let shapes = [
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(0.03, 0.5), 0.0)))
            .at(Vec2::new(0.0, -0.5), 0.0)
            .density(700.0),
        ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(0.2, 0.06), 0.0)))
            .at(Vec2::new(0.0, -1.0), 0.0)
            .density(7800.0),
    ];
    for s in shapes {
        world.create_shape(hammer, s).unwrap();
    }
    let joint = JointDef::at(
        &world,
        anchor,
        hammer,
        pivot,
        Kind::Revolute { limit: None, motor: None },
    )
    .unwrap();
    world.create_joint(joint).unwrap();
    let mass = body_mass(shapes.iter());
    let d = mass.centre.length() as f64;
    let i_pivot = mass.inertia as f64 + mass.mass as f64 * d * d;
    let g = 9.81f64;
    let want =
        std::f64::consts::TAU * (i_pivot / (mass.mass as f64 * g * d)).sqrt();
    // The amplitude's own lengthening, 1 + theta^2/16, is 1.6e-4 at 0.05
    // rad; the substeps' (w h)^2 / 24 far less.
    let want = want * (1.0 + 0.05f64 * 0.05 / 16.0);
    let dt = 1.0 / 60.0;
    let got = period(
        || {
            world.step(dt);
            world.body(hammer).unwrap().angle
        },
        dt,
        6,
    );
    // The soft joint yields a little (its 60 Hz spring is stiff against a
    // swing of ~1 Hz): 0.5%.
    assert!(
        off(got, want) < 5e-3,
        "period {got:.4} s, expected 2 pi sqrt(I/mgd) = {want:.4} s"
    );
}
