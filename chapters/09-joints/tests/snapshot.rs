//! The ragdoll two seconds after it falls onto the steps, pinned: any change in how
//! joints, limits or contacts behave shows as a diff.

use ch09_joints::worlds::ragdoll;
use std::fmt::Write;

fn settle() -> ch09_joints::World {
    let mut world = ragdoll();
    for _ in 0..120 {
        world.step(1.0 / 60.0);
    }
    world
}

#[test]
fn the_ragdoll_after_two_seconds() {
    let world = settle();
    let mut out = String::new();
    for (i, b) in world.bodies().iter().enumerate() {
        if b.inv_mass == 0.0 {
            continue;
        }
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

/// Same start, same steps: bit-identical bodies.
#[test]
fn the_ragdoll_is_deterministic() {
    let (a, b) = (settle(), settle());
    for (x, y) in a.bodies().iter().zip(b.bodies()) {
        assert_eq!(
            x.position.to_array().map(f32::to_bits),
            y.position.to_array().map(f32::to_bits)
        );
        assert_eq!(x.angle.to_bits(), y.angle.to_bits());
    }
}
