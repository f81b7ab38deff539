//! The arena: the referee against the 60 official recorded games, real processes that behave
//! and misbehave, the command line, its table, `--out` lines and replay files, drawn opponents, the
//! SPRT, the table's arithmetic, and the estimates of the built-ins that report them.

use daimyo::player::field;
use daimyo::workshop::arena::process::Program;
use daimyo::workshop::arena::referee::{
    self, Clocks, GameRecord, InProcess, Reply, Seat, SeatRecord,
};
use daimyo::workshop::arena::stats::{Stats, effective_games, wilson};
use daimyo::workshop::arena::{Entrant, out_line};
use daimyo::workshop::builtins;
use daimyo::workshop::records::OutLine;
use daimyo_engine::agent::Report;
use daimyo_engine::params::{self, Allocation, Rivals};
use daimyo_engine::rules::View;
use daimyo_engine::rules::{
    DAIMYO, LORDS, Move, State, TURNS, columns, margins, strengths_from_seed, winner,
};
use daimyo_engine::timeman::Budget;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{applied, cells, games, strengths, without_times};

/// Replays a recorded seat: its answers as raw chunks, keeping every byte it is sent.
struct Scripted<'a> {
    outputs: Vec<String>,
    style: String,
    turn: usize,
    received: &'a mut String,
}

impl Seat for Scripted<'_> {
    fn start(&mut self, _strengths: [u8; LORDS], _seed: u64) {}
    fn ready(&mut self, _deadline: Instant) -> Reply {
        Reply::Chunk(b"READY\n".to_vec(), Instant::now())
    }
    fn ask(&mut self, _view: &View, text: &str, started: Instant, _deadline: Instant) -> Reply {
        self.received.push_str(text);
        self.turn += 1;
        match self.outputs.get(self.turn - 1).map(String::as_str) {
            Some("<exit>") => Reply::Gone,
            Some(line) => Reply::Chunk(format!("{line}\n").into_bytes(), Instant::now()),
            // The recorded `tle` program answered the turn after its last output 1.6 s late.
            None if self.style == "tle" => {
                Reply::Chunk(b"1 2 3 4 5\n".to_vec(), started + Duration::from_millis(1600))
            }
            None => panic!("the referee asked a seat with nothing left to say"),
        }
    }
    fn stop(&mut self) {}
}

#[test]
fn referee_reproduces_the_official_games() {
    let mut messy_malformed = 0;
    for (name, g) in games() {
        let mut received: [String; DAIMYO] = Default::default();
        let rec = {
            let mut it = received.iter_mut().enumerate();
            let mut seats: [Box<dyn Seat + '_>; DAIMYO] = std::array::from_fn(|_| {
                let (seat, r) = it.next().unwrap();
                Box::new(Scripted {
                    outputs: g["outputs"][seat]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|o| o.as_str().unwrap().to_string())
                        .collect(),
                    style: g["styles"][seat].as_str().unwrap().into(),
                    turn: 0,
                    received: r,
                }) as Box<dyn Seat>
            });
            referee::play(&mut seats, strengths(&g), [0; DAIMYO], Clocks::MANAGER)
        };
        for turn in 0..9 {
            for seat in 0..DAIMYO {
                assert_eq!(rec.commands[turn][seat], applied(&g, turn, seat), "{name} {turn}");
            }
        }
        let totals: Vec<i64> = rec.totals_x12.iter().map(|&t| t as i64).collect();
        let want: Vec<i64> =
            g["totals_x12"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        assert_eq!(totals, want, "{name}");
        assert_eq!(rec.winner, g["winner"].as_u64().map(|w| w as usize), "{name}");
        for seat in 0..DAIMYO {
            assert_eq!(received[seat], g["inputs"][seat].as_str().unwrap(), "{name} seat {seat}");
            let style = g["styles"][seat].as_str().unwrap();
            let r = &rec.seats[seat];
            assert!(r.ready);
            assert_eq!(r.timeouts, (style == "tle") as u32, "{name} seat {seat}");
            assert_eq!(r.gone_at, (style == "crash").then_some(6), "{name} seat {seat}");
            assert_eq!(r.malformed > 0, style == "messy", "{name} seat {seat}");
            let answered = match style {
                "tle" => 3,
                "crash" => 5,
                _ => 9,
            };
            assert_eq!(r.times_ms.len(), answered, "{name} seat {seat}");
            if style == "messy" {
                messy_malformed += r.malformed;
            }
        }
    }
    // Counted separately from the recorded outputs: 55 answers of the messy seats are not
    // exactly five (or two) lords 0..5 separated by single spaces.
    assert_eq!(messy_malformed, 55);
}

fn program(name: &str) -> Box<dyn Seat> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name);
    Box::new(Program::new(vec!["bash".into(), path.to_string_lossy().into()], false))
}

/// One game with `first` in seat 0 and built-in random players elsewhere.
fn game_of(first: Box<dyn Seat>, clocks: Clocks) -> GameRecord {
    let mut first = Some(first);
    let mut seats: [Box<dyn Seat>; DAIMYO] = std::array::from_fn(|_| {
        first.take().unwrap_or_else(|| {
            Box::new(InProcess::new(
                daimyo::workshop::builtins::agent("random", Budget::default()).unwrap(),
            ))
        })
    });
    referee::play(&mut seats, strengths_from_seed(7), [1, 2, 3, 4], clocks)
}

/// One game with a test program in seat 0 and built-in random players elsewhere.
fn game_with(name: &str, clocks: Clocks) -> GameRecord {
    game_of(program(name), clocks)
}

fn seat0(rec: &GameRecord) -> Vec<String> {
    rec.commands.iter().map(|t| daimyo::player::protocol::answer(&t[0])).collect()
}

fn zeros(from_turn: usize) -> Vec<String> {
    (from_turn..=9).map(|t| if t % 2 == 1 { "0 0 0 0 0" } else { "0 0" }.to_string()).collect()
}

#[test]
fn a_late_answer_is_a_time_out_for_the_rest_of_the_game() {
    let rec = game_with("slow.sh", Clocks::MANAGER);
    let s = &rec.seats[0];
    assert!(s.ready);
    assert_eq!((s.timeouts, s.malformed, s.gone_at), (1, 0, None));
    assert_eq!(s.times_ms.len(), 1);
    assert_eq!(seat0(&rec)[..1], ["1 2 3 4 5"]);
    assert_eq!(seat0(&rec)[1..], zeros(2));
}

#[test]
fn a_split_answer_spills_into_the_next_turn() {
    let rec = game_with("split.sh", Clocks::MANAGER);
    let s = &rec.seats[0];
    assert_eq!((s.timeouts, s.malformed, s.times_ms.len()), (0, 7, 9), "{s:?} {:?}", seat0(&rec));
    // Pieces in order: "0 1 2", " 3 4" (day answer), "5", " 5" (night answer), ...
    let want = [
        "0 1 2 0 0",
        "3 4",
        "5 0 0 0 0",
        "5 0",
        "0 1 2 0 0",
        "3 4",
        "5 0 0 0 0",
        "5 0",
        "0 1 2 0 0",
    ];
    assert_eq!(seat0(&rec), want);
}

