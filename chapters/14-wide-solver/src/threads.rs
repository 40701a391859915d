//! Threads: a pool of workers (rayon's), and body velocities that the
//! workers may share.
//!
//! Every parallel stage of the step hands a list of independent pieces of
//! work to [`Threads::for_each`] or one of its kind: the bodies to
//! integrate, the pairs to collide, the blocks of each colour to solve.
//! What a piece computes never depends on which worker runs it or in what
//! order, so the result is the same bits on one thread or four.

use glam::Vec2;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use wide::bytemuck::cast;

/// How many threads the step uses, and the pool that runs them.
#[derive(Clone, Debug)]
pub struct Threads {
    count: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// How many threads the machine runs at once.
    cores: usize,
    /// The core this pool's first worker is kept to while a step runs
    /// (see [`keep_to_a_core`]).
    first: usize,
}

impl Default for Threads {
    fn default() -> Self {
        Threads::new(1)
    }
}

impl PartialEq for Threads {
    fn eq(&self, other: &Self) -> bool {
        self.count == other.count
    }
}

impl Threads {
    /// A pool of `count` workers (1: none, the calling thread does it all).
    /// Where threads cannot start (a web page), one.
    pub fn new(count: usize) -> Threads {
        let count = count.clamp(1, 64);
        // Each pool starts where the last left off: several worlds
        // stepping at once (tests side by side) spread over the cores
        // rather than all meeting on the first ones.
        let first = match count {
            1 => 0,
            _ => NEXT_CORE.fetch_add(count, Ordering::Relaxed),
        };
        let pool = (count > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(count).build())
            .and_then(Result::ok)
            .map(Arc::new);
        let count = if pool.is_some() { count } else { 1 };
        // Asked once, with the pool: the answer takes reading files (a
        // step that stays on one thread makes a `Threads` of one each time).
        let cores = match pool {
            Some(_) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            None => 1,
        };
        Threads { count, pool, cores, first }
    }

    /// How many threads work.
    pub fn count(&self) -> usize {
        self.count
    }

    /// How many workers take a share of each colour's blocks
    /// ([`Threads::for_each_in_turn`]): no more than the cores.
    pub fn workers(&self) -> usize {
        match self.pool {
            Some(_) => self.count.min(self.cores),
            None => 1,
        }
    }

