//! The scouting report of a field (`daimyo learn --report`, `--html`): for each player, its
//! games and how well the field foresaw its held-out ones against uniform picks, and its habits
//! turn by turn: the share of its picks on the strongest and on the weakest lords, how it uses
//! its nights (both picks on one lord; picks on a lord it leads), and when it gives up a lord
//! (stops picking, for the rest of the half, a lord it had picked). As text, or as one
//! self-contained page that fetches nothing, every name escaped, no script.

use super::games::replay;
use super::inputs::Source;
use crate::player::field::{ComponentLine, FieldFile, PlayerRecord};
use crate::workshop::viewer::csp;
use daimyo_engine::knowledge::Position;
use daimyo_engine::rules::{self, DAIMYO, LORDS, Phase, TURNS};
use std::collections::BTreeMap;

const T: usize = TURNS as usize;

/// A row of habits: its name and its value at each turn, if the turn has any.
type Row = (String, [Option<f64>; T]);

/// One player's habits, summed by turn (index 0 is turn 1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Habits {
    pub moves: [usize; T],
    pub picks: [usize; T],
    pub on_strongest: [usize; T],
    pub on_weakest: [usize; T],
    /// Night moves with both picks on one lord.
    pub one_lord: [usize; T],
    /// Picks on a lord where its own intimacy leads every other's public one.
    pub on_a_lead: [usize; T],
    /// Lords given up at the turn: picked before in the half, never again in it.
    pub given_up: [usize; T],
    /// Halves played (to count lords given up per half).
    pub halves: usize,
}

impl Habits {
    /// One seat's moves of one game, each with the position it was made from, in turn order.
    pub fn add(&mut self, moves: &[(Position, rules::Row)]) {
        let mut last = [[None::<u8>; LORDS]; 2];
        let mut picked_before = [[false; LORDS]; 2];
        for (pos, played) in moves {
            let t = pos.turn.clamp(1, TURNS);
            let i = t as usize - 1;
            let strengths = pos.strengths;
            let (hi, lo) = (strengths.iter().max().copied(), strengths.iter().min().copied());
            self.moves[i] += 1;
            for l in 0..LORDS {
                let k = played.get(l) as usize;
                self.picks[i] += k;
                if Some(strengths[l]) == hi {
                    self.on_strongest[i] += k;
                }
                if Some(strengths[l]) == lo {
                    self.on_weakest[i] += k;
                }
                let leads = pos.public[1..].iter().all(|r| pos.own.get(l) > r.get(l));
                if leads {
                    self.on_a_lead[i] += k;
                }
                if k > 0 {
                    let h = usize::from(t > 5);
                    last[h][l] = Some(t);
                    picked_before[h][l] = true;
                }
            }
            if pos.phase == Phase::Night && (0..LORDS).any(|l| played.get(l) == 2) {
                self.one_lord[i] += 1;
            }
        }
        // A lord last picked before the half's last move was given up the move after.
        for (h, end) in [(0, 5u8), (1, 9)] {
            if !moves.iter().any(|(p, _)| (p.turn > 5) == (h == 1)) {
                continue;
            }
            self.halves += 1;
            for l in 0..LORDS {
                if let Some(t) = last[h][l].filter(|&t| t < end && picked_before[h][l]) {
                    self.given_up[t as usize] += 1;
                }
            }
        }
    }
}

