//! A game as text for a person: tables of the lords' strengths and the intimacies (the public
//! part, and the hidden part marked where it is known), scores in points, and a search's
//! report. `--verbose` and `show` print with these, so a board reads the same in both.
//!
//! Colour is optional (`Paint`): hidden parts, headings and the winner stand out on a terminal,
//! and the plain text says the same with marks alone (`3+2` is public 3 and 2 more hidden), so
//! it can be piped, logged and tested.

use crate::player::protocol::answer;
use daimyo_engine::agent::Report;
use daimyo_engine::knowledge::Position;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, score};

/// Whether to colour, and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct Paint(pub bool);

/// What a piece of text is, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Plain,
    Heading,
    /// Part of a hidden night, or what it added.
    Hidden,
    Winner,
    Quiet,
}

impl Paint {
    pub fn paint(&self, tone: Tone, text: &str) -> String {
        let code = match tone {
            Tone::Plain => return text.to_string(),
            Tone::Heading => "1",
            Tone::Hidden => "33",
            Tone::Winner => "1;32",
            Tone::Quiet => "2",
        };
        if self.0 { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_string() }
    }
}

/// A table cell: its text and its tone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell(pub String, pub Tone);

impl Cell {
    pub fn plain(text: impl ToString) -> Cell {
        Cell(text.to_string(), Tone::Plain)
    }
}

