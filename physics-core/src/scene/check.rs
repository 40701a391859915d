//! Validation and conversion: a parsed scene file checked field by field against
//! the limits of the world the engine simulates, and turned into the model
//! ([`Scene`]). Each error names the field by its path and shows the value.

use super::file::{
    BodyFile, ChainFile, FilterFile, JointFile, PartFile, PolygonFile, SceneFile,
    ShapeFile,
};
use super::{
    DEFAULT_ITERATIONS, MAX_DT, MAX_ITERATIONS, MAX_POLYGON_VERTICES, MIN_DT,
    Scene, SceneBody, SceneChain, SceneError, SceneFilter, SceneJoint, SceneMotor,
    ScenePart, SceneSpring, Shape, limits,
};
use glam::Vec2;

/// A number for a message: plain when it reads well (0.5, 1000), in e-notation when
/// it would be a long row of digits (1e-10, 3.4e38).
fn num(v: f32) -> String {
    if v != 0.0 && !(1e-4..1e7).contains(&v.abs()) {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

/// `v` if `|v| <= most`, else an error naming `field`, the value and `what` the
/// limit is.
fn within(field: &str, v: f32, most: f32, what: &str) -> Result<f32, SceneError> {
    if v.abs() <= most {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("{} is beyond {} {what}", num(v), num(most)),
        ))
    }
}

/// The same for a vector's length.
fn within2(
    field: &str,
    v: Vec2,
    most: f32,
    what: &str,
) -> Result<Vec2, SceneError> {
    if v.length() <= most {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("[{}, {}] is beyond {} {what}", num(v.x), num(v.y), num(most)),
        ))
    }
}

fn show(v: [f32; 2]) -> String {
    format!("[{}, {}]", num(v[0]), num(v[1]))
}

fn finite(field: &str, v: f32) -> Result<f32, SceneError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(SceneError::new(field, format!("{v} is not a finite number")))
    }
}

fn finite2(field: &str, v: [f32; 2]) -> Result<Vec2, SceneError> {
    if v[0].is_finite() && v[1].is_finite() {
        Ok(Vec2::new(v[0], v[1]))
    } else {
        Err(SceneError::new(
            field,
            format!("{} has a component that is not a finite number", show(v)),
        ))
    }
}

/// A size (a radius, a half extent) within the limits.
fn size(field: &str, v: f32) -> Result<f32, SceneError> {
    if v < limits::MIN_SIZE {
        return Err(SceneError::new(
            field,
            format!(
                "{} m is below {} m, the smallest size simulated",
                num(v),
                num(limits::MIN_SIZE)
            ),
        ));
    }
    within(field, v, limits::MAX_LENGTH, "m, the largest size simulated")
}

/// A polygon from a file: 3 to 8 corners, each finite and within the largest
/// length, no two nearer than `MIN_CORNER_GAP`, some area, convex (each corner at
/// least `MIN_CORNER_GAP` inside every edge it is not on); clockwise corners are
/// reversed. `at` is the field's path.
fn polygon(at: &str, p: PolygonFile) -> Result<Shape, SceneError> {
    let field = format!("{at}.vertices");
    let n = p.vertices.len();
    if !(3..=MAX_POLYGON_VERTICES).contains(&n) {
        return Err(SceneError::new(
            field,
            format!("{n} corners: a polygon has 3 to {MAX_POLYGON_VERTICES}"),
        ));
    }
    let mut vertices = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    for (i, v) in p.vertices.iter().enumerate() {
        let here = format!("{field}[{i}]");
        let what = "m, the largest distance simulated";
        vertices[i] =
            within2(&here, finite2(&here, *v)?, limits::MAX_LENGTH, what)?;
    }
    let corners = &mut vertices[..n];
    for i in 0..n {
        for j in 0..i {
            if corners[i].distance(corners[j]) < limits::MIN_CORNER_GAP {
                return Err(SceneError::new(
                    format!("{field}[{i}]"),
                    format!(
                        "{} is within {} m of {field}[{j}]: the same corner twice",
                        show(p.vertices[i]),
                        num(limits::MIN_CORNER_GAP)
                    ),
                ));
            }
        }
    }
    let twice_area: f32 =
        (0..n).map(|i| corners[i].perp_dot(corners[(i + 1) % n])).sum();
    if twice_area < 0.0 {
        corners.reverse(); // clockwise: the documented fix-up
    }
    // Each corner inside every edge it is not on: convex and counter-clockwise, no
    // corner on a straight edge, some area. (Corner indices refer to the file's
    // order.)
    let file_index = |k: usize| if twice_area < 0.0 { n - 1 - k } else { k };
    // First each corner against the line through its two neighbours: a dent
    // or a corner on a straight edge is named itself.
    for i in 0..n {
        let (before, after) = (corners[(i + n - 1) % n], corners[(i + 1) % n]);
        let chord = after - before;
        let out = -chord.perp_dot(corners[i] - before) / chord.length();
        if out.is_nan() || out < limits::MIN_CORNER_GAP {
            let k = file_index(i);
            return Err(SceneError::new(
                format!("{field}[{k}]"),
                format!(
                    "{} is {} m out from the line through its neighbours (it must be {} m \
                     out): the polygon has a dent there, or the corner lies on a straight edge",
                    show(p.vertices[k]),
                    num(out),
                    num(limits::MIN_CORNER_GAP)
                ),
            ));
        }
    }
    // Then every corner inside every edge: this also refuses a star whose
    // corners each bulge out but whose edges cross.
    for i in 0..n {
        let (a, b) = (corners[i], corners[(i + 1) % n]);
        let edge = b - a;
        for k in (0..n).filter(|&k| k != i && k != (i + 1) % n) {
            let inside = edge.perp_dot(corners[k] - a) / edge.length();
            if inside.is_nan() || inside < limits::MIN_CORNER_GAP {
                let (e0, e1, k) =
                    (file_index(i), file_index((i + 1) % n), file_index(k));
                return Err(SceneError::new(
                    format!("{field}[{k}]"),
                    format!(
                        "{} is not inside the edge from {field}[{e0}] to {field}[{e1}] \
                         (by {} m; it must be {} m in): the polygon is not convex, \
                         or a corner lies on a straight edge",
                        show(p.vertices[k]),
                        num(inside),
                        num(limits::MIN_CORNER_GAP)
                    ),
                ));
            }
        }
    }
    let radius = match p.radius {
        None => 0.0,
        Some(0.0) => 0.0,
        Some(r) => {
            size(&format!("{at}.radius"), positive(&format!("{at}.radius"), r)?)?
        }
    };
    Ok(Shape::Polygon { vertices, count: n, radius })
}

