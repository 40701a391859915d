//! Chapter 17's demos: the game, level by level; a replay played back and
//! checked; the loop with a slow physics step, drawn between states or
//! not; one bit's difference a few seconds on; the loop's timeline.
//!
//! The viewer calls a demo's `step` once for each of its frames, with the
//! frame's time (1/60 s, or what `--dt` and the page's picker say). Here
//! that call is a **frame**: the game banks its time and takes the whole
//! physics steps it buys ([`Frames::frame`]). The page and the window thus
//! play the game at the frame rate they run at, and the game's physics
//! stays at its own fixed step.

use crate::frame::{Clock, Frames, Pose};
use crate::level::Level;
use crate::replay::{Drift, Replay};
use crate::rules::{Knock, Outcome};
use crate::{BodyKind, Input, Play, Pull, state_hash};
use ch11_polygons::Shape;
use ch11_polygons::demos::draw_shape;
use ch12_continuous::Transform;
use ch15_game_api::events::on_body;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, EventRow};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::{Scene, SceneError};
use physics_core::trig;

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 17,
    package: "ch17-a-game",
    title: "17. A game on your engine",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// What this chapter's scene files (and a level's `scene`) may hold:
/// chapter 16's.
pub const SUPPORTS: &[physics_core::scene::Feature] =
    ch16_characters::demos::SUPPORTS;

/// A scene file as this chapter's demo: a level with no targets, ten
/// stones, the sling to the left of its bodies.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let level = Level::sandbox(scene);
    // The scene's step is the physics step; frames come at it too.
    let mut play = Play::new(&level, 1);
    play.dt = scene.dt;
    let arcade = Arcade::new(Frames::new(play), Mode::Player);
    let arcade = Arcade { sandbox: Some(level), ..arcade };
    let bounds = arcade.bounds();
    let lab = Lab::new(arcade, GAME_KNOBS, bounds).with_time_step(scene.dt);
    Ok(Box::new(lab.centred_on(|a| a.camera)))
}

/// The level file given on the command line (`--level FILE`), and the
/// replay to watch on it (`--replay FILE --watch`), if any.
static LEVEL_FILE: std::sync::OnceLock<(Level, Option<Replay>)> =
    std::sync::OnceLock::new();

/// The chapter with one demo, `level`: the game on `level` (a level file of
/// the learner's, or a bundled one a replay names), played by the player,
/// or by `replay`'s inputs, its hashes checked. `N` plays it again.
pub fn with_level(level: Level, replay: Option<Replay>) -> Chapter {
    let _ = LEVEL_FILE.set((level, replay));
    Chapter { demos: LEVEL_DEMOS, from_scene: None, ..CHAPTER }
}

const LEVEL_DEMOS: &[DemoEntry] = &[DemoEntry {
    name: "level",
    about: "the level given with --level, or the game given with --replay FILE --watch",
    make: || {
        let (level, replay) =
            LEVEL_FILE.get().cloned().unwrap_or_else(|| (Level::number(0), None));
        let mode = match replay {
            Some(replay) => Mode::Replay(Box::new(replay)),
            None => Mode::Player,
        };
        let arcade = Arcade::new(Frames::new(Play::new(&level, 1)), mode);
        let arcade = Arcade { sandbox: Some(level), ..arcade };
        let bounds = framing(arcade.bounds());
        Box::new(Lab::new(arcade, GAME_KNOBS, bounds).centred_on(|a| a.camera))
    },
}];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "tower",
        about: "level 1: drag back from the sling and let go (or aim with A and W, fire with F); knock down every green target",
        make: || game(0, Mode::Player),
    },
    DemoEntry {
        name: "bridge",
        about: "level 2: targets on a bridge whose pins break past 500 N",
        make: || game(1, Mode::Player),
    },
    DemoEntry {
        name: "fort",
        about: "level 3: one target on the roof, one inside the walls",
        make: || game(2, Mode::Player),
    },
    DemoEntry {
        name: "pit",
        about: "level 4: a target that falls in the pit (a sensor) is down",
        make: || game(3, Mode::Player),
    },
    DemoEntry {
        name: "replay",
        about: "a recorded game of level 1 played back, its world's hash checked every second",
        make: || game(0, Mode::Replay(Box::new(crate::replay::bundled(0)))),
    },
    DemoEntry {
        name: "smooth",
        about: "physics at 10 steps a second, drawn between the last two states (I: off, K: the step, M: the states)",
        make: || {
            let mut arcade = Arcade::new(crate::worlds::frames(0), Mode::Auto);
            set_rate(&mut arcade, 10.0);
            arcade.show_states = true;
            let bounds = arcade.bounds();
            let lab = Lab::new(arcade, SMOOTH_KNOBS, bounds);
            Box::new(lab.centred_on(|a| a.camera))
        },
    },
    DemoEntry {
        name: "drift",
        about: "a replay played twice, one body one bit apart at the start: where the two games part",
        make: || {
            let drift = Butterfly::new(0, 1);
            let bounds = drift.bounds;
            Box::new(Lab::new(drift, &[], bounds))
        },
    },
    DemoEntry {
        name: "timeline",
        about: "a figure: frames and physics steps on one timeline, the accumulator, and where each frame draws (drag the frame rate)",
        make: || Box::new(crate::figures::timeline()),
    },
];

