//! The chapter's worlds: each level as it starts, and the world the
//! lesson on drawing between steps is shown on.

use crate::level::Level;
use crate::{Frames, Play};

/// Level number `i` (from 0) as it starts, stepped on one thread.
pub fn level(i: usize) -> Play {
    Play::new(&Level::number(i), 1)
}

/// Level number `i`'s loop, ready for its first frame.
pub fn frames(i: usize) -> Frames {
    Frames::new(level(i))
}
