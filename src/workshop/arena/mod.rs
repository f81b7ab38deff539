//! `daimyo arena`: many games under the official manager's rules: four fixed entrants, one entrant
//! against opponents drawn from a list, or two versions compared by a sequential test.
//!
//! Each seed is played in all four seat rotations with the manager's lords for that seed, so every
//! entrant meets the same lords from every seat. `plan` says which tables a run (or a shard of it)
//! plays, `run` plays them on worker threads and hands the results in order to the `collector`
//! (every output is the same whatever `--jobs`; `header` its first lines), which keeps the tables
//! (`stats`), the test (`sprt`) and the `--out` journal (`journal`, which `--resume` and `merge`
//! read back) and `faults` counts the seats whose play the manager ended; `files` fills the `--out`
//! lines, run lines and replay files (`records` owns their formats); `interrupt` turns Ctrl-C into
//! a run that ends with its table; `referee` and `process` play one game exactly as the manager
//! does.

pub mod referee;
pub mod faults;
pub mod plan;
pub mod files;
pub mod journal;
pub mod progress;
pub mod stats;
pub mod slope;
pub mod sprt;
pub mod summary;
pub mod header;
pub mod collector;
pub mod interrupt;
pub mod merge;
pub mod options;
pub mod process;
pub mod run;

pub use files::out_line;

use crate::player::args::{self, say};
use crate::player::field;
use crate::workshop::builtins;
use daimyo_engine::params::{SearchParams, Tunable};
use daimyo_engine::rules::{DAIMYO, strengths_from_seed};
use daimyo_engine::timeman::Budget;
use referee::{Clocks, GameRecord, InProcess, Seat};
use std::time::Duration;

/// Seeds of a run without `--sprt`.
pub const DEFAULT_SEEDS: u32 = 25;
/// The most seeds a `--sprt` run plays before it ends undecided (8 games a seed).
pub const DEFAULT_SPRT_SEEDS: u32 = 200;
/// The SPRT's D: it weighs B's win share minus A's = +D against = -D.
pub const DEFAULT_SPRT_MARGIN: f64 = 0.05;
/// The SPRT's error rates: the chance of "B is stronger" when A is stronger by D, and the
/// other way round.
pub const SPRT_ALPHA: f64 = 0.05;
pub const SPRT_BETA: f64 = 0.05;
/// Seeds before the SPRT may decide: a variance needs two.
pub const SPRT_MIN_SEEDS: usize = 2;
/// The prior of the SPRT's variance: `SPRT_PRIOR_SEEDS` seeds of the variance of a seed's
/// paired difference between two independent players that each win a quarter of their four
/// games (2 x 3/16 / 4). The variance measured on a few seeds is often far too small, and the
/// test then decides on noise: on 2000 simulated runs of such players, one stronger by D = 0.05,
/// the wrong verdict came 5.7% and 4.2% of the time with this prior, 9.6% and 9.0% with a prior
/// of one seed (`sprt::tests::error_rates_hold_on_simulated_runs`).
pub const SPRT_PRIOR_VARIANCE: f64 = 3.0 / 32.0;
pub const SPRT_PRIOR_SEEDS: f64 = 16.0;
/// 95% two-sided, for every interval the arena prints.
pub const CONFIDENCE_Z: f64 = 1.959_963_984_540_054;
/// How often the progress line is redrawn on a terminal, and written to a log otherwise.
pub const EVERY_TTY: Duration = Duration::from_millis(200);
pub const EVERY_PLAIN: Duration = Duration::from_secs(10);

pub const USAGE: &str = include_str!("usage.txt");
/// The run's page in the `--html` directory, beside the games' pages.
pub const INDEX: &str = "index.html";

/// Who sits in a seat: a built-in agent or an external program.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    /// `search`: the search's settings, where the entrant changes some (`bot:gate=0.4`).
    Builtin {
        label: String,
        name: String,
        budget: Budget,
        search: Option<Box<SearchParams>>,
    },
    Exec {
        label: String,
        argv: Vec<String>,
    },
}

