//! # Chapter 6: rotation and friction
//!
//! Until now an impulse pushed a body's centre, wherever the bodies touched. Here
//! bodies turn:
//!
//! - a body gets an **angle**, an **angular velocity** and an **inverse moment of
//!   inertia**, the turning counterpart of the inverse mass (zero for a static
//!   body, like its inverse mass);
//! - a push at a point off the centre changes both the velocity and the spin: the
//!   **torque** `r x F`, and for an impulse `r x P`;
//! - a point of a turning body moves at `v + w x r`, so the contact impulse is
//!   worked out from the **velocity of the contact points**, and its effective mass
//!   gains the `(r x n)^2 / I` terms;
//! - **friction** is one more impulse at the same point, along the tangent, with
//!   its own effective mass, capped by Coulomb's law at `mu` times the normal
//!   impulse.
//!
//! Shapes and manifolds come from chapter 5 ([`ch05_obb_clipping::collide`]); the
//! inverse mass, the restitution rule and positional correction from chapter 3; the
//! correction at a manifold from chapter 4.
//!
//! The book's page for this chapter is `book/src/ch06-rotation-friction.md`.

pub use ch03_mass_weighted_impulses::Correction;
use ch03_mass_weighted_impulses::{inverse_mass, mix_restitution};
use ch04_manifolds::correct_positions;
pub use ch04_manifolds::{Circle, Manifold};
pub use ch05_obb_clipping::{Obb, Shape, Transform};
use glam::Vec2;
use physics_core::math::{cross, perp};
use physics_core::slices::two_mut;
// Only the reference `point_velocity` uses it; `--features exercises` puts the
// learner's in.
#[cfg(not(feature = "exercises"))]
use physics_core::math::cross_scalar_vec;

pub mod demos;
pub mod figures;
pub mod scene;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones below, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

// ANCHOR: world
/// Rigid bodies under gravity, touching, bouncing and rubbing.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub bodies: Vec<Body>,
    /// In m/s^2.
    pub gravity: Vec2,
    /// How many passes stage 3 makes over every contact point, at least
    /// one. One pass leaves a stack unresolved: the impulse that stops
    /// one body pushes the next one back (the tutorial suggests 5 to 20).
    pub iterations: u32,
    /// Apply friction impulses at all.
    pub friction: bool,
    /// How Coulomb's cap is applied: to the step's totals at each point
    /// (the default) or to each impulse (the tutorial's).
    pub friction_cap: FrictionCap,
    /// When set, every contact uses this restitution instead of the
    /// smaller of the two bodies' (chapter 3's rule).
    pub restitution_override: Option<f32>,
    /// Chapter 3's positional correction: on or off, `percent`, `slop`.
    pub correction: Correction,
    /// This step's manifolds, found in stage 2.
    pub collisions: Vec<Collision>,
    /// This step's impulses, summed over the passes, one per contact
    /// point in the order of `collisions`: the per-step cap reads them,
    /// the overlay draws them.
    pub impulses: Vec<ContactImpulse>,
}
// ANCHOR_END: world

impl World {
    /// Bodies under the Earth's gravity: 10 passes, friction on, the bodies' own
    /// restitution and chapter 3's correction (20 % beyond 1 cm).
    pub fn new(bodies: Vec<Body>) -> Self {
        World {
            bodies,
            gravity: Vec2::new(0.0, -9.81),
            iterations: 10,
            friction: true,
            friction_cap: FrictionCap::PerStep,
            restitution_override: None,
            correction: Correction::default(),
            collisions: Vec::new(),
            impulses: Vec::new(),
        }
    }

    // ANCHOR: step
    /// Advance the world by `dt` seconds.
    pub fn step(&mut self, dt: f32) {
        // 1. Forces: gravity, forces and torques change the velocities.
        self.integrate_velocities(dt);
        // 2. Detect: chapter 5's manifold for every overlapping pair.
        self.find_collisions();
        // 3. Resolve: normal and friction impulses, `iterations` passes.
        self.begin_impulses();
        for _ in 0..self.iterations.max(1) {
            self.solve_contacts();
        }
        // 4. Correct: push overlapping pairs part of the way apart.
        self.correct_positions();
        // 5. Move: the resolved velocities move and turn the bodies.
        self.integrate_positions(dt);
    }
    // ANCHOR_END: step

