//! The two places bench-peers reaches past boxdd's safe API into Box2D's C, and
//! the only `unsafe` in the repository:
//!
//! 1. **Restitution mixed by the smaller** ([`min_restitution`]): Box2D mixes two
//!    shapes' restitution with `max`, the chapters (and rapier, as configured here)
//!    with `min`. A plain `extern "C"` function set as the world's restitution
//!    callback: the same indirect call Box2D makes by default, without the Rust
//!    trampoline boxdd's closure wrapper adds to every contact update.
//! 2. **A task system for two workers** ([`two_workers`]): Box2D runs on more than
//!    one thread only through a task system the game gives it (its own benchmark
//!    uses enkiTS). This one is a small enqueue/finish pair over one std thread:
//!    `enqueue` cuts a parallel-for into at most two ranges and queues them;
//!    the background worker (worker 1) takes ranges off the queue, and `finish`,
//!    on the stepping thread (worker 0), takes ranges too while it waits, as
//!    enkiTS's waiting thread does.

use boxdd_sys::ffi;
use std::collections::VecDeque;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Box2D's restitution callback: the smaller of the two shapes' restitution, the
/// chapters' rule (`ch03::mix_restitution`).
extern "C" fn min_of(
    e_a: f32,
    _material_a: u64,
    e_b: f32,
    _material_b: u64,
) -> f32 {
    e_a.min(e_b)
}

/// Make `world` mix restitution with `min`, as every other engine here does.
pub fn min_restitution(world: &boxdd::World) {
    // SAFETY: `world_id_raw` names a live world (`world` borrows it), and the
    // callback is a plain function with the signature Box2D declares
    // (`b2RestitutionCallback`); it touches no state, so calling it from any of
    // Box2D's workers is sound, and a `fn` item lives for the whole program.
    unsafe {
        ffi::b2World_SetRestitutionCallback(world.world_id_raw(), Some(min_of))
    };
}

/// Box2D's task for a range of a parallel-for: `task(start, end, worker, context)`.
type Task = unsafe extern "C" fn(i32, i32, u32, *mut c_void);

/// One range of one enqueued parallel-for.
struct Range {
    task: Task,
    start: i32,
    end: i32,
    context: *mut c_void,
    /// The slot of the parallel-for it belongs to.
    slot: usize,
}

// SAFETY: a range is handed from the stepping thread to the worker and run there
// once. Box2D's task contract is that its tasks may run on any worker thread and
// that `context` stays valid until `finish` returns for the task's handle, which
// waits for every range of it (`Slot::left` back to 0) before returning.
unsafe impl Send for Range {}

/// How many parallel-fors may be open at once. Box2D keeps a handful open in a
/// step (the tree rebuild spans the narrow phase and the solve); a slot is
/// reused round-robin and must be free again by then.
const SLOTS: usize = 64;

/// The pool: the queue of ranges not yet taken, and what each open
/// parallel-for still has running.
struct Pool {
    queue: Mutex<VecDeque<Range>>,
    ready: Condvar,
    /// How many ranges are queued: read without the lock by a spinning worker.
    queued: AtomicUsize,
    /// For each slot, how many of its ranges have not finished.
    left: [AtomicUsize; SLOTS],
    /// Which slots are open (enqueued and not yet finished).
    open: [AtomicBool; SLOTS],
    next: AtomicUsize,
}

/// The process's one pool and its worker thread, started on first use. Only
/// one Box2D world steps at a time here (the engines take turns on the main
/// thread), so one background worker serves every two-worker world.
fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            queued: AtomicUsize::new(0),
            left: std::array::from_fn(|_| AtomicUsize::new(0)),
            open: std::array::from_fn(|_| AtomicBool::new(false)),
            next: AtomicUsize::new(0),
        }));
        std::thread::Builder::new()
            .name("box2d-worker-1".into())
            .spawn(move || pool.work())
            .expect("Box2D's worker thread");
        pool
    })
}

impl Pool {
    /// Take a queued range, if any.
    fn take(&self) -> Option<Range> {
        let range = self.queue.lock().unwrap().pop_front();
        if range.is_some() {
            self.queued.fetch_sub(1, Ordering::AcqRel);
        }
        range
    }

