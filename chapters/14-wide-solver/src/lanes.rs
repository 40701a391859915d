//! Lanes: eight numbers worked on as one.
//!
//! A SIMD register holds several `f32`s, and one instruction adds,
//! multiplies or compares all of them at once. This module gives the
//! solver a number type of [`LANES`] lanes, [`F32x8`], held in the `wide`
//! crate's `f32x8`: one 8-wide AVX register where the build targets AVX,
//! two 4-wide SSE (or WebAssembly SIMD) registers elsewhere, each
//! operation one instruction through a safe function. (A plain `[f32; 8]`
//! with a loop per operation is vectorised too, but the compiler takes it
//! apart into single numbers between a kernel's points: the book's page
//! counts the instructions both ways.)
//!
//! The solver's formulas are written once, over the trait [`Lane`], and
//! used at two widths: `f32`, one contact at a time, and `F32x8`, eight
//! contacts side by side. The two run the same operations in the same
//! order on each lane, so they give the same bits: a test checks it.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// How many contacts a wide row holds: Box2D v3's AVX2 width.
pub const LANES: usize = 8;

/// What the solver's formulas need of a number: arithmetic, the larger
/// and smaller of two, a choice by sign, and a way in and out of lanes.
/// `f32` is a number of one lane.
pub trait Lane:
    Copy
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// How many lanes.
    const WIDTH: usize;
    /// The same value in every lane.
    fn splat(x: f32) -> Self;
    /// Lane `i` set to `f(i)`.
    fn gather(f: impl Fn(usize) -> f32) -> Self;
    /// The value in lane `i`.
    fn lane(self, i: usize) -> f32;
    /// Lane by lane, the larger: `if self > other { self } else { other }`.
    fn max(self, other: Self) -> Self;
    /// Lane by lane, the smaller: `if self < other { self } else { other }`.
    fn min(self, other: Self) -> Self;
    /// Lane by lane, `if test > 0 { yes } else { no }`.
    fn if_positive(test: Self, yes: Self, no: Self) -> Self;
    /// Rows to columns: `row(i)` is lane `i`'s eight numbers; column `f`
    /// of the result holds number `f` of every lane.
    fn columns(row: impl Fn(usize) -> [f32; 8]) -> [Self; 8];
    /// Columns back to rows, for four columns: `put(i, row)` is given lane
    /// `i`'s four numbers.
    fn rows(columns: [Self; 4], put: impl FnMut(usize, [f32; 4]));
}

impl Lane for f32 {
    const WIDTH: usize = 1;
    fn splat(x: f32) -> f32 {
        x
    }
    fn gather(f: impl Fn(usize) -> f32) -> f32 {
        f(0)
    }
    fn lane(self, _: usize) -> f32 {
        self
    }
    fn max(self, other: f32) -> f32 {
        if self > other { self } else { other }
    }
    fn min(self, other: f32) -> f32 {
        if self < other { self } else { other }
    }
    fn if_positive(test: f32, yes: f32, no: f32) -> f32 {
        if test > 0.0 { yes } else { no }
    }
    fn columns(row: impl Fn(usize) -> [f32; 8]) -> [f32; 8] {
        row(0)
    }
    fn rows(columns: [f32; 4], mut put: impl FnMut(usize, [f32; 4])) {
        put(0, columns);
    }
}

// ANCHOR: f32x8
/// Eight `f32`s, one per lane, held as `wide`'s `f32x8`: one 256-bit
/// register where AVX is built in (two 128-bit ones elsewhere).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct F32x8(pub wide::f32x8);

impl Add for F32x8 {
    type Output = F32x8;
    #[inline(always)]
    fn add(self, other: F32x8) -> F32x8 {
        F32x8(self.0 + other.0)
    }
}
// ANCHOR_END: f32x8

impl Sub for F32x8 {
    type Output = F32x8;
    #[inline(always)]
    fn sub(self, other: F32x8) -> F32x8 {
        F32x8(self.0 - other.0)
    }
}

impl Mul for F32x8 {
    type Output = F32x8;
    #[inline(always)]
    fn mul(self, other: F32x8) -> F32x8 {
        F32x8(self.0 * other.0)
    }
}

impl Div for F32x8 {
    type Output = F32x8;
    /// Lane by lane, the correctly rounded quotient, as `/` gives one
    /// `f32`'s.
    #[inline(always)]
    fn div(self, other: F32x8) -> F32x8 {
        F32x8(self.0 / other.0)
    }
}

impl Neg for F32x8 {
    type Output = F32x8;
    /// The sign bit of each lane flipped, as `-x` flips one `f32`'s.
    #[inline(always)]
    fn neg(self) -> F32x8 {
        F32x8(-self.0)
    }
}

impl F32x8 {
    /// Lane `i` of the result is `f(self[i], other[i])`.
    #[cfg_attr(
        all(target_arch = "x86_64", target_feature = "avx"),
        allow(dead_code)
    )]
    #[inline(always)]
    fn zip(self, other: F32x8, f: impl Fn(f32, f32) -> f32) -> F32x8 {
        let (a, b) = (self.0.to_array(), other.0.to_array());
        F32x8::gather(|i| f(a[i], b[i]))
    }
}

