//! Time of impact by conservative advancement: step along a body's path
//! by as much as can be proved safe, using the distance GJK finds, until
//! the shapes touch or the path ends.

use ch05_obb_clipping::Transform;
use ch11_polygons::gjk::{Distance, Proxy, distance};
use ch11_polygons::{LINEAR_SLOP, Shape, reach};
use glam::Vec2;

/// How far apart the surfaces are left at a time of impact: Box2D's
/// linear slop. Within the speculative distance, so the next step's
/// contact takes over.
pub const TARGET: f32 = LINEAR_SLOP;

/// How near the target counts as reached.
pub const TOLERANCE: f32 = 0.25 * LINEAR_SLOP;

/// The most advancements tried. Each proves a stretch of the path safe,
/// so running out leaves the body where it was last safe.
pub const MAX_ITERATIONS: usize = 30;

// ANCHOR: sweep
/// A body's path through one step: its centre moves in a straight line
/// and it turns at a steady rate from `(c0, a0)` at `t = 0` to
/// `(c1, a1)` at `t = 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    pub c0: Vec2,
    pub a0: f32,
    pub c1: Vec2,
    pub a1: f32,
}

impl Sweep {
    /// Where the body is at `t`, from 0 to 1.
    pub fn at(&self, t: f32) -> Transform {
        Transform::new(
            self.c0 + t * (self.c1 - self.c0),
            self.a0 + t * (self.a1 - self.a0),
        )
    }

    /// Whether a body within `reach` of this path's centre could come
    /// within the target of a shape whose box is `other` (lower and upper
    /// corner, from [`bounds`]): the box round the path's centre line,
    /// grown by the reach and the target, meets it. (Bounding circles
    /// would let a disc falling anywhere near a long wall's middle through
    /// to the distances.)
    pub fn may_reach(&self, reach_here: f32, (lower, upper): (Vec2, Vec2)) -> bool {
        let grow = reach_here + TARGET + TOLERANCE;
        let (low, high) =
            (self.c0.min(self.c1) - grow, self.c0.max(self.c1) + grow);
        low.cmple(upper).all() && lower.cmple(high).all()
    }
}

/// The smallest axis-aligned box round `shape` placed by `t`, lower and
/// upper corner: a disc's square; a polygon's corners, grown by its
/// rounding.
pub fn bounds(shape: &Shape, t: &Transform) -> (Vec2, Vec2) {
    match shape {
        Shape::Circle { radius } => (t.position - *radius, t.position + *radius),
        Shape::Polygon(p) => {
            let corners = p.corners().iter().map(|&v| t.to_world(v));
            let (lower, upper) = corners.fold(
                (Vec2::splat(f32::INFINITY), Vec2::NEG_INFINITY),
                |(lower, upper), w| (lower.min(w), upper.max(w)),
            );
            (lower - p.radius, upper + p.radius)
        }
    }
}
// ANCHOR_END: sweep

// Kept out of the `sweep` anchor, which the page shows before exercise
// 12.2: its body is nearly that exercise's answer.
impl Sweep {
    /// The farthest any point within `reach` of the centre moves along
    /// the whole path.
    pub fn motion(&self, reach: f32) -> f32 {
        (self.c1 - self.c0).length() + (self.a1 - self.a0).abs() * reach
    }
}

/// What a sweep found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Toi {
    /// The surfaces come within [`TARGET`] at `t`; the path up to `t` is
    /// clear.
    Hit { t: f32, iterations: usize },
    /// The path ends, or turns away, before the surfaces meet.
    Miss { iterations: usize },
    /// Within the target already at the start: a contact's job, not the
    /// sweep's.
    Touching,
}

impl Toi {
    /// The GJK distances it took.
    pub fn iterations(&self) -> usize {
        match *self {
            Toi::Hit { iterations, .. } | Toi::Miss { iterations } => iterations,
            Toi::Touching => 1,
        }
    }
}

