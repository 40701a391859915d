//! `cargo bench -p ch12-continuous --features bench`: what the sweep costs. 600
//! steps (10 s) of the bullets and debris demos, with time of impact on and off
//! (the speculative margin on in both), from their starting state. Divide by 600
//! for a step.

use ch12_continuous::World;
use ch12_continuous::worlds::{bullets, debris};
use divan::Bencher;

fn main() {
    divan::main();
}

fn steps(bencher: Bencher, make: fn() -> World, toi: bool) {
    bencher
        .with_inputs(|| {
            let mut w = make();
            w.fast.settings.toi = toi;
            w
        })
        .bench_local_values(|mut world: World| {
            for _ in 0..600 {
                world.step(1.0 / 60.0);
            }
            world
        });
}

#[divan::bench(args = [true, false], sample_count = 10, sample_size = 1)]
fn bullets_600_steps(bencher: Bencher, toi: bool) {
    steps(bencher, bullets, toi);
}

#[divan::bench(args = [true, false], sample_count = 5, sample_size = 1)]
fn debris_600_steps(bencher: Bencher, toi: bool) {
    steps(bencher, debris, toi);
}
