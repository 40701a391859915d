//! # Physics checks
//!
//! The engine against textbook physics. Each check is a scene file in
//! `checks/scenes/`, run by every chapter that can simulate it exactly as `--scene
//! FILE --trace out.csv` would, with the trace then analysed and compared with the
//! analytic answer. The test `tests/checks.rs` fails on any check out of tolerance
//! and on a stale table; `cargo run -p physics-checks -- --table FILE` (run by
//! `cargo xtask pictures`) writes the table the book's appendix includes.

use physics_core::demo::{BodyState, Chapter};
use physics_core::scene::Scene;
use physics_core::trace::{TraceRow, TraceWriter, parse};
use std::path::{Path, PathBuf};

/// The standard gravity every scene here uses, m/s^2.
const G: f64 = 9.81;

/// A run's trace, read back from the CSV the engine wrote.
pub struct Trace {
    pub dt: f64,
    pub rows: Vec<TraceRow>,
}

impl Trace {
    /// Body `i`'s state at every step, from step 0.
    pub fn body(&self, i: usize) -> Vec<BodyState> {
        self.rows.iter().filter(|r| r.body == i).map(|r| r.state).collect()
    }
}

/// One comparison with a textbook result.
#[derive(Clone)]
pub struct Check {
    /// A short name, the same for every chapter that runs it.
    pub name: &'static str,
    /// The scene file, under `checks/scenes/`.
    pub scene: &'static str,
    pub steps: usize,
    /// The chapters that can simulate it.
    pub chapters: &'static [Chapter],
    /// What is measured, with its unit.
    pub quantity: &'static str,
    pub expected: f64,
    /// How far the measurement may be from `expected`, and why that much.
    pub tolerance: f64,
    pub why: &'static str,
    pub measure: fn(&Trace) -> f64,
}

const CH02: Chapter = ch02_planes_restitution::demos::CHAPTER;
const CH03: Chapter = ch03_mass_weighted_impulses::demos::CHAPTER;
/// Particles or circles falling onto planes: chapter 2 on.
const FALLING: &[Chapter] = &[CH02, CH03, CH08, CH09];
/// Chapters 10 to 17 integrate in 4 substeps of a quarter step each.
const SUBSTEPPED: &[Chapter] = &[CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17];
/// Bodies with mass and size hitting each other: chapter 3 on.
const COLLIDING: &[Chapter] =
    &[CH03, CH08, CH09, CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17];
const CH06: Chapter = ch06_rotation_friction::demos::CHAPTER;
const CH07: Chapter = ch07_distance_constraints::demos::CHAPTER;
const CH08: Chapter = ch08_sequential_impulses::demos::CHAPTER;
const CH09: Chapter = ch09_joints::demos::CHAPTER;
const CH10: Chapter = ch10_soft_step::demos::CHAPTER;
const CH11: Chapter = ch11_polygons::demos::CHAPTER;
const CH12: Chapter = ch12_continuous::demos::CHAPTER;
const CH13: Chapter = ch13_islands::demos::CHAPTER;
const CH14: Chapter = ch14_wide_solver::demos::CHAPTER;
const CH15: Chapter = ch15_game_api::demos::CHAPTER;
const CH16: Chapter = ch16_characters::demos::CHAPTER;
const CH17: Chapter = ch17_a_game::demos::CHAPTER;
/// Bodies that turn and rub: chapter 6 on.
const ROTATING: &[Chapter] =
    &[CH06, CH07, CH08, CH09, CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17];
/// Bodies on joints: chapter 7 on.
const JOINTED: &[Chapter] =
    &[CH07, CH08, CH09, CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17];

/// The tilt of the incline scenes, radians.
const INCLINE: f64 = 0.25;

/// The block's velocity down the incline at step `k`.
fn down_slope(t: &Trace, k: usize) -> f64 {
    let b = t.body(1)[k];
    let (c, s) = (INCLINE.cos(), INCLINE.sin());
    b.velocity.x as f64 * c - b.velocity.y as f64 * s
}

/// How far the block has gone down the incline by the last step, metres.
fn slid(t: &Trace) -> f64 {
    let b = t.body(1);
    let (p0, p1) = (b[0].position, b.last().unwrap().position);
    let (c, s) = (INCLINE.cos(), INCLINE.sin());
    (p1.x - p0.x) as f64 * c - (p1.y - p0.y) as f64 * s
}

