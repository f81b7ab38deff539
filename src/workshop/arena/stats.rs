//! The arena's table: one row per name, the rows sorted by win share.
//!
//! The win share's interval must stay honest on a handful of games and on degenerate data (four
//! identical deterministic players tie every game: no spread at all). It is a Wilson score
//! interval, which never collapses to a point, taken on an effective number of games: the four
//! rotations of a seed share the lords and are correlated, so the variance of the share is
//! measured over seed blocks, and the seat-games count only for as many independent
//! first-or-not games as that variance is worth, never for more than themselves.

use super::CONFIDENCE_Z;
use super::referee::GameRecord;
use daimyo_engine::rules::{DAIMYO, first_place_shares};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Everything one row's seats did.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    pub name: String,
    pub seat_games: u32,
    /// Sole first places.
    pub wins: u32,
    /// Shared first places (the manager calls the game a draw).
    pub draws: u32,
    /// Sum of first-place shares in twelfths: 12 for a sole win, 12/k for a k-way tie.
    pub share_x12: u64,
    /// Per seed: the sum of shares in twelfths and the number of seat-games.
    by_seed: BTreeMap<u32, (u64, u32)>,
    pub total_x12: i64,
    pub rank_sum: f64,
    /// Seat-games in which the program never said READY.
    pub unready: u32,
    /// Seat-games in which the program exited before the end.
    pub crashed: u32,
    pub timeouts: u32,
    pub malformed: u32,
    pub times_ms: Vec<f64>,
}

/// A win share and its 95% interval, as fractions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    pub share: f64,
    pub low: f64,
    pub high: f64,
    /// The number of independent games the interval is taken on.
    pub effective: f64,
}

impl Share {
    /// `45.2% [38.1–52.4]`, in percent.
    pub fn text(&self) -> String {
        format!("{:.1}% [{}]", 100.0 * self.share, self.range())
    }

    /// `38.1–52.4`, in percent.
    pub fn range(&self) -> String {
        format!("{:.1}–{:.1}", 100.0 * self.low, 100.0 * self.high)
    }
}

impl Standing {
    /// The win share and its interval; none before any game.
    pub fn share(&self) -> Option<Share> {
        if self.seat_games == 0 {
            return None;
        }
        let blocks: Vec<(f64, f64)> =
            self.by_seed.values().map(|&(s, n)| (s as f64 / 12.0, n as f64)).collect();
        let share = self.share_x12 as f64 / 12.0 / self.seat_games as f64;
        let effective = effective_games(&blocks);
        let (low, high) = wilson(share, effective);
        Some(Share { share, low, high, effective })
    }
}

/// How many independent win-or-lose games the blocks (sum of shares, seat-games) are worth: the
/// Bernoulli variance of their mean share over the variance measured between blocks (the
/// cluster-robust variance of a ratio), capped at the seat-games. A single block says nothing
/// about the spread between seeds and counts as one game.
pub fn effective_games(blocks: &[(f64, f64)]) -> f64 {
    let k = blocks.len() as f64;
    let games: f64 = blocks.iter().map(|b| b.1).sum();
    let Some((p, variance)) = blocked_mean(blocks) else { return k.min(games) };
    if variance <= 0.0 { games } else { (p * (1.0 - p) / variance).clamp(1.0, games) }
}

/// The mean of values that come in blocks (sum, count), each block independent of the others
/// but not its values of each other (a seed's games), and the variance of that mean measured
/// between the blocks: the cluster-robust variance of a ratio, which for blocks of one size is
/// the variance of the blocks' means over their number. None from fewer than two blocks.
pub fn blocked_mean(blocks: &[(f64, f64)]) -> Option<(f64, f64)> {
    if blocks.len() < 2 {
        return None;
    }
    let k = blocks.len() as f64;
    let games: f64 = blocks.iter().map(|b| b.1).sum();
    let p = blocks.iter().map(|b| b.0).sum::<f64>() / games;
    let spread: f64 = blocks.iter().map(|&(s, n)| (s - p * n).powi(2)).sum();
    Some((p, k / (k - 1.0) * spread / (games * games)))
}

