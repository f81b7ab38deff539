//! Whole games on file, both ways: the official manager's result JSON and the arena's `--out`
//! line. Every reader and writer of the two formats goes through here, so each is defined once.
//!
//! Each format is a typed struct whose serde derive writes it and reads it back; only what the
//! derive cannot say is written by hand: the manager's winner (a seat, or `""` for a draw) and
//! the moves, which are read as `Move`s checked against the phase of their turn, so that a game
//! read here can be replayed by the rules core without more checks.
//!
//! The manager's result is `{"winner": W, "replay": {"seed": S, "commands": C}}`, `C[turn -
//! 1][seat]` the lords applied, written as the manager writes it (its web replayer plays such a
//! file back); fields beyond these are ignored when read. An `--out` line holds one arena game:
//! who sat where, the lords, the totals, how each seat behaved and the manager's replay, in
//! which alone its moves are kept, and the estimates of a built-in search's seats (`estimates`).
//! An `--out` file opens with a run line, `{"run": R, "shard": "K/N"}`: the run its games belong
//! to (the version, the entrants with their settings, who plays whom, the seeds, the SPRT's
//! margin) and the shard of it the file holds, so that the readers that add files up (a resumed
//! run, a merge; `out_file` reads a file whole) can refuse games of another run; the readers of
//! single games skip it.
//!
//! A recorded game of the contest's programs (`contest`: real programs' games kept as replays,
//! with `labels` where an `--out` line has `seats`) reads as the `--out` line of the same game.
//!
//! A file's games are read one by one (`reader`: `games`, and `recorded`, which tells a file
//! that `show` reads apart from a player's `--log`, whose format the player owns), each game
//! read or refused with what is wrong.

use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, TURNS, strengths_from_seed};
use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize, Serializer};

mod estimates;
mod contest;
mod reader;
mod out_file;

pub use contest::ContestLine;
pub use estimates::{Estimate, NightEstimate};
pub use out_file::{OutFile, out_file};
pub use reader::{Games, Recorded, Refused, games, no_such_game, recorded};

/// The manager's winner: a seat, or `None` for a draw, which it writes `""`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Winner(pub Option<usize>);

impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(seat) => s.serialize_u64(seat as u64),
            None => s.serialize_str(""),
        }
    }
}

impl<'de> Deserialize<'de> for Winner {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Winner, D::Error> {
        struct Seat;
        impl Visitor<'_> for Seat {
            type Value = Winner;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a winner: a seat 0..3, or \"\" for a draw")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Winner, E> {
                match usize::try_from(v) {
                    Ok(seat) if seat < DAIMYO => Ok(Winner(Some(seat))),
                    _ => Err(E::invalid_value(Unexpected::Unsigned(v), &self)),
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Winner, E> {
                match v {
                    "" => Ok(Winner(None)),
                    _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_any(Seat)
    }
}

/// `commands[turn - 1][seat]`: the moves applied, written as lists of lords.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Commands(pub Vec<[Move; DAIMYO]>);

impl Serialize for Commands {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|turn| turn.each_ref().map(Move::lords)))
    }
}

impl<'de> Deserialize<'de> for Commands {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Commands, D::Error> {
        // Wide integers, so that a lord such as -1 or 300 gets the same message as a 7.
        let turns = Vec::<Vec<Vec<i64>>>::deserialize(d)?;
        checked(&turns).map(Commands).map_err(de::Error::custom)
    }
}

/// Every turn of a whole game, each move of its phase's number of lords 0..5.
fn checked(turns: &[Vec<Vec<i64>>]) -> Result<Vec<[Move; DAIMYO]>, String> {
    if turns.len() != TURNS as usize {
        return Err(format!("commands: {} turns, a game has {TURNS}", turns.len()));
    }
    let mut out = Vec::with_capacity(turns.len());
    for (t, seats) in turns.iter().enumerate() {
        let phase = Phase::of_turn(t as u8 + 1);
        if seats.len() != DAIMYO {
            return Err(format!(
                "commands: turn {}: {} seats, a game has {DAIMYO}",
                t + 1,
                seats.len()
            ));
        }
        let mut moves = [Move::lord_zero(phase); DAIMYO];
        for (s, lords) in seats.iter().enumerate() {
            let lords: Option<Vec<u8>> = lords.iter().map(|&l| u8::try_from(l).ok()).collect();
            moves[s] = lords
                .and_then(|l| Move::new(&l))
                .filter(|m| m.phase() == phase)
                .ok_or_else(|| {
                    format!("commands: turn {}, seat {s}: not {} lords 0..5", t + 1, phase.picks())
                })?;
        }
        out.push(moves);
    }
    Ok(out)
}

