//! Smooth chains: a static chain of points whose segments are one-sided
//! and know their neighbours (ghost vertices), so that what slides along
//! the chain never catches on a seam.

use ch04_manifolds::Manifold;
use ch11_polygons::Settings;
use ch12_continuous::Transform;
use ch15_game_api::Game;
use ch15_game_api::collide::shape_manifold;

/// Every chain segment in the world, by its shape's place.
#[derive(Clone, Debug, Default)]
pub struct Chains {}

impl Chains {
    /// The manifold of shapes `sa` and `sb`: chapter 15's (chains to come).
    pub fn collide(
        &self,
        game: &Game,
        pair: (usize, usize),
        places: (&Transform, &Transform),
        margin: f32,
        settings: Settings,
    ) -> Option<Manifold> {
        shape_manifold(game, pair, places, margin, settings)
    }
}