    // ANCHOR: run
    /// Run `f` on the pool's first worker (or here, with one thread): the
    /// stages inside then split their work among the workers without
    /// waking this thread up between them. While `f` runs, each other
    /// worker with a core of its own stays awake, taking each piece of work
    /// as it is offered: a worker with nothing to do soon goes to sleep,
    /// and waking it costs tens of microseconds, at each of a step's
    /// hand-overs.
    ///
    /// Every worker is handed its part by name (a broadcast): the first
    /// runs `f`, the others `stay_awake`. A part merely offered to the
    /// pool could be taken by the wrong worker: spawned from the worker
    /// running `f`, it sits in that worker's own queue, which that worker
    /// empties whenever it waits for a piece of work, so it would take the
    /// other worker's part itself while the other sleeps.
    pub fn run<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        let Some(pool) = &self.pool else {
            return f();
        };
        let awake = self.count.min(self.cores);
        let (step, out) = (Mutex::new(Some(f)), Mutex::new(None));
        let done = AtomicBool::new(false);
        pool.broadcast(|worker| {
            let i = worker.index();
            // Each worker with a part on a core of its own until its part
            // ends.
            let _kept = (i < awake).then(|| keep_to_a_core(self.first + i));
            match i {
                0 => {
                    // The others stop waiting even if `f` panics.
                    let _done = SetOnDrop(&done);
                    let f =
                        step.lock().expect("the step").take().expect("run once");
                    *out.lock().expect("the step's result") = Some(f());
                }
                i if i < awake => stay_awake(&done),
                _ => {}
            }
        });
        let out = out.into_inner().expect("the step's result");
        out.expect("the first worker ran the step")
    }
    // ANCHOR_END: run

    // ANCHOR: for_each
    /// Run `work` on each item of `items` and the item of `more` (at least
    /// as long) at the same place, given that place, split across the
    /// workers. Each worker takes one run of the lists, and the same run
    /// in every call (the first worker the first run): a pass over the
    /// bodies then finds each body in the cache of the worker that wrote
    /// it in the pass before, not in the other's. (Handed out as pieces
    /// come free, each pass would move cache lines from one core to the
    /// other.) A list too short to give two workers `grain` items each runs
    /// here, on one thread: handing work over costs a few microseconds.
    pub fn for_each_two<T: Send, V: Send>(
        &self,
        items: &mut [T],
        more: &mut [V],
        grain: usize,
        work: impl Fn(usize, &mut T, &mut V) + Sync,
    ) {
        let more = &mut more[..items.len()];
        let Some(pool) = self.pool.as_ref().filter(|_| items.len() >= 2 * grain)
        else {
            let each = items.iter_mut().zip(more).enumerate();
            return each.for_each(|(i, (t, v))| work(i, t, v));
        };
        let workers = self.count.min(self.cores);
        let more_runs = Self::runs(more, workers);
        // Each run with where it starts; a worker takes its own, once.
        let mut start = 0;
        let runs: Vec<Mutex<_>> = Self::runs(items, workers)
            .into_iter()
            .zip(more_runs)
            .map(|(run, more_run)| {
                start += run.len();
                Mutex::new((start - run.len(), run, more_run))
            })
            .collect();
        pool.broadcast(|worker| {
            // A worker beyond the cores has no run.
            let Some(run) = runs.get(worker.index()) else {
                return;
            };
            let (start, run, more_run) =
                &mut *run.lock().expect("a worker's own run");
            let each = run.iter_mut().zip(more_run.iter_mut()).enumerate();
            each.for_each(|(k, (t, v))| work(*start + k, t, v));
        });
    }
    // ANCHOR_END: for_each

    /// [`Threads::for_each_two`] on one list.
    pub fn for_each<T: Send>(
        &self,
        items: &mut [T],
        grain: usize,
        work: impl Fn(&mut T) + Sync,
    ) {
        self.for_each_indexed(items, grain, |_, t| work(t));
    }

    /// [`Threads::for_each_two`] on one list, with each item's place.
    pub fn for_each_indexed<T: Send>(
        &self,
        items: &mut [T],
        grain: usize,
        work: impl Fn(usize, &mut T) + Sync,
    ) {
        let none = &mut vec![(); items.len()];
        self.for_each_two(items, none, grain, |i, t, _| work(i, t));
    }

    /// [`Threads::for_each_two`] on one list, each item given the item of
    /// `with` at its place.
    pub fn zip<T: Send, U: Sync>(
        &self,
        items: &mut [T],
        with: &[U],
        grain: usize,
        work: impl Fn(&mut T, &U) + Sync,
    ) {
        self.for_each_indexed(items, grain, |i, t| work(t, &with[i]));
    }

    /// [`Threads::for_each_two`], each pair of items given the item of
    /// `with` at their place.
    pub fn zip_two<T: Send, V: Send, U: Sync>(
        &self,
        items: &mut [T],
        more: &mut [V],
        with: &[U],
        grain: usize,
        work: impl Fn(&mut T, &mut V, &U) + Sync,
    ) {
        self.for_each_two(items, more, grain, |i, t, v| work(t, v, &with[i]));
    }

    // ANCHOR: in_turn
    /// Run `work` on every item of `items`, group after group (`groups`
    /// are ranges of `items`, in order, not overlapping): each worker takes
    /// a fixed share of each group, and no worker starts the next group
    /// until every worker has finished this one.
    ///
    /// [`Threads::for_each`] once per group would do the same, but each
    /// call hands the work out afresh, a few microseconds, and a step of
    /// the 100-row pyramid solves about 80 colours. Here each worker is
    /// handed its shares once, and the workers wait for each other at a
    /// barrier: a count each adds one to when it finishes a group, which
    /// they watch until it reaches the number of workers times the groups
    /// finished, spinning, since a group takes microseconds and going to
    /// sleep takes longer (after 4,096 spins a worker gives its core away).
    ///
    /// The shares are fixed, not taken from a common pile as they come
    /// free, so a worker solves the same blocks in every pass and finds
    /// their bodies still in its own cache.
    ///
    /// The items come in two lists, each group a range of each (a colour's
    /// blocks of two-point contacts and of one-point ones): a group's
    /// items of the first list, then of the second. The first `turned`
    /// groups go last to first, then the rest in order.
    pub fn for_each_in_turn<T: Send, U: Send>(
        &self,
        (items, more): (&mut [T], &mut [U]),
        groups: &[(Range<usize>, Range<usize>)],
        turned: usize,
        work: impl Fn(&mut T) + Sync,
        more_work: impl Fn(&mut U) + Sync,
    ) {
        let Some(pool) = &self.pool else {
            let mut group = |(first, second): &(Range<usize>, Range<usize>)| {
                items[first.clone()].iter_mut().for_each(&work);
                more[second.clone()].iter_mut().for_each(&more_work);
            };
            let (first, rest) = groups.split_at(turned);
            first.iter().rev().chain(rest).for_each(&mut group);
            return;
        };
        // A worker that waits at a barrier for one without a core of its
        // own spins away the time that one needs: with more workers than
        // cores, only as many take part as there are cores.
        let workers = self.count.min(self.cores);
        let first = groups.iter().map(|g| g.0.clone());
        let second = groups.iter().map(|g| g.1.clone());
        let shares = Self::shares(items, first, workers).into_iter();
        let more_shares = Self::shares(more, second, workers);
        // A worker's shares are its own; the lock is taken once, by it (it
        // is how safe Rust hands each worker its `&mut`s).
        // (The shares are cut from the groups in order, then turned.)
        let in_turn = |mine: Vec<_>, more: Vec<_>| {
            let mut turn: Vec<_> = mine.into_iter().zip(more).collect();
            turn[..turned].reverse();
            Mutex::new(turn)
        };
        let shares: Vec<Mutex<Vec<_>>> = shares
            .zip(more_shares)
            .map(|(mine, more)| in_turn(mine, more))
            .collect();
        let finished = AtomicUsize::new(0);
        pool.broadcast(|worker| {
            // A worker beyond the cores has no share and no part in the
            // barrier.
            let Some(mine) = shares.get(worker.index()) else {
                return;
            };
            let mut mine = mine.lock().expect("a worker's own shares");
            for (done, (share, more)) in mine.iter_mut().enumerate() {
                share.iter_mut().for_each(&work);
                more.iter_mut().for_each(&more_work);
                // Release: what this worker wrote is seen by any worker that
                // reads (Acquire) the count this add makes.
                finished.fetch_add(1, Ordering::Release);
                let all = workers * (done + 1);
                let mut spins = 0u32;
                while finished.load(Ordering::Acquire) < all {
                    spins += 1;
                    if spins < 1 << 12 {
                        std::hint::spin_loop();
                    } else {
                        // Another worker has lost its core: give ours away.
                        std::thread::yield_now();
                    }
                }
            }
        });
    }

    /// `items` cut into one run for each worker, nearly equal, in order.
    fn runs<T>(items: &mut [T], workers: usize) -> Vec<&mut [T]> {
        let whole = std::iter::once(0..items.len());
        Self::shares(items, whole, workers).into_iter().flatten().collect()
    }

    /// Each worker's share of each group: the groups cut out of `items`,
    /// and each cut into as many nearly equal slices as there are workers.
    fn shares<T>(
        items: &mut [T],
        groups: impl Iterator<Item = Range<usize>>,
        workers: usize,
    ) -> Vec<Vec<&mut [T]>> {
        let mut shares: Vec<Vec<&mut [T]>> =
            (0..workers).map(|_| Vec::new()).collect();
        let (mut rest, mut at) = (items, 0);
        for group in groups {
            let tail = std::mem::take(&mut rest).split_at_mut(group.start - at).1;
            let (mut group_items, tail) = tail.split_at_mut(group.len());
            (rest, at) = (tail, group.end);
            for (w, share) in shares.iter_mut().enumerate() {
                let take = group_items.len() / (workers - w);
                let (mine, others) =
                    std::mem::take(&mut group_items).split_at_mut(take);
                share.push(mine);
                group_items = others;
            }
        }
        shares
    }
    // ANCHOR_END: in_turn

    /// `items` sorted by `key`, split across the workers when there are
    /// at least `2 * grain`, as [`Threads::for_each`] splits. No two items
    /// may have the same key: then every sort, on any number of workers,
    /// leaves the same order.
    pub fn sort_by_key<T: Send, K: Ord>(
        &self,
        items: &mut [T],
        grain: usize,
        key: impl Fn(&T) -> K + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => {
                pool.install(|| items.par_sort_unstable_by_key(key))
            }
            _ => items.sort_unstable_by_key(key),
        }
    }

    /// `out` emptied, then filled with everything `f` pushes for each item,
    /// in the items' order. With several workers, the items are cut into a
    /// few pieces per worker, each piece pushes into a list of `lists`
    /// (kept from call to call, with their room, so a step allocates
    /// nothing), the workers sharing out the pieces; then `out` is given the
    /// lists' total length (it keeps its room and, mostly, its length from
    /// call to call), cut into one slice per list, and each list is copied
    /// into its slice on the workers. On one thread, every item pushes
    /// straight into `out`.
    pub fn collect<T: Sync, U: Send + Sync + Copy>(
        &self,
        items: &[T],
        grain: usize,
        lists: &mut Vec<Vec<U>>,
        out: &mut Vec<U>,
        f: impl Fn(&T, &mut Vec<U>) + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => pool.install(|| {
                let size = items.len().div_ceil(4 * self.count).max(grain);
                let pieces = items.chunks(size);
                if lists.len() < pieces.len() {
                    lists.resize_with(pieces.len(), Vec::new);
                }
                let lists = &mut lists[..pieces.len()];
                lists.par_iter_mut().zip(pieces.collect::<Vec<_>>()).for_each(
                    |(list, piece)| {
                        list.clear();
                        piece.iter().for_each(|item| f(item, list));
                    },
                );
                let lists: Vec<&[U]> = lists.iter().map(Vec::as_slice).collect();
                gather(&lists, out);
            }),
            _ => {
                out.clear();
                items.iter().for_each(|item| f(item, out))
            }
        }
    }

    /// [`Threads::collect`] into two lists at once: `f` pushes, for each
    /// item, into both (as many as it likes into each), and `outs` are
    /// filled each in the items' order, as `collect` fills its `out`; with
    /// several workers, each piece pushes into a pair of `lists`.
    pub fn collect_two<T: Sync, U: Send + Sync + Copy, V: Send + Sync + Copy>(
        &self,
        items: &[T],
        grain: usize,
        lists: &mut Vec<(Vec<U>, Vec<V>)>,
        (one, two): (&mut Vec<U>, &mut Vec<V>),
        f: impl Fn(&T, &mut Vec<U>, &mut Vec<V>) + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => pool.install(|| {
                let size = items.len().div_ceil(4 * self.count).max(grain);
                let pieces = items.chunks(size);
                if lists.len() < pieces.len() {
                    lists.resize_with(pieces.len(), Default::default);
                }
                let lists = &mut lists[..pieces.len()];
                lists.par_iter_mut().zip(pieces.collect::<Vec<_>>()).for_each(
                    |((u, v), piece)| {
                        u.clear();
                        v.clear();
                        piece.iter().for_each(|item| f(item, u, v));
                    },
                );
                let ones: Vec<&[U]> =
                    lists.iter().map(|l| l.0.as_slice()).collect();
                gather(&ones, one);
                let twos: Vec<&[V]> =
                    lists.iter().map(|l| l.1.as_slice()).collect();
                gather(&twos, two);
            }),
            _ => {
                one.clear();
                two.clear();
                items.iter().for_each(|item| f(item, one, two))
            }
        }
    }
}

