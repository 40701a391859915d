//! The character mover: a capsule the game moves itself, between steps,
//! by asking the world where it may go.
//!
//! A character is not a body the solver moves. A dynamic capsule under
//! the solver slides down every slope, bounces off steps, is shoved by
//! every crate and turns over; a player expects none of that. So the game
//! keeps the character's position and velocity itself, and each frame it
//!
//! 1. gathers the *planes* of what is near the capsule: for each shape, the
//!    line between the two nearest points (chapter 11's GJK) is the normal,
//!    and the gap along it the separation ([`World::planes_near`]);
//! 2. solves for the translation nearest the one it wants that keeps on the
//!    outside of every plane ([`solve_planes`]);
//! 3. casts the capsule along that translation ([`World::cast_shape`]),
//!    stopping at the first thing the planes did not see, and moves;
//! 4. goes round again, a few times, towards what is left of the wanted
//!    move; then takes out of its velocity what the planes stopped
//!    ([`clip`]).
//!
//! On top of that come what a game asks of its character: walking up
//! slopes no steeper than a limit and sliding down steeper ones, stepping
//! up small ledges, riding moving platforms, and pushing crates with a
//! bounded force. Box2D (v3.1 on) gives the same two tools, `b2SolvePlanes` and
//! `b2ClipVector`, and builds its character sample from them.
//!
//! **No body in the world.** The mover has no body: the solver never sees
//! it, so no contact can shove it through a wall, and what it does to
//! others it does on purpose, with a bounded impulse ([`Mover::step`]). The
//! price: a crate dropped on the character's head is held up only by that
//! bounded push, and the world's own queries (a sensor, a ray) do not see
//! the character. A game that needs those gives it a kinematic body too,
//! moved to where the mover ends each frame, in a filter category the
//! mover's own queries leave out.

use crate::cast::ShapePlane;
use crate::{BodyKind, Filter, ShapeId, World};
use ch11_polygons::{LINEAR_SLOP, Polygon, Shape};
use ch12_continuous::Transform;
use glam::Vec2;
use physics_core::math::{cross, cross_scalar_vec};
use physics_core::trig;

/// The gap the mover keeps from what it touches: the linear slop, where
/// a cast stops too ([`ch12_continuous::toi::TARGET`]).
pub const GAP: f32 = LINEAR_SLOP;

/// Nearer than this, the mover touches a shape: it stands on it, is
/// stopped by it, pushes it. Four slops: more than the gap a cast or the
/// plane solve leaves, and little enough not to stand on air.
pub const SKIN: f32 = 4.0 * LINEAR_SLOP;

/// At most this many sweeps of the plane solve (Box2D's 20) ...
pub const PLANE_ITERATIONS: usize = 20;

/// ... stopping once a sweep pushes less than this in all, metres: a
/// fiftieth of the slop, well under what shows.
pub const PLANE_TOLERANCE: f32 = 0.02 * LINEAR_SLOP;

/// At most this many rounds of gather, solve, cast, move in a frame.
pub const MOVE_ITERATIONS: usize = 5;

// ANCHOR: plane
/// A plane the mover must stay outside: after moving by `delta` its gap
/// to the shape is about `separation + normal . delta`, which must not be
/// less than [`GAP`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Unit, from the shape towards the mover.
    pub normal: Vec2,
    /// The gap now, metres; negative when overlapping.
    pub separation: f32,
    /// The most this plane may push the mover back, metres: infinite for
    /// a wall, bounded for a crate, which gives way rather than shove.
    pub push_limit: f32,
    /// How far it pushed in the last solve: its multiplier.
    pub push: f32,
    /// Whether the velocity into it is taken away when it pushed.
    pub clip: bool,
    /// How fast the surface moves there: the velocity is clipped to it, not
    /// to rest (a platform rising lifts the mover).
    pub velocity: Vec2,
}
// ANCHOR_END: plane

impl Plane {
    /// A rigid, still plane: it pushes as far as it must, and clips.
    pub fn new(normal: Vec2, separation: f32) -> Plane {
        Plane {
            normal,
            separation,
            push_limit: f32::INFINITY,
            push: 0.0,
            clip: true,
            velocity: Vec2::ZERO,
        }
    }
}

