//! # Physics checks
//!
//! The engine against textbook physics. Each check is a scene file in `checks/scenes/`, run by
//! every chapter that can simulate it exactly as `--scene FILE --trace out.csv` would, with the
//! trace then analysed and compared with the analytic answer. The test `tests/checks.rs` fails
//! on any check out of tolerance and on a stale table; `cargo run -p physics-checks -- --table
//! FILE` (run by `cargo xtask pictures`) writes the table the book's appendix includes.

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
        self.rows
            .iter()
            .filter(|r| r.body == i)
            .map(|r| r.state)
            .collect()
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
const FALLING: &[Chapter] = &[CH02, CH03];
/// Bodies with mass and size hitting each other: chapter 3 on.
const COLLIDING: &[Chapter] = &[CH03];

fn free_fall_y(t: &Trace) -> f64 {
    t.body(0)[60].position.y as f64
}

fn last_vx(t: &Trace, i: usize) -> f64 {
    t.body(i).last().unwrap().velocity.x as f64
}

/// The step at which the ball first moves up: the step of the bounce.
fn bounce_step(t: &Trace) -> usize {
    let ball = t.body(0);
    ball.iter()
        .position(|b| b.velocity.y > 0.0)
        .unwrap_or(ball.len() - 1)
}

/// Rebound speed over impact speed. A step adds gravity, then bounces, so the velocity the
/// bounce saw is the previous step's plus g dt.
fn speed_ratio(t: &Trace) -> f64 {
    let ball = t.body(0);
    let k = bounce_step(t);
    let before = ball[k - 1].velocity.y as f64 - G * t.dt;
    -(ball[k].velocity.y as f64) / before
}

/// The highest the ball's bottom (radius 0.1 m) gets after its first bounce, over the 2 m it
/// fell from.
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
            // v_k = -g dt k and y_n = y_0 - sum v_k dt = y_0 - g dt^2 n (n + 1) / 2.
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
            // y_0 - g t^2 / 2 minus the sum above: g dt t / 2, the method's first-order error.
            expected: G * dt * 1.0 / 2.0,
            tolerance: 1e-4,
            why: "the same f32 rounding; the difference itself is the method, not noise",
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
            chapters: FALLING,
            quantity: "rebound speed / impact speed",
            expected: 0.5,
            tolerance: 1e-4,
            why: "one reflection of an f32 velocity near 6 m/s",
            measure: speed_ratio,
        },
        Check {
            name: "rebound height, e = 0.5, dt = 1/60 s",
            scene: "bounce.json",
            steps: 150,
            chapters: COLLIDING,
            // Rebound speed e v, so rebound height (e v)^2 / 2g = e^2 h.
            quantity: "rebound height / drop height",
            expected: 0.25,
            tolerance: 0.03,
            why: "a fixed step finds the floor late and integrates each flight with an error of order g dt t; at 60 Hz that is about a tenth of e^2 h, and it shrinks in proportion to dt (next row)",
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

/// Run `scene` with `chapter` for `steps` steps, write the trace as the CSV `--trace` writes, and
/// read it back.
pub fn run(chapter: &Chapter, scene: &str, steps: usize) -> Result<Trace, String> {
    let path = scene_dir().join(scene);
    let scene = Scene::load(&path).map_err(|e| e.to_string())?;
    let make = chapter
        .from_scene
        .ok_or_else(|| format!("{} loads no scenes", chapter.package))?;
    let mut demo = make(&scene).map_err(|e| e.to_string())?;
    let dt = scene.dt;
    let mut csv = TraceWriter::new(Vec::new()).map_err(|e| e.to_string())?;
    csv.record(0, 0.0, &demo.bodies())
        .map_err(|e| e.to_string())?;
    for step in 1..=steps {
        demo.step(dt);
        csv.record(step as u64, step as f64 * dt as f64, &demo.bodies())
            .map_err(|e| e.to_string())?;
    }
    let text = String::from_utf8(csv.finish().map_err(|e| e.to_string())?).unwrap();
    Ok(Trace {
        dt: dt as f64,
        rows: parse(&text)?,
    })
}

/// Every check by every chapter that can run it.
pub fn run_all() -> Result<Vec<Outcome>, String> {
    let mut out = Vec::new();
    for check in checks() {
        for chapter in check.chapters {
            let trace = run(chapter, check.scene, check.steps)
                .map_err(|e| format!("{} / {}: {e}", chapter.package, check.name))?;
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
        "| check | chapter | quantity | expected | measured | tolerance | |\n|---|---|---|---:|---:|---:|---|\n",
    );
    for o in outcomes {
        s.push_str(&format!(
            "| {} | `{}` | {} | {:.4} | {:.4} | ±{} | {} |\n",
            o.check.name,
            o.chapter,
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
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/src/physics-checks-table.md")
}

/// The whole generated file: the table and the tolerances.
pub fn generated(outcomes: &[Outcome]) -> String {
    format!(
        "<!-- Generated by `cargo run -p physics-checks -- --table` (or `cargo xtask pictures`); do not edit. -->\n\n{}\nTolerances:\n\n{}",
        table(outcomes),
        tolerances()
    )
}
