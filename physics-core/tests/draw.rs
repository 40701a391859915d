use physics_core::draw::*;

/// `round_byte` gives `round`'s bytes: on every thousandth-odd f32 from 0
/// to 255, on the four floats either side of each half (k + 0.5), and on
/// blends of levels 0 to 255 at 1,001 fractions.
#[test]
fn round_byte_is_round() {
    let same = |v: f32| assert_eq!(round_byte(v), v.round() as u8, "{v}");
    for bits in (0.0f32.to_bits()..=255.0f32.to_bits()).step_by(997) {
        same(f32::from_bits(bits));
    }
    for k in 0..255 {
        let (mut below, mut above) = (k as f32 + 0.5, k as f32 + 0.5);
        for _ in 0..4 {
            same(below);
            same(above);
            (below, above) = (below.next_down(), above.next_up());
        }
    }
    for a in (0..=255u8).step_by(5) {
        for b in (0..=255u8).step_by(5) {
            for i in 0..=1000 {
                let t = i as f32 / 1000.0;
                same(a as f32 + (b as f32 - a as f32) * t);
            }
        }
    }
    assert_eq!(round_byte(f32::NAN), f32::NAN.round() as u8);
}
