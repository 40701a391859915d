//! The game's view of the world: bodies, shapes and joints named by
//! handles, made and destroyed between steps.
//!
//! The solver keeps its bodies in one list, and everything else (contacts,
//! joints, islands, the tree's leaves) names a body by its place in that
//! list. Taking a body out of the middle would move every body after it,
//! and every name of them. So a destroyed body's place stays, empty: a
//! still body with no shapes, which nothing touches, until a new body is
//! put there. A handle is the place and a *generation*, the number of
//! bodies that place has held before: when the place is taken again the
//! generation moves on, and an old handle no longer matches. Box2D's ids
//! are made the same way (`b2BodyId`: an index and a generation).

use crate::events::{ContactEvent, Events, SensorEvent};
use crate::shapes::{BodyMass, ShapeDef, body_mass, placed};
use crate::{Joint, World};
use ch09_joints::Kind;
use ch11_polygons::{NO_SHAPE, Shape};
use ch12_continuous::Transform;
use ch13_islands::broad_phase::Pair;
use glam::Vec2;
use physics_core::trig;
use std::fmt;

// ANCHOR: handles
/// A body's handle: its place in the solver's list and which of the
/// bodies that place has held it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId {
    pub index: u32,
    pub generation: u32,
}

/// A shape's handle: its place in the game's list of shapes, and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeId {
    pub index: u32,
    pub generation: u32,
}

/// A joint's handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JointId {
    pub index: u32,
    pub generation: u32,
}

/// A handle to something no longer there: destroyed, its place perhaps
/// taken by another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stale {
    Body(BodyId),
    Shape(ShapeId),
    Joint(JointId),
}
// ANCHOR_END: handles

impl fmt::Display for Stale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, index, generation) = match *self {
            Stale::Body(id) => ("body", id.index, id.generation),
            Stale::Shape(id) => ("shape", id.index, id.generation),
            Stale::Joint(id) => ("joint", id.index, id.generation),
        };
        write!(
            f,
            "{what} {index} (generation {generation}) was destroyed; the handle names nothing"
        )
    }
}

impl std::error::Error for Stale {}

// ANCHOR: kinds
/// What moves a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// Nothing: the ground, walls.
    Static,
    /// Only the velocity the game gives it: infinite mass, so contacts
    /// never change its velocity, yet it pushes what it meets and carries
    /// what rests on it by friction (a moving platform, a door).
    Kinematic,
    /// Gravity, forces and contacts.
    Dynamic,
}
// ANCHOR_END: kinds

/// A body to make: its kind, where its own frame's origin is and how it
/// is turned, how it moves, whether it is a bullet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDef {
    pub kind: BodyKind,
    pub origin: Vec2,
    pub angle: f32,
    /// Of its centre of mass, m/s.
    pub velocity: Vec2,
    pub angular_velocity: f32,
    pub bullet: bool,
}

impl BodyDef {
    /// A body of `kind` at rest at `origin`.
    pub fn new(kind: BodyKind, origin: Vec2) -> BodyDef {
        BodyDef {
            kind,
            origin,
            angle: 0.0,
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            bullet: false,
        }
    }
}

/// A joint to make: chapter 9's `kind` between bodies `a` and `b` at
/// `anchor_a` and `anchor_b` (points of the bodies' own frames), and
/// what this chapter adds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointDef {
    pub a: BodyId,
    pub b: BodyId,
    pub anchor_a: Vec2,
    pub anchor_b: Vec2,
    pub kind: Kind,
    /// The most force, N, the joint holds: pulled harder, it breaks.
    pub break_force: f32,
    /// The most torque, N m, its angle rows hold.
    pub break_torque: f32,
    /// Whether the two bodies' shapes collide (off: the joint holds them,
    /// and their shapes near the joint would fight it).
    pub collide_connected: bool,
}

