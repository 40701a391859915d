//! Scene files in chapter 17: chapter 16's, unchanged; a level's `scene`
//! is one.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

/// A scene file as a chapter 17 world (chapter 16's), and the box around
/// its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    ch16_characters::scene::world(scene)
}
