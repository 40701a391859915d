//! Chapter 8's demos: box2d-lite's set, so the learner can compare, and a 1000-ball pit.

use crate::{Body, BroadPhase, DistanceJoint, JointKind, Obb, Shape, World};
use ch06_rotation_friction::demos::{
    Grab, Sandbox, bodies_bounds, body_color, body_state, draw_body,
};
use ch07_distance_constraints::demos::Rig;
use glam::Vec2;
use physics_core::demo::{BodyState, Chapter, Demo, DemoEntry, Switch, SwitchValue};
use physics_core::draw::{Color, DrawList};
use physics_core::math::perp;
use physics_core::rng::Rng;
use physics_core::scene::{Scene, SceneError, SceneJoint, Shape as SceneShape};

/// The chapter as the viewer sees it.
pub const CHAPTER: Chapter = Chapter {
    package: "ch08-sequential-impulses",
    title: "8. Sequential impulses",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// The demos, in the order Tab walks through them (keys 1 to 9 reach the first nine).
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pyramid",
        about: "box2d-lite's pyramid of 12 rows, each dropped 1 m onto the one below",
        make: || Box::new(Lab::pyramid(12)),
    },
    DemoEntry {
        name: "pyramid-20",
        about: "the same with 20 rows: 210 boxes",
        make: || Box::new(Lab::pyramid(20)),
    },
    DemoEntry {
        name: "pyramid-cold",
        about: "the 12-row pyramid with warm starting off (W): it does not stand",
        make: || Box::new(Lab::pyramid_cold()),
    },
    DemoEntry {
        name: "stack",
        about: "a vertical stack of 10 boxes, each set up to 10 cm off-centre",
        make: || Box::new(Lab::stack(10)),
    },
    DemoEntry {
        name: "single-box",
        about: "one box of 200 kg dropped on the ground",
        make: || Box::new(Lab::single_box()),
    },
    DemoEntry {
        name: "ramps",
        about: "chapter 6's ramps: friction 0.75, 0.5, 0.35, 0.1 and 0 on a 0.25 rad slope",
        make: || Box::new(Lab::ramps()),
    },
    DemoEntry {
        name: "pendulum",
        about: "chapter 7's pendulums: a disc on a rod, a box hung by its corner",
        make: || Box::new(Lab::pendulum()),
    },
    DemoEntry {
        name: "teeter",
        about: "a plank on a pivot made of two rods; a heavy box lands on one end",
        make: || Box::new(Lab::teeter()),
    },
    DemoEntry {
        name: "bridge",
        about: "a suspension bridge of 15 planks hinged by short rods, boxes dropped on it",
        make: || Box::new(Lab::bridge()),
    },
    DemoEntry {
        name: "dominos",
        about: "a ball on a rod swings into a row of 12 dominos",
        make: || Box::new(Lab::dominos()),
    },
    DemoEntry {
        name: "ball-pit",
        about: "1000 circles poured into a pit: the broad phase at work (S: all pairs)",
        make: || Box::new(Lab::ball_pit(1000)),
    },
];

const ITERATION_CHOICES: &[f32] = &[1.0, 2.0, 3.0, 4.0, 5.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0];
const BIAS_CHOICES: &[f32] = &[0.0, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0];
const ALLOWED_CHOICES: &[f32] = &[0.0, 0.005, 0.01, 0.02, 0.05];
const THRESHOLD_CHOICES: &[f32] = &[0.0, 0.5, 1.0, 2.0];

/// The seed of the dropped boxes and the stack's offsets: the same on every run.
const SEED: u64 = 8;

// ANCHOR: scenes
/// box2d-lite's ground: a static box 100 m wide and 20 m deep whose top
/// is at y = 0, friction 0.2.
pub fn ground() -> Body {
    let mut g = Body::boxed(50.0, 10.0, Vec2::new(0.0, -10.0), 0.0, 1.0).into_static();
    g.friction = 0.2;
    g
}