impl JointDef {
    /// `kind` between `a` and `b` at the world point `anchor`, unbreakable,
    /// the bodies not colliding.
    pub fn at(
        world: &World,
        a: BodyId,
        b: BodyId,
        anchor: Vec2,
        kind: Kind,
    ) -> Result<JointDef, Stale> {
        let (ta, tb) = (world.transform(a)?, world.transform(b)?);
        Ok(JointDef {
            a,
            b,
            anchor_a: ta.to_local(anchor),
            anchor_b: tb.to_local(anchor),
            kind,
            break_force: f32::INFINITY,
            break_torque: f32::INFINITY,
            collide_connected: false,
        })
    }
}

/// A place in the solver's list of bodies, as the game sees it.
#[derive(Clone, Debug, Default)]
pub struct BodySlot {
    /// Which body of this place's the handles name.
    pub generation: u32,
    /// `None`: the place is empty.
    pub kind: Option<BodyKind>,
    /// Its shapes, in the order they were made.
    pub shapes: Vec<u32>,
    /// Its mass properties from all its shapes; the centre in its own
    /// frame (the solver's body sits at that centre).
    pub mass: BodyMass,
}

/// A place in the list of shapes.
#[derive(Clone, Copy, Debug)]
pub struct ShapeSlot {
    pub generation: u32,
    /// Its body's place; `None` for an empty place.
    pub body: Option<u32>,
    pub def: ShapeDef,
    /// The shape in its body's frame about its centre of mass (chapter
    /// 11's frame), and where a circle's centre is in that frame.
    pub placed: Shape,
    pub at: Vec2,
}

/// A place in the list of joints.
#[derive(Clone, Copy, Debug, Default)]
pub struct JointSlot {
    pub generation: u32,
    /// Where the joint is in chapter 9's list; `None`: the place is empty.
    pub at: Option<u32>,
    pub break_force: f32,
    pub break_torque: f32,
    pub collide_connected: bool,
}

// ANCHOR: game
/// This chapter's part: the bodies', shapes' and joints' places and
/// handles, and what the events need kept from step to step.
#[derive(Clone, Debug)]
pub struct Game {
    pub bodies: Vec<BodySlot>,
    /// The shapes, changed only by destroying one and making another: a
    /// contact keeps what its two shapes bring to it while nothing is made
    /// or destroyed.
    pub shapes: Vec<ShapeSlot>,
    pub joints: Vec<JointSlot>,
    /// The place of each of chapter 9's joints, in its list's order.
    pub joint_places: Vec<u32>,
    /// The last step's events.
    pub events: Events,
    /// A contact reports a hit when its points approach faster than this,
    /// m/s (Box2D's default, 1 m/s).
    pub hit_speed: f32,
    /// Empty places, taken again last one first.
    free_bodies: Vec<u32>,
    free_shapes: Vec<u32>,
    free_joints: Vec<u32>,
    /// For each of the solver's arbiters, in its order: the two shapes
    /// (the arbiter's body A's first) and how fast each point approached
    /// when the step began.
    pub(crate) keys: Vec<Key>,
    /// The pairs of shapes touching after the last step, and the
    /// sensors' visitors, `(sensor, visitor)`: both sorted.
    pub(crate) touching: Vec<Pair>,
    pub(crate) overlaps: Vec<Pair>,
    /// Room for the next step's touching pairs.
    pub(crate) touching_room: Vec<Pair>,
    /// Events of what was destroyed since the last step: the next step's
    /// lists begin with them.
    pub(crate) pending: Events,
    /// Each body's reach from its centre and its thinnest half-width.
    pub(crate) extents: Vec<(f32, f32)>,
    /// Whether bodies, shapes or joints were made or destroyed since the
    /// last step: its contacts are then not last step's, one for one.
    pub(crate) changed: bool,
    /// Room for the pairs the tree finds in a step, the keys of the
    /// contacts made, and the workers' lists of arbiters and keys.
    pub(crate) finding: ch14_wide_solver::collide::Finding,
    pub(crate) made: Vec<Key>,
    /// Room for each body's place this step.
    pub(crate) places: Vec<crate::collide::Placed>,
    pub(crate) lists: Vec<(Vec<ch08_sequential_impulses::Arbiter>, Vec<Key>)>,
    /// Each shape's leaf, and its box where its body was when the box was
    /// found (kept while the body stays there, to the bit).
    pub(crate) leaves: Vec<crate::collide::ShapeLeaf>,
    pub(crate) boxes: Vec<crate::collide::KeptBox>,
    /// The pairs of bodies a joint holds apart, sorted, and how many
    /// joints there were when they were found: found again only when
    /// something was made or destroyed since.
    pub(crate) held: (Vec<(usize, usize)>, usize),
}
// ANCHOR_END: game