/// `out` given the `lists`' total length (keeping its room and, mostly,
/// its length from call to call), cut into one slice per list, and each
/// list copied into its slice on the workers: [`Threads::collect`]'s
/// gathering, inside its pool.
fn gather<U: Send + Sync + Copy>(lists: &[&[U]], out: &mut Vec<U>) {
    let total = lists.iter().map(|list| list.len()).sum();
    out.truncate(total);
    if let Some(&filler) = lists.iter().flat_map(|list| list.iter()).next() {
        out.resize(total, filler);
    }
    let mut slices = Vec::with_capacity(lists.len());
    let mut rest = out.as_mut_slice();
    for list in lists {
        let (slice, tail) = std::mem::take(&mut rest).split_at_mut(list.len());
        slices.push(slice);
        rest = tail;
    }
    slices
        .into_par_iter()
        .zip(lists)
        .for_each(|(slice, list)| slice.copy_from_slice(list));
}

/// Keep the calling worker, worker `i` of its pool, on the `i`-th of the
/// cores its thread may use (counted on from where the last pool began,
/// wrapping round), and nowhere else, until the returned [`Kept`] is
/// dropped: [`Threads::run`] keeps each worker with a part of a step so,
/// for that step.
///
/// Left to the operating system, the workers meet on one core. The window
/// waits for the next sixtieth of a second between steps, every core goes
/// idle, and a worker woken from that is put on the core of the thread
/// that woke it: the two workers then take turns on one core at every
/// barrier of the colours, and the step takes twice as long.
///
/// They are kept to their cores only while they step, not for good: kept
/// for good, the window shows runs of late pictures. Between steps the
/// cores are anyone's.
///
/// Where a thread may not choose its core (a web page, systems other than
/// Linux), the worker runs where it is put.
fn keep_to_a_core(worker: usize) -> Kept {
    Kept::to(worker)
}

