//! Scene files in chapter 10: chapter 9's, stepped by the soft step.

use crate::World;
use crate::demos::{KNOBS, SOFT_KNOBS};
use ch08_sequential_impulses::scene::scene_world;
use physics_core::demo::Demo;
use physics_core::lab::Lab;
use physics_core::scene::{Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as a chapter 10 world: chapter 9's mapping (bodies,
/// planes, rods and ropes, pins, sliders and welds), stepped by the soft
/// step.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (base, bounds) = scene_world(scene);
    let joints = ch09_joints::scene::scene_joints(scene, &base.bodies);
    let world = World {
        solver: base,
        joints: ch09_joints::Joints::new(joints),
        soft: crate::SoftStep::default(),
    };
    let lab = Lab::from_scene(world, SOFT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_knobs(KNOBS)))
}
// ANCHOR_END: from_scene
