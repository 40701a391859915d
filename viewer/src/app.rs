//! The program every chapter binary runs: parse the command line, then open the
//! window or run headless.

use crate::cli::{self, Args};
use crate::headless;
use crate::raster::Frame;
use crate::session::{Control, FrameTimes, Hud, Session};
use glam::Vec2;
use minifb::{
    Key, KeyRepeat, MouseButton, MouseMode, ScaleMode, Window, WindowOptions,
};
use physics_core::demo::{Chapter, Controls};
use physics_core::scene::Scene;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Exit code for a usage error and for "no display" (clap uses 2 for usage errors
/// too).
const EXIT_USAGE: u8 = 2;

/// Run `chapter` with the process's command line. This is all a chapter's `main`
/// calls.
pub fn run(chapter: Chapter) -> ExitCode {
    run_chapters(&[chapter], false, std::env::args().collect())
}

/// Run `chapter` with the command line `args` (the program's name first):
/// for a binary that takes some words of its own command line first (chapter
/// 17's `--level FILE`) and hands the viewer the rest.
pub fn run_with_args(chapter: Chapter, args: Vec<String>) -> ExitCode {
    run_chapters(&[chapter], false, args)
}

/// The tour: every chapter in one window, PageUp/PageDown to move between them.
/// Headless, it runs the chapter chosen with `--chapter` (the first by default).
pub fn run_tour(chapters: &[Chapter]) -> ExitCode {
    run_chapters(chapters, true, std::env::args().collect())
}

/// The name and title the tour's command line goes by.
const TOUR: Chapter = Chapter {
    number: 0,
    package: "tour",
    title: "The workbook: every chapter",
    demos: &[],
    supports: &[],
    from_scene: None,
};

fn run_chapters(chapters: &[Chapter], tour: bool, argv: Vec<String>) -> ExitCode {
    let Some(first) = chapters.first() else {
        eprintln!("error: no chapters");
        return ExitCode::FAILURE;
    };
    let front = if tour { &TOUR } else { first };
    let args = match cli::parse(front, tour, argv.iter().cloned()) {
        Ok(a) => a,
        Err(e) => {
            // Prints help or the error; exits 0 for --help, 2 for a usage error.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    let index = match &args.chapter {
        None => 0,
        Some(c) => match chapters.iter().enumerate().position(|(i, ch)| {
            ch.package == c.as_str() || (i + 1).to_string() == *c
        }) {
            Some(i) => i,
            None => {
                let names: Vec<String> = chapters
                    .iter()
                    .enumerate()
                    .map(|(i, ch)| format!("{} ({})", i + 1, ch.package))
                    .collect();
                eprintln!(
                    "error: --chapter: no chapter `{c}`; the chapters are {}",
                    names.join(", ")
                );
                return ExitCode::from(EXIT_USAGE);
            }
        },
    };
    let chapter = chapters[index];
    if args.list_demos {
        let mut list = String::new();
        for ch in if tour { chapters } else { &chapters[..1] } {
            if tour {
                list += &format!("{} ({})\n", ch.title, ch.package);
            }
            for d in ch.demos {
                list += &format!("{:<16} {}\n", d.name, d.about);
            }
        }
        print_out(&list);
        return ExitCode::SUCCESS;
    }
    let mut session = match open(&chapter, &args) {
        Ok(s) => s,
        Err((code, msg)) => {
            eprintln!("error: {msg}");
            return ExitCode::from(code);
        }
    };
    if tour {
        session.tour = Some((index, chapters.len()));
    }
    if let Some(keys) = &args.press {
        for key in keys.chars() {
            let lower = key.to_ascii_lowercase();
            let switches = session.demo.switches();
            if !switches.iter().any(|s| s.key == lower) {
                let have: String = switches.iter().map(|s| s.key).collect();
                eprintln!(
                    "error: --press: `{key}` is no switch of {} `{}`; its switch keys are {have}",
                    chapter.package, session.demo_name
                );
                return ExitCode::from(EXIT_USAGE);
            }
            session.control(Control::Switch {
                key: lower,
                back: key.is_ascii_uppercase(),
            });
        }
    }
    if args.headless {
        match headless::run(&mut session, &args) {
            Ok(summary) => {
                print_out(&format!("{summary}\n"));
                ExitCode::SUCCESS
            }
            Err((code, msg)) => {
                eprintln!("error: {msg}");
                ExitCode::from(code)
            }
        }
    } else {
        window(session, chapters, &args)
    }
}

/// Write `text` to standard output. A reader that went away (`| head -1`) is not an
/// error: what it wanted it has, and the run's files are already written.
fn print_out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The session the command line asks for: a scene file, a named demo or the first
/// demo.
fn open(chapter: &Chapter, args: &Args) -> Result<Session, (u8, String)> {
    let (w, h) = args.size;
    if let Some(path) = &args.scene {
        if args.demo.is_some() {
            return Err((EXIT_USAGE, "give --scene or --demo, not both".into()));
        }
        if chapter.from_scene.is_none() {
            return Err((
                1,
                format!("{} does not load scene files", chapter.package),
            ));
        }
        // An error in a part the chapter does not simulate also names the
        // chapter that adds it.
        let scene = Scene::load(path).map_err(|e| {
            let e = e.in_chapter(chapter.number, chapter.supports);
            (1, format!("scene: {e}"))
        })?;
        let demo = chapter
            .load_scene(&scene)
            .map_err(|e| (1, format!("scene `{}`: {e}", path.display())))?;
        let dt = args.dt.or(Some(scene.dt));
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "scene".into());
        return Ok(Session::new(*chapter, None, &name, demo, dt, w, h));
    }
    let index = match &args.demo {
        None => 0,
        Some(name) => chapter
            .demos
            .iter()
            .position(|d| d.name == name.as_str())
            .ok_or_else(|| {
                let names: Vec<&str> =
                    chapter.demos.iter().map(|d| d.name).collect();
                (
                    EXIT_USAGE,
                    format!(
                        "--demo: no demo named `{name}` in {}; its demos are: {}",
                        chapter.package,
                        names.join(", ")
                    ),
                )
            })?,
    };
    if chapter.demos.is_empty() {
        return Err((1, format!("{} has no demos", chapter.package)));
    }
    Ok(Session::with_demo(*chapter, index, args.dt, w, h))
}

fn no_display(chapter: &Chapter, why: &str) -> ExitCode {
    eprintln!(
        "no display ({why}); run headless instead: cargo run --release -p {} -- --headless --steps 600 --png out.png",
        chapter.package
    );
    ExitCode::from(EXIT_USAGE)
}

/// The window loop: input, fixed steps, render, present.
fn window(mut session: Session, chapters: &[Chapter], args: &Args) -> ExitCode {
    let chapter = session.chapter;
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        return no_display(&chapter, "DISPLAY is not set");
    }
    let (mut w, mut h) = args.size;
    let title = format!("{} - physics workbook", chapter.title);
    let mut window = match Window::new(
        &title,
        w,
        h,
        WindowOptions {
            resize: true,
            // The frame is always the window's size (it is resized with it):
            // copied as it is, not run through minifb's scaling, which
            // interpolates every pixel even at one to one.
            scale_mode: ScaleMode::UpperLeft,
            ..WindowOptions::default()
        },
    ) {
        Ok(win) => win,
        Err(e) => return no_display(&chapter, &e.to_string()),
    };
    // The window's frames are paced here ([`Pace`]), not by minifb.
    window.set_target_fps(0);
    let mut pace = Pace::sixty(Instant::now());
    // The frame line, from the first frame, so that the view fits the HUD
    // with it.
    session.frame_times = Some(FrameTimes::default());
    // The picture drawn in bands, a thread a core: what the step leaves of a
    // frame's sixtieth of a second goes on the pixels.
    session.draw_threads =
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    session.set_hud(Hud::Full);
    // A small window starts with the HUD folded, so the scene keeps most of it
    // (` unfolds it).
    if session.hud_rects()[0].3 as f32 > 0.35 * h as f32 {
        session.hud_folded = true;
        session.fit_view();
    }
    let mut frame = Frame::new(w, h);
    let mut stepper = physics_core::timestep::FixedStep::new(session.dt);
    let mut last = Instant::now();
    let mut dragging = false;
    let mut panning: Option<Vec2> = None;
    let mut clock = FrameClock::default();

    while window.is_open() && !window.is_key_down(Key::Escape) {
        let now = Instant::now();
        let elapsed = (now - last).as_secs_f32();
        last = now;

        let (nw, nh) = window.get_size();
        if (nw, nh) != (w, h) && nw > 0 && nh > 0 {
            (w, h) = (nw, nh);
            frame.resize(w, h);
            session.resize(w, h);
        }

        let shift = window.is_key_down(Key::LeftShift)
            || window.is_key_down(Key::RightShift);
        let demo_before = (session.demo_index, session.steps == 0);
        let steers = session.demo.steers();
        for key in window.get_keys_pressed(KeyRepeat::No) {
            if let (Some((i, n)), Key::PageDown | Key::PageUp) = (session.tour, key)
            {
                // The tour: the next or previous chapter, at its first demo.
                let next = if key == Key::PageDown {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                let (paused, scale, help) =
                    (session.paused, session.time_scale, session.show_help);
                let (folded, size) = (session.hud_folded, session.hud_size);
                let listed = session.inherited_listed;
                let (times, threads) = (session.frame_times, session.draw_threads);
                session = Session::with_demo(chapters[next], 0, args.dt, w, h);
                (session.paused, session.time_scale, session.show_help) =
                    (paused, scale, help);
                (session.hud_folded, session.hud_size) = (folded, size);
                session.inherited_listed = listed;
                (session.frame_times, session.draw_threads) = (times, threads);
                session.tour = Some((next, n));
                session.set_hud(Hud::Full);
                window.set_title(&format!(
                    "{} - physics workbook",
                    chapters[next].title
                ));
                continue;
            }
            // A demo the player steers takes the arrow keys (held, below);
            // `.` still steps it.
            if steers && ARROWS.contains(&key) {
                continue;
            }
            if let Some(c) = control_for(key, shift) {
                session.control(c);
            }
        }
        if !steers
            && window.is_key_pressed(Key::Right, KeyRepeat::Yes)
            && !window.is_key_pressed(Key::Right, KeyRepeat::No)
        {
            session.control(Control::Step);
        }
        // The arrow keys held this frame, for the steps about to be taken.
        if session.demo.steers() {
            session.steer(Controls {
                left: window.is_key_down(Key::Left),
                right: window.is_key_down(Key::Right),
                up: window.is_key_down(Key::Up),
                down: window.is_key_down(Key::Down),
            });
        }
        if (session.demo_index, session.steps == 0) != demo_before
            || stepper.dt != session.dt
        {
            stepper = physics_core::timestep::FixedStep::new(session.dt);
        }

        let mouse =
            window.get_mouse_pos(MouseMode::Discard).map(|(x, y)| Vec2::new(x, y));
        let left = window.get_mouse_down(MouseButton::Left);
        match (left, dragging, mouse) {
            (true, false, Some(m)) => {
                session.mouse_press(m);
                dragging = true;
            }
            (true, true, Some(m)) => session.mouse_drag(m),
            (false, true, _) => {
                session.mouse_release();
                dragging = false;
            }
            _ => {}
        }
        let right = window.get_mouse_down(MouseButton::Right);
        match (right, panning, mouse) {
            (true, None, Some(m)) => panning = Some(m),
            (true, Some(p), Some(m)) => {
                session.pan(m - p);
                panning = Some(m);
            }
            (false, _, _) => panning = None,
            _ => {}
        }
        if let (Some((_, dy)), Some(m)) = (window.get_scroll_wheel(), mouse) {
            session.wheel(m, dy.signum());
        }

        let mut stepping = 0.0;
        if !session.paused {
            let n = stepper.advance(elapsed * session.run_speed());
            let started = Instant::now();
            for _ in 0..n {
                session.step();
            }
            stepping = started.elapsed().as_secs_f32();
            stepper.took(n, stepping);
        }

        let drawing = Instant::now();
        session.render(&mut frame, Hud::Full);
        let drawing = drawing.elapsed().as_secs_f32();
        if window.update_with_buffer(&frame.pixels, w, h).is_err() {
            break;
        }
        if let Some(wait) = pace.wait(Instant::now()) {
            std::thread::sleep(wait);
        }
        if let Some(times) =
            clock.tick(now.elapsed().as_secs_f32(), stepping, drawing)
        {
            session.frame_times = Some(times);
        }
    }
    ExitCode::SUCCESS
}

/// Frames sixty a second on a fixed schedule: each frame is due a
/// sixtieth of a second after the last one was due, not after it ended.
/// (minifb's own limit sleeps until a sixtieth after its last sleep ended,
/// so every time the system wakes the window late the frame is longer,
/// and a busy window falls short of sixty a second even when each frame's
/// work fits in a sixtieth.) A frame that ends late is made up by the next
/// ones, which do not wait; a window more than a frame behind (a step too
/// slow, a stall) starts the schedule again from now rather than rushing
/// to catch up.
struct Pace {
    period: Duration,
    due: Instant,
}

impl Pace {
    fn sixty(now: Instant) -> Pace {
        Pace { period: Duration::from_secs(1) / 60, due: now }
    }

    /// How long to wait, a frame having just ended `now`, before the next
    /// one starts.
    fn wait(&mut self, now: Instant) -> Option<Duration> {
        self.due += self.period;
        if now < self.due {
            return Some(self.due - now);
        }
        if now > self.due + self.period {
            self.due = now;
        }
        None
    }
}

/// Sums of the window's frame times, handed on as a [`FrameTimes`] each
/// second.
#[derive(Default)]
struct FrameClock {
    frames: u32,
    /// Seconds: all frames', their steps', their drawing's.
    frame: f32,
    step: f32,
    draw: f32,
}

impl FrameClock {
    /// Count a frame that took `frame` seconds, `step` of them stepping and
    /// `draw` drawing; after a second's frames, their means.
    fn tick(&mut self, frame: f32, step: f32, draw: f32) -> Option<FrameTimes> {
        self.frames += 1;
        self.frame += frame;
        self.step += step;
        self.draw += draw;
        if self.frame < 1.0 {
            return None;
        }
        let (n, ms) = (self.frames as f32, 1000.0 / self.frames as f32);
        let times = FrameTimes {
            per_second: n / self.frame,
            step: self.step * ms,
            draw: self.draw * ms,
            frame: self.frame * ms,
        };
        *self = FrameClock::default();
        Some(times)
    }
}

/// The keys a demo that steers takes for itself.
const ARROWS: [Key; 4] = [Key::Left, Key::Right, Key::Up, Key::Down];

/// The shared control a key stands for.
fn control_for(key: Key, shift: bool) -> Option<Control> {
    Some(match key {
        Key::Space => Control::Pause,
        Key::Right | Key::Period => Control::Step,
        Key::R => Control::Reset,
        Key::Equal | Key::NumPadPlus => Control::Faster,
        Key::Minus | Key::NumPadMinus => Control::Slower,
        Key::H => Control::Help,
        Key::Tab => Control::NextDemo { back: shift },
        Key::Key1 => Control::Demo(0),
        Key::Key2 => Control::Demo(1),
        Key::Key3 => Control::Demo(2),
        Key::Key4 => Control::Demo(3),
        Key::Key5 => Control::Demo(4),
        Key::Key6 => Control::Demo(5),
        Key::Key7 => Control::Demo(6),
        Key::Key8 => Control::Demo(7),
        Key::Key9 => Control::Demo(8),
        Key::Key0 => Control::ResetView,
        Key::Backquote => Control::FoldHud,
        Key::LeftBracket => Control::HudSize { smaller: true },
        Key::RightBracket => Control::HudSize { smaller: false },
        k => {
            let letter = letter(k)?;
            Control::Switch { key: letter, back: shift }
        }
    })
}

fn letter(key: Key) -> Option<char> {
    const LETTERS: [(Key, char); 24] = [
        (Key::A, 'a'),
        (Key::B, 'b'),
        (Key::C, 'c'),
        (Key::D, 'd'),
        (Key::E, 'e'),
        (Key::F, 'f'),
        (Key::G, 'g'),
        (Key::I, 'i'),
        (Key::J, 'j'),
        (Key::K, 'k'),
        (Key::L, 'l'),
        (Key::M, 'm'),
        (Key::N, 'n'),
        (Key::O, 'o'),
        (Key::P, 'p'),
        (Key::Q, 'q'),
        (Key::S, 's'),
        (Key::T, 't'),
        (Key::U, 'u'),
        (Key::V, 'v'),
        (Key::W, 'w'),
        (Key::X, 'x'),
        (Key::Y, 'y'),
        (Key::Z, 'z'),
    ];
    LETTERS.iter().find(|(k, _)| *k == key).map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pace keeps a schedule: frames that take 10 ms wait out the
    /// rest of each sixtieth; a wait that oversleeps by 1.5 ms is made up
    /// by a shorter next wait, so that frames stay due every sixtieth (the
    /// frame after a slow one waits less, and one late by less than a frame
    /// does not wait at all); a window more than a frame behind starts
    /// again from where it is.
    #[test]
    fn the_pace_keeps_frames_due_every_sixtieth() {
        let start = Instant::now();
        let sixtieth = Duration::from_secs(1) / 60;
        let ms = |m: f64| Duration::from_secs_f64(m / 1000.0);
        let mut pace = Pace::sixty(start);
        // A 10 ms frame, then the wait for the rest of the sixtieth.
        let wait = pace.wait(start + ms(10.0)).expect("time to wait");
        assert_eq!(start + ms(10.0) + wait, start + sixtieth);
        // The wait overslept by 1.5 ms; the next 10 ms frame waits less,
        // and ends its wait on the schedule.
        let woke = start + sixtieth + ms(1.5);
        let wait = pace.wait(woke + ms(10.0)).expect("time to wait");
        assert_eq!(woke + ms(10.0) + wait, start + 2 * sixtieth);
        // A 20 ms frame ends 3.3 ms after the next is due: no wait, and
        // the one after is still due on the schedule.
        let late = start + 2 * sixtieth + ms(20.0);
        assert_eq!(pace.wait(late), None);
        let wait = pace.wait(late + ms(5.0)).expect("time to wait");
        assert_eq!(late + ms(5.0) + wait, start + 4 * sixtieth);
        // A frame 100 ms long: the schedule starts again from its end.
        let stalled = start + 4 * sixtieth + ms(100.0);
        assert_eq!(pace.wait(stalled), None);
        let wait = pace.wait(stalled + ms(10.0)).expect("time to wait");
        assert_eq!(stalled + ms(10.0) + wait, stalled + sixtieth);
    }

    /// The clock hands on nothing before a second of frames, then their
    /// means: frames a second from the frames' own times, and each part's
    /// milliseconds a frame; the HUD's line says what is left for showing
    /// and waiting.
    #[test]
    fn the_frame_clock_gives_a_seconds_means() {
        let mut clock = FrameClock::default();
        // 49 frames of 20 ms (8 stepping, 5 drawing): 0.98 s, not yet a second.
        for _ in 0..49 {
            assert_eq!(clock.tick(0.020, 0.008, 0.005), None);
        }
        // One of 30 ms: 50 frames in 1.01 s, 20.2 ms each.
        let times = clock.tick(0.030, 0.008, 0.005).expect("a second of frames");
        assert!((times.per_second - 50.0 / 1.01).abs() < 1e-3, "{times:?}");
        assert!((times.frame - 20.2).abs() < 1e-3, "{times:?}");
        assert!((times.step - 8.0).abs() < 1e-3 && (times.draw - 5.0).abs() < 1e-3);
        assert_eq!(
            times.line(),
            "50 frames a second: step 8.0 ms, draw 5.0 ms, show and wait 7.2 ms"
        );
        // The next second starts from nothing.
        assert_eq!(clock.tick(0.5, 0.1, 0.1), None);
        assert_eq!(FrameTimes::default().line(), "frames: measuring");
    }
}
