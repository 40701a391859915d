//! # web
//!
//! The chapters' demos running inside the book's pages. This crate builds for
//! `wasm32-unknown-unknown` as a plain `cdylib`: no generated JavaScript, only the
//! `extern "C"` functions in [`exports`], which `book/src/web/live.js` (about 300
//! lines, no dependencies) calls. The page does what the window does in `viewer`'s
//! `app.rs`: it feeds real time, the mouse and the keys to a [`Session`], and shows
//! the frames the session renders.
//!
//! Build it into the book with `cargo xtask web`.
//!
//! One module holds every chapter, all fourteen, built for speed rather than size
//! (the `web` profile, `opt-level = 3`, with WebAssembly's 128-bit SIMD: see
//! `.cargo/config.toml`): the biggest demos, such as chapter 13's 5,000-body bin,
//! step every body every frame. The browser loads it once and every page after the
//! first takes it from its cache, which beats a smaller module per page; a cargo
//! feature per chapter could split it.

use glam::Vec2;
use physics_core::demo::{Chapter, Controls, SwitchValue};
use physics_core::timestep::FixedStep;
use viewer::raster::Frame;
use viewer::session::{Control, Hud, Session};

pub mod exports;

/// The chapters the pages can show, in reading order: the tour's list. A page
/// embeds a chapter by its package name.
pub const CHAPTERS: &[Chapter] = tour::CHAPTERS;

/// The smallest and largest canvas the page may ask for, in pixels.
const MIN_SIZE: usize = 16;
const MAX_SIZE: usize = 4096;

/// One live demo: the session, its framebuffer and the clock that turns real time
/// into steps.
pub struct Live {
    pub session: Session,
    frame: Frame,
    /// The frame as RGBA bytes (what a canvas `ImageData` holds), one `u32` per
    /// pixel.
    rgba: Vec<u32>,
    stepper: FixedStep,
    /// The steps the last [`Live::advance`] took.
    last_steps: u32,
    /// Something changed since the last render.
    dirty: bool,
    /// Right-drag panning: the last screen point.
    panning: Option<Vec2>,
}

impl Live {
    /// The chapter's first demo on a `width` x `height` canvas, or `None` if there
    /// is no such chapter or it has no demos yet.
    pub fn open(chapter: usize, width: usize, height: usize) -> Option<Live> {
        let chapter = *CHAPTERS.get(chapter)?;
        if chapter.demos.is_empty() {
            return None;
        }
        let (w, h) =
            (width.clamp(MIN_SIZE, MAX_SIZE), height.clamp(MIN_SIZE, MAX_SIZE));
        Some(Live::showing(Session::with_demo(chapter, 0, None, w, h)))
    }

    /// `session` in the page, on a canvas its camera's size.
    fn showing(mut session: Session) -> Live {
        session.set_hud(Hud::Page);
        let (w, h) = (session.camera.width, session.camera.height);
        Live {
            stepper: FixedStep::new(session.dt),
            last_steps: 0,
            session,
            frame: Frame::new(w, h),
            rgba: vec![0; w * h],
            dirty: true,
            panning: None,
        }
    }

    /// `seconds` of real time have passed: take the fixed steps they pay for (none
    /// while paused), and render if anything changed. Returns whether the picture
    /// was redrawn.
    pub fn frame(&mut self, seconds: f32) -> bool {
        self.advance(seconds);
        self.draw()
    }

    /// `seconds` of real time have passed: take the fixed steps they pay for (none
    /// while paused). Returns how many.
    pub fn advance(&mut self, seconds: f32) -> u32 {
        if self.stepper.dt != self.session.dt {
            self.stepper = FixedStep::new(self.session.dt);
        }
        self.last_steps = 0;
        if !self.session.paused {
            self.last_steps =
                self.stepper.advance(seconds * self.session.run_speed());
            for _ in 0..self.last_steps {
                self.session.step();
            }
            self.dirty |= self.last_steps > 0;
        }
        self.last_steps
    }

    /// The steps of the last [`Live::advance`] took `seconds` of real time (the
    /// page's clock): while a step costs more than half what it covers, a frame
    /// takes one
    /// ([`FixedStep::took`]).
    pub fn took(&mut self, seconds: f32) {
        self.stepper.took(self.last_steps, seconds);
    }