    // ANCHOR: stages
    /// Stage 1, the velocity half of semi-implicit Euler
    /// ([`integrate_velocities`]).
    pub fn integrate_velocities(&mut self, dt: f32) {
        integrate_velocities(&mut self.bodies, self.gravity, dt);
    }

    /// Stage 5, the position half, with the velocities stage 3 left
    /// ([`integrate_positions`]).
    pub fn integrate_positions(&mut self, dt: f32) {
        integrate_positions(&mut self.bodies, dt);
    }
    // ANCHOR_END: stages

    /// Stage 2: every body against every later body, in index order, skipping pairs
    /// of static bodies, so the same world always gives the same collisions in the
    /// same order.
    pub fn find_collisions(&mut self) {
        self.collisions.clear();
        for a in 0..self.bodies.len() {
            for b in a + 1..self.bodies.len() {
                let (x, y) = (&self.bodies[a], &self.bodies[b]);
                if x.inv_mass == 0.0 && y.inv_mass == 0.0 {
                    continue;
                }
                let m = ch05_obb_clipping::collide(
                    &x.shape,
                    &x.transform(),
                    &y.shape,
                    &y.transform(),
                );
                if let Some(manifold) = m {
                    self.collisions.push(Collision { a, b, manifold });
                }
            }
        }
    }

    /// Zero this step's impulse record, one entry per contact point.
    pub fn begin_impulses(&mut self) {
        self.impulses.clear();
        for c in &self.collisions {
            for p in c.manifold.contacts() {
                self.impulses
                    .push(ContactImpulse { point: p.point, ..Default::default() });
            }
        }
    }

    // ANCHOR: solve_contacts
    /// One pass of stage 3: every contact point of every collision, in
    /// order, gets its normal impulse and then its friction impulse.
    pub fn solve_contacts(&mut self) {
        let mut k = 0;
        for c in 0..self.collisions.len() {
            let Collision { a, b, manifold } = self.collisions[c];
            let (body_a, body_b) = two_mut(&mut self.bodies, a, b);
            let e = match self.restitution_override {
                Some(e) => e,
                None => mix_restitution(body_a.restitution, body_b.restitution),
            };
            let friction = self.friction.then(|| {
                let mu = mix_friction(body_a.friction, body_b.friction);
                (mu, self.friction_cap)
            });
            for _ in manifold.contacts() {
                let n = manifold.normal;
                if let Some(total) = self.impulses.get_mut(k) {
                    solve_contact(body_a, body_b, n, e, friction, total);
                }
                k += 1;
            }
        }
    }
    // ANCHOR_END: solve_contacts

    /// Stage 4: chapter 4's positional correction at each manifold (it moves the
    /// centres only).
    pub fn correct_positions(&mut self) {
        for k in 0..self.collisions.len() {
            let Collision { a, b, manifold } = self.collisions[k];
            let (body_a, body_b) = two_mut(&mut self.bodies, a, b);
            correct_positions(
                &mut body_a.position,
                body_a.inv_mass,
                &mut body_b.position,
                body_b.inv_mass,
                &manifold,
                &self.correction,
            );
        }
    }

    /// The deepest penetration among this step's collisions, in metres.
    pub fn max_penetration(&self) -> f32 {
        self.collisions.iter().map(|c| c.manifold.penetration).fold(0.0, f32::max)
    }
}

// ANCHOR: integrate
/// The velocity half of semi-implicit Euler: `v += (g + F/m) dt`,
/// `w += (torque / I) dt` for every body that moves. Clears the forces.
/// Chapters 6 to 8 all start their step with it.
pub fn integrate_velocities(bodies: &mut [Body], gravity: Vec2, dt: f32) {
    apply_forces(bodies, gravity, dt);
    clear_forces(bodies);
}

/// `v += (g + F/m) dt`, `w += (torque / I) dt` for every body that
/// moves, leaving the forces in place: a step cut into substeps applies
/// them in each substep, then clears them.
pub fn apply_forces(bodies: &mut [Body], gravity: Vec2, dt: f32) {
    for b in bodies.iter_mut().filter(|b| b.inv_mass > 0.0) {
        b.velocity += (gravity + b.force * b.inv_mass) * dt;
        b.angular_velocity += b.torque * b.inv_inertia * dt;
    }
}

