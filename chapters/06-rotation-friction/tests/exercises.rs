//! The exercises' own tests, one function of `src/exercises.rs` at a time: small cases
//! worked by hand, and properties that measure what each function claims with
//! velocities worked out here, not through the other exercises. A failure names the
//! quantity, the case, the value expected and got, and the section of the page to
//! reread.

use crate::judge::{COLLISION, EFFECTIVE_MASS, FRICTION, POINT_VELOCITY};
use ch06_rotation_friction::{
    Body, Circle, Obb, Shape, collision_impulse, friction_impulse,
    inverse_effective_mass, point_velocity,
};
use glam::Vec2;
use proptest::prelude::*;

/// The velocity of `body`'s point at `point`, worked out here: `v + w perp(r)`.
fn velocity_here(body: &Body, point: Vec2) -> Vec2 {
    body.velocity + body.angular_velocity * (point - body.position).perp()
}

/// Apply the impulse `impulse` at `point` to `body`, worked out here: `v += P / m`,
/// `w += (r x P) / I`.
fn kick(body: &mut Body, impulse: Vec2, point: Vec2) {
    body.velocity += body.inv_mass * impulse;
    body.angular_velocity +=
        body.inv_inertia * (point - body.position).perp_dot(impulse);
}

fn vec2(max: f32) -> impl Strategy<Value = Vec2> {
    (-max..max, -max..max).prop_map(|(x, y)| Vec2::new(x, y))
}

/// A body of 0.1 to 10 kg within 3 m, turned and moving; static one time in five.
fn body() -> impl Strategy<Value = Body> {
    let shape = prop_oneof![
        (0.05f32..2.0).prop_map(|radius| Shape::Circle(Circle { radius })),
        (0.05f32..2.0, 0.05f32..2.0)
            .prop_map(|(x, y)| Shape::Box(Obb { half_extents: Vec2::new(x, y) })),
    ];
    (
        shape,
        vec2(3.0),
        -4.0f32..4.0,
        0.1f32..10.0,
        vec2(10.0),
        -10.0f32..10.0,
        0..5u8,
    )
        .prop_map(|(shape, at, angle, mass, v, w, kind)| {
            let mut b = Body::new(shape, at, angle, mass);
            b.velocity = v;
            b.angular_velocity = w;
            if kind == 0 { b.into_static() } else { b }
        })
}

fn describe(b: &Body) -> String {
    format!(
        "body at {} moving {} spinning {} rad/s, 1/m = {}, 1/I = {}",
        b.position, b.velocity, b.angular_velocity, b.inv_mass, b.inv_inertia
    )
}

// Exercise 6.1.

/// The velocity of a point of a disc spinning at w is w r along the tangent.
#[test]
fn a_spinning_body_moves_its_rim() {
    let mut b = Body::disc(0.5, Vec2::new(2.0, 0.0), 1.0);
    b.angular_velocity = 4.0;
    b.velocity = Vec2::new(0.0, 0.0);
    for (point, expected, what) in [
        (
            Vec2::new(2.5, 0.0),
            Vec2::new(0.0, 2.0),
            "the rim right of the centre moves up",
        ),
        (
            Vec2::new(2.0, 0.5),
            Vec2::new(-2.0, 0.0),
            "the rim above the centre moves left",
        ),
        (Vec2::new(2.0, 0.0), Vec2::ZERO, "the centre does not move"),
    ] {
        let got = point_velocity(&b, point);
        let case = format!(
            "a disc at (2, 0), not moving, spinning at +4 rad/s (counter-clockwise), point {point}: {what}"
        );
        assert!(
            (got - expected).length() < 1e-6,
            "{}",
            POINT_VELOCITY.wrong("the point's velocity (m/s)", case, expected, got)
        );
    }
    b.velocity = Vec2::new(1.0, -1.0);
    let got = point_velocity(&b, Vec2::new(2.5, 0.0));
    let expected = Vec2::new(1.0, 1.0);
    assert!(
        (got - expected).length() < 1e-6,
        "{}",
        POINT_VELOCITY.wrong(
            "the point's velocity (m/s)",
            "the same disc moving (1, -1) m/s, the point right of its centre",
            expected,
            got
        )
    );
}

// Exercise 6.2.

