//! The blocks: each colour's contacts packed eight to a [`Block`] (or one
//! to a block), the overflow's one to a block; who is in each block; and
//! the rows the prepare reads, of the arbiters and of the bodies at the
//! step's start. Box2D v3's `constraint_graph.c` colours and its
//! `contact_solver.c` packs; here the colouring is
//! [`colour`](mod@crate::colour) and the packing is [`Cache::pack`].

use crate::cache::{Cache, Lists};
use crate::colour::DYNAMIC_COLOURS;
use crate::kernels::{
    Context, Pass, Rows, SurfaceRows, prepare_rows, prepare_surface, restitution,
    solve, warm_start,
};
use crate::states::Bodies;
use crate::threads::Threads;
use crate::{Body, COLOURS, Colouring, LANES, Lane, OVERFLOW, Surface, Width};
use ch08_sequential_impulses::Arbiter;

// ANCHOR: pack
impl Cache {
    /// Stage 3, the packing: each colour's contacts in blocks of eight
    /// (and one to a block, for [`Width::Single`]), the overflow's one to
    /// a block, from the colouring and the lists it read.
    pub(crate) fn pack(&mut self, colouring: &Colouring, width: Width) {
        let Lists { movable, needs, pairs, .. } = &self.lists;
        let (wide, single) = (width == Width::Wide, width == Width::Single);
        self.colours.clear();
        self.ground = 0;
        // Where each block of eight finds its contacts in `order`
        // (two-point blocks, one-point blocks).
        let (spans_two, spans_one) = (&mut self.spans.0, &mut self.spans.1);
        spans_two.clear();
        spans_one.clear();
        // How many one-lane blocks are placed so far, in each list.
        let (mut n_single, mut n_overflow) = ((0, 0), (0, 0));
        // How many points a block of contacts `k` solves: the most any has.
        let solves = |k: &[usize]| {
            k.iter().map(|&k| needs[k].points as usize).max().unwrap_or(0)
        };
        let block_bodies = BlockBodies { pairs, sink: movable.len() as u32 };
        // The contacts in solving order, colour by colour, the overflow
        // last, and in each colour the two-point contacts first, so that a
        // block whose contacts all have one point (a disc's) solves one
        // point, not two.
        let mut order = std::mem::take(&mut self.order);
        colouring.order_into(|k| needs[k].points < 2, &mut order);
        // Each colour's contacts, the overflow's last.
        let mut end = 0;
        for c in 0..=COLOURS {
            let start = end;
            end += match c {
                COLOURS => colouring.overflow,
                c => colouring.counts[c],
            };
            if start == end {
                continue;
            }
            let c = if c == COLOURS { OVERFLOW } else { c as u8 };
            let members = &order[start..end];
            if c == OVERFLOW {
                for &k in members {
                    let one = block_bodies.members(1, &[k]);
                    self.overflow.place(solves(&[k]), &mut n_overflow, one);
                }
            } else if wide {
                let first = (spans_two.len(), spans_one.len());
                for i in (start..end).step_by(LANES) {
                    let span = i..(i + LANES).min(end);
                    match solves(&order[span.clone()]) {
                        2 => spans_two.push(span),
                        _ => spans_one.push(span),
                    }
                }
                self.colours
                    .push((first.0..spans_two.len(), first.1..spans_one.len()));
                self.ground += usize::from(c as usize >= DYNAMIC_COLOURS);
            } else if single {
                // One to a block, each solving what its block of eight
                // would: the same operations, so the same bits.
                let first = n_single;
                for k in members.chunks(LANES) {
                    let points = solves(k);
                    for &k in k {
                        let one = block_bodies.members(1, &[k]);
                        self.single.place(points, &mut n_single, one);
                    }
                }
                self.colours.push((first.0..n_single.0, first.1..n_single.1));
                self.ground += usize::from(c as usize >= DYNAMIC_COLOURS);
            }
        }
        // The blocks of eight: a block keeps its room from step to step
        // (its members are found and its rows written by the prepare, in
        // one visit to each block).
        self.wide.two.resize_with(spans_two.len(), Block::default);
        self.wide.one.resize_with(spans_one.len(), Block::default);
        self.order = order;
        self.single.truncate(n_single);
        self.overflow.truncate(n_overflow);
        (self.packed, self.kept) = (Some(width), false);
    }
}
// ANCHOR_END: pack

