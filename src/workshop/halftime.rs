//! `daimyo halftime FILE...`: where the games were decided. For every entrant of any number of
//! arena `--out` files (external programs too: only the replays are read), its points at the
//! turn-5 scoring and its margin there over the best other daimyo, against what it won at the
//! end: the mean points and margin, the margin in the games it won and in those it did not, and
//! its win share by its margin at half-time; and each lord by strength, as it left it at the
//! scoring: the intimacy it added at each turn, held against the best other, first and last.
//!
//! A seed's four rotations share the lords, so its games go together: every interval takes the
//! seed as the block, as the arena's table does (`stats::blocked_mean`).

use crate::player::args::{files_only, finish, parsed};
use crate::workshop::arena::CONFIDENCE_Z;
use crate::workshop::arena::journal;
use crate::workshop::arena::stats::{align, blocked_mean, by_seed};
use crate::workshop::records::{OutLine, group};
use daimyo_engine::rules::{DAIMYO, LORDS, State, first_place_shares, margins, score};
use daimyo_engine::styles::by_strength;
use serde::Serialize;

pub const USAGE: &str = "\
daimyo halftime: where the games were decided, by each entrant's points at the turn-5 scoring

USAGE
  daimyo halftime FILE...

FILE is an arena --out file: of one run or of several, whole or a shard (run lines are
skipped), or a file of the contest's recorded games (one a line, each seat named by its label,
as in tests/data/field-games). Every seat of every game counts, external programs' too: the turn-5 scores are
worked out from the game's replay, by the rules.

For every entrant (under --sprt, \"LABEL (A)\" and \"LABEL (B)\" apart), in the order they
first show up:

HALF-TIME
  entrant       its label
  seat-games    the seats it played
  win share     its mean first-place share at the end (1 alone, 1/k in a k-way tie, 0)
  points at 5   its mean score at the turn-5 scoring, in points, with the 95% interval
  margin at 5   the mean of that score less the best other daimyo's, with the 95% interval
  in wins       the mean margin at 5 in the seat-games it finished first (alone or tied)
  in losses     the same in those it did not

The intervals take the seed as the block: a seed's 4 rotations share the lords (the variance
measured between seeds, normal); none from one seed.

BY MARGIN AT 5
  the win share in the seat-games whose margin at 5 was -3 or less, over -3 and under 0,
  0 (level with the best other), over 0 and under 3, and 3 or more; the seat-games of each
  in brackets

