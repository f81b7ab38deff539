//! Replays the 60 games recorded on the official manager (tests/data/official-games): the
//! referee's rules, the manager's reading of answers and the rendered views must match them
//! byte for byte.

use daimyo::player::protocol::read_answer;
use daimyo::player::protocol::{parse_stream, render};
use daimyo_engine::rules::{DAIMYO, Move, Phase, State, View, strengths_from_seed, winner};
use serde_json::Value;

use crate::common::{applied, games, strengths};

#[test]
fn strengths_follow_the_seed() {
    for (name, g) in games() {
        let seed = g["seed"].as_u64().unwrap() as u32;
        assert_eq!(strengths_from_seed(seed), strengths(&g), "{name}");
    }
}

#[test]
fn answers_are_read_as_the_manager_reads_them() {
    let mut substituted = 0;
    for (name, g) in games() {
        for seat in 0..DAIMYO {
            let outs = g["outputs"][seat].as_array().unwrap();
            for turn in 0..9 {
                let phase = Phase::of_turn(turn as u8 + 1);
                let want = applied(&g, turn, seat);
                let got = match outs.get(turn).and_then(Value::as_str) {
                    Some("<exit>") | None => Move::lord_zero(phase),
                    Some(line) => read_answer(line.as_bytes(), phase),
                };
                assert_eq!(got, want, "{name} seat {seat} turn {}", turn + 1);
                if outs
                    .get(turn)
                    .and_then(Value::as_str)
                    .is_some_and(|l| l != daimyo::player::protocol::answer(&want))
                {
                    substituted += 1;
                }
            }
        }
    }
    assert!(substituted >= 50, "the fixtures exercise the manager's substitutions ({substituted})");
}

#[test]
fn applied_moves_give_the_recorded_totals_and_winner() {
    let mut draws = 0;
    for (name, g) in games() {
        let mut s = State::new(strengths(&g));
        for turn in 0..9 {
            let moves: [Move; DAIMYO] = std::array::from_fn(|seat| applied(&g, turn, seat));
            s.play(&moves).unwrap();
            if turn == 4 {
                for seat in 0..DAIMYO {
                    let want = g["totals_after_turn5"][seat].as_f64().unwrap();
                    assert_eq!(
                        s.totals()[seat] as f64 / 12.0,
                        want,
                        "{name} after turn 5, seat {seat}"
                    );
                }
            }
        }
        let totals = s.totals();
        for seat in 0..DAIMYO {
            assert_eq!(
                totals[seat] as i64,
                g["totals_x12"][seat].as_i64().unwrap(),
                "{name} seat {seat}"
            );
            assert_eq!(totals[seat] as f64 / 12.0, g["totals"][seat].as_f64().unwrap(), "{name}");
        }
        let want = g["winner"].as_u64().map(|w| w as usize);
        assert_eq!(winner(&totals), want, "{name}");
        draws += want.is_none() as usize;
    }
    assert!(draws > 0, "some fixtures are draws");
}

#[test]
fn rendered_views_are_the_bytes_each_seat_received() {
    for (name, g) in games() {
        let st = strengths(&g);
        let mut s = State::new(st);
        let mut rendered: [Vec<String>; DAIMYO] = Default::default();
        for turn in 0..9 {
            for (seat, r) in rendered.iter_mut().enumerate() {
                let mut text = String::new();
                render(&View::of_seat(&s, seat), &st, &mut text);
                r.push(text);
            }
            s.play(&std::array::from_fn(|seat| applied(&g, turn, seat))).unwrap();
        }
        for seat in 0..DAIMYO {
            let input = g["inputs"][seat].as_str().unwrap();
            // A program the manager killed or that exited was sent only the turns up to then.
            let received = (1..=9).find(|&k| rendered[seat][..k].concat() == input);
            let outs = g["outputs"][seat].as_array().unwrap().len();
            match received {
                Some(k) => assert!(k == 9 || k >= outs, "{name} seat {seat}: {k} turns"),
                None => panic!("{name} seat {seat}: rendered views differ from the recorded input"),
            }
        }
    }
}

#[test]
fn recorded_inputs_parse_to_the_referee_views() {
    for (name, g) in games() {
        let st = strengths(&g);
        let mut s = State::new(st);
        let mut expected: [Vec<View>; DAIMYO] = Default::default();
        for turn in 0..9 {
            for (seat, e) in expected.iter_mut().enumerate() {
                e.push(View::of_seat(&s, seat));
            }
            s.play(&std::array::from_fn(|seat| applied(&g, turn, seat))).unwrap();
        }
        for (seat, want) in expected.iter().enumerate() {
            let input = g["inputs"][seat].as_str().unwrap();
            let (got_st, views) =
                parse_stream(input.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(got_st, st, "{name}");
            assert_eq!(views[..], want[..views.len()], "{name} seat {seat}");
        }
    }
}