/// A box of `half` extents and `mass` kg, friction 0.2 (box2d-lite's).
pub fn crate_box(half: Vec2, at: Vec2, mass: f32) -> Body {
    let shape = Shape::Box(Obb { half_extents: half });
    Body::new(shape, at, 0.0, mass).with_friction(0.2)
}

/// box2d-lite's pyramid: `rows` rows of 1 m boxes of 10 kg, friction
/// 0.2, 1.125 m apart; each row half a box in and 2 m above the one
/// below, so it drops 1 m onto it.
pub fn pyramid(rows: usize) -> World {
    pyramid_with_drop(rows, 1.0)
}

/// The pyramid with each row `drop` metres above the one below (the
/// bottom row a quarter of that above the ground); a small negative
/// drop starts it resting, each row 5 mm into the one below.
pub fn pyramid_with_drop(rows: usize, drop: f32) -> World {
    let mut bodies = vec![ground()];
    let mut start = Vec2::new(-(rows as f32 - 1.0) * 1.125 / 2.0, 0.5 + drop / 4.0);
    for row in 0..rows {
        let mut at = start;
        for _ in row..rows {
            bodies.push(crate_box(Vec2::splat(0.5), at, 10.0));
            at.x += 1.125;
        }
        start += Vec2::new(0.5625, 1.0 + drop);
    }
    World::new(bodies, Vec::new())
}

/// box2d-lite's vertical stack: `n` boxes of 1 m and 1 kg, 5 cm apart,
/// each up to 10 cm off-centre (seeded).
pub fn stack(n: usize) -> World {
    let mut rng = Rng::new(SEED);
    let mut bodies = vec![ground()];
    for i in 0..n {
        let at = Vec2::new(rng.range(-0.1, 0.1), 0.51 + 1.05 * i as f32);
        bodies.push(crate_box(Vec2::splat(0.5), at, 1.0));
    }
    World::new(bodies, Vec::new())
}
// ANCHOR_END: scenes

/// `n` circles of 0.1 to 0.16 m (seeded) in a grid over a pit 20 m wide.
pub fn ball_pit(n: usize) -> World {
    let wall = |x: f32| crate_box(Vec2::new(0.25, 8.0), Vec2::new(x, 8.0), 1.0).into_static();
    let mut bodies = vec![ground(), wall(-10.25), wall(10.25)];
    let mut rng = Rng::new(SEED);
    let columns = 40;
    for i in 0..n {
        let (col, row) = ((i % columns) as f32, (i / columns) as f32);
        let at = Vec2::new(-9.0 + 0.46 * col + rng.range(-0.05, 0.05), 0.3 + 0.4 * row);
        let ball = Body::disc(rng.range(0.1, 0.16), at, 20.0);
        bodies.push(ball.with_friction(0.3).with_restitution(0.2));
    }
    World::new(bodies, Vec::new())
}

/// Chapter 6's tumble demo (boxes and circles between two walls) as a world of this chapter.
pub fn tumble_world() -> World {
    World::new(Sandbox::tumble(18, 6).world().bodies.clone(), Vec::new())
}

/// A small static disc to hang things from.
fn pin(at: Vec2) -> Body {
    Body::disc(0.05, at, 1.0).into_static()
}

fn rod(bodies: &[Body], a: usize, at_a: Vec2, b: usize, at_b: Vec2) -> DistanceJoint {
    DistanceJoint::between(bodies, a, at_a, b, at_b, JointKind::Rod)
}

// ANCHOR: lab
/// A world to watch, switch, drop boxes into and drag.
pub struct Lab {
    world: World,
    start: World,
    show_contacts: bool,
    grab: Option<Grab>,
    /// Flips at each press of D; each change drops a box.
    dropped: bool,
    rng: Rng,
    bounds: (Vec2, Vec2),
    time_step: f32,
}
// ANCHOR_END: lab

