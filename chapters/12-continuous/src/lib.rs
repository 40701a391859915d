//! # Chapter 12: fast bodies
//!
//! A step looks at the world sixty times a second. A bullet at 300 m/s
//! moves 5 m between two looks; a wall 5 cm thick is never seen. This is
//! *tunnelling*, and two ideas cure it:
//!
//! 1. **Speculative contacts**: report a contact while two shapes are
//!    still apart, as long as they could meet within the step: the margin
//!    grows with how fast they move ([`motion_bound`]). Chapter 10's soft
//!    step already solves a contact with a positive separation `s` as a
//!    rigid row that may close `s` in the substep and no more, so the
//!    solver stops the bullet at the wall's face.
//! 2. **Time of impact** ([`toi::time_of_impact`]): after the step, sweep
//!    each fast body from where it began to where it ended against the
//!    static bodies (and, for a *bullet*, the moving ones too), by
//!    conservative advancement on chapter 11's GJK distance; if it would
//!    have hit, put it back where it first touches.
//!
//! The first can see a collision that will never happen (a *ghost
//! bounce*); the second costs a GJK loop per fast body. Box2D v3 keeps
//! its speculative margin small and sweeps fast bodies; this chapter
//! lets you switch each on and off and see why. The book's page is
//! `book/src/ch12-continuous.md`.

pub mod advancement;
pub mod demos;
pub mod figures;
pub mod scene;
pub mod toi;
pub mod worlds;

// The learner's versions of this chapter's key functions (`src/exercises.rs`), used
// in place of the reference ones, by everything, when built with `--features
// exercises`.
#[cfg(feature = "exercises")]
pub mod exercises;

pub use ch05_obb_clipping::Transform;
pub use ch11_polygons::{Body, Joint, Polygon, Shape, body, fixed, hull, reach};
pub use toi::{Sweep, Toi, bounds, time_of_impact, time_of_impact_moving};

use ch04_manifolds::Manifold;
use ch08_sequential_impulses as ch08;
use ch09_joints::Joints;
use ch10_soft_step::SoftStep;
use ch11_polygons::{SPECULATIVE_DISTANCE, Shapes, collide, floor_or_not};
use glam::Vec2;

// ANCHOR: world
/// Chapter 11's parts and this chapter's fast bodies beside them.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub solver: ch08::World,
    pub joints: Joints,
    pub soft: SoftStep,
    pub shapes: Shapes,
    /// This chapter's part: bullets, margins and what the sweep did.
    pub fast: Fast,
}

/// Which bodies are bullets, each body's margin, and the sweep's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fast {
    /// Which bodies are bullets: swept against moving bodies too.
    pub bullets: Vec<bool>,
    pub settings: Settings,
    /// What the last step's sweep did.
    pub report: Report,
    /// Each body the last step put back: from where it began the step to
    /// where it would have ended.
    pub trails: Vec<(Vec2, Vec2)>,
    /// Each body's speculative reach for this step, metres (scratch).
    pub margins: Vec<f32>,
    /// Each body's centre and angle when the last step began.
    pub starts: Vec<(Vec2, f32)>,
}

/// This chapter's switches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The speculative margin grows with each body's motion in the step;
    /// off, it is the fixed 2 cm chapter 11 introduced.
    pub speculative: bool,
    /// After the step, sweep fast bodies and put them back at their time
    /// of impact.
    pub toi: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { speculative: true, toi: true }
    }
}

/// What one step's sweep found.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// Fast bodies swept.
    pub swept: usize,
    /// Of those, put back at a time of impact.
    pub hits: usize,
    /// GJK distances computed, over all the sweeps.
    pub distances: usize,
}
// ANCHOR_END: world

/// A body is *fast* when its motion in a step exceeds this fraction of
/// its thinnest half-width (Box2D v3's `0.5f * sim->minExtent`). A slower
/// body cannot pass through anything: moving less than its own width, it
/// ends the step overlapping whatever it would have crossed, and the
/// contact pushes it back out the way it came.
pub const FAST_FRACTION: f32 = 0.5;

/// The radius of a body's core, as a fraction of its thinnest
/// half-width: the disc swept in its place when it starts the step
/// touching (Box2D v3's `B2_CORE_FRACTION`).
pub const CORE_FRACTION: f32 = 0.25;

