//! `cargo bench -p ch13-islands --features bench`: what sleeping saves. A 20-row pyramid of boxes
//! (210) is stepped 600 steps to let it settle (not timed), then 600 more are
//! timed, with sleeping on and off. Divide by 600 for a step.

use ch11_polygons::Polygon;
use ch13_islands::{Shape, World, body, fixed};
use divan::Bencher;
use glam::Vec2;

fn main() {
    divan::main();
}

fn pyramid(rows: usize) -> World {
    let slab = Polygon::boxed(Vec2::new(40.0, 0.5), 0.0);
    let mut pieces = vec![fixed(Shape::Polygon(slab), Vec2::new(0.0, -0.5), 0.0)];
    for row in 0..rows {
        for i in 0..rows - row {
            let x = -((rows - row) as f32 - 1.0) / 2.0 + i as f32;
            let cube = Shape::Polygon(Polygon::boxed(Vec2::splat(0.5), 0.0));
            let mut b = body(cube, Vec2::new(x, 0.5 + row as f32), 0.0, 1.0);
            b.0.friction = 0.6;
            pieces.push(b);
        }
    }
    World::new(pieces, Vec::new())
}

#[divan::bench(args = [true, false], sample_count = 5, sample_size = 1)]
fn pyramid_20_rows_steps_600_to_1200(bencher: Bencher, sleeping: bool) {
    bencher
        .with_inputs(|| {
            let mut w = pyramid(20);
            w.sleep.on = sleeping;
            for _ in 0..600 {
                w.step(1.0 / 60.0);
            }
            w
        })
        .bench_local_values(|mut w: World| {
            for _ in 0..600 {
                w.step(1.0 / 60.0);
            }
            w
        });
}