/// Level `i`'s demo, played as `mode` says.
fn game(i: usize, mode: Mode) -> Box<dyn Demo> {
    let arcade = Arcade::new(crate::worlds::frames(i), mode);
    let bounds = framing(arcade.bounds());
    Box::new(Lab::new(arcade, GAME_KNOBS, bounds).centred_on(|a| a.camera))
}

/// `bounds` grown about its middle to the size of the largest bundled
/// level's: the view's scale, set once for a demo, then fits every level
/// the game moves on to.
fn framing((lo, hi): (Vec2, Vec2)) -> (Vec2, Vec2) {
    let mut size = hi - lo;
    for i in 0..crate::LEVELS.len() {
        let play = Play::new(&Level::number(i), 1);
        let (l, h) = Arcade::new(Frames::new(play), Mode::Auto).bounds();
        size = size.max(h - l);
    }
    let middle = (lo + hi) / 2.0;
    (middle - size / 2.0, middle + size / 2.0)
}

// ANCHOR: switches
/// The game's switches.
pub const GAME_KNOBS: &[Knob<Arcade>] = &[
    Knob::number(
        'a',
        "aim, degrees (keys)",
        &[0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0],
        |a| a.angle,
        |a, v| a.angle = v,
    ),
    Knob::number(
        'w',
        "launch speed, m/s (keys)",
        &[8.0, 10.0, 12.0, 14.0, 16.0, 18.0, 20.0],
        |a| a.power,
        |a, v| a.power = v,
    ),
    Knob::action('f', "fire at that aim and speed", |a| {
        a.queued = Some(a.key_pull());
    }),
    Knob::action('n', "next level", |a| a.next(1)),
    Knob::action('l', "play the level again", |a| a.next(0)),
    Knob::toggle(
        'i',
        "draw between the last two physics states",
        |a| a.interpolate,
        |a, on| a.interpolate = on,
    ),
    Knob::toggle(
        'p',
        "print each finished level's replay to the terminal",
        |a| a.print,
        |a, on| a.print = on,
    ),
    Knob::number(
        't',
        "threads (the same bits on each)",
        &[1.0, 2.0, 4.0],
        |a| a.frames.play.world.wide.threads.count() as f32,
        |a, n| {
            a.threads = n as usize;
            a.frames.play.world.wide.set_threads(n as usize);
        },
    ),
    Knob::overlay('m', "show the two physics states drawn between"),
];

/// The switches of the loop's demo.
pub const SMOOTH_KNOBS: &[Knob<Arcade>] = &[
    Knob::toggle(
        'i',
        "draw between the last two physics states",
        |a| a.interpolate,
        |a, on| a.interpolate = on,
    ),
    Knob::number(
        'k',
        "physics steps a second",
        &[60.0, 30.0, 15.0, 10.0, 5.0],
        |a| (1.0 / a.frames.play.dt).round(),
        set_rate,
    ),
    Knob::toggle(
        'm',
        "show the two physics states drawn between",
        |a| a.show_states,
        |a, on| a.show_states = on,
    ),
];
// ANCHOR_END: switches

/// The physics at `hz` steps a second, the time banked kept.
fn set_rate(a: &mut Arcade, hz: f32) {
    let dt = 1.0 / hz;
    a.frames.play.dt = dt;
    let banked = a.frames.clock.banked;
    a.frames.clock = Clock::new(dt);
    a.frames.clock.banked = banked.min(a.frames.clock.step - 1);
}

/// Where the game's inputs come from.
#[derive(Clone, Debug)]
pub enum Mode {
    /// The mouse and the keys.
    Player,
    /// A replay's inputs, its hashes checked.
    Replay(Box<Replay>),
    /// A stone every two seconds, always the same.
    Auto,
}

