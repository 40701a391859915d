//! `--suite`: Box2D v3.1's own benchmark scenes (`benchmark/main.c` and
//! `shared/benchmarks.c`, `shared/human.c` of erincatto/box2d at v3.1.1), built
//! the same way in the workbook's game-facing engine (chapter 16's world) and in
//! Box2D v3.2 through boxdd: each scene is written once, against [`Builder`],
//! and each engine builds it through its own API.
//!
//! As Box2D's benchmark does: the scene's step count, steps of 1/60 s with 4
//! substeps, sleeping as the scene sets it (on unless the scene turns it off),
//! Box2D's default gravity (-10 m/s^2) and materials (friction 0.6, density 1),
//! the first step untimed, and the total time of the other steps, the scene's
//! own per-step work (the rain's ragdolls made and destroyed) included. Unlike
//! it: one process, the four runs (ours and Box2D, on one thread and two)
//! taking turns in rounds of 10 steps, the first turning from round to round,
//! so that a change in the machine's load falls on all of them; and
//! restitution mixed by the smaller in both (Box2D through its callback).

use crate::box2d_v3;
use boxdd::{
    BodyBuilder, BodyId, BodyType, ChainDef, Filter, JointBase, JointId,
    RevoluteJointDef, ShapeDef, SurfaceMaterial, shapes,
};
use boxdd_sys::ffi;
use ch09_joints::{Kind, Limit, Motor};
use ch11_polygons::{Polygon, Shape};
use ch14_wide_solver::Timings;
use ch15_game_api as ch15;
use ch16_characters as ch16;
use glam::Vec2;
use std::f32::consts::PI;
use std::time::{Duration, Instant};

const DT: f32 = 1.0 / 60.0;
const SUBSTEPS: i32 = 4;

// ---------------------------------------------------------------------------------------------
// What a scene asks of an engine.

/// Static or dynamic (Box2D's benchmark scenes use no kinematic body).
#[derive(Clone, Copy, PartialEq)]
enum Kind2 {
    Static,
    Dynamic,
}

/// A body to make.
#[derive(Clone, Copy)]
struct BodyPlan {
    kind: Kind2,
    position: Vec2,
    velocity: Vec2,
    /// Made asleep (Box2D's `isAwake = false`).
    asleep: bool,
    /// Box2D's `enableSleep`.
    can_sleep: bool,
    /// Box2D's per-body sleep threshold, m/s (its default 0.05).
    sleep_threshold: f32,
    /// Box2D's linear damping: the engine has none (see the page).
    linear_damping: f32,
}

impl BodyPlan {
    fn new(kind: Kind2, position: Vec2) -> BodyPlan {
        BodyPlan {
            kind,
            position,
            velocity: Vec2::ZERO,
            asleep: false,
            can_sleep: true,
            sleep_threshold: 0.05,
            linear_damping: 0.0,
        }
    }
}

/// A shape's geometry in its body's frame.
#[derive(Clone, Copy)]
enum Geometry {
    Circle {
        center: Vec2,
        radius: f32,
    },
    Capsule {
        a: Vec2,
        b: Vec2,
        radius: f32,
    },
    /// A box of half-extents `half`, centred at `center`, corners rounded by
    /// `radius`.
    Box {
        half: Vec2,
        center: Vec2,
        radius: f32,
    },
    /// A convex polygon, counter-clockwise, rounded by `radius`.
    Hull {
        points: [Vec2; 4],
        radius: f32,
    },
    /// A two-sided segment.
    Segment {
        a: Vec2,
        b: Vec2,
    },
}

/// A shape's material and filter: Box2D's `b2DefaultShapeDef` unless a scene
/// says otherwise.
#[derive(Clone, Copy)]
struct Material {
    density: f32,
    friction: f32,
    restitution: f32,
    category: u64,
    mask: u64,
    group: i32,
}

impl Default for Material {
    fn default() -> Material {
        Material {
            density: 1.0,
            friction: 0.6,
            restitution: 0.0,
            category: 1,
            mask: u64::MAX,
            group: 0,
        }
    }
}

/// A revolute joint: anchors in each body's frame, reference angle, and what
/// Box2D's revolute joint def turns on.
#[derive(Clone, Copy)]
struct Hinge<B> {
    a: B,
    b: B,
    local_a: Vec2,
    local_b: Vec2,
    reference_angle: f32,
    limit: Option<(f32, f32)>,
    /// Speed (rad/s) and the most torque (N m).
    motor: Option<(f32, f32)>,
    /// Hertz and damping ratio.
    spring: Option<(f32, f32)>,
}

impl<B> Hinge<B> {
    fn new(a: B, b: B, local_a: Vec2, local_b: Vec2) -> Hinge<B> {
        Hinge {
            a,
            b,
            local_a,
            local_b,
            reference_angle: 0.0,
            limit: None,
            motor: None,
            spring: None,
        }
    }
}

