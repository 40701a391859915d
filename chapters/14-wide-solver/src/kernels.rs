//! Chapter 10's contact, in lanes: a contact's rows, prepared from its
//! arbiter and its bodies at the step's start, and the passes over them
//! (warm start, solve and relax, restitution). Each is written once over
//! [`Lane`], for one contact (`f32`) or eight side by side ([`F32x8`]),
//! and for `N`, the number of points a block solves. Box2D v3's
//! `contact_solver.c` holds the same.

use crate::blocks::{ArbiterRow, Members, Sources};
use crate::{LANES, Lane, V2};
use ch10_soft_step::Soft;

// Named in the docs: the lanes' type.
#[cfg(doc)]
use crate::F32x8;

/// Which pass over the contacts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pass {
    WarmStart,
    Solve { use_bias: bool },
    Restitution,
}

/// What every contact of a substep shares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    pub(crate) inv_h: f32,
    pub(crate) soft: Soft,
    pub(crate) push_out: f32,
    pub(crate) friction: bool,
    pub(crate) threshold: f32,
}

// ANCHOR: rows
/// One contact arbiter's rows, or [`LANES`] of them side by side when `T`
/// is [`F32x8`]: chapter 10's soft contact, with room for `N` points (1 or
/// 2).
#[derive(Clone, Copy, Debug)]
pub struct Rows<T, const N: usize> {
    /// Unit, from A to B.
    pub normal: V2<T>,
    pub friction: T,
    pub restitution: T,
    pub inv_mass_a: T,
    pub inv_inertia_a: T,
    pub inv_mass_b: T,
    pub inv_inertia_b: T,
    pub points: [PointRows<T>; N],
}

/// One contact point's rows. A point an arbiter does not have has zero
/// masses, and so never pushes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PointRows<T> {
    /// From each centre to the point, as the step began: turned as the
    /// body turns, it follows the point.
    pub r_a: V2<T>,
    pub r_b: V2<T>,
    /// The separation at the step's start less `(r_b - r_a) . n`.
    pub separation: T,
    pub normal_mass: T,
    pub tangent_mass: T,
    /// Accumulated this step (from the warm start on).
    pub normal_impulse: T,
    pub tangent_impulse: T,
    /// The relative normal velocity at the step's start.
    pub approach: T,
    /// The largest normal impulse of any substep (chapter 10).
    pub most: T,
}
// ANCHOR_END: rows

impl<T: Lane, const N: usize> Rows<T, N> {
    /// Whether any lane's point approached faster than `threshold` with a
    /// restitution above 0. If none did, the restitution pass would leave
    /// every lane as it was (its kernel keeps a lane that does not bounce
    /// to the bit), and passes the block by, which Box2D v3 does only for
    /// blocks whose restitutions are all 0.
    pub(crate) fn may_bounce(&self, threshold: f32) -> bool {
        let zero = T::splat(0.0);
        self.points.iter().any(|p| {
            let beat = -(p.approach) - T::splat(threshold);
            let fast = T::if_positive(self.restitution, beat, zero);
            (0..T::WIDTH).any(|i| fast.lane(i) > 0.0)
        })
    }
}

// ANCHOR: surface_rows
/// A contact's surface rows, or [`LANES`] of them (chapter 16): how fast
/// its surfaces slide past each other, which friction aims at, and the
/// rolling row, which resists the bodies turning relative to each other
/// with at most `rolling_resistance` times the normal impulse.
#[derive(Clone, Copy, Debug, Default)]
pub struct SurfaceRows<T> {
    pub tangent_speed: T,
    pub rolling_resistance: T,
    /// `1 / (I_a^-1 + I_b^-1)`: the row's mass (0 if neither can turn).
    pub rolling_mass: T,
    /// Accumulated this step (from the warm start on).
    pub rolling_impulse: T,
}

impl<T: Lane> SurfaceRows<T> {
    /// Zeros: no surface, no rolling.
    pub(crate) fn zero() -> SurfaceRows<T> {
        let zero = T::splat(0.0);
        SurfaceRows {
            tangent_speed: zero,
            rolling_resistance: zero,
            rolling_mass: zero,
            rolling_impulse: zero,
        }
    }
}