/// The game as the window and the page show it: the loop and its play, and
/// what lives on the frame (the input not yet stepped, the aim, the
/// camera).
#[derive(Clone, Debug)]
pub struct Arcade {
    pub frames: Frames,
    /// The level's number (from 0).
    pub level: usize,
    /// A scene file's level, played instead of the bundled ones.
    pub sandbox: Option<Level>,
    pub mode: Mode,
    /// The input gathered on frames, for the next physics step.
    pub queued: Option<Pull>,
    /// The pull the mouse is making now.
    pub aim: Option<Pull>,
    /// The keys' aim, degrees above the horizontal, and launch speed, m/s.
    pub angle: f32,
    pub power: f32,
    pub interpolate: bool,
    pub show_states: bool,
    pub print: bool,
    pub threads: usize,
    /// The point the camera follows, smoothed on frames.
    pub camera: Vec2,
    /// The newest stone, and where it has been, every tenth of a second of
    /// its first three: the trail the player corrects the next aim by.
    /// (The step it was fired in, and the points.)
    pub trail: (Option<u64>, Vec<Vec2>),
    /// In a replay: the last step whose hash agreed, or where it drifted.
    pub verdict: Result<u64, Drift>,
}

impl Arcade {
    pub fn new(frames: Frames, mode: Mode) -> Arcade {
        let level = (0..crate::LEVELS.len())
            .find(|&i| crate::LEVELS[i].0 == frames.play.level.key)
            .unwrap_or(0);
        let mut arcade = Arcade {
            frames,
            level,
            sandbox: None,
            mode,
            queued: None,
            aim: None,
            angle: 40.0,
            power: 16.0,
            interpolate: true,
            show_states: false,
            print: false,
            threads: 1,
            camera: Vec2::ZERO,
            trail: (None, Vec::new()),
            verdict: Ok(0),
        };
        arcade.camera = arcade.home();
        arcade
    }

    /// The level's box: from the sling to beyond its last body.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        let level = &self.frames.play.level;
        let mut hi = level.sling + Vec2::new(4.0, 4.0);
        for b in level.scene.bodies.iter().filter(|b| b.position.x.abs() < 30.0) {
            hi = hi.max(b.position + Vec2::new(3.0, 3.0));
        }
        (Vec2::new(level.sling.x - 3.0, -1.5), hi)
    }

    /// The middle of the level: where the camera rests.
    fn home(&self) -> Vec2 {
        let (lo, hi) = self.bounds();
        (lo + hi) / 2.0
    }

    /// The pull the keys' aim and speed make.
    pub fn key_pull(&self) -> Pull {
        let (s, c) = trig::sin_cos(self.angle.to_radians());
        let speed = self.power.min(crate::MAX_PULL as f32 * crate::LAUNCH / 100.0);
        Pull::from_offset(-Vec2::new(c, s) * speed / crate::LAUNCH)
    }

    /// Level `self.level + by` from its start (`by` 0: the same again).
    pub fn next(&mut self, by: usize) {
        self.level = (self.level + by) % crate::LEVELS.len();
        let level = match &self.sandbox {
            Some(level) => level.clone(),
            None => Level::number(self.level),
        };
        let dt = self.frames.play.dt;
        let mut play = Play::new(&level, self.threads);
        play.dt = dt;
        self.frames.restart(play);
        (self.queued, self.aim, self.verdict) = (None, None, Ok(0));
        self.trail = (None, Vec::new());
    }

    /// The input for the step `play` is about to take.
    fn input(
        mode: &Mode,
        aim: Option<Pull>,
        queued: &mut Option<Pull>,
        play: &Play,
    ) -> Input {
        match mode {
            Mode::Player => Input { aim, fire: queued.take() },
            Mode::Replay(replay) => replay.input(play.step),
            Mode::Auto => {
                let every = (2.0 / play.dt).round() as u64;
                let due = play.step % every == every / 2;
                Input { aim: None, fire: due.then_some(Pull { x: -130, y: -95 }) }
            }
        }
    }

    // ANCHOR: on_frame
    /// One frame: the steps it buys, then what the frame does (the
    /// camera, a replay's checks, the next level once this one is over).
    pub fn on_frame(&mut self, seconds: f32) {
        let (mode, aim, queued) = (&self.mode, self.aim, &mut self.queued);
        self.frames.frame(seconds, |play| Arcade::input(mode, aim, queued, play));
        // The camera eases after the newest stone in flight, or home.
        let stone = self.frames.play.rules.stones.last().copied();
        let flying = stone.and_then(|(id, _)| {
            let b = self.frames.play.world.body(id).ok()?;
            let i = id.index as usize;
            (b.velocity.length() > 2.0).then(|| self.frames.drawn(i)).flatten()
        });
        self.follow_trail();
        // The level stays in view; a stone that flies out of its box is
        // followed along (not up: a lob leaves the top and comes back).
        let (home, (lo, hi)) = (self.home(), self.bounds());
        let beyond = |x: f32| x - x.clamp(lo.x, hi.x);
        let target = flying.map_or(home, |p| home + Vec2::X * beyond(p.position.x));
        self.camera += (target - self.camera) * (4.0 * seconds).clamp(0.0, 1.0);
        let play = &self.frames.play;
        if let Mode::Replay(replay) = &self.mode {
            if self.verdict.is_ok() {
                self.verdict = replay.check(play);
            }
        }
        // Two seconds after the end: the next level, or this one again.
        let over = match &self.mode {
            Mode::Replay(r) => {
                (play.step >= r.end).then_some((Outcome::Lost, r.end))
            }
            _ => play.rules.outcome,
        };
        if let Some((outcome, at)) = over {
            if play.step >= at + (2.0 / play.dt).round() as u64 {
                if self.print {
                    print!("{}", play.replay());
                }
                let won =
                    matches!(self.mode, Mode::Player) && outcome == Outcome::Won;
                self.next(won as usize);
            }
        }
    }
    // ANCHOR_END: on_frame

    /// The newest stone's trail: where it is, every tenth of a second of
    /// its first three, kept until the next stone leaves.
    fn follow_trail(&mut self) {
        let play = &self.frames.play;
        let Some(&(id, fired)) = play.rules.stones.last() else { return };
        if self.trail.0.is_none_or(|at| at < fired) {
            self.trail = (Some(fired), Vec::new());
        }
        let age = play.step - fired;
        if age <= 180 && self.trail.1.len() < (age / 6 + 1) as usize {
            if let Ok(b) = play.world.body(id) {
                self.trail.1.push(b.position);
            }
        }
    }

    /// Where body place `i` is drawn now.
    fn pose(&self, i: usize) -> Option<Pose> {
        match self.interpolate {
            true => self.frames.drawn(i),
            false => self.frames.after.get(i).copied().flatten().map(|(_, p)| p),
        }
    }
}

