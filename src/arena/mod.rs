//! `daimyo arena`: many games between four entrants under the official manager's rules.
//!
//! Each seed is played in all four seat rotations with the manager's lords for that seed, so
//! every entrant meets the same lords from every seat. Worker threads pull (seed, rotation)
//! tasks from a shared counter and play them through `referee`; the main thread alone prints
//! progress, writes `--out` lines in task order (the file is the same whatever `--jobs`) and
//! builds the table in `stats`.

pub mod manager;
pub mod process;
pub mod referee;
pub mod stats;

use crate::args::{say, value};
use crate::players;
use crate::rules::{DAIMYO, strengths_from_seed};
use crate::timeman::Budget;
use referee::{Builtin, GameRecord, Limits, Seat};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub const USAGE: &str = include_str!("usage.txt");

/// 95% two-sided, for every interval the arena prints.
pub const CONFIDENCE_Z: f64 = 1.959_963_984_540_054;

/// Who sits in a seat: a built-in agent or an external program.
#[derive(Clone, Debug, PartialEq)]
pub enum Entrant {
    Builtin { label: String, name: String, budget: Budget },
    Exec { label: String, argv: Vec<String> },
}

impl Entrant {
    pub fn parse(spec: &str) -> Result<Entrant, String> {
        if let Some(cmd) = spec.strip_prefix("exec:") {
            let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
            let Some(program) = argv.first() else {
                return Err(format!("'{spec}': exec: needs a program"));
            };
            if !findable(program) {
                return Err(format!("'{spec}': no program '{program}' found"));
            }
            return Ok(Entrant::Exec { label: format!("exec:{}", argv.join(" ")), argv });
        }
        let (name, settings) = spec.split_once(':').unwrap_or((spec, ""));
        let mut budget = Budget::default();
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            let (key, value) = setting.split_once('=').unwrap_or((setting, ""));
            let slot = match key {
                "time" => &mut budget.time_ms,
                "rollouts" => &mut budget.rollouts,
                _ => return Err(format!("'{spec}': unknown setting '{key}' (time, rollouts)")),
            };
            *slot = Some(value.parse().map_err(|_| format!("'{spec}': cannot read '{value}'"))?);
        }
        if players::agent(name, budget).is_none() {
            let names: Vec<&str> = players::builtins().map(|b| b.0).collect();
            return Err(format!(
                "unknown entrant '{spec}' (built-ins: {}; or 'exec:PROGRAM ARG...')",
                names.join(", ")
            ));
        }
        Ok(Entrant::Builtin { label: spec.to_string(), name: name.into(), budget })
    }

    pub fn label(&self) -> &str {
        match self {
            Entrant::Builtin { label, .. } | Entrant::Exec { label, .. } => label,
        }
    }

    /// A fresh seat for one game.
    pub fn seat(&self, show_stderr: bool) -> Box<dyn Seat> {
        match self {
            Entrant::Builtin { name, budget, .. } => {
                Box::new(Builtin::new(players::agent(name, *budget).expect("checked when parsed")))
            }
            Entrant::Exec { argv, .. } => {
                Box::new(process::Program::new(argv.clone(), show_stderr))
            }
        }
    }
}

/// Whether `program` names a file, directly or through `PATH`.
fn findable(program: &str) -> bool {
    if program.contains('/') {
        return std::path::Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|dir| dir.join(program).is_file()))
}

/// A built-in's seed for one game: SplitMix64 of (seed, rotation, seat), so a game replays the
/// same whatever thread plays it.
pub fn agent_seed(seed: u32, rotation: usize, seat: usize) -> u64 {
    let mut z = ((seed as u64) << 16 | (rotation as u64) << 8 | seat as u64)
        .wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Which entrant sits in each seat in `rotation`.
pub fn seating(rotation: usize) -> [usize; DAIMYO] {
    std::array::from_fn(|s| (s + rotation) % DAIMYO)
}

/// Plays one (seed, rotation) game.
pub fn play_game(
    entrants: &[Entrant; DAIMYO],
    seed: u32,
    rotation: usize,
    show_stderr: bool,
) -> GameRecord {
    let mut seats = seating(rotation).map(|e| entrants[e].seat(show_stderr));
    let seeds = std::array::from_fn(|s| agent_seed(seed, rotation, s));
    referee::play(&mut seats, strengths_from_seed(seed), seeds, Limits::MANAGER)
}

/// The `--out` line of one game.
pub fn json_line(seed: u32, rotation: usize, labels: &[&str; DAIMYO], g: &GameRecord) -> String {
    let commands: Vec<Vec<&[u8]>> =
        g.commands.iter().map(|turn| turn.iter().map(|m| m.lords()).collect()).collect();
    let seats = &g.seats;
    let max_ms: Vec<Option<f64>> =
        seats.iter().map(|s| s.max_ms().map(|v| (v * 1e3).round() / 1e3)).collect();
    serde_json::json!({
        "seed": seed,
        "rotation": rotation,
        "seats": labels,
        "strengths": g.strengths,
        "commands": commands,
        "totals_x12": g.totals_x12,
        "winner": g.winner,
        "timeouts": seats.iter().map(|s| s.timeouts).collect::<Vec<_>>(),
        "malformed": seats.iter().map(|s| s.malformed).collect::<Vec<_>>(),
        "max_ms": max_ms,
        "ready": seats.iter().map(|s| s.ready).collect::<Vec<_>>(),
        "replay": { "seed": seed, "commands": commands },
    })
    .to_string()
}

struct Options {
    seeds: u32,
    first_seed: u32,
    jobs: usize,
    out: Option<std::io::BufWriter<std::fs::File>>,
    quiet: bool,
    show_stderr: bool,
    entrants: [Entrant; DAIMYO],
}

fn options(args: &[String]) -> Result<Options, String> {
    let (mut seeds, mut first_seed, mut jobs) = (25u32, 1u32, None);
    let (mut out, mut quiet, mut show_stderr) = (None, false, false);
    let mut entrants = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--seeds" => seeds = value(args, &mut i)?,
            "--first-seed" => first_seed = value(args, &mut i)?,
            "--jobs" => jobs = Some(value(args, &mut i)?),
            "--out" => out = Some(value::<String>(args, &mut i)?),
            "--quiet" => quiet = true,
            "--show-stderr" => show_stderr = true,
            a if a.starts_with('-') => {
                return Err(format!("unknown option '{a}' (daimyo arena --help lists them)"));
            }
            spec => entrants.push(Entrant::parse(spec)?),
        }
        i += 1;
    }
    if seeds == 0 || jobs == Some(0) {
        return Err("--seeds and --jobs must be at least 1".into());
    }
    if first_seed.checked_add(seeds - 1).is_none() {
        return Err("seeds are 32-bit: --first-seed + --seeds - 1 must stay below 2^32".into());
    }
    let n = entrants.len();
    let entrants: [Entrant; DAIMYO] = entrants
        .try_into()
        .map_err(|_| format!("four entrants are needed, got {n} (daimyo arena --help)"))?;
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(4 * seeds as usize);
    // Opened last, so that a mistake elsewhere on the line leaves an existing file alone.
    let out = match out {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(&path).map_err(|e| format!("--out {path}: {e}"))?,
        )),
        None => None,
    };
    Ok(Options { seeds, first_seed, jobs, out, quiet, show_stderr, entrants })
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// Progress on stderr: one line rewritten in place on a terminal, a plain line every
/// `EVERY_PLAIN` otherwise (a log file should not fill with carriage returns).
struct Progress {
    begun: Instant,
    last: Option<Instant>,
    total: usize,
    tty: bool,
    quiet: bool,
}