/// A contact's pair of shapes, what they bring to it, its points' approach
/// speeds, and whether it is last step's contact again (as many points, as
/// ready to bounce).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Key {
    pub(crate) pair: Pair,
    pub(crate) pairing: crate::collide::Pairing,
    pub(crate) approach: [f32; 2],
    pub(crate) again: bool,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            bodies: Vec::new(),
            shapes: Vec::new(),
            joints: Vec::new(),
            joint_places: Vec::new(),
            events: Events::default(),
            hit_speed: 1.0,
            free_bodies: Vec::new(),
            free_shapes: Vec::new(),
            free_joints: Vec::new(),
            keys: Vec::new(),
            touching: Vec::new(),
            overlaps: Vec::new(),
            touching_room: Vec::new(),
            pending: Events::default(),
            extents: Vec::new(),
            changed: false,
            finding: Default::default(),
            made: Vec::new(),
            places: Vec::new(),
            lists: Vec::new(),
            leaves: Vec::new(),
            boxes: Vec::new(),
            held: (Vec::new(), 0),
        }
    }
}

impl Game {
    /// Body `i` of an earlier chapter's world, with its one `shape` about
    /// its centre of mass, taken into place `i` with its shape in place
    /// `i`: static if it has no mass, else dynamic.
    pub(crate) fn adopt(&mut self, i: usize, b: &crate::Body, shape: Shape) {
        let kind =
            if b.inv_mass == 0.0 { BodyKind::Static } else { BodyKind::Dynamic };
        let mass = match kind {
            BodyKind::Dynamic => BodyMass {
                mass: 1.0 / b.inv_mass,
                centre: Vec2::ZERO,
                inertia: if b.inv_inertia > 0.0 {
                    1.0 / b.inv_inertia
                } else {
                    0.0
                },
            },
            _ => BodyMass::default(),
        };
        let area = ch11_polygons::mass_properties(&shape).area;
        let def = ShapeDef {
            density: if mass.mass > 0.0 { mass.mass / area } else { 1.0 },
            friction: b.friction,
            restitution: b.restitution,
            ..ShapeDef::new(shape)
        };
        debug_assert_eq!((self.bodies.len(), self.shapes.len()), (i, i));
        self.bodies.push(BodySlot {
            generation: 0,
            kind: Some(kind),
            shapes: vec![i as u32],
            mass,
        });
        self.shapes.push(ShapeSlot {
            generation: 0,
            body: Some(i as u32),
            def,
            placed: shape,
            at: Vec2::ZERO,
        });
    }

    /// The next of an earlier chapter's joints, unbreakable.
    pub(crate) fn adopt_joint(&mut self) {
        let at = self.joint_places.len() as u32;
        self.joints.push(JointSlot {
            generation: 0,
            at: Some(at),
            break_force: f32::INFINITY,
            break_torque: f32::INFINITY,
            collide_connected: false,
        });
        self.joint_places.push(at);
    }

    /// The body place `id` names, if it still names one.
    pub fn body(&self, id: BodyId) -> Result<usize, Stale> {
        let slot = self.bodies.get(id.index as usize);
        match slot {
            Some(s) if s.kind.is_some() && s.generation == id.generation => {
                Ok(id.index as usize)
            }
            _ => Err(Stale::Body(id)),
        }
    }