/// Forces and torques last one step: zero them.
pub fn clear_forces(bodies: &mut [Body]) {
    for b in bodies.iter_mut() {
        b.force = Vec2::ZERO;
        b.torque = 0.0;
    }
}

/// The position half: `x += v dt`, `angle += w dt` for every body that
/// moves, with the velocities the solver left. (A body of infinite mass
/// moves only if it was given a velocity: chapter 15's kinematic bodies.)
pub fn integrate_positions(bodies: &mut [Body], dt: f32) {
    let moves = |b: &&mut Body| {
        b.inv_mass > 0.0 || b.velocity != Vec2::ZERO || b.angular_velocity != 0.0
    };
    for b in bodies.iter_mut().filter(moves) {
        b.position += b.velocity * dt;
        b.angle += b.angular_velocity * dt;
    }
}
// ANCHOR_END: integrate

// ANCHOR: inertia
/// The moment of inertia in kg m^2 of `shape` with `mass` kg spread
/// evenly over it, about its centre: how hard it is to set turning.
///
/// A box `w` wide and `h` high: `m (w^2 + h^2) / 12`. A disc of radius
/// `r`: `m r^2 / 2`. The book derives both.
pub fn moment_of_inertia(shape: &Shape, mass: f32) -> f32 {
    match *shape {
        Shape::Box(b) => {
            let size = 2.0 * b.half_extents; // width and height
            mass * size.length_squared() / 12.0
        }
        Shape::Circle(c) => mass * c.radius * c.radius / 2.0,
    }
}
// ANCHOR_END: inertia

// ANCHOR: body
/// A rigid body: a shape that moves and turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub shape: Shape,
    /// Centre of mass, metres.
    pub position: Vec2,
    /// Radians, counter-clockwise.
    pub angle: f32,
    /// Metres per second.
    pub velocity: Vec2,
    /// Radians per second, counter-clockwise.
    pub angular_velocity: f32,
    /// 1 / mass in 1/kg; 0 for a static body.
    pub inv_mass: f32,
    /// 1 / moment of inertia in 1/(kg m^2); 0 for a static body too,
    /// or an impulse at a static body's edge would set it turning.
    pub inv_inertia: f32,
    /// Coefficient of restitution, 0 to 1.
    pub restitution: f32,
    /// Coefficient of friction, 0 (ice) or more.
    pub friction: f32,
    /// Forces applied since the last step, newtons (cleared by it).
    pub force: Vec2,
    /// Torque applied since the last step, N m (cleared by it).
    pub torque: f32,
}
// ANCHOR_END: body

impl Body {
    // ANCHOR: new_body
    /// A body of `mass` kg at rest. An infinite mass makes it static:
    /// both inverses are then 0.
    pub fn new(shape: Shape, position: Vec2, angle: f32, mass: f32) -> Self {
        let inv_mass = inverse_mass(mass);
        let inv_inertia = if inv_mass > 0.0 {
            inverse_mass(moment_of_inertia(&shape, mass))
        } else {
            0.0
        };
        Body {
            shape,
            position,
            angle,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            inv_mass,
            inv_inertia,
            restitution: 0.0,
            friction: 0.2,
            force: Vec2::ZERO,
            torque: 0.0,
        }
    }
    // ANCHOR_END: new_body

    /// A static body: nothing moves or turns it.
    pub fn fixed(shape: Shape, position: Vec2, angle: f32) -> Self {
        Body::new(shape, position, angle, f32::INFINITY)
    }

    /// The same body made static: both inverses 0, velocities 0.
    pub fn into_static(self) -> Body {
        Body {
            inv_mass: 0.0,
            inv_inertia: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            ..self
        }
    }

    /// A box of half extents `hx` by `hy` and `density` kg/m^2.
    pub fn rect(
        hx: f32,
        hy: f32,
        position: Vec2,
        angle: f32,
        density: f32,
    ) -> Self {
        let shape = Shape::Box(Obb { half_extents: Vec2::new(hx, hy) });
        Body::new(shape, position, angle, density * shape.area())
    }

    /// A disc of `radius` and `density` kg/m^2.
    pub fn disc(radius: f32, position: Vec2, density: f32) -> Self {
        let shape = Shape::Circle(Circle { radius });
        Body::new(shape, position, 0.0, density * shape.area())
    }