    /// Render if anything changed since the last time. Returns whether the
    /// picture was redrawn.
    pub fn draw(&mut self) -> bool {
        if !self.dirty {
            return false;
        }
        self.session.render(&mut self.frame, Hud::Page);
        for (out, &p) in self.rgba.iter_mut().zip(&self.frame.pixels) {
            // 0RGB in a u32 to the bytes R, G, B, A in memory (wasm is
            // little-endian).
            *out = 0xff00_0000 | (p & 0xff) << 16 | (p & 0xff00) | (p >> 16) & 0xff;
        }
        self.dirty = false;
        true
    }

    /// The last rendered frame, RGBA, row by row from the top left.
    pub fn rgba(&self) -> &[u32] {
        &self.rgba
    }

    pub fn size(&self) -> (usize, usize) {
        (self.frame.width, self.frame.height)
    }

    /// A key as the page reports it: `'\t'` for Tab, `'.'` for the right arrow, a
    /// digit, a lower-case letter, `' '`, `'+'`, `'='`, `'-'`. Returns whether it
    /// means something, so the page can keep it from scrolling.
    pub fn key(&mut self, key: char, shift: bool) -> bool {
        match control_for(key, shift) {
            Some(c) => {
                self.control(c);
                true
            }
            None => false,
        }
    }

    /// Whether the demo takes the arrow keys ([`Demo::steers`]): the page
    /// then sends their held state to [`Live::steer`] instead of stepping
    /// on the right arrow.
    ///
    /// [`Demo::steers`]: physics_core::demo::Demo::steers
    pub fn steers(&self) -> bool {
        self.session.demo.steers()
    }

    /// The arrow keys held now, as [`Controls::bits`]: 1 left, 2 right, 4
    /// up, 8 down.
    pub fn steer(&mut self, bits: u32) {
        self.session.steer(Controls::from_bits(bits));
    }

    pub fn control(&mut self, c: Control) {
        let before = (self.session.demo_index, self.session.steps == 0);
        self.session.control(c);
        if (self.session.demo_index, self.session.steps == 0) != before {
            // A new demo or a reset starts with an empty accumulator, as in the
            // window.
            self.stepper = FixedStep::new(self.session.dt);
        }
        self.dirty = true;
    }

    pub fn mouse_press(&mut self, x: f32, y: f32) {
        if x.is_finite() && y.is_finite() {
            self.session.mouse_press(Vec2::new(x, y));
            self.dirty = true;
        }
    }

    pub fn mouse_drag(&mut self, x: f32, y: f32) {
        if x.is_finite() && y.is_finite() {
            self.session.mouse_drag(Vec2::new(x, y));
            self.dirty = true;
        }
    }

    pub fn mouse_release(&mut self) {
        self.session.mouse_release();
        self.dirty = true;
    }

    /// Right-drag: pan. `down` is false when the button comes up.
    pub fn pan(&mut self, x: f32, y: f32, down: bool) {
        let m = Vec2::new(x, y);
        if !down || !m.is_finite() {
            self.panning = None;
            return;
        }
        if let Some(p) = self.panning {
            self.session.pan(m - p);
            self.dirty = true;
        }
        self.panning = Some(m);
    }

    pub fn wheel(&mut self, x: f32, y: f32, clicks: f32) {
        self.session.wheel(Vec2::new(x, y), clicks);
        self.dirty = true;
    }

    /// The canvas is now `width` x `height` (the page went full screen, or came
    /// back): same demo, same moment, the view refitted unless moved.
    pub fn resize(&mut self, width: usize, height: usize) {
        let (w, h) =
            (width.clamp(MIN_SIZE, MAX_SIZE), height.clamp(MIN_SIZE, MAX_SIZE));
        self.frame = Frame::new(w, h);
        self.rgba = vec![0; w * h];
        self.session.resize(w, h);
        self.dirty = true;
    }

    /// Step by `seconds` from now on, within 1/1000 to 1/10 s; 0 goes back to
    /// the demo's own step. Returns the step now in force.
    pub fn set_time_step(&mut self, seconds: f32) -> f32 {
        let dt = (seconds > 0.0 && seconds.is_finite())
            .then(|| seconds.clamp(1e-3, 0.1));
        self.session.set_time_step(dt);
        self.dirty = true;
        self.session.dt
    }

    /// Body `i`'s centre in canvas pixels, for the page's tests.
    pub fn body_on_screen(&self, i: usize) -> Option<Vec2> {
        let b = self.session.demo.bodies().get(i).copied()?;
        Some(self.session.camera.to_screen(b.position))
    }
}

