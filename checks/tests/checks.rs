//! The engine agrees with the textbook, and the book's table says what the engine
//! does now.

#[test]
fn every_check_is_within_its_tolerance() {
    let outcomes = physics_checks::run_all().unwrap();
    let failed: Vec<String> = outcomes
        .iter()
        .filter(|o| !o.passed())
        .map(|o| {
            format!(
                "{} / {}: {} expected {} ± {}, measured {}",
                o.chapter,
                o.check.name,
                o.check.quantity,
                o.check.expected,
                o.check.tolerance,
                o.measured
            )
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn the_books_table_is_up_to_date() {
    let outcomes = physics_checks::run_all().unwrap();
    let now = physics_checks::generated(&outcomes);
    let committed =
        std::fs::read_to_string(physics_checks::table_path()).unwrap_or_default();
    assert!(
        committed == now,
        "book/src/physics-checks-table.md is stale: run `cargo run -p physics-checks -- --table`"
    );
}