/// A mass within the limits; `why` says where a derived mass came from.
fn mass_within(field: &str, m: f32, why: &str) -> Result<f32, SceneError> {
    if (limits::MIN_MASS..=limits::MAX_MASS).contains(&m) {
        Ok(m)
    } else {
        Err(SceneError::new(
            field,
            format!(
                "gives a mass of {} kg{why}, outside {} to {} kg, the masses simulated",
                num(m),
                num(limits::MIN_MASS),
                num(limits::MAX_MASS)
            ),
        ))
    }
}

fn positive(field: &str, v: f32) -> Result<f32, SceneError> {
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(SceneError::new(
            field,
            format!("{v} must be a finite number greater than 0"),
        ))
    }
}

impl SceneFile {
    /// The scene the file describes, or the first field that is wrong.
    pub(super) fn check(self) -> Result<Scene, SceneError> {
        let gravity = match self.gravity {
            Some(g) => within2(
                "gravity",
                finite2("gravity", g)?,
                limits::MAX_GRAVITY,
                "m/s^2 (1000 g), the strongest gravity simulated",
            )?,
            None => Vec2::new(0.0, -9.81),
        };
        let dt = match self.dt {
            Some(dt) => {
                let dt = positive("dt", dt)?;
                if dt < MIN_DT {
                    return Err(SceneError::new(
                        "dt",
                        format!(
                            "{} s is shorter than the shortest step allowed, {} s",
                            num(dt),
                            num(MIN_DT)
                        ),
                    ));
                }
                if dt > MAX_DT {
                    return Err(SceneError::new(
                        "dt",
                        format!(
                            "{dt} s is longer than the largest step allowed, {MAX_DT} s \
                             (dt is in seconds: 1/60 s is 0.016666668)"
                        ),
                    ));
                }
                dt
            }
            None => 1.0 / 60.0,
        };
        let iterations = match self.iterations {
            Some(n) if (1..=MAX_ITERATIONS as i64).contains(&n) => n as u32,
            Some(n) => {
                return Err(SceneError::new(
                    "iterations",
                    format!(
                        "{n} must be a whole number from 1 to {MAX_ITERATIONS}"
                    ),
                ));
            }
            None => DEFAULT_ITERATIONS,
        };
        let (mut parts, mut chains) = (Vec::new(), Vec::new());
        let bodies = self
            .bodies
            .into_iter()
            .enumerate()
            .map(|(i, b)| b.check(&format!("bodies[{i}]"), &mut parts, &mut chains))
            .collect::<Result<Vec<_>, _>>()?;
        let mut breaks = Vec::with_capacity(self.joints.len());
        let mut springs = Vec::with_capacity(self.joints.len());
        let mut joints = Vec::with_capacity(self.joints.len());
        for (i, j) in self.joints.into_iter().enumerate() {
            let at = format!("joints[{i}]");
            breaks.push(j.breaks(&at)?);
            springs.push(j.spring(&at)?);
            joints.push(j.check(&at, &bodies)?);
        }
        crowding(&bodies)?;
        Ok(Scene {
            gravity,
            dt,
            iterations,
            bodies,
            joints,
            parts,
            breaks,
            chains,
            springs,
        })
    }
}

/// The box round body `b` where it starts, lower and upper corner; none
/// for a plane.
fn start_box(b: &SceneBody) -> Option<(Vec2, Vec2)> {
    let (corners, radius): (Vec<Vec2>, f32) = match b.shape {
        Shape::Plane { .. } => return None,
        Shape::Circle { radius } => (vec![Vec2::ZERO], radius),
        Shape::Box { half_extents: h } => {
            (vec![h, Vec2::new(-h.x, h.y), -h, Vec2::new(h.x, -h.y)], 0.0)
        }
        Shape::Polygon { vertices, count, radius } => {
            (vertices[..count].to_vec(), radius)
        }
        Shape::Capsule { half_length, radius } => (
            vec![Vec2::new(-half_length, 0.0), Vec2::new(half_length, 0.0)],
            radius,
        ),
    };
    let placed = corners.iter().map(|&c| b.to_world(c));
    let (lower, upper) = placed
        .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p), hi.max(p))
        });
    Some((lower - radius, upper + radius))
}