const EVERY_TTY: Duration = Duration::from_millis(200);
const EVERY_PLAIN: Duration = Duration::from_secs(10);

impl Progress {
    fn show(&mut self, done: usize, finished: bool) {
        let now = Instant::now();
        let every = if self.tty { EVERY_TTY } else { EVERY_PLAIN };
        let due = self.last.is_none_or(|l| now - l >= every);
        if self.quiet || !(due || finished) {
            return;
        }
        self.last = Some(now);
        let elapsed = now - self.begun;
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let eta = if done == 0 {
            "-".into()
        } else {
            clock(Duration::from_secs_f64((self.total - done) as f64 / rate))
        };
        let line = format!(
            "{done}/{} games  {} elapsed  ETA {eta}  {rate:.1} games/s",
            self.total,
            clock(elapsed)
        );
        if self.tty {
            eprint!("\r{line}\x1b[K{}", if finished { "\n" } else { "" });
        } else {
            eprintln!("{line}");
        }
    }
}

fn run(mut o: Options) -> Result<(), String> {
    let total = 4 * o.seeds as usize;
    let mut out = o.out.take();
    let labels: [&str; DAIMYO] = std::array::from_fn(|e| o.entrants[e].label());
    say(&format!(
        "arena: {}  seeds {}..{} ({})  {total} games  jobs {}\n",
        labels.join(" | "),
        o.first_seed,
        o.first_seed + (o.seeds - 1),
        o.seeds,
        o.jobs
    ));
    let mut stats = stats::Stats::new(&labels);
    let tty = std::io::stderr().is_terminal();
    let mut progress = Progress {
        begun: Instant::now(),
        // A log gets its first line after a while, a terminal at once.
        last: (!tty).then(Instant::now),
        total,
        tty,
        quiet: o.quiet,
    };
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<(usize, GameRecord)>();
    let task = |i: usize| (o.first_seed + (i / 4) as u32, i % 4);
    let mut write_err = None;
    std::thread::scope(|scope| {
        for _ in 0..o.jobs {
            let tx = tx.clone();
            let (next, entrants) = (&next, &o.entrants);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let (seed, rotation) = task(i);
                    if tx.send((i, play_game(entrants, seed, rotation, o.show_stderr))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are taken in task order so that the file and the
        // float sums do not depend on the scheduling.
        let mut pending = BTreeMap::new();
        let mut done = 0;
        loop {
            match rx.recv_timeout(EVERY_TTY) {
                Ok((i, g)) => {
                    pending.insert(i, g);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            while let Some(g) = pending.remove(&done) {
                let (seed, rotation) = task(done);
                let seated = seating(rotation).map(|e| labels[e]);
                stats.add(seed, &seated, &g);
                if let Some(f) = &mut out {
                    let line = json_line(seed, rotation, &seated, &g);
                    if let Err(e) = writeln!(f, "{line}") {
                        write_err.get_or_insert(e);
                    }
                }
                done += 1;
            }
            progress.show(done, false);
        }
        progress.show(done, true);
    });
    if let Some(f) = &mut out
        && let Err(e) = f.flush()
    {
        write_err.get_or_insert(e);
    }
    if let Some(e) = write_err {
        return Err(format!("--out: {e}"));
    }
    let mut table = String::new();
    stats.render(&mut table);
    say(&table);
    Ok(())
}

pub fn main(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        say(USAGE);
        return 0;
    }
    let result = match options(args) {
        Err(e) => Err((2, e)),
        Ok(o) => run(o).map_err(|e| (1, e)),
    };
    result.map_or_else(
        |(code, e)| {
            eprintln!("daimyo arena: {e}");
            code
        },
        |()| 0,
    )
}