/// A worker kept to one core; dropped, it may use every core it could
/// before.
#[cfg(target_os = "linux")]
struct Kept(Option<nix::sched::CpuSet>);

#[cfg(target_os = "linux")]
impl Kept {
    fn to(worker: usize) -> Kept {
        use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
        let here = nix::unistd::Pid::from_raw(0);
        let Ok(could) = sched_getaffinity(here) else {
            return Kept(None);
        };
        // The cores it may use, counted through (no list: a step
        // allocates nothing).
        let cores =
            || (0..CpuSet::count()).filter(|&c| could.is_set(c) == Ok(true));
        let mut one = CpuSet::new();
        let core = cores().nth(worker % cores().count().max(1));
        let kept = core.is_some_and(|core| one.set(core).is_ok())
            && sched_setaffinity(here, &one).is_ok();
        Kept(kept.then_some(could))
    }
}

#[cfg(target_os = "linux")]
impl Drop for Kept {
    fn drop(&mut self) {
        if let Some(could) = &self.0 {
            // If this fails the worker stays where it is: slower, not wrong.
            let _ =
                nix::sched::sched_setaffinity(nix::unistd::Pid::from_raw(0), could);
        }
    }
}

#[cfg(not(target_os = "linux"))]
struct Kept;

#[cfg(not(target_os = "linux"))]
impl Kept {
    fn to(_worker: usize) -> Kept {
        Kept
    }
}

