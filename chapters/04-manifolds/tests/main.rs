//! The chapter's tests in one binary: each file is a module of it, so the
//! tests are compiled and linked once, not once a file. `cli` runs the
//! chapter's binary as a learner does; `exercises` judges the learner's
//! functions one at a time, with `judge`'s messages.

mod cli;
mod demos;
mod exercises;
mod judge;
mod manifolds;
