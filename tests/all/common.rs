//! What the test files share: the official recorded games (tests/data/official-games), the
//! player run in-process on byte buffers, and the check that stdout holds only `READY` and legal
//! moves.

use daimyo_engine::agent::Agent;
use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, TURNS};
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};

pub fn games() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/official-games");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("fixture directory") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((
                path.file_name().unwrap().to_string_lossy().into_owned(),
                serde_json::from_str(&text).unwrap(),
            ));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(out.len(), 60, "all 60 official games are present");
    out
}

pub fn applied(g: &Value, turn: usize, seat: usize) -> Move {
    let lords: Vec<u8> = g["applied"][turn][seat]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u8)
        .collect();
    Move::new(&lords).unwrap()
}

pub fn strengths(g: &Value) -> [u8; 6] {
    std::array::from_fn(|i| g["strengths"][i].as_u64().unwrap() as u8)
}

/// Every stream a seat received in the 60 recorded official games (240), named
/// `game-1001.json seat 0`.
pub fn fixture_streams() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (name, game) in games() {
        for (seat, input) in game["inputs"].as_array().unwrap().iter().enumerate() {
            out.push((format!("{name} seat {seat}"), input.as_str().unwrap().as_bytes().to_vec()));
        }
    }
    assert_eq!(out.len(), 240, "60 games of 4 seats");
    out
}

/// One recorded full game as one seat saw it (9 turns, no surprises).
pub fn full_game() -> String {
    let (_, bytes) = fixture_streams().swap_remove(0);
    String::from_utf8(bytes).unwrap()
}

/// What a run of the player left behind.
pub struct Outcome {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs the player loop on `input` with a built-in strategy and a fixed seed.
pub fn play_with(input: impl Read, agent: &mut dyn Agent) -> Outcome {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let settings = daimyo::player::play::Settings { seed: 7, ..Default::default() };
    let code = daimyo::player::play::run(input, &mut out, &mut err, agent, &settings);
    // Lossy: a byte that is not text shows up as U+FFFD, which no check lets pass.
    Outcome {
        code,
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
    }
}

pub fn play(input: &[u8]) -> Outcome {
    let mut agent = daimyo::workshop::builtins::agent("random", Default::default()).unwrap();
    play_with(input, agent.as_mut())
}

/// A move line as the manager wants it: 5 lords 0..5 by day, 2 by night, single spaces.
pub fn is_move(line: &str, phase: Phase) -> bool {
    let lords: Vec<&str> = line.split(' ').collect();
    lords.len() == phase.picks()
        && lords.iter().all(|l| l.len() == 1 && (b'0'..=b'5').contains(&l.as_bytes()[0]))
}

/// Checks that `out` is `READY` and then one legal move line per phase, nothing else.
pub fn check_stdout(out: &str, phases: &[Phase]) -> Result<(), String> {
    let Some(moves) = out.strip_prefix("READY\n") else {
        return Err(format!("stdout does not start with READY: {out:?}"));
    };
    if !(moves.is_empty() || moves.ends_with('\n')) {
        return Err(format!("stdout does not end with a newline: {out:?}"));
    }
    let lines: Vec<&str> = moves.lines().collect();
    if lines.len() != phases.len() {
        return Err(format!("{} move lines for {} turns: {out:?}", lines.len(), phases.len()));
    }
    for (line, &phase) in lines.iter().zip(phases) {
        if !is_move(line, phase) {
            return Err(format!("'{line}' is not a {phase:?} move: {out:?}"));
        }
    }
    Ok(())
}

/// The phases of the turns in a well-formed stream, from its turn lines.
pub fn phases_of(input: &str) -> Vec<Phase> {
    input
        .split_ascii_whitespace()
        .filter_map(|t| match t {
            "D" => Some(Phase::Day),
            "N" => Some(Phase::Night),
            _ => None,
        })
        .collect()
}

/// Text a panic trace would leave.
pub fn has_panic_text(s: &str) -> bool {
    ["panicked", "backtrace", "RUST_BACKTRACE"].iter().any(|w| s.contains(w))
}

/// Stderr as a person reads it: printable ASCII lines, nothing to upset a terminal.
pub fn is_printable(s: &str) -> bool {
    s.bytes().all(|b| b == b'\n' || (b' '..=b'~').contains(&b))
}

/// Runs the real binary, `daimyo ARGS`, with `input` on stdin.
pub fn daimyo(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A player that refuses its arguments exits before reading: a closed pipe is no failure.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Bytes as text, for assertions.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs the real binary, `daimyo ARGS`, with nothing on stdin: its exit code, stdout and stderr.
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let o = daimyo(args, b"");
    (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr))
}

/// A path of the temporary directory for one test file's scratch file `name`
/// (`daimyo-WHAT-PID-NAME`, the process id keeping runs apart).
pub fn scratch_path(what: &str, name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("daimyo-{what}-{}-{name}", std::process::id()))
}

/// Removes what a test wrote, files and folders alike, when it ends early (a browser test on a
/// machine without a browser); what is already gone is no error.
pub fn remove(paths: &[&Path]) {
    for p in paths {
        let _ = std::fs::remove_file(p).or_else(|_| std::fs::remove_dir_all(p));
    }
}

/// `daimyo show` of a file holding `content`, `--html` onto a new page and over an older one,
/// then `extra` (the file is `input`): each must exit 2 with one line on stderr that says
/// `message`, print nothing, leave the page as it was and write nothing else beside it.
pub fn no_page_of(what: &str, content: &str, extra: &[&str], message: &str) {
    let dir = scratch_path("no-page", &what.replace(' ', "-"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("input");
    std::fs::write(&file, content).unwrap();
    for (out, before) in
        [(dir.join("new.html"), None), (dir.join("old.html"), Some("an older page"))]
    {
        if let Some(b) = before {
            std::fs::write(&out, b).unwrap();
        }
        let mut args = vec!["show", file.to_str().unwrap(), "--html", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = daimyo(&args, b"");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{what}: {err}");
        let said = err.starts_with("daimyo show: ") && err.contains(message);
        assert!(said && err.lines().count() == 1, "{what}: {err}");
        assert!(o.stdout.is_empty(), "{what}");
        let now = std::fs::read_to_string(&out).ok();
        assert_eq!(now.as_deref(), before, "{what}: the page is left alone");
    }
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["input", "old.html"], "{what}: nothing else written");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Cells of an arena table's line: separated by two spaces or more.
pub fn cells(line: &str) -> Vec<String> {
    line.split("  ").map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect()
}

/// An arena's output with the answer times (the last four columns of a table) cut off.
pub fn without_times(text: &str) -> String {
    let mut in_table = false;
    let mut out = String::new();
    for line in text.lines() {
        in_table = line.starts_with("entrant ") || (in_table && !line.is_empty());
        let kept = if in_table {
            let c = cells(&line[2..]);
            format!("{}{}", &line[..2], c[..c.len() - 4].join(" | "))
        } else {
            line.to_string()
        };
        out += &format!("{kept}\n");
    }
    out
}

/// A hand-made generator of moves: the same every run, varied enough to give wins, losses and
/// ties.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }

    pub fn game(&mut self) -> Vec<[Move; DAIMYO]> {
        (1..=TURNS)
            .map(|turn| {
                let picks = Phase::of_turn(turn).picks();
                std::array::from_fn(|_| {
                    let lords: Vec<u8> =
                        (0..picks).map(|_| self.next(LORDS as u64) as u8).collect();
                    Move::new(&lords).unwrap()
                })
            })
            .collect()
    }
}
