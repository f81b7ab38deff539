//! `daimyo-lab continue`: recorded games played on by the built-ins give the records back where
//! every recorded move is kept, and other results where the built-ins play; what it cannot use
//! is named.

use crate::common::{FIELD_B, cells, cli as lab, field_b_games, scratch_path};

/// The rows of the table: label, seats, recorded share, share played on.
fn rows(text: &str) -> Vec<(String, usize, f64, f64)> {
    let body = text.split("label").nth(1).unwrap_or_else(|| panic!("{text}"));
    body.lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let c = cells(l);
            (c[0].clone(), c[1].parse().unwrap(), c[2].parse().unwrap(), c[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn every_recorded_move_kept_gives_the_records_back_and_the_built_ins_do_not() {
    // The first 12 games of a file of the records (seeds 7201 to 7204).
    let games = scratch_path("continue", "first.jsonl");
    field_b_games(&games, 12, |_| true);
    let first = games.to_str().unwrap();
    let keep_all = ["orig-margins", "orig-pruned-mc", "orig-roles", "orig-tables"]
        .map(|l| format!("{l}@6,7,8,9"));
    let mut args = vec!["continue", "--jobs", "2", "--plays", "2"];
    for k in &keep_all {
        args.extend(["--keep", k.as_str()]);
    }
    args.push(first);
    for args in [vec!["continue", "--from", "9", "--plays", "1", first], args] {
        let (code, text, err) = lab(&args);
        assert_eq!(code, 0, "{err}");
        let r = rows(&text);
        assert_eq!(r.len(), 4, "{text}");
        // Every game played to its recorded end: each label's share is the record's.
        assert!(r.iter().all(|x| x.1 == 12 && x.2 == x.3), "{args:?}\n{text}");
        assert!((r.iter().map(|x| x.2).sum::<f64>() - 1.0).abs() < 0.01, "{text}");
    }

    // The second half played by the built-ins: pruned-mc's search, seeded afresh each play,
    // does not replay its original (0.583 of first place recorded, 0.833 played on when this
    // was written); the shares still sum to one a game.
    let (code, text, err) = lab(&["continue", "--jobs", "2", "--plays", "2", first]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("continue: 12 games from turn 5, 2 plays each (24 games)"), "{text}");
    let r = rows(&text);
    assert!((r.iter().map(|x| x.3).sum::<f64>() - 1.0).abs() < 0.01, "{text}");
    let pruned = r.iter().find(|x| x.0 == "orig-pruned-mc").unwrap_or_else(|| panic!("{text}"));
    assert!((pruned.2 - pruned.3).abs() > 0.01, "{text}");
    let _ = std::fs::remove_file(games);
}

#[test]
fn continue_says_what_it_cannot_use() {
    for (args, says) in [
        (vec!["continue", "--from", "10", FIELD_B], "--from: 10"),
        (vec!["continue", "--keep", "orig-roles", FIELD_B], "'orig-roles' is not LABEL@T"),
        (vec!["continue", "--keep", "orig-roles@0", FIELD_B], "'0' is not turns"),
        (vec!["continue", "--plays", "0", FIELD_B], "--plays"),
        (
            vec!["continue", "--as", "orig-roles=nobody", FIELD_B],
            "no built-in player named 'nobody'",
        ),
        (vec!["continue"], "which files"),
    ] {
        let (code, text, err) = lab(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(text.is_empty() && err.contains(says), "{args:?}: {err}");
    }
}