#[cfg(feature = "exercises")]
pub use crate::exercises::solve_planes;
#[cfg(not(feature = "exercises"))]
// ANCHOR: solve_planes
// ANCHOR: solve_planes_signature
/// The translation nearest `target` that keeps outside every plane (each
/// pushing no more than its limit); each plane's `push` says how far it
/// pushed. Gauss-Seidel over the planes: each in turn pushes the
/// translation along its normal just far enough to clear it, its total
/// push kept between 0 (a plane only pushes out, never pulls in) and its
/// limit; sweeps repeat until one pushes next to nothing.
pub fn solve_planes(target: Vec2, planes: &mut [Plane]) -> Vec2 {
    // ANCHOR_END: solve_planes_signature
    for plane in planes.iter_mut() {
        plane.push = 0.0;
    }
    let mut delta = target;
    for _ in 0..PLANE_ITERATIONS {
        let mut pushed = 0.0;
        for plane in planes.iter_mut() {
            // How far short of the gap `delta` leaves the mover.
            let short = GAP - (plane.separation + plane.normal.dot(delta));
            // The plane's total push, so far and this much more, clamped:
            // a plane that pushed too far earlier (another has since
            // pushed the same way) takes some of it back, never below 0.
            let total = (plane.push + short).clamp(0.0, plane.push_limit);
            let push = total - plane.push;
            plane.push = total;
            delta += push * plane.normal;
            pushed += push.abs();
        }
        if pushed < PLANE_TOLERANCE {
            break;
        }
    }
    delta
}
// ANCHOR_END: solve_planes

// ANCHOR: clip
/// `velocity` with what goes into each plane that pushed taken out,
/// measured against the plane's own velocity: the part that would carry
/// the mover into it next frame.
pub fn clip(velocity: Vec2, planes: &[Plane]) -> Vec2 {
    let mut v = velocity;
    for plane in planes.iter().filter(|p| p.clip && p.push > 0.0) {
        let into = (v - plane.velocity).dot(plane.normal);
        v -= into.min(0.0) * plane.normal;
    }
    v
}
// ANCHOR_END: clip

/// How the mover walks, jumps and pushes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoverSettings {
    /// The walking speed, m/s.
    pub walk_speed: f32,
    /// How fast it gets to that speed (or stops) on the ground, and in the
    /// air, m/s^2.
    pub ground_acceleration: f32,
    pub air_acceleration: f32,
    /// Up, m/s, at a jump: a jump `jump_speed^2 / 2 g` high.
    pub jump_speed: f32,
    /// The steepest slope it stands on and walks up, radians from level.
    pub max_slope: f32,
    /// The highest ledge it steps up onto (and down from), metres.
    pub step_height: f32,
    /// The most force it pushes a body with, N.
    pub push_force: f32,
    /// Its mass, kg: what a body it walks into feels.
    pub mass: f32,
}

impl Default for MoverSettings {
    /// A person: 4 m/s, a jump of about 1.2 m, 45 degree slopes, 30 cm
    /// ledges, 70 kg pushing with at most 300 N (a strong shove).
    fn default() -> MoverSettings {
        MoverSettings {
            walk_speed: 4.0,
            ground_acceleration: 40.0,
            air_acceleration: 12.0,
            jump_speed: 5.0,
            max_slope: std::f32::consts::FRAC_PI_4,
            step_height: 0.3,
            push_force: 300.0,
            mass: 70.0,
        }
    }
}

/// What the player asks for this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// -1 (left) to 1 (right).
    pub walk: f32,
    /// Jump, if standing.
    pub jump: bool,
}

/// What the mover stands on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ground {
    pub shape: ShapeId,
    /// The plane's normal: how the ground slopes.
    pub normal: Vec2,
    /// How fast the ground moves under the mover's foot.
    pub velocity: Vec2,
    /// Its body's kind: kinematic is a platform it rides.
    pub kind: BodyKind,
}

/// A plane of a shape near the mover, and what the mover needs of its
/// body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Near {
    pub plane: Plane,
    pub shape: ShapeId,
    pub point: Vec2,
    /// Its body's place and kind.
    pub body: usize,
    pub kind: BodyKind,
    /// A wall stood in for a slope too steep to walk up (see
    /// [`Mover::gather`]).
    pub wall: bool,
}

/// What the last step did, for the HUD and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Report {
    /// Rounds of gather, solve, cast, move.
    pub rounds: usize,
    pub stepped_up: bool,
    pub snapped: bool,
    pub jumped: bool,
    /// The impulse handed to bodies, N s.
    pub pushed: f32,
}

