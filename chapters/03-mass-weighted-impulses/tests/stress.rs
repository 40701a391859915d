//! Hardening: a thousand circles spawned at one point, and a body flung at 10^6 m/s
//! into a pile. The engine must stay finite, keep every body inside the box, and
//! not invent energy.

use ch02_planes_restitution::box_planes;
use ch03_mass_weighted_impulses::{Ball, Wall, World};
use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::diagnostics::{kinetic_energy, potential_energy};

/// A 4 m x 4 m box of walls around the origin.
fn boxed(circles: Vec<Ball>) -> World {
    let walls = box_planes(2.0)
        .into_iter()
        .map(|plane| Wall { plane, restitution: 0.0 })
        .collect();
    World::new(circles, walls)
}

fn states(w: &World) -> Vec<BodyState> {
    w.circles
        .iter()
        .map(|c| BodyState::particle(c.position, c.velocity, c.inv_mass))
        .collect()
}

/// Every circle finite and inside the box, give or take `slack` metres.
fn outside_by(w: &World) -> f32 {
    w.circles
        .iter()
        .map(|c| c.position.abs().max_element() - (2.0 - c.radius))
        .fold(f32::MIN, f32::max)
}

fn all_inside(w: &World, slack: f32) -> bool {
    w.circles.iter().all(|c| {
        c.position.is_finite()
            && c.velocity.is_finite()
            && c.position.x.abs() <= 2.0 - c.radius + slack
            && c.position.y.abs() <= 2.0 - c.radius + slack
    })
}

#[test]
fn a_thousand_circles_at_one_point_spread_out_and_stay_in_the_box() {
    let circles =
        (0..1000).map(|_| Ball::new(Vec2::new(0.0, 1.0), 0.03, 0.1, 0.2)).collect();
    let mut w = boxed(circles);
    let g = w.gravity;
    // The most energy the scene could hold if positional correction spread the
    // circles over the whole box and let them fall its full height: m g (4 m) each.
    // The correction does push bodies apart (it is not energy-conserving), but it
    // must not pump energy without bound.
    let bound = 1000.0 * 0.1 * 9.81 * 4.0;
    let mut most = 0.0f32;
    let mut farthest = 0.0f32;
    for step in 0..600 {
        w.step(1.0 / 60.0);
        let s = states(&w);
        let energy = kinetic_energy(&s);
        most = most.max(energy);
        farthest = w
            .circles
            .iter()
            .map(|c| c.position.abs().max_element())
            .fold(farthest, f32::max);
        // Positional correction sums over all 999 overlaps of a circle in one step,
        // so the first steps throw some circles far past the walls; a plane is a
        // half-space, so they are pushed back, never lost. What must hold every
        // step: finite, energy bounded.
        assert!(all_inside(&w, f32::MAX), "step {step}: non-finite state");
        assert!(
            energy <= bound,
            "step {step}: kinetic energy {energy} J > {bound} J"
        );
    }
    // After 10 s every circle is back inside, to within how far chapter 3 lets a
    // pile sink: a resting contact settles at slop + g dt^2 / percent = 2.4 cm, and
    // with one pass over the contacts the depths of a column add up. The pile is
    // about 12 circles deep (2.8 m^2 of circles on a 4 m floor), so at most 12 x
    // 2.4 cm = 0.28 m; chapter 8's solver removes this.
    assert!(
        all_inside(&w, 0.3),
        "a circle is still outside the box by {}",
        outside_by(&w)
    );
    // They did spread out: no two of the first ten circles still share a centre.
    let first: Vec<Vec2> = w.circles.iter().take(10).map(|c| c.position).collect();
    for i in 0..first.len() {
        for j in i + 1..first.len() {
            assert_ne!(first[i], first[j], "circles {i} and {j} never separated");
        }
    }
    // And they came to rest at the bottom: the potential energy fell below the
    // start's.
    let pe = potential_energy(&states(&w), g);
    assert!(pe < 1000.0 * 0.1 * 9.81 * 1.0, "potential energy {pe} J");
    println!(
        "peak kinetic energy {most:.1} J of a {bound:.0} J bound; farthest excursion {farthest:.2} m"
    );
}

#[test]
fn a_body_flung_at_a_million_metres_a_second_stays_finite_and_in_the_box() {
    // A pile of 100 circles at rest on the floor, and one flung into it sideways.
    let mut circles: Vec<Ball> = (0..100)
        .map(|i| {
            let (row, col) = (i / 20, i % 20);
            Ball::new(
                Vec2::new(-1.9 + 0.2 * col as f32, -1.9 + 0.2 * row as f32),
                0.1,
                1.0,
                0.2,
            )
        })
        .collect();
    let mut bullet = Ball::new(Vec2::new(1.5, -1.5), 0.1, 1.0, 0.2);
    bullet.velocity = Vec2::new(-1.0e6, 0.0);
    circles.push(bullet);
    let mut w = boxed(circles);
    for step in 0..300 {
        w.step(1.0 / 60.0);
        // At 10^6 m/s it crosses the box thousands of times over in a step and
        // lands far outside; the walls, being half-spaces, bring it back. What must
        // hold: no NaN.
        assert!(all_inside(&w, f32::MAX), "step {step}: non-finite state");
    }
    // The walls have e = 0, so the bullet ends up stopped and back with the rest,
    // which sink as in the test above: at most 6 rows (5 and the bullet) x 2.4 cm =
    // 0.14 m.
    assert!(
        all_inside(&w, 0.15),
        "a circle is still outside the box by {}",
        outside_by(&w)
    );
    let e0 = 0.5 * 1.0e12;
    let e = kinetic_energy(&states(&w));
    assert!(e <= e0, "kinetic energy grew from {e0} to {e} J");
}
