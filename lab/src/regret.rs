//! `daimyo-lab regret`: what more rollouts could still buy, by the search's own judge. Each position
//! is searched once at a large reference budget; then at smaller budgets with several seeds
//! each. A move's regret is the reference's win rate of its own choice less its win rate of the
//! move played: what that budget's noise costs, a move, if the rollouts' judge (the model, the
//! later moves' policies) were right. Only the candidates of the reference's last phase have
//! comparable win rates: the search learns the bot's later moves as it halves, so a candidate
//! dropped earlier was judged by an earlier, weaker follow-up (on a turn-3 position a third
//! lower). A move played outside them is counted, not given a regret. Positions whose result the
//! reference finds decided are left out.

use daimyo::player::args::Arg::{Free, Opt};
use daimyo::player::args::{Reader, parsed, say, setting, threads};
use daimyo::player::play::warning;
use daimyo::player::protocol::{answer, parse_stream};
use daimyo::workshop::arena::stats::percentile;
use daimyo::workshop::bench;
use daimyo_engine::knowledge::{Position, Tracker};
use daimyo_engine::model::Forecast;
use daimyo_engine::params::{self, SearchParams};
use daimyo_engine::rules::Move;
use daimyo_engine::search::{Searcher, Tally};
use daimyo_engine::timeman::{Limits, cores};

const USAGE: &str = "\
daimyo-lab regret [--reference N] [--budgets A,B,...] [--seeds K] [--first-seed S] [--threads N]
              [--set NAME=V ...] [--each] [FILE ...]
  --reference N   rollouts of the reference search of each position (default 20000000)
  --budgets LIST  the budgets measured, in rollouts (default 100000,300000,650000,1300000)
  --seeds K       searches of each position at each budget, on seeds S..S+K-1 (default 6)
  --first-seed S  the first of those seeds (default 1; the reference's seed is 0)
  --threads N     threads of each search (default: the cores available; the results do
                  not depend on them)
  --set NAME=V    the bot with one of the search's settings changed (as for the player)
  --each          a line for each position: the reference's move and win rate, and each
                  budget's moves (= the reference's, or the move with its regret, or
                  'dropped' if the reference dropped it before its last phase)
  FILE            a game's input as the manager sends it (samples/game.txt): each of its
                  turns is a position, with the turns before it known; default: the bench's
                  24 positions
Prints, for each budget, how often its move was the reference's, how often one of the
reference's finalists (the candidates of its last phase), and the regret of those moves: the
reference's win rate of its own move less its win rate of the move played. A candidate the
reference dropped earlier was judged by a weaker follow-up, so it gets no regret.
";

/// Positions whose reference win rate is within this of 0 or 1 are decided, and left out.
const DECIDED: f64 = 0.02;

/// One budget's moves: how many, how many the reference's, and each one's regret.
#[derive(Clone, Debug, Default)]
pub struct Row {
    pub budget: u64,
    pub moves: usize,
    pub agree: usize,
    /// Moves among the reference's finalists (its own included): those with a regret.
    pub finalists: usize,
    pub regrets: Vec<f64>,
}

/// What a run measures.
pub struct Config {
    pub params: SearchParams,
    pub reference: u64,
    pub budgets: Vec<u64>,
    pub seeds: u64,
    pub first_seed: u64,
    pub threads: usize,
}

/// The reference's win rate of its best move less its win rate of `played`, if `played` was
/// judged as long as the best (one of the finalists); `None` if not, or if the reference has no
/// such candidate.
pub fn regret_of(ranked: &[(Move, Tally)], best: Move, played: Move) -> Option<f64> {
    let tally = |mv: Move| ranked.iter().find(|(m, _)| *m == mv).map(|(_, t)| *t);
    let (b, p) = (tally(best)?, tally(played)?);
    (p.rollouts >= b.rollouts).then(|| b.win_rate() - p.win_rate())
}

/// Seed `s` of the search of position `i`.
fn seed(s: u64, i: usize) -> u64 {
    (s << 32) | i as u64
}

/// A position with where it comes from (a file's turn, or the bench's index).
pub struct Spot {
    pub label: String,
    pub pos: Position,
}

/// What a run found: every budget's row, how many positions were left out as decided, and a
/// line for each position measured (its reference move, and each budget's moves with their
/// regrets).
pub struct Found {
    pub rows: Vec<Row>,
    pub decided: usize,
    pub each: Vec<String>,
}