// ANCHOR: mover
/// A character: a capsule (two centres and a radius, about `position`),
/// moved by the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    pub position: Vec2,
    pub velocity: Vec2,
    /// The capsule's two centres from `position`, and its radius.
    pub centres: [Vec2; 2],
    pub radius: f32,
    /// Which shapes it meets.
    pub filter: Filter,
    pub settings: MoverSettings,
    /// What it stood on at the end of the last step.
    pub ground: Option<Ground>,
    /// The planes it ended the last step touching, to draw.
    pub touching: Vec<Near>,
    pub report: Report,
}
// ANCHOR_END: mover

impl Mover {
    /// A standing capsule `height` tall (end to end) and `radius` round, its
    /// middle at `position`.
    pub fn new(position: Vec2, height: f32, radius: f32) -> Mover {
        let half = (0.5 * height - radius).max(0.0);
        Mover {
            position,
            velocity: Vec2::ZERO,
            centres: [Vec2::new(0.0, -half), Vec2::new(0.0, half)],
            radius,
            filter: Filter::default(),
            settings: MoverSettings::default(),
            ground: None,
            touching: Vec::new(),
            report: Report::default(),
        }
    }

    /// The capsule as a shape about `position`.
    pub fn shape(&self) -> Shape {
        Shape::Polygon(Polygon::from_corners(&self.centres, self.radius))
    }

    /// Where the capsule is when the mover is at `at`.
    pub fn transform(at: Vec2) -> Transform {
        Transform::new(at, 0.0)
    }

    /// The lowest point of the capsule: its foot.
    pub fn foot(&self) -> Vec2 {
        self.position + self.centres[0].min(self.centres[1])
            - Vec2::new(0.0, self.radius)
    }

    /// The first thing the capsule at `at` meets moved by `delta`: the
    /// fraction of `delta` it may go, and the hit.
    fn cast(
        &self,
        world: &World,
        at: Vec2,
        delta: Vec2,
    ) -> (f32, Option<crate::cast::CastHit>) {
        let hit = world.cast_shape(
            &self.shape(),
            Self::transform(at),
            delta,
            self.filter,
        );
        (hit.map_or(1.0, |h| h.fraction), hit)
    }

    // ANCHOR: gather
    /// The planes of every shape within `range` of the capsule at `at`,
    /// for a move towards `target`. A still or kinematic shape is a rigid
    /// plane. A dynamic body's plane pushes back only as far as the mover
    /// walks into it this move, and out of any overlap: it stops the
    /// mover, but never shoves it into anything (a wall's plane, unbounded,
    /// wins). A slope steeper than the limit is also a *wall*: its normal
    /// laid level, so that walking into it does not climb it (the plane
    /// alone would turn a step into the slope into a step up it), while
    /// the slope's own plane lets the mover slide down.
    pub fn gather(
        &self,
        world: &World,
        at: Vec2,
        range: f32,
        target: Vec2,
        up: Vec2,
    ) -> Vec<Near> {
        let found: Vec<ShapePlane> = world.planes_near(
            &self.shape(),
            Self::transform(at),
            range,
            self.filter,
        );
        let level = trig::cos(self.settings.max_slope);
        let mut near = Vec::with_capacity(found.len() + 2);
        for f in found {
            let s = f.shape.index as usize;
            let i = world.game.owner(s);
            let kind = world.game.bodies[i].kind.unwrap_or(BodyKind::Static);
            let b = &world.solver.bodies[i];
            let velocity = b.velocity
                + cross_scalar_vec(b.angular_velocity, f.point - b.position);
            let mut plane =
                Plane { velocity, ..Plane::new(f.normal, f.separation) };
            if kind == BodyKind::Dynamic {
                plane.push_limit = (-f.normal.dot(target)).max(0.0)
                    + (GAP - f.separation).max(0.0);
            }
            let entry = Near {
                plane,
                shape: f.shape,
                point: f.point,
                body: i,
                kind,
                wall: false,
            };
            // The wall first: [`clip`] takes the walk into it away before
            // the slope's plane turns the rest along the slope (the other
            // way round, the slope's plane would turn the walk upwards).
            let rise = f.normal.dot(up);
            if kind != BodyKind::Dynamic && rise > 0.0 && rise < level {
                let flat = (f.normal - rise * up).normalize_or_zero();
                if flat != Vec2::ZERO {
                    let wall = Plane { normal: flat, ..plane };
                    near.push(Near { plane: wall, wall: true, ..entry });
                }
            }
            near.push(entry);
        }
        near
    }
    // ANCHOR_END: gather

