//! Scene files in chapter 10: chapter 9's, stepped by the soft step.

use crate::{SoftSettings, World};
use glam::Vec2;
use physics_core::scene::{DEFAULT_ITERATIONS, Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as a chapter 10 world: chapter 9's mapping (bodies,
/// planes, rods and ropes, pins, sliders and welds), stepped by the soft
/// step; and the box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (world, bounds) = ch09_joints::scene::world(scene);
    (World::from(world), bounds)
}
// ANCHOR_END: from_scene

/// A scene's `iterations` in chapter `chapter` (10 on), whose soft step
/// solves in substeps of one pass each and has no iterations to set:
/// refused unless it is the default, which every scene may give (the
/// value would otherwise be taken and silently ignored).
pub fn refuse_iterations(scene: &Scene, chapter: u32) -> Result<(), SceneError> {
    if scene.iterations == DEFAULT_ITERATIONS {
        return Ok(());
    }
    let substeps = SoftSettings::default().substeps;
    Err(SceneError::new(
        "iterations",
        format!(
            "{}: chapter {chapter} steps with chapter 10's soft step, {substeps} \
             substeps of one pass each, which has no iterations to set; leave \
             `iterations` out, or at {DEFAULT_ITERATIONS}, its default (chapters 8 \
             and 9 iterate)",
            scene.iterations
        ),
    ))
}