#[test]
fn a_program_that_exits_plays_lord_zero() {
    let rec = game_with("exits.sh", Clocks::MANAGER);
    let s = &rec.seats[0];
    assert_eq!((s.timeouts, s.malformed, s.gone_at, s.times_ms.len()), (0, 0, Some(3), 2));
    assert_eq!(seat0(&rec)[..2], ["1 2 3 4 5", "3 3"]);
    assert_eq!(seat0(&rec)[2..], zeros(3));
    // The others played on as usual.
    assert!(rec.seats[1..].iter().all(|r| r.times_ms.len() == 9));
}

/// One game of `lingers.sh` (its last turn's file written `linger` seconds after its answer)
/// in seat 0: the record, how long the game took, and the file it writes to.
fn lingering(linger: &str) -> (GameRecord, Duration, PathBuf) {
    let mark = scratch(&format!("lingers-{linger}"));
    let argv =
        vec!["bash".into(), program_path("lingers.sh"), linger.into(), mark.display().to_string()];
    let t0 = Instant::now();
    let rec = game_of(Box::new(Program::new(argv, false)), Clocks::MANAGER);
    (rec, t0.elapsed(), mark)
}

#[test]
fn a_program_gets_the_managers_second_after_the_game_and_no_more() {
    // What a program writes after its last answer (a log) is written: the game waits for it
    // to exit, as the manager gives it about a second before closing it.
    let (rec, _, mark) = lingering("0.3");
    assert_eq!(rec.seats[0].times_ms.len(), 9, "{:?}", rec.seats[0]);
    assert_eq!(std::fs::read_to_string(&mark).expect("written after the game"), "done\n");
    let _ = std::fs::remove_file(&mark);
    // One that takes longer is killed after the grace: the game ends, the file never comes.
    let (rec, took, mark) = lingering("3");
    assert_eq!(rec.seats[0].times_ms.len(), 9);
    assert!(took < Duration::from_millis(2500), "{took:?}");
    std::thread::sleep(Duration::from_millis(3000));
    assert!(!mark.exists(), "the program was killed before it wrote");
}

#[test]
fn a_program_that_never_says_ready_plays_lord_zero_all_game() {
    let begun = Instant::now();
    let clocks = Clocks { ready: Duration::from_millis(300), ..Clocks::MANAGER };
    let rec = game_with("silent.sh", clocks);
    assert!(begun.elapsed() >= Duration::from_millis(300));
    assert_eq!(rec.seats[0], SeatRecord { ready: false, ..SeatRecord::default() });
    assert_eq!(seat0(&rec), zeros(1));
    // A program that cannot even be started is treated the same way.
    let mut seats: [Box<dyn Seat>; DAIMYO] =
        std::array::from_fn(|_| Box::new(Program::new(vec!["/nonexistent".into()], false)) as _);
    let rec = referee::play(&mut seats, strengths_from_seed(1), [0; DAIMYO], Clocks::MANAGER);
    assert!(rec.seats.iter().all(|s| !s.ready && s.times_ms.is_empty()));
    assert_eq!(rec.winner, None);
}

fn daimyo(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_daimyo")).args(args).output().unwrap()
}

/// A run that must succeed: its stdout and stderr.
fn arena(args: &[&str]) -> (String, String) {
    let r = daimyo(&[&["arena"], args].concat());
    let err = String::from_utf8(r.stderr).unwrap();
    assert!(r.status.success(), "{args:?}: {err}");
    (String::from_utf8(r.stdout).unwrap(), err)
}

/// A fresh scratch path for one test.
fn scratch(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("daimyo-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    let _ = std::fs::remove_file(&p);
    p
}

fn program_path(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name);
    path.to_string_lossy().into()
}

/// A table row: whether it is marked the leader, and its cells by column name.
struct Row {
    leader: bool,
    cell: BTreeMap<String, String>,
}

impl Row {
    fn num(&self, column: &str) -> f64 {
        let c = &self.cell[column];
        c.trim_end_matches('%').parse().unwrap_or_else(|_| panic!("{column}: {c}"))
    }

    /// The interval's ends, in percent.
    fn interval(&self) -> (f64, f64) {
        let (low, high) = self.cell["95% interval"].split_once('–').unwrap();
        (low.parse().unwrap(), high.parse().unwrap())
    }
}

/// Every table of an output, in order.
fn tables(text: &str) -> Vec<Vec<Row>> {
    let mut out: Vec<Vec<Row>> = Vec::new();
    let mut columns: Option<Vec<String>> = None;
    for line in text.lines() {
        if line.starts_with("entrant ") {
            columns = Some(cells(line));
            out.push(Vec::new());
        } else if let Some(names) = columns.as_ref().filter(|_| line.len() > 2) {
            let values = cells(&line[2..]);
            assert_eq!(values.len(), names.len(), "{line}");
            let cell = names.iter().cloned().zip(values).collect();
            out.last_mut().unwrap().push(Row { leader: line.starts_with("* "), cell });
        } else {
            columns = None;
        }
    }
    out
}

/// The games of an `--out` file, which is removed: the lines after its run line.
fn out_lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    std::fs::remove_file(path).unwrap();
    let mut lines = text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap());
    let run = lines.next().unwrap();
    assert!(run["run"]["entrants"].is_array() && run.get("replay").is_none(), "{run}");
    lines.collect()
}

/// Plays applied moves through the rules: the final totals.
fn replay_totals(seed: u32, commands: &Value) -> [i32; DAIMYO] {
    let mut state = State::new(strengths_from_seed(seed));
    for turn in commands.as_array().unwrap() {
        let moves: [Move; DAIMYO] = std::array::from_fn(|s| {
            let lords: Vec<u8> = numbers(&turn[s]).iter().map(|&l| l as u8).collect();
            Move::new(&lords).unwrap()
        });
        state.play(&moves).unwrap();
    }
    assert!(state.is_over());
    state.totals()
}

/// The manager's winner for totals: the seat, or "" for a draw.
fn manager_winner(totals: &[i32; DAIMYO]) -> Value {
    winner(totals).map_or(Value::from(""), Value::from)
}

fn numbers(v: &Value) -> Vec<i64> {
    v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect()
}

