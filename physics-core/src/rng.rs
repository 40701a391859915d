//! A small seeded random generator (SplitMix64), so a scene is the same on every
//! run and every machine. Not for cryptography; for scattering particles.

/// SplitMix64: a 64-bit state advanced by a constant and scrambled on output.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn next_f32(&mut self) -> f32 {
        // The top 24 bits fill an f32 mantissa exactly.
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next_f32()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
