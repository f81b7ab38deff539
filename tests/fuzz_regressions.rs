//! What the fuzz targets (`fuzz/`, cargo-fuzz on nightly) found wrong, each kept here as a
//! test that runs on stable with the rest of the suite: the input the fuzzer made, cut down to
//! what it needs, and what must hold instead.

mod common;

use common::{daimyo, text};
use std::path::Path;

const ENTRANTS: [&str; 4] = ["greedy", "random", "fortress", "tables"];

/// The `--out` file of a small run (one seed, four games), made by the real binary.
fn small_run(path: &Path) -> Vec<u8> {
    let out = path.to_str().unwrap();
    let args = [&["arena", "--seeds", "1", "--jobs", "1", "--out", out][..], &ENTRANTS].concat();
    let o = daimyo(&args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    std::fs::read(path).unwrap()
}

/// `daimyo arena --resume` on the file at `path`: its stderr.
fn resume(path: &Path) -> String {
    let out = path.to_str().unwrap();
    let args = [&["arena", "--seeds", "1", "--jobs", "1", "--resume", "--out", out][..], &ENTRANTS]
        .concat();
    let o = daimyo(&args, b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stderr)
}

/// arena_out: `--resume` cut a torn last line off the file at its place in the text read
/// lossily, where each byte that is not UTF-8 counts three: a file with such bytes before its
/// torn line kept the torn line's first bytes, without a newline, and the next game was
/// written onto them, a line no reader takes again; one without a torn line was lengthened
/// with zero bytes. The fuzzer's input: such bytes in the run line; here in a key of a game
/// line that no reader knows (and so skips).
#[test]
fn resume_cuts_a_torn_line_at_its_place_in_the_files_bytes() {
    let path = common::scratch_path("fuzz", "resume-not-utf8.jsonl");
    let whole = small_run(&path);
    let at = whole.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut edited = whole[..at].to_vec();
    edited.extend_from_slice(b"{\"note\":\"\xff\xfe\xfd\",");
    edited.extend_from_slice(&whole[at + 1..]);
    let last_game = edited[at..].split(|&b| b == b'\n').next().unwrap().to_vec();

    // No torn line: the file is left as it was.
    std::fs::write(&path, &edited).unwrap();
    let said = resume(&path);
    assert!(!said.contains("cut short"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), edited, "nothing added, nothing cut");

    // A torn line after it: exactly the torn line is cut off.
    let mut torn = edited.clone();
    torn.extend_from_slice(&last_game[..100]);
    std::fs::write(&path, &torn).unwrap();
    let said = resume(&path);
    assert!(said.contains("line 6 is cut short"), "{said}");
    assert_eq!(std::fs::read(&path).unwrap(), edited, "the whole lines, and only them");
    // ... and the file reads again, all four games.
    let o = daimyo(&["arena", "--merge", path.to_str().unwrap()], b"");
    assert!(o.status.success() && o.stderr.is_empty(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("merged from 1 file"), "{}", text(&o.stdout));
    assert!(!text(&o.stdout).contains("missing"), "{}", text(&o.stdout));
    let _ = std::fs::remove_file(&path);
}