/// A block's surface rows from its arbiters' surfaces, after its contact
/// rows (whose inverse moments of inertia, 0 in an unused lane, it reads).
#[inline(always)]
pub(crate) fn prepare_surface<T: Lane, const N: usize>(
    surface: &mut SurfaceRows<T>,
    rows: &Rows<T, N>,
    m: &Members,
    Sources { surfaces, warm, .. }: Sources,
) {
    let of = |lane: usize| &surfaces[m.arbiter[lane] as usize];
    let used = T::gather(|lane| f32::from(u8::from(lane < m.used as usize)));
    let keep = |x: T| T::if_positive(used, x, T::splat(0.0));
    let k = rows.inv_inertia_a + rows.inv_inertia_b;
    *surface = SurfaceRows {
        tangent_speed: keep(T::gather(|l| of(l).tangent_speed)),
        rolling_resistance: keep(T::gather(|l| of(l).rolling_resistance)),
        rolling_mass: T::if_positive(k, T::splat(1.0) / k, T::splat(0.0)),
        rolling_impulse: match warm {
            true => keep(T::gather(|l| of(l).rolling_impulse)),
            false => T::splat(0.0),
        },
    };
}
// ANCHOR_END: surface_rows

/// Rows of zeros. (Written out: a derived `Default` would ask the standard
/// library for `[PointRows<T>; N]: Default`, which it gives for each length
/// on its own, not for any `N`.)
impl<T: Default, const N: usize> Default for Rows<T, N> {
    fn default() -> Self {
        Rows {
            normal: V2::default(),
            friction: T::default(),
            restitution: T::default(),
            inv_mass_a: T::default(),
            inv_inertia_a: T::default(),
            inv_mass_b: T::default(),
            inv_inertia_b: T::default(),
            points: std::array::from_fn(|_| PointRows::default()),
        }
    }
}

/// A body's velocity in lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Velocity<T> {
    pub(crate) v: V2<T>,
    pub(crate) w: T,
}