/// Up to [`LANES`] contacts of one colour, or one contact, with room for
/// the `N` points its rows solve, and, in a step with surfaces (chapter
/// 16's conveyor belts and rolling resistance), their rows: on the heap,
/// so that a block without them is no larger (the pointer fits in the
/// padding before the rows) and reads no more memory.
#[derive(Clone, Debug, Default)]
pub struct Block<T, const N: usize> {
    members: Members,
    surface: Option<Box<SurfaceRows<T>>>,
    rows: Rows<T, N>,
}

/// A list of blocks, in two: the blocks whose contacts have two points at
/// most, and the blocks whose contacts have one (a disc's). A block of
/// discs' contacts then keeps no room for a second point, which it would
/// pass over: the step reads less memory, and reads it in one run.
#[derive(Debug, Default)]
pub(crate) struct Blocks<T> {
    pub(crate) two: Vec<Block<T, 2>>,
    pub(crate) one: Vec<Block<T, 1>>,
}

/// Who is in a block: its lanes' arbiters and bodies.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Members {
    /// How many lanes are used.
    pub(crate) used: u32,
    /// Whether any of its contacts may bounce this step (the prepare
    /// finds it): if not, the restitution pass passes it by.
    pub(crate) bounces: bool,
    /// Each lane's arbiter.
    pub(crate) arbiter: [u32; LANES],
    /// Each lane's bodies, whose velocities it reads and writes back. An
    /// unused lane reads and writes the *sink*, a place after the bodies'
    /// that no body reads. A body that cannot move gets back what it
    /// had: its inverse masses are 0, so no push changes it. Every lane
    /// then reads and writes without a test.
    pub(crate) a: [u32; LANES],
    pub(crate) b: [u32; LANES],
}

/// What a block needs to know of its contacts' bodies: each arbiter's,
/// and where the sink is.
pub(crate) struct BlockBodies<'a> {
    pub(crate) pairs: &'a [(usize, usize)],
    pub(crate) sink: u32,
}

impl BlockBodies<'_> {
    /// A block of the arbiters `k` (at most `width`). Whether any may
    /// bounce is the prepare's to find.
    pub(crate) fn members(&self, width: usize, k: &[usize]) -> Members {
        let used = k.len().min(width);
        let mut m = Members { used: used as u32, ..Members::default() };
        for lane in 0..LANES {
            // An unused lane's rows are the last contact's, made zero.
            let arbiter = k[lane.min(used - 1)];
            let (a, b) = match lane < used {
                true => self.pairs[arbiter],
                false => (self.sink as usize, self.sink as usize),
            };
            m.arbiter[lane] = arbiter as u32;
            (m.a[lane], m.b[lane]) = (a as u32, b as u32);
        }
        m
    }
}

/// Block `n` of `blocks` given `members`: last step's block, if there is
/// one, keeps its room (its rows are all written again by the prepare).
fn place<T: Default, const N: usize>(
    blocks: &mut Vec<Block<T, N>>,
    n: &mut usize,
    members: Members,
) {
    match blocks.get_mut(*n) {
        Some(block) => block.members = members,
        None => {
            blocks.push(Block { members, surface: None, rows: Rows::default() })
        }
    }
    *n += 1;
}

impl<T: Lane + Default> Blocks<T> {
    /// The next block solving `points` points, given `members`; `n`
    /// counts the blocks placed so far in each list (two, one).
    fn place(&mut self, points: usize, n: &mut (usize, usize), members: Members) {
        match points {
            2 => place(&mut self.two, &mut n.0, members),
            _ => place(&mut self.one, &mut n.1, members),
        }
    }

    /// Only the first `n` blocks of each list.
    fn truncate(&mut self, (two, one): (usize, usize)) {
        self.two.truncate(two);
        self.one.truncate(one);
    }

    /// Every block's rows (stage 3), on the workers.
    pub(crate) fn prepare(
        &mut self,
        threads: &Threads,
        grain: usize,
        from: Sources,
    ) {
        threads.for_each(&mut self.two, grain, |block| block.prepare(from));
        threads.for_each(&mut self.one, grain, |block| block.prepare(from));
    }

