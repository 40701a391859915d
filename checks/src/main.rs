//! `cargo run -p physics-checks`: print every check; with `--table`, rewrite the
//! book's table.

use std::process::ExitCode;

fn main() -> ExitCode {
    let outcomes = match physics_checks::run_all() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let text = physics_checks::generated(&outcomes);
    if std::env::args().any(|a| a == "--table") {
        let path = physics_checks::table_path();
        if let Err(e) = std::fs::write(&path, &text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("wrote {}", path.display());
    } else {
        print!("{text}");
    }
    if outcomes.iter().all(|o| o.passed()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