// ANCHOR: prepare_rows
/// A block's rows, as chapter 10 prepares one contact's, in lanes: anchors
/// fixed for the step, the separation less what the anchors account for,
/// the effective masses, the approach speed, and last step's impulses if
/// warm starting. The lanes read their arbiters' rows and their bodies'
/// rows at the step's start, each eight rows turned into columns by one
/// transpose; then the formulas run once for all the lanes. A lane the
/// block does not use, and a point its contact lacks, get zeros: no
/// mass, no push.
#[inline(always)]
pub(crate) fn prepare_rows<T: Lane, const N: usize>(
    rows: &mut Rows<T, N>,
    m: &Members,
    Sources { arbiters, start_rows, warm, .. }: Sources,
) {
    let arb: [&ArbiterRow; LANES] =
        std::array::from_fn(|lane| &arbiters[m.arbiter[lane] as usize]);
    let [nx, ny, friction, restitution, count, x0, y0, penetration0] =
        T::columns(|l| arb[l].0[0]);
    let [normal0, tangent0, x1, y1, penetration1, normal1, tangent1, _] =
        T::columns(|l| arb[l].0[1]);
    let points = [
        (V2 { x: x0, y: y0 }, penetration0, normal0, tangent0),
        (V2 { x: x1, y: y1 }, penetration1, normal1, tangent1),
    ];
    // 1 in a lane in use, 0 in the others: `keep(used, x)` is `x` or 0.
    let used = T::gather(|lane| f32::from(u8::from(lane < m.used as usize)));
    let keep = |on: T, x: T| T::if_positive(on, x, T::splat(0.0));
    let n = V2 { x: nx, y: ny };
    // An unused lane's bodies are the last contact's.
    let last = m.used as usize - 1;
    let side = |s: usize| {
        let ids = if s == 0 { &m.a } else { &m.b };
        let body = |l: usize| ids[l.min(last)] as usize;
        let [x, y, vx, vy, spin, inv_mass, inv_inertia, _] =
            T::columns(|l| start_rows[body(l)].0);
        let (position, velocity) = (V2 { x, y }, V2 { x: vx, y: vy });
        let (inv_mass, inv_inertia) =
            (keep(used, inv_mass), keep(used, inv_inertia));
        (position, velocity, spin, inv_mass, inv_inertia)
    };
    let (p_a, v_a, w_a, m_a, i_a) = side(0);
    let (p_b, v_b, w_b, m_b, i_b) = side(1);
    rows.normal = V2 { x: keep(used, n.x), y: keep(used, n.y) };
    rows.friction = keep(used, friction);
    rows.restitution = keep(used, restitution);
    (rows.inv_mass_a, rows.inv_inertia_a) = (m_a, i_a);
    (rows.inv_mass_b, rows.inv_inertia_b) = (m_b, i_b);
    // `m_eff^-1` along unit `d`, and its inverse (0 for no mass).
    let effective = |r_a: V2<T>, r_b: V2<T>, d: V2<T>| {
        let (ka, kb) = (r_a.cross(d), r_b.cross(d));
        m_a + m_b + i_a * ka * ka + i_b * kb * kb
    };
    let inverse = |k: T| T::if_positive(k, T::splat(1.0) / k, T::splat(0.0));
    for (k, p) in rows.points.iter_mut().enumerate() {
        let (c, penetration, normal_impulse, tangent_impulse) = points[k];
        // 1 in a lane in use whose contact has point `k`, else 0.
        let here = keep(count - T::splat(k as f32), used);
        let (r_a, r_b) = (c - p_a, c - p_b);
        let v = (v_b + r_b.spun(w_b)) - (v_a + r_a.spun(w_a));
        let impulse = |x: T| if warm { keep(here, x) } else { T::splat(0.0) };
        let keep2 = |v: V2<T>| V2 { x: keep(here, v.x), y: keep(here, v.y) };
        *p = PointRows {
            r_a: keep2(r_a),
            r_b: keep2(r_b),
            separation: keep(here, -penetration - (r_b - r_a).dot(n)),
            normal_mass: keep(here, inverse(effective(r_a, r_b, n))),
            tangent_mass: keep(here, inverse(effective(r_a, r_b, n.perp()))),
            normal_impulse: impulse(normal_impulse),
            tangent_impulse: impulse(tangent_impulse),
            approach: keep(here, v.dot(n)),
            most: T::splat(0.0),
        };
    }
}
// ANCHOR_END: prepare_rows

/// How far a body has moved since the step began, and its turn since.
type Moved<T> = (V2<T>, V2<T>);

// ANCHOR: kernels
/// Stage 5: apply each point's kept impulses.
#[inline(always)]
pub(crate) fn warm_start<T: Lane, const N: usize>(
    c: &Rows<T, N>,
    surface: Option<&mut SurfaceRows<T>>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
) {
    let (n, t) = (c.normal, c.normal.perp());
    let m = Masses::of(c);
    for p in c.points.iter() {
        let impulse = n.scale(p.normal_impulse) + t.scale(p.tangent_impulse);
        push(&m, a, b, p, impulse);
    }
    if let Some(s) = surface {
        a.w = a.w - m.a_turn * s.rolling_impulse;
        b.w = b.w + m.b_turn * s.rolling_impulse;
    }
}

