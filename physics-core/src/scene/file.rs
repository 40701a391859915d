//! The scene file as written: serde's mirror of the JSON format, the helpers that
//! read its numbers as f32 exactly, and the parse of JSON text into it. What the
//! values mean, and whether they are allowed, is `check`'s business.

use super::SceneError;
use serde::Deserialize;

// The file as written. Field names here are the public format: change them only
// compatibly.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SceneFile {
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) gravity: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) dt: Option<f32>,
    pub(super) iterations: Option<i64>,
    pub(super) bodies: Vec<BodyFile>,
    #[serde(default)]
    pub(super) joints: Vec<JointFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BodyFile {
    /// One shape, or (chapter 15) `shapes`, a list.
    pub(super) shape: Option<ShapeFile>,
    pub(super) shapes: Option<Vec<PartFile>>,
    pub(super) kinematic: Option<bool>,
    pub(super) filter: Option<FilterFile>,
    pub(super) sensor: Option<bool>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) position: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) angle: Option<f32>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) velocity: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) angular_velocity: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) mass: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) density: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) restitution: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) friction: Option<f32>,
    #[serde(rename = "static")]
    pub(super) is_static: Option<bool>,
    pub(super) bullet: Option<bool>,
    /// Chapter 16's surfaces: how much its shapes resist rolling, and how
    /// fast their surface moves (a conveyor belt).
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) rolling_resistance: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) tangent_speed: Option<f32>,
}

/// One of a body's `shapes` (chapter 15): a shape placed on the body with
/// its own material.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PartFile {
    pub(super) shape: ShapeFile,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) offset: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) angle: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) density: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) mass: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) friction: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) restitution: Option<f32>,
    pub(super) filter: Option<FilterFile>,
    pub(super) sensor: Option<bool>,
}

/// Which shapes a shape collides with (chapter 15).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FilterFile {
    pub(super) category: Option<u64>,
    pub(super) mask: Option<u64>,
    pub(super) group: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum ShapeFile {
    Circle(CircleFile),
    Box(BoxFile),
    Plane(PlaneFile),
    Polygon(PolygonFile),
    Capsule(CapsuleFile),
    Chain(ChainFile),
}

/// A chain of smooth segments through `points` (chapter 16), closed into a
/// loop if `loop` is true.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChainFile {
    #[serde(deserialize_with = "exact_pairs")]
    pub(super) points: Vec<[f32; 2]>,
    #[serde(rename = "loop")]
    pub(super) looped: Option<bool>,
}