/// The mean period of the pendulum in the trace: the time between its first and
/// last crossing of the bottom going right, over the swings between them (crossings
/// interpolated).
fn period(t: &Trace) -> f64 {
    let bob = t.body(1);
    let crossings: Vec<f64> = bob
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w[0].position.x < 0.0 && w[1].position.x >= 0.0)
        .map(|(k, w)| {
            let (x0, x1) = (w[0].position.x as f64, w[1].position.x as f64);
            (k as f64 + x0 / (x0 - x1)) * t.dt
        })
        .collect();
    match crossings.as_slice() {
        [first, .., last] => (last - first) / (crossings.len() - 1) as f64,
        _ => f64::NAN,
    }
}

fn free_fall_y(t: &Trace) -> f64 {
    t.body(0)[60].position.y as f64
}

fn last_vx(t: &Trace, i: usize) -> f64 {
    t.body(i).last().unwrap().velocity.x as f64
}

/// The step at which the ball first moves up: the step of the bounce.
fn bounce_step(t: &Trace) -> usize {
    let ball = t.body(0);
    ball.iter().position(|b| b.velocity.y > 0.0).unwrap_or(ball.len() - 1)
}

/// Rebound speed over impact speed. A step adds gravity, then bounces, so the
/// velocity the bounce saw is the previous step's plus g dt.
fn speed_ratio(t: &Trace) -> f64 {
    let ball = t.body(0);
    let k = bounce_step(t);
    let before = ball[k - 1].velocity.y as f64 - G * t.dt;
    -(ball[k].velocity.y as f64) / before
}

/// The ball's speed just after its first bounce over its speed when the bounce step
/// began.
fn speed_ratio_at_start(t: &Trace) -> f64 {
    let ball = t.body(0);
    let k = bounce_step(t);
    -(ball[k].velocity.y as f64) / ball[k - 1].velocity.y as f64
}

/// The highest the ball's bottom (radius 0.1 m) gets after its first bounce, over
/// the 2 m it fell from.
fn height_ratio(t: &Trace) -> f64 {
    let ball = t.body(0);
    let apex = ball[bounce_step(t)..]
        .iter()
        .map(|b| b.position.y as f64 - 0.1)
        .fold(f64::MIN, f64::max);
    apex / 2.0
}

