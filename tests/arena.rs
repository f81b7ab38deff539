//! The arena's referee: against the 60 official recorded games, and with real processes that
//! misbehave.

use daimyo::arena::process::Program;
use daimyo::arena::referee::{self, Builtin, GameRecord, Limits, Reply, Seat, SeatRecord};
use daimyo::protocol::View;
use daimyo::rules::{DAIMYO, LORDS, strengths_from_seed};
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod common;
use common::{applied, games, strengths};

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
            referee::play(&mut seats, strengths(&g), [0; DAIMYO], Limits::MANAGER)
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

/// One game with a test program in seat 0 and built-in random players elsewhere.
fn game_with(name: &str, limits: Limits) -> GameRecord {
    let mut seats: [Box<dyn Seat>; DAIMYO] = std::array::from_fn(|s| {
        if s == 0 {
            program(name)
        } else {
            Box::new(Builtin(daimyo::cli::agent("random", None, None).unwrap())) as Box<dyn Seat>
        }
    });
    referee::play(&mut seats, strengths_from_seed(7), [1, 2, 3, 4], limits)
}

fn seat0(rec: &GameRecord) -> Vec<String> {
    rec.commands.iter().map(|t| t[0].to_string()).collect()
}

fn zeros(from_turn: usize) -> Vec<String> {
    (from_turn..=9).map(|t| if t % 2 == 1 { "0 0 0 0 0" } else { "0 0" }.to_string()).collect()
}

#[test]
fn a_late_answer_is_a_time_out_for_the_rest_of_the_game() {
    let rec = game_with("slow.sh", Limits::MANAGER);
    let s = &rec.seats[0];
    assert!(s.ready);
    assert_eq!((s.timeouts, s.malformed, s.gone_at), (1, 0, None));
    assert_eq!(s.times_ms.len(), 1);
    assert_eq!(seat0(&rec)[..1], ["1 2 3 4 5"]);
    assert_eq!(seat0(&rec)[1..], zeros(2));
}

#[test]
fn a_split_answer_spills_into_the_next_turn() {
    let rec = game_with("split.sh", Limits::MANAGER);
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
    let rec = game_with("exits.sh", Limits::MANAGER);
    let s = &rec.seats[0];
    assert_eq!((s.timeouts, s.malformed, s.gone_at, s.times_ms.len()), (0, 0, Some(3), 2));
    assert_eq!(seat0(&rec)[..2], ["1 2 3 4 5", "3 3"]);
    assert_eq!(seat0(&rec)[2..], zeros(3));
    // The others played on as usual.
    assert!(rec.seats[1..].iter().all(|r| r.times_ms.len() == 9));
}

#[test]
fn a_program_that_never_says_ready_plays_lord_zero_all_game() {
    let begun = Instant::now();
    let limits = Limits { ready: Duration::from_millis(300), ..Limits::MANAGER };
    let rec = game_with("silent.sh", limits);
    assert!(begun.elapsed() >= Duration::from_millis(300));
    assert_eq!(rec.seats[0], SeatRecord { ready: false, ..SeatRecord::default() });
    assert_eq!(seat0(&rec), zeros(1));
    // A program that cannot even be started is treated the same way.
    let mut seats: [Box<dyn Seat>; DAIMYO] =
        std::array::from_fn(|_| Box::new(Program::new(vec!["/nonexistent".into()], false)) as _);
    let rec = referee::play(&mut seats, strengths_from_seed(1), [0; DAIMYO], Limits::MANAGER);
    assert!(rec.seats.iter().all(|s| !s.ready && s.times_ms.is_empty()));
    assert_eq!(rec.winner, None);
}
