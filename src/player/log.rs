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
//!
//! Each kind of line is a typed struct that serde's derive writes and reads back; the engine's
//! report, whose types know no serde nor text, goes through serde's remote derive. Moves are
//! kept as the answer's text, so the raw file reads as the game did. A line's keys tell its
//! kind.

use crate::player::protocol::{InputReader, answer};
use daimyo_engine::agent::{Candidate, NightGuess, Report, StyleWeights};
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Row, View};
use daimyo_engine::timeman::Budget;
use serde::de::{self, Deserializer, IgnoredAny};
use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;
use std::io::Write;

/// The format's version, under the key that marks a header line.
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
    pub fn write(&mut self, line: &impl Serialize, err: &mut impl Write) {
        if self.path.is_none() {
            return;
        }
        let result = self.open().and_then(|f| {
            serde_json::to_writer(&mut *f, line)?;
            writeln!(f)?;
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

/// The line that opens a game: who played and under what budget. Logs written before a
/// setting was logged lack it, and only the player, its seed and `typed` are read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format's version; the key marks the line as a header.
    pub daimyo_log: u64,
    /// The program's version.
    #[serde(default)]
    pub version: String,
    pub player: String,
    pub seed: u64,
    pub time_ms: Option<u64>,
    pub rollouts: Option<u64>,
    #[serde(default)]
    pub no_clock: bool,
    pub threads: Option<usize>,
    #[serde(default)]
    pub typed: bool,
    #[serde(default)]
    pub unix_ms: u64,
}

/// The line that opens a game.
pub fn header(player: &str, seed: u64, budget: &Budget, typed: bool) -> Header {
    let unix_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    Header {
        daimyo_log: VERSION,
        version: crate::version::VERSION.into(),
        player: player.into(),
        seed,
        time_ms: budget.time_ms,
        rollouts: budget.rollouts,
        no_clock: budget.no_clock,
        threads: Some(budget.threads()),
        typed,
        unix_ms,
    }
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnLine {
    /// The turn number, for a reader of the raw file: the text read says it again.
    #[serde(default)]
    pub turn: u64,
    pub sent: String,
    pub answer: String,
    /// To the microsecond.
    pub ms: f64,
    #[serde(default)]
    pub warnings: Vec<String>,
    pub report: Option<ReportLine>,
}

/// A turn's line.
pub fn turn_line(t: &Turn) -> TurnLine {
    TurnLine {
        turn: turn_number(&t.sent),
        sent: t.sent.clone(),
        answer: t.answer.clone(),
        ms: (t.ms * 1e3).round() / 1e3,
        warnings: t.warnings.clone(),
        report: t.report.as_ref().map(ReportLine::from),
    }
}

impl From<TurnLine> for Turn {
    fn from(t: TurnLine) -> Turn {
        let report = t.report.map(Report::from);
        Turn { sent: t.sent, answer: t.answer, ms: t.ms, warnings: t.warnings, report }
    }
}

/// The turn number of a turn's text: the token before the first `D` or `N`.
fn turn_number(sent: &str) -> u64 {
    let tokens: Vec<&str> = sent.split_whitespace().collect();
    let at = tokens.iter().position(|t| *t == "D" || *t == "N");
    at.and_then(|i| tokens.get(i.checked_sub(1)?)?.parse().ok()).unwrap_or(0)
}

/// The line for malformed input: the message and what was read of the turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ErrorLine {
    pub error: String,
    pub sent: String,
}

pub fn error_line(message: &str, sent: &str) -> ErrorLine {
    ErrorLine { error: message.into(), sent: sent.into() }
}

/// The search's report as the log keeps it. The engine's types know no serde: each is
/// wrapped here and (de)serialised by serde's remote derive, which the compiler checks against
/// the engine's fields; moves are kept as the answer's text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportLine {
    pub rollouts: u64,
    pub candidates: Vec<CandidateLine>,
    pub reveal: Option<(f64, f64)>,
    pub styles: Vec<StyleLine>,
    pub nights: Vec<NightLine>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateLine(#[serde(with = "CandidateDef")] pub Candidate);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StyleLine(#[serde(with = "StyleDef")] pub StyleWeights);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NightLine(#[serde(with = "NightDef")] pub NightGuess);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Candidate")]
struct CandidateDef {
    #[serde(rename = "move", serialize_with = "move_text", deserialize_with = "move_of_text")]
    mv: Move,
    win: f64,
    margin: f64,
    rollouts: u64,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "StyleWeights")]
struct StyleDef {
    label: String,
    weights: [f64; DAIMYO - 1],
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "NightGuess")]
struct NightDef {
    turn: u8,
    /// Columns 1..3's picks, each as a move's text.
    #[serde(serialize_with = "split_text", deserialize_with = "split_of_text")]
    split: [Row; DAIMYO - 1],
    probability: f64,
}

impl From<&Report> for ReportLine {
    fn from(r: &Report) -> ReportLine {
        ReportLine {
            rollouts: r.rollouts,
            candidates: r.candidates.iter().map(|&c| CandidateLine(c)).collect(),
            reveal: r.reveal,
            styles: r.styles.iter().map(|s| StyleLine(s.clone())).collect(),
            nights: r.nights.iter().map(|&n| NightLine(n)).collect(),
        }
    }
}

impl From<ReportLine> for Report {
    fn from(r: ReportLine) -> Report {
        Report {
            rollouts: r.rollouts,
            candidates: r.candidates.into_iter().map(|c| c.0).collect(),
            reveal: r.reveal,
            styles: r.styles.into_iter().map(|s| s.0).collect(),
            nights: r.nights.into_iter().map(|n| n.0).collect(),
        }
    }
}

/// A move as the answer's text, `"0 1 3 3 3"`.
fn move_text<S: Serializer>(mv: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&answer(mv))
}