BY LORD AT 5, a row for each lord by strength (1 the strongest; of equal strengths, the
lower index first)
  turn 1 .. turn 5  the intimacy it added to the lord at each turn (a night's pick counts 2)
  intimacy      its intimacy with the lord at the turn-5 scoring
  best other    the highest of the other three's
  first, last   how often its intimacy was the highest (ties included), the lowest
  points        its mean points from the lord at the turn-5 scoring

Exit codes: 0; 1 when a file cannot be read (its name and line are said) or has no games; 2
for bad arguments.
";

/// The bands of margin at turn 5, in points: each is `low < margin < high`, or the margin
/// itself when `low == high`; the outer ones are closed at their inner end.
const BANDS: [(&str, f64, f64); 5] = [
    ("≤ −3", f64::NEG_INFINITY, -3.0),
    ("−3 to 0", -3.0, 0.0),
    ("0", 0.0, 0.0),
    ("0 to 3", 0.0, 3.0),
    ("≥ 3", 3.0, f64::INFINITY),
];

/// Whether `margin` falls in band `b`.
fn in_band(b: usize, margin: f64) -> bool {
    let (_, low, high) = BANDS[b];
    match b {
        0 => margin <= high,
        4 => margin >= low,
        _ if low == high => margin == low,
        _ => low < margin && margin < high,
    }
}

/// One seat-game: its turn-5 score and margin, in points, and its first-place share; and each
/// lord as it stood there, by strength (the strongest first).
#[derive(Clone, Copy, Debug)]
pub struct Half {
    pub seed: u32,
    pub points: f64,
    pub margin: f64,
    pub result: f64,
    lords: [Lord; LORDS],
}

/// One lord in one seat-game, up to the turn-5 scoring.
#[derive(Clone, Copy, Debug)]
struct Lord {
    /// The intimacy the seat added to it at each of turns 1 to 5.
    added: [u8; 5],
    intimacy: u8,
    best_other: u8,
    first: bool,
    last: bool,
    points: f64,
}

pub fn main(args: &[String]) -> i32 {
    const COMMAND: &str = "daimyo halftime";
    match parsed(COMMAND, USAGE, files_only(COMMAND, args)) {
        Ok(files) => finish(COMMAND, halftime(&files)),
        Err(exit) => exit,
    }
}

/// The account of the files' games, or why there is none. The reader refuses a replay that
/// is not nine turns of moves of their phases, naming its line and turn.
fn halftime(files: &[String]) -> Result<String, String> {
    let games = journal::games_of("daimyo halftime", files)?;
    let entrants = by_entrant(&games);
    let seat_games: usize = entrants.iter().map(|(_, h)| h.len()).sum();
    let head = format!(
        "halftime: {}, {}, {}\n\n",
        count(files.len(), "file"),
        count(games.len(), "game"),
        count(seat_games, "seat-game")
    );
    Ok(head + &tables(&entrants))
}

/// Every seat-game's half-time, by entrant (`OutLine::entrant`), in the order they first
/// show up.
pub fn by_entrant(games: &[OutLine]) -> Vec<(String, Vec<Half>)> {
    let mut entrants: Vec<(String, Vec<Half>)> = Vec::new();
    for g in games {
        for (seat, half) in halves(g).into_iter().enumerate() {
            group(&mut entrants, g.entrant(seat), [half]);
        }
    }
    entrants
}

/// The account's three tables, as `daimyo halftime` prints them after its first line.
pub fn tables(entrants: &[(String, Vec<Half>)]) -> String {
    let mut out = String::new();
    render_half(entrants, &mut out);
    out += "\nby margin at 5: win share (seat-games)\n";
    render_bands(entrants, &mut out);
    out +=
        "\nby lord at 5 (1 the strongest): intimacy added each turn, held, first and last there\n";
    render_lords(entrants, &mut out);
    out
}

/// Each seat's turn-5 score and margin, from the game's replay, and its result.
pub fn halves(g: &OutLine) -> [Half; DAIMYO] {
    let mut state = State::new(g.strengths);
    let mut added = [[[0u8; 5]; LORDS]; DAIMYO];
    for (t, moves) in g.replay.commands.0.iter().take(5).enumerate() {
        let before = state.real;
        state.play(moves).expect("the records hold nine turns, each move of its turn's phase");
        for (d, lords) in added.iter_mut().enumerate() {
            for (l, a) in lords.iter_mut().enumerate() {
                a[t] = state.real[d].get(l) - before[d].get(l);
            }
        }
    }
    // In twelfths until the end, so that a margin on a band's edge is exactly on it.
    let x12 = state.score5;
    let (shares, margin) = (first_place_shares(&g.totals_x12), margins(&x12));
    let ranked = by_strength(&g.strengths);
    // Each lord's points to each seat, in twelfths: the scoring with that lord's strength alone.
    let lord_points: [[i32; DAIMYO]; LORDS] = std::array::from_fn(|l| {
        let mut alone = [0; LORDS];
        alone[l] = g.strengths[l];
        score(&alone, &state.real)
    });
    std::array::from_fn(|seat| Half {
        seed: g.seed,
        points: x12[seat] as f64 / 12.0,
        margin: margin[seat] as f64 / 12.0,
        result: shares[seat] as f64 / 12.0,
        lords: ranked.map(|l| {
            let held = state.real.map(|r| r.get(l));
            let others = (0..DAIMYO).filter(|&d| d != seat).map(|d| held[d]);
            let (hi, lo) = others.fold((0, u8::MAX), |(h, o), x| (h.max(x), o.min(x)));
            Lord {
                added: added[seat][l],
                intimacy: held[seat],
                best_other: hi,
                first: held[seat] >= hi,
                last: held[seat] <= lo,
                points: lord_points[l][seat] as f64 / 12.0,
            }
        }),
    })
}

/// `1 seed`, `3 seeds`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// `+1.25`, `-0.50`; a mean that rounds to nothing is `+0.00`.
fn signed(x: f64) -> String {
    let text = format!("{x:+.2}");
    if text == "-0.00" { "+0.00".into() } else { text }
}

/// The mean of `f` over `items`, or none of no items.
fn mean(items: &[&Half], f: impl Fn(&Half) -> f64) -> Option<f64> {
    (!items.is_empty()).then(|| items.iter().map(|h| f(h)).sum::<f64>() / items.len() as f64)
}

/// The mean of `f` over the seat-games, with its 95% interval when there are two seeds or more.
fn with_interval(halves: &[Half], f: impl Fn(&Half) -> f64) -> String {
    let all: Vec<&Half> = halves.iter().collect();
    let m = mean(&all, &f).expect("an entrant has seat-games");
    match blocked_mean(&by_seed(halves, |h| h.seed, &f)) {
        Some((m, variance)) => {
            format!("{} ± {:.2}", signed(m), CONFIDENCE_Z * variance.max(0.0).sqrt())
        }
        None => signed(m),
    }
}

/// An entrant's seat-games by result: its wins (first places, alone or tied) and its losses
/// (the rest), its mean margin at 5 in each (none of none), and how many wins came from behind
/// at 5 (a margin below 0) and how many losses from ahead (above 0).
#[derive(Serialize)]
pub struct Swing {
    pub seat_games: usize,
    pub wins: usize,
    pub losses: usize,
    pub in_wins: Option<f64>,
    pub in_losses: Option<f64>,
    pub from_behind: usize,
    pub from_ahead: usize,
}

pub fn swing(halves: &[Half]) -> Swing {
    let won: Vec<&Half> = halves.iter().filter(|h| h.result > 0.0).collect();
    let lost: Vec<&Half> = halves.iter().filter(|h| h.result == 0.0).collect();
    Swing {
        seat_games: halves.len(),
        wins: won.len(),
        losses: lost.len(),
        in_wins: mean(&won, |h| h.margin),
        in_losses: mean(&lost, |h| h.margin),
        from_behind: won.iter().filter(|h| h.margin < 0.0).count(),
        from_ahead: lost.iter().filter(|h| h.margin > 0.0).count(),
    }
}

fn render_half(entrants: &[(String, Vec<Half>)], out: &mut String) {
    let head = [
        "entrant",
        "seat-games",
        "win share",
        "points at 5",
        "margin at 5",
        "in wins",
        "in losses",
    ];
    let mut rows = vec![head.map(String::from).to_vec()];
    for (name, halves) in entrants {
        let all: Vec<&Half> = halves.iter().collect();
        let swing = swing(halves);
        let or_none = |m: Option<f64>| m.map_or("-".to_string(), signed);
        rows.push(vec![
            name.clone(),
            halves.len().to_string(),
            format!("{:.1}%", 100.0 * mean(&all, |h| h.result).expect("seat-games")),
            with_interval(halves, |h| h.points),
            with_interval(halves, |h| h.margin),
            or_none(swing.in_wins),
            or_none(swing.in_losses),
        ]);
    }
    align(&rows, out);
}

fn render_bands(entrants: &[(String, Vec<Half>)], out: &mut String) {
    let mut head = vec!["entrant".to_string()];
    head.extend(BANDS.iter().map(|b| b.0.to_string()));
    let mut rows = vec![head];
    for (name, halves) in entrants {
        let mut row = vec![name.clone()];
        for b in 0..BANDS.len() {
            let band: Vec<&Half> = halves.iter().filter(|h| in_band(b, h.margin)).collect();
            row.push(match mean(&band, |h| h.result) {
                Some(share) => format!("{:.1}% ({})", 100.0 * share, band.len()),
                None => "- (0)".into(),
            });
        }
        rows.push(row);
    }
    align(&rows, out);
}

fn render_lords(entrants: &[(String, Vec<Half>)], out: &mut String) {
    let mut head = vec!["entrant".to_string(), "lord".into()];
    head.extend((1..=5).map(|t| format!("turn {t}")));
    head.extend(["intimacy", "best other", "first", "last", "points"].map(String::from));
    let mut rows = vec![head];
    for (name, halves) in entrants {
        let all: Vec<&Half> = halves.iter().collect();
        for rank in 0..LORDS {
            let m = |f: &dyn Fn(&Lord) -> f64| {
                mean(&all, |h| f(&h.lords[rank])).expect("an entrant has seat-games")
            };
            let mut row = vec![name.clone(), (rank + 1).to_string()];
            row.extend((0..5).map(|t| format!("{:.2}", m(&|l| l.added[t] as f64))));
            row.push(format!("{:.2}", m(&|l| l.intimacy as f64)));
            row.push(format!("{:.2}", m(&|l| l.best_other as f64)));
            row.push(format!("{:.1}%", 100.0 * m(&|l| l.first as u8 as f64)));
            row.push(format!("{:.1}%", 100.0 * m(&|l| l.last as u8 as f64)));
            row.push(signed(m(&|l| l.points)));
            rows.push(row);
        }
    }
    align(&rows, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_margin_falls_in_one_band() {
        // Turn-5 points are twelfths (a lord's strength shared by 1 to 4 daimyos).
        for twelfths in -30 * 12..=30 * 12 {
            let margin = twelfths as f64 / 12.0;
            let bands: Vec<usize> = (0..BANDS.len()).filter(|&b| in_band(b, margin)).collect();
            assert_eq!(bands.len(), 1, "margin {margin}: bands {bands:?}");
        }
        assert!(in_band(0, -3.0) && in_band(2, 0.0) && in_band(4, 3.0));
        assert!(in_band(1, -1.0 / 12.0) && in_band(3, 1.0 / 12.0));
    }
}