/// One engine's side of the scenes.
trait Builder {
    type Body: Copy;
    type Joint: Copy;
    fn set_gravity(&mut self, g: Vec2);
    fn set_sleeping(&mut self, on: bool);
    fn body(&mut self, plan: &BodyPlan) -> Self::Body;
    fn shape(&mut self, body: Self::Body, geometry: &Geometry, material: &Material);
    /// A closed chain through `points` (colliding on the right of each
    /// segment), of `friction`.
    fn chain_loop(&mut self, body: Self::Body, points: &[Vec2], friction: f32);
    fn hinge(&mut self, hinge: &Hinge<Self::Body>) -> Self::Joint;
    fn destroy_joint(&mut self, joint: Self::Joint);
    fn destroy_body(&mut self, body: Self::Body);
    /// The body's origin and angle.
    fn pose(&self, body: Self::Body) -> (Vec2, f32);
    fn speed(&self, body: Self::Body) -> f32;
    /// The body's mass times its centre's velocity, kg m/s.
    fn momentum(&self, body: Self::Body) -> Vec2;
    fn step(&mut self);
    /// How long each stage of the last step took (chapter 14's clocks), if
    /// the engine keeps them.
    fn timings(&self) -> Option<Timings> {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// The scenes, from Box2D v3.1.1's `shared/benchmarks.c`.

/// Box2D's seven, by its names, with its step counts.
pub const SCENES: [(&str, usize); 7] = [
    ("joint_grid", 500),
    ("large_pyramid", 500),
    ("many_pyramids", 200),
    ("rain", 1000),
    ("smash", 300),
    ("spinner", 1400),
    ("tumbler", 750),
];

/// The ragdolls of the rain: 5 rows of 40 columns of groups of 5.
const RAIN_ROWS: usize = 5;
const RAIN_COLUMNS: usize = 40;
const RAIN_GROUP: usize = 5;

/// A ragdoll's bodies and joints.
type Ragdoll<B> = (Vec<<B as Builder>::Body>, Vec<<B as Builder>::Joint>);

/// A scene being run: what its per-step work and its check need.
struct Scene<B: Builder> {
    name: &'static str,
    /// The dynamic bodies checked at the end (the rain's live ragdolls are
    /// found in `groups`).
    tracked: Vec<B::Body>,
    /// The rain's groups, each its humans' bones and joints.
    groups: Vec<Option<Vec<Ragdoll<B>>>>,
    column_count: usize,
    column_index: usize,
    /// The tumbler's drum, or the spinner's blade.
    drum: Option<B::Body>,
}

impl<B: Builder> Scene<B> {
    fn new(name: &'static str, b: &mut B) -> Scene<B> {
        let mut scene = Scene {
            name,
            tracked: Vec::new(),
            groups: Vec::new(),
            column_count: 0,
            column_index: 0,
            drum: None,
        };
        match name {
            "joint_grid" => scene.joint_grid(b),
            "large_pyramid" => scene.large_pyramid(b),
            "many_pyramids" => scene.many_pyramids(b),
            "rain" => scene.rain(b),
            "smash" => scene.smash(b),
            "spinner" => scene.spinner(b),
            "tumbler" => scene.tumbler(b),
            _ => panic!("no scene {name}"),
        }
        scene
    }

    /// `CreateJointGrid`: 100 x 100 discs, each pinned to its neighbours,
    /// seven pinned to the world; the discs never collide; sleeping off.
    fn joint_grid(&mut self, b: &mut B) {
        b.set_sleeping(false);
        const N: usize = 100;
        let material = Material { category: 2, mask: !2, ..Material::default() };
        let mut bodies = Vec::with_capacity(N * N);
        for k in 0..N {
            for i in 0..N {
                let fixed = (N / 2 - 3..=N / 2 + 3).contains(&k) && i == 0;
                let kind = if fixed { Kind2::Static } else { Kind2::Dynamic };
                let plan = BodyPlan::new(kind, Vec2::new(k as f32, -(i as f32)));
                let body = b.body(&plan);
                let circle = Geometry::Circle { center: Vec2::ZERO, radius: 0.4 };
                b.shape(body, &circle, &material);
                if i > 0 {
                    let (la, lb) = (Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.5));
                    b.hinge(&Hinge::new(bodies[bodies.len() - 1], body, la, lb));
                }
                if k > 0 {
                    let (la, lb) = (Vec2::new(0.5, 0.0), Vec2::new(-0.5, 0.0));
                    b.hinge(&Hinge::new(bodies[bodies.len() - N], body, la, lb));
                }
                bodies.push(body);
                if !fixed {
                    self.tracked.push(body);
                }
            }
        }
    }

    /// `CreateLargePyramid`: 100 boxes at its base, 5,050 in all, on a
    /// ground box; sleeping off.
    fn large_pyramid(&mut self, b: &mut B) {
        b.set_sleeping(false);
        let ground = b.body(&BodyPlan::new(Kind2::Static, Vec2::new(0.0, -1.0)));
        let slab = Geometry::Box {
            half: Vec2::new(100.0, 1.0),
            center: Vec2::ZERO,
            radius: 0.0,
        };
        b.shape(ground, &slab, &Material::default());
        let base = 100;
        let h = 0.5;
        let square =
            Geometry::Box { half: Vec2::splat(h), center: Vec2::ZERO, radius: 0.0 };
        for i in 0..base {
            let y = (2.0 * i as f32 + 1.0) * h;
            for j in i..base {
                let x = (i as f32 + 1.0) * h + 2.0 * (j - i) as f32 * h
                    - h * base as f32;
                let body = b.body(&BodyPlan::new(Kind2::Dynamic, Vec2::new(x, y)));
                b.shape(body, &square, &Material::default());
                self.tracked.push(body);
            }
        }
    }

    /// `CreateManyPyramids`: 20 x 20 pyramids of 10 at the base (22,000
    /// boxes) on 20 shelves, each a segment; sleeping off.
    fn many_pyramids(&mut self, b: &mut B) {
        b.set_sleeping(false);
        let (base, extent, rows, columns) = (10usize, 0.5f32, 20usize, 20usize);
        let ground = b.body(&BodyPlan::new(Kind2::Static, Vec2::ZERO));
        let shelf_gap = 2.0 * extent * (base as f32 + 1.0);
        let width = 2.0 * extent * columns as f32 * (base as f32 + 1.0);
        for i in 0..rows {
            let y = i as f32 * shelf_gap;
            let segment = Geometry::Segment {
                a: Vec2::new(-width, y),
                b: Vec2::new(width, y),
            };
            b.shape(ground, &segment, &Material::default());
        }
        let base_width = 2.0 * extent * base as f32;
        let square = Geometry::Box {
            half: Vec2::splat(extent),
            center: Vec2::ZERO,
            radius: 0.0,
        };
        for i in 0..rows {
            let base_y = i as f32 * shelf_gap;
            for j in 0..columns {
                let centre_x =
                    -0.5 * width + j as f32 * (base_width + 2.0 * extent) + extent;
                for row in 0..base {
                    let y = (2.0 * row as f32 + 1.0) * extent + base_y;
                    for col in row..base {
                        let x = (row as f32 + 1.0) * extent
                            + 2.0 * (col - row) as f32 * extent
                            + centre_x
                            - 0.5;
                        let plan = BodyPlan::new(Kind2::Dynamic, Vec2::new(x, y));
                        let body = b.body(&plan);
                        b.shape(body, &square, &Material::default());
                        self.tracked.push(body);
                    }
                }
            }
        }
    }

    /// `CreateRain`: five floors of 501 small boxes 45 m apart; the ragdolls
    /// come in [`Scene::before_step`].
    fn rain(&mut self, b: &mut B) {
        let ground = b.body(&BodyPlan::new(Kind2::Static, Vec2::ZERO));
        let (grid, count) = (0.5f32, 500usize);
        let mut y = 0.0;
        for _ in 0..RAIN_ROWS {
            let mut x = -0.5 * count as f32 * grid;
            for _ in 0..=count {
                let tile = Geometry::Box {
                    half: Vec2::splat(0.5 * grid),
                    center: Vec2::new(x, y),
                    radius: 0.0,
                };
                b.shape(ground, &tile, &Material::default());
                x += grid;
            }
            y += 45.0;
        }
        self.groups = (0..RAIN_ROWS * RAIN_COLUMNS).map(|_| None).collect();
    }

    /// `StepRain`: every 8th step a column of groups of ragdolls appears in
    /// each row; once all 40 columns are out, the oldest column's go and new
    /// ones take their place.
    fn before_step(&mut self, b: &mut B, step: usize) {
        if self.name != "rain" || step & 7 != 0 {
            return;
        }
        if self.column_count < RAIN_COLUMNS {
            for row in 0..RAIN_ROWS {
                self.create_group(b, row, self.column_count);
            }
            self.column_count += 1;
        } else {
            for row in 0..RAIN_ROWS {
                let group =
                    self.groups[row * RAIN_COLUMNS + self.column_index].take();
                for (bones, joints) in group.expect("a group") {
                    for j in joints {
                        b.destroy_joint(j);
                    }
                    for bone in bones {
                        b.destroy_body(bone);
                    }
                }
                self.create_group(b, row, self.column_index);
            }
            self.column_index = (self.column_index + 1) % RAIN_COLUMNS;
        }
    }

    /// `CreateGroup`: five ragdolls side by side, 0.5 m apart.
    fn create_group(&mut self, b: &mut B, row: usize, column: usize) {
        let span = 500.0 * 0.5;
        let gap = span / RAIN_COLUMNS as f32;
        let mut at = Vec2::new(
            -0.5 * span + gap * (column as f32 + 0.5),
            40.0 + 45.0 * row as f32,
        );
        let mut humans = Vec::with_capacity(RAIN_GROUP);
        for i in 0..RAIN_GROUP {
            humans.push(human(b, at, 0.05, 5.0, 0.5, i as i32 + 1));
            at.x += 0.5;
        }
        self.groups[row * RAIN_COLUMNS + column] = Some(humans);
    }

    /// `CreateSmash`: no gravity; a heavy 8 m box at 40 m/s into a wall of
    /// 120 x 80 small boxes made asleep.
    fn smash(&mut self, b: &mut B) {
        b.set_gravity(Vec2::ZERO);
        let plan = BodyPlan {
            velocity: Vec2::new(40.0, 0.0),
            ..BodyPlan::new(Kind2::Dynamic, Vec2::new(-20.0, 0.0))
        };
        let ram = b.body(&plan);
        let big = Geometry::Box {
            half: Vec2::splat(4.0),
            center: Vec2::ZERO,
            radius: 0.0,
        };
        b.shape(ram, &big, &Material { density: 8.0, ..Material::default() });
        self.tracked.push(ram);
        let d = 0.4;
        let small = Geometry::Box {
            half: Vec2::splat(0.5 * d),
            center: Vec2::ZERO,
            radius: 0.0,
        };
        let (columns, rows) = (120, 80);
        for i in 0..columns {
            for j in 0..rows {
                let at = Vec2::new(
                    i as f32 * d + 30.0,
                    (j as f32 - rows as f32 / 2.0) * d,
                );
                let plan =
                    BodyPlan { asleep: true, ..BodyPlan::new(Kind2::Dynamic, at) };
                let body = b.body(&plan);
                b.shape(body, &small, &Material::default());
                self.tracked.push(body);
            }
        }
    }

    /// `CreateSpinner`: a 360-point loop of chain, a 40 m blade turned by a
    /// motor at 5 rad/s, and 3,038 capsules, discs and squares stirred by it.
    fn spinner(&mut self, b: &mut B) {
        let ground = b.body(&BodyPlan::new(Kind2::Static, Vec2::ZERO));
        let n = 360;
        let turn = -2.0 * PI / n as f32;
        let (sin, cos) = turn.sin_cos();
        let mut p = Vec2::new(40.0, 0.0);
        let mut points = Vec::with_capacity(n);
        for _ in 0..n {
            points.push(Vec2::new(p.x, p.y + 32.0));
            p = Vec2::new(cos * p.x - sin * p.y, sin * p.x + cos * p.y);
        }
        b.chain_loop(ground, &points, 0.1);
        let hub = Vec2::new(0.0, 12.0);
        let plan =
            BodyPlan { can_sleep: false, ..BodyPlan::new(Kind2::Dynamic, hub) };
        let blade = b.body(&plan);
        let board = Geometry::Box {
            half: Vec2::new(0.4, 20.0),
            center: Vec2::ZERO,
            radius: 0.2,
        };
        b.shape(blade, &board, &Material { friction: 0.0, ..Material::default() });
        let motor = Hinge {
            motor: Some((5.0, 40_000.0)),
            ..Hinge::new(ground, blade, hub, Vec2::ZERO)
        };
        b.hinge(&motor);
        self.drum = Some(blade);
        let material = Material {
            friction: 0.1,
            restitution: 0.1,
            density: 0.25,
            ..Material::default()
        };
        let shapes = [
            Geometry::Capsule {
                a: Vec2::new(-0.25, 0.0),
                b: Vec2::new(0.25, 0.0),
                radius: 0.25,
            },
            Geometry::Circle { center: Vec2::ZERO, radius: 0.35 },
            Geometry::Box {
                half: Vec2::splat(0.35),
                center: Vec2::ZERO,
                radius: 0.0,
            },
        ];
        let (mut x, mut y) = (-24.0f32, 2.0f32);
        for i in 0..3038 {
            let body = b.body(&BodyPlan::new(Kind2::Dynamic, Vec2::new(x, y)));
            b.shape(body, &shapes[i % 3], &material);
            self.tracked.push(body);
            x += 1.0;
            if x > 24.0 {
                x = -24.0;
                y += 1.0;
            }
        }
    }

    /// `CreateTumbler`: a 20 m drum of four walls, density 50, turned at
    /// 25 degrees a second about a pin, with 45 x 45 small boxes inside.
    fn tumbler(&mut self, b: &mut B) {
        let ground = b.body(&BodyPlan::new(Kind2::Static, Vec2::ZERO));
        let drum = b.body(&BodyPlan::new(Kind2::Dynamic, Vec2::new(0.0, 10.0)));
        let heavy = Material { density: 50.0, ..Material::default() };
        for (half, center) in [
            (Vec2::new(0.5, 10.0), Vec2::new(10.0, 0.0)),
            (Vec2::new(0.5, 10.0), Vec2::new(-10.0, 0.0)),
            (Vec2::new(10.0, 0.5), Vec2::new(0.0, 10.0)),
            (Vec2::new(10.0, 0.5), Vec2::new(0.0, -10.0)),
        ] {
            b.shape(drum, &Geometry::Box { half, center, radius: 0.0 }, &heavy);
        }
        let motor = Hinge {
            motor: Some((25.0 * PI / 180.0, 1e8)),
            ..Hinge::new(ground, drum, Vec2::new(0.0, 10.0), Vec2::ZERO)
        };
        b.hinge(&motor);
        self.drum = Some(drum);
        let grid = 45;
        let small = Geometry::Box {
            half: Vec2::splat(0.125),
            center: Vec2::ZERO,
            radius: 0.0,
        };
        let mut y = -0.2 * grid as f32 + 10.0;
        for _ in 0..grid {
            let mut x = -0.2 * grid as f32;
            for _ in 0..grid {
                let body = b.body(&BodyPlan::new(Kind2::Dynamic, Vec2::new(x, y)));
                b.shape(body, &small, &Material::default());
                self.tracked.push(body);
                x += 0.4;
            }
            y += 0.4;
        }
    }

    /// Whether the scene came out as it should, and a few figures: no body
    /// lost (every checked body finite and where the scene keeps it), nothing
    /// flung out (no body faster than the scene allows), and the scene's own
    /// mark (the pyramid's top, the pyramids standing).
    fn outcome(&self, b: &B) -> (bool, String) {
        let mut bodies = self.tracked.clone();
        for humans in self.groups.iter().flatten() {
            for (bones, _) in humans {
                bodies.extend(bones);
            }
        }
        let poses: Vec<(Vec2, f32)> = bodies.iter().map(|&x| b.pose(x)).collect();
        let fastest = bodies.iter().map(|&x| b.speed(x)).fold(0.0f32, f32::max);
        let finite = poses.iter().all(|(p, a)| p.is_finite() && a.is_finite());
        let outside = |inside: &dyn Fn(Vec2) -> bool| {
            poses.iter().filter(|(p, _)| !inside(*p)).count()
        };
        // Whatever else the scene asks of the outcome.
        let mut sound = true;
        let (lost, limit, mark) = match self.name {
            "joint_grid" => {
                let lost =
                    outside(&|p| p.x.abs() < 200.0 && p.y > -200.0 && p.y < 10.0);
                (lost, 60.0, String::new())
            }
            "large_pyramid" => {
                let top = poses.last().map_or(0.0, |(p, _)| p.y);
                let lost = outside(&|p| p.x.abs() < 60.0 && p.y > 0.0);
                (lost, 5.0, format!(", top {:+.2} m", top - 99.5))
            }
            "many_pyramids" => {
                // Each pyramid's top box (every 55th) within 0.5 m of where it started.
                let shelf = 11.0;
                let standing = poses
                    .iter()
                    .skip(54)
                    .step_by(55)
                    .enumerate()
                    .filter(|(k, (p, _))| {
                        let start_y = (k / 20) as f32 * shelf + 19.0 * 0.5;
                        (p.y - start_y).abs() < 0.5
                    })
                    .count();
                let lost = outside(&|p| p.x.abs() < 230.0 && p.y > -1.0);
                (lost, 5.0, format!(", {standing}/400 pyramids standing"))
            }
            "rain" => {
                let lost = outside(&|p| p.x.abs() < 130.0 && p.y > -5.0);
                (lost, 60.0, format!(", {} bodies", bodies.len()))
            }
            "smash" => {
                let lost = outside(&|p| p.x.abs() < 500.0 && p.y.abs() < 500.0);
                // No gravity and nothing static: the ram's momentum (8 x 8 m
                // at 8 kg/m^2, 40 m/s) is all the scene ever has.
                let momentum: Vec2 = bodies.iter().map(|&x| b.momentum(x)).sum();
                let kept = momentum.x / (8.0 * 64.0 * 40.0);
                sound = (kept - 1.0).abs() < 0.05;
                (
                    lost,
                    60.0,
                    format!(", momentum {:.0} % of the ram's", 100.0 * kept),
                )
            }
            "spinner" => {
                let lost = outside(&|p| (p - Vec2::new(0.0, 32.0)).length() < 40.5);
                (lost, 150.0, String::new())
            }
            "tumbler" => {
                let (centre, angle) = b.pose(self.drum.expect("the drum"));
                let (sin, cos) = angle.sin_cos();
                let lost = outside(&|p| {
                    let d = p - centre;
                    let local =
                        Vec2::new(cos * d.x + sin * d.y, -sin * d.x + cos * d.y);
                    local.x.abs() < 10.0 && local.y.abs() < 10.0
                });
                (lost, 30.0, String::new())
            }
            _ => (0, f32::INFINITY, String::new()),
        };
        let ok = finite && lost == 0 && fastest < limit && sound;
        let text = format!(
            "{} ({lost} out, fastest {fastest:.1} m/s{mark})",
            if ok { "yes" } else { "no" }
        );
        (ok, text)
    }
}

/// `CreateHuman` (Box2D's `shared/human.c`): a ragdoll of 11 capsule bones,
/// feet polygons on the shins, ten hinges with limits, joint friction (a motor
/// at rest of `friction_torque` scaled per bone) and a spring of `hertz` and
/// `damping`; its bones never collide with each other (`group`, negative), its
/// feet only with the ground. Returns its bodies and joints.
fn human<B: Builder>(
    b: &mut B,
    at: Vec2,
    friction_torque: f32,
    hertz: f32,
    damping: f32,
    group: i32,
) -> Ragdoll<B> {
    let material = Material {
        friction: 0.2,
        category: 2,
        mask: 1 | 2,
        group: -group,
        ..Material::default()
    };
    let foot = Material { friction: 0.05, mask: 1, ..material };
    let plan = |y: f32, damping: f32| BodyPlan {
        sleep_threshold: 0.1,
        linear_damping: damping,
        ..BodyPlan::new(Kind2::Dynamic, at + Vec2::new(0.0, y))
    };
    let capsule = |lo: f32, hi: f32, radius: f32| Geometry::Capsule {
        a: Vec2::new(0.0, lo),
        b: Vec2::new(0.0, hi),
        radius,
    };
    let foot_shape = Geometry::Hull {
        points: [
            Vec2::new(-0.03, -0.185),
            Vec2::new(0.11, -0.185),
            Vec2::new(0.11, -0.16),
            Vec2::new(-0.03, -0.14),
        ],
        radius: 0.015,
    };
    // Each bone: its parent, its body's height and damping, its capsule, its
    // pivot's height, its limits (fractions of pi), its friction scale, its
    // reference angle, and whether it has a foot.
    struct Bone {
        parent: Option<usize>,
        y: f32,
        damping: f32,
        capsule: (f32, f32, f32),
        pivot: f32,
        limit: (f32, f32),
        friction: f32,
        reference: f32,
        foot: bool,
    }
    let bone = |parent, y, damping, capsule, pivot, limit, friction| Bone {
        parent,
        y,
        damping,
        capsule,
        pivot,
        limit,
        friction,
        reference: 0.0,
        foot: false,
    };
    let bones = [
        bone(None, 0.95, 0.0, (-0.02, 0.02, 0.095), 0.0, (0.0, 0.0), 1.0),
        bone(Some(0), 1.2, 0.0, (-0.135, 0.135, 0.09), 1.0, (-0.25, 0.0), 0.5),
        bone(Some(1), 1.475, 0.1, (-0.038, 0.039, 0.075), 1.4, (-0.3, 0.1), 0.25),
        bone(Some(0), 0.775, 0.0, (-0.125, 0.125, 0.06), 0.9, (-0.05, 0.4), 1.0),
        Bone {
            foot: true,
            ..bone(
                Some(3),
                0.475,
                0.0,
                (-0.155, 0.125, 0.045),
                0.625,
                (-0.5, -0.02),
                0.5,
            )
        },
        bone(Some(0), 0.775, 0.0, (-0.125, 0.125, 0.06), 0.9, (-0.05, 0.4), 1.0),
        Bone {
            foot: true,
            ..bone(
                Some(5),
                0.475,
                0.0,
                (-0.155, 0.125, 0.045),
                0.625,
                (-0.5, -0.02),
                0.5,
            )
        },
        bone(Some(1), 1.225, 0.0, (-0.125, 0.125, 0.035), 1.35, (-0.1, 0.8), 0.5),
        Bone {
            reference: 0.25 * PI,
            ..bone(
                Some(7),
                0.975,
                0.1,
                (-0.125, 0.125, 0.03),
                1.1,
                (-0.2, 0.3),
                0.1,
            )
        },
        bone(Some(1), 1.225, 0.0, (-0.125, 0.125, 0.035), 1.35, (-0.1, 0.8), 0.5),
        Bone {
            reference: 0.25 * PI,
            ..bone(
                Some(9),
                0.975,
                0.1,
                (-0.125, 0.125, 0.03),
                1.1,
                (-0.2, 0.3),
                0.1,
            )
        },
    ];
    let mut bodies: Vec<B::Body> = Vec::with_capacity(bones.len());
    let mut joints = Vec::with_capacity(bones.len() - 1);
    for bone in &bones {
        let body = b.body(&plan(bone.y, bone.damping));
        let (lo, hi, radius) = bone.capsule;
        b.shape(body, &capsule(lo, hi, radius), &material);
        if bone.foot {
            b.shape(body, &foot_shape, &foot);
        }
        if let Some(parent) = bone.parent {
            let pivot = bone.pivot;
            let parent_y = bones[parent].y;
            let hinge = Hinge {
                reference_angle: bone.reference,
                limit: Some((bone.limit.0 * PI, bone.limit.1 * PI)),
                motor: Some((0.0, bone.friction * friction_torque)),
                spring: (hertz > 0.0).then_some((hertz, damping)),
                ..Hinge::new(
                    bodies[parent],
                    body,
                    Vec2::new(0.0, pivot - parent_y),
                    Vec2::new(0.0, pivot - bone.y),
                )
            };
            joints.push(b.hinge(&hinge));
        }
        bodies.push(body);
    }
    (bodies, joints)
}

// ---------------------------------------------------------------------------------------------
// Ours: chapter 16's world through chapters 15's and 16's API.

struct Ours {
    world: ch16::World,
    /// Bodies to put to sleep before the first step (made asleep).
    asleep: Vec<usize>,
}

impl Ours {
    fn new(threads: usize) -> Ours {
        let mut world = ch16::World::new();
        world.solver.gravity = Vec2::new(0.0, -10.0);
        world.wide.set_threads(threads);
        Ours { world, asleep: Vec::new() }
    }
}

impl Builder for Ours {
    type Body = ch16::BodyId;
    type Joint = ch16::JointId;

