//! The chapter's tests in one binary: each file is a module of it, so the
//! tests are compiled and linked once, not once a file. `cli` runs the
//! chapter's binary as a learner does.

mod cli;
mod demos;
mod exercises;
mod fuzz;
mod manifolds;
mod mass;
mod seams;
