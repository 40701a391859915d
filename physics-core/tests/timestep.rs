use physics_core::timestep::*;

#[test]
fn whole_steps_and_remainder() {
    let mut f = FixedStep::new(0.01);
    assert_eq!(f.advance(0.025), 2);
    // 0.005 banked: another 0.005 makes one more step.
    assert_eq!(f.advance(0.006), 1);
}

#[test]
fn a_stall_is_clamped() {
    let mut f = FixedStep::new(1.0 / 60.0);
    // A ten-second stall yields at most max_frame / dt steps.
    let n = f.advance(10.0);
    assert_eq!(n, (0.25f32 * 60.0).floor() as u32);
}

/// A microsecond step does not buy a quarter of a million steps in one frame:
/// at most `max_steps`, and the time they could not cover is dropped, not
/// banked.
#[test]
fn a_tiny_step_is_capped_per_frame() {
    let mut f = FixedStep::new(1e-6);
    assert_eq!(f.advance(0.25), 64);
    assert!(f.alpha() <= 1.0);
    assert_eq!(f.advance(1.0 / 60.0), 64);
}

/// A frame's real length when it takes `steps` steps of `cost` seconds and
/// draws for `draw` seconds, at 60 frames a second at best.
fn frame_length(steps: u32, cost: f32, draw: f32) -> f32 {
    (steps as f32 * cost + draw).max(1.0 / 60.0)
}

/// Steps that cost more real time than they cover (20 ms for 16.7 ms, and 9
/// ms of drawing), after a stall of a quarter of a second (a page loading):
/// told what they cost, the stepper takes one a frame and the frames are
/// 29 ms long from the second on, the simulation running at 0.57 of real
/// time. Untold, it falls into the spiral: frames of 15 steps, 0.31 s long.
#[test]
fn steps_that_cost_more_than_they_cover_slow_the_simulation_not_the_frames() {
    let (cost, draw) = (0.020, 0.009);
    for told in [true, false] {
        let mut f = FixedStep::new(1.0 / 60.0);
        let mut lengths = vec![0.25];
        for _ in 0..200 {
            let n = f.advance(*lengths.last().unwrap());
            lengths.push(frame_length(n, cost, draw));
            if told {
                f.took(n, n as f32 * cost);
            }
        }
        let longest = lengths[2..].iter().fold(0.0f32, |m, &l| m.max(l));
        if told {
            assert!((longest - (cost + draw)).abs() < 1e-6, "{longest}");
        } else {
            assert!(longest > 0.3, "{longest}");
        }
    }
}

/// Steps that cost less than half what they cover (8 ms for 16.7 ms) are
/// all taken:
/// 600 frames that jitter about 1/60 s, a long one now and then, simulate
/// the time that passed, to within a step.
#[test]
fn cheap_steps_keep_real_time() {
    let cost = 0.008;
    let mut f = FixedStep::new(1.0 / 60.0);
    let (mut real, mut steps) = (0.0f64, 0u32);
    for i in 0..600 {
        let jitter = [0.0, 0.0012, -0.0011][i % 3];
        let length = if i % 50 == 49 { 0.05 } else { 1.0 / 60.0 + jitter };
        real += length as f64;
        let n = f.advance(length);
        steps += n;
        f.took(n, n as f32 * cost);
    }
    let simulated = steps as f64 / 60.0;
    assert!((simulated - real).abs() <= 1.0 / 60.0, "{simulated} s for {real} s");
}

#[test]
fn nonsense_time_gives_no_steps() {
    let mut f = FixedStep::new(1.0 / 60.0);
    assert_eq!(f.advance(f32::NAN), 0);
    assert_eq!(f.advance(-1.0), 0);
    let mut z = FixedStep::new(0.0);
    assert_eq!(z.advance(1.0), 0);
}
