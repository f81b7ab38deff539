//! A recorded game of the contest: a line of the files that hold real contest programs' games,
//! played on the official manager's own code and kept as replays, one JSON object a line
//! (`seed`, `rotation`, `labels` by seat, `strengths`, `totals_x12`, `winner` or null for a
//! tie, `events`, `ms` by seat and turn, `max_ms`, `replay`). It reads as the arena's `--out`
//! line of the same game, so that every reader of games (show, halftime, the lab's foresight
//! and fit) reads the contest's records as it reads the arena's.

use super::{OutLine, Replay, Winner};
use daimyo_engine::rules::{DAIMYO, LORDS};
use serde::Deserialize;

/// One recorded game; fields beyond these are ignored.
#[derive(Clone, Debug, Deserialize)]
pub struct ContestLine {
    pub seed: u32,
    pub rotation: usize,
    pub labels: [String; DAIMYO],
    pub strengths: [u8; LORDS],
    pub totals_x12: [i32; DAIMYO],
    /// The seat with the highest total; null for a tie.
    pub winner: Option<usize>,
    /// What the manager noted of each seat: a time-out, a malformed answer, a crash.
    #[serde(default)]
    pub events: [Vec<serde_json::Value>; DAIMYO],
    /// Each seat's answer times, by turn.
    #[serde(default)]
    pub ms: [Vec<f64>; DAIMYO],
    pub replay: Replay,
}

impl From<ContestLine> for OutLine {
    fn from(f: ContestLine) -> OutLine {
        // The manager's notes, counted as the arena counts a seat's misbehaviour; the records
        // hold games with none, but a line with some still reads.
        let noted = |word: &str| -> [u32; DAIMYO] {
            std::array::from_fn(|s| {
                f.events[s].iter().filter(|e| e.to_string().to_lowercase().contains(word)).count()
                    as u32
            })
        };
        let max_ms = std::array::from_fn(|s| f.ms[s].iter().cloned().reduce(f64::max));
        OutLine {
            seed: f.seed,
            rotation: f.rotation,
            side: None,
            seats: f.labels,
            strengths: f.strengths,
            totals_x12: f.totals_x12,
            winner: Winner(f.winner.filter(|&s| s < DAIMYO)),
            timeouts: noted("time"),
            malformed: noted("malformed"),
            max_ms,
            times_ms: f.ms,
            ready: [true; DAIMYO],
            gone_at: [None; DAIMYO],
            replay: f.replay,
            estimates: Default::default(),
        }
    }
}