/// No more than [`limits::MAX_START_OVERLAPS`] pairs of bodies, one of
/// each pair not static, start with their boxes overlapping: else the
/// body that takes the count past it is named, with its position. Every
/// such pair is a pair the step keeps, and a contact it solves, for as
/// long as they overlap; ten thousand bodies on one spot are fifty
/// million. (A sort and sweep along the axis the boxes spread along more;
/// two static bodies never collide and are not counted, nor are planes.)
fn crowding(bodies: &[SceneBody]) -> Result<(), SceneError> {
    let boxes: Vec<(usize, Vec2, Vec2)> = bodies
        .iter()
        .enumerate()
        .filter_map(|(i, b)| start_box(b).map(|(lo, hi)| (i, lo, hi)))
        .collect();
    let spread = |axis: usize| {
        let (lo, hi) = boxes.iter().fold(
            (f32::INFINITY, f32::NEG_INFINITY),
            |(lo, hi), &(_, l, h)| {
                let middle = 0.5 * (l[axis] + h[axis]);
                (lo.min(middle), hi.max(middle))
            },
        );
        hi - lo
    };
    let axis = if spread(1) > spread(0) { 1 } else { 0 };
    let other = 1 - axis;
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by(|&a, &b| boxes[a].1[axis].total_cmp(&boxes[b].1[axis]));
    // The boxes the sweep is inside, moving and static apart: a static box
    // is only tested against moving ones.
    let (mut moving, mut fixed) = (Vec::new(), Vec::new());
    let mut pairs = 0;
    for k in order {
        let (i, lo, hi) = boxes[k];
        let open = |m: &usize| boxes[*m].2[axis] > lo[axis];
        let meets = |m: &&usize| {
            boxes[**m].1[other] < hi[other] && lo[other] < boxes[**m].2[other]
        };
        moving.retain(open);
        let mut here = moving.iter().filter(meets).count();
        if bodies[i].is_static {
            fixed.push(k);
        } else {
            fixed.retain(open);
            here += fixed.iter().filter(meets).count();
            moving.push(k);
        }
        pairs += here;
        if pairs > limits::MAX_START_OVERLAPS {
            return Err(SceneError::new(
                format!("bodies[{i}].position"),
                format!(
                    "{}: the body starts with its box overlapping those of {here} \
                     others, which takes the pairs of bodies that start overlapping \
                     past {}, the most a scene may start with (two static bodies make \
                     no pair); the step keeps every such pair, and a million take \
                     about 0.75 GB: spread the bodies out",
                    show(bodies[i].position.to_array()),
                    limits::MAX_START_OVERLAPS
                ),
            ));
        }
    }
    Ok(())
}