/// How far ahead the aim is drawn, in tenths of a second of flight.
pub const AIM_DOTS: u32 = 4;

/// Colours: the game's things.
const TARGET: Color = Color(0x60d060);
const STONE: Color = Color(0xe0e0e0);
const WOOD: Color = Color(0xc08a50);
const WATER: Color = Color(0x3070d0);
const GOLD: Color = Color(0xffd040);

impl Sim for Arcade {
    type Hold = ();

    /// A frame of `dt` seconds of real time (see the module's doc).
    fn step(&mut self, dt: f32) {
        self.on_frame(dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        let bodies = &self.frames.play.world.solver.bodies;
        bodies
            .iter()
            .map(|b| BodyState {
                position: b.position,
                angle: b.angle,
                velocity: b.velocity,
                angular_velocity: b.angular_velocity,
                inv_mass: b.inv_mass,
                inv_inertia: b.inv_inertia,
            })
            .collect()
    }

    fn gravity(&self) -> Vec2 {
        self.frames.play.world.solver.gravity
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        let play = &self.frames.play;
        let world = &play.world;
        let rules = &play.rules;
        let is_target =
            |i: usize| rules.targets.iter().any(|t| t.index as usize == i);
        let is_stone =
            |i: usize| rules.stones.iter().any(|s| s.0.index as usize == i);
        for slot in &world.game.shapes {
            let Some(i) = slot.body.map(|b| b as usize) else { continue };
            let Some(pose) = self.pose(i) else { continue };
            let color = match world.game.bodies[i].kind {
                _ if slot.def.sensor => WATER,
                Some(BodyKind::Static) => Color::GREY,
                _ if is_target(i) => TARGET,
                _ if is_stone(i)
                    || play.loaded.is_some_and(|s| s.index as usize == i) =>
                {
                    STONE
                }
                _ => WOOD,
            };
            let t = on_body(&Transform::new(pose.position, pose.angle), slot.at);
            draw_shape(out, &slot.placed, &t, color);
            if (overlay || self.show_states)
                && world.game.bodies[i].kind == Some(BodyKind::Dynamic)
            {
                let states = [&self.frames.before, &self.frames.after];
                for (k, poses) in states.into_iter().enumerate() {
                    if let Some(Some((_, p))) = poses.get(i) {
                        let t =
                            on_body(&Transform::new(p.position, p.angle), slot.at);
                        let c = [Color(0x8060ff), Color(0xff60a0)][k];
                        outline(out, &slot.placed, &t, c);
                    }
                }
            }
        }
        // The joints' pins, where their bodies are drawn.
        for j in &world.joints.list {
            if let Some(p) = self.pose(j.body_a) {
                let at = Transform::new(p.position, p.angle).to_world(j.local_a);
                out.point(at, 5.0, Color::WHITE);
            }
        }
        for &at in &self.trail.1 {
            out.point(at, 2.0, Color(0x707070));
        }
        self.draw_sling(out);
        for &(at, step, why) in &rules.knocked {
            let age = (play.step - step) as f32 * play.dt;
            if age < 1.0 {
                out.circle_outline(
                    at,
                    0.4 + 1.2 * age,
                    GOLD.lerp(Color(0x1c2030), age),
                );
                let why = match why {
                    Knock::Hit(speed) => format!("+1000 hit {speed:.1} m/s"),
                    Knock::Sensor => "+1000 in the pit".into(),
                    Knock::Fell => "+1000 fell".into(),
                };
                out.text(at + Vec2::new(-0.5, 0.6 + age), why, GOLD);
            }
        }
        let (lo, hi) = self.bounds();
        let corner = Vec2::new(lo.x + 0.3, hi.y - 0.4);
        let line = format!(
            "{}   score {}   stones {}   targets {}",
            play.level.name,
            rules.score,
            rules.stones_left,
            rules.targets.len()
        );
        out.text(corner, line, Color::WHITE);
        if let Mode::Replay(replay) = &self.mode {
            let verdict = match &self.verdict {
                Ok(at) => {
                    format!("replay: hashes agree to step {at} of {}", replay.end)
                }
                Err(drift) => format!("replay DRIFTED at step {}", drift.step),
            };
            out.text(corner - Vec2::new(0.0, 0.8), verdict, Color::WHITE);
        }
        let banner = match play.rules.outcome {
            Some((Outcome::Won, _)) => Some(match &self.sandbox {
                _ if !matches!(self.mode, Mode::Player) => {
                    "every target down: the game again".to_string()
                }
                Some(_) => "every target down: again".to_string(),
                None if self.level + 1 == crate::LEVELS.len() => {
                    "every level won: the first again".to_string()
                }
                None => "every target down: next level".to_string(),
            }),
            Some((Outcome::Lost, _)) => Some("out of stones: again".to_string()),
            None => None,
        };
        if let Some(banner) = banner {
            out.text(Vec2::new(lo.x + 0.3, hi.y - 2.0), banner, GOLD);
        }
    }

    fn status(&self) -> Option<String> {
        let play = &self.frames.play;
        Some(format!(
            "step {} ({:.0} Hz) | alpha {:.2} | score {} | hash {:016x}",
            play.step,
            1.0 / play.dt,
            self.frames.alpha,
            play.rules.score,
            play.hashes.last().map_or(0, |h| h.1)
        ))
    }

    fn pick(&self, at: Vec2) -> Option<()> {
        let play = &self.frames.play;
        let ready = play.rules.outcome.is_none() && play.rules.stones_left > 0;
        let _ = at; // a press anywhere takes the stone; the drag aims it
        (matches!(self.mode, Mode::Player) && ready).then_some(())
    }

    fn drag(&mut self, _hold: &mut (), at: Vec2) {
        // The stone follows the pointer from the sling, to the longest pull.
        self.aim = Some(Pull::from_offset(at - self.frames.play.level.sling));
    }

    fn release(&mut self, _hold: ()) {
        self.queued = self.aim.take().or(self.queued);
    }

    fn events(&self) -> Vec<EventRow> {
        self.frames.play.world.event_rows()
    }
}

impl Arcade {
    /// The sling, the stone in it, the path a stone let go now would take
    /// (its first [`AIM_DOTS`] tenths of a second), and the last stone's
    /// trail.
    fn draw_sling(&self, out: &mut DrawList) {
        let play = &self.frames.play;
        let sling = play.level.sling;
        let (left, right) =
            (sling + Vec2::new(-0.35, 0.3), sling + Vec2::new(0.35, 0.3));
        out.segment_width(sling - Vec2::new(0.0, 2.0), sling, WOOD, 4.0);
        out.segment_width(sling, left, WOOD, 4.0);
        out.segment_width(sling, right, WOOD, 4.0);
        let Some(stone) = play.loaded.and_then(|s| self.pose(s.index as usize))
        else {
            return;
        };
        out.segment(left, stone.position, Color(0x806040));
        out.segment(right, stone.position, Color(0x806040));
        let pull = match (&self.mode, self.aim) {
            (_, Some(aim)) => aim,
            (Mode::Player, None) => self.key_pull(),
            _ => return,
        };
        // Where the stone heads, not where it lands: the landing is for
        // the player to judge, and the last stone's trail to correct.
        let (v, g) = (pull.launch(), play.world.solver.gravity);
        for k in 1..=AIM_DOTS {
            let t = k as f32 * 0.1;
            out.point(sling + v * t + g * (0.5 * t * t), 3.0, Color(0x909090));
        }
    }
}

/// A shape's outline alone.
fn outline(out: &mut DrawList, shape: &Shape, t: &Transform, color: Color) {
    match shape {
        Shape::Circle { radius } => out.circle_outline(t.position, *radius, color),
        Shape::Polygon(p) => {
            let c: Vec<Vec2> = p.corners().iter().map(|v| t.to_world(*v)).collect();
            for k in 0..c.len() {
                out.segment(c[k], c[(k + 1) % c.len()], color);
            }
        }
    }
}

// ANCHOR: butterfly
/// Level 1's replay played twice, one body one bit apart at the start.
#[derive(Clone, Debug)]
pub struct Butterfly {
    pub exact: Play,
    pub nudged: Play,
    pub replay: Replay,
    /// The first step their hashes differed in.
    pub parted: Option<u64>,
    bounds: (Vec2, Vec2),
}
// ANCHOR_END: butterfly

impl Butterfly {
    pub fn new(level: usize, body: usize) -> Butterfly {
        let exact = crate::breaks::nudged(level, body, 0);
        let nudged = crate::breaks::nudged(level, body, 1);
        let bounds = Arcade::new(Frames::new(exact.clone()), Mode::Auto).bounds();
        let replay = crate::replay::bundled(level);
        Butterfly { exact, nudged, replay, parted: None, bounds }
    }
}

impl Sim for Butterfly {
    type Hold = ();

