//! Scene files in chapter 10: chapter 9's, stepped by the soft step.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

// ANCHOR: from_scene
/// A scene file as a chapter 10 world: chapter 9's mapping (bodies,
/// planes, rods and ropes, pins, sliders and welds), stepped by the soft
/// step; and the box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (world, bounds) = ch09_joints::scene::world(scene);
    (World::from(world), bounds)
}
// ANCHOR_END: from_scene