/// The most a body may turn in one step, radians: an eighth of a turn,
/// Box2D v3's `B2_MAX_ROTATION` (its spin capped at `MAX_TURN / dt`). A
/// contact's anchors are fixed for the step, and a sweep's core stands for
/// a body only while it turns little: Box2D warns that a quarter turn a
/// step or more breaks its continuous collision.
pub const MAX_TURN: f32 = 0.25 * std::f32::consts::PI;

impl World {
    /// Bodies made by [`body`] or [`fixed`], none a bullet, and joints
    /// between them; both methods on.
    pub fn new(pieces: Vec<(Body, Shape)>, joints: Vec<Joint>) -> World {
        let n = pieces.len();
        World::from_polygons(ch11_polygons::World::new(pieces, joints), n)
    }

    /// Chapter 11's parts, none of its `n` bodies a bullet; both methods
    /// on, and the turn limit set.
    pub fn from_polygons(world: ch11_polygons::World, n: usize) -> World {
        let ch11_polygons::World { solver, joints, mut soft, shapes, .. } = world;
        soft.settings.max_turn = Some(MAX_TURN);
        let fast = Fast { bullets: vec![false; n], ..Fast::default() };
        World { solver, joints, soft, shapes, fast }
    }

    pub fn bodies(&self) -> &[Body] {
        &self.solver.bodies
    }

    /// Advance by `dt` seconds (see [`Fast::step`]), with chapter 8's
    /// broad phase.
    pub fn step(&mut self, dt: f32) {
        let (solver, joints) = (&mut self.solver, &mut self.joints);
        let (soft, shapes) = (&mut self.soft, &self.shapes);
        self.fast.step(
            solver,
            joints,
            soft,
            shapes,
            dt,
            |solver, joints, margins| {
                solver.broad_phase(|i, _, t| shapes.broad_box(i, t, margins[i]));
                joints.drop_held_pairs(solver);
            },
        );
    }

    /// The deepest overlap among this step's contacts, metres.
    pub fn max_penetration(&self) -> f32 {
        self.solver.max_penetration()
    }

    /// The movable body under `at`, if any.
    pub fn body_at(&self, at: Vec2) -> Option<usize> {
        self.shapes.body_at(&self.solver.bodies, at)
    }
}

impl Fast {
    /// Whether body `i` is a bullet.
    pub fn is_bullet(&self, i: usize) -> bool {
        self.bullets.get(i).copied().unwrap_or(false)
    }

    // ANCHOR: step
    /// Advance by `dt` seconds: each body's speculative margin for the
    /// step; chapter 10's soft step with chapter 11's narrow phase, each
    /// pair reported within the sum of its bodies' margins; then the
    /// sweep of fast bodies. `broad_phase(solver, joints, margins)` finds
    /// the pairs to test within each body's margin.
    pub fn step(
        &mut self,
        solver: &mut ch08::World,
        joints: &mut Joints,
        soft: &mut SoftStep,
        shapes: &Shapes,
        dt: f32,
        broad_phase: impl FnOnce(&mut ch08::World, &mut Joints, &[f32]),
    ) {
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        let mut starts = std::mem::take(&mut self.starts);
        starts.clear();
        starts.extend(solver.bodies.iter().map(|b| (b.position, b.angle)));
        self.reach_out(&solver.bodies, &shapes.list, dt);
        let margins = &self.margins;
        soft.step(solver, joints, dt, |solver, joints| {
            broad_phase(solver, joints, margins);
            solver.narrow_phase_with(|a, b, bodies, t| {
                let manifold = contact(shapes, margins, (a, b), t)?;
                let reaches = (reach(&shapes.list[a]), reach(&shapes.list[b]));
                let pair = (&bodies[a], &bodies[b]);
                (!ghost(&manifold, pair, reaches, dt)).then_some(manifold)
            });
        });
        self.report = Report::default();
        self.trails.clear();
        if self.settings.toi {
            self.sweep(&mut solver.bodies, &shapes.list, &starts);
        }
        self.starts = starts;
    }
    // ANCHOR_END: step

