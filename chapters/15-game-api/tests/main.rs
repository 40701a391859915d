//! The chapter's tests in one binary: each file is a module of it.

mod bodies;
mod events;
mod filters;
mod handles;
mod mass;
