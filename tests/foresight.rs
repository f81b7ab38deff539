//! `daimyo foresight`: the opponent model's forecasts of the day moves of an arena run's
//! entrants: a rule the model holds is foreseen, random picks are not; the model's settings
//! change the forecasts; and what it says of what it cannot use.

mod common;

use common::{cells, cli as daimyo, scratch_path};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    scratch_path("foresight", name)
}

/// The cells of the row of `name`.
fn row(out: &str, name: &str) -> Vec<String> {
    let line = out.lines().find(|l| l.starts_with(&format!("{name}  ")));
    cells(line.unwrap_or_else(|| panic!("no row {name}: {out}")))
}

/// The mean nats a move of a row (`1.73 ± 0.32`), and its turn columns.
fn nats(row: &[String]) -> (f64, Vec<f64>) {
    let mean = row[2].split(" ± ").next().unwrap().parse().unwrap();
    (mean, row[4..].iter().map(|c| c.parse().unwrap()).collect())
}

#[test]
fn foresight_foresees_the_rules_it_holds_and_not_random_picks() {
    let out_file = scratch("games.jsonl");
    let path = out_file.to_str().unwrap();
    let (code, _, err) = daimyo(&[
        "arena", "--seeds", "3", "--jobs", "1", "--quiet", "--out", path, "greedy", "random",
        "margins", "tables",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = daimyo(&["foresight", "--jobs", "2", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("foresight: 1 file, 12 games, 240 day moves,"), "{out}");
    assert!(out.contains("(smoothing 0.05, fitted 0, readings 12)"), "{out}");
    for name in ["greedy", "random", "margins", "tables"] {
        assert_eq!(row(&out, name)[1], "60", "{name}: 5 day moves in each of 12 games\n{out}");
    }
    // Greedy is one of the model's rules and plays the same move whatever it draws: once its
    // first move is seen, its moves are foreseen almost for certain.
    let greedy = row(&out, "greedy");
    let (mean, turns) = nats(&greedy);
    assert!(mean < 1.0 && turns[1..].iter().all(|&t| t < 0.5), "greedy: {greedy:?}");
    assert!(greedy[3].trim_end_matches('%').parse::<f64>().unwrap() >= 75.0, "{greedy:?}");
    // Random picks: nothing to foresee, about 1 in 252 moves (5.53 nats) at every turn.
    let random = row(&out, "random");
    let (mean, turns) = nats(&random);
    assert!((4.5..6.5).contains(&mean) && turns.iter().all(|&t| t > 4.0), "random: {random:?}");

    // Reading the rules at more splits of the two hidden nights foresees tables better at the
    // turn-5 scoring, and changes nothing at turn 1, where nothing is hidden.
    let (code, more, err) = daimyo(&["foresight", "--set", "readings=48", path]);
    assert_eq!(code, 0, "{err}");
    assert!(more.contains("readings 48)"), "{more}");
    let ((_, before), (_, after)) = (nats(&row(&out, "tables")), nats(&row(&more, "tables")));
    assert!(after[2] < before[2] - 0.3, "turn 5: {before:?} then {after:?}");
    assert_eq!(after[0], before[0]);
    assert_eq!(row(&more, "random"), row(&out, "random"));
    let _ = std::fs::remove_file(out_file);
}

#[test]
fn foresight_says_what_it_cannot_use() {
    let (code, out, err) = daimyo(&["foresight"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("which files?"), "{err}");
    let (code, _, err) = daimyo(&["foresight", "--set", "gate=0.3", "x.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("--set gate") && err.contains("smoothing, fitted and readings"), "{err}");
    let (code, _, err) = daimyo(&["foresight", "--set", "fitted=2", "x.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("fitted must be a number from 0 to 0.9"), "{err}");

    let missing = scratch("missing.jsonl");
    let (code, out, err) = daimyo(&["foresight", missing.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("daimyo foresight: ") && err.contains("missing.jsonl"), "{err}");
}
