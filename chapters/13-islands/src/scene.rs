//! Scene files in chapter 13: everything chapter 12 loads, with a tree
//! for the broad phase and sleeping on.

use crate::World;
use crate::demos::{KNOBS, Shown};
use ch12_continuous::scene::scene_world_12;
use physics_core::demo::Demo;
use physics_core::lab::Lab;
use physics_core::scene::{Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as a chapter 13 world: chapter 12's, its tree built.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (base, bounds) = scene_world_12(scene);
    let world = Shown::from(World::from(base));
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}
// ANCHOR_END: from_scene