/// Every check, in the order of the book's table.
pub fn checks() -> Vec<Check> {
    let dt = 1.0 / 60.0;
    let n = 60.0;
    vec![
        Check {
            name: "free fall, semi-implicit Euler",
            scene: "free-fall.json",
            steps: 60,
            chapters: FALLING,
            quantity: "height after 1 s (m)",
            // v_k = -g dt k and y_n = y_0 - sum v_k dt = y_0 - g dt^2 n (n + 1) /
            // 2.
            expected: 10.0 - G * dt * dt * n * (n + 1.0) / 2.0,
            tolerance: 1e-4,
            why: "60 f32 additions to a value near 10 (an ulp is 1e-6)",
            measure: free_fall_y,
        },
        Check {
            name: "free fall against the exact parabola",
            scene: "free-fall.json",
            steps: 60,
            chapters: FALLING,
            quantity: "exact y(1 s) minus measured (m)",
            // y_0 - g t^2 / 2 minus the sum above: g dt t / 2, the method's
            // first-order error.
            expected: G * dt * 1.0 / 2.0,
            tolerance: 1e-4,
            why: "the same f32 rounding; the difference itself is the method, not noise",
            measure: |t| (10.0 - G / 2.0) - free_fall_y(t),
        },
        Check {
            name: "free fall, semi-implicit Euler in 4 substeps",
            scene: "free-fall.json",
            steps: 60,
            chapters: SUBSTEPPED,
            quantity: "height after 1 s (m)",
            // The same sum over 4 n substeps of dt / 4.
            expected: 10.0
                - G * (dt / 4.0) * (dt / 4.0) * (4.0 * n) * (4.0 * n + 1.0) / 2.0,
            tolerance: 1e-4,
            why: "240 f32 additions to a value near 10",
            measure: free_fall_y,
        },
        Check {
            name: "free fall against the exact parabola, 4 substeps",
            scene: "free-fall.json",
            steps: 60,
            chapters: SUBSTEPPED,
            quantity: "exact y(1 s) minus measured (m)",
            // g h t / 2 with h = dt / 4: a quarter of the error of one step per
            // frame.
            expected: G * (dt / 4.0) * 1.0 / 2.0,
            tolerance: 1e-4,
            why: "the same f32 rounding; four substeps cut the method's error four times",
            measure: |t| (10.0 - G / 2.0) - free_fall_y(t),
        },
        Check {
            name: "elastic collision, masses 1 and 3",
            scene: "elastic-unequal.json",
            steps: 60,
            chapters: COLLIDING,
            quantity: "v1 after (m/s)",
            // v1' = (m1 - e m2) v1 / (m1 + m2) = (1 - 3) 4 / 4
            expected: -2.0,
            tolerance: 1e-4,
            why: "one impulse, a few f32 operations on numbers near 4",
            measure: |t| last_vx(t, 0),
        },
        Check {
            name: "elastic collision, masses 1 and 3",
            scene: "elastic-unequal.json",
            steps: 60,
            chapters: COLLIDING,
            quantity: "v2 after (m/s)",
            // v2' = m1 (1 + e) v1 / (m1 + m2) = 1 * 2 * 4 / 4
            expected: 2.0,
            tolerance: 1e-4,
            why: "as above",
            measure: |t| last_vx(t, 1),
        },
        Check {
            name: "collision with e = 0.5, masses 1 and 3",
            scene: "half-elastic-unequal.json",
            steps: 60,
            chapters: COLLIDING,
            quantity: "v1 after (m/s)",
            // (1 - 0.5 * 3) 4 / 4
            expected: -0.5,
            tolerance: 1e-4,
            why: "as above",
            measure: |t| last_vx(t, 0),
        },
        Check {
            name: "collision with e = 0.5, masses 1 and 3",
            scene: "half-elastic-unequal.json",
            steps: 60,
            chapters: COLLIDING,
            quantity: "v2 after (m/s)",
            // 1 * 1.5 * 4 / 4
            expected: 1.5,
            tolerance: 1e-4,
            why: "as above",
            measure: |t| last_vx(t, 1),
        },
        Check {
            name: "Newton's law of restitution, e = 0.5",
            scene: "bounce.json",
            steps: 150,
            chapters: &[CH02, CH03],
            // Chapters 2 and 3 add gravity first, then reflect the velocity they
            // have.
            quantity: "rebound speed / impact speed after the step's gravity",
            expected: 0.5,
            tolerance: 1e-4,
            why: "one reflection of an f32 velocity near 6 m/s",
            measure: speed_ratio,
        },
        Check {
            name: "Newton's law of restitution, e = 0.5, approach measured first",
            scene: "bounce.json",
            steps: 150,
            chapters: &[CH08, CH09, CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17],
            // Chapter 8 measures the approach speed before gravity, as SmallSI and
            // Box2D do.
            quantity: "rebound speed / impact speed at the step's start",
            expected: 0.5,
            tolerance: 1e-4,
            why: "one reflection of an f32 velocity near 6 m/s",
            measure: speed_ratio_at_start,
        },
        Check {
            name: "rebound height, e = 0.5, dt = 1/60 s",
            scene: "bounce.json",
            steps: 150,
            chapters: &[CH03, CH08, CH09, CH12, CH13, CH14, CH15, CH16, CH17],
            // Rebound speed e v, so rebound height (e v)^2 / 2g = e^2 h. (Chapter
            // 12's speculative contact stops the ball at the floor within the step
            // and bounces it there, as chapter 8 does, not a step late as chapters
            // 10 and 11 do.)
            quantity: "rebound height / drop height",
            expected: 0.25,
            tolerance: 0.03,
            why: "a fixed step finds the floor a little early or late and integrates each flight with an error of order g dt t; at 60 Hz that is about a tenth of e^2 h, and it shrinks in proportion to dt (next row)",
            measure: height_ratio,
        },
        Check {
            name: "rebound height, e = 0.5, dt = 1/60 s, bounce after the substeps",
            scene: "bounce.json",
            steps: 150,
            chapters: &[CH10, CH11],
            // The soft step bounces after its substeps have moved the bodies: the
            // ball leaves the floor a step later, after one more g dt of gravity,
            // at e v - g dt instead of e v (v = sqrt(2 g 2 m)).
            quantity: "rebound height / drop height",
            expected: {
                let v = (2.0 * G * 2.0).sqrt();
                0.25 * (1.0 - G * dt / (0.5 * v)).powi(2)
            },
            tolerance: 0.03,
            why: "the same fixed-step error as chapters 3 to 9's row; the late start itself is in the expected value, 10 % of e^2 h at 60 Hz",
            measure: height_ratio,
        },
        Check {
            name: "rebound height, e = 0.5, dt = 1/600 s",
            scene: "bounce-fine.json",
            steps: 1500,
            chapters: COLLIDING,
            quantity: "rebound height / drop height",
            expected: 0.25,
            tolerance: 0.005,
            why: "the same first-order error, ten times smaller at a ten times smaller step",
            measure: height_ratio,
        },
        Check {
            name: "block sliding down a 0.25 rad incline, mu = 0.1",
            scene: "incline-slide.json",
            steps: 90,
            chapters: ROTATING,
            quantity: "acceleration down the slope (m/s^2)",
            // Newton along the slope: m a = m g sin(theta) - mu m g cos(theta).
            expected: G * (INCLINE.sin() - 0.1 * INCLINE.cos()),
            tolerance: 0.005,
            why: "each step the friction impulse is exactly mu times the normal impulse, and that is exactly m g cos(theta) dt; what is left is f32 rounding of velocities near 2 m/s",
            measure: |t| (down_slope(t, 90) - down_slope(t, 30)) / (60.0 * t.dt),
        },
        Check {
            name: "block resting on a 0.25 rad incline, mu = 0.35 > tan 0.25",
            scene: "incline-stick.json",
            steps: 300,
            chapters: ROTATING,
            quantity: "distance slid in 5 s (m)",
            expected: 0.0,
            tolerance: 0.02,
            why: "a normal impulse that can only push cannot take back the push that lifted one corner, so the block rocks and creeps about a millimetre a second; chapter 8's accumulated impulses remove it",
            measure: slid,
        },
        Check {
            name: "tall box (0.3 x 1.5 m) leaning 0.35 rad on its corner",
            scene: "tip.json",
            steps: 300,
            chapters: ROTATING,
            // Its centre is past the corner (tan 0.35 > 0.3 / 1.5), so it falls
            // onto its side.
            quantity: "angle after 5 s (rad)",
            expected: std::f64::consts::FRAC_PI_2,
            tolerance: 0.05,
            why: "lying on its long side, tilted only by the penetration the slop leaves under it",
            measure: |t| t.body(1).last().unwrap().angle as f64,
        },
        Check {
            name: "wide box (1.5 x 0.6 m) leaning 0.35 rad on its corner",
            scene: "tip.json",
            steps: 300,
            chapters: ROTATING,
            // Its centre is short of the corner (tan 0.35 < 1.5 / 0.6), so it falls
            // back.
            quantity: "angle after 5 s (rad)",
            expected: 0.0,
            tolerance: 0.01,
            why: "as above: back on its base",
            measure: |t| t.body(2).last().unwrap().angle as f64,
        },
        Check {
            name: "pendulum, L = 1 m, amplitude 0.1 rad",
            scene: "pendulum.json",
            steps: 720,
            chapters: JOINTED,
            quantity: "period (s)",
            // 2 pi sqrt(L/g), lengthened by theta^2 / 16 at a finite amplitude.
            expected: std::f64::consts::TAU
                * (1.0 / G).sqrt()
                * (1.0 + 0.01 / 16.0),
            tolerance: 0.04,
            why: "2 %: semi-implicit Euler's phase error at 60 Hz is (w dt)^2 / 24, under 0.01 %, and the rod's drift fix keeps the length to a fraction of a millimetre",
            measure: period,
        },
        Check {
            name: "physical pendulum: a 1.2 m rod pinned 0.5 m above its centre, 0.1 rad",
            scene: "physical-pendulum.json",
            steps: 720,
            chapters: &[CH09, CH10, CH11, CH12, CH13, CH14, CH15, CH16, CH17],
            quantity: "period (s)",
            // 2 pi sqrt(I / (m g d)), I = m (L^2 + w^2) / 12 + m d^2 about the pin,
            // lengthened by theta^2 / 16 at a finite amplitude.
            expected: {
                let (m, d) = (2.0, 0.5);
                let inertia = m * (1.2 * 1.2 + 0.1 * 0.1) / 12.0 + m * d * d;
                std::f64::consts::TAU
                    * (inertia / (m * G * d)).sqrt()
                    * (1.0 + 0.01 / 16.0)
            },
            tolerance: 0.003,
            why: "0.2 %: semi-implicit Euler's phase error at 60 Hz is under 0.02 %, and the pin's rows lose a little energy each step, which barely moves a small swing's period",
            measure: period,
        },
        Check {
            name: "a 1 Hz spring on a slider, undamped, started 0.1 m out",
            // In its own folder: the scenes beside it load from chapter 8 on
            // (every chapter's tests load them), and a spring needs 16.
            scene: "ch16/spring-slider.json",
            steps: 360,
            chapters: &[CH16, CH17],
            quantity: "period (s)",
            // A spring of 1 Hz on the slider's own row: 1 s, whatever the mass.
            expected: 1.0,
            tolerance: 0.001,
            why: "0.1 %: the soft step's implicit spring turns a substep by atan(h w), not h w, so the period is long by (h w)^2 / 3, 0.02 % at 240 substeps a second; the crossings' interpolation adds less",
            measure: period,
        },
    ]
}

