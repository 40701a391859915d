//! The stages of chapter 14's step that read the shapes, for bodies of
//! many shapes: a leaf in the tree for each shape, pairs of shapes that the
//! filters let collide, and a contact for each pair of touching shapes.

use crate::events::on_body;
use crate::game::ShapeSlot;
use crate::game::{Game, Key};
use crate::{BodyKind, World, one_way_keeps, should_collide};
use ch03_mass_weighted_impulses::mix_restitution;
use ch04_manifolds::Manifold;
use ch06_rotation_friction::mix_friction;
use ch08_sequential_impulses::Arbiter;
use ch11_polygons::{
    SPECULATIVE_DISTANCE, Settings, Shape, collide, floor_or_not, reach,
};
use ch12_continuous::toi::{Sweep, TARGET, TOLERANCE, Toi, time_of_impact};
use ch12_continuous::{
    CORE_FRACTION, Transform, enters, ghost, motion_bound, thinnest,
};
use ch13_islands::TreePhase;
use ch13_islands::broad_phase::{Leaf, Pair};
use ch13_islands::query::shape_bounds;
use ch13_islands::tree::Bounds;
use ch14_wide_solver::collide::find_and_join;
use ch14_wide_solver::collide::placed;
use ch14_wide_solver::{Collide, JointPass, Parts, Surface};
use glam::Vec2;

/// What a pair of shapes brings to its contact, from the two shapes alone:
/// which is A's (the one on the body in the lower place), their bodies, the
/// mixed friction and restitution, whether either is a one-way platform.
/// Found when the pair first touches, then kept with its contact from step
/// to step while no body, shape or joint is made or destroyed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Pairing {
    pub(crate) shapes: (u32, u32),
    pub(crate) bodies: (u32, u32),
    pub(crate) friction: f32,
    pub(crate) restitution: f32,
    pub(crate) one_way: bool,
}

/// This chapter's shapes, for chapter 14's step, and what a later chapter
/// adds to them.
pub struct GameShapes<'a, E: Extras> {
    pub game: &'a mut Game,
    pub extras: &'a mut E,
}

// ANCHOR: extras
/// What a later chapter adds to this chapter's step: contacts of its own
/// for some pairs of shapes, surfaces that move or resist rolling, joints
/// of its own. Chapter 15 adds nothing (`()`). Shapes are named by their
/// place in [`Game::shapes`].
pub trait Extras: Send + Sync {
    /// The manifold of shape `sa` placed by `ta` against shape `sb` placed
    /// by `tb`, within `margin` metres: chapter 11's ([`shape_manifold`]).
    fn collide(
        &self,
        game: &Game,
        (sa, sb): (usize, usize),
        (ta, tb): (&Transform, &Transform),
        margin: f32,
        settings: Settings,
    ) -> Option<Manifold> {
        shape_manifold(game, (sa, sb), (ta, tb), margin, settings)
    }
    /// Whether any shape's surface moves or resists rolling.
    fn has_surfaces(&self) -> bool {
        false
    }
    /// The surface where shapes `sa` and `sb` touch.
    fn surface(&self, _game: &Game, _pair: (usize, usize)) -> Surface {
        Surface::default()
    }
    /// Whether the sweep of a fast shape, its body's centre moving from
    /// `c0` to `c1`, tries shape `target` placed by `to` (the fast shape's
    /// core `core` metres across): yes, by default.
    fn sweeps(
        &self,
        _game: &Game,
        _target: (usize, &Transform),
        _path: (Vec2, Vec2),
        _core: f32,
    ) -> bool {
        true
    }
    /// Whether there are joints of the later chapter's own.
    fn has_joints(&self) -> bool {
        false
    }
    /// One pass of them (see [`Collide::joints`]).
    fn joints(&mut self, _parts: &mut Parts<'_>, _pass: JointPass) {}
}
// ANCHOR_END: extras

impl Extras for () {}

/// Chapter 11's manifold of shape `sa` against shape `sb` (a piece of
/// floor with hidden faces as chapter 11's settings say).
pub fn shape_manifold(
    game: &Game,
    (sa, sb): (usize, usize),
    (ta, tb): (&Transform, &Transform),
    margin: f32,
    settings: Settings,
) -> Option<Manifold> {
    let pa = floor_or_not(&game.shapes[sa].placed, settings);
    let pb = floor_or_not(&game.shapes[sb].placed, settings);
    collide(&pa, ta, &pb, tb, margin)
}

/// A shape's leaf as the broad phase asks about it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShapeLeaf {
    gone: bool,
    held: bool,
    at: Vec2,
}