    // ANCHOR: reach_out
    /// Each body's margin for this step: how far any point of it can
    /// move, from its velocity and spin now (0 with the switch off). Its
    /// box in the broad phase grows by as much, so that every pair that
    /// could meet within the step is tested.
    pub fn reach_out(&mut self, bodies: &[Body], shapes: &[Shape], dt: f32) {
        let speculative = self.settings.speculative;
        self.margins.clear();
        for (b, shape) in bodies.iter().zip(shapes) {
            self.margins.push(reach_out_body(b, reach(shape), speculative, dt));
        }
    }
    // ANCHOR_END: reach_out

    // ANCHOR: sweep
    /// Sweep each fast body from its pose at the step's start to its pose
    /// now, against every static body, and for a bullet against every
    /// moving body that is not a bullet (where the step left it). Put it
    /// back at the first time of impact; it keeps its velocity, and the
    /// next step's contact, within the speculative distance, stops it. A
    /// body that starts the step touching is swept by its core (Box2D v3's
    /// fallback), and if that touches, by its centre. Non-bullets first, so
    /// that bullets meet the others where they end.
    pub fn sweep(
        &mut self,
        bodies: &mut [Body],
        shapes: &[Shape],
        starts: &[(Vec2, f32)],
    ) {
        let far = |bodies: &[Body], i: usize| {
            moved_far(
                &bodies[i],
                starts[i],
                (reach(&shapes[i]), thinnest(&shapes[i])),
            )
        };
        let fast: Vec<bool> = (0..bodies.len()).map(|i| far(bodies, i)).collect();
        self.sweep_these(bodies, shapes, starts, &fast);
    }

    /// [`Fast::sweep`], the bodies to sweep those marked in `fast`.
    pub fn sweep_these(
        &mut self,
        bodies: &mut [Body],
        shapes: &[Shape],
        starts: &[(Vec2, f32)],
        fast: &[bool],
    ) {
        let n = bodies.len();
        let order: Vec<usize> = (0..n)
            .filter(|&i| !self.is_bullet(i) && fast[i])
            .chain((0..n).filter(|&i| self.is_bullet(i) && fast[i]))
            .collect();
        // The static bodies, the only targets of a body that is not a
        // bullet: a pile of thousands has few. Each is placed, and its box
        // found, once, for every fast body to try.
        let statics: Vec<(usize, Transform, (Vec2, Vec2))> = (0..n)
            .filter(|&j| bodies[j].inv_mass == 0.0)
            .map(|j| placed(bodies, shapes, j))
            .collect();
        for i in order {
            let b = bodies[i];
            let shape = shapes[i];
            let (c0, a0) = starts[i];
            let path = Sweep { c0, a0, c1: b.position, a1: b.angle };
            self.report.swept += 1;
            let (mut first, mut distances) = (1.0f32, 0);
            // A bullet tries every body; any other body, the static ones.
            let (every, only_static) = if self.is_bullet(i) {
                (0..n, &[][..])
            } else {
                (0..0, &statics[..])
            };
            // A bullet's targets: static bodies and bodies that are not
            // bullets, each placed only once it is known to be one.
            let target = |j: usize| {
                j != i
                    && (bodies[j].inv_mass == 0.0
                        || (self.is_bullet(i) && !self.is_bullet(j)))
            };
            let targets =
                every.filter(|&j| target(j)).map(|j| placed(bodies, shapes, j));
            for (j, to, around) in targets.chain(only_static.iter().copied()) {
                let shape_j = &shapes[j];
                if !path.may_reach(reach(&shape), around) {
                    continue;
                }
                let mut found =
                    time_of_impact(&shape, &path, shape_j, &to, |_, _| {});
                // Already touching: sweep the body's core instead, a disc
                // at its centre a quarter of its thinnest half-width
                // across; if that touches too, the centre alone. Sliding
                // along a wall, or sunk into it, a body may go deeper, but
                // its centre never crosses.
                for radius in [CORE_FRACTION * thinnest(&shape), 0.0] {
                    if found != Toi::Touching {
                        break;
                    }
                    distances += 1;
                    let core = Shape::Circle { radius };
                    found = time_of_impact(&core, &path, shape_j, &to, |_, _| {});
                }
                distances += found.iterations();
                if let Toi::Hit { t, .. } = found {
                    first = first.min(t);
                }
                // Even the centre starts within the target of the surface:
                // it is stopped where its straight path enters the shape.
                if found == Toi::Touching
                    && let Some(t) = enters(shape_j, &to, path.c0, path.c1)
                {
                    first = first.min(t);
                }
            }
            self.report.distances += distances;
            if first < 1.0 {
                self.trails.push((path.c0, path.c1));
                let at = path.at(first);
                let body = &mut bodies[i];
                body.position = at.position;
                body.angle = path.a0 + first * (path.a1 - path.a0);
                self.report.hits += 1;
            }
        }
    }
    // ANCHOR_END: sweep
}

