//! What the main thread keeps while games come in, in game order: the tables, the SPRT and its
//! log, the `--out` journal and the replay files, and the progress line; and the text around
//! them (the header that says what the run plays, the verdict). A run feeds it the games it
//! plays and those `--resume` read back, a merge the games of its files: the same games in the
//! same order print the same lines, whichever way they came. It keeps what it printed, and for
//! a page the games and how the shares and the test went (`summary`).
//!
//! A game just played is counted as its `--out` line keeps it (its times to the microsecond),
//! so that it counts the same when a merge or a resumed run reads it back.

use super::faults::Faults;
use super::files::{out_line, page_name, record_of, replay_file, replay_name};
use super::journal::Journal;
use super::plan::{Fixture, Plan, SIDES, Shard};
use super::progress::Progress;
use super::referee::GameRecord;
use super::slope::{Measure, Slope, axis};
use super::sprt::{Sprt, Verdict};
use super::stats::{Stats, align, mean_of_seeds};
use super::summary::{Summary, Table, Trace};
use super::{CONFIDENCE_Z, DEFAULT_SPRT_MARGIN};
use crate::player::args::say;
use crate::workshop::records::{Game, OutLine};
use crate::workshop::viewer;
use daimyo_engine::rules::{DAIMYO, first_place_shares, margins};
use std::path::PathBuf;

/// Whether the SPRT's log shows the line of `k` seeds: every seed up to 10, every 10th up to
/// 100, every 100th beyond (and always the last).
fn logged(k: usize) -> bool {
    k <= 10 || (k <= 100 && k.is_multiple_of(10)) || k.is_multiple_of(100)
}

pub struct Collector<'a> {
    plan: &'a Plan,
    /// One table per side.
    stats: Vec<Stats>,
    /// The test, unless the games are a shard's: a shard's seeds are not the test's.
    sprt: Option<Sprt>,
    /// The seed under way: the sum of B's shares minus A's.
    paired: f64,
    verdict: Option<Verdict>,
    /// Under `--curve`: each entrant after the first against the one before it, and the seed
    /// under way's sum of shares of each.
    steps: Vec<Sprt>,
    seed_shares: Vec<f64>,
    /// Under `--curve`: each entrant after the first against the one before it in margin (its
    /// points less the best other's), a block (sum, 1) a seed; and the seed under way's sum of
    /// margins of each.
    margin_steps: Vec<Vec<(f64, f64)>>,
    seed_margins: Vec<f64>,
    /// Under `--curve` of one program at several budgets: what each doubling is worth, in win
    /// share and in margin.
    slope: Option<[Slope; 2]>,
    out: Option<Journal>,
    replays: Option<PathBuf>,
    /// Where each game's page goes (the viewer's).
    pages: Option<PathBuf>,
    pub write_err: Option<String>,
    pub progress: Progress,
    /// Whether what is said is printed as it comes (a merge prints its text whole, at the end).
    pub echo: bool,
    /// What was said: the run's text as the terminal shows it.
    printed: String,
    /// Whether the games taken are kept, for a page; and those kept.
    pub keep: bool,
    lines: Vec<OutLine>,
    /// The tables again, one per side, of the games in which no seat broke the manager's
    /// rules; and for each label that broke them, in how many games it did, by fault.
    clean: Vec<Stats>,
    faults: Vec<(String, Faults)>,
    /// The games taken, and how the shares and the test went.
    taken: usize,
    trace: Trace,
}

/// The budget the curve's entrants differ in, if they are one program at several.
fn curve_axis(plan: &Plan) -> Option<super::slope::Axis> {
    axis(&(0..plan.sides.len()).map(|s| plan.side_label(s)).collect::<Vec<_>>())
}