/// A shape's own box, and where its body's centre was and how it was
/// turned when the box was found (none: not found yet).
pub(crate) type KeptBox = (Option<(Vec2, f32)>, Bounds);

impl Leaf for ShapeLeaf {
    fn held(&self) -> bool {
        self.held
    }

    fn at(&self) -> Vec2 {
        self.at
    }

    fn gone(&self) -> bool {
        self.gone
    }
}

impl<E: Extras> Collide for GameShapes<'_, E> {
    // ANCHOR: wake
    /// Stage 1: wake every sleeper whose shape an awake moving body's shape
    /// may reach this step: the moving shape's box, grown by how far its
    /// body may move, meets the sleeper's leaf. (A kinematic body that
    /// moves is a moving body: it wakes what it will push.) Then what a
    /// joint, a force or the mouse wakes.
    fn wake(&mut self, parts: &mut Parts<'_>, dt: f32) {
        self.game.fit_extents(parts.solver.bodies.len());
        let game = &*self.game;
        let bodies = &parts.solver.bodies;
        let n = bodies.len();
        // No sleeper, none to wake.
        if !parts.sleep.asleep.contains(&true) {
            return;
        }
        let mut wake = vec![false; n];
        for (i, b) in bodies.iter().enumerate() {
            if parts.sleep.asleep[i] || !moves(game, i, b) {
                continue;
            }
            let grow =
                motion_bound(b.velocity, b.angular_velocity, game.extents[i].0, dt)
                    + SPECULATIVE_DISTANCE;
            let t = b.transform();
            for &s in &game.bodies[i].shapes {
                let shape = &game.shapes[s as usize];
                if shape.def.sensor {
                    continue;
                }
                let bounds =
                    shape_bounds(&shape.placed, &on_body(&t, shape.at)).grown(grow);
                parts.phase.tree.query(bounds, |_, leaf| {
                    let other = &game.shapes[leaf];
                    let Some(j) = other.body.map(|j| j as usize) else {
                        return;
                    };
                    if parts.sleep.asleep[j]
                        && !other.def.sensor
                        && should_collide(&shape.def.filter, &other.def.filter)
                    {
                        wake[j] = true;
                    }
                });
            }
        }
        parts.sleep.wake_with(parts.solver, parts.joints, wake);
    }
    // ANCHOR_END: wake

    // ANCHOR: collide
    /// Stage 2: margins; each shape's leaf follows it; then each pair of
    /// shapes whose boxes meet, that may collide, gets chapter 11's
    /// manifold and chapter 8's arbiter between their bodies, with the
    /// shapes' own friction and restitution.
    fn collide(&mut self, parts: &mut Parts<'_>, dt: f32) {
        let game = &mut *self.game;
        parts.start_poses();
        // Room for this step's arbiters.
        let mut arbiters = parts.arbiter_room();
        game.fit_extents(parts.solver.bodies.len());
        parts.margins_with(dt, &game.extents);
        // A kinematic body's margin grows with its motion too: what it
        // moves into is found before it arrives.
        for (i, b) in parts.solver.bodies.iter().enumerate() {
            if game.bodies[i].kind == Some(BodyKind::Kinematic) {
                let reach = game.extents[i].0;
                parts.fast.margins[i] =
                    motion_bound(b.velocity, b.angular_velocity, reach, dt);
            }
        }
        // Each shape's leaf and its box, from its body's place this step.
        // Each body placed once, for its leaves and its contacts.
        let (bodies, wide) = (&parts.solver.bodies, &*parts.wide);
        let margins = &parts.fast.margins;
        let far = 2.0 * margins.iter().fold(0.0, |m: f32, &x| m.max(x));
        let mut places = std::mem::take(&mut game.places);
        places.clear();
        places.extend(bodies.iter().enumerate().map(|(i, b)| {
            let (margin, reach) = (margins[i], game.extents[i].0);
            Placed {
                at: placed(bodies, wide, i),
                margin,
                reach,
                spin: b.angular_velocity.abs()
                    * (reach + far + SPECULATIVE_DISTANCE),
            }
        }));
        game.fit_leaves(bodies, |i| places[i].at);
        let tight = |s: usize| {
            TreePhase::tight_around(game.boxes[s].1, margins[game.owner(s)])
        };
        // Chapter 13's update: each leaf follows its shape; the moved
        // leaves' pairs are found and join the set on the workers, as
        // chapter 14 finds its bodies'.
        let (phase, leaves) = (&mut *parts.phase, &game.leaves);
        phase.sync_with(leaves, tight);
        find_and_join(phase, &parts.wide.threads, &mut game.finding, leaves);
        // Each pair that may touch and may collide made a contact, on the
        // workers, in runs of 64 pairs, gathered in the pairs' order: the
        // arbiters into one list, for the solver, and what the game keeps
        // of each into another.
        game.fit_held(parts.joints);
        let held = std::mem::take(&mut game.held.0);
        let (mut made, mut lists) =
            (std::mem::take(&mut game.made), std::mem::take(&mut game.lists));
        let (game, extras) = (&*game, &*self.extras);
        let surfaces = extras.has_surfaces();
        let (settings, warm) =
            (parts.shapes.settings, parts.solver.settings.warm_starting);
        let (phase, last) = (&*parts.phase, &parts.solver.arbiters);
        // Last step's surfaces, one for each of last step's arbiters (unless
        // a shape's destruction took arbiters out since: then none).
        let kept = Some(parts.surfaces()).filter(|k| k.len() == last.len());
        let contact = |pair: Pair,
                       pairing: Pairing,
                       old: Option<usize>,
                       arbiters: &mut Vec<Arbiter>,
                       made: &mut Vec<Key>| {
            let before = old.map(|k| &last[k]);
            let (sa, sb) = (pairing.shapes.0 as usize, pairing.shapes.1 as usize);
            let (a, b) = (pairing.bodies.0 as usize, pairing.bodies.1 as usize);
            let (ba, bb) = (&bodies[a], &bodies[b]);
            // Neither can be pushed (static, kinematic, or asleep and held
            // still for the step): nothing to solve.
            if ba.inv_mass == 0.0 && bb.inv_mass == 0.0 {
                return;
            }
            let (shape_a, shape_b) = (&game.shapes[sa], &game.shapes[sb]);
            let (pa, pb) = (&places[a], &places[b]);
            let ta = on_body(&pa.at, shape_a.at);
            let tb = on_body(&pb.at, shape_b.at);
            let margin = pa.margin + pb.margin + SPECULATIVE_DISTANCE;
            let Some(manifold) =
                extras.collide(game, (sa, sb), (&ta, &tb), margin, settings)
            else {
                return;
            };
            // Chapter 12's ghosts: a speculative contact the bodies cannot
            // reach in the step, though its row would push, is not made.
            let reaches = (pa.reach, pb.reach);
            if ghost(&manifold, (ba, bb), reaches, dt)
                || (pairing.one_way
                    && !one_way_holds(&manifold, (shape_a, shape_b), (ba, bb)))
            {
                return;
            }
            let mut arbiter =
                Arbiter::new((a, b), (ba, bb), &manifold, before, warm);
            arbiter.friction = pairing.friction;
            arbiter.restitution = pairing.restitution;
            let again = before.is_some_and(|o| {
                o.count == arbiter.count
                    && (o.restitution > 0.0) == (arbiter.restitution > 0.0)
            });
            // Each point's approach speed, for the hits: none to find if no
            // point can approach as fast as a hit.
            let approach = match may_hit((ba, bb), (pa, pb), game.hit_speed) {
                true => approach(&arbiter, ba, bb),
                false => [0.0; 2],
            };
            arbiters.push(arbiter);
            made.push(Key { pair, pairing, approach, again });
        };
        let runs: Vec<&[Pair]> = phase.pairs().chunks(64).collect();
        let (threads, outs) = (&parts.wide.threads, (&mut arbiters, &mut made));
        threads.collect_two(&runs, 4, &mut lists, outs, |run, arbs, made| {
            // Last step's contact of the same two shapes, if any: both lists
            // are in the pairs' order.
            let mut old = game.keys.partition_point(|k| k.pair < run[0]);
            for &pair in run.iter().filter(|&&pair| phase.may_touch(pair)) {
                while game.keys.get(old).is_some_and(|k| k.pair < pair) {
                    old += 1;
                }
                let before = game.keys.get(old).filter(|k| k.pair == pair);
                // What the two shapes bring, kept with last step's contact
                // unless something was made or destroyed since.
                let pairing = match before {
                    Some(key) if !game.changed => Some(key.pairing),
                    _ => game.may_collide(pair, &held),
                };
                if let Some(pairing) = pairing {
                    contact(pair, pairing, before.map(|_| old), arbs, made);
                }
            }
        });
        let same = made.iter().filter(|key| key.again).count();
        let same = !game.changed && same == made.len() && made.len() == last.len();
        let surfaces = match surfaces {
            true => surfaces_of(game, extras, (&made, &game.keys), kept, warm),
            false => Vec::new(),
        };
        // This step's keys for the next; last step's list keeps its room.
        let game = &mut *self.game;
        game.held.0 = held;
        std::mem::swap(&mut game.keys, &mut made);
        (game.made, game.lists, game.places) = (made, lists, places);
        parts.hand_in_with(arbiters, surfaces, same);
    }
    // ANCHOR_END: collide

    /// Stage 11: sweep the bodies that moved far (chapter 12's sweep,
    /// shape by shape), then each leaf follows its shape where the step
    /// left it.
    fn sweep_and_sync(&mut self, parts: &mut Parts<'_>) {
        if parts.fast.settings.toi && parts.any_moved_far() {
            sweep(self.game, &*self.extras, parts);
        }
        let (bodies, wide) = (&parts.solver.bodies, &*parts.wide);
        let game = &mut *self.game;
        game.fit_leaves(bodies, |i| placed(bodies, wide, i));
        parts.phase.sync_with(&game.leaves, |s| {
            TreePhase::tight_around(game.boxes[s].1, 0.0)
        });
    }

    fn has_joints(&self) -> bool {
        self.extras.has_joints()
    }

    fn joints(&mut self, parts: &mut Parts<'_>, pass: JointPass) {
        self.extras.joints(parts, pass);
    }
}