impl Entrant {
    pub fn parse(spec: &str) -> Result<Entrant, String> {
        let (name, command) = match spec.split_once("=exec:") {
            Some((name, command)) if !name.contains(':') => (Some(name), Some(command)),
            _ => (None, spec.strip_prefix("exec:")),
        };
        if let Some(cmd) = command {
            let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
            let Some(program) = argv.first() else {
                return Err(format!("'{spec}': exec: needs a program"));
            };
            if !findable(program) {
                return Err(format!("'{spec}': no program '{program}' found"));
            }
            let label = match name {
                Some(name) => program_name(name).map_err(|e| format!("'{spec}': {e}"))?,
                None => format!("exec:{}", argv.join(" ")),
            };
            return Ok(Entrant::Exec { label, argv });
        }
        let (name, settings) = spec.split_once(':').unwrap_or((spec, ""));
        let mut budget = Budget::default();
        let (mut tuning, mut model) = (Vec::new(), None);
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            let (key, value) = setting.split_once('=').unwrap_or((setting, ""));
            let number = || value.parse().map_err(|_| format!("'{spec}': cannot read '{value}'"));
            match key {
                "time" => budget.time_ms = Some(number()?),
                "rollouts" => budget.rollouts = Some(number()?),
                "noclock" if value.is_empty() => budget.no_clock = true,
                "model" => {
                    let read = field::load(value).map_err(|e| format!("'{spec}': model {e}"))?;
                    model = Some(read);
                }
                "threads" => {
                    let n = number()? as usize;
                    budget.threads = Some(args::threads(&format!("'{spec}': threads"), n)?);
                }
                _ if Tunable::find(key).is_some() => {
                    let v = value.parse().map_err(|_| format!("'{spec}': cannot read '{value}'"));
                    tuning.push((key.to_string(), v?));
                }
                _ => {
                    return Err(format!(
                        "'{spec}': unknown setting '{key}' (time, rollouts, noclock, threads, \
                         model; the search's {})",
                        Tunable::names()
                    ));
                }
            }
        }
        if builtins::agent(name, budget).is_none() {
            let names: Vec<&str> = builtins::BUILTINS.iter().map(|b| b.name).collect();
            return Err(format!(
                "unknown entrant '{spec}' (built-ins: {}; or 'exec:PROGRAM ARG...')",
                names.join(", ")
            ));
        }
        builtins::check(name, &budget).map_err(|e| format!("'{spec}': {e}"))?;
        if budget.never_ends() {
            return Err(format!("'{spec}': noclock needs rollouts=N: the search would never end"));
        }
        let search = builtins::tuned(name, &tuning, model)
            .map_err(|e| format!("'{spec}': {e}"))?
            .map(Box::new);
        Ok(Entrant::Builtin { label: spec.to_string(), name: name.into(), budget, search })
    }

    pub fn label(&self) -> &str {
        match self {
            Entrant::Builtin { label, .. } | Entrant::Exec { label, .. } => label,
        }
    }

    /// A fresh seat for one game.
    pub fn seat(&self, show_stderr: bool) -> Box<dyn Seat> {
        match self {
            Entrant::Builtin { name, budget, search, .. } => {
                let builtin = builtins::find(name).expect("checked when parsed");
                Box::new(InProcess::new(builtin.agent_with(*budget, search.as_deref())))
            }
            Entrant::Exec { argv, .. } => {
                Box::new(process::Program::new(argv.clone(), show_stderr))
            }
        }
    }
}

/// The name given to a program (`orig-tables=exec:PROGRAM`), which its rows, `--out` lines
/// and records carry instead of its command: letters, digits, `.`, `_` and `-`, not a
/// built-in's name.
fn program_name(name: &str) -> Result<String, String> {
    let fits = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-');
    if name.is_empty() || name.starts_with('-') || !name.chars().all(fits) {
        return Err(format!(
            "a program's name is letters, digits, '.', '_' and '-', not starting with '-', \
             not '{name}'"
        ));
    }
    if builtins::find(name).is_some() {
        return Err(format!("'{name}' is a built-in's name: give the program another"));
    }
    Ok(name.to_string())
}

/// Whether `program` names a file, directly or through `PATH`.
fn findable(program: &str) -> bool {
    if program.contains('/') {
        return std::path::Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|dir| dir.join(program).is_file()))
}

/// SplitMix64's output function: a well-mixed 64-bit value of any 64-bit input.
pub fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A built-in's seed for one game: SplitMix64 of (seed, rotation, seat), so a game replays the
/// same whatever thread plays it, and A's game and B's game under `--sprt` give the same seeds to
/// the same seats.
pub fn agent_seed(seed: u32, rotation: usize, seat: usize) -> u64 {
    splitmix((seed as u64) << 16 | (rotation as u64) << 8 | seat as u64)
}

/// Plays one (seed, rotation) game with `seated[seat]` in each seat.
pub fn play_game(
    seated: [&Entrant; DAIMYO],
    seed: u32,
    rotation: usize,
    show_stderr: bool,
    clocks: Clocks,
) -> GameRecord {
    play_game_unless(seated, seed, rotation, show_stderr, clocks, &|| false).expect("never stopped")
}

/// The same, abandoned (its programs ended) if `stop` says so before it ends.
pub fn play_game_unless(
    seated: [&Entrant; DAIMYO],
    seed: u32,
    rotation: usize,
    show_stderr: bool,
    clocks: Clocks,
    stop: &dyn Fn() -> bool,
) -> Option<GameRecord> {
    let mut seats = seated.map(|e| e.seat(show_stderr));
    let seeds = std::array::from_fn(|s| agent_seed(seed, rotation, s));
    referee::play_unless(&mut seats, strengths_from_seed(seed), seeds, clocks, stop)
}

/// `daimyo arena ARGS`, without the run's page: `--html` writes the games' pages alone.
pub fn main(args: &[String]) -> i32 {
    main_with(args, None)
}

/// `daimyo arena ARGS`; `page` makes the run's page under `--html` (the command line hands in
/// the tournament's, which comes after the arena).
pub fn main_with(args: &[String], page: Option<run::RunPage>) -> i32 {
    if args::given(args, &["-h", "--help"]) {
        say(USAGE);
        return 0;
    }
    let result = if args::given(args, &["--merge"]) {
        merge::main(args).map(|()| 0)
    } else {
        match options::options(args) {
            Err(e) => Err((2, e)),
            Ok(o) => run::run(o, page).map_err(|e| (1, e)),
        }
    };
    result.unwrap_or_else(|(code, e)| {
        eprintln!("daimyo arena: {e}");
        code
    })
}
