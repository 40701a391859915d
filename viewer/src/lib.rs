//! # viewer
//!
//! Turns a [`DrawList`](physics_core::draw::DrawList) into pixels and drives a
//! chapter's demos.
//!
//! - [`raster`]: a small anti-aliased software rasteriser into a 0RGB `u32`
//!   framebuffer;
//! - [`camera`]: world (metres, y up) to screen (pixels, y down);
//! - [`session`]: the state every front end shares: which demo, paused or not, the
//!   step count, the controls, the HUD;
//! - `app` (feature `native`): the command line, the minifb window and the headless
//!   PNG/GIF/trace output. Everything else builds for `wasm32-unknown-unknown`.

pub mod camera;
pub mod raster;
pub mod session;

#[cfg(feature = "native")]
mod app;
#[cfg(feature = "native")]
mod cli;
#[cfg(feature = "native")]
pub mod conformance;
#[cfg(feature = "native")]
mod encode;
#[cfg(feature = "native")]
mod headless;

#[cfg(feature = "native")]
pub use app::{run, run_tour, run_with_args};
