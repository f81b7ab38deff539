//! `daimyo-lab fit-margins`: fitted to the built-in's own games, the built-in's constants stay
//! as they are and play every move, printed as the source holds them; on the contest's records the
//! fit plays at least as many of the moves it was fitted to; what it cannot use is named.

use crate::common::{arena, cells, cli as lab, scratch_path};

/// The cells of the row of `turn` (t1 to t9, t2-9, t1-9).
fn row(text: &str, turn: &str) -> Vec<String> {
    let line = text.lines().find(|l| l.starts_with(&format!("{turn} ")));
    cells(line.unwrap_or_else(|| panic!("{text}")))
}

#[test]
fn the_built_ins_own_games_leave_its_constants_as_they_are() {
    let out = scratch_path("fit-margins", "games.jsonl");
    let path = out.to_str().unwrap();
    let args = ["--seeds", "2", "--jobs", "1", "--quiet", "--out", path];
    assert_eq!(arena(&[&args[..], &["margins", "roles", "tables", "random"]].concat()), 0);
    // One seed in 2 held out, by daimyo learn's rule: seed 2 of seeds 1 and 2.
    let (code, text, err) = lab(&["fit-margins", "--hold-out", "2", "--label", "margins", path]);
    assert_eq!(code, 0, "{err}");
    let head = "fit-margins: margins, fitted on 4 games, 4 held out (one seed in 2)";
    assert!(text.starts_with(head), "{text}");
    assert!(text.contains("\nsweeps by turn 2 to 9: 1 1 1 1 1 1 1 1\n"), "{text}");
    // The constants printed are the source's, laid out as it lays them out.
    let source = include_str!("../../../src/workshop/strategies/margins.rs");
    let start = text.find("pub const SETTINGS").unwrap();
    let printed = &text[start..text.find("};\n").unwrap() + 3];
    assert!(source.contains(printed), "{printed}");
    // 4 games of 9 turns on each side, every move played, before and after.
    for half in [1, 4] {
        let r = row(&text, "t1-9");
        assert_eq!(&r[half..half + 3], ["36", "1.00", "1.00"], "{r:?}");
    }

    for (args, code, says) in [
        (vec!["fit-margins", path], 1, "no seat labelled 'orig-margins'"),
        (vec!["fit-margins", "--hold-out", "half", path], 2, "--hold-out: cannot read 'half'"),
        (vec!["fit-margins", "--seeds", "odd", path], 2, "unknown option '--seeds'"),
        (vec!["fit-margins", "--hold-out", "2"], 2, "which files?"),
        (vec!["fit-margins", "--sweeps", "3", path], 2, "unknown option"),
        (vec!["fit-margins", "--label"], 2, "--label needs a value"),
    ] {
        let (got, _, err) = lab(&args);
        assert_eq!(got, code, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn on_the_contests_records_the_fit_plays_more_of_the_fitted_moves() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games");
    let file = format!("{dir}/field-b-7201.jsonl");
    let (code, text, err) = lab(&["fit-margins", &file]);
    assert_eq!(code, 0, "{err}");
    let head = "fit-margins: orig-margins, fitted on 67 games, 21 held out (one seed in 4)";
    assert!(text.starts_with(head), "{text}");
    for t in 1..=9 {
        let r = row(&text, &format!("t{t}"));
        let (start, fitted): (f64, f64) = (r[3].parse().unwrap(), r[4].parse().unwrap());
        assert!(fitted >= start, "turn {t}: {r:?}");
    }
    let r = row(&text, "t2-9");
    let (start, fitted): (f64, f64) = (r[2].parse().unwrap(), r[3].parse().unwrap());
    assert!(fitted > start, "{r:?}");
}
