//! physics-core's tests: one module for each file of `src/` that has any, in one binary.

mod demo;
mod diagnostics;
mod draw;
mod exercise;
mod lab;
mod math;
mod rng;
mod scene;
mod slices;
mod timestep;
mod trace;
mod trig;
