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
//! second in the book's page, so the pixel loop is kept lean: no library calls, no
//! memory taken from the heap per shape, a blend in integers, one square root per
//! pixel, and a small shape's distances worked out for `LANES` pixels of a row
//! side by side, which the compiler turns into vector instructions. A large shape
//! is walked row by row over only the pixels near its edge, those too a run of
//! `LANES` at a time.
//!
//! The window draws the frame in bands of rows, one a thread
//! ([`render_items_on`]): chapter 14's pyramid is 5,050 boxes and as many
//! lines, and its step leaves a sixtieth of a second little room. Every
//! choice a shape makes about which pixels it paints is made in the whole
//! frame's coordinates and only then cut to a band, so the picture is the
//! same bits however many bands it is drawn in.

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

/// How many pixels of a row a small shape's distances are worked out for at
/// once: the same arithmetic for each, side by side in arrays, is what the
/// compiler turns into vector instructions, four numbers to an instruction.
/// Four waste less of a row of a shape a few pixels across than eight, and
/// the scenes with the most shapes (chapter 13's bin, chapter 14's rain) are
/// made of such shapes, so four draws them faster, in the window and in the
/// page alike.
const LANES: usize = 4;

/// A number for each of [`LANES`] pixels side by side.
type Lanes = [f32; LANES];

/// Up to this many corners, a polygon's corners on screen and its edges are
/// kept on the stack: taking memory from the heap and giving it back for each
/// of thousands of shapes a frame is a cost the pixels do not need. Every
/// shape of the book's demos has at most eight; more take the heap.
const FEW: usize = 8;

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
        self.canvas().blend(x, y, color, alpha);
    }

    /// The colour at (x, y).
    pub fn get(&self, x: usize, y: usize) -> Color {
        Color(self.pixels[y * self.width + x])
    }

    /// The whole frame, to paint into.
    fn canvas(&mut self) -> Canvas<'_> {
        let (width, height) = (self.width, self.height);
        Canvas { width, height, top: 0, pixels: &mut self.pixels }
    }

    /// A disc, centre and radius in pixels, filled and/or outlined.
    pub fn circle(
        &mut self,
        c: Vec2,
        r: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        self.canvas().circle(c, r, fill, stroke);
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
        self.canvas().rounded(corners, radius, fill, stroke);
    }

    /// A filled convex polygon, corners in pixels in either order.
    pub fn fill_convex(&mut self, pts: &[Vec2], color: Color) {
        if pts.len() >= 3 {
            self.rounded(pts, 0.0, Some(color), None);
        }
    }

    /// A line from `a` to `b` (pixels), `width` pixels wide, with round ends.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        self.canvas().line(a, b, width, color);
    }

    /// Text in the built-in 8x8 font, top-left corner at (x, y) pixels, each font
    /// pixel drawn as `scale` x `scale` screen pixels.
    pub fn text(&mut self, x: i32, y: i32, text: &str, color: Color, scale: i32) {
        self.canvas().text(x, y, text, color, scale);
    }

    /// Darken a rectangle (for panels behind text), `alpha` of the way to black.
    pub fn shade_rect(&mut self, x: i32, y: i32, w: i32, h: i32, alpha: f32) {
        if alpha <= 0.0 {
            return;
        }
        // As `blend` pixel by pixel, a row at a time.
        let columns = x.max(0) as usize
            ..x.saturating_add(w).clamp(0, self.width as i32) as usize;
        let rows = y.max(0) as usize
            ..y.saturating_add(h).clamp(0, self.height as i32) as usize;
        if columns.start >= columns.end {
            return;
        }
        for row in rows {
            let start = row * self.width;
            for pixel in
                &mut self.pixels[start + columns.start..start + columns.end]
            {
                *pixel = mix(*pixel, 0, alpha);
            }
        }
    }
}

/// Some of a frame's rows, to paint into: the whole frame, or one band of it
/// that a thread draws while others draw the rest ([`render_items_on`]). A
/// band paints its pixels as the whole frame would, to the bit: every choice
/// is made in the whole frame's coordinates, and only then cut to the band's
/// rows.
struct Canvas<'a> {
    /// The whole frame's width and height, pixels.
    width: usize,
    height: usize,
    /// The first of the rows.
    top: usize,
    /// The rows' pixels, row after row.
    pixels: &'a mut [u32],
}

