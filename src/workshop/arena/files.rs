//! What the arena writes per game, in the formats `records` owns: the `--out` line and the
//! `--replays` file (the manager's result), filled from the referee's record, and the names of
//! the replay file and of the `--html` page. The filling sits here because `records` comes
//! before the arena.

use super::plan::Fixture;
use super::referee::GameRecord;
use crate::engine::rules::DAIMYO;
use crate::workshop::records::{Commands, ManagerResult, OutLine, Replay, Winner};

/// The manager's replay of a game.
fn replay(seed: u32, g: &GameRecord) -> Replay {
    Replay { seed, commands: Commands(g.commands.clone()) }
}

/// The `--out` record of one game; `side` names A or B under `--sprt`.
pub fn out_line(
    seed: u32,
    rotation: usize,
    side: Option<&str>,
    labels: &[&str; DAIMYO],
    g: &GameRecord,
) -> OutLine {
    let seats = &g.seats;
    OutLine {
        seed,
        rotation,
        side: side.map(String::from),
        seats: labels.map(String::from),
        strengths: g.strengths,
        totals_x12: g.totals_x12,
        winner: Winner(g.winner),
        timeouts: seats.each_ref().map(|s| s.timeouts),
        malformed: seats.each_ref().map(|s| s.malformed),
        max_ms: seats.each_ref().map(|s| s.max_ms().map(|v| (v * 1e3).round() / 1e3)),
        ready: seats.each_ref().map(|s| s.ready),
        gone_at: seats.each_ref().map(|s| s.gone_at),
        replay: replay(seed, g),
    }
}

/// The manager's result file of one game.
pub fn replay_file(seed: u32, g: &GameRecord) -> String {
    ManagerResult { winner: Winner(g.winner), replay: replay(seed, g) }.text()
}

/// `seed-41-rot-2.json`, or `seed-41-rot-2-A.json` under `--sprt`.
pub fn replay_name(game: &Fixture, side: Option<&str>) -> String {
    format!("{}.json", stem(game, side))
}

/// The page of `--html`: `seed-41-rot-2.html`, beside the replay of the same name.
pub fn page_name(game: &Fixture, side: Option<&str>) -> String {
    format!("{}.html", stem(game, side))
}

fn stem(game: &Fixture, side: Option<&str>) -> String {
    let side = side.map_or(String::new(), |s| format!("-{s}"));
    format!("seed-{}-rot-{}{side}", game.seed, game.rotation)
}
