//! 2D math on top of glam.
//!
//! In 3D the cross product of two vectors is a vector. In 2D every vector lies in
//! the plane, so their cross product points straight out of it and only its length
//! survives: a scalar. Rigid body code needs two forms of it, written out below.
//! (Rotations are in [`crate::trig`], the same on every target.)

use glam::Vec2;

/// `a x b` for two vectors in the plane: the z component of their 3D cross product,
/// `a.x * b.y - a.y * b.x`. Used for torque (`r x F`) and for the angular part of a
/// contact (`r x n`).
#[inline]
pub fn cross(a: Vec2, b: Vec2) -> f32 {
    a.perp_dot(b)
}

/// `w x r` where `w` is a scalar angular velocity about the z axis: the velocity of
/// a point at offset `r` from the centre of a body spinning at `w` rad/s, `(-w *
/// r.y, w * r.x)`.
#[inline]
pub fn cross_scalar_vec(w: f32, r: Vec2) -> Vec2 {
    Vec2::new(-w * r.y, w * r.x)
}

/// `v` rotated by 90 degrees counter-clockwise: `(-v.y, v.x)`. A tangent of a
/// normal.
#[inline]
pub fn perp(v: Vec2) -> Vec2 {
    v.perp()
}
