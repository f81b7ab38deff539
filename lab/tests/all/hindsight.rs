//! `daimyo-lab hindsight`: the entrant that played a game answers its last turn again with the moves
//! it played; the best move in hindsight, the recorded move's share and the tries' shares are
//! those that the rules give against the others' recorded moves, computed here again over all
//! 252 moves; and what it says of arguments and files it cannot use.

use crate::common::{Lcg, arena, cells, cli as lab, scratch_path};
use daimyo::workshop::records::{Commands, ManagerResult, OutLine, Replay, Winner};
use daimyo_engine::moves::legal;
use daimyo_engine::rules::{
    DAIMYO, Move, Phase, State, first_place_shares, strengths_from_seed, winner,
};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    scratch_path("hindsight", name)
}

/// `seat`'s share of first place, in twelfths, had it answered `mv` at turn 9.
fn share(seed: u32, commands: &[[Move; DAIMYO]], seat: usize, mv: Move) -> u32 {
    let mut state = State::new(strengths_from_seed(seed));
    commands[..8].iter().for_each(|m| state.play(m).unwrap());
    let mut last = commands[8];
    last[seat] = mv;
    state.play(&last).unwrap();
    first_place_shares(&state.totals())[seat]
}

/// The lords of a move as written (`0 0 1 3 5`).
fn move_of(text: &str) -> Move {
    let lords: Vec<u8> = text.split_whitespace().map(|l| l.parse().unwrap()).collect();
    Move::new(&lords).unwrap()
}

/// An `--each` line's moves and shares: the recorded move and its share, the best share, and
/// each try's move and share.
type Each = (Move, f64, f64, Vec<(Move, f64)>);

fn each(line: &str) -> Each {
    let (_, rest) = line.split_once(": recorded ").unwrap();
    let parts: Vec<&str> = rest.split("; ").collect();
    let moved = |p: &str| {
        let (mv, share) = p.trim_end_matches(')').split_once(" (").unwrap();
        (move_of(mv), share.parse::<f64>().unwrap())
    };
    let (recorded, best) = parts[0].split_once(", best ").unwrap();
    let (mv, s) = moved(recorded);
    (mv, s, best.parse().unwrap(), parts[1..].iter().map(|p| moved(p)).collect())
}

/// The table's row of `name`, as cells.
fn row(out: &str, name: &str) -> Vec<String> {
    let line = out.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| {
        panic!("no row {name} in\n{out}");
    });
    cells(line)
}

/// The bot at a rollout budget with no clock (and the arena's answer limit relaxed): the same
/// move from the same position whenever it is played, in the arena and in hindsight, at any
/// load of the machine. (With a clock, even of 60 s, the time is capped at 900 ms, which a
/// loaded machine's reading of the model can pass.)
const BOT: &str = "bot:rollouts=2000,noclock";

