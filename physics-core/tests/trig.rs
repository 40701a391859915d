use glam::Vec2;
use physics_core::trig::*;

/// The same values as the platform's to within an ulp or two: a different
/// implementation of the same functions, not different functions.
#[test]
fn agrees_with_std_to_an_ulp_or_two() {
    for i in -2000..2000 {
        let a = i as f32 * 0.01;
        let (s, c) = sin_cos(a);
        assert!((s - a.sin()).abs() <= 2.0 * f32::EPSILON, "sin {a}");
        assert!((c - a.cos()).abs() <= 2.0 * f32::EPSILON, "cos {a}");
        assert!(
            (atan2(s, c) - s.atan2(c)).abs() <= 4.0 * f32::EPSILON,
            "atan2 {a}"
        );
    }
    let m = rotation(0.7);
    assert!((m * Vec2::X - from_angle(0.7)).length() < 1e-7);
    assert!((powf(30.0, 0.5) - 30f32.sqrt()).abs() < 1e-6);
}