    /// Run `range` as worker `worker` and mark it done.
    fn run(&self, range: Range, worker: u32) {
        // SAFETY: `task` and `context` came from Box2D's `enqueue` for this
        // range, and the range runs once, on one worker at a time (worker 0 is
        // the stepping thread, worker 1 the pool's thread: the indices Box2D
        // asks for, below its `workerCount` of 2). `context` is valid until
        // `finish` for its slot returns, which waits for this range.
        unsafe { (range.task)(range.start, range.end, worker, range.context) };
        self.left[range.slot].fetch_sub(1, Ordering::Release);
    }

    /// The background worker: run ranges as they come; spin a little while
    /// the queue is empty (a step enqueues its next parallel-for within
    /// microseconds), then sleep until `enqueue` wakes it, so that it takes no
    /// processor from the other engines' turns.
    fn work(&self) {
        loop {
            let spin = Instant::now();
            while self.queued.load(Ordering::Acquire) == 0
                && spin.elapsed() < Duration::from_micros(50)
            {
                std::hint::spin_loop();
            }
            let mut queue = self.queue.lock().unwrap();
            while queue.is_empty() {
                queue = self.ready.wait(queue).unwrap();
            }
            let range = queue.pop_front().expect("a range");
            self.queued.fetch_sub(1, Ordering::AcqRel);
            drop(queue);
            self.run(range, 1);
        }
    }
}

/// Box2D's `enqueueTask`: queue `task` over `0..items` in at most two ranges of
/// at least `min_range` items each. Returns the parallel-for's handle (its slot
/// plus one, never null).
extern "C" fn enqueue(
    task: ffi::b2TaskCallback,
    items: i32,
    min_range: i32,
    context: *mut c_void,
    _user: *mut c_void,
) -> *mut c_void {
    let task: Task = task.expect("Box2D enqueues a task");
    let pool = pool();
    let slot = pool.next.fetch_add(1, Ordering::Relaxed) % SLOTS;
    assert!(
        !pool.open[slot].swap(true, Ordering::AcqRel),
        "more than {SLOTS} of Box2D's tasks open at once"
    );
    let pieces = if items >= 2 * min_range.max(1) { 2 } else { 1 };
    pool.left[slot].store(pieces, Ordering::Release);
    let cut = if pieces == 2 { items / 2 } else { items };
    let mut queue = pool.queue.lock().unwrap();
    queue.push_back(Range { task, start: 0, end: cut, context, slot });
    if pieces == 2 {
        queue.push_back(Range { task, start: cut, end: items, context, slot });
    }
    pool.queued.fetch_add(pieces, Ordering::AcqRel);
    drop(queue);
    pool.ready.notify_one();
    (slot + 1) as *mut c_void
}

/// Box2D's `finishTask`: run queued ranges on this thread (worker 0) until
/// every range of the handle's parallel-for has finished.
extern "C" fn finish(handle: *mut c_void, _user: *mut c_void) {
    let pool = pool();
    let slot = handle as usize - 1;
    while pool.left[slot].load(Ordering::Acquire) > 0 {
        match pool.take() {
            Some(range) => pool.run(range, 0),
            None => std::hint::spin_loop(),
        }
    }
    pool.open[slot].store(false, Ordering::Release);
}

/// A world definition for Box2D on two workers through this pool: `builder`
/// with the task system installed.
pub fn two_workers(builder: boxdd::WorldBuilder) -> boxdd::WorldDef {
    // SAFETY: `enqueue` and `finish` keep Box2D's task contract: every range of
    // an enqueued task runs exactly once, on worker 0 or 1 (below the worker
    // count of 2), before `finish` returns for its handle; the handle is never
    // null, so Box2D always calls `finish`. They use no user context (null) and
    // the pool lives for the whole process, so they stay valid for the life of
    // any world made from this definition.
    unsafe {
        builder
            .task_system_raw(2, Some(enqueue), Some(finish), std::ptr::null_mut())
            .build()
    }
}