    /// The shape place `id` names, if it still names one.
    pub fn shape(&self, id: ShapeId) -> Result<usize, Stale> {
        let slot = self.shapes.get(id.index as usize);
        match slot {
            Some(s) if s.body.is_some() && s.generation == id.generation => {
                Ok(id.index as usize)
            }
            _ => Err(Stale::Shape(id)),
        }
    }

    /// The joint place `id` names, if it still names one.
    pub fn joint(&self, id: JointId) -> Result<usize, Stale> {
        let slot = self.joints.get(id.index as usize);
        match slot {
            Some(s) if s.at.is_some() && s.generation == id.generation => {
                Ok(id.index as usize)
            }
            _ => Err(Stale::Joint(id)),
        }
    }

    /// The handle of the body in place `i`.
    pub fn body_id(&self, i: usize) -> BodyId {
        BodyId { index: i as u32, generation: self.bodies[i].generation }
    }

    /// The handle of the shape in place `s`.
    pub fn shape_id(&self, s: usize) -> ShapeId {
        ShapeId { index: s as u32, generation: self.shapes[s].generation }
    }

    /// The handle of the joint in place `j`.
    pub fn joint_id(&self, j: usize) -> JointId {
        JointId { index: j as u32, generation: self.joints[j].generation }
    }

    /// The place of the body shape `s` is on (a live shape's).
    pub fn owner(&self, s: usize) -> usize {
        self.shapes[s].body.map_or(usize::MAX, |b| b as usize)
    }
}

// Making and destroying, through handles.
impl World {
    // ANCHOR: create_body
    /// Make a body with no shapes yet (it has no mass until it has a shape
    /// with some: until then even a dynamic body stays where it is).
    pub fn create_body(&mut self, def: BodyDef) -> BodyId {
        let mut b =
            crate::Body::new(NO_SHAPE, def.origin, def.angle, f32::INFINITY);
        if def.kind != BodyKind::Static {
            (b.velocity, b.angular_velocity) = (def.velocity, def.angular_velocity);
        }
        let i = match self.game.free_bodies.pop() {
            Some(i) => i as usize,
            None => {
                self.solver.bodies.push(b);
                self.game.bodies.push(BodySlot::default());
                self.solver.bodies.len() - 1
            }
        };
        self.solver.bodies[i] = b;
        let slot = &mut self.game.bodies[i];
        (slot.kind, slot.mass) = (Some(def.kind), BodyMass::default());
        slot.shapes.clear();
        let n = self.solver.bodies.len();
        self.fast.bullets.resize(n, false);
        self.fast.bullets[i] = def.bullet;
        self.sleep.fit(n);
        (self.sleep.asleep[i], self.sleep.still_for[i]) = (false, 0.0);
        self.game.changed = true;
        self.game.body_id(i)
    }
    // ANCHOR_END: create_body

    /// Give `body` the shape `def`: its mass, centre and moment of inertia
    /// are found again from all its shapes.
    pub fn create_shape(
        &mut self,
        body: BodyId,
        def: ShapeDef,
    ) -> Result<ShapeId, Stale> {
        let i = self.game.body(body)?;
        let slot = ShapeSlot {
            generation: 0,
            body: Some(i as u32),
            def,
            placed: def.shape,
            at: Vec2::ZERO,
        };
        let s = match self.game.free_shapes.pop() {
            Some(s) => {
                let s = s as usize;
                self.game.shapes[s] = ShapeSlot {
                    generation: self.game.shapes[s].generation,
                    ..slot
                };
                s
            }
            None => {
                self.game.shapes.push(slot);
                self.game.shapes.len() - 1
            }
        };
        self.game.bodies[i].shapes.push(s as u32);
        self.update_mass(i);
        self.wake_body(i);
        self.game.changed = true;
        Ok(self.game.shape_id(s))
    }