impl Canvas<'_> {
    /// The rows it holds.
    fn rows(&self) -> Rows {
        let count = self.pixels.len().checked_div(self.width).unwrap_or(0);
        self.top..self.top + count
    }

    /// The pixels of row `y` (one of [`Canvas::rows`]).
    fn row(&mut self, y: usize) -> &mut [u32] {
        let start = (y - self.top) * self.width;
        &mut self.pixels[start..start + self.width]
    }

    /// Of `rows`, those this canvas holds.
    fn held(&self, rows: Rows) -> Rows {
        let mine = self.rows();
        let (start, end) = (rows.start.max(mine.start), rows.end.min(mine.end));
        start..end.max(start)
    }

    /// Blend `color` into pixel (x, y) with coverage `alpha` in [0, 1].
    #[inline]
    fn blend(&mut self, x: i32, y: i32, color: Color, alpha: f32) {
        if x < 0
            || y < 0
            || x as usize >= self.width
            || !self.rows().contains(&(y as usize))
            || alpha <= 0.0
        {
            return;
        }
        let pixel = &mut self.row(y as usize)[x as usize];
        *pixel = mix(*pixel, color.0, alpha);
    }

    /// The pixels of the box `lo..hi` (pixels) that are in the frame, as column
    /// and row ranges; empty if the box is not finite.
    fn clip(&self, lo: Vec2, hi: Vec2) -> (Columns, Rows) {
        if !(lo.is_finite() && hi.is_finite()) {
            return (0..0, 0..0);
        }
        // `as usize` saturates: a box left of or above the frame starts at 0.
        let x0 = lo.x.floor() as usize;
        let y0 = lo.y.floor() as usize;
        let x1 = (hi.x.ceil() as usize).min(self.width);
        let y1 = (hi.y.ceil() as usize).min(self.height);
        // A box beyond the right or bottom edge: empty, never backwards.
        (x0.min(x1)..x1, self.held(y0.min(y1)..y1))
    }

    /// The pixels a shape reaching out to the sides of the box `lo..hi` (pixels)
    /// can touch, as column and row ranges: those whose centres are in the box,
    /// and, for rounding, within a twentieth of a pixel of it. The whole pixels
    /// [`Canvas::clip`] take add a column and a row, on average, whose centres
    /// are out of reach: a quarter more pixels round a shape six pixels
    /// across. The margin is many times the rounding of the distances to
    /// pixels near the frame; none for a box reaching further out than
    /// [`NEAR`] pixels (or not finite), whose distances are rounded more
    /// coarsely.
    fn centres(&self, lo: Vec2, hi: Vec2) -> Option<(Columns, Rows)> {
        const MARGIN: f32 = 0.05;
        let (w, h) = (self.width as f32, self.height as f32);
        // Also false for NaN.
        let near =
            lo.x > -NEAR && lo.y > -NEAR && hi.x < w + NEAR && hi.y < h + NEAR;
        near.then(|| {
            (
                pixels_between(lo.x - MARGIN, hi.x + MARGIN, 0..self.width),
                self.held(pixels_between(
                    lo.y - MARGIN,
                    hi.y + MARGIN,
                    0..self.height,
                )),
            )
        })
    }

    /// Paint `shape` into the pixels its reach, the box `lo..hi` (pixels), can
    /// touch, each pixel by its signed distance ([`shade_run`]). On
    /// a box at most 16 pixels wide every pixel's distance is worked out,
    /// [`LANES`] at a time ([`Canvas::each_run`]); on a wider one, each row is
    /// cut to the columns the shape may touch, and within them its inside, more
    /// than `REACH` in from the edge, is filled with no distance
    /// ([`Shape::across`]): the shape's own arithmetic keeps the pixel loop off
    /// the box's empty corners and out of its inside.
    fn paint(
        &mut self,
        lo: Vec2,
        hi: Vec2,
        fill: Option<Color>,
        stroke: Option<Color>,
        shape: &impl Shape,
    ) {
        let (columns, rows) = shape
            .keeps_to_reach()
            .then(|| self.centres(lo, hi))
            .flatten()
            .unwrap_or_else(|| self.clip(lo, hi));
        // Working out a row's spans costs more than it saves on a shape a few
        // pixels across (a pile of thousands), and saves the most on a large
        // outline, whose inside it skips.
        if columns.len() <= 16 {
            self.each_run(columns, rows, &Shaded { shape, fill, stroke });
            return;
        }
        for y in rows {
            let centre = y as f32 + 0.5;
            let (touched, inside) = shape.across(centre, columns.clone());
            // The two runs of the row either side of the inside: a few pixels
            // each down the sides, the whole row along the top and bottom.
            let pixels = self.row(y);
            let shaded = Shaded { shape, fill, stroke };
            for run in [touched.start..inside.start, inside.end..touched.end] {
                paint_runs(pixels, run, centre, &shaded);
            }
            if let Some(f) = fill {
                pixels[inside].fill(f.0);
            }
        }
    }

    /// A disc, centre and radius in pixels, filled and/or outlined.
    fn circle(
        &mut self,
        c: Vec2,
        r: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        if !(c.is_finite() && r.is_finite()) {
            return;
        }
        let disc = Disc::new(c, r);
        let ext = Vec2::splat(disc.outer);
        self.paint(c - ext, c + ext, fill, stroke, &disc);
    }

    /// A convex polygon (corners in pixels, in either order) grown by `radius`
    /// pixels, filled and/or outlined. One corner makes a disc, two a capsule.
    fn rounded(
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
        let (mut lo, mut hi) = (corners[0], corners[0]);
        for p in corners {
            lo = Vec2::new(smaller(lo.x, p.x), smaller(lo.y, p.y));
            hi = Vec2::new(larger(hi.x, p.x), larger(hi.y, p.y));
        }
        let ext = Vec2::splat(larger(radius, 0.0) + REACH);
        // Nothing of its box here (off the frame, or in another band): no
        // edges to work out. The pixels [`Canvas::paint`] would paint are
        // within this box's.
        let (columns, rows) = self.clip(lo - ext, hi + ext);
        if columns.is_empty() || rows.is_empty() {
            return;
        }
        let shape = Rounded::new(corners, radius);
        self.paint(lo - ext, hi + ext, fill, stroke, &shape);
    }

    /// A line from `a` to `b` (pixels), `width` pixels wide, with round ends.
    fn line(&mut self, a: Vec2, b: Vec2, width: f32, color: Color) {
        if !(a.is_finite() && b.is_finite()) {
            return;
        }
        let half = larger(width * 0.5, 0.5);
        let ab = b - a;
        let len2 = ab.length_squared();
        let per_len2 = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
        // Lines thinner than a pixel are drawn one pixel wide but fainter.
        let strength = smaller(width, 1.0);
        // A pixel is covered if its centre is nearer the segment than this.
        let reach = half + 0.5;
        let line =
            Line { a, ab, per_len2, half, far: reach * reach, strength, color };
        let lo = Vec2::new(smaller(a.x, b.x), smaller(a.y, b.y));
        let hi = Vec2::new(larger(a.x, b.x), larger(a.y, b.y));
        // The pixels it can touch; far out, the box of whole pixels a pixel
        // wider than the line.
        let (near, ext) = (Vec2::splat(reach), Vec2::splat(half + 1.0));
        let (columns, rows) = self
            .centres(lo - near, hi + near)
            .unwrap_or_else(|| self.clip(lo - ext, hi + ext));
        self.each_run(columns, rows, &line);
    }

    /// Text in the built-in 8x8 font, top-left corner at (x, y) pixels, each font
    /// pixel drawn as `scale` x `scale` screen pixels. A lit font pixel is
    /// `color` blended all the way, which is `color` itself: written
    /// straight into the row, a row of the glyph at a time, cut to the
    /// canvas (the HUD's text is thousands of them a frame).
    fn text(&mut self, x: i32, y: i32, text: &str, color: Color, scale: i32) {
        let (rows, width) = (self.rows(), self.width as i32);
        let mut cx = x;
        for ch in text.chars() {
            // Past the right edge, nothing more of the line shows.
            if cx >= width {
                break;
            }
            let glyph = font8x8::legacy::BASIC_LEGACY
                .get(ch as usize)
                .copied()
                .unwrap_or(font8x8::legacy::BASIC_LEGACY[b'?' as usize]);
            for (row, bits) in glyph.iter().enumerate() {
                for dy in 0..scale {
                    // Saturating: a label far off screen (a zoomed-out
                    // world) must not overflow; it is cut.
                    let py = y.saturating_add(row as i32 * scale + dy);
                    if py < 0 || !rows.contains(&(py as usize)) {
                        continue;
                    }
                    let line = self.row(py as usize);
                    for col in (0..8).filter(|col| bits & (1 << col) != 0) {
                        let from = cx.saturating_add(col * scale);
                        let to = from.saturating_add(scale).clamp(0, width);
                        for px in from.max(0)..to {
                            line[px as usize] = color.0;
                        }
                    }
                }
            }
            cx = cx.saturating_add(8 * scale);
        }
    }

    /// Paint each run of [`LANES`] pixels side by side of each row of the box
    /// `columns` by `rows` (cut to what `painter` may touch of the row) with
    /// `painter`, and keep what it paints of the box ([`paint_runs`]).
    fn each_run(&mut self, columns: Columns, rows: Rows, painter: &impl Painter) {
        for y in rows {
            let centre = y as f32 + 0.5;
            let columns = painter.touched(centre, columns.clone());
            paint_runs(self.row(y), columns, centre, painter);
        }
    }
}

