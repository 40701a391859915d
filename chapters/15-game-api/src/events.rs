//! What happened in a step, as lists the game reads after it.
//!
//! Box2D v2 called the game back from inside the step (`BeginContact`,
//! `PostSolve`): the game's code ran while the engine was half way through
//! its own, and could not safely change the world there. Box2D v3 instead
//! keeps lists that the game reads when the step is over, which is also
//! what Rust wants: during the step the engine holds the world mutably, and
//! afterwards the game may borrow it again to react. The lists are made in
//! a fixed order (the sorted pairs of shapes, the joints' order, the
//! bodies' order), so the same run gives the same events on any number of
//! threads.

use crate::game::{Game, Key};
use crate::{BodyId, JointId, ShapeId};
use ch08_sequential_impulses::{self as ch08};
use ch11_polygons::SPECULATIVE_DISTANCE;
use ch11_polygons::gjk::{Proxy, distance};
use ch12_continuous::Transform;
use ch13_islands::broad_phase::Pair;
use ch13_islands::query::shape_bounds;
use ch13_islands::{Sleep, TreePhase};
use glam::Vec2;

// ANCHOR: events
/// The events of the last step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Events {
    /// Pairs of shapes that began touching.
    pub begin: Vec<ContactEvent>,
    /// Pairs that stopped touching, or whose shape was destroyed.
    pub end: Vec<ContactEvent>,
    /// Contacts whose points approached faster than the hit speed and
    /// pushed.
    pub hits: Vec<HitEvent>,
    /// Shapes that began or stopped overlapping a sensor.
    pub sensor_begin: Vec<SensorEvent>,
    pub sensor_end: Vec<SensorEvent>,
    /// Joints pulled harder than they hold, and broken.
    pub joint_breaks: Vec<JointBreak>,
    /// Every body that moved, where it is now: what a renderer redraws.
    pub moved: Vec<BodyMove>,
}

/// Two shapes, `shape_a` on the body whose place comes first, and their
/// bodies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactEvent {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
}

/// A hit: where, the normal from A to B, and how fast the point
/// approached, m/s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HitEvent {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: BodyId,
    pub body_b: BodyId,
    pub point: Vec2,
    pub normal: Vec2,
    pub speed: f32,
}

/// A shape (`visitor`) entering or leaving a sensor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SensorEvent {
    pub sensor: ShapeId,
    pub visitor: ShapeId,
    pub sensor_body: BodyId,
    pub visitor_body: BodyId,
}

/// A joint that broke, the bodies it held, and the force, N, and torque,
/// N m, it was pulled with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointBreak {
    pub joint: JointId,
    pub body_a: BodyId,
    pub body_b: BodyId,
    pub force: f32,
    pub torque: f32,
}

/// A body that moved: its handle, its origin and angle now, and whether it
/// fell asleep in the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyMove {
    pub body: BodyId,
    pub origin: Vec2,
    pub angle: f32,
    pub fell_asleep: bool,
}
// ANCHOR_END: events

impl Events {
    /// Empty every list, keeping its room for the next step's.
    pub fn clear(&mut self) {
        let Events {
            begin,
            end,
            hits,
            sensor_begin,
            sensor_end,
            joint_breaks,
            moved,
        } = self;
        begin.clear();
        end.clear();
        hits.clear();
        sensor_begin.clear();
        sensor_end.clear();
        joint_breaks.clear();
        moved.clear();
    }

    /// `earlier`'s events put before these, list by list, and `earlier`
    /// emptied (keeping its room).
    fn put_first(&mut self, earlier: &mut Events) {
        fn first<T>(list: &mut Vec<T>, earlier: &mut Vec<T>) {
            if !earlier.is_empty() {
                list.splice(0..0, earlier.drain(..));
            }
        }
        first(&mut self.begin, &mut earlier.begin);
        first(&mut self.end, &mut earlier.end);
        first(&mut self.hits, &mut earlier.hits);
        first(&mut self.sensor_begin, &mut earlier.sensor_begin);
        first(&mut self.sensor_end, &mut earlier.sensor_end);
        first(&mut self.joint_breaks, &mut earlier.joint_breaks);
        first(&mut self.moved, &mut earlier.moved);
    }

