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
//! except under `--sprt`.

use super::collector::{Collector, header};
use super::files::plan_of;
use super::journal::{self, seed_list};
use super::progress::Progress;
use crate::player::args::say;
use std::collections::BTreeSet;

/// Reads the files named after `--merge` and prints what the run would have.
pub fn main(args: &[String]) -> Result<(), (i32, String)> {
    let files: Vec<&String> = args.iter().filter(|a| *a != "--merge").collect();
    if let Some(other) = files.iter().find(|a| a.starts_with('-')) {
        let e = format!("--merge takes files only (the run is read from them), not {other}");
        return Err((2, e));
    }
    if files.is_empty() {
        return Err((2, "--merge needs the --out files of a run".into()));
    }
    let read = |f: &&String| journal::read(f).map(|o| (f.to_string(), o));
    let read: Vec<_> = files.iter().map(read).collect::<Result<_, _>>().map_err(|e| (1, e))?;
    let run = journal::common_run(&read).map_err(|e| (1, e))?;
    let plan = plan_of(&run).map_err(|e| (1, format!("{}: {e}", read[0].0)))?;
    let mut games = journal::found(&plan, None, &read).map_err(|e| (1, e))?;
    let present: BTreeSet<usize> = games.keys().copied().collect();

    let how = match files.len() {
        1 => "merged from 1 file".to_string(),
        n => format!("merged from {n} files"),
    };
    say(&header(&plan, &how, None));
    let mut report =
        Collector::new(&plan, None, None, None, None, Progress::new(0, String::new(), true));
    let (mut taken, mut gap) = (0, None);
    for i in 0..plan.total() {
        match games.remove(&i) {
            Some(g) => {
                taken += 1;
                if report.take(i, g, false) {
                    break;
                }
            }
            None if plan.sprt.is_some() => {
                gap = Some(plan.game(i).seed);
                break;
            }
            None => {}
        }
    }
    // Seeds the table lacks: all not whole, but under the test only from the one it stopped at.
    let whole = |seed: u32| {
        let first = plan.index(seed, 0, 0).expect("a seed of the run");
        (first..first + plan.games_per_seed()).all(|i| present.contains(&i))
    };
    let missing: Vec<u32> = plan
        .seeds_of(None)
        .into_iter()
        .filter(|&s| gap.is_some_and(|g| s >= g) || (plan.sprt.is_none() && !whole(s)))
        .filter(|&s| !whole(s))
        .collect();
    if !missing.is_empty() {
        let absent = plan.total() - present.len();
        say(&format!(
            "missing: {} ({absent} of the run's {} games not in the files)\n",
            seed_list("seed", &missing),
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
    say(&report.tables(taken, cut.as_deref()));
    Ok(())
}
