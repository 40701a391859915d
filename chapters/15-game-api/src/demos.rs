//! Chapter 15's demos: a game's world, and what a game does with it
//! between steps (moving platforms, firing, counting, flashing).

use crate::events::on_body;
use crate::worlds::{
    BLUE_SHOT, BLUE_WALL, RED_SHOT, RED_WALL, bridge, fire, gate, hammer, landing,
    platforms, teams,
};
use crate::{BodyId, BodyKind, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch11_polygons::contains;
use ch11_polygons::demos::draw_shape;
use ch12_continuous::Transform;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, EventRow};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::limits::MAX_PAIRS;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    number: 15,
    package: "ch15-game-api",
    title: "15. What a game asks of the engine",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// What this chapter's scene files may hold: chapter 12's, and this
/// chapter's game fields.
pub const SUPPORTS: &[physics_core::scene::Feature] = &[
    physics_core::scene::Feature::Gravity,
    physics_core::scene::Feature::Planes,
    physics_core::scene::Feature::Restitution,
    physics_core::scene::Feature::StaticBodies,
    physics_core::scene::Feature::Boxes,
    physics_core::scene::Feature::TurnedBoxes,
    physics_core::scene::Feature::Rotation,
    physics_core::scene::Feature::Joints,
    physics_core::scene::Feature::RigidJoints,
    physics_core::scene::Feature::Polygons,
    physics_core::scene::Feature::Bullets,
    physics_core::scene::Feature::Game,
];

/// A scene file as this chapter's demo. An `iterations` other than 10 is
/// refused (the soft step has none), and so is a body that starts beyond a
/// plane's ends.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(
        Shown::new(world, Script::None),
        KNOBS,
        bounds,
        scene,
    )))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "platforms",
        about: "kinematic platforms, moved by the game, carry stacks of crates by friction",
        make: || {
            let (world, ids) = platforms();
            show(
                world,
                Script::Platforms(ids),
                (Vec2::new(-10.0, -1.0), Vec2::new(10.0, 8.0)),
            )
        },
    },
    DemoEntry {
        name: "hammer",
        about: "a table and a hammer, each one body of several shapes, its mass from all of them",
        make: || {
            show(
                hammer(),
                Script::None,
                (Vec2::new(-4.0, -0.5), Vec2::new(4.0, 6.0)),
            )
        },
    },
    DemoEntry {
        name: "teams",
        about: "each team's shots fly through its own wall (their mask leaves it out) and hit the other's",
        make: || {
            show(
                teams(),
                Script::Teams(Vec::new()),
                (Vec2::new(-11.0, -1.0), Vec2::new(11.0, 8.0)),
            )
        },
    },
    DemoEntry {
        name: "gate",
        about: "a sensor gate counts the balls that pass through it; it pushes none",
        make: || {
            let (world, gate) = gate();
            show(
                world,
                Script::Gate(gate, 0),
                (Vec2::new(-7.0, -0.5), Vec2::new(7.0, 14.0)),
            )
        },
    },
    DemoEntry {
        name: "bridge",
        about: "a bridge whose pins break past 8 kN: a 300 kg crate lands on it",
        make: || {
            show(
                bridge(8000.0),
                Script::None,
                (Vec2::new(-9.0, -0.5), Vec2::new(9.0, 9.0)),
            )
        },
    },
    DemoEntry {
        name: "parts",
        about: "a figure: one body of three shapes, each centroid's arm to the centre of mass (drag the disc)",
        make: || Box::new(crate::figures::parts()),
    },
    DemoEntry {
        name: "landing",
        about: "every hit event flashes where it happened, its ring as wide as the speed",
        make: || {
            show(
                landing(),
                Script::None,
                (Vec2::new(-8.0, -0.5), Vec2::new(8.0, 7.0)),
            )
        },
    },
];