    /// The ground among `near`: the most level plane touching the capsule
    /// that is no steeper than the limit (the lower place of two as level).
    pub fn ground_of(&self, near: &[Near], up: Vec2) -> Option<Ground> {
        let level = trig::cos(self.settings.max_slope);
        let mut best: Option<&Near> = None;
        for n in near.iter().filter(|n| !n.wall && n.plane.separation <= SKIN) {
            let rise = n.plane.normal.dot(up);
            if rise >= level && best.is_none_or(|b| rise > b.plane.normal.dot(up)) {
                best = Some(n);
            }
        }
        best.map(|n| Ground {
            shape: n.shape,
            normal: n.plane.normal,
            velocity: n.plane.velocity,
            kind: n.kind,
        })
    }

    // ANCHOR: slide
    /// Move towards `target` as far as the world lets: rounds of gather
    /// the planes near enough to matter, solve for the translation, cast
    /// the capsule along it, move as far as the cast allows. Each round
    /// starts from where the last stopped, towards what is left of the
    /// target; it ends when a round moves next to nothing.
    fn slide(&mut self, world: &World, target: Vec2, up: Vec2) {
        for round in 1..=MOVE_ITERATIONS {
            self.report.rounds = round;
            let want = target - self.position;
            let near =
                self.gather(world, self.position, SKIN + want.length(), want, up);
            let mut planes: Vec<Plane> = near.iter().map(|n| n.plane).collect();
            let delta = solve_planes(want, &mut planes);
            let (fraction, _) = self.cast(world, self.position, delta);
            let moved = fraction * delta;
            self.position += moved;
            if moved.length() < PLANE_TOLERANCE {
                break;
            }
        }
    }
    // ANCHOR_END: slide

    // ANCHOR: step_up
    /// Try stepping up a ledge from `start` towards `forward`: cast up by
    /// the step height, forward, then down again; it counts only if the
    /// capsule comes down on ground level enough to stand on. Forward goes
    /// at least far enough to bring the capsule's centre over a ledge's
    /// edge by as much as its rounded foot needs to stand there (a foot
    /// resting on the very corner would slide back off).
    fn step_up(
        &self,
        world: &World,
        start: Vec2,
        forward: Vec2,
        up: Vec2,
    ) -> Option<Vec2> {
        let s = &self.settings;
        let least = self.radius * (1.0 - trig::sin(s.max_slope)) + 2.0 * GAP;
        let forward = forward.normalize_or_zero() * forward.length().max(least);
        let (lift, _) = self.cast(world, start, s.step_height * up);
        let raised = start + lift * s.step_height * up;
        let (ahead, _) = self.cast(world, raised, forward);
        let over = raised + ahead * forward;
        let drop = -(lift * s.step_height + SKIN) * up;
        let (down, hit) = self.cast(world, over, drop);
        let hit = hit?;
        (hit.normal.dot(up) >= trig::cos(s.max_slope)).then_some(over + down * drop)
    }
    // ANCHOR_END: step_up

