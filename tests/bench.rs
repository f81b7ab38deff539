//! The bench signature is a fingerprint of the search's play: it must be the one kept in
//! `tests/data/bench.txt`, so a change of play cannot pass unannounced.

use daimyo::bench::{ROLLOUTS, run_search};
use daimyo::params::{PRESETS, preset};

#[test]
fn bench_signatures_are_the_recorded_ones() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (name, want) = line.split_once(' ').expect("NAME SIGNATURE");
        let p = preset(name).unwrap_or_else(|| panic!("no preset {name}"));
        let got = run_search(&p.search, ROLLOUTS, 1).signature;
        assert_eq!(got.to_string(), want.trim(), "daimyo bench --player {name}");
        checked.push(name);
    }
    let all: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    assert_eq!(checked, all, "every preset has its line");
}