    fn set_gravity(&mut self, g: Vec2) {
        self.world.solver.gravity = g;
    }

    fn set_sleeping(&mut self, on: bool) {
        self.world.sleep.on = on;
    }

    fn body(&mut self, plan: &BodyPlan) -> ch16::BodyId {
        let kind = match plan.kind {
            Kind2::Static => ch16::BodyKind::Static,
            Kind2::Dynamic => ch16::BodyKind::Dynamic,
        };
        let def = ch16::BodyDef {
            velocity: plan.velocity,
            ..ch16::BodyDef::new(kind, plan.position)
        };
        let id = self.world.create_body(def);
        if plan.asleep {
            self.asleep.push(id.index as usize);
        }
        // The world has one sleep threshold: the rain's ragdolls (its only
        // dynamic bodies) set it to theirs.
        if plan.sleep_threshold != 0.05 {
            self.world.sleep.settings.speed = plan.sleep_threshold;
        }
        id
    }

    fn shape(&mut self, body: ch16::BodyId, geometry: &Geometry, m: &Material) {
        let (shape, offset) = match *geometry {
            Geometry::Circle { center, radius } => {
                (Shape::Circle { radius }, center)
            }
            Geometry::Capsule { a, b, radius } => {
                (Shape::Polygon(Polygon::from_corners(&[a, b], radius)), Vec2::ZERO)
            }
            Geometry::Box { half, center, radius } => {
                (Shape::Polygon(Polygon::boxed(half, radius)), center)
            }
            Geometry::Hull { points, radius } => {
                (Shape::Polygon(Polygon::from_corners(&points, radius)), Vec2::ZERO)
            }
            Geometry::Segment { a, b } => {
                (Shape::Polygon(Polygon::from_corners(&[a, b], 0.0)), Vec2::ZERO)
            }
        };
        let def = ch16::ShapeDef {
            density: m.density,
            friction: m.friction,
            restitution: m.restitution,
            filter: ch16::Filter {
                category: m.category,
                mask: m.mask,
                group: m.group,
            },
            ..ch16::ShapeDef::new(shape).at(offset, 0.0)
        };
        self.world.create_shape(body, def).expect("a live body");
    }

