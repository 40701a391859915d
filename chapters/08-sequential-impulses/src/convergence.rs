//! Chapter 8's convergence plot: how far the rows are from being met,
//! pass by pass, for settled scenes started cold and one stack live.

use crate::World;
use crate::demos::ITERATION_CHOICES;
use crate::worlds::{mass_ratio_stack, pyramid_with_drop};
use ch06_rotation_friction::demos::MouseSpring;
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};

/// The convergence demo: the residual after each of 100 passes of one
/// step started cold (warm starting off), for three settled scenes,
/// drawn on a log scale beside the 30:1 stack, whose warm-started
/// residual per pass is drawn live.
#[derive(Clone, Debug)]
pub struct Convergence {
    world: World,
    cold: Vec<(&'static str, Color, Vec<f32>)>,
    live: Vec<f32>,
}

// ANCHOR: convergence
/// The residual ([`World::residual`]) after each of `passes` passes of
/// one step of `world`, started cold: settle `settle` steps, then one
/// step with warm starting off.
pub fn residual_per_pass(mut world: World, settle: usize, passes: u32) -> Vec<f32> {
    for _ in 0..settle {
        world.step(1.0 / 60.0);
    }
    world.settings.iterations = passes;
    world.settings.warm_starting = false;
    let mut residuals = Vec::new();
    world.step_watching(1.0 / 60.0, |w| residuals.push(w.residual()));
    residuals
}
// ANCHOR_END: convergence

/// The plot's corner in the world, and metres per pass and per decade.
const PLOT_ORIGIN: Vec2 = Vec2::new(2.5, 0.5);
const PLOT_SCALE: Vec2 = Vec2::new(0.1, 1.0);

/// The plot spans 10^-7 to 10^0 m/s.
const PLOT_DECADES: f32 = 7.0;

impl Convergence {
    /// The demo: the three cold curves, worked out once, beside the live
    /// 30:1 stack.
    pub fn lab() -> Lab<Convergence> {
        let cold = vec![
            (
                "pyramid, 20 rows",
                Color::YELLOW,
                residual_per_pass(pyramid_with_drop(20, -0.005), 60, 100),
            ),
            (
                "stack, 1:1",
                Color::GREEN,
                residual_per_pass(mass_ratio_stack(1.0), 60, 100),
            ),
            (
                "stack, 30:1",
                Color::RED,
                residual_per_pass(mass_ratio_stack(30.0), 60, 100),
            ),
        ];
        let sim =
            Convergence { world: mass_ratio_stack(30.0), cold, live: Vec::new() };
        let view = (Vec2::new(-2.0, -0.8), Vec2::new(13.5, 8.5));
        Lab::new(sim, CONVERGENCE_KNOBS, view)
    }

    /// A residual at pass `k` (from 0) as a point of the plot.
    fn plot(k: usize, residual: f32) -> Vec2 {
        let decade =
            residual.max(1e-9).log10().clamp(-PLOT_DECADES, 0.0) + PLOT_DECADES;
        PLOT_ORIGIN + PLOT_SCALE * Vec2::new(k as f32 + 1.0, decade)
    }

    fn curve(out: &mut DrawList, residuals: &[f32], color: Color) {
        for (k, pair) in residuals.windows(2).enumerate() {
            let (a, b) = (Self::plot(k, pair[0]), Self::plot(k + 1, pair[1]));
            out.segment_width(a, b, color, 2.0);
        }
    }
}

/// The 30:1 stack's own switch: its iterations (the curves are fixed).
const CONVERGENCE_KNOBS: &[Knob<Convergence>] = &[Knob::number(
    'i',
    "the stack's iterations (I more, Shift+I fewer)",
    ITERATION_CHOICES,
    |c| c.world.settings.iterations as f32,
    |c, n| c.world.settings.iterations = n.clamp(1.0, 1000.0) as u32,
)];

impl Sim for Convergence {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        self.live.clear();
        let live = &mut self.live;
        self.world.step_watching(dt, |w| live.push(w.residual()));
    }

    fn bodies(&self) -> Vec<BodyState> {
        Sim::bodies(&self.world)
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        self.world.draw(out, overlay);
        let (o, s) = (PLOT_ORIGIN, PLOT_SCALE);
        let right = o.x + 100.0 * s.x;
        out.segment(o, Vec2::new(right, o.y), Color::GREY);
        out.segment(o, o + Vec2::new(0.0, PLOT_DECADES * s.y), Color::GREY);
        for d in 0..=PLOT_DECADES as i32 {
            let y = o.y + d as f32 * s.y;
            out.segment(Vec2::new(o.x - 0.1, y), Vec2::new(o.x, y), Color::GREY);
            let label = format!("1e{}", d - PLOT_DECADES as i32);
            out.text(Vec2::new(o.x - 0.9, y + 0.1), label, Color::GREY);
        }
        for k in [1, 25, 50, 75, 100] {
            let x = o.x + k as f32 * s.x;
            out.segment(Vec2::new(x, o.y - 0.1), Vec2::new(x, o.y), Color::GREY);
            out.text(Vec2::new(x - 0.1, o.y - 0.2), k.to_string(), Color::GREY);
        }
        let top = o.y + PLOT_DECADES * s.y;
        out.text(
            Vec2::new(o.x, top + 0.6),
            "residual (m/s) after each pass, one step from cold",
            Color::WHITE,
        );
        for (i, (name, color, residuals)) in self.cold.iter().enumerate() {
            Self::curve(out, residuals, *color);
            let at = Vec2::new(right - 3.0, top - 0.4 * i as f32);
            out.text(at, *name, *color);
        }
        Self::curve(out, &self.live, Color::WHITE);
        let at = Vec2::new(right - 3.0, top - 1.2);
        out.text(at, "stack 30:1, live, warm", Color::WHITE);
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        self.world.pick(at)
    }

    fn pull(&mut self, spring: &MouseSpring, target: Vec2, dt: f32) {
        self.world.pull(spring, target, dt);
    }

    fn held_point(&self, spring: &MouseSpring) -> Option<Vec2> {
        self.world.held_point(spring)
    }
}
