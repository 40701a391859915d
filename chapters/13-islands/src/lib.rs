//! # Chapter 13: the world at scale (in progress)
//!
//! A game has thousands of bodies, most of them at rest, and asks its
//! world questions: what does this ray hit, what is under the mouse. This
//! chapter's first pieces: a dynamic bounding-volume tree ([`tree`]) for
//! the broad phase and for queries, and ray casts against chapter 11's
//! shapes ([`ray`]). Islands, sleeping, the demos and the book's page are
//! still to come.

pub mod ray;
pub mod tree;

pub use ray::{RayHit, ray_cast};
pub use tree::{Bounds, Proxy, Tree};