    /// One pass of every block, two-point blocks first, on this thread.
    pub(crate) fn run(
        &mut self,
        pass: Pass,
        k: &Context,
        bodies: &mut impl Bodies,
    ) {
        self.two.iter_mut().for_each(|block| block.run(pass, k, bodies));
        self.one.iter_mut().for_each(|block| block.run(pass, k, bodies));
    }

    /// [`Blocks::run`] last block first.
    pub(crate) fn run_backwards(
        &mut self,
        pass: Pass,
        k: &Context,
        bodies: &mut impl Bodies,
    ) {
        self.one.iter_mut().rev().for_each(|block| block.run(pass, k, bodies));
        self.two.iter_mut().rev().for_each(|block| block.run(pass, k, bodies));
    }

    /// Each arbiter's slot in `slots`: where its lane is in `list`.
    pub(crate) fn note(&self, list: List, slots: &mut [Slot]) {
        fn each<T: Lane, const N: usize>(
            blocks: &[Block<T, N>],
            slot: impl Fn(u32) -> Slot,
            slots: &mut [Slot],
        ) {
            for (n, block) in blocks.iter().enumerate() {
                let m = &block.members;
                for lane in 0..m.used as usize {
                    let at = (n * T::WIDTH + lane) as u32;
                    slots[m.arbiter[lane] as usize] = slot(at);
                }
            }
        }
        each(&self.two, |at| Slot { list, one: false, at }, slots);
        each(&self.one, |at| Slot { list, one: true, at }, slots);
    }

    /// The rolling impulse of `slot`'s lane.
    pub(crate) fn rolling(&self, slot: Slot) -> f32 {
        let (n, lane) = (slot.at as usize / T::WIDTH, slot.at as usize % T::WIDTH);
        match slot.one {
            false => self.two[n].rolling(lane),
            true => self.one[n].rolling(lane),
        }
    }

    /// The impulses of `slot`'s lane back into its arbiter `arb`.
    pub(crate) fn store(&self, slot: Slot, arb: &mut Arbiter) {
        let (n, lane) = (slot.at as usize / T::WIDTH, slot.at as usize % T::WIDTH);
        match slot.one {
            false => self.two[n].store(lane, arb),
            true => self.one[n].store(lane, arb),
        }
    }
}

/// What a block's prepare reads: the arbiters' rows, the bodies' rows at
/// the step's start, whether last step's impulses are kept, and how fast
/// a contact must approach to bounce.
#[derive(Clone, Copy)]
pub(crate) struct Sources<'a> {
    pub(crate) arbiters: &'a [ArbiterRow],
    pub(crate) start_rows: &'a [StartRow],
    /// Each arbiter's surface, or none at all.
    pub(crate) surfaces: &'a [Surface],
    pub(crate) warm: bool,
    /// The approach speed a bounce must beat (chapter 8's setting).
    pub(crate) threshold: f32,
}

// ANCHOR: arbiter_row
/// An arbiter as the prepare reads it: its fifteen numbers (and a spare)
/// in one row of 64 bytes, one cache line, written in one walk along the
/// arbiters as stage 3 begins. Eight lanes read eight of them as two rows
/// of eight each and turn them into columns (as they read the bodies'
/// rows), not fifteen numbers one by one from each arbiter's larger
/// record, spread over three lines. The first row: the normal `x, y`, friction,
/// restitution, the number of points, the first point `x, y` and its
/// penetration; the second: the first point's normal and tangent
/// impulses, the second point `x, y`, its penetration and impulses, and
/// a spare.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub(crate) struct ArbiterRow(pub(crate) [[f32; 8]; 2]);

impl ArbiterRow {
    pub(crate) fn of(a: &Arbiter) -> ArbiterRow {
        let (n, [p, q]) = (a.normal, &a.contacts);
        ArbiterRow([
            [
                n.x,
                n.y,
                a.friction,
                a.restitution,
                a.count as f32,
                p.point.x,
                p.point.y,
                p.penetration,
            ],
            [
                p.normal_impulse,
                p.tangent_impulse,
                q.point.x,
                q.point.y,
                q.penetration,
                q.normal_impulse,
                q.tangent_impulse,
                0.0,
            ],
        ])
    }
}
// ANCHOR_END: arbiter_row

