//! What a step keeps for the next, and the lists it works in.

use crate::blocks::{ArbiterRow, Blocks, Slot, StartRow};
use crate::pose::Pose;
use crate::states::State;
use crate::{F32x8, SharedState, Surface, Width};
use ch08_sequential_impulses::Arbiter;
use ch13_islands::tree::Bounds;
use glam::Vec2;
use std::ops::Range;

/// What a step keeps for the next, and the room its lists work in. Kept:
/// each shape's extents (found once, when its body first steps), each
/// shape's box and each body's rotation as the step ended (taken again
/// where the body has not moved or turned since), and the packed blocks
/// with each arbiter's place among them (kept while the contacts are last
/// step's). The rest is written again every step, into lists that keep
/// their room. A step gives the same bits with or without any of it, so a
/// copy of the world starts with an empty cache.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    /// Each body's place this substep, for its joints' rows.
    pub(crate) places: Vec<ch08_sequential_impulses::Transform>,
    /// The colours' blocks of eight, colour after colour.
    pub(crate) wide: Blocks<F32x8>,
    /// The same contacts one to a block, for [`Width::Single`].
    pub(crate) single: Blocks<f32>,
    /// Where each colour's blocks are in `wide` (or `single`): in its
    /// list of two-point blocks, and in its list of one-point blocks.
    pub(crate) colours: Vec<(Range<usize>, Range<usize>)>,
    /// How many of the last of `colours` are the ground's: colours that
    /// only contacts with a static body take.
    pub(crate) ground: usize,
    /// The overflow's contacts, one to a block, solved one at a time.
    pub(crate) overflow: Blocks<f32>,
    /// Each body's state while the contacts are solved on several
    /// threads.
    pub(crate) shared: Vec<SharedState>,
    /// Each body's state while they are solved eight at a time on one.
    pub(crate) states: Vec<State>,
    /// Whether `shared` (or `states`) holds the latest velocities
    /// (and the bodies do not).
    pub(crate) shared_ahead: bool,
    /// Each body's pose at the step's start: centre and angle.
    pub(crate) starts: Vec<(Vec2, f32)>,
    /// Each shape's reach from its body's centre and its thinnest
    /// half-width (chapters 11 and 12), which the margins, the sweep's test
    /// and the still time read: found once, when its body first steps,
    /// since a body's shape never changes (Box2D v3 keeps each body's
    /// extents the same way).
    pub(crate) extents: Vec<(f32, f32)>,
    /// Each moving body's push per second of a substep, for the states:
    /// gravity and its force over its mass, and its torque over its
    /// moment of inertia (`None` for a body that does not move).
    pub(crate) pushes: Vec<Option<(Vec2, f32)>>,
    /// How far each body has moved and turned since, and its rotation.
    pub(crate) poses: Vec<Pose>,
    /// Each body at the step's start as the prepare reads it, in one row.
    pub(crate) start_rows: Vec<StartRow>,
    /// Room for the next step's arbiters.
    pub(crate) arbiters: Vec<Arbiter>,
    /// This step's surfaces, one an arbiter, or none (see
    /// [`Parts::hand_in_with`](crate::Parts::hand_in_with)).
    pub(crate) surfaces: Vec<Surface>,
    /// The contacts in solving order, colour by colour, and where each
    /// block of eight finds its own among them (blocks of two-point
    /// contacts, of one-point contacts), when packed this step.
    pub(crate) order: Vec<usize>,
    pub(crate) spans: (Vec<Range<usize>>, Vec<Range<usize>>),
    /// Each arbiter as the prepare reads it.
    pub(crate) arbiter_rows: Vec<ArbiterRow>,
    /// Where each arbiter's rows are, for storing its impulses (found again
    /// whenever the blocks are packed again).
    pub(crate) slots: Vec<Slot>,
    /// Each body's box for the tree.
    pub(crate) boxes: Vec<Bounds>,
    /// Each body's shape's own box as the end of the last step found it,
    /// with the body's centre and angle then: the next step's boxes start
    /// from it for a body that has not moved since (a pile at rest).
    pub(crate) shape_boxes: Vec<(Vec2, f32, Bounds)>,
    /// Whether each body moved far enough for chapter 12's sweep.
    pub(crate) far: Vec<bool>,
    /// The workers' lists of arbiters, kept with their room.
    pub(crate) made: Vec<Vec<Arbiter>>,
    /// The bodies whose leaves moved, the pairs they found, and the
    /// workers' lists of them and of the pair set's pieces.
    pub(crate) finding: crate::collide::Finding,
    /// What the colouring reads, kept with its room.
    pub(crate) lists: Lists,
    /// How the blocks were last packed (none yet, or the world was
    /// stepped in chapter 13's order since).
    pub(crate) packed: Option<Width>,
    /// Whether the last step kept the blocks of the step before.
    pub(crate) kept: bool,
    /// Whether this step's narrow phase found the contacts of the step
    /// before, each with as many points, and none other.
    pub(crate) same_contacts: bool,
}

/// What stage 3's colouring reads of the bodies and the arbiters: which
/// bodies move, what each arbiter needs, its pair alone, and the colour
/// its pair had last step.
#[derive(Debug, Default)]
pub(crate) struct Lists {
    pub(crate) movable: Vec<bool>,
    pub(crate) needs: Vec<Need>,
    pub(crate) pairs: Vec<(usize, usize)>,
    pub(crate) last: Vec<Option<u8>>,
    /// `movable` as it was last step.
    pub(crate) then: Vec<bool>,
}

/// What the colouring and packing need of one arbiter: its bodies and
/// its number of points (in 12 bytes, written for every arbiter every
/// step).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Need {
    pub(crate) pair: (u32, u32),
    pub(crate) points: u8,
}

/// An empty cache: the copy finds what it needs on its first step.
impl Clone for Cache {
    fn clone(&self) -> Self {
        Cache::default()
    }
}
