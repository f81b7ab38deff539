//! `daimyo show` on each kind of file it reads: an arena `--out` file, the official manager's
//! result JSON and the player's own `--log`, checked against what the games were.

use crate::common;

use crate::common::{daimyo as run, text};
use daimyo::player::text::{Paint, points};
use serde_json::{Value, json};
use std::process::Command;

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_daimyo")
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("daimyo-show-{}-{name}", std::process::id()))
}

/// The cells of the first line starting with `label` (after the indent) at or after `from`.
fn row(shown: &str, from: &str, label: &str) -> Vec<String> {
    let start = shown.find(from).unwrap_or_else(|| panic!("no '{from}' in:\n{shown}"));
    let rest = shown[start..].lines().find_map(|l| l.trim_start().strip_prefix(label));
    rest.unwrap_or_else(|| panic!("no '{label}' after '{from}':\n{shown}"))
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// Points as `show` prints them, from the manager's floats.
fn manager_points(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| points((x.as_f64().unwrap() * 12.0).round() as i32))
        .collect()
}

#[test]
fn an_arena_out_file() {
    let out = temp("arena.jsonl");
    let o = Command::new(exe())
        .args(["arena", "--seeds", "1", "--first-seed", "7", "--jobs", "1", "--quiet", "--out"])
        .arg(&out)
        .args(["greedy", "random", "knapsack", "rules"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let file = std::fs::read_to_string(&out).unwrap();
    // The games follow the run line; show counts the games alone.
    let games: Vec<Value> =
        file.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 4);
    let path = out.to_str().unwrap();
    for (n, g) in games.iter().enumerate() {
        let shown = run(&["show", path, "--game", &(n + 1).to_string()], b"");
        let s = text(&shown.stdout);
        assert!(shown.status.success(), "{}", text(&shown.stderr));
        assert!(!s.contains('\x1b'), "no colour in a pipe");
        assert!(s.starts_with(&format!("arena game, seed 7, rotation {n}\n")), "{s}");
        let totals: Vec<String> = g["totals_x12"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| points(x.as_i64().unwrap() as i32))
            .collect();
        assert_eq!(row(&s, "scores of turn 9", "total"), totals);
        let seats: Vec<&str> =
            g["seats"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
        let winner = match g["winner"].as_u64() {
            Some(w) => format!("winner: seat {w} {} (", seats[w as usize]),
            None => "draw: ".into(),
        };
        assert!(s.contains(&format!("\n{winner}")), "{winner}?\n{s}");
        // Night 2 is hidden until turn 5 ends: what it added is marked on turn 2, gone on turn 5.
        assert!(s.contains("turn 2 (night, hidden until the end of turn 5)"), "{s}");
        let night2 = row(&s, "turn 2 (night", &format!("seat 0 {}", seats[0]));
        assert!(night2.iter().any(|c| c.contains('+')), "{night2:?}");
        let day5 = row(&s, "turn 5 (day)", &format!("seat 0 {}", seats[0]));
        assert!(day5.iter().all(|c| !c.contains('+')), "revealed: {day5:?}");
        assert!(s.contains("turn 8 (night, never revealed)"), "{s}");
    }
    let shown = run(&["show", path, "--game", "5"], b"");
    assert_eq!(shown.status.code(), Some(2));
    assert!(text(&shown.stderr).contains("no game 5: the file holds 4"), "{}", text(&shown.stderr));
    std::fs::remove_file(&out).unwrap();
}

/// The manager's result for a recorded official game.
fn manager_result(g: &Value) -> Value {
    let winner = if g["winner"].is_null() { json!("") } else { g["winner"].clone() };
    json!({ "winner": winner, "replay": { "seed": g["seed"], "commands": g["applied"] } })
}

#[test]
fn the_managers_result() {
    let games = common::games();
    for name in ["game-1001.json", "game-1002.json"] {
        let g = &games.iter().find(|(n, _)| n == name).unwrap().1;
        let file = serde_json::to_string_pretty(&manager_result(g)).unwrap();
        let s = daimyo::workshop::show::render(&file, 1, Paint(false)).unwrap();
        assert!(s.starts_with(&format!("the manager's game, seed {}\n", g["seed"])), "{s}");
        let strengths: Vec<String> = common::strengths(g).iter().map(|m| m.to_string()).collect();
        assert_eq!(row(&s, "turn 1 (day)", "strength"), strengths);
        assert_eq!(
            row(&s, "turn 5 (day)", "scores of turn 5"),
            manager_points(&g["totals_after_turn5"])
        );
        assert_eq!(row(&s, "scores of turn 9", "total"), manager_points(&g["totals"]));
        match g["winner"].as_u64() {
            Some(w) => assert!(s.contains(&format!("\nwinner: seat {w} (")), "{s}"),
            None => assert!(
                s.contains("\ndraw: seat 1, seat 2, seat 3 share first place (+4.33)"),
                "{s}"
            ),
        }
        assert!(!s.contains("the file says"), "{s}");
    }
    // A stated winner that the moves do not give is pointed out; colour marks the winner.
    let g = &games[0].1;
    let mut wrong = manager_result(g);
    wrong["winner"] = json!((g["winner"].as_u64().unwrap() + 1) % 4);
    let s = daimyo::workshop::show::render(&wrong.to_string(), 1, Paint(true)).unwrap();
    assert!(s.contains("(the file says the winner is seat "), "{s}");
    assert!(s.contains("\x1b[1;32mwinner: seat "), "{s}");
    // A broken file says what is wrong.
    let mut broken = manager_result(g);
    broken["replay"]["commands"][3][1] = json!([0, 1, 2]);
    let e = daimyo::workshop::show::render(&broken.to_string(), 1, Paint(false)).unwrap_err();
    assert_eq!(e, "commands: turn 4, seat 1: not 2 lords 0..5");
}

#[test]
fn the_players_log() {
    let (_, g) = common::games().swap_remove(0);
    let input = g["inputs"][0].as_str().unwrap();
    let log = temp("player.log");
    let path = log.to_str().unwrap();
    let args = ["--log", path, "--rollouts", "2000", "--no-clock", "--seed", "5"];
    let o = run(&args, input.as_bytes());
    assert_eq!((o.status.code(), text(&o.stderr)), (Some(0), String::new()));
    // A second game appended to the same file, cut short by malformed input.
    let cut = format!("{}9 X\n", &input[..input.find("\n3 D\n").unwrap() + 1]);
    let o2 = run(&["play", "random", "--log", path], cut.as_bytes());
    assert_eq!(o2.status.code(), Some(2));
    let shown = run(&["show", path], b"");
    let s = text(&shown.stdout);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert!(s.starts_with("log, game 1 of 2: bot, seed 5\n"), "{s}");
    let answers: Vec<String> = text(&o.stdout).lines().skip(1).map(String::from).collect();
    assert_eq!(answers.len(), 9);
    for (t, a) in answers.iter().enumerate() {
        let phase = if t % 2 == 0 { "day" } else { "night" };
        assert!(
            s.contains(&format!("\nturn {} ({phase}): answered {a} after ", t + 1)),
            "{a}\n{s}"
        );
    }
    // On turn 7 night 6 is hidden: the others' part is unknown (+?), their total per lord is not.
    let night6 = row(&s, "turn 7 (day)", "night 6 (others)");
    assert_eq!(night6.iter().map(|n| n.parse::<u32>().unwrap()).sum::<u32>(), 6);
    assert!(row(&s, "turn 7 (day)", "column 1").iter().any(|c| c.ends_with("+?")));
    assert_eq!(row(&s, "turn 7 (day)", "turn 5"), manager_points(&g["totals_after_turn5"]));
    assert!(row(&s, "turn 7 (day)", "column 1 plays like:").len() >= 2, "{s}");
    assert!(s.contains("night 6, likeliest split of the others' picks: "), "{s}");
    assert!(s.contains("The end of the game is never shown to a player"), "{s}");
    // The others' day moves, as the next view showed them.
    let sorted = |m: daimyo_engine::rules::Move| {
        daimyo_engine::rules::Move::from_counts(m.counts()).unwrap()
    };
    let day1: Vec<String> = (1..4)
        .map(|c| daimyo::player::protocol::answer(&sorted(common::applied(&g, 0, c))))
        .collect();
    let line = row(&s, "turn 1 (day)", "the others played:").join(" ");
    assert_eq!(
        line,
        format!("column 1: {}; column 2: {}; column 3: {}", day1[0], day1[1], day1[2])
    );

    let second = run(&["show", path, "--game", "2"], b"");
    let s = text(&second.stdout);
    assert!(s.starts_with("log, game 2 of 2: random, seed "), "{s}");
    assert!(s.contains("turn 2 (night): answered "), "{s}");
    assert!(
        s.contains(
            "the game ended on malformed input: malformed input at line 20, token 2 (turn 9): expected the phase D or N, got 'X'"
        ),
        "{s}"
    );
    std::fs::remove_file(&log).unwrap();
}

#[test]
fn a_log_that_cannot_be_written_does_not_disturb_play() {
    let input = common::full_game();
    let o = run(&["play", "random", "--log", "/nonexistent-dir/x.log"], input.as_bytes());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(text(&o.stdout).lines().count(), 10, "READY and nine answers");
    assert_eq!(err.lines().count(), 1, "reported once: {err}");
    assert!(
        err.starts_with("daimyo: --log /nonexistent-dir/x.log: ") && err.contains("playing on"),
        "{err}"
    );
}

#[test]
fn the_shipped_samples() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let result = run(&["show", &format!("{dir}/samples/result.json")], b"");
    let s = text(&result.stdout);
    assert!(s.ends_with("\nwinner: seat 2 (+10)\n"), "{s}");
    let log = run(&["show", &format!("{dir}/samples/game.log")], b"");
    let s = text(&log.stdout);
    assert!(log.status.success(), "{}", text(&log.stderr));
    assert_eq!(s.matches("): answered ").count(), 9, "{s}");
}

#[test]
fn a_recorded_game_of_the_contest() {
    // The first line of the real world-final line-up: seed 7001, the bot in seat 0; a tie at
    // the top between seats 0 and 2 at +3, as the record's totals say.
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/field-games/daimyo-finalists-7001.jsonl");
    let o = run(&["show", path, "--game", "1"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let shown = text(&o.stdout);
    assert!(shown.contains("arena game, seed 7001, rotation 0"), "{shown}");
    assert!(
        shown.contains("seat 1 orig-tables") && shown.contains("seat 3 orig-margins"),
        "{shown}"
    );
    let last = shown.lines().last().unwrap();
    assert_eq!(last, "draw: seat 0 daimyo, seat 2 orig-planner share first place (+3)", "{shown}");
}
