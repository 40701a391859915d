//! What every front end shares: the chosen demo, the step count, pause and time
//! scale, the camera, the controls and the HUD. The window, the headless renderer
//! and the web page each feed it input and show its frames; none of them knows a
//! chapter's types.

use crate::camera::Camera;
use crate::raster::{Frame, render, text_width};
use glam::Vec2;
use physics_core::demo::{Chapter, Demo, Switch};
use physics_core::diagnostics;
use physics_core::draw::{Color, DrawList};
use std::collections::VecDeque;

/// The controls every chapter shares, independent of any windowing library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Space: pause or run.
    Pause,
    /// Right arrow or `.`: one step while paused.
    Step,
    /// R: back to the demo's start.
    Reset,
    /// `+`: run twice as fast.
    Faster,
    /// `-`: run half as fast.
    Slower,
    /// H: show or hide the key help.
    Help,
    /// Tab: the next demo (Shift+Tab the previous).
    NextDemo { back: bool },
    /// 1..9: demo number n (from 1).
    Demo(usize),
    /// A letter: the demo switch bound to it (Shift steps a number switch
    /// backwards).
    Switch { key: char, back: bool },
    /// 0: the view back to the demo's own framing, undoing pan and zoom.
    ResetView,
}

/// The key help, as shown by H.
pub const HELP: &[(&str, &str)] = &[
    ("Space", "pause / run"),
    ("Right or .", "one step (while paused)"),
    ("R", "reset the demo"),
    ("+ / -", "run faster / slower"),
    ("Tab, 1-9", "next demo / demo number"),
    ("PgUp / PgDn", "previous / next chapter (the tour)"),
    ("letters", "the demo's switches (Shift: back)"),
    ("mouse drag", "grab a body"),
    ("wheel", "zoom about the cursor"),
    ("0", "reset the view (undo pan and zoom)"),
    ("H", "this help"),
    ("Esc", "quit"),
];

/// How many steps of energy history the HUD plot keeps.
const HISTORY: usize = 600;

/// The chosen demo and everything around it.
pub struct Session {
    pub chapter: Chapter,
    /// Index into `chapter.demos`, or `None` for a demo made from a scene file.
    pub demo_index: Option<usize>,
    pub demo_name: String,
    pub demo: Box<dyn Demo>,
    /// The step in seconds; a `--dt` from the command line wins over the demo's
    /// own.
    pub dt: f32,
    dt_override: Option<f32>,
    pub steps: u64,
    pub paused: bool,
    /// Simulated seconds per real second.
    pub time_scale: f32,
    pub show_help: bool,
    pub camera: Camera,
    /// (kinetic energy, kinetic + potential energy) per step.
    pub history: VecDeque<(f32, f32)>,
    /// In the tour: (this chapter's index, the number of chapters).
    pub tour: Option<(usize, usize)>,
}

impl Session {
    /// A session showing `demo` (named `name`) of `chapter`.
    pub fn new(
        chapter: Chapter,
        demo_index: Option<usize>,
        name: &str,
        demo: Box<dyn Demo>,
        dt_override: Option<f32>,
        width: usize,
        height: usize,
    ) -> Self {
        let (lo, hi) = demo.bounds();
        let mut s = Session {
            chapter,
            demo_index,
            demo_name: name.to_string(),
            dt: dt_override.unwrap_or(demo.time_step()),
            dt_override,
            demo,
            steps: 0,
            paused: false,
            time_scale: 1.0,
            show_help: false,
            camera: Camera::fit(lo, hi, width, height),
            history: VecDeque::new(),
            tour: None,
        };
        s.sample();
        s
    }

    /// A session on the chapter's demo number `index`.
    pub fn with_demo(
        chapter: Chapter,
        index: usize,
        dt_override: Option<f32>,
        w: usize,
        h: usize,
    ) -> Self {
        let entry = chapter.demos[index];
        Session::new(
            chapter,
            Some(index),
            entry.name,
            (entry.make)(),
            dt_override,
            w,
            h,
        )
    }

    /// Simulated time, in seconds.
    pub fn time(&self) -> f64 {
        self.steps as f64 * self.dt as f64
    }

    /// One fixed step.
    pub fn step(&mut self) {
        self.demo.step(self.dt);
        self.steps += 1;
        self.sample();
    }

    fn sample(&mut self) {
        let bodies = self.demo.bodies();
        let ke = diagnostics::kinetic_energy(&bodies);
        let pe = diagnostics::potential_energy(&bodies, self.demo.gravity());
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back((ke, ke + pe));
    }