// ANCHOR: one_way
/// Whether a contact of shapes `a` and `b` (on bodies `ba` and `bb`)
/// holds, if either is a one-way platform (exercise 15.3): the normal
/// turned to point from the platform to the other shape, the platform's up
/// turned with its body, and the other shape's velocity at the contact
/// relative to the platform's, asked of [`one_way_keeps`].
fn one_way_holds(
    manifold: &ch04_manifolds::Manifold,
    (a, b): (&ShapeSlot, &ShapeSlot),
    (ba, bb): (&crate::Body, &crate::Body),
) -> bool {
    let (platform, sign, on, other) = match (a.def.one_way, b.def.one_way) {
        (Some(up), _) => (up, 1.0, ba, bb),
        (None, Some(up)) => (up, -1.0, bb, ba),
        (None, None) => return true,
    };
    let up = physics_core::trig::from_angle(on.angle).rotate(platform);
    let Some(point) = manifold.contacts().first().map(|c| c.point) else {
        return true;
    };
    let at = |body: &crate::Body| {
        body.velocity + body.angular_velocity * (point - body.position).perp()
    };
    one_way_keeps(up, sign * manifold.normal, at(other) - at(on))
}
// ANCHOR_END: one_way

/// Whether body `i` moves this step: dynamic and awake, or kinematic with
/// a velocity.
fn moves(game: &Game, i: usize, b: &crate::Body) -> bool {
    match game.bodies[i].kind {
        Some(BodyKind::Dynamic) => b.inv_mass > 0.0,
        Some(BodyKind::Kinematic) => {
            b.velocity != Vec2::ZERO || b.angular_velocity != 0.0
        }
        _ => false,
    }
}

