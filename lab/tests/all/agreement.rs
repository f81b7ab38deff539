//! `daimyo-lab agreement`: a memoryless rule played again at its own recorded positions plays
//! every move it played; a player that draws its moves at random does not; `--as` and
//! `--seeds` choose what is compared; what it cannot use is named.

use crate::common::{arena, cells, cli as lab, scratch_path};

#[test]
fn a_rule_agrees_with_itself_and_random_picks_do_not() {
    let out = scratch_path("agreement", "games.jsonl");
    let path = out.to_str().unwrap();
    let args = ["--seeds", "3", "--jobs", "1", "--quiet", "--out", path];
    assert_eq!(
        arena(&[&args[..], &["tables-described", "roles", "margins-described", "random"]].concat()),
        0
    );
    let (code, text, err) = lab(&["agreement", "--jobs", "2", path]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("agreement: 12 games\n"), "{text}");
    let row = |name: &str| -> Vec<String> {
        cells(text.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{text}")))
    };
    for rule in [
        "tables-described as tables-described",
        "roles as roles",
        "margins-described as margins-described",
    ] {
        let r = row(rule);
        // 12 games of 9 turns; every move the same, every turn.
        assert_eq!(&r[1..3], ["108", "1.00"], "{r:?}");
        assert!(r[5..].iter().all(|c| c == "1.00"), "{r:?}");
    }
    let r = row("random as random");
    assert!(r[2].parse::<f64>().unwrap() < 0.2, "{r:?}");

    // Another built-in in a seat's place, and half the seeds.
    let (code, text, err) =
        lab(&["agreement", "--as", "roles=margins-described", "--seeds", "odd", path]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("agreement: 8 games, odd seeds\n"), "{text}");
    let r = cells(text.lines().find(|l| l.starts_with("roles as margins-described")).unwrap());
    assert!(r[2].parse::<f64>().unwrap() < 1.0, "{r:?}");

    for (args, says) in [
        (vec!["agreement", "--as", "x=nobody", path], "no built-in player named 'nobody'"),
        (vec!["agreement", "--seeds", "third", path], "neither even nor odd"),
        (vec!["agreement"], "which files?"),
    ] {
        let (code, _, err) = lab(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn a_likeness_plays_like_its_original_on_games_it_was_not_fitted_to() {
    // The built-ins named after orig-tables and orig-margins are fitted to the records' even
    // seeds; on the odd ones each plays the original's move more often than the rule written
    // from its description.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games");
    let files: Vec<String> =
        ["field-a-7101.jsonl", "field-b-7201.jsonl"].iter().map(|f| format!("{dir}/{f}")).collect();
    let mut args = vec!["agreement", "--seeds", "odd"];
    args.extend(files.iter().map(String::as_str));
    let (code, cloned, err) = lab(&args);
    assert_eq!(code, 0, "{err}");
    let mut args = vec!["agreement", "--seeds", "odd"];
    args.extend(["--as", "orig-tables=tables-described", "--as", "orig-margins=margins-described"]);
    args.extend(files.iter().map(String::as_str));
    let (code, ruled, err) = lab(&args);
    assert_eq!(code, 0, "{err}");
    let same = |text: &str, row: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(row)).unwrap_or_else(|| panic!("{text}"));
        cells(line)[2].parse().unwrap()
    };
    for original in ["tables", "margins"] {
        let clone = same(&cloned, &format!("orig-{original} as {original} "));
        let rule = same(&ruled, &format!("orig-{original} as {original}-described"));
        assert!(clone > rule + 0.03, "{original}: likeness {clone}, rule {rule}");
    }
}
