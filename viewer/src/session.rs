//! What every front end shares: the chosen demo, the step count, pause and time
//! scale, the camera, the controls and the HUD. The window, the headless renderer
//! and the web page each feed it input and show its frames; none of them knows a
//! chapter's types.

use crate::camera::Camera;
use crate::raster::{Frame, render_items_on, text_width};
use glam::Vec2;
use physics_core::demo::{Chapter, Demo, Switch};
use physics_core::diagnostics;
use physics_core::draw::{Color, DrawItem, DrawList};
use std::cell::RefCell;
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
    /// `` ` ``: the HUD folded to what the demo is for; unfolded, with an
    /// earlier chapter's switches on one line; with those listed too.
    FoldHud,
    /// `]` / `[`: the HUD's text larger / smaller.
    HudSize { smaller: bool },
}

/// Where a key of the help works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// In the window and in the page.
    Everywhere,
    /// In the tour's window only (the page shows one chapter).
    Tour,
    /// In a window only.
    Window,
    /// For a demo the player steers with the arrow keys ([`Demo::steers`]).
    Steered,
    /// For every other demo.
    Unsteered,
}

/// The key help, as shown by H: what each key does, and where.
pub const HELP: &[(&str, &str, Where)] = &[
    ("Space", "pause / run", Where::Everywhere),
    ("Right or .", "one step (while paused)", Where::Unsteered),
    (".", "one step (while paused)", Where::Steered),
    ("Left / Right", "walk (this demo takes the arrows)", Where::Steered),
    ("Up", "jump", Where::Steered),
    ("R", "reset the demo", Where::Everywhere),
    ("+ / -", "run faster / slower", Where::Everywhere),
    ("Tab, Shift+Tab", "next / previous demo", Where::Everywhere),
    ("1-9", "demo number", Where::Everywhere),
    ("PgUp / PgDn", "previous / next chapter", Where::Tour),
    ("letters", "the demo's switches (Shift: back)", Where::Everywhere),
    ("left drag", "grab a body, or a figure's handle", Where::Everywhere),
    ("right drag", "pan the view", Where::Everywhere),
    ("wheel", "zoom about the cursor", Where::Everywhere),
    ("0", "reset the view (undo pan and zoom)", Where::Everywhere),
    ("`", "unfold the HUD, list inherited switches, fold", Where::Everywhere),
    ("[ / ]", "smaller / larger HUD text", Where::Everywhere),
    ("H", "this help", Where::Everywhere),
    ("Esc", "quit", Where::Window),
];

/// How many steps of energy history the HUD plot keeps.
const HISTORY: usize = 600;

/// The speed a demo runs at while its moment is under way
/// ([`Demo::slow_motion`]): a step shown for eight frames.
pub const SLOW_MOTION: f32 = 1.0 / 8.0;

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
    /// In the window: where its frames' time goes, shown under the step line.
    pub frame_times: Option<FrameTimes>,
    /// How many threads draw the picture, each a band of its rows
    /// ([`render_items_on`]): the same pixels on any number.
    pub draw_threads: usize,
    /// What the front end draws over the world; the camera fits the scene
    /// beside it ([`Session::set_hud`]).
    pub hud: Hud,
    /// The HUD folded to the demo's name and what it is for.
    pub hud_folded: bool,
    /// An earlier chapter's switches listed one a line in the HUD, not
    /// folded to one line of their keys.
    pub inherited_listed: bool,
    /// The HUD's text scale, 1 to 3.
    pub hud_size: i32,
    /// Whether the learner has zoomed or panned: a resize then keeps their view.
    pub view_moved: bool,
    /// The part of the screen the view was fitted into, beside the HUD: a
    /// point the demo follows is kept in its middle.
    free: (i32, i32, i32, i32),
    /// The demo's draw list, emptied and filled again each frame, so that
    /// it keeps its room (5,000 bodies grew a new list from nothing a dozen
    /// times a frame, copying it each time).
    list: RefCell<Vec<DrawItem>>,
    /// The picture of the items the demo last drew as still
    /// ([`DrawList::still`]), kept to start the next frame from.
    still: RefCell<Option<StillPicture>>,
}

/// What [`Session::draw_still`] did with a frame's still items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Still {
    /// There were none: nothing drawn.
    None,
    /// Drawn over the background, or their kept picture copied: the items
    /// are those kept.
    Same,
    /// Drawn over the background; new, so the frame's list is to be kept.
    New,
}

