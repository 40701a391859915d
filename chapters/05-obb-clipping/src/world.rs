//! The world of the falling-boxes demo: chapter 4's world of bodies and its
//! four-stage step, with this chapter's narrow phase in stage 2, and the
//! tumble it starts from. The book shows its step (anchor `step`); the idea
//! is in `lib.rs`.

use crate::demos::Tumble;
use crate::{AxisBias, Obb, Shape, Transform, collide_with};
use ch04_manifolds::Circle;
use glam::Vec2;
use physics_core::rng::Rng;

/// A body of this chapter: a shape that moves and may stand turned,
/// but does not turn while it moves (that is chapter 6).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub shape: Shape,
    /// Centre and (fixed) orientation.
    pub transform: Transform,
    /// Metres per second.
    pub velocity: Vec2,
    /// 1 / mass in 1/kg; 0 for a static body.
    pub inv_mass: f32,
    /// Coefficient of restitution, 0 to 1.
    pub restitution: f32,
}

/// The manifold between bodies `a` and `b` (`a < b`) found this step:
/// chapter 4's.
pub use ch04_manifolds::Collision;

/// Bodies of circles and oriented boxes under gravity, resolved at their manifolds
/// with chapter 4's pipeline.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub bodies: Vec<Body>,
    /// In m/s^2.
    pub gravity: Vec2,
    /// Apply an impulse only while the bodies approach along the normal.
    pub approach_check: bool,
    /// Chapter 3's positional correction: on or off, `percent` and `slop`.
    pub correction: ch03_mass_weighted_impulses::Correction,
    /// How many times stage 3 goes over every collision (chapter 4).
    pub iterations: u32,
    /// The axis bias of the box-box test.
    pub bias: AxisBias,
    /// This step's collisions.
    pub collisions: Vec<Collision>,
}

impl World {
    /// Bodies under the Earth's gravity, with chapter 4's defaults and the default
    /// axis bias.
    pub fn new(bodies: Vec<Body>) -> Self {
        World {
            bodies,
            gravity: Vec2::new(0.0, -9.81),
            approach_check: true,
            correction: Default::default(),
            iterations: 10,
            bias: AxisBias::DEFAULT,
            collisions: Vec::new(),
        }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds: chapter 4's stages, with this
    /// chapter's narrow phase in stage 2.
    pub fn step(&mut self, dt: f32) {
        // 1. Integrate: gravity and velocity move every body with a finite mass.
        for b in self.bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
            let (position, velocity) = (&mut b.transform.position, &mut b.velocity);
            ch02_planes_restitution::integrate(
                position,
                velocity,
                self.gravity,
                dt,
            );
        }
        // 2. Detect: a manifold for every overlapping pair, low index as A.
        self.find_collisions();
        // 3. Resolve: chapter 4's impulse at each manifold, `iterations` times.
        for k in (0..self.iterations.max(1)).flat_map(|_| 0..self.collisions.len())
        {
            let Collision { a, b, manifold } = self.collisions[k];
            let (body_a, body_b) =
                physics_core::slices::two_mut(&mut self.bodies, a, b);
            ch04_manifolds::apply_impulse(
                &mut body_a.velocity,
                body_a.inv_mass,
                &mut body_b.velocity,
                body_b.inv_mass,
                &manifold,
                body_a.restitution.min(body_b.restitution),
                self.approach_check,
            );
        }
        // 4. Correct: chapter 4's positional correction at each manifold.
        for k in 0..self.collisions.len() {
            let Collision { a, b, manifold } = self.collisions[k];
            let (body_a, body_b) =
                physics_core::slices::two_mut(&mut self.bodies, a, b);
            ch04_manifolds::correct_positions(
                &mut body_a.transform.position,
                body_a.inv_mass,
                &mut body_b.transform.position,
                body_b.inv_mass,
                &manifold,
                &self.correction,
            );
        }
    }
    // ANCHOR_END: step

    /// Stage 2: every body against every later body, in index order, skipping
    /// static pairs.
    pub fn find_collisions(&mut self) {
        self.collisions.clear();
        for a in 0..self.bodies.len() {
            for b in a + 1..self.bodies.len() {
                let (x, y) = (&self.bodies[a], &self.bodies[b]);
                if x.inv_mass == 0.0 && y.inv_mass == 0.0 {
                    continue;
                }
                if let Some(manifold) = collide_with(
                    &x.shape,
                    &x.transform,
                    &y.shape,
                    &y.transform,
                    &self.bias,
                ) {
                    self.collisions.push(Collision { a, b, manifold });
                }
            }
        }
    }

    /// The deepest penetration among this step's collisions, in metres.
    pub fn max_penetration(&self) -> f32 {
        self.collisions.iter().map(|c| c.manifold.penetration).fold(0.0, f32::max)
    }
}

/// The tumble demo's start.
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
}
