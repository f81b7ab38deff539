//! The player's command line as a contest author meets it, run as the real binary: the clock
//! against a rollout budget, the options a player refuses, and what `--verbose` prints.

use crate::common;

use crate::common::{daimyo, text};
use std::process::Command;

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_daimyo")
}

/// The first `turns` turns of a recorded game, as the manager wrote them.
fn first_turns(turns: usize) -> String {
    let game = common::full_game();
    let lines: Vec<&str> = game.lines().collect();
    // Settings and strengths, then a day turn of 9 lines and a night turn of 8.
    let mut n = 2;
    for t in 1..=turns {
        n += if t % 2 == 1 { 9 } else { 8 };
    }
    lines[..n].iter().map(|l| format!("{l}\n")).collect()
}

/// The rollout counts `--verbose` reported, one per turn.
fn rollout_counts(stderr: &str) -> Vec<u64> {
    stderr.lines().filter_map(|l| l.trim().strip_suffix(" rollouts")?.parse().ok()).collect()
}

#[test]
fn a_rollout_budget_never_lifts_the_clock() {
    // 100 million rollouts take the better part of a minute; 100 ms stop the search first.
    let huge = "100000000";
    let o =
        daimyo(&["--time-ms", "100", "--rollouts", huge, "--verbose"], first_turns(2).as_bytes());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(text(&o.stdout).lines().count(), 3, "READY and two answers: {err}");
    let counts = rollout_counts(&err);
    assert_eq!(counts.len(), 2, "{err}");
    assert!(counts.iter().all(|&n| n < 10_000_000), "stopped by the clock: {counts:?}");

    // With --no-clock the rollout budget alone decides, exactly.
    let o = daimyo(
        &["--time-ms", "1", "--rollouts", "3000", "--no-clock", "--seed", "3", "--verbose"],
        first_turns(1).as_bytes(),
    );
    let err = text(&o.stderr);
    let counts = rollout_counts(&err);
    assert!(counts.len() == 1 && (3000..3000 + 252).contains(&counts[0]), "{err}");
}

#[test]
fn no_clock_needs_a_rollout_budget() {
    let o = daimyo(&["--no-clock"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--no-clock needs --rollouts"), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty(), "nothing on stdout, not even READY");
}

#[test]
fn the_arena_keeps_the_clock_for_built_ins() {
    // Before, a rollout budget replaced the clock and every answer of this entrant came late.
    let out = std::env::temp_dir().join(format!("daimyo-clock-{}.jsonl", std::process::id()));
    let o = Command::new(exe())
        .args(["arena", "--seeds", "1", "--jobs", "1", "--quiet", "--out"])
        .arg(&out)
        .args(["bot:time=60,rollouts=100000000", "random", "random", "random"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let lines = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    // The run line names the build that played, as `--version` does.
    let run: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(run["run"]["daimyo"], built());
    // The lines after the run line.
    let games: Vec<serde_json::Value> =
        lines.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g["timeouts"], serde_json::json!([0, 0, 0, 0]), "{g}");
    }
}

/// The build this checkout makes: the package's version and, in a git checkout of the package,
/// HEAD's commit (`0.2.0 (1a2b3c4)`).
fn built() -> String {
    let dir = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        let o = Command::new("git").arg("-C").arg(dir).args(args).output().ok()?;
        let out = text(&o.stdout).trim().to_string();
        (o.status.success() && !out.is_empty()).then_some(out)
    };
    let canonical = |p: &str| std::fs::canonicalize(p).ok();
    let own =
        git(&["rev-parse", "--show-toplevel"]).is_some_and(|t| canonical(&t) == canonical(dir));
    match own.then(|| git(&["rev-parse", "--short", "HEAD"])).flatten() {
        Some(commit) => format!("{} ({commit})", env!("CARGO_PKG_VERSION")),
        None => env!("CARGO_PKG_VERSION").to_string(),
    }
}

#[test]
fn version_and_refused_arguments() {
    let o = daimyo(&["--version"], b"");
    assert_eq!(text(&o.stdout), format!("daimyo {}\n", built()));
    assert_eq!(daimyo::version::VERSION, built(), "the library's, which the files record");
    for (args, says) in [
        (&["play"][..], "play needs the name of a built-in player"),
        (&["play", "--verbose"], "play needs the name of a built-in player"),
        (&["play", "nobody"], "no built-in player named 'nobody'"),
        (&["play", "random", "--rollouts", "5"], "random takes no time, rollout or thread budget"),
        (&["play", "greedy", "--time-ms", "5"], "greedy takes no time, rollout or thread budget"),
        (&["play", "random", "--threads", "2"], "random takes no time, rollout or thread budget"),
        (&["--threads", "0"], "--threads must be 1 to"),
        (
            &["arena", "random:time=5", "random", "random", "random"],
            "'random:time=5': random takes no time, rollout or thread budget",
        ),
    ] {
        let o = daimyo(args, b"");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says) && err.lines().count() == 1, "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout, not even READY");
    }
    // The searches take a budget, and strategies still take a seed.
    for args in [&["play", "mc1", "--rollouts", "5"][..], &["play", "random", "--seed", "3"]] {
        let o = daimyo(args, b"");
        assert_eq!((o.status.code(), text(&o.stdout)), (Some(0), "READY\n".into()), "{args:?}");
    }
}

