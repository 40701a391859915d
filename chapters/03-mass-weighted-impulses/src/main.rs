//! `cargo run -p ch03-mass-weighted-impulses`: chapter 3's demos in a window, or
//! headless.

fn main() -> std::process::ExitCode {
    viewer::run(ch03_mass_weighted_impulses::demos::CHAPTER)
}
