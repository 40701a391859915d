//! The chapter's tests in one binary: each file is a module of it. `cli`
//! runs the chapter's binary as a learner does.

mod cast;
mod chains;
mod cli;
mod demos;
mod exercises;
mod mover;
mod scene;
mod springs;
mod surfaces;