#[test]
fn a_time_over_the_cap_is_warned_about_and_capped() {
    let o = daimyo(&["--time-ms", "5000", "--verbose"], first_turns(1).as_bytes());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let warning = err.lines().next().unwrap();
    assert_eq!(
        warning,
        "daimyo: warning: --time-ms 5000 is over the 900 ms any answer gets (the manager allows \
         1000 ms); answering within 900 ms"
    );
    assert_eq!(text(&o.stdout).lines().count(), 2, "READY and the answer");
}

#[test]
fn verbose_shows_the_board_the_scores_and_the_search() {
    let (_, game) = common::games().swap_remove(0);
    let input = game["inputs"][0].as_str().unwrap();
    let o =
        daimyo(&["--verbose", "--rollouts", "3000", "--no-clock", "--seed", "1"], input.as_bytes());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // Each turn's lines, from its `turn T P: played ...` line on.
    let mut turns: Vec<String> = Vec::new();
    for line in err.lines() {
        if line.starts_with("turn ") && line.contains(": played") {
            turns.push(String::new());
        }
        if let Some(t) = turns.last_mut() {
            *t += &format!("{line}\n");
        }
    }
    assert_eq!(turns.len(), 9, "{err}");
    let row = |turn: &String, label: &str| -> Vec<String> {
        let rest = turn.lines().find_map(|l| l.trim_start().strip_prefix(label));
        rest.unwrap_or("").split_whitespace().map(String::from).collect()
    };
    let strengths: Vec<String> = common::strengths(&game).iter().map(|s| s.to_string()).collect();
    assert_eq!(row(&turns[0], "strength"), strengths);
    assert_eq!(row(&turns[0], "you"), ["0"; 6]);
    // On turn 9 the turn-5 scores are known: the manager's, seat 0 first.
    let want: Vec<String> = game["totals_after_turn5"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| daimyo::player::text::points((v.as_f64().unwrap() * 12.0).round() as i32))
        .collect();
    assert_eq!(row(&turns[8], "turn 5"), want, "{}", turns[8]);
    assert!(row(&turns[0], "turn 5").is_empty(), "not known on turn 1");
    assert_eq!(row(&turns[8], "if scored now").len(), 4);
    // Night 8 is hidden on turn 9, with the others' per-lord total known.
    let night8 = row(&turns[8], "night 8 (others)");
    let total: u32 = night8.iter().map(|n| n.parse::<u32>().unwrap()).sum();
    assert_eq!(total, 6, "{}", turns[8]);
    assert!(turns[8].contains("\n  column 1 plays like: "), "{}", turns[8]);
    assert!(turns[8].contains("night 8, likeliest split of the others' picks: "), "{}", turns[8]);
}

#[test]
fn the_sample_position_is_a_real_choice() {
    let sample = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/turn5.txt")).unwrap();
    let args = ["--verbose", "--rollouts", "500000", "--no-clock", "--seed", "1"];
    let o = daimyo(&args, &sample);
    let err = text(&o.stderr);
    let wins: Vec<f64> = err
        .lines()
        .filter_map(|l| l.split("  win ").nth(1)?.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(wins.len(), 5, "{err}");
    assert!(wins[0] - wins[1] > 0.02 && wins[0] - wins[4] > 0.05, "{wins:?}");
    assert!((0.2..0.8).contains(&wins[0]), "neither won nor lost whatever the move: {wins:?}");
}

#[test]
fn the_player_plays_with_the_settings_it_is_given() {
    // Keeping all 252 day moves for the last phase is no halving at all: every candidate is
    // judged on the same rollouts, which --verbose shows on the best five.
    let turn5 = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/turn5.txt")).unwrap();
    let counts = |extra: &[&str]| {
        let mut args = vec!["--rollouts", "20000", "--no-clock", "--seed", "3", "--verbose"];
        args.extend_from_slice(extra);
        let o = daimyo(&args, &turn5);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let err = text(&o.stderr);
        let counts: Vec<u64> = err
            .lines()
            .filter(|l| l.contains(" win ") && l.contains(" rollouts "))
            .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
            .collect();
        assert_eq!(counts.len(), 5, "{err}");
        counts
    };
    let halved = counts(&[]);
    assert!(halved[0] > halved[4], "the default halves: {halved:?}");
    let flat = counts(&["--set", "keep=252"]);
    assert!(flat.iter().all(|&c| c == flat[0]), "{flat:?}");
    for (setting, says) in [
        ("keep=0", "--set: keep must be a whole number from 1 to 252"),
        ("tempo=2", "--set: no setting 'tempo'"),
        ("gate", "--set: 'gate' is not NAME=NUMBER"),
    ] {
        let o = daimyo(&["--set", setting], &turn5);
        assert_eq!(o.status.code(), Some(2), "{setting}");
        assert!(o.stdout.is_empty(), "{setting}");
        let err = text(&o.stderr);
        assert!(err.starts_with(&format!("daimyo: {says}")), "{setting}: {err}");
    }
}
