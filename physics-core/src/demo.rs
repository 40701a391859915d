//! The `Demo` interface: what the viewer (window, headless renderer, tour, web
//! page) needs from a chapter's demo, and nothing about how the chapter does its
//! physics.

use crate::draw::DrawList;
use crate::scene::{Feature, Scene, SceneError};
use glam::Vec2;

/// The state of one body as the outside world sees it: for the HUD's diagnostics
/// and the trace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyState {
    pub position: Vec2,
    /// Orientation in radians; 0 where a chapter has no rotation.
    pub angle: f32,
    pub velocity: Vec2,
    /// Angular velocity in rad/s; 0 where a chapter has no rotation.
    pub angular_velocity: f32,
    /// 1 / mass in 1/kg; 0 for a static (infinitely massive) body.
    pub inv_mass: f32,
    /// 1 / moment of inertia about the centre of mass; 0 where a body cannot turn.
    pub inv_inertia: f32,
}

impl BodyState {
    /// A point mass (or a body a chapter does not let turn).
    pub fn particle(position: Vec2, velocity: Vec2, inv_mass: f32) -> Self {
        BodyState {
            position,
            angle: 0.0,
            velocity,
            angular_velocity: 0.0,
            inv_mass,
            inv_inertia: 0.0,
        }
    }
}

impl BodyState {
    /// A plane `normal . x = offset` as a static body, for the trace: its position
    /// is the point of the line nearest the origin, its angle the turn from a floor
    /// (normal +y) to it.
    pub fn plane(normal: Vec2, offset: f32) -> Self {
        BodyState {
            position: normal * offset,
            angle: crate::trig::atan2(-normal.x, normal.y),
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            inv_mass: 0.0,
            inv_inertia: 0.0,
        }
    }
}

/// Where a scene file's body went in a world that keeps moving bodies and planes in
/// two lists, so the trace can list bodies in file order (its `body` column is the
/// index in the file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Index into the world's moving bodies (particles, circles, boxes).
    Body(usize),
    /// Index into the world's planes.
    Plane(usize),
}

/// The slots of `bodies` moving bodies followed by `planes` planes: the order of a
/// world built in code rather than from a file.
pub fn bodies_then_planes(bodies: usize, planes: usize) -> Vec<Slot> {
    (0..bodies).map(Slot::Body).chain((0..planes).map(Slot::Plane)).collect()
}

/// The value of a demo switch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SwitchValue {
    /// On or off; its key toggles it.
    Bool(bool),
    /// A number chosen from a list; its key steps to the next choice (after the
    /// last, the first again), Shift+key to the previous, stopping at the first:
    /// "fewer" never jumps to the most.
    Number { value: f32, choices: &'static [f32] },
    /// A number chosen from a list, or none (the HUD shows `none` for it, such as
    /// "own"): its key steps from none to the first choice and on, and from the
    /// last back to none.
    Optional { value: Option<f32>, choices: &'static [f32], none: &'static str },
    /// Not a state but a deed: each press of its key does it once (drop a box).
    Action,
}

impl SwitchValue {
    /// The value after one press of the switch's key (`back` with Shift held).
    pub fn next(self, back: bool) -> SwitchValue {
        match self {
            SwitchValue::Bool(on) => SwitchValue::Bool(!on),
            SwitchValue::Number { value, choices } => {
                if choices.is_empty() {
                    return self;
                }
                // The choice nearest the current value, then one step along the
                // list.
                let here = choices
                    .iter()
                    .enumerate()
                    .min_by(|a, b| {
                        (a.1 - value).abs().total_cmp(&(b.1 - value).abs())
                    })
                    .map(|(i, _)| i)
                    .unwrap_or(0);
                let n = choices.len();
                let i = if back { here.saturating_sub(1) } else { (here + 1) % n };
                SwitchValue::Number { value: choices[i], choices }
            }
            SwitchValue::Optional { value, choices, none } => {
                // None is one more place on the list, before the first choice.
                let n = choices.len() + 1;
                let here = match value {
                    None => 0,
                    Some(v) => {
                        1 + choices
                            .iter()
                            .enumerate()
                            .min_by(|a, b| {
                                (a.1 - v).abs().total_cmp(&(b.1 - v).abs())
                            })
                            .map(|(i, _)| i)
                            .unwrap_or(0)
                    }
                };
                let i = if back { (here + n - 1) % n } else { (here + 1) % n };
                SwitchValue::Optional {
                    value: i.checked_sub(1).map(|k| choices[k]),
                    choices,
                    none,
                }
            }
            SwitchValue::Action => SwitchValue::Action,
        }
    }

