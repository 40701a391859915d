//! This chapter's scene fields, loaded from `scenes/car.json`: a chain, two
//! wheel joints with springs and a motor, a spring on a hinge, a conveyor
//! and a ball that resists rolling, each doing what its field says.

use ch16_characters::scene::world;
use physics_core::scene::Scene;
use std::path::Path;

fn car_scene() -> Scene {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenes/car.json");
    Scene::load(&path).unwrap()
}

#[test]
fn the_car_scene_makes_each_of_its_fields() {
    let scene = car_scene();
    let (mut world, _) = world(&scene);
    // The chain's nine segments on body 0, and no other shape there.
    let ground = world.game.body_id(0);
    let on_ground = world.game.bodies[0].shapes.len();
    assert_eq!(on_ground, 9);
    let first = world.game.shape_id(world.game.bodies[0].shapes[0] as usize);
    assert!(world.more.chains.segment(&world.game, first.index as usize).is_some());
    assert_eq!(world.body_of(first).unwrap(), ground);
    // Two wheels and a spring on the hinge; no rods.
    assert_eq!(world.wheel_ids().len(), 2);
    assert_eq!(world.sprung_joints().len(), 1);
    assert!(world.solver.joints.is_empty());
    // The conveyor's and the ball's surfaces.
    let belt = world.game.shape_id(world.game.bodies[4].shapes[0] as usize);
    assert_eq!(world.surface(belt).unwrap(), (0.0, -2.0));
    let ball = world.game.shape_id(world.game.bodies[6].shapes[0] as usize);
    assert_eq!(world.surface(ball).unwrap(), (0.1, 0.0));
    let x0 = |w: &ch16_characters::World, i: usize| w.solver.bodies[i].position.x;
    let (car, crate_, rolling) = (x0(&world, 1), x0(&world, 5), x0(&world, 6));
    for _ in 0..180 {
        world.step(scene.dt);
    }
    // The motor drives the car right; the belt (a tangent speed of -2 m/s:
    // its top moving clockwise, to the right) carries the crate right; the
    // ball, rolled at 4 m/s against resistance 0.1, slows at least as
    // resistance alone slows it on the flat, 2 c g / 3 = 0.65 m/s^2 (the
    // first bump slows it more), so rolls at under 2.04 m/s after 3 s.
    assert!(x0(&world, 1) > car + 5.0, "the car moved {}", x0(&world, 1) - car);
    assert!(
        x0(&world, 5) > crate_ + 1.0,
        "the crate moved {}",
        x0(&world, 5) - crate_
    );
    let v = world.solver.bodies[6].velocity.x;
    assert!(v > 0.0 && v < 2.05, "the ball rolls at {v} m/s after 3 s");
    assert!(x0(&world, 6) > rolling);
}
