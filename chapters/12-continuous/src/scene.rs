//! Scene files in chapter 12: everything chapter 11 loads, and the
//! `bullet` flag.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

// ANCHOR: from_scene
/// A scene file as a chapter 12 world: chapter 11's, with each body's
/// `bullet` flag; both methods on; and the box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch11_polygons::scene::world(scene);
    let n = base.shapes.list.len();
    let ch11_polygons::World { solver, joints, soft, shapes, .. } = base;
    let mut bullets: Vec<bool> = scene.bodies.iter().map(|b| b.bullet).collect();
    bullets.resize(n, false);
    let fast = crate::Fast { bullets, ..Default::default() };
    (World { solver, joints, soft, shapes, fast }, bounds)
}
// ANCHOR_END: from_scene