/// Each contact's surface (chapter 16's), for the contacts of `keys`:
/// its rolling row's impulse warm-started, as the points' are, from last
/// step's surface of the same two shapes (`kept`, one for each of `last`'s
/// keys; both lists of keys are in the pairs' order).
fn surfaces_of(
    game: &Game,
    extras: &impl Extras,
    (keys, last): (&[Key], &[Key]),
    kept: Option<&[Surface]>,
    warm: bool,
) -> Vec<Surface> {
    let mut old = 0;
    let surface = |key: &Key| {
        while last.get(old).is_some_and(|k| k.pair < key.pair) {
            old += 1;
        }
        let before = last.get(old).filter(|k| k.pair == key.pair);
        let rolling_impulse = match (before, kept, warm) {
            (Some(_), Some(kept), true) => kept[old].rolling_impulse,
            _ => 0.0,
        };
        let (sa, sb) = key.pairing.shapes;
        Surface {
            rolling_impulse,
            ..extras.surface(game, (sa as usize, sb as usize))
        }
    };
    keys.iter().map(surface).collect()
}

/// A body as this step's contacts see it: placed, the margin its
/// contacts are found within, how far its shapes reach from its centre,
/// and how fast, at most, its spin moves a point of one of its contacts
/// (which lies within its reach and the contact's margin of its centre).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    at: Transform,
    margin: f32,
    reach: f32,
    spin: f32,
}