impl BodyFile {
    fn check(
        self,
        at: &str,
        all_parts: &mut Vec<ScenePart>,
        all_chains: &mut Vec<SceneChain>,
    ) -> Result<SceneBody, SceneError> {
        let f = |name: &str| format!("{at}.{name}");
        let mut chain = None;
        let (shape, parts) = match (self.shape, self.shapes) {
            (Some(_), Some(_)) => {
                return Err(SceneError::new(
                    f("shapes"),
                    "given together with shape; give one of them",
                ));
            }
            (Some(ShapeFile::Chain(c)), None) => {
                let checked = check_chain(c, &f("shape.chain"))?;
                if self.is_static != Some(true) {
                    return Err(SceneError::new(
                        f("shape.chain"),
                        "on a body that is not static; a chain is ground, give its body \
                         \"static\": true",
                    ));
                }
                let around = around(&checked.points);
                chain = Some(checked);
                (around, None)
            }
            (None, None) => {
                return Err(SceneError::new(
                    f("shape"),
                    "is missing; every body needs a shape (or, from chapter 15, a list of shapes)",
                ));
            }
            (Some(one), None) => (check_shape(one, &f)?, None),
            (None, Some(list)) => {
                let first =
                    self.density.map(|d| positive(&f("density"), d)).transpose()?;
                let defaults = (first, self.friction, self.restitution);
                let checked = check_parts(list, at, defaults)?;
                (checked[0].shape, Some(checked))
            }
        };
        let is_plane = matches!(shape, Shape::Plane { .. });
        let is_static = match (self.is_static, is_plane) {
            (Some(false), true) => {
                return Err(SceneError::new(
                    f("static"),
                    "false, but a plane is always static",
                ));
            }
            (s, plane) => s.unwrap_or(plane),
        };
        let position = match (self.position, is_plane) {
            (Some(p), false) => within2(
                &f("position"),
                finite2(&f("position"), p)?,
                limits::MAX_LENGTH,
                "m from the origin, the largest distance simulated",
            )?,
            (None, false) => {
                return Err(SceneError::new(
                    f("position"),
                    "is missing; every body but a plane needs one",
                ));
            }
            (Some(p), true) => {
                return Err(SceneError::new(
                    f("position"),
                    format!(
                        "{} given for a plane; a plane is placed by its normal and offset",
                        show(p)
                    ),
                ));
            }
            (None, true) => Vec2::ZERO,
        };
        let angle = within(
            &f("angle"),
            finite(&f("angle"), self.angle.unwrap_or(0.0))?,
            limits::MAX_ANGLE,
            "rad, beyond which f32 holds an angle to worse than a milliradian",
        )?;
        let velocity = within2(
            &f("velocity"),
            finite2(&f("velocity"), self.velocity.unwrap_or([0.0, 0.0]))?,
            limits::MAX_SPEED,
            "m/s, the fastest speed simulated",
        )?;
        let angular_velocity = within(
            &f("angular_velocity"),
            finite(&f("angular_velocity"), self.angular_velocity.unwrap_or(0.0))?,
            limits::MAX_SPIN,
            "rad/s, the fastest spin simulated",
        )?;
        let kinematic = self.kinematic.unwrap_or(false);
        if kinematic && is_static {
            return Err(SceneError::new(
                f("kinematic"),
                "true on a static body; a body is static, kinematic or dynamic",
            ));
        }
        let bullet = self.bullet.unwrap_or(false);
        if bullet && kinematic {
            return Err(SceneError::new(
                f("bullet"),
                "true on a kinematic body: only dynamic bodies are swept",
            ));
        }
        if parts.is_some() && (self.filter.is_some() || self.sensor.is_some()) {
            let name = if self.filter.is_some() { "filter" } else { "sensor" };
            return Err(SceneError::new(
                f(name),
                "given for a body of several shapes; give it to each of its shapes",
            ));
        }
        if parts.is_some() && self.mass.is_some() {
            return Err(SceneError::new(
                f("mass"),
                "given for a body of several shapes; give each shape its mass or density",
            ));
        }
        let filter = check_filter(self.filter, &|n| f(&format!("filter.{n}")))?;
        let sensor = self.sensor.unwrap_or(false);
        if bullet && is_static {
            return Err(SceneError::new(
                f("bullet"),
                "true on a static body: only a moving body can be a bullet",
            ));
        }
        if is_static && (velocity != Vec2::ZERO || angular_velocity != 0.0) {
            let (name, value) = if velocity != Vec2::ZERO {
                ("velocity", show(velocity.to_array()))
            } else {
                ("angular_velocity", angular_velocity.to_string())
            };
            return Err(SceneError::new(
                f(name),
                format!(
                    "{value} given for a static body; a static body never moves"
                ),
            ));
        }
        let fixed = is_static || kinematic;
        let mass = match (self.mass, self.density) {
            _ if parts.is_some() && fixed => f32::INFINITY,
            _ if parts.is_some() => {
                let total = parts.iter().flatten().map(|p| p.mass).sum::<f32>();
                mass_within(
                    &f("shapes"),
                    total,
                    " (the sum of its shapes' masses)",
                )?
            }
            (Some(_), Some(_)) => {
                return Err(SceneError::new(
                    f("density"),
                    "given together with mass; give one of them",
                ));
            }
            _ if fixed => {
                if let Some(m) = self.mass {
                    positive(&f("mass"), m)?;
                }
                f32::INFINITY
            }
            (Some(m), None) => {
                mass_within(&f("mass"), positive(&f("mass"), m)?, "")?
            }
            (None, d) => {
                let density = positive(&f("density"), d.unwrap_or(1.0))?;
                let m = density * shape.area();
                if !(m.is_finite() && m > 0.0) {
                    return Err(SceneError::new(
                        f("density"),
                        format!(
                            "{density} times the shape's area gives a mass of {m} kg"
                        ),
                    ));
                }
                let why = format!(" ({} times the shape's area)", num(density));
                mass_within(&f("density"), m, &why)?
            }
        };
        let restitution =
            finite(&f("restitution"), self.restitution.unwrap_or(0.0))?;
        if !(0.0..=1.0).contains(&restitution) {
            return Err(SceneError::new(
                f("restitution"),
                format!(
                    "{restitution} is outside 0 to 1: 0 stops dead, 1 bounces back at full speed, \
                     and above 1 a bounce would create energy"
                ),
            ));
        }
        let friction = finite(&f("friction"), self.friction.unwrap_or(0.2))?;
        if friction > limits::MAX_FRICTION {
            return Err(SceneError::new(
                f("friction"),
                format!(
                    "{} is beyond {}, the largest friction coefficient simulated \
                     (a contact sticks from about 1)",
                    num(friction),
                    num(limits::MAX_FRICTION)
                ),
            ));
        }
        if friction < 0.0 {
            return Err(SceneError::new(
                f("friction"),
                format!(
                    "{friction} is negative; a friction coefficient is 0 (ice) or more \
                     (rubber on concrete is about 1)"
                ),
            ));
        }
        let parts = parts.map(|list| {
            let first = all_parts.len() as u32;
            all_parts.extend_from_slice(&list);
            (first, list.len() as u32)
        });
        let rolling_resistance = match self.rolling_resistance {
            None => 0.0,
            Some(r) => {
                let field = f("rolling_resistance");
                let r = finite(&field, r)?;
                if r < 0.0 {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{r} is negative; rolling resistance is 0 (none) or more"
                        ),
                    ));
                }
                within(&field, r, limits::MAX_FRICTION, "the largest simulated")?
            }
        };
        let tangent_speed = within(
            &f("tangent_speed"),
            finite(&f("tangent_speed"), self.tangent_speed.unwrap_or(0.0))?,
            limits::MAX_SPEED,
            "m/s, the fastest speed simulated",
        )?;
        let chain = chain.map(|c| {
            all_chains.push(c);
            all_chains.len() as u32 - 1
        });
        Ok(SceneBody {
            shape,
            position,
            angle,
            velocity,
            angular_velocity,
            mass,
            restitution,
            friction,
            is_static,
            bullet,
            kinematic,
            filter,
            sensor,
            parts,
            chain,
            rolling_resistance,
            tangent_speed,
        })
    }
}