    /// One physics step of each (this demo draws no frames between).
    fn step(&mut self, _dt: f32) {
        if self.exact.step >= self.replay.end + 120 {
            *self = Butterfly { bounds: self.bounds, ..Butterfly::new(0, 1) };
            return;
        }
        for play in [&mut self.exact, &mut self.nudged] {
            let input = self.replay.input(play.step);
            play.step(input);
        }
        if self.parted.is_none()
            && state_hash(&self.exact.world) != state_hash(&self.nudged.world)
        {
            self.parted = Some(self.exact.step);
        }
    }

    fn bodies(&self) -> Vec<BodyState> {
        let bodies = &self.exact.world.solver.bodies;
        bodies
            .iter()
            .map(|b| BodyState::particle(b.position, b.velocity, b.inv_mass))
            .collect()
    }

    fn gravity(&self) -> Vec2 {
        self.exact.world.solver.gravity
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        for (play, color) in [(&self.nudged, Color(0xff5060)), (&self.exact, WOOD)]
        {
            let world = &play.world;
            for slot in &world.game.shapes {
                let Some(i) = slot.body.map(|b| b as usize) else { continue };
                let b = &world.solver.bodies[i];
                let t = on_body(&Transform::new(b.position, b.angle), slot.at);
                match world.game.bodies[i].kind {
                    Some(BodyKind::Static) => {
                        draw_shape(out, &slot.placed, &t, Color::GREY)
                    }
                    _ => outline(out, &slot.placed, &t, color),
                }
            }
        }
        let (lo, hi) = self.bounds;
        let at = Vec2::new(lo.x + 0.3, hi.y - 0.4);
        let line = match self.parted {
            None => format!(
                "the same replay twice; in red, the crate at the bottom left started 1 bit to the right (step {})",
                self.exact.step
            ),
            Some(s) => format!(
                "hashes differ from step {s}; score {} against {}",
                self.exact.rules.score, self.nudged.rules.score
            ),
        };
        out.text(at, line, Color::WHITE);
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "step {} | parted at {:?} | scores {} and {}",
            self.exact.step,
            self.parted,
            self.exact.rules.score,
            self.nudged.rules.score
        ))
    }
}