    fn chain_loop(&mut self, body: ch16::BodyId, points: &[Vec2], friction: f32) {
        let material = ch16::chains::Material { friction, ..Default::default() };
        self.world.create_chain(body, points, true, material).expect("a chain");
    }

    fn hinge(&mut self, h: &Hinge<ch16::BodyId>) -> ch16::JointId {
        let kind = Kind::Revolute {
            limit: h.limit.map(|(lower, upper)| Limit { lower, upper }),
            motor: h.motor.map(|(speed, max_force)| Motor { speed, max_force }),
        };
        let def = ch16::JointDef {
            a: h.a,
            b: h.b,
            anchor_a: h.local_a,
            anchor_b: h.local_b,
            kind,
            break_force: f32::INFINITY,
            break_torque: f32::INFINITY,
            collide_connected: false,
        };
        let id = self.world.create_joint(def).expect("live bodies");
        if h.reference_angle != 0.0 {
            // The game's joint def has no reference angle (a joint is made
            // at its bodies' angle): set chapter 9's joint's.
            let at = self.world.game.joints[id.index as usize].at.expect("a joint");
            self.world.joints.list[at as usize].reference_angle +=
                h.reference_angle;
        }
        if let Some((hertz, damping_ratio)) = h.spring {
            let spring =
                ch16::springs::Spring::new(hertz, damping_ratio).expect("a spring");
            self.world.set_spring(id, Some(spring)).expect("a revolute joint");
        }
        id
    }