impl Collector<'_> {
    pub fn new(
        plan: &Plan,
        shard: Option<Shard>,
        out: Option<Journal>,
        replays: Option<PathBuf>,
        pages: Option<PathBuf>,
        progress: Progress,
    ) -> Collector<'_> {
        let stats = match plan.merges_labels() {
            true => vec![Stats::new(&plan.game(0).table.map(|e| plan.entrants[e].label()))],
            false => (0..plan.sides.len()).map(|s| Stats::new(&[plan.side_label(s)])).collect(),
        };
        let sprt = plan.sprt.filter(|_| shard.is_none()).map(Sprt::new);
        // Four fixed entrants are each measured; otherwise the sides' entrants are.
        let rows = match plan.merges_labels() {
            true => stats[0].tallies.iter().map(|t| (0, t.name.clone())).collect(),
            false => (0..plan.sides.len()).map(|s| (s, plan.side_label(s).to_string())).collect(),
        };
        let trace = Trace::new(rows, sprt.as_ref().map(|_| Sprt::bounds()));
        let clean = stats.iter().map(|s| Stats::new(&names_of(s))).collect();
        Collector {
            plan,
            stats,
            sprt,
            paired: 0.0,
            verdict: None,
            steps: match plan.is_curve() {
                true => (1..plan.sides.len()).map(|_| Sprt::new(DEFAULT_SPRT_MARGIN)).collect(),
                false => Vec::new(),
            },
            seed_shares: vec![0.0; plan.sides.len()],
            margin_steps: vec![Vec::new(); plan.sides.len().saturating_sub(1)],
            seed_margins: vec![0.0; plan.sides.len()],
            slope: plan
                .is_curve()
                .then(|| curve_axis(plan))
                .flatten()
                .map(|a| [Slope::new(a.clone(), Measure::Share), Slope::new(a, Measure::Margin)]),
            out,
            replays,
            keep: pages.is_some(),
            pages,
            write_err: None,
            progress,
            echo: true,
            printed: String::new(),
            lines: Vec::new(),
            clean,
            faults: Vec::new(),
            taken: 0,
            trace,
        }
    }

    /// Says `text`: printed at once when the collector echoes, and kept.
    pub fn say(&mut self, text: &str) {
        if self.echo {
            self.progress.clear();
            say(text);
        }
        self.printed += text;
    }

    fn side_name(&self, side: usize) -> Option<&'static str> {
        self.plan.sprt.map(|_| SIDES[side])
    }

    /// Takes game `i`, `fresh` when just played (it is then written); true when the run is
    /// over.
    pub fn take(&mut self, i: usize, g: GameRecord, fresh: bool) -> bool {
        let game = self.plan.game(i);
        let (g, line) = match fresh {
            true => {
                let line = self.write(&game, &g);
                (record_of(&line), Some(line))
            }
            false => (g, None),
        };
        if self.keep {
            let line = line.unwrap_or_else(|| self.line(&game, &g));
            self.lines.push(line);
        }
        let names = self.plan.row_names(&game);
        self.stats[game.side].add(game.seed, &names, &g);
        let broke = Faults::of(&g);
        if broke.iter().all(Faults::none) {
            self.clean[game.side].add(game.seed, &names, &g);
        }
        for (seat, f) in broke.iter().enumerate().filter(|(_, f)| !f.none()) {
            let label = self.plan.entrants[game.seated()[seat]].label();
            match self.faults.iter_mut().find(|(l, _)| l == label) {
                Some((_, total)) => total.add(f),
                None => self.faults.push((label.to_string(), *f)),
            }
        }
        self.taken += 1;
        self.trace.note(self.taken, &self.stats, false);
        let share = first_place_shares(&g.totals_x12)[game.side_seat()] as f64 / 12.0;
        if !self.steps.is_empty() {
            self.seed_shares[game.side] += share;
            self.seed_margins[game.side] += margins(&g.totals_x12)[game.side_seat()] as f64 / 12.0;
            if (i + 1).is_multiple_of(self.plan.games_per_seed()) {
                let per_game = |v: &[f64]| v.iter().map(|s| s / DAIMYO as f64).collect::<Vec<_>>();
                let (shares, margins) = (per_game(&self.seed_shares), per_game(&self.seed_margins));
                for (k, step) in self.steps.iter_mut().enumerate() {
                    step.add(shares[k + 1] - shares[k]);
                    self.margin_steps[k].push((margins[k + 1] - margins[k], 1.0));
                }
                if let Some([by_share, by_margin]) = &mut self.slope {
                    by_share.add(&shares);
                    by_margin.add(&margins);
                }
                self.seed_shares.fill(0.0);
                self.seed_margins.fill(0.0);
            }
        }
        let Some(sprt) = &mut self.sprt else { return false };
        self.paired += if game.side == 0 { -share } else { share };
        if !(i + 1).is_multiple_of(self.plan.games_per_seed()) {
            return false;
        }
        sprt.add(self.paired / DAIMYO as f64);
        self.paired = 0.0;
        self.verdict = sprt.verdict();
        let (k, llr) = (sprt.seeds(), sprt.llr());
        let last = self.verdict.is_some() || k == self.plan.seeds as usize;
        self.trace.note_llr(k, self.taken, llr, last);
        if last || logged(k) {
            let line = format!("{}\n", self.sprt_line());
            self.say(&line);
        }
        self.verdict.is_some()
    }

    /// The `--out` line of a game.
    fn line(&self, game: &Fixture, g: &GameRecord) -> OutLine {
        let side = self.side_name(game.side);
        let labels = game.seated().map(|e| self.plan.entrants[e].label());
        out_line(game.seed, game.rotation, side, &labels, g)
    }

    /// Writes a game just played where asked; its `--out` line.
    fn write(&mut self, game: &Fixture, g: &GameRecord) -> OutLine {
        let side = self.side_name(game.side);
        let line = self.line(game, g);
        let mut result = Ok(());
        if let Some(f) = &mut self.out {
            result = f.write(&line.line()).map_err(|e| format!("--out: {e}"));
        }
        if let Some(dir) = &self.replays {
            let path = dir.join(replay_name(game, side));
            let written = std::fs::write(&path, replay_file(game.seed, g));
            result = result.and(written.map_err(|e| format!("--replays {}: {e}", path.display())));
        }
        if let Some(dir) = &self.pages {
            let path = dir.join(page_name(game.seed, game.rotation, side));
            let page = Game::try_from(line.clone()).map_err(String::from);
            let page = page.map(|game| viewer::game_page(&game));
            let written = page.and_then(|p| std::fs::write(&path, p).map_err(|e| e.to_string()));
            result = result.and(written.map_err(|e| format!("--html {}: {e}", path.display())));
        }
        if let Err(e) = result {
            self.write_err.get_or_insert(e);
        }
        line
    }

    /// The running win share of a side's entrant, with its interval.
    fn share(&self, side: usize) -> String {
        let share = self.stats[side].get(self.plan.side_label(side)).and_then(|t| t.share());
        share.map_or("-".into(), |s| s.text())
    }

    /// The progress line's account of the sides so far.
    pub fn standing(&self) -> String {
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

    /// The curve: each entrant's win share, and its paired difference with the one before it
    /// (the SPRT's mean per seed and interval, and its LLR, though no test ends the run).
    fn curve(&self) -> String {
        let mut rows = vec![
            [
                "entrant",
                "win share",
                "95% interval",
                "vs the one before, points",
                "LLR",
                "margin vs the one before",
            ]
            .map(String::from)
            .to_vec(),
        ];
        for side in 0..self.plan.sides.len() {
            let label = self.plan.side_label(side);
            let share = self.stats[side].get(label).and_then(|t| t.share());
            let mut row = vec![
                format!("  {label}"),
                share.map_or("-".into(), |s| format!("{:.1}%", 100.0 * s.share)),
                share.map_or("-".into(), |s| s.range()),
            ];
            if let Some(step) = side.checked_sub(1).map(|k| &self.steps[k]) {
                let (d, half) = step.difference();
                row.push(format!("{:+.1} ± {:.1}", 100.0 * d, 100.0 * half));
                row.push(format!("{:.2}", step.llr()));
                let blocks = &self.margin_steps[side - 1];
                let (d, var) = mean_of_seeds(blocks);
                row.push(format!("{d:+.2} ± {:.2}", CONFIDENCE_Z * var.sqrt()));
            }
            row.resize(6, String::new());
            rows.push(row);
        }
        let (low, high) = Sprt::bounds();
        let mut text = format!(
            "\ncurve: every entrant in the same tables, each paired with the one before it (the \
             difference of win shares with its 95% interval; LLR of {:+.0} points against {:+.0}, \
             decided beyond {low:.2} and {high:.2}; the difference of margins, points over the \
             best other at the end, with its 95% interval)\n",
            100.0 * DEFAULT_SPRT_MARGIN,
            -100.0 * DEFAULT_SPRT_MARGIN
        );
        align(&rows, &mut text);
        if let Some(slopes) = &self.slope {
            slopes.iter().for_each(|s| text += &s.text());
        }
        text
    }

    /// Whether the test has decided.
    pub fn decided(&self) -> bool {
        self.verdict.is_some()
    }

    /// The tables (one per side under `--sprt`) and the verdict, after `games` games; `cut`
    /// says why the games ended before the run's end, if they did.
    pub fn tables(&self, games: usize, cut: Option<&str>) -> String {
        let mut text = String::new();
        for (side, stats) in self.stats.iter().enumerate() {
            if let Some(heading) = self.heading(side) {
                text += &format!("\n{heading}\n");
            }
            stats.render(&mut text);
        }
        if !self.steps.is_empty() {
            text += &self.curve();
        }
        text += &self.without_faults();
        let Some(sprt) = &self.sprt else { return text };
        let (low, high) = Sprt::bounds();
        let (llr, seeds) = (sprt.llr(), sprt.seeds());
        let (d, half) = sprt.difference();
        let outcome = match (self.verdict, cut) {
            (Some(v @ Verdict::AStronger), _) => {
                format!("{}: LLR {llr:.2} reached {low:.2}", v.text())
            }
            (Some(v @ Verdict::BStronger), _) => {
                format!("{}: LLR {llr:.2} reached {high:.2}", v.text())
            }
            (None, None) => format!("no decision: LLR {llr:.2}, between {low:.2} and {high:.2}"),
            (None, Some(why)) => {
                format!("none yet ({why}): LLR {llr:.2}, between {low:.2} and {high:.2}")
            }
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

impl Collector<'_> {
    /// When a seat's play was ended in some games (`Faults`): who, in how many, and the tables
    /// without those games (a seat played lord 0 from its fault on, so those games measure the
    /// others against a program that was no longer playing); nothing when none did.
    fn without_faults(&self) -> String {
        if self.faults.is_empty() {
            return String::new();
        }
        let kept: u32 = self.clean.iter().map(Stats::games).sum();
        let all: u32 = self.stats.iter().map(Stats::games).sum();
        let who: Vec<String> =
            self.faults.iter().map(|(l, f)| format!("{l} {}", f.text())).collect();
        let mut text = format!(
            "\na seat's play ended early in {} of {all} games: {}; the same without them \
             ({kept} games):\n",
            all - kept,
            who.join(", ")
        );
        for (side, stats) in self.clean.iter().enumerate().filter(|_| kept > 0) {
            if let Some(heading) = self.heading(side) {
                text += &format!("\n{heading}\n");
            }
            stats.render(&mut text);
        }
        text
    }

    /// The heading of a side's table, when there are several: `A = bot, in its tables:`.
    fn heading(&self, side: usize) -> Option<String> {
        let label = self.plan.side_label(side);
        match self.side_name(side) {
            Some(name) => Some(format!("{name} = {label}, in its tables:")),
            None => self.plan.is_curve().then(|| format!("{label}, in its tables:")),
        }
    }

    /// What was said, the tables as cells, the trace to the last game and the games kept, of
    /// the `planned` games; `cut` says why the games ended before the run's end, if they did.
    pub fn summary(&self, planned: usize, cut: Option<&str>) -> Summary {
        let mut tables: Vec<Table> = self
            .stats
            .iter()
            .enumerate()
            .map(|(s, stats)| Table::of(self.heading(s), stats))
            .collect();
        // The tables without the games where a seat's play ended, as printed after the rest.
        if !self.faults.is_empty() && self.clean.iter().any(|s| s.games() > 0) {
            for (side, stats) in self.clean.iter().enumerate() {
                let side = self.heading(side).map_or(String::new(), |h| format!(" ({h})"));
                let heading = format!("without the games where a seat's play ended early{side}");
                tables.push(Table::of(Some(heading), stats));
            }
        }
        let mut trace = self.trace.clone();
        trace.note(self.taken, &self.stats, true);
        if let Some(sprt) = self.sprt.as_ref().filter(|t| t.seeds() > 0) {
            trace.note_llr(sprt.seeds(), self.taken, sprt.llr(), true);
        }
        Summary {
            printed: self.printed.clone(),
            tables,
            trace,
            games: self.lines.clone(),
            planned,
            cut: cut.map(String::from),
        }
    }
}

/// The rows' names of a table, in order.
fn names_of(stats: &Stats) -> Vec<String> {
    stats.tallies.iter().map(|t| t.name.clone()).collect()
}