    // ANCHOR: step
    /// One frame: walk, jump, move, and push what it walks into. Call it
    /// after the world's step, so the mover sees the world where the step
    /// left it (a platform already moved).
    pub fn step(&mut self, world: &mut World, input: Input, dt: f32) {
        if !(dt > 0.0 && dt.is_finite()) {
            return;
        }
        self.report = Report::default();
        let s = self.settings;
        let walk =
            if input.walk.is_finite() { input.walk.clamp(-1.0, 1.0) } else { 0.0 };
        let gravity = world.solver.gravity;
        let up = match (-gravity).normalize_or_zero() {
            Vec2::ZERO => Vec2::Y,
            up => up,
        };
        let side = Vec2::new(up.y, -up.x); // to the right of up
        // Where it stands now, the world having stepped.
        let here = self.gather(world, self.position, SKIN, Vec2::ZERO, up);
        let ground = self.ground_of(&here, up);
        // The velocity: walking speed reached relative to the ground (a
        // platform's own velocity carries the mover along), in the air
        // relative to the world; a jump only from the ground; gravity always.
        let carried = ground.map_or(Vec2::ZERO, |g| g.velocity);
        let mut own = self.velocity - carried;
        let along = own.dot(side);
        let rate = if ground.is_some() {
            s.ground_acceleration
        } else {
            s.air_acceleration
        };
        let change = (walk * s.walk_speed - along).clamp(-rate * dt, rate * dt);
        own += change * side;
        let jumped = ground.is_some() && input.jump;
        if jumped {
            own += (s.jump_speed - own.dot(up)) * up;
        }
        self.velocity = carried + own + gravity * dt;
        // The move.
        let start = self.position;
        let target = start + self.velocity * dt;
        self.slide(world, target, up);
        // Stopped short on the ground while walking: a ledge to step up?
        let wanted = (target - start).dot(side);
        let made = (self.position - start).dot(side);
        if ground.is_some()
            && !jumped
            && walk != 0.0
            && made * wanted.signum() < 0.5 * wanted.abs()
        {
            if let Some(p) = self.step_up(world, start, wanted * side, up) {
                if (p - start).dot(side) * wanted.signum()
                    > made * wanted.signum() + GAP
                {
                    self.position = p;
                    self.report.stepped_up = true;
                }
            }
        }
        // Walked off a crest or a ledge: down to the ground again if it is
        // within a step, rather than fly off it.
        if ground.is_some() && !jumped {
            let now = self.gather(world, self.position, SKIN, Vec2::ZERO, up);
            if self.ground_of(&now, up).is_none() {
                let drop = -(s.step_height + SKIN) * up;
                let (down, hit) = self.cast(world, self.position, drop);
                if hit.is_some_and(|h| h.normal.dot(up) >= trig::cos(s.max_slope)) {
                    self.position += down * drop;
                    self.report.snapped = true;
                }
            }
        }
        // The planes it ends touching, solved for the next frame's move:
        // those that would push it are the ones it presses on. It pushes
        // the bodies among them, then its velocity is clipped to them.
        let next = self.velocity * dt;
        let mut near = self.gather(world, self.position, SKIN, next, up);
        let mut planes: Vec<Plane> = near.iter().map(|n| n.plane).collect();
        solve_planes(next, &mut planes);
        for (n, p) in near.iter_mut().zip(&planes) {
            n.plane.push = p.push;
        }
        self.report.pushed = self.push_bodies(world, &mut near, dt);
        let planes: Vec<Plane> = near.iter().map(|n| n.plane).collect();
        self.velocity = clip(self.velocity, &planes);
        self.ground = if jumped { None } else { self.ground_of(&near, up) };
        self.report.jumped = jumped;
        self.touching = near;
    }
    // ANCHOR_END: step

    // ANCHOR: push_bodies
    /// Push each dynamic body the mover presses on: the impulse that would
    /// leave the two moving apart no faster than nothing, as between a
    /// body of the mover's mass and the other (a perfectly inelastic
    /// knock), with a little more to undo any overlap, capped at the push
    /// force for one frame. A light crate is knocked along at the mover's
    /// speed; a heavy one hardly moves, and stops the mover like a wall.
    /// Its plane's velocity becomes the body's new one, so the velocity is
    /// clipped to what the push achieved. Returns the impulse given, N s.
    fn push_bodies(&self, world: &mut World, near: &mut [Near], dt: f32) -> f32 {
        let s = &self.settings;
        let mut total = 0.0;
        for n in near.iter_mut() {
            if n.kind != BodyKind::Dynamic || n.plane.push <= 0.0 {
                continue;
            }
            let b = world.solver.bodies[n.body];
            if b.inv_mass <= 0.0 {
                continue;
            }
            let normal = n.plane.normal;
            let overlap = (GAP - n.plane.separation).max(0.0);
            let approach = -(self.velocity - n.plane.velocity).dot(normal)
                + 0.2 * overlap / dt;
            if approach <= 0.0 {
                continue;
            }
            let mass = 1.0 / b.inv_mass;
            let reduced = s.mass * mass / (s.mass + mass);
            let impulse = (reduced * approach).min(s.push_force * dt);
            let r = n.point - b.position;
            let v = b.velocity - impulse * b.inv_mass * normal;
            let w = b.angular_velocity - impulse * b.inv_inertia * cross(r, normal);
            let id = world.game.body_id(n.body);
            if world.set_velocity(id, v, w).is_ok() {
                n.plane.velocity = v + cross_scalar_vec(w, r);
                total += impulse;
            }
        }
        total
    }
    // ANCHOR_END: push_bodies
}
