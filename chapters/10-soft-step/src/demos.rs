//! Chapter 10's demos: the scenes Erin Catto built to compare solvers
//! (Solver2D, 2024) as this workbook can build them, and chapters 8 and
//! 9's, each with a switch (X) between the soft step and chapter 8's
//! solver.

use crate::worlds::{
    card_house, confined, heavy_chain, heavy_on_light, joint_grid, overlap,
    pyramid, stretched_chain,
};
use crate::{Solver, World};
use ch06_rotation_friction::demos::{MouseSpring, body_state};
use ch08_sequential_impulses::demos::Switches;
use ch08_sequential_impulses::worlds::{self as ch08};
use glam::Vec2;
use physics_core::demo::Demo;
use physics_core::demo::{BodyState, Chapter, DemoEntry};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::{Holds, Knob, Lab, Sim};
use physics_core::scene::{Scene, SceneError};

/// The chapter as the viewer sees it: its scenes hold everything chapter
/// 9's do.
pub const CHAPTER: Chapter = Chapter {
    number: 10,
    package: "ch10-soft-step",
    title: "10. The soft step",
    demos: DEMOS,
    supports: ch09_joints::demos::CHAPTER.supports,
    from_scene: Some(from_scene),
};

/// A scene file as this chapter's demo: [`crate::scene::world`] with the
/// soft step's switches and chapter 8's.
/// An `iterations` other than 10 is refused: the soft step has none.
/// A body that starts beyond a plane's ends is refused.
pub fn from_scene(scene: &Scene) -> Result<Box<dyn Demo>, SceneError> {
    ch08_sequential_impulses::scene::refuse_beyond_planes(scene, CHAPTER.number)?;
    crate::scene::refuse_iterations(scene, CHAPTER.number)?;
    let (world, bounds) = crate::scene::world(scene);
    let lab = Lab::from_scene(world, SOFT_KNOBS, bounds, scene);
    Ok(Box::new(lab.with_inherited(KNOBS, 8)))
}