/// The core the next pool's first worker is kept to (see [`keep_to_a_core`]).
static NEXT_CORE: AtomicUsize = AtomicUsize::new(0);

// ANCHOR: stay_awake
/// A worker's part while another runs a step: take whatever work the
/// pool offers until the step is `done`, spinning between pieces, as the
/// barrier of [`Threads::for_each_in_turn`] does.
fn stay_awake(done: &AtomicBool) {
    let mut idle = 0u32;
    while !done.load(Ordering::Acquire) {
        if rayon::yield_now() == Some(rayon::Yield::Executed) {
            idle = 0;
        } else if idle < 1 << 6 {
            idle += 1;
            std::hint::spin_loop();
        } else {
            // Nothing offered for a while: let any other thread that
            // wants this core have it (on a busy machine, spinning here
            // would take it from the thread running the step).
            std::thread::yield_now();
        }
    }
}

/// Sets its flag when dropped: when the step returns, or unwinds.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}
// ANCHOR_END: stay_awake

// ANCHOR: shared
/// A body's state that the workers share while they solve a colour: the
/// same eight numbers as a plain state (velocity `x, y`, angular velocity,
/// a spare, how far the centre has moved since the step began `x, y`, the
/// rotation `cos, sin`).
///
/// Within a colour no two rows touch one moving body, so no two workers
/// ever write the same velocity at once, and what a row reads no other
/// row of its colour writes. Rust cannot see that promise (it is the
/// colouring's, made at run time), so it will not let several threads
/// hold `&mut` to one list of states. Atomics say "several threads may
/// touch this" in safe code; used with `Ordering::Relaxed` they add no
/// fence, and a relaxed load or store is the same plain load or store the
/// numbers would be. The compiler may not merge two atomics into one wider
/// load, so the state is kept in the widest atomics there are: two halves
/// of four numbers, each one 128-bit load where AVX is built in, two
/// 64-bit ones elsewhere (no stable atomic of the standard library is
/// wider than 64 bits). The halves are read back as the numbers' bits
/// ([`bytemuck::cast`](wide::bytemuck::cast), safe, since any bits are
/// some `f32`): no number is taken apart and put together again. Aligned
/// to 32 bytes, a state never straddles two cache lines.
#[derive(Debug, Default)]
#[repr(align(32))]
pub struct SharedState([Half; 2]);