impl Lab {
    pub fn new(world: World, bounds: (Vec2, Vec2)) -> Self {
        Lab {
            start: world.clone(),
            world,
            show_contacts: false,
            grab: None,
            dropped: false,
            rng: Rng::new(SEED),
            bounds,
            time_step: 1.0 / 60.0,
        }
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    pub fn pyramid(rows: usize) -> Self {
        let half = rows as f32 * 0.6 + 1.0;
        let top = rows as f32 * 1.1 + 1.0;
        Lab::new(
            pyramid(rows),
            (Vec2::new(-half, -1.0), Vec2::new(half, top)),
        )
    }

    pub fn pyramid_cold() -> Self {
        let mut lab = Lab::pyramid(12);
        lab.world.settings.warm_starting = false;
        lab.start.settings.warm_starting = false;
        lab
    }

    pub fn stack(n: usize) -> Self {
        let top = n as f32 * 1.05 + 1.0;
        Lab::new(stack(n), (Vec2::new(-6.0, -1.0), Vec2::new(6.0, top)))
    }

    /// box2d-lite's first demo: a box of 200 kg falls 4 m.
    pub fn single_box() -> Self {
        let bodies = vec![
            ground(),
            crate_box(Vec2::splat(0.5), Vec2::new(0.0, 4.0), 200.0),
        ];
        let world = World::new(bodies, Vec::new());
        Lab::new(world, (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 6.0)))
    }

    /// Chapter 6's ramps, solved by this chapter: the box on `mu` 0.35 holds still now.
    pub fn ramps() -> Self {
        let sandbox = Sandbox::ramps();
        let world = World::new(sandbox.world().bodies.clone(), Vec::new());
        Lab::new(world, sandbox.bounds())
    }

    /// Chapter 7's pendulums, solved by this chapter.
    pub fn pendulum() -> Self {
        let rig = Rig::pendulum();
        let (bodies, joints) = (rig.world().bodies().to_vec(), rig.world().joints.clone());
        Lab::new(World::new(bodies, joints), rig.bounds())
    }

    // ANCHOR: teeter
    /// A plank 6 m long whose centre two rods from two pins below hold
    /// in place: two distance joints at an angle make a pivot. Two light
    /// boxes rest on its left end; a heavy one falls on its right end.
    pub fn teeter() -> Self {
        let centre = Vec2::new(0.0, 1.5);
        let mut bodies = vec![
            ground(),
            pin(Vec2::new(-1.2, 0.3)),
            pin(Vec2::new(1.2, 0.3)),
            crate_box(Vec2::new(3.0, 0.1), centre, 10.0).with_friction(0.6),
        ];
        let joints = vec![
            rod(&bodies, 1, bodies[1].position, 3, centre),
            rod(&bodies, 2, bodies[2].position, 3, centre),
        ];
        for x in [-2.6, -2.0] {
            let at = Vec2::new(x, 1.6 + 0.25 - 0.005);
            bodies.push(crate_box(Vec2::splat(0.25), at, 2.5).with_friction(0.6));
        }
        bodies.push(crate_box(Vec2::splat(0.5), Vec2::new(2.4, 6.0), 40.0));
        let world = World::new(bodies, joints);
        Lab::new(world, (Vec2::new(-5.0, -0.8), Vec2::new(5.0, 7.0)))
    }
    // ANCHOR_END: teeter

    /// Two posts and 15 planks, each plank's top corners joined to its
    /// neighbours' by rods 5 cm long, and three boxes dropped on it.
    pub fn bridge() -> Self {
        let (n, half, gap, y) = (15, Vec2::new(0.3, 0.06), 0.05, 3.0);
        let span = n as f32 * (2.0 * half.x + gap) + gap;
        let left = -span / 2.0;
        let post = |x: f32| {
            let at = Vec2::new(x, y - 1.5 + half.y);
            crate_box(Vec2::new(0.25, 1.5), at, 1.0).into_static()
        };
        let mut bodies = vec![ground(), post(left - 0.25), post(-left + 0.25)];
        let mut joints = Vec::new();
        let mut last = (1, Vec2::new(left, y + half.y));
        for i in 0..n {
            let x = left + gap + half.x + i as f32 * (2.0 * half.x + gap);
            bodies.push(crate_box(half, Vec2::new(x, y), 1.0).with_friction(0.6));
            let k = bodies.len() - 1;
            joints.push(rod(
                &bodies,
                last.0,
                last.1,
                k,
                Vec2::new(x - half.x, y + half.y),
            ));
            last = (k, Vec2::new(x + half.x, y + half.y));
        }
        joints.push(rod(
            &bodies,
            last.0,
            last.1,
            2,
            Vec2::new(-left, y + half.y),
        ));
        for (i, x) in [-2.0f32, 0.3, 1.8].into_iter().enumerate() {
            let at = Vec2::new(x, 5.0 + i as f32);
            bodies.push(crate_box(Vec2::new(0.3, 0.25), at, 2.0).with_friction(0.6));
        }
        let mut world = World::new(bodies, joints);
        // Sixteen rods in a row pass a pull along about one rod per pass.
        world.settings.iterations = 30;
        Lab::new(world, (Vec2::new(-6.5, -0.8), Vec2::new(6.5, 8.0)))
    }

