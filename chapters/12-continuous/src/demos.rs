//! Chapter 12's demos: bullets at a thin wall, a spinning rod over a thin
//! plank, chapter 1's box at an absurd speed, a spray of fast debris at a
//! stack, and a ghost bounce off a corner a ball would have missed.

use crate::advancement::Advancement;
use crate::worlds::{bullets, debris, ghost, pong, spinning_rod, volley};
use crate::{Body, Shape, Transform, World, reach};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes may hold everything
/// chapter 11's do, and bullets.
pub const CHAPTER: Chapter = Chapter {
    number: 12,
    package: "ch12-continuous",
    title: "12. Fast bodies",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(Shown::from(world), KNOBS, bounds, scene)))
}

/// Chapter 11's features and bullets.
pub const SUPPORTS: &[Feature] = &[
    Feature::Gravity,
    Feature::Planes,
    Feature::Restitution,
    Feature::StaticBodies,
    Feature::Boxes,
    Feature::TurnedBoxes,
    Feature::Rotation,
    Feature::Joints,
    Feature::RigidJoints,
    Feature::Polygons,
    Feature::Bullets,
];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "bullets",
        about: "a disc, a box and a capsule at 300 m/s (low three) and 3000 m/s at a wall 5 cm \
                thick: a dot at each step, slow motion as they arrive, again every 5 s (K and T \
                off: through)",
        make: || {
            let view = (Vec2::new(-0.5, -0.3), Vec2::new(12.5, 4.2));
            Box::new(watched(bullets(), view, &BULLETS, 12).replaying(300))
        },
    },
    DemoEntry {
        name: "spinning-rod",
        about: "a rod 2 m long spun at 150 rad/s (capped at an eighth of a turn a step) beside \
                a post its half sweeps through: its poses drawn, slow motion, again every 2 s",
        make: || {
            let view = (Vec2::new(-2.0, 0.5), Vec2::new(2.0, 3.5));
            Box::new(watched(spinning_rod(), view, &ROD, 16).replaying(120))
        },
    },
    DemoEntry {
        name: "pong",
        about: "chapter 1's box with walls 5 cm thick and a ball at 1000 m/s, no gravity",
        make: || {
            Box::new(show(pong(), (Vec2::new(-4.0, -1.0), Vec2::new(4.0, 7.0))))
        },
    },
    DemoEntry {
        name: "debris",
        about: "40 small shapes at 80 to 150 m/s at a stack of boxes before a thin wall (D fires more)",
        make: || {
            Box::new(show(debris(), (Vec2::new(-4.0, -0.5), Vec2::new(8.0, 5.0))))
        },
    },
    DemoEntry {
        name: "advance",
        about: "conservative advancement along a path past a post: drag its ends; T the turn, S the body",
        make: || Box::new(Advancement::lab()),
    },
    DemoEntry {
        name: "ghost",
        about: "balls pass 5 and 30 cm from a corner at 30 m/s, and 5 cm at 3 m/s: does the \
                margin bump one that never touches? (K off: a fixed 2 cm; again every 2.5 s)",
        make: || {
            let view = (Vec2::new(-6.0, -1.5), Vec2::new(6.0, 3.0));
            Box::new(watched(ghost(), view, &GHOST, 40).replaying(150))
        },
    },
    DemoEntry {
        name: "advancement",
        about: "a figure: conservative advancement steps a turning box towards a thin wall, each stride the gap over the closing speed (drag both ends)",
        make: || Box::new(crate::figures::advancement()),
    },
];

/// The bodies the *bullets* demo follows, by their place in
/// [`bullets`]: after the floor and the wall, three at 300 m/s, three
/// at 3000.
const BULLETS: [(usize, &str); 6] = [
    (2, "disc, 300 m/s"),
    (3, "box, 300 m/s"),
    (4, "capsule, 300 m/s"),
    (5, "disc, 3000 m/s"),
    (6, "box, 3000 m/s"),
    (7, "capsule, 3000 m/s"),
];

