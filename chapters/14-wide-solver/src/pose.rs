//! A body's pose as the contacts read it through the substeps: how far it
//! has moved and turned since the step began, with the rotation of its
//! angle kept, so that a body whose angle has not changed is not turned by
//! a sine and cosine again.

use crate::Body;
use ch12_continuous::Transform;
use glam::{Mat2, Vec2};
use physics_core::math::perp;
use physics_core::trig;

/// What the contacts read of a body as it moves through the substeps: how
/// far its centre has moved since the step began, and how far it has
/// turned, `(cos, sin)`; with its rotation now and the angle that is the
/// rotation of, and its rotation and angle at the step's start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pose {
    pub(crate) moved: Vec2,
    pub(crate) turned: Vec2,
    rotation: Vec2,
    angle: f32,
    first: (Vec2, f32),
}

impl Default for Pose {
    /// No rotation found yet: an angle no body's is.
    fn default() -> Self {
        let none = (Vec2::ZERO, f32::NAN);
        Pose {
            moved: Vec2::ZERO,
            turned: Vec2::X,
            rotation: none.0,
            angle: none.1,
            first: none,
        }
    }
}

impl Pose {
    /// At the step's start.
    pub(crate) fn start(&mut self, b: &Body) {
        self.moved = Vec2::ZERO;
        self.turn(b.angle);
        (self.turned, self.first) = (Vec2::X, (self.rotation, self.angle));
    }

    /// After a substep of `h` moved body `b`, which started at `start`.
    /// After the `last`, the rotation now, and the turn since the start:
    /// now's rotation undone by the first (`(cos, sin)` times the first's
    /// `(cos, -sin)`; none at all if the angle is the same to the bit).
    /// Before it, the turn is carried on by [`Pose::turn_by`].
    pub(crate) fn follow(&mut self, b: &Body, start: Vec2, h: f32, last: bool) {
        self.moved = b.position - start;
        if !last {
            // Chapter 6 turns only the bodies it moves (a static body has
            // no spin).
            let by = if b.inv_mass > 0.0 || b.angular_velocity != 0.0 {
                b.angular_velocity * h
            } else {
                0.0
            };
            self.turn_by(by);
            return;
        }
        self.turn(b.angle);
        let (first, angle) = self.first;
        self.turned = if self.angle.to_bits() == angle.to_bits() {
            Vec2::X
        } else {
            self.rotation.rotate(Vec2::new(first.x, -first.y))
        };
    }

    /// The turn carried on by a small angle `by`, as Box2D v3 carries its
    /// rotations: `(cos, sin)` moved along its tangent, `(-sin, cos)`,
    /// by `by`, and made a unit again. It turns by `atan(by)`, short of
    /// `by` by about `by^3 / 3`: small over a step's substeps (0.1 mm at
    /// the rim of a disc spinning five times a second), and the last
    /// substep finds the turn exactly.
    fn turn_by(&mut self, by: f32) {
        if by != 0.0 {
            let t = self.turned + self.turned.perp() * by;
            self.turned = t / t.length();
        }
    }

    /// The rotation by `angle`: the one kept, if it is of the same angle
    /// to the bit (a body at rest between steps, or after the last
    /// substep's move, is not turned by a sine and cosine again).
    fn turn(&mut self, angle: f32) {
        if angle.to_bits() != self.angle.to_bits() || angle.is_nan() {
            (self.rotation, self.angle) = (trig::from_angle(angle), angle);
        }
    }

    /// Body `b` placed: where it is, turned by the rotation of its angle
    /// (`Transform::new`'s, without finding it again if this pose has it).
    pub(crate) fn transform(&self, b: &Body) -> Transform {
        let mut pose = *self;
        pose.turn(b.angle);
        let r = pose.rotation;
        Transform { position: b.position, rotation: Mat2::from_cols(r, perp(r)) }
    }
}