    /// Twelve dominos 1 m tall, 0.6 m apart, and a ball on a 2.5 m rod
    /// released level with its pin: it hits the first near its top.
    pub fn dominos() -> Self {
        let mut bodies = vec![ground()];
        for i in 0..12 {
            let at = Vec2::new(-3.0 + 0.6 * i as f32, 0.5 - 0.005);
            bodies.push(crate_box(Vec2::new(0.08, 0.5), at, 1.0).with_friction(0.5));
        }
        let pivot = Vec2::new(-3.45, 3.3);
        bodies.push(pin(pivot));
        let released = pivot - Vec2::new(2.5, 0.0);
        bodies.push(Body::disc(0.25, released, 20.0).with_friction(0.2));
        let (p, ball) = (bodies.len() - 2, bodies.len() - 1);
        let joints = vec![rod(&bodies, p, pivot, ball, released)];
        let world = World::new(bodies, joints);
        Lab::new(world, (Vec2::new(-6.5, -0.8), Vec2::new(5.5, 5.0)))
    }

    /// `n` circles poured into a pit.
    pub fn ball_pit(n: usize) -> Self {
        let top = 0.4 * (n as f32 / 40.0).ceil() + 1.0;
        let lab = Lab::new(ball_pit(n), (Vec2::new(-11.0, -1.0), Vec2::new(11.0, top)));
        Lab {
            show_contacts: false,
            ..lab
        }
    }

    // ANCHOR: drop_box
    /// D: drop a box of random size and angle from above the scene.
    fn drop_box(&mut self) {
        let (lo, hi) = self.bounds;
        let x = self.rng.range(lo.x + 1.0, hi.x - 1.0);
        let half = Vec2::new(self.rng.range(0.2, 0.6), self.rng.range(0.2, 0.6));
        let at = Vec2::new(x, hi.y - 0.7);
        let mut b = crate_box(half, at, 4.0 * half.x * half.y * 10.0);
        b.angle = self.rng.range(-1.0, 1.0);
        self.world.bodies.push(b);
    }
    // ANCHOR_END: drop_box
}

/// Draw the joints: rods white, ropes yellow (grey while slack), the anchors as dots.
pub fn draw_joints(out: &mut DrawList, world: &World) {
    for (j, row) in world.joints.iter().zip(&world.joint_rows) {
        let (pa, pb) = j.anchors(&world.bodies);
        let color = match (j.kind, row.active) {
            (JointKind::Rod, _) => Color::WHITE,
            (JointKind::Rope, true) => Color::YELLOW,
            (JointKind::Rope, false) => Color::GREY,
        };
        out.segment_width(pa, pb, color, 2.0);
        out.point(pa, 4.0, color);
        out.point(pb, 4.0, color);
    }
}

/// Metres of arrow per N s of impulse per kg of the lighter body.
const IMPULSE_ARROW: f32 = 3.0;

