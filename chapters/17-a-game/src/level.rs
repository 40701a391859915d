//! Level files: a scene file (the format of `book/src/scene-files.md`) and
//! the game's fields beside it, each checked, a mistake refused naming the
//! field and its value.
//!
//! ```json
//! { "name": "The tower", "sling": [-11, 2], "stones": 3,
//!   "targets": [4], "toughness": 4.5, "floor": -1,
//!   "scene": { "bodies": [ ... ], "joints": [ ... ] } }
//! ```

use glam::Vec2;
use physics_core::scene::{Scene, SceneError, Shape};
use serde::Deserialize;
use std::fmt;

// ANCHOR: level
/// A level: its world (a scene file) and the game's fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    /// The file's name without `.json`, for a bundled level (`1-tower`):
    /// what a replay names it by.
    pub key: String,
    pub name: String,
    /// Where stones leave from.
    pub sling: Vec2,
    /// How many stones the player has.
    pub stones: u32,
    /// The scene's bodies to knock down, by their place in its `bodies`.
    pub targets: Vec<usize>,
    /// A target hit at least this fast, m/s, is knocked down.
    pub toughness: f32,
    /// A target whose centre falls below this height, m, is down too; a
    /// stone below it is taken away.
    pub floor: f32,
    pub scene: Scene,
}
// ANCHOR_END: level

/// The levels that come with the game, in order: each one's file name and
/// text (the files are in `chapters/17-a-game/levels/`).
pub const LEVELS: &[(&str, &str)] = &[
    ("1-tower", include_str!("../levels/1-tower.json")),
    ("2-bridge", include_str!("../levels/2-bridge.json")),
    ("3-fort", include_str!("../levels/3-fort.json")),
    ("4-pit", include_str!("../levels/4-pit.json")),
];

/// The most stones a level may give.
pub const MAX_STONES: u32 = 20;

/// A level file's mistake: the field, as a path (`targets[1]`,
/// `scene.bodies[2].shape.box.half_extents`), and what is wrong with its
/// value.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelError {
    pub field: String,
    pub message: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for LevelError {}

/// The file as written: every field named, an unknown one refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelFile {
    name: String,
    sling: [f32; 2],
    stones: i64,
    targets: Vec<i64>,
    toughness: Option<f32>,
    floor: Option<f32>,
    scene: serde_json::Value,
}

impl Level {
    /// The bundled level called `name` (`1-tower`).
    pub fn bundled(name: &str) -> Option<Level> {
        let i = LEVELS.iter().position(|(n, _)| *n == name)?;
        Some(Level::number(i))
    }

    /// The bundled level number `i` (from 0).
    pub fn number(i: usize) -> Level {
        let (key, text) = LEVELS[i % LEVELS.len()];
        let level = Level::from_json(text).expect("the bundled levels are checked");
        Level { key: key.into(), ..level }
    }

    /// A scene file as a level with no targets: ten stones, the sling to
    /// the left of its bodies, its floor below them.
    pub fn sandbox(scene: &Scene) -> Level {
        let near =
            scene.bodies.iter().filter(|b| !matches!(b.shape, Shape::Plane { .. }));
        let (mut lo, mut hi) =
            (Vec2::splat(f32::INFINITY), Vec2::splat(-f32::INFINITY));
        for b in near.filter(|b| !b.is_static) {
            (lo, hi) = (lo.min(b.position), hi.max(b.position));
        }
        if !lo.is_finite() {
            (lo, hi) = (Vec2::ZERO, Vec2::ZERO);
        }
        Level {
            key: "scene".into(),
            name: "a scene file".into(),
            sling: Vec2::new(lo.x - 8.0, lo.y.max(hi.y.min(lo.y + 2.0))),
            stones: 10,
            targets: Vec::new(),
            toughness: 4.0,
            floor: lo.y - 50.0,
            scene: scene.clone(),
        }
    }

    // ANCHOR: from_json
    /// Parse and check a level file: the game's fields here, the scene by
    /// physics-core's checks, its errors' fields put under `scene.`.
    pub fn from_json(text: &str) -> Result<Level, LevelError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let file: LevelFile =
            serde_path_to_error::deserialize(de).map_err(|e| {
                let field = e.path().to_string();
                let field = if field == "." { String::new() } else { field };
                LevelError { field, message: e.inner().to_string() }
            })?;
        let scene = Scene::from_json(&file.scene.to_string())
            .and_then(|s| {
                s.require(17, crate::demos::SUPPORTS)?;
                Ok(s)
            })
            .map_err(|e: SceneError| LevelError {
                field: match e.field.is_empty() {
                    true => "scene".into(),
                    false => format!("scene.{}", e.field),
                },
                message: e.message,
            })?;
        let wrong = |field: &str, message: String| {
            Err(LevelError { field: field.into(), message })
        };
        let sling = Vec2::from(file.sling);
        if !sling.is_finite() || sling.abs().max_element() > 1000.0 {
            return wrong("sling", format!("{sling}: out of the world (1 km)"));
        }
        if !(1..=MAX_STONES as i64).contains(&file.stones) {
            let m =
                format!("{}: a level gives 1 to {MAX_STONES} stones", file.stones);
            return wrong("stones", m);
        }
        if file.targets.is_empty() {
            return wrong("targets", "[]: a level needs a target".into());
        }
        let mut targets = Vec::new();
        for (k, &t) in file.targets.iter().enumerate() {
            let field = format!("targets[{k}]");
            let n = scene.bodies.len();
            let Some(b) = usize::try_from(t).ok().and_then(|i| scene.bodies.get(i))
            else {
                let m = format!(
                    "{t}: no such body; the scene has {n} (0 to {})",
                    n - 1
                );
                return wrong(&field, m);
            };
            if b.is_static || b.kinematic || matches!(b.shape, Shape::Plane { .. })
            {
                let m =
                    format!("{t}: body {t} cannot fall; a target must be dynamic");
                return wrong(&field, m);
            }
            if targets.contains(&(t as usize)) {
                return wrong(&field, format!("{t}: listed twice"));
            }
            targets.push(t as usize);
        }
        let toughness = file.toughness.unwrap_or(4.0);
        if !(toughness > 0.0 && toughness <= 1000.0) {
            let m =
                format!("{toughness}: a speed in m/s, more than 0, at most 1000");
            return wrong("toughness", m);
        }
        let floor = file.floor.unwrap_or(-1.0);
        if !(floor.is_finite() && floor.abs() <= 1000.0) {
            return wrong("floor", format!("{floor}: out of the world (1 km)"));
        }
        for &t in &targets {
            if scene.bodies[t].position.y < floor {
                let m = format!(
                    "{floor}: above target {t}, which would be down at once"
                );
                return wrong("floor", m);
            }
        }
        Ok(Level {
            key: String::new(),
            name: file.name,
            sling,
            stones: file.stones as u32,
            targets,
            toughness,
            floor,
            scene,
        })
    }
    // ANCHOR_END: from_json
}
