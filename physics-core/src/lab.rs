//! The lab: the one [`Demo`] every chapter's world runs in.
//!
//! A chapter offers its world through [`Sim`] (step it, list its bodies, draw it,
//! and what the mouse can take hold of) and one constant table of [`Knob`]s, the
//! switches the learner presses, in which each key appears once. [`Lab`] does the
//! rest, once for every chapter: the start it resets to (keeping the switches), the
//! fixed time step, the camera's first view, the mouse, the overlay switch, labels
//! and the status line.

use crate::demo::{BodyState, Controls, Demo, Switch, SwitchValue};
use crate::draw::{Color, DrawList};
use crate::scene::Scene;
use glam::Vec2;

/// What a chapter's world offers a demo.
pub trait Sim: Clone + 'static {
    /// What the mouse holds while its button is down: a body's index, a point of a
    /// body, the angle the world was turned to. `()` where the mouse holds nothing.
    type Hold: Clone + std::fmt::Debug;

    /// Advance by `dt` seconds.
    fn step(&mut self, dt: f32);

    /// Every body's state, in a stable order (the `body` column of the trace).
    fn bodies(&self) -> Vec<BodyState>;

    /// Gravity, for the potential energy in the diagnostics.
    fn gravity(&self) -> Vec2 {
        Vec2::ZERO
    }

    /// A still picture, not a world that moves (a concept figure).
    fn still(&self) -> bool {
        false
    }

    /// Set gravity from a scene file (chapters without gravity refuse a non-zero
    /// one first).
    fn set_gravity(&mut self, _gravity: Vec2) {}

    /// Set the solver passes per step from a scene file, where the chapter
    /// iterates.
    fn set_iterations(&mut self, _iterations: u32) {}

    /// Draw the world; `overlay` is the lab's "show contacts" switch.
    fn draw(&self, out: &mut DrawList, overlay: bool);

    /// One line of numbers under the picture (contacts, worst error), if the
    /// chapter has one.
    fn status(&self) -> Option<String> {
        None
    }

    /// The mouse button went down at `at`: what it takes hold of, if anything.
    fn pick(&self, _at: Vec2) -> Option<Self::Hold> {
        None
    }

    /// The mouse moved to `at` while holding `hold` (chapter 2 turns its world
    /// here).
    fn drag(&mut self, _hold: &mut Self::Hold, _at: Vec2) {}

    /// Before each step while the button is held: move what is held towards
    /// `target`.
    fn pull(&mut self, _hold: &Self::Hold, _target: Vec2, _dt: f32) {}

    /// The mouse button came up while holding `hold` (chapter 17's sling
    /// lets its stone go here).
    fn release(&mut self, _hold: Self::Hold) {}

    /// Where the held thing is now, for the line drawn from it to the cursor.
    fn held_point(&self, _hold: &Self::Hold) -> Option<Vec2> {
        None
    }

    /// The last step's events (chapter 15 on).
    fn events(&self) -> Vec<crate::demo::EventRow> {
        Vec::new()
    }

    /// Why the run cannot go on, if it cannot (see
    /// [`Demo::trouble`]).
    fn trouble(&self) -> Option<String> {
        None
    }

    /// Whether the moment the demo is for is under way (a bullet reaching a
    /// wall): the window and the page then run it in slow motion.
    fn slow_motion(&self) -> bool {
        false
    }

    /// Whether the switch on `key` does nothing to the world as it is now
    /// (chapter 8's iterations under chapter 10's soft step): the lab then
    /// leaves it off the list, and its key does nothing, until it matters
    /// again.
    fn ignores(&self, _key: char) -> bool {
        false
    }

    /// Whether the player steers the world with the arrow keys
    /// ([`Demo::steers`]).
    fn steers(&self) -> bool {
        false
    }

    /// The arrow keys held now ([`Demo::steer`]).
    fn steer(&mut self, _controls: Controls) {}
}

/// A world that holds an earlier chapter's world `W` inside it (chapter 7's
/// holds chapter 6's, chapter 9's holds chapter 8's), so that the earlier
/// chapter's switches, written once for any `S: Holds<W>`, work on it too.
/// Every world holds itself.
pub trait Holds<W> {
    /// The earlier chapter's world inside this one.
    fn inner(&self) -> &W;
    /// The same, to change.
    fn inner_mut(&mut self) -> &mut W;
}

