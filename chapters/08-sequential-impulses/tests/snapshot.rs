//! The settled 12-row pyramid, pinned: any change in the solver's behaviour shows
//! as a diff.

use ch08_sequential_impulses::worlds::pyramid;
use std::fmt::Write;

#[test]
fn the_settled_12_row_pyramid() {
    let mut world = pyramid(12);
    for _ in 0..1000 {
        world.step(1.0 / 60.0);
    }
    let mut out = String::new();
    for (i, b) in world.bodies.iter().enumerate().skip(1) {
        // Millimetres: far coarser than f32 noise, fine enough to see any change.
        writeln!(
            out,
            "{i:2} ({:+.3}, {:+.3}) angle {:+.3}",
            b.position.x, b.position.y, b.angle
        )
        .unwrap();
    }
    insta::assert_snapshot!(out.replace("-0.000", "+0.000"));
}
