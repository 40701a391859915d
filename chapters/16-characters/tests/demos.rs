//! The demos run, and each keeps its bodies finite.

use ch16_characters::demos::DEMOS;
use physics_core::demo::Demo;

#[test]
fn every_demo_runs_two_seconds_with_finite_bodies() {
    for entry in DEMOS {
        let mut demo: Box<dyn Demo> = (entry.make)();
        for _ in 0..120 {
            demo.step(1.0 / 60.0);
        }
        for b in demo.bodies() {
            assert!(
                b.position.is_finite(),
                "{}: a body left the numbers",
                entry.name
            );
        }
    }
}