    pub fn with_friction(mut self, friction: f32) -> Self {
        self.friction = friction;
        self
    }

    pub fn with_restitution(mut self, restitution: f32) -> Self {
        self.restitution = restitution;
        self
    }

    /// Where the body is and how it is turned, for chapter 5's narrow phase.
    pub fn transform(&self) -> Transform {
        Transform::new(self.position, self.angle)
    }

    /// Mass in kg (infinite for a static body).
    pub fn mass(&self) -> f32 {
        if self.inv_mass > 0.0 { 1.0 / self.inv_mass } else { f32::INFINITY }
    }

    /// The velocity of the body's material point now at world `point`:
    /// the centre's velocity plus the turn about the centre, `v + w x r`
    /// (worked out by [`point_velocity`]).
    pub fn velocity_at(&self, point: Vec2) -> Vec2 {
        point_velocity(self, point)
    }

    // ANCHOR: apply
    /// A force `force` (N) pushing at world `point`: it accelerates the
    /// centre as if applied there, and turns the body with the torque
    /// `r x F`. Stage 1 of the next step uses it up.
    pub fn apply_force(&mut self, force: Vec2, point: Vec2) {
        self.force += force;
        self.torque += cross(point - self.position, force);
    }

    /// An impulse `impulse` (N s) at world `point`: the same as a force,
    /// all at once. `v += P / m`, `w += (r x P) / I`.
    pub fn apply_impulse(&mut self, impulse: Vec2, point: Vec2) {
        self.velocity += self.inv_mass * impulse;
        let r = point - self.position;
        self.angular_velocity += self.inv_inertia * cross(r, impulse);
    }
    // ANCHOR_END: apply
}

#[cfg(feature = "exercises")]
pub use crate::exercises::point_velocity;
#[cfg(not(feature = "exercises"))]
// ANCHOR: point_velocity
// ANCHOR: point_velocity_signature
/// The velocity of `body`'s material point now at world `point`: the
/// centre's velocity plus the turn about the centre, `v + w x r`, with
/// `r` from the centre to the point.
pub fn point_velocity(body: &Body, point: Vec2) -> Vec2 {
    // ANCHOR_END: point_velocity_signature
    let r = point - body.position;
    body.velocity + cross_scalar_vec(body.angular_velocity, r)
}
// ANCHOR_END: point_velocity

#[cfg(feature = "exercises")]
pub use crate::exercises::inverse_effective_mass;
#[cfg(not(feature = "exercises"))]
// ANCHOR: effective_mass
// ANCHOR: effective_mass_signature
/// `1 / m_eff` for an impulse along the unit direction `dir` at world
/// `point` between `a` and `b`: how much the two points' relative
/// velocity along `dir` changes per N s of impulse, counting the turn
/// the impulse gives each body as well as its push.
pub fn inverse_effective_mass(a: &Body, b: &Body, point: Vec2, dir: Vec2) -> f32 {
    // ANCHOR_END: effective_mass_signature
    // An impulse P = j d at the point moves B's centre by j d / m_b and
    // turns B by j (r_b x d) / I_b; that turn moves B's point by
    // (j (r_b x d) / I_b) x r_b, whose part along d is j (r_b x d)^2 / I_b.
    // A's terms are the same, so
    // 1/m_eff = 1/m_a + 1/m_b + (r_a x d)^2 / I_a + (r_b x d)^2 / I_b.
    let ra = cross(point - a.position, dir); // r_a x d
    let rb = cross(point - b.position, dir); // r_b x d
    a.inv_mass + b.inv_mass + a.inv_inertia * ra * ra + b.inv_inertia * rb * rb
}
// ANCHOR_END: effective_mass

// ANCHOR: mix_friction
/// The friction coefficient of a contact between two bodies: the
/// geometric mean `sqrt(mu_a mu_b)`. Ice (0) on anything gives 0, two
/// equal surfaces keep their value, and a very rough body on a smooth
/// one lands in between.
pub fn mix_friction(a: f32, b: f32) -> f32 {
    (a * b).sqrt()
}
// ANCHOR_END: mix_friction

/// The impulses applied at one contact point in one step, in N s.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactImpulse {
    pub point: Vec2,
    /// Along the manifold's normal: `+normal * normal_impulse` to B.
    pub normal_impulse: f32,
    /// Along the tangent `perp(normal)`: `+tangent * friction_impulse` to B.
    pub friction_impulse: f32,
}