/// The demos, in the order Tab walks through them.
pub const DEMOS: &[DemoEntry] = &[
    DemoEntry {
        name: "overlap",
        about: "ten boxes started 25 cm into each other: pushed apart at 3 m/s at most (X: chapter 8)",
        make: || {
            Box::new(show(overlap(), (Vec2::new(-7.0, -0.5), Vec2::new(7.0, 12.5))))
        },
    },
    DemoEntry {
        name: "confined",
        about: "625 circles started overlapping in a closed box, no gravity: they fill it, leaving \
                gaps where the grid was (X: chapter 8)",
        make: || {
            Box::new(show(
                confined(25),
                (Vec2::new(-12.5, -12.5), Vec2::new(12.5, 12.5)),
            ))
        },
    },
    DemoEntry {
        name: "heavy-on-light",
        about: "three pyramids of 1 kg boxes, each topped by a box of 100 kg (X: chapter 8's \
                stand a few seconds, then one gives way)",
        make: || {
            Box::new(show(
                heavy_on_light(),
                (Vec2::new(-8.0, -0.5), Vec2::new(8.0, 6.0)),
            ))
        },
    },
    DemoEntry {
        name: "heavy-chain",
        about: "chapter 9's chain with a ball of 30 links' mass, let go level (X: chapter 8)",
        make: || {
            Box::new(show(
                heavy_chain(),
                (Vec2::new(-11.0, -3.0), Vec2::new(11.0, 10.0)),
            ))
        },
    },
    DemoEntry {
        name: "stretched",
        about: "a chain of 20 rods started stretched by 1 m in all (X: chapter 8)",
        make: || {
            Box::new(show(
                stretched_chain(),
                (Vec2::new(-11.0, -2.5), Vec2::new(11.0, 10.5)),
            ))
        },
    },
    DemoEntry {
        name: "pyramid-40",
        about: "a pyramid of 40 rows, 820 boxes, started touching (X: chapter 8)",
        make: || {
            Box::new(show(
                pyramid(40),
                (Vec2::new(-34.0, -1.0), Vec2::new(24.0, 52.0)),
            ))
        },
    },
    DemoEntry {
        name: "card-house",
        about: "a house of cards, friction 0.7 (X: chapter 8)",
        make: || {
            Box::new(show(
                card_house(),
                (Vec2::new(-4.0, -0.5), Vec2::new(4.0, 5.5)),
            ))
        },
    },
    DemoEntry {
        name: "joint-grid",
        about: "a 20 x 20 grid of discs on pins, hung by two corners; the red bars are the \
                pins' errors x10 (X: chapter 8, longer)",
        make: || {
            Box::new(show(
                joint_grid(20),
                (Vec2::new(-2.0, -21.5), Vec2::new(21.0, 1.0)),
            ))
        },
    },
    DemoEntry {
        name: "pyramid",
        about: "chapter 8's 12-row pyramid, each row dropped 1 m (X: chapter 8)",
        make: || {
            let world = World::from(ch08_sequential_impulses::worlds::pyramid(12));
            Box::new(show(world, (Vec2::new(-8.2, -1.0), Vec2::new(8.2, 14.2))))
        },
    },
    DemoEntry {
        name: "stack-30",
        about: "chapter 8's stack of 1 kg and 30 kg boxes in turn: mass ratios both ways (X: chapter 8)",
        make: || {
            let world = World::from(ch08::mass_ratio_stack(30.0));
            Box::new(show(world, (Vec2::new(-4.0, -0.5), Vec2::new(4.0, 6.0))))
        },
    },
    DemoEntry {
        name: "cradle",
        about: "chapter 8's Newton's cradle, touching: the balls move off together, as under \
                chapter 8; one row stops them all at once, and substeps change nothing (X)",
        make: || {
            let world = World::from(ch08::cradle(0.0));
            Box::new(show(world, (Vec2::new(-3.0, -0.5), Vec2::new(3.0, 4.0))))
        },
    },
    DemoEntry {
        name: "bridge",
        about: "chapter 9's bridge of 20 planks on pins (X: chapter 8)",
        make: || {
            let world = World::from(ch09_joints::worlds::bridge());
            Box::new(show(world, (Vec2::new(-7.0, -0.8), Vec2::new(7.0, 8.0))))
        },
    },
    DemoEntry {
        name: "car",
        about: "chapter 9's car on its motors (X: chapter 8)",
        make: || {
            let world = World::from(ch09_joints::worlds::car());
            let view = (Vec2::new(-8.0, -1.5), Vec2::new(12.0, 6.0));
            Box::new(ch09_joints::demos::follow_car(show(world, view)))
        },
    },
    DemoEntry {
        name: "piston",
        about: "chapter 9's piston: a crank, a rod and a slider (X: chapter 8)",
        make: || {
            let world = World::from(ch09_joints::worlds::piston());
            Box::new(show(world, (Vec2::new(-3.0, -0.8), Vec2::new(3.0, 6.0))))
        },
    },
    DemoEntry {
        name: "ragdoll",
        about: "chapter 9's ragdoll down the steps (X: chapter 8)",
        make: || {
            let world = World::from(ch09_joints::worlds::ragdoll());
            Box::new(show(world, (Vec2::new(-1.0, -0.5), Vec2::new(8.0, 6.5))))
        },
    },
    DemoEntry {
        name: "spring",
        about: "a figure: a released contact follows the damped spring it is set to, at three damping ratios (drag the frequency)",
        make: || Box::new(crate::figures::spring_figure()),
    },
    DemoEntry {
        name: "recovery",
        about: "a plot: ten boxes started 25 cm into each other, their deepest overlap under both solvers",
        make: || Box::new(crate::figures::recovery_figure()),
    },
];

// ANCHOR: switches
impl Holds<ch08_sequential_impulses::World> for World {
    fn inner(&self) -> &ch08_sequential_impulses::World {
        &self.solver
    }
    fn inner_mut(&mut self) -> &mut ch08_sequential_impulses::World {
        &mut self.solver
    }
}

const SUBSTEPS: &[f32] = &[1.0, 2.0, 4.0, 8.0, 16.0];
const HERTZ: &[f32] = &[5.0, 15.0, 30.0, 60.0, 120.0];
const DAMPING: &[f32] = &[0.0, 0.5, 1.0, 5.0, 10.0, 20.0];
const PUSH_OUT: &[f32] = &[0.5, 1.0, 3.0, 10.0, 100.0];

/// How many times its length this chapter draws a joint's error (at most
/// half a metre): its scenes' errors are centimetres, chapter 9's
/// millimetres.
const ERROR_BAR: f32 = 10.0;