/// The result of one check run by one chapter.
pub struct Outcome {
    pub check: Check,
    pub chapter: &'static str,
    pub measured: f64,
}

impl Outcome {
    pub fn passed(&self) -> bool {
        (self.measured - self.check.expected).abs() <= self.check.tolerance
    }
}

/// Where the scene files are.
pub fn scene_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")
}

/// Run `scene` with `chapter` for `steps` steps, write the trace as the CSV
/// `--trace` writes, and read it back.
pub fn run(chapter: &Chapter, scene: &str, steps: usize) -> Result<Trace, String> {
    let path = scene_dir().join(scene);
    let scene = Scene::load(&path)
        .map_err(|e| e.in_chapter(chapter.number, chapter.supports).to_string())?;
    if chapter.from_scene.is_none() {
        return Err(format!("{} loads no scenes", chapter.package));
    }
    let mut demo = chapter.load_scene(&scene).map_err(|e| e.to_string())?;
    let dt = scene.dt;
    let mut csv = TraceWriter::new(Vec::new()).map_err(|e| e.to_string())?;
    csv.record(0, 0.0, &demo.bodies()).map_err(|e| e.to_string())?;
    for step in 1..=steps {
        demo.step(dt);
        csv.record(step as u64, step as f64 * dt as f64, &demo.bodies())
            .map_err(|e| e.to_string())?;
    }
    let text = String::from_utf8(csv.finish().map_err(|e| e.to_string())?).unwrap();
    Ok(Trace { dt: dt as f64, rows: parse(&text)? })
}

