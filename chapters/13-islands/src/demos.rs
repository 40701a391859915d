//! Chapter 13's demos: thousands of bodies raining into a bin, a laser
//! that reflects off shapes, the tree drawn as it changes, a domino run
//! that wakes one island at a time, and a pyramid that falls asleep.

use crate::worlds::{bin, dominoes, laser, piece_shape, pyramid, tree_view};
use crate::{Body, Shape, World, body};
use ch06_rotation_friction::demos::{MouseSpring, body_color, body_state};
use ch08_sequential_impulses::BroadPhase;
use ch11_polygons::demos::draw_shape;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::rng::Rng;
use physics_core::scene::limits::MAX_PAIRS;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes may hold what chapter
/// 12's do.
pub const CHAPTER: Chapter = Chapter {
    number: 13,
    package: "ch13-islands",
    title: "13. The world at scale",
    demos: DEMOS,
    supports: ch12_continuous::demos::SUPPORTS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] shown,
/// with the chapter's switches.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(Shown::from(world), KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "tree",
        about: "the tree's fat boxes drawn by depth as 200 shapes fall: only leaves that leave \
                their box move (D drops more once they sleep)",
        make: || {
            let view = View { tree: true, laser: None };
            let shown = Shown { world: tree_view(), view };
            let bounds = (Vec2::new(-9.0, -0.5), Vec2::new(9.0, 14.0));
            Box::new(Lab::new(shown, KNOBS, bounds))
        },
    },
    DemoEntry {
        name: "laser",
        about: "a ray cast through the tree, reflected off every shape it meets, sweeping round",
        make: || {
            let view = View { tree: false, laser: Some(LASER) };
            let shown = Shown { world: laser(), view };
            let bounds = (Vec2::new(-9.0, -0.5), Vec2::new(9.0, 13.0));
            Box::new(Lab::new(shown, KNOBS, bounds))
        },
    },
    DemoEntry {
        name: "dominoes",
        about: "40 sleeping dominoes: a ball wakes the first, and each wakes the next as it falls on it",
        make: || {
            Box::new(show(
                dominoes(),
                (Vec2::new(-2.0, -0.5), Vec2::new(26.0, 6.0)),
            ))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "a 20-row pyramid that stands still and sleeps: S off and every box is solved again",
        make: || {
            Box::new(show(
                pyramid(20),
                (Vec2::new(-16.0, -0.5), Vec2::new(16.0, 27.0)),
            ))
        },
    },
    DemoEntry {
        name: "bin",
        about: "5,000 discs and boxes rain into a bin and fall asleep island by island (grey: asleep)",
        make: || {
            Box::new(show(
                bin(5000),
                (Vec2::new(-21.0, -1.0), Vec2::new(21.0, 31.0)),
            ))
        },
    },
    DemoEntry {
        name: "pruning",
        about: "a figure: a ray through the tree tests only the discs whose boxes it crosses, in \
                the tree's order, so a far one may be tested before the first hit is found (drag \
                its ends)",
        make: || Box::new(crate::figures::pruning()),
    },
];

// ANCHOR: switches
/// This chapter's switches.
pub const KNOBS: &[Knob<Shown>] = &[
    Knob::toggle(
        's',
        "sleeping (off: every body is stepped)",
        |w| w.world.sleep.on,
        |w, on| w.world.sleep.on = on,
    ),
    Knob::toggle(
        'e',
        "the tree finds pairs (off: chapter 8's sort and sweep)",
        |w| w.world.phase.on,
        |w, on| w.world.phase.on = on,
    ),
    Knob::toggle(
        'a',
        "with the tree off: all pairs, not sort and sweep",
        |w| w.world.solver.settings.broad_phase == BroadPhase::AllPairs,
        |w, on| {
            w.world.solver.settings.broad_phase =
                if on { BroadPhase::AllPairs } else { BroadPhase::SortAndSweep }
        },
    ),
    Knob::toggle(
        'v',
        "draw the tree's boxes",
        |w| w.view.tree,
        |w, on| w.view.tree = on,
    ),
    Knob::toggle(
        'l',
        "laser (a reflected ray cast)",
        |w| w.view.laser.is_some(),
        |w, on| w.view.laser = on.then_some(LASER),
    ),
    Knob::action('w', "wake every body", wake_all),
    Knob::action('d', "drop 50 more bodies", drop_more),
    Knob::overlay('m', "show contacts and impulses"),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<Shown> {
    Lab::new(Shown::from(world), KNOBS, bounds)
}

/// A world as the window shows it: the physics, and what is drawn
/// besides the bodies (which the physics never reads).
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

/// What the window draws besides the bodies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct View {
    /// The tree's boxes.
    pub tree: bool,
    /// A laser: where it starts, where it points (radians), how fast it
    /// turns (rad/s).
    pub laser: Option<Laser>,
}

/// A ray that turns as time goes by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Laser {
    pub origin: Vec2,
    pub angle: f32,
    pub turn: f32,
}

/// The laser the L switch and the laser demo turn on: where it starts, its
/// angle and how fast it turns (rad/s).
pub(crate) const LASER: Laser =
    Laser { origin: Vec2::new(-7.0, 6.0), angle: -0.2, turn: -0.15 };

/// The laser's length before its first bounce, metres, and how many
/// bounces it makes at most.
const LASER_REACH: f32 = 60.0;
const LASER_BOUNCES: usize = 24;

fn wake_all(w: &mut Shown) {
    w.world.sleep.asleep.fill(false);
    w.world.sleep.still_for.fill(0.0);
}