    fn destroy_joint(&mut self, joint: ch16::JointId) {
        self.world.destroy_joint(joint).expect("a live joint");
    }

    fn destroy_body(&mut self, body: ch16::BodyId) {
        self.world.destroy_body(body).expect("a live body");
    }

    fn pose(&self, body: ch16::BodyId) -> (Vec2, f32) {
        let t = self.world.transform(body).expect("a live body");
        (t.position, self.world.body(body).expect("a live body").angle)
    }

    fn speed(&self, body: ch16::BodyId) -> f32 {
        self.world.body(body).expect("a live body").velocity.length()
    }

    fn momentum(&self, body: ch16::BodyId) -> Vec2 {
        let b = self.world.body(body).expect("a live body");
        match b.inv_mass {
            0.0 => Vec2::ZERO,
            inv_mass => b.velocity / inv_mass,
        }
    }

    fn step(&mut self) {
        if !self.asleep.is_empty() {
            // Made asleep: the engine has no such body def, but its sleep
            // lists are the world's. One island, as the engine makes of
            // bodies that touch (the smash's wall): Box2D puts each to sleep
            // alone, but chapter 13 holds a sleeper still for the step, so a
            // box woken alone would be driven into its sleeping neighbours as
            // into a wall, and the ram would lose its momentum there.
            let world: &mut ch15::World = &mut self.world;
            let asleep = std::mem::take(&mut self.asleep);
            world.sleep.put_to_sleep_together(&mut world.solver.bodies, &asleep);
        }
        self.world.step(DT);
    }

