//! The command line every chapter binary shares. Its flags are a public interface:
//! learners write scripts against them and the book documents them, so change them
//! only compatibly.

use clap::{Arg, ArgAction, Command, value_parser};
use physics_core::demo::Chapter;
use physics_core::scene::{MAX_DT, MIN_DT};
use std::path::PathBuf;

/// Steps taken by a headless run when `--steps` is not given.
pub const DEFAULT_STEPS: u64 = 600;

#[derive(Debug)]
pub struct Args {
    pub headless: bool,
    pub steps: u64,
    pub demo: Option<String>,
    pub list_demos: bool,
    pub png: Option<PathBuf>,
    pub gif: Option<PathBuf>,
    pub gif_every: Option<u64>,
    pub trace: Option<PathBuf>,
    /// Chapter 15 on: every event of every step, as CSV.
    pub events: Option<PathBuf>,
    pub scene: Option<PathBuf>,
    pub dt: Option<f32>,
    pub size: (usize, usize),
    /// Switch keys to press once the demo is open, in order (upper case: the switch
    /// backwards).
    pub press: Option<String>,
    /// The tour only: the chapter to start in, by number (from 1) or package name.
    pub chapter: Option<String>,
}

fn parse_dt(s: &str) -> Result<f32, String> {
    let dt: f32 =
        s.parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !dt.is_finite() || dt <= 0.0 {
        return Err(format!(
            "{dt} must be a finite number of seconds greater than 0"
        ));
    }
    if dt > MAX_DT {
        return Err(format!(
            "{dt} s is longer than the largest step allowed, {MAX_DT} s (1/60 s is 0.016666668)"
        ));
    }
    if dt < MIN_DT {
        return Err(format!(
            "{dt:e} s is shorter than the shortest step allowed, {MIN_DT:e} s"
        ));
    }
    Ok(dt)
}

fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}` is not WIDTHxHEIGHT in pixels, such as 640x480");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if !(64..=4096).contains(&w) || !(64..=4096).contains(&h) {
        return Err(format!("{w}x{h}: each side must be 64 to 4096 pixels"));
    }
    Ok((w, h))
}

/// The command line of one chapter's binary, or (`tour`) of the tour, which adds
/// `--chapter`.
pub fn command(chapter: &Chapter, tour: bool) -> Command {
    let demos: Vec<&str> = chapter.demos.iter().map(|d| d.name).collect();
    let cmd = Command::new(chapter.package);
    let cmd = if tour {
        cmd.arg(Arg::new("chapter").long("chapter").value_name("N").help(
            "The chapter to start in: its number (1, 2, ...) or package name",
        ))
    } else {
        cmd
    };
    cmd
        .about(format!(
            "{}: the demos of this chapter in a window, or headless.",
            chapter.title
        ))
        .after_help(format!(
            "Demos: {}\n\nExamples:\n  cargo run --release -p {p}\n  \
             cargo run --release -p {p} -- --headless --steps 300 --png out.png\n  \
             cargo run --release -p {p} -- --demo {d} --steps 120 --trace out.csv",
            if demos.is_empty() {
                "each chapter's own (--chapter N --list-demos lists them)".to_string()
            } else {
                demos.join(", ")
            },
            p = chapter.package,
            d = demos.first().copied().unwrap_or("NAME"),
        ))
        .arg(
            Arg::new("headless")
                .long("headless")
                .action(ArgAction::SetTrue)
                .help("Run without a window (implied by --png, --gif and --trace)"),
        )
        .arg(
            Arg::new("steps")
                .long("steps")
                .value_name("N")
                .value_parser(value_parser!(u64))
                .allow_negative_numbers(true)
                .help("Steps to run headless [default: 600]"),
        )
        .arg(
            Arg::new("demo")
                .long("demo")
                .value_name("NAME")
                .help("The demo to start with (see --list-demos)"),
        )
        .arg(
            Arg::new("list-demos")
                .long("list-demos")
                .action(ArgAction::SetTrue)
                .help("List this chapter's demos and exit"),
        )
        .arg(
            Arg::new("png")
                .long("png")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("Write the last frame as a PNG"),
        )
        .arg(
            Arg::new("gif")
                .long("gif")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help(
                    "Write an animated GIF: the start and at most 150 more frames, or one frame every \
                     --gif-every steps. Each frame shows for the time its steps cover, rounded to \
                     1/100 s and at least 1/50 s (one frame per 1/60 s step plays 17 % slow)",
                ),
        )
        .arg(
            Arg::new("gif-every")
                .long("gif-every")
                .value_name("K")
                .value_parser(value_parser!(u64).range(1..))
                .help("Put every K-th step in the GIF [default: enough for 150 frames]"),
        )
        .arg(
            Arg::new("trace")
                .long("trace")
                .value_name("FILE.csv")
                .value_parser(value_parser!(PathBuf))
                .help("Write every body's state at every step as CSV"),
        )
        .arg(
            Arg::new("events")
                .long("events")
                .value_name("FILE.csv")
                .value_parser(value_parser!(PathBuf))
                .help(
                    "Write every event of every step as CSV: \
                     step,kind,body_a,shape_a,body_b,shape_b,x,y,nx,ny,speed (chapter 15 on)",
                ),
        )
        .arg(
            Arg::new("scene")
                .long("scene")
                .value_name("FILE.json")
                .value_parser(value_parser!(PathBuf))
                .help("Load a scene file instead of a built-in demo"),
        )
        .arg(
            Arg::new("dt")
                .long("dt")
                .value_name("SECONDS")
                .value_parser(parse_dt)
                .allow_negative_numbers(true)
                .help("The fixed time step [default: the demo's own, usually 1/60]"),
        )
        .arg(
            Arg::new("press")
                .long("press")
                .value_name("KEYS")
                .help(
                    "Press these switch keys once the demo is open, in order, as in the window \
                     (a capital presses backwards): --press x turns chapter 10's soft step off",
                ),
        )
        .arg(
            Arg::new("size")
                .long("size")
                .value_name("WxH")
                .value_parser(parse_size)
                .help("Window or picture size in pixels [default: 960x720 window, 640x480 files]"),
        )
}

pub fn parse(
    chapter: &Chapter,
    tour: bool,
    argv: impl IntoIterator<Item = String>,
) -> Result<Args, clap::Error> {
    let m = command(chapter, tour).try_get_matches_from(argv)?;
    let png = m.get_one::<PathBuf>("png").cloned();
    let gif = m.get_one::<PathBuf>("gif").cloned();
    let trace = m.get_one::<PathBuf>("trace").cloned();
    let events = m.get_one::<PathBuf>("events").cloned();
    let headless = m.get_flag("headless")
        || png.is_some()
        || gif.is_some()
        || trace.is_some()
        || events.is_some();
    let default_size = if headless { (640, 480) } else { (960, 720) };
    Ok(Args {
        headless,
        steps: m.get_one::<u64>("steps").copied().unwrap_or(DEFAULT_STEPS),
        demo: m.get_one::<String>("demo").cloned(),
        list_demos: m.get_flag("list-demos"),
        png,
        gif,
        gif_every: m.get_one::<u64>("gif-every").copied(),
        trace,
        events,
        scene: m.get_one::<PathBuf>("scene").cloned(),
        dt: m.get_one::<f32>("dt").copied(),
        size: m.get_one::<(usize, usize)>("size").copied().unwrap_or(default_size),
        press: m.get_one::<String>("press").cloned(),
        chapter: if tour { m.get_one::<String>("chapter").cloned() } else { None },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CH: Chapter = Chapter {
        number: 0,
        package: "chXX-test",
        title: "Test",
        demos: &[],
        supports: &[],
        from_scene: None,
    };

    fn args(a: &[&str]) -> Result<Args, clap::Error> {
        parse(
            &CH,
            false,
            std::iter::once("bin").chain(a.iter().copied()).map(String::from),
        )
    }

    #[test]
    fn output_files_imply_headless() {
        let a = args(&["--png", "x.png"]).unwrap();
        assert!(a.headless);
        assert_eq!(a.steps, DEFAULT_STEPS);
        assert!(!args(&[]).unwrap().headless);
    }

    #[test]
    fn bad_values_name_the_flag_and_value() {
        for (argv, flag, value) in [
            (&["--steps", "ten"][..], "--steps", "ten"),
            (&["--steps", "-5"][..], "--steps", "-5"),
            (&["--dt", "0"][..], "--dt", "0"),
            (&["--dt", "NaN"][..], "--dt", "NaN"),
            (&["--dt", "-0.01"][..], "--dt", "-0.01"),
            (&["--dt", "16"][..], "--dt", "16"),
            (&["--dt", "1e-40"][..], "--dt", "1e-40"),
            (&["--size", "big"][..], "--size", "big"),
        ] {
            let e = args(argv).unwrap_err().to_string();
            assert!(e.contains(flag) && e.contains(value), "{e}");
        }
    }
}