impl JointFile {
    /// The joint's `break_force` and `break_torque` (chapter 15), each
    /// greater than 0; infinite where not given.
    fn breaks(&self, at: &str) -> Result<(f32, f32), SceneError> {
        let (kind, force, torque) = match self {
            JointFile::Distance(_) => return Ok((f32::INFINITY, f32::INFINITY)),
            JointFile::Revolute(j) => ("revolute", j.break_force, j.break_torque),
            JointFile::Prismatic(j) => ("prismatic", j.break_force, j.break_torque),
            JointFile::Weld(j) => ("weld", j.break_force, j.break_torque),
            JointFile::Wheel(_) => return Ok((f32::INFINITY, f32::INFINITY)),
        };
        let check = |name: &str, v: Option<f32>| -> Result<f32, SceneError> {
            match v {
                None => Ok(f32::INFINITY),
                Some(v) => positive(&format!("{at}.{kind}.{name}"), v),
            }
        };
        Ok((check("break_force", force)?, check("break_torque", torque)?))
    }

    /// The joint's `spring` (chapter 16), if it has one: a frequency
    /// greater than 0, a damping ratio of 0 or more.
    fn spring(&self, at: &str) -> Result<Option<SceneSpring>, SceneError> {
        let (kind, spring) = match self {
            JointFile::Distance(j) => ("distance", &j.spring),
            JointFile::Revolute(j) => ("revolute", &j.spring),
            JointFile::Prismatic(j) => ("prismatic", &j.spring),
            JointFile::Weld(_) => return Ok(None),
            JointFile::Wheel(j) => ("wheel", &j.spring),
        };
        let Some(spring) = spring else { return Ok(None) };
        let f = |name: &str| format!("{at}.{kind}.spring.{name}");
        let hertz = positive(&f("hertz"), spring.hertz)?;
        let hertz = within(
            &f("hertz"),
            hertz,
            MAX_HERTZ,
            "Hz, the stiffest spring simulated",
        )?;
        let zeta =
            finite(&f("damping_ratio"), spring.damping_ratio.unwrap_or(0.0))?;
        if zeta < 0.0 {
            return Err(SceneError::new(
                f("damping_ratio"),
                format!("{zeta} is negative; 0 is no damping, 1 critical damping"),
            ));
        }
        let damping_ratio = within(
            &f("damping_ratio"),
            zeta,
            MAX_DAMPING_RATIO,
            "the most damping simulated",
        )?;
        Ok(Some(SceneSpring { hertz, damping_ratio }))
    }