    /// How many events of every kind but `moved`.
    pub fn len(&self) -> usize {
        self.begin.len()
            + self.end.len()
            + self.hits.len()
            + self.sensor_begin.len()
            + self.sensor_end.len()
            + self.joint_breaks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Game {
    // ANCHOR: report
    /// The step's events, from what the step left: the arbiters with their
    /// impulses, the shapes where they ended, who sleeps.
    pub(crate) fn report(
        &mut self,
        solver: &ch08::World,
        phase: &TreePhase,
        sleep: &Sleep,
        asleep_before: &[bool],
    ) {
        // The lists hold the joints broken after the step; what was
        // destroyed since the last step goes first.
        let mut events = std::mem::take(&mut self.events);
        events.put_first(&mut self.pending);
        // Touching: a point within the contact distance when the step
        // began, or one that pushed in it. This step's touching pairs, in
        // the pairs' order (the arbiters'), kept in last step's room.
        let mut touching = std::mem::take(&mut self.touching_room);
        touching.clear();
        for (key, arbiter) in self.keys.iter().zip(&solver.arbiters) {
            let near = |c: &ch08::ContactRow| c.penetration > -SPECULATIVE_DISTANCE;
            let pushed = |c: &ch08::ContactRow| c.normal_impulse > 0.0;
            if arbiter.contacts().iter().any(|c| near(c) || pushed(c)) {
                touching.push(key.pair);
            }
            // (No point approached faster than a hit: none to look for.)
            let fast = key.approach.iter().any(|&speed| speed > self.hit_speed);
            if fast && let Some(hit) = self.hit(key, arbiter) {
                events.hits.push(hit);
            }
        }
        // Against last step's (a pile at rest: the same list, and nothing
        // more to do). A pair of shapes on bodies that both rest (asleep,
        // or static, or kinematic and still) is not collided, but stays
        // touching: a pile falling asleep does not end its contacts.
        if touching != self.touching {
            let rests = |i: usize| {
                let b = &solver.bodies[i];
                sleep.asleep[i]
                    || (b.inv_mass == 0.0
                        && b.velocity == Vec2::ZERO
                        && b.angular_velocity == 0.0)
            };
            let both_rest = |p: &Pair| {
                let (s, t) = p.bodies();
                rests(self.owner(s)) && rests(self.owner(t))
            };
            let (began, gone) = differences(&self.touching, &touching);
            let (stays, ended): (Vec<Pair>, _) =
                gone.iter().partition(|p| both_rest(p));
            if !stays.is_empty() {
                touching.extend(stays);
                touching.sort_unstable();
            }
            events.begin.extend(began.iter().map(|p| self.event_of(*p)));
            events.end.extend(ended.iter().map(|p| self.event_of(*p)));
        }
        self.touching_room = std::mem::replace(&mut self.touching, touching);
        // Sensors, from where the shapes are now.
        let overlaps = self.overlaps(solver, phase);
        let (entered, left) = differences(&self.overlaps, &overlaps);
        let sensor = |p: &Pair| {
            let (s, v) = p.bodies();
            self.sensor_event(s, v)
        };
        events.sensor_begin.extend(entered.iter().map(sensor));
        events.sensor_end.extend(left.iter().map(sensor));
        self.overlaps = overlaps;
        // The bodies that moved.
        let all = solver.bodies.iter().zip(&self.bodies).zip(&sleep.asleep);
        for (i, ((b, slot), &asleep)) in all.enumerate() {
            let live = slot.kind.is_some_and(|k| k != crate::BodyKind::Static);
            let slept = asleep_before.get(i).copied().unwrap_or(false);
            if !live || (asleep && slept) {
                continue;
            }
            // The origin is the centre of mass for most bodies: no turn to
            // find then.
            let centre = slot.mass.centre;
            let origin = match centre == Vec2::ZERO {
                true => b.position,
                false => Transform::new(b.position, b.angle).to_world(-centre),
            };
            events.moved.push(BodyMove {
                body: self.body_id(i),
                origin,
                angle: b.angle,
                fell_asleep: asleep && !slept,
            });
        }
        self.events = events;
        self.changed = false;
    }
    // ANCHOR_END: report

    /// The contact event of the shape pair `pair` (lower place first):
    /// A's shape first.
    fn event_of(&self, pair: Pair) -> ContactEvent {
        let (a, b) = pair.bodies();
        match self.owner(a) <= self.owner(b) {
            true => self.contact_event(a, b),
            false => self.contact_event(b, a),
        }
    }

    // ANCHOR: hit
    /// A hit, if one of the contact's points approached faster than the
    /// hit speed when the step began and pushed in the step (a speculative
    /// point that never met does not push): the fastest such point.
    fn hit(&self, key: &Key, arbiter: &ch08::Arbiter) -> Option<HitEvent> {
        let mut best: Option<(f32, Vec2)> = None;
        for (c, &speed) in arbiter.contacts().iter().zip(&key.approach) {
            let faster = best.is_none_or(|(s, _)| speed > s);
            if speed > self.hit_speed && c.normal_impulse > 0.0 && faster {
                best = Some((speed, c.point));
            }
        }
        let (speed, point) = best?;
        let (a, b) = key.pairing.shapes;
        let (a, b) = (a as usize, b as usize);
        Some(HitEvent {
            shape_a: self.shape_id(a),
            shape_b: self.shape_id(b),
            body_a: self.body_id(self.owner(a)),
            body_b: self.body_id(self.owner(b)),
            point,
            normal: arbiter.normal,
            speed,
        })
    }
    // ANCHOR_END: hit

    // ANCHOR: overlaps
    /// Every pair `(sensor, visitor)` overlapping now, sorted: each sensor
    /// asks the tree for the leaves its box meets, and each shape there
    /// that is not a sensor, on another body, and that its filter lets
    /// collide, is tested exactly (chapter 11's distance between the two
    /// shapes, at most 0). Sleeping shapes are in the tree like the rest,
    /// so a sensor sees them too.
    fn overlaps(&self, solver: &ch08::World, phase: &TreePhase) -> Vec<Pair> {
        let mut found = Vec::new();
        for (s, slot) in self.shapes.iter().enumerate() {
            let Some(body) = slot.body else { continue };
            if !slot.def.sensor {
                continue;
            }
            let ts = self.shape_transform(s, &solver.bodies[body as usize]);
            let bounds = shape_bounds(&slot.placed, &ts);
            let proxy = Proxy::new(&slot.placed, &ts);
            phase.tree.query(bounds, |_, v| {
                let other = &self.shapes[v];
                let Some(owner) = other.body else { return };
                if other.def.sensor
                    || owner == body
                    || !crate::should_collide(&slot.def.filter, &other.def.filter)
                {
                    return;
                }
                let tv = self.shape_transform(v, &solver.bodies[owner as usize]);
                let visitor = Proxy::new(&other.placed, &tv);
                let between = distance(&proxy, &visitor, |_| {});
                if between.distance <= proxy.radius + visitor.radius {
                    found.push(Pair::new(s, v));
                }
            });
        }
        found.sort_unstable();
        found
    }
    // ANCHOR_END: overlaps

    /// Shape `s` placed, on its body `b`.
    pub fn shape_transform(&self, s: usize, b: &ch08::Body) -> Transform {
        let t = Transform::new(b.position, b.angle);
        on_body(&t, self.shapes[s].at)
    }
}

// ANCHOR: on_body
/// A shape `at` a point of a body placed by `t` (the body's own transform
/// if `at` is zero, to the bit).
pub fn on_body(t: &Transform, at: Vec2) -> Transform {
    if at == Vec2::ZERO {
        return *t;
    }
    Transform { position: t.to_world(at), rotation: t.rotation }
}
// ANCHOR_END: on_body

/// What `now` has that `before` had not, and what `before` had that `now`
/// has not (both sorted).
fn differences(before: &[Pair], now: &[Pair]) -> (Vec<Pair>, Vec<Pair>) {
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < now.len() {
        match (before.get(i), now.get(j)) {
            (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
            (Some(a), Some(b)) if a < b => {
                removed.push(*a);
                i += 1;
            }
            (Some(_), Some(b)) | (None, Some(b)) => {
                added.push(*b);
                j += 1;
            }
            (Some(a), None) => {
                removed.push(*a);
                i += 1;
            }
            (None, None) => break,
        }
    }
    (added, removed)
}
