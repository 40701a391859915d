//! The page's shadow figure says the penetration on each face axis is how far one
//! box's shadow on that axis must slide to clear the other's. Here the shadows are measured
//! independently (`figures::shadow`, from the corners' reach) and compared with
//! what `least_penetration_axis` computes.

use ch05_obb_clipping::figures::{face_axes, shadow};
use ch05_obb_clipping::{AxisBias, Obb, Transform, least_penetration_axis};
use glam::Vec2;
use proptest::prelude::*;

fn obb() -> impl Strategy<Value = Obb> {
    (0.1f32..2.0, 0.1f32..2.0)
        .prop_map(|(x, y)| Obb { half_extents: Vec2::new(x, y) })
}

fn place() -> impl Strategy<Value = Transform> {
    (-2.0f32..2.0, -2.0f32..2.0, -3.2f32..3.2)
        .prop_map(|(x, y, angle)| Transform::new(Vec2::new(x, y), angle))
}

proptest! {
    /// Touching boxes: each axis's penetration is that slide, within 1e-4 m (f32
    /// rounding of sums of a few metres), and the axis chosen without bias has the
    /// least; boxes the test calls apart have a gap between the shadows on some
    /// axis.
    #[test]
    fn the_penetration_on_each_axis_is_how_far_a_shadow_must_slide(
        a in obb(), ta in place(), b in obb(), tb in place(),
    ) {
        let overlaps = face_axes(&ta, &tb).map(|u| {
            let ((a0, a1), (b0, b1)) = (shadow(&a, &ta, u), shadow(&b, &tb, u));
            // How far B's shadow must slide, one way or the other, to clear A's.
            (a1 - b0).min(b1 - a0)
        });
        match least_penetration_axis(&a, &ta, &b, &tb, &AxisBias::NONE) {
            Some((depths, best)) => {
                for k in 0..4 {
                    prop_assert!((depths[k] - overlaps[k]).abs() < 1e-4, "{depths:?} {overlaps:?}");
                }
                let least = overlaps.iter().cloned().fold(f32::INFINITY, f32::min);
                prop_assert!((overlaps[best] - least).abs() < 1e-4);
            }
            None => prop_assert!(overlaps.iter().any(|&o| o < 1e-4), "{overlaps:?}"),
        }
    }
}
