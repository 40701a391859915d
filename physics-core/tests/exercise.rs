/// Both stops fail with the message; only the first goes through the panic
/// hook.
#[test]
fn a_stub_stops_every_time_and_speaks_once() {
    for _ in 0..2 {
        let stopped = std::panic::catch_unwind(|| {
            physics_core::exercise::todo("exercise 0.1: a test")
        });
        let payload = stopped.expect_err("a stub must stop");
        let text = payload.downcast_ref::<String>().cloned().unwrap_or_default();
        assert_eq!(text, "not yet implemented: exercise 0.1: a test");
    }
}