/// Stages 6 and 8: chapter 10's contact pass, written once for one lane
/// or eight. The separation follows the bodies' motion; the normal rows
/// push (softly, with the bias), then friction holds within the cone.
#[inline(always)]
pub(crate) fn solve<T: Lane, const N: usize>(
    c: &mut Rows<T, N>,
    surface: Option<&mut SurfaceRows<T>>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    ((moved_a, turn_a), (moved_b, turn_b)): (Moved<T>, Moved<T>),
    k: &Context,
    use_bias: bool,
) {
    let (n, m) = (c.normal, Masses::of(c));
    let moved = moved_b - moved_a;
    // The soft spring while the bias is on; rigid and aiming at 0 while
    // relaxing (chapter 10's `contact_target`).
    let soft = if use_bias { k.soft } else { Soft::RIGID };
    for p in c.points.iter_mut() {
        let anchors = turn_b.rotate(p.r_b) - turn_a.rotate(p.r_a);
        let s = (moved + anchors).dot(n) + p.separation;
        let (target, mass_scale, impulse_scale) =
            target_in_lanes(s, k.inv_h, &soft, k.push_out);
        let v_n = relative(a, b, p).dot(n);
        let (total, applied) = normal_row(
            mass_scale * p.normal_mass,
            target - v_n,
            impulse_scale,
            p.normal_impulse,
        );
        p.normal_impulse = total;
        push(&m, a, b, p, n.scale(applied));
        p.most = p.most.max(total);
    }
    if k.friction {
        let t = n.perp();
        for p in c.points.iter_mut() {
            // ANCHOR: tangent_speed
            // Friction drives the sliding speed to the surfaces' own (a
            // conveyor's), not to 0; without surfaces nothing is read.
            let v_t = match surface.as_deref() {
                Some(s) => relative(a, b, p).dot(t) - s.tangent_speed,
                None => relative(a, b, p).dot(t),
            };
            // ANCHOR_END: tangent_speed
            let limit = c.friction * p.normal_impulse;
            let total =
                (p.tangent_impulse - p.tangent_mass * v_t).max(-limit).min(limit);
            let applied = total - p.tangent_impulse;
            p.tangent_impulse = total;
            push(&m, a, b, p, t.scale(applied));
        }
    }
    // ANCHOR: rolling
    // Rolling resistance: a torque row against the bodies' relative spin,
    // its accumulated impulse within the resistance times the normal
    // impulse the points now hold (Coulomb's law, for turning).
    if let Some(s) = surface {
        let pressed =
            c.points.iter().fold(T::splat(0.0), |sum, p| sum + p.normal_impulse);
        let most = s.rolling_resistance * pressed;
        let wanted = s.rolling_impulse - s.rolling_mass * (b.w - a.w);
        let total = wanted.max(-most).min(most);
        let applied = total - s.rolling_impulse;
        s.rolling_impulse = total;
        a.w = a.w - m.a_turn * applied;
        b.w = b.w + m.b_turn * applied;
    }
    // ANCHOR_END: rolling
}
// ANCHOR_END: kernels

#[cfg(feature = "exercises")]
pub use crate::exercises::target_in_lanes;
#[cfg(not(feature = "exercises"))]
// ANCHOR: target_in_lanes
// ANCHOR: target_in_lanes_signature
/// Chapter 10's `contact_target` for a lane of separations `s`, with no
/// branch: each lane's target velocity, mass scale and impulse scale, for
/// the substep's `1 / h`, the contact's softness `soft` (rigid at 0 while
/// relaxing) and the push-out cap.
#[inline(always)]
pub fn target_in_lanes<T: Lane>(
    s: T,
    inv_h: f32,
    soft: &Soft,
    push_out: f32,
) -> (T, T, T) {
    // ANCHOR_END: target_in_lanes_signature
    // Apart: close the gap in this substep and no more, rigid.
    // Overlapping: the spring's push, at most the push-out speed.
    let overlap = (-(T::splat(soft.bias_rate) * s)).min(T::splat(push_out));
    let target = T::if_positive(s, -(s * T::splat(inv_h)), overlap);
    let mass_scale = T::if_positive(s, T::splat(1.0), T::splat(soft.mass_scale));
    let impulse_scale =
        T::if_positive(s, T::splat(0.0), T::splat(soft.impulse_scale));
    (target, mass_scale, impulse_scale)
}
// ANCHOR_END: target_in_lanes

#[cfg(feature = "exercises")]
pub use crate::exercises::normal_row;
#[cfg(not(feature = "exercises"))]
// ANCHOR: normal_row
// ANCHOR: normal_row_signature
/// One normal row: the soft impulse `mass * error - impulse_scale *
/// total` added to the accumulated `total`, which stays at or above 0.
/// Returns the new total and what was applied. The same lines serve one
/// lane (`f32`) or eight ([`F32x8`]).
pub fn normal_row<T: Lane>(
    mass: T,
    error: T,
    impulse_scale: T,
    total: T,
) -> (T, T) {
    // ANCHOR_END: normal_row_signature
    let new = (total + (mass * error - impulse_scale * total)).max(T::splat(0.0));
    (new, new - total)
}
// ANCHOR_END: normal_row

