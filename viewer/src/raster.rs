//! A small software rasteriser with anti-aliasing.
//!
//! Every shape is drawn the same way: for each pixel near the shape, find the
//! signed distance from the pixel's centre to the shape's edge (negative inside),
//! and cover the pixel by `0.5 - distance`, clamped to [0, 1]. A pixel whose centre
//! is on the edge is half covered; one a pixel further out is not covered at all.
//! That gives smooth edges at the cost of one distance per pixel, which is plenty
//! fast for a few thousand small shapes.

use crate::camera::Camera;
use glam::Vec2;
use physics_core::draw::{Color, DrawItem, DrawList};

/// The background colour of every frame.
pub const BACKGROUND: Color = Color(0x14161c);

/// A 0RGB framebuffer, row by row from the top left.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u32>,
}

impl Frame {
    pub fn new(width: usize, height: usize) -> Self {
        Frame { width, height, pixels: vec![BACKGROUND.0; width * height] }
    }

    pub fn clear(&mut self, color: Color) {
        self.pixels.fill(color.0);
    }

    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width;
        self.height = height;
        self.pixels.resize(width * height, BACKGROUND.0);
    }

    /// Blend `color` into pixel (x, y) with coverage `alpha` in [0, 1].
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, color: Color, alpha: f32) {
        if x < 0
            || y < 0
            || x as usize >= self.width
            || y as usize >= self.height
            || alpha <= 0.0
        {
            return;
        }
        let i = y as usize * self.width + x as usize;
        let a = alpha.min(1.0);
        self.pixels[i] =
            if a >= 1.0 { color.0 } else { Color(self.pixels[i]).lerp(color, a).0 };
    }

    /// The colour at (x, y).
    pub fn get(&self, x: usize, y: usize) -> Color {
        Color(self.pixels[y * self.width + x])
    }

    /// Cover every pixel in the box `lo..hi` (pixels) by `coverage(pixel centre)`.
    fn shade(
        &mut self,
        lo: Vec2,
        hi: Vec2,
        color: Color,
        coverage: impl Fn(Vec2) -> f32,
    ) {
        let x0 = lo.x.floor().max(0.0) as i32;
        let y0 = lo.y.floor().max(0.0) as i32;
        let x1 = (hi.x.ceil()).min(self.width as f32) as i32;
        let y1 = (hi.y.ceil()).min(self.height as f32) as i32;
        for y in y0..y1 {
            for x in x0..x1 {
                let c = coverage(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                if c > 0.0 {
                    self.blend(x, y, color, c);
                }
            }
        }
    }

    /// A filled disc, centre and radius in pixels.
    pub fn fill_circle(&mut self, c: Vec2, r: f32, color: Color) {
        if !(c.is_finite() && r.is_finite()) {
            return;
        }
        let r = r.max(0.5);
        let ext = Vec2::splat(r + 1.0);
        self.shade(c - ext, c + ext, color, |p| {
            (0.5 - ((p - c).length() - r)).clamp(0.0, 1.0)
        });
    }

    /// A circle's outline `width` pixels wide.
    pub fn stroke_circle(&mut self, c: Vec2, r: f32, width: f32, color: Color) {
        if !(c.is_finite() && r.is_finite()) {
            return;
        }
        let half = width * 0.5;
        let ext = Vec2::splat(r + half + 1.0);
        self.shade(c - ext, c + ext, color, |p| {
            (half + 0.5 - ((p - c).length() - r).abs()).clamp(0.0, 1.0)
        });
    }

    /// A line from `a` to `b` (pixels), `width` pixels wide, with round ends.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        if !(a.is_finite() && b.is_finite()) {
            return;
        }
        let half = (width * 0.5).max(0.5);
        let ab = b - a;
        let len2 = ab.length_squared();
        let ext = Vec2::splat(half + 1.0);
        self.shade(a.min(b) - ext, a.max(b) + ext, color, |p| {
            let t = if len2 > 0.0 {
                ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let d = (p - (a + ab * t)).length() - half;
            // Lines thinner than a pixel are drawn one pixel wide but fainter.
            (0.5 - d).clamp(0.0, 1.0) * (width.min(1.0))
        });
    }

    /// A filled convex polygon, corners in pixels in either order.
    pub fn fill_convex(&mut self, pts: &[Vec2], color: Color) {
        if pts.len() < 3 || pts.iter().any(|p| !p.is_finite()) {
            return;
        }
        // Outward edge normals: flip them if the corners run clockwise on screen.
        let area: f32 =
            (0..pts.len()).map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()])).sum();
        let sign = if area >= 0.0 { -1.0 } else { 1.0 };
        let edges: Vec<(Vec2, f32)> = (0..pts.len())
            .filter_map(|i| {
                let a = pts[i];
                let b = pts[(i + 1) % pts.len()];
                let n = (b - a).perp() * sign;
                let len = n.length();
                (len > 1e-6).then(|| (n / len, (n / len).dot(a)))
            })
            .collect();
        let lo =
            pts.iter().fold(Vec2::splat(f32::MAX), |m, p| m.min(*p)) - Vec2::ONE;
        let hi =
            pts.iter().fold(Vec2::splat(f32::MIN), |m, p| m.max(*p)) + Vec2::ONE;
        self.shade(lo, hi, color, |p| {
            let d =
                edges.iter().map(|(n, o)| n.dot(p) - o).fold(f32::MIN, f32::max);
            (0.5 - d).clamp(0.0, 1.0)
        });
    }

    /// Text in the built-in 8x8 font, top-left corner at (x, y) pixels, each font
    /// pixel drawn as `scale` x `scale` screen pixels.
    pub fn text(&mut self, x: i32, y: i32, text: &str, color: Color, scale: i32) {
        let mut cx = x;
        for ch in text.chars() {
            let glyph = font8x8::legacy::BASIC_LEGACY
                .get(ch as usize)
                .copied()
                .unwrap_or(font8x8::legacy::BASIC_LEGACY[b'?' as usize]);
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits & (1 << col) != 0 {
                        for dy in 0..scale {
                            for dx in 0..scale {
                                // Saturating: a label far off screen (a zoomed-out
                                // world) must not overflow; `blend` drops it.
                                self.blend(
                                    cx.saturating_add(col * scale + dx),
                                    y.saturating_add(row as i32 * scale + dy),
                                    color,
                                    1.0,
                                );
                            }
                        }
                    }
                }
            }
            cx = cx.saturating_add(8 * scale);
        }
    }

    /// Darken a rectangle (for panels behind text), `alpha` of the way to black.
    pub fn shade_rect(&mut self, x: i32, y: i32, w: i32, h: i32, alpha: f32) {
        for yy in y.max(0)..(y + h).min(self.height as i32) {
            for xx in x.max(0)..(x + w).min(self.width as i32) {
                self.blend(xx, yy, Color(0), alpha);
            }
        }
    }
}

