//! The chapter's concept figure: the game loop on a timeline. Physics
//! steps at 60 a second, frames at the rate the handle sets; the clock
//! ([`Clock`], the game's own) banks each frame's time and spends it in
//! whole steps, the bank's saw below; above, a thrown ball's height, its
//! physics states (dots), and where each frame draws it: between the last
//! two states (green, on the line through them) or at the last one alone
//! (red, a staircase that judders).

use crate::frame::{Clock, Pose, lerp_pose};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The figure: 100 ms of time across 10 units; the handle on the slider at
/// the bottom sets the frame rate.
pub fn timeline() -> Lab<Figure> {
    let bounds = (Vec2::new(-1.6, -5.2), Vec2::new(11.0, 7.9));
    Figure::lab(vec![Vec2::new(slider_x(144.0), SLIDER_Y)], draw_timeline, bounds)
}

const SLIDER_Y: f32 = -4.4;
/// The frame rates the slider spans, per second.
const RATES: (f32, f32) = (24.0, 240.0);
/// The physics step, s, and the time shown, s.
const STEP: f32 = 1.0 / 60.0;
const SPAN: f32 = 0.1;

fn slider_x(rate: f32) -> f32 {
    (rate - RATES.0) / (RATES.1 - RATES.0) * 10.0
}

/// Where time `t` (seconds) is across the figure.
fn x_of(t: f32) -> f32 {
    t / SPAN * 10.0
}

/// The ball's height at time `t`: thrown up at 0, back down at 0.1 s.
fn height(t: f32) -> f32 {
    let u = t / SPAN;
    1.2 + 4.8 * 4.0 * u * (1.0 - u)
}

/// Every frame of the first 100 ms at `rate` frames a second: its time,
/// the steps taken by then, and the clock's alpha after it.
pub fn frames(rate: f32) -> Vec<(f32, u32, f32)> {
    let mut clock = Clock::new(STEP);
    let (mut steps, mut out) = (0, Vec::new());
    let period = 1.0 / rate;
    let mut k = 1;
    while k as f32 * period <= SPAN {
        steps += clock.bank(period);
        out.push((k as f32 * period, steps, clock.alpha()));
        k += 1;
    }
    out
}

fn draw_timeline(handles: &[Vec2], out: &mut DrawList) {
    let x = handles[0].x.clamp(0.0, 10.0);
    let rate = RATES.0 + x / 10.0 * (RATES.1 - RATES.0);
    let (grey, dim) = (Color(0x8890a0), Color(0x505868));
    // The slider.
    out.segment(Vec2::new(0.0, SLIDER_Y), Vec2::new(10.0, SLIDER_Y), dim);
    out.text(
        Vec2::new(0.0, SLIDER_Y - 0.35),
        format!("frames: {rate:.0} a second (drag); physics: 60 steps a second"),
        Color::WHITE,
    );
    // The time axis, with the physics steps and the frames on it.
    out.segment(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), grey);
    for n in 0..=6 {
        let t = n as f32 * STEP;
        out.segment(Vec2::new(x_of(t), -0.25), Vec2::new(x_of(t), 6.4), dim);
        out.text(Vec2::new(x_of(t) + 0.05, 6.4), format!("{n}"), grey);
    }
    // The ball's true path, and its physics states.
    let mut last = Vec2::new(0.0, height(0.0));
    for k in 1..=50 {
        let t = k as f32 / 50.0 * SPAN;
        let p = Vec2::new(x_of(t), height(t));
        out.segment(last, p, dim);
        last = p;
    }
    let state = |n: u32| {
        let t = n as f32 * STEP;
        Pose { position: Vec2::new(x_of(t), height(t)), angle: 0.0 }
    };
    for n in 0..=6 {
        out.point(state(n).position, 7.0, Color::WHITE);
    }
    // Each frame: its tick, the bank after it, and where it draws.
    let bank_height = 2.6;
    let mut bank_before = Vec2::new(0.0, -3.5);
    for (t, steps, alpha) in frames(rate) {
        let fx = x_of(t);
        out.segment(Vec2::new(fx, -0.2), Vec2::new(fx, 0.2), Color(0x70a0ff));
        // The saw: banked time rises with the frame and drops by a whole
        // step for each step taken.
        let top = Vec2::new(fx, -3.5 + bank_height * alpha);
        out.segment(bank_before, Vec2::new(fx, bank_before.y), Color(0x70a0ff));
        out.segment(Vec2::new(fx, bank_before.y), top, Color(0x70a0ff));
        bank_before = top;
        // Where the frame draws the ball: the states before and after the
        // last step, alpha of the way; and the last state alone.
        let after = state(steps);
        let before = state(steps.saturating_sub(1));
        let drawn = lerp_pose(before, after, if steps == 0 { 0.0 } else { alpha });
        let at = Vec2::new(fx, drawn.position.y);
        out.segment(Vec2::new(fx, 0.0), at, Color(0x304030));
        out.point(at, 6.0, Color(0x60d060));
        out.point(Vec2::new(fx, after.position.y), 5.0, Color(0xff5060));
    }
    out.segment(Vec2::new(0.0, -3.5), Vec2::new(10.0, -3.5), grey);
    out.segment(
        Vec2::new(0.0, -3.5 + bank_height),
        Vec2::new(10.0, -3.5 + bank_height),
        dim,
    );
    out.text(Vec2::new(-1.5, -3.5 + bank_height), "one step", grey);
    out.text(Vec2::new(-1.5, -3.4), "banked 0", grey);
    out.text(
        Vec2::new(0.0, -0.6),
        "blue ticks: frames; below, the time banked after each (the accumulator)",
        Color(0x70a0ff),
    );
    out.text(Vec2::new(0.0, 7.6), "white: physics states", Color::WHITE);
    out.text(
        Vec2::new(0.0, 7.25),
        "green: drawn between the last two (a step behind, smooth)",
        Color(0x60d060),
    );
    out.text(
        Vec2::new(0.0, 6.9),
        "red: drawn at the last (judders)",
        Color(0xff5060),
    );
}
