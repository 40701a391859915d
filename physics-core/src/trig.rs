//! Sine, cosine, arctangent and powers from one implementation on every target.
//!
//! `f32::sin_cos` and friends call the platform's math library, and those differ in
//! the last bit: glibc's `sinf` and the one compiled into a WebAssembly module
//! disagree for some inputs, so a native run and the same demo in the book's page
//! drift apart, step by step. These functions use `libm` (a Rust port of musl's
//! math library), the same code everywhere, so a run is bit-identical natively and
//! in the browser. Square roots need nothing: IEEE 754 rounds `sqrt` exactly on
//! every target.

use glam::{Mat2, Vec2};

/// `(sin a, cos a)`.
pub fn sin_cos(a: f32) -> (f32, f32) {
    libm::sincosf(a)
}

pub fn sin(a: f32) -> f32 {
    libm::sinf(a)
}

pub fn cos(a: f32) -> f32 {
    libm::cosf(a)
}

/// The unit vector at angle `a`: `(cos a, sin a)` (glam's `Vec2::from_angle`).
pub fn from_angle(a: f32) -> Vec2 {
    let (s, c) = sin_cos(a);
    Vec2::new(c, s)
}

/// The matrix that turns by `a` counter-clockwise (glam's `Mat2::from_angle`).
pub fn rotation(a: f32) -> Mat2 {
    let (s, c) = sin_cos(a);
    Mat2::from_cols(Vec2::new(c, s), Vec2::new(-s, c))
}

/// The angle of `(x, y)`, in `-pi..=pi`.
pub fn atan2(y: f32, x: f32) -> f32 {
    libm::atan2f(y, x)
}

/// `x` to the power `y`.
pub fn powf(x: f32, y: f32) -> f32 {
    libm::powf(x, y)
}