    // ANCHOR: update_mass
    /// Body `i`'s mass properties found again from its shapes. Its own
    /// frame stays where it is; its centre of mass, where the solver's body
    /// sits, moves with the shapes, and the body keeps the velocity each
    /// of its points had (`v + w x (new centre - old)`), as Box2D does.
    /// Its shapes, and its joints' anchors, are placed about the new centre.
    fn update_mass(&mut self, i: usize) {
        let game = &mut self.game;
        let slot = &game.bodies[i];
        let defs = slot.shapes.iter().map(|&s| &game.shapes[s as usize].def);
        // A body that is not dynamic has no mass, and its centre is its
        // origin: a kinematic body turns about the point the game placed it
        // by, as in Box2D.
        let dynamic = slot.kind == Some(BodyKind::Dynamic);
        let mass = if dynamic { body_mass(defs) } else { BodyMass::default() };
        let old = slot.mass.centre;
        let b = &mut self.solver.bodies[i];
        let turn = trig::from_angle(b.angle);
        let moved = turn.rotate(mass.centre - old);
        b.position += moved;
        b.velocity += b.angular_velocity * moved.perp();
        (b.inv_mass, b.inv_inertia) = match dynamic && mass.mass > 0.0 {
            true => (
                1.0 / mass.mass,
                if mass.inertia > 0.0 { 1.0 / mass.inertia } else { 0.0 },
            ),
            false => (0.0, 0.0),
        };
        game.bodies[i].mass = mass;
        for &s in &game.bodies[i].shapes {
            let shape = &mut game.shapes[s as usize];
            (shape.placed, shape.at) = placed(&shape.def, mass.centre);
        }
        let shift = old - mass.centre;
        for joint in &mut self.joints.list {
            if joint.body_a == i {
                joint.local_a += shift;
            }
            if joint.body_b == i {
                joint.local_b += shift;
            }
        }
        for rod in &mut self.solver.joints {
            if rod.body_a == i {
                rod.local_a += shift;
            }
            if rod.body_b == i {
                rod.local_b += shift;
            }
        }
        game.extents.clear();
    }
    // ANCHOR_END: update_mass

    /// Change `body`'s kind. A static body stops; a dynamic one takes its
    /// mass from its shapes.
    pub fn set_kind(&mut self, body: BodyId, kind: BodyKind) -> Result<(), Stale> {
        let i = self.game.body(body)?;
        self.game.bodies[i].kind = Some(kind);
        if kind == BodyKind::Static {
            let b = &mut self.solver.bodies[i];
            (b.velocity, b.angular_velocity) = (Vec2::ZERO, 0.0);
        }
        self.update_mass(i);
        self.wake_body(i);
        self.game.changed = true;
        Ok(())
    }

    /// Set `body`'s velocity (of its centre of mass) and spin; it wakes.
    /// A static body has none.
    pub fn set_velocity(
        &mut self,
        body: BodyId,
        velocity: Vec2,
        spin: f32,
    ) -> Result<(), Stale> {
        let i = self.game.body(body)?;
        if self.game.bodies[i].kind != Some(BodyKind::Static) {
            let b = &mut self.solver.bodies[i];
            (b.velocity, b.angular_velocity) = (velocity, spin);
            self.wake_body(i);
        }
        Ok(())
    }

    /// Wake body `i`'s island. An awake body's island is awake: then the
    /// world is not walked (what else a joint or a force should wake, the
    /// next step's first stage wakes), so a world built body by body, or
    /// a ragdoll made beside thousands of sleepers, is not quadratic.
    fn wake_body(&mut self, i: usize) {
        let n = self.solver.bodies.len();
        self.sleep.fit(n);
        if self.sleep.asleep[i] {
            let mut wake = vec![false; n];
            wake[i] = true;
            self.sleep.wake_with(&self.solver, &self.joints, wake);
        }
    }

    /// The body `id` names.
    pub fn body(&self, id: BodyId) -> Result<&crate::Body, Stale> {
        Ok(&self.solver.bodies[self.game.body(id)?])
    }

    /// Where `id`'s own frame is: its origin and turn.
    pub fn transform(&self, id: BodyId) -> Result<Transform, Stale> {
        let i = self.game.body(id)?;
        let b = &self.solver.bodies[i];
        let t = Transform::new(b.position, b.angle);
        let origin = t.to_world(-self.game.bodies[i].mass.centre);
        Ok(Transform { position: origin, rotation: t.rotation })
    }