fn move_of_text<'de, D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
    parse_move(&String::deserialize(d)?).map_err(de::Error::custom)
}

pub fn parse_move(text: &str) -> Result<Move, String> {
    let lords: Option<Vec<u8>> = text.split(' ').map(|l| l.parse().ok()).collect();
    lords.and_then(|l| Move::new(&l)).ok_or_else(|| format!("'{text}' is not a move"))
}

/// A night's split among columns 1..3, each column's picks as a move's text (`""` for counts
/// that make no move).
fn split_text<S: Serializer>(split: &[Row; DAIMYO - 1], s: S) -> Result<S::Ok, S::Error> {
    let text = |r: &Row| Move::from_counts(*r).map_or_else(String::new, |m| answer(&m));
    split.each_ref().map(text).serialize(s)
}

fn split_of_text<'de, D: Deserializer<'de>>(d: D) -> Result<[Row; DAIMYO - 1], D::Error> {
    let texts = <[String; DAIMYO - 1]>::deserialize(d)?;
    let mut split = [Row::ZERO; DAIMYO - 1];
    for (row, text) in split.iter_mut().zip(&texts) {
        *row = parse_move(text).map_err(de::Error::custom)?.counts();
    }
    Ok(split)
}

/// A game read back from a log.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoggedGame {
    pub player: String,
    pub seed: u64,
    pub unix_ms: u64,
    /// Typed at a terminal: the text is bare tokens, whatever its lines.
    pub typed: bool,
    pub turns: Vec<Turn>,
    /// The malformed-input message that ended the game, and the text read of that turn.
    pub error: Option<(String, String)>,
}

impl LoggedGame {
    /// The lords' strengths and the views the player was shown, in order, read back from the
    /// text it was sent (up to the malformed input that ended the game, if any).
    pub fn views(&self) -> Result<([u8; LORDS], Vec<View>), String> {
        let mut text: String = self.turns.iter().map(|t| t.sent.as_str()).collect();
        if let Some((_, sent)) = &self.error {
            text += sent;
        }
        let mut reader = InputReader::new(text.as_bytes());
        if self.typed {
            reader = reader.typed();
        }
        let mut views = Vec::new();
        while let Ok(Some(t)) = reader.next_turn() {
            views.push(t.view);
        }
        let strengths = reader.strengths().ok_or("the log holds no settings")?;
        Ok((strengths, views))
    }
}

/// A line's keys, which tell its kind.
type Keys = BTreeMap<String, IgnoredAny>;

/// Whether `text` looks like a log: its first line is a header.
pub fn is_log(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    serde_json::from_str::<Keys>(first).is_ok_and(|k| k.contains_key("daimyo_log"))
}