#[test]
fn the_entrant_that_played_answers_its_last_turn_again_and_the_recorded_row_is_its_result() {
    let out = scratch("arena.jsonl");
    let path = out.to_str().unwrap();
    let code = arena(&[
        "--seeds",
        "2",
        "--first-seed",
        "31",
        "--jobs",
        "2",
        "--answer-limit-ms",
        "60000",
        "--out",
        path,
        BOT,
        "tables-described",
        "pruned-mc",
        "planner",
    ]);
    assert_eq!(code, 0);
    let (code, stdout, err) = lab(&[
        "hindsight",
        path,
        "--try",
        BOT,
        "--try",
        "tables-described",
        "--each",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let head = format!("hindsight: 8 positions (turn 9 of {BOT}) on 2 seeds");
    assert!(stdout.starts_with(&head), "{stdout}");
    // The positions in file order: each game's bot seat, against the file's own results.
    let games: Vec<OutLine> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("seed ")).collect();
    assert_eq!(lines.len(), 8, "{stdout}");
    let mut results = 0.0;
    for (g, line) in games.iter().zip(&lines) {
        let seat = g.seats.iter().position(|s| s == BOT).unwrap();
        assert!(line.starts_with(&format!("seed {} rotation {} seat {seat} ", g.seed, g.rotation)));
        let (recorded, recorded_share, best, tried) = each(line);
        let commands = &g.replay.commands.0;
        assert_eq!(recorded, commands[8][seat]);
        // The recorded move's share is the game's result.
        let result = first_place_shares(&g.totals_x12)[seat] as f64 / 12.0;
        assert!((recorded_share - result).abs() < 0.005, "{line}");
        results += result;
        // The same entrant, the same seed: the same move.
        assert_eq!(tried[0], (recorded, recorded_share), "{line}");
        let tables = share(g.seed, commands, seat, tried[1].0) as f64 / 12.0;
        assert!((tried[1].1 - tables).abs() < 0.005, "{line}");
        assert!(best >= recorded_share && best >= tried[1].1);
    }
    let recorded = row(&stdout, "recorded");
    assert_eq!(recorded[1], format!("{:.1}%", 100.0 * results / 8.0), "{stdout}");
    let again = row(&stdout, BOT);
    assert_eq!(again[1], recorded[1]);
    assert_eq!(again[3], "+0.0 ± 0.0", "{stdout}");
    assert_eq!(again[again.len() - 2], "0.0%", "changed");
    let _ = std::fs::remove_file(&out);
}

#[test]
fn the_best_in_hindsight_is_the_most_any_move_gets_against_the_others_recorded_moves() {
    let mut lcg = Lcg(19);
    let (mut files, mut games) = (Vec::new(), Vec::new());
    for seed in [5u32, 6, 7, 8, 9, 10] {
        let commands = lcg.game();
        let mut state = State::new(strengths_from_seed(seed));
        commands.iter().for_each(|m| state.play(m).unwrap());
        let replay = Replay { seed, commands: Commands(commands.clone()) };
        let result = ManagerResult { winner: Winner(winner(&state.totals())), replay };
        let file = scratch(&format!("game-{seed}.json"));
        std::fs::write(&file, result.text()).unwrap();
        files.push(file.to_str().unwrap().to_string());
        games.push((seed, commands));
    }
    let seat = 2;
    let mut args = vec!["hindsight", "--seat", "2", "--try", "greedy", "--each", "--jobs", "1"];
    args.extend(files.iter().map(String::as_str));
    let (code, stdout, err) = lab(&args);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.starts_with("hindsight: 6 positions (turn 9 of seat 2) on 6 seeds, 1 job\n"));
    let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("seed ")).collect();
    let (mut open, mut bests, mut recorded_sum) = (0, 0.0, 0.0);
    for ((seed, commands), line) in games.iter().zip(&lines) {
        assert!(line.starts_with(&format!("seed {seed} rotation 0 seat 2 seat 2: ")), "{line}");
        let shares: Vec<u32> = legal(Phase::Day)
            .iter()
            .map(|&r| share(*seed, commands, seat, Move::from_counts(r).unwrap()))
            .collect();
        let (max, min) = (*shares.iter().max().unwrap(), *shares.iter().min().unwrap());
        open += usize::from(max > min);
        let (recorded, recorded_share, best, tried) = each(line);
        assert_eq!(recorded, commands[8][seat]);
        let exact = share(*seed, commands, seat, recorded) as f64 / 12.0;
        assert!((recorded_share - exact).abs() < 0.005, "{line}");
        assert!((best - max as f64 / 12.0).abs() < 0.005, "{line}: best {max}/12");
        let greedy = share(*seed, commands, seat, tried[0].0) as f64 / 12.0;
        assert!((tried[0].1 - greedy).abs() < 0.005, "{line}");
        bests += max as f64 / 12.0;
        recorded_sum += exact;
    }
    assert!(open > 0 && bests > recorded_sum, "the hand-made games leave no choice to judge");
    assert!(stdout.contains(&format!("the answer mattered in {open} of them")), "{stdout}");
    let best = row(&stdout, "best in hindsight");
    assert_eq!(best[1], format!("{:.1}%", 100.0 * bests / 6.0), "{stdout}");
    assert_eq!(best.last().unwrap(), "100.0%");
    let recorded = row(&stdout, "recorded");
    assert_eq!(recorded[1], format!("{:.1}%", 100.0 * recorded_sum / 6.0), "{stdout}");
    // A seat named by its label reads the same seats.
    let mut by_label = args.clone();
    by_label[2] = "seat 2";
    let (code, same, _) = lab(&by_label);
    assert_eq!((code, same.as_str()), (0, stdout.as_str()));
    files.iter().for_each(|f| drop(std::fs::remove_file(f)));
}

#[test]
fn what_it_cannot_use_is_named() {
    let mut lcg = Lcg(3);
    let write = |name: &str, seed: u32, commands: Vec<[Move; DAIMYO]>| {
        let replay = Replay { seed, commands: Commands(commands) };
        let file = scratch(name);
        std::fs::write(&file, ManagerResult { winner: Winner(None), replay }.text()).unwrap();
        file.to_str().unwrap().to_string()
    };
    let whole = write("whole.json", 3, lcg.game());
    // A manager's result names nobody: the seats must be named.
    let (code, out, err) = lab(&["hindsight", &whole]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains(&whole) && err.contains("--seat"), "{err}");
    let (code, out, err) = lab(&["hindsight", "--seat", "nobody", &whole]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no seat of the files' games to replay"), "{err}");
    for (args, says) in [
        (vec!["hindsight", "--seat", "4", &whole], "a seat is 0 to 3"),
        (vec!["hindsight", "--try", "exec:/bin/cat", &whole], "built-ins only"),
        (vec!["hindsight", "--try", "bot:warp=2", &whole], "unknown setting 'warp'"),
        (vec!["hindsight", "--frobnicate", &whole], "unknown option '--frobnicate'"),
        (vec!["hindsight", "--seat", "0"], "which files?"),
    ] {
        let (code, out, err) = lab(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with("daimyo-lab hindsight: ") && err.contains(says), "{args:?}: {err}");
    }
    let missing = scratch("no-such-file.jsonl");
    let missing = missing.to_str().unwrap();
    let (code, _, err) = lab(&["hindsight", "--seat", "0", missing]);
    assert_eq!(code, 1);
    assert!(err.contains(missing), "{err}");
    let broken = scratch("broken.jsonl");
    std::fs::write(&broken, "{\"rotation\": 0}\nnot json\n").unwrap();
    let (code, _, err) = lab(&["hindsight", "--seat", "0", broken.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("line 1"), "{err}");
    let _ = std::fs::remove_file(whole);
    let _ = std::fs::remove_file(broken);
}
