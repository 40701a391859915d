//! `cargo run --release`: the tour, every chapter's demos in one window. PageUp and PageDown
//! move between chapters; everything else works as in a chapter's own binary.

use physics_core::demo::Chapter;

/// The chapters, in reading order. A new chapter adds one line here.
const CHAPTERS: &[Chapter] = &[
    ch01_pong_particles::demos::CHAPTER,
    ch02_planes_restitution::demos::CHAPTER,
    ch03_mass_weighted_impulses::demos::CHAPTER,
    ch04_manifolds::demos::CHAPTER,
    ch05_obb_clipping::demos::CHAPTER,
];

fn main() -> std::process::ExitCode {
    viewer::run_tour(CHAPTERS)
}
