//! The bodies as the contacts see them while they are solved: a row of
//! eight numbers each (velocity, angular velocity, and how far the body
//! has moved and turned since the step began), in plain memory on one
//! thread ([`Plain`]) or in the atomics the workers share ([`Shared`]);
//! and the world's moves of the velocities between its bodies and these
//! states.

use crate::kernels::Velocity;
use crate::pose::Pose;
use crate::{BODIES, Body, LANES, Lane, Parts, SharedState, V2, Width};
use glam::Vec2;

// ANCHOR: bodies
/// Where a block's lanes find their bodies, and leave their velocities.
pub(crate) trait Bodies {
    /// Each lane's body `ids[lane]`: its velocity, how far it has moved
    /// and turned since the step began (read whole, in one row: the
    /// passes that do not use the pose do not read those lanes).
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>));
    /// Each lane's velocity back to body `ids[lane]`.
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>);
}

/// A body as the contacts see it on one thread, eight numbers read and
/// written whole: velocity `x, y`, angular velocity, a spare, how far the
/// centre has moved since the step began `x, y`, and how far it has
/// turned since, `cos, sin`. Box2D v3's body state holds the same.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct State(pub(crate) [f32; 8]);

impl State {
    pub(crate) fn of(b: &Body, pose: &Pose) -> State {
        let (v, m, r) = (b.velocity, pose.moved, pose.turned);
        State([v.x, v.y, b.angular_velocity, 0.0, m.x, m.y, r.x, r.y])
    }

    pub(crate) fn velocity(&self) -> (Vec2, f32) {
        (Vec2::new(self.0[0], self.0[1]), self.0[2])
    }

    /// `v += along`, `w += turn`.
    pub(crate) fn push(&mut self, along: Vec2, turn: f32) {
        let (v, w) = self.velocity();
        let v = v + along;
        self.0[..3].copy_from_slice(&[v.x, v.y, w + turn]);
    }
}

/// Eight lanes on one thread: the states in plain memory. Eight states in,
/// the lanes out, by one transpose, as Box2D v3 gathers its bodies.
pub(crate) struct Plain<'a>(pub(crate) &'a mut [State]);

impl Bodies for Plain<'_> {
    #[inline(always)]
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>)) {
        let [vx, vy, w, _, mx, my, c, s] =
            T::columns(|lane| self.0[ids[lane] as usize].0);
        let velocity = Velocity { v: V2 { x: vx, y: vy }, w };
        (velocity, (V2 { x: mx, y: my }, V2 { x: c, y: s }))
    }

    #[inline(always)]
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>) {
        let v = velocity;
        T::rows([v.v.x, v.v.y, v.w, T::splat(0.0)], |lane, row| {
            self.0[ids[lane] as usize].0[..4].copy_from_slice(&row);
        });
    }
}

/// Several threads: the states the workers share, each read whole and
/// its velocity written back, as the plain states are.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a>(pub(crate) &'a [SharedState]);

impl Bodies for Shared<'_> {
    #[inline(always)]
    fn gather<T: Lane>(&self, ids: &[u32; LANES]) -> (Velocity<T>, (V2<T>, V2<T>)) {
        let [vx, vy, w, _, mx, my, c, s] =
            T::columns(|lane| self.0[ids[lane] as usize].row());
        let velocity = Velocity { v: V2 { x: vx, y: vy }, w };
        (velocity, (V2 { x: mx, y: my }, V2 { x: c, y: s }))
    }

    #[inline(always)]
    fn scatter<T: Lane>(&mut self, ids: &[u32; LANES], velocity: &Velocity<T>) {
        let v = velocity;
        T::rows([v.v.x, v.v.y, v.w, T::splat(0.0)], |lane, row| {
            self.0[ids[lane] as usize].set_velocity(row)
        });
    }
}
// ANCHOR_END: bodies

impl Parts<'_> {
    /// Whether the contacts read plain body states (eight lanes on one
    /// thread) rather than the shared states.
    pub(crate) fn plain(&self) -> bool {
        self.wide.width == Width::Wide
            && self.wide.threads.count() == 1
            && self.wide.whole_states
    }

    /// The bodies' velocities into the shared list (on one thread, the
    /// states, with the poses), if they are newer.
    pub(crate) fn bodies_to_velocities(&mut self) {
        if self.wide.cache.shared_ahead {
            return;
        }
        let plain = self.plain();
        let bodies = &self.solver.bodies;
        let s = &mut self.wide.cache;
        if plain {
            for ((state, b), pose) in s.states.iter_mut().zip(bodies).zip(&s.poses)
            {
                *state = State::of(b, pose);
            }
        } else {
            let (shared, poses) = (&mut s.shared[..bodies.len()], &s.poses);
            self.wide.threads.for_each_indexed(shared, BODIES, |i, state| {
                state.set_row(State::of(&bodies[i], &poses[i]).0)
            });
        }
        s.shared_ahead = true;
    }

    /// The shared states (or the plain ones) back into the bodies, if
    /// they are newer.
    pub(crate) fn velocities_to_bodies(&mut self) {
        if self.wide.cache.shared_ahead {
            self.each_body(|_| ());
        }
    }

    /// Run `f` on every body, on the workers, each body first taking back
    /// its velocity from the contacts' list if that is newer (one walk over
    /// the bodies, not two).
    pub(crate) fn each_body(&mut self, f: impl Fn(&mut Body) + Sync + Send) {
        let ahead = std::mem::replace(&mut self.wide.cache.shared_ahead, false);
        let plain = self.plain();
        let (s, threads) = (&self.wide.cache, self.wide.threads.clone());
        let bodies = &mut self.solver.bodies;
        threads.for_each_indexed(bodies, BODIES, |i, b| {
            if ahead {
                (b.velocity, b.angular_velocity) =
                    if plain { s.states[i].velocity() } else { s.shared[i].load() };
            }
            f(b)
        });
    }
}