    pub fn reset(&mut self) {
        self.demo.reset();
        self.steps = 0;
        self.history.clear();
        self.sample();
    }

    /// Switch to demo number `index` (wrapping), refitting the camera.
    pub fn select_demo(&mut self, index: usize) {
        let n = self.chapter.demos.len();
        if n == 0 {
            return;
        }
        let (w, h) = (self.camera.width, self.camera.height);
        let paused = self.paused;
        let scale = self.time_scale;
        let help = self.show_help;
        let tour = self.tour;
        *self = Session::with_demo(self.chapter, index % n, self.dt_override, w, h);
        self.tour = tour;
        self.paused = paused;
        self.time_scale = scale;
        self.show_help = help;
    }

    /// Apply one of the shared controls.
    pub fn control(&mut self, c: Control) {
        match c {
            Control::Pause => self.paused = !self.paused,
            Control::Step => {
                self.paused = true;
                self.step();
            }
            Control::Reset => self.reset(),
            Control::Faster => self.time_scale = (self.time_scale * 2.0).min(8.0),
            Control::Slower => {
                self.time_scale = (self.time_scale * 0.5).max(1.0 / 16.0)
            }
            Control::Help => self.show_help = !self.show_help,
            Control::NextDemo { back } => {
                let n = self.chapter.demos.len();
                let here = self.demo_index.unwrap_or(n.saturating_sub(1));
                let next = if back { here + n - 1 } else { here + 1 };
                self.select_demo(next);
            }
            Control::Demo(i) => {
                if i < self.chapter.demos.len() {
                    self.select_demo(i);
                }
            }
            Control::ResetView => {
                let (lo, hi) = self.demo.bounds();
                self.camera =
                    Camera::fit(lo, hi, self.camera.width, self.camera.height);
            }
            Control::Switch { key, back } => {
                if let Some(s) =
                    self.demo.switches().into_iter().find(|s| s.key == key)
                {
                    self.demo.set_switch(key, s.value.next(back));
                }
            }
        }
    }

    pub fn mouse_press(&mut self, screen: Vec2) {
        let at = self.camera.to_world(screen);
        self.demo.mouse_press(at);
    }

    pub fn mouse_drag(&mut self, screen: Vec2) {
        let at = self.camera.to_world(screen);
        self.demo.mouse_drag(at);
    }

    pub fn mouse_release(&mut self) {
        self.demo.mouse_release();
    }

    /// Zoom by wheel `clicks` (positive: in) about the screen point `at`.
    pub fn wheel(&mut self, at: Vec2, clicks: f32) {
        if clicks.is_finite() {
            self.camera.zoom_about(at, 1.1f32.powf(clicks.clamp(-10.0, 10.0)));
        }
    }

    /// Draw the world, then the HUD as `hud` asks, into `frame` (sized to the
    /// camera).
    pub fn render(&self, frame: &mut Frame, hud: Hud) {
        frame.clear(crate::raster::BACKGROUND);
        let mut list = DrawList::new();
        self.demo.draw(&mut list);
        render(&list, &self.camera, frame);
        match hud {
            Hud::Full => {
                self.draw_hud(frame);
                self.draw_energy_plot(frame);
                if self.show_help {
                    draw_help(frame);
                }
            }
            Hud::Caption => {
                let line = format!(
                    "{} - {}   t = {:.2} s",
                    self.chapter.title,
                    self.demo_name,
                    self.time()
                );
                frame.shade_rect(0, 0, frame.width as i32, 14, 0.55);
                frame.text(4, 3, &line, Color::WHITE, 1);
            }
            Hud::None => {}
        }
    }