// ANCHOR: reach_out_body
/// One body's part of [`Fast::reach_out`] for a shape that reaches
/// `reach` from its centre: its margin.
pub fn reach_out_body(b: &Body, reach: f32, speculative: bool, dt: f32) -> f32 {
    if speculative && b.inv_mass > 0.0 {
        motion_bound(b.velocity, b.angular_velocity, reach, dt)
    } else {
        0.0
    }
}
// ANCHOR_END: reach_out_body

// ANCHOR: moved_far
/// Whether body `b`, at `(c0, a0)` when the step began, is one the sweep
/// follows: a moving body with a point that went farther than half its
/// thinnest half-width ([`FAST_FRACTION`]), turning included, its shape
/// reaching `reach` and its thinnest half-width `thinnest`.
pub fn moved_far(
    b: &Body,
    (c0, a0): (Vec2, f32),
    (reach, thinnest): (f32, f32),
) -> bool {
    let path = Sweep { c0, a0, c1: b.position, a1: b.angle };
    b.inv_mass != 0.0 && path.motion(reach) > FAST_FRACTION * thinnest
}
// ANCHOR_END: moved_far

/// Body `j` where it is now, and its box.
fn placed(
    bodies: &[Body],
    shapes: &[Shape],
    j: usize,
) -> (usize, Transform, (Vec2, Vec2)) {
    let at = bodies[j].transform();
    (j, at, bounds(&shapes[j], &at))
}

#[cfg(feature = "exercises")]
pub use crate::exercises::motion_bound;
#[cfg(not(feature = "exercises"))]
// ANCHOR: motion_bound
// ANCHOR: motion_bound_signature
/// The farthest any point of a body can move in `dt`: its centre at
/// `velocity`, and a point `reach` from the centre turning at `spin`.
pub fn motion_bound(velocity: Vec2, spin: f32, reach: f32, dt: f32) -> f32 {
    // ANCHOR_END: motion_bound_signature
    (velocity.length() + spin.abs() * reach) * dt
}
// ANCHOR_END: motion_bound

// ANCHOR: ghost
/// Whether `manifold`, a contact of bodies `a` and `b` whose shapes
/// reach `reaches` from their centres, is a ghost for a step of `dt`: a
/// speculative contact whose row may push (the bodies may close its gap
/// in the step along its normal, spin included), though they cannot meet.
/// Each shape lies within the disc of its reach however it turns, and as
/// A's centre goes its straight way (its velocity less B's, for `dt`)
/// the discs keep more than their two radii apart (and the speculative
/// distance): what a step can reach is that path, not every direction.
/// A ghost is not made; a contact that cannot push is kept as ever, and
/// so is every contact of bodies whose discs pass within their size,
/// where a ghost bounce stays (so it is as large as the shapes at most,
/// not as long as a step). A contact within the speculative distance is
/// never a ghost: its discs are nearer still.
pub fn ghost(
    manifold: &Manifold,
    (a, b): (&Body, &Body),
    (ra, rb): (f32, f32),
    dt: f32,
) -> bool {
    let deepest = manifold.contacts().iter().map(|c| c.penetration);
    let gap = -deepest.fold(f32::NEG_INFINITY, f32::max);
    let spin = a.angular_velocity.abs() * ra + b.angular_velocity.abs() * rb;
    let closing = (a.velocity - b.velocity).dot(manifold.normal) + spin;
    if !(gap > 0.0 && closing * dt > gap) {
        return false;
    }
    let apart = b.position - a.position;
    let moved = (a.velocity - b.velocity) * dt;
    let along = moved.length_squared();
    let t =
        if along > 0.0 { (apart.dot(moved) / along).clamp(0.0, 1.0) } else { 0.0 };
    (apart - t * moved).length() > 2.0 * (ra + rb) + SPECULATIVE_DISTANCE
}
// ANCHOR_END: ghost