/// The effective mass at a point: at the centre only the inverse masses count; at a
/// box's end a push across the lever arm adds `1/I` times the square of the lever
/// arm, one along it nothing. A static body adds nothing, the two bodies' terms add
/// up, and the direction's sign does not matter.
#[test]
fn a_push_off_the_centre_meets_less_mass() {
    let a = Body::rect(1.0, 0.5, Vec2::ZERO, 0.0, 1.0); // 2 kg, I = 5/6 kg m^2
    let b = Body::disc(0.5, Vec2::new(3.0, 0.0), 1.0);
    let wall = Body::fixed(
        Shape::Circle(Circle { radius: 1.0 }),
        Vec2::new(5.0, 5.0),
        0.0,
    );
    let k =
        |a: &Body, b: &Body, p: Vec2, d: Vec2| inverse_effective_mass(a, b, p, d);
    let box_and_wall =
        "a 2 m x 1 m box of 2 kg (I = 5/6 kg m^2) at the origin, and a static wall";
    for (point, dir, expected, what) in [
        (Vec2::ZERO, Vec2::X, 0.5, "at the centre: 1/m alone"),
        (Vec2::X, Vec2::X, 0.5, "at the end (1, 0), along the lever: no turn"),
        (
            Vec2::X,
            Vec2::Y,
            1.7,
            "at the end (1, 0), across it: 1/m + 1/I = 0.5 + 1.2",
        ),
    ] {
        let got = k(&a, &wall, point, dir);
        let case =
            format!("{box_and_wall}, point {point}, direction {dir}: {what}");
        assert!(
            (got - expected).abs() < 1e-6,
            "{}",
            EFFECTIVE_MASS.wrong("1/m_eff (per kg)", case, expected, got)
        );
    }
    let (p, d) = (Vec2::new(1.0, 0.3), Vec2::new(0.6, 0.8));
    let (ka, kb) = (k(&a, &wall, p, d), k(&wall, &b, p, d));
    let case =
        format!("the box and a 0.5 m disc at (3, 0), point {p}, direction {d}");
    for (got, expected, quantity) in [
        (
            k(&a, &b, p, d),
            ka + kb,
            "1/m_eff of box and disc (the two bodies' terms add)",
        ),
        (
            k(&b, &a, p, -d),
            ka + kb,
            "1/m_eff with A and B and the direction swapped",
        ),
        (k(&wall, &wall, p, d), 0.0, "1/m_eff of two static bodies"),
    ] {
        assert!(
            (got - expected).abs() < 1e-5,
            "{}",
            EFFECTIVE_MASS.wrong(quantity, &case, expected, got)
        );
    }
}

proptest! {
    /// What 1/m_eff claims, measured: an impulse of 1 N s along `dir` at the point,
    /// +dir to B and -dir to A, changes the two points' relative velocity along `dir`
    /// by 1/m_eff. The velocities are worked out here, so exercise 6.1 does not enter.
    /// Tolerance 1e-4 of the answer, plus 1e-5: a few roundings of velocities up to
    /// ~100 m/s.
    #[test]
    fn an_impulse_changes_the_relative_velocity_by_one_over_m_eff(
        a in body(), b in body(), point in vec2(3.0), angle in 0.0f32..std::f32::consts::TAU,
    ) {
        let dir = Vec2::from_angle(angle);
        let k = inverse_effective_mass(&a, &b, point, dir);
        let relative = |a: &Body, b: &Body| (velocity_here(b, point) - velocity_here(a, point)).dot(dir);
        let before = relative(&a, &b);
        let (mut a2, mut b2) = (a, b);
        kick(&mut a2, -dir, point);
        kick(&mut b2, dir, point);
        let measured = relative(&a2, &b2) - before;
        prop_assert!(
            (k - measured).abs() <= 1e-4 * measured.abs() + 1e-5,
            "{}",
            EFFECTIVE_MASS.wrong(
                "1/m_eff (per kg)",
                format!("A: {}; B: {}; point {point}, direction {dir}", describe(&a), describe(&b)),
                format!("{measured}, what 1 N s there does to the relative velocity"),
                k,
            )
        );
    }
}

// Exercise 6.3.

