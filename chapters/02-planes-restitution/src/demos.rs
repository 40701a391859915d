//! Chapter 2's demos: what the window shows and the headless runs draw.

use crate::{Plane, World};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry, Slot, bodies_then_planes};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};
use physics_core::trig;

/// The chapter as the viewer sees it. Its scenes hold moving circles
/// (particles) and planes, under gravity, with any restitution.
pub const CHAPTER: Chapter = Chapter {
    number: 2,
    supports: &[Feature::Gravity, Feature::Planes, Feature::Restitution],
    package: "ch02-planes-restitution",
    title: "2. Planes and restitution",
    demos: DEMOS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    let (world, order, bounds) = crate::scene::world(scene);
    let mut demo = Planes::new(world, 0.0, bounds);
    demo.order = Some(order);
    Ok(Box::new(Lab::from_scene(demo, KNOBS, bounds, scene)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "gravity",
        about: "particles under gravity, restitution from 0 (blue) to 1 (red); drag to turn the box",
        make: || Box::new(Planes::gravity().lab()),
    },
    DemoEntry {
        name: "rotate",
        about: "the box turns slowly (T changes the rate); drag the mouse around the centre to turn it yourself",
        make: || Box::new(Planes::rotate().lab()),
    },
    DemoEntry {
        name: "funnel",
        about: "a funnel of two sloping planes between two walls, planes at any angle",
        make: || Box::new(Planes::funnel().lab()),
    },
    DemoEntry {
        name: "reflection",
        about: "a figure: a velocity's normal part reversed and scaled by e, its tangent part kept (drag v)",
        make: || Box::new(crate::figures::reflection()),
    },
    DemoEntry {
        name: "bounces",
        about: "a plot: a dropped ball's height; each bounce rises to e^2 times the last (drag to change e)",
        make: || Box::new(crate::figures::bounces()),
    },
];

/// Gravity as the G switch turns it on, in m/s^2.
const EARTH_GRAVITY: Vec2 = Vec2::new(0.0, -9.81);
/// The E switch's choices (or none: each particle its own).
const RESTITUTION_CHOICES: &[f32] = &[0.0, 0.5, 0.9, 1.0];
/// The T switch's choices, in radians per second.
const TURN_RATE_CHOICES: &[f32] = &[0.0, 0.25, 0.5, 1.0, -0.5];
/// How far (metres) the drawn planes reach either side of the view's centre.
const PLANE_DRAW_HALF_LENGTH: f32 = 50.0;

/// A world of planes and particles, with the switches the chapter talks about.
#[derive(Clone, Debug)]
pub struct Planes {
    world: World,
    /// Radians per second the world turns by itself (the T switch).
    turn_rate: f32,
    bounds: (Vec2, Vec2),
    /// The trace's body order: a scene file's order, or particles then planes.
    pub(crate) order: Option<Vec<Slot>>,
}

impl Planes {
    pub fn new(world: World, turn_rate: f32, bounds: (Vec2, Vec2)) -> Self {
        Planes { world, turn_rate, bounds, order: None }
    }

    /// The demo the viewer runs: these planes in the lab, with the chapter's
    /// switches.
    pub fn lab(self) -> Lab<Planes> {
        let bounds = self.bounds;
        Lab::new(self, KNOBS, bounds)
    }

    pub fn world(&self) -> &World {
        &self.world
    }

    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

/// `angle` wrapped into `(-pi, pi]`, so a drag across the negative x axis turns a
/// little, not almost a full turn.
fn wrap_angle(angle: f32) -> f32 {
    use std::f32::consts::{PI, TAU};
    let a = angle.rem_euclid(TAU);
    if a > PI { a - TAU } else { a }
}

/// The switches: A the approach check, P push-back, G gravity, E one
/// restitution for all, T the turn rate.
pub(crate) const KNOBS: &[Knob<Planes>] = &[
    Knob::toggle(
        'a',
        "approach check",
        |p| p.world.approach_check,
        |p, on| p.world.approach_check = on,
    ),
    Knob::toggle(
        'p',
        "push back",
        |p| p.world.push_back,
        |p, on| p.world.push_back = on,
    ),
    Knob::toggle(
        'g',
        "gravity",
        |p| p.world.gravity != Vec2::ZERO,
        |p, on| p.world.gravity = if on { EARTH_GRAVITY } else { Vec2::ZERO },
    ),
    Knob::optional(
        'e',
        "restitution (own: each its own)",
        "own",
        RESTITUTION_CHOICES,
        |p| p.world.restitution_override,
        |p, e| p.world.restitution_override = e.map(|e| e.clamp(0.0, 1.0)),
    ),
    Knob::number(
        't',
        "turn rate rad/s",
        TURN_RATE_CHOICES,
        |p| p.turn_rate,
        |p, rate| p.turn_rate = rate,
    ),
];

impl Sim for Planes {
    /// The mouse's angle about the world's centre at the last press or drag.
    type Hold = f32;

    fn step(&mut self, dt: f32) {
        if self.turn_rate != 0.0 {
            self.world.turn(self.turn_rate * dt);
        }
        self.world.step(dt);
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.world.gravity = gravity;
    }

    fn draw(&self, out: &mut DrawList, _overlay: bool) {
        let view_centre = (self.bounds.0 + self.bounds.1) * 0.5;
        for (i, plane) in self.world.planes.iter().enumerate() {
            let Some((a, b)) = visible_part(i, &self.world.planes, view_centre)
            else {
                continue;
            };
            out.segment_width(a, b, Color::GREY, 2.0);
            // A short tick on the free side shows which way the normal points.
            let middle = (a + b) * 0.5;
            out.segment(middle, middle + 0.1 * plane.normal, Color::GREY);
        }
        for p in &self.world.particles {
            let e = self.world.restitution_override.unwrap_or(p.restitution);
            out.point(p.position, 5.0, Color::ramp(e));
        }
    }

    fn bodies(&self) -> Vec<BodyState> {
        // Mass plays no part against planes that cannot move; the HUD counts 1 kg
        // each.
        let w = &self.world;
        let order = match &self.order {
            Some(o) => o.clone(),
            None => bodies_then_planes(w.particles.len(), w.planes.len()),
        };
        order
            .into_iter()
            .map(|slot| match slot {
                Slot::Body(i) => BodyState::particle(
                    w.particles[i].position,
                    w.particles[i].velocity,
                    1.0,
                ),
                Slot::Plane(i) => {
                    BodyState::plane(w.planes[i].normal, w.planes[i].offset)
                }
            })
            .collect()
    }

    fn gravity(&self) -> Vec2 {
        self.world.gravity
    }

    // ANCHOR: mouse
    /// The mouse takes hold of the world itself: its angle about the
    /// world's centre.
    fn pick(&self, at: Vec2) -> Option<f32> {
        let r = at - self.world.centre;
        Some(trig::atan2(r.y, r.x))
    }

    /// Turn the world by the angle the mouse has swept around its centre
    /// since the last call.
    fn drag(&mut self, before: &mut f32, at: Vec2) {
        let r = at - self.world.centre;
        let angle = trig::atan2(r.y, r.x);
        self.world.turn(wrap_angle(angle - *before));
        *before = angle;
    }
    // ANCHOR_END: mouse
}

/// The part of plane `i`'s line that borders the free region (the side every other
/// plane faces), as a segment near `view_centre`; `None` if no part of it does. For
/// drawing walls.
pub fn visible_part(
    i: usize,
    planes: &[Plane],
    view_centre: Vec2,
) -> Option<(Vec2, Vec2)> {
    let plane = planes[i];
    // The line as foot + t along, t in [lo, hi].
    let foot = view_centre - plane.distance(view_centre) * plane.normal;
    let along = plane.normal.perp();
    let (mut lo, mut hi) = (-PLANE_DRAW_HALF_LENGTH, PLANE_DRAW_HALF_LENGTH);
    for (j, other) in planes.iter().enumerate() {
        if j == i {
            continue;
        }
        // other.distance(foot + t along) = d0 + t slope must stay >= 0.
        let d0 = other.distance(foot);
        let slope = other.normal.dot(along);
        if slope.abs() < 1e-6 {
            if d0 < 0.0 {
                return None;
            }
        } else if slope > 0.0 {
            lo = lo.max(-d0 / slope);
        } else {
            hi = hi.min(-d0 / slope);
        }
    }
    (lo < hi).then(|| (foot + lo * along, foot + hi * along))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::box_planes;
    use physics_core::demo::Demo;

    #[test]
    fn wrap_angle_takes_the_short_way() {
        assert!((wrap_angle(6.0) - (6.0 - std::f32::consts::TAU)).abs() < 1e-6);
        assert!((wrap_angle(-0.5) + 0.5).abs() < 1e-6);
        assert!((wrap_angle(0.5) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn a_drag_round_the_centre_turns_the_box() {
        let mut d = Planes::gravity().lab();
        d.mouse_press(Vec2::new(1.0, 0.0));
        d.mouse_drag(Vec2::new(0.0, 1.0));
        // A quarter turn: the left wall's normal (+x) now points up.
        let n = d.sim().world().planes[0].normal;
        assert!((n - Vec2::Y).length() < 1e-6, "{n}");
        assert!(d.sim().world().max_penetration() < 1e-5);
        // A press at the centre itself has angle 0, not NaN.
        d.mouse_press(Vec2::ZERO);
        d.mouse_drag(Vec2::ZERO);
        assert!(d.sim().world().planes.iter().all(|p| p.normal.is_finite()));
    }

    #[test]
    fn box_planes_are_chapter_1s_box() {
        assert_eq!(World::new(vec![]).planes, box_planes(1.0).to_vec());
    }
}