/// How far outside the frame, in pixels, a box may reach and still be cut to
/// its pixel centres ([`Canvas::centres`]).
const NEAR: f32 = 64.0;

/// Width in pixels of `text` in the built-in font at `scale`.
pub fn text_width(text: &str, scale: i32) -> i32 {
    text.chars().count() as i32 * 8 * scale
}

/// Paint pixels of a shape whose signed distances there are `d` (a run of
/// [`LANES`] across a small shape, one pixel along a large one's edge): the
/// fill covers a pixel by `0.5 - d`, the outline by `REACH - |d|`, over the
/// fill. Each pixel's blend is worked out whether it is taken or not: choices
/// rather than jumps, the same steps for every pixel, which the compiler turns
/// into vector instructions, and no guessing which way a jump goes (at the edge
/// of a shape a few pixels across, either way as often).
#[inline(always)]
fn shade_run<const N: usize>(
    pixels: &mut [u32; N],
    d: &[f32; N],
    fill: Option<Color>,
    stroke: Option<Color>,
) {
    if let Some(f) = fill {
        for (pixel, &d) in pixels.iter_mut().zip(d) {
            // More than half a pixel inside, the cover is 1 or more: the fill
            // whole.
            let filled = mix(*pixel, f.0, 0.5 - d);
            *pixel = if d < 0.5 { filled } else { *pixel };
        }
    }
    if let Some(s) = stroke {
        for (pixel, &d) in pixels.iter_mut().zip(d) {
            let cover = REACH - d.abs();
            let stroked = mix(*pixel, s.0, cover);
            *pixel = if cover > 0.0 { stroked } else { *pixel };
        }
    }
}

/// Paint the pixels `columns` of `row`, the row of pixel centres at height
/// `y`, with `painter`, a run of [`LANES`] pixels side by side at a time. A run
/// is always [`LANES`] pixels of the row, so that `painter` works on a whole
/// run, the same steps for each pixel: where `columns` is shorter, or near the
/// row's right end (the run moves left to stay in the row), the run's other
/// pixels are painted too but left as they were. A row narrower than a run
/// is painted a pixel at a time, each pixel a run of its own.
#[inline(always)]
fn paint_runs(row: &mut [u32], columns: Columns, y: f32, painter: &impl Painter) {
    if row.len() < LANES {
        for x in columns {
            let mut run = [row[x]; LANES];
            painter.paint(&mut run, [x as f32 + 0.5; LANES], y);
            row[x] = run[0];
        }
        return;
    }
    let mut x = columns.start;
    while x < columns.end {
        let start = x.min(row.len() - LANES);
        let xs = std::array::from_fn(|i| (start + i) as f32 + 0.5);
        let pixels: &mut [u32; LANES] =
            (&mut row[start..start + LANES]).try_into().unwrap();
        let mut run = *pixels;
        painter.paint(&mut run, xs, y);
        // Only the run's pixels in `columns` not yet painted.
        let (from, to) = (x - start, columns.end - start);
        for (i, (pixel, painted)) in pixels.iter_mut().zip(run).enumerate() {
            *pixel = if from <= i && i < to { painted } else { *pixel };
        }
        x = start + LANES;
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

/// `dst` moved `alpha` (0 to 1) of the way to `src`, both 0RGB: in 256ths,
/// rounded to the nearest level. With `k` the 256ths, each channel is
/// `(src * k + dst * (256 - k) + 128) / 256`, which is
/// `(dst * 256 + (src - dst) * k + 128) / 256`: one multiply for red and blue
/// together, one for green. A channel's `src - dst` may be negative and borrow
/// from the channel above, but the sum it is part of is the channel's blend,
/// never negative, so the borrow is paid back: the bits are the blend's.
#[inline(always)]
fn mix(dst: u32, src: u32, alpha: f32) -> u32 {
    // 0 to 255 below 1; NaN and anything below 0 give 0, which leaves `dst`.
    // From 1 up the blend is `src`, but it is worked out all the same (with
    // 256), so that a run of pixels takes the same steps side by side.
    let k = smaller(larger(alpha * 256.0, 0.0), 256.0);
    // The whole part of `k` as an integer, without `as`: `as u32` must
    // saturate, which the compiler does one pixel at a time, taking a run out
    // of its lanes. A whole number below 2^23, added to 2^23, is exact and
    // sits in the float's low bits, which a run reads side by side.
    let k = (k.floor() + 8_388_608.0).to_bits() - 0x4b00_0000;
    let blend = |mask: u32, half: u32| {
        let (s, d) = (src & mask, dst & mask);
        let sum = s.wrapping_sub(d).wrapping_mul(k).wrapping_add(d << 8);
        (sum.wrapping_add(half) >> 8) & mask
    };
    let blended = blend(0xff_00ff, 0x0080_0080) | blend(0xff00, 0x8000);
    if alpha >= 1.0 { src } else { blended }
}

/// `x` clamped to `lo..=hi`, as `f32::clamp` (NaN stays NaN) but without its
/// check that `lo <= hi`, which keeps a loop of it from being vectorised.
#[inline]
fn clamp(x: f32, lo: f32, hi: f32) -> f32 {
    let x = if x < lo { lo } else { x };
    if x > hi { hi } else { x }
}

/// A run of a row's pixels, by column.
type Columns = std::ops::Range<usize>;

/// A run of a frame's rows.
type Rows = std::ops::Range<usize>;

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

/// A shape as [`Canvas::paint`] sees it.
trait Shape {
    /// The signed distances (pixels, negative inside) from the pixel centres
    /// at `xs` on the row at height `y` to the shape's edge. For any number of
    /// pixels side by side: [`LANES`] of them across a small shape, one at a
    /// time along a large one's edge; each by the same arithmetic, to the bit.
    fn distances<const N: usize>(&self, xs: [f32; N], y: f32) -> [f32; N];

    /// For the row of pixel centres at height `y`, the columns of `columns`
    /// the shape may touch and, within them, the columns more than [`REACH`]
    /// inside its edge, where the fill is whole and no distance is needed.
    fn across(&self, y: f32, columns: Columns) -> (Columns, Columns);

    /// Whether no pixel out of the shape's reach is painted, so that its box
    /// can be cut to the pixels whose centres are in it ([`Canvas::centres`]):
    /// true of every shape but a polygon too flat or too near a line at a
    /// corner for its edges' lines to say which pixels are well outside it.
    fn keeps_to_reach(&self) -> bool;

    /// On a small shape's box, the columns of the row of pixel centres at
    /// height `y` to work out distances for: all of them, unless it saves work
    /// and leaves out no pixel the shape paints.
    fn touched(&self, _y: f32, columns: Columns) -> Columns {
        columns
    }
}

/// What [`Canvas::each_run`] paints with.
trait Painter {
    /// Paint the run of `pixels` whose centres are at `xs` on the row at
    /// height `y`.
    fn paint(&self, pixels: &mut [u32; LANES], xs: Lanes, y: f32);

    /// Of `columns`, those whose pixels on the row of centres at height `y`
    /// may be painted; by default all.
    fn touched(&self, _y: f32, columns: Columns) -> Columns {
        columns
    }
}

/// A shape filled and/or outlined, as a [`Painter`].
struct Shaded<'a, S> {
    shape: &'a S,
    fill: Option<Color>,
    stroke: Option<Color>,
}

impl<S: Shape> Painter for Shaded<'_, S> {
    // Always in the loop over the runs: a call per run costs as much again.
    #[inline(always)]
    fn paint(&self, pixels: &mut [u32; LANES], xs: Lanes, y: f32) {
        let d = self.shape.distances(xs, y);
        shade_run(pixels, &d, self.fill, self.stroke);
    }

    fn touched(&self, y: f32, columns: Columns) -> Columns {
        self.shape.touched(y, columns)
    }
}

