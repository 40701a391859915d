//! Scene files in chapter 14: everything chapter 13 loads, solved wide.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

// ANCHOR: from_scene
/// A scene file as a chapter 14 world: chapter 13's, solved wide on one
/// thread.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch12_continuous::scene::world(scene);
    (World::from(ch13_islands::World::from(base)), bounds)
}
// ANCHOR_END: from_scene