/// Rows of a label and cells: the labels left-aligned, the cells right-aligned in columns, each
/// line indented; widths are measured before painting.
pub fn table(rows: &[(String, Vec<Cell>)], paint: Paint, indent: &str) -> String {
    let label_w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let cols = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| rows.iter().filter_map(|r| r.1.get(c)).map(|x| x.0.chars().count()).max())
        .map(|w| w.unwrap_or(0).max(3))
        .collect();
    let mut out = String::new();
    for (label, cells) in rows {
        let mut line = format!("{indent}{label:<label_w$}");
        for (cell, w) in cells.iter().zip(&widths) {
            let pad = w - cell.0.chars().count();
            line += &format!("  {}{}", " ".repeat(pad), paint.paint(cell.1, &cell.0));
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// The heading rows of a board: the lords and their strengths.
pub fn lord_rows(strengths: &[u8; LORDS]) -> Vec<(String, Vec<Cell>)> {
    vec![
        ("lord".into(), (0..LORDS).map(|l| Cell(l.to_string(), Tone::Heading)).collect()),
        ("strength".into(), strengths.iter().map(Cell::plain).collect()),
    ]
}

/// An intimacy: `public`, and `hidden` more that only the daimyo itself (or the referee) knows,
/// marked `+h`; `None` when the hidden part is unknown but there is one (`+?`).
pub fn intimacy(public: u8, hidden: Option<u8>) -> Cell {
    match hidden {
        Some(0) => Cell::plain(public),
        Some(h) => Cell(format!("{public}+{h}"), Tone::Hidden),
        None => Cell(format!("{public}+?"), Tone::Hidden),
    }
}

/// Points from twelfths: `+4`, `-2.5`, `+1.33`.
pub fn points(x12: i32) -> String {
    if x12 % 12 == 0 {
        format!("{:+}", x12 / 12)
    } else {
        let s = format!("{:+.2}", x12 as f64 / 12.0);
        s.trim_end_matches('0').to_string()
    }
}

/// One row of scores per name, `+4  -2.5 ...`.
pub fn score_cells(x12: &[i32; DAIMYO]) -> Vec<Cell> {
    x12.iter().map(|&s| Cell::plain(points(s))).collect()
}

/// The columns of a daimyo's view by name.
pub const COLUMN_NAMES: [&str; DAIMYO] = ["you", "column 1", "column 2", "column 3"];
/// The other columns by name.
pub const OTHER_COLUMNS: [&str; DAIMYO - 1] = ["column 1", "column 2", "column 3"];

/// A daimyo's board as it knows it: the strengths; each column's public intimacies, its own with
/// the part its hidden nights added (`+h`), the others' with `+?` where a hidden night may have
/// added some; the others' per-lord totals of each hidden night; the turn-5 scores once known
/// and the scores if the game were scored now on what it sees (its own true intimacies, the
/// others' public ones).
pub fn seat_board(pos: &Position, paint: Paint, indent: &str) -> String {
    let known = known_intimacies(pos);
    let mut rows = lord_rows(&pos.strengths);
    for (c, name) in COLUMN_NAMES.iter().enumerate() {
        let cells = known[c].iter().map(|&(public, hidden)| intimacy(public, hidden));
        rows.push((name.to_string(), cells.collect()));
    }
    for h in pos.hidden.iter().flatten() {
        let totals = match h.others {
            Some(r) => r.to_array().iter().map(|&n| Cell(n.to_string(), Tone::Hidden)).collect(),
            None => vec![Cell("unknown".into(), Tone::Hidden)],
        };
        rows.push((format!("night {} (others)", h.turn), totals));
    }
    let mut out = table(&rows, paint, indent);
    let mut scores = vec![("scores".to_string(), COLUMN_NAMES.map(Cell::plain).to_vec())];
    if let Some(s5) = pos.score5 {
        scores.push(("turn 5".into(), score_cells(&s5)));
    }
    scores.push(("if scored now".into(), score_cells(&scored_now(pos))));
    out += &table(&scores, paint, indent);
    out
}

/// Each column's intimacy with each lord as the daimyo knows it: the public part, and what
/// hidden nights added: its own exactly, the others' unknown (`None`) while they may have some.
pub fn known_intimacies(pos: &Position) -> [[(u8, Option<u8>); LORDS]; DAIMYO] {
    let hidden_others = pos.hidden.iter().flatten().count() > 0;
    std::array::from_fn(|c| {
        std::array::from_fn(|l| {
            let public = pos.public[c].get(l);
            let hidden = match c {
                0 => Some(pos.own.get(l).saturating_sub(public)),
                _ if hidden_others => None,
                _ => Some(0),
            };
            (public, hidden)
        })
    })
}

/// The scores if the game were scored now on what the daimyo sees: its own true intimacies and
/// the others' public ones.
pub fn scored_now(pos: &Position) -> [i32; DAIMYO] {
    let mut seen = pos.public;
    seen[0] = pos.own;
    score(&pos.strengths, &seen)
}

/// A search's report in lines, indented: rollouts, the best candidates, the others' likeliest
/// styles and the likeliest split of each hidden night. `names` are the other columns' names.
pub fn report(r: &Report, names: &[&str; DAIMYO - 1], indent: &str) -> String {
    let mut out = format!("{indent}{} rollouts\n", r.rollouts);
    if let Some((model, uniform)) = r.reveal {
        out += &format!(
            "{indent}nights 2 and 4 revealed: the turn-5 posterior gave {model:.4} to what came \
             out ({:.1}x the {uniform:.4} of uniform picks)\n",
            model / uniform.max(1e-12)
        );
    }
    for c in &r.candidates {
        out += &format!(
            "{indent}{}  win {:.3}  margin {:+.2}  rollouts {}\n",
            answer(&c.mv),
            c.win,
            c.margin,
            c.rollouts
        );
    }
    for (c, name) in names.iter().enumerate() {
        let mut styles: Vec<(f64, &str)> =
            r.styles.iter().map(|s| (s.weights[c], s.label.as_str())).collect();
        styles.sort_by(|a, b| b.0.total_cmp(&a.0));
        let top: Vec<String> = styles
            .iter()
            .take(STYLES_SHOWN)
            .filter(|s| s.0 >= STYLE_SHOWN_FROM)
            .map(|(w, l)| format!("{w:.2} {l}"))
            .collect();
        if !top.is_empty() {
            out += &format!("{indent}{name} plays like: {}\n", top.join(", "));
        }
    }
    for n in &r.nights {
        let split: Vec<String> = n.split.iter().map(counts_as_lords).collect();
        out += &format!(
            "{indent}night {}, likeliest split of the others' picks: {} (p {:.3})\n",
            n.turn,
            split.join(" | "),
            n.probability
        );
    }
    out
}

/// At most this many styles are named for each daimyo, the likeliest first...
const STYLES_SHOWN: usize = 3;
/// ...and only those with at least this weight.
const STYLE_SHOWN_FROM: f64 = 0.05;

/// Negotiation counts as the lords named, `0 3`.
pub fn counts_as_lords(r: &daimyo_engine::rules::Row) -> String {
    Move::from_counts(*r).map_or_else(|| format!("{:?}", r.to_array()), |m| answer(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_exact_to_the_twelfth() {
        assert_eq!(points(48), "+4");
        assert_eq!(points(-30), "-2.5");
        assert_eq!(points(16), "+1.33");
        assert_eq!(points(0), "+0");
    }

    #[test]
    fn tables_align_before_painting() {
        let rows = vec![
            ("a".to_string(), vec![Cell::plain(1), intimacy(3, Some(2))]),
            ("longer".to_string(), vec![Cell::plain(10), intimacy(4, None)]),
        ];
        let plain = table(&rows, Paint(false), "  ");
        assert_eq!(plain, "  a         1  3+2\n  longer   10  4+?\n");
        let coloured = table(&rows, Paint(true), "  ");
        assert!(coloured.contains("\x1b[33m3+2\x1b[0m"), "{coloured:?}");
        assert_eq!(coloured.replace("\x1b[33m", "").replace("\x1b[0m", ""), plain);
    }
}
