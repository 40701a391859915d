//! The chapter's worlds.

use crate::{BodyDef, BodyKind, ShapeDef, World};
use ch11_polygons::{Polygon, Shape};
use glam::Vec2;

/// A crate on a floor: the world every demo starts from until the
/// chapter's own arrive.
pub fn crate_on_floor() -> World {
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let floor = Shape::Polygon(Polygon::boxed(Vec2::new(10.0, 0.5), 0.0));
    world.create_shape(ground, ShapeDef::new(floor)).expect("a fresh body");
    let body =
        world.create_body(BodyDef::new(BodyKind::Dynamic, Vec2::new(0.0, 2.0)));
    let boxed = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
    world.create_shape(body, ShapeDef::new(boxed)).expect("a fresh body");
    world
}