/// A line from `a` to `a + ab` with round ends, as a [`Painter`]: a pixel is
/// covered by how far its centre is inside the line's edge, `half` a width
/// from the segment, times `strength`.
struct Line {
    a: Vec2,
    ab: Vec2,
    /// `1 / |ab|^2`, or 0 for a line of no length.
    per_len2: f32,
    half: f32,
    /// The square of the distance at which a pixel is no longer covered.
    far: f32,
    strength: f32,
    color: Color,
}

impl Painter for Line {
    #[inline(always)]
    fn paint(&self, pixels: &mut [u32; LANES], xs: Lanes, y: f32) {
        let (a, ab) = (self.a, self.ab);
        let mut cover = [0.0; LANES];
        for (cover, x) in cover.iter_mut().zip(xs) {
            let p = Vec2::new(x, y);
            let t = clamp((p - a).dot(ab) * self.per_len2, 0.0, 1.0);
            let d2 = (p - (a + ab * t)).length_squared();
            let c = smaller(0.5 - (d2.sqrt() - self.half), 1.0) * self.strength;
            // Out of reach (or not a number): not covered.
            *cover = if d2 < self.far { c } else { 0.0 };
        }
        for (pixel, cover) in pixels.iter_mut().zip(cover) {
            let covered = mix(*pixel, self.color.0, cover);
            *pixel = if cover > 0.0 { covered } else { *pixel };
        }
    }
}

/// A disc, in pixels.
struct Disc {
    centre: Vec2,
    radius: f32,
    /// How far from the centre it touches pixels: the radius and the reach.
    outer: f32,
    /// The square of `outer`: a pixel at least this far (squared) is
    /// untouched, and needs no root.
    far: f32,
}

impl Disc {
    fn new(centre: Vec2, radius: f32) -> Disc {
        // At least a pixel across.
        let radius = larger(radius, 0.5);
        let outer = radius + REACH;
        Disc { centre, radius, outer, far: outer * outer }
    }
}

impl Shape for Disc {
    #[inline(always)]
    fn distances<const N: usize>(&self, xs: [f32; N], y: f32) -> [f32; N] {
        let mut d = [0.0; N];
        for (d, x) in d.iter_mut().zip(xs) {
            let d2 = (Vec2::new(x, y) - self.centre).length_squared();
            // The corners of the box are beyond the reach: no root needed.
            *d = if d2 >= self.far {
                f32::INFINITY
            } else {
                d2.sqrt() - self.radius
            };
        }
        d
    }

    /// A row crosses the reach, and the disc well inside the edge, over the
    /// chords at its height.
    fn across(&self, y: f32, columns: Columns) -> (Columns, Columns) {
        let (c, dy) = (self.centre, y - self.centre.y);
        let chord = |radius: f32| {
            let half = radius * radius - dy * dy;
            if radius > 0.0 && half > 0.0 { half.sqrt() } else { -1.0 }
        };
        let near = self.radius - REACH;
        let (outer, inner) = (chord(self.outer) + 0.05, chord(near) - 0.05);
        let touched = pixels_between(c.x - outer, c.x + outer, columns);
        let inside = pixels_between(c.x - inner, c.x + inner, touched.clone());
        (touched, inside)
    }

    fn keeps_to_reach(&self) -> bool {
        true
    }
}

/// A convex polygon grown by a radius, in pixels: its core, a [`Convex`], and
/// the radius.
struct Rounded {
    core: Convex,
    radius: f32,
    /// How far in from the core's sides the shape is well inside: deeper than
    /// `REACH` less the rounding (nearer the edge the core's sides are not the
    /// shape's), and never outside the core.
    deep: f32,
}

impl Rounded {
    fn new(corners: &[Vec2], radius: f32) -> Rounded {
        let reach = larger(radius, 0.0) + REACH;
        let deep = smaller(radius - REACH, 0.0);
        Rounded { core: Convex::new(corners, reach), radius, deep }
    }
}

impl Shape for Rounded {
    #[inline(always)]
    fn distances<const N: usize>(&self, xs: [f32; N], y: f32) -> [f32; N] {
        let mut d = self.core.distances(xs, y);
        for d in &mut d {
            *d -= self.radius;
        }
        d
    }

    fn across(&self, y: f32, columns: Columns) -> (Columns, Columns) {
        let touched = self.core.columns(y, self.core.reach, columns);
        let inside = if self.core.solid {
            self.core.columns(y, self.deep, touched.clone())
        } else {
            touched.start..touched.start
        };
        (touched, inside)
    }

    fn keeps_to_reach(&self) -> bool {
        self.core.bounded
    }

