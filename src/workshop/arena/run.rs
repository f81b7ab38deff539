//! A run: games played on worker threads, taken in game order by the main thread, which alone
//! keeps the tables, the SPRT, the files and the progress line, so that every output is the
//! same whatever `--jobs` and the scheduling. Under `--sprt` the run ends with the first seed at
//! which the test decides; games begun beyond it are dropped, written nowhere.

use super::files::{out_line, page_name, replay_file, replay_name};
use super::options::Options;
use super::plan::{Fixture, Lineup, Plan};
use super::progress::Progress;
use super::referee::GameRecord;
use super::sprt::{Sprt, Verdict};
use super::stats::Stats;
use super::{EVERY_TTY, SPRT_ALPHA, play_game};
use crate::engine::rules::{DAIMYO, first_place_shares};
use crate::player::args::say;
use crate::workshop::records::Game;
use crate::workshop::viewer;
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};

/// The names of the sides under `--sprt`.
const SIDES: [&str; 2] = ["A", "B"];

/// Whether the SPRT's log shows the line of `k` seeds: every seed up to 10, every 10th up to
/// 100, every 100th beyond (and always the last).
fn logged(k: usize) -> bool {
    k <= 10 || (k <= 100 && k.is_multiple_of(10)) || k.is_multiple_of(100)
}

/// Everything the main thread keeps while the games come in.
struct Collector<'a> {
    plan: &'a Plan,
    /// One table per side.
    stats: Vec<Stats>,
    sprt: Option<Sprt>,
    /// The seed under way: the sum of B's shares minus A's.
    paired: f64,
    verdict: Option<Verdict>,
    out: Option<BufWriter<std::fs::File>>,
    replays: Option<PathBuf>,
    pages: Option<PathBuf>,
    write_err: Option<String>,
    progress: Progress,
}

impl Collector<'_> {
    fn side_name(&self, side: usize) -> Option<&'static str> {
        self.plan.sprt.map(|_| SIDES[side])
    }

    /// Takes game `i`; true when the run is over.
    fn take(&mut self, i: usize, g: &GameRecord) -> bool {
        let game = self.plan.game(i);
        self.stats[game.side].add(game.seed, &self.plan.row_names(&game), g);
        self.write(&game, g);
        let Some(sprt) = &mut self.sprt else { return false };
        let share = first_place_shares(&g.totals_x12)[game.side_seat()] as f64 / 12.0;
        self.paired += if game.side == 0 { -share } else { share };
        if !(i + 1).is_multiple_of(self.plan.games_per_seed()) {
            return false;
        }
        sprt.add(self.paired / DAIMYO as f64);
        self.paired = 0.0;
        self.verdict = sprt.verdict();
        let k = sprt.seeds();
        let last = self.verdict.is_some() || k == self.plan.seeds as usize;
        if last || logged(k) {
            self.progress.clear();
            say(&format!("{}\n", self.sprt_line()));
        }
        self.verdict.is_some()
    }

    fn write(&mut self, game: &Fixture, g: &GameRecord) {
        let side = self.side_name(game.side);
        let labels = game.seated().map(|e| self.plan.entrants[e].label());
        let mut result = Ok(());
        let line = out_line(game.seed, game.rotation, side, &labels, g);
        if let Some(f) = &mut self.out {
            result = writeln!(f, "{}", line.line()).map_err(|e| format!("--out: {e}"));
        }
        if let Some(dir) = &self.pages {
            let path = dir.join(page_name(game, side));
            let page = Game::try_from(line).map(|game| viewer::game_page(&game));
            let written = page.and_then(|p| std::fs::write(&path, p).map_err(|e| e.to_string()));
            result = result.and(written.map_err(|e| format!("--html {}: {e}", path.display())));
        }
        if let Some(dir) = &self.replays {
            let path = dir.join(replay_name(game, side));
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
        let mut parts = Vec::new();
        for side in 0..self.plan.sides.len() {
            let name = self.side_name(side).map_or(String::new(), |s| format!("{s} "));
            parts.push(format!("{name}{} {}", self.plan.side_label(side), self.share(side)));
        }
        if let Some(sprt) = &self.sprt {
            parts.push(format!("LLR {:.2}", sprt.llr()));
        }
        parts.join("  ")
    }

    fn sprt_line(&self) -> String {
        let sprt = self.sprt.as_ref().expect("under --sprt");
        let (d, half) = sprt.difference();
        let k = sprt.seeds();
        format!(
            "{k:>6} {:>7}  {:<20}  {:<20}  {:>+6.1} ± {:<5.1}  {:>7.2}",
            k * self.plan.games_per_seed(),
            self.share(0),
            self.share(1),
            100.0 * d,
            100.0 * half,
            sprt.llr()
        )
    }
}