#[test]
fn arena_with_external_programs() {
    let exe = env!("CARGO_BIN_EXE_daimyo");
    let out = scratch("external.jsonl");
    let random = format!("exec:{exe} play random");
    let (table, err) = arena(&[
        "--seeds",
        "2",
        "--first-seed",
        "41",
        "--jobs",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        &random,
        "greedy",
        &random,
        "random",
    ]);
    assert!(err.is_empty(), "--quiet: {err}");
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].contains("seeds 41..42") && lines[0].contains("8 games"), "{table}");
    assert_eq!(lines.len(), 5, "header, column names, three entrants:\n{table}");
    let rows = &tables(&table)[0];
    let exec_row = rows.iter().find(|r| r.cell["entrant"] == random).unwrap();
    assert_eq!(exec_row.cell["games"], "16");
    let width = |l: &str| l.chars().count();
    assert!(lines[2..].iter().all(|l| width(l) == width(lines[1])), "aligned:\n{table}");

    let games = out_lines(&out);
    assert_eq!(games.len(), 8);
    let labels = [random.as_str(), "greedy", random.as_str(), "random"];
    for (i, g) in games.iter().enumerate() {
        let (seed, rotation) = (41 + i as u32 / 4, i % 4);
        assert_eq!(
            (g["seed"].as_u64(), g["rotation"].as_u64()),
            (Some(seed as u64), Some(i as u64 % 4))
        );
        for s in 0..DAIMYO {
            assert_eq!(g["seats"][s], labels[(s + rotation) % 4]);
        }
        assert_eq!(numbers(&g["strengths"]), strengths_from_seed(seed).map(i64::from));
        // The moves are kept once, in the manager's replay.
        assert!(g.get("commands").is_none(), "{g}");
        assert_eq!(g["replay"]["seed"], g["seed"]);
        let totals = replay_totals(seed, &g["replay"]["commands"]);
        assert_eq!(numbers(&g["totals_x12"]), totals.map(i64::from));
        assert_eq!(g["winner"], manager_winner(&totals));
        assert_eq!(numbers(&g["timeouts"]), [0; 4]);
        assert_eq!(numbers(&g["malformed"]), [0; 4]);
        assert!(g["ready"].as_array().unwrap().iter().all(|r| r == true));
        assert!(g["gone_at"].as_array().unwrap().iter().all(Value::is_null));
        assert!(g["max_ms"].as_array().unwrap().iter().all(|m| m.as_f64().unwrap() < 1000.0));
    }
}