/// Draw the contacts: the points, the accumulated normal (green) and friction (red) impulses,
/// each as the velocity change it gave the lighter body.
pub fn draw_contacts(out: &mut DrawList, world: &World) {
    for arb in &world.arbiters {
        let n = arb.normal;
        let inv_m = world.bodies[arb.a]
            .inv_mass
            .max(world.bodies[arb.b].inv_mass);
        for c in arb.contacts() {
            out.point(c.point, 4.0, Color::YELLOW);
            let scale = IMPULSE_ARROW * inv_m;
            let normal = n * c.normal_impulse * scale;
            let friction = perp(n) * c.tangent_impulse * scale;
            if normal.length() > 0.02 {
                out.arrow(c.point, c.point + normal, Color::GREEN);
            }
            if friction.length() > 0.02 {
                out.arrow(c.point, c.point + friction, Color::RED);
            }
        }
    }
}

impl Demo for Lab {
    fn time_step(&self) -> f32 {
        self.time_step
    }

    fn step(&mut self, dt: f32) {
        if let Some(g) = self.grab {
            g.pull(&mut self.world.bodies);
        }
        self.world.step(dt);
    }

    fn reset(&mut self) {
        let settings = self.world.settings;
        self.world = self.start.clone();
        self.world.settings = settings;
        self.grab = None;
        self.rng = Rng::new(SEED);
    }

    fn draw(&self, out: &mut DrawList) {
        for (i, b) in self.world.bodies.iter().enumerate() {
            draw_body(out, b, body_color(b, i));
        }
        draw_joints(out, &self.world);
        if self.show_contacts {
            draw_contacts(out, &self.world);
        }
        let (lo, hi) = self.bounds;
        let w = &self.world;
        out.text(
            Vec2::new(lo.x + 0.1, lo.y + (hi.y - lo.y) * 0.04),
            format!(
                "{} bodies, {} pairs tested, {} contacts, deepest {:.1} mm",
                w.bodies.len(),
                w.pairs_tested(),
                w.contact_count(),
                1000.0 * w.max_penetration()
            ),
            Color::WHITE,
        );
        if let Some(g) = self.grab {
            out.segment(g.point(&self.world.bodies), g.target, Color::WHITE);
        }
    }

