//! The arena's command line: four fixed entrants, one entrant against opponents drawn from a
//! list (`--draw-from`), or two versions under `--sprt` against fixed or drawn opponents, which
//! shard of it to play, and what to write where (or which `--out` file to resume).

use super::files::run_of;
use super::journal::Journal;
use super::plan::{Lineup, Plan, Shard};
use super::referee::{GameRecord, MANAGER_ANSWER_MS};
use super::{DEFAULT_SEEDS, DEFAULT_SPRT_MARGIN, DEFAULT_SPRT_SEEDS, Entrant};
use crate::player::args::Arg::{Free, Opt};
use crate::player::args::Reader;
use crate::workshop::records::RunLine;
use daimyo_engine::rules::DAIMYO;
use daimyo_engine::timeman::cores;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub struct Options {
    pub plan: Plan,
    pub shard: Option<Shard>,
    pub jobs: usize,
    pub out: Option<Journal>,
    /// The games `--resume` found in the `--out` file, by their number in the plan.
    pub known: BTreeMap<usize, GameRecord>,
    /// Whether an `--out` file keeps the games, so that `--resume` can go on from it.
    pub resumable: bool,
    pub replays: Option<PathBuf>,
    /// Where to write each game's page (the viewer's).
    pub pages: Option<PathBuf>,
    pub quiet: bool,
    pub show_stderr: bool,
}

/// The command line as read, before it is checked as a whole.
#[derive(Default)]
struct CommandLine {
    seeds: Option<u32>,
    first_seed: Option<u32>,
    jobs: Option<usize>,
    out: Option<String>,
    resume: bool,
    shard: Option<Shard>,
    replays: Option<PathBuf>,
    pages: Option<PathBuf>,
    quiet: bool,
    show_stderr: bool,
    draw_from: Option<Vec<Entrant>>,
    sprt: Option<[Entrant; 2]>,
    curve: Option<Vec<Entrant>>,
    margin: Option<f64>,
    answer_ms: Option<u64>,
    entrants: Vec<Entrant>,
}

fn read_line(args: &[String]) -> Result<CommandLine, String> {
    let (mut l, mut read) = (CommandLine::default(), Reader::new(args));
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--seeds") => l.seeds = Some(read.value()?),
            Opt("--first-seed") => l.first_seed = Some(read.value()?),
            Opt("--jobs") => l.jobs = Some(read.value()?),
            Opt("--out") => l.out = Some(read.value()?),
            Opt("--resume") => l.resume = true,
            Opt("--shard") => l.shard = Some(Shard::parse(&read.text()?)?),
            Opt("--replays") => l.replays = Some(read.text()?.into()),
            Opt("--html") => l.pages = Some(read.text()?.into()),
            Opt("--quiet") => l.quiet = true,
            Opt("--show-stderr") => l.show_stderr = true,
            Opt("--margin") => l.margin = Some(read.value()?),
            Opt("--answer-limit-ms") => l.answer_ms = Some(read.value()?),
            // `--field`, its old name, for the commands written with it.
            Opt("--draw-from" | "--field") => {
                let list: String = read.value()?;
                let players: Result<_, _> =
                    list_specs(&list).iter().map(|s| Entrant::parse(s)).collect();
                l.draw_from = Some(players?);
            }
            Opt("--curve") => {
                let list: String = read.value()?;
                let members: Result<_, _> =
                    list_specs(&list).iter().map(|s| Entrant::parse(s)).collect();
                l.curve = Some(members?);
            }
            Opt("--sprt") => {
                let a = Entrant::parse(&read.text()?)?;
                let b = Entrant::parse(&read.text()?)?;
                l.sprt = Some([a, b]);
            }
            Opt(a) => {
                return Err(format!("unknown option '{a}' (daimyo arena --help lists them)"));
            }
            Free(spec) => l.entrants.push(Entrant::parse(spec)?),
        }
    }
    Ok(l)
}

/// The entrants of a `--draw-from` or `--curve` list: pieces separated by commas, where a piece
/// `KEY=VALUE` without a `:` continues the settings of the built-in before it
/// (`bot:time=100,rollouts=500`).
pub fn list_specs(list: &str) -> Vec<String> {
    let mut specs: Vec<String> = Vec::new();
    for piece in list.split(',') {
        let setting = piece.contains('=') && !piece.contains(':');
        match specs.last_mut() {
            Some(last) if setting && !last.contains("exec:") => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_string()),
        }
    }
    specs
}

