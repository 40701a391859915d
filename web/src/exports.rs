//! What the page calls. Plain `extern "C"` functions of numbers: a wasm32 `cdylib`
//! exports them as they are, so the page needs no generated glue, only
//! `instance.exports`.
//!
//! Each page instantiates its own copy of the module, so one module holds one
//! [`Live`] demo. Text goes out through one buffer: a function that returns text
//! writes it there and returns its length in bytes; the page reads that many UTF-8
//! bytes at [`text_ptr`].
//!
//! `#[unsafe(no_mangle)]` is the only thing here the `unsafe_code` lint objects to:
//! it is how a function keeps its name in the module's export table (see
//! Cargo.toml). No code in this crate dereferences a pointer; the page reads memory
//! through the pointers these functions return.
#![allow(unsafe_code)]

use crate::{CHAPTERS, Live, switch_state};
use std::cell::RefCell;

thread_local! {
    // wasm32-unknown-unknown has one thread, so this is the module's one demo.
    static LIVE: RefCell<Option<Live>> = const { RefCell::new(None) };
    static TEXT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Run `f` on the live demo, or return `default` if none is open.
fn with<T>(default: T, f: impl FnOnce(&mut Live) -> T) -> T {
    LIVE.with_borrow_mut(|live| live.as_mut().map(f).unwrap_or(default))
}

/// Put `s` in the text buffer; return its length in bytes.
fn text(s: &str) -> u32 {
    TEXT.with_borrow_mut(|t| {
        t.clear();
        t.push_str(s);
        t.len() as u32
    })
}

/// Where the last text is.
#[unsafe(no_mangle)]
pub extern "C" fn text_ptr() -> *const u8 {
    TEXT.with_borrow(|t| t.as_ptr())
}

#[unsafe(no_mangle)]
pub extern "C" fn chapter_count() -> u32 {
    CHAPTERS.len() as u32
}

/// Chapter `i`'s package name (text), e.g. `ch01-pong-particles`; empty if there is
/// none.
#[unsafe(no_mangle)]
pub extern "C" fn chapter_package(i: u32) -> u32 {
    text(CHAPTERS.get(i as usize).map_or("", |c| c.package))
}

/// Open chapter `chapter`'s first demo on a `width` x `height` canvas. Returns 1,
/// or 0 if there is no such chapter or it has no demos.
#[unsafe(no_mangle)]
pub extern "C" fn open(chapter: u32, width: u32, height: u32) -> u32 {
    let live = Live::open(chapter as usize, width as usize, height as usize);
    let ok = live.is_some();
    LIVE.with_borrow_mut(|l| *l = live);
    ok as u32
}

/// The canvas is now `width` x `height` pixels (full screen, or back).
#[unsafe(no_mangle)]
pub extern "C" fn resize(width: u32, height: u32) {
    with((), |l| l.resize(width as usize, height as usize));
}

/// Step by `seconds` (0: the demo's own step); returns the step in force.
#[unsafe(no_mangle)]
pub extern "C" fn set_time_step(seconds: f32) -> f32 {
    with(0.0, |l| l.set_time_step(seconds))
}

/// `seconds` of real time have passed: step and render. Returns 1 if the frame was
/// redrawn.
#[unsafe(no_mangle)]
pub extern "C" fn frame(seconds: f32) -> u32 {
    with(false, |l| l.frame(seconds)) as u32
}

/// `seconds` of real time have passed: step. Returns how many steps.
#[unsafe(no_mangle)]
pub extern "C" fn advance(seconds: f32) -> u32 {
    with(0, |l| l.advance(seconds))
}

/// The last `advance`'s steps took `seconds` of the page's real time.
#[unsafe(no_mangle)]
pub extern "C" fn took(seconds: f32) {
    with((), |l| l.took(seconds))
}

/// Render if anything changed. Returns 1 if the frame was redrawn.
#[unsafe(no_mangle)]
pub extern "C" fn draw() -> u32 {
    with(false, |l| l.draw()) as u32
}

/// The frame: `width() * height()` RGBA pixels, ready for an `ImageData`.
#[unsafe(no_mangle)]
pub extern "C" fn pixels() -> *const u32 {
    with(std::ptr::null(), |l| l.rgba().as_ptr())
}

#[unsafe(no_mangle)]
pub extern "C" fn width() -> u32 {
    with(0, |l| l.size().0 as u32)
}

#[unsafe(no_mangle)]
pub extern "C" fn height() -> u32 {
    with(0, |l| l.size().1 as u32)
}

/// A key (its character code, see [`Live::key`]). Returns 1 if it meant something.
#[unsafe(no_mangle)]
pub extern "C" fn key(code: u32, shift: u32) -> u32 {
    let Some(c) = char::from_u32(code) else {
        return 0;
    };
    with(false, |l| l.key(c, shift != 0)) as u32
}

/// 1 if the demo takes the arrow keys (the page then sends their state to
/// `steer` and keeps Right from stepping), else 0.
#[unsafe(no_mangle)]
pub extern "C" fn steers() -> u32 {
    with(false, |l| l.steers()) as u32
}

/// The arrow keys held now: 1 left, 2 right, 4 up, 8 down, added.
#[unsafe(no_mangle)]
pub extern "C" fn steer(bits: u32) {
    with((), |l| l.steer(bits));
}

/// Mouse button down at canvas pixel (x, y).
#[unsafe(no_mangle)]
pub extern "C" fn mouse_press(x: f32, y: f32) {
    with((), |l| l.mouse_press(x, y));
}

#[unsafe(no_mangle)]
pub extern "C" fn mouse_drag(x: f32, y: f32) {
    with((), |l| l.mouse_drag(x, y));
}

#[unsafe(no_mangle)]
pub extern "C" fn mouse_release() {
    with((), |l| l.mouse_release());
}

/// Right-drag panning; `down` 0 ends it.
#[unsafe(no_mangle)]
pub extern "C" fn pan(x: f32, y: f32, down: u32) {
    with((), |l| l.pan(x, y, down != 0));
}

/// Zoom by `clicks` (positive: in) about canvas pixel (x, y).
#[unsafe(no_mangle)]
pub extern "C" fn wheel(x: f32, y: f32, clicks: f32) {
    with((), |l| l.wheel(x, y, clicks));
}

/// The chapter's title (text).
#[unsafe(no_mangle)]
pub extern "C" fn title() -> u32 {
    let t = with("", |l| l.session.chapter.title);
    text(t)
}

#[unsafe(no_mangle)]
pub extern "C" fn demo_count() -> u32 {
    with(0, |l| l.session.chapter.demos.len() as u32)
}

/// The demo now running, from 0.
#[unsafe(no_mangle)]
pub extern "C" fn demo_index() -> u32 {
    with(0, |l| l.session.demo_index.unwrap_or(0) as u32)
}

/// Demo `i`'s name (text).
#[unsafe(no_mangle)]
pub extern "C" fn demo_name(i: u32) -> u32 {
    let name = with("", |l| {
        l.session.chapter.demos.get(i as usize).map_or("", |d| d.name)
    });
    text(name)
}

/// Demo `i`'s one line of description (text).
#[unsafe(no_mangle)]
pub extern "C" fn demo_about(i: u32) -> u32 {
    let about = with("", |l| {
        l.session.chapter.demos.get(i as usize).map_or("", |d| d.about)
    });
    text(about)
}

#[unsafe(no_mangle)]
pub extern "C" fn select_demo(i: u32) {
    with((), |l| l.control(viewer::session::Control::Demo(i as usize)));
}

#[unsafe(no_mangle)]
pub extern "C" fn switch_count() -> u32 {
    with(0, |l| l.session.demo.switches().len() as u32)
}

/// The key of switch `i`, a lower-case letter's code; 0 if there is none.
#[unsafe(no_mangle)]
pub extern "C" fn switch_key(i: u32) -> u32 {
    with(0, |l| {
        l.session.demo.switches().get(i as usize).map_or(0, |s| s.key as u32)
    })
}

/// Switch `i` as the HUD shows it, e.g. `approach check: on` (text).
#[unsafe(no_mangle)]
pub extern "C" fn switch_label(i: u32) -> u32 {
    let label = with(String::new(), |l| {
        l.session
            .demo
            .switches()
            .get(i as usize)
            .map_or(String::new(), |s| format!("{}: {}", s.name, s.value))
    });
    text(&label)
}

/// The earlier chapter switch `i` comes from (chapter 8's in chapter 9),
/// or 0 for the demo's own chapter's (and for no such switch): the page
/// folds the earlier chapters' away.
#[unsafe(no_mangle)]
pub extern "C" fn switch_from(i: u32) -> u32 {
    with(0, |l| {
        let switches = l.session.demo.switches();
        switches.get(i as usize).and_then(|s| s.from).unwrap_or(0)
    })
}

/// Switch `i`: 1 on, 0 off, -1 a number, -2 no such switch.
#[unsafe(no_mangle)]
pub extern "C" fn switch_state_of(i: u32) -> i32 {
    with(-2, |l| {
        l.session
            .demo
            .switches()
            .get(i as usize)
            .map_or(-2, |s| switch_state(s.value))
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn paused() -> u32 {
    with(false, |l| l.session.paused) as u32
}

/// Steps since the demo started (exact up to 2^53).
#[unsafe(no_mangle)]
pub extern "C" fn steps() -> f64 {
    with(0.0, |l| l.session.steps as f64)
}

#[unsafe(no_mangle)]
pub extern "C" fn time_scale() -> f32 {
    with(0.0, |l| l.session.time_scale)
}

#[unsafe(no_mangle)]
pub extern "C" fn body_count() -> u32 {
    with(0, |l| l.session.demo.bodies().len() as u32)
}

/// 1 if body `i` can move (finite mass), 0 if it is static or there is no such
/// body.
#[unsafe(no_mangle)]
pub extern "C" fn body_moves(i: u32) -> u32 {
    with(0, |l| {
        l.session.demo.bodies().get(i as usize).is_some_and(|b| b.inv_mass > 0.0)
            as u32
    })
}

/// Body `i`'s centre in canvas pixels (NaN if there is no such body).
#[unsafe(no_mangle)]
pub extern "C" fn body_x(i: u32) -> f32 {
    with(f32::NAN, |l| l.body_on_screen(i as usize).map_or(f32::NAN, |p| p.x))
}

#[unsafe(no_mangle)]
pub extern "C" fn body_y(i: u32) -> f32 {
    with(f32::NAN, |l| l.body_on_screen(i as usize).map_or(f32::NAN, |p| p.y))
}

/// [`crate::state_hash`] for the browser test: 0 if there is no such demo.
#[unsafe(no_mangle)]
pub extern "C" fn state_hash(chapter: u32, demo: u32, steps: u32) -> u64 {
    crate::state_hash(chapter as usize, demo as usize, steps).unwrap_or(0)
}