/// Stage 9: points that approached faster than the threshold, and pushed
/// in some substep, leave at `-e` times their approach speed (chapter
/// 10's restitution, lane by lane: a lane that should not bounce adds 0).
#[inline(always)]
pub(crate) fn restitution<T: Lane, const N: usize>(
    c: &mut Rows<T, N>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    threshold: f32,
) {
    let (n, m) = (c.normal, Masses::of(c));
    let zero = T::splat(0.0);
    for p in c.points.iter_mut() {
        let v_n = relative(a, b, p).dot(n);
        let wanted = p.normal_mass * (-(c.restitution * p.approach) - v_n);
        // Bounce only where e > 0, the approach beat the threshold, and the
        // point pushed: each test a positive number or not.
        let bounce = T::if_positive(
            c.restitution,
            one_if(-(p.approach) - T::splat(threshold)),
            zero,
        );
        let bounce = T::if_positive(bounce, one_if(p.most), zero);
        let delta = T::if_positive(bounce, wanted, zero);
        let (total, applied) =
            normal_row(T::splat(1.0), delta, zero, p.normal_impulse);
        // A lane that does not bounce keeps its numbers to the bit (a push
        // of 0 can turn a -0 into a +0), so that a block in which no lane
        // can bounce may be passed by with the same bits.
        let (a_was, b_was) = (*a, *b);
        p.normal_impulse = T::if_positive(bounce, total, p.normal_impulse);
        push(&m, a, b, p, n.scale(applied));
        *a = a.where_positive(bounce, a_was);
        *b = b.where_positive(bounce, b_was);
    }
}

impl<T: Lane> Velocity<T> {
    /// This velocity in the lanes where `on > 0`, `was` in the others.
    #[inline(always)]
    fn where_positive(self, on: T, was: Velocity<T>) -> Velocity<T> {
        let pick = |now: T, then: T| T::if_positive(on, now, then);
        Velocity {
            v: V2 { x: pick(self.v.x, was.v.x), y: pick(self.v.y, was.v.y) },
            w: pick(self.w, was.w),
        }
    }
}

/// 1 in the lanes where `x > 0`, else 0.
fn one_if<T: Lane>(x: T) -> T {
    T::if_positive(x, T::splat(1.0), T::splat(0.0))
}

/// The velocity of B's point relative to A's.
#[inline(always)]
fn relative<T: Lane>(a: &Velocity<T>, b: &Velocity<T>, p: &PointRows<T>) -> V2<T> {
    let at_b = b.v + p.r_b.spun(b.w);
    let at_a = a.v + p.r_a.spun(a.w);
    at_b - at_a
}

/// The two bodies' inverse masses, copied out of the rows.
#[derive(Clone, Copy)]
struct Masses<T> {
    a: T,
    a_turn: T,
    b: T,
    b_turn: T,
}

impl<T: Lane> Masses<T> {
    #[inline(always)]
    fn of<const N: usize>(c: &Rows<T, N>) -> Self {
        Masses {
            a: c.inv_mass_a,
            a_turn: c.inv_inertia_a,
            b: c.inv_mass_b,
            b_turn: c.inv_inertia_b,
        }
    }
}

/// Impulse `impulse` at the point: `+` to B, `-` to A.
#[inline(always)]
fn push<T: Lane>(
    m: &Masses<T>,
    a: &mut Velocity<T>,
    b: &mut Velocity<T>,
    p: &PointRows<T>,
    impulse: V2<T>,
) {
    a.v = a.v - impulse.scale(m.a);
    a.w = a.w - m.a_turn * p.r_a.cross(impulse);
    b.v = b.v + impulse.scale(m.b);
    b.w = b.w + m.b_turn * p.r_b.cross(impulse);
}