#[test]
fn table_rows_by_win_share_with_the_leader_marked_and_never_a_point_interval() {
    let (text, _) = arena(&[
        "--seeds",
        "2",
        "--jobs",
        "2",
        "--quiet",
        "random",
        "margins-described",
        "greedy",
        "knapsack",
    ]);
    let rows = &tables(&text)[0];
    assert_eq!(rows.len(), 4, "{text}");
    let shares: Vec<f64> = rows.iter().map(|r| r.num("win share")).collect();
    assert!(shares.windows(2).all(|w| w[0] >= w[1]), "sorted: {text}");
    assert!(shares[0] > shares[3], "{text}");
    for r in rows {
        assert_eq!(r.leader, r.num("win share") == shares[0], "{text}");
        let (low, high) = r.interval();
        let share = r.num("win share");
        assert!(low <= share && share <= high && high - low >= 10.0, "8 games: {text}");
    }
    // Four identical deterministic players tie every game: no spread at all, and yet an
    // interval as wide as 48 independent games at 25% would give.
    let (text, _) =
        arena(&["--seeds", "3", "--jobs", "2", "--quiet", "greedy", "greedy", "greedy", "greedy"]);
    let rows = &tables(&text)[0];
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].num("win share"), rows[0].num("draws")), (25.0, 48.0));
    let z = 1.959964f64;
    let n = 48.0;
    let half = z * (0.25 * 0.75 / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let centre = (0.25 + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let (low, high) = rows[0].interval();
    assert!((low - 100.0 * (centre - half)).abs() < 0.06, "{text}");
    assert!((high - 100.0 * (centre + half)).abs() < 0.06, "{text}");
}

#[test]
fn programs_that_never_say_ready_or_crash_show_in_the_table() {
    let exits = format!("exec:bash {}", program_path("exits.sh"));
    let out = scratch("crash.jsonl");
    let (text, _) = arena(&[
        "--seeds",
        "1",
        "--jobs",
        "2",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "exec:true",
        &exits,
        "random",
        "random",
    ]);
    let rows = &tables(&text)[0];
    let row = |name: &str| rows.iter().find(|r| r.cell["entrant"] == name).unwrap();
    let counts = |r: &Row| (r.num("no READY"), r.num("crashed"), r.num("time-outs"));
    assert_eq!(counts(row("exec:true")), (4.0, 0.0, 0.0), "{text}");
    assert_eq!(counts(row(&exits)), (0.0, 4.0, 0.0), "{text}");
    assert_eq!(counts(row("random")), (0.0, 0.0, 0.0), "{text}");
    for g in out_lines(&out) {
        let seat = |label: &str| (0..DAIMYO).find(|&s| g["seats"][s] == label).unwrap();
        assert_eq!(g["ready"][seat("exec:true")], false);
        assert_eq!(g["gone_at"][seat(&exits)], 3);
    }
}

#[test]
fn draws_and_replays_are_written_as_the_manager_writes_them() {
    let (out, dir) = (scratch("draws.jsonl"), scratch("replays"));
    let args = ["--seeds", "2", "--jobs", "2", "--quiet", "--out", out.to_str().unwrap()];
    arena(&[&args[..], &["--replays", dir.to_str().unwrap()], &["greedy"; 4]].concat());
    let lines = out_lines(&out);
    assert!(lines.iter().all(|g| g["winner"] == ""), "every game of four greedy is a draw");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let want: BTreeSet<String> =
        (1..=2).flat_map(|s| (0..4).map(move |r| format!("seed-{s}-rot-{r}.json"))).collect();
    assert_eq!(names.iter().cloned().collect::<BTreeSet<_>>(), want);
    for (line, name) in lines.iter().zip(want.iter()) {
        let file: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        assert_eq!(file, serde_json::json!({ "winner": "", "replay": line["replay"] }), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();

    // Games with winners: the file holds the seat, and its moves play out to that winner.
    arena(
        &[
            &args[..2],
            &["--quiet", "--replays", dir.to_str().unwrap()],
            &["margins-described", "random", "greedy", "knapsack"],
        ]
        .concat(),
    );
    for seed in 1..=2u32 {
        for rotation in 0..4 {
            let path = dir.join(format!("seed-{seed}-rot-{rotation}.json"));
            let file: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            let keys: Vec<&String> = file.as_object().unwrap().keys().collect();
            assert_eq!(keys, ["replay", "winner"]);
            assert_eq!(file["replay"]["seed"], seed);
            assert_eq!(file["replay"].as_object().unwrap().len(), 2);
            let totals = replay_totals(seed, &file["replay"]["commands"]);
            assert_eq!(file["winner"], manager_winner(&totals));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A `--sprt` run against drawn opponents with `jobs`: its output without times, its `--out` lines
/// without times, and its replay files.
fn sprt_drawn_run(jobs: &str) -> (String, Vec<Value>, BTreeMap<String, String>) {
    let (out, dir) = (scratch(&format!("jobs-{jobs}.jsonl")), scratch(&format!("jobs-{jobs}")));
    let (text, _) = arena(&[
        "--seeds",
        "8",
        "--jobs",
        jobs,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--replays",
        dir.to_str().unwrap(),
        "--sprt",
        "random",
        "tables-described",
        "--draw-from",
        "random,greedy,history,knapsack",
    ]);
    let mut lines = out_lines(&out);
    for g in &mut lines {
        let g = g.as_object_mut().unwrap();
        g.remove("max_ms").unwrap();
        g.remove("times_ms").unwrap();
    }
    let mut files = BTreeMap::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.insert(name, std::fs::read_to_string(&path).unwrap());
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let text = text.replacen(&format!("  jobs {jobs}\n"), "\n", 1);
    (without_times(&text), lines, files)
}

#[test]
fn outputs_do_not_depend_on_jobs() {
    let (text, lines, files) = sprt_drawn_run("1");
    assert_eq!(sprt_drawn_run("3"), (text.clone(), lines.clone(), files.clone()));
    // The run stopped at its verdict: nothing of the games begun beyond it was kept.
    let seeds = text.lines().filter(|l| l.starts_with("verdict: B is stronger")).count();
    assert_eq!(seeds, 1, "{text}");
    let last_seed = lines.last().unwrap()["seed"].as_u64().unwrap() as usize;
    assert!(last_seed < 8, "tables against random decides before the cap:\n{text}");
    assert_eq!((lines.len(), files.len()), (8 * last_seed, 8 * last_seed));
    assert!(text.contains(&format!("after {last_seed} seeds ({} games)", 8 * last_seed)));
    // A and B meet the same drawn opponents in the same seats.
    for seed in lines.chunks(8) {
        for r in 0..4 {
            let (a, b) = (&seed[r]["seats"], &seed[4 + r]["seats"]);
            let own = (4 - r) % 4;
            assert_eq!(
                (&a[own], &b[own]),
                (&Value::from("random"), &Value::from("tables-described"))
            );
            assert!((0..4).filter(|&s| s != own).all(|s| a[s] == b[s]), "{a} {b}");
        }
    }
}

#[test]
fn sprt_decides_for_the_stronger_either_way_and_an_exec_can_be_a_side() {
    let exe = env!("CARGO_BIN_EXE_daimyo");
    let out = scratch("sprt.jsonl");
    let args = ["--jobs", "2", "--quiet", "--out", out.to_str().unwrap(), "--sprt"];
    let (text, _) = arena(
        &[&args[..], &["margins-described", "random", "random", "random", "random"]].concat(),
    );
    let verdict = text.lines().last().unwrap();
    assert!(verdict.starts_with("verdict: A is stronger: LLR -"), "{text}");
    // The log: one line per seed, games 8 a seed, the LLR at its bound on the last line only.
    let log: Vec<Vec<String>> =
        text.lines().skip(3).take_while(|l| !l.is_empty()).map(cells).collect();
    let llr = |row: &Vec<String>| row.last().unwrap().parse::<f64>().unwrap();
    for (k, row) in log.iter().enumerate() {
        assert_eq!(
            (row[0].clone(), row[1].clone()),
            ((k + 1).to_string(), (8 * (k + 1)).to_string())
        );
        assert_eq!(llr(row) <= -2.94, k + 1 == log.len(), "{text}");
    }
    assert!(log.len() >= 2 && log.len() <= 8, "{text}");
    // A's games and B's share the seed, the seats and the opponents.
    let games = out_lines(&out);
    assert_eq!(games.len(), 8 * log.len());
    for seed in games.chunks(8) {
        for r in 0..4 {
            let (a, b) = (&seed[r], &seed[4 + r]);
            assert_eq!((&a["side"], &b["side"]), (&Value::from("A"), &Value::from("B")));
            assert_eq!((&a["seed"], &a["rotation"]), (&b["seed"], &b["rotation"]));
            let own = (4 - r) % 4;
            assert_eq!(
                (&a["seats"][own], &b["seats"][own]),
                (&Value::from("margins-described"), &Value::from("random"))
            );
            for s in (0..4).filter(|&s| s != own) {
                assert_eq!(
                    (&a["seats"][s], &b["seats"][s]),
                    (&Value::from("random"), &Value::from("random"))
                );
            }
        }
    }

    let margins = format!("exec:{exe} play margins-described");
    let (text, _) = arena(&[
        "--jobs", "2", "--quiet", "--sprt", "random", &margins, "random", "random", "random",
    ]);
    assert!(text.lines().last().unwrap().starts_with("verdict: B is stronger: LLR "), "{text}");
}

#[test]
fn sprt_does_not_decide_between_equals() {
    // Two players of the same strength but different moves: no verdict within 4 seeds.
    let (text, _) = arena(&[
        "--seeds",
        "4",
        "--jobs",
        "2",
        "--quiet",
        "--sprt",
        "bot:rollouts=1000",
        "bot:rollouts=1100",
        "rules",
        "greedy",
        "knapsack",
    ]);
    let verdict = text.lines().last().unwrap();
    assert!(
        verdict.starts_with("verdict: no decision: ")
            && verdict.contains("after 4 seeds (32 games)"),
        "{text}"
    );
    // The same player twice plays the same games: the LLR never leaves 0.
    let (text, _) = arena(&[
        "--seeds",
        "3",
        "--jobs",
        "2",
        "--quiet",
        "--sprt",
        "margins-described",
        "margins-described",
        "random",
        "greedy",
        "knapsack",
    ]);
    let log: Vec<&str> = text.lines().skip(3).take_while(|l| !l.is_empty()).collect();
    assert_eq!(log.len(), 3, "{text}");
    assert!(log.iter().all(|l| l.ends_with(" 0.00") && l.contains(" +0.0 ± ")), "{text}");
}

#[test]
fn drawn_tables_depend_on_the_seed_alone() {
    let players = "bot:rollouts=300,time=500,greedy,knapsack,rules,greedy";
    let run = |first: &str, seeds: &str, option: &str| {
        let out = scratch(&format!("drawn-{first}.jsonl"));
        let (text, _) = arena(&[
            "--seeds",
            seeds,
            "--first-seed",
            first,
            "--jobs",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
            option,
            players,
            "random",
        ]);
        (text, out_lines(&out))
    };
    let (text, games) = run("1", "6", "--draw-from");
    let mut held: BTreeMap<String, usize> = BTreeMap::new();
    let mut draws = BTreeSet::new();
    for seed in games.chunks(4) {
        let mut tables = BTreeSet::new();
        for (r, g) in seed.iter().enumerate() {
            assert_eq!(g["seats"][(4 - r) % 4], "random");
            let mut others: Vec<String> = (0..4)
                .filter(|&s| s != (4 - r) % 4)
                .map(|s| g["seats"][s].as_str().unwrap().to_string())
                .collect();
            others.iter().for_each(|o| *held.entry(o.clone()).or_default() += 1);
            others.sort();
            tables.insert(others);
        }
        assert_eq!(tables.len(), 1, "one table per seed, in its 4 rotations");
        let table = tables.pop_first().unwrap();
        assert!(table.iter().all(|o| o != "random"));
        draws.insert(table);
    }
    assert!(draws.len() > 1, "the draw changes with the seed");
    assert!(held.contains_key("bot:rollouts=300,time=500"), "{held:?}");
    // A row per player's label: its seat-games are the seats it held.
    let rows = &tables(&text)[0];
    assert_eq!(rows.len(), 1 + held.len(), "{text}");
    for r in rows {
        let want = held.get(&r.cell["entrant"]).copied().unwrap_or(24);
        assert_eq!(r.num("games") as usize, want, "{text}");
    }
    // The same seeds draw the same tables in another run (seeds 4 to 6 again), and the
    // option's old name reads.
    let (_, later) = run("4", "3", "--field");
    assert_eq!(later.len(), 12);
    for (a, b) in games[12..].iter().zip(&later) {
        assert_eq!((&a["seed"], &a["seats"]), (&b["seed"], &b["seats"]));
    }
}

#[test]
fn progress_shows_the_running_share() {
    let (_, err) =
        arena(&["--seeds", "1", "--jobs", "2", "margins-described", "random", "random", "random"]);
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("4/4 games ") && last.contains("  margins-described 100.0% ["),
        "{err}"
    );
    let (_, err) = arena(&[
        "--seeds",
        "1",
        "--jobs",
        "2",
        "--sprt",
        "margins-described",
        "random",
        "greedy",
        "greedy",
        "greedy",
    ]);
    let last = err.lines().last().unwrap();
    assert!(
        last.contains("  A margins-described ")
            && last.contains("  B random ")
            && last.contains("  LLR "),
        "{err}"
    );
}

#[test]
fn help_explains_every_column_and_option() {
    let help = String::from_utf8(daimyo(&["arena", "--help"]).stdout).unwrap();
    // The names each line of the TABLE section explains: its first cell.
    let table = &help[help.find("\nTABLE\n").unwrap()..];
    let explained: Vec<&str> = table
        .lines()
        .filter_map(|l| l.strip_prefix("  ")?.split("  ").next())
        .flat_map(|names| names.split(", "))
        .collect();
    let (text, _) = arena(&["--seeds", "1", "--quiet", "greedy", "random", "random", "random"]);
    let header = text.lines().find(|l| l.starts_with("entrant ")).unwrap();
    for column in cells(header) {
        assert!(explained.contains(&column.as_str()), "{column} in {explained:?}");
    }
    for word in [
        "--replays",
        "--draw-from",
        "--sprt",
        "--margin",
        "Wilson",
        "LLR",
        "no decision",
        "--shard",
        "--resume",
        "--merge",
        "Ctrl-C",
        "docs/tournaments.md",
    ] {
        assert!(help.contains(word), "{word}");
    }
}

#[test]
fn the_help_names_every_setting_and_the_arena_points_to_it() {
    // The arena's entrants and the player's --set take any of the search's settings: the
    // player's help lists them by name, the arena's points there.
    let help = String::from_utf8(daimyo(&["--help"]).stdout).unwrap();
    let listed = help
        .lines()
        .skip_while(|l| !l.contains("--set NAME=V"))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    for t in params::TUNABLES {
        let named = listed.split([' ', ',', ';', '(', '.']).any(|w| w == t.name);
        assert!(named, "{} not in {listed:?}", t.name);
    }
    let arena = String::from_utf8(daimyo(&["arena", "--help"]).stdout).unwrap();
    assert!(arena.contains("NAME:SETTING=V") && arena.contains("daimyo --help lists"), "{arena}");
}

#[test]
fn an_analysis_may_relax_the_answer_limit_and_says_so() {
    // The program answers turn 2 after 1.2 s: a time-out under the manager's 1000 ms, none
    // when the limit is relaxed to 3 s, and the run's header says the limit is not the manager's.
    let slow = format!("exec:bash {}", program_path("slow.sh"));
    let timeouts = |out: &str| {
        let row = out.lines().find(|l| l.trim_start_matches(['*', ' ']).starts_with("exec:"));
        let row = row.expect("a row for the program");
        cells(row)[10].clone()
    };
    let (strict, _) =
        arena(&["--seeds", "1", "--jobs", "1", "--quiet", &slow, "random", "random", "random"]);
    assert!(!strict.contains("analysis:"), "{strict}");
    assert_eq!(timeouts(&strict), "4", "{strict}");
    let (relaxed, _) = arena(&[
        "--seeds",
        "1",
        "--jobs",
        "1",
        "--quiet",
        "--answer-limit-ms",
        "3000",
        &slow,
        "random",
        "random",
        "random",
    ]);
    assert!(
        relaxed.contains(
            "analysis: answers allowed 3000 ms (--answer-limit-ms), not the manager's 1000"
        ),
        "{relaxed}"
    );
    assert_eq!(timeouts(&relaxed), "0", "{relaxed}");
}

#[test]
fn a_curve_plays_every_entrant_in_the_same_tables_and_pairs_each_with_the_one_before() {
    // Deterministic entrants: in the curve each plays exactly the games it plays alone against
    // the same opponents, so its row is the same; and the curve's paired difference of two
    // entrants is the difference of their win shares (the same games a seed for both).
    let (one, two) = ("mc1:rollouts=300", "mc1:rollouts=3000");
    let base = ["--seeds", "3", "--jobs", "2", "--quiet"];
    let out = scratch("curve.jsonl");
    let out = out.to_str().unwrap();
    let (curve, _) = arena(
        &[
            &base[..],
            &["--out", out, "--curve", &format!("{one},{two}")],
            &["tables-described", "roles", "greedy"],
        ]
        .concat(),
    );
    // Its --out file read back gives the same curve (a curve's lines name no side).
    let (merged, _) = arena(&["--merge", out]);
    let after = |t: &str| t.split("\ncurve: ").nth(1).map(String::from);
    assert_eq!(after(&merged), after(&curve), "{merged}\n{curve}");
    assert!(after(&curve).is_some(), "{curve}");
    let share = |text: &str, label: &str| -> (f64, String) {
        let rows = tables(text.split("\ncurve: ").next().unwrap()).into_iter().flatten();
        let row = rows.into_iter().find(|r| r.cell["entrant"] == label).expect("a row");
        (row.num("win share"), row.cell["95% interval"].clone())
    };
    let mut shares = Vec::new();
    for label in [one, two] {
        let (alone, _) =
            arena(&[&base[..], &[label, "tables-described", "roles", "greedy"]].concat());
        assert_eq!(share(&curve, label), share(&alone, label), "{label}\n{curve}\n{alone}");
        shares.push(share(&alone, label).0);
    }
    let tail = curve.split("\ncurve: ").nth(1).expect("the curve after the tables");
    let line = tail.lines().find(|l| l.trim_start().starts_with(two)).expect("a line for two");
    let diff: f64 = cells(line)[3].split(' ').next().unwrap().parse().unwrap();
    assert!((diff - (shares[1] - shares[0])).abs() < 0.11, "{diff} {shares:?}\n{curve}");
    assert!(tail.lines().any(|l| l.trim_start().starts_with(one)), "{curve}");
    // One program at two budgets: the slope a doubling is the difference over log2 of their
    // ratio (each seed's slope is its difference over log2 10).
    let slope = tail.lines().find_map(|l| l.strip_prefix("per doubling of rollouts: "));
    let slope: f64 = slope.expect("a slope").split(' ').next().unwrap().parse().unwrap();
    let expected = (shares[1] - shares[0]) / 10f64.log2();
    assert!((slope - expected).abs() < 0.1, "{slope} {expected}\n{curve}");
    // The margins, from the --out file: each entrant's mean of its points less the best other's.
    // Every seed holds four games of each, so the paired difference is that of the means, and
    // the margin's slope a doubling is it over log2 10.
    let mut sums = BTreeMap::<String, (f64, f64)>::new();
    for game in out_lines(Path::new(out)) {
        let seats: Vec<&str> =
            game["seats"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let totals = numbers(&game["totals_x12"]);
        let totals: [i32; DAIMYO] = std::array::from_fn(|d| totals[d] as i32);
        let seat = seats.iter().position(|s| *s == one || *s == two).expect("an entrant's seat");
        let sum = sums.entry(seats[seat].to_string()).or_default();
        *sum = (sum.0 + margins(&totals)[seat] as f64 / 12.0, sum.1 + 1.0);
    }
    let mean = |label: &str| sums[label].0 / sums[label].1;
    let margin: f64 = cells(line)[5].split(' ').next().unwrap().parse().unwrap();
    assert!((margin - (mean(two) - mean(one))).abs() < 0.006, "{margin} {sums:?}\n{curve}");
    let slope = tail.lines().filter_map(|l| l.strip_prefix("per doubling of rollouts: ")).nth(1);
    let slope = slope.expect("a slope of the margin");
    assert!(slope.contains("points of margin over the best other"), "{curve}");
    let slope: f64 = slope.split(' ').next().unwrap().parse().unwrap();
    let expected = (mean(two) - mean(one)) / 10f64.log2();
    assert!((slope - expected).abs() < 0.006, "{slope} {expected}\n{curve}");
    // Entrants that are not one program at several budgets: no slope.
    let (other, _) = arena(&[
        "--seeds",
        "1",
        "--quiet",
        "--curve",
        "random,greedy",
        "tables-described",
        "roles",
        "greedy",
    ]);
    assert!(other.contains("\ncurve: ") && !other.contains("per doubling"), "{other}");
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    for args in [
        &["arena", "random", "random", "random"][..],
        &["arena", "random", "random", "random", "nobody"],
        &["arena", "random", "random", "random", "random:speed=3"],
        &["arena", "--seeds", "0", "random", "random", "random", "random"],
        &["arena", "--jobs", "x", "random", "random", "random", "random"],
        &["arena", "--fast", "random", "random", "random", "random"],
        &["arena", "exec:/no/such/program", "random", "random", "random"],
        &["arena", "--draw-from", "random,greedy", "random"],
        &["arena", "--draw-from", "random,greedy,rules", "random", "random"],
        &["arena", "--draw-from", "random,nobody,rules", "random"],
        &["arena", "--sprt", "random"],
        &["arena", "--sprt", "random", "greedy", "random", "random"],
        &["arena", "--sprt", "random", "greedy", "--draw-from", "random,greedy,rules", "random"],
        &["arena", "--margin", "0.1", "random", "random", "random", "random"],
        &["arena", "--margin", "0", "--sprt", "random", "greedy", "random", "random", "random"],
        &["arena", "--answer-limit-ms", "0", "random", "random", "random", "random"],
        &["arena", "--curve", "random", "greedy", "random", "random"],
        &["arena", "--curve", "random,greedy", "--sprt", "random", "greedy", "a", "b", "c"],
    ] {
        let r = daimyo(args);
        assert_eq!(r.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&r.stderr).starts_with("daimyo arena: "), "{args:?}");
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn entrants_read_their_settings() {
    assert_eq!(
        Entrant::parse("bot:time=200,rollouts=500").unwrap(),
        Entrant::Builtin {
            label: "bot:time=200,rollouts=500".into(),
            name: "bot".into(),
            budget: Budget { time_ms: Some(200), rollouts: Some(500), ..Budget::default() },
            search: None,
        }
    );
    let e = Entrant::parse("exec:bash  -c  true").unwrap();
    assert_eq!(
        e,
        Entrant::Exec {
            label: "exec:bash -c true".into(),
            argv: vec!["bash".into(), "-c".into(), "true".into()]
        }
    );
    assert!(Entrant::parse("bot:time=soon").is_err());
    let Entrant::Builtin { budget, .. } = Entrant::parse("mc1:threads=2").unwrap() else {
        panic!("a built-in")
    };
    assert_eq!(budget.threads, Some(2));
    let zero = Entrant::parse("bot:threads=0").unwrap_err();
    assert!(zero.contains("threads must be 1 to"), "{zero}");
    // No clock, for play that is the same at any load: with a rollout budget only.
    let Entrant::Builtin { budget, .. } = Entrant::parse("bot:rollouts=500,noclock").unwrap()
    else {
        panic!("a built-in")
    };
    assert!(budget.no_clock && budget.rollouts == Some(500));
    let never = Entrant::parse("bot:noclock").unwrap_err();
    assert!(never.contains("noclock needs rollouts=N"), "{never}");
}

#[test]
fn entrants_change_the_search_settings_they_name_and_only_those() {
    let Entrant::Builtin { search: Some(s), budget, .. } =
        Entrant::parse("bot:time=100,gate=0.25,keep=8,jointnights=0,forget=0.3").unwrap()
    else {
        panic!("a built-in with its own settings")
    };
    assert_eq!(budget.time_ms, Some(100));
    let mut expected = params::bot(field::default());
    let Rivals::Modelled { gate, model } = &mut expected.rivals else { panic!("the bot's model") };
    *gate = 0.25;
    model.joint_nights = false;
    model.forget = 0.3;
    expected.allocation = Allocation::Halving { keep: 8 };
    assert_eq!(*s, expected);
    for (spec, says) in [
        ("bot:gate=1.5", "gate must be a number from 0 to 1"),
        ("bot:keep=2.5", "keep must be a whole number from 1 to 252"),
        ("bot:worldmoves=0.5", "worldmoves must be 0 (off) or 1 (on)"),
        ("bot:forget=1.5", "forget must be a number from 0 to 1"),
        ("bot:rate=fast", "cannot read 'fast'"),
        ("mc1:gate=0.3", "this search has no gate"),
        ("random:gate=0.3", "random has no search settings"),
        (
            "bot:tempo=3",
            "(time, rollouts, noclock, threads, model; the search's rate, step, stages, gate, readdivisor, readings, worldmoves, jointnights, forget, doubt, reply, keep)",
        ),
    ] {
        let e = Entrant::parse(spec).unwrap_err();
        assert!(e.contains(says), "{spec}: {e}");
    }
}

#[test]
fn an_entrant_plays_with_the_field_its_model_names() {
    // The default field's own file reads as the default: the same search.
    let Entrant::Builtin { search: Some(s), .. } =
        Entrant::parse(&format!("bot:model={}", field::DEFAULT_PATH)).unwrap()
    else {
        panic!("a built-in with its own model")
    };
    assert_eq!(*s, params::bot(field::default()));
    for (spec, says) in [
        (
            "bot:model=/no/such/field.json",
            "'bot:model=/no/such/field.json': model /no/such/field.json: cannot read it",
        ),
        ("mc1:model=src/player/field/default.json", "mc1 reads no model of the others"),
        ("random:model=src/player/field/default.json", "random has no search settings"),
    ] {
        let e = Entrant::parse(spec).unwrap_err();
        assert!(e.contains(says), "{spec}: {e}");
    }
}

fn record(totals_x12: [i32; DAIMYO]) -> GameRecord {
    let mut seats: [SeatRecord; DAIMYO] = Default::default();
    seats[0].times_ms = vec![3.0, 1.0];
    GameRecord {
        strengths: [3; LORDS],
        commands: Vec::new(),
        totals_x12,
        winner: winner(&totals_x12),
        seats,
    }
}

#[test]
fn interval_on_an_effective_number_of_games() {
    // Wilson's interval for 5 of 10: 0.2366 to 0.7634.
    let (low, high) = wilson(0.5, 10.0);
    assert!((low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4, "{low} {high}");
    let (low, high) = wilson(0.0, 12.0);
    assert!(low < 1e-12 && high > 0.2, "no wins in 12 games still leaves room: {low} {high}");
    // Identical seeds: as many games as were played. One seed: one game.
    assert_eq!(effective_games(&[(1.0, 4.0); 5]), 20.0);
    assert_eq!(effective_games(&[(3.0, 12.0)]), 1.0);
    // All or nothing by seed: the games of a seed go together, worth about one each.
    assert_eq!(effective_games(&[(4.0, 4.0), (0.0, 4.0)]), 1.0);
    let n = effective_games(&[(4.0, 4.0), (0.0, 4.0), (4.0, 4.0), (0.0, 4.0)]);
    assert!((n - 3.0).abs() < 1e-12, "{n}");

    // `a` holds one seat and `b` three, over two seeds of two games each.
    let mut stats = Stats::new(&["a", "b"]);
    stats.add(1, &["a", "b", "b", "b"], &record([24, 0, 0, -24])); // a wins alone
    stats.add(1, &["b", "a", "b", "b"], &record([12, 12, -12, -12])); // a and b share first
    stats.add(2, &["b", "b", "a", "b"], &record([0; 4])); // four-way tie
    stats.add(2, &["b", "b", "b", "a"], &record([12, 0, 0, -12])); // b wins
    let [a, b] = &stats.tallies[..] else { panic!("two labels") };
    assert_eq!((a.seat_games, a.wins, a.draws, b.seat_games, b.wins, b.draws), (4, 1, 2, 12, 1, 4));
    // a's shares: 1 and 1/2 in seed 1, 1/4 and 0 in seed 2: blocks (1.5, 2) and (0.25, 2).
    let share = a.share().unwrap();
    assert_eq!(share.share, 1.75 / 4.0);
    let n = effective_games(&[(1.5, 2.0), (0.25, 2.0)]);
    assert_eq!(share.effective, n);
    // By hand: spread (1.5 - 0.875)^2 + (0.25 - 0.875)^2, variance 2 x 0.78125 / 16.
    assert!((n - 0.4375 * 0.5625 / (2.0 * 0.78125 / 16.0)).abs() < 1e-12, "{n}");
    assert_eq!((share.low, share.high), wilson(share.share, n));
    assert_eq!(a.rank_sum / 4.0, 2.25, "mean rank: 1, 1.5, 2.5, 4");
    assert_eq!(a.total_x12, 24, "24 + 12 + 0 - 12");
    assert_eq!(b.times_ms.len(), 6, "seat 0's times go to whoever sat there");
    let mut text = String::new();
    stats.render(&mut text);
    let rows = &tables(&text)[0];
    assert_eq!(rows[0].cell["entrant"], "a");
    assert!(rows[0].leader && !rows[1].leader);
}

#[test]
fn out_lines_escape_labels() {
    let labels = ["exec:say \"hi\"", "back\\slash", "tab\there", "random"];
    let line = out_line(5, 2, Some("B"), &labels, &record([12, 0, 0, -12])).line();
    let v: Value = serde_json::from_str(&line).unwrap();
    for (s, l) in labels.iter().enumerate() {
        assert_eq!(v["seats"][s], *l);
    }
    assert_eq!((&v["winner"], &v["side"]), (&Value::from(0), &Value::from("B")));
    assert_eq!(v["max_ms"], serde_json::json!([3.0, null, null, null]));
    assert_eq!(v["times_ms"], serde_json::json!([[3.0, 1.0], [], [], []]));
    let draw: Value =
        serde_json::from_str(&out_line(5, 2, None, &labels, &record([0; 4])).line()).unwrap();
    assert_eq!(draw["winner"], "");
    assert!(draw.get("side").is_none());
}

/// A built-in seat that keeps a copy of every report the referee asks it for.
struct Keeping<'a> {
    seat: InProcess,
    reports: &'a mut Vec<Report>,
}

impl Seat for Keeping<'_> {
    fn start(&mut self, strengths: [u8; LORDS], seed: u64) {
        self.seat.start(strengths, seed);
    }
    fn ready(&mut self, deadline: Instant) -> Reply {
        self.seat.ready(deadline)
    }
    fn ask(&mut self, view: &View, text: &str, started: Instant, deadline: Instant) -> Reply {
        self.seat.ask(view, text, started, deadline)
    }
    fn stop(&mut self) {
        self.seat.stop();
    }
    fn report(&mut self) -> Option<Report> {
        let report = self.seat.report();
        self.reports.extend(report.clone());
        report
    }
}

#[test]
fn the_referee_keeps_the_estimate_of_each_answer_of_a_reporting_built_in() {
    // The bot in seat 2 (its columns are seats 2, 0, 1, 3) at a budget without a clock, so that
    // nothing depends on the machine's load; random players elsewhere, which report nothing.
    let budget = Budget { rollouts: Some(300), no_clock: true, ..Budget::default() };
    let mut reports = Vec::new();
    let bot = 2;
    let rec = {
        let mut seats: [Box<dyn Seat + '_>; DAIMYO] = std::array::from_fn(|s| {
            let name = if s == bot { "bot" } else { "random" };
            Box::new(InProcess::new(builtins::agent(name, budget).unwrap())) as Box<dyn Seat>
        });
        let agent = builtins::agent("bot", budget).unwrap();
        seats[bot] = Box::new(Keeping { seat: InProcess::new(agent), reports: &mut reports });
        // An answer limit no stall reaches: a late answer would drop a report, and the budget,
        // not the clock, is what this test holds fixed.
        let clocks = Clocks { answer: Duration::from_secs(600), ..Clocks::MANAGER };
        referee::play(&mut seats, strengths_from_seed(5), [1, 2, 3, 4], clocks)
    };
    for s in (0..DAIMYO).filter(|&s| s != bot) {
        assert!(rec.seats[s].estimates.is_empty(), "random reports nothing: seat {s}");
    }
    let estimates = &rec.seats[bot].estimates;
    assert_eq!(reports.len(), 9, "a report a turn");
    assert_eq!(estimates.len(), 9, "an estimate a turn");
    let by_seat = columns(bot);
    for (i, ((e, report), applied)) in estimates.iter().zip(&reports).zip(&rec.commands).enumerate()
    {
        let t = e.turn;
        assert_eq!(t as usize, i + 1);
        // The estimate of the move applied, which need not be the first candidate's.
        let played = report.candidates.iter().find(|c| c.mv == applied[bot]).unwrap();
        assert!((0.0..=1.0).contains(&e.win), "turn {t}: {}", e.win);
        assert_eq!(e.win, played.win, "turn {t}");
        assert_eq!(e.nights.len(), report.nights.len(), "turn {t}");
        // Night 2's totals are known from turn 3 on; at turn 6 nights 2 and 4 are revealed.
        assert_eq!(t >= 3 && t != 6, !e.nights.is_empty(), "turn {t}");
        for (n, guess) in e.nights.iter().zip(&report.nights) {
            assert_eq!((n.turn, n.probability), (guess.turn, guess.probability));
            assert_eq!(n.split[bot], None, "no guess of its own move");
            for (c, row) in guess.split.iter().enumerate() {
                assert_eq!(n.split[by_seat[c + 1]], Some(row.to_array()), "turn {t}");
            }
        }
    }
    // The `--out` line keeps them as they are, and reads them back.
    let labels = ["random", "random", "bot", "random"];
    let line = out_line(5, 2, None, &labels, &rec).line();
    let read: OutLine = serde_json::from_str(&line).unwrap();
    assert_eq!(&read.estimates[bot], estimates);
    assert!((0..DAIMYO).all(|s| s == bot || read.estimates[s].is_empty()));
}

/// The games of an `--out` file (its run line skipped), read as the arena wrote them, and the
/// file's lines.
fn out_games(path: &Path) -> (Vec<OutLine>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<String> = text.lines().skip(1).map(String::from).collect();
    let games = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    (games, lines)
}

#[test]
fn the_arena_writes_the_estimates_of_a_reporting_built_in() {
    let out = scratch("bot.jsonl");
    let path = out.to_str().unwrap();
    let bot = "bot:rollouts=300";
    let args = ["--seeds", "1", "--first-seed", "5", "--jobs", "1", "--quiet"];
    let entrants = [bot, "random", "random", "random"];
    arena(&[&args[..], &["--out", path], &entrants].concat());
    let (games, _) = out_games(&out);
    assert_eq!(games.len(), 4);
    for g in &games {
        let seat = g.seats.iter().position(|l| l == bot).unwrap();
        for s in (0..DAIMYO).filter(|&s| s != seat) {
            assert!(g.estimates[s].is_empty(), "random reports nothing: seat {s}");
        }
        let turns: Vec<u8> = g.estimates[seat].iter().map(|e| e.turn).collect();
        assert_eq!(turns, (1..=TURNS).collect::<Vec<_>>(), "an estimate for every answer");
        for e in &g.estimates[seat] {
            assert!((0.0..=1.0).contains(&e.win), "turn {}: {}", e.turn, e.win);
            assert_eq!(e.turn >= 3 && e.turn != 6, !e.nights.is_empty(), "turn {}", e.turn);
            for n in &e.nights {
                assert!(n.turn < e.turn && n.turn % 2 == 0, "night {} at {}", n.turn, e.turn);
                for (s, picks) in n.split.iter().enumerate() {
                    let picks = picks.map(|p| p.iter().sum::<u8>());
                    assert_eq!(picks, (s != seat).then_some(2), "night {}, seat {s}", n.turn);
                }
            }
        }
    }
    // Every reader of `--out` files reads them.
    let before = std::fs::read_to_string(&out).unwrap();
    for command in [
        [&["arena"], &args[..], &["--resume", "--out", path], &entrants].concat(),
        vec!["arena", "--merge", path],
        vec!["show", path, "--game", "2"],
        vec!["halftime", path],
    ] {
        let r = daimyo(&command);
        assert!(r.status.success(), "{command:?}: {}", String::from_utf8_lossy(&r.stderr));
        assert!(!r.stdout.is_empty(), "{command:?}");
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), before, "--resume found every game");
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn out_lines_without_a_reporting_seat_have_no_estimates() {
    let out = scratch("plain.jsonl");
    let path = out.to_str().unwrap();
    let args = ["--seeds", "1", "--jobs", "1", "--quiet", "--out", path];
    arena(&[&args[..], &["random", "greedy", "tables-described", "flatmc"]].concat());
    let (games, lines) = out_games(&out);
    assert_eq!(games.len(), 4);
    for (g, line) in games.iter().zip(&lines) {
        assert!(!line.contains("estimates"), "{line}");
        assert!(g.estimates.iter().all(Vec::is_empty));
        // Written back, the line is the same to the byte.
        assert_eq!(&g.line(), line);
    }
    std::fs::remove_file(&out).unwrap();
}

#[test]
fn a_program_goes_by_its_name_and_its_faults_are_counted_and_set_aside() {
    // The program times out in the games of seed 3 (lord 0's strength is odd there) and in no
    // other: its name stands in the table and the --out lines, the table says in how many games
    // its play ended early, and gives the same table without them. Its malformed first answers
    // (a lord too many, which the manager reads as the first five) set no game aside.
    let slow = format!("slowish=exec:bash {}", program_path("sometimes_slow.sh"));
    let out = scratch("named.jsonl");
    let odd: Vec<u32> = (1..=4).filter(|&s| strengths_from_seed(s)[0] % 2 == 1).collect();
    assert_eq!(odd, [3], "the seeds this test was written for");
    let args =
        ["--seeds", "4", "--jobs", "2", "--quiet", "--out", out.to_str().unwrap(), &slow, "random"];
    let (text, _) = arena(&[&args[..], &["random", "random"]].concat());
    let all = tables(&text);
    assert_eq!(all.len(), 2, "the table and the table without faults:\n{text}");
    fn row<'a>(t: &'a [Row], name: &str) -> Option<&'a Row> {
        t.iter().find(|r| r.cell["entrant"] == name)
    }
    let (with, without) = (row(&all[0], "slowish").unwrap(), row(&all[1], "slowish").unwrap());
    assert_eq!((with.num("games"), with.num("time-outs")), (16.0, 4.0), "{text}");
    assert_eq!(with.num("malformed"), 16.0, "{text}");
    assert_eq!((without.num("games"), without.num("time-outs")), (12.0, 0.0), "{text}");
    assert_eq!(row(&all[1], "random").unwrap().num("games"), 36.0, "{text}");
    assert!(
        text.contains(
            "a seat's play ended early in 4 of 16 games: slowish timed out in 4 games; the same \
             without them (12 games):"
        ),
        "{text}"
    );
    let merged = daimyo(&["arena", "--merge", out.to_str().unwrap()]);
    let merged = String::from_utf8(merged.stdout).unwrap();
    assert!(merged.contains("slowish timed out in 4 games"), "{merged}");
    let run: Value =
        serde_json::from_str(std::fs::read_to_string(&out).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!(run["run"]["entrants"][0]["label"], "slowish");
    assert!(run["run"]["entrants"][0]["program"].as_str().unwrap().ends_with("sometimes_slow.sh"));
    for g in out_lines(&out) {
        let seat = (0..DAIMYO).find(|&s| g["seats"][s] == "slowish").expect("named in the seats");
        let odd = g["seed"] == 3;
        assert_eq!(g["timeouts"][seat].as_u64().unwrap() > 0, odd, "{g}");
    }
}

#[test]
fn a_program_name_is_checked() {
    let script = program_path("slow.sh");
    for (spec, said) in [
        (format!("random=exec:bash {script}"), "'random' is a built-in's name"),
        (format!("a b=exec:bash {script}"), "a program's name is letters"),
        (format!("x/y=exec:bash {script}"), "a program's name is letters"),
        ("named=exec:/no/such/program".to_string(), "no program '/no/such/program' found"),
    ] {
        let r = daimyo(&["arena", &spec, "random", "random", "random"]);
        let err = String::from_utf8(r.stderr).unwrap();
        assert_eq!(r.status.code(), Some(2), "{spec}: {err}");
        assert!(err.contains(said), "{spec}: {err}");
    }
    match Entrant::parse(&format!("orig-x=exec:bash {script}")).unwrap() {
        Entrant::Exec { label, argv } => {
            assert_eq!(label, "orig-x");
            assert_eq!(argv, ["bash", script.as_str()]);
        }
        e => panic!("{e:?}"),
    }
}
