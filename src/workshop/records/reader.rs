//! Reading the games of a file, one by one: the manager's result (one JSON document, however
//! laid out) or one game a line (an `--out` file, whose run line is passed over; a line may
//! also be a manager's result or a contest's record), and `recorded`, which tells the files
//! `show` reads apart from a player's `--log`.
//!
//! A game a file holds is refused as one of two kinds (`Refused`): malformed, when the text is
//! not a game of these formats (a reader stops), or impossible, when it is one but its record
//! cannot have been played: moves that are not of their turn's phase or lords 0..5, lords'
//! strengths out of 3..6, a replay of another seed (a reader that learns from many games skips
//! it and goes on). The kind is said by the code that found the fault, never read back from its
//! message.

use super::ContestLine;
use super::{Commands, Game, ManagerResult, OutLine, checked};
use crate::player::log::{self, LoggedGame, json_message};
use daimyo_engine::rules::{DAIMYO, Move, Phase, TURNS};
use serde::de::IgnoredAny;
use std::collections::BTreeMap;

/// Why a game of a file is not read, with what is wrong (`line 4: commands: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a game in a format the workshop reads: the file is broken.
    Malformed(String),
    /// A game of these formats whose record cannot have been played.
    Impossible(String),
}

impl Refused {
    /// What is wrong.
    pub fn message(&self) -> &str {
        match self {
            Refused::Malformed(m) | Refused::Impossible(m) => m,
        }
    }