/// Whether a point of a contact of bodies `a` and `b` may approach faster
/// than `hit_speed` when the step begins: it approaches no faster than the
/// centres' relative velocity and the most each spin moves it (twice
/// that, against rounding).
fn may_hit(
    (a, b): (&crate::Body, &crate::Body),
    (pa, pb): (&Placed, &Placed),
    hit_speed: f32,
) -> bool {
    2.0 * ((b.velocity - a.velocity).length() + pa.spin + pb.spin) > hit_speed
}

/// How fast each of an arbiter's points approaches when the step begins,
/// m/s (the relative velocity of B's point to A's, against the normal).
fn approach(arbiter: &Arbiter, a: &crate::Body, b: &crate::Body) -> [f32; 2] {
    let mut speeds = [0.0; 2];
    for (speed, c) in speeds.iter_mut().zip(arbiter.contacts()) {
        let at = |body: &crate::Body| {
            body.velocity + body.angular_velocity * (c.point - body.position).perp()
        };
        *speed = -(at(b) - at(a)).dot(arbiter.normal);
    }
    speeds
}

impl Game {
    /// Each body's reach and thinnest half-width, found again if a body or
    /// shape changed: the farthest any of its shapes reaches from its
    /// centre, and the thinnest of them.
    pub(crate) fn fit_extents(&mut self, n: usize) {
        if self.extents.len() == n {
            return;
        }
        let of = |i: usize| {
            let shapes =
                self.bodies[i].shapes.iter().map(|&s| &self.shapes[s as usize]);
            let reaches = shapes.clone().map(|s| s.at.length() + reach(&s.placed));
            let thinnest = shapes.map(|s| thinnest(&in_body_frame(s.placed, s.at)));
            let reach = reaches.fold(0.0, f32::max);
            (reach, thinnest.fold(f32::INFINITY, f32::min).min(reach))
        };
        self.extents = (0..n).map(of).collect();
    }