impl<W> Holds<W> for W {
    fn inner(&self) -> &W {
        self
    }
    fn inner_mut(&mut self) -> &mut W {
        self
    }
}

/// The velocity that carries a body from `position` to `target` in one step of
/// `dt`: the mouse grab of chapters 1 to 5, which the body follows, colliding on
/// the way, and is thrown with when let go. Zero for a non-finite answer (a `dt` of
/// 0).
pub fn velocity_to(position: Vec2, target: Vec2, dt: f32) -> Vec2 {
    let v = (target - position) / dt;
    if v.is_finite() { v } else { Vec2::ZERO }
}

/// The index of the first body for which `under` holds: what a press at the cursor
/// takes.
pub fn first_under<T>(items: &[T], under: impl Fn(&T) -> bool) -> Option<usize> {
    items.iter().position(under)
}

/// The farthest from the origin the mouse can pull a body to, metres.
pub const MOUSE_REACH: f32 = 1000.0;

/// How a knob reads and changes the world.
pub enum Control<S> {
    /// On or off.
    Toggle(fn(&S) -> bool, fn(&mut S, bool)),
    /// A number from a list of choices.
    Number(fn(&S) -> f32, fn(&mut S, f32), &'static [f32]),
    /// A number from a list, or none (the bodies' own value); `&str` names "none".
    Optional(
        fn(&S) -> Option<f32>,
        fn(&mut S, Option<f32>),
        &'static [f32],
        &'static str,
    ),
    /// Something that happens at each press (drop a box).
    Action(fn(&mut S)),
    /// The lab's own overlay switch, which [`Sim::draw`] receives.
    Overlay,
}

/// One switch of a demo: its key, what the HUD calls it, and how it reads and
/// changes the world.
pub struct Knob<S> {
    pub key: char,
    pub name: &'static str,
    pub control: Control<S>,
}

impl<S> Knob<S> {
    pub const fn toggle(
        key: char,
        name: &'static str,
        get: fn(&S) -> bool,
        set: fn(&mut S, bool),
    ) -> Self {
        Knob { key, name, control: Control::Toggle(get, set) }
    }

    pub const fn number(
        key: char,
        name: &'static str,
        choices: &'static [f32],
        get: fn(&S) -> f32,
        set: fn(&mut S, f32),
    ) -> Self {
        Knob { key, name, control: Control::Number(get, set, choices) }
    }

    /// A number or none; `none` is what the HUD shows for none, such as "own".
    pub const fn optional(
        key: char,
        name: &'static str,
        none: &'static str,
        choices: &'static [f32],
        get: fn(&S) -> Option<f32>,
        set: fn(&mut S, Option<f32>),
    ) -> Self {
        Knob { key, name, control: Control::Optional(get, set, choices, none) }
    }

    pub const fn action(key: char, name: &'static str, run: fn(&mut S)) -> Self {
        Knob { key, name, control: Control::Action(run) }
    }

    pub const fn overlay(key: char, name: &'static str) -> Self {
        Knob { key, name, control: Control::Overlay }
    }
}

/// A chapter's world as a demo: the world, the start it resets to, its knobs, the
/// overlay switch, the mouse's hold, the camera's first view and the time step.
pub struct Lab<S: Sim> {
    sim: S,
    start: S,
    knobs: &'static [Knob<S>],
    /// More tables of switches, listed after the first: a demo's own, or
    /// an earlier chapter's, with that chapter's number.
    extra: Vec<(&'static [Knob<S>], Option<u32>)>,
    overlay: bool,
    hold: Option<(S::Hold, Vec2)>,
    labels: Vec<(Vec2, String)>,
    bounds: (Vec2, Vec2),
    time_step: f32,
    /// The point the camera keeps in view, if any, and whether it keeps it
    /// at the view's centre.
    follow: Option<fn(&S) -> Vec2>,
    centred: bool,
    /// After how many steps the demo starts again by itself, if it does, and
    /// the steps since it last started.
    replay: Option<u32>,
    stepped: u32,
}

impl<S: Sim> Lab<S> {
    /// `sim` as it starts, its `knobs`, the camera showing `bounds`, at 60 steps a
    /// second.
    pub fn new(sim: S, knobs: &'static [Knob<S>], bounds: (Vec2, Vec2)) -> Self {
        Lab {
            start: sim.clone(),
            sim,
            knobs,
            extra: Vec::new(),
            overlay: false,
            hold: None,
            labels: Vec::new(),
            bounds,
            time_step: 1.0 / 60.0,
            follow: None,
            centred: false,
            replay: None,
            stepped: 0,
        }
    }