// ANCHOR: time_of_impact
/// When `a`, moving along `path`, first comes within [`TARGET`] of `b`,
/// which stays at `tb`: conservative advancement. At `t`, GJK gives the
/// gap between the surfaces and the direction `n` from A's closest point
/// to B's. Along `n` nothing of A can close on B faster than
/// [`closing_speed`], so the gap cannot close to the target before some
/// later `t` ([`advance`]): advance that far, and measure again. `watch`
/// sees each `t` and its distance.
pub fn time_of_impact(
    a: &Shape,
    path: &Sweep,
    b: &Shape,
    tb: &Transform,
    mut watch: impl FnMut(f32, &Distance),
) -> Toi {
    let proxy_b = Proxy::new(b, tb);
    let reach_a = reach(a);
    let mut t = 0.0f32;
    for iteration in 1..=MAX_ITERATIONS {
        let proxy_a = Proxy::new(a, &path.at(t));
        let d = distance(&proxy_a, &proxy_b, |_| {});
        watch(t, &d);
        let gap = d.distance - proxy_a.radius - proxy_b.radius;
        if gap < TARGET + TOLERANCE {
            return if iteration == 1 {
                Toi::Touching
            } else {
                Toi::Hit { t, iterations: iteration }
            };
        }
        let n = (d.point_b - d.point_a) / d.distance;
        let closing = closing_speed(path, n, reach_a);
        if closing <= 0.0 {
            return Toi::Miss { iterations: iteration };
        }
        t = advance(t, gap, closing);
        if t >= 1.0 {
            return Toi::Miss { iterations: iteration };
        }
    }
    // Out of iterations: `t` is still proved clear, so it is a safe place
    // to stop the body.
    Toi::Hit { t, iterations: MAX_ITERATIONS }
}
// ANCHOR_END: time_of_impact

#[cfg(feature = "exercises")]
pub use crate::exercises::{advance, closing_speed};

#[cfg(not(feature = "exercises"))]
// ANCHOR: closing_speed
// ANCHOR: closing_speed_signature
/// The fastest any point of A (within `reach` of its centre) can close
/// on B along the unit direction `n`, per unit of the path's `t`.
pub fn closing_speed(path: &Sweep, n: Vec2, reach: f32) -> f32 {
    // ANCHOR_END: closing_speed_signature
    // The centre's whole displacement along `n`, and the most the whole
    // turn can carry a point `reach` from the centre.
    (path.c1 - path.c0).dot(n) + (path.a1 - path.a0).abs() * reach
}

#[cfg(not(feature = "exercises"))]
// ANCHOR: advance_signature
/// One advancement: from `t`, with the surfaces `gap` apart and closing
/// at most at `closing` per unit of `t`, the time when they could first
/// be [`TARGET`] apart.
pub fn advance(t: f32, gap: f32, closing: f32) -> f32 {
    // ANCHOR_END: advance_signature
    // `gap(t + tau) >= gap(t) - tau closing`, which is the target no sooner
    // than `tau = (gap - TARGET) / closing`.
    t + (gap - TARGET) / closing
}
// ANCHOR_END: closing_speed

#[cfg(feature = "exercises")]
pub use crate::exercises::time_of_impact_moving;
#[cfg(not(feature = "exercises"))]
// ANCHOR: time_of_impact_moving
// ANCHOR: time_of_impact_moving_signature
/// When `a`, moving along `path_a`, and `b`, moving along `path_b` over
/// the same step, first come within [`TARGET`] of each other:
/// conservative advancement with both bodies moving.
pub fn time_of_impact_moving(
    a: &Shape,
    path_a: &Sweep,
    b: &Shape,
    path_b: &Sweep,
) -> Toi {
    // ANCHOR_END: time_of_impact_moving_signature
    let (reach_a, reach_b) = (reach(a), reach(b));
    let mut t = 0.0f32;
    for iteration in 1..=MAX_ITERATIONS {
        // Both shapes where their paths have them at `t`.
        let proxy_a = Proxy::new(a, &path_a.at(t));
        let proxy_b = Proxy::new(b, &path_b.at(t));
        let d = distance(&proxy_a, &proxy_b, |_| {});
        let gap = d.distance - proxy_a.radius - proxy_b.radius;
        if gap < TARGET + TOLERANCE {
            return if iteration == 1 {
                Toi::Touching
            } else {
                Toi::Hit { t, iterations: iteration }
            };
        }
        // The line across `n` between them: A's points close on it at most
        // at A's closing speed along `n`, B's at B's along `-n`, so the gap
        // closes no faster than the two together.
        let n = (d.point_b - d.point_a) / d.distance;
        let closing =
            closing_speed(path_a, n, reach_a) + closing_speed(path_b, -n, reach_b);
        if closing <= 0.0 {
            return Toi::Miss { iterations: iteration };
        }
        t = advance(t, gap, closing);
        if t >= 1.0 {
            return Toi::Miss { iterations: iteration };
        }
    }
    Toi::Hit { t, iterations: MAX_ITERATIONS }
}
// ANCHOR_END: time_of_impact_moving