/// Four of a state's numbers, as one 128-bit atomic where AVX is built in:
/// every processor with AVX loads and stores 16 aligned bytes at once,
/// in one instruction (`vmovdqa`), which `portable_atomic` uses. Elsewhere
/// two 64-bit atomics.
#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
type Half = portable_atomic::AtomicU128;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
type Half = [std::sync::atomic::AtomicU64; 2];

#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
#[inline(always)]
fn load_half(half: &Half) -> [f32; 4] {
    cast(half.load(Ordering::Relaxed))
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
#[inline(always)]
fn store_half(half: &Half, numbers: [f32; 4]) {
    half.store(cast(numbers), Ordering::Relaxed)
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
#[inline(always)]
fn load_half(half: &Half) -> [f32; 4] {
    cast(half.each_ref().map(|p| p.load(Ordering::Relaxed)))
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
#[inline(always)]
fn store_half(half: &Half, numbers: [f32; 4]) {
    let pairs: [u64; 2] = cast(numbers);
    for (p, pair) in half.iter().zip(pairs) {
        p.store(pair, Ordering::Relaxed);
    }
}

impl SharedState {
    /// The linear and angular velocity.
    #[inline(always)]
    pub fn load(&self) -> (Vec2, f32) {
        let [x, y, w, _] = load_half(&self.0[0]);
        (Vec2::new(x, y), w)
    }

    /// The whole state, as eight numbers.
    #[inline(always)]
    pub fn row(&self) -> [f32; 8] {
        cast(self.0.each_ref().map(load_half))
    }

    /// The whole state.
    #[inline(always)]
    pub fn set_row(&self, row: [f32; 8]) {
        let halves: [[f32; 4]; 2] = cast(row);
        for (half, numbers) in self.0.iter().zip(halves) {
            store_half(half, numbers);
        }
    }

    /// Velocity `x, y`, angular velocity and the spare: the first half.
    #[inline(always)]
    pub fn set_velocity(&self, numbers: [f32; 4]) {
        store_half(&self.0[0], numbers);
    }
}
// ANCHOR_END: shared
