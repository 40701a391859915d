//! The chapter's tests but the command line's, in one binary: each file
//! is a module of it, so the tests are compiled and linked once, not once
//! a file. (`tests/cli.rs`, which runs the chapter's binary, is its own.)

mod convergence;
mod demos;
mod physics;
mod restitution;
mod snapshot;
