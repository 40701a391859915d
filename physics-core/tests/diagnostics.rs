use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::diagnostics::*;

#[test]
fn sums_skip_static_bodies() {
    let bodies = [
        BodyState::particle(Vec2::new(0.0, 2.0), Vec2::new(3.0, 0.0), 0.5),
        BodyState::particle(Vec2::ZERO, Vec2::new(100.0, 100.0), 0.0),
    ];
    assert_eq!(linear_momentum(&bodies), Vec2::new(6.0, 0.0));
    assert_eq!(kinetic_energy(&bodies), 0.5 * 2.0 * 9.0);
    // m g h = 2 * 9.81 * 2
    let pe = potential_energy(&bodies, Vec2::new(0.0, -9.81));
    assert!((pe - 2.0 * 9.81 * 2.0).abs() < 1e-4);
    // r x p = (0, 2) x (6, 0) = -12
    assert_eq!(angular_momentum(&bodies, Vec2::ZERO), -12.0);
}

#[test]
fn spin_counts() {
    let mut b = BodyState::particle(Vec2::ZERO, Vec2::ZERO, 1.0);
    b.inv_inertia = 0.5;
    b.angular_velocity = 2.0;
    assert_eq!(angular_momentum(&[b], Vec2::ZERO), 4.0);
    assert_eq!(kinetic_energy(&[b]), 4.0);
}