/// Friction stops the sliding at the point when the cap allows it; otherwise it
/// applies what is left of the cap, against the slide, counting what this step
/// applied already.
#[test]
fn friction_stops_the_slide_within_coulombs_cap() {
    let ground = Body::fixed(
        Shape::Box(Obb { half_extents: Vec2::new(5.0, 0.5) }),
        Vec2::new(0.0, -0.5),
        0.0,
    );
    let mut disc = Body::disc(0.5, Vec2::new(0.0, 0.5), 1.0);
    disc.velocity = Vec2::new(2.0, 0.0);
    disc.angular_velocity = 1.0;
    let (point, normal) = (Vec2::ZERO, Vec2::Y);
    let t = normal.perp();
    let f = |limit, applied| {
        friction_impulse(&ground, &disc, point, normal, limit, applied)
    };
    let slide = |b: &Body| velocity_here(b, point).dot(t);
    // The disc's contact point slides along +x, that is along -t: friction pushes
    // it along +t, so a positive impulse.
    let against = -slide(&disc).signum();
    let setting = "a 0.5 m disc at (0, 0.5) on static ground, moving (2, 0) m/s, spinning +1 rad/s, \
                   touching at the origin, normal +y, t = perp(n) = -x";
    // An ample cap: the impulse stops the slide (it needs about 0.65 N s).
    let stop = f(100.0, 0.0);
    let mut stopped = disc;
    kick(&mut stopped, stop * t, point);
    let case = format!("{setting}; limit 100 N s, nothing applied yet");
    assert!(
        slide(&stopped).abs() < 1e-5,
        "{}",
        FRICTION.wrong(
            &format!("the slide left after your impulse {stop} N s (m/s)"),
            &case,
            0.0,
            slide(&stopped)
        )
    );
    assert!(
        stop * against > 0.6,
        "{}",
        FRICTION.wrong("the friction impulse (N s)", &case, "about +0.65", stop)
    );
    for (limit, applied, expected, what) in [
        (
            100.0,
            0.2 * against,
            stop,
            "0.2 N s applied already, within an ample cap: the same impulse",
        ),
        (
            0.1,
            0.0,
            0.1 * against,
            "a tight cap of 0.1 N s: the cap, against the slide",
        ),
        (
            0.1,
            0.08 * against,
            0.02 * against,
            "0.08 of the 0.1 applied already: only 0.02 is left",
        ),
    ] {
        let got = f(limit, applied);
        let case =
            format!("{setting}; limit {limit} N s, applied {applied} N s: {what}");
        assert!(
            (got - expected).abs() < 1e-5,
            "{}",
            FRICTION.wrong("the friction impulse (N s)", case, expected, got)
        );
    }
    let nothing = friction_impulse(&ground, &ground, point, normal, 1.0, 0.0);
    assert!(
        nothing == 0.0,
        "{}",
        FRICTION.wrong(
            "the friction impulse (N s)",
            "two static bodies: nothing can move",
            0.0,
            nothing
        )
    );
}

proptest! {
    /// Over random bodies, caps and what was applied before: the total stays within
    /// the cap; when the cap allows, the returned impulse stops the slide; when it
    /// does not, the total sits at the cap, against the slide. Velocities and the
    /// tangent's effective mass are worked out here, so exercises 6.1 and 6.2 do not
    /// enter.
    #[test]
    fn friction_is_the_stopping_impulse_capped_in_total(
        a in body(), b in body(), point in vec2(3.0), angle in 0.0f32..std::f32::consts::TAU,
        limit in 0.0f32..5.0, applied_fraction in -1.0f32..=1.0,
    ) {
        let normal = Vec2::from_angle(angle);
        let t = normal.perp();
        let applied = applied_fraction * limit;
        let ra = (point - a.position).perp_dot(t);
        let rb = (point - b.position).perp_dot(t);
        let k = a.inv_mass + b.inv_mass + a.inv_inertia * ra * ra + b.inv_inertia * rb * rb;
        prop_assume!(k > 1e-3);
        let slide = (velocity_here(&b, point) - velocity_here(&a, point)).dot(t);
        let got = friction_impulse(&a, &b, point, normal, limit, applied);
        let wanted_total = (applied - slide / k).clamp(-limit, limit);
        let case = format!(
            "A: {}; B: {}; point {point}, normal {normal}; slide along t {slide} m/s, \
             limit {limit} N s, applied {applied} N s",
            describe(&a), describe(&b)
        );
        let tol = 1e-4 * (limit + applied.abs() + (slide / k).abs()) + 1e-6;
        prop_assert!(
            (applied + got).abs() <= limit + tol,
            "{}",
            FRICTION.wrong("the total friction, applied + yours (N s)", &case,
                format!("within [-{limit}, {limit}]"), applied + got)
        );
        prop_assert!(
            (got - (wanted_total - applied)).abs() <= tol,
            "{}",
            FRICTION.wrong("the friction impulse (N s)", &case, wanted_total - applied, got)
        );
    }
}

// Exercise 6.4, a challenge.

