//! What the page draws, worked out here and handed to it as data: every turn's board, moves,
//! night totals and scores, the result, and from a log the search's report. The rules core and
//! the player's knowledge compute it all, as for the text of `show`, so the page's script only
//! lays it out and never does the game's arithmetic.
//!
//! Points stay in twelfths (exact), intimacies in units; a hidden part the viewer cannot know
//! (another daimyo's night, in a player's log) is `null`.

use crate::player::log::LoggedGame;
use crate::player::protocol::answer;
use crate::player::text::{COLUMN_NAMES, counts_as_lords, known_intimacies, scored_now};
use crate::workshop::records::{Game, Origin};
use daimyo_engine::agent::Report;
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, State, score, winner};
use serde::Serialize;

/// The whole page's data.
#[derive(Debug, Serialize)]
pub struct Page {
    /// `game`: a whole game as the referee knows it; `log`: one player's view and its search.
    pub source: &'static str,
    pub title: String,
    /// When each turn's board is taken.
    pub board_when: &'static str,
    pub seats: [Seat; DAIMYO],
    pub strengths: [u8; LORDS],
    pub turns: Vec<TurnPage>,
    /// The end of a whole game; a player is never shown it.
    pub end: Option<End>,
    /// The opponent model's styles, in the order of every report's weights.
    pub styles: Vec<String>,
    pub notes: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Seat {
    pub name: String,
    /// The bot's seat (in a log, the player whose log it is).
    pub bot: bool,
}

#[derive(Debug, Serialize)]
pub struct TurnPage {
    pub turn: u8,
    pub day: bool,
    /// A night's moves are hidden from the other seats: until when.
    pub secret: Option<&'static str>,
    /// Each seat's public intimacy with each lord...
    pub public: [[u8; LORDS]; DAIMYO],
    /// ...and what hidden nights added to it, `null` where it is not known.
    pub hidden: [[Option<u8>; LORDS]; DAIMYO],
    /// Each seat's move, `null` where it is not known.
    pub moves: [Option<String>; DAIMYO],
    /// Per-lord negotiation totals of nights.
    pub nights: Vec<NightTotals>,
    /// The points each seat would get if the game were scored on this board.
    pub now: [i32; DAIMYO],
    pub score5: Option<[i32; DAIMYO]>,
    pub ms: Option<f64>,
    pub warnings: Vec<String>,
    pub report: Option<Thoughts>,
}

#[derive(Debug, Serialize)]
pub struct NightTotals {
    pub label: String,
    pub counts: Option<[u8; LORDS]>,
}

#[derive(Debug, Serialize)]
pub struct End {
    pub score9: [i32; DAIMYO],
    pub totals: [i32; DAIMYO],
    /// The seat that won by the moves, `null` for a draw...
    pub winner: Option<usize>,
    /// ...and the one the file states.
    pub stated: Option<usize>,
}

/// A search's report on its answer.
#[derive(Debug, Serialize)]
pub struct Thoughts {
    pub rollouts: u64,
    pub candidates: Vec<CandidatePage>,
    /// At turn 6: the probability the turn-5 estimate gave to the revealed nights, and what
    /// uniform picks gave it.
    pub reveal: Option<(f64, f64)>,
    /// Columns 1..3's weight on each of the page's styles.
    pub styles: Vec<[f64; DAIMYO - 1]>,
    pub nights: Vec<NightGuessPage>,
}

#[derive(Debug, Serialize)]
pub struct CandidatePage {
    #[serde(rename = "move")]
    pub mv: String,
    pub win: f64,
    pub margin: f64,
    pub rollouts: u64,
}

#[derive(Debug, Serialize)]
pub struct NightGuessPage {
    pub turn: u8,
    /// Columns 1..3's picks, as lords.
    pub split: [String; DAIMYO - 1],
    pub probability: f64,
}

/// Whether a seat's entrant is the bot (a built-in `bot`, with or without settings).
fn is_bot(label: &str) -> bool {
    label == "bot" || label.starts_with("bot:")
}

fn secret(phase: Phase, turn: u8) -> Option<&'static str> {
    match (phase, turn) {
        (Phase::Day, _) => None,
        (Phase::Night, 2 | 4) => Some("hidden until the end of turn 5"),
        (Phase::Night, _) => Some("never revealed"),
    }
}