/// The soft step's switches, listed before chapter 8's.
pub const SOFT_KNOBS: &[Knob<World>] = &[
    Knob::toggle(
        'x',
        "the soft step (off: chapter 8's solver)",
        |w| w.soft.settings.solver == Solver::Soft,
        |w, on| {
            w.soft.settings.solver =
                if on { Solver::Soft } else { Solver::Chapter8 };
        },
    ),
    Knob::number(
        'u',
        "substeps",
        SUBSTEPS,
        |w| w.soft.settings.substeps as f32,
        |w, n| w.soft.settings.substeps = n.clamp(1.0, 64.0) as u32,
    ),
    Knob::number(
        'z',
        "contact stiffness (Hz)",
        HERTZ,
        |w| w.soft.settings.contact_hertz,
        |w, hz| w.soft.settings.contact_hertz = hz.max(0.0),
    ),
    Knob::number(
        'g',
        "contact damping ratio",
        DAMPING,
        |w| w.soft.settings.damping_ratio,
        |w, z| w.soft.settings.damping_ratio = z.max(0.0),
    ),
    Knob::number(
        'c',
        "push-out speed (m/s)",
        PUSH_OUT,
        |w| w.soft.settings.push_out,
        |w, v| w.soft.settings.push_out = v.max(0.0),
    ),
    Knob::toggle(
        'q',
        "relax after each substep",
        |w| w.soft.settings.relax,
        |w, on| w.soft.settings.relax = on,
    ),
    Knob::toggle(
        'y',
        "restitution pass",
        |w| w.soft.settings.restitution,
        |w, on| w.soft.settings.restitution = on,
    ),
];

/// Chapter 8's switches for this chapter's world.
pub const KNOBS: &[Knob<World>] = Switches::<World>::ALL;
// ANCHOR_END: switches

/// A world with the soft step's switches and chapter 8's, the camera on
/// `bounds`.
pub fn show(world: World, bounds: (Vec2, Vec2)) -> Lab<World> {
    Lab::new(world, SOFT_KNOBS, bounds).with_inherited(KNOBS, 8)
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
        Sim::draw(&self.solver, out, overlay);
        let (bodies, joints) = (&self.solver.bodies, &self.joints);
        ch09_joints::demos::draw_joints(out, bodies, joints);
        ch09_joints::demos::draw_joint_errors(
            out,
            bodies,
            joints,
            (ERROR_BAR, 0.5),
        );
        // A heavy body among light ones looks like them: its mass written
        // on it.
        for b in bodies.iter().filter(|b| b.inv_mass > 0.0 && b.inv_mass < 0.02) {
            let mass = format!("{:.0} kg", 1.0 / b.inv_mass);
            out.text(b.position + Vec2::new(-0.25, 0.1), mass, Color::WHITE);
        }
    }

    /// The solver, the contacts and, where there are joints, the worst
    /// one's error: one line that fits a picture 640 pixels wide.
    fn status(&self) -> Option<String> {
        let solver = match self.soft.settings.solver {
            Solver::Soft => {
                format!("soft step, {} substeps", self.soft.settings.substeps)
            }
            Solver::Chapter8 => {
                format!("chapter 8, {} passes", self.solver.settings.iterations)
            }
        };
        let mut line = format!(
            "{solver}: {} contacts, deepest {:.1} mm",
            self.solver.contact_count(),
            1000.0 * self.max_penetration(),
        );
        if !self.joints.list.is_empty() || !self.solver.joints.is_empty() {
            let (metres, _) = self.worst_joint_error();
            line += &format!(
                ", worst joint {:.1} mm (red: x{ERROR_BAR})",
                1000.0 * metres
            );
        }
        Some(line)
    }

    fn pick(&self, at: Vec2) -> Option<MouseSpring> {
        MouseSpring::press(self.bodies(), at)
    }

    fn pull(&mut self, hold: &MouseSpring, target: Vec2, _dt: f32) {
        let bodies = &self.solver.bodies;
        self.joints.pull(bodies, hold.body, hold.local, target);
    }

    fn held_point(&self, hold: &MouseSpring) -> Option<Vec2> {
        Some(hold.point(self.bodies()))
    }

    /// Each solver's switches that the other does not read. Under the soft
    /// step, chapter 8's passes (I), Baumgarte bias (P, B), allowed overlap
    /// (L) and restitution in the bias (E); under chapter 8's solver, the
    /// soft step's substeps, soft rows, relax and restitution pass (U, Z,
    /// G, C, Q, Y).
    fn ignores(&self, key: char) -> bool {
        match self.soft.settings.solver {
            Solver::Soft => matches!(key, 'i' | 'p' | 'b' | 'l' | 'e'),
            Solver::Chapter8 => matches!(key, 'u' | 'z' | 'g' | 'c' | 'q' | 'y'),
        }
    }
}