/// Chapter 11's manifold of shapes `a` and `b` at transforms `t`,
/// reported while they are within the sum of their margins (and the
/// speculative distance).
pub fn contact(
    shapes: &Shapes,
    margins: &[f32],
    (a, b): (usize, usize),
    t: &[Transform],
) -> Option<Manifold> {
    let floors = shapes.settings;
    let shapes = &shapes.list;
    let (sa, sb) =
        (floor_or_not(&shapes[a], floors), floor_or_not(&shapes[b], floors));
    let margin = margins[a] + margins[b] + SPECULATIVE_DISTANCE;
    collide(&sa, &t[a], &sb, &t[b], margin)
}

// ANCHOR: enters
/// Whether the straight path of a body's centre, from `from` to `to`,
/// crosses into `shape` (at transform `t`) from the front, and if so how
/// far along it may go: the fraction where it enters from outside, or 0
/// for a centre already inside that would leave through another side
/// than the one nearest it (through the back), or end the step nearer
/// another side than that one (past the middle, where the next step
/// could no longer tell its way in from the back). A centre inside that
/// leaves the way it came, or stays on its side, is the contact's to push
/// out: `None`. A polygon
/// is clipped face by face, its rounding taken as a push of each face
/// outwards (which holds the rounded shape); a disc's "way in" is the
/// half nearest the centre's start.
pub fn enters(shape: &Shape, t: &Transform, from: Vec2, to: Vec2) -> Option<f32> {
    let (p, d) = (t.to_local(from), t.to_local(to) - t.to_local(from));
    match shape {
        Shape::Circle { radius } => {
            // |p + s d|^2 = r^2: enter at the smaller root, leave at the larger.
            let (a, b, c) = (d.dot(d), p.dot(d), p.dot(p) - radius * radius);
            let disc = b * b - a * c;
            if a == 0.0 || disc < 0.0 {
                return None;
            }
            let (enter, leave) = ((-b - disc.sqrt()) / a, (-b + disc.sqrt()) / a);
            if c > 0.0 {
                return (0.0..=1.0).contains(&enter).then_some(enter);
            }
            // Inside: out through the far half is through the back, and
            // ending in the far half is past the middle.
            let out = p + leave.min(1.0) * d;
            (out.dot(p) < 0.0).then_some(0.0)
        }
        Shape::Polygon(poly) => {
            // Each face's line cuts the segment: inside from the last line
            // it crosses inwards (`enter`) to the first it crosses outwards
            // (`leave`, through face `by`).
            let (mut enter, mut leave, mut by) = (0.0f32, 1.0f32, None);
            let (mut outside, mut nearest, mut nearest_gap) =
                (false, 0, f32::NEG_INFINITY);
            for i in 0..poly.count {
                let n = poly.normals[i];
                let offset = n.dot(poly.vertices[i]) + poly.radius;
                let (start, along) = (n.dot(p) - offset, n.dot(d));
                outside |= start > 0.0;
                if start > nearest_gap {
                    (nearest, nearest_gap) = (i, start);
                }
                if along == 0.0 {
                    if start > 0.0 {
                        return None; // along the line, outside it all the way
                    }
                } else if along < 0.0 {
                    enter = enter.max(-start / along);
                } else if -start / along < leave {
                    (leave, by) = (-start / along, Some(i));
                }
            }
            if enter > leave {
                return None;
            }
            if outside {
                return Some(enter);
            }
            // The side the centre ends nearest, if it stays inside.
            let end = p + d;
            let ends_nearest = (0..poly.count).max_by(|&i, &j| {
                let gap = |k: usize| {
                    let n = poly.normals[k];
                    n.dot(end) - n.dot(poly.vertices[k])
                };
                gap(i).total_cmp(&gap(j))
            });
            match by {
                Some(face) => (face != nearest).then_some(0.0),
                None => (ends_nearest != Some(nearest)).then_some(0.0),
            }
        }
    }
}
// ANCHOR_END: enters

/// The least distance from a shape's centre to its surface: a disc's
/// radius; a polygon's nearest face, and its rounding.
pub fn thinnest(shape: &Shape) -> f32 {
    match shape {
        Shape::Circle { radius } => *radius,
        Shape::Polygon(p) => {
            let core = (0..p.count)
                .map(|i| p.normals[i].dot(p.vertices[i]))
                .fold(f32::INFINITY, f32::min)
                .max(0.0);
            core + p.radius
        }
    }
}