    /// The HUD's text lines.
    pub fn hud_lines(&self) -> Vec<(String, Color)> {
        let bodies = self.demo.bodies();
        let p = diagnostics::linear_momentum(&bodies);
        let ke = diagnostics::kinetic_energy(&bodies);
        let pe = diagnostics::potential_energy(&bodies, self.demo.gravity());
        let n = self.chapter.demos.len();
        let which = match self.demo_index {
            Some(i) => format!("demo {}/{}", i + 1, n),
            None => "scene file".to_string(),
        };
        let title = match self.tour {
            Some((i, n)) => format!(
                "{}   (chapter {}/{n}, PgUp/PgDn: chapters)",
                self.chapter.title,
                i + 1
            ),
            None => self.chapter.title.to_string(),
        };
        let mut lines = vec![
            (title, Color::WHITE),
            (format!("{which}: {}   (Tab: next)", self.demo_name), Color::CYAN),
            (
                format!(
                    "step {}   t = {:.2} s   dt = {} s   speed x{}{}",
                    self.steps,
                    self.time(),
                    // A microsecond step reads as 1e-6, not 0.0000.
                    if self.dt >= 1e-3 {
                        format!("{:.4}", self.dt)
                    } else {
                        format!("{:e}", self.dt)
                    },
                    self.time_scale,
                    if self.paused { "   PAUSED" } else { "" }
                ),
                Color::GREY,
            ),
            (
                format!(
                    "momentum ({:.3}, {:.3}) kg m/s   kinetic {:.3} J   total {:.3} J",
                    unsigned_zero(p.x),
                    unsigned_zero(p.y),
                    unsigned_zero(ke),
                    unsigned_zero(ke + pe)
                ),
                Color::GREY,
            ),
        ];
        for Switch { key, name, value } in self.demo.switches() {
            lines.push((
                format!("[{}] {name}: {value}", key.to_ascii_uppercase()),
                Color::YELLOW,
            ));
        }
        lines.push(("H: help".to_string(), Color::GREY));
        lines
    }

    fn draw_hud(&self, frame: &mut Frame) {
        let lines = self.hud_lines();
        let w = lines.iter().map(|(l, _)| text_width(l, 1)).max().unwrap_or(0);
        frame.shade_rect(0, 0, w + 12, lines.len() as i32 * 11 + 8, 0.6);
        for (i, (line, color)) in lines.iter().enumerate() {
            frame.text(6, 5 + i as i32 * 11, line, *color, 1);
        }
    }

    fn draw_energy_plot(&self, frame: &mut Frame) {
        let (w, h) = (200i32, 60i32);
        let x0 = frame.width as i32 - w - 8;
        let y0 = frame.height as i32 - h - 8;
        if x0 < 0 || y0 < 0 || self.history.len() < 2 {
            return;
        }
        frame.shade_rect(x0, y0, w, h, 0.6);
        let lo =
            self.history.iter().flat_map(|(a, b)| [*a, *b]).fold(0.0f32, f32::min);
        let hi =
            self.history.iter().flat_map(|(a, b)| [*a, *b]).fold(1e-6f32, f32::max);
        let span = (hi - lo).max(1e-6);
        let n = self.history.len();
        let point = |i: usize, v: f32| {
            Vec2::new(
                (x0 + 2) as f32 + (w - 4) as f32 * i as f32 / (HISTORY - 1) as f32,
                (y0 + h - 12) as f32 - (h - 16) as f32 * ((v - lo) / span),
            )
        };
        for i in 1..n {
            let (k0, e0) = self.history[i - 1];
            let (k1, e1) = self.history[i];
            frame.line(point(i - 1, e0), point(i, e1), 1.0, Color::ORANGE);
            frame.line(point(i - 1, k0), point(i, k1), 1.0, Color::CYAN);
        }
        frame.text(x0 + 3, y0 + h - 10, "kinetic", Color::CYAN, 1);
        frame.text(x0 + 72, y0 + h - 10, "total energy", Color::ORANGE, 1);
    }
}

/// How much of the HUD to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hud {
    /// Everything: text, switches, energy plot, help when asked for (the window).
    Full,
    /// One caption line: chapter, demo, time (pictures for the book).
    Caption,
    None,
}

fn draw_help(frame: &mut Frame) {
    let w = 420;
    let h = HELP.len() as i32 * 14 + 36;
    let x = (frame.width as i32 - w) / 2;
    let y = (frame.height as i32 - h) / 2;
    frame.shade_rect(x, y, w, h, 0.85);
    frame.text(x + 12, y + 10, "Keys", Color::WHITE, 1);
    for (i, (key, what)) in HELP.iter().enumerate() {
        let yy = y + 28 + i as i32 * 14;
        frame.text(x + 12, yy, key, Color::YELLOW, 1);
        frame.text(x + 140, yy, what, Color::WHITE, 1);
    }
}

/// `x`, or 0 if it shows as zero to three places: the HUD reads "0.000", not
/// "-0.000", for a quantity that is zero but for rounding (a massless inspector's
/// energy, a resting pile's momentum).
fn unsigned_zero(x: f32) -> f32 {
    if x.abs() < 5e-4 { 0.0 } else { x }
}

#[cfg(test)]
mod tests {
    use super::*;
    use physics_core::demo::{BodyState, DemoEntry, SwitchValue};

