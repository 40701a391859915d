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

/// Where the character demo's pieces are, for the demo and the tests.
pub mod character {
    use glam::Vec2;

    /// The character starts here, standing on the floor.
    pub const START: Vec2 = Vec2::new(-7.0, 0.9);
    /// The gentle slope: 25 degrees, from `x = -4` up to the plateau.
    pub const GENTLE: f32 = 25.0;
    /// The ledge up from the plateau, metres: under the mover's step.
    pub const LEDGE: f32 = 0.25;
    /// The pit, a metre deep, between these `x`.
    pub const PIT: (f32, f32) = (8.5, 17.5);
    /// The kinematic platform (2.5 m wide, its top level with the floor)
    /// rides over the pit between these `x`, at this speed, m/s.
    pub const PLATFORM: (f32, f32, f32) = (9.85, 16.15, 2.0);
    /// The steep slope: 60 degrees, at the far right.
    pub const STEEP: f32 = 60.0;
}

/// The character's playground: a floor between two walls; a gentle slope
/// (25 degrees) up to a plateau with a small ledge (25 cm) on it, two light
/// crates on the ledge and a drop beyond; a pit, a metre deep, that a
/// kinematic platform crosses to and fro, its top level with the floor; a steep slope (60 degrees) the character cannot
/// climb; on the left a light crate and one too heavy to push. Returns the
/// world and the platform's body.
pub fn character() -> (World, crate::BodyId) {
    use character::*;
    use physics_core::trig;
    let mut world = World::new();
    let ground = world.create_body(BodyDef::new(BodyKind::Static, Vec2::ZERO));
    let add = |world: &mut World, shape: Polygon| {
        let def =
            ShapeDef { friction: 0.6, ..ShapeDef::new(Shape::Polygon(shape)) };
        world.create_shape(ground, def).expect("a fresh body");
    };
    let block = |lower: Vec2, upper: Vec2| {
        let c = 0.5 * (lower + upper);
        Polygon::boxed(0.5 * (upper - lower), 0.0).shifted(c)
    };
    // The floor, with a pit a metre deep that the platform crosses, and a
    // wall at each end.
    let (pit_from, pit_to) = PIT;
    add(&mut world, block(Vec2::new(-14.0, -2.0), Vec2::new(pit_from, 0.0)));
    add(&mut world, block(Vec2::new(pit_from, -2.0), Vec2::new(pit_to, -1.0)));
    add(&mut world, block(Vec2::new(pit_to, -2.0), Vec2::new(34.0, 0.0)));
    add(&mut world, block(Vec2::new(-15.0, -1.0), Vec2::new(-14.0, 6.0)));
    add(&mut world, block(Vec2::new(34.0, -1.0), Vec2::new(35.0, 6.0)));
    // The gentle slope up to a plateau, the ledge on it, and the drop.
    let rise =
        4.0 * trig::sin(GENTLE.to_radians()) / trig::cos(GENTLE.to_radians());
    let ramp = [Vec2::new(-4.0, 0.0), Vec2::new(0.0, 0.0), Vec2::new(0.0, rise)];
    add(&mut world, Polygon::from_corners(&ramp, 0.0));
    add(&mut world, block(Vec2::new(0.0, 0.0), Vec2::new(3.0, rise)));
    add(&mut world, block(Vec2::new(3.0, 0.0), Vec2::new(6.0, rise + LEDGE)));
    // The steep slope, against the right wall.
    let tall = 2.0 * trig::sin(STEEP.to_radians()) / trig::cos(STEEP.to_radians());
    let steep = [Vec2::new(28.0, 0.0), Vec2::new(30.0, 0.0), Vec2::new(30.0, tall)];
    add(&mut world, Polygon::from_corners(&steep, 0.0));
    add(&mut world, block(Vec2::new(30.0, 0.0), Vec2::new(34.0, tall)));
    // The platform: kinematic, its velocity set by the demo each step.
    let (from, _, speed) = PLATFORM;
    let mut def = BodyDef::new(BodyKind::Kinematic, Vec2::new(from, -0.15));
    def.velocity = Vec2::new(speed, 0.0);
    let platform = world.create_body(def);
    let slab = ShapeDef {
        friction: 0.6,
        ..ShapeDef::new(Shape::Polygon(Polygon::boxed(Vec2::new(1.25, 0.15), 0.0)))
    };
    world.create_shape(platform, slab).expect("a fresh body");
    // Light crates (0.6 m, 1.8 kg), and a heavy one (1.2 m, 290 kg): the
    // character's 300 N cannot beat its friction, 0.6 x 290 x 9.8 N.
    let crate_at = |world: &mut World, on: Vec2, half: f32, density: f32| {
        let at = on + Vec2::new(0.0, half);
        let body = world.create_body(BodyDef::new(BodyKind::Dynamic, at));
        let shape = Shape::Polygon(Polygon::boxed(Vec2::splat(half), 0.0));
        let def =
            ShapeDef { friction: 0.6, ..ShapeDef::new(shape).density(density) };
        world.create_shape(body, def).expect("a fresh body");
    };
    let top = rise + LEDGE;
    crate_at(&mut world, Vec2::new(4.6, top), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(5.4, top), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(-10.0, 0.0), 0.3, 5.0);
    crate_at(&mut world, Vec2::new(-12.6, 0.0), 0.6, 200.0);
    (world, platform)
}