/// A body at the step's start as the prepare reads it, eight numbers in
/// one row, written in one walk along the bodies: where it is `x, y`, its
/// velocity `x, y`, its angular velocity, its inverse mass and inverse
/// moment of inertia, and a spare. Eight lanes read eight rows and turn
/// them into columns, as the passes read the states, not ten numbers one
/// by one from each body's larger record.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StartRow(pub(crate) [f32; 8]);

impl StartRow {
    pub(crate) fn of(b: &Body) -> StartRow {
        let (p, v) = (b.position, b.velocity);
        let w = b.angular_velocity;
        StartRow([p.x, p.y, v.x, v.y, w, b.inv_mass, b.inv_inertia, 0.0])
    }
}

impl<T: Lane, const N: usize> Block<T, N> {
    /// Stage 3: the block's rows from its arbiters ([`prepare_rows`]).
    /// Then whether any of its contacts may bounce this step.
    fn prepare(&mut self, from: Sources) {
        prepare_rows(&mut self.rows, &self.members, from);
        self.members.bounces = self.rows.may_bounce(from.threshold);
        if from.surfaces.is_empty() {
            self.surface = None;
        } else {
            let surface =
                self.surface.get_or_insert_with(|| Box::new(SurfaceRows::zero()));
            prepare_surface(surface, &self.rows, &self.members, from);
        }
    }

    /// [`Block::prepare`], the block first given `members` if they are new.
    pub(crate) fn prepare_with(&mut self, members: Option<Members>, from: Sources) {
        if let Some(members) = members {
            self.members = members;
        }
        self.prepare(from);
    }

    /// One pass of this block's rows, between gathering the block's
    /// bodies' velocities and scattering them back (the kernels are
    /// compiled for each `N`, the number of points, a constant).
    pub(crate) fn run(
        &mut self,
        pass: Pass,
        k: &Context,
        bodies: &mut impl Bodies,
    ) {
        if pass == Pass::Restitution && !self.members.bounces {
            return;
        }
        // Gather: each lane's bodies, read once each.
        let m = &self.members;
        let (mut a, pose_a) = bodies.gather::<T>(&m.a);
        let (mut b, pose_b) = bodies.gather::<T>(&m.b);
        let surface = self.surface.as_deref_mut();
        match pass {
            Pass::WarmStart => warm_start(&self.rows, surface, &mut a, &mut b),
            Pass::Solve { use_bias } => {
                let (rows, poses) = (&mut self.rows, (pose_a, pose_b));
                solve(rows, surface, &mut a, &mut b, poses, k, use_bias)
            }
            Pass::Restitution => {
                restitution(&mut self.rows, &mut a, &mut b, k.threshold)
            }
        }
        // Scatter: each lane's velocities back (or to the sink).
        bodies.scatter(&m.a, &a);
        bodies.scatter(&m.b, &b);
    }

    /// Stage 10: lane `lane`'s impulses back into its arbiter `arb`, for
    /// the next step's warm start. (Only the impulses: every other number
    /// of a contact row is found again by the next step's prepare.)
    fn store(&self, lane: usize, arb: &mut Arbiter) {
        let count = arb.count;
        for (c, p) in arb.contacts.iter_mut().zip(&self.rows.points).take(count) {
            c.normal_impulse = p.normal_impulse.lane(lane);
            c.tangent_impulse = p.tangent_impulse.lane(lane);
        }
    }

    /// Stage 10: lane `lane`'s rolling impulse (0 without surfaces).
    fn rolling(&self, lane: usize) -> f32 {
        self.surface.as_ref().map_or(0.0, |s| s.rolling_impulse.lane(lane))
    }
}

/// Where an arbiter's rows are: in which list of blocks, among its
/// one-point blocks or its two-point ones, and at which lane of which
/// block (`block * width + lane`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub(crate) list: List,
    pub(crate) one: bool,
    pub(crate) at: u32,
}

/// The three lists of blocks.
#[derive(Clone, Copy, Debug)]
pub(crate) enum List {
    Wide,
    Single,
    Overflow,
}