    /// The same refusal, its message placed (`line 4: ...`).
    fn at(self, place: impl Fn(&str) -> String) -> Refused {
        match self {
            Refused::Malformed(m) => Refused::Malformed(place(&m)),
            Refused::Impossible(m) => Refused::Impossible(place(&m)),
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl From<Refused> for String {
    fn from(r: Refused) -> String {
        r.message().to_string()
    }
}

/// The games a file holds: the manager's result (one JSON document, however laid out), or one
/// game a line (an `--out` file; a line may also be a manager's result).
pub struct Games<'a> {
    whole: Option<&'a str>,
    /// Non-empty lines, with their numbers from 1.
    lines: Vec<(usize, &'a str)>,
}

/// The keys of a JSON object, which tell the formats apart (a struct would also take an array).
pub(super) type Probe = BTreeMap<String, IgnoredAny>;

/// The games of a file's text, or why it holds none that can be read.
pub fn games(text: &str) -> Result<Games<'_>, String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !is_run_line(l))
        .collect();
    let arena = |p: Probe| p.contains_key("rotation") || p.contains_key("run");
    // The file's own first line: an `--out` file's run line reads as a document of its own.
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or_default();
    // (A contest's record has a rotation too, and reads line by line as an arena's.)
    match serde_json::from_str::<IgnoredAny>(text) {
        // One document is one game, unless it is the one line of an `--out` file.
        Ok(_) if serde_json::from_str::<Probe>(text).is_ok_and(arena) => {}
        Ok(_) => return Ok(Games { whole: Some(text), lines }),
        // A document over several lines whose first line is no document of its own: a
        // manager's result laid out by hand, broken where the parser says.
        Err(e) if lines.len() > 1 && serde_json::from_str::<IgnoredAny>(first).is_err() => {
            let (line, column) = (e.line(), e.column());
            return Err(format!("line {line}, column {column}: not JSON: {}", json_message(&e)));
        }
        Err(_) => {}
    }
    Ok(Games { whole: None, lines })
}

impl Games<'_> {
    pub fn len(&self) -> usize {
        if self.whole.is_some() { 1 } else { self.lines.len() }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game `n`, counted from 1.
    pub fn get(&self, n: usize) -> Result<Game, Refused> {
        if n == 0 || n > self.len() {
            return Err(Refused::Malformed(no_such_game(n, self.len())));
        }
        match self.whole {
            // A document of its own has no line to name: its errors name the field.
            Some(text) => record(text),
            None => {
                let (at, line) = self.lines[n - 1];
                record(line).map_err(|e| e.at(|m| format!("line {at}: {m}")))
            }
        }
    }

    /// Every game, in file order; the first that is refused, of either kind, ends it.
    pub fn all(&self) -> Result<Vec<Game>, String> {
        (1..=self.len()).map(|n| self.get(n).map_err(String::from)).collect()
    }
}

/// Whether a line is an `--out` file's run line rather than a game.
fn is_run_line(line: &str) -> bool {
    line.contains("\"run\"")
        && serde_json::from_str::<Probe>(line)
            .is_ok_and(|p| p.contains_key("run") && !p.contains_key("replay"))
}

/// The error for a game a file does not hold.
pub fn no_such_game(n: usize, of: usize) -> String {
    format!("no game {n}: the file holds {of}")
}

/// Game `n` of a file that `show` reads: a whole game (an arena `--out` file, the manager's
/// result), or one game of a player's `--log`.
pub enum Recorded {
    Whole(Game),
    /// A logged game, and its place in the log (`log, game 2 of 3`).
    Log {
        game: LoggedGame,
        title: String,
    },
}

/// Game `n` (from 1) of a file's text, or why it cannot be read.
pub fn recorded(text: &str, n: usize) -> Result<Recorded, String> {
    if log::is_log(text) {
        let games = log::read(text)?;
        let count = games.len();
        let game = n.checked_sub(1).and_then(|i| games.into_iter().nth(i));
        let game = game.ok_or_else(|| no_such_game(n, count))?;
        return Ok(Recorded::Log { game, title: format!("log, game {n} of {count}") });
    }
    Ok(Recorded::Whole(games(text)?.get(n)?))
}

/// One game from one JSON document.
fn record(json: &str) -> Result<Game, Refused> {
    let probe: Probe = serde_json::from_str(json).map_err(|e| {
        Refused::Malformed(match e.is_data() {
            true => "neither an arena --out line nor a manager's result (not a JSON object)".into(),
            false => format!("not JSON: {} (column {})", json_message(&e), e.column()),
        })
    })?;
    if !probe.contains_key("replay") {
        let why = "neither an arena --out line nor a manager's result (no \"replay\")";
        return Err(Refused::Malformed(why.into()));
    }
    match parsed(json, &probe) {
        Ok(Parsed::Line(o)) => (*o).try_into(),
        Ok(Parsed::Manager(r)) => Ok(Game::from(r)),
        Err(e) => Err(refused_moves(json, &probe).unwrap_or(Refused::Malformed(e))),
    }
}

/// A document read by its format.
enum Parsed {
    Line(Box<OutLine>),
    Manager(ManagerResult),
}

fn parsed(json: &str, probe: &Probe) -> Result<Parsed, String> {
    match probe.contains_key("rotation") {
        true => game_line(json, probe).map(|o| Parsed::Line(Box::new(o))),
        false => serde_json::from_str(json).map(Parsed::Manager).map_err(|e| json_message(&e)),
    }
}

/// For a document that does not read: the refusal of its moves, when they are lists of lords
/// that cannot have been played. It is impossible if the document reads with any moves of the
/// right phases in their place; else malformed, for what is wrong besides.
fn refused_moves(json: &str, probe: &Probe) -> Option<Refused> {
    let mut doc: serde_json::Value = serde_json::from_str(json).ok()?;
    let commands = doc.get_mut("replay")?.get_mut("commands")?;
    let lords: Vec<Vec<Vec<i64>>> = serde_json::from_value(commands.clone()).ok()?;
    let why = checked(&lords).err()?;
    let any: Vec<[Move; DAIMYO]> =
        (1..=TURNS).map(|t| [Move::lord_zero(Phase::of_turn(t)); DAIMYO]).collect();
    *commands = serde_json::to_value(Commands(any)).expect("plain data always serialises");
    Some(match parsed(&doc.to_string(), probe) {
        Ok(_) => Refused::Impossible(why),
        Err(e) => Refused::Malformed(e),
    })
}

/// A line with a rotation: an arena's `--out` line, or a contest's record (`labels` by seat) read
/// as one.
pub(super) fn game_line(json: &str, probe: &Probe) -> Result<OutLine, String> {
    match probe.contains_key("labels") && !probe.contains_key("seats") {
        true => serde_json::from_str::<ContestLine>(json).map(OutLine::from),
        false => serde_json::from_str::<OutLine>(json),
    }
    .map_err(|e| json_message(&e))
}
