//! `cargo bench -p ch08-sequential-impulses --features bench`: 1000 steps of the
//! 12- and 20-row pyramids and of the 1000-circle ball pit, from their starting
//! state. Divide by 1000 for a step. The side-by-side run against rapier2d and
//! box2d-rs is `bench-peers/` (see the book).

use ch08_sequential_impulses::World;
use ch08_sequential_impulses::worlds::{ball_pit, pyramid};
use divan::Bencher;

fn main() {
    divan::main();
}

fn thousand_steps(bencher: Bencher, make: fn() -> World) {
    bencher.with_inputs(make).bench_local_values(|mut world: World| {
        for _ in 0..1000 {
            world.step(1.0 / 60.0);
        }
        world
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn pyramid_12_rows(bencher: Bencher) {
    thousand_steps(bencher, || pyramid(12));
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn pyramid_20_rows(bencher: Bencher) {
    thousand_steps(bencher, || pyramid(20));
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn ball_pit_1000_circles(bencher: Bencher) {
    thousand_steps(bencher, || ball_pit(1000));
}
