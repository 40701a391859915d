//! # physics-core
//!
//! Everything the workbook's chapters share but none of them teaches:
//!
//! - [`math`]: the three 2D cross products and rotation helpers, on top of glam;
//! - [`draw`]: the draw list a demo fills in world coordinates and the viewer turns
//!   into pixels;
//! - [`demo`]: the [`Demo`](demo::Demo) interface the viewer runs, and a chapter as
//!   it sees it;
//! - [`lab`]: the one `Demo` every chapter's world runs in, with its table of
//!   switches;
//! - [`timestep`]: the fixed time step with its clamp on frame time;
//! - [`diagnostics`]: momentum, angular momentum and energy of a set of bodies;
//! - [`rng`]: a small seeded random generator, so scenes are the same on every run;
//! - [`scene`]: the JSON scene-file format and its validating loader;
//! - [`trace`]: the per-step CSV trace writer.
//!
//! Nothing here touches a window, a clock or the file system except
//! [`scene::Scene::load`] and [`trace`]'s file helpers, so the rest compiles for
//! `wasm32-unknown-unknown` as it is.

pub mod demo;
pub mod diagnostics;
pub mod draw;
pub mod exercise;
pub mod figure;
pub mod lab;
pub mod math;
pub mod rng;
pub mod scene;
pub mod slices;
pub mod timestep;
pub mod trace;
pub mod trig;

pub use glam::{Mat2, Vec2};
