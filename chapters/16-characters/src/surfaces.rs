//! Surfaces that move (conveyor belts) or resist rolling.
//!
//! Chapter 15's [`ShapeDef`](crate::ShapeDef) has friction and
//! restitution; a shape's surface may also slide along itself (a conveyor
//! belt: its *tangent speed*) and resist what rolls on it (its *rolling
//! resistance*). They are kept here, by shape place, and chapter 14's
//! solver reads them for each contact ([`Surface`]).
//!
//! **Tangent speed** is in m/s along the shape's surface,
//! counter-clockwise about the shape's own body: positive on a floor's top
//! face, the face moves to the left (as a wheel turning counter-clockwise
//! moves at its top), and carries what rests on it to the left.
//!
//! **Rolling resistance** is a coefficient (about 0.01 to 0.1 for most
//! things): a contact resists the bodies turning relative to each other
//! with a torque of at most that coefficient times a length (the larger of
//! the two shapes' radii) times the force it pushes with.

use crate::{ShapeId, Stale, World};
use ch11_polygons::Shape;
use ch14_wide_solver::Surface;
use ch15_game_api::Game;

/// Each shape's surface, by its shape's place.
#[derive(Clone, Debug, Default)]
pub struct Surfaces {
    /// Place `s`'s surface, if one was set for the shape there, kept with
    /// its handle (a destroyed shape's place taken again has none).
    list: Vec<Option<Kept>>,
    /// How many places hold one.
    count: usize,
}

/// One shape's surface.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Kept {
    shape: ShapeId,
    rolling_resistance: f32,
    tangent_speed: f32,
}

impl World {
    /// Give `shape` a rolling resistance (a coefficient, 0 or more) and a
    /// tangent speed (m/s along its surface, counter-clockwise about its
    /// own body: see the [module](self)). Both 0: a plain surface again.
    /// A number that is not finite, or a negative resistance, counts as 0.
    pub fn set_surface(
        &mut self,
        shape: ShapeId,
        rolling_resistance: f32,
        tangent_speed: f32,
    ) -> Result<(), Stale> {
        let s = self.base.game.shape(shape)?;
        let finite = |x: f32| if x.is_finite() { x } else { 0.0 };
        let kept = Kept {
            shape,
            rolling_resistance: finite(rolling_resistance).max(0.0),
            tangent_speed: finite(tangent_speed),
        };
        let surfaces = &mut self.more.surfaces;
        if surfaces.list.len() <= s {
            surfaces.list.resize(s + 1, None);
        }
        let plain = kept.rolling_resistance == 0.0 && kept.tangent_speed == 0.0;
        let slot = &mut surfaces.list[s];
        surfaces.count -= usize::from(slot.is_some());
        *slot = (!plain).then_some(kept);
        surfaces.count += usize::from(slot.is_some());
        Ok(())
    }

    /// `shape`'s rolling resistance and tangent speed.
    pub fn surface(&self, shape: ShapeId) -> Result<(f32, f32), Stale> {
        let s = self.base.game.shape(shape)?;
        let kept = self.more.surfaces.of(&self.base.game, s);
        Ok((kept.0, kept.1))
    }
}

impl Surfaces {
    /// Whether any shape's surface moves or resists rolling.
    pub fn any(&self) -> bool {
        self.count > 0
    }

    /// Shape place `s`'s rolling resistance and tangent speed (0 and 0
    /// for a plain one).
    fn of(&self, game: &Game, s: usize) -> (f32, f32) {
        let kept = self.list.get(s).copied().flatten();
        match kept.filter(|k| game.shape(k.shape).ok() == Some(s)) {
            Some(k) => (k.rolling_resistance, k.tangent_speed),
            None => (0.0, 0.0),
        }
    }

    // ANCHOR: between
    /// The surface where shapes `sa` and `sb` touch, as the solver takes
    /// it for a contact whose normal runs from A to B.
    ///
    /// Rolling resistance: the larger coefficient of the two, times the
    /// larger radius (a circle's radius, a polygon's rounding), as Box2D
    /// mixes it; a torque per newton of push, metres.
    ///
    /// Tangent speed: the solver's friction aims at B's point sliding
    /// past A's at this speed along the contact's tangent `t`, the normal
    /// turned a quarter counter-clockwise (counter-clockwise about A).
    /// A's surface moves counter-clockwise about A, along `t`, at its own
    /// speed `s_a`; B's moves counter-clockwise about B, which at the
    /// contact is against `t`, at `s_b`. Friction leaves the two surfaces'
    /// material at rest on each other where they touch:
    /// `v_B . t - s_b = v_A . t + s_a`, so the bodies slide past each other
    /// at `s_a + s_b`: the sum, whichever shape is A.
    pub fn between(&self, game: &Game, (sa, sb): (usize, usize)) -> Surface {
        let (ra, speed_a) = self.of(game, sa);
        let (rb, speed_b) = self.of(game, sb);
        let rolling_resistance = match ra > 0.0 || rb > 0.0 {
            true => {
                let radius = radius(&game.shapes[sa].placed)
                    .max(radius(&game.shapes[sb].placed));
                ra.max(rb) * radius
            }
            false => 0.0,
        };
        Surface {
            tangent_speed: speed_a + speed_b,
            rolling_resistance,
            rolling_impulse: 0.0,
        }
    }
    // ANCHOR_END: between
}

/// A shape's radius for rolling resistance: a circle's radius, a
/// polygon's rounding (Box2D's `b2GetShapeRadius`; 0 for a sharp box).
pub fn radius(shape: &Shape) -> f32 {
    match shape {
        Shape::Circle { radius } => *radius,
        Shape::Polygon(p) => p.radius,
    }
}