    pub fn as_bool(self) -> Option<bool> {
        match self {
            SwitchValue::Bool(b) => Some(b),
            _ => None,
        }
    }

    pub fn as_number(self) -> Option<f32> {
        match self {
            SwitchValue::Number { value, .. } => Some(value),
            SwitchValue::Optional { value, .. } => value,
            _ => None,
        }
    }
}

impl std::fmt::Display for SwitchValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwitchValue::Bool(true) => write!(f, "on"),
            SwitchValue::Bool(false) => write!(f, "off"),
            SwitchValue::Number { value, .. } => write!(f, "{value}"),
            SwitchValue::Optional { value: Some(value), .. } => {
                write!(f, "{value}")
            }
            SwitchValue::Optional { none, .. } => write!(f, "{none}"),
            SwitchValue::Action => write!(f, "press"),
        }
    }
}

/// A named switch or tunable of a demo, bound to a letter key.
#[derive(Clone, Debug, PartialEq)]
pub struct Switch {
    /// The lower-case letter that changes it.
    pub key: char,
    pub name: &'static str,
    pub value: SwitchValue,
    /// The earlier chapter whose switch this is (chapter 8's iterations in
    /// chapter 9), or `None` for the demo's own chapter's.
    pub from: Option<u32>,
}

impl Switch {
    pub fn toggle(key: char, name: &'static str, on: bool) -> Self {
        Switch { key, name, value: SwitchValue::Bool(on), from: None }
    }

    pub fn number(
        key: char,
        name: &'static str,
        value: f32,
        choices: &'static [f32],
    ) -> Self {
        let value = SwitchValue::Number { value, choices };
        Switch { key, name, value, from: None }
    }
}

// ANCHOR: controls
/// The arrow keys held down now, for a demo the player steers (chapter 16's
/// character walks on left and right and jumps on up). The window and the
/// page send the keys' state every frame to a demo that [`Demo::steers`];
/// for every other demo the arrow keys keep their own jobs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Controls {
    pub left: bool,
    pub right: bool,
    pub up: bool,
    pub down: bool,
}

impl Controls {
    /// Whether any key is held.
    pub fn any(self) -> bool {
        self.left || self.right || self.up || self.down
    }

    /// The keys as bits, as the page passes them: 1 left, 2 right, 4 up,
    /// 8 down.
    pub fn bits(self) -> u32 {
        self.left as u32
            | (self.right as u32) << 1
            | (self.up as u32) << 2
            | (self.down as u32) << 3
    }

    /// The keys from [`Controls::bits`]; other bits mean nothing.
    pub fn from_bits(bits: u32) -> Controls {
        Controls {
            left: bits & 1 != 0,
            right: bits & 2 != 0,
            up: bits & 4 != 0,
            down: bits & 8 != 0,
        }
    }

    /// Right less left: -1, 0 or 1.
    pub fn across(self) -> f32 {
        self.right as i32 as f32 - self.left as i32 as f32
    }
}
// ANCHOR_END: controls

/// One demo: a small world, how to step it, how to draw it, and what the learner
/// can change.
///
/// Every method is free of windows, clocks and files, so a demo runs the same in
/// the window, headless, in tests and in the browser.
pub trait Demo {
    /// The fixed time step this demo is meant to run at, in seconds.
    fn time_step(&self) -> f32 {
        1.0 / 60.0
    }

    /// Advance the world by `dt` seconds.
    fn step(&mut self, dt: f32);

    /// Put the demo back to its initial state (switches keep their values).
    fn reset(&mut self);

    /// Add what the world looks like now to `out`, in world coordinates.
    fn draw(&self, out: &mut DrawList);

    /// The region of the world the camera should show at first: (min corner, max
    /// corner).
    fn bounds(&self) -> (Vec2, Vec2);