/// The shared control a key stands for: the same keys as the window (`viewer`'s
/// `app.rs`).
pub fn control_for(key: char, shift: bool) -> Option<Control> {
    Some(match key {
        ' ' => Control::Pause,
        '.' => Control::Step,
        'r' => Control::Reset,
        '+' | '=' => Control::Faster,
        '-' | '_' => Control::Slower,
        'h' => Control::Help,
        '\t' => Control::NextDemo { back: shift },
        '1'..='9' => Control::Demo(key as usize - '1' as usize),
        '0' => Control::ResetView,
        '`' => Control::FoldHud,
        '[' => Control::HudSize { smaller: true },
        ']' => Control::HudSize { smaller: false },
        'a'..='z' => Control::Switch { key, back: shift },
        _ => return None,
    })
}

/// A switch's state for the page's buttons: 1 on, 0 off, -1 a number (or none), -2
/// an action.
pub fn switch_state(value: SwitchValue) -> i32 {
    match value {
        SwitchValue::Bool(on) => on as i32,
        SwitchValue::Number { .. } | SwitchValue::Optional { .. } => -1,
        SwitchValue::Action => -2,
    }
}

/// A fingerprint of a run: demo `demo` of chapter `chapter` (indices into
/// [`CHAPTERS`] and its demos) stepped `steps` times at its own time step, every
/// body's position, angle and velocities hashed bit for bit (FNV-1a, 64 bits).
/// Equal natively and in WebAssembly when the engine is deterministic across
/// targets; `None` if there is no such demo.
pub fn state_hash(chapter: usize, demo: usize, steps: u32) -> Option<u64> {
    let entry = CHAPTERS.get(chapter)?.demos.get(demo)?;
    let mut d = (entry.make)();
    let dt = d.time_step();
    for _ in 0..steps {
        d.step(dt);
    }
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for b in d.bodies() {
        let values = [
            b.position.x,
            b.position.y,
            b.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity,
        ];
        for v in values {
            for byte in v.to_bits().to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    Some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chapter_opens_runs_and_draws() {
        for (i, ch) in CHAPTERS.iter().enumerate() {
            let mut live = Live::open(i, 320, 200).expect(ch.package);
            assert!(live.frame(0.0), "{}: first frame drawn", ch.package);
            let first = live.rgba().to_vec();
            assert!(live.rgba().iter().all(|p| p >> 24 == 0xff), "opaque");
            assert!(!live.frame(0.0), "nothing changed, nothing drawn");
            assert!(live.frame(0.5));
            assert!(live.session.steps > 0);
            assert_ne!(first, live.rgba(), "{}: the picture moves", ch.package);
        }
        assert!(Live::open(CHAPTERS.len(), 320, 200).is_none());
    }

    #[test]
    fn keys_do_what_the_window_does() {
        let mut live = Live::open(0, 320, 200).unwrap();
        assert!(live.key(' ', false));
        assert!(live.session.paused);
        live.frame(1.0);
        assert_eq!(live.session.steps, 0, "paused: no steps");
        live.key('.', false);
        assert_eq!(live.session.steps, 1);
        live.key('r', false);
        assert_eq!(live.session.steps, 0);
        let key = live.session.demo.switches()[0].key;
        let before = live.session.demo.switches()[0].value;
        live.key(key, false);
        assert_ne!(live.session.demo.switches()[0].value, before);
        live.key('\t', false);
        assert_eq!(live.session.demo_index, Some(1));
        live.key('1', false);
        assert_eq!(live.session.demo_index, Some(0));
        assert!(!live.key('!', false));
    }

    /// A world the arrow keys push along, to steer.
    #[derive(Clone, Default)]
    struct Walker {
        x: f32,
        held: Controls,
    }

    impl physics_core::lab::Sim for Walker {
        type Hold = ();
        fn step(&mut self, dt: f32) {
            self.x += self.held.across() * dt;
        }
        fn bodies(&self) -> Vec<physics_core::demo::BodyState> {
            vec![physics_core::demo::BodyState::particle(
                Vec2::new(self.x, 0.0),
                Vec2::ZERO,
                1.0,
            )]
        }
        fn draw(&self, out: &mut physics_core::draw::DrawList, _overlay: bool) {
            out.point(
                Vec2::new(self.x, 0.0),
                4.0,
                physics_core::draw::Color::WHITE,
            );
        }
        fn steers(&self) -> bool {
            true
        }
        fn steer(&mut self, controls: Controls) {
            self.held = controls;
        }
    }

    /// A demo that steers says so, and the held keys (the page's bits)
    /// move it; `.` still steps it. Every chapter's first demo that does
    /// not steer ignores them.
    #[test]
    fn held_arrows_steer_a_demo_that_steers() {
        use physics_core::demo::DemoEntry;
        const WALK: &[DemoEntry] = &[DemoEntry {
            name: "walk",
            about: "",
            make: || {
                let lab = physics_core::lab::Lab::new(
                    Walker::default(),
                    &[],
                    (Vec2::splat(-1.0), Vec2::ONE),
                );
                Box::new(lab)
            },
        }];
        let chapter = Chapter { demos: WALK, ..CHAPTERS[0] };
        let mut live =
            Live::showing(Session::with_demo(chapter, 0, None, 320, 200));
        assert!(live.steers());
        live.steer(2); // right
        for _ in 0..4 {
            live.advance(0.25);
        }
        let x = live.session.demo.bodies()[0].position.x;
        assert!((x - 1.0).abs() < 0.05, "right for a second: {x}");
        live.steer(0);
        assert!(live.key('.', false));
        assert_eq!(
            live.session.demo.bodies()[0].position.x,
            x,
            "a step with no keys"
        );
        for (i, ch) in CHAPTERS.iter().enumerate() {
            let mut live = Live::open(i, 320, 200).unwrap();
            if live.steers() {
                continue;
            }
            let before = live.session.demo.bodies();
            live.steer(15);
            assert_eq!(live.session.demo.bodies(), before, "{}", ch.package);
        }
    }

    #[test]
    fn a_drag_to_an_absurd_point_stays_finite() {
        // The adversarial review's fuzzer dragged to 1e37 px and got infinite
        // energies and a panic; every chapter's first demo must stay finite however
        // far the pointer goes.
        for (i, _) in CHAPTERS.iter().enumerate() {
            let mut live = Live::open(i, 400, 300).unwrap();
            let movable =
                live.session.demo.bodies().iter().position(|b| b.inv_mass > 0.0);
            let Some(first) = movable else { continue };
            let p = live.body_on_screen(first).unwrap();
            live.mouse_press(p.x, p.y);
            for k in 0..60 {
                let far = if k % 2 == 0 { 1e37 } else { -1e37 };
                live.mouse_drag(far, -far);
                live.session.step();
            }
            live.mouse_release();
            let bodies = live.session.demo.bodies();
            assert!(
                bodies
                    .iter()
                    .all(|b| b.position.is_finite() && b.velocity.is_finite()),
                "chapter {i}: a body went non-finite"
            );
        }
    }

    #[test]
    fn a_drag_changes_the_motion() {
        // Chapter 3 grabs a circle; chapter 2 turns the world; either way the run
        // differs.
        for (i, chapter) in CHAPTERS.iter().enumerate() {
            let run = |drag: bool| {
                let mut live = Live::open(i, 400, 300).unwrap();
                // The first body that can move (chapter 6's first body is the
                // static ground).
                let first = live
                    .session
                    .demo
                    .bodies()
                    .iter()
                    .position(|b| b.inv_mass > 0.0)
                    .unwrap();
                let p = live.body_on_screen(first).unwrap();
                if drag {
                    live.mouse_press(p.x, p.y);
                }
                for k in 0..30 {
                    if drag {
                        live.mouse_drag(p.x + 3.0 * k as f32, p.y - 2.0 * k as f32);
                    }
                    live.session.step();
                }
                live.mouse_release();
                live.session.demo.bodies()
            };
            assert_ne!(run(true), run(false), "{}", chapter.package);
        }
    }

    /// The runs in `web/tests/determinism.txt` give the hashes written there. The
    /// browser test (`web/tests/live.test.mjs`) computes the same runs in
    /// WebAssembly and checks the same file: so native and web are bit-identical.
    /// After a change that moves bodies on purpose, rewrite the file with
    /// `UPDATE_HASHES=1 cargo test -p web`.
    #[test]
    fn runs_match_the_hashes_the_browser_checks() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/determinism.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = String::new();
        let mut wrong = Vec::new();
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                out += line;
                out += "\n";
                continue;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            let (c, d, steps): (usize, usize, u32) = (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                f[2].parse().unwrap(),
            );
            let hash = state_hash(c, d, steps).expect("a demo");
            if format!("{hash:016x}") != f[3] {
                wrong.push(format!("{line}: native gives {hash:016x}"));
            }
            out += &format!("{c} {d} {steps} {hash:016x} {}\n", f[4..].join(" "));
        }
        if std::env::var_os("UPDATE_HASHES").is_some() {
            std::fs::write(path, out).unwrap();
        } else {
            assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        }
    }
}