/// What the run plays: the first line of the output, and under `--sprt` the test and the
/// columns of its log.
fn header(o: &Options) -> String {
    let p = &o.plan;
    let label = |e: &usize| p.entrants[*e].label();
    let names = |list: &[usize]| list.iter().map(label).collect::<Vec<_>>().join(" | ");
    let sides: Vec<String> = match p.sprt {
        Some(_) => p.sides.iter().zip(SIDES).map(|(e, s)| format!("{s} = {}", label(e))).collect(),
        None => p.sides.iter().map(|e| label(e).to_string()).collect(),
    };
    let mut text = match &p.opponents {
        Lineup::Fixed(o) if p.sprt.is_none() => format!("arena: {} | {}", sides[0], names(o)),
        Lineup::Fixed(o) => format!("arena: {} against {}", sides.join(", "), names(o)),
        Lineup::Field(f) => {
            format!("arena: {} against a field of {}", sides.join(", "), names(f))
        }
    };
    let at_most = if p.sprt.is_some() { " at most" } else { "" };
    let last = p.first_seed + (p.seeds - 1);
    text += &format!(
        "  seeds {}..{last} ({}){at_most}  {} games{at_most}  jobs {}\n",
        p.first_seed,
        p.seeds,
        p.total(),
        o.jobs
    );
    if let Some(margin) = p.sprt {
        text += &sprt_header(margin);
    }
    text
}

fn sprt_header(margin: f64) -> String {
    let (low, high) = Sprt::bounds();
    format!(
        "sprt: B's win share minus A's = {:+.1} points (B is stronger) against {:+.1} (A is \
         stronger), alpha = beta = {SPRT_ALPHA}, LLR bounds {low:.2} and {high:.2}\n\
         {:>6} {:>7}  {:<20}  {:<20}  {:<14}  {:>7}\n",
        100.0 * margin,
        -100.0 * margin,
        "seeds",
        "games",
        "A win share",
        "B win share",
        "B - A, points",
        "LLR"
    )
}

/// Plays the plan's games on `jobs` threads and hands them to `report` in game order until it
/// says the run is over; returns the number of games taken.
fn play_in_order(plan: &Plan, jobs: usize, show_stderr: bool, report: &mut Collector) -> usize {
    let total = plan.total();
    let (next, over) = (AtomicUsize::new(0), AtomicBool::new(false));
    let (tx, rx) = channel::<(usize, GameRecord)>();
    let mut done = 0;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, over) = (&next, &over);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total || over.load(Ordering::Relaxed) {
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
        'taking: loop {
            match rx.recv_timeout(EVERY_TTY) {
                Ok((i, g)) => drop(pending.insert(i, g)),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            while let Some(g) = pending.remove(&done) {
                done += 1;
                if report.take(done - 1, &g) {
                    over.store(true, Ordering::Relaxed);
                    break 'taking;
                }
            }
            report.progress.show(done, &report.standing(), false);
        }
        report.progress.show(done, &report.standing(), true);
    });
    done
}

impl Collector<'_> {
    /// The tables (one per side under `--sprt`) and the verdict.
    fn tables(&self, games: usize) -> String {
        let mut text = String::new();
        for (side, stats) in self.stats.iter().enumerate() {
            if let Some(name) = self.side_name(side) {
                text += &format!("\n{name} = {}, in its tables:\n", self.plan.side_label(side));
            }
            stats.render(&mut text);
        }
        let Some(sprt) = &self.sprt else { return text };
        let (low, high) = Sprt::bounds();
        let (llr, seeds) = (sprt.llr(), sprt.seeds());
        let (d, half) = sprt.difference();
        let outcome = match self.verdict {
            Some(v @ Verdict::AStronger) => format!("{}: LLR {llr:.2} reached {low:.2}", v.text()),
            Some(v @ Verdict::BStronger) => format!("{}: LLR {llr:.2} reached {high:.2}", v.text()),
            None => format!("no decision: LLR {llr:.2}, between {low:.2} and {high:.2}"),
        };
        text += &format!(
            "\nverdict: {outcome}, after {seeds} seeds ({games} games); B - A = {:+.1} ± {:.1} \
             points of win share\n",
            100.0 * d,
            100.0 * half
        );
        text
    }
}

pub fn run(mut o: Options) -> Result<(), String> {
    say(&header(&o));
    let plan = &o.plan;
    let stats = match plan.merges_labels() {
        true => vec![Stats::new(&plan.game(0).table.map(|e| plan.entrants[e].label()))],
        false => (0..plan.sides.len()).map(|s| Stats::new(&[plan.side_label(s)])).collect(),
    };
    let mut report = Collector {
        plan,
        stats,
        sprt: plan.sprt.map(Sprt::new),
        paired: 0.0,
        verdict: None,
        out: o.out.take(),
        replays: o.replays.take(),
        pages: o.pages.take(),
        write_err: None,
        progress: Progress::new(plan.total(), o.quiet),
    };
    let games = play_in_order(plan, o.jobs, o.show_stderr, &mut report);
    if let Some(f) = &mut report.out
        && let Err(e) = f.flush()
    {
        report.write_err.get_or_insert(format!("--out: {e}"));
    }
    // The table first: a file that could not be written is no reason to lose the run.
    say(&report.tables(games));
    report.write_err.map_or(Ok(()), Err)
}
