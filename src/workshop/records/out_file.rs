//! An arena `--out` file read whole, to add its games up (a resumed run, a merge, calibrate):
//! its run lines and its games, each line checked, a torn last line told apart. A file of the
//! contest's records reads so too, with no run line.

use super::reader::{Probe, game_line};
use super::{OutLine, RunLine};
use crate::player::log::json_message;

/// An arena `--out` file read whole, to add its games up: its run lines and its games, with
/// their line numbers from 1.
#[derive(Debug, Default)]
pub struct OutFile {
    /// One, at the top; more where files were joined.
    pub runs: Vec<(usize, RunLine)>,
    pub games: Vec<(usize, OutLine)>,
    /// A last line cut short (no newline, and no whole line before it broke off), left out:
    /// the mark of a run killed while it wrote. Its number, and why it does not read, for a
    /// reader that takes no torn line.
    pub torn: Option<(usize, String)>,
    /// The bytes before the torn line: the whole lines.
    pub kept: usize,
    /// Whether they end with a newline (or are none): a last line may be whole without one.
    pub newline: bool,
}

/// The run lines and games of an `--out` file's text; a line that is neither, or a game that
/// does not hold together, is an error naming its line, but for a torn last line.
pub fn out_file(text: &str) -> Result<OutFile, String> {
    let mut file = OutFile { kept: text.len(), ..OutFile::default() };
    let mut at = 0;
    for (i, piece) in text.split_inclusive('\n').enumerate() {
        let line = piece.trim_end_matches(['\n', '\r']);
        let read = match line.trim().is_empty() {
            true => Ok(None),
            false => out_record(line).map(Some),
        };
        match read {
            Ok(None) => {}
            Ok(Some(Line::Run(run))) => file.runs.push((i + 1, run)),
            Ok(Some(Line::Game(game))) => file.games.push((i + 1, *game)),
            Err(e) if !piece.ends_with('\n') => {
                (file.torn, file.kept) = (Some((i + 1, format!("line {}: {e}", i + 1))), at);
            }
            Err(e) => return Err(format!("line {}: {e}", i + 1)),
        }
        at += piece.len();
    }
    file.newline = file.kept == 0 || text.as_bytes()[file.kept - 1] == b'\n';
    Ok(file)
}

/// A line of an `--out` file.
enum Line {
    Run(RunLine),
    Game(Box<OutLine>),
}

/// One line of an `--out` file: its run line, or a game.
fn out_record(line: &str) -> Result<Line, String> {
    let probe: Probe = serde_json::from_str(line).map_err(|e| match e.is_data() {
        true => "not an arena --out line (not a JSON object)".into(),
        false => format!("not JSON: {} (column {})", json_message(&e), e.column()),
    })?;
    if probe.contains_key("run") && !probe.contains_key("replay") {
        let run = serde_json::from_str(line).map_err(|e| format!("run: {}", json_message(&e)))?;
        return Ok(Line::Run(run));
    }
    if !probe.contains_key("rotation") {
        return Err("not an arena --out line (no \"run\", no \"rotation\")".into());
    }
    let game = game_line(line, &probe)?;
    game.check()?;
    Ok(Line::Game(Box::new(game)))
}