/// A picture of a demo's still items, and what it was drawn from: the
/// items, the camera and the frame's size. Any of them changed, it is drawn
/// again.
#[derive(Clone, Debug)]
struct StillPicture {
    /// The frame's whole draw list, its first `still` items the still ones
    /// (kept whole: the list is moved here, not its still part copied).
    items: Vec<DrawItem>,
    still: usize,
    camera: Camera,
    size: (usize, usize),
    /// The picture, once the same items were drawn two frames running.
    picture: Option<Frame>,
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
            frame_times: None,
            draw_threads: 1,
            hud: Hud::None,
            hud_folded: false,
            inherited_listed: false,
            hud_size: 1,
            view_moved: false,
            free: (0, 0, width as i32, height as i32),
            list: RefCell::default(),
            still: RefCell::default(),
        };
        s.sample();
        s
    }

    /// Draw `hud` from now on, and fit the view beside it.
    pub fn set_hud(&mut self, hud: Hud) {
        self.hud = hud;
        self.fit_view();
    }

    /// The screen rectangles the HUD covers: its text panel at the top left and
    /// the energy plot at the bottom right, (x, y, width, height) in pixels (a
    /// figure, which does not move, has no plot: an empty rectangle in the
    /// corner).
    pub fn hud_rects(&self) -> Vec<(i32, i32, i32, i32)> {
        let (w, h) = (self.camera.width as i32, self.camera.height as i32);
        match self.hud {
            Hud::Full | Hud::Page => {
                let lines = self.hud_lines();
                let size = self.hud_size;
                let text = lines.iter().map(|(l, _)| text_width(l, size)).max();
                let panel =
                    (0, 0, text.unwrap_or(0) + 12, panel_height(lines.len(), size));
                let plot = if self.demo.still() {
                    (w, h, 0, 0)
                } else {
                    (w - PLOT.0 - 8, h - PLOT.1 - 8, PLOT.0 + 8, PLOT.1 + 8)
                };
                vec![panel, plot]
            }
            Hud::Caption => vec![(0, 0, w, CAPTION)],
            Hud::None => Vec::new(),
        }
    }

    /// The camera on the demo's own framing, in the part of the screen the HUD
    /// leaves free: below the text panel or beside it, whichever shows the scene
    /// larger, and above the plot.
    pub fn fit_view(&mut self) {
        let (lo, hi) = self.demo.bounds();
        let (w, h) = (self.camera.width, self.camera.height);
        let free = match self.hud {
            Hud::Full | Hud::Page => {
                let rects = self.hud_rects();
                let (panel, plot) = (rects[0], rects[1]);
                let bottom = (h as i32 - plot.3).max(0);
                let below = (0, panel.3, w as i32, bottom - panel.3);
                let beside = (panel.2, 0, w as i32 - panel.2, bottom);
                let scale = |r: (i32, i32, i32, i32)| {
                    Camera::fit(lo, hi, r.2.max(1) as usize, r.3.max(1) as usize)
                        .scale
                };
                let best =
                    if scale(beside) > scale(below) { beside } else { below };
                // A panel taller than the window: use the whole window.
                if best.2 < 40 || best.3 < 40 { None } else { Some(best) }
            }
            Hud::Caption | Hud::None => None,
        };
        self.camera = match free {
            Some((x, y, rw, rh)) => Camera::fit_in(lo, hi, w, h, (x, y, rw, rh)),
            None => Camera::fit(lo, hi, w, h),
        };
        self.free = free.unwrap_or((0, 0, w as i32, h as i32));
        self.view_moved = false;
    }

    /// The screen is now `width` by `height`: refit, unless the learner has moved
    /// the view, which is then kept.
    pub fn resize(&mut self, width: usize, height: usize) {
        self.camera.resize(width, height);
        self.refit_unless_moved();
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

    /// Step by `dt` seconds from now on (kept across demos), or by each demo's
    /// own step again for `None`; the step count goes on.
    pub fn set_time_step(&mut self, dt: Option<f32>) {
        self.dt_override = dt;
        self.dt = dt.unwrap_or(self.demo.time_step());
    }

    /// Simulated seconds per real second now: the learner's speed, at most
    /// [`SLOW_MOTION`] while the demo's moment is under way.
    pub fn run_speed(&self) -> f32 {
        if self.demo.slow_motion() {
            self.time_scale.min(SLOW_MOTION)
        } else {
            self.time_scale
        }
    }

    /// Simulated time, in seconds.
    pub fn time(&self) -> f64 {
        self.steps as f64 * self.dt as f64
    }

    /// One fixed step; the view follows the point the demo asks it to,
    /// unless the learner has moved it.
    pub fn step(&mut self) {
        if self.demo.trouble().is_some() {
            // The run cannot go on: it stays where it stopped, the reason in
            // the status line.
            self.paused = true;
            return;
        }
        self.demo.step(self.dt);
        self.steps += 1;
        self.sample();
        if let Some(p) = self.demo.follow().filter(|_| !self.view_moved) {
            self.keep_in_view(p);
        }
    }

    /// The arrow keys held now, for a demo that steers ([`Demo::steer`]);
    /// nothing for one that does not.
    pub fn steer(&mut self, controls: physics_core::demo::Controls) {
        if self.demo.steers() {
            self.demo.steer(controls);
        }
    }

    /// Pan the view just enough to keep `p` in the middle half of the part
    /// of the screen beside the HUD (or, for a demo that asks, at its centre).
    fn keep_in_view(&mut self, p: Vec2) {
        let (x, y, w, h) = self.free;
        let (x, y, w, h) = (x as f32, y as f32, w as f32, h as f32);
        let at = self.camera.to_screen(p);
        let past = |v: f32, lo: f32, size: f32| {
            let (a, b) = (lo + 0.25 * size, lo + 0.75 * size);
            if v < a {
                v - a
            } else if v > b {
                v - b
            } else {
                0.0
            }
        };
        let (dx, dy) = match self.demo.follow_centred() {
            true => (at.x - (x + 0.5 * w), at.y - (y + 0.5 * h)),
            false => (past(at.x, x, w), past(at.y, y, h)),
        };
        self.camera.center += Vec2::new(dx, -dy) / self.camera.scale;
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
        // A view that followed the demo goes back with it.
        if self.demo.follow().is_some() {
            self.refit_unless_moved();
        }
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
        let (tour, frame_times, threads) =
            (self.tour, self.frame_times, self.draw_threads);
        let (hud, folded, size) = (self.hud, self.hud_folded, self.hud_size);
        let listed = self.inherited_listed;
        *self = Session::with_demo(self.chapter, index % n, self.dt_override, w, h);
        (self.tour, self.frame_times, self.draw_threads) =
            (tour, frame_times, threads);
        self.paused = paused;
        self.time_scale = scale;
        self.show_help = help;
        self.hud_folded = folded;
        self.inherited_listed = listed;
        self.hud_size = size;
        self.set_hud(hud);
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
            Control::ResetView => self.fit_view(),
            Control::FoldHud => {
                // Folded, then unfolded (an earlier chapter's switches on one
                // line), then those listed too where there are any, then
                // folded again.
                let inherited =
                    self.demo.switches().iter().any(|s| s.from.is_some());
                if self.hud_folded {
                    self.hud_folded = false;
                } else if inherited && !self.inherited_listed {
                    self.inherited_listed = true;
                } else {
                    (self.hud_folded, self.inherited_listed) = (true, false);
                }
                self.refit_unless_moved();
            }
            Control::HudSize { smaller } => {
                let size = self.hud_size + if smaller { -1 } else { 1 };
                self.hud_size = size.clamp(1, 3);
                self.refit_unless_moved();
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

    fn refit_unless_moved(&mut self) {
        if !self.view_moved {
            self.fit_view();
        }
    }

    /// Move the view by `pixels` on the screen (a right drag).
    pub fn pan(&mut self, pixels: Vec2) {
        self.camera.center -= pixels * Vec2::new(1.0, -1.0) / self.camera.scale;
        self.view_moved = true;
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
            self.view_moved = true;
        }
    }

    /// Draw the world, then the HUD as `hud` asks, into `frame` (sized to the
    /// camera).
    pub fn render(&self, frame: &mut Frame, hud: Hud) {
        let mut items = self.list.take();
        items.clear();
        let mut list = DrawList { items, still: 0 };
        self.demo.draw(&mut list);
        let still = list.still.min(list.items.len());
        let drawn = self.draw_still(&list.items[..still], frame);
        // With no still part, the bands clear their own rows.
        let background =
            (drawn == Still::None).then_some(crate::raster::BACKGROUND);
        let moving = &list.items[still..];
        render_items_on(moving, &self.camera, frame, self.draw_threads, background);
        if drawn == Still::New {
            // The list is kept, with the still part's place in it, and the
            // next frame's starts with as much room.
            let (camera, size) = (self.camera, (frame.width, frame.height));
            self.list.replace(Vec::with_capacity(list.items.len()));
            let items = list.items;
            *self.still.borrow_mut() =
                Some(StillPicture { items, still, camera, size, picture: None });
        } else {
            self.list.replace(list.items);
        }
        match hud {
            Hud::Full | Hud::Page => {
                self.draw_hud(frame);
                self.draw_energy_plot(frame);
                if self.show_help {
                    self.draw_help(frame);
                }
            }
            Hud::Caption => {
                let mut line =
                    format!("{} - {}", self.chapter.title, self.demo_name);
                if !self.demo.still() {
                    line += &format!("   t = {:.2} s", self.time());
                }
                frame.shade_rect(0, 0, frame.width as i32, CAPTION, 0.55);
                frame.text(4, 3, &line, Color::WHITE, 1);
                // The demo's numbers, where they cannot cover the world's text.
                if let Some(status) = self.demo.status() {
                    let y = frame.height as i32 - CAPTION;
                    frame.shade_rect(0, y, frame.width as i32, CAPTION, 0.55);
                    frame.text(4, y + 3, &status, Color::WHITE, 1);
                }
            }
            Hud::None => {}
        }
    }

    // ANCHOR: draw_still
    /// The background and `items`, the demo's still ones: the picture kept
    /// from the last frames if they, the camera and the frame's size are the
    /// same, else drawn. A pile of 5,000 shapes asleep then costs a
    /// comparison and a copy a frame, not 5,000 shapes. The picture is kept
    /// once the still items have been the same two frames running: while a
    /// pile falls asleep a few bodies a frame, they change every frame, and a
    /// copy of a picture that will not be used again is time lost. Returns
    /// what it did: [`Still::New`] asks the caller to keep this frame's list.
    fn draw_still(&self, items: &[DrawItem], frame: &mut Frame) -> Still {
        if items.is_empty() {
            return Still::None;
        }
        let mut kept = self.still.borrow_mut();
        let size = (frame.width, frame.height);
        let alike = kept.as_ref().is_some_and(|k| {
            k.size == size
                && k.camera == self.camera
                && k.items[..k.still] == *items
        });
        if alike
            && let Some(picture) = kept.as_ref().and_then(|k| k.picture.as_ref())
        {
            frame.pixels.copy_from_slice(&picture.pixels);
            return Still::Same;
        }
        let background = Some(crate::raster::BACKGROUND);
        render_items_on(items, &self.camera, frame, self.draw_threads, background);
        match kept.as_mut().filter(|_| alike) {
            // The second frame alike: keep the picture.
            Some(k) => {
                k.picture = Some(frame.clone());
                Still::Same
            }
            None => Still::New,
        }
    }
    // ANCHOR_END: draw_still

    /// What the demo is for and what to try: its `about` line (or the scene
    /// file's name).
    pub fn about(&self) -> String {
        match self.demo_index {
            Some(i) => self.chapter.demos[i].about.to_string(),
            None => format!("the scene file {}", self.demo_name),
        }
    }

    /// The HUD's text lines: in the window, the chapter and the demo, what the
    /// demo is for, the numbers, and (unless folded) the switches; in the page,
    /// whose own controls show the rest, the numbers only.
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
        // A microsecond step reads as 1e-6, not 0.0000.
        let dt = if self.dt >= 1e-3 {
            format!("{:.4}", self.dt)
        } else {
            format!("{:e}", self.dt)
        };
        let paused = if self.paused { "   PAUSED" } else { "" };
        let slow = if self.run_speed() < self.time_scale {
            " (slow motion while it happens)"
        } else {
            ""
        };
        let time = format!(
            "step {}   t = {:.2} s   dt = {dt} s   speed x{}{slow}{paused}",
            self.steps,
            self.time(),
            self.run_speed(),
        );
        let momentum = format!(
            "momentum ({:.3}, {:.3}) kg m/s",
            unsigned_zero(p.x),
            unsigned_zero(p.y)
        );
        let energy = format!(
            "kinetic {:.3} J   total {:.3} J (potential 0 at y = 0)",
            unsigned_zero(ke),
            unsigned_zero(ke + pe)
        );
        let page = self.hud == Hud::Page;
        let mut lines = Vec::new();
        if !page {
            lines.push((title, Color::WHITE));
            let demo = format!("{which}: {}   (Tab: next)", self.demo_name);
            lines.push((demo, Color::CYAN));
            // Wrapped to the window at the HUD's text size too.
            let fits = (self.camera.width as i32 - 20) / (8 * self.hud_size);
            for part in
                wrap(&self.about(), ABOUT_COLUMNS.min(fits.max(20) as usize))
            {
                lines.push((part, Color::GREEN));
            }
        }
        if self.hud_folded && !page {
            let n = self.demo.switches().len();
            let numbers = if self.demo.still() { "" } else { ", the numbers" };
            let more = format!("`: unfold ({n} switches{numbers})   H: help");
            lines.push((more, Color::GREY));
            return lines;
        }
        // A figure does not move: no time, momentum or energy to read.
        let still = self.demo.still();
        if !still {
            lines.push((time, Color::GREY));
        }
        if let Some(times) = self.frame_times.filter(|_| !page) {
            lines.push((times.line(), Color::GREY));
        }
        if !still {
            lines.push((momentum, Color::GREY));
            lines.push((energy, Color::GREY));
        }
        if let Some(status) = self.demo.status() {
            lines.push((status, Color::WHITE));
        }
        if let Some(why) = self.demo.trouble() {
            lines.push((format!("stopped: {why}"), Color::RED));
        }
        if page {
            return lines;
        }
        let switches = self.demo.switches();
        let key = |s: &Switch| s.key.to_ascii_uppercase();
        for s in switches.iter().filter(|s| s.from.is_none()) {
            let line = format!("[{}] {}: {}", key(s), s.name, s.value);
            lines.push((line, Color::YELLOW));
        }
        // An earlier chapter's switches: one line of their keys, or listed
        // under that chapter's name.
        let mut chapters: Vec<u32> =
            switches.iter().filter_map(|s| s.from).collect();
        chapters.dedup();
        for chapter in &chapters {
            let theirs = switches.iter().filter(|s| s.from == Some(*chapter));
            if self.inherited_listed {
                let head =
                    format!("chapter {chapter}'s switches, still at work here:");
                lines.push((head, Color::GREY));
                for s in theirs {
                    let line = format!("[{}] {}: {}", key(s), s.name, s.value);
                    lines.push((line, Color::YELLOW));
                }
            } else {
                let keys: Vec<String> =
                    theirs.map(|s| key(s).to_string()).collect();
                let line = format!(
                    "chapter {chapter}'s switches: {}   (`: list them)",
                    keys.join(" ")
                );
                lines.push((line, Color::YELLOW));
            }
        }
        lines.push(("H: help   `: fold   [ ]: text size".to_string(), Color::GREY));
        lines
    }

    fn draw_hud(&self, frame: &mut Frame) {
        let lines = self.hud_lines();
        let size = self.hud_size;
        let w = lines.iter().map(|(l, _)| text_width(l, size)).max().unwrap_or(0);
        // Dark enough that what moves under it (a laser, a flung rod) does
        // not read as drawn over the text.
        frame.shade_rect(0, 0, w + 12, panel_height(lines.len(), size), 0.88);
        for (i, (line, color)) in lines.iter().enumerate() {
            frame.text(6, 5 + i as i32 * LINE * size, line, *color, size);
        }
    }

    fn draw_energy_plot(&self, frame: &mut Frame) {
        let (w, h) = PLOT;
        let x0 = frame.width as i32 - w - 8;
        let y0 = frame.height as i32 - h - 8;
        if x0 < 0 || y0 < 0 || self.history.len() < 2 || self.demo.still() {
            return;
        }
        frame.shade_rect(x0, y0, w, h, 0.88);
        let values = || self.history.iter().flat_map(|(a, b)| [*a, *b]);
        let lo = values().fold(0.0f32, f32::min);
        let hi = values().fold(1e-6f32, f32::max);
        let span = (hi - lo).max(1e-6);
        let n = self.history.len();
        let point = |i: usize, v: f32| {
            Vec2::new(
                (x0 + 2) as f32 + (w - 4) as f32 * i as f32 / (HISTORY - 1) as f32,
                (y0 + h - 14) as f32 - (h - 32) as f32 * ((v - lo) / span),
            )
        };
        for i in 1..n {
            let (k0, e0) = self.history[i - 1];
            let (k1, e1) = self.history[i];
            frame.line(point(i - 1, e0), point(i, e1), 1.0, Color::ORANGE);
            frame.line(point(i - 1, k0), point(i, k1), 1.0, Color::CYAN);
        }
        // The scale: the plot's bottom and top, in joules, over the last ten
        // seconds (600 steps), kept inside the box.
        let mut scale = format!("{} to {} J", short(lo), short(hi));
        let steps = format!("{scale}, {HISTORY} steps");
        if text_width(&steps, 1) <= w - 6 {
            scale = steps;
        }
        frame.text(x0 + 3, y0 + 3, &scale, Color::GREY, 1);
        frame.text(x0 + 3, y0 + h - 10, "kinetic", Color::CYAN, 1);
        frame.text(x0 + 72, y0 + h - 10, "total, PE 0 at y = 0", Color::ORANGE, 1);
    }

    /// The key help, with only the keys that work here: no chapter keys outside
    /// the tour, no Esc in the page.
    pub fn help(&self) -> Vec<(&'static str, &'static str)> {
        HELP.iter()
            .filter(|(_, _, place)| match place {
                Where::Everywhere => true,
                Where::Tour => self.tour.is_some(),
                Where::Window => self.hud != Hud::Page,
                Where::Steered => self.demo.steers(),
                Where::Unsteered => !self.demo.steers(),
            })
            .map(|&(key, what, _)| (key, what))
            .collect()
    }

    fn draw_help(&self, frame: &mut Frame) {
        let shown = self.help();
        let w = 420;
        let h = shown.len() as i32 * 14 + 36;
        let x = (frame.width as i32 - w) / 2;
        let y = (frame.height as i32 - h) / 2;
        frame.shade_rect(x, y, w, h, 0.85);
        frame.text(x + 12, y + 10, "Keys", Color::WHITE, 1);
        for (i, (key, what)) in shown.iter().enumerate() {
            let yy = y + 28 + i as i32 * 14;
            frame.text(x + 12, yy, key, Color::YELLOW, 1);
            frame.text(x + 140, yy, what, Color::WHITE, 1);
        }
    }
}

