//! What the lab's test files share: the lab's binary run as a process, the workshop's arena run
//! in-process to make its `--out` files, scratch paths, table cells, and a hand-made move
//! generator.

use daimyo_engine::rules::{DAIMYO, LORDS, Move, Phase, TURNS};
use std::path::{Path, PathBuf};

/// Runs the real binary, `daimyo-lab ARGS`, with `input` on stdin.
pub fn lab(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_daimyo-lab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Bytes as text, for assertions.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `daimyo-lab ARGS` with nothing on stdin: its exit code, stdout and stderr.
pub fn cli(args: &[&str]) -> (i32, String, String) {
    let o = lab(args, b"");
    (o.status.code().unwrap(), text(&o.stdout), text(&o.stderr))
}

/// `daimyo arena ARGS`, in this process (the lab's tests have no `daimyo` binary): its exit
/// code. Give it `--quiet` and `--out`: the table still goes to stdout.
pub fn arena(args: &[&str]) -> i32 {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    daimyo::workshop::arena::main(&args)
}

/// A path of the temporary directory for one test file's scratch file `name`
/// (`daimyo-lab-WHAT-PID-NAME`, the process id keeping runs apart).
pub fn scratch_path(what: &str, name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("daimyo-lab-{what}-{}-{name}", std::process::id()))
}

/// The recorded games of the original programs of field B: 88 games of seeds 7201 to 7225.
pub const FIELD_B: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games/field-b-7201.jsonl");

/// The first `n` games of `FIELD_B` whose seed `keep` takes, written to `path`: a test's share
/// of the records.
pub fn field_b_games(path: &Path, n: usize, keep: impl Fn(u64) -> bool) {
    let seed = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["seed"].as_u64();
    let text = std::fs::read_to_string(FIELD_B).unwrap();
    let kept = text.lines().filter(|l| keep(seed(l).unwrap())).take(n);
    std::fs::write(path, kept.map(|l| format!("{l}\n")).collect::<String>()).unwrap();
}

/// Cells of a table's line: separated by two spaces or more.
pub fn cells(line: &str) -> Vec<String> {
    line.split("  ").map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect()
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
