//! Scene files in chapter 14: everything chapter 13 loads, solved wide.

use crate::World;
use crate::demos::{KNOBS, Shown};
use ch12_continuous::scene::scene_world_12;
use physics_core::demo::Demo;
use physics_core::lab::Lab;
use physics_core::scene::{Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as a chapter 14 world: chapter 13's, solved wide on one
/// thread.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (base, bounds) = scene_world_12(scene);
    let world = Shown::from(World::from(ch13_islands::World::from(base)));
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}
// ANCHOR_END: from_scene
