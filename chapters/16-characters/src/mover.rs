//! The character mover.