    /// The shape `id` names, as it was made.
    pub fn shape(&self, id: ShapeId) -> Result<&ShapeDef, Stale> {
        Ok(&self.game.shapes[self.game.shape(id)?].def)
    }

    /// The body shape `id` is on.
    pub fn body_of(&self, id: ShapeId) -> Result<BodyId, Stale> {
        let s = self.game.shape(id)?;
        Ok(self.game.body_id(self.game.owner(s)))
    }

    /// Every live body's handle, in place order.
    pub fn body_ids(&self) -> impl Iterator<Item = BodyId> + '_ {
        let live = (0..self.game.bodies.len())
            .filter(|&i| self.game.bodies[i].kind.is_some());
        live.map(|i| self.game.body_id(i))
    }

    // ANCHOR: create_joint
    /// Join two bodies.
    pub fn create_joint(&mut self, def: JointDef) -> Result<JointId, Stale> {
        let (a, b) = (self.game.body(def.a)?, self.game.body(def.b)?);
        let centre = |i: usize| self.game.bodies[i].mass.centre;
        let angle = |i: usize| self.solver.bodies[i].angle;
        let joint = Joint {
            body_a: a,
            body_b: b,
            local_a: def.anchor_a - centre(a),
            local_b: def.anchor_b - centre(b),
            reference_angle: angle(b) - angle(a),
            kind: def.kind,
        };
        let slot = JointSlot {
            generation: 0,
            at: Some(self.joints.list.len() as u32),
            break_force: def.break_force,
            break_torque: def.break_torque,
            collide_connected: def.collide_connected,
        };
        let j = match self.game.free_joints.pop() {
            Some(j) => {
                let j = j as usize;
                self.game.joints[j] = JointSlot {
                    generation: self.game.joints[j].generation,
                    ..slot
                };
                j
            }
            None => {
                self.game.joints.push(slot);
                self.game.joints.len() - 1
            }
        };
        self.joints.list.push(joint);
        self.game.joint_places.push(j as u32);
        self.wake_body(a);
        self.wake_body(b);
        self.game.changed = true;
        Ok(self.game.joint_id(j))
    }
    // ANCHOR_END: create_joint

    /// Take a joint out; its bodies wake.
    pub fn destroy_joint(&mut self, id: JointId) -> Result<(), Stale> {
        let j = self.game.joint(id)?;
        self.remove_joint(j);
        Ok(())
    }

    /// Take the joint in place `j` out of chapter 9's list (and its rows,
    /// which stay in step with the list), and free its place.
    pub(crate) fn remove_joint(&mut self, j: usize) {
        let Some(at) = self.game.joints[j].at.take() else { return };
        let at = at as usize;
        let joint = self.joints.list.remove(at);
        if at < self.joints.rows.len() {
            self.joints.rows.remove(at);
        }
        self.game.joint_places.remove(at);
        for &later in &self.game.joint_places[at..] {
            let slot = &mut self.game.joints[later as usize];
            slot.at = slot.at.map(|k| k - 1);
        }
        let slot = &mut self.game.joints[j];
        slot.generation = slot.generation.wrapping_add(1);
        self.game.free_joints.push(j as u32);
        self.wake_body(joint.body_a);
        self.wake_body(joint.body_b);
        self.game.changed = true;
    }

    // ANCHOR: destroy_shape
    /// Take a shape off its body: its leaf leaves the tree, its contacts
    /// end (reported as `end` events with the next step's), its place is
    /// freed, and its body's mass is found again.
    pub fn destroy_shape(&mut self, id: ShapeId) -> Result<(), Stale> {
        let s = self.game.shape(id)?;
        let i = self.game.owner(s);
        self.remove_shape(s);
        self.game.bodies[i].shapes.retain(|&k| k as usize != s);
        self.update_mass(i);
        self.wake_body(i);
        Ok(())
    }
    // ANCHOR_END: destroy_shape

    /// Shape `s`'s leaf, contacts and sensor visits ended, its place freed.
    fn remove_shape(&mut self, s: usize) {
        let game = &mut self.game;
        self.phase.remove(s);
        let involves = |p: &Pair| {
            let (a, b) = p.bodies();
            a == s || b == s
        };
        // Its contacts: every arbiter of its shape pairs goes, and what it
        // touched wakes.
        let mut wake = vec![false; self.solver.bodies.len()];
        let keys = std::mem::take(&mut game.keys);
        let mut kept = Vec::with_capacity(keys.len());
        let mut arbiters = Vec::with_capacity(keys.len());
        for (key, arbiter) in keys.into_iter().zip(self.solver.arbiters.drain(..)) {
            if involves(&key.pair) {
                wake[arbiter.a] = true;
                wake[arbiter.b] = true;
            } else {
                kept.push(key);
                arbiters.push(arbiter);
            }
        }
        (game.keys, self.solver.arbiters) = (kept, arbiters);
        for pair in game.touching.iter().filter(|p| involves(p)) {
            let (a, b) = pair.bodies();
            let event = game.contact_event(a, b);
            game.pending.end.push(event);
        }
        game.touching.retain(|p| !involves(p));
        for pair in game.overlaps.iter().filter(|p| involves(p)) {
            let (sensor, visitor) = pair.bodies();
            let event = game.sensor_event(sensor, visitor);
            game.pending.sensor_end.push(event);
        }
        game.overlaps.retain(|p| !involves(p));
        let slot = &mut game.shapes[s];
        (slot.body, slot.generation) = (None, slot.generation.wrapping_add(1));
        game.free_shapes.push(s as u32);
        game.changed = true;
        self.sleep.fit(wake.len());
        self.sleep.wake_with(&self.solver, &self.joints, wake);
    }

    // ANCHOR: destroy_body
    /// Destroy a body: its shapes and joints go, its contacts end, what it
    /// touched wakes, and its place is left empty and still for the next
    /// body made.
    pub fn destroy_body(&mut self, id: BodyId) -> Result<(), Stale> {
        let i = self.game.body(id)?;
        for s in std::mem::take(&mut self.game.bodies[i].shapes) {
            self.remove_shape(s as usize);
        }
        let joined: Vec<usize> = (0..self.game.joints.len())
            .filter(|&j| {
                self.game.joints[j].at.is_some_and(|at| {
                    let joint = &self.joints.list[at as usize];
                    joint.body_a == i || joint.body_b == i
                })
            })
            .collect();
        for j in joined {
            self.remove_joint(j);
        }
        let b = &mut self.solver.bodies[i];
        *b = crate::Body::new(NO_SHAPE, b.position, 0.0, f32::INFINITY);
        let slot = &mut self.game.bodies[i];
        slot.kind = None;
        slot.mass = BodyMass::default();
        slot.generation = slot.generation.wrapping_add(1);
        self.game.free_bodies.push(i as u32);
        self.fast.bullets[i] = false;
        (self.sleep.asleep[i], self.sleep.still_for[i]) = (false, 0.0);
        self.game.extents.clear();
        self.game.changed = true;
        Ok(())
    }
    // ANCHOR_END: destroy_body
}

impl Game {
    /// The contact event of shapes `a` and `b`.
    pub(crate) fn contact_event(&self, a: usize, b: usize) -> ContactEvent {
        ContactEvent {
            shape_a: self.shape_id(a),
            shape_b: self.shape_id(b),
            body_a: self.body_id(self.owner(a)),
            body_b: self.body_id(self.owner(b)),
        }
    }

    /// The event of shape `visitor` and `sensor`.
    pub(crate) fn sensor_event(
        &self,
        sensor: usize,
        visitor: usize,
    ) -> SensorEvent {
        SensorEvent {
            sensor: self.shape_id(sensor),
            visitor: self.shape_id(visitor),
            sensor_body: self.body_id(self.owner(sensor)),
            visitor_body: self.body_id(self.owner(visitor)),
        }
    }
}
