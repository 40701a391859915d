//! The chapter's concept figure, computed by its own [`Tree::ray_cast`]: a ray
//! through the tree tests only the leaves whose boxes it passes through, and once
//! it has hit something it skips every box beyond the hit.

use crate::ray::ray_circle;
use crate::tree::{Bounds, Tree};
use glam::Vec2;
use physics_core::draw::{Color, DrawList};
use physics_core::figure::Figure;
use physics_core::lab::Lab;

/// Forty discs in loose rows, and a ray between the two handles.
pub fn pruning() -> Lab<Figure> {
    let bounds = (Vec2::new(-5.0, -3.0), Vec2::new(5.0, 3.5));
    let handles = vec![Vec2::new(-4.5, -2.5), Vec2::new(2.0, 2.5)];
    Figure::lab(handles, draw_pruning, bounds)
}

/// The discs: centres and radii, fixed (a seeded scatter would do as well).
pub fn discs() -> Vec<(Vec2, f32)> {
    (0..40)
        .map(|i| {
            let (col, row) = ((i % 8) as f32, (i / 8) as f32);
            let jitter =
                Vec2::new(((i * 7) % 5) as f32 * 0.12, ((i * 3) % 4) as f32 * 0.1);
            let radius = 0.18 + ((i * 5) % 3) as f32 * 0.06;
            (Vec2::new(-3.8 + 1.05 * col, -2.2 + 1.05 * row) + jitter, radius)
        })
        .collect()
}

/// The leaves the tree's ray cast tests, in order, and the disc hit first with
/// its fraction along the ray.
pub fn cast(from: Vec2, to: Vec2) -> (Tree, Vec<usize>, Option<(usize, f32)>) {
    let discs = discs();
    let mut tree = Tree::new(0.0);
    for (i, &(c, r)) in discs.iter().enumerate() {
        tree.insert(Bounds::new(c - Vec2::splat(r), c + Vec2::splat(r)), i);
    }
    let (mut tested, mut first) = (Vec::new(), None::<(usize, f32)>);
    tree.ray_cast(from, to - from, |_, item, end| {
        tested.push(item);
        let (c, r) = discs[item];
        match ray_circle(from, to - from, c, r) {
            Some(hit) if hit.fraction < end => {
                first = Some((item, hit.fraction));
                hit.fraction
            }
            _ => end,
        }
    });
    (tree, tested, first)
}

fn draw_pruning(handles: &[Vec2], out: &mut DrawList) {
    let (from, to) = (handles[0], handles[1]);
    let discs = discs();
    let (tree, tested, first) = cast(from, to);
    tree.walk(|b, height| {
        if height > 0 {
            let color = Color::DARK.lerp(Color::PURPLE, 0.15 * height as f32);
            let (lo, hi) = (b.lower, b.upper);
            let corners =
                vec![lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)];
            out.polygon(corners, None, Some(color));
        }
    });
    for (i, &(c, r)) in discs.iter().enumerate() {
        let color = match first {
            Some((hit, _)) if hit == i => Color::GREEN,
            _ if tested.contains(&i) => Color::YELLOW,
            _ => Color::GREY,
        };
        out.circle_outline(c, r, color);
    }
    let end = first.map_or(to, |(_, f)| from + f * (to - from));
    out.segment_width(from, end, Color::RED, 2.0);
    out.segment(end, to, Color::DARK);
    let line = format!(
        "the ray tested {} of {} discs (yellow); green: the first hit",
        tested.len(),
        discs.len()
    );
    out.text(Vec2::new(-4.8, 3.2), line, Color::WHITE);
    out.text(
        Vec2::new(-4.8, 2.9),
        "yellow past green: tested before the hit was found; purple: the boxes",
        Color::GREY,
    );
}
