//! What projected Gauss-Seidel promises: the residual falls pass by pass, slowest
//! for a mass ratio.

use ch08_sequential_impulses::convergence::residual_per_pass;
use ch08_sequential_impulses::worlds::{mass_ratio_stack, pyramid_with_drop};

/// With box2d-lite's ten passes and warm starting, four boxes of 1 kg stand for 10
/// s (the top one within 1 cm of its start, measured 0.0 mm); 1 kg, 30 kg, 1 kg, 30
/// kg fall (the top box ends below 1.5 m, measured 0.49 m, from 3.47 m).
#[test]
fn a_30_to_1_stack_falls_where_an_equal_one_stands() {
    let top_after_10_s = |heavy: f32| {
        let mut world = mass_ratio_stack(heavy);
        let start = world.bodies[4].position.y;
        for _ in 0..600 {
            world.step(1.0 / 60.0);
        }
        (start, world.bodies[4].position.y)
    };
    let (start, equal) = top_after_10_s(1.0);
    assert!((equal - start).abs() < 0.01, "1:1: {start} -> {equal}");
    let (_, ratio) = top_after_10_s(30.0);
    assert!(ratio < 1.5, "30:1: {start} -> {ratio}");
}

/// One step from cold, 100 passes: every residual ends at least ten times lower
/// than it started (measured: 15, 55 and 110 times); but after ten passes,
/// box2d-lite's count, the 30:1 stack keeps more than 60 % of its first error
/// (measured 68 %) while the equal stack and the pyramid keep less than 40 %
/// (measured 32 % and 33 %). The margins are wide: the test pins which converges
/// slowly at first, not the digits.
#[test]
fn the_residual_falls_slowest_for_a_mass_ratio() {
    let equal = residual_per_pass(mass_ratio_stack(1.0), 60, 100);
    let ratio = residual_per_pass(mass_ratio_stack(30.0), 60, 100);
    let pyramid = residual_per_pass(pyramid_with_drop(20, -0.005), 60, 100);
    for r in [&equal, &ratio, &pyramid] {
        assert_eq!(r.len(), 100);
        assert!(r[99] < r[0] / 10.0, "{} -> {}", r[0], r[99]);
    }
    assert!(ratio[9] > 0.6 * ratio[0], "30:1: {} -> {}", ratio[0], ratio[9]);
    assert!(equal[9] < 0.4 * equal[0], "equal: {} -> {}", equal[0], equal[9]);
    assert!(
        pyramid[9] < 0.4 * pyramid[0],
        "pyramid: {} -> {}",
        pyramid[0],
        pyramid[9]
    );
}
