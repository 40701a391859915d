//! `cargo run -p ch01-pong-particles`: chapter 1's demos in a window, or headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch01_pong_particles::demos::CHAPTER)
}