    fn check(
        self,
        at: &str,
        bodies: &[SceneBody],
    ) -> Result<SceneJoint, SceneError> {
        let kind = match &self {
            JointFile::Distance(_) => "distance",
            JointFile::Revolute(_) => "revolute",
            JointFile::Prismatic(_) => "prismatic",
            JointFile::Weld(_) => "weld",
            JointFile::Wheel(_) => "wheel",
        };
        let f = |name: &str| format!("{at}.{kind}.{name}");
        let index = |name: &str, i: i64| -> Result<usize, SceneError> {
            if i >= 0 && (i as usize) < bodies.len() {
                Ok(i as usize)
            } else {
                Err(SceneError::new(
                    f(name),
                    format!(
                        "{i} names no body; bodies are numbered 0 to {} in file order",
                        bodies.len() as i64 - 1
                    ),
                ))
            }
        };
        let pair = |a: i64, b: i64| -> Result<(usize, usize), SceneError> {
            let (body_a, body_b) = (index("body_a", a)?, index("body_b", b)?);
            if body_a == body_b {
                return Err(SceneError::new(
                    f("body_b"),
                    format!(
                        "{body_b} is body_a too; a joint needs two different bodies"
                    ),
                ));
            }
            if bodies[body_a].is_static && bodies[body_b].is_static {
                return Err(SceneError::new(
                    at,
                    format!(
                        "joins bodies {body_a} and {body_b}, which are both static; \
                         such a joint can never move anything"
                    ),
                ));
            }
            Ok((body_a, body_b))
        };
        // One world point, or a point in each body's frame.
        let anchors = |(a, b): (usize, usize),
                       anchor: Option<[f32; 2]>,
                       anchor_a: Option<[f32; 2]>,
                       anchor_b: Option<[f32; 2]>|
         -> Result<(Vec2, Vec2), SceneError> {
            match anchor {
                Some(world) => {
                    if anchor_a.is_some() || anchor_b.is_some() {
                        let which = if anchor_a.is_some() {
                            "anchor_a"
                        } else {
                            "anchor_b"
                        };
                        return Err(SceneError::new(
                            f(which),
                            "give either `anchor` (a world point) or `anchor_a` and \
                             `anchor_b` (points in the bodies' frames), not both",
                        ));
                    }
                    let world = finite2(&f("anchor"), world)?;
                    let what = "m from the origin, the largest distance simulated";
                    let world =
                        within2(&f("anchor"), world, limits::MAX_LENGTH, what)?;
                    Ok((bodies[a].to_local(world), bodies[b].to_local(world)))
                }
                None => {
                    let what = "m, the largest distance simulated";
                    let a =
                        finite2(&f("anchor_a"), anchor_a.unwrap_or([0.0, 0.0]))?;
                    let b =
                        finite2(&f("anchor_b"), anchor_b.unwrap_or([0.0, 0.0]))?;
                    Ok((
                        within2(&f("anchor_a"), a, limits::MAX_LENGTH, what)?,
                        within2(&f("anchor_b"), b, limits::MAX_LENGTH, what)?,
                    ))
                }
            }
        };
        let limit =
            |l: Option<[f32; 2]>| -> Result<Option<(f32, f32)>, SceneError> {
                let Some([lower, upper]) = l else {
                    return Ok(None);
                };
                let field = f("limit");
                if !(lower.is_finite() && upper.is_finite()) {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{} has a bound that is not a finite number",
                            show([lower, upper])
                        ),
                    ));
                }
                if lower > upper {
                    return Err(SceneError::new(
                        field,
                        format!(
                            "{}: the lower bound {lower} is above the upper bound {upper}",
                            show([lower, upper])
                        ),
                    ));
                }
                Ok(Some((lower, upper)))
            };
        let motor = |speed: f32,
                     most: f32,
                     most_name: &str|
         -> Result<SceneMotor, SceneError> {
            let (fastest, unit) = match most_name {
                "max_torque" => {
                    (limits::MAX_SPIN, "rad/s, the fastest spin simulated")
                }
                _ => (limits::MAX_SPEED, "m/s, the fastest speed simulated"),
            };
            let speed = within(
                &f("motor.speed"),
                finite(&f("motor.speed"), speed)?,
                fastest,
                unit,
            )?;
            let field = f(&format!("motor.{most_name}"));
            if !(most.is_finite() && most >= 0.0) {
                return Err(SceneError::new(
                    field,
                    format!("{most} must be a finite number, 0 or more"),
                ));
            }
            if most > limits::MAX_MOTOR {
                return Err(SceneError::new(
                    field,
                    format!(
                        "{} is beyond {}, the weight of the heaviest body simulated at the \
                         strongest gravity",
                        num(most),
                        num(limits::MAX_MOTOR)
                    ),
                ));
            }
            Ok(SceneMotor { speed, max_force: most })
        };
        match self {
            JointFile::Distance(d) => {
                let (body_a, body_b) = pair(d.body_a, d.body_b)?;
                let what = "m, the largest distance simulated";
                let anchor = |name: &str, a: Option<[f32; 2]>| {
                    let v = finite2(&f(name), a.unwrap_or([0.0, 0.0]))?;
                    within2(&f(name), v, limits::MAX_LENGTH, what)
                };
                let anchor_a = anchor("anchor_a", d.anchor_a)?;
                let anchor_b = anchor("anchor_b", d.anchor_b)?;
                let length = match d.length {
                    Some(l) if l.is_finite() && l > limits::MAX_LENGTH => {
                        return Err(SceneError::new(
                            f("length"),
                            format!(
                                "{} is beyond {} {what}",
                                num(l),
                                num(limits::MAX_LENGTH)
                            ),
                        ));
                    }
                    Some(l) if l.is_finite() && l >= 0.0 => Some(l),
                    Some(l) => {
                        return Err(SceneError::new(
                            f("length"),
                            format!("{l} must be a finite number, 0 or more"),
                        ));
                    }
                    None => {
                        // The length it will keep: the distance the anchors
                        // start apart, held to the same limit.
                        let (a, b) = (&bodies[body_a], &bodies[body_b]);
                        let apart =
                            a.to_world(anchor_a).distance(b.to_world(anchor_b));
                        if apart > limits::MAX_LENGTH {
                            return Err(SceneError::new(
                                f("length"),
                                format!(
                                    "not given, so the distance the anchors start apart, {} m, \
                                     which is beyond {} {what}",
                                    num(apart),
                                    num(limits::MAX_LENGTH)
                                ),
                            ));
                        }
                        None
                    }
                };
                Ok(SceneJoint::Distance {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    length,
                    rope: d.rope.unwrap_or(false),
                })
            }
            JointFile::Revolute(r) => {
                let (body_a, body_b) = pair(r.body_a, r.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), r.anchor, r.anchor_a, r.anchor_b)?;
                let limit = limit(r.limit)?;
                // The bodies' starting angles are the zero of the limit.
                if let Some((lower, upper)) = limit
                    && (lower > limits::ANGLE_SLOP || upper < -limits::ANGLE_SLOP)
                {
                    return Err(SceneError::new(
                        f("limit"),
                        format!(
                            "{} does not hold 0, the angle the pin starts at (its limit \
                             is measured from there); a pin started outside its limit is \
                             flung into it in one step",
                            show([lower, upper])
                        ),
                    ));
                }
                Ok(SceneJoint::Revolute {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    limit,
                    motor: match r.motor {
                        Some(m) => {
                            Some(motor(m.speed, m.max_torque, "max_torque")?)
                        }
                        None => None,
                    },
                })
            }
            JointFile::Prismatic(p) => {
                let (body_a, body_b) = pair(p.body_a, p.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), p.anchor, p.anchor_a, p.anchor_b)?;
                let axis = finite2(&f("axis"), p.axis)?;
                let Some(axis) = axis.try_normalize() else {
                    return Err(SceneError::new(
                        f("axis"),
                        format!("{}: an axis needs a direction", show(p.axis)),
                    ));
                };
                let limit = limit(p.limit)?;
                // The limit bounds how far B's anchor is from A's along the
                // axis (turned with A), measured from where they coincide.
                if let Some((lower, upper)) = limit {
                    let (a, b) = (&bodies[body_a], &bodies[body_b]);
                    let apart = b.to_world(anchor_b) - a.to_world(anchor_a);
                    let along =
                        apart.dot(crate::trig::from_angle(a.angle).rotate(axis));
                    if along < lower - limits::LIMIT_SLOP
                        || along > upper + limits::LIMIT_SLOP
                    {
                        return Err(SceneError::new(
                            f("limit"),
                            format!(
                                "{}: the anchors start {} m apart along the axis, outside \
                                 it, and a slider started outside its limit is flung into \
                                 it in one step; put the anchors at one point (`anchor`) \
                                 or widen the limit",
                                show([lower, upper]),
                                num(along)
                            ),
                        ));
                    }
                }
                Ok(SceneJoint::Prismatic {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    axis,
                    limit,
                    motor: match p.motor {
                        Some(m) => Some(motor(m.speed, m.max_force, "max_force")?),
                        None => None,
                    },
                })
            }
            JointFile::Weld(w) => {
                let (body_a, body_b) = pair(w.body_a, w.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), w.anchor, w.anchor_a, w.anchor_b)?;
                Ok(SceneJoint::Weld { body_a, body_b, anchor_a, anchor_b })
            }
            JointFile::Wheel(w) => {
                let (body_a, body_b) = pair(w.body_a, w.body_b)?;
                let (anchor_a, anchor_b) =
                    anchors((body_a, body_b), w.anchor, w.anchor_a, w.anchor_b)?;
                let axis = finite2(&f("axis"), w.axis)?;
                let Some(axis) = axis.try_normalize() else {
                    return Err(SceneError::new(
                        f("axis"),
                        format!("{}: an axis needs a direction", show(w.axis)),
                    ));
                };
                let motor = match w.motor {
                    Some(m) => Some(motor(m.speed, m.max_torque, "max_torque")?),
                    None => None,
                };
                Ok(SceneJoint::Wheel {
                    body_a,
                    body_b,
                    anchor_a,
                    anchor_b,
                    axis,
                    motor,
                })
            }
        }
    }
}

