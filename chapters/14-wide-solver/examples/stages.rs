//! What each stage of the step costs: `cargo run --release -p ch14-wide-solver
//! --example stages -- ROWS THREADS` steps a pyramid of ROWS rows (default 100) on
//! THREADS threads (default 1), settles it for half a second, then prints the mean
//! of 60 steps, stage by stage, in milliseconds.

use ch14_wide_solver::Timings;
use ch14_wide_solver::demos::pyramid;

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(default)
    };
    let (rows, threads) = (arg(1, 100), arg(2, 1));
    let mut world = pyramid(rows);
    world.set_threads(threads);
    for _ in 0..30 {
        world.step(1.0 / 60.0);
    }
    let (mut sum, steps) = (Timings::default(), 60);
    let start = std::time::Instant::now();
    for _ in 0..steps {
        world.step(1.0 / 60.0);
        let t = world.timings;
        sum.collide += t.collide;
        sum.prepare += t.prepare;
        sum.solve += t.solve;
        sum.integrate += t.integrate;
        sum.finish += t.finish;
    }
    let n = steps as f32;
    println!(
        "{rows} rows, {threads} thread(s): step {:.3} ms = collide {:.3} + prepare {:.3} + solve {:.3} + move {:.3} + the rest {:.3}",
        start.elapsed().as_secs_f32() * 1000.0 / n,
        sum.collide / n,
        sum.prepare / n,
        sum.solve / n,
        sum.integrate / n,
        sum.finish / n,
    );
}
