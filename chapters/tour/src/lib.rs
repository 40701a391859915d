//! The chapters, in reading order: the one list the tour's window and the book's
//! live demos (the `web` crate) both show. A new chapter adds one line here and its
//! dependency line in this crate's Cargo.toml.

use physics_core::demo::Chapter;

pub const CHAPTERS: &[Chapter] = &[
    ch01_pong_particles::demos::CHAPTER,
    ch02_planes_restitution::demos::CHAPTER,
    ch03_mass_weighted_impulses::demos::CHAPTER,
    ch04_manifolds::demos::CHAPTER,
    ch05_obb_clipping::demos::CHAPTER,
    ch06_rotation_friction::demos::CHAPTER,
    ch07_distance_constraints::demos::CHAPTER,
    ch08_sequential_impulses::demos::CHAPTER,
    ch09_joints::demos::CHAPTER,
    ch10_soft_step::demos::CHAPTER,
    ch11_polygons::demos::CHAPTER,
    ch12_continuous::demos::CHAPTER,
    ch13_islands::demos::CHAPTER,
    ch14_wide_solver::demos::CHAPTER,
    ch15_game_api::demos::CHAPTER,
    ch16_characters::demos::CHAPTER,
    ch17_a_game::demos::CHAPTER,
];