/// Every budget's row over `spots`.
pub fn measure(spots: &[Spot], cfg: &Config) -> Found {
    let searcher = Searcher::new(cfg.threads);
    let rows = cfg.budgets.iter().map(|&budget| Row { budget, ..Row::default() }).collect();
    let mut found = Found { rows, decided: 0, each: Vec::new() };
    for (i, Spot { label, pos }) in spots.iter().enumerate() {
        let forecast = Forecast::new(pos, &cfg.params.rivals, None);
        let search = |rollouts: u64, s: u64| {
            searcher.search(pos, &forecast, &cfg.params, &Limits::rollouts(rollouts), seed(s, i))
        };
        let reference = search(cfg.reference, 0);
        let (best, ranked) = (reference.best, &reference.ranked);
        // The best move heads the ranking.
        let win = ranked[0].1.win_rate();
        if !(DECIDED..=1.0 - DECIDED).contains(&win) {
            found.decided += 1;
            continue;
        }
        let mut line = format!("{label}: reference {} (win {win:.3})", answer(&best));
        for row in found.rows.iter_mut() {
            line += &format!(";  {}:", row.budget);
            for s in cfg.first_seed..cfg.first_seed + cfg.seeds {
                let played = search(row.budget, s).best;
                let regret = regret_of(ranked, best, played);
                row.moves += 1;
                row.agree += usize::from(played == best);
                row.finalists += usize::from(regret.is_some());
                row.regrets.extend(regret);
                line += &match regret {
                    _ if played == best => " =".to_string(),
                    Some(r) => format!(" {} ({r:+.4})", answer(&played)),
                    None => format!(" {} (dropped)", answer(&played)),
                };
            }
        }
        found.each.push(line);
    }
    found
}

/// The table of `rows`.
pub fn table(rows: &[Row]) -> String {
    let mut out = format!(
        "{:>10}  {:>6}  {:>7}  {:>9}  {:>11}  {:>10}  {:>10}\n",
        "budget", "moves", "agree", "finalist", "mean regret", "p90 regret", "max regret"
    );
    for r in rows {
        let mut sorted = r.regrets.clone();
        sorted.sort_by(f64::total_cmp);
        // No move among the finalists: no regret to sum up.
        let cell = |width: usize, digits: usize, v: Option<f64>| match v {
            Some(v) => format!("{v:>width$.digits$}"),
            None => format!("{:>width$}", "-"),
        };
        let mean = (!sorted.is_empty()).then(|| sorted.iter().sum::<f64>() / sorted.len() as f64);
        out += &format!(
            "{:>10}  {:>6}  {:>6.1}%  {:>8.1}%  {}  {}  {}\n",
            r.budget,
            r.moves,
            100.0 * r.agree as f64 / r.moves.max(1) as f64,
            100.0 * r.finalists as f64 / r.moves.max(1) as f64,
            cell(11, 5, mean),
            cell(10, 5, percentile(&sorted, 90.0)),
            cell(10, 5, percentile(&sorted, 100.0)),
        );
    }
    out
}

/// Every turn's position of the game in `file`, or what is wrong with it.
fn positions_of(file: &str) -> Result<Vec<Spot>, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    let (strengths, views) =
        parse_stream(&bytes).map_err(|e| format!("{file}: malformed input at {e}"))?;
    let mut tracker = Tracker::new(strengths);
    let mut out = Vec::new();
    for view in &views {
        for w in tracker.observe(view) {
            eprintln!(
                "daimyo-lab regret: warning, {file}, turn {}: {}",
                view.turn,
                warning(view, w)
            );
        }
        out.push(Spot { label: format!("{file} turn {}", view.turn), pos: *tracker.position() });
    }
    Ok(out)
}

fn list(text: &str) -> Result<Vec<u64>, String> {
    let budgets: Option<Vec<u64>> = text.split(',').map(|b| b.trim().parse().ok()).collect();
    budgets.filter(|b| !b.is_empty() && b.iter().all(|&n| n > 0)).ok_or_else(|| {
        format!("--budgets: '{text}' is not a list of rollout counts, e.g. 1000,2000")
    })
}

/// The run's settings, whether to print each position's line, and the files.
type Parsed = (Config, bool, Vec<String>);

fn parse(args: &[String]) -> Result<Option<Parsed>, String> {
    let mut cfg = Config {
        params: params::bot(daimyo::player::field::default()),
        reference: 20_000_000,
        budgets: vec![100_000, 300_000, 650_000, 1_300_000],
        seeds: 6,
        first_seed: 1,
        threads: cores(),
    };
    let (mut settings, mut files, mut each) = (Vec::new(), Vec::new(), false);
    let mut read = Reader::new(args);
    while let Some(arg) = read.next_arg()? {
        match arg {
            Opt("--reference") => cfg.reference = read.value()?,
            Opt("--budgets") => cfg.budgets = list(&read.text()?)?,
            Opt("--seeds") => cfg.seeds = read.value()?,
            Opt("--first-seed") => cfg.first_seed = read.value()?,
            Opt("--threads") => cfg.threads = threads("--threads", read.value()?)?,
            Opt("--set") => settings.push(setting(&read.text()?)?),
            Opt("--each") => each = true,
            Opt("-h" | "--help") => return Ok(None),
            Opt(a) => return Err(format!("unknown argument '{a}'\n{USAGE}")),
            Free(file) => files.push(file.to_string()),
        }
    }
    if cfg.reference == 0 || cfg.seeds == 0 {
        return Err("--reference and --seeds must be at least 1".into());
    }
    cfg.params = params::tuned(cfg.params, &settings).map_err(|e| format!("--set: {e}"))?;
    Ok(Some((cfg, each, files)))
}

