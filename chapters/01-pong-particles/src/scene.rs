//! Scene files in chapter 1: moving particles in the tutorial's box.

use crate::Particle;
use crate::demos::Pong;
use physics_core::demo::Demo;
use physics_core::scene::{Scene, SceneError};

// ANCHOR: from_scene
/// A scene file as chapter 1 particles: moving circles, with no
/// gravity and restitution 1 (what else a scene may hold is refused
/// before this runs). A particle has no size; the box is always the
/// tutorial's 2 m x 2 m.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let particles = scene
        .bodies
        .iter()
        .map(|b| Particle { position: b.position, velocity: b.velocity })
        .collect();
    let masses = scene.bodies.iter().map(|b| b.mass).collect();
    Ok(Box::new(Pong::new(particles, masses, scene.dt).lab()))
}
// ANCHOR_END: from_scene
