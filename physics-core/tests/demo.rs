use physics_core::demo::*;

#[test]
fn number_switch_cycles_forward_and_stops_going_back() {
    const C: &[f32] = &[1.0, 5.0, 10.0];
    let v = SwitchValue::Number { value: 5.0, choices: C };
    assert_eq!(v.next(false).as_number(), Some(10.0));
    assert_eq!(v.next(false).next(false).as_number(), Some(1.0));
    assert_eq!(v.next(true).as_number(), Some(1.0));
    // Back from the first stays there: Shift+I at 1 iteration is not 50.
    assert_eq!(v.next(true).next(true).as_number(), Some(1.0));
    assert_eq!(SwitchValue::Bool(true).next(false), SwitchValue::Bool(false));
}

#[test]
fn an_optional_switch_passes_through_none() {
    const C: &[f32] = &[0.0, 0.5];
    let v = |value| SwitchValue::Optional { value, choices: C, none: "own" };
    assert_eq!(v(None).next(false), v(Some(0.0)));
    assert_eq!(v(Some(0.5)).next(false), v(None));
    assert_eq!(v(None).next(true), v(Some(0.5)));
    assert_eq!(v(None).to_string(), "own");
    assert_eq!(SwitchValue::Action.next(false), SwitchValue::Action);
}
