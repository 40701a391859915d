//! Manifolds of hand-picked configurations, as readable YAML: any change in the
//! narrow phase shows as a reviewable diff.

use ch04_manifolds::Circle;
use ch05_obb_clipping::{Obb, Shape, Transform, collide};
use glam::Vec2;
use std::fmt::Write;

fn boxed(w: f32, h: f32) -> Shape {
    Shape::Box(Obb { half_extents: Vec2::new(w, h) })
}

#[test]
fn manifolds_of_hand_picked_configurations() {
    let deg = |d: f32| d.to_radians();
    let table = [
        (
            "edge on edge",
            boxed(2.0, 1.0),
            0.0,
            boxed(1.0, 0.6),
            Vec2::new(0.9, 1.45),
            0.0,
        ),
        (
            "corner on edge",
            boxed(2.0, 1.0),
            0.0,
            boxed(1.0, 0.6),
            Vec2::new(0.6, 1.8),
            deg(45.0),
        ),
        (
            "deep overlap",
            boxed(2.0, 1.0),
            deg(10.0),
            boxed(1.0, 0.6),
            Vec2::new(0.5, 0.6),
            deg(30.0),
        ),
        (
            "just touching",
            boxed(1.0, 1.0),
            0.0,
            boxed(1.0, 1.0),
            Vec2::new(0.5, 2.0),
            0.0,
        ),
        (
            "rotated 45 degrees",
            boxed(2.0, 1.0),
            deg(45.0),
            boxed(1.0, 0.6),
            Vec2::new(0.4, 1.1),
            deg(45.0),
        ),
        (
            "identical boxes stacked",
            boxed(1.0, 0.5),
            0.0,
            boxed(1.0, 0.5),
            Vec2::ZERO,
            0.0,
        ),
        (
            "circle on a turned box",
            boxed(2.0, 1.0),
            deg(20.0),
            Shape::Circle(Circle { radius: 0.5 }),
            Vec2::new(0.0, 1.3),
            0.0,
        ),
        (
            "apart",
            boxed(1.0, 1.0),
            0.0,
            boxed(1.0, 1.0),
            Vec2::new(3.0, 0.0),
            deg(10.0),
        ),
    ];
    let mut yaml = String::new();
    for (name, a, angle_a, b, at, angle_b) in table {
        let m = collide(
            &a,
            &Transform::new(Vec2::ZERO, angle_a),
            &b,
            &Transform::new(at, angle_b),
        );
        writeln!(yaml, "- case: {name}").unwrap();
        // Four decimals: far coarser than f32 rounding, fine enough to see any real
        // change.
        match m {
            None => writeln!(yaml, "  manifold: none").unwrap(),
            Some(m) => {
                writeln!(yaml, "  normal: [{:.4}, {:.4}]", m.normal.x, m.normal.y)
                    .unwrap();
                writeln!(yaml, "  penetration: {:.4}", m.penetration).unwrap();
                writeln!(yaml, "  contacts:").unwrap();
                for c in m.contacts() {
                    writeln!(
                        yaml,
                        "    - point: [{:.4}, {:.4}]",
                        c.point.x, c.point.y
                    )
                    .unwrap();
                    writeln!(yaml, "      penetration: {:.4}", c.penetration)
                        .unwrap();
                    writeln!(
                        yaml,
                        "      features: {{ a: {:?}, b: {:?} }}",
                        c.id.a, c.id.b
                    )
                    .unwrap();
                }
            }
        }
    }
    insta::assert_snapshot!(yaml.replace("-0.0000", "0.0000"));
}