    fn bounds(&self) -> (Vec2, Vec2) {
        self.bounds
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.world.bodies.iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    // ANCHOR: switches
    fn switches(&self) -> Vec<Switch> {
        let s = &self.world.settings;
        vec![
            Switch::toggle('w', "warm starting", s.warm_starting),
            Switch::toggle(
                'a',
                "clamp the accumulated impulse (off: each impulse)",
                s.accumulate,
            ),
            Switch::toggle(
                'p',
                "position correction (Baumgarte)",
                s.position_correction,
            ),
            Switch::number(
                'i',
                "iterations (I more, Shift+I fewer)",
                s.iterations as f32,
                ITERATION_CHOICES,
            ),
            Switch::number('b', "bias factor", s.bias_factor, BIAS_CHOICES),
            Switch::number(
                'l',
                "allowed penetration (m)",
                s.allowed_penetration,
                ALLOWED_CHOICES,
            ),
            Switch::number(
                't',
                "restitution threshold (m/s)",
                s.restitution_threshold,
                THRESHOLD_CHOICES,
            ),
            Switch::toggle('f', "friction", s.friction),
            Switch::toggle(
                's',
                "sort-and-sweep broad phase (off: all pairs)",
                s.broad_phase == BroadPhase::SortAndSweep,
            ),
            Switch::toggle('m', "show contacts and impulses", self.show_contacts),
            Switch::toggle('d', "drop a random box (each press)", self.dropped),
        ]
    }
    // ANCHOR_END: switches

    fn set_switch(&mut self, key: char, value: SwitchValue) {
        let s = &mut self.world.settings;
        match (key, value) {
            ('w', SwitchValue::Bool(on)) => s.warm_starting = on,
            ('a', SwitchValue::Bool(on)) => s.accumulate = on,
            ('p', SwitchValue::Bool(on)) => s.position_correction = on,
            ('i', SwitchValue::Number { value, .. }) => {
                s.iterations = value.clamp(1.0, 1000.0) as u32
            }
            ('b', SwitchValue::Number { value, .. }) => s.bias_factor = value.clamp(0.0, 1.0),
            ('l', SwitchValue::Number { value, .. }) => s.allowed_penetration = value.max(0.0),
            ('t', SwitchValue::Number { value, .. }) => s.restitution_threshold = value.max(0.0),
            ('f', SwitchValue::Bool(on)) => s.friction = on,
            ('s', SwitchValue::Bool(on)) => {
                s.broad_phase = if on {
                    BroadPhase::SortAndSweep
                } else {
                    BroadPhase::AllPairs
                }
            }
            ('m', SwitchValue::Bool(on)) => self.show_contacts = on,
            ('d', SwitchValue::Bool(on)) => {
                self.dropped = on;
                self.drop_box();
            }
            _ => {}
        }
    }

    fn mouse_press(&mut self, at: Vec2) {
        self.grab = Grab::press(&self.world.bodies, at);
    }

    fn mouse_drag(&mut self, at: Vec2) {
        if let Some(g) = self.grab.as_mut() {
            g.target = at;
        }
    }

    fn mouse_release(&mut self) {
        self.grab = None;
    }
}

// ANCHOR: from_scene
/// How deep and how wide the static box that stands in for a scene
/// file's plane is, in metres: the narrow phase knows boxes, not lines.
pub const PLANE_BOX_HALF_EXTENTS: Vec2 = Vec2::new(500.0, 10.0);

/// A scene file as a chapter 8 world: everything chapters 3 to 7 load.
/// Circles and boxes, turned and spinning, as chapter 6 reads them;
/// planes as a large static box behind the line; distance joints,
/// rods or ropes, as chapter 7 reads them; and the scene's iterations.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let mut bodies = Vec::new();
    let mut shown = Vec::new();
    for (i, b) in scene.bodies.iter().enumerate() {
        let body = match b.shape {
            SceneShape::Plane { normal, offset } => {
                let h = PLANE_BOX_HALF_EXTENTS;
                let centre = normal * (offset - h.y);
                let angle = (-normal.x).atan2(normal.y);
                let shape = Shape::Box(Obb { half_extents: h });
                let mut wall = Body::fixed(shape, centre, angle);
                wall.friction = b.friction;
                wall.restitution = b.restitution;
                wall
            }
            _ => {
                let body = ch06_rotation_friction::demos::scene_body(b, i)?;
                shown.push(body);
                body
            }
        };
        bodies.push(body);
    }
    let joints = scene
        .joints
        .iter()
        .map(|j| match *j {
            SceneJoint::Distance {
                body_a,
                body_b,
                anchor_a,
                anchor_b,
                length,
                rope,
            } => {
                let kind = if rope {
                    JointKind::Rope
                } else {
                    JointKind::Rod
                };
                let mut joint = DistanceJoint {
                    body_a,
                    body_b,
                    local_a: anchor_a,
                    local_b: anchor_b,
                    length: 0.0,
                    kind,
                };
                let (pa, pb) = joint.anchors(&bodies);
                joint.length = length.unwrap_or((pb - pa).length());
                joint
            }
        })
        .collect();
    let bounds = if shown.is_empty() {
        (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 5.0))
    } else {
        bodies_bounds(&shown)
    };
    let mut world = World::new(bodies, joints);
    world.gravity = scene.gravity;
    world.settings.iterations = scene.iterations;
    let mut lab = Lab::new(world, bounds);
    lab.time_step = scene.dt;
    Ok(Box::new(lab))
}
// ANCHOR_END: from_scene

#[cfg(test)]
mod tests {
    use super::*;

    /// A plane in a scene file is a static box whose top face lies on the line.
    #[test]
    fn a_plane_becomes_a_box_behind_its_line() {
        let scene = Scene::from_json(
            r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0.5 } } },
                 { "shape": { "circle": { "radius": 0.25 } }, "position": [0, 2] } ] }"#,
        )
        .unwrap();
        let mut demo = from_scene(&scene).unwrap();
        for _ in 0..240 {
            demo.step(1.0 / 60.0);
        }
        let ball = demo.bodies()[1];
        assert!((ball.position.y - 0.75).abs() < 0.02, "{ball:?}");
    }
}
