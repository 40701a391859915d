//! Scene files in chapter 13: everything chapter 12 loads, with a tree
//! for the broad phase and sleeping on.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

// ANCHOR: from_scene
/// A scene file as a chapter 13 world: chapter 12's, its tree built.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch12_continuous::scene::world(scene);
    (World::from(base), bounds)
}
// ANCHOR_END: from_scene