    /// A scene file's world: gravity, iterations and the time step from the file,
    /// applied here for every chapter.
    pub fn from_scene(
        mut sim: S,
        knobs: &'static [Knob<S>],
        bounds: (Vec2, Vec2),
        scene: &Scene,
    ) -> Self {
        sim.set_gravity(scene.gravity);
        sim.set_iterations(scene.iterations);
        Lab::new(sim, knobs, bounds).with_time_step(scene.dt)
    }

    /// Another table of this demo's switches, listed after those already
    /// given.
    pub fn with_knobs(mut self, extra: &'static [Knob<S>]) -> Self {
        self.extra.push((extra, None));
        self
    }

    /// Chapter `chapter`'s table of switches, still live here: listed
    /// after this chapter's, and marked as that chapter's, so that the HUD
    /// and the page can fold them away.
    pub fn with_inherited(
        mut self,
        extra: &'static [Knob<S>],
        chapter: u32,
    ) -> Self {
        self.extra.push((extra, Some(chapter)));
        self
    }

    /// Every knob, with the chapter it comes from if it is an earlier
    /// chapter's.
    fn knobs_from(
        &self,
    ) -> impl Iterator<Item = (&'static Knob<S>, Option<u32>)> + use<S> {
        let extra = self.extra.clone();
        let own = self.knobs.iter().map(|k| (k, None));
        own.chain(
            extra
                .into_iter()
                .flat_map(|(t, from)| t.iter().map(move |k| (k, from))),
        )
    }

    fn all_knobs(&self) -> impl Iterator<Item = &'static Knob<S>> + use<S> {
        self.knobs_from().map(|(k, _)| k)
    }

    pub fn with_time_step(mut self, dt: f32) -> Self {
        self.time_step = dt;
        self
    }

    /// Start with the overlay shown (or hidden).
    pub fn with_overlay(mut self, on: bool) -> Self {
        self.overlay = on;
        self
    }

    /// The camera keeps `point` of the world in view as it moves (a car's
    /// body).
    pub fn following(mut self, point: fn(&S) -> Vec2) -> Self {
        self.follow = Some(point);
        self
    }

    /// The camera keeps `point` at the centre of the view: a game's
    /// camera, which the game itself moves smoothly.
    pub fn centred_on(mut self, point: fn(&S) -> Vec2) -> Self {
        (self.follow, self.centred) = (Some(point), true);
        self
    }

    /// Start again by itself, switches kept, every `steps` steps: a demo
    /// whose event is over in a moment (a bullet at a wall), or that would
    /// leave its world (a car at the ground's end), plays again.
    pub fn replaying(mut self, steps: u32) -> Self {
        self.replay = Some(steps);
        self
    }

    /// Text drawn at world positions, such as the ramps' friction values.
    pub fn with_labels(mut self, labels: Vec<(Vec2, String)>) -> Self {
        self.labels = labels;
        self
    }

    /// The world as it is now.
    pub fn sim(&self) -> &S {
        &self.sim
    }

    /// The world as it is now, to change; a reset goes back to the start.
    pub fn sim_mut(&mut self) -> &mut S {
        &mut self.sim
    }

    pub fn overlay(&self) -> bool {
        self.overlay
    }

    fn value(&self, knob: &Knob<S>) -> SwitchValue {
        match knob.control {
            Control::Toggle(get, _) => SwitchValue::Bool(get(&self.sim)),
            Control::Number(get, _, choices) => {
                SwitchValue::Number { value: get(&self.sim), choices }
            }
            Control::Optional(get, _, choices, none) => {
                SwitchValue::Optional { value: get(&self.sim), choices, none }
            }
            Control::Action(_) => SwitchValue::Action,
            Control::Overlay => SwitchValue::Bool(self.overlay),
        }
    }