/// A 1 kg disc of radius 1 at (0, 1), and a body of 1 kg and 1 kg m^2 at (0, 1)
/// touching the floor at its corner (1, 0), r = (1, -1), each on a static floor:
/// A the floor, B the body, the normal +y, the tangent -x.
fn on_the_floor(corner: bool, velocity: Vec2) -> (Body, Body) {
    let floor = Body::fixed(
        Shape::Box(Obb { half_extents: Vec2::new(5.0, 1.0) }),
        Vec2::new(0.0, -1.0),
        0.0,
    );
    let shape = Shape::Circle(Circle { radius: 1.0 });
    let mut b = Body::new(shape, Vec2::new(0.0, 1.0), 0.0, 1.0);
    if corner {
        b.inv_inertia = 1.0;
    }
    b.velocity = velocity;
    (floor, b)
}

/// Worked cases. A disc has no coupling (its r is along n), so its two rows are
/// apart: it sticks and rolls with enough friction, and slides at the cone's edge
/// with little. The corner couples them (K = [[2, -1], [-1, 2]]): it sticks with
/// (2/3, 1/3), where one impulse after the other, chapter 6's way, leaves it still
/// approaching at 0.25 m/s; with mu = 0.25 it slides with (4/7, 1/7).
#[test]
fn one_collision_in_worked_cases() {
    let third = 1.0 / 3.0;
    let cases = [
        (
            false,
            Vec2::new(1.0, -2.0),
            0.5,
            0.5,
            (3.0, third),
            "a disc landing at 2 m/s, moving 1 m/s: it rolls",
        ),
        (
            false,
            Vec2::new(1.0, -2.0),
            0.5,
            0.05,
            (3.0, 0.15),
            "the same disc, mu = 0.05: it slides",
        ),
        (
            true,
            Vec2::new(0.0, -1.0),
            0.0,
            1.0,
            (2.0 / 3.0, third),
            "a corner landing at 1 m/s, mu = 1: it sticks",
        ),
        (
            true,
            Vec2::new(0.0, -1.0),
            0.0,
            0.25,
            (4.0 / 7.0, 1.0 / 7.0),
            "the same corner, mu = 0.25: it slides",
        ),
        (
            true,
            Vec2::new(0.0, -1.0),
            1.0,
            0.0,
            (1.0, 0.0),
            "the same corner, frictionless, e = 1",
        ),
        (
            true,
            Vec2::new(0.5, 1.0),
            0.5,
            0.5,
            (0.0, 0.0),
            "the corner rising: no collision",
        ),
    ];
    for (corner, v, e, mu, (j_n, j_t), what) in cases {
        let (a, b) = on_the_floor(corner, v);
        let case = format!(
            "{}, e = {e}, mu = {mu}, on a static floor: {what}",
            describe(&b)
        );
        let point = if corner { Vec2::X } else { Vec2::ZERO };
        let got = collision_impulse(&a, &b, point, Vec2::Y, e, mu);
        // 1e-5: a few roundings of numbers near 1.
        assert!(
            (got.0 - j_n).abs() < 1e-5 && (got.1 - j_t).abs() < 1e-5,
            "{}",
            COLLISION.wrong(
                "(j_n, j_t) (N s)",
                case,
                format!("({j_n}, {j_t})"),
                format!("{got:?}")
            )
        );
    }
    let fixed = Body::fixed(Shape::Circle(Circle { radius: 1.0 }), Vec2::ZERO, 0.0);
    let got = collision_impulse(&fixed, &fixed, Vec2::X, Vec2::Y, 0.5, 0.5);
    assert!(
        got == (0.0, 0.0),
        "{}",
        COLLISION.wrong(
            "(j_n, j_t) (N s)",
            "two static bodies",
            "(0, 0)",
            format!("{got:?}")
        )
    );
}

/// `1/m_eff` along `d` at `point`, worked out here in f64.
fn inverse_effective_mass_here(a: &Body, b: &Body, point: Vec2, d: Vec2) -> f64 {
    let term = |body: &Body| {
        let lever = (point - body.position).perp_dot(d) as f64;
        body.inv_mass as f64 + body.inv_inertia as f64 * lever * lever
    };
    term(a) + term(b)
}