/// A joint's spring (chapter 16): how often it would swing, in hertz, and
/// its damping ratio (0 by default).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SpringFile {
    #[serde(deserialize_with = "exact")]
    pub(super) hertz: f32,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) damping_ratio: Option<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PolygonFile {
    #[serde(deserialize_with = "exact_pairs")]
    pub(super) vertices: Vec<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) radius: Option<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CapsuleFile {
    #[serde(deserialize_with = "exact")]
    pub(super) half_length: f32,
    #[serde(deserialize_with = "exact")]
    pub(super) radius: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CircleFile {
    #[serde(deserialize_with = "exact")]
    pub(super) radius: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BoxFile {
    #[serde(deserialize_with = "exact_pair")]
    pub(super) half_extents: [f32; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PlaneFile {
    #[serde(deserialize_with = "exact_pair")]
    pub(super) normal: [f32; 2],
    #[serde(deserialize_with = "exact")]
    pub(super) offset: f32,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum JointFile {
    Distance(DistanceFile),
    Revolute(RevoluteFile),
    Prismatic(PrismaticFile),
    Weld(WeldFile),
    Wheel(WheelFile),
}

/// A wheel joint (chapter 16): B's anchor on the line through A's along
/// `axis`, held there by a `spring`, B turning freely but for its `motor`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WheelFile {
    pub(super) body_a: i64,
    pub(super) body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair")]
    pub(super) axis: [f32; 2],
    pub(super) spring: Option<SpringFile>,
    pub(super) motor: Option<TorqueMotorFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RevoluteFile {
    pub(super) body_a: i64,
    pub(super) body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) limit: Option<[f32; 2]>,
    pub(super) motor: Option<TorqueMotorFile>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_force: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_torque: Option<f32>,
    pub(super) spring: Option<SpringFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TorqueMotorFile {
    #[serde(deserialize_with = "exact")]
    pub(super) speed: f32,
    #[serde(deserialize_with = "exact")]
    pub(super) max_torque: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PrismaticFile {
    pub(super) body_a: i64,
    pub(super) body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair")]
    pub(super) axis: [f32; 2],
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) limit: Option<[f32; 2]>,
    pub(super) motor: Option<ForceMotorFile>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_force: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_torque: Option<f32>,
    pub(super) spring: Option<SpringFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ForceMotorFile {
    #[serde(deserialize_with = "exact")]
    pub(super) speed: f32,
    #[serde(deserialize_with = "exact")]
    pub(super) max_force: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WeldFile {
    pub(super) body_a: i64,
    pub(super) body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_force: Option<f32>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) break_torque: Option<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DistanceFile {
    pub(super) body_a: i64,
    pub(super) body_b: i64,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_a: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_pair_opt", default)]
    pub(super) anchor_b: Option<[f32; 2]>,
    #[serde(deserialize_with = "exact_opt", default)]
    pub(super) length: Option<f32>,
    pub(super) rope: Option<bool>,
    pub(super) spring: Option<SpringFile>,
}

/// A number of the file as an f32, refused (with the number as written, near
/// enough: the f64 it reads as) when f32 cannot hold it: beyond 3.4e38, or so close
/// to 0 that it would become 0 or lose its precision. So `"mass": 1e-46` is refused
/// as 1e-46, not accepted as 0.
fn to_f32<E: serde::de::Error>(v: f64) -> Result<f32, E> {
    if v.is_finite() && v.abs() > f64::from(f32::MAX) {
        return Err(E::custom(format!("{v:e} is beyond 3.4e38, the largest f32")));
    }
    if v != 0.0 && v.abs() < f64::from(f32::MIN_POSITIVE) {
        return Err(E::custom(format!(
            "{v:e} is closer to 0 than 1.2e-38, the smallest normal f32; write 0 for zero"
        )));
    }
    Ok(v as f32)
}

fn exact<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    to_f32(f64::deserialize(d)?)
}

fn exact_opt<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<f32>, D::Error> {
    Option::<f64>::deserialize(d)?.map(to_f32).transpose()
}

/// Two numbers `[x, y]`; any other count is named as such (not "trailing
/// characters").
fn pair<E: serde::de::Error>(v: Vec<f64>) -> Result<[f32; 2], E> {
    match v[..] {
        [x, y] => Ok([to_f32(x)?, to_f32(y)?]),
        _ => Err(E::custom(format!(
            "expected two numbers [x, y], found {} numbers",
            v.len()
        ))),
    }
}

fn exact_pair<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<[f32; 2], D::Error> {
    pair(Vec::<f64>::deserialize(d)?)
}

fn exact_pairs<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<[f32; 2]>, D::Error> {
    let all: Vec<Vec<f64>> = Vec::deserialize(d)?;
    all.into_iter().map(pair).collect()
}

fn exact_pair_opt<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<[f32; 2]>, D::Error> {
    Option::<Vec<f64>>::deserialize(d)?.map(pair).transpose()
}

impl SceneFile {
    /// The file read from JSON text: one scene object and nothing after it. An
    /// error names the field by its path and says where in the text it is; whether
    /// the values are allowed is `check`'s question.
    pub(super) fn parse(text: &str) -> Result<SceneFile, SceneError> {
        // A byte-order mark, as some editors save, is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if !text.trim_start().starts_with('{') {
            return Err(SceneError::new(
                "",
                "a scene file is one JSON object, `{ \"bodies\": [ ... ] }`, with its fields \
                 named (see the scene-file appendix)",
            ));
        }
        let de = &mut serde_json::Deserializer::from_str(text);
        let file: SceneFile =
            serde_path_to_error::deserialize(&mut *de).map_err(|e| {
                let field = e.path().to_string();
                let inner = e.into_inner();
                let field = if field == "." { String::new() } else { field };
                SceneError::new(
                    field,
                    format!(
                        "{} at line {}, column {}",
                        strip_position(&inner.to_string()),
                        inner.line(),
                        inner.column()
                    ),
                )
            })?;
        // One scene per file: anything after it (a second scene, stray text) is an
        // error.
        de.end().map_err(|e| {
            SceneError::new(
                "",
                format!(
                    "{} after the scene, at line {}, column {}; a file holds one scene",
                    strip_position(&e.to_string()),
                    e.line(),
                    e.column()
                ),
            )
        })?;
        Ok(file)
    }
}

/// serde_json appends " at line L column C" to its messages; we print the position
/// ourselves.
fn strip_position(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    }
}