// ANCHOR: normal_impulse
/// The normal impulse at `point` (normal from A to B) that makes the
/// two material points' relative normal velocity `-e` times what it
/// was (Newton's law of restitution, now at a point of turning bodies):
///
/// `j = -(1 + e) v_n / (1/m_eff)`, with `v_n = (v_B(p) - v_A(p)) . n`.
///
/// 0 when the points are already separating (a contact only pushes) or
/// when nothing can move (both bodies static).
pub fn normal_impulse(
    a: &Body,
    b: &Body,
    point: Vec2,
    normal: Vec2,
    e: f32,
) -> f32 {
    let normal_velocity = (b.velocity_at(point) - a.velocity_at(point)).dot(normal);
    let k = inverse_effective_mass(a, b, point, normal);
    if normal_velocity >= 0.0 || k <= 0.0 {
        return 0.0;
    }
    -(1.0 + e) * normal_velocity / k
}
// ANCHOR_END: normal_impulse

#[cfg(feature = "exercises")]
pub use crate::exercises::friction_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: friction_impulse
// ANCHOR: friction_impulse_signature
/// The friction impulse at `point` along the tangent `perp(normal)`: the
/// impulse that would stop the points sliding, `-v_t / (1/m_eff)`, cut
/// so that the friction applied at this point, `applied` before and the
/// returned impulse with it, stays within `limit` either way (Coulomb:
/// `limit` is `mu` times the normal impulse). Stopping is the most
/// friction may do: it never reverses the sliding.
pub fn friction_impulse(
    a: &Body,
    b: &Body,
    point: Vec2,
    normal: Vec2,
    limit: f32,
    applied: f32,
) -> f32 {
    // ANCHOR_END: friction_impulse_signature
    let tangent = perp(normal);
    let slide = (b.velocity_at(point) - a.velocity_at(point)).dot(tangent);
    let k = inverse_effective_mass(a, b, point, tangent);
    if k <= 0.0 {
        return 0.0;
    }
    // `max` then `min`: `clamp` would panic on a NaN limit.
    (applied - slide / k).max(-limit).min(limit) - applied
}
// ANCHOR_END: friction_impulse

// ANCHOR: cap
/// What Coulomb's cap `|friction| <= mu * normal` is applied to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrictionCap {
    /// This step's totals at the contact point: the friction applied
    /// over all passes so far stays within `mu` times the normal impulse
    /// applied so far. A later pass can spend what an earlier one left.
    PerStep,
    /// Each friction impulse within `mu` times the normal impulse of the
    /// same pass (the tutorial's). After the first pass the normal
    /// impulses are nearly 0, so friction can hardly act again: a box
    /// that should stand on a ramp keeps the creep of its first step.
    PerImpulse,
}
// ANCHOR_END: cap

// ANCHOR: solve_contact
/// One pass at one contact point: the normal impulse, then friction
/// (with `mu`, or none), each applied equal and opposite at the point.
/// `total` holds this step's impulses at the point so far; the pass
/// adds its own to it.
pub fn solve_contact(
    a: &mut Body,
    b: &mut Body,
    normal: Vec2,
    restitution: f32,
    friction: Option<(f32, FrictionCap)>,
    total: &mut ContactImpulse,
) {
    let point = total.point;
    let jn = normal_impulse(a, b, point, normal, restitution);
    a.apply_impulse(-jn * normal, point);
    b.apply_impulse(jn * normal, point);
    total.normal_impulse += jn;
    let jt = match friction {
        Some((mu, FrictionCap::PerStep)) => {
            let limit = mu * total.normal_impulse;
            friction_impulse(a, b, point, normal, limit, total.friction_impulse)
        }
        Some((mu, FrictionCap::PerImpulse)) => {
            let limit = mu * jn;
            friction_impulse(a, b, point, normal, limit, 0.0)
        }
        None => 0.0,
    };
    let tangent = perp(normal);
    a.apply_impulse(-jt * tangent, point);
    b.apply_impulse(jt * tangent, point);
    total.friction_impulse += jt;
}
// ANCHOR_END: solve_contact

