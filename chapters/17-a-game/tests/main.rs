//! The chapter's tests in one binary: each file is a module of it. `cli`
//! runs the chapter's binary as a learner does.

mod cli;
mod demos;
mod determinism;
mod exercises;
mod frames;
mod levels;
mod replays;
mod rules;
mod search;
