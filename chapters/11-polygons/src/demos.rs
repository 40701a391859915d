//! Chapter 11's demos: a pile of random hulls, a ramp of tiles a box
//! slides down across the seams, a ragdoll of capsules, a pyramid of
//! polygon boxes, one of each shape, and the inspector that shows the
//! separating-axis test, the clip and GJK on two shapes you move.

use crate::inspector::Inspector;
use crate::worlds::{pile, pyramid, ragdoll, random_shape, shapes, tiles};
use crate::{Body, Shape, World, body};
use ch05_obb_clipping::Transform;
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawItem, DrawList};
use physics_core::lab::{Knob, Lab, Sim};
use physics_core::rng::Rng;
use physics_core::scene::Feature;
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes may hold everything
/// chapter 10's do, and polygons and capsules.
pub const CHAPTER: Chapter = Chapter {
    number: 11,
    package: "ch11-polygons",
    title: "11. Convex polygons and rounded shapes",
    demos: DEMOS,
    supports: SUPPORTS,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// chapter's switches.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    ch10_soft_step::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    Ok(Box::new(Lab::from_scene(world, KNOBS, bounds, scene)))
}

/// Chapter 10's features and this chapter's shapes.
pub const SUPPORTS: &[Feature] = &[
    Feature::Gravity,
    Feature::Planes,
    Feature::Restitution,
    Feature::StaticBodies,
    Feature::Boxes,
    Feature::TurnedBoxes,
    Feature::Rotation,
    Feature::Joints,
    Feature::RigidJoints,
    Feature::Polygons,
];

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "pile",
        about: "60 random hulls, rounded polygons, capsules and discs poured into a bin (D drops one more)",
        make: || {
            Box::new(show(
                pile(60, 11),
                (Vec2::new(-7.0, -0.5), Vec2::new(7.0, 14.0)),
            ))
        },
    },
    DemoEntry {
        name: "tiles",
        about: "a box slides down a ramp of 16 tiles, speculative contacts on; G off: it catches on a seam",
        make: || {
            Box::new(show(tiles(), (Vec2::new(-1.0, -1.0), Vec2::new(17.0, 6.0))))
        },
    },
    DemoEntry {
        name: "ragdoll",
        about: "a ragdoll of capsules on chapter 9's pins, with limits, down a flight of steps",
        make: || {
            Box::new(show(ragdoll(), (Vec2::new(-1.0, -0.5), Vec2::new(9.0, 6.5))))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "a 12-row pyramid of boxes made as polygons, started touching",
        make: || {
            Box::new(show(
                pyramid(12),
                (Vec2::new(-8.2, -1.0), Vec2::new(8.2, 13.2)),
            ))
        },
    },
    DemoEntry {
        name: "shapes",
        about: "one of each: triangle, pentagon, hexagon, rounded box, capsule, disc",
        make: || {
            Box::new(show(shapes(), (Vec2::new(-6.0, -0.5), Vec2::new(6.0, 7.5))))
        },
    },
    DemoEntry {
        name: "inspect",
        about: "drag either shape; A/B turn them, S B's shape, P the projected radius, K GJK",
        make: || Box::new(Inspector::lab()),
    },
    DemoEntry {
        name: "rounded",
        about: "a figure: a rounded shape is a core and a radius; GJK's core distance less both radii is the gap (drag the capsule)",
        make: || Box::new(crate::figures::rounded()),
    },
];

// ANCHOR: switches
const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0];

/// This chapter's switches.
pub const KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'g',
        "floors hide their shared faces (the ghost-collision remedy)",
        |w| w.shapes.settings.floors,
        |w, on| w.shapes.settings.floors = on,
    ),
    Knob::toggle(
        'k',
        "speculative contacts within 2 cm (chapter 12)",
        |w| w.shapes.settings.margin > 0.0,
        |w, on| {
            w.shapes.settings.margin =
                if on { crate::SPECULATIVE_DISTANCE } else { 0.0 }
        },
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.soft.settings.substeps as f32,
        |w, n| w.soft.settings.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::toggle(
        'f',
        "friction",
        |w| w.solver.settings.friction,
        |w, on| w.solver.settings.friction = on,
    ),
    Knob::overlay('m', "show contacts and impulses"),
    Knob::action('d', "drop a random hull", drop_hull),
];
// ANCHOR_END: switches

