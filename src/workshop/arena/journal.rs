//! The `--out` file as a run's journal: the run line first (`records::RunLine`: the run and the
//! shard), then one line a game as the run takes it, each written whole by one write and handed
//! to the system at once, so that a killed run loses only the games it had under way.
//!
//! `--resume` reads a journal back and adds to it; `--merge` reads several. Both count a game
//! by its place in the run's plan (seed, side, rotation), once: a line that is no game of the
//! run is an error naming its file and line, a game found twice counts as first read (with a
//! warning naming the files), and a last line cut short, the mark of a run killed while it
//! wrote, is left out with a warning (and cut off the file by `--resume`).

use super::files::{plan_of, record_of};
use super::plan::{Plan, SIDES, Shard, lineup};
use super::referee::GameRecord;
use crate::workshop::records::{self, OutFile, OutLine, Run, RunEntrant, RunLine};
use daimyo_engine::rules::{DAIMYO, strengths_from_seed};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::Write;

/// An `--out` file open for the run's games.
pub struct Journal {
    file: File,
}

impl Journal {
    /// A new journal at `path` (a file there is replaced), its run line written.
    pub fn create(path: &str, head: &RunLine) -> Result<Journal, String> {
        let file = File::create(path).map_err(|e| format!("--out {path}: {e}"))?;
        let mut journal = Journal { file };
        journal.write(&head.line()).map_err(|e| format!("--out {path}: {e}"))?;
        Ok(journal)
    }

    /// The journal at `path` of this run (`head`) reopened to add to, and the games of the
    /// shard it holds; a file that does not exist is begun. A file of another run or shard is
    /// refused.
    pub fn resume(
        path: &str,
        head: &RunLine,
        plan: &Plan,
        shard: Option<Shard>,
    ) -> Result<(Journal, BTreeMap<usize, GameRecord>), String> {
        if !std::path::Path::new(path).exists() {
            return Ok((Journal::create(path, head)?, BTreeMap::new()));
        }
        let read = read(path)?;
        if read.runs.is_empty() && read.games.is_empty() {
            return Ok((Journal::create(path, head)?, BTreeMap::new()));
        }
        if read.runs.is_empty() {
            return Err(format!("--resume {path}: {}", no_run_line()));
        }
        for (n, r) in &read.runs {
            if r.run != head.run {
                let what = differences(&r.run, &head.run, ("the file", "this run"));
                return Err(format!("--resume {path}: line {n} is of another run: {what}"));
            }
            if r.shard != head.shard {
                let shard = |s: &Option<String>| {
                    s.as_ref().map_or("the whole run".into(), |s| format!("shard {s}"))
                };
                let (has, wants) = (shard(&r.shard), shard(&head.shard));
                return Err(format!("--resume {path}: line {n} says it holds {has}, not {wants}"));
            }
        }
        let (kept, newline) = (read.kept, read.newline);
        let games = found(plan, shard, &[(path.to_string(), read)])?;
        let failed = |e: std::io::Error| format!("--resume {path}: {e}");
        let file = OpenOptions::new().append(true).open(path).map_err(failed)?;
        file.set_len(kept as u64).map_err(failed)?;
        let mut journal = Journal { file };
        if !newline {
            journal.file.write_all(b"\n").map_err(failed)?;
        }
        Ok((journal, games))
    }

    /// Writes a line whole, with one write.
    pub fn write(&mut self, line: &str) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes)
    }
}

fn no_run_line() -> String {
    "no run line at its top (written by an older daimyo, or not an arena --out file): whose \
     games these are cannot be told"
        .into()
}

/// An `--out` file read whole; a torn last line is left out with a warning.
pub fn read(path: &str) -> Result<OutFile, String> {
    read_for("daimyo arena", path)
}

/// The same for another command, which `command` names in the warning.
pub fn read_for(command: &str, path: &str) -> Result<OutFile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    // Lossy: a line torn inside a character must still be read as torn, not as no text.
    let text = String::from_utf8_lossy(&bytes);
    let mut file = records::out_file(&text).map_err(|e| format!("{path}: {e}"))?;
    // `kept` counts bytes of the lossy text, where each byte that is not UTF-8 took three:
    // `--resume` cuts the file itself, so count the file's own bytes up to the same line (the
    // newlines are where they were).
    let lines = bytes.split_inclusive(|&b| b == b'\n');
    file.kept = match file.torn {
        Some((n, _)) => lines.take(n - 1).map(<[u8]>::len).sum(),
        None => bytes.len(),
    };
    file.newline = file.kept == 0 || bytes[file.kept - 1] == b'\n';
    if let Some((n, _)) = file.torn {
        eprintln!(
            "{command}: warning: {path}: line {n} is cut short (the run was stopped while \
             writing it): left out"
        );
    }
    Ok(file)
}

