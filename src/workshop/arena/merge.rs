//! `daimyo arena --merge FILE...`: the `--out` files of one run (its shards, or the pieces of a
//! run stopped and begun again) added up. Their games go to the collector a run uses, in game
//! order, so the table, or under `--sprt` the test's log and verdict, are those the whole run
//! would have printed: the test takes the seeds in order and stops where the run would have
//! stopped, and the games of seeds beyond its verdict are left out as the run would not have
//! played them.
//!
//! Files of different runs are refused with what differs; a game found twice counts once;
//! seeds missing are named, and the table is of the games present (the test stops at the
//! first seed not whole in the files). Runs alike but for their seeds, each beginning at the
//! seed after the last of another, are one run over all their seeds (`journal::common_run`),
//! except under `--sprt`. The tournament page of an `--out` file is made of what a merge of it
//! prints and takes (`merged`).

use super::collector::Collector;
use super::files::plan_of;
use super::header::header;
use super::journal::{self, SHOWN_SEEDS, seed_count};
use super::progress::Progress;
use super::summary::Summary;
use crate::player::args::Arg::{Free, Opt};
use crate::player::args::{Reader, say};
use crate::workshop::records::OutFile;
use std::collections::{BTreeMap, BTreeSet};

/// Reads the files named after `--merge` and prints what the run would have.
pub fn main(args: &[String]) -> Result<(), (i32, String)> {
    let (mut arguments, mut files) = (Reader::new(args), Vec::new());
    while let Some(arg) = arguments.next_arg().map_err(|e| (2, e))? {
        match arg {
            Opt("--merge") => {}
            Opt(other) => {
                let e =
                    format!("--merge takes files only (the run is read from them), not {other}");
                return Err((2, e));
            }
            Free(file) => files.push(file),
        }
    }
    if files.is_empty() {
        return Err((2, "--merge needs the --out files of a run".into()));
    }
    let read = |f: &&str| journal::read(f).map(|o| (f.to_string(), o));
    let read: Vec<_> = files.iter().map(read).collect::<Result<_, _>>().map_err(|e| (1, e))?;
    say(&merged(&read, false).map_err(|e| (1, e))?.printed);
    Ok(())
}

/// What the run that `read` (each file's name and content) holds would have printed, and with
/// `keep` its games, for a page; an error when the files are not of one run.
pub fn merged(read: &[(String, OutFile)], keep: bool) -> Result<Summary, String> {
    let run = journal::common_run(read)?;
    let plan = plan_of(&run).map_err(|e| format!("{}: {e}", read[0].0))?;
    let mut games = journal::found(&plan, None, read)?;
    let present: BTreeSet<usize> = games.keys().copied().collect();

    let how = match read.len() {
        1 => "merged from 1 file".to_string(),
        n => format!("merged from {n} files"),
    };
    let mut report =
        Collector::new(&plan, None, None, None, None, Progress::new(0, String::new(), true));
    (report.echo, report.keep) = (false, keep);
    report.say(&header(&plan, &how, None));
    // The games in order, as many as the files hold: never the whole plan, whose run line may
    // name billions of seeds. Under the test, up to the first game missing.
    let (mut taken, mut next, mut over) = (0, 0, false);
    while let Some((i, g)) = games.pop_first() {
        if plan.sprt.is_some() && i != next {
            games.insert(i, g);
            break;
        }
        (taken, next) = (taken + 1, i + 1);
        if report.take(i, g, false) {
            over = true;
            break;
        }
    }
    let gap = (plan.sprt.is_some() && !over && next < plan.total()).then(|| plan.game(next).seed);
    // Seeds the table lacks: all not whole, but under the test only from the one it stopped at;
    // counted from the seeds that are whole, and the first dozen named.
    let mut held: BTreeMap<u32, usize> = BTreeMap::new();
    for &i in &present {
        *held.entry(plan.game(i).seed).or_default() += 1;
    }
    let whole = |seed: u32| held.get(&seed) == Some(&plan.games_per_seed());
    let from = match (plan.sprt, gap) {
        (None, _) => Some(plan.first_seed),
        (Some(_), gap) => gap,
    };
    let (mut missing, mut count) = (Vec::new(), 0);
    if let Some(from) = from {
        let end = plan.first_seed as u64 + plan.seeds as u64;
        let whole_after = held.keys().filter(|&&s| s >= from && whole(s)).count() as u64;
        count = end - from as u64 - whole_after;
        let seeds = (from as u64..end).map(|s| s as u32);
        missing = seeds.filter(|&s| !whole(s)).take(SHOWN_SEEDS).collect();
    }
    if !missing.is_empty() {
        let absent = plan.total() - present.len();
        report.say(&format!(
            "missing: {} ({absent} of the run's {} games not in the files)\n",
            seed_count("seed", &missing, count),
            plan.total()
        ));
    }
    if report.decided() && !games.is_empty() {
        eprintln!(
            "daimyo arena: {} games of seeds beyond the verdict are left out: the run would not \
             have played them",
            games.len()
        );
    }
    let cut = gap.map(|s| format!("seed {s} is not whole in the files"));
    let tables = report.tables(taken, cut.as_deref());
    report.say(&tables);
    Ok(report.summary(plan.total(), cut.as_deref()))
}
