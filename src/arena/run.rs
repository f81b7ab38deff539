//! A run: games played on worker threads, taken in game order by the main thread, which alone
//! keeps the tables, the files and the progress line, so that every output is the same whatever
//! `--jobs` and the scheduling.

use super::files::{json_line, replay_file, replay_name};
use super::options::Options;
use super::plan::{Game, Opponents, Plan};
use super::progress::Progress;
use super::referee::GameRecord;
use super::stats::Stats;
use super::{EVERY_TTY, play_game};
use crate::args::say;
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};

/// Everything the main thread keeps while the games come in.
struct Report<'a> {
    plan: &'a Plan,
    /// One table per side.
    stats: Vec<Stats>,
    out: Option<BufWriter<std::fs::File>>,
    replays: Option<PathBuf>,
    write_err: Option<String>,
    progress: Progress,
}

impl Report<'_> {
    /// Takes game `i`.
    fn take(&mut self, i: usize, g: &GameRecord) {
        let game = self.plan.game(i);
        self.stats[game.side].add(game.seed, &self.plan.row_names(&game), g);
        self.write(&game, g);
    }

    fn write(&mut self, game: &Game, g: &GameRecord) {
        let labels = game.seated().map(|e| self.plan.entrants[e].label());
        let mut result = Ok(());
        if let Some(f) = &mut self.out {
            let line = json_line(game.seed, game.rotation, &labels, g);
            result = writeln!(f, "{line}").map_err(|e| format!("--out: {e}"));
        }
        if let Some(dir) = &self.replays {
            let path = dir.join(replay_name(game));
            let written = std::fs::write(&path, replay_file(game.seed, g));
            result = result.and(written.map_err(|e| format!("--replays {}: {e}", path.display())));
        }
        if let Err(e) = result {
            self.write_err.get_or_insert(e);
        }
    }

    /// The running win share of a side's entrant, with its interval.
    fn share(&self, side: usize) -> String {
        let share = self.stats[side].get(self.plan.side_label(side)).and_then(|t| t.share());
        share.map_or("-".into(), |s| s.text())
    }

    /// The progress line's account of the sides so far.
    fn standing(&self) -> String {
        let parts: Vec<String> = (0..self.plan.sides.len())
            .map(|side| format!("{} {}", self.plan.side_label(side), self.share(side)))
            .collect();
        parts.join("  ")
    }

    /// The tables, one per side.
    fn tables(&self) -> String {
        let mut text = String::new();
        for stats in &self.stats {
            stats.render(&mut text);
        }
        text
    }
}

/// What the run plays: the first line of the output.
fn header(o: &Options) -> String {
    let p = &o.plan;
    let label = |e: &usize| p.entrants[*e].label();
    let names = |list: &[usize]| list.iter().map(label).collect::<Vec<_>>().join(" | ");
    let side = p.side_label(0);
    let text = match &p.opponents {
        Opponents::Fixed(o) => format!("arena: {side} | {}", names(o)),
        Opponents::Field(f) => format!("arena: {side} against a field of {}", names(f)),
    };
    let last = p.first_seed + (p.seeds - 1);
    format!(
        "{text}  seeds {}..{last} ({})  {} games  jobs {}\n",
        p.first_seed,
        p.seeds,
        p.total(),
        o.jobs
    )
}

/// Plays the plan's games on `jobs` threads and hands them to `report` in game order.
fn play_in_order(plan: &Plan, jobs: usize, show_stderr: bool, report: &mut Report) {
    let total = plan.total();
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<(usize, GameRecord)>();
    let mut done = 0;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let game = plan.game(i);
                    let seated = game.seated().map(|e| &plan.entrants[e]);
                    let g = play_game(seated, game.seed, game.rotation, show_stderr);
                    if tx.send((i, g)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are taken in game order.
        let mut pending = BTreeMap::new();
        loop {
            match rx.recv_timeout(EVERY_TTY) {
                Ok((i, g)) => drop(pending.insert(i, g)),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            while let Some(g) = pending.remove(&done) {
                report.take(done, &g);
                done += 1;
            }
            report.progress.show(done, &report.standing(), false);
        }
        report.progress.show(done, &report.standing(), true);
    });
}

pub fn run(mut o: Options) -> Result<(), String> {
    say(&header(&o));
    let plan = &o.plan;
    let stats = match plan.merges_labels() {
        true => vec![Stats::new(&plan.game(0).table.map(|e| plan.entrants[e].label()))],
        false => (0..plan.sides.len()).map(|s| Stats::new(&[plan.side_label(s)])).collect(),
    };
    let mut report = Report {
        plan,
        stats,
        out: o.out.take(),
        replays: o.replays.take(),
        write_err: None,
        progress: Progress::new(plan.total(), o.quiet),
    };
    play_in_order(plan, o.jobs, o.show_stderr, &mut report);
    if let Some(f) = &mut report.out
        && let Err(e) = f.flush()
    {
        report.write_err.get_or_insert(format!("--out: {e}"));
    }
    // The table first: a file that could not be written is no reason to lose the run.
    say(&report.tables());
    report.write_err.map_or(Ok(()), Err)
}
