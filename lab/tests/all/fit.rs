//! `daimyo-lab fit`: a policy fitted to games read from files is the one fitted to the same
//! games played; files add up; a bad line is named with its file and line.

use crate::common::{arena, lab, scratch_path, text};
use daimyo_engine::rules::DAIMYO;

const LABELS: [&str; DAIMYO] = ["greedy", "random", "knapsack", "rules"];

fn temp(name: &str) -> std::path::PathBuf {
    scratch_path("fit", name)
}

/// What a successful run printed.
fn ok(args: &[&str]) -> String {
    let o = lab(args, b"");
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn fit_from_recorded_games_fits_what_fit_playing_them_fits() {
    let out = temp("fit.jsonl");
    let o = out.to_str().unwrap();
    let seeds = ["--seeds", "2", "--first-seed", "5", "--jobs", "2"];
    assert_eq!(arena(&[&["--quiet", "--out", o][..], &seeds, &LABELS].concat()), 0);
    let playing = ok(&[&["fit"][..], &seeds, &LABELS].concat());
    let reading = ok(&["fit", "--from", o]);
    assert_eq!(reading, playing);
    // 2 seeds in 4 rotations of 9 turns: 72 moves of each entrant, in the order they sat.
    let heads: Vec<&str> = playing.lines().filter(|l| !l.starts_with(' ')).collect();
    let want = LABELS.map(|l| format!("{l}: 72 moves; "));
    assert!(heads.iter().zip(&want).all(|(h, w)| h.starts_with(w.as_str())), "{playing}");
    assert_eq!(heads.len(), 4, "{playing}");
    // Files add up, and a manager's result brings its seats by number.
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../samples/result.json");
    let both = ok(&["fit", "--from", o, sample, o]);
    assert!(both.starts_with("greedy: 144 moves; "), "{both}");
    assert!(both.contains("\nseat 0: 9 moves; ") && both.contains("\nseat 3: 9 moves; "), "{both}");
    std::fs::remove_file(&out).unwrap();
    let e = lab(&["fit", "--from", "--seeds", "2", o], b"");
    assert_eq!(e.status.code(), Some(2));
    assert!(text(&e.stderr).contains("--seeds is for games played, not read with --from"));
}

#[test]
fn a_bad_line_is_named_with_its_file_and_line() {
    let out = temp("bad.jsonl");
    let o = out.to_str().unwrap();
    assert_eq!(
        arena(&[
            "--quiet", "--seeds", "1", "--jobs", "1", "--out", o, "greedy", "random", "knapsack",
            "rules"
        ]),
        0
    );
    // Line 1 is the run's; line 4 holds game 3, whose turn-2 move of seat 1 gets three lords.
    let file = std::fs::read_to_string(&out).unwrap();
    let mut lines: Vec<String> = file.lines().map(String::from).collect();
    let mut game: serde_json::Value = serde_json::from_str(&lines[3]).unwrap();
    game["replay"]["commands"][1][1] = serde_json::json!([0, 1, 2]);
    lines[3] = game.to_string();
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    let fitted = lab(&["fit", "--from", o], b"");
    let want = format!("daimyo-lab fit: {o}: line 4: commands: turn 2, seat 1: not 2 lords 0..5\n");
    assert_eq!((fitted.status.code(), text(&fitted.stderr)), (Some(2), want));
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn the_contests_records_are_fitted_by_their_labels() {
    // The two line-ups of originals alone: 97 and 88 games, 9 moves a seat-game; every
    // original is fitted under its label on all the moves it made.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games");
    let (a, b) = (format!("{dir}/field-a-7101.jsonl"), format!("{dir}/field-b-7201.jsonl"));
    let out = ok(&["fit", "--from", &a, &b]);
    for (label, games) in [
        ("orig-tables", 97 + 88),
        ("orig-margins", 97 + 88),
        ("orig-pruned-mc", 97 + 88),
        ("orig-planner", 97),
        ("orig-roles", 88),
    ] {
        let head = format!("{label}: {} moves; ", 9 * games);
        assert!(out.lines().any(|l| l.starts_with(&head)), "{head}\n{out}");
    }
}

#[test]
fn a_move_model_is_fitted_on_the_games_kept_and_reported_on_those_held_out() {
    // field-b: one seed in 4 held out as daimyo learn holds games out, 67 games kept and 21
    // held out. The model fitted on the kept games foresees the held-out ones' moves better
    // than uniform picks.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games");
    let b = format!("{dir}/field-b-7201.jsonl");
    let args = ["fit", "--moves", "--hold-out", "4", "--pool", "orig-"];
    let out = ok(&[&args[..], &["--iterations", "60", "--from", &b]].concat());
    let heads: Vec<&str> = out.lines().filter(|l| l.contains(": a move model")).collect();
    let labels = ["orig-tables", "orig-margins", "orig-roles", "orig-pruned-mc", "orig-*"];
    assert_eq!(heads.len(), labels.len(), "{out}");
    assert!(heads.iter().zip(labels).all(|(h, l)| h.starts_with(&format!("{l}:"))), "{out}");
    let nats = |line: &str| -> f64 {
        let after = line.split("day moves ").nth(1).expect("day moves");
        after.split(' ').next().unwrap().parse().unwrap()
    };
    let held: Vec<&str> = out.lines().filter(|l| l.trim_start().starts_with("held out")).collect();
    let uniform: Vec<&str> =
        out.lines().filter(|l| l.trim_start().starts_with("uniform")).collect();
    assert_eq!((held.len(), uniform.len()), (5, 5), "{out}");
    for (h, u) in held.iter().zip(&uniform) {
        assert!(nats(h) < nats(u) - 0.5, "{h}\n{u}");
    }
    let pooled = out.lines().rfind(|l| l.trim_start().starts_with("fitted")).unwrap();
    // Every seat of the kept games is an original: 67 games, 4 seats, 5 day moves.
    assert!(pooled.contains(" 1340 day moves"), "{pooled}");
    assert_eq!(out.matches("MoveModel {").count(), 5, "{out}");
}

#[test]
fn night_logits_are_fitted_over_a_style_and_reported_held_out() {
    // field-b, margins' likeness: fitted on the games kept (one seed in 4 held out), every
    // entrant gets a logit per horizon and its held-out account; orig-margins piles where the
    // others' nights went at the move into a scoring, more than the likeness (fitted to the
    // built-in on the true board) says, and that foresees the held-out games' moves better.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/field-games");
    let b = format!("{dir}/field-b-7201.jsonl");
    let args = ["fit", "--nights", "margins-described", "--hold-out", "4"];
    let out = ok(&[&args[..], &["--from", &b]].concat());
    let heads: Vec<&str> = out.lines().filter(|l| l.contains(" night logits [")).collect();
    let labels = ["orig-tables", "orig-margins", "orig-roles", "orig-pruned-mc"];
    assert_eq!(heads.len(), labels.len(), "{out}");
    assert!(heads.iter().zip(labels).all(|(h, l)| h.starts_with(&format!("{l}:"))), "{out}");
    let at = |label: &str, h: usize| -> (f64, f64) {
        let block = out.split(&format!("{label}: ")).nth(1).expect(label);
        let line = block.lines().find(|l| l.contains(&format!("horizon {h}: "))).expect("line");
        let mut numbers =
            line.split_whitespace().filter_map(|w| w.trim_end_matches(',').parse().ok());
        let logit: f64 = numbers.next().expect("logit");
        let gain: f64 = numbers.next().expect("gain");
        (logit, gain)
    };
    let (logit, gain) = at("orig-margins", 0);
    assert!(logit > 0.2 && gain > 0.02, "{out}");
    // Held out, no logit loses more than 0.05 nats a pick.
    for label in labels {
        for h in 0..3 {
            assert!(at(label, h).1 > -0.05, "{label} {h}\n{out}");
        }
    }
    // A style the model does not have is named, with the ones it has.
    let o = lab(&["fit", "--nights", "margins", "--from", &b], b"");
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("no style 'margins' (styles: random, pruned-mc"),
        "{}",
        text(&o.stderr)
    );
}