/// D: fifty random pieces in five rows above the highest moving body.
fn drop_more(w: &mut Shown) {
    let w = &mut w.world;
    let n = w.bodies().len() as u64;
    let mut rng = Rng::new(0xb1 ^ n);
    let top = w
        .bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0)
        .map(|b| b.position.y)
        .fold(0.0f32, f32::max);
    for i in 0..50 {
        let at = Vec2::new(
            -4.5 + 0.9 * (i % 10) as f32,
            top + 1.5 + 0.9 * (i / 10) as f32,
        );
        let mut piece =
            body(piece_shape(&mut rng, 0.8), at, rng.range(0.0, 6.0), 1.0);
        piece.0.friction = 0.6;
        w.add(piece);
    }
}

// ANCHOR: laser_path
/// The laser's path: a ray cast, and at each hit the ray reflected about
/// the surface's normal, `r = d - 2 (d . n) n`, starting a millimetre off
/// the surface so that it does not hit the same point again.
pub fn laser_path(w: &World, laser: &Laser) -> Vec<(Vec2, Vec2)> {
    let mut path = Vec::new();
    let mut origin = laser.origin;
    let mut direction = physics_core::trig::from_angle(laser.angle);
    for _ in 0..LASER_BOUNCES {
        let ray = LASER_REACH * direction;
        let Some((_, hit)) = w.ray_cast(origin, ray) else {
            path.push((origin, origin + ray));
            break;
        };
        path.push((origin, hit.point));
        direction -= 2.0 * direction.dot(hit.normal) * hit.normal;
        origin = hit.point + 1e-3 * hit.normal;
    }
    path
}
// ANCHOR_END: laser_path

/// Colours for the tree's levels, leaves first.
const LEVELS: [Color; 6] = [
    Color(0x3a6ea5),
    Color(0x4f9d69),
    Color(0xb0a040),
    Color(0xc07030),
    Color(0xb04050),
    Color(0x8050b0),
];

/// A sleeping body's colour.
const ASLEEP: Color = Color(0x505868);

// ANCHOR: draw_bodies
/// Draw the bodies, each in `color(i, body, asleep)`: first those not
/// expected to move before the next frame, asleep or unable to, marked
/// still; the moving ones after, over them. The viewer keeps the still part's picture
/// and starts the next frame from it while the still part is the same: a
/// pile asleep costs no drawing.
pub fn draw_bodies(
    out: &mut DrawList,
    bodies: &[Body],
    shapes: &[Shape],
    asleep: &[bool],
    color: impl Fn(usize, &Body, bool) -> Color,
) {
    // A body added since the last step has no entry yet: awake.
    let asleep = |i: usize| asleep.get(i) == Some(&true);
    // The still bodies (`true`), or the moving ones.
    let draw = |out: &mut DrawList, which: bool| {
        for (i, (b, shape)) in bodies.iter().zip(shapes).enumerate() {
            if (asleep(i) || cannot_move(b)) == which {
                draw_shape(out, shape, &b.transform(), color(i, b, asleep(i)));
            }
        }
    };
    draw(out, true);
    out.still_so_far();
    draw(out, false);
}

/// A body that cannot move: no mass to push and no velocity of its own.
fn cannot_move(b: &Body) -> bool {
    b.inv_mass == 0.0
        && b.inv_inertia == 0.0
        && b.velocity == Vec2::ZERO
        && b.angular_velocity == 0.0
}
// ANCHOR_END: draw_bodies

impl Sim for Shown {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
        if let Some(laser) = &mut self.view.laser {
            laser.angle += laser.turn * dt;
        }
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

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        if self.view.tree {
            self.world.phase.tree.walk(|bounds, height| {
                let color = LEVELS[(height as usize).min(LEVELS.len() - 1)];
                let (lo, hi) = (bounds.lower, bounds.upper);
                let corners =
                    [lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
                for (i, &a) in corners.iter().enumerate() {
                    out.segment(a, corners[(i + 1) % 4], color);
                }
            });
        }
        draw_bodies(
            out,
            self.world.bodies(),
            &self.world.shapes.list,
            &self.world.sleep.asleep,
            |i, b, asleep| {
                if asleep { ASLEEP } else { body_color(b, i) }
            },
        );
        ch09_joints::demos::draw_joints(
            out,
            &self.world.solver.bodies,
            &self.world.joints,
        );
        if let Some(laser) = &self.view.laser {
            for (from, to) in laser_path(&self.world, laser) {
                out.segment(from, to, Color::RED);
            }
        }
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &self.world.solver);
        }
    }

    fn trouble(&self) -> Option<String> {
        let pairs = self.world.phase.pairs().len();
        crate::broad_phase::crowded(pairs, MAX_PAIRS)
    }

    fn status(&self) -> Option<String> {
        let n = self.world.bodies().iter().filter(|b| b.inv_mass > 0.0).count();
        let asleep = self.world.sleeping_count();
        let report = self.world.phase.report;
        Some(format!(
            "asleep {asleep}/{n} | tree height {}, {} pairs, {} new, {} moved | tested {}",
            self.world.phase.tree.height(),
            report.pairs,
            report.found,
            report.moved,
            self.world.solver.pairs_tested(),
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.world.body_at(at)?;
        let local = self.world.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.world.joints.pull(
            &self.world.solver.bodies,
            hold.body,
            hold.local,
            target,
        );
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.world.bodies()))
    }
}