/// One value a seed (blocks of one): their mean and its variance from `blocked_mean`; with a
/// single seed its value and no variance (no spread is known), with none 0.
pub fn mean_of_seeds(values: &[(f64, f64)]) -> (f64, f64) {
    blocked_mean(values).unwrap_or((values.first().map_or(0.0, |b| b.0), 0.0))
}

/// The blocks (sum, count) of `f` over `items`, by seed, for `blocked_mean`.
pub fn by_seed<T>(items: &[T], seed: impl Fn(&T) -> u32, f: impl Fn(&T) -> f64) -> Vec<(f64, f64)> {
    let mut blocks: BTreeMap<u32, (f64, f64)> = BTreeMap::new();
    for item in items {
        let block = blocks.entry(seed(item)).or_default();
        block.0 += f(item);
        block.1 += 1.0;
    }
    blocks.into_values().collect()
}

/// The Wilson score interval of a proportion `p` observed on `n` games, at `CONFIDENCE_Z`.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = CONFIDENCE_Z * CONFIDENCE_Z;
    let scale = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / scale;
    let half = CONFIDENCE_Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / scale;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Rank 1..4 of each seat by total; tied seats share the average of their ranks.
pub fn average_ranks(totals: &[i32; DAIMYO]) -> [f64; DAIMYO] {
    std::array::from_fn(|d| {
        let above = totals.iter().filter(|&&t| t > totals[d]).count() as f64;
        let level = totals.iter().filter(|&&t| t == totals[d]).count() as f64;
        above + (level + 1.0) / 2.0
    })
}

/// Nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    // Less a hair, so that a rank that is whole on paper (99.9% of 1000) stays whole in floats.
    let rank = (p / 100.0 * sorted.len() as f64 - 1e-9).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len().max(1)) - 1).copied()
}

/// The table's columns, in order.
const COLUMNS: [&str; 16] = [
    "entrant",
    "win share",
    "95% interval",
    "games",
    "wins",
    "draws",
    "mean pts",
    "mean rank",
    "no READY",
    "crashed",
    "time-outs",
    "malformed",
    "p50 ms",
    "p99 ms",
    "p99.9 ms",
    "max ms",
];

/// Tallies in the order their names first appear.
#[derive(Default)]
pub struct Stats {
    pub tallies: Vec<Standing>,
}

impl Stats {
    pub fn new<S: AsRef<str>>(names: &[S]) -> Stats {
        let mut stats = Stats::default();
        for n in names {
            stats.row(n.as_ref());
        }
        stats
    }

    /// The index of the row called `name`, made if new.
    pub fn row(&mut self, name: &str) -> usize {
        match self.tallies.iter().position(|t| t.name == name) {
            Some(i) => i,
            None => {
                self.tallies.push(Standing { name: name.to_string(), ..Standing::default() });
                self.tallies.len() - 1
            }
        }
    }

    /// The games added: seat-games over the seats.
    pub fn games(&self) -> u32 {
        self.tallies.iter().map(|t| t.seat_games).sum::<u32>() / DAIMYO as u32
    }

    pub fn get(&self, name: &str) -> Option<&Standing> {
        self.tallies.iter().find(|t| t.name == name)
    }

    /// Adds a game; `names[seat]` is the row of whoever sat there.
    pub fn add<S: AsRef<str>>(&mut self, seed: u32, names: &[S; DAIMYO], rec: &GameRecord) {
        let shares = first_place_shares(&rec.totals_x12);
        let ranks = average_ranks(&rec.totals_x12);
        for seat in 0..DAIMYO {
            let row = self.row(names[seat].as_ref());
            let t = &mut self.tallies[row];
            t.seat_games += 1;
            t.wins += (rec.winner == Some(seat)) as u32;
            t.draws += (rec.winner.is_none() && shares[seat] > 0) as u32;
            t.share_x12 += shares[seat] as u64;
            let block = t.by_seed.entry(seed).or_default();
            block.0 += shares[seat] as u64;
            block.1 += 1;
            t.total_x12 += rec.totals_x12[seat] as i64;
            t.rank_sum += ranks[seat];
            let s = &rec.seats[seat];
            t.unready += !s.ready as u32;
            t.crashed += s.gone_at.is_some() as u32;
            t.timeouts += s.timeouts;
            t.malformed += s.malformed;
            t.times_ms.extend_from_slice(&s.times_ms);
        }
    }

