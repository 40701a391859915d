//! # Chapter 13: the world at scale (in progress)
//!
//! A game has thousands of bodies, most of them at rest, and asks its
//! world questions: what does this ray hit, what is under the mouse. This
//! chapter's pieces so far:
//!
//! 1. **Islands and sleeping** ([`islands`]): bodies that touch or are
//!    joined form an island; an island whose bodies have all been still
//!    for half a second sleeps, and costs the step nothing until an awake
//!    body touches it.
//! 2. **A dynamic bounding-volume tree** ([`tree`]) for the broad phase
//!    and for queries.
//! 3. **Ray casts** against chapter 11's shapes ([`ray`]).
//!
//! The tree as the world's broad phase, the demos and the book's page are
//! still to come.

pub mod islands;
pub mod ray;
pub mod tree;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used in place of
// the reference ones, by everything, when built with `--features exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch12_continuous::{Body, Joint, Shape, body, fixed};
pub use islands::{SleepSettings, UnionFind};
pub use ray::{RayHit, ray_cast};
pub use tree::{Bounds, Proxy, Tree};

use glam::Vec2;

/// Chapter 12's world, with islands that sleep.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    /// Chapter 12's world: shapes, fast bodies, the soft step.
    pub base: ch12_continuous::World,
    /// Put still islands to sleep.
    pub sleeping: bool,
    pub sleep: SleepSettings,
    /// How long each body has been still, s.
    pub still_for: Vec<f32>,
    /// Which bodies sleep.
    pub asleep: Vec<bool>,
    /// Each sleeping body's island, by a body in it: what wakes with it.
    island_of: Vec<usize>,
}

