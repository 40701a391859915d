//! The game's rules, through events and headless: a hit or a sensor visit
//! knocks a target down, scores, and the level is won or lost as the
//! events say.

use ch15_game_api::{HitEvent, JointBreak, SensorEvent};
use ch17_a_game::rules::{Knock, SETTLE, STONE_POINTS, TARGET_POINTS};
use ch17_a_game::{Input, Level, Outcome, Play, Pull};
use glam::Vec2;

fn hit(play: &Play, a: usize, b: usize, speed: f32) -> HitEvent {
    let game = &play.world.game;
    HitEvent {
        shape_a: game.shape_id(game.bodies[a].shapes[0] as usize),
        shape_b: game.shape_id(game.bodies[b].shapes[0] as usize),
        body_a: game.body_id(a),
        body_b: game.body_id(b),
        point: Vec2::ZERO,
        normal: Vec2::Y,
        speed,
    }
}

/// The rules read the events a step left: a hit on a target at its
/// toughness or faster knocks it down (destroyed, 1000 points); slower, it
/// stands; a target in a sensor is down; a broken joint scores once a
/// stone has flown. Events put in the world's lists by hand, as a step
/// would, then read.
#[test]
fn hits_and_sensor_visits_knock_targets_down() {
    let level = Level::number(0);
    let mut play = Play::new(&level, 1);
    let (a, b) = (level.targets[0], level.targets[1]);
    // Slower than the toughness (4 m/s): stands.
    play.world.game.events.hits = vec![hit(&play, 0, a, 3.9)];
    play.rules.read(&mut play.world, &level, 1);
    assert_eq!(play.rules.targets.len(), 2);
    assert_eq!(play.rules.score, 0);
    // At the toughness: down, destroyed, scored.
    play.world.game.events.hits = vec![hit(&play, 0, a, 4.0)];
    play.rules.read(&mut play.world, &level, 2);
    assert_eq!(play.rules.targets.len(), 1);
    assert!(play.world.body(play.world.game.body_id(a)).is_err(), "destroyed");
    assert_eq!(play.rules.score, TARGET_POINTS);
    assert!(matches!(play.rules.knocked[0].2, Knock::Hit(s) if s == 4.0));
    // The last target into a sensor: down, and the level is won with the
    // three stones unthrown.
    let game = &play.world.game;
    play.world.game.events.sensor_begin = vec![SensorEvent {
        sensor: game.shape_id(0),
        visitor: game.shape_id(game.bodies[b].shapes[0] as usize),
        sensor_body: game.body_id(0),
        visitor_body: game.body_id(b),
    }];
    play.world.game.events.hits.clear();
    play.rules.read(&mut play.world, &level, 3);
    assert_eq!(play.rules.knocked[1].2, Knock::Sensor);
    assert_eq!(play.rules.outcome, Some((Outcome::Won, 3)));
    assert_eq!(play.rules.score, 2 * TARGET_POINTS + 3 * STONE_POINTS);
    // After the end, nothing scores.
    play.world.game.events.joint_breaks = vec![JointBreak {
        joint: ch15_game_api::JointId { index: 0, generation: 0 },
        body_a: play.world.game.body_id(1),
        body_b: play.world.game.body_id(2),
        force: 1e4,
        torque: 0.0,
    }];
    play.rules.read(&mut play.world, &level, 4);
    assert_eq!(play.rules.score, 2 * TARGET_POINTS + 3 * STONE_POINTS);
}

/// Three stones thrown away (backwards, off the level): lost exactly
/// `SETTLE` steps after the last, with no point scored; a stone a step
/// after another is not thrown (the sling reloads for a second).
#[test]
fn out_of_stones_the_level_is_lost() {
    let level = Level::number(0);
    let mut play = Play::new(&level, 1);
    let away = Pull { x: 150, y: -50 };
    let mut thrown = Vec::new();
    while play.outcome().is_none() {
        let before = play.rules.stones_left;
        play.step(Input { aim: None, fire: Some(away) });
        if play.rules.stones_left < before {
            thrown.push(play.step - 1);
        }
        assert!(play.step < 2000);
    }
    assert_eq!(thrown, [0, 60, 120], "one a second");
    assert_eq!(play.rules.outcome, Some((Outcome::Lost, 120 + SETTLE)));
    assert_eq!(play.rules.score, 0);
    assert_eq!(play.rules.targets.len(), 2);
}

/// A played game, headless: level 1's replay knocks both targets down,
/// each by a hit event, and wins with two stones left.
#[test]
fn a_replayed_game_wins_through_its_hit_events() {
    let replay = ch17_a_game::replay::bundled(0);
    let level = replay.level().unwrap();
    let mut play = Play::new(&level, 1);
    let mut hits_on_targets = 0;
    while play.step < replay.end {
        let targets = play.rules.targets.clone();
        play.step(replay.input(play.step));
        let events = &play.world.game.events;
        hits_on_targets += events
            .hits
            .iter()
            .filter(|h| targets.contains(&h.body_a) || targets.contains(&h.body_b))
            .count();
    }
    assert_eq!(play.outcome(), Some(Outcome::Won));
    assert_eq!(play.rules.knocked.len(), 2);
    assert!(play.rules.knocked.iter().all(|k| matches!(k.2, Knock::Hit(_))));
    assert!(hits_on_targets >= 2);
    assert_eq!(play.rules.stones_left, 2);
}
