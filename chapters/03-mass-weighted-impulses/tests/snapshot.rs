//! A short ball-pit trajectory, pinned: any change in behaviour shows up as a
//! reviewable diff.

use ch03_mass_weighted_impulses::demos::Circles;
use physics_core::demo::Demo;
use std::fmt::Write;

#[test]
fn ball_pit_for_two_seconds() {
    let mut demo = Circles::ball_pit().lab();
    let mut out = String::new();
    for step in 0..=120 {
        if step % 30 == 0 {
            writeln!(out, "step {step}:").unwrap();
            // Every sixth body keeps the file short; all of them are stepped.
            for (i, b) in demo.bodies().iter().enumerate().step_by(6) {
                // Four decimals: far coarser than f32 noise, fine enough to see any
                // change.
                writeln!(
                    out,
                    "  {i:2} ({:+.4}, {:+.4}) v ({:+.4}, {:+.4})",
                    b.position.x, b.position.y, b.velocity.x, b.velocity.y
                )
                .unwrap();
            }
        }
        demo.step(1.0 / 60.0);
    }
    insta::assert_snapshot!(out);
}
