//! What breaks determinism, each shown: a platform's sine, an order that
//! is not the data's (a hash map's, the threads' finishing order), a fused
//! multiply-add; and what one changed bit does to a game a minute later.
//!
//! IEEE 754 makes `+`, `-`, `*`, `/` and `sqrt` give the one correctly
//! rounded answer on every machine. A game's bits agree everywhere as long
//! as every run does the same operations on the same numbers in the same
//! order. Each function here is a way that fails.

use crate::{Frames, Input, Play, state_hash};
use physics_core::trig;
use std::collections::HashMap;

// ANCHOR: sines
/// Of `n` angles spread over -100..100 rad, how many the platform's sine
/// (`f32::sin`, the C library's `sinf` natively, the compiler's in
/// WebAssembly) gives other bits for than the engine's own (`trig::sin`,
/// the same code everywhere); and the first such angle.
pub fn sines_that_differ(n: u32) -> (u32, Option<f32>) {
    let mut count = 0;
    let mut first = None;
    for k in 0..n {
        let a = -100.0 + 200.0 * (k as f32 / n as f32);
        if a.sin().to_bits() != trig::sin(a).to_bits() {
            count += 1;
            first = first.or(Some(a));
        }
    }
    (count, first)
}
// ANCHOR_END: sines

// ANCHOR: orders
/// The sum of `forces` in the order a `HashMap` gives them back: each map
/// is seeded at random (to resist attacks on its hashing), so the same
/// forces, put in the same order, come out in another order in each map.
pub fn sum_in_map_order(forces: &[(u32, f32)]) -> f32 {
    let map: HashMap<u32, f32> = forces.iter().copied().collect();
    map.values().sum()
}

/// The same sum in the order of the keys, as the engine keeps its pairs:
/// the same bits every time.
pub fn sum_in_key_order(forces: &[(u32, f32)]) -> f32 {
    let mut sorted = forces.to_vec();
    sorted.sort_by_key(|&(k, _)| k);
    sorted.iter().map(|&(_, f)| f).sum()
}

/// `values` summed by `threads` threads, a run of values each, and the
/// threads' sums added as they finish: in whichever order the system ran
/// them.
pub fn sum_as_threads_finish(values: &[f32], threads: usize) -> f32 {
    let (send, receive) = std::sync::mpsc::channel();
    let size = values.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for run in values.chunks(size) {
            let send = send.clone();
            scope.spawn(move || send.send(run.iter().sum::<f32>()));
        }
    });
    drop(send);
    receive.iter().sum()
}

/// The same, the threads' sums added in the runs' order: what chapter 14
/// does, so that 1, 2 or 4 threads give one answer.
pub fn sum_in_run_order(values: &[f32], threads: usize) -> f32 {
    let size = values.len().div_ceil(threads.max(1)).max(1);
    let sums: Vec<f32> = std::thread::scope(|scope| {
        let handles: Vec<_> = values
            .chunks(size)
            .map(|run| scope.spawn(move || run.iter().sum::<f32>()))
            .collect();
        handles.into_iter().map(|h| h.join().expect("a sum")).collect()
    });
    sums.iter().sum()
}

/// Every answer [`sum_as_threads_finish`] can give: the runs' sums added in
/// each order they could finish in (`threads` at most 5), their bits,
/// sorted, each once.
pub fn every_finishing_order(values: &[f32], threads: usize) -> Vec<u32> {
    let size = values.len().div_ceil(threads.max(1)).max(1);
    let sums: Vec<f32> = values.chunks(size).map(|r| r.iter().sum()).collect();
    let mut found = Vec::new();
    let mut order: Vec<usize> = (0..sums.len().min(5)).collect();
    permutations(&mut order, 0, &mut |o| {
        found.push(o.iter().map(|&i| sums[i]).sum::<f32>().to_bits());
    });
    found.sort_unstable();
    found.dedup();
    found
}

fn permutations(v: &mut Vec<usize>, k: usize, visit: &mut impl FnMut(&[usize])) {
    if k == v.len() {
        return visit(v);
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, visit);
        v.swap(k, i);
    }
}
// ANCHOR_END: orders

// ANCHOR: fused
/// `a * b + c` rounded twice (Rust's `*` then `+`: Rust never fuses them)
/// and once (`mul_add`, one instruction where the processor has it; C
/// compilers may fuse `a * b + c` on their own, `-ffp-contract`).
pub fn fused_or_not(a: f32, b: f32, c: f32) -> (f32, f32) {
    (a * b + c, a.mul_add(b, c))
}
// ANCHOR_END: fused

/// Forces of many sizes, as a pile's contacts have: `n` of them, keyed
/// 0 to n - 1, from the workbook's seeded generator.
pub fn forces(n: u32) -> Vec<(u32, f32)> {
    let mut rng = physics_core::rng::Rng::new(17);
    (0..n)
        .map(|k| {
            let size = [0.001, 1.0, 1000.0][(k % 3) as usize];
            (k, size * rng.range(0.1, 1.0))
        })
        .collect()
}

// ANCHOR: butterfly
/// Level `level`'s bundled replay played twice, the second time with one
/// body one bit to the side at the start (as another machine's sine, one
/// bit off, would place a turned body): the step at which the two worlds'
/// hashes first differ, and how far apart, m, that body is in the two at
/// the end.
pub fn one_bit_later(level: usize, body: usize) -> (Option<u64>, f32) {
    let replay = crate::replay::bundled(level);
    let (mut a, mut b) = (nudged(level, body, 0), nudged(level, body, 1));
    let mut first = None;
    while a.step < replay.end {
        a.step(replay.input(a.step));
        b.step(replay.input(b.step));
        if first.is_none() && state_hash(&a.world) != state_hash(&b.world) {
            first = Some(a.step);
        }
    }
    let pairs = a.world.solver.bodies.iter().zip(&b.world.solver.bodies);
    let apart = pairs.map(|(p, q)| p.position.distance(q.position));
    (first, apart.fold(0.0, f32::max))
}
// ANCHOR_END: butterfly

/// Level `level` as it starts, body `body` moved `bits` units in the
/// last place of its x.
pub fn nudged(level: usize, body: usize, bits: u32) -> Play {
    let mut play = crate::worlds::level(level);
    let b = &mut play.world.solver.bodies[body];
    let x = b.position.x;
    b.position.x = f32::from_bits(x.to_bits() + bits);
    play
}

/// The loop of [`nudged`]'s play.
pub fn nudged_frames(level: usize, body: usize, bits: u32) -> Frames {
    Frames::new(nudged(level, body, bits))
}

/// A play driven by a replay, one step.
pub fn replay_step(play: &mut Play, replay: &crate::Replay) {
    let input: Input = replay.input(play.step);
    play.step(input);
}