/// The rod, after the post.
const ROD: [(usize, &str); 1] = [(1, "rod")];

/// The balls, after the block.
const GHOST: [(usize, &str); 3] = [
    (1, "30 m/s, 5 cm clear"),
    (2, "30 m/s, 30 cm clear"),
    (3, "3 m/s, 5 cm clear"),
];

// ANCHOR: switches
const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0];

/// This chapter's switches.
pub const KNOBS: &[Knob<Shown>] = &[
    Knob::toggle(
        'k',
        "speculative margin grows with speed (off: a fixed 2 cm)",
        |w| w.world.fast.settings.speculative,
        |w, on| w.world.fast.settings.speculative = on,
    ),
    Knob::toggle(
        't',
        "sweep fast bodies to their time of impact",
        |w| w.world.fast.settings.toi,
        |w, on| w.world.fast.settings.toi = on,
    ),
    Knob::toggle(
        'b',
        "bodies under 10 cm are bullets (swept against moving bodies too)",
        |w| w.world.fast.bullets.iter().any(|&b| b),
        |w, on| set_small_bullets(&mut w.world, on),
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.world.soft.settings.substeps as f32,
        |w, n| w.world.soft.settings.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::overlay('m', "show contacts and impulses"),
    Knob::action('d', "fire ten more pieces of debris", |w| fire(&mut w.world)),
];
// ANCHOR_END: switches

/// D: ten more pieces of debris.
fn fire(w: &mut World) {
    let n = w.bodies().len() as u64;
    for (b, s) in volley(10, 0xd1 ^ n) {
        let small = w.fast.bullets.iter().any(|&x| x) && reach(&s) < 0.1;
        w.solver.bodies.push(b);
        w.shapes.list.push(s);
        w.fast.bullets.resize(w.shapes.list.len() - 1, false);
        w.fast.bullets.push(small);
    }
}

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<Shown> {
    Lab::new(Shown::from(world), KNOBS, bounds)
}

/// A world whose bodies `tracks` (each its place and its name) are
/// followed: each step's centre marked, what became of each written
/// beside it, the first `slow` steps in slow motion.
fn watched(
    world: World,
    bounds: (Vec2, Vec2),
    tracks: &[(usize, &'static str)],
    slow: u32,
) -> Lab<Shown> {
    let tracks = tracks
        .iter()
        .map(|&(body, name)| Track::new(&world.bodies()[body], body, name))
        .collect();
    let view = View { tracks, slow, ..View::default() };
    Lab::new(Shown { world, view }, KNOBS, bounds)
}

/// B: every movable body under 10 cm across is a bullet, or none is.
fn set_small_bullets(w: &mut World, on: bool) {
    let small: Vec<bool> = w
        .bodies()
        .iter()
        .zip(&w.shapes.list)
        .map(|(b, s)| on && b.inv_mass > 0.0 && reach(s) < 0.1)
        .collect();
    w.fast.bullets = small;
}

/// A world as the window shows it: the physics, and what is drawn
/// besides the bodies, which the physics never reads: where the bodies
/// followed have been and what became of them.
#[derive(Clone, Debug)]
pub struct Shown {
    pub world: World,
    pub view: View,
}

impl From<World> for Shown {
    fn from(world: World) -> Shown {
        Shown { world, view: View::default() }
    }
}

/// What the window keeps of the run besides the world.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// The bodies followed.
    pub tracks: Vec<Track>,
    /// Each movable body whose centre has gone through a static body:
    /// what tunnelling is.
    pub through: Vec<bool>,
    /// Each body's centre when it was last outside every static body.
    pub outside: Vec<Vec2>,
    /// Steps taken, and how many of the first are shown in slow motion.
    pub steps: u32,
    pub slow: u32,
}

/// One body followed: its centre and angle at each step, and what
/// happened to it, each the first time it did.
#[derive(Clone, Debug)]
pub struct Track {
    pub body: usize,
    pub name: &'static str,
    /// Its velocity and spin at the start.
    pub start: (Vec2, f32),
    /// Its centre and angle at the start and after each step.
    pub poses: Vec<(Vec2, f32)>,
    /// Steps in which it went through a static body: its centre (a shot),
    /// or its half as it turned past a post it never touched (a rod).
    pub crossings: u32,
    /// Turned back along its line, at this speed (m/s).
    pub back: Option<f32>,
    /// Stopped along its line.
    pub stopped: bool,
    /// Knocked moving (a rod that was spinning in place): at which step, at
    /// what speed.
    pub struck: Option<(u32, f32)>,
    /// The most its direction has turned from its start, radians.
    pub turned: f32,
}

/// The most poses a track keeps (its first ones): ten seconds.
const TRACK_POSES: usize = 600;

impl Track {
    fn new(b: &Body, body: usize, name: &'static str) -> Track {
        Track {
            body,
            name,
            start: (b.velocity, b.angular_velocity),
            poses: vec![(b.position, b.angle)],
            crossings: 0,
            back: None,
            stopped: false,
            struck: None,
            turned: 0.0,
        }
    }

    /// Whether it set off spinning in place, not moving along a line.
    fn spinner(&self) -> bool {
        self.start.0 == Vec2::ZERO && self.start.1 != 0.0
    }

    /// One more step, `step`, which left it as `b`, through a static body
    /// or not (`through`); `fall` is what gravity alone has added to its
    /// velocity since the start.
    fn record(&mut self, step: u32, b: &Body, through: bool, fall: Vec2) {
        if self.poses.len() < TRACK_POSES {
            self.poses.push((b.position, b.angle));
        }
        self.crossings += through as u32;
        let (v0, _) = self.start;
        if self.spinner() {
            let speed = b.velocity.length();
            if self.struck.is_none() && speed > 0.5 {
                self.struck = Some((step, speed));
            }
            return;
        }
        let along = b.velocity.dot(v0.normalize_or_zero());
        if self.back.is_none() && !self.stopped {
            if along < -0.02 * v0.length() {
                self.back = Some(-along);
            } else if (b.velocity - fall).length() < 0.1 * v0.length() {
                self.stopped = true;
            }
        }
        // Turned by something other than gravity.
        let turn = b.velocity.angle_to(v0 + fall).abs();
        if turn.is_finite() && b.velocity.length() > 1e-3 {
            self.turned = self.turned.max(turn);
        }
    }

    /// What became of it, in words.
    pub fn outcome(&self) -> String {
        if self.spinner() {
            return match (self.struck, self.crossings) {
                (Some((step, speed)), _) => {
                    format!(
                        "struck the post in step {step}, knocked off at {speed:.0} m/s"
                    )
                }
                (None, 0) => "spinning, not yet past the post".to_string(),
                (None, n) => {
                    format!("spun through the post {n} times, never touching it")
                }
            };
        }
        if self.crossings > 0 {
            "WENT THROUGH the wall".to_string()
        } else if let Some(speed) = self.back {
            format!("bounced back at {speed:.0} m/s")
        } else if self.stopped {
            "stopped at the wall".to_string()
        } else if self.turned > 0.005 {
            format!("bumped {:.1} deg off its line", self.turned.to_degrees())
        } else {
            "flew straight on".to_string()
        }
    }

    /// The outcome's kind, for the status line's count.
    fn kind(&self) -> &'static str {
        if self.spinner() {
            match (self.struck, self.crossings) {
                (Some(_), _) => "struck",
                (None, 0) => "spinning",
                _ => "spun through",
            }
        } else if self.crossings > 0 {
            "went through"
        } else if self.back.is_some() {
            "bounced back"
        } else if self.stopped {
            "stopped"
        } else if self.turned > 0.005 {
            "bumped"
        } else {
            "straight on"
        }
    }
}

/// Whether a rod's half, turning about `c` from angle `a0` to `a1`
/// (less than half a turn), passed over the centre `p` of a post within
/// its reach `reach`.
fn swept_over(c: Vec2, (a0, a1): (f32, f32), p: Vec2, reach: f32) -> bool {
    let to = p - c;
    if to.length() > reach {
        return false;
    }
    let turn = a1 - a0;
    let at = to.y.atan2(to.x);
    // Either half: the post's angle from each half's start, within
    // (-pi, pi], lies between 0 and the turn.
    [0.0, std::f32::consts::PI].into_iter().any(|half| {
        let rel = wrap(at - a0 - half);
        if turn >= 0.0 {
            (0.0..=turn).contains(&rel)
        } else {
            (turn..=0.0).contains(&rel)
        }
    })
}

/// An angle brought within (-pi, pi].
fn wrap(a: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let a = a.rem_euclid(TAU);
    if a > PI { a - TAU } else { a }
}

/// Whether a centre that went from `from` to `to` in one step passed
/// through `shape` at `t`: outside it at both ends, inside on the way.
fn passed_through(shape: &Shape, t: &Transform, from: Vec2, to: Vec2) -> bool {
    let outside = |p: Vec2| !ch11_polygons::contains(shape, t.to_local(p));
    from != to
        && outside(from)
        && outside(to)
        && crate::enters(shape, t, from, to).is_some()
}

impl Shown {
    /// After a step of `dt` that started at `starts`: which bodies went
    /// through a static one, and each track's new pose and what it met.
    fn watch(&mut self, starts: &[(Vec2, f32)], dt: f32) {
        let (bodies, shapes) = (self.world.bodies(), &self.world.shapes.list);
        let statics: Vec<usize> =
            (0..bodies.len()).filter(|&j| bodies[j].inv_mass == 0.0).collect();
        let placed = |j: usize| (&shapes[j], bodies[j].transform());
        let view = &mut self.view;
        view.through.resize(bodies.len(), false);
        for &(c0, _) in &starts[view.outside.len().min(starts.len())..] {
            view.outside.push(c0);
        }
        // A centre that ends a step inside a wall is judged when it is out
        // again, by the way from where it was last outside: the far side is
        // through, the near side is not.
        let mut now = vec![false; bodies.len()];
        for (i, b) in bodies.iter().enumerate() {
            let inside = statics.iter().any(|&j| {
                let (shape, t) = placed(j);
                ch11_polygons::contains(shape, t.to_local(b.position))
            });
            if b.inv_mass == 0.0 || inside || i >= view.outside.len() {
                continue;
            }
            now[i] = statics.iter().any(|&j| {
                let (shape, t) = placed(j);
                passed_through(shape, &t, view.outside[i], b.position)
            });
            view.through[i] |= now[i];
            view.outside[i] = b.position;
        }
        view.steps += 1;
        let step = view.steps;
        let fall = self.world.solver.gravity * (step as f32 * dt);
        for track in &mut view.tracks {
            let i = track.body;
            let (Some(b), Some(&from)) = (bodies.get(i), starts.get(i)) else {
                continue;
            };
            let mut through = now[i];
            if track.spinner() && track.struck.is_none() {
                let reach = reach(&shapes[i]);
                through = statics.iter().any(|&j| {
                    swept_over(from.0, (from.1, b.angle), bodies[j].position, reach)
                });
            }
            track.record(step, b, through, fall);
        }
    }

    /// The tracks' outcomes counted, for the status line: "4 stopped, 1
    /// bounced back"; without tracks, the bodies that went through.
    fn outcomes(&self) -> String {
        if self.view.tracks.is_empty() {
            let n = self.view.through.iter().filter(|&&t| t).count();
            return format!("{n} went through");
        }
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for t in &self.view.tracks {
            match counts.iter_mut().find(|(k, _)| *k == t.kind()) {
                Some((_, n)) => *n += 1,
                None => counts.push((t.kind(), 1)),
            }
        }
        let parts: Vec<String> =
            counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
        parts.join(", ")
    }
}

/// A followed body's colour: red once it has gone through something.
fn track_color(t: &Track) -> Color {
    if t.crossings > 0 && !t.spinner() { Color::RED } else { Color::YELLOW }
}

impl Sim for Shown {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        let starts: Vec<(Vec2, f32)> =
            self.world.bodies().iter().map(|b| (b.position, b.angle)).collect();
        self.world.step(dt);
        self.watch(&starts, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.solver.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.world.solver.settings.iterations = iterations;
    }

    fn slow_motion(&self) -> bool {
        self.view.steps < self.view.slow
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        let w = &self.world;
        // Where each body put back by its time of impact would have gone.
        for &(from, to) in &w.fast.trails {
            out.segment(from, to, Color(0x804040));
        }
        // The followed bodies' paths, a dot at each step; a spinner's last
        // poses as outlines, the sweep it made.
        for t in &self.view.tracks {
            let color = track_color(t);
            for pair in t.poses.windows(2) {
                out.segment(pair[0].0, pair[1].0, color.lerp(Color(0x1c2030), 0.5));
            }
            for &(at, _) in &t.poses {
                out.point(at, 3.0, color);
            }
            if t.spinner() {
                // The last six poses, or once struck, those up to just
                // after the blow.
                let shape = &w.shapes.list[t.body];
                let end =
                    t.struck.map_or(t.poses.len(), |(step, _)| step as usize + 2);
                let end = end.min(t.poses.len());
                for &(at, angle) in &t.poses[end.saturating_sub(6)..end] {
                    let mut line =
                        ch11_polygons::outline(shape, &Transform::new(at, angle));
                    line.extend(line.first().copied());
                    for pair in line.windows(2) {
                        out.segment(pair[0], pair[1], Color(0x6a5a30));
                    }
                }
            }
        }
        for (i, (b, shape)) in w.bodies().iter().zip(&w.shapes.list).enumerate() {
            let color = if w.fast.bullets.get(i) == Some(&true) {
                Color::GREEN
            } else {
                body_color(b, i)
            };
            draw_shape(out, shape, &b.transform(), color);
        }
        // Each followed body marked where it is, however small, and what
        // became of it written at its start.
        for t in &self.view.tracks {
            let b = &w.bodies()[t.body];
            out.point(b.position, 7.0, track_color(t));
            let (start, _) = t.poses[0];
            let label = format!("{}: {}", t.name, t.outcome());
            // A shot's above its line; a spinner's below what it sweeps.
            let at = if t.spinner() {
                start + Vec2::new(-1.8, -1.3)
            } else {
                start + Vec2::new(0.0, 0.12)
            };
            out.text(at, label, track_color(t));
        }
        ch09_joints::demos::draw_joints(out, &w.solver.bodies, &w.joints);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &w.solver);
        }
    }

    /// The methods, what the sweep did, and what became of the bodies
    /// followed (or how many went through a wall, and the deepest overlap):
    /// one line that fits a picture 640 pixels wide.
    fn status(&self) -> Option<String> {
        let w = &self.world;
        let report = w.fast.report;
        let methods = format!(
            "margin {}, sweep {} ({} fast, {} hit, {} GJK)",
            if w.fast.settings.speculative { "grows" } else { "2 cm" },
            if w.fast.settings.toi { "on" } else { "off" },
            report.swept,
            report.hits,
            report.distances,
        );
        Some(if self.view.tracks.is_empty() {
            let deepest = 1000.0 * w.max_penetration();
            format!("{methods}; {}; deepest {deepest:.1} mm", self.outcomes())
        } else {
            format!("{methods}: {}", self.outcomes())
        })
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.world.body_at(at)?;
        let local = self.world.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        let w = &mut self.world;
        w.joints.pull(&w.solver.bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.world.bodies()))
    }
}
