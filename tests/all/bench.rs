//! The bench signature is a fingerprint of the search's play: it must be the one kept in
//! `tests/data/bench.txt`, so a change of play cannot pass unannounced.

use daimyo::player::field;
use daimyo::workshop::bench::{ROLLOUTS, run_search};
use daimyo::workshop::builtins::{BUILTINS, find, tuned};

#[test]
fn bench_signatures_are_the_recorded_ones() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (name, want) = line.split_once(' ').expect("NAME SIGNATURE");
        let search = find(name).and_then(|b| b.search()).unwrap_or_else(|| panic!("no {name}"));
        let got = run_search(&search, ROLLOUTS, 1).signature;
        assert_eq!(got.to_string(), want.trim(), "daimyo bench --player {name}");
        checked.push(name);
    }
    let all: Vec<&str> = BUILTINS.iter().filter(|b| b.search().is_some()).map(|b| b.name).collect();
    assert_eq!(checked, all, "every search has its line");
}

#[test]
fn the_default_fields_file_plays_as_the_default() {
    // `--model` with the file the default is compiled from: the same bench signature.
    let default = find("bot").and_then(|b| b.search()).expect("the bot");
    let read = field::load(concat!(env!("CARGO_MANIFEST_DIR"), "/src/player/field/default.json"));
    let with_file = tuned("bot", &[], Some(read.expect("the default field"))).unwrap().unwrap();
    assert_eq!(with_file, default);
    let (a, b) = (run_search(&default, ROLLOUTS / 4, 1), run_search(&with_file, ROLLOUTS / 4, 1));
    assert_eq!(a.signature, b.signature);
}
