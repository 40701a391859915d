//! Scene files in chapter 12: everything chapter 11 loads, and the
//! `bullet` flag.

use crate::World;
use crate::demos::KNOBS;
use ch11_polygons::scene::scene_world_11;
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::lab::Lab;
use physics_core::scene::{Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as a chapter 12 world: chapter 11's, with each body's
/// `bullet` flag; both methods on.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, bounds) = scene_world_12(scene);
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}

/// [`from_scene`]'s world, and the box around its bodies.
pub fn scene_world_12(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = scene_world_11(scene);
    let n = base.shapes.list.len();
    let ch11_polygons::World { solver, joints, soft, shapes } = base;
    let mut bullets: Vec<bool> = scene.bodies.iter().map(|b| b.bullet).collect();
    bullets.resize(n, false);
    let fast = crate::Fast { bullets, ..Default::default() };
    (World { solver, joints, soft, shapes, fast }, bounds)
}
// ANCHOR_END: from_scene
