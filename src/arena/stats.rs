//! The arena's table: one row per entrant label, seats with the same label merged.
//!
//! The win share's interval is computed over seed blocks, not over games: the four rotations of
//! a seed share the lords and are correlated, so each seed contributes one number (the entrant's
//! mean share over its seat-games of that seed) and the interval is the normal approximation
//! over those numbers.

use super::referee::GameRecord;
use crate::rules::{DAIMYO, first_place_shares};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Everything one entrant label did.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub label: String,
    pub seat_games: u32,
    /// Sole first places.
    pub wins: u32,
    /// Shared first places (the game is a draw).
    pub draws: u32,
    /// Sum of first-place shares: 1 for a sole win, 1/k for a k-way tie.
    pub share: f64,
    /// Per seed: the sum of shares and the number of seat-games.
    by_seed: BTreeMap<u32, (f64, u32)>,
    pub total_x12: i64,
    pub rank_sum: f64,
    pub timeouts: u32,
    pub malformed: u32,
    pub times_ms: Vec<f64>,
}

impl Tally {
    /// The win share and the half-width of its 95% interval (none below two seeds).
    pub fn share_interval(&self) -> (f64, Option<f64>) {
        let blocks: Vec<f64> = self.by_seed.values().map(|&(s, n)| s / n as f64).collect();
        let (_, half) = mean_interval(&blocks);
        (self.share / self.seat_games.max(1) as f64, half)
    }
}

/// Mean and 95% half-width (1.96 sample standard deviations over the root of the count) of
/// independent blocks; no half-width for fewer than two.
pub fn mean_interval(blocks: &[f64]) -> (f64, Option<f64>) {
    let n = blocks.len() as f64;
    let mean = blocks.iter().sum::<f64>() / n.max(1.0);
    if blocks.len() < 2 {
        return (mean, None);
    }
    let var = blocks.iter().map(|b| (b - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Some(1.96 * var.sqrt() / n.sqrt()))
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

/// Tallies in the order the labels first appear among the entrants.
pub struct Stats {
    pub tallies: Vec<Tally>,
}

impl Stats {
    pub fn new<S: AsRef<str>>(labels: &[S]) -> Stats {
        let mut tallies: Vec<Tally> = Vec::new();
        for l in labels {
            if !tallies.iter().any(|t| t.label == l.as_ref()) {
                tallies.push(Tally { label: l.as_ref().to_string(), ..Tally::default() });
            }
        }
        Stats { tallies }
    }

    /// Adds a game; `labels[seat]` is who sat there.
    pub fn add<S: AsRef<str>>(&mut self, seed: u32, labels: &[S; DAIMYO], rec: &GameRecord) {
        let shares = first_place_shares(&rec.totals_x12);
        let ranks = average_ranks(&rec.totals_x12);
        for seat in 0..DAIMYO {
            let t = self
                .tallies
                .iter_mut()
                .find(|t| t.label == labels[seat].as_ref())
                .expect("every seat's label has a tally");
            let share = shares[seat] as f64 / 12.0;
            t.seat_games += 1;
            t.wins += (rec.winner == Some(seat)) as u32;
            t.draws += (rec.winner.is_none() && shares[seat] > 0) as u32;
            t.share += share;
            let block = t.by_seed.entry(seed).or_default();
            block.0 += share;
            block.1 += 1;
            t.total_x12 += rec.totals_x12[seat] as i64;
            t.rank_sum += ranks[seat];
            let s = &rec.seats[seat];
            t.timeouts += s.timeouts;
            t.malformed += s.malformed;
            t.times_ms.extend_from_slice(&s.times_ms);
        }
    }

    /// The table, columns aligned: what a person compares first.
    pub fn render(&self, out: &mut String) {
        let mut rows = vec![
            [
                "entrant",
                "win share",
                "±95%",
                "games",
                "wins",
                "draws",
                "mean pts",
                "mean rank",
                "time-outs",
                "malformed",
                "p50 ms",
                "p99 ms",
                "p99.9 ms",
                "max ms",
            ]
            .map(String::from),
        ];
        for t in &self.tallies {
            let (share, half) = t.share_interval();
            let mut times = t.times_ms.clone();
            times.sort_by(f64::total_cmp);
            let ms = |p| percentile(&times, p).map_or("-".into(), |v| format!("{v:.1}"));
            let n = t.seat_games.max(1) as f64;
            rows.push([
                t.label.clone(),
                format!("{:.1}%", 100.0 * share),
                half.map_or("-".into(), |h| format!("{:.1}", 100.0 * h)),
                t.seat_games.to_string(),
                t.wins.to_string(),
                t.draws.to_string(),
                format!("{:.2}", t.total_x12 as f64 / 12.0 / n),
                format!("{:.2}", t.rank_sum / n),
                t.timeouts.to_string(),
                t.malformed.to_string(),
                ms(50.0),
                ms(99.0),
                ms(99.9),
                ms(100.0),
            ]);
        }
        let widths: Vec<usize> = (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap())
            .collect();
        for r in &rows {
            let mut line = format!("{:<w$}", r[0], w = widths[0]);
            for (cell, w) in r.iter().zip(&widths).skip(1) {
                let _ = write!(line, "  {cell:>w$}");
            }
            let _ = writeln!(out, "{line}");
        }
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
