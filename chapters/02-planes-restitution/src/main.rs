//! `cargo run -p ch02-planes-restitution`: chapter 2's demos in a window, or
//! headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch02_planes_restitution::demos::CHAPTER)
}