proptest! {
    /// Over random bodies, points on them, normals, restitutions and friction
    /// coefficients (up to 1.5, lowered where it would come within 1 % of a jam, which the
    /// exercise excuses: mu times the coupling near the normal row's `1/m_eff`),
    /// apply the pair
    /// returned and measure, with velocities worked out here: the normal velocity
    /// is -e times what it was, the impulse is inside Coulomb's cone, and either
    /// the sliding has stopped or friction is at the cone's edge, against the
    /// sliding left. Tolerance: 1e-4 of the speeds involved and of the largest
    /// velocity change an impulse that size could make, far above f32 rounding.
    #[test]
    fn one_collision_meets_newton_and_coulomb_at_once(
        a in body(), b in body(), on_a in vec2(1.0), on_b in vec2(1.0),
        angle in 0.0f32..std::f32::consts::TAU, e in 0.0f32..1.0, mu in 0.0f32..1.5,
    ) {
        // The point within B's reach of its centre, and A moved to have it within
        // its own: a contact point lies on both bodies.
        let point = b.position + on_b * b.shape.reach();
        let mut a = a;
        a.position = point - on_a * a.shape.reach();
        let normal = Vec2::from_angle(angle);
        let tangent = normal.perp();
        let relative = velocity_here(&b, point) - velocity_here(&a, point);
        let (v_n, v_t) = (relative.dot(normal), relative.dot(tangent));
        // The coupling term, here in f64, to leave the jams out.
        let lever = |body: &Body, d: Vec2| (point - body.position).perp_dot(d) as f64;
        let coupling = a.inv_inertia as f64 * lever(&a, normal) * lever(&a, tangent)
            + b.inv_inertia as f64 * lever(&b, normal) * lever(&b, tangent);
        let k_nn = inverse_effective_mass_here(&a, &b, point, normal);
        // Where mu times the coupling comes within 1 % of k_nn, sliding can jam:
        // mu is lowered to keep 1 % away.
        let mu = if mu as f64 * coupling.abs() > 0.99 * k_nn {
            (0.99 * k_nn / coupling.abs()) as f32
        } else {
            mu
        };
        let case = format!(
            "A: {}; B: {}; the point {point}, normal {normal}, e = {e}, mu = {mu}: \
             v_n = {v_n}, v_t = {v_t}",
            describe(&a),
            describe(&b)
        );
        let (j_n, j_t) = collision_impulse(&a, &b, point, normal, e, mu);
        if k_nn == 0.0 {
            prop_assert!(
                (j_n, j_t) == (0.0, 0.0),
                "{}",
                COLLISION.wrong("(j_n, j_t) (N s)", &case, "(0, 0): neither body can move", format!("({j_n}, {j_t})"))
            );
            return Ok(());
        }
        // The velocities after are sums of terms up to the largest 1/m_eff times
        // the impulse: their rounding scales with that too.
        let speeds = velocity_here(&a, point).length() + velocity_here(&b, point).length();
        let k_tt = inverse_effective_mass_here(&a, &b, point, tangent);
        let terms = k_nn.max(k_tt) as f32 * (j_n.abs() + j_t.abs());
        let tol_v = 1e-4 * (1.0 + speeds + terms);
        let tol_j = 1e-4 * (j_n.abs() + j_t.abs()) + 1e-7;
        prop_assert!(
            j_n >= -tol_j && j_t.abs() <= mu * j_n + tol_j,
            "{}",
            COLLISION.wrong("(j_n, j_t) (N s)", &case, "j_n >= 0 and |j_t| <= mu j_n", format!("({j_n}, {j_t})"))
        );
        let impulse = j_n * normal + j_t * tangent;
        let (mut a, mut b) = (a, b);
        kick(&mut a, -impulse, point);
        kick(&mut b, impulse, point);
        let after = velocity_here(&b, point) - velocity_here(&a, point);
        let (n_after, t_after) = (after.dot(normal), after.dot(tangent));
        let bounce = if v_n < 0.0 { -e * v_n } else { v_n };
        prop_assert!(
            (n_after - bounce).abs() <= tol_v,
            "{}",
            COLLISION.wrong(
                "the relative normal velocity after (m/s)",
                &case,
                if v_n < 0.0 { format!("-e v_n = {bounce}") } else { format!("{v_n}: separating, untouched") },
                format!("{n_after}, from your ({j_n}, {j_t})")
            )
        );
        let sticks = t_after.abs() <= tol_v;
        let at_the_edge = (j_t.abs() - mu * j_n).abs() <= tol_j;
        let against = j_t * t_after <= tol_v * j_t.abs();
        prop_assert!(
            sticks || (at_the_edge && against),
            "{}",
            COLLISION.wrong(
                "the sliding velocity after (m/s)",
                &case,
                "0 (stuck), or friction at mu j_n pushing against it",
                format!("{t_after}, from your ({j_n}, {j_t})")
            )
        );
    }
}
