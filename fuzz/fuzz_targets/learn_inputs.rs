//! learn's readers (`workshop::learn::inputs::read_bytes`): any bytes as one of the files
//! `daimyo learn` reads, in any of its four formats (the manager's result, an arena `--out`
//! file, the contest's recorded games, a player's `--log`), with the labels as given and with one
//! renamed and one left out (`--as`, `--drop`). Each ends in a clean refusal naming the file,
//! on one line, or the games: every whole game kept is one the rules play to its end, every
//! logged seat's move is of its position's phase, and the file's record counts what was kept
//! and skipped. Never a panic.
#![no_main]

use daimyo::workshop::learn::inputs::{Labels, Read, Source, read_bytes};
use daimyo_engine::rules::{Move, State};
use libfuzzer_sys::fuzz_target;

fn check(data: &[u8], labels: &Labels) {
    let mut read = Read::default();
    if let Err(e) = read_bytes("games.jsonl", data.to_vec(), labels, &mut read) {
        assert!(e.starts_with("games.jsonl: ") && !e.contains('\n'), "{e:?}");
        return;
    }
    let [input] = &read.inputs[..] else { panic!("one file, one record") };
    assert_eq!(input.skipped, read.skipped.len());
    assert!(read.games.len() <= input.games, "{} kept of {}", read.games.len(), input.games);
    for g in &read.games {
        match g {
            Source::Whole(g) => {
                let mut state = State::new(g.strengths);
                for moves in &g.commands {
                    state.play(moves).expect("a game kept is played by the rules");
                }
                assert!(state.is_over(), "a game kept is whole");
                assert!(g.labels.iter().all(|l| l != "dropped"), "{:?}", g.labels);
            }
            Source::Seat { label, moves, .. } => {
                assert!(!moves.is_empty() && label != "dropped");
                for (pos, row) in moves {
                    let m = Move::from_counts(*row).expect("a move");
                    assert_eq!(m.phase(), pos.phase);
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    check(data, &Labels::default());
    let mut labels = Labels::default();
    labels.renamed.insert("bot".into(), "renamed".into());
    labels.dropped.push("dropped".into());
    check(data, &labels);
});