    /// A body falling freely, with one switch: just enough to drive a session.
    struct Faller {
        y: f32,
        v: f32,
        drag: bool,
    }

    impl Demo for Faller {
        fn step(&mut self, dt: f32) {
            self.v -= 9.81 * dt;
            self.y += self.v * dt;
        }
        fn reset(&mut self) {
            self.y = 1.0;
            self.v = 0.0;
        }
        fn draw(&self, out: &mut DrawList) {
            out.circle(Vec2::new(0.0, self.y), 0.1, Color::RED);
        }
        fn bounds(&self) -> (Vec2, Vec2) {
            (Vec2::splat(-1.0), Vec2::splat(1.0))
        }
        fn bodies(&self) -> Vec<BodyState> {
            vec![BodyState::particle(
                Vec2::new(0.0, self.y),
                Vec2::new(0.0, self.v),
                1.0,
            )]
        }
        fn gravity(&self) -> Vec2 {
            Vec2::new(0.0, -9.81)
        }
        fn switches(&self) -> Vec<Switch> {
            vec![Switch::toggle('d', "drag", self.drag)]
        }
        fn set_switch(&mut self, key: char, value: SwitchValue) {
            if key == 'd' {
                self.drag = value.as_bool().unwrap_or(self.drag);
            }
        }
    }

    fn make() -> Box<dyn Demo> {
        Box::new(Faller { y: 1.0, v: 0.0, drag: false })
    }

    const DEMOS: &[DemoEntry] = &[
        DemoEntry { name: "one", about: "", make },
        DemoEntry { name: "two", about: "", make },
    ];
    const CH: Chapter = Chapter {
        number: 0,
        package: "test",
        title: "Test",
        demos: DEMOS,
        supports: &[],
        from_scene: None,
    };

    #[test]
    fn controls_do_what_the_help_says() {
        let mut s = Session::with_demo(CH, 0, None, 320, 240);
        s.control(Control::Step);
        assert!(s.paused);
        assert_eq!(s.steps, 1);
        s.control(Control::Reset);
        assert_eq!(s.steps, 0);
        s.control(Control::Switch { key: 'd', back: false });
        assert_eq!(s.demo.switches()[0].value, SwitchValue::Bool(true));
        s.control(Control::NextDemo { back: false });
        assert_eq!(s.demo_index, Some(1));
        assert!(s.paused, "switching demos keeps pause");
        s.control(Control::NextDemo { back: false });
        assert_eq!(s.demo_index, Some(0));
        s.control(Control::Faster);
        assert_eq!(s.time_scale, 2.0);
        // Zoomed and panned away, 0 brings back the demo's own framing.
        let framed = s.camera.to_world(Vec2::new(160.0, 120.0));
        s.camera.zoom_about(Vec2::new(3.0, 3.0), 4.0);
        assert_ne!(s.camera.to_world(Vec2::new(160.0, 120.0)), framed);
        s.control(Control::ResetView);
        assert_eq!(s.camera.to_world(Vec2::new(160.0, 120.0)), framed);
    }

    #[test]
    fn energy_history_tracks_a_fall() {
        let mut s = Session::with_demo(CH, 0, Some(0.01), 320, 240);
        for _ in 0..50 {
            s.step();
        }
        let (k0, e0) = s.history[0];
        let (k1, e1) = *s.history.back().unwrap();
        assert_eq!(k0, 0.0);
        assert!(k1 > 1.0);
        // Semi-implicit Euler after n steps: v = -g dt n, y = y0 - g dt^2 n (n + 1)
        // / 2, so the total energy has drifted by exactly -m g^2 dt^2 n / 2 =
        // -0.2406 J for m = 1, n = 50, dt = 0.01. The history must show that drift
        // (to f32 noise, 1e-3 J).
        let expected = -9.81f32 * 9.81 * 0.01 * 0.01 * 50.0 / 2.0;
        assert!(((e1 - e0) - expected).abs() < 1e-3, "{e0} -> {e1}");
    }

    #[test]
    fn render_draws_world_and_hud() {
        let s = Session::with_demo(CH, 0, None, 320, 240);
        let mut f = Frame::new(320, 240);
        s.render(&mut f, Hud::None);
        assert!(f.pixels.contains(&Color::RED.0));
        assert!(!f.pixels.contains(&Color::WHITE.0));
        s.render(&mut f, Hud::Full);
        assert!(f.pixels.contains(&Color::WHITE.0));
        let lines = s.hud_lines();
        assert!(lines.iter().any(|(l, _)| l.contains("[D] drag: off")));
    }
}