impl Lane for F32x8 {
    const WIDTH: usize = LANES;
    #[inline(always)]
    fn splat(x: f32) -> F32x8 {
        F32x8(wide::f32x8::splat(x))
    }
    #[inline(always)]
    fn gather(f: impl Fn(usize) -> f32) -> F32x8 {
        F32x8(wide::f32x8::from(std::array::from_fn::<f32, LANES, _>(f)))
    }
    #[inline(always)]
    fn lane(self, i: usize) -> f32 {
        self.0.as_array()[i]
    }
    // Where AVX is built in, `vmaxps` and `vminps`: they are `if a > b { a
    // } else { b }` (and `<`) exactly, lane by lane. Elsewhere a loop over
    // the lanes with the one-lane comparison, since not every processor's
    // instruction agrees with it on zeros of both signs and on NaN.
    #[inline(always)]
    fn max(self, other: F32x8) -> F32x8 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
        return F32x8(self.0.fast_max(other.0));
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
        self.zip(other, f32::max_lane)
    }
    #[inline(always)]
    fn min(self, other: F32x8) -> F32x8 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
        return F32x8(self.0.fast_min(other.0));
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
        self.zip(other, f32::min_lane)
    }
    /// An ordered comparison, false for NaN as `test > 0.0` is, picks each
    /// lane from `yes` or `no`.
    #[inline(always)]
    fn if_positive(test: F32x8, yes: F32x8, no: F32x8) -> F32x8 {
        let positive = test.0.simd_gt(wide::f32x8::ZERO);
        F32x8(positive.select(yes.0, no.0))
    }
    // ANCHOR: transpose
    /// Eight rows of eight are eight 256-bit registers; turning them into
    /// columns takes 24 shuffles (`wide`'s transpose, on AVX). Written as
    /// a loop over the lanes, the compiler moves the 64 numbers one by one.
    #[inline(always)]
    fn columns(row: impl Fn(usize) -> [f32; 8]) -> [F32x8; 8] {
        let rows = std::array::from_fn(|lane| wide::f32x8::from(row(lane)));
        wide::f32x8::transpose(rows).map(F32x8)
    }
    #[inline(always)]
    fn rows(columns: [F32x8; 4], mut put: impl FnMut(usize, [f32; 4])) {
        let zero = wide::f32x8::ZERO;
        let [a, b, c, d] = columns.map(|c| c.0);
        let rows = wide::f32x8::transpose([a, b, c, d, zero, zero, zero, zero]);
        for (lane, r) in rows.iter().enumerate() {
            let r = r.to_array();
            put(lane, [r[0], r[1], r[2], r[3]]);
        }
    }
    // ANCHOR_END: transpose
}

/// The one-lane `max` and `min` as plain functions, so that the eight
/// lanes use exactly the comparison one lane does (in the lane loops,
/// where AVX is not built in).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx"), allow(dead_code))]
trait OneLane {
    fn max_lane(self, other: f32) -> f32;
    fn min_lane(self, other: f32) -> f32;
}

impl OneLane for f32 {
    #[inline(always)]
    fn max_lane(self, other: f32) -> f32 {
        <f32 as Lane>::max(self, other)
    }
    #[inline(always)]
    fn min_lane(self, other: f32) -> f32 {
        <f32 as Lane>::min(self, other)
    }
}

/// A 2D vector of lanes: `x` and `y` each hold one vector per lane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V2<T> {
    pub x: T,
    pub y: T,
}

impl<T: Lane> V2<T> {
    pub fn splat(v: glam::Vec2) -> Self {
        V2 { x: T::splat(v.x), y: T::splat(v.y) }
    }
    /// Lane `i` set to `f(i)`.
    pub fn gather(f: impl Fn(usize) -> glam::Vec2) -> Self {
        V2 { x: T::gather(|i| f(i).x), y: T::gather(|i| f(i).y) }
    }
    pub fn lane(self, i: usize) -> glam::Vec2 {
        glam::Vec2::new(self.x.lane(i), self.y.lane(i))
    }
    #[inline(always)]
    pub fn scale(self, s: T) -> Self {
        V2 { x: self.x * s, y: self.y * s }
    }
    #[inline(always)]
    pub fn dot(self, o: Self) -> T {
        self.x * o.x + self.y * o.y
    }
    /// The 2D cross product `self x o`, a number.
    #[inline(always)]
    pub fn cross(self, o: Self) -> T {
        self.x * o.y - self.y * o.x
    }
    /// `w x self` for a spin `w`: `self` turned a quarter, times `w`.
    #[inline(always)]
    pub fn spun(self, w: T) -> Self {
        V2 { x: -(w * self.y), y: w * self.x }
    }
    /// `v` turned by the rotation `self`, `(cos, sin)` (as glam's
    /// `Vec2::rotate`).
    #[inline(always)]
    pub fn rotate(self, v: Self) -> Self {
        V2 { x: self.x * v.x - self.y * v.y, y: self.y * v.x + self.x * v.y }
    }
    /// A quarter turn anticlockwise, `(-y, x)`.
    #[inline(always)]
    pub fn perp(self) -> Self {
        V2 { x: -self.y, y: self.x }
    }
}

impl<T: Lane> Add for V2<T> {
    type Output = Self;
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        V2 { x: self.x + o.x, y: self.y + o.y }
    }
}

impl<T: Lane> Sub for V2<T> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        V2 { x: self.x - o.x, y: self.y - o.y }
    }
}