    fn timings(&self) -> Option<Timings> {
        Some(self.world.wide.timings)
    }
}

// ---------------------------------------------------------------------------------------------
// Box2D v3.2 through boxdd.

struct Theirs {
    world: boxdd::World,
}

impl Builder for Theirs {
    type Body = BodyId;
    type Joint = JointId;

    fn set_gravity(&mut self, g: Vec2) {
        self.world.set_gravity([g.x, g.y]);
    }

    fn set_sleeping(&mut self, on: bool) {
        self.world.enable_sleeping(on);
    }

    fn body(&mut self, plan: &BodyPlan) -> BodyId {
        let kind = match plan.kind {
            Kind2::Static => BodyType::Static,
            Kind2::Dynamic => BodyType::Dynamic,
        };
        let def = BodyBuilder::new()
            .body_type(kind)
            .position([plan.position.x, plan.position.y])
            .linear_velocity([plan.velocity.x, plan.velocity.y])
            .awake(!plan.asleep)
            .enable_sleep(plan.can_sleep)
            .linear_damping(plan.linear_damping)
            .build();
        let id = self.world.create_body_id(def);
        if plan.sleep_threshold != 0.05 {
            self.world.set_body_sleep_threshold(id, plan.sleep_threshold);
        }
        id
    }

    fn shape(&mut self, body: BodyId, geometry: &Geometry, m: &Material) {
        let material = SurfaceMaterial::default()
            .with_friction(m.friction)
            .with_restitution(m.restitution);
        let filter = Filter {
            category_bits: m.category,
            mask_bits: m.mask,
            group_index: m.group,
        };
        let def = ShapeDef::builder()
            .density(m.density)
            .material(material)
            .filter(filter)
            .build();
        let w = &mut self.world;
        match *geometry {
            Geometry::Circle { center, radius } => {
                w.create_circle_shape_for(
                    body,
                    &def,
                    &shapes::circle([center.x, center.y], radius),
                );
            }
            Geometry::Capsule { a, b, radius } => {
                let capsule = shapes::capsule([a.x, a.y], [b.x, b.y], radius);
                w.create_capsule_shape_for(body, &def, &capsule);
            }
            Geometry::Box { half, center, radius } => {
                let at =
                    boxdd::Transform::from_pos_angle([center.x, center.y], 0.0);
                let polygon = match radius {
                    0.0 => shapes::offset_box_polygon(half.x, half.y, at),
                    _ => shapes::offset_rounded_box_polygon(
                        half.x, half.y, radius, at,
                    ),
                };
                w.create_polygon_shape_for(body, &def, &polygon);
            }
            Geometry::Hull { points, radius } => {
                let corners = points.map(|p| [p.x, p.y]);
                let polygon =
                    shapes::polygon_from_points(corners, radius).expect("a hull");
                w.create_polygon_shape_for(body, &def, &polygon);
            }
            Geometry::Segment { a, b } => {
                w.create_segment_shape_for(
                    body,
                    &def,
                    &shapes::segment([a.x, a.y], [b.x, b.y]),
                );
            }
        }
    }

    fn chain_loop(&mut self, body: BodyId, points: &[Vec2], friction: f32) {
        let material = SurfaceMaterial::default().with_friction(friction);
        let def = ChainDef::builder()
            .points(points.iter().map(|p| [p.x, p.y]))
            .is_loop(true)
            .single_material(&material)
            .build();
        self.world.create_chain_for_id(body, &def);
    }

    fn hinge(&mut self, h: &Hinge<BodyId>) -> JointId {
        // Box2D v3.2 gives the reference angle as a turn of A's joint frame.
        let (s, c) = h.reference_angle.sin_cos();
        let frame_a = ffi::b2Transform {
            p: ffi::b2Vec2 { x: h.local_a.x, y: h.local_a.y },
            q: ffi::b2Rot { c, s },
        };
        let frame_b = ffi::b2Transform {
            p: ffi::b2Vec2 { x: h.local_b.x, y: h.local_b.y },
            q: ffi::b2Rot { c: 1.0, s: 0.0 },
        };
        let base = JointBase::builder()
            .bodies_by_id(h.a, h.b)
            .local_frames_raw(frame_a, frame_b)
            .build();
        let mut def = RevoluteJointDef::new(base);
        if let Some((lower, upper)) = h.limit {
            def = def.enable_limit(true).lower_angle(lower).upper_angle(upper);
        }
        if let Some((speed, torque)) = h.motor {
            def =
                def.enable_motor(true).motor_speed(speed).max_motor_torque(torque);
        }
        if let Some((hertz, damping)) = h.spring {
            def = def.enable_spring(true).hertz(hertz).damping_ratio(damping);
        }
        self.world.create_revolute_joint_id(&def)
    }

    fn destroy_joint(&mut self, joint: JointId) {
        self.world.destroy_joint_id(joint, true);
    }

    fn destroy_body(&mut self, body: BodyId) {
        self.world.destroy_body_id(body);
    }

    fn pose(&self, body: BodyId) -> (Vec2, f32) {
        let p = self.world.body_position(body);
        (Vec2::new(p.x, p.y), self.world.body_rotation(body).angle())
    }

    fn speed(&self, body: BodyId) -> f32 {
        let v = self.world.body_linear_velocity(body);
        Vec2::new(v.x, v.y).length()
    }

    fn momentum(&self, body: BodyId) -> Vec2 {
        let v = self.world.body_linear_velocity(body);
        self.world.body_mass(body) * Vec2::new(v.x, v.y)
    }

    fn step(&mut self) {
        self.world.step(DT, SUBSTEPS);
    }
}

// ---------------------------------------------------------------------------------------------
// The runs.

/// One engine running one scene, as the runner sees it.
trait Run {
    /// The scene's per-step work, then a step.
    fn step(&mut self, index: usize);
    fn outcome(&self) -> (bool, String);
    fn timings(&self) -> Option<Timings>;
}

struct Running<B: Builder> {
    builder: B,
    scene: Scene<B>,
}

impl<B: Builder> Run for Running<B> {
    fn step(&mut self, index: usize) {
        self.scene.before_step(&mut self.builder, index);
        self.builder.step();
    }

