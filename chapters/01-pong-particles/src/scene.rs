//! Scene files in chapter 1: moving particles in the tutorial's box.

use crate::Particle;
use physics_core::scene::Scene;

// ANCHOR: from_scene
/// A scene file as chapter 1 particles: moving circles, with no
/// gravity and restitution 1 (what else a scene may hold is refused
/// before this runs). A particle has no size; the box is always the
/// tutorial's 2 m x 2 m. Each particle's mass comes too, for the HUD.
pub fn particles(scene: &Scene) -> (Vec<Particle>, Vec<f32>) {
    let particles = scene
        .bodies
        .iter()
        .map(|b| Particle { position: b.position, velocity: b.velocity })
        .collect();
    let masses = scene.bodies.iter().map(|b| b.mass).collect();
    (particles, masses)
}
// ANCHOR_END: from_scene
