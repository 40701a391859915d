//! A small software rasteriser with anti-aliasing.
//!
//! Every shape is drawn the same way: for each pixel near the shape, find the
//! signed distance from the pixel's centre to the shape's edge (negative inside),
//! and cover the pixel by `0.5 - distance`, clamped to [0, 1]. A pixel whose centre
//! is on the edge is half covered; one a pixel further out is not covered at all.
//! A shape's outline is the band [`STROKE`] pixels wide about its edge, covered the
//! same way by how far a pixel is from the band, and painted over the fill in the
//! same visit to the pixel: one distance per pixel for both.
//!
//! The bin of chapter 13 draws 5,000 shapes about six pixels across sixty times a
//! second in the book's page, so the pixel loop is kept lean: no library calls, a
//! blend in integers, and the exact distance outside a polygon worked out only for
//! the pixels that can be touched. A large shape is walked row by row over only
//! the pixels near its edge (chapter 13's tree is hundreds of nested outlines).

use crate::camera::Camera;
use glam::Vec2;
use physics_core::draw::{Color, DrawItem, DrawList};

/// The background colour of every frame.
pub const BACKGROUND: Color = Color(0x14161c);

/// The width of every shape's outline, pixels.
pub const STROKE: f32 = 1.5;

/// How far out from its edge a shape touches pixels: the outline's outer half
/// and the half pixel of anti-aliasing beyond it.
const REACH: f32 = STROKE * 0.5 + 0.5;

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
        self.pixels[i] = mix(self.pixels[i], color.0, alpha);
    }

    /// The colour at (x, y).
    pub fn get(&self, x: usize, y: usize) -> Color {
        Color(self.pixels[y * self.width + x])
    }

    /// The pixels of the box `lo..hi` (pixels) that are in the frame, as column
    /// and row ranges; empty if the box is not finite.
    fn clip(
        &self,
        lo: Vec2,
        hi: Vec2,
    ) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        if !(lo.is_finite() && hi.is_finite()) {
            return (0..0, 0..0);
        }
        // `as usize` saturates: a box left of or above the frame starts at 0.
        let x0 = lo.x.floor() as usize;
        let y0 = lo.y.floor() as usize;
        let x1 = (hi.x.ceil() as usize).min(self.width);
        let y1 = (hi.y.ceil() as usize).min(self.height);
        // A box beyond the right or bottom edge: empty, never backwards.
        (x0.min(x1)..x1, y0.min(y1)..y1)
    }

    /// Paint a shape into the box `lo..hi` (pixels) from its signed `distance`
    /// (pixels, negative inside), pixel by pixel ([`shade`]). On a box over 16
    /// pixels wide, `across(y, columns)` gives, for the row of pixel centres at
    /// height `y`, the columns the shape may touch and, within them, the columns
    /// more than `REACH` inside its edge, where the fill is whole and no
    /// distance is needed: the shape's own arithmetic keeps the pixel loop off
    /// the box's empty corners and out of its inside.
    fn paint(
        &mut self,
        lo: Vec2,
        hi: Vec2,
        fill: Option<Color>,
        stroke: Option<Color>,
        across: impl Fn(f32, Columns) -> (Columns, Columns),
        distance: impl Fn(Vec2) -> f32,
    ) {
        let (columns, rows) = self.clip(lo, hi);
        // Working out a row's spans costs more than it saves on a shape a few
        // pixels across (a pile of thousands), and saves the most on a large
        // outline, whose inside it skips.
        if columns.len() <= 16 {
            for y in rows {
                let (row, centre) = (y * self.width, y as f32 + 0.5);
                for x in columns.clone() {
                    let d = distance(Vec2::new(x as f32 + 0.5, centre));
                    shade(&mut self.pixels[row + x], d, fill, stroke);
                }
            }
            return;
        }
        for y in rows {
            let (row, centre) = (y * self.width, y as f32 + 0.5);
            let (touched, inside) = across(centre, columns.clone());
            // The two runs of the row either side of the inside.
            for x in (touched.start..inside.start).chain(inside.end..touched.end) {
                let d = distance(Vec2::new(x as f32 + 0.5, centre));
                shade(&mut self.pixels[row + x], d, fill, stroke);
            }
            if let Some(f) = fill {
                self.pixels[row + inside.start..row + inside.end].fill(f.0);
            }
        }
    }

    /// A disc, centre and radius in pixels, filled and/or outlined.
    pub fn circle(
        &mut self,
        c: Vec2,
        r: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        if !(c.is_finite() && r.is_finite()) {
            return;
        }
        let r = larger(r, 0.5);
        let ext = Vec2::splat(r + REACH);
        let (far, near) = (ext.x * ext.x, r - REACH);
        // A row crosses the reach, and the circle well inside the edge, over
        // the chords at its height.
        let across = |y: f32, columns: Columns| {
            let chord = |radius: f32| {
                let half = radius * radius - (y - c.y) * (y - c.y);
                if radius > 0.0 && half > 0.0 { half.sqrt() } else { -1.0 }
            };
            let (outer, inner) = (chord(ext.x) + 0.05, chord(near) - 0.05);
            let touched = pixels_between(c.x - outer, c.x + outer, columns);
            let inside = pixels_between(c.x - inner, c.x + inner, touched.clone());
            (touched, inside)
        };
        self.paint(c - ext, c + ext, fill, stroke, across, |p| {
            let d2 = (p - c).length_squared();
            // The corners of the box are beyond the reach: no root needed.
            if d2 >= far { f32::INFINITY } else { d2.sqrt() - r }
        });
    }

    /// A filled disc, centre and radius in pixels.
    pub fn fill_circle(&mut self, c: Vec2, r: f32, color: Color) {
        self.circle(c, r, Some(color), None);
    }

    /// A convex polygon (corners in pixels, in either order) grown by `radius`
    /// pixels, filled and/or outlined. One corner makes a disc, two a capsule.
    pub fn rounded(
        &mut self,
        corners: &[Vec2],
        radius: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        if corners.is_empty()
            || corners.iter().any(|p| !p.is_finite())
            || !radius.is_finite()
        {
            return;
        }
        let reach = larger(radius, 0.0) + REACH;
        let shape = Convex::new(corners, reach);
        let (mut lo, mut hi) = (corners[0], corners[0]);
        for p in corners {
            lo = Vec2::new(smaller(lo.x, p.x), smaller(lo.y, p.y));
            hi = Vec2::new(larger(hi.x, p.x), larger(hi.y, p.y));
        }
        let ext = Vec2::splat(reach);
        // Well inside: the core's inside, and deeper than `REACH` less the
        // rounding (nearer the edge the core's sides are not the shape's).
        let deep = smaller(radius - REACH, 0.0);
        let across = |y: f32, columns: Columns| {
            let touched = shape.columns(y, reach, columns);
            let inside = if shape.solid {
                shape.columns(y, deep, touched.clone())
            } else {
                touched.start..touched.start
            };
            (touched, inside)
        };
        self.paint(lo - ext, hi + ext, fill, stroke, across, |p| {
            shape.distance(p) - radius
        });
    }

    /// A filled convex polygon, corners in pixels in either order.
    pub fn fill_convex(&mut self, pts: &[Vec2], color: Color) {
        if pts.len() >= 3 {
            self.rounded(pts, 0.0, Some(color), None);
        }
    }

    /// Cover every pixel in the box `lo..hi` (pixels) by `coverage(pixel centre)`.
    fn cover(
        &mut self,
        lo: Vec2,
        hi: Vec2,
        color: Color,
        coverage: impl Fn(Vec2) -> f32,
    ) {
        let (columns, rows) = self.clip(lo, hi);
        for y in rows {
            let row = y * self.width;
            for x in columns.clone() {
                let c = coverage(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                if c > 0.0 {
                    self.pixels[row + x] = mix(self.pixels[row + x], color.0, c);
                }
            }
        }
    }

    /// A line from `a` to `b` (pixels), `width` pixels wide, with round ends.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        if !(a.is_finite() && b.is_finite()) {
            return;
        }
        let half = larger(width * 0.5, 0.5);
        let ab = b - a;
        let len2 = ab.length_squared();
        let per_len2 = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
        // Lines thinner than a pixel are drawn one pixel wide but fainter.
        let strength = smaller(width, 1.0);
        let ext = Vec2::splat(half + 1.0);
        let far = (half + 0.5) * (half + 0.5);
        let lo = Vec2::new(smaller(a.x, b.x), smaller(a.y, b.y));
        let hi = Vec2::new(larger(a.x, b.x), larger(a.y, b.y));
        self.cover(lo - ext, hi + ext, color, |p| {
            let t = ((p - a).dot(ab) * per_len2).clamp(0.0, 1.0);
            let d2 = (p - (a + ab * t)).length_squared();
            if d2 >= far {
                return 0.0;
            }
            smaller(0.5 - (d2.sqrt() - half), 1.0) * strength
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

/// Paint one pixel of a shape whose signed distance there is `d`: the fill
/// covers it by `0.5 - d`, the outline by `REACH - |d|`, over the fill.
#[inline(always)]
fn shade(pixel: &mut u32, d: f32, fill: Option<Color>, stroke: Option<Color>) {
    if d <= -REACH {
        // Past the outline's inner half: the fill alone, whole.
        if let Some(f) = fill {
            *pixel = f.0;
        }
        return;
    }
    if let Some(f) = fill {
        if d < 0.5 {
            *pixel = mix(*pixel, f.0, 0.5 - d);
        }
    }
    if let Some(s) = stroke {
        let cover = REACH - d.abs();
        if cover > 0.0 {
            *pixel = mix(*pixel, s.0, cover);
        }
    }
}

/// The larger of two numbers. `f32::max` is the same for numbers, but in
/// WebAssembly it is a call into the maths library (its rule for NaN differs
/// from the machine's), and the pixel loops take it per pixel.
#[inline]
fn larger(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

/// The smaller of two numbers: see [`larger`].
#[inline]
fn smaller(a: f32, b: f32) -> f32 {
    if a < b { a } else { b }
}

/// `dst` moved `alpha` (0 to 1) of the way to `src`, both 0RGB: in 256ths, red
/// and blue in one multiply and green in another, rounded to the nearest level.
#[inline]
fn mix(dst: u32, src: u32, alpha: f32) -> u32 {
    if alpha >= 1.0 {
        return src;
    }
    // 0 to 255; NaN and anything below 0 give 0, which leaves `dst`.
    let k = (alpha * 256.0) as u32;
    let (j, half) = (256 - k, 0x0080_0080);
    let red_blue = ((src & 0xff_00ff) * k + (dst & 0xff_00ff) * j + half) >> 8;
    let green = ((src & 0xff00) * k + (dst & 0xff00) * j + 0x8000) >> 8;
    red_blue & 0xff_00ff | green & 0xff00
}

/// A run of a row's pixels, by column.
type Columns = std::ops::Range<usize>;

/// The columns of `within` whose pixel centres (`x + 0.5`) lie between `a`
/// and `b`: none if `b < a`, all if either is NaN.
fn pixels_between(a: f32, b: f32, within: Columns) -> Columns {
    let (first, end) = ((a - 0.5).ceil(), (b - 0.5).floor() + 1.0);
    // `as usize` saturates: anything below 0 is 0.
    let first =
        if first > within.start as f32 { first as usize } else { within.start };
    let end = if end < within.end as f32 { end as usize } else { within.end };
    let first = first.min(within.end);
    first..end.max(first)
}

/// One edge of a [`Convex`]: its start, its direction (unit), its length and
/// its outward normal.
#[derive(Clone, Copy, Debug)]
struct Edge {
    start: Vec2,
    along: Vec2,
    length: f32,
    out: Vec2,
}

/// A convex polygon's edges, for the signed distance from a pixel to it.
struct Convex {
    edges: Vec<Edge>,
    /// It has an inside (three or more corners, not all on a line).
    solid: bool,
    /// Past this distance outside, nothing is painted: the exact distance need
    /// not be found.
    reach: f32,
}

impl Convex {
    fn new(corners: &[Vec2], reach: f32) -> Convex {
        let n = corners.len();
        let twice_area: f32 =
            (0..n).map(|i| corners[i].perp_dot(corners[(i + 1) % n])).sum();
        // Counter-clockwise in the frame's coordinates: the outward normal is
        // the edge turned clockwise.
        let turn = if twice_area > 0.0 { -1.0 } else { 1.0 };
        let mut edges: Vec<Edge> = (0..n)
            .filter_map(|i| {
                let (start, end) = (corners[i], corners[(i + 1) % n]);
                let length = (end - start).length();
                let along = (end - start) / length;
                (length > 1e-6).then_some(Edge {
                    start,
                    along,
                    length,
                    out: along.perp() * turn,
                })
            })
            .collect();
        if edges.is_empty() {
            // All corners in one place: a point.
            edges.push(Edge {
                start: corners[0],
                along: Vec2::X,
                length: 0.0,
                out: Vec2::X,
            });
        }
        let solid = n >= 3 && twice_area.abs() > 1e-6;
        Convex { edges, solid, reach }
    }

    /// Of `columns`, those whose pixel centres on the row at height `y` are
    /// within `within` of every edge's line: a superset of the points within
    /// `within` of the shape when it is positive, exactly the points deeper
    /// than `-within` when it is not. An edge nearly level bounds no column:
    /// it keeps the whole row or none, judged at the row's two ends.
    fn columns(&self, y: f32, within: f32, columns: Columns) -> Columns {
        if !self.solid || columns.is_empty() {
            return columns;
        }
        let (mut left, mut right) = (f32::MIN, f32::MAX);
        let ends = (columns.start as f32 + 0.5, columns.end as f32 - 0.5);
        for e in &self.edges {
            // The line: out.x * x + out.y * y - out . start <= within.
            let room = within + e.out.dot(e.start) - e.out.y * y;
            if e.out.x.abs() >= 0.01 {
                let x = room / e.out.x;
                if e.out.x > 0.0 {
                    right = smaller(right, x);
                } else {
                    left = larger(left, x);
                }
                continue;
            }
            let (a, b) = (e.out.x * ends.0 > room, e.out.x * ends.1 > room);
            // Past the line at both ends: none of the row. At one end: for a
            // bound that must hold everywhere (the inside), none; for one that
            // may (the reach), all.
            if (a && b) || ((a || b) && within <= 0.0) {
                return columns.start..columns.start;
            }
        }
        // The bounds as computed may be off by rounding: pixels this near are
        // left to the distance, which decides them the same either way.
        let slack = if within > 0.0 { 0.05 } else { -0.05 };
        pixels_between(left - slack, right + slack, columns)
    }

    /// Signed distance from `p` to the boundary: negative inside.
    #[inline]
    fn distance(&self, p: Vec2) -> f32 {
        if self.solid {
            // Inside, the nearest edge is the one whose line is nearest; outside,
            // the largest distance past an edge's line is never more than the true
            // distance, so beyond `reach` it is as good.
            let past = self
                .edges
                .iter()
                .map(|e| e.out.dot(p - e.start))
                .fold(f32::MIN, larger);
            if past <= 0.0 || past > self.reach {
                return past;
            }
        }
        self.edges
            .iter()
            .map(|e| {
                let t = e.along.dot(p - e.start).clamp(0.0, e.length);
                (p - (e.start + e.along * t)).length()
            })
            .fold(f32::MAX, smaller)
    }
}

/// Draw every item of `list` through `camera` into `frame`.
pub fn render(list: &DrawList, camera: &Camera, frame: &mut Frame) {
    let px = |p: Vec2| camera.to_screen(p);
    for item in &list.items {
        match item {
            DrawItem::Circle { center, radius, fill, stroke } => {
                frame.circle(px(*center), radius * camera.scale, *fill, *stroke);
            }
            DrawItem::Polygon { points, fill, stroke } => {
                let pts: Vec<Vec2> = points.iter().map(|p| px(*p)).collect();
                frame.rounded(&pts, 0.0, *fill, *stroke);
            }
            DrawItem::Rounded { points, radius, fill, stroke } => {
                let pts: Vec<Vec2> = points.iter().map(|p| px(*p)).collect();
                frame.rounded(&pts, radius * camera.scale, *fill, *stroke);
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

    /// The integer blend is the exact blend to within one level of 255 in each
    /// channel (it works in 256ths and rounds), and exact at both ends.
    #[test]
    fn mix_is_the_blend_within_a_level() {
        let mut rng = physics_core::rng::Rng::new(3);
        for _ in 0..20_000 {
            let (dst, src) = (
                rng.next_u64() as u32 & 0xff_ffff,
                rng.next_u64() as u32 & 0xff_ffff,
            );
            let alpha = rng.range(0.0, 1.0);
            let (got, want) =
                (Color(mix(dst, src, alpha)), Color(dst).lerp(Color(src), alpha));
            for (g, w) in
                [(got.r(), want.r()), (got.g(), want.g()), (got.b(), want.b())]
            {
                assert!(
                    g.abs_diff(w) <= 1,
                    "{dst:06x} to {src:06x} by {alpha}: {got:?}, not {want:?}"
                );
            }
            assert_eq!(mix(dst, src, 0.0), dst);
            assert_eq!(mix(dst, src, 1.0), src);
            assert_eq!(mix(dst, dst, alpha), dst);
        }
    }

    /// A capsule (two corners and a radius): covered inside, half covered where
    /// a pixel's centre is on its rounded end, untouched beyond.
    #[test]
    fn capsule_has_round_ends() {
        let mut f = Frame::new(40, 20);
        let core = [Vec2::new(10.5, 10.5), Vec2::new(30.5, 10.5)];
        f.rounded(&core, 5.0, Some(Color::RED), None);
        assert_eq!(f.get(20, 10), Color::RED);
        assert_eq!(f.get(7, 10), Color::RED);
        // The end's edge is at x = 5.5: pixel 5's centre is on it (half
        // covered), pixel 4's a pixel out (not covered).
        let edge = f.get(5, 10);
        assert!(edge != Color::RED && edge != BACKGROUND, "{edge:?}");
        assert_eq!(f.get(4, 10), BACKGROUND);
        // Pixel (6, 6) is inside the box round the capsule but 5.66 px from the
        // core's end: past the round end.
        assert_eq!(f.get(6, 6), BACKGROUND);
    }

    /// The outline is [`STROKE`] wide and centred on the edge, and past a
    /// sharp corner it is round: a pixel within the outline's reach of both
    /// edges' lines but further than that from the corner is not touched.
    #[test]
    fn outline_follows_the_edge_and_rounds_corners() {
        let mut f = Frame::new(30, 30);
        let square = [
            Vec2::new(5.0, 5.0),
            Vec2::new(20.6, 5.0),
            Vec2::new(20.6, 20.6),
            Vec2::new(5.0, 20.6),
        ];
        f.rounded(&square, 0.0, None, Some(Color::WHITE));
        // The pixel whose centre is 0.1 px inside the right edge: fully outlined.
        assert_eq!(f.get(20, 12), Color::WHITE);
        // Well inside: no fill was asked for.
        assert_eq!(f.get(12, 12), BACKGROUND);
        // 0.9 px past both lines through the corner (20.6, 20.6), 1.27 px from
        // it: beyond the reach, 1.25 px.
        assert_eq!(f.get(21, 21), BACKGROUND);
        // 0.9 px past the right edge alone: touched.
        assert_ne!(f.get(21, 12), BACKGROUND);
    }

    /// The spans (`across`) only save work: random discs and rounded convex
    /// polygons, filled, outlined or both, up to 40 pixels across at random
    /// angles and places, some half off the frame, paint exactly the pixels
    /// that visiting every pixel of the box by its distance paints.
    #[test]
    fn spans_change_no_pixel() {
        let mut rng = physics_core::rng::Rng::new(11);
        let paints = [
            (Some(Color::RED), None),
            (None, Some(Color::WHITE)),
            (Some(Color::RED), Some(Color::WHITE)),
        ];
        for case in 0..3000 {
            let (fill, stroke) = paints[case % 3];
            let centre = Vec2::new(rng.range(-10.0, 74.0), rng.range(-10.0, 74.0));
            let size = rng.range(0.2, 20.0);
            let (mut fast, mut every) = (Frame::new(64, 64), Frame::new(64, 64));
            let all = |_: f32, c: Columns| (c.clone(), c.start..c.start);
            if case % 4 == 0 {
                fast.circle(centre, size, fill, stroke);
                let r = larger(size, 0.5);
                let ext = Vec2::splat(r + REACH);
                every.paint(centre - ext, centre + ext, fill, stroke, all, |p| {
                    (p - centre).length() - r
                });
            } else {
                let n = 1 + (rng.next_u64() % 8) as usize;
                let turn = rng.range(0.0, 6.3);
                let corner = |i: usize| {
                    let angle = turn + i as f32 * std::f32::consts::TAU / n as f32;
                    centre + size * physics_core::trig::from_angle(angle)
                };
                let corners: Vec<Vec2> = (0..n).map(corner).collect();
                let radius = if case % 2 == 0 { 0.0 } else { rng.range(0.0, 6.0) };
                fast.rounded(&corners, radius, fill, stroke);
                let reach = Vec2::splat(radius + REACH);
                let shape = Convex::new(&corners, reach.x);
                let lo = corners.iter().fold(corners[0], |l, p| l.min(*p));
                let hi = corners.iter().fold(corners[0], |h, p| h.max(*p));
                every.paint(lo - reach, hi + reach, fill, stroke, all, |p| {
                    shape.distance(p) - radius
                });
            }
            let differ =
                fast.pixels.iter().zip(&every.pixels).filter(|(a, b)| a != b);
            assert_eq!(differ.count(), 0, "case {case}");
        }
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
