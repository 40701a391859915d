//! Scene files in chapter 16: everything chapter 15 loads.

use crate::World;
use glam::Vec2;
use physics_core::scene::Scene;

/// A scene file as a chapter 16 world, and the box around its bodies.
pub fn world(scene: &Scene) -> (World, (Vec2, Vec2)) {
    let (base, bounds) = ch15_game_api::scene::world(scene);
    (World { base, more: Default::default() }, bounds)
}
