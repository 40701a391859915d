//! A short trajectory of the spin world, pinned: any change in behaviour shows as a
//! reviewable diff.

use ch06_rotation_friction::worlds;
use std::fmt::Write;

#[test]
fn spin_for_two_seconds() {
    let mut world = worlds::spin();
    let mut out = String::new();
    for step in 0..=120 {
        if step % 20 == 0 {
            writeln!(out, "step {step}:").unwrap();
            for (i, b) in world.bodies.iter().enumerate().skip(1) {
                // Four decimals: far coarser than f32 noise, fine enough to see any
                // change.
                writeln!(
                    out,
                    "  {i} ({:+.4}, {:+.4}) angle {:+.4} v ({:+.4}, {:+.4}) w {:+.4}",
                    b.position.x,
                    b.position.y,
                    b.angle,
                    b.velocity.x,
                    b.velocity.y,
                    b.angular_velocity
                )
                .unwrap();
            }
        }
        world.step(1.0 / 60.0);
    }
    insta::assert_snapshot!(out.replace("-0.0000", "+0.0000"));
}