/// Where the window's frames' time went, averaged over about a second: what
/// the HUD's frame line says.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameTimes {
    /// Frames drawn a second.
    pub per_second: f32,
    /// Milliseconds a frame spent stepping the world (all its steps).
    pub step: f32,
    /// Milliseconds a frame spent drawing the picture.
    pub draw: f32,
    /// Milliseconds a frame took in all: the rest is handing the picture to
    /// the display and waiting for the next sixtieth of a second.
    pub frame: f32,
}

impl FrameTimes {
    /// The HUD's line: before the first second is measured, a line saying so.
    pub fn line(&self) -> String {
        if self.frame <= 0.0 {
            return "frames: measuring".to_string();
        }
        format!(
            "{:.0} frames a second: step {:.1} ms, draw {:.1} ms, show and wait {:.1} ms",
            self.per_second,
            self.step,
            self.draw,
            (self.frame - self.step - self.draw).max(0.0),
        )
    }
}

/// How much of the HUD to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hud {
    /// Everything: what the demo is for, the numbers, the switches, the energy
    /// plot, help when asked for (the window).
    Full,
    /// The numbers and the energy plot: the page shows the demo's name, what it
    /// is for and its switches as its own controls.
    Page,
    /// One caption line: chapter, demo, time; and the demo's numbers in a band
    /// at the bottom (pictures for the book).
    Caption,
    None,
}