// ANCHOR: switches
/// This chapter's switches.
pub const KNOBS: &[Knob<Shown>] = &[
    Knob::toggle(
        'e',
        "draw each hit event as a ring where it happened",
        |w| w.view_hits,
        |w, on| w.view_hits = on,
    ),
    Knob::number(
        'h',
        "hit speed, m/s: slower contacts report no hit",
        &[1.0, 3.0, 0.5],
        |w| w.world.game.hit_speed,
        |w, speed| w.world.game.hit_speed = speed,
    ),
    Knob::number(
        't',
        "threads",
        &[1.0, 2.0, 4.0],
        |w| w.world.wide.threads.count() as f32,
        |w, n| w.world.wide.set_threads(n as usize),
    ),
    Knob::toggle(
        's',
        "sleeping (off: every body is stepped)",
        |w| w.world.sleep.on,
        |w, on| w.world.sleep.on = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
];
// ANCHOR_END: switches

/// What the game does between steps in each demo.
#[derive(Clone, Debug)]
pub enum Script {
    None,
    /// Reverse the platforms every 2.5 s.
    Platforms([BodyId; 2]),
    /// Fire, and destroy each shot 4 s after: the shots alive and when
    /// each was fired (in steps).
    Teams(Vec<(BodyId, u64)>),
    /// The gate's body, and how many shapes have entered it.
    Gate(BodyId, usize),
}

/// A world as the window shows it, with its game.
#[derive(Clone, Debug)]
pub struct Shown {
    pub world: World,
    pub script: Script,
    /// Steps taken.
    pub steps: u64,
    /// The hit events of the last half second: where, how fast, and the
    /// step each happened in.
    pub flashes: Vec<(Vec2, f32, u64)>,
    pub view_hits: bool,
}

impl Shown {
    pub fn new(world: World, script: Script) -> Shown {
        Shown { world, script, steps: 0, flashes: Vec::new(), view_hits: true }
    }
}

fn show(world: World, script: Script, bounds: (Vec2, Vec2)) -> Box<dyn Demo> {
    Box::new(Lab::new(Shown::new(world, script), KNOBS, bounds))
}

impl Shown {
    // ANCHOR: game_step
    /// The game's turn, after each step: read the events, then change the
    /// world (the engine is not in the middle of anything).
    fn play(&mut self) {
        let world = &mut self.world;
        let events = &world.game.events;
        for hit in &events.hits {
            self.flashes.push((hit.point, hit.speed, self.steps));
        }
        let now = self.steps;
        self.flashes.retain(|f| now - f.2 < 30);
        match &mut self.script {
            Script::None => {}
            Script::Platforms(ids) => {
                if now % 150 == 0 {
                    for &id in ids.iter() {
                        let v =
                            world.body(id).expect("the platforms stay").velocity;
                        world.set_velocity(id, -v, 0.0).unwrap();
                    }
                }
            }
            Script::Teams(shots) => {
                if now % 40 == 0 {
                    let (team, x, v) = match (now / 40) % 2 {
                        0 => (RED_SHOT, -10.0, 16.0),
                        _ => (BLUE_SHOT, 10.0, -16.0),
                    };
                    let y = 0.8 + ((now / 80) % 3) as f32;
                    let shot =
                        fire(world, team, Vec2::new(x, y), Vec2::new(v, 2.0));
                    shots.push((shot, now));
                }
                // A shot 4 s old is destroyed; its handle is then stale.
                for &(shot, fired) in shots.iter() {
                    if now - fired >= 240 {
                        world
                            .destroy_body(shot)
                            .expect("each shot is destroyed once");
                    }
                }
                shots.retain(|&(_, fired)| now - fired < 240);
            }
            Script::Gate(gate, count) => {
                let entered = events.sensor_begin.iter();
                let mine =
                    entered.filter(|e| world.body_of(e.sensor).ok() == Some(*gate));
                *count += mine.count();
            }
        }
    }
    // ANCHOR_END: game_step

    /// Each live shape where it is: its body's place, its own place on
    /// the body.
    fn shapes(
        &self,
    ) -> impl Iterator<Item = (usize, &crate::game::ShapeSlot, Transform)> + '_
    {
        let bodies = &self.world.solver.bodies;
        self.world.game.shapes.iter().filter_map(move |s| {
            let i = s.body? as usize;
            let b = &bodies[i];
            Some((i, s, on_body(&Transform::new(b.position, b.angle), s.at)))
        })
    }
}

impl Sim for Shown {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.world.step(dt);
        self.steps += 1;
        self.play();
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.solver.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.solver.gravity = gravity;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        let world = &self.world;
        for (i, slot, t) in self.shapes() {
            let kind = world.game.bodies[i].kind;
            let color = match kind {
                _ if slot.def.sensor => Color(0x40c080),
                Some(BodyKind::Static) => Color::GREY,
                Some(BodyKind::Kinematic) => Color(0xe0a020),
                _ if [RED_WALL, RED_SHOT].contains(&slot.def.filter) => {
                    Color(0xd04040)
                }
                _ if [BLUE_WALL, BLUE_SHOT].contains(&slot.def.filter) => {
                    Color(0x4070d0)
                }
                _ if world.sleep.asleep[i] => Color(0x505868),
                _ => ch06_rotation_friction::demos::body_color(
                    &world.solver.bodies[i],
                    i,
                ),
            };
            draw_shape(out, &slot.placed, &t, color);
        }
        ch09_joints::demos::draw_joints(out, &world.solver.bodies, &world.joints);
        if self.view_hits {
            for &(at, speed, step) in &self.flashes {
                let age = (self.steps - step) as f32 / 30.0;
                let radius = 0.05 + 0.04 * speed * (0.5 + age);
                out.circle_outline(
                    at,
                    radius,
                    Color(0xffe060).lerp(Color(0x1c2030), age),
                );
            }
        }
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &world.solver);
        }
    }

    fn trouble(&self) -> Option<String> {
        let pairs = self.world.phase.pairs().len();
        ch13_islands::broad_phase::crowded(pairs, MAX_PAIRS)
    }

    fn status(&self) -> Option<String> {
        let world = &self.world;
        let e = &world.game.events;
        let live = world.body_ids().count();
        let mut line = format!(
            "{live} bodies | this step: {} begin, {} end, {} hits, {} sensor, {} broke",
            e.begin.len(),
            e.end.len(),
            e.hits.len(),
            e.sensor_begin.len() + e.sensor_end.len(),
            e.joint_breaks.len()
        );
        if let Script::Gate(_, count) = self.script {
            line += &format!(" | {count} passed");
        }
        if let Script::Teams(shots) = &self.script {
            line += &format!(" | {} shots", shots.len());
        }
        Some(line)
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let world = &self.world;
        let (i, ..) = self.shapes().find(|(i, slot, t)| {
            world.game.bodies[*i].kind == Some(BodyKind::Dynamic)
                && !slot.def.sensor
                && contains(&slot.placed, t.to_local(at))
        })?;
        let local = world.solver.bodies[i].transform().to_local(at);
        Some(MouseSpring { body: i, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        let bodies = &self.world.solver.bodies;
        self.world.joints.pull(bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(&self.world.solver.bodies))
    }

    fn events(&self) -> Vec<EventRow> {
        self.world.event_rows()
    }
}

impl World {
    // ANCHOR: event_rows
    /// The last step's events as the command line writes them
    /// (`--events`): bodies by place, shapes by their place on their body.
    pub fn event_rows(&self) -> Vec<EventRow> {
        let game = &self.game;
        // A shape by its place on its body (none once it is destroyed).
        let on = |id: crate::ShapeId, body: BodyId| {
            let shapes = &game.bodies[body.index as usize].shapes;
            let live = game.shape(id).is_ok();
            live.then(|| {
                shapes.iter().position(|&k| k == id.index).map(|k| k as u32)
            })
            .flatten()
        };
        let row = |kind,
                   (a, ba): (crate::ShapeId, BodyId),
                   (b, bb): (crate::ShapeId, BodyId)| EventRow {
            kind,
            body_a: ba.index,
            shape_a: on(a, ba),
            body_b: bb.index,
            shape_b: on(b, bb),
            point: Vec2::ZERO,
            normal: Vec2::ZERO,
            speed: 0.0,
        };
        let e = &game.events;
        let mut rows = Vec::new();
        for c in &e.begin {
            rows.push(row("begin", (c.shape_a, c.body_a), (c.shape_b, c.body_b)));
        }
        for c in &e.end {
            rows.push(row("end", (c.shape_a, c.body_a), (c.shape_b, c.body_b)));
        }
        for h in &e.hits {
            let r = row("hit", (h.shape_a, h.body_a), (h.shape_b, h.body_b));
            rows.push(EventRow {
                point: h.point,
                normal: h.normal,
                speed: h.speed,
                ..r
            });
        }
        for s in &e.sensor_begin {
            rows.push(row(
                "sensor_begin",
                (s.sensor, s.sensor_body),
                (s.visitor, s.visitor_body),
            ));
        }
        for s in &e.sensor_end {
            rows.push(row(
                "sensor_end",
                (s.sensor, s.sensor_body),
                (s.visitor, s.visitor_body),
            ));
        }
        for j in &e.joint_breaks {
            rows.push(EventRow {
                kind: "joint_break",
                body_a: j.body_a.index,
                shape_a: None,
                body_b: j.body_b.index,
                shape_b: None,
                point: Vec2::ZERO,
                normal: Vec2::ZERO,
                speed: j.force,
            });
        }
        rows
    }
    // ANCHOR_END: event_rows
}