    /// Every body's state, in a stable order (the `body` column of the trace).
    fn bodies(&self) -> Vec<BodyState>;

    /// Gravity, for the potential energy in the diagnostics.
    fn gravity(&self) -> Vec2 {
        Vec2::ZERO
    }

    /// Whether the demo is a still picture (a concept figure), where the time
    /// means nothing: the caption of its picture leaves it out.
    fn still(&self) -> bool {
        false
    }

    /// Whether the moment the demo is for is under way (a bullet reaching a
    /// wall, over in two steps): the window and the page run it in slow
    /// motion meanwhile.
    fn slow_motion(&self) -> bool {
        false
    }

    /// A point the camera keeps in view as it moves (a car driving off), if
    /// the demo has one: the view pans once it nears the edge.
    fn follow(&self) -> Option<Vec2> {
        None
    }

    /// Whether the view keeps [`Demo::follow`]'s point at its centre (a
    /// game's camera, which eases itself) rather than only in view.
    fn follow_centred(&self) -> bool {
        false
    }

    /// One line of numbers about the world now (contacts, the worst error), if
    /// the demo has one: the HUD shows it beside the time and the energy.
    fn status(&self) -> Option<String> {
        None
    }

    /// The demo's switches and tunables with their current values.
    fn switches(&self) -> Vec<Switch> {
        Vec::new()
    }

    /// Set the switch bound to `key`. Unknown keys are ignored.
    fn set_switch(&mut self, _key: char, _value: SwitchValue) {}

    /// The mouse button went down at `at` (world coordinates).
    fn mouse_press(&mut self, _at: Vec2) {}

    /// The mouse moved to `at` with the button held.
    fn mouse_drag(&mut self, _at: Vec2) {}

    /// The mouse button came up.
    fn mouse_release(&mut self) {}

    /// What happened in the last step, one row an event (chapter 15 on:
    /// `--events` writes them).
    fn events(&self) -> Vec<EventRow> {
        Vec::new()
    }

    /// Why the run cannot go on, if it cannot: the bodies have crowded so
    /// close that the engine would keep more pairs of them than
    /// [`limits::MAX_PAIRS`](crate::scene::limits::MAX_PAIRS) (chapter 13
    /// on). The command line then stops with the reason and writes nothing;
    /// the window pauses and shows it.
    fn trouble(&self) -> Option<String> {
        None
    }

    /// Whether the player steers this demo with the arrow keys: the window
    /// and the page then send them to [`Demo::steer`] instead of using the
    /// right arrow to step (`.` still steps).
    fn steers(&self) -> bool {
        false
    }

    /// The arrow keys held now; sent every frame, before its steps, to a
    /// demo that steers.
    fn steer(&mut self, _controls: Controls) {}
}

/// One event of a step, as the command line's `--events` file holds it:
/// its `kind` (`begin`, `end`, `hit`, `sensor_begin`, `sensor_end`,
/// `joint_break`), the two bodies by their place, each one's shape by its
/// place on the body (none for a joint, or a shape since destroyed), and
/// for a hit its point, normal and speed (a joint break: its force in
/// `speed`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EventRow {
    pub kind: &'static str,
    pub body_a: u32,
    pub shape_a: Option<u32>,
    pub body_b: u32,
    pub shape_b: Option<u32>,
    pub point: Vec2,
    pub normal: Vec2,
    pub speed: f32,
}

/// How a chapter turns a checked scene into a demo, or says what it cannot
/// simulate.
pub type FromScene = fn(&Scene) -> Result<Box<dyn Demo>, SceneError>;

/// How to make one of a chapter's demos.
#[derive(Clone, Copy)]
pub struct DemoEntry {
    /// A short lower-case name, used by `--demo`.
    pub name: &'static str,
    /// One line on what the demo shows.
    pub about: &'static str,
    pub make: fn() -> Box<dyn Demo>,
}