/// The energy plot's size, pixels.
const PLOT: (i32, i32) = (240, 76);
/// A caption band's height, pixels.
const CAPTION: i32 = 14;
/// A HUD line's height at text size 1, pixels.
const LINE: i32 = 11;
/// Where the about line wraps, characters.
const ABOUT_COLUMNS: usize = 72;

fn panel_height(lines: usize, size: i32) -> i32 {
    lines as i32 * LINE * size + 8
}

/// `text` in lines of at most `columns` characters, broken between words.
fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > columns {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// A number in at most four significant figures, for the plot's scale:
/// 1766, -126.6, 0.25, 3.85e4.
fn short(x: f32) -> String {
    let a = x.abs();
    if a >= 1e4 || (x != 0.0 && a < 1e-2) {
        return format!("{x:.2e}");
    }
    // Places after the point for four figures in all: 3 for 1.234, 0 for
    // 1234.
    let places =
        if x == 0.0 { 0 } else { (3 - a.log10().floor() as i32).clamp(0, 5) };
    let text = format!("{x:.*}", places as usize);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
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
        /// Trouble once the body has fallen 11 m, as a crowd that outgrows
        /// the pairs a run may keep does in chapters 13 on.
        fn trouble(&self) -> Option<String> {
            (self.y < -10.0).then(|| "fell through".to_string())
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

    /// A run the demo says cannot go on stops there: the window pauses
    /// and steps no further, and the command line exits 1 naming the step
    /// and the reason, leaving no file.
    #[test]
    fn trouble_stops_the_run_and_leaves_no_file() {
        let mut s = Session::with_demo(CH, 0, None, 320, 240);
        for _ in 0..120 {
            s.step();
        }
        // 11 m of free fall, `g dt^2 n (n + 1) / 2` at 1/60 s, takes 90
        // steps; the 91st is refused.
        assert_eq!(s.steps, 90);
        assert!(s.paused);
        let dir =
            std::env::temp_dir().join(format!("trouble-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let trace = dir.join("t.csv");
        let mut s = Session::with_demo(CH, 0, None, 320, 240);
        let args = crate::cli::Args {
            headless: true,
            steps: 100,
            demo: None,
            list_demos: false,
            png: None,
            gif: None,
            gif_every: None,
            trace: Some(trace.clone()),
            events: None,
            scene: None,
            dt: None,
            size: (64, 48),
            press: None,
            chapter: None,
        };
        let (code, message) = crate::headless::run(&mut s, &args).unwrap_err();
        assert_eq!(code, 1);
        assert!(
            message.starts_with("step 90: fell through; no output written"),
            "{message}"
        );
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "files left: {left:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

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

    /// Whether the box `lo..hi` of the world lands on screen clear of `rect`.
    fn clear_of(
        s: &Session,
        (lo, hi): (Vec2, Vec2),
        rect: (i32, i32, i32, i32),
    ) -> bool {
        let (a, b) = (s.camera.to_screen(lo), s.camera.to_screen(hi));
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        let (rx, ry, rw, rh) = rect;
        let (rx, ry, rw, rh) = (rx as f32, ry as f32, rw as f32, rh as f32);
        x1 <= rx || x0 >= rx + rw || y1 <= ry || y0 >= ry + rh
    }

    /// In the window the demo's framing lands clear of the HUD's text panel and
    /// of the energy plot, on a wide screen and a tall one, folded or not; a
    /// resize refits, unless the learner has zoomed, and 0 refits again.
    #[test]
    fn the_view_fits_beside_the_hud_and_refits_on_resize() {
        for (w, h) in [(960, 720), (640, 480), (480, 800)] {
            for folded in [false, true] {
                let mut s = Session::with_demo(CH, 0, None, w, h);
                s.hud_folded = folded;
                s.set_hud(Hud::Full);
                let framing = s.demo.bounds();
                for rect in s.hud_rects() {
                    assert!(
                        clear_of(&s, framing, rect),
                        "{w}x{h} {folded}: {rect:?}"
                    );
                }
            }
        }
        let mut s = Session::with_demo(CH, 0, None, 960, 720);
        s.set_hud(Hud::Full);
        s.resize(1280, 900);
        let framing = s.demo.bounds();
        assert!(s.hud_rects().into_iter().all(|r| clear_of(&s, framing, r)));
        let centre = s.camera.to_screen(Vec2::ZERO);
        assert!(centre.x > 300.0, "refitted to the larger window: {centre}");
        s.wheel(Vec2::new(10.0, 10.0), 3.0);
        let zoomed = s.camera;
        s.resize(1000, 800);
        assert_eq!(s.camera.scale, zoomed.scale, "a moved view is kept");
        s.control(Control::ResetView);
        assert!(s.hud_rects().into_iter().all(|r| clear_of(&s, framing, r)));
    }

    /// The HUD says what the demo is for; folded, it keeps that and drops the
    /// switches; the page's HUD leaves both to the page. The help lists the
    /// chapter keys only in the tour and Esc only in a window.
    #[test]
    fn the_hud_says_what_the_demo_is_for_and_folds() {
        const ABOUT: &[DemoEntry] =
            &[DemoEntry { name: "one", about: "drop it and watch it fall", make }];
        let mut s =
            Session::with_demo(Chapter { demos: ABOUT, ..CH }, 0, None, 640, 480);
        s.set_hud(Hud::Full);
        let text = |s: &Session| {
            s.hud_lines().into_iter().map(|(l, _)| l).collect::<Vec<_>>()
        };
        assert!(text(&s).iter().any(|l| l == "drop it and watch it fall"));
        assert!(text(&s).iter().any(|l| l.contains("[D] drag")));
        s.control(Control::FoldHud);
        assert!(text(&s).iter().any(|l| l == "drop it and watch it fall"));
        assert!(!text(&s).iter().any(|l| l.contains("[D] drag")));
        s.set_hud(Hud::Page);
        assert!(!text(&s).iter().any(|l| l.contains("watch") || l.contains("[D]")));
        assert!(text(&s).iter().any(|l| l.starts_with("step ")));
        let keys =
            |s: &Session| s.help().into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert!(!keys(&s).contains(&"Esc") && !keys(&s).contains(&"PgUp / PgDn"));
        s.set_hud(Hud::Full);
        s.tour = Some((0, 2));
        assert!(keys(&s).contains(&"Esc") && keys(&s).contains(&"PgUp / PgDn"));
        // The window's frame line, under the step's, kept across demos; never
        // in the page, whose frames are the browser's.
        let frames = |s: &Session| {
            text(s).into_iter().filter(|l| l.contains("frames a second"))
        };
        assert_eq!(frames(&s).count(), 0);
        s.control(Control::FoldHud);
        s.frame_times = Some(FrameTimes {
            per_second: 60.0,
            step: 4.0,
            draw: 3.0,
            frame: 16.7,
        });
        let lines = text(&s);
        let step =
            lines.iter().position(|l| l.starts_with("step ")).expect("a step line");
        assert!(lines[step + 1].starts_with("60 frames a second"), "{lines:?}");
        s.select_demo(0);
        assert_eq!(frames(&s).count(), 1);
        s.set_hud(Hud::Page);
        assert_eq!(frames(&s).count(), 0);
    }

    /// A still picture with a switch of its own and one of chapter 8's.
    struct Still;

    impl Demo for Still {
        fn step(&mut self, _dt: f32) {}
        fn reset(&mut self) {}
        fn draw(&self, out: &mut DrawList) {
            out.circle(Vec2::ZERO, 0.5, Color::RED);
        }
        fn bounds(&self) -> (Vec2, Vec2) {
            (Vec2::splat(-1.0), Vec2::splat(1.0))
        }
        fn bodies(&self) -> Vec<BodyState> {
            vec![BodyState::particle(Vec2::ZERO, Vec2::ZERO, 0.0)]
        }
        fn still(&self) -> bool {
            true
        }
        fn switches(&self) -> Vec<Switch> {
            let inherited =
                Switch { from: Some(8), ..Switch::toggle('w', "warm", true) };
            vec![Switch::toggle('d', "drag", false), inherited]
        }
    }

    /// An earlier chapter's switches come after the chapter's own, folded to
    /// a line of their keys; ` lists them, then folds the HUD, then unfolds
    /// it. A figure shows no time, momentum or energy, and no plot.
    #[test]
    fn inherited_switches_fold_and_a_figure_has_no_numbers() {
        const FIGURE: &[DemoEntry] =
            &[DemoEntry { name: "figure", about: "", make: || Box::new(Still) }];
        let mut s =
            Session::with_demo(Chapter { demos: FIGURE, ..CH }, 0, None, 640, 480);
        s.set_hud(Hud::Full);
        let text = |s: &Session| {
            s.hud_lines().into_iter().map(|(l, _)| l).collect::<Vec<_>>()
        };
        let lines = text(&s);
        let own = lines.iter().position(|l| l.starts_with("[D] drag")).unwrap();
        assert!(lines[own + 1].starts_with("chapter 8's switches: W"), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("[W]")));
        assert!(
            !lines.iter().any(|l| l.starts_with("step ") || l.contains("kinetic"))
        );
        assert_eq!(s.hud_rects()[1], (640, 480, 0, 0), "no plot to fit beside");
        s.control(Control::FoldHud);
        assert!(text(&s).iter().any(|l| l.starts_with("[W] warm: on")));
        s.control(Control::FoldHud);
        assert!(s.hud_folded && !s.inherited_listed);
        s.control(Control::FoldHud);
        assert!(!s.hud_folded && !s.inherited_listed);
    }

    /// The plot's scale in four figures at most.
    #[test]
    fn the_plot_scale_is_short() {
        assert_eq!(short(1765.8004), "1766");
        assert_eq!(short(-126.6115), "-126.6");
        assert_eq!(short(0.25), "0.25");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(-38500.0), "-3.85e4");
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

    /// A pile that stays put (still, unless the switch recolours it) and a
    /// ball that falls through it.
    struct Pile {
        ball: f32,
        tint: bool,
    }

    impl Demo for Pile {
        fn step(&mut self, dt: f32) {
            self.ball -= dt;
        }
        fn reset(&mut self) {
            self.ball = 0.0;
        }
        fn draw(&self, out: &mut DrawList) {
            let colour = if self.tint { Color::GREEN } else { Color::BLUE };
            for i in 0..40 {
                let at = Vec2::new(-0.95 + 0.05 * i as f32, -0.5 + 0.02 * i as f32);
                out.circle(at, 0.08, colour);
            }
            out.still_so_far();
            out.circle(Vec2::new(0.1, self.ball), 0.15, Color::RED);
        }
        fn bounds(&self) -> (Vec2, Vec2) {
            (Vec2::splat(-1.0), Vec2::splat(1.0))
        }
        fn bodies(&self) -> Vec<BodyState> {
            Vec::new()
        }
        fn switches(&self) -> Vec<Switch> {
            vec![Switch::toggle('t', "tint", self.tint)]
        }
        fn set_switch(&mut self, key: char, value: SwitchValue) {
            if key == 't' {
                self.tint = value.as_bool().unwrap_or(self.tint);
            }
        }
    }

    /// The ball starts in the pile, over its discs.
    fn pile() -> Box<dyn Demo> {
        Box::new(Pile { ball: 0.0, tint: false })
    }

    /// A frame started from the kept picture of the still items is the
    /// frame drawn whole, to the bit, with a moving ball over the still
    /// discs: while the still items stay the same, after the ball moves,
    /// and after the still ones, the camera or the frame's size change
    /// (each of which must draw them again). And the kept picture is used:
    /// a mark put in it shows in the next frame while nothing still has
    /// changed, and is gone once something has.
    #[test]
    fn a_kept_still_picture_gives_the_frame_drawn_whole() {
        const PILE: Chapter = Chapter {
            demos: &[DemoEntry { name: "pile", about: "", make: pile }],
            ..CH
        };
        let mut kept = Session::with_demo(PILE, 0, None, 200, 150);
        let whole = |s: &Session, w: usize, h: usize| {
            // The same demo, camera and steps in a session that keeps nothing.
            let mut fresh = Session::with_demo(PILE, 0, None, w, h);
            (fresh.camera, fresh.steps) = (s.camera, s.steps);
            for _ in 0..s.steps {
                fresh.demo.step(fresh.dt);
            }
            let tint = s.demo.switches()[0].value;
            fresh.demo.set_switch('t', tint);
            let mut f = Frame::new(w, h);
            fresh.render(&mut f, Hud::None);
            f
        };
        let mut frame = Frame::new(200, 150);
        let mut last = Vec::new();
        let mut check = |s: &Session, frame: &mut Frame| {
            s.render(frame, Hud::None);
            assert_eq!(*frame, whole(s, frame.width, frame.height));
            assert_ne!(frame.pixels, last, "each check draws something new");
            last = frame.pixels.clone();
        };
        check(&kept, &mut frame);
        // The ball moves; the pile comes from the kept picture.
        kept.step();
        check(&kept, &mut frame);
        // The pile recoloured, the camera moved, the frame resized.
        kept.demo.set_switch('t', SwitchValue::Bool(true));
        check(&kept, &mut frame);
        kept.pan(Vec2::new(7.0, -3.0));
        check(&kept, &mut frame);
        let mut frame = Frame::new(160, 150);
        check(&kept, &mut frame);
        // A picture is kept only once the same still items come twice.
        let kept_picture = |s: &Session| {
            s.still.borrow().as_ref().is_some_and(|k| k.picture.is_some())
        };
        assert!(!kept_picture(&kept), "kept after one frame");
        kept.step();
        check(&kept, &mut frame);
        assert!(kept_picture(&kept), "not kept after two frames");
        // The top left pixel is background, far from every disc.
        const MARK: u32 = 0x123456;
        let mut still = kept.still.borrow_mut();
        still.as_mut().unwrap().picture.as_mut().unwrap().pixels[0] = MARK;
        drop(still);
        kept.step();
        kept.render(&mut frame, Hud::None);
        assert_eq!(frame.pixels[0], MARK, "the kept picture is used");
        kept.demo.set_switch('t', SwitchValue::Bool(false));
        kept.render(&mut frame, Hud::None);
        assert_ne!(frame.pixels[0], MARK, "a change draws it again");
    }

    /// A body the arrow keys push along: a demo that steers.
    struct Walker {
        x: f32,
        held: physics_core::demo::Controls,
    }

    impl Demo for Walker {
        fn step(&mut self, dt: f32) {
            self.x += self.held.across() * dt;
        }
        fn reset(&mut self) {
            self.x = 0.0;
        }
        fn draw(&self, _out: &mut DrawList) {}
        fn bounds(&self) -> (Vec2, Vec2) {
            (Vec2::splat(-1.0), Vec2::splat(1.0))
        }
        fn bodies(&self) -> Vec<BodyState> {
            vec![BodyState::particle(Vec2::new(self.x, 0.0), Vec2::ZERO, 1.0)]
        }
        fn steers(&self) -> bool {
            true
        }
        fn steer(&mut self, controls: physics_core::demo::Controls) {
            self.held = controls;
        }
    }

    /// A demo that steers gets the held keys, and the help gives it the
    /// arrows and leaves `.` to step; a demo that does not gets nothing.
    #[test]
    fn a_demo_that_steers_gets_the_arrows() {
        use physics_core::demo::Controls;
        const WALK: &[DemoEntry] = &[DemoEntry {
            name: "walk",
            about: "",
            make: || Box::new(Walker { x: 0.0, held: Controls::default() }),
        }];
        let mut s =
            Session::with_demo(Chapter { demos: WALK, ..CH }, 0, None, 640, 480);
        let keys =
            |s: &Session| s.help().into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        assert!(keys(&s).contains(&"Left / Right") && keys(&s).contains(&"."));
        assert!(!keys(&s).contains(&"Right or ."));
        s.steer(Controls { right: true, ..Controls::default() });
        for _ in 0..60 {
            s.step();
        }
        assert!((s.demo.bodies()[0].position.x - 1.0).abs() < 1e-4);
        s.control(Control::Step);
        assert!(s.paused, "a step pauses, as for any demo");
        // A demo that does not steer: the help as ever, the keys ignored.
        let mut s = Session::with_demo(CH, 0, None, 640, 480);
        assert!(keys(&s).contains(&"Right or .") && !keys(&s).contains(&"Up"));
        s.steer(Controls { right: true, ..Controls::default() });
        assert_eq!(
            Controls::from_bits(
                Controls { left: true, up: true, ..Controls::default() }.bits()
            )
            .across(),
            -1.0
        );
    }
}