    /// Each shape's leaf, into `leaves`, and each live shape's own box
    /// where its body is placed (body `i` by `place(i)`), into `boxes`, in
    /// one pass. A leaf is gone with its shape, and held still where its
    /// body cannot move this step (static, a kinematic body at rest, a
    /// sleeper held still). The box is the one found before if its body
    /// has not moved since, to the bit, and no shape has changed (chapter
    /// 14 keeps its bodies' boxes so); else it is found again. A pile at
    /// rest finds none again.
    fn fit_leaves(
        &mut self,
        bodies: &[crate::Body],
        place: impl Fn(usize) -> Transform,
    ) {
        let bits = |(at, angle): (Vec2, f32)| {
            (at.x.to_bits(), at.y.to_bits(), angle.to_bits())
        };
        self.boxes.resize(self.shapes.len(), (None, Bounds::default()));
        self.leaves.clear();
        self.leaves.reserve(self.shapes.len());
        for (shape, kept) in self.shapes.iter().zip(&mut self.boxes) {
            let Some(i) = shape.body.map(|i| i as usize) else {
                let gone = ShapeLeaf { gone: true, held: true, at: Vec2::ZERO };
                self.leaves.push(gone);
                continue;
            };
            let b = &bodies[i];
            let still = b.velocity == Vec2::ZERO && b.angular_velocity == 0.0;
            let held = b.inv_mass == 0.0 && still;
            self.leaves.push(ShapeLeaf { gone: false, held, at: b.position });
            let here = (b.position, b.angle);
            if self.changed || kept.0.is_none_or(|at| bits(at) != bits(here)) {
                let t = on_body(&place(i), shape.at);
                *kept = (Some(here), shape_bounds(&shape.placed, &t));
            }
        }
    }

    /// The pairs of bodies a joint holds and keeps apart, sorted, found
    /// again only if a joint (or anything else) was made or destroyed
    /// since they were last found: a grid of 20,000 joints is not sorted
    /// again every step.
    fn fit_held(&mut self, joints: &ch09_joints::Joints) {
        if !self.changed && self.held.1 == joints.list.len() {
            return;
        }
        let (held, slots) = (&mut self.held.0, &self.joints);
        held.clear();
        held.extend(
            joints
                .list
                .iter()
                .zip(&self.joint_places)
                .filter(|(_, j)| !slots[**j as usize].collide_connected)
                .map(|(j, _)| (j.body_a.min(j.body_b), j.body_a.max(j.body_b))),
        );
        held.sort_unstable();
        self.held.1 = joints.list.len();
    }

    // ANCHOR: may_collide
    /// The two shapes of `pair`, if they may collide: on two bodies, neither
    /// a sensor, their filters agreeing, not held apart by a joint. Then
    /// what they bring to a contact (see [`Pairing`]), the shape on the
    /// body in the lower place first.
    fn may_collide(&self, pair: Pair, held: &[(usize, usize)]) -> Option<Pairing> {
        let (s, t) = pair.bodies();
        let (one, other) = (&self.shapes[s], &self.shapes[t]);
        let (a, b) = (one.body?, other.body?);
        let (lower, upper) = (a.min(b) as usize, a.max(b) as usize);
        if a == b
            || one.def.sensor
            || other.def.sensor
            || !should_collide(&one.def.filter, &other.def.filter)
            || held.binary_search(&(lower, upper)).is_ok()
        {
            return None;
        }
        let ((sa, da), (sb, db)) = match a < b {
            true => ((s, &one.def), (t, &other.def)),
            false => ((t, &other.def), (s, &one.def)),
        };
        Some(Pairing {
            shapes: (sa as u32, sb as u32),
            bodies: (lower as u32, upper as u32),
            friction: mix_friction(da.friction, db.friction),
            restitution: mix_restitution(da.restitution, db.restitution),
            one_way: da.one_way.is_some() || db.one_way.is_some(),
        })
    }
    // ANCHOR_END: may_collide
}