/// The manager's replay: the seed its lords come from and the moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    pub seed: u32,
    pub commands: Commands,
}

/// The official manager's result of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManagerResult {
    pub winner: Winner,
    pub replay: Replay,
}

/// The arena's `--out` line of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OutLine {
    pub seed: u32,
    /// Rotation r put entrant (s + r) % 4 of the line-up in seat s.
    pub rotation: usize,
    /// "A" or "B" under `--sprt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Each seat's entrant, by its label.
    pub seats: [String; DAIMYO],
    pub strengths: [u8; LORDS],
    pub totals_x12: [i32; DAIMYO],
    pub winner: Winner,
    pub timeouts: [u32; DAIMYO],
    pub malformed: [u32; DAIMYO],
    /// The slowest answer that counted, in ms to the microsecond; none if no answer counted.
    pub max_ms: [Option<f64>; DAIMYO],
    /// Every answer that counted, in ms to the microsecond, in turn order: the table's
    /// percentiles (empty in files written before they were kept).
    #[serde(default)]
    pub times_ms: [Vec<f64>; DAIMYO],
    pub ready: [bool; DAIMYO],
    pub gone_at: [Option<u8>; DAIMYO],
    pub replay: Replay,
    /// Each seat's estimates, a turn each, when a built-in that reports them sat there; left
    /// out when no seat has any, so that such lines are as they were before they were kept.
    #[serde(default, skip_serializing_if = "estimates::none")]
    pub estimates: [Vec<Estimate>; DAIMYO],
}

/// The first line of an arena `--out` file: the run, and the shard of it the file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunLine {
    pub run: Run,
    /// `K/N` when the file holds the K-th of N shards of the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// What an arena run plays: games of different runs do not add up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The version of daimyo that played, and its commit (`daimyo::version`).
    pub daimyo: String,
    /// Every entrant, the measured ones first, with the settings it plays under.
    pub entrants: Vec<RunEntrant>,
    /// The entrants measured, as positions in `entrants`: one, or A and B under `--sprt`.
    pub sides: Vec<usize>,
    pub opponents: Opponents,
    /// The SPRT's margin D under `--sprt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt_margin: Option<f64>,
    pub first_seed: u32,
    /// The number of seeds; under `--sprt`, the most the test plays.
    pub seeds: u32,
    /// The time an answer was allowed, in ms, when an analysis relaxed the manager's 1000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_limit_ms: Option<u64>,
}

impl Run {
    /// The seed after the run's last one (in u64, which the last seed of `u32::MAX` needs).
    pub fn seed_end(&self) -> u64 {
        self.first_seed as u64 + self.seeds as u64
    }
}

/// An entrant of a run: its label, and a search's budget where it is set (a search without
/// `threads` searches on every core of the machine that plays); a program named by its label
/// (`orig-tables=exec:PROGRAM`) keeps its command in `program`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunEntrant {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollouts: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<usize>,
}

/// Who sits against the measured entrants, as positions in `Run::entrants`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponents {
    Fixed([usize; 3]),
    /// Three drawn from these for every seed (`field` in the files of older versions).
    #[serde(alias = "field")]
    DrawnFrom(Vec<usize>),
}

impl RunLine {
    /// The line, without its newline.
    pub fn line(&self) -> String {
        serde_json::to_string(self).expect("plain data always serialises")
    }
}

impl ManagerResult {
    /// The file's text, as the manager writes it.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("plain data always serialises")
    }
}

impl OutLine {
    /// The line, without its newline.
    pub fn line(&self) -> String {
        serde_json::to_string(self).expect("plain data always serialises")
    }

