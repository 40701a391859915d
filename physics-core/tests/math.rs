use glam::Vec2;
use physics_core::math::*;

use proptest::prelude::*;

fn small() -> impl Strategy<Value = f32> {
    -100.0f32..100.0
}

proptest! {
    /// The two forms agree with the 3D cross product written out in full.
    #[test]
    fn cross_products_match_3d(ax in small(), ay in small(), bx in small(), by in small(), w in small()) {
        let a = Vec2::new(ax, ay);
        let b = Vec2::new(bx, by);
        let a3 = glam::Vec3::new(ax, ay, 0.0);
        let b3 = glam::Vec3::new(bx, by, 0.0);
        let w3 = glam::Vec3::new(0.0, 0.0, w);
        // One rounding in each product; the bound scales with the operands'
        // size.
        let tol = 1e-5 * (1.0 + a.length() * b.length() + w.abs() * a.length());
        prop_assert!((cross(a, b) - a3.cross(b3).z).abs() <= tol);
        let wr = w3.cross(a3);
        prop_assert!((cross_scalar_vec(w, a) - Vec2::new(wr.x, wr.y)).length() <= tol);
    }

}

#[test]
fn quarter_turn_is_perp() {
    let v = Vec2::new(2.0, 1.0);
    assert!(
        (physics_core::trig::from_angle(std::f32::consts::FRAC_PI_2).rotate(v)
            - perp(v))
        .length()
            < 1e-6
    );
    assert_eq!(perp(Vec2::X), Vec2::Y);
    assert_eq!(cross(Vec2::X, Vec2::Y), 1.0);
}