/// The entrants and who plays whom, from what the line named.
fn plan(l: &mut CommandLine) -> Result<Plan, String> {
    let n = l.entrants.len();
    if l.sprt.is_some() && l.curve.is_some() {
        return Err("--sprt and --curve are two kinds of run: one at a time".into());
    }
    if l.curve.as_ref().is_some_and(|c| c.len() < 2) {
        return Err("--curve needs at least two entrants, separated by commas".into());
    }
    let curve = l.curve.is_some();
    let mut entrants: Vec<Entrant> = match (l.sprt.take(), l.curve.take()) {
        (Some(pair), _) => Vec::from(pair),
        (None, Some(list)) => list,
        (None, None) => Vec::new(),
    };
    let sides: Vec<usize> = (0..entrants.len().max(1)).collect();
    let (wanted, what) = match (sides.len(), l.draw_from.is_some()) {
        (1, false) => (DAIMYO, "four entrants are needed"),
        (1, true) => (1, "--draw-from plays one entrant against opponents drawn from the list"),
        (_, false) if curve => (3, "--curve needs three opponents"),
        (_, true) if curve => (0, "--curve --draw-from takes no other entrant"),
        (_, false) => (3, "--sprt A B needs three opponents"),
        (_, true) => (0, "--sprt A B --draw-from takes no other entrant"),
    };
    if n != wanted {
        return Err(format!("{what}, got {n} (daimyo arena --help)"));
    }
    entrants.append(&mut l.entrants);
    let opponents = match l.draw_from.take() {
        Some(players) if players.len() < 3 => {
            return Err(format!("--draw-from needs at least three players, got {}", players.len()));
        }
        Some(mut players) => {
            let start = entrants.len();
            entrants.append(&mut players);
            Lineup::DrawnFrom((start..entrants.len()).collect())
        }
        None => Lineup::Fixed(std::array::from_fn(|i| sides.len() + i)),
    };
    let sprt = (sides.len() == 2 && !curve).then(|| l.margin.unwrap_or(DEFAULT_SPRT_MARGIN));
    let seeds = l.seeds.unwrap_or(if sprt.is_some() { DEFAULT_SPRT_SEEDS } else { DEFAULT_SEEDS });
    let first_seed = l.first_seed.unwrap_or(1);
    let answer_ms = l.answer_ms.unwrap_or(MANAGER_ANSWER_MS);
    Ok(Plan { entrants, sides, opponents, sprt, first_seed, seeds, answer_ms })
}

pub fn options(args: &[String]) -> Result<Options, String> {
    let mut l = read_line(args)?;
    if l.margin.is_some() && l.sprt.is_none() {
        return Err("--margin goes with --sprt".into());
    }
    if l.margin.is_some_and(|d| !(d > 0.0 && d < 1.0)) {
        return Err("--margin: the difference of win shares D must be above 0 and below 1".into());
    }
    let mut plan = plan(&mut l)?;
    if plan.answer_ms == 0 {
        return Err("--answer-limit-ms must be at least 1".into());
    }
    if plan.seeds == 0 || l.jobs == Some(0) {
        return Err("--seeds and --jobs must be at least 1".into());
    }
    if plan.first_seed.checked_add(plan.seeds - 1).is_none() {
        return Err("seeds are 32-bit: --first-seed + --seeds - 1 must stay below 2^32".into());
    }
    let jobs = l.jobs.unwrap_or_else(cores).min(plan.total());
    // Games in parallel each have their core: a built-in searches on one thread unless told.
    if jobs > 1 {
        for e in &mut plan.entrants {
            if let Entrant::Builtin { budget, .. } = e {
                budget.threads.get_or_insert(1);
            }
        }
    }
    if let Some(s) = l.shard
        && s.n > plan.seeds
    {
        return Err(format!(
            "--shard {}: more shards than the run's {} seeds",
            s.text(),
            plan.seeds
        ));
    }
    // Made last, so that a mistake elsewhere on the line leaves the files alone.
    for (option, dir) in [("--replays", &l.replays), ("--html", &l.pages)] {
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("{option} {}: {e}", dir.display()))?;
        }
    }
    let head = RunLine { run: run_of(&plan), shard: l.shard.map(|s| s.text()) };
    let (out, known) = match (&l.out, l.resume) {
        (None, true) => return Err("--resume needs --out FILE, the file to go on from".into()),
        (None, false) => (None, BTreeMap::new()),
        (Some(path), false) => (Some(Journal::create(path, &head)?), BTreeMap::new()),
        (Some(path), true) => {
            let (journal, known) = Journal::resume(path, &head, &plan, l.shard)?;
            (Some(journal), known)
        }
    };
    let (quiet, show_stderr, replays, pages) =
        (l.quiet, l.show_stderr, l.replays.take(), l.pages.take());
    let (shard, resumable) = (l.shard, out.is_some());
    Ok(Options { plan, shard, jobs, out, known, resumable, replays, pages, quiet, show_stderr })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threads(args: &[&str]) -> Vec<Option<usize>> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let o = options(&args).unwrap();
        o.plan
            .entrants
            .iter()
            .map(|e| match e {
                Entrant::Builtin { budget, .. } => budget.threads,
                Entrant::Exec { .. } => None,
            })
            .collect()
    }

    #[test]
    fn games_in_parallel_give_each_built_in_one_thread_unless_told() {
        let four = ["bot", "bot:threads=2", "mc1:rollouts=10", "random"];
        let parallel = threads(&[&["--jobs", "2"][..], &four].concat());
        assert_eq!(parallel, [Some(1), Some(2), Some(1), Some(1)]);
        let alone = threads(&[&["--jobs", "1"][..], &four].concat());
        assert_eq!(alone, [None, Some(2), None, None], "one game at a time: every core");
        let sprt =
            ["--jobs", "2", "--sprt", "bot", "bot:threads=3", "--draw-from", "mc1,random,bot"];
        let paired = threads(&sprt);
        assert_eq!(paired, [Some(1), Some(3), Some(1), Some(1), Some(1)], "sides and drawn");
    }

    #[test]
    fn lists_keep_settings_together() {
        assert_eq!(
            list_specs("bot:time=100,rollouts=500,random,flatmc:rollouts=9"),
            ["bot:time=100,rollouts=500", "random", "flatmc:rollouts=9"]
        );
        assert_eq!(list_specs("exec:./p a=1,x=2,greedy"), ["exec:./p a=1", "x=2", "greedy"]);
        assert_eq!(list_specs("random,,greedy"), ["random", "", "greedy"]);
    }
}
