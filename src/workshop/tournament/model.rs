//! The tournament page's data, worked out from a run's account (`arena::summary`) and the
//! games' half-times (`halftime`): the tables as the terminal prints them with each row's
//! share and interval, how the shares and the LLR went, the first half by entrant, and every
//! game as a compact row (the page may hold 10,000 of them: numbers in arrays, each name once).

use crate::workshop::arena::files::page_name;
use crate::workshop::arena::stats::Share;
use crate::workshop::arena::summary::Summary;
use crate::workshop::halftime::{self, Half};
use crate::workshop::records::OutLine;
use daimyo_engine::rules::DAIMYO;
use serde::Serialize;
use std::path::Path;

#[derive(Serialize)]
pub struct Page {
    /// The run in one line: the terminal's first.
    pub title: String,
    pub planned: usize,
    pub cut: Option<String>,
    /// The terminal's text, whole.
    pub printed: String,
    pub tables: Vec<Table>,
    pub trace: Trace,
    pub sprt: Option<Sprt>,
    pub halftime: Halftime,
    /// Every entrant's name, as the halftime account names them (`LABEL (A)` under `--sprt`):
    /// the games name them by their place here.
    pub entrants: Vec<String>,
    pub games: Vec<Row>,
    /// Each seat that misbehaved: its game's place in `games`, the seat, what it did (0 never
    /// said READY, 1 crashed, 2 timed out, 3 answered malformed) and the turn it was gone or
    /// how many times.
    pub trouble: Vec<(usize, usize, u8, u32)>,
}

/// A table: its heading, its cells as the terminal aligns them, and each row's share, low and
/// high end of its interval, as fractions.
#[derive(Serialize)]
pub struct Table {
    pub heading: Option<String>,
    pub cells: Vec<Vec<String>>,
    pub shares: Vec<[f64; 3]>,
}

/// The measured entrants' win shares after each point's games: `[share, low, high]`, or none
/// before an entrant's first game.
#[derive(Serialize)]
pub struct Trace {
    pub names: Vec<String>,
    pub games: Vec<usize>,
    pub shares: Vec<Vec<Option<[f64; 3]>>>,
}

/// The test's LLR after each point's seeds and games, and its bounds.
#[derive(Serialize)]
pub struct Sprt {
    pub low: f64,
    pub high: f64,
    pub points: Vec<(usize, usize, f64)>,
}

/// `daimyo halftime`'s tables, and each entrant's swing, in the order of `entrants`.
#[derive(Serialize)]
pub struct Halftime {
    pub printed: String,
    pub rows: Vec<halftime::Swing>,
}

/// One game: seed, rotation, side (`A`, `B` or none), each seat's entrant (its place in
/// `entrants`), totals in twelfths, the winner (none for a draw), each seat's margin at the
/// turn-5 scoring in twelfths, and its page where one was written.
pub type Row = (
    u32,
    usize,
    Option<String>,
    [usize; DAIMYO],
    [i32; DAIMYO],
    Option<usize>,
    [i32; DAIMYO],
    Option<String>,
);

/// A fraction kept to 5 decimals: the page draws it, and 10,000 games' worth of digits add up.
fn short(x: f64) -> f64 {
    (x * 1e5).round() / 1e5
}

fn share(s: &Share) -> [f64; 3] {
    [short(s.share), short(s.low), short(s.high)]
}

/// The page's data; the games' pages are looked for beside `at`, where the page goes.
pub fn of_summary(summary: &Summary, at: &Path) -> Page {
    let games = &summary.games;
    let halves: Vec<[Half; DAIMYO]> = games.iter().map(halftime::halves).collect();
    let by_entrant = halftime::by_entrant(games);
    let entrants: Vec<String> = by_entrant.iter().map(|(name, _)| name.clone()).collect();
    let place = |name: &str| entrants.iter().position(|e| e == name).expect("every seat counted");
    let dir = at.parent().unwrap_or(Path::new(""));
    let page = |o: &OutLine| {
        let name = page_name(o.seed, o.rotation, o.side.as_deref());
        dir.join(&name).is_file().then_some(name)
    };
    let rows = games.iter().zip(&halves).map(|(o, h)| {
        let margin = h.each_ref().map(|h| (h.margin * 12.0).round() as i32);
        let seats = std::array::from_fn(|s| place(&o.entrant(s)));
        (o.seed, o.rotation, o.side.clone(), seats, o.totals_x12, o.winner.0, margin, page(o))
    });
    let rows: Vec<Row> = rows.collect();
    let trace = &summary.trace;
    Page {
        title: summary.printed.lines().next().unwrap_or_default().to_string(),
        planned: summary.planned,
        cut: summary.cut.clone(),
        printed: summary.printed.clone(),
        tables: summary
            .tables
            .iter()
            .map(|t| Table {
                heading: t.heading.clone(),
                cells: t.cells.clone(),
                shares: t.shares.iter().map(|(_, s)| share(s)).collect(),
            })
            .collect(),
        trace: Trace {
            names: trace.rows.iter().map(|(_, name)| name.clone()).collect(),
            games: trace.shares.iter().map(|p| p.0).collect(),
            shares: trace
                .shares
                .iter()
                .map(|p| p.1.iter().map(|s| s.map(|s| share(&s))).collect())
                .collect(),
        },
        sprt: trace.bounds.map(|(low, high)| Sprt {
            low,
            high,
            points: trace.llr.iter().map(|&(k, n, llr)| (k, n, short(llr))).collect(),
        }),
        halftime: Halftime {
            printed: halftime::tables(&by_entrant),
            rows: by_entrant.iter().map(|(_, h)| halftime::swing(h)).collect(),
        },
        entrants,
        games: rows,
        trouble: trouble(games),
    }
}

/// What each seat did wrong, as the table counts it: never READY, gone, late, malformed.
fn trouble(games: &[OutLine]) -> Vec<(usize, usize, u8, u32)> {
    let mut out = Vec::new();
    for (i, o) in games.iter().enumerate() {
        for seat in 0..DAIMYO {
            let found = [
                (!o.ready[seat]).then_some(1),
                o.gone_at[seat].map(u32::from),
                (o.timeouts[seat] > 0).then_some(o.timeouts[seat]),
                (o.malformed[seat] > 0).then_some(o.malformed[seat]),
            ];
            for (kind, n) in found.into_iter().enumerate() {
                if let Some(n) = n {
                    out.push((i, seat, kind as u8, n));
                }
            }
        }
    }
    out
}