/// Every game of `files`, in their order, for a `command` that reads them all alike; an error
/// when a file cannot be read or none of them holds a game.
pub fn games_of(command: &str, files: &[String]) -> Result<Vec<OutLine>, String> {
    let mut games = Vec::new();
    for f in files {
        games.extend(read_for(command, f)?.games.into_iter().map(|(_, g)| g));
    }
    if games.is_empty() {
        let of = match files.len() {
            1 => files[0].clone(),
            n => format!("{n} files"),
        };
        return Err(format!("{of}: no games"));
    }
    Ok(games)
}

/// The run all `files` hold; files of other runs are refused, with what differs, and so are
/// games that no run line names. Runs alike but for their seeds add up to one run when their
/// seeds follow on from one another (a run played on, or a second run on new seeds), except
/// under `--sprt`, whose test is of one run's seeds in order.
pub fn common_run(files: &[(String, OutFile)]) -> Result<Run, String> {
    // Each run found, with the file and line it was first read from.
    let mut runs: Vec<(&str, usize, &Run)> = Vec::new();
    for (name, file) in files {
        if file.runs.is_empty() && !file.games.is_empty() {
            return Err(format!("{name}: {}", no_run_line()));
        }
        for (n, r) in &file.runs {
            if !runs.iter().any(|(_, _, run)| *run == &r.run) {
                runs.push((name, *n, &r.run));
            }
        }
    }
    let first = *runs.first().ok_or("the files hold no run line")?;
    let refuse = |(other, _, a): (&str, usize, &Run), (name, n, b): (&str, usize, &Run), hint| {
        let what = differences(a, b, (other, name));
        Err(format!("{name} (line {n}) is of another run than {other}: {what}{hint}"))
    };
    let unseeded = |r: &Run| Run { first_seed: 0, seeds: 0, ..r.clone() };
    if let Some(&odd) = runs.iter().find(|(_, _, r)| unseeded(r) != unseeded(first.2)) {
        return refuse(first, odd, "");
    }
    let mut by_seed = runs.clone();
    by_seed.sort_by_key(|(_, _, r)| r.first_seed);
    let apart = by_seed.windows(2).find(|w| w[0].2.seed_end() != w[1].2.first_seed as u64);
    let hint = "; runs alike but for their seeds add up only when each begins at the seed after \
                the last of another";
    match (apart, first.2.sprt_margin) {
        (_, Some(_)) if runs.len() > 1 => {
            refuse(first, runs[1], "; an SPRT's runs on other seeds do not add up to one test")
        }
        (Some(w), _) => refuse(w[0], w[1], hint),
        (None, _) => {
            let (from, last) = (by_seed[0].2.first_seed, by_seed[by_seed.len() - 1].2);
            let seeds = (last.seed_end() - from as u64) as u32;
            Ok(Run { first_seed: from, seeds, ..first.2.clone() })
        }
    }
}

/// The games of `plan` (of `shard`, if one) that `files` hold, by their number in the plan.
pub fn found(
    plan: &Plan,
    shard: Option<Shard>,
    files: &[(String, OutFile)],
) -> Result<BTreeMap<usize, GameRecord>, String> {
    let mut games = BTreeMap::new();
    // The file each game was first read from; the seeds found again, by pair of files.
    let mut from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut again: BTreeMap<(usize, usize), BTreeSet<u32>> = BTreeMap::new();
    for (f, (name, file)) in files.iter().enumerate() {
        for (n, o) in &file.games {
            let i = place(plan, shard, o).map_err(|e| format!("{name}: line {n}: {e}"))?;
            match from.get(&i) {
                Some(&first) => drop(again.entry((first, f)).or_default().insert(o.seed)),
                None => {
                    from.insert(i, f);
                    games.insert(i, record_of(o));
                }
            }
        }
    }
    for ((a, b), seeds) in again {
        let (x, y) = (&files[a].0, &files[b].0);
        let place = match (a == b, x == y) {
            (true, _) => format!("twice in {x}"),
            (false, true) => format!("in {x}, named twice"),
            (false, false) => format!("in {x} and in {y}"),
        };
        eprintln!(
            "daimyo arena: warning: games of {} are {place}: each counts once, as first read",
            seed_list("seed", &seeds.into_iter().collect::<Vec<_>>())
        );
    }
    Ok(games)
}