    /// The rows that have games, by win share, highest first (ties in order of appearance).
    pub fn ranked(&self) -> Vec<(&Standing, Share)> {
        let mut order: Vec<(&Standing, Share)> =
            self.tallies.iter().filter_map(|t| Some((t, t.share()?))).collect();
        order.sort_by(|a, b| b.1.share.total_cmp(&a.1.share));
        order
    }

    /// The table's cells, the columns' names first, then the rows of `ranked`, the leaders
    /// marked `*` when there is more than one row.
    pub fn cells(&self) -> Vec<Vec<String>> {
        let order = self.ranked();
        let best = order.first().map(|r| r.1.share);
        let mut rows = vec![COLUMNS.map(String::from).to_vec()];
        for (t, share) in order {
            let mark =
                if self.tallies.len() > 1 && Some(share.share) == best { "* " } else { "  " };
            rows.push(row_cells(mark, t, &share));
        }
        rows
    }

    /// The table as the terminal shows it.
    pub fn render(&self, out: &mut String) {
        align(&self.cells(), out);
    }
}

fn row_cells(mark: &str, t: &Standing, share: &Share) -> Vec<String> {
    let mut times = t.times_ms.clone();
    times.sort_by(f64::total_cmp);
    let ms = |p| percentile(&times, p).map_or("-".into(), |v| format!("{v:.1}"));
    let n = t.seat_games as f64;
    vec![
        format!("{mark}{}", t.name),
        format!("{:.1}%", 100.0 * share.share),
        share.range(),
        t.seat_games.to_string(),
        t.wins.to_string(),
        t.draws.to_string(),
        format!("{:.2}", t.total_x12 as f64 / 12.0 / n),
        format!("{:.2}", t.rank_sum / n),
        t.unready.to_string(),
        t.crashed.to_string(),
        t.timeouts.to_string(),
        t.malformed.to_string(),
        ms(50.0),
        ms(99.0),
        ms(99.9),
        ms(100.0),
    ]
}

/// Columns aligned: the first to the left, the others to the right.
pub fn align(rows: &[Vec<String>], out: &mut String) {
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for r in rows {
        let mut line = format!("{:<w$}", r[0], w = widths[0]);
        for (cell, w) in r.iter().zip(&widths).skip(1) {
            let _ = write!(line, "  {cell:>w$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties() {
        assert_eq!(average_ranks(&[5, 5, -5, -5]), [1.5, 1.5, 3.5, 3.5]);
        assert_eq!(average_ranks(&[0, 3, 2, 1]), [4.0, 1.0, 2.0, 3.0]);
        assert_eq!(average_ranks(&[0; 4]), [2.5; 4]);
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=200).map(f64::from).collect();
        assert_eq!(percentile(&v, 50.0), Some(100.0));
        assert_eq!(percentile(&v, 99.0), Some(198.0));
        assert_eq!(percentile(&v, 100.0), Some(200.0));
        let w: Vec<f64> = (1..=2000).map(f64::from).collect();
        assert_eq!(percentile(&w, 99.9), Some(1998.0));
        assert_eq!(percentile(&w[..1000], 99.9), Some(999.0));
        assert_eq!(percentile(&w[..1001], 99.9), Some(1000.0));
        assert_eq!(percentile(&[7.0], 50.0), Some(7.0));
        assert_eq!(percentile(&[], 50.0), None);
    }
}
