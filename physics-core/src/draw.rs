//! The draw list: what a demo wants on screen, in world coordinates (metres, y up).
//!
//! A demo fills a [`DrawList`]; the viewer maps it to pixels. Widths and point
//! sizes are in pixels, so an arrow looks the same at every zoom; everything else
//! is in metres.

use glam::Vec2;

/// A colour as 0xRRGGBB, the layout of the viewer's framebuffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Color(pub u32);

impl Color {
    pub const WHITE: Color = Color(0xffffff);
    pub const GREY: Color = Color(0x8a8f98);
    pub const DARK: Color = Color(0x3a3f4a);
    pub const RED: Color = Color(0xe5484d);
    pub const ORANGE: Color = Color(0xf5a524);
    pub const YELLOW: Color = Color(0xf7d154);
    pub const GREEN: Color = Color(0x46c46e);
    pub const CYAN: Color = Color(0x4cc9f0);
    pub const BLUE: Color = Color(0x4c7cf0);
    pub const PURPLE: Color = Color(0xa66cf0);

    pub fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color(((r as u32) << 16) | ((g as u32) << 8) | b as u32)
    }

    pub fn r(self) -> u8 {
        (self.0 >> 16) as u8
    }
    pub fn g(self) -> u8 {
        (self.0 >> 8) as u8
    }
    pub fn b(self) -> u8 {
        self.0 as u8
    }

    /// Linear blend: `t = 0` gives `self`, `t = 1` gives `other`.
    pub fn lerp(self, other: Color, t: f32) -> Color {
        let t = t.clamp(0.0, 1.0);
        let mix = |a: u8, b: u8| round_byte(a as f32 + (b as f32 - a as f32) * t);
        Color::rgb(
            mix(self.r(), other.r()),
            mix(self.g(), other.g()),
            mix(self.b(), other.b()),
        )
    }

    /// A colour ramp from blue (0) through green to red (1), for showing a value in
    /// [0, 1].
    pub fn ramp(t: f32) -> Color {
        let t = if t.is_finite() { t.clamp(0.0, 1.0) } else { 0.0 };
        if t < 0.5 {
            Color::BLUE.lerp(Color::GREEN, t * 2.0)
        } else {
            Color::GREEN.lerp(Color::RED, t * 2.0 - 1.0)
        }
    }
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawItem {
    /// A disc of `radius` metres, filled and/or outlined.
    Circle { center: Vec2, radius: f32, fill: Option<Color>, stroke: Option<Color> },
    /// A convex polygon, corners in counter-clockwise or clockwise order.
    Polygon { points: Vec<Vec2>, fill: Option<Color>, stroke: Option<Color> },
    /// A convex polygon grown by `radius` metres all round: rounded corners. Two
    /// points make a capsule, one a disc.
    Rounded {
        points: Vec<Vec2>,
        radius: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    },
    /// A line segment `width` pixels wide.
    Segment { a: Vec2, b: Vec2, color: Color, width: f32 },
    /// An arrow from `from` to `to` with a head at `to`.
    Arrow { from: Vec2, to: Vec2, color: Color },
    /// A dot `size` pixels across that does not scale with zoom (particles, contact
    /// points).
    Point { at: Vec2, size: f32, color: Color },
    /// A text label anchored at a world position.
    Text { at: Vec2, text: String, color: Color },
}

// ANCHOR: draw_list
/// What a demo draws in one frame, in order: a later item over an earlier one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawList {
    pub items: Vec<DrawItem>,
    /// How many of the first items the demo expects to draw the same next
    /// frame: a pile asleep, the walls. A front end may keep their picture
    /// and start the next frame from it while they are the same, instead of
    /// drawing thousands of shapes again. Only a hint: the picture is that
    /// of all the items in order either way.
    pub still: usize,
}
// ANCHOR_END: draw_list

impl DrawList {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn clear(&mut self) {
        self.items.clear();
        self.still = 0;
    }

    /// Everything drawn so far is likely to be drawn the same next frame
    /// ([`DrawList::still`]).
    pub fn still_so_far(&mut self) {
        self.still = self.items.len();
    }

    pub fn circle(&mut self, center: Vec2, radius: f32, fill: Color) {
        self.items.push(DrawItem::Circle {
            center,
            radius,
            fill: Some(fill),
            stroke: None,
        });
    }

    pub fn circle_outline(&mut self, center: Vec2, radius: f32, stroke: Color) {
        self.items.push(DrawItem::Circle {
            center,
            radius,
            fill: None,
            stroke: Some(stroke),
        });
    }

    pub fn polygon(
        &mut self,
        points: Vec<Vec2>,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        self.items.push(DrawItem::Polygon { points, fill, stroke });
    }

    pub fn rounded(
        &mut self,
        points: Vec<Vec2>,
        radius: f32,
        fill: Option<Color>,
        stroke: Option<Color>,
    ) {
        self.items.push(DrawItem::Rounded { points, radius, fill, stroke });
    }

    pub fn segment(&mut self, a: Vec2, b: Vec2, color: Color) {
        self.segment_width(a, b, color, 1.5);
    }

    pub fn segment_width(&mut self, a: Vec2, b: Vec2, color: Color, width: f32) {
        self.items.push(DrawItem::Segment { a, b, color, width });
    }

    pub fn arrow(&mut self, from: Vec2, to: Vec2, color: Color) {
        self.items.push(DrawItem::Arrow { from, to, color });
    }

    pub fn point(&mut self, at: Vec2, size: f32, color: Color) {
        self.items.push(DrawItem::Point { at, size, color });
    }

    pub fn text(&mut self, at: Vec2, text: impl Into<String>, color: Color) {
        self.items.push(DrawItem::Text { at, text: text.into(), color });
    }
}

/// `v.round() as u8` for `v` from 0 to 255 (or NaN, which gives 0), without
/// the library call `round` costs: the whole part by truncation, then one
/// more if the rest is a half or more. Both steps are exact for numbers
/// this small, so the result is the same; every blended pixel of every
/// frame goes through here.
pub fn round_byte(v: f32) -> u8 {
    let whole = v as i32;
    (whole + i32::from(v - whole as f32 >= 0.5)) as u8
}
