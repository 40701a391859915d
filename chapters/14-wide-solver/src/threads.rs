//! Threads: a pool of workers (rayon's), and body velocities that the
//! workers may share.
//!
//! Every parallel stage of the step hands a list of independent pieces of
//! work to [`Threads::for_each`]: the bodies to integrate, the pairs to
//! collide, the rows of one colour to solve. What a piece computes never
//! depends on which worker runs it or in what order, so the result is the
//! same bits on one thread or four.

use glam::Vec2;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// How many threads the step uses, and the pool that runs them.
#[derive(Clone, Debug)]
pub struct Threads {
    count: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
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
        let pool = (count > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(count).build())
            .and_then(Result::ok)
            .map(Arc::new);
        let count = if pool.is_some() { count } else { 1 };
        Threads { count, pool }
    }

    /// How many threads work.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Run `f` on a worker of the pool (or here, with one thread): the
    /// stages inside then split their work among the workers without
    /// waking this thread up between them.
    pub fn run<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.pool {
            Some(pool) => pool.install(f),
            None => f(),
        }
    }

    // ANCHOR: for_each
    /// Run `work` on every item, split across the workers, each taking at
    /// least `grain` items: handing work to another worker costs a few
    /// microseconds, so a list too short to give two workers `grain` each
    /// runs here, on one thread.
    pub fn for_each<T: Send>(
        &self,
        items: &mut [T],
        grain: usize,
        work: impl Fn(&mut T) + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => pool.install(|| {
                items.par_iter_mut().with_min_len(grain).for_each(work)
            }),
            _ => items.iter_mut().for_each(work),
        }
    }
    // ANCHOR_END: for_each

    /// Run `work` on each item with its place in `items`, split across the
    /// workers as [`Threads::for_each`] splits.
    pub fn for_each_indexed<T: Send>(
        &self,
        items: &mut [T],
        grain: usize,
        work: impl Fn(usize, &mut T) + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => pool.install(|| {
                items
                    .par_iter_mut()
                    .enumerate()
                    .with_min_len(grain)
                    .for_each(|(i, t)| work(i, t))
            }),
            _ => items.iter_mut().enumerate().for_each(|(i, t)| work(i, t)),
        }
    }

    /// Run `work` on each item of `items` with the item of `with` at the same
    /// place, split across the workers as [`Threads::for_each`] splits.
    pub fn zip<T: Send, U: Sync>(
        &self,
        items: &mut [T],
        with: &[U],
        grain: usize,
        work: impl Fn(&mut T, &U) + Sync + Send,
    ) {
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => pool.install(|| {
                items
                    .par_iter_mut()
                    .zip(with.par_iter())
                    .with_min_len(grain)
                    .for_each(|(t, u)| work(t, u))
            }),
            _ => items.iter_mut().zip(with).for_each(|(t, u)| work(t, u)),
        }
    }

    /// `out` emptied, then filled with everything `f` pushes for each item,
    /// in the items' order, split across the workers as
    /// [`Threads::for_each`] splits (each worker pushes into a list of its
    /// own, joined in order). On one thread, every item pushes straight
    /// into `out`, whose room is kept from call to call.
    pub fn collect<T: Sync, U: Send>(
        &self,
        items: &[T],
        grain: usize,
        out: &mut Vec<U>,
        f: impl Fn(&T, &mut Vec<U>) + Sync + Send,
    ) {
        out.clear();
        match &self.pool {
            Some(pool) if items.len() >= 2 * grain => {
                let lists: Vec<Vec<U>> = pool.install(|| {
                    let push = |mut list: Vec<U>, item: &T| {
                        f(item, &mut list);
                        list
                    };
                    items
                        .par_iter()
                        .with_min_len(grain)
                        .fold(Vec::new, push)
                        .collect()
                });
                lists.into_iter().for_each(|mut list| out.append(&mut list));
            }
            _ => items.iter().for_each(|item| f(item, out)),
        }
    }
}

// ANCHOR: shared
/// A body's velocity that the workers share while they solve a colour.
///
/// Within a colour no two rows touch one moving body, so no two workers
/// ever write the same velocity at once, and what a row reads no other
/// row of its colour writes. Rust cannot see that promise (it is the
/// colouring's, made at run time), so it will not let several threads
/// hold `&mut` to one list of velocities. Atomics say "several threads
/// may touch this" in safe code; used with `Ordering::Relaxed` they add
/// no fence, and on x86 and ARM a relaxed load or store of a `u32` is
/// the same plain load or store an `f32` would be.
#[derive(Debug, Default)]
pub struct SharedVelocity([AtomicU32; 3]);

impl SharedVelocity {
    /// The linear and angular velocity.
    #[inline(always)]
    pub fn load(&self) -> (Vec2, f32) {
        let [x, y, w] = &self.0;
        let get = |a: &AtomicU32| f32::from_bits(a.load(Ordering::Relaxed));
        (Vec2::new(get(x), get(y)), get(w))
    }

    #[inline(always)]
    pub fn store(&self, v: Vec2, w: f32) {
        let [x, y, ww] = &self.0;
        x.store(v.x.to_bits(), Ordering::Relaxed);
        y.store(v.y.to_bits(), Ordering::Relaxed);
        ww.store(w.to_bits(), Ordering::Relaxed);
    }
}
// ANCHOR_END: shared