impl World {
    // ANCHOR: break_joints
    /// Every joint whose rows pulled in the last substep of `h` seconds
    /// with more force than its `break_force`, or more torque than its
    /// `break_torque`, breaks: it leaves, and a [`JointBreak`] says so.
    pub(crate) fn break_joints(&mut self, h: f32) {
        let mut broken = Vec::new();
        for (k, rows) in self.joints.rows.iter().enumerate() {
            let j = self.game.joint_places[k] as usize;
            let slot = &self.game.joints[j];
            if slot.break_force == f32::INFINITY
                && slot.break_torque == f32::INFINITY
            {
                continue;
            }
            let force = ch10_soft_step::reaction_force(rows, h).length();
            let turning = rows.all().filter(|r| r.jacobian.linear == Vec2::ZERO);
            let torque =
                (turning.map(|r| r.impulse * r.jacobian.angular_b).sum::<f32>()
                    / h)
                    .abs();
            if force > slot.break_force || torque > slot.break_torque {
                let joint = &self.joints.list[k];
                broken.push((j, joint.body_a, joint.body_b, force, torque));
            }
        }
        for (j, a, b, force, torque) in broken {
            let event = crate::JointBreak {
                joint: self.game.joint_id(j),
                body_a: self.game.body_id(a),
                body_b: self.game.body_id(b),
                force,
                torque,
            };
            self.remove_joint(j);
            self.game.events.joint_breaks.push(event);
        }
    }
    // ANCHOR_END: break_joints
}

/// At most how many shapes that stand still every fast body tries, rather
/// than asking the tree for those near its path (a tree query costs about
/// what trying a few dozen boxes does).
const FEW_STILL: usize = 32;

