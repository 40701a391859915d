//! Surfaces that move (conveyor belts) or resist rolling.

use ch14_wide_solver::Surface;
use ch15_game_api::Game;

/// Each shape's surface, by its shape's place.
#[derive(Clone, Debug, Default)]
pub struct Surfaces {}

impl Surfaces {
    /// Whether any shape's surface moves or resists rolling.
    pub fn any(&self) -> bool {
        false
    }

    /// The surface where shapes `sa` and `sb` touch.
    pub fn between(&self, _game: &Game, _pair: (usize, usize)) -> Surface {
        Surface::default()
    }
}
