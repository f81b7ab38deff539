//! A run's account as its page shows it: what the terminal printed, each table as its cells,
//! how the measured entrants' win shares and the test's LLR went as the games came in, and the
//! games. The collector fills it, for a run or a merge; the page (`tournament`, which comes
//! after the arena) draws it. Nothing here counts anew: the shares are the table's, the LLR the
//! test's.

use super::stats::{Share, Stats};
use crate::workshop::records::OutLine;

pub struct Summary {
    /// The terminal's text: the header, the test's log, the seeds missing, the tables.
    pub printed: String,
    pub tables: Vec<Table>,
    pub trace: Trace,
    /// The games taken, in game order, of the games planned (the run's, or its shard's).
    pub games: Vec<OutLine>,
    pub planned: usize,
    /// Why the games ended before the run's end, if they did: `stopped by SIGINT`.
    pub cut: Option<String>,
}

/// One table: its heading (under `--sprt` or `--curve`) and its cells as the terminal aligns
/// them, with each row's name and win share in the same order.
pub struct Table {
    pub heading: Option<String>,
    pub cells: Vec<Vec<String>>,
    pub shares: Vec<(String, Share)>,
}

impl Table {
    pub fn of(heading: Option<String>, stats: &Stats) -> Table {
        let shares = stats.ranked().into_iter().map(|(t, s)| (t.name.clone(), s)).collect();
        Table { heading, cells: stats.cells(), shares }
    }
}

/// How the measured entrants' win shares went game by game, and the test's LLR seed by seed.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The rows followed: a table (by its place) and a row's name in it.
    pub rows: Vec<(usize, String)>,
    /// After this many games, each row's win share (none before its first game).
    pub shares: Vec<(usize, Vec<Option<Share>>)>,
    /// Under `--sprt`: after this many seeds and games, the LLR.
    pub llr: Vec<(usize, usize, f64)>,
    /// Under `--sprt`: the LLR's bounds.
    pub bounds: Option<(f64, f64)>,
}

impl Trace {
    pub fn new(rows: Vec<(usize, String)>, bounds: Option<(f64, f64)>) -> Trace {
        Trace { rows, bounds, ..Trace::default() }
    }

    /// Notes the rows' shares after `games` games, if `sampled` keeps that point or it is the
    /// `last`.
    pub fn note(&mut self, games: usize, tables: &[Stats], last: bool) {
        if !(sampled(games) || last) || self.shares.last().is_some_and(|p| p.0 == games) {
            return;
        }
        let share = |(t, name): &(usize, String)| tables[*t].get(name).and_then(|s| s.share());
        self.shares.push((games, self.rows.iter().map(share).collect()));
    }

    /// Notes the LLR after `seeds` seeds (`games` games), on the same terms.
    pub fn note_llr(&mut self, seeds: usize, games: usize, llr: f64, last: bool) {
        if (sampled(seeds) || last) && self.llr.last().is_none_or(|p| p.0 != seeds) {
            self.llr.push((seeds, games, llr));
        }
    }
}

/// Whether a trace keeps its point after `n` games (or seeds): each of the first 100, then
/// every 10th up to 1,000, every 100th up to 10,000, and so on. A run of any length keeps a
/// few hundred points, and each costs a pass over the seeds.
pub fn sampled(n: usize) -> bool {
    let digits = n.checked_ilog10().unwrap_or(0);
    digits < 2 || n.is_multiple_of(10usize.pow(digits - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_hundred_points_whatever_the_run() {
        let kept = |to: usize| (1..=to).filter(|&n| sampled(n)).count();
        assert_eq!(kept(100), 100);
        assert_eq!(kept(1000), 100 + 90);
        assert_eq!(kept(10_000), 100 + 90 + 90);
        assert!(sampled(99) && sampled(110) && !sampled(111) && sampled(1200) && !sampled(1210));
    }
}