// ANCHOR: sweep
/// Chapter 12's sweep, shape by shape: each body that moved far is put
/// back where the first of its shapes, on its straight path from where the
/// step began, first meets a static shape (a bullet's, any shape of a body
/// that is not a bullet). A shape already touching is swept by its core, as
/// chapter 12 does.
fn sweep(game: &Game, extras: &impl Extras, parts: &mut Parts<'_>) {
    let n = parts.solver.bodies.len();
    let (starts, far) = (parts.starts().to_vec(), parts.far().to_vec());
    let bullets = parts.fast.bullets.clone();
    let bullet = |i: usize| bullets.get(i).copied().unwrap_or(false);
    let order = (0..n)
        .filter(|&i| far[i] && !bullet(i))
        .chain((0..n).filter(|&i| far[i] && bullet(i)));
    let order: Vec<usize> = order.collect();
    // The shapes that stand still (a static or kinematic body's). A few
    // (the walls of a pit) are tried by every fast body, as chapter 12
    // tries its static bodies; many (a level of tiles) are found in the
    // tree near each fast body's path; none (a drum of boxes), and no fast
    // body asks the tree, a walk through every moving leaf near its path
    // that would find nothing.
    let still = |t: &ShapeSlot| {
        t.body.is_some_and(|j| parts.solver.bodies[j as usize].inv_mass == 0.0)
    };
    let still: Vec<usize> = match order.is_empty() {
        true => Vec::new(),
        false => {
            (0..game.shapes.len()).filter(|&t| still(&game.shapes[t])).collect()
        }
    };
    // A target shape placed where its body is, with its box.
    let place = |t: usize, bodies: &[crate::Body]| {
        let to = on_body(&bodies[game.owner(t)].transform(), game.shapes[t].at);
        (t, to, ch13_islands_bounds(&game.shapes[t].placed, &to))
    };
    // A few still shapes, placed once for every fast body that tries them
    // all (nothing in the sweep moves them).
    let few = still.len() <= FEW_STILL;
    let still_placed: Vec<_> = match few {
        true => still.iter().map(|&t| place(t, &parts.solver.bodies)).collect(),
        false => Vec::new(),
    };
    let (mut targets, mut placed, mut mine) = (Vec::new(), Vec::new(), Vec::new());
    for i in order {
        let b = parts.solver.bodies[i];
        let (c0, a0) = starts[i];
        let path = Sweep { c0, a0, c1: b.position, a1: b.angle };
        parts.fast.report.swept += 1;
        // Each of the body's shapes, seen from its centre, with how far it
        // reaches and its core.
        let shapes =
            game.bodies[i].shapes.iter().map(|&s| &game.shapes[s as usize]);
        mine.clear();
        mine.extend(shapes.filter(|shape| !shape.def.sensor).map(|shape| {
            let mine = in_body_frame(shape.placed, shape.at);
            (shape, mine, reach(&mine), CORE_FRACTION * thinnest(&mine))
        }));
        // Its targets: the still shapes, all of them if they are few, else
        // those whose leaves meet the box round its path grown by its
        // farthest reach (the box chapter 12's `may_reach` asks each
        // target's box to meet, so no still shape it would try is missed);
        // and a bullet's moving shapes near its path. In the order of the
        // shapes, as chapter 12 tries them (the few still shapes, placed
        // once, for a body that is not a bullet).
        let placed = if few && !bullet(i) {
            &still_placed
        } else {
            targets.clear();
            let farthest = mine.iter().map(|m| m.2).fold(0.0, f32::max);
            let grow = farthest + TARGET + TOLERANCE;
            let around =
                Bounds::new(c0.min(b.position) - grow, c0.max(b.position) + grow);
            if few {
                targets.extend(&still);
            } else {
                parts.phase.tree.query(around, |_, t| {
                    if parts.solver.bodies[game.owner(t)].inv_mass == 0.0 {
                        targets.push(t);
                    }
                });
            }
            if bullet(i) {
                let (mut lower, mut upper) =
                    (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
                for &s in &game.bodies[i].shapes {
                    let shape = &game.shapes[s as usize];
                    for (c, a) in [(c0, a0), (b.position, b.angle)] {
                        let t = on_body(&Transform::new(c, a), shape.at);
                        let bounds = shape_bounds(&shape.placed, &t);
                        (lower, upper) =
                            (lower.min(bounds.lower), upper.max(bounds.upper));
                    }
                }
                parts.phase.tree.query(Bounds::new(lower, upper), |_, t| {
                    let j = game.owner(t);
                    let bj = &parts.solver.bodies[j];
                    if j != i && bj.inv_mass > 0.0 && !bullet(j) {
                        targets.push(t);
                    }
                });
            }
            targets.sort_unstable();
            placed.clear();
            placed.extend(targets.iter().map(|&t| place(t, &parts.solver.bodies)));
            &placed
        };
        let mut first = 1.0f32;
        for (shape, mine, reach_mine, core) in &mine {
            for &(t, to, around) in placed {
                let other = &game.shapes[t];
                if other.def.sensor
                    || !should_collide(&shape.def.filter, &other.def.filter)
                    || !path.may_reach(*reach_mine, around)
                    || !extras.sweeps(game, (t, &to), (path.c0, path.c1), *core)
                {
                    continue;
                }
                let mut found =
                    time_of_impact(mine, &path, &other.placed, &to, |_, _| {});
                for radius in [*core, 0.0] {
                    if found != Toi::Touching {
                        break;
                    }
                    let core = Shape::Circle { radius };
                    found =
                        time_of_impact(&core, &path, &other.placed, &to, |_, _| {});
                }
                if let Toi::Hit { t, .. } = found {
                    first = first.min(t);
                }
                if found == Toi::Touching
                    && let Some(t) = enters(&other.placed, &to, path.c0, path.c1)
                {
                    first = first.min(t);
                }
            }
        }
        if first < 1.0 {
            parts.fast.trails.push((path.c0, path.c1));
            let at = path.at(first);
            let body = &mut parts.solver.bodies[i];
            body.position = at.position;
            body.angle = path.a0 + first * (path.a1 - path.a0);
            parts.fast.report.hits += 1;
        }
    }
}
// ANCHOR_END: sweep

/// A shape's box as a pair of corners (chapter 12's `may_reach` takes
/// them so).
fn ch13_islands_bounds(shape: &Shape, t: &Transform) -> (Vec2, Vec2) {
    let b = shape_bounds(shape, t);
    (b.lower, b.upper)
}

/// A shape as seen from its body's centre: a polygon is there already; a
/// circle whose centre is elsewhere is a polygon of one corner, rounded.
fn in_body_frame(shape: Shape, at: Vec2) -> Shape {
    match shape {
        Shape::Circle { radius } if at != Vec2::ZERO => {
            Shape::Polygon(ch11_polygons::Polygon::from_corners(&[at], radius))
        }
        other => other,
    }
}