    fn outcome(&self) -> (bool, String) {
        self.scene.outcome(&self.builder)
    }

    fn timings(&self) -> Option<Timings> {
        self.builder.timings()
    }
}

fn start<B: Builder + 'static>(mut builder: B, name: &'static str) -> Box<dyn Run> {
    let scene = Scene::new(name, &mut builder);
    Box::new(Running { builder, scene })
}

/// The four runs of a scene, in the table's order.
const ENGINES: [(&str, usize); 4] =
    [("ours (ch16)", 1), ("ours (ch16)", 2), ("Box2D v3.2", 1), ("Box2D v3.2", 2)];

fn runner(engine: usize, name: &'static str) -> Box<dyn Run> {
    match ENGINES[engine] {
        ("ours (ch16)", threads) => start(Ours::new(threads), name),
        (_, workers) => {
            let world = box2d_v3::new_world([0.0, -10.0], true, workers);
            start(Theirs { world }, name)
        }
    }
}

/// A scene's runs (`which` of [`ENGINES`]), taking turns in rounds of 10 steps:
/// each run's total time over steps 1 to the end (step 0 untimed, as in Box2D's
/// benchmark) and its outcome.
fn measure(
    name: &'static str,
    steps: usize,
    which: &[usize],
) -> Vec<(Duration, (bool, String))> {
    const ROUND: usize = 10;
    let n = which.len();
    let mut runs: Vec<Box<dyn Run>> =
        which.iter().map(|&e| runner(e, name)).collect();
    for run in &mut runs {
        run.step(0);
    }
    let mut total = vec![Duration::ZERO; n];
    for (round, first) in (1..steps).step_by(ROUND).enumerate() {
        if first % 100 == 1 && first > 1 {
            eprintln!("  {name}: step {first} of {steps}");
        }
        for k in (0..n).map(|k| (k + round) % n) {
            let clock = Instant::now();
            for step in first..(first + ROUND).min(steps) {
                runs[k].step(step);
            }
            total[k] += clock.elapsed();
        }
    }
    total.into_iter().zip(runs.iter().map(|r| r.outcome())).collect()
}

/// Box2D's own figures, from its repository (`benchmark/amd7950x_avx2/*.csv`
/// at v3.1.1): milliseconds on 1 and 2 threads, on its author's AMD 7950X, AVX2.
const PUBLISHED: [(&str, f64, f64); 7] = [
    ("joint_grid", 3174.52, 1795.2),
    ("large_pyramid", 1951.88, 1026.26),
    ("many_pyramids", 3312.37, 1674.87),
    ("rain", 8415.32, 4830.51),
    ("smash", 1946.15, 1212.81),
    ("spinner", 5145.33, 3090.7),
    ("tumbler", 2035.14, 1273.93),
];

/// One row of the table: `total` and `ratio` are `None` for a run not made.
struct Row {
    scene: &'static str,
    engine: &'static str,
    threads: usize,
    total: Option<Duration>,
    ratio: Option<f64>,
    held: String,
}

/// `--suite [--only SCENE] [--steps N] [--runs LIST] [--write FILE]`: run the
/// scenes, print the table, and with `--write` the book's page (with its bar
/// charts).
pub fn run(args: &[String]) {
    let only = args.iter().position(|a| a == "--only").map(|i| args[i + 1].clone());
    // `--steps N`: at most N steps a scene, for a quick look (not the suite's figures).
    let cap = args
        .iter()
        .position(|a| a == "--steps")
        .map_or(usize::MAX, |i| args[i + 1].parse().expect("--steps N"));
    // `--runs 0,2`: only these of the four runs (places in [`ENGINES`]), for a
    // profile of one engine (not the suite's figures).
    let runs: Vec<usize> = args.iter().position(|a| a == "--runs").map_or(
        (0..ENGINES.len()).collect(),
        |i| {
            args[i + 1].split(',').map(|r| r.parse().expect("--runs 0,2")).collect()
        },
    );
    let mut rows = Vec::new();
    let whole = Instant::now();
    for (name, steps) in SCENES {
        if only.as_ref().is_some_and(|o| o != name) {
            continue;
        }
        let steps = steps.min(cap);
        let which: Vec<usize> =
            (0..ENGINES.len()).filter(|e| runs.contains(e)).collect();
        eprintln!("{name}: {steps} steps ...");
        let measured = measure(name, steps, &which);
        let time =
            |e: usize| which.iter().position(|&w| w == e).map(|k| measured[k].0);
        for (e, &(engine, threads)) in ENGINES.iter().enumerate() {
            let theirs = ENGINES
                .iter()
                .position(|x| x.0 == "Box2D v3.2" && x.1 == threads)
                .expect("Box2D's run");
            let total = time(e);
            let ratio = total
                .zip(time(theirs))
                .map(|(ours, theirs)| ours.as_secs_f64() / theirs.as_secs_f64());
            let held = match which.iter().position(|&w| w == e) {
                Some(k) => measured[k].1.1.clone(),
                None => "not run (`--runs`)".to_string(),
            };
            rows.push(Row { scene: name, engine, threads, total, ratio, held });
        }
    }
    let mut table = String::from(
        "| scene | engine | threads | total ms | ratio to Box2D | held |\n|---|---|---:|---:|---:|---|\n",
    );
    for r in &rows {
        let total =
            r.total.map_or("-".into(), |t| format!("{:.0}", t.as_secs_f64() * 1e3));
        let ratio = r.ratio.map_or("-".into(), |x| format!("{x:.2}"));
        table += &format!(
            "| {} | {} | {} | {total} | {ratio} | {} |\n",
            r.scene, r.engine, r.threads, r.held
        );
    }
    print!("{table}");
    eprintln!("the suite took {:.0} s", whole.elapsed().as_secs_f64());
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let path = &args[i + 1];
        write_page(path, &table, &rows);
        eprintln!("wrote {path}");
    }
}

/// The command that writes the page.
const COMMAND: &str = "CARGO_TARGET_DIR=bench-peers/target/avx2 RUSTFLAGS='-C target-cpu=x86-64-v3' \
    CFLAGS_x86_64_unknown_linux_gnu=-DNDEBUG \
    cargo run --release --manifest-path bench-peers/Cargo.toml -- --suite";

