use physics_core::rng::*;

#[test]
fn same_seed_same_numbers_and_in_range() {
    let mut a = Rng::new(7);
    let mut b = Rng::new(7);
    for _ in 0..1000 {
        let x = a.range(-2.0, 3.0);
        assert_eq!(x.to_bits(), b.range(-2.0, 3.0).to_bits());
        assert!((-2.0..3.0).contains(&x));
    }
    assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
}

#[test]
fn roughly_uniform() {
    let mut r = Rng::new(42);
    let n = 100_000;
    let mean: f32 = (0..n).map(|_| r.next_f32()).sum::<f32>() / n as f32;
    // The mean of n uniforms has standard deviation 1/sqrt(12 n) ~ 0.0009; 5
    // sigma.
    assert!((mean - 0.5).abs() < 0.0046, "mean {mean}");
}