/// A whole game, replayed through the rules: each turn's board after its moves.
pub fn of_game(g: &Game) -> Page {
    let names = g.seat_names();
    let arena = matches!(g.origin, Origin::Arena { .. });
    let seats = std::array::from_fn(|s| Seat {
        name: names[s].clone(),
        bot: arena && is_bot(&g.labels[s]),
    });
    let mut state = State::new(g.strengths);
    let mut turns = Vec::new();
    for moves in &g.commands {
        let (turn, phase) = (state.turn, state.phase());
        state.play(moves).expect("records checked the moves");
        let public = state.public.map(|r| r.to_array());
        let real = state.real.map(|r| r.to_array());
        let nights = match phase {
            Phase::Day => vec![],
            Phase::Night => vec![NightTotals {
                label: "seen: picks by lord".into(),
                counts: Some(state.last_night.to_array()),
            }],
        };
        turns.push(TurnPage {
            turn,
            day: phase == Phase::Day,
            secret: secret(phase, turn),
            public,
            hidden: std::array::from_fn(|s| {
                std::array::from_fn(|l| Some(real[s][l] - public[s][l]))
            }),
            moves: moves.each_ref().map(|m| Some(answer(m))),
            nights,
            now: score(&g.strengths, &state.real),
            score5: (turn >= 5).then_some(state.score5),
            ms: None,
            warnings: vec![],
            report: None,
        });
    }
    let end = state.is_over().then(|| {
        let totals = state.totals();
        let score9 = score(&g.strengths, &state.real);
        End { score9, totals, winner: winner(&totals), stated: g.winner }
    });
    Page {
        source: "game",
        title: g.title(),
        board_when: "after the turn's moves, as the referee knows it",
        seats,
        strengths: g.strengths,
        turns,
        end,
        styles: vec![],
        notes: vec![],
    }
}

/// A player's log: each turn's board as it saw it before answering, its answer and its search.
pub fn of_log(g: &LoggedGame, title: &str) -> Result<Page, String> {
    let (strengths, views) = g.views()?;
    if views.is_empty() {
        return Err("the logged game has no turn to show".into());
    }
    let mut known = Tracker::new(strengths);
    let mut last = Tracker::new(strengths);
    for v in &views {
        last.observe(v);
    }
    let styles = style_labels(g);
    let mut turns = Vec::new();
    for (v, t) in views.iter().zip(&g.turns) {
        known.observe(v);
        let pos = known.position();
        let intimacies = known_intimacies(pos);
        let day_moves = last.position().day_moves[v.turn as usize];
        let moves = std::array::from_fn(|c| match c {
            0 => Some(t.answer.clone()),
            _ => day_moves[c].and_then(Move::from_counts).map(|m| answer(&m)),
        });
        let nights = pos.hidden.iter().flatten().map(|h| NightTotals {
            label: format!("night {} (others)", h.turn),
            counts: h.others.map(|r| r.to_array()),
        });
        turns.push(TurnPage {
            turn: v.turn,
            day: v.phase == Phase::Day,
            secret: secret(v.phase, v.turn),
            public: intimacies.map(|c| c.map(|x| x.0)),
            hidden: intimacies.map(|c| c.map(|x| x.1)),
            moves,
            nights: nights.collect(),
            now: scored_now(pos),
            score5: pos.score5,
            ms: Some(t.ms),
            warnings: t.warnings.clone(),
            report: t.report.as_ref().map(|r| thoughts(r, &styles)),
        });
    }
    let mut notes = vec![
        "The end of the game is never shown to a player: the turn-9 scores and the winner are in \
         the manager's result."
            .to_string(),
    ];
    if let Some((message, _)) = &g.error {
        notes.insert(0, format!("The game ended on malformed input: {message}"));
    }
    let seats = std::array::from_fn(|c| match c {
        0 => Seat { name: format!("you: {}", g.player), bot: true },
        _ => Seat { name: COLUMN_NAMES[c].into(), bot: false },
    });
    Ok(Page {
        source: "log",
        title: format!("{title}: {}, seed {}", g.player, g.seed),
        board_when: "as the player saw it before answering",
        seats,
        strengths,
        turns,
        end: None,
        styles,
        notes,
    })
}

/// Every style any report of the game names, in order of first appearance.
fn style_labels(g: &LoggedGame) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for s in g.turns.iter().filter_map(|t| t.report.as_ref()).flat_map(|r| &r.styles) {
        if !labels.contains(&s.label) {
            labels.push(s.label.clone());
        }
    }
    labels
}

fn thoughts(r: &Report, labels: &[String]) -> Thoughts {
    let weights = |label: &String| {
        r.styles.iter().find(|s| &s.label == label).map_or([0.0; DAIMYO - 1], |s| s.weights)
    };
    Thoughts {
        rollouts: r.rollouts,
        candidates: r
            .candidates
            .iter()
            .map(|c| CandidatePage {
                mv: answer(&c.mv),
                win: c.win,
                margin: c.margin,
                rollouts: c.rollouts,
            })
            .collect(),
        reveal: r.reveal,
        styles: labels.iter().map(weights).collect(),
        nights: r
            .nights
            .iter()
            .map(|n| NightGuessPage {
                turn: n.turn,
                split: n.split.each_ref().map(counts_as_lords),
                probability: n.probability,
            })
            .collect(),
    }
}