pub fn main(args: &[String]) -> i32 {
    let (cfg, show_each, files) = match parsed("daimyo-lab regret", USAGE, parse(args)) {
        Ok(p) => p,
        Err(exit) => return exit,
    };
    let (positions, source): (Vec<Spot>, String) = if files.is_empty() {
        let bench = bench::positions().into_iter().enumerate();
        let spots = bench.map(|(i, pos)| Spot { label: format!("bench {}", i + 1), pos });
        (spots.collect(), "the bench's".to_string())
    } else {
        match files.iter().map(|f| positions_of(f)).collect::<Result<Vec<_>, _>>() {
            Ok(p) => (
                p.into_iter().flatten().collect(),
                format!("{} file{}", files.len(), if files.len() == 1 { "" } else { "s" }),
            ),
            Err(e) => {
                eprintln!("daimyo-lab regret: {e}");
                return 2;
            }
        }
    };
    let last = cfg.first_seed + cfg.seeds - 1;
    say(&format!(
        "daimyo-lab regret: {} positions ({source}), reference {} rollouts (seed 0), seeds {}..{last} at each budget, {} thread{}\n",
        positions.len(),
        cfg.reference,
        cfg.first_seed,
        cfg.threads,
        if cfg.threads == 1 { "" } else { "s" },
    ));
    let Found { rows, decided, each } = measure(&positions, &cfg);
    if show_each {
        say(&each.iter().map(|l| format!("{l}\n")).collect::<String>());
    }
    say(&table(&rows));
    say(&format!(
        "{decided} position{} left out as decided (the reference's win rate within {DECIDED} of 0 or 1)\n",
        if decided == 1 { "" } else { "s" }
    ));
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u64, rollouts: u64) -> Tally {
        Tally { credit: 12 * wins, margin: 0, rollouts }
    }

    #[test]
    fn regret_is_the_references_gap_between_its_move_and_the_one_played() {
        let mv = |l: u8| Move::new(&[l, l]).expect("a night move");
        let ranked = vec![
            (mv(0), tally(60, 100)),
            (mv(1), tally(45, 100)),
            (mv(2), tally(40, 100)),
            (mv(3), tally(9, 30)),
        ];
        assert_eq!(regret_of(&ranked, mv(0), mv(0)), Some(0.0));
        assert!((regret_of(&ranked, mv(0), mv(1)).unwrap() - 0.15).abs() < 1e-12);
        assert!((regret_of(&ranked, mv(0), mv(2)).unwrap() - 0.20).abs() < 1e-12);
        // Measured from the reference's own move, wherever the ranking put it.
        assert!((regret_of(&ranked, mv(1), mv(0)).unwrap() + 0.15).abs() < 1e-12);
        // Dropped before the last phase, or never a candidate: no regret.
        assert_eq!(regret_of(&ranked, mv(0), mv(3)), None);
        assert_eq!(regret_of(&ranked, mv(0), mv(5)), None);
    }

    #[test]
    fn the_reference_budget_on_the_reference_seed_plays_the_references_moves() {
        // Seed 0 at the reference's own budget is the reference search again: every move its
        // own, no regret; a far smaller budget on the same positions is measured on as many.
        let positions: Vec<Spot> =
            bench::positions()[..6].iter().map(|&pos| Spot { label: String::new(), pos }).collect();
        let cfg = Config {
            params: params::bot(daimyo::player::field::default()),
            reference: 4_000,
            budgets: vec![4_000, 200],
            seeds: 2,
            first_seed: 0,
            threads: 2,
        };
        let Found { rows, decided, each } = measure(&positions, &cfg);
        let open = positions.len() - decided;
        assert_eq!(each.len(), open);
        assert!(open > 0, "every position decided");
        assert_eq!(rows[0].moves, 2 * open);
        assert_eq!(rows[1].moves, 2 * open);
        assert_eq!(rows[0].regrets.len(), rows[0].finalists);
        assert!(rows[0].finalists >= open && rows[0].finalists <= rows[0].moves);
        // Seed 0 is the reference itself: its move at every open position, no regret.
        assert!(rows[0].regrets.iter().all(|r| r.is_finite()));
        assert!(rows[0].regrets.iter().filter(|r| **r == 0.0).count() >= open);
        assert!(rows[0].agree >= open);
        assert!(each.iter().all(|l| l.contains(";  4000: =")), "{each:?}");
        let first = table(&rows);
        assert!(first.lines().count() == 3 && first.contains("4000") && first.contains("200"));
        assert!(first.lines().next().unwrap().contains("finalist"));
    }
}