    /// Who sat in `seat`, as the workshop's accounts name it: its label, and under `--sprt` its
    /// side, `LABEL (A)`.
    pub fn entrant(&self, seat: usize) -> String {
        match &self.side {
            Some(side) => format!("{} ({side})", self.seats[seat]),
            None => self.seats[seat].clone(),
        }
    }
}

/// Adds `items` to the list of `name` in `groups`, kept in the order the names first came.
pub fn group<T>(
    groups: &mut Vec<(String, Vec<T>)>,
    name: String,
    items: impl IntoIterator<Item = T>,
) {
    match groups.iter_mut().find(|(n, _)| *n == name) {
        Some((_, list)) => list.extend(items),
        None => groups.push((name, items.into_iter().collect())),
    }
}

/// Where a game read back was played.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// Under the official manager, or its result as the arena's `--replays` writes it.
    Manager,
    /// An arena game, with its rotation and its side under `--sprt`.
    Arena { rotation: usize, side: Option<String> },
}

/// A whole game read back from either format.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub seed: u32,
    pub origin: Origin,
    /// Who sat in each seat: the entrants' labels of an `--out` line, `seat 0` to `seat 3` for
    /// the manager's result, which names nobody.
    pub labels: [String; DAIMYO],
    pub strengths: [u8; LORDS],
    pub commands: Vec<[Move; DAIMYO]>,
    /// The winner the file states: the seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// The totals the file states, in twelfths (an `--out` line's; the manager's result has
    /// none).
    pub totals_x12: Option<[i32; DAIMYO]>,
}

impl Game {
    /// What the game was, in a few words: `the manager's game, seed 1001`, or `arena game, seed
    /// 7, rotation 2` (and `, side A` under `--sprt`).
    pub fn title(&self) -> String {
        match &self.origin {
            Origin::Manager => format!("the manager's game, seed {}", self.seed),
            Origin::Arena { rotation, side } => {
                let side = side.as_ref().map_or(String::new(), |s| format!(", side {s}"));
                format!("arena game, seed {}, rotation {rotation}{side}", self.seed)
            }
        }
    }

    /// Each seat by name: `seat 0` for the manager's result, which names nobody, `seat 0 bot`
    /// (the seat and its entrant) for an arena game.
    pub fn seat_names(&self) -> [String; DAIMYO] {
        match self.origin {
            Origin::Manager => self.labels.clone(),
            Origin::Arena { .. } => std::array::from_fn(|s| format!("seat {s} {}", self.labels[s])),
        }
    }
}

impl From<ManagerResult> for Game {
    fn from(r: ManagerResult) -> Game {
        Game {
            seed: r.replay.seed,
            origin: Origin::Manager,
            labels: std::array::from_fn(|s| format!("seat {s}")),
            strengths: strengths_from_seed(r.replay.seed),
            commands: r.replay.commands.0,
            winner: r.winner.0,
            totals_x12: None,
        }
    }
}

impl OutLine {
    /// What the types cannot say: lords of 3..6, a rotation 0..3, one seed, estimates in range.
    /// Lords no draw gives and a replay of another seed cannot have been played; a rotation or
    /// an estimate out of range is a broken line.
    fn check(&self) -> Result<(), Refused> {
        if self.strengths.iter().any(|m| !(3..=6).contains(m)) {
            return Err(Refused::Impossible("strengths: six of 3..6 are needed".into()));
        }
        if self.rotation >= DAIMYO {
            let why = format!("rotation {}: a rotation is 0..3", self.rotation);
            return Err(Refused::Malformed(why));
        }
        if self.replay.seed != self.seed {
            let (r, s) = (self.replay.seed, self.seed);
            return Err(Refused::Impossible(format!("replay.seed {r} is not the line's seed {s}")));
        }
        estimates::check(&self.estimates).map_err(Refused::Malformed)
    }
}

impl TryFrom<OutLine> for Game {
    type Error = Refused;
    fn try_from(o: OutLine) -> Result<Game, Refused> {
        o.check()?;
        Ok(Game {
            seed: o.seed,
            origin: Origin::Arena { rotation: o.rotation, side: o.side },
            labels: o.seats,
            strengths: o.strengths,
            commands: o.replay.commands.0,
            winner: o.winner.0,
            totals_x12: Some(o.totals_x12),
        })
    }
}
