//! The residual per pass the chapter's convergence table shows:
//! `cargo run --release -p ch08-sequential-impulses --example residuals`.
use ch08_sequential_impulses::convergence::residual_per_pass;
use ch08_sequential_impulses::worlds::{mass_ratio_stack, pyramid_with_drop};

fn main() {
    let curves = [
        (
            "pyramid, 20 rows",
            residual_per_pass(pyramid_with_drop(20, -0.005), 60, 100),
        ),
        ("stack, 1:1", residual_per_pass(mass_ratio_stack(1.0), 60, 100)),
        ("stack, 30:1", residual_per_pass(mass_ratio_stack(30.0), 60, 100)),
    ];
    for (name, r) in curves {
        println!("{name}: pass 1 {:.2e}, 10 {:.2e}, 100 {:.2e}", r[0], r[9], r[99]);
    }
}