/// The generated part of the book's page: the table, a bar chart per scene
/// (an SVG file in the `img` folder beside it, `box2d-suite-SCENE.svg`), and
/// Box2D's own figures.
fn write_page(path: &str, table: &str, rows: &[Row]) {
    let dir = std::path::Path::new(path).parent().expect("a folder");
    let mut charts = String::new();
    for (scene, ..) in SCENES {
        // One thread's pair, then two threads' pair.
        let mut bars: Vec<&Row> =
            rows.iter().filter(|r| r.scene == scene).collect();
        bars.sort_by_key(|r| r.threads);
        if bars.is_empty() {
            continue;
        }
        let file = format!("img/box2d-suite-{scene}.svg");
        std::fs::write(dir.join(&file), chart(scene, &bars))
            .expect("write a chart");
        charts += &format!(
            "![{scene}: total time, ours and Box2D on 1 and 2 threads]({file})\n\n"
        );
    }
    let mut published =
        String::from("| scene | 1 thread, ms | 2 threads, ms |\n|---|---:|---:|\n");
    for (scene, one, two) in PUBLISHED {
        published += &format!("| {scene} | {one:.0} | {two:.0} |\n");
    }
    let text = format!(
        "<!-- Generated by `{COMMAND} --write {path}`; do not edit. -->\n\n{table}\n\
         The total time of each scene's steps after the first, one process, the four runs taking \
         turns in rounds of 10 steps; \"ratio to Box2D\": to Box2D on as many threads. \
         Built for {}; Box2D's C for {} with `-DNDEBUG`. {}\n\n{charts}\
         Box2D's own figures for the same scenes, on its author's machine (an AMD 7950X, AVX2; \
         `benchmark/amd7950x_avx2/` in Box2D's repository at v3.1.1, the best of four runs \
         of each): a different machine, not to be compared with the table's figures.\n\n{published}",
        crate::RUST_BUILD,
        box2d_v3::BUILD,
        crate::cores(),
    );
    std::fs::write(path, text).expect("write the page");
}

/// A bar chart of one scene's four runs: total seconds, a bar each, on one
/// thread and then on two; a run not made is said so.
fn chart(scene: &str, rows: &[&Row]) -> String {
    let (width, bar_h, gap, left, top) = (560.0, 22.0, 8.0, 190.0, 30.0);
    let seconds = |r: &Row| r.total.map_or(0.0, |t| t.as_secs_f64());
    let longest = rows.iter().map(|r| seconds(r)).fold(0.0, f64::max);
    let height = top + rows.len() as f64 * (bar_h + gap) + 10.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"10\" y=\"20\" font-weight=\"bold\">{scene}: total time of the run</text>\n"
    );
    for (k, r) in rows.iter().enumerate() {
        let y = top + k as f64 * (bar_h + gap);
        let label = format!(
            "{}, {} thread{}",
            r.engine,
            r.threads,
            if r.threads == 1 { "" } else { "s" }
        );
        svg += &format!("<text x=\"10\" y=\"{:.0}\">{label}</text>\n", y + 16.0);
        let Some(ratio) = r.ratio else {
            svg += &format!(
                "<text x=\"{left}\" y=\"{:.0}\" fill=\"#666\">not run (see the table)</text>\n",
                y + 16.0
            );
            continue;
        };
        let seconds = seconds(r);
        let w = (width - left - 110.0) * seconds / longest;
        let colour = match (r.engine.starts_with("ours"), r.threads) {
            (true, 1) => "#4a7fb5",
            (true, _) => "#8fb8e0",
            (false, 1) => "#c06030",
            (false, _) => "#e8a27a",
        };
        let note = if r.engine.starts_with("ours") {
            format!(" ({ratio:.2}x)")
        } else {
            String::new()
        };
        svg += &format!(
            "<rect x=\"{left}\" y=\"{y:.0}\" width=\"{w:.1}\" height=\"{bar_h}\" \
             fill=\"{colour}\"/>\n<text x=\"{:.1}\" y=\"{:.0}\">{seconds:.1} s{note}</text>\n",
            left + w + 6.0,
            y + 16.0,
        );
    }
    svg + "</svg>\n"
}

/// `--suite --stages [--only SCENE] [--steps N] [--write FILE]`: print
/// [`stages`]' table, and with `--write` the book's table of it.
pub fn write_stages(args: &[String]) {
    let table = stages(args);
    print!("{table}");
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let path = &args[i + 1];
        let text = format!(
            "<!-- Generated by `{COMMAND} --stages --steps {STAGE_STEPS} --write {path}`; do not edit. -->\n\n\
             {table}\n\
             Milliseconds a step of ours spends in each of chapter 14's stages (collide: waking, \
             the tree, the narrow phase; prepare: colouring and preparing the contacts; solve: \
             every substep's joint and contact passes; integrate: moving the bodies; finish: the \
             sweep, the tree, sleep) and after them (chapter 15's events, chapter 16's parts), \
             over each scene's first {STAGE_STEPS} steps after the first, on one thread and on two \
             taking turns in rounds of 10 steps. Built for {}. {}\n",
            crate::RUST_BUILD,
            crate::cores(),
        );
        std::fs::write(path, text).expect("write the page");
    }
}

/// How many steps of each scene the book's table of stages times.
const STAGE_STEPS: usize = 300;

/// `--suite --stages [--only SCENE] [--steps N]`: where our step's time goes,
/// on one thread and on two, the two runs taking turns in rounds of 10 steps:
/// the milliseconds a step spends in each of chapter 14's stages, and after
/// them (chapter 15's events, chapter 16's parts), summed over the steps after
/// the first and divided by their count.
pub fn stages(args: &[String]) -> String {
    let only = args.iter().position(|a| a == "--only").map(|i| args[i + 1].clone());
    let cap = args
        .iter()
        .position(|a| a == "--steps")
        .map_or(usize::MAX, |i| args[i + 1].parse().expect("--steps N"));
    let mut out = String::from(
        "| scene | threads | collide | prepare | solve | integrate | finish | after | step, ms |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (name, steps) in SCENES {
        if only.as_ref().is_some_and(|o| o != name) {
            continue;
        }
        let steps = steps.min(cap);
        eprintln!("{name}: {steps} steps ...");
        let mut runs: Vec<Box<dyn Run>> = (0..2).map(|e| runner(e, name)).collect();
        // Per run: the five stages, what follows them, the whole step.
        let mut sums = [[0.0f64; 7]; 2];
        for run in &mut runs {
            run.step(0);
        }
        for (round, first) in (1..steps).step_by(10).enumerate() {
            for k in [round % 2, 1 - round % 2] {
                for step in first..(first + 10).min(steps) {
                    let clock = Instant::now();
                    runs[k].step(step);
                    let whole = clock.elapsed().as_secs_f64() * 1000.0;
                    let t = runs[k].timings().expect("ours keeps its clocks");
                    let staged =
                        [t.collide, t.prepare, t.solve, t.integrate, t.finish]
                            .map(f64::from);
                    for (sum, x) in sums[k].iter_mut().zip(staged) {
                        *sum += x;
                    }
                    sums[k][5] += whole - staged.iter().sum::<f64>();
                    sums[k][6] += whole;
                }
            }
        }
        for (k, sum) in sums.iter().enumerate() {
            let cells: Vec<String> = sum
                .iter()
                .map(|x| format!("{:.2}", x / (steps - 1) as f64))
                .collect();
            out +=
                &format!("| {name} | {} | {} |\n", ENGINES[k].1, cells.join(" | "));
        }
    }
    out
}