/// Every game of a log, or what is wrong and on which line.
pub fn read(text: &str) -> Result<Vec<LoggedGame>, String> {
    let mut games: Vec<LoggedGame> = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = |what: String| format!("line {}: {what}", i + 1);
        // A line is one JSON document: the parser's position is a column.
        let parse_err =
            |e: serde_json::Error| at(format!("{} (column {})", json_message(&e), e.column()));
        let keys: Keys = serde_json::from_str(line).map_err(parse_err)?;
        if keys.contains_key("daimyo_log") {
            let h: Header = serde_json::from_str(line).map_err(parse_err)?;
            if h.daimyo_log != VERSION {
                let by = match h.version.as_str() {
                    "" => String::new(),
                    v => format!(", written by daimyo {v}"),
                };
                let found = h.daimyo_log;
                return Err(at(format!(
                    "a log of format {found}{by}; this daimyo reads format {VERSION}"
                )));
            }
            let (player, seed, unix_ms, typed) = (h.player, h.seed, h.unix_ms, h.typed);
            games.push(LoggedGame { player, seed, unix_ms, typed, ..LoggedGame::default() });
            continue;
        }
        let game = games.last_mut().ok_or_else(|| at("no header line before it".into()))?;
        if keys.contains_key("error") {
            let e: ErrorLine = serde_json::from_str(line).map_err(parse_err)?;
            game.error = Some((e.error, e.sent));
        } else if keys.contains_key("sent") {
            let t: TurnLine = serde_json::from_str(line).map_err(parse_err)?;
            game.turns.push(t.into());
        } else {
            return Err(at("neither a header, a turn nor an error".into()));
        }
    }
    Ok(games)
}

/// The JSON parser's message without the position it appends, for a reader that names the
/// place in its own terms (a line of a file of lines); the workshop's records use it too. A key
/// it quotes is unescaped (`unknown field `a\nb``): its control characters are escaped again,
/// so that the message stays one line.
pub fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let at = format!(" at line {} column {}", e.line(), e.column());
    let text = text.strip_suffix(&at).unwrap_or(&text);
    text.chars()
        .map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(line: &impl Serialize) -> String {
        serde_json::to_string(line).unwrap()
    }

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
        let first = json(&header("bot", 5, &Budget::default(), false));
        let unknown = format!("{first}\n{{\"unknown\": 1}}\n");
        assert_eq!(read(&unknown).unwrap_err(), "line 2: neither a header, a turn nor an error");
        let log = format!(
            "{first}\n{}\n{}\n{}\n{}\n",
            json(&turn_line(&turn)),
            json(&header("random", 6, &Budget::default(), true)),
            json(&turn_line(&plain)),
            json(&error_line("malformed input at line 3", "4 X")),
        );
        assert!(is_log(&log));
        let games = read(&log).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].player.as_str(), games[0].seed), ("bot", 5));
        assert_eq!(games[0].turns, [turn]);
        assert_eq!(games[1].turns, [plain]);
        assert!(!games[0].typed && games[1].typed);
        assert_eq!(games[1].error, Some(("malformed input at line 3".into(), "4 X".into())));
        assert!(json(&turn_line(&games[1].turns[0])).starts_with("{\"turn\":3,\"sent\":"));
    }

    #[test]
    fn a_broken_line_is_named_with_what_is_wrong() {
        let first = json(&header("bot", 5, &Budget::default(), false));
        let turn = Turn { sent: "1 D\n".into(), answer: "0 1 2 3 4".into(), ..Turn::default() };
        let good = json(&turn_line(&turn));
        let e = read(&format!("{first}\n\n{}", &good[..good.len() - 5])).unwrap_err();
        assert!(e.starts_with("line 3: EOF while parsing"), "{e}");
        let report = r#""report":{"rollouts":1,"candidates":[{"move":"0 9","win":0,"margin":0,"rollouts":1}],"reveal":null,"styles":[],"nights":[]}"#;
        let bad = good.replace(r#""report":null"#, report);
        assert_ne!(bad, good);
        let e = read(&format!("{first}\n{bad}\n")).unwrap_err();
        assert!(e.starts_with("line 2: '0 9' is not a move (column "), "{e}");
        let e = read(&format!("{good}\n")).unwrap_err();
        assert_eq!(e, "line 1: no header line before it");
        let other = first.replace("\"daimyo_log\":1", "\"daimyo_log\":2");
        assert_ne!(other, first);
        let e = read(&format!("{other}\n{good}\n")).unwrap_err();
        let version = crate::version::VERSION;
        assert_eq!(
            e,
            format!(
                "line 1: a log of format 2, written by daimyo {version}; this daimyo reads format 1"
            )
        );
    }

    #[test]
    fn a_log_that_cannot_be_written_is_reported_once() {
        let mut log = Log::new(Some("/nonexistent-dir/daimyo.log".into()));
        let mut err = Vec::new();
        for _ in 0..3 {
            log.write(&error_line("x", "y"), &mut err);
        }
        let err = String::from_utf8(err).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("daimyo: --log /nonexistent-dir/daimyo.log: "), "{err}");
    }
}
