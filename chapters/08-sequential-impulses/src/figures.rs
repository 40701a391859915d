//! The chapter's concept figure, computed by its own solver: why the
//! *accumulated* impulse is clamped, not each piece. A tall box lands flat on
//! both bottom corners. The first pass gives the left corner too much (it is
//! solved first, alone); later passes must take some back. Clamping the total at
//! 0 allows that; clamping each piece at 0 does not, and the box is left spinning.

use crate::World;
use crate::worlds::{crate_box, ground};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// The passes the figure plots.
pub const PASSES: u32 = 20;

/// A 0.4 m by 1.2 m box of 2 kg landing flat at `speed` m/s (resting 5 mm into
/// the ground), solved from cold in one step of `PASSES` passes: each pass's
/// accumulated normal impulse at its two corners, and the world after the step.
pub fn tall_box_landing(speed: f32, accumulate: bool) -> (Vec<[f32; 2]>, World) {
    let mut tall = crate_box(Vec2::new(0.2, 0.6), Vec2::new(0.0, 0.595), 2.0);
    tall.velocity = Vec2::new(0.0, -speed);
    let mut world = World::new(vec![ground(), tall], Vec::new());
    world.settings.warm_starting = false;
    world.settings.iterations = PASSES;
    world.settings.accumulate = accumulate;
    let mut passes = Vec::new();
    world.step_watching(1.0 / 60.0, |w| {
        let c = w.arbiters[0].contacts();
        passes.push([c[0].normal_impulse, c[1].normal_impulse]);
    });
    (passes, world)
}

/// The plot; the handle under the box sets the landing speed.
pub fn clamping() -> Lab<Figure> {
    let bounds = (Vec2::new(-2.5, -1.0), Vec2::new(6.5, 5.0));
    Figure::lab(vec![Vec2::new(-1.5, -0.5)], draw_clamping, bounds)
}

/// The plot's corner, and metres per pass and per N s.
const ORIGIN: Vec2 = Vec2::new(0.0, 0.0);
const SCALE: Vec2 = Vec2::new(0.3, 0.8);

fn draw_clamping(handles: &[Vec2], out: &mut DrawList) {
    let speed = (-2.0 * handles[0].y).clamp(0.1, 4.0);
    let box_at = Vec2::new(-1.5, 1.5);
    out.polygon(
        [(-0.2, -0.6), (0.2, -0.6), (0.2, 0.6), (-0.2, 0.6)]
            .map(|(x, y)| box_at + Vec2::new(x, y))
            .to_vec(),
        None,
        Some(Color::ORANGE),
    );
    out.segment(Vec2::new(-2.3, 0.9), Vec2::new(-0.7, 0.9), Color::GREY);
    out.arrow(box_at, box_at - Vec2::new(0.0, 0.5 * speed), Color::WHITE);
    out.text(
        Vec2::new(-2.4, 3.0),
        format!("lands at {speed:.1} m/s"),
        Color::WHITE,
    );
    out.text(Vec2::new(-2.4, 2.7), "(drag the handle)", Color::GREY);
    let top = ORIGIN.y + 4.0 * SCALE.y;
    out.segment(
        ORIGIN,
        ORIGIN + Vec2::new(PASSES as f32 * SCALE.x, 0.0),
        Color::GREY,
    );
    out.segment(ORIGIN, Vec2::new(ORIGIN.x, top), Color::GREY);
    for n in 0..=4 {
        let y = ORIGIN.y + n as f32 * SCALE.y;
        out.text(Vec2::new(ORIGIN.x - 0.4, y + 0.1), n.to_string(), Color::GREY);
    }
    out.text(
        Vec2::new(ORIGIN.x, top + 0.5),
        "normal impulse (N s) after each pass",
        Color::WHITE,
    );
    out.text(Vec2::new(ORIGIN.x + 4.0, -0.3), "pass", Color::GREY);
    let legend = "yellow: the left corner, green: the right";
    out.text(Vec2::new(ORIGIN.x + 1.0, top - 0.1), legend, Color::GREY);
    let mut row = 0.3;
    for (accumulate, dim) in [(true, 0.0), (false, 0.55)] {
        let (passes, world) = tall_box_landing(speed, accumulate);
        for (corner, color) in [(0, Color::YELLOW), (1, Color::GREEN)] {
            let color = color.lerp(Color::DARK, dim);
            let point = |k: usize, p: &[f32; 2]| {
                ORIGIN + SCALE * Vec2::new(k as f32 + 1.0, p[corner])
            };
            for (k, pair) in passes.windows(2).enumerate() {
                out.segment_width(
                    point(k, &pair[0]),
                    point(k + 1, &pair[1]),
                    color,
                    2.0,
                );
            }
        }
        let how = if accumulate { "total clamped" } else { "each piece clamped" };
        let spin = world.bodies[1].angular_velocity;
        let color = Color::WHITE.lerp(Color::DARK, dim);
        out.text(
            Vec2::new(ORIGIN.x + 1.0, top - 0.1 - row),
            format!("{how}: spin after the step {spin:.2} rad/s"),
            color,
        );
        row += 0.3;
    }
}