    /// A turned box's bounding box is about half empty, in its corners: the
    /// rows are cut to the columns in reach of every edge's line. A polygon
    /// not [`Convex::bounded`] is left whole, as its distances paint it.
    fn touched(&self, y: f32, columns: Columns) -> Columns {
        if self.core.bounded {
            self.core.columns(y, self.core.reach, columns)
        } else {
            columns
        }
    }
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

impl Edge {
    /// The edge of a polygon whose corners are all at `at`: a point.
    fn point(at: Vec2) -> Edge {
        Edge { start: at, along: Vec2::X, length: 0.0, out: Vec2::X }
    }
}

/// A polygon's edges: on the stack up to [`FEW`], all on the heap beyond (an
/// empty `Vec` takes nothing from the heap).
struct Edges {
    few: [Edge; FEW],
    count: usize,
    many: Vec<Edge>,
}

impl Edges {
    fn new() -> Edges {
        Edges { few: [Edge::point(Vec2::ZERO); FEW], count: 0, many: Vec::new() }
    }

    fn push(&mut self, edge: Edge) {
        if self.count < FEW {
            self.few[self.count] = edge;
        } else {
            if self.count == FEW {
                self.many.extend_from_slice(&self.few);
            }
            self.many.push(edge);
        }
        self.count += 1;
    }
}

impl std::ops::Deref for Edges {
    type Target = [Edge];
    fn deref(&self) -> &[Edge] {
        if self.count <= FEW { &self.few[..self.count] } else { &self.many }
    }
}

/// A convex polygon's edges, for the signed distance from a pixel to it.
struct Convex {
    edges: Edges,
    /// It has an inside (three or more corners, not all on a line).
    solid: bool,
    /// Its edges' lines bound it clearly: it has no inside, or every corner
    /// not on an edge is inside the edge's line, and not nearly on it (it
    /// makes an angle of at least a hundredth of a radian with the edge's
    /// start). Then a point out of reach of the polygon is out of reach of it
    /// by [`Convex::distances`] too. A polygon flat but for rounding has an
    /// inside, and its edges' lines, one over another, call points along it
    /// inside however far they are from its ends.
    bounded: bool,
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
        let mut edges = Edges::new();
        // Whether every corner is clearly inside every edge's line but the
        // edge's own two corners (see `bounded`).
        let mut clear = true;
        for i in 0..n {
            let (start, end) = (corners[i], corners[(i + 1) % n]);
            let length = (end - start).length();
            let along = (end - start) / length;
            let out = along.perp() * turn;
            if length > 1e-6 {
                edges.push(Edge { start, along, length, out });
            }
            for (j, c) in corners.iter().enumerate() {
                let (v, past) = (*c - start, out.dot(*c - start));
                let clearly = past < 0.0 && past * past > 1e-4 * v.length_squared();
                clear &= clearly || j == i || j == (i + 1) % n;
            }
        }
        if edges.is_empty() {
            // All corners in one place: a point.
            edges.push(Edge::point(corners[0]));
        }
        let solid = n >= 3 && twice_area.abs() > 1e-6;
        let bounded = !solid || clear;
        Convex { edges, solid, bounded, reach }
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
        for e in self.edges.iter() {
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

    /// Signed distances from the points at `xs` on the row at height `y` to
    /// the boundary: negative inside. Every edge's distance is worked out for
    /// all the points, side by side.
    #[inline(always)]
    fn distances<const N: usize>(&self, xs: [f32; N], y: f32) -> [f32; N] {
        // The largest distance past an edge's line, and the least squared
        // distance to an edge: the nearest edge's distance is the root of the
        // least square, one root a pixel for all the edges.
        let (mut past, mut nearest) = ([f32::MIN; N], [f32::MAX; N]);
        for e in self.edges.iter() {
            for i in 0..N {
                let p = Vec2::new(xs[i], y);
                past[i] = larger(past[i], e.out.dot(p - e.start));
                let t = clamp(e.along.dot(p - e.start), 0.0, e.length);
                let q = p - (e.start + e.along * t);
                nearest[i] = smaller(nearest[i], q.length_squared());
            }
        }
        let mut d = [0.0; N];
        for ((d, past), nearest) in d.iter_mut().zip(past).zip(nearest) {
            // Inside, the nearest edge is the one whose line is nearest; outside,
            // the largest distance past an edge's line is never more than the
            // true distance, so beyond `reach` it is as good.
            let by_lines = self.solid && (past <= 0.0 || past > self.reach);
            *d = if by_lines { past } else { nearest.sqrt() };
        }
        d
    }
}

/// Draw every item of `list` through `camera` into `frame`.
pub fn render(list: &DrawList, camera: &Camera, frame: &mut Frame) {
    render_items(&list.items, camera, frame);
}

/// Draw `items`, in order, through `camera` into `frame`.
pub fn render_items(items: &[DrawItem], camera: &Camera, frame: &mut Frame) {
    frame.canvas().render(items, camera);
}

/// Draw `items` as [`render_items`] does, on `threads` threads: the frame cut
/// into as many bands of rows, each band drawn by one thread, after filling
/// its rows with `background` if one is given (a frame of 960 by 720 is
/// 2.7 MB to fill). The bits are
/// [`Frame::clear`] and [`render_items`]'s whatever the number of threads:
/// every pixel is in one band, and there the same items are painted over it
/// in the same order, each by the same arithmetic. The cuts fall so that
/// each band holds about as many items' first points: a pile's rows are full
/// where the sky's are empty.
pub fn render_items_on(
    items: &[DrawItem],
    camera: &Camera,
    frame: &mut Frame,
    threads: usize,
    background: Option<Color>,
) {
    let (width, height) = (frame.width, frame.height);
    if threads <= 1 || height < threads {
        if let Some(color) = background {
            frame.clear(color);
        }
        render_items(items, camera, frame);
        return;
    }
    let mut bands = Vec::with_capacity(threads);
    let (mut rest, mut top) = (frame.pixels.as_mut_slice(), 0);
    for end in balanced_cuts(items, camera, height, threads) {
        let (band, after) = rest.split_at_mut((end - top) * width);
        bands.push(Canvas { width, height, top, pixels: band });
        (rest, top) = (after, end);
    }
    let draw = |mut band: Canvas| {
        if let Some(color) = background {
            band.pixels.fill(color.0);
        }
        band.render(items, camera);
    };
    std::thread::scope(|scope| {
        let mut bands = bands.into_iter();
        let first = bands.next();
        for band in bands {
            scope.spawn(move || draw(band));
        }
        // The calling thread draws a band too.
        if let Some(band) = first {
            draw(band);
        }
    });
}

/// The ends of `bands` bands of the rows `0..height`, none empty, the last
/// ending at `height`. Each band ends at the first row that brings the
/// items counted so far (by their first points on screen) to its share,
/// `1 / bands` of them each; a row is never cut, so a band may hold more.
fn balanced_cuts(
    items: &[DrawItem],
    camera: &Camera,
    height: usize,
    bands: usize,
) -> Vec<usize> {
    let mut per_row = vec![0u32; height];
    for item in items {
        let y = camera.to_screen(first_point(item)).y;
        // Off screen (or not a number): in no band's count.
        if y >= 0.0 && y < height as f32 {
            per_row[y as usize] += 1;
        }
    }
    let total: u32 = per_row.iter().sum();
    let mut ends = Vec::with_capacity(bands);
    let mut counted = 0;
    for (y, count) in per_row.iter().enumerate() {
        counted += count;
        // Past the next band's share, and rows left for the bands after it.
        let share = total as u64 * (ends.len() as u64 + 1) / bands as u64;
        let room = height - (y + 1) >= bands - ends.len() - 1;
        if total > 0 && ends.len() + 1 < bands && counted as u64 >= share && room {
            ends.push(y + 1);
        }
    }
    // The bands not cut yet (no items on screen, or the items in the last
    // rows): the rows left, evenly.
    while ends.len() + 1 < bands {
        let (last, left) = (ends.last().copied().unwrap_or(0), bands - ends.len());
        ends.push(last + (height - last) / left);
    }
    ends.push(height);
    ends
}

/// Where `item` starts, in the world.
fn first_point(item: &DrawItem) -> Vec2 {
    match item {
        DrawItem::Circle { center, .. } => *center,
        DrawItem::Polygon { points, .. } | DrawItem::Rounded { points, .. } => {
            points.first().copied().unwrap_or(Vec2::NAN)
        }
        DrawItem::Segment { a, .. } => *a,
        DrawItem::Arrow { from, .. } => *from,
        DrawItem::Point { at, .. } | DrawItem::Text { at, .. } => *at,
    }
}

impl Canvas<'_> {
    /// Draw `items`, in order, through `camera`.
    fn render(&mut self, items: &[DrawItem], camera: &Camera) {
        let px = |p: Vec2| camera.to_screen(p);
        for item in items {
            match item {
                DrawItem::Circle { center, radius, fill, stroke } => {
                    self.circle(px(*center), radius * camera.scale, *fill, *stroke);
                }
                DrawItem::Polygon { points, fill, stroke } => {
                    on_screen(points, px, |pts| {
                        self.rounded(pts, 0.0, *fill, *stroke)
                    });
                }
                DrawItem::Rounded { points, radius, fill, stroke } => {
                    let radius = radius * camera.scale;
                    on_screen(points, px, |pts| {
                        self.rounded(pts, radius, *fill, *stroke);
                    });
                }
                DrawItem::Segment { a, b, color, width } => {
                    self.line(px(*a), px(*b), *width, *color);
                }
                DrawItem::Arrow { from, to, color } => {
                    let (a, b) = (px(*from), px(*to));
                    self.line(a, b, 2.0, *color);
                    let d = b - a;
                    let len = d.length();
                    if len > 1e-3 {
                        let dir = d / len;
                        let head = len.min(10.0);
                        let back = b - dir * head;
                        let side = dir.perp() * head * 0.45;
                        let corners = [b, back + side, back - side];
                        self.rounded(&corners, 0.0, Some(*color), None);
                    }
                }
                DrawItem::Point { at, size, color } => {
                    self.circle(px(*at), size * 0.5, Some(*color), None);
                }
                DrawItem::Text { at, text, color } => {
                    let p = px(*at);
                    if p.is_finite() {
                        self.text(p.x as i32, p.y as i32, text, *color, 1);
                    }
                }
            }
        }
    }
}

/// `points` through `to_screen`, handed to `draw`: on the stack up to [`FEW`]
/// of them.
fn on_screen(
    points: &[Vec2],
    to_screen: impl Fn(Vec2) -> Vec2,
    draw: impl FnOnce(&[Vec2]),
) {
    if points.len() <= FEW {
        let mut few = [Vec2::ZERO; FEW];
        for (screen, p) in few.iter_mut().zip(points) {
            *screen = to_screen(*p);
        }
        draw(&few[..points.len()]);
    } else {
        let many: Vec<Vec2> = points.iter().map(|p| to_screen(*p)).collect();
        draw(&many);
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

    /// A jumble of every kind of item, some far off the frame, some across
    /// its edges, drawn over each other.
    fn jumble(seed: u64, count: usize) -> Vec<DrawItem> {
        use physics_core::draw::DrawList;
        let mut rng = physics_core::rng::Rng::new(seed);
        let mut list = DrawList::default();
        let colour = |rng: &mut physics_core::rng::Rng| {
            Color((rng.next_u64() & 0xff_ffff) as u32)
        };
        for _ in 0..count {
            // Mostly on screen (the camera below sees -10..10 by -7.5..7.5).
            let at = Vec2::new(rng.range(-14.0, 14.0), rng.range(-11.0, 11.0));
            let size = rng.range(0.02, 3.0);
            let turn = Vec2::from_angle(rng.range(0.0, 6.3));
            let c = colour(&mut rng);
            match rng.next_u64() % 7 {
                0 => list.circle(at, size, c),
                1 => list.circle_outline(at, size, c),
                2 | 3 => {
                    let corners = (0..3 + rng.next_u64() % 4)
                        .map(|k| {
                            let a = Vec2::from_angle(k as f32 * 1.1);
                            at + turn.rotate(a * Vec2::new(size, size * 0.6))
                        })
                        .collect();
                    let radius =
                        if rng.next_f32() < 0.5 { 0.0 } else { size * 0.2 };
                    let fill = (rng.next_f32() < 0.8).then_some(c);
                    list.rounded(corners, radius, fill, Some(colour(&mut rng)));
                }
                4 => list.segment_width(at, at + turn * size * 3.0, c, size),
                5 => list.arrow(at, at + turn * size * 2.0, c),
                _ => list.text(at, "band", c),
            }
        }
        list.items
    }

    /// The frame drawn in bands on threads is the frame drawn whole, to the
    /// bit, for any number of bands: the cuts fall anywhere, through shapes,
    /// text and the edges of lines.
    #[test]
    fn drawing_in_bands_gives_the_bits_of_drawing_whole() {
        let camera =
            Camera { center: Vec2::ZERO, scale: 16.0, width: 320, height: 240 };
        for seed in 0..8 {
            let items = jumble(seed, 400);
            let mut whole = Frame::new(320, 240);
            render_items(&items, &camera, &mut whole);
            for threads in [2, 3, 4, 7, 240] {
                let mut banded = Frame::new(320, 240);
                render_items_on(&items, &camera, &mut banded, threads, None);
                let differ =
                    whole.pixels.iter().zip(&banded.pixels).filter(|(a, b)| a != b);
                assert_eq!(differ.count(), 0, "seed {seed}, {threads} threads");
            }
            // Over a frame left as it was, each band cleared first: the
            // frame cleared whole, then drawn.
            let mut cleared = whole.clone();
            cleared.clear(BACKGROUND);
            render_items(&items, &camera, &mut cleared);
            for threads in [1, 2, 3, 7] {
                let mut banded = whole.clone();
                render_items_on(
                    &items,
                    &camera,
                    &mut banded,
                    threads,
                    Some(BACKGROUND),
                );
                assert!(
                    banded == cleared,
                    "seed {seed}, {threads} threads, cleared"
                );
            }
        }
    }

    /// The bands cover the rows once each, none empty, and share the items
    /// out: a pile at the bottom of the frame gets bands as thin as it needs.
    #[test]
    fn bands_share_out_the_items() {
        let camera =
            Camera { center: Vec2::ZERO, scale: 10.0, width: 200, height: 100 };
        // 300 points on the bottom tenth of the frame, 100 across the rest.
        let mut list = physics_core::draw::DrawList::default();
        for i in 0..400 {
            let y = if i < 300 {
                -4.5 + (i % 5) as f32 * 0.1
            } else {
                (i % 90) as f32 * 0.1 - 4.5
            };
            list.point(Vec2::new(0.0, y), 1.0, Color::WHITE);
        }
        for bands in [2, 3, 4] {
            let ends = balanced_cuts(&list.items, &camera, 100, bands);
            assert_eq!(ends.len(), bands);
            assert_eq!(ends.last(), Some(&100));
            assert!(
                ends.windows(2).all(|w| w[0] < w[1]) && ends[0] > 0,
                "{ends:?}"
            );
            // Each band holds at most its share and one row's items more.
            let mut top = 0;
            for &end in &ends {
                let held = list.items.iter().filter(|item| {
                    let y = camera.to_screen(first_point(item)).y;
                    top as f32 <= y && y < end as f32
                });
                let row = 300 / 5;
                assert!(
                    held.count() <= 400 / bands + row,
                    "bands {bands}: {ends:?}"
                );
                top = end;
            }
        }
        // Nothing on screen: even bands.
        assert_eq!(balanced_cuts(&[], &camera, 100, 4), vec![25, 50, 75, 100]);
    }

    /// A shaded rectangle is each of its pixels in the frame blended toward
    /// black, as `blend` does one pixel: cut at every edge of the frame.
    #[test]
    fn a_shaded_rectangle_blends_each_pixel_in_the_frame() {
        let mut rng = physics_core::rng::Rng::new(7);
        let noise: Vec<u32> =
            (0..40 * 30).map(|_| rng.next_u64() as u32 & 0xff_ffff).collect();
        for (x, y, w, h) in [
            (5, 4, 10, 8),
            (-3, -2, 9, 7),
            (35, 25, 20, 20),
            (50, 0, 4, 4),
            (0, 0, 40, 30),
            (3, 3, -2, 5),
        ] {
            let mut fast = Frame { width: 40, height: 30, pixels: noise.clone() };
            let mut slow = fast.clone();
            fast.shade_rect(x, y, w, h, 0.6);
            for yy in y..y + h {
                for xx in x..x + w {
                    slow.blend(xx, yy, Color(0), 0.6);
                }
            }
            assert_eq!(fast, slow, "rectangle {x}, {y}, {w} by {h}");
        }
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

    /// The blend is the reference's to the bit for any colours, including a
    /// top byte it keeps or drops, and any cover: none, whole, more than
    /// whole, less than none, and not a number.
    #[test]
    fn mix_matches_the_reference() {
        let mut rng = physics_core::rng::Rng::new(5);
        let special = [0.0, 1.0, -0.0, 1.5, -2.0, 255.5 / 256.0, f32::NAN, 1e30];
        for case in 0..200_000 {
            let (dst, src) = (rng.next_u64() as u32, rng.next_u64() as u32);
            let alpha = match case % 4 {
                0 => special[(case / 4) % special.len()],
                1 => (rng.next_u64() % 257) as f32 / 256.0,
                _ => rng.range(-0.2, 1.2),
            };
            let (got, want) =
                (mix(dst, src, alpha), reference::mix(dst, src, alpha));
            assert_eq!(got, want, "{dst:08x} to {src:08x} by {alpha}");
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

    /// A plain rasteriser, the reference the fast one must match to the bit:
    /// every pixel of the box of whole pixels round a shape, one at a time, by
    /// its exact distance with a square root per edge, and a blend that stops
    /// early.
    mod reference {
        use super::super::{Columns, Convex, Frame, REACH, Vec2, larger, smaller};
        use physics_core::draw::Color;

        pub fn mix(dst: u32, src: u32, alpha: f32) -> u32 {
            if alpha >= 1.0 {
                return src;
            }
            let k = (alpha * 256.0) as u32;
            let (j, half) = (256 - k, 0x0080_0080);
            let red_blue =
                ((src & 0xff_00ff) * k + (dst & 0xff_00ff) * j + half) >> 8;
            let green = ((src & 0xff00) * k + (dst & 0xff00) * j + 0x8000) >> 8;
            red_blue & 0xff_00ff | green & 0xff00
        }

        fn shade(
            pixel: &mut u32,
            d: f32,
            fill: Option<Color>,
            stroke: Option<Color>,
        ) {
            if d <= -REACH {
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

        fn boxed(frame: &mut Frame, lo: Vec2, hi: Vec2) -> (Columns, Columns) {
            frame.canvas().clip(lo, hi)
        }

        fn paint(
            frame: &mut Frame,
            lo: Vec2,
            hi: Vec2,
            fill: Option<Color>,
            stroke: Option<Color>,
            distance: impl Fn(Vec2) -> f32,
        ) {
            let (columns, rows) = boxed(frame, lo, hi);
            for y in rows {
                for x in columns.clone() {
                    let d = distance(Vec2::new(x as f32 + 0.5, y as f32 + 0.5));
                    shade(&mut frame.pixels[y * frame.width + x], d, fill, stroke);
                }
            }
        }

        pub fn circle(
            frame: &mut Frame,
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
            let far = ext.x * ext.x;
            paint(frame, c - ext, c + ext, fill, stroke, |p| {
                let d2 = (p - c).length_squared();
                if d2 >= far { f32::INFINITY } else { d2.sqrt() - r }
            });
        }

        fn distance(shape: &Convex, p: Vec2) -> f32 {
            if shape.solid {
                let past = shape
                    .edges
                    .iter()
                    .map(|e| e.out.dot(p - e.start))
                    .fold(f32::MIN, larger);
                if past <= 0.0 || past > shape.reach {
                    return past;
                }
            }
            shape
                .edges
                .iter()
                .map(|e| {
                    let t = e.along.dot(p - e.start).clamp(0.0, e.length);
                    (p - (e.start + e.along * t)).length()
                })
                .fold(f32::MAX, smaller)
        }

        pub fn rounded(
            frame: &mut Frame,
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
            paint(frame, lo - ext, hi + ext, fill, stroke, |p| {
                distance(&shape, p) - radius
            });
        }

        pub fn line(frame: &mut Frame, a: Vec2, b: Vec2, width: f32, color: Color) {
            if !(a.is_finite() && b.is_finite()) {
                return;
            }
            let half = larger(width * 0.5, 0.5);
            let ab = b - a;
            let len2 = ab.length_squared();
            let per_len2 = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
            let strength = smaller(width, 1.0);
            let ext = Vec2::splat(half + 1.0);
            let far = (half + 0.5) * (half + 0.5);
            let lo = Vec2::new(smaller(a.x, b.x), smaller(a.y, b.y));
            let hi = Vec2::new(larger(a.x, b.x), larger(a.y, b.y));
            let (columns, rows) = boxed(frame, lo - ext, hi + ext);
            for y in rows {
                for x in columns.clone() {
                    let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                    let t = ((p - a).dot(ab) * per_len2).clamp(0.0, 1.0);
                    let d2 = (p - (a + ab * t)).length_squared();
                    if d2 >= far {
                        continue;
                    }
                    let c = smaller(0.5 - (d2.sqrt() - half), 1.0) * strength;
                    if c > 0.0 {
                        let i = y * frame.width + x;
                        frame.pixels[i] = mix(frame.pixels[i], color.0, c);
                    }
                }
            }
        }
    }

    /// The fast drawing changes no pixel: random discs, lines, and convex
    /// polygons (a point, capsules, up to twelve corners, either winding, some
    /// flat or with corners on top of each other), sharp or rounded, filled,
    /// outlined or both, from a tenth of a pixel to a hundred across, in the
    /// frame, half out of it and far out, drawn three at a time over random
    /// pixels, paint exactly what the reference ([`reference`]) paints.
    #[test]
    fn drawing_matches_the_reference() {
        let mut rng = physics_core::rng::Rng::new(29);
        let mut shapes = 0;
        for frame in 0..12_000 {
            // Some frames narrower than a run of pixels.
            let (width, height) = if frame % 16 == 0 { (5, 3) } else { (61, 47) };
            let noise: Vec<u32> = (0..width * height)
                .map(|_| rng.next_u64() as u32 & 0xff_ffff)
                .collect();
            let mut fast = Frame { width, height, pixels: noise };
            let mut slow = fast.clone();
            for _ in 0..3 {
                let (a, b) = (rng.next_u64() as u32, rng.next_u64() as u32);
                let (a, b) = (Color(a & 0xff_ffff), Color(b & 0xff_ffff));
                let (fill, stroke) = match rng.next_u64() % 3 {
                    0 => (Some(a), None),
                    1 => (None, Some(b)),
                    _ => (Some(a), Some(b)),
                };
                // Mostly small, as a pile's pieces; some large.
                let size = match rng.next_u64() % 4 {
                    0 => rng.range(0.05, 1.0),
                    1 | 2 => rng.range(1.0, 8.0),
                    _ => rng.range(8.0, 100.0),
                };
                // Mostly in or near the frame; some near the edge of where a
                // box is cut to pixel centres, some far out.
                let spread = match rng.next_u64() % 8 {
                    0 => 300.0,
                    1 => 2e5,
                    _ => 50.0,
                };
                let centre = Vec2::new(
                    width as f32 / 2.0 + rng.range(-spread, spread),
                    height as f32 / 2.0 + rng.range(-spread, spread),
                );
                // Whole and half pixels, where rounding is decided.
                let centre = match rng.next_u64() % 4 {
                    0 => (centre * 2.0).round() / 2.0,
                    _ => centre,
                };
                let shape = match rng.next_u64() % 4 {
                    0 => {
                        fast.circle(centre, size, fill, stroke);
                        reference::circle(&mut slow, centre, size, fill, stroke);
                        format!("disc at {centre} radius {size}")
                    }
                    1 => {
                        let a = centre;
                        let b = a + Vec2::new(
                            rng.range(-1.0, 1.0),
                            rng.range(-1.0, 1.0),
                        ) * size;
                        let width = rng.range(0.1, 6.0);
                        let color = fill.or(stroke).unwrap();
                        fast.line(a, b, width, color);
                        reference::line(&mut slow, a, b, width, color);
                        format!("line from {a} to {b} width {width}")
                    }
                    _ => {
                        let n = 1 + (rng.next_u64() % 12) as usize;
                        let turn = rng.range(0.0, 6.3);
                        let stretch =
                            Vec2::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0));
                        let mut angles: Vec<f32> = (0..n)
                            .map(|_| rng.range(0.0, std::f32::consts::TAU))
                            .collect();
                        angles.sort_by(f32::total_cmp);
                        let mut corners: Vec<Vec2> = angles
                            .iter()
                            .map(|a| {
                                let p = physics_core::trig::from_angle(turn + a);
                                centre + size * 0.5 * stretch * p
                            })
                            .collect();
                        match rng.next_u64() % 8 {
                            0 => corners.reverse(),
                            // Flat: every corner on one line.
                            1 => corners.iter_mut().for_each(|p| p.y = centre.y),
                            // Two corners in one place.
                            2 if n > 1 => corners[1] = corners[0],
                            _ => {}
                        }
                        let radius = match rng.next_u64() % 3 {
                            0 => 0.0,
                            1 => rng.range(0.0, 2.0),
                            _ => rng.range(0.0, size * 0.3),
                        };
                        fast.rounded(&corners, radius, fill, stroke);
                        reference::rounded(
                            &mut slow, &corners, radius, fill, stroke,
                        );
                        format!("polygon {corners:?} radius {radius}")
                    }
                };
                shapes += 1;
                let differ = (0..width * height)
                    .filter(|&i| fast.pixels[i] != slow.pixels[i])
                    .map(|i| {
                        (i % width, i / width, fast.pixels[i], slow.pixels[i])
                    });
                let differ: Vec<_> = differ.collect();
                assert!(
                    differ.is_empty(),
                    "{shape}, {fill:?} {stroke:?}: {differ:x?}"
                );
            }
        }
        assert_eq!(shapes, 36_000);
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