/// The number in the plan of a game read from a file, if it is a game of the run and shard.
fn place(plan: &Plan, shard: Option<Shard>, o: &records::OutLine) -> Result<usize, String> {
    let side = match (&o.side, plan.sprt) {
        // A curve's lines name no side: it is the one whose entrant sits in the line's seats.
        (None, None) => Some((0..plan.sides.len()).find(|&s| seats_of(plan, o, s)).unwrap_or(0)),
        (Some(s), Some(_)) => SIDES.iter().position(|x| x == s),
        _ => None,
    };
    let side = side.ok_or_else(|| match &o.side {
        Some(s) => format!("side {s:?}: the run has no sides"),
        None => "no side, but the run is an SPRT (sides A and B)".into(),
    })?;
    let last = plan.first_seed + (plan.seeds - 1);
    let i = plan.index(o.seed, side, o.rotation).ok_or_else(|| {
        format!("seed {} is not one of the run's seeds ({}..{last})", o.seed, plan.first_seed)
    })?;
    if !plan.holds(shard, o.seed) {
        return Err(format!(
            "seed {} is not in shard {}",
            o.seed,
            shard.map(|s| s.text()).unwrap()
        ));
    }
    let seated = seated(plan, i);
    if o.seats != seated {
        return Err(format!(
            "its seats ({}) are not the run's for seed {}, rotation {} ({})",
            o.seats.join(" | "),
            o.seed,
            o.rotation,
            seated.join(" | ")
        ));
    }
    if o.strengths != strengths_from_seed(o.seed) {
        return Err(format!("its lords are not those of seed {}", o.seed));
    }
    Ok(i)
}

/// The labels in the seats of game `i` of the plan.
fn seated(plan: &Plan, i: usize) -> [&str; DAIMYO] {
    plan.game(i).seated().map(|e| plan.entrants[e].label())
}

/// Whether the line's seats are those of side `side`'s game of its seed and rotation.
fn seats_of(plan: &Plan, o: &OutLine, side: usize) -> bool {
    plan.index(o.seed, side, o.rotation).is_some_and(|i| o.seats == seated(plan, i))
}

/// What differs between two runs, in words: `what a` in `a`, `what b` in `b`.
pub fn differences(a: &Run, b: &Run, (in_a, in_b): (&str, &str)) -> String {
    let mut said = Vec::new();
    let mut differ = |what: &str, x: String, y: String| {
        if x != y {
            said.push(format!("{what}{x} in {in_a}, {y} in {in_b}"));
        }
    };
    differ("daimyo ", a.daimyo.clone(), b.daimyo.clone());
    let lineup = |r: &Run| plan_of(r).map_or_else(|e| e, |p| lineup(&p));
    differ("", lineup(a), lineup(b));
    if lineup(a) == lineup(b) {
        for (x, y) in a.entrants.iter().zip(&b.entrants) {
            let or = |v: Option<u64>, unset: &str| v.map_or(unset.to_string(), |v| v.to_string());
            let label = &x.label;
            let program = |e: &RunEntrant| e.program.clone().unwrap_or_else(|| "none".into());
            differ(&format!("{label}: program "), program(x), program(y));
            differ(&format!("{label}: time "), or(x.time_ms, "default"), or(y.time_ms, "default"));
            let rollouts = |e: &RunEntrant| or(e.rollouts, "unbounded");
            differ(&format!("{label}: rollouts "), rollouts(x), rollouts(y));
            let threads = |e: &RunEntrant| or(e.threads.map(|t| t as u64), "every core");
            differ(&format!("{label}: threads "), threads(x), threads(y));
        }
    }
    let seeds = |r: &Run| format!("{}..{}", r.first_seed, r.seed_end() - 1);
    differ("seeds ", seeds(a), seeds(b));
    let margin = |r: &Run| r.sprt_margin.map_or("none".into(), |d| d.to_string());
    differ("--margin ", margin(a), margin(b));
    let limit = |r: &Run| r.answer_limit_ms.map_or("the manager's".into(), |ms| format!("{ms} ms"));
    differ("answer limit ", limit(a), limit(b));
    if said.is_empty() {
        said.push(format!("the run lines of {in_a} and {in_b} differ"));
    }
    said.join("; ")
}

/// The most seeds a list names.
pub const SHOWN_SEEDS: usize = 12;

/// `seeds 2, 6, 10` (at most a dozen named, then how many more).
pub fn seed_list(word: &str, seeds: &[u32]) -> String {
    seed_count(word, &seeds[..seeds.len().min(SHOWN_SEEDS)], seeds.len() as u64)
}

/// The same for `count` seeds whose first ones are `first` (a dozen, or all of them).
pub fn seed_count(word: &str, first: &[u32], count: u64) -> String {
    let mut text = format!("{word}{} ", if count == 1 { "" } else { "s" });
    let names: Vec<String> = first.iter().take(SHOWN_SEEDS).map(u32::to_string).collect();
    text += &names.join(", ");
    if count > names.len() as u64 {
        text += &format!(" and {} more", count - names.len() as u64);
    }
    text
}
