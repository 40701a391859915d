use glam::Vec2;
use physics_core::demo::{BodyState, Demo, SwitchValue};
use physics_core::draw::{Color, DrawList};
use physics_core::lab::*;

/// A body on a line: enough world to drive a lab.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    x: Vec<f32>,
    v: Vec<f32>,
    damping: bool,
    scale: f32,
    spare: Option<f32>,
}

impl Sim for Line {
    type Hold = usize;
    fn step(&mut self, dt: f32) {
        for (x, v) in self.x.iter_mut().zip(&mut self.v) {
            if self.damping {
                *v *= 0.5;
            }
            *x += *v * dt * self.scale;
        }
    }
    fn bodies(&self) -> Vec<BodyState> {
        let at = |x: f32| Vec2::new(x, 0.0);
        let one = |(x, v): (&f32, &f32)| BodyState::particle(at(*x), at(*v), 1.0);
        self.x.iter().zip(&self.v).map(one).collect()
    }
    fn draw(&self, out: &mut DrawList, overlay: bool) {
        for &x in &self.x {
            out.point(
                Vec2::new(x, 0.0),
                if overlay { 9.0 } else { 3.0 },
                Color::WHITE,
            );
        }
    }
    fn pick(&self, at: Vec2) -> Option<usize> {
        first_under(&self.x, |x| (x - at.x).abs() < 0.5)
    }
    fn pull(&mut self, hold: &usize, target: Vec2, dt: f32) {
        self.v[*hold] = velocity_to(Vec2::new(self.x[*hold], 0.0), target, dt).x;
    }
    /// The scale means nothing while the spare is 4 (a stand-in for
    /// chapter 8's iterations under chapter 10's soft step).
    fn ignores(&self, key: char) -> bool {
        self.spare == Some(4.0) && key == 's'
    }
}

const KNOBS: &[Knob<Line>] = &[
    Knob::toggle('d', "damping", |s| s.damping, |s, on| s.damping = on),
    Knob::number('s', "scale", &[1.0, 2.0], |s| s.scale, |s, v| s.scale = v),
    Knob::optional(
        'o',
        "spare",
        "own",
        &[3.0, 4.0],
        |s| s.spare,
        |s, v| s.spare = v,
    ),
    Knob::action('n', "new body", |s| {
        s.x.push(0.0);
        s.v.push(1.0);
    }),
    Knob::overlay('m', "show more"),
];

fn lab() -> Lab<Line> {
    let line = Line {
        x: vec![0.0, 2.0],
        v: vec![1.0, -1.0],
        damping: false,
        scale: 1.0,
        spare: None,
    };
    Lab::new(line, KNOBS, (Vec2::splat(-3.0), Vec2::splat(3.0)))
}

/// Each key of the table reaches its field; reset goes back to the start and
/// keeps every switch but the action, whose bodies go.
#[test]
fn knobs_set_what_they_name_and_reset_keeps_them() {
    let mut lab = lab();
    for s in lab.switches() {
        lab.set_switch(s.key, s.value.next(false));
    }
    let sim = lab.sim().clone();
    assert!(sim.damping);
    assert_eq!(sim.scale, 2.0);
    assert_eq!(sim.spare, Some(3.0));
    assert_eq!(sim.x.len(), 3, "the action ran once");
    assert!(lab.overlay());
    let switches = lab.switches();
    lab.step(0.1);
    lab.reset();
    assert_eq!(lab.switches(), switches);
    assert_eq!(lab.sim().x, vec![0.0, 2.0], "the dropped body is gone");
    lab.set_switch('z', SwitchValue::Bool(true)); // no such key: nothing happens
    assert_eq!(lab.switches(), switches);
}

/// The mouse takes the body under it, carries it to the cursor in one step, and
/// lets go.
#[test]
fn the_mouse_carries_a_body_to_the_cursor() {
    let mut lab = lab();
    lab.mouse_press(Vec2::new(2.2, 0.0));
    lab.mouse_drag(Vec2::new(1.0, 0.0));
    lab.step(0.5);
    assert!((lab.sim().x[1] - 1.0).abs() < 1e-6, "{:?}", lab.sim().x);
    assert!((lab.sim().x[0] - 0.5).abs() < 1e-6, "the other body moved on its own");
    lab.mouse_release();
    lab.mouse_press(Vec2::new(-2.5, 0.0)); // nothing there
    lab.mouse_drag(Vec2::new(2.0, 0.0));
    lab.step(0.5);
    assert!((lab.sim().x[1] - 0.0).abs() < 1e-6, "thrown: it keeps its velocity");
}

#[test]
fn velocity_to_never_returns_a_non_finite_velocity() {
    assert_eq!(velocity_to(Vec2::ZERO, Vec2::ONE, 0.0), Vec2::ZERO);
    assert_eq!(velocity_to(Vec2::ZERO, Vec2::ONE, 0.5), Vec2::splat(2.0));
}

/// An earlier chapter's table comes after the lab's own, each of its
/// switches marked with that chapter; a switch the world ignores is left
/// off the list and its key does nothing; a replaying lab starts again by
/// itself; a followed point is the one asked for.
#[test]
fn inherited_ignored_replayed_and_followed() {
    const EARLIER: &[Knob<Line>] =
        &[Knob::toggle('e', "earlier", |s| s.damping, |s, on| s.damping = on)];
    let mut lab = lab()
        .with_inherited(EARLIER, 8)
        .replaying(3)
        .following(|s| Vec2::new(s.x[0], 0.0));
    let switches = lab.switches();
    assert_eq!(switches.last().map(|s| (s.key, s.from)), Some(('e', Some(8))));
    assert!(switches.iter().filter(|s| s.key != 'e').all(|s| s.from.is_none()));
    let spare = |v| SwitchValue::Optional { value: v, choices: &[4.0], none: "" };
    lab.set_switch('o', spare(Some(4.0)));
    assert!(!lab.switches().iter().any(|s| s.key == 's'), "scale is ignored");
    lab.set_switch('s', SwitchValue::Number { value: 2.0, choices: &[1.0, 2.0] });
    assert_eq!(lab.sim().scale, 1.0, "an ignored key does nothing");
    lab.set_switch('o', spare(None));
    lab.step(0.1);
    lab.step(0.1);
    assert_eq!(lab.follow(), Some(Vec2::new(0.2, 0.0)));
    lab.step(0.1);
    assert_eq!(lab.sim().x, vec![0.0, 2.0], "started again after three steps");
}
