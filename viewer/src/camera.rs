//! The camera: maps world coordinates (metres, y up) to pixels (y down) and back.

use glam::Vec2;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The world point at the centre of the screen.
    pub center: Vec2,
    /// Pixels per metre.
    pub scale: f32,
    pub width: usize,
    pub height: usize,
}

impl Camera {
    /// A camera that shows the box `min..max` whole, with a margin, centred.
    pub fn fit(min: Vec2, max: Vec2, width: usize, height: usize) -> Self {
        let size = (max - min).max(Vec2::splat(1e-3));
        let margin = 1.08;
        let scale = (width as f32 / (size.x * margin))
            .min(height as f32 / (size.y * margin));
        let scale = if scale.is_finite() && scale > 0.0 { scale } else { 100.0 };
        Camera { center: (min + max) * 0.5, scale, width, height }
    }

    /// A camera on a `width` by `height` screen that shows the box `min..max`
    /// whole, with a margin, centred in the screen rectangle `region` (x, y,
    /// width, height in pixels): the part a HUD leaves free.
    pub fn fit_in(
        min: Vec2,
        max: Vec2,
        width: usize,
        height: usize,
        region: (i32, i32, i32, i32),
    ) -> Self {
        let (x, y, w, h) = region;
        let inner = Camera::fit(min, max, w.max(1) as usize, h.max(1) as usize);
        // The world point at the screen's centre, so that the box's centre lands
        // at the region's centre.
        let offset = Vec2::new(
            x as f32 + w as f32 * 0.5 - width as f32 * 0.5,
            y as f32 + h as f32 * 0.5 - height as f32 * 0.5,
        );
        let center = inner.center - offset * Vec2::new(1.0, -1.0) / inner.scale;
        Camera { center, scale: inner.scale, width, height }
    }

    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        Vec2::new(
            self.width as f32 * 0.5 + (p.x - self.center.x) * self.scale,
            self.height as f32 * 0.5 - (p.y - self.center.y) * self.scale,
        )
    }

    pub fn to_world(&self, s: Vec2) -> Vec2 {
        Vec2::new(
            self.center.x + (s.x - self.width as f32 * 0.5) / self.scale,
            self.center.y - (s.y - self.height as f32 * 0.5) / self.scale,
        )
    }

    /// Zoom by `factor` keeping the world point under the screen point `anchor`
    /// fixed.
    pub fn zoom_about(&mut self, anchor: Vec2, factor: f32) {
        let before = self.to_world(anchor);
        self.scale = (self.scale * factor).clamp(1e-3, 1e6);
        let after = self.to_world(anchor);
        self.center += before - after;
    }

    /// Keep the same view on a resized screen.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.width = width;
        self.height = height;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_y_up() {
        let c = Camera::fit(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0), 800, 600);
        let p = Vec2::new(0.3, -0.7);
        assert!((c.to_world(c.to_screen(p)) - p).length() < 1e-5);
        // Up in the world is up on screen: smaller pixel row.
        assert!(c.to_screen(Vec2::new(0.0, 1.0)).y < c.to_screen(Vec2::ZERO).y);
        // The whole box is on screen.
        let lo = c.to_screen(Vec2::new(-1.0, 1.0));
        let hi = c.to_screen(Vec2::new(1.0, -1.0));
        assert!(lo.x >= 0.0 && lo.y >= 0.0 && hi.x <= 800.0 && hi.y <= 600.0);
    }

    #[test]
    fn zoom_keeps_anchor() {
        let mut c = Camera::fit(Vec2::ZERO, Vec2::ONE, 400, 400);
        let anchor = Vec2::new(100.0, 50.0);
        let w = c.to_world(anchor);
        c.zoom_about(anchor, 1.7);
        assert!((c.to_world(anchor) - w).length() < 1e-5);
    }
}