/// Every check by every chapter that can run it.
pub fn run_all() -> Result<Vec<Outcome>, String> {
    let mut out = Vec::new();
    for check in checks() {
        for chapter in check.chapters {
            let trace = run(chapter, check.scene, check.steps).map_err(|e| {
                format!("{} / {}: {e}", chapter.package, check.name)
            })?;
            let measured = (check.measure)(&trace);
            out.push(Outcome {
                check: check.clone(),
                chapter: chapter.package,
                measured,
            });
        }
    }
    Ok(out)
}

/// The book's table, as Markdown.
pub fn table(outcomes: &[Outcome]) -> String {
    let mut s = String::from(
        "| check | ch. | quantity | expected | measured | tolerance | |\n\
         |---|---:|---|---:|---:|---:|---|\n",
    );
    let mut last = "";
    for o in outcomes {
        // The check's name once, on its first row; the chapter as its number
        // (`ch03-mass-weighted-impulses` is 3), so the table fits the page.
        let name = if o.check.name == last { "" } else { o.check.name };
        last = o.check.name;
        let number = o.chapter.get(2..4).and_then(|n| n.parse::<u32>().ok());
        s.push_str(&format!(
            "| {name} | {} | {} | {:.4} | {:.4} | ±{} | {} |\n",
            number.map_or(o.chapter.to_string(), |n| n.to_string()),
            o.check.quantity,
            o.check.expected,
            o.measured,
            o.check.tolerance,
            if o.passed() { "pass" } else { "FAIL" }
        ));
    }
    s
}

/// The tolerances explained, one line per distinct check, for under the table.
pub fn tolerances() -> String {
    let mut s = String::new();
    let mut seen = Vec::new();
    for c in checks() {
        if !seen.contains(&c.why) {
            seen.push(c.why);
            if c.why != "as above" {
                s.push_str(&format!("- *{}*: {}.\n", c.name, c.why));
            }
        }
    }
    s
}

/// Where the book includes the table from.
pub fn table_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../book/src/physics-checks-table.md")
}

/// The whole generated file: the table and the tolerances.
pub fn generated(outcomes: &[Outcome]) -> String {
    format!(
        "<!-- Generated by `cargo run -p physics-checks -- --table` (or `cargo xtask pictures`); do not edit. -->\n\n{}\nTolerances:\n\n{}",
        table(outcomes),
        tolerances()
    )
}