/// A chapter as the viewer sees it: a title, its demos, and (from the chapters that
/// load them) what its scene files may hold and how to turn one into a demo.
#[derive(Clone, Copy)]
pub struct Chapter {
    /// The chapter's number, e.g. 1.
    pub number: u32,
    /// The package name, e.g. `ch01-pong-particles`.
    pub package: &'static str,
    /// The title shown in the HUD, e.g. `1. Pong particles`.
    pub title: &'static str,
    pub demos: &'static [DemoEntry],
    /// What a scene file may ask of this chapter beyond moving circles; the rest is
    /// refused by [`Scene::require`] before [`Chapter::from_scene`] sees the scene.
    pub supports: &'static [Feature],
    /// The mapping from a checked scene to a demo; `None` for chapters without
    /// scene files.
    pub from_scene: Option<FromScene>,
}

impl Chapter {
    pub fn demo(&self, name: &str) -> Option<&DemoEntry> {
        self.demos.iter().find(|d| d.name == name)
    }

    /// A scene file as one of this chapter's demos: refused, naming the field and
    /// value, if it holds what the chapter does not simulate.
    pub fn load_scene(&self, scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
        let Some(from_scene) = self.from_scene else {
            return Err(SceneError::new(
                "",
                format!("{} does not load scene files", self.package),
            ));
        };
        scene.require(self.number, self.supports)?;
        from_scene(scene)
    }
}

/// Every scene file (`*.json`) in `dir` loads in `chapter` and runs `steps` steps
/// with every body finite: chapter 8's scenes must load in every later chapter.
/// Panics naming the file; returns how many it ran, and panics if there were none.
pub fn check_scenes_load(
    chapter: &Chapter,
    dir: &std::path::Path,
    steps: usize,
) -> usize {
    let mut loaded = 0;
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut demo = chapter
            .load_scene(&scene)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for _ in 0..steps {
            demo.step(scene.dt);
        }
        let finite = demo.bodies().iter().all(|b| b.position.is_finite());
        assert!(finite, "{}: a body went non-finite", path.display());
        loaded += 1;
    }
    assert!(loaded > 0, "no scenes in {}", dir.display());
    loaded
}

/// The checks every chapter's demos must pass, for each chapter's `tests/demos.rs`:
/// each demo runs `steps` steps and stays finite with bodies to show; reset brings
/// back the exact start and keeps the switches; and each switch, pressed once from
/// the start, still gives a finite run. Panics with a message naming the demo and
/// the switch.
pub fn check_demos(chapter: &Chapter, steps: usize) {
    fn finite(demo: &dyn Demo) -> bool {
        demo.bodies().iter().all(|b| {
            b.position.is_finite()
                && b.velocity.is_finite()
                && b.angle.is_finite()
                && b.angular_velocity.is_finite()
        })
    }
    // The demos, and each switch's run, are independent: one thread each, so that a
    // debug build's cores share them.
    each_at_once(chapter.demos, |entry| {
        let mut demo = (entry.make)();
        let dt = demo.time_step();
        assert!(dt.is_finite() && dt > 0.0, "{}: time step {dt}", entry.name);
        let start = demo.bodies();
        assert!(!start.is_empty(), "{} has no bodies", entry.name);
        for _ in 0..steps {
            demo.step(dt);
        }
        assert!(finite(demo.as_ref()), "{} went non-finite", entry.name);

        let switches = demo.switches();
        demo.reset();
        assert_eq!(demo.bodies(), start, "{}: reset is not the start", entry.name);
        assert_eq!(
            demo.switches(),
            switches,
            "{}: reset changed a switch",
            entry.name
        );

        each_at_once(&switches, |s| {
            let mut demo = (entry.make)();
            demo.set_switch(s.key, s.value.next(false));
            for _ in 0..steps.min(120) {
                demo.step(dt);
            }
            assert!(
                finite(demo.as_ref()),
                "{} with `{}` switched went non-finite",
                entry.name,
                s.name
            );
        });
    });
}

/// Run `work` on every item, each on its own thread, and return when all are done. A
/// panic on any thread (a failed check) panics here too, after the others finish;
/// its message names the item, as the checks' messages do.
pub fn each_at_once<T: Sync>(items: &[T], work: impl Fn(&T) + Sync) {
    std::thread::scope(|scope| {
        for item in items {
            let work = &work;
            scope.spawn(move || work(item));
        }
    });
}