/// A shape of the file checked, its fields named by `f`.
fn check_shape(
    file: ShapeFile,
    f: &dyn Fn(&str) -> String,
) -> Result<Shape, SceneError> {
    let shape = match file {
        ShapeFile::Circle(c) => Shape::Circle {
            radius: size(
                &f("shape.circle.radius"),
                positive(&f("shape.circle.radius"), c.radius)?,
            )?,
        },
        ShapeFile::Box(b) => {
            let field = f("shape.box.half_extents");
            if !(b.half_extents.iter().all(|h| h.is_finite() && *h > 0.0)) {
                return Err(SceneError::new(
                    field,
                    format!(
                        "{} must be two finite numbers greater than 0",
                        show(b.half_extents)
                    ),
                ));
            }
            for h in b.half_extents {
                size(&field, h)?;
            }
            Shape::Box { half_extents: Vec2::from(b.half_extents) }
        }
        ShapeFile::Polygon(p) => polygon(&f("shape.polygon"), p)?,
        ShapeFile::Chain(_) => {
            return Err(SceneError::new(
                f("shape.chain"),
                "in a list of shapes; a chain is a static body's one `shape`",
            ));
        }
        ShapeFile::Capsule(c) => Shape::Capsule {
            half_length: size(
                &f("shape.capsule.half_length"),
                positive(&f("shape.capsule.half_length"), c.half_length)?,
            )?,
            radius: size(
                &f("shape.capsule.radius"),
                positive(&f("shape.capsule.radius"), c.radius)?,
            )?,
        },
        ShapeFile::Plane(p) => {
            let normal = finite2(&f("shape.plane.normal"), p.normal)?;
            // Scaled by its largest component first, so [1e30, 1e30] has a
            // length too.
            let largest = normal.x.abs().max(normal.y.abs());
            let len = if largest > 0.0 {
                largest * (normal / largest).length()
            } else {
                0.0
            };
            if len <= 1e-6 || len.is_nan() {
                return Err(SceneError::new(
                    f("shape.plane.normal"),
                    format!("{} has no direction (zero length)", show(p.normal)),
                ));
            }
            let offset = finite(&f("shape.plane.offset"), p.offset)? / len;
            let what = "m, the largest distance simulated";
            Shape::Plane {
                normal: (normal / largest).normalize(),
                offset: within(
                    &f("shape.plane.offset"),
                    offset,
                    limits::MAX_LENGTH,
                    what,
                )?,
            }
        }
    };
    Ok(shape)
}

/// The stiffest spring a scene may ask for, hertz: a thousand swings a
/// second, far beyond what a 60 Hz step can show.
const MAX_HERTZ: f32 = 1e3;
/// The most damping a scene may ask for: a thousand times critical.
const MAX_DAMPING_RATIO: f32 = 1e3;