/// The report of a field file over the games it was learnt from.
pub struct Report<'a> {
    file: &'a FieldFile,
    habits: BTreeMap<String, Habits>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a FieldFile, games: &[Source]) -> Report<'a> {
        let mut habits: BTreeMap<String, Habits> = BTreeMap::new();
        for g in games {
            match g {
                Source::Whole(game) => {
                    let mut seats: [Vec<(Position, rules::Row)>; DAIMYO] = Default::default();
                    for m in replay(game.strengths, &game.commands) {
                        seats[m.seat].push((m.pos, m.played));
                    }
                    for (s, moves) in
                        seats.iter().enumerate().filter(|(s, _)| !game.labels[*s].is_empty())
                    {
                        habits.entry(game.labels[s].clone()).or_default().add(moves);
                    }
                }
                Source::Seat { label, moves, .. } => {
                    habits.entry(label.clone()).or_default().add(moves)
                }
            }
        }
        Report { file, habits }
    }

    /// Each player's lines: the head, then its rows of habits by turn.
    fn players(&self) -> Vec<(&PlayerRecord, Vec<Row>)> {
        let share = |a: &[usize; T], b: &[usize; T]| -> [Option<f64>; T] {
            std::array::from_fn(|i| (b[i] > 0).then(|| a[i] as f64 / b[i] as f64))
        };
        let nights = |a: [Option<f64>; T]| -> [Option<f64>; T] {
            std::array::from_fn(|i| a[i].filter(|_| i % 2 == 1))
        };
        self.file
            .players
            .iter()
            .map(|p| {
                let h = self.habits.get(&p.label).cloned().unwrap_or_default();
                let halves = [h.halves.max(1); T];
                let per_half: [Option<f64>; T] = std::array::from_fn(|i| {
                    (h.moves[i] > 0).then(|| h.given_up[i] as f64 / halves[i] as f64)
                });
                let mut rows = vec![
                    ("on the strongest".to_string(), share(&h.on_strongest, &h.picks)),
                    ("on the weakest".to_string(), share(&h.on_weakest, &h.picks)),
                    ("on a lord it leads".to_string(), share(&h.on_a_lead, &h.picks)),
                    ("night: both on one".to_string(), nights(share(&h.one_lord, &h.moves))),
                    ("lords given up".to_string(), per_half),
                ];
                if let Some(ComponentLine::Learnt { tables_sure, tables, plan, .. }) =
                    self.file.components.iter().find(|c| c.name() == p.label)
                {
                    if tables.is_some() {
                        rows.push(("tables' share".to_string(), tables_sure.map(Some)));
                    }
                    if let Some(plan) = plan {
                        rows.push(("plan's share".to_string(), plan.sure.map(Some)));
                    }
                }
                (p, rows)
            })
            .collect()
    }

    /// The head line of a player.
    fn head(p: &PlayerRecord) -> String {
        let learnt = match p.learnt {
            true => format!("learnt from {} moves", p.moves_fitted),
            false => "not learnt (too few games)".into(),
        };
        let foresight = match &p.held_out {
            Some(f) => format!(
                "; held out {} games: {:.2} nats a day move (uniform {:.2}) over {}, {:.2} a hidden night (uniform {:.2}) over {}",
                p.games_held_out,
                f.day_nats,
                f.day_uniform,
                f.day_moves,
                f.night_nats,
                f.night_uniform,
                f.night_readings
            ),
            None => "; no game held out".into(),
        };
        format!("{}: {} games (seeds {}), {learnt}{foresight}", p.label, p.games, p.seeds)
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = format!("scouting report of {}\n", self.file.command);
        out += "picks: the share of its picks; night: the share of its night moves; lords given up: per half played\n";
        for (p, rows) in self.players() {
            out += &format!("\n{}\n", Report::head(p));
            out += &format!("  {:<20}", "turn");
            for t in 1..=T {
                out += &format!("{t:>6}");
            }
            out += "\n";
            for (name, values) in rows {
                out += &format!("  {name:<20}");
                for v in values {
                    out += &match v {
                        Some(x) => format!("{x:>6.2}"),
                        None => format!("{:>6}", "-"),
                    };
                }
                out += "\n";
            }
        }
        out
    }

    /// The report as one self-contained page: no script, its style allowed by digest.
    pub fn html(&self) -> String {
        let mut body = format!(
            "<h1>Scouting report</h1>\n<p class=\"cmd\">{}</p>\n",
            escape(&self.file.command)
        );
        for (p, rows) in self.players() {
            body += &format!(
                "<section>\n<h2>{}</h2>\n<p>{}</p>\n<table>\n<tr><th>turn</th>",
                escape(&p.label),
                escape(&Report::head(p))
            );
            for t in 1..=T {
                body += &format!("<th>{t}</th>");
            }
            body += "</tr>\n";
            for (name, values) in rows {
                body += &format!("<tr><th>{}</th>", escape(&name));
                for v in values {
                    body += &match v {
                        Some(x) => format!(
                            "<td><span class=\"bar w{}\"></span>{x:.2}</td>",
                            (x.clamp(0.0, 1.0) * 20.0).round() as u32 * 5
                        ),
                        None => "<td>-</td>".into(),
                    };
                }
                body += "</tr>\n";
            }
            body += "</table>\n</section>\n";
        }
        let style: String = (0..=20).map(|i| format!(".w{0}{{width:{0}%}}", i * 5)).collect();
        let style = format!("{STYLE}{style}");
        let policy = format!(
            "default-src 'none'; style-src '{}'; base-uri 'none'; form-action 'none'",
            csp::source(&style)
        );
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n<title>Scouting report</title>\n<style>{style}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
            policy
        )
    }
}

const STYLE: &str = "body{font:14px sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;margin:.5em 0 1.5em}\
th,td{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd;position:relative}th:first-child{text-align:left}\
.bar{position:absolute;left:0;bottom:0;height:3px;background:#4a7}.cmd{font-family:monospace;color:#555}";

/// Text as HTML: `<`, `>`, `&` and quotes escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}