#[cfg(feature = "exercises")]
pub use crate::exercises::collision_impulse;
#[cfg(not(feature = "exercises"))]
// ANCHOR: collision_impulse
// ANCHOR: collision_impulse_signature
/// The normal and friction impulses of one collision at `point` (normal
/// from A to B, tangent `perp(normal)`), found together rather than one
/// after the other: the pair `(j_n, j_t)`, `+(j_n n + j_t t)` to B and
/// minus it to A, after which the points' relative normal velocity is
/// `-e` times what it was, and either they no longer slide, with
/// `|j_t| <= mu j_n`, or friction is at Coulomb's limit, `|j_t| = mu j_n`,
/// against the sliding that is left. `(0, 0)` for points already
/// separating or bodies that cannot move.
pub fn collision_impulse(
    a: &Body,
    b: &Body,
    point: Vec2,
    normal: Vec2,
    e: f32,
    mu: f32,
) -> (f32, f32) {
    // ANCHOR_END: collision_impulse_signature
    let tangent = perp(normal);
    let relative = b.velocity_at(point) - a.velocity_at(point);
    let (v_n, v_t) = (relative.dot(normal), relative.dot(tangent));
    // How an impulse (j_n, j_t) changes (v_n, v_t): the matrix K, whose
    // diagonal is exercise 6.2 along n and along t. Off the diagonal, the
    // turn a push along one gives moves the points along the other:
    // (r x n)(r x t) / I for each body.
    let k_nn = inverse_effective_mass(a, b, point, normal);
    let k_tt = inverse_effective_mass(a, b, point, tangent);
    let (ra, rb) = (point - a.position, point - b.position);
    let k_nt = a.inv_inertia * cross(ra, normal) * cross(ra, tangent)
        + b.inv_inertia * cross(rb, normal) * cross(rb, tangent);
    if v_n >= 0.0 || k_nn <= 0.0 {
        return (0.0, 0.0);
    }
    // What the impulse must change: the bounce along n, and (sticking)
    // all the sliding along t.
    let (want_n, want_t) = (-(1.0 + e) * v_n, -v_t);
    // Sticking: solve K (j_n, j_t) = (want_n, want_t); kept if it lies in
    // Coulomb's cone.
    let det = k_nn * k_tt - k_nt * k_nt;
    let stick = (det > 0.0).then(|| {
        let j_n = (k_tt * want_n - k_nt * want_t) / det;
        let j_t = (k_nn * want_t - k_nt * want_n) / det;
        (j_n, j_t)
    });
    if let Some((j_n, j_t)) = stick {
        if j_n >= 0.0 && j_t.abs() <= mu * j_n {
            return (j_n, j_t);
        }
    }
    // Sliding: friction at the cone's edge, on the side sticking wanted,
    // j_t = s mu j_n; only the normal row is left to meet:
    // k_nn j_n + k_nt s mu j_n = want_n.
    let s = match stick {
        Some((_, j_t)) => j_t.signum(),
        None => -v_t.signum(),
    };
    let denominator = k_nn + s * mu * k_nt;
    if denominator <= 0.0 {
        // No sliding impulse meets Newton's law here (the cone jams,
        // Painlevé's paradox): stick after all.
        return stick.unwrap_or((want_n / k_nn, 0.0));
    }
    let j_n = want_n / denominator;
    (j_n, s * mu * j_n)
}
// ANCHOR_END: collision_impulse

/// The manifold between bodies `a` and `b` (`a < b`) found this step:
/// chapter 4's.
pub use ch04_manifolds::Collision;

#[cfg(test)]
mod tests {
    use super::*;

    /// A push at the centre does not turn a body; the same push at its edge does,
    /// by r x P / I.
    #[test]
    fn an_impulse_off_the_centre_turns_the_body() {
        let mut b = Body::rect(1.0, 0.5, Vec2::ZERO, 0.0, 1.0);
        b.apply_impulse(Vec2::Y, Vec2::ZERO);
        assert_eq!(b.angular_velocity, 0.0);
        b.apply_impulse(Vec2::Y, Vec2::new(1.0, 0.0));
        // mass 2, I = 2 (4 + 1) / 12; r x P = 1
        assert!((b.angular_velocity - 12.0 / 10.0).abs() < 1e-6);
        assert!((b.velocity - Vec2::new(0.0, 1.0)).length() < 1e-6);
    }
}
