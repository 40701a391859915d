//! What going wide buys, in one process: the 20- and 100-row pyramids stepped with
//! the contacts in chapter 13's order, one colour-ordered contact at a time, eight
//! at a time, and eight at a time on two threads. `cargo bench -p
//! ch14-wide-solver --features bench`.

use ch14_wide_solver::worlds::pyramid;
use ch14_wide_solver::{Width, World};

fn main() {
    divan::main();
}

const DT: f32 = 1.0 / 60.0;

/// A pyramid of `rows` rows settled for a second, then solved `width`
/// on `threads` threads.
fn settled(rows: usize, width: Width, threads: usize) -> World {
    let mut world = pyramid(rows);
    for _ in 0..60 {
        world.step(DT);
    }
    world.wide.width = width;
    world.wide.set_threads(threads);
    world
}

const CASES: [(&str, Width, usize); 4] = [
    ("in order", Width::InOrder, 1),
    ("one at a time", Width::Single, 1),
    ("wide", Width::Wide, 1),
    ("wide, 2 threads", Width::Wide, 2),
];

#[divan::bench(args = CASES.map(|c| c.0), sample_count = 30)]
fn pyramid_20(bencher: divan::Bencher, case: &str) {
    let (_, width, threads) = CASES.into_iter().find(|c| c.0 == case).unwrap();
    let mut world = settled(20, width, threads);
    bencher.bench_local(|| world.step(DT));
}

#[divan::bench(args = CASES.map(|c| c.0), sample_count = 10)]
fn pyramid_100(bencher: divan::Bencher, case: &str) {
    let (_, width, threads) = CASES.into_iter().find(|c| c.0 == case).unwrap();
    let mut world = settled(100, width, threads);
    bencher.bench_local(|| world.step(DT));
}
