//! The chapter's concept figure, computed by its own [`DistanceJoint`] and
//! [`joint_axis`]: a rod's error is how much longer than its length it is, and
//! every impulse it gives acts along the line between its anchors, so it can
//! change the distance and nothing else.

use crate::{Body, DistanceJoint, JointKind, joint_axis};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// A 2 m rod from a fixed pin to a disc at the handle.
pub fn rod() -> Lab<Figure> {
    let bounds = (Vec2::new(-3.8, -2.2), Vec2::new(3.8, 4.0));
    Figure::lab(vec![Vec2::new(1.2, -1.2)], draw_rod, bounds)
}

fn draw_rod(handles: &[Vec2], out: &mut DrawList) {
    let pin = Body::disc(0.08, Vec2::new(-0.5, 1.5), 1.0).into_static();
    let disc = Body::disc(0.3, handles[0], 1.0);
    let bodies = [pin, disc];
    let mut joint = DistanceJoint::between(
        &bodies,
        0,
        pin.position,
        1,
        disc.position,
        JointKind::Rod,
    );
    joint.length = 2.0;
    let (pa, pb) = joint.anchors(&bodies);
    // Where the rod holds the disc: on a circle of its length round the pin.
    let steps = 64;
    for k in 0..steps {
        let angle = |k: usize| k as f32 / steps as f32 * std::f32::consts::TAU;
        let at = |k| pa + joint.length * Vec2::from_angle(angle(k));
        out.segment(at(k), at(k + 1), Color::DARK);
    }
    out.circle_outline(pa, 0.08, Color::GREY);
    out.circle_outline(pb, 0.3, Color::CYAN);
    let stretch = joint.stretch(&bodies);
    let Some((n, distance)) = joint_axis(pa, pb, Vec2::ZERO) else { return };
    let rest = pa + joint.length * n;
    out.segment_width(pa, rest, Color::WHITE, 2.0);
    out.segment_width(
        rest,
        pb,
        if stretch > 0.0 { Color::RED } else { Color::GREEN },
        3.0,
    );
    out.arrow(pb, pb + 0.7 * n, Color::YELLOW);
    out.text(pb + 0.8 * n, "n", Color::YELLOW);
    let lines = [
        format!("length L = {:.2} m, distance {distance:.2} m", joint.length),
        format!(
            "error C = distance - L = {stretch:+.2} m (red: too long, green: too short)"
        ),
        "the rod's impulse acts along n only; drag the disc".to_string(),
    ];
    for (k, line) in lines.into_iter().enumerate() {
        out.text(Vec2::new(-3.6, 3.8 - 0.3 * k as f32), line, Color::WHITE);
    }
}