/// A chain of the file checked (chapter 16): two points or more (three for a
/// loop), each within the world and at least the engine's slop from the
/// next, so that no segment is a point.
fn check_chain(c: ChainFile, at: &str) -> Result<SceneChain, SceneError> {
    let looped = c.looped.unwrap_or(false);
    let least = if looped { 3 } else { 2 };
    if c.points.len() < least {
        return Err(SceneError::new(
            format!("{at}.points"),
            format!(
                "{} points; a chain needs at least {least}{}",
                c.points.len(),
                if looped { " to close a loop" } else { "" }
            ),
        ));
    }
    let mut points = Vec::with_capacity(c.points.len());
    for (k, p) in c.points.iter().enumerate() {
        let field = format!("{at}.points[{k}]");
        let what = "m from the body's origin, the largest distance simulated";
        points.push(within2(
            &field,
            finite2(&field, *p)?,
            limits::MAX_LENGTH,
            what,
        )?);
    }
    let n = points.len();
    let segments = if looped { n } else { n - 1 };
    for k in 0..segments {
        let (p, q) = (points[k], points[(k + 1) % n]);
        if p.distance(q) < limits::MIN_CORNER_GAP {
            return Err(SceneError::new(
                format!("{at}.points[{}]", (k + 1) % n),
                format!(
                    "{} is {} m from the point before it; a chain's points must be at \
                     least {} m apart",
                    show(q.to_array()),
                    num(p.distance(q)),
                    num(limits::MIN_CORNER_GAP)
                ),
            ));
        }
    }
    Ok(SceneChain { points, looped })
}

/// The box round a chain's points, as a polygon: the shape a chain's body
/// stands for where a chapter asks only where the body is.
fn around(points: &[Vec2]) -> Shape {
    let lo = points.iter().fold(Vec2::splat(f32::INFINITY), |m, p| m.min(*p));
    let hi = points.iter().fold(Vec2::splat(f32::NEG_INFINITY), |m, p| m.max(*p));
    let mut vertices = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    vertices[..4].copy_from_slice(&[
        hi,
        Vec2::new(lo.x, hi.y),
        lo,
        Vec2::new(hi.x, lo.y),
    ]);
    Shape::Polygon { vertices, count: 4, radius: 0.0 }
}

/// A filter of the file checked (chapter 15): a group within what an i32
/// holds.
fn check_filter(
    file: Option<FilterFile>,
    f: &dyn Fn(&str) -> String,
) -> Result<SceneFilter, SceneError> {
    let Some(file) = file else { return Ok(SceneFilter::default()) };
    let default = SceneFilter::default();
    let group = match file.group {
        None => 0,
        Some(g) => i32::try_from(g).map_err(|_| {
            SceneError::new(
                f("group"),
                format!(
                    "{g} is beyond what a group holds, -2147483648 to 2147483647"
                ),
            )
        })?,
    };
    Ok(SceneFilter {
        category: file.category.unwrap_or(default.category),
        mask: file.mask.unwrap_or(default.mask),
        group,
    })
}

/// A body's `shapes` checked (chapter 15), each named
/// `{at}.shapes[k].field`; `defaults` are the body's density, friction and
/// restitution, which each shape takes unless it gives its own.
fn check_parts(
    list: Vec<PartFile>,
    at: &str,
    (density, friction, restitution): (Option<f32>, Option<f32>, Option<f32>),
) -> Result<Vec<ScenePart>, SceneError> {
    if list.is_empty() {
        return Err(SceneError::new(
            format!("{at}.shapes"),
            "an empty list; a body needs at least one shape",
        ));
    }
    let mut parts = Vec::with_capacity(list.len());
    for (k, part) in list.into_iter().enumerate() {
        let f = |name: &str| format!("{at}.shapes[{k}].{name}");
        let shape = check_shape(part.shape, &f)?;
        if matches!(shape, Shape::Plane { .. }) {
            return Err(SceneError::new(
                f("shape"),
                "a plane in a list of shapes; a plane is a body of its own",
            ));
        }
        let offset = within2(
            &f("offset"),
            finite2(&f("offset"), part.offset.unwrap_or([0.0, 0.0]))?,
            limits::MAX_LENGTH,
            "m from the body's origin, the largest distance simulated",
        )?;
        let angle = within(
            &f("angle"),
            finite(&f("angle"), part.angle.unwrap_or(0.0))?,
            limits::MAX_ANGLE,
            "rad, beyond which f32 holds an angle to worse than a milliradian",
        )?;
        let area = shape.area();
        let (density, mass) = match (part.mass, part.density) {
            (Some(_), Some(_)) => {
                return Err(SceneError::new(
                    f("density"),
                    "given together with mass; give one of them",
                ));
            }
            (Some(m), None) => {
                let m = mass_within(&f("mass"), positive(&f("mass"), m)?, "")?;
                (m / area, m)
            }
            (None, d) => {
                let d = match d {
                    Some(d) => positive(&f("density"), d)?,
                    None => density.unwrap_or(1.0),
                };
                let why = format!(" ({} times the shape's area)", num(d));
                (d, mass_within(&f("density"), d * area, &why)?)
            }
        };
        let friction =
            finite(&f("friction"), part.friction.or(friction).unwrap_or(0.2))?;
        if !(0.0..=limits::MAX_FRICTION).contains(&friction) {
            return Err(SceneError::new(
                f("friction"),
                format!(
                    "{} is outside 0 to {}, the friction coefficients simulated",
                    num(friction),
                    num(limits::MAX_FRICTION)
                ),
            ));
        }
        let restitution = finite(
            &f("restitution"),
            part.restitution.or(restitution).unwrap_or(0.0),
        )?;
        if !(0.0..=1.0).contains(&restitution) {
            return Err(SceneError::new(
                f("restitution"),
                format!("{restitution} is outside 0 to 1"),
            ));
        }
        let filter = check_filter(part.filter, &|n| f(&format!("filter.{n}")))?;
        let sensor = part.sensor.unwrap_or(false);
        parts.push(ScenePart {
            shape,
            offset,
            angle,
            density,
            mass,
            friction,
            restitution,
            filter,
            sensor,
        });
    }
    Ok(parts)
}
