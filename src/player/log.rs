//! The player's log (`--log FILE`): what it was sent, what it answered and each turn's search
//! summary, so that a game played under the manager can be looked at afterwards (`daimyo show
//! FILE`). This module owns the format both ways.
//!
//! One JSON object a line, appended: a game opens with a header line (`daimyo_log`), then one
//! line per turn (`turn`: the text read, the answer, the time, the warnings and the report), and
//! a line `error` if the input turned out malformed. Appending keeps every game a wrapper
//! script plays in one file; `show --game N` picks one. The log must never disturb play: it is
//! opened after `READY`, written after each answer has left, and its first error is reported
//! on stderr once, after which it is dropped.

use crate::engine::agent::{Candidate, NightGuess, Report, StyleWeights};
use crate::engine::rules::{DAIMYO, Move, Row};
use crate::engine::timeman::Budget;
use crate::player::protocol::answer;
use serde_json::{Value, json};
use std::io::Write;

/// The header's key, and the format's version.
const HEADER: &str = "daimyo_log";
const VERSION: u64 = 1;

/// A log file being written, opened at the first line.
pub struct Log {
    path: Option<String>,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl Log {
    /// A log to append to `path`, or none.
    pub fn new(path: Option<String>) -> Log {
        Log { path, file: None }
    }

    /// Appends one line. The first failure is reported on `err` and ends the log.
    pub fn write(&mut self, line: &Value, err: &mut impl Write) {
        if self.path.is_none() {
            return;
        }
        let result = self.open().and_then(|f| {
            writeln!(f, "{line}")?;
            f.flush()
        });
        if let Err(e) = result {
            let path = self.path.as_deref().unwrap_or_default();
            let _ = writeln!(err, "daimyo: --log {path}: {e}; playing on without the log");
            (self.path, self.file) = (None, None);
        }
    }

    fn open(&mut self) -> std::io::Result<&mut std::io::BufWriter<std::fs::File>> {
        if self.file.is_none() {
            let path = self.path.as_deref().unwrap_or_default();
            let f = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
            self.file = Some(std::io::BufWriter::new(f));
        }
        Ok(self.file.as_mut().expect("just opened"))
    }
}

/// The line that opens a game.
pub fn header(player: &str, seed: u64, budget: &Budget, typed: bool) -> Value {
    let unix_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    json!({
        HEADER: VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "player": player,
        "seed": seed,
        "time_ms": budget.time_ms,
        "rollouts": budget.rollouts,
        "no_clock": budget.no_clock,
        "threads": budget.threads(),
        "typed": typed,
        "unix_ms": unix_ms,
    })
}

/// One turn as the player lived it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Turn {
    /// The text read for the turn (with the settings on turn 1).
    pub sent: String,
    pub answer: String,
    /// From the start of the turn's clock to the answer's write.
    pub ms: f64,
    pub warnings: Vec<String>,
    pub report: Option<Report>,
}

/// A turn's line.
pub fn turn_line(t: &Turn) -> Value {
    json!({
        "turn": turn_number(&t.sent),
        "sent": t.sent,
        "answer": t.answer,
        "ms": (t.ms * 1e3).round() / 1e3,
        "warnings": t.warnings,
        "report": t.report.as_ref().map(report_json),
    })
}

/// The turn number of a turn's text, for a reader of the raw file: the token before the first
/// `D` or `N`.
fn turn_number(sent: &str) -> u64 {
    let tokens: Vec<&str> = sent.split_whitespace().collect();
    let at = tokens.iter().position(|t| *t == "D" || *t == "N");
    at.and_then(|i| tokens.get(i.checked_sub(1)?)?.parse().ok()).unwrap_or(0)
}

/// The line for malformed input: the message and what was read of the turn.
pub fn error_line(message: &str, sent: &str) -> Value {
    json!({ "error": message, "sent": sent })
}

fn report_json(r: &Report) -> Value {
    let split = |s: &[Row; DAIMYO - 1]| -> Vec<String> {
        s.iter().map(|r| Move::from_counts(*r).map_or_else(String::new, |m| answer(&m))).collect()
    };
    json!({
        "rollouts": r.rollouts,
        "candidates": r.candidates.iter().map(|c| json!({
            "move": answer(&c.mv), "win": c.win, "margin": c.margin, "rollouts": c.rollouts,
        })).collect::<Vec<_>>(),
        "reveal": r.reveal.map(|(m, u)| [m, u]),
        "styles": r.styles.iter().map(|s| json!({ "label": s.label, "weights": s.weights }))
            .collect::<Vec<_>>(),
        "nights": r.nights.iter().map(|n| json!({
            "turn": n.turn, "split": split(&n.split), "probability": n.probability,
        })).collect::<Vec<_>>(),
    })
}

/// A game read back from a log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Game {
    pub player: String,
    pub seed: u64,
    pub unix_ms: u64,
    /// Typed at a terminal: the text is bare tokens, whatever its lines.
    pub typed: bool,
    pub turns: Vec<Turn>,
    /// The malformed-input message that ended the game, and the text read of that turn.
    pub error: Option<(String, String)>,
}

/// Whether `text` looks like a log: its first line is a header.
pub fn is_log(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    serde_json::from_str::<Value>(first).is_ok_and(|v| v.get(HEADER).is_some())
}