    fn apply(&mut self, knob: &Knob<S>, value: SwitchValue) {
        match (&knob.control, value) {
            (Control::Toggle(_, set), SwitchValue::Bool(on)) => {
                set(&mut self.sim, on)
            }
            (Control::Number(_, set, _), SwitchValue::Number { value, .. }) => {
                set(&mut self.sim, value)
            }
            (
                Control::Optional(_, set, ..),
                SwitchValue::Optional { value, .. },
            ) => set(&mut self.sim, value),
            (Control::Action(run), SwitchValue::Action) => run(&mut self.sim),
            (Control::Overlay, SwitchValue::Bool(on)) => self.overlay = on,
            _ => {}
        }
    }
}

impl<S: Sim> Demo for Lab<S> {
    fn time_step(&self) -> f32 {
        self.time_step
    }

    fn step(&mut self, dt: f32) {
        if let Some((hold, target)) = &self.hold {
            self.sim.pull(hold, *target, dt);
        }
        self.sim.step(dt);
        self.stepped += 1;
        if self.replay.is_some_and(|n| self.stepped >= n) {
            self.reset();
        }
    }

    /// Back to the start, with every switch kept at its value.
    fn reset(&mut self) {
        let values: Vec<SwitchValue> =
            self.all_knobs().map(|k| self.value(k)).collect();
        self.sim = self.start.clone();
        for (knob, value) in self.all_knobs().zip(values) {
            if !matches!(knob.control, Control::Action(_)) {
                self.apply(knob, value);
            }
        }
        self.hold = None;
        self.stepped = 0;
    }

    fn draw(&self, out: &mut DrawList) {
        self.sim.draw(out, self.overlay);
        for (at, text) in &self.labels {
            out.text(*at, text.clone(), Color::WHITE);
        }
        if let Some((hold, target)) = &self.hold {
            if let Some(from) = self.sim.held_point(hold) {
                out.segment(from, *target, Color::WHITE);
                // What the mouse holds, marked: a particle among hundreds.
                out.point(from, 9.0, Color::WHITE);
            }
        }
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        self.bounds
    }

    fn status(&self) -> Option<String> {
        self.sim.status()
    }

    fn trouble(&self) -> Option<String> {
        self.sim.trouble()
    }

    fn slow_motion(&self) -> bool {
        self.sim.slow_motion()
    }

    fn follow(&self) -> Option<Vec2> {
        self.follow.map(|point| point(&self.sim)).filter(|p| p.is_finite())
    }

    fn follow_centred(&self) -> bool {
        self.centred
    }

    fn still(&self) -> bool {
        self.sim.still()
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.sim.bodies()
    }

    fn gravity(&self) -> Vec2 {
        self.sim.gravity()
    }

    /// Every switch but those the world ignores as it is now.
    fn switches(&self) -> Vec<Switch> {
        self.knobs_from()
            .filter(|(k, _)| !self.sim.ignores(k.key))
            .map(|(k, from)| Switch {
                key: k.key,
                name: k.name,
                value: self.value(k),
                from,
            })
            .collect()
    }

    fn set_switch(&mut self, key: char, value: SwitchValue) {
        if self.sim.ignores(key) {
            return;
        }
        if let Some(knob) = self.all_knobs().find(|k| k.key == key) {
            self.apply(knob, value);
        }
    }

    fn mouse_press(&mut self, at: Vec2) {
        self.hold = self.sim.pick(at).map(|h| (h, at));
    }

    fn mouse_drag(&mut self, at: Vec2) {
        // A pointer far outside any world (a fuzzer's 1e37 px) would ask for a pull
        // whose force overflows: the mouse reaches at most a kilometre from the
        // world's origin.
        let at = if at.is_finite() {
            at.clamp_length_max(MOUSE_REACH)
        } else {
            return;
        };
        if let Some((hold, target)) = &mut self.hold {
            self.sim.drag(hold, at);
            *target = at;
        }
    }

    fn mouse_release(&mut self) {
        if let Some((hold, _)) = self.hold.take() {
            self.sim.release(hold);
        }
    }

    fn events(&self) -> Vec<crate::demo::EventRow> {
        self.sim.events()
    }

    fn steers(&self) -> bool {
        self.sim.steers()
    }

    fn steer(&mut self, controls: Controls) {
        self.sim.steer(controls);
    }
}