impl World {
    /// Bodies made by [`body`] or [`fixed`], and joints; sleeping on.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        let n = pieces.len();
        World {
            base: ch12_continuous::World::new(pieces, joints),
            sleeping: true,
            sleep: SleepSettings::default(),
            still_for: vec![0.0; n],
            asleep: vec![false; n],
            island_of: (0..n).collect(),
        }
    }

    pub fn bodies(&self) -> &[Body] {
        self.base.bodies()
    }

    /// How many bodies sleep.
    pub fn sleeping_count(&self) -> usize {
        self.asleep.iter().filter(|&&s| s).count()
    }

    fn bodies_mut(&mut self) -> &mut Vec<Body> {
        &mut self.base.base.base.base.base.bodies
    }

    /// Advance by `dt`: sleeping bodies are held still as if static
    /// (so pairs of them, like pairs of static bodies, are never tested);
    /// chapter 12's step; then whatever an awake body touches wakes, and
    /// still islands go to sleep.
    pub fn step(&mut self, dt: f32) {
        let n = self.bodies().len();
        self.still_for.resize(n, 0.0);
        self.asleep.resize(n, false);
        self.island_of.resize(n, 0);
        if !self.sleeping {
            self.asleep.fill(false);
        }
        // 1. Sleepers hold still: no mass to move, for the step.
        let mut held: Vec<(usize, f32, f32)> = Vec::new();
        let asleep = &self.asleep;
        for (i, b) in self.base.base.base.base.base.bodies.iter_mut().enumerate() {
            if asleep[i] {
                held.push((i, b.inv_mass, b.inv_inertia));
                (b.inv_mass, b.inv_inertia) = (0.0, 0.0);
                b.velocity = Vec2::ZERO;
                b.angular_velocity = 0.0;
            }
        }
        // 2. Chapter 12's step.
        self.base.step(dt);
        // 3. Their masses back.
        for &(i, inv_mass, inv_inertia) in &held {
            let b = &mut self.bodies_mut()[i];
            (b.inv_mass, b.inv_inertia) = (inv_mass, inv_inertia);
        }
        if !self.sleeping {
            return;
        }
        // 4. Wake what an awake body touched, a joint holds, or a force or
        // the mouse pushes.
        self.wake_touched();
        // 5. Islands of awake bodies; the still ones sleep.
        self.settle(dt);
    }

    /// The awake moving bodies linked by this step's touching contacts
    /// and by joints, as a union-find over all bodies.
    fn islands(&self) -> UnionFind {
        let bodies = self.bodies();
        let moving = |i: usize| bodies[i].inv_mass > 0.0;
        let mut sets = UnionFind::new(bodies.len());
        let world = &self.base.base.base.base.base;
        for arb in &world.arbiters {
            let touching = arb.contacts().iter().any(|c| c.penetration >= 0.0);
            if touching && moving(arb.a) && moving(arb.b) {
                sets.union(arb.a, arb.b);
            }
        }
        for j in &self.base.base.base.base.joints {
            if moving(j.body_a) && moving(j.body_b) {
                sets.union(j.body_a, j.body_b);
            }
        }
        for r in &world.joints {
            if moving(r.body_a) && moving(r.body_b) {
                sets.union(r.body_a, r.body_b);
            }
        }
        sets
    }

    /// Wake the island of every sleeping body that an awake moving body
    /// touches or is joined to, that has a force on it, or that the mouse
    /// holds.
    fn wake_touched(&mut self) {
        let n = self.bodies().len();
        let mut wake = vec![false; n];
        let awake_mover = |w: &World, i: usize| !w.asleep[i] && w.bodies()[i].inv_mass > 0.0;
        let world = &self.base.base.base.base.base;
        for arb in &world.arbiters {
            let touching = arb.contacts().iter().any(|c| c.penetration >= 0.0);
            if touching {
                if self.asleep[arb.a] && awake_mover(self, arb.b) {
                    wake[arb.a] = true;
                }
                if self.asleep[arb.b] && awake_mover(self, arb.a) {
                    wake[arb.b] = true;
                }
            }
        }
        for (a, b) in self
            .base
            .base
            .base
            .base
            .joints
            .iter()
            .map(|j| (j.body_a, j.body_b))
            .chain(world.joints.iter().map(|r| (r.body_a, r.body_b)))
        {
            if self.asleep[a] && awake_mover(self, b) {
                wake[a] = true;
            }
            if self.asleep[b] && awake_mover(self, a) {
                wake[b] = true;
            }
        }
        if let Some(mouse) = &self.base.base.base.base.mouse {
            wake[mouse.body] = true;
        }
        for (i, b) in self.bodies().iter().enumerate() {
            if b.force != Vec2::ZERO || b.torque != 0.0 {
                wake[i] = true;
            }
        }
        let islands: Vec<usize> = (0..n)
            .filter(|&i| wake[i] && self.asleep[i])
            .map(|i| self.island_of[i])
            .collect();
        for i in 0..n {
            if self.asleep[i] && islands.contains(&self.island_of[i]) {
                self.asleep[i] = false;
                self.still_for[i] = 0.0;
            }
        }
    }

    /// Each awake body's still time, then each island's: asleep when its
    /// stillest-for-least body has been still for `time_to_sleep`.
    fn settle(&mut self, dt: f32) {
        let s = self.sleep;
        let n = self.bodies().len();
        for i in 0..n {
            let b = self.bodies()[i];
            let still = b.velocity.length() < s.linear && b.angular_velocity.abs() < s.angular;
            if self.asleep[i] || b.inv_mass == 0.0 {
                continue;
            }
            self.still_for[i] = if still { self.still_for[i] + dt } else { 0.0 };
        }
        let mut sets = self.islands();
        // Each island's least still time.
        let mut least = vec![f32::INFINITY; n];
        for i in 0..n {
            if self.bodies()[i].inv_mass > 0.0 && !self.asleep[i] {
                let r = sets.find(i);
                least[r] = least[r].min(self.still_for[i]);
            }
        }
        for i in 0..n {
            if self.bodies()[i].inv_mass > 0.0 && !self.asleep[i] {
                let r = sets.find(i);
                if least[r] >= s.time_to_sleep {
                    self.asleep[i] = true;
                    self.island_of[i] = r;
                    let b = &mut self.bodies_mut()[i];
                    b.velocity = Vec2::ZERO;
                    b.angular_velocity = 0.0;
                }
            }
        }
    }
}
