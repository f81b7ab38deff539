//! The arena's `--out` file: any bytes as a file that a crash, a kill or a hand edit may have
//! cut short or changed, through the readers of `--resume` (`Journal::resume`, which also cuts
//! a torn last line off the file) and of `--merge` (`journal::read`, `common_run`, `plan_of`,
//! `found`, and `merge::main` itself).
//!
//! Each ends in a clean refusal or the right games, never a panic or a hang, and never a lost
//! game: every line that on its own reads as a game (and ends with a newline, or is the last)
//! is among the file's games, and after `--resume` it is still in the file on disk, whole,
//! which holds the bytes it had up to the torn line and, if they did not end a line, a newline.
//! Run it with `-close_fd_mask=1`: merge prints its table on stdout.
#![no_main]

use daimyo::workshop::arena::files::plan_of;
use daimyo::workshop::arena::journal::{self, Journal};
use daimyo::workshop::arena::merge;
use daimyo::workshop::arena::plan::Shard;
use daimyo::workshop::records::{self, RunLine};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("daimyo-fuzz-arena-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("out.jsonl")
}

/// Whether a line read on its own is a game of an `--out` file.
fn is_game(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    records::out_file(&format!("{}\n", text.trim_end_matches(['\n', '\r'])))
        .is_ok_and(|f| f.games.len() == 1)
}

fuzz_target!(|data: &[u8]| {
    let path = scratch();
    let name = path.to_str().unwrap().to_string();
    std::fs::write(&path, data).unwrap();
    let Ok(file) = journal::read(&name) else { return };

    // Every line that reads as a game on its own is a game of the file.
    let mut whole = Vec::new();
    let mut at = 0;
    let pieces: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        if (piece.ends_with(b"\n") || last) && is_game(piece) {
            assert!(file.games.iter().any(|(n, _)| *n == i + 1), "line {} is lost", i + 1);
            whole.push((at, at + piece.len()));
        }
        at += piece.len();
    }
    assert!(file.kept <= data.len());

    let Some((_, head)) = file.runs.first() else { return };
    let head = head.clone();
    let files = vec![(name.clone(), file)];
    let merged = journal::common_run(&files).and_then(|run| {
        let plan = plan_of(&run)?;
        journal::found(&plan, None, &files).map(|g| (plan, g))
    });
    // merge::main prints the table; it may only refuse cleanly, with a message.
    match merge::main(&["--merge".to_string(), name.clone()]) {
        Ok(()) => assert!(merged.is_ok(), "merge took a file its readers refuse"),
        Err((code, message)) => assert!(code == 1 && !message.is_empty()),
    }

    // --resume, as the run that wrote the file's first run line.
    let shard = match &head.shard {
        Some(s) => match Shard::parse(s) {
            Ok(s) => Some(s),
            Err(_) => return,
        },
        None => None,
    };
    let Ok(plan) = plan_of(&head.run) else { return };
    let head = RunLine { run: head.run, shard: head.shard };
    let resumed = Journal::resume(&name, &head, &plan, shard);
    let after = std::fs::read(&path).unwrap();
    let Ok((_journal, games)) = resumed else {
        assert_eq!(after, data, "a refused file is left as it was");
        return;
    };
    if shard.is_none() && files[0].1.runs.iter().all(|(_, r)| r == &head) {
        let (_, found) = merged.as_ref().expect("a file --resume takes, merge takes");
        assert_eq!(games.len(), found.len());
    }
    let kept = files[0].1.kept;
    assert!(after.len() >= kept && after[..kept] == data[..kept], "the whole lines are kept");
    let tail = &after[kept..];
    assert!(tail.is_empty() || tail == b"\n", "after the whole lines: {tail:?}");
    assert!(after.is_empty() || after.ends_with(b"\n"), "the next game begins a line");
    for (from, to) in whole {
        assert!(to <= kept, "the game in bytes {from}..{to} is cut off the file");
    }
});