/// Width in pixels of `text` in the built-in font at `scale`.
pub fn text_width(text: &str, scale: i32) -> i32 {
    text.chars().count() as i32 * 8 * scale
}

/// Draw every item of `list` through `camera` into `frame`.
pub fn render(list: &DrawList, camera: &Camera, frame: &mut Frame) {
    let px = |p: Vec2| camera.to_screen(p);
    for item in &list.items {
        match item {
            DrawItem::Circle { center, radius, fill, stroke } => {
                let c = px(*center);
                let r = radius * camera.scale;
                if let Some(f) = fill {
                    frame.fill_circle(c, r, *f);
                }
                if let Some(s) = stroke {
                    frame.stroke_circle(c, r, 1.5, *s);
                }
            }
            DrawItem::Polygon { points, fill, stroke } => {
                let pts: Vec<Vec2> = points.iter().map(|p| px(*p)).collect();
                if let Some(f) = fill {
                    frame.fill_convex(&pts, *f);
                }
                if let Some(s) = stroke {
                    for i in 0..pts.len() {
                        frame.line(pts[i], pts[(i + 1) % pts.len()], 1.5, *s);
                    }
                }
            }
            DrawItem::Segment { a, b, color, width } => {
                frame.line(px(*a), px(*b), *width, *color);
            }
            DrawItem::Arrow { from, to, color } => {
                let (a, b) = (px(*from), px(*to));
                frame.line(a, b, 2.0, *color);
                let d = b - a;
                let len = d.length();
                if len > 1e-3 {
                    let dir = d / len;
                    let head = len.min(10.0);
                    let back = b - dir * head;
                    let side = dir.perp() * head * 0.45;
                    frame.fill_convex(&[b, back + side, back - side], *color);
                }
            }
            DrawItem::Point { at, size, color } => {
                frame.fill_circle(px(*at), size * 0.5, *color);
            }
            DrawItem::Text { at, text, color } => {
                let p = px(*at);
                if p.is_finite() {
                    frame.text(p.x as i32, p.y as i32, text, *color, 1);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text anchored anywhere, even at the ends of i32 (a label of a body far off
    /// screen at extreme zoom), draws what is on screen and never overflows.
    #[test]
    fn text_far_off_screen_does_not_overflow() {
        let mut f = Frame::new(64, 64);
        for (x, y) in
            [(i32::MAX, i32::MAX), (i32::MAX - 3, 0), (0, i32::MIN), (i32::MIN, 5)]
        {
            f.text(x, y, "far away", Color(0xffffff), 3);
        }
        assert!(
            f.pixels.iter().all(|&p| p == f.pixels[0]),
            "nothing lands on screen"
        );
    }

    #[test]
    fn disc_covers_its_centre_and_not_far_away() {
        let mut f = Frame::new(40, 40);
        f.fill_circle(Vec2::new(20.5, 20.5), 5.0, Color::RED);
        assert_eq!(f.get(20, 20), Color::RED);
        assert_eq!(f.get(30, 20), BACKGROUND);
        // Pixel 25's centre is exactly on the edge: half covered, a blend of both
        // colours.
        let edge = f.get(25, 20);
        assert!(edge != Color::RED && edge != BACKGROUND, "{edge:?}");
    }

    #[test]
    fn convex_fill_either_winding() {
        for pts in [
            [
                Vec2::new(5.0, 5.0),
                Vec2::new(15.0, 5.0),
                Vec2::new(15.0, 15.0),
                Vec2::new(5.0, 15.0),
            ],
            [
                Vec2::new(5.0, 5.0),
                Vec2::new(5.0, 15.0),
                Vec2::new(15.0, 15.0),
                Vec2::new(15.0, 5.0),
            ],
        ] {
            let mut f = Frame::new(20, 20);
            f.fill_convex(&pts, Color::GREEN);
            assert_eq!(f.get(10, 10), Color::GREEN);
            assert_eq!(f.get(2, 2), BACKGROUND);
        }
    }

    #[test]
    fn non_finite_input_draws_nothing_and_does_not_panic() {
        let mut f = Frame::new(10, 10);
        f.fill_circle(Vec2::new(f32::NAN, 1.0), 3.0, Color::RED);
        f.line(Vec2::ZERO, Vec2::new(f32::INFINITY, 0.0), 2.0, Color::RED);
        f.fill_convex(&[Vec2::ZERO, Vec2::X, Vec2::splat(f32::NAN)], Color::RED);
        assert!(f.pixels.iter().all(|p| *p == BACKGROUND.0));
        // Far off screen but finite: only the frame's pixels are visited, and they
        // are covered.
        f.fill_circle(Vec2::new(1e6, -1e6), 2e6, Color::RED);
        assert_eq!(f.get(5, 5), Color::RED);
        // So far out that distances overflow to infinity: nothing drawn, no panic.
        f.fill_circle(Vec2::new(1e30, -1e30), 1e31, Color::GREEN);
        assert_eq!(f.get(5, 5), Color::RED);
    }

    #[test]
    fn text_draws_pixels() {
        let mut f = Frame::new(40, 10);
        f.text(0, 0, "Hi", Color::WHITE, 1);
        assert!(f.pixels.contains(&Color::WHITE.0));
        assert_eq!(text_width("Hi", 2), 32);
    }
}