/// A world with this chapter's switches, the camera on `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, KNOBS, bounds)
}

impl Sim for World {
    type Hold = MouseSpring;

    fn step(&mut self, dt: f32) {
        World::step(self, dt);
    }

    fn bodies(&self) -> Vec<BodyState> {
        self.bodies().iter().map(body_state).collect()
    }

    fn gravity(&self) -> Vec2 {
        self.solver.gravity
    }

    fn set_gravity(&mut self, gravity: Vec2) {
        self.solver.gravity = gravity;
    }

    fn set_iterations(&mut self, iterations: u32) {
        self.solver.settings.iterations = iterations;
    }

    fn draw(&self, out: &mut DrawList, overlay: bool) {
        for (i, (b, shape)) in
            self.bodies().iter().zip(&self.shapes.list).enumerate()
        {
            draw_shape(out, shape, &b.transform(), body_color(b, i));
        }
        ch09_joints::demos::draw_joints(out, &self.solver.bodies, &self.joints);
        if overlay {
            ch08_sequential_impulses::demos::draw_contacts(out, &self.solver);
        }
    }

    fn status(&self) -> Option<String> {
        Some(format!(
            "{} substeps; {} bodies, {} contacts, deepest {:.1} mm{}",
            self.soft.settings.substeps,
            self.bodies().len(),
            self.solver.contact_count(),
            1000.0 * self.max_penetration(),
            if self.shapes.settings.floors { "" } else { "; seams showing" }
        ))
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        let body = self.body_at(at)?;
        let local = self.bodies()[body].transform().to_local(at);
        Some(MouseSpring { body, local })
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        self.joints.pull(&self.solver.bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }
}

/// Grey when static, blue and orange in turn otherwise.
fn body_color(b: &Body, i: usize) -> Color {
    ch06_rotation_friction::demos::body_color(b, i)
}

/// Draw `shape` placed by `t`: its outline filled, and a line from its
/// centre to show it turn, along its own x axis: a disc's to its edge, a
/// polygon's half way to its first corner, but never past its edge (a
/// wall 40 m tall and 50 cm thick would show one sticking 10 m out of it)
/// nor longer than twice its thinnest half-width.
pub fn draw_shape(out: &mut DrawList, shape: &Shape, t: &Transform, color: Color) {
    let fill = Some(Color(0x1c2030).lerp(color, 0.18));
    let reach = match shape {
        Shape::Circle { radius } => {
            out.items.push(DrawItem::Circle {
                center: t.position,
                radius: *radius,
                fill,
                stroke: Some(color),
            });
            *radius
        }
        Shape::Polygon(p) => {
            let corners = p.corners().iter().map(|v| t.to_world(*v)).collect();
            out.rounded(corners, p.radius, fill, Some(color));
            let edge = p.corners().iter().map(|v| v.x).fold(0.0, f32::max);
            // At most twice its thinnest half-width: a floor 60 m long
            // gets a short mark, not a line 15 m long through it.
            let thinnest = (0..p.count)
                .map(|i| p.normals[i].dot(p.vertices[i]))
                .fold(f32::INFINITY, f32::min)
                .max(0.0)
                + p.radius;
            (p.vertices[0].length() * 0.5).min(edge + p.radius).min(2.0 * thinnest)
        }
    };
    out.segment(t.position, t.to_world(Vec2::new(reach, 0.0)), color);
}

/// D: a random hull dropped from above the middle of the camera's view.
fn drop_hull(w: &mut World) {
    let n = w.shapes.list.len() as u64;
    let mut rng = Rng::new(0x5eed ^ n);
    let top = w
        .bodies()
        .iter()
        .filter(|b| b.inv_mass > 0.0)
        .map(|b| b.position.y)
        .fold(2.0, f32::max);
    let at = Vec2::new(rng.range(-2.0, 2.0), top + 2.0);
    let (b, s) = body(
        random_shape(&mut rng, 1.0),
        at,
        rng.range(0.0, std::f32::consts::TAU),
        1.0,
    );
    w.solver.bodies.push(b);
    w.shapes.list.push(s);
}
