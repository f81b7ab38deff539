//! What the arena writes per game: the `--out` line and the `--replays` file.
//!
//! Both speak the official manager's language where it has one: a draw is `"winner": ""`, and
//! a replay file is exactly the manager's result, which its web replayer plays back.

use super::plan::Game;
use super::referee::GameRecord;
use crate::engine::rules::DAIMYO;
use serde_json::{Value, json};

/// The manager's winner: the seat, or `""` for a draw.
fn winner(g: &GameRecord) -> Value {
    g.winner.map_or_else(|| json!(""), |w| json!(w))
}

/// The manager's replay: the seed and `commands[turn - 1][seat]`, the lords applied.
fn replay(seed: u32, g: &GameRecord) -> Value {
    let commands: Vec<Vec<&[u8]>> =
        g.commands.iter().map(|turn| turn.iter().map(|m| m.lords()).collect()).collect();
    json!({ "seed": seed, "commands": commands })
}

/// The `--out` line of one game; `side` names A or B under `--sprt`.
pub fn json_line(
    seed: u32,
    rotation: usize,
    side: Option<&str>,
    labels: &[&str; DAIMYO],
    g: &GameRecord,
) -> String {
    let seats = &g.seats;
    let max_ms: Vec<Option<f64>> =
        seats.iter().map(|s| s.max_ms().map(|v| (v * 1e3).round() / 1e3)).collect();
    let replay = replay(seed, g);
    let mut line = json!({
        "seed": seed,
        "rotation": rotation,
        "seats": labels,
        "strengths": g.strengths,
        "commands": replay["commands"],
        "totals_x12": g.totals_x12,
        "winner": winner(g),
        "timeouts": seats.iter().map(|s| s.timeouts).collect::<Vec<_>>(),
        "malformed": seats.iter().map(|s| s.malformed).collect::<Vec<_>>(),
        "max_ms": max_ms,
        "ready": seats.iter().map(|s| s.ready).collect::<Vec<_>>(),
        "gone_at": seats.iter().map(|s| s.gone_at).collect::<Vec<_>>(),
        "replay": replay,
    });
    if let Some(side) = side {
        line["side"] = json!(side);
    }
    line.to_string()
}

/// The manager's result file of one game.
pub fn replay_file(seed: u32, g: &GameRecord) -> String {
    json!({ "winner": winner(g), "replay": replay(seed, g) }).to_string()
}

/// `seed-41-rot-2.json`, or `seed-41-rot-2-A.json` under `--sprt`.
pub fn replay_name(game: &Game, side: Option<&str>) -> String {
    let side = side.map_or(String::new(), |s| format!("-{s}"));
    format!("seed-{}-rot-{}{side}.json", game.seed, game.rotation)
}