/// Every game of a log, or what is wrong and on which line.
pub fn read(text: &str) -> Result<Vec<Game>, String> {
    let mut games: Vec<Game> = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: &str| format!("line {}: {what}", i + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| at(&format!("not JSON ({e})")))?;
        if v.get(HEADER).is_some() {
            games.push(Game {
                player: str_of(&v["player"]),
                seed: v["seed"].as_u64().unwrap_or(0),
                unix_ms: v["unix_ms"].as_u64().unwrap_or(0),
                typed: v["typed"].as_bool().unwrap_or(false),
                ..Game::default()
            });
            continue;
        }
        let game = games.last_mut().ok_or_else(|| at("no header line before it"))?;
        if let Some(message) = v["error"].as_str() {
            game.error = Some((message.to_string(), str_of(&v["sent"])));
        } else if v.get("sent").is_some() {
            game.turns.push(turn_of(&v).map_err(|e| at(&e))?);
        } else {
            return Err(at("neither a header, a turn nor an error"));
        }
    }
    Ok(games)
}

fn str_of(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn turn_of(v: &Value) -> Result<Turn, String> {
    let warnings = v["warnings"].as_array().map_or(Vec::new(), |w| w.iter().map(str_of).collect());
    let report = match &v["report"] {
        Value::Null => None,
        r => Some(report_of(r).ok_or("a report that cannot be read")?),
    };
    Ok(Turn {
        sent: str_of(&v["sent"]),
        answer: str_of(&v["answer"]),
        ms: v["ms"].as_f64().unwrap_or(0.0),
        warnings,
        report,
    })
}

fn report_of(v: &Value) -> Option<Report> {
    let mv = |s: &Value| {
        Move::new(&s.as_str()?.split(' ').map(|l| l.parse().ok()).collect::<Option<Vec<u8>>>()?)
    };
    let three = |a: &Value| -> Option<[f64; DAIMYO - 1]> {
        let a = a.as_array()?;
        Some([a.first()?.as_f64()?, a.get(1)?.as_f64()?, a.get(2)?.as_f64()?])
    };
    let candidates = v["candidates"].as_array()?.iter().map(|c| {
        Some(Candidate {
            mv: mv(&c["move"])?,
            win: c["win"].as_f64()?,
            margin: c["margin"].as_f64()?,
            rollouts: c["rollouts"].as_u64()?,
        })
    });
    let styles = v["styles"]
        .as_array()?
        .iter()
        .map(|s| Some(StyleWeights { label: str_of(&s["label"]), weights: three(&s["weights"])? }));
    let nights = v["nights"].as_array()?.iter().map(|n| {
        let split: Vec<Row> =
            n["split"].as_array()?.iter().map(|s| Some(mv(s)?.counts())).collect::<Option<_>>()?;
        Some(NightGuess {
            turn: n["turn"].as_u64()? as u8,
            split: split.try_into().ok()?,
            probability: n["probability"].as_f64()?,
        })
    });
    let reveal =
        v["reveal"].as_array().and_then(|a| Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?)));
    Some(Report {
        rollouts: v["rollouts"].as_u64()?,
        candidates: candidates.collect::<Option<_>>()?,
        reveal,
        styles: styles.collect::<Option<_>>()?,
        nights: nights.collect::<Option<_>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_and_reports_read_back_as_written() {
        let mv = |l: &[u8]| Move::new(l).unwrap();
        let report = Report {
            rollouts: 1234,
            candidates: vec![Candidate {
                mv: mv(&[0, 1, 3, 3, 3]),
                win: 0.5,
                margin: -1.25,
                rollouts: 99,
            }],
            reveal: Some((0.01, 0.002)),
            styles: vec![StyleWeights { label: "greedy".into(), weights: [0.9, 0.05, 0.5] }],
            nights: vec![NightGuess {
                turn: 2,
                split: [mv(&[0, 3]).counts(), mv(&[1, 1]).counts(), mv(&[2, 5]).counts()],
                probability: 0.125,
            }],
        };
        let turn = Turn {
            sent: "3 D\n1 2 0 0\n".into(),
            answer: "0 1 3 3 3".into(),
            ms: 700.25,
            warnings: vec!["a warning".into()],
            report: Some(report),
        };
        let plain = Turn { report: None, ..turn.clone() };
        let text = [header("bot", 5, &Budget::default(), false), json!({"unknown": 1})];
        assert!(read(&format!("{}\n{}\n", text[0], text[1])).unwrap_err().starts_with("line 2: "));
        let log = format!(
            "{}\n{}\n{}\n{}\n{}\n",
            text[0],
            turn_line(&turn),
            header("random", 6, &Budget::default(), true),
            turn_line(&plain),
            error_line("malformed input at line 3", "4 X"),
        );
        assert!(is_log(&log));
        let games = read(&log).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].player.as_str(), games[0].seed), ("bot", 5));
        assert_eq!(games[0].turns, [turn]);
        assert_eq!(games[1].turns, [plain]);
        assert!(!games[0].typed && games[1].typed);
        assert_eq!(games[1].error, Some(("malformed input at line 3".into(), "4 X".into())));
        assert!(turn_line(&games[1].turns[0]).to_string().contains("\"turn\":3"));
    }

    #[test]
    fn a_log_that_cannot_be_written_is_reported_once() {
        let mut log = Log::new(Some("/nonexistent-dir/daimyo.log".into()));
        let mut err = Vec::new();
        for _ in 0..3 {
            log.write(&json!({"x": 1}), &mut err);
        }
        let err = String::from_utf8(err).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("daimyo: --log /nonexistent-dir/daimyo.log: "), "{err}");
    }
}
