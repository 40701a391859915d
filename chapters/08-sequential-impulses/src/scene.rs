//! Scene files in chapter 8: everything chapters 3 to 7 load, and planes.

use crate::{Body, Obb, Shape, World};
use ch06_rotation_friction::scene::{bodies_bounds, scene_body};
use ch07_distance_constraints::scene::distance_joints;
use glam::Vec2;
use physics_core::scene::{Scene, SceneError, Shape as SceneShape};
use physics_core::trig;

// ANCHOR: from_scene
/// How deep and how wide the static box that stands in for a scene
/// file's plane is, in metres: the narrow phase knows boxes, not lines.
/// Its middle is the plane's point nearest the origin, so the plane ends
/// 500 m from there either way (see [`refuse_beyond_planes`]).
pub const PLANE_BOX_HALF_EXTENTS: Vec2 = Vec2::new(500.0, 10.0);

/// A scene file as a chapter 8 world: everything chapters 3 to 7 load.
/// Circles and boxes, turned and spinning, as chapter 6 reads them;
/// planes as a large static box behind the line; distance joints,
/// rods or ropes, as chapter 7 reads them; and the scene's iterations.
/// With the world comes the box around its bodies (planes left out).
/// Joints other than distance joints are a later chapter's; it maps them
/// itself.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let mut bodies = Vec::new();
    let mut shown = Vec::new();
    for b in &scene.bodies {
        let body = match b.shape {
            SceneShape::Plane { normal, offset } => {
                let h = PLANE_BOX_HALF_EXTENTS;
                let centre = normal * (offset - h.y);
                let angle = trig::atan2(-normal.x, normal.y);
                let shape = Shape::Box(Obb { half_extents: h });
                let mut wall = Body::fixed(shape, centre, angle);
                wall.friction = b.friction;
                wall.restitution = b.restitution;
                wall
            }
            _ => {
                let body = scene_body(b);
                shown.push(body);
                body
            }
        };
        bodies.push(body);
    }
    let joints = distance_joints(scene, &bodies);
    let bounds = if shown.is_empty() {
        (Vec2::new(-5.0, -1.0), Vec2::new(5.0, 5.0))
    } else {
        bodies_bounds(&shown)
    };
    (World::new(bodies, joints), bounds)
}
// ANCHOR_END: from_scene

/// A scene whose body starts beyond a plane's ends, refused in chapter
/// `chapter` (8 on), naming the body's position and the plane: the box
/// that stands in for a plane ends [`PLANE_BOX_HALF_EXTENTS`]`.x` from the
/// plane's point nearest the origin, and a body beyond would fall past
/// it. (A box long enough for every position a scene may give, four
/// million metres, would have corners that f32 holds only to a quarter of
/// a metre, and the engine works from them: chapter 11 finds a shape's
/// centre from its corners, and chapter 12 sweeps fast bodies against
/// them.)
pub fn refuse_beyond_planes(scene: &Scene, chapter: u32) -> Result<(), SceneError> {
    let end = PLANE_BOX_HALF_EXTENTS.x;
    let planes =
        scene.bodies.iter().enumerate().filter_map(|(k, b)| match b.shape {
            SceneShape::Plane { normal, .. } => Some((k, normal)),
            _ => None,
        });
    for (k, normal) in planes {
        let along = |p: Vec2| normal.perp_dot(p);
        for (i, b) in scene.bodies.iter().enumerate() {
            let at = along(b.position);
            if matches!(b.shape, SceneShape::Plane { .. }) || at.abs() <= end {
                continue;
            }
            return Err(SceneError::new(
                format!("bodies[{i}].position"),
                format!(
                    "[{}, {}] is {} m along the plane bodies[{k}] from its middle \
                     (its point nearest the origin); from chapter 8 a plane is a \
                     static box {} m long behind its line, which ends {end} m from \
                     its middle either way, and chapter {chapter} would let this \
                     body fall past it",
                    b.position.x,
                    b.position.y,
                    at.abs(),
                    2.0 * end
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plane in a scene file is a static box whose top face lies on the line.
    #[test]
    fn a_plane_becomes_a_box_behind_its_line() {
        let scene = Scene::from_json(
            r#"{ "bodies": [ { "shape": { "plane": { "normal": [0, 1], "offset": 0.5 } } },
                 { "shape": { "circle": { "radius": 0.25 } }, "position": [0, 2] } ] }"#,
        )
        .unwrap();
        let mut demo = crate::demos::from_scene(&scene).unwrap();
        for _ in 0..240 {
            demo.step(1.0 / 60.0);
        }
        let ball = demo.bodies()[1];
        assert!((ball.position.y - 0.75).abs() < 0.02, "{ball:?}");
    }
}
