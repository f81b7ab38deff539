//! `daimyo-lab calibrate`: the estimates of an `--out` file made here against its results, turn by
//! turn, the sure games and the night guesses, computed again from the file's inputs; the sides
//! of a test apart; and what it says of files it cannot use.

use crate::common::{Lcg, cells, cli as lab, scratch_path};
use daimyo::workshop::arena::referee::{GameRecord, SeatRecord};
use daimyo::workshop::arena::{CONFIDENCE_Z, out_line};
use daimyo::workshop::records::{Estimate, NightEstimate, OutLine};
use daimyo_engine::rules::{
    DAIMYO, LORDS, Move, State, TURNS, first_place_shares, strengths_from_seed, winner,
};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    scratch_path("calibrate", name)
}

/// The split of night `turn` that the moves show, by seat, but `seat`'s; `wrong` changes one
/// seat's picks.
fn split(
    commands: &[[Move; DAIMYO]],
    turn: u8,
    seat: usize,
    wrong: bool,
) -> [Option<[u8; LORDS]>; DAIMYO] {
    let mut split: [Option<[u8; LORDS]>; DAIMYO] = std::array::from_fn(|s| {
        (s != seat).then(|| commands[turn as usize - 1][s].counts().to_array())
    });
    if wrong {
        let other = (seat + 1) % DAIMYO;
        let two_on_0 = [2, 0, 0, 0, 0, 0];
        let changed = if split[other] == Some(two_on_0) { [0, 2, 0, 0, 0, 0] } else { two_on_0 };
        split[other] = Some(changed);
    }
    split
}

/// What the test expects of one seat-game of the bot.
struct Expected {
    seed: u32,
    result: f64,
    wins: Vec<f64>,
    /// For nights 2, 4, 6, 8: the probability of the guess calibrate must take, and whether
    /// it is right.
    nights: [(f64, bool); 4],
}

/// An `--out` file of 3 seeds in their 4 rotations, `bot` in seat `rotation` with its estimates
/// and `x` elsewhere with none; and what is expected of the bot's seat-games.
fn hand_made() -> (String, Vec<Expected>) {
    let mut lcg = Lcg(7);
    // The run line, which calibrate skips.
    let run = r#"{"run":{"daimyo":"0.1.0","entrants":[{"label":"bot"},{"label":"x"}],"sides":[0],"opponents":{"fixed":[1,1,1]},"first_seed":11,"seeds":3}}"#;
    let mut file = format!("{run}\n");
    let mut expected = Vec::new();
    for seed in 11..14u32 {
        for rotation in 0..DAIMYO {
            let i = expected.len();
            let commands = lcg.game();
            let strengths = strengths_from_seed(seed);
            let mut state = State::new(strengths);
            commands.iter().for_each(|m| state.play(m).unwrap());
            let totals_x12 = state.totals();
            let seat = rotation;
            // Estimates of every turn but turn 6 in game 5, sure (0.9 or more) at turn 9 in
            // some games, exactly 0.9 in one.
            let wins: Vec<f64> = (1..=TURNS)
                .map(|t| match (t, i % 4) {
                    (9, 0) => 0.9,
                    (9, 1) => 0.95 + 0.01 * (i % 3) as f64,
                    _ => ((i as u64 * 7 + t as u64 * 3) % 17) as f64 / 16.0,
                })
                .collect();
            let probability =
                |night: u8, at: u8| 0.05 * night as f64 + 0.01 * at as f64 + 0.001 * i as f64;
            // The guesses calibrate takes (turn 5 for nights 2 and 4, turn 9 for 6 and 8), and
            // earlier ones of the other rightness, which it must not take.
            let right = [i % 2 == 0, i % 3 == 0, i % 4 != 3, i % 2 == 1];
            let guess = |night: u8, at: u8, right: bool| NightEstimate {
                turn: night,
                split: split(&commands, night, seat, !right),
                probability: probability(night, at),
            };
            let mut estimates = Vec::new();
            for t in (1..=TURNS).filter(|&t| !(t == 6 && i == 5)) {
                let nights = match t {
                    3 | 4 => vec![guess(2, t, !right[0])],
                    5 => vec![guess(2, 5, right[0]), guess(4, 5, right[1])],
                    7 => vec![guess(6, 7, !right[2])],
                    8 => vec![guess(6, 8, !right[2])],
                    9 => vec![guess(6, 9, right[2]), guess(8, 9, right[3])],
                    _ => Vec::new(),
                };
                estimates.push(Estimate { turn: t, win: wins[t as usize - 1], nights });
            }
            let mut seats: [SeatRecord; DAIMYO] = Default::default();
            seats[seat].estimates = estimates;
            let g =
                GameRecord { strengths, commands, totals_x12, winner: winner(&totals_x12), seats };
            let labels: [&str; DAIMYO] =
                std::array::from_fn(|s| if s == seat { "bot" } else { "x" });
            file += &format!("{}\n", out_line(seed, rotation, None, &labels, &g).line());
            let mut wins = wins;
            if i == 5 {
                wins[5] = f64::NAN;
            }
            expected.push(Expected {
                seed,
                result: first_place_shares(&totals_x12)[seat] as f64 / 12.0,
                wins,
                nights: [
                    (probability(2, 5), right[0]),
                    (probability(4, 5), right[1]),
                    (probability(6, 9), right[2]),
                    (probability(8, 9), right[3]),
                ],
            });
        }
    }
    (file, expected)
}

/// The lines of one entrant's account in calibrate's output: from its heading to the blank
/// line after it.
fn section<'a>(out: &'a str, name: &str) -> Vec<&'a str> {
    let start = out.lines().position(|l| l.starts_with(&format!("{name}: "))).unwrap();
    out.lines().skip(start).take_while(|l| !l.is_empty()).collect()
}

/// The rows of the table that starts at the line beginning with `head`, by cells.
fn rows(lines: &[&str], head: &str) -> Vec<Vec<String>> {
    let start = lines.iter().position(|l| l.starts_with(head)).unwrap();
    lines[start + 1..].iter().map(|l| cells(l)).take_while(|c| c[0].parse::<u8>().is_ok()).collect()
}

fn num(cell: &str) -> f64 {
    cell.parse().unwrap_or_else(|_| panic!("{cell}"))
}

/// A printed number is the value rounded to its 3 decimals.
fn close(cell: &str, want: f64, what: &str) {
    assert!((num(cell) - want).abs() <= 0.0005 + 1e-9, "{what}: printed {cell}, want {want}");
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

#[test]
fn calibrate_compares_the_estimates_with_the_results() {
    let (file, expected) = hand_made();
    let path = scratch("hand-made.jsonl");
    std::fs::write(&path, &file).unwrap();
    let (code, out, err) = lab(&["calibrate", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("calibrate: 1 file, 12 games, 12 seat-games with estimates\n"),
        "{out}"
    );
    assert!(!out.lines().any(|l| l.starts_with("x: ")), "x has no estimates: {out}");
    let results: Vec<f64> = expected.iter().map(|e| e.result).collect();
    assert!(results.contains(&1.0) && results.contains(&0.0), "wins and losses: {results:?}");

    let bot = section(&out, "bot");
    assert!(bot[0].starts_with("bot: 12 seat-games with estimates, of 3 seeds"), "{}", bot[0]);
    let turns = rows(&bot, "turn ");
    assert_eq!(turns.len(), 9);
    for row in &turns {
        let t: usize = row[0].parse().unwrap();
        let games: Vec<&Expected> = expected.iter().filter(|e| !e.wins[t - 1].is_nan()).collect();
        let est: Vec<f64> = games.iter().map(|e| e.wins[t - 1]).collect();
        let res: Vec<f64> = games.iter().map(|e| e.result).collect();
        let (m_est, m_res) = (mean(&est), mean(&res));
        assert_eq!(row[1], games.len().to_string(), "turn {t}: games");
        close(&row[2], m_est, "mean estimate");
        close(&row[3], m_res, "mean result");
        let brier: Vec<f64> = est.iter().zip(&res).map(|(e, r)| (e - r).powi(2)).collect();
        close(&row[5], mean(&brier), "Brier");
        let constant: Vec<f64> = res.iter().map(|r| (r - m_res).powi(2)).collect();
        close(&row[6], mean(&constant), "Brier of the mean");
        let (difference, half) = row[4].split_once(" ± ").unwrap();
        close(difference, m_est - m_res, "estimate − result");
        if t != 6 {
            // The seeds' mean differences, all of 4 games: the interval of their mean.
            let by_seed: Vec<f64> = (11..14)
                .map(|s| {
                    let d: Vec<f64> = games
                        .iter()
                        .filter(|e| e.seed == s)
                        .map(|e| e.wins[t - 1] - e.result)
                        .collect();
                    mean(&d)
                })
                .collect();
            let m = mean(&by_seed);
            let variance = by_seed.iter().map(|d| (d - m).powi(2)).sum::<f64>() / 2.0;
            close(half, CONFIDENCE_Z * (variance / 3.0).sqrt(), "half-width");
        }
    }
    assert_eq!(turns[5][1], "11", "game 5 has no estimate at turn 6");

    let sure: Vec<&Expected> = expected.iter().filter(|e| e.wins[8] >= 0.9).collect();
    assert_eq!(sure.len(), 6, "games 0, 1, 4, 5, 8, 9");
    let sure_est: Vec<f64> = sure.iter().map(|e| e.wins[8]).collect();
    let sure_res: Vec<f64> = sure.iter().map(|e| e.result).collect();
    let not_first = sure.iter().filter(|e| e.result == 0.0).count();
    let expected_not_first: f64 = sure_est.iter().map(|e| 1.0 - e).sum();
    let line = bot.iter().find(|l| l.starts_with("sure at turn 9")).unwrap();
    let want = format!(
        "sure at turn 9 (estimate 0.9 or more): 6 of 12, mean estimate {:.3}, mean result {:.3}; \
         not first in {not_first}, where the estimates expected {expected_not_first:.2}",
        mean(&sure_est),
        mean(&sure_res)
    );
    assert_eq!(*line, want);

    let nights = rows(&bot, "night ");
    assert_eq!(nights.len(), 4);
    for (k, row) in nights.iter().enumerate() {
        assert_eq!(row[0], (2 * k + 2).to_string());
        assert_eq!(row[1], "12");
        assert_eq!(row[2], if k < 2 { "5" } else { "9" }, "the last guess before the reveal");
        let probability: Vec<f64> = expected.iter().map(|e| e.nights[k].0).collect();
        close(&row[3], mean(&probability), "night probability");
        let right: Vec<f64> = expected.iter().map(|e| e.nights[k].1 as u8 as f64).collect();
        close(&row[4], mean(&right), "night right");
        let (low, high) = row[5].split_once('–').unwrap();
        assert!(num(low) <= num(&row[4]) && num(&row[4]) <= num(high), "{row:?}");
    }
}

#[test]
fn calibrate_takes_the_sides_of_a_test_apart() {
    let (file, _) = hand_made();
    let mut sides = String::new();
    for (i, line) in file.lines().skip(1).take(8).enumerate() {
        let mut g: OutLine = serde_json::from_str(line).unwrap();
        g.side = Some(if i < 4 { "A" } else { "B" }.into());
        sides += &format!("{}\n", g.line());
    }
    let (one, two) = (scratch("side-1.jsonl"), scratch("side-2.jsonl"));
    std::fs::write(&one, &sides).unwrap();
    std::fs::write(&two, file.lines().nth(9).unwrap()).unwrap();
    let (code, out, err) = lab(&["calibrate", one.to_str().unwrap(), two.to_str().unwrap()]);
    let _ = (std::fs::remove_file(&one), std::fs::remove_file(&two));
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("calibrate: 2 files, 9 games, 9 seat-games with estimates\n"), "{out}");
    assert!(
        section(&out, "bot (A)")[0].starts_with("bot (A): 4 seat-games with estimates, of 1 seed")
    );
    assert!(
        section(&out, "bot (B)")[0].starts_with("bot (B): 4 seat-games with estimates, of 1 seed")
    );
    assert!(section(&out, "bot")[0].starts_with("bot: 1 seat-game with estimates, of 1 seed"));
}

#[test]
fn calibrate_says_what_it_cannot_read() {
    let path = scratch("bad.jsonl");
    let p = path.to_str().unwrap();
    let (file, _) = hand_made();
    let lines: Vec<&str> = file.lines().collect();

    // No estimates anywhere: how to get them.
    let mut plain = String::new();
    for line in &lines[1..4] {
        let mut g: OutLine = serde_json::from_str(line).unwrap();
        g.estimates = Default::default();
        plain += &format!("{}\n", g.line());
    }
    std::fs::write(&path, &plain).unwrap();
    let (code, out, err) = lab(&["calibrate", p]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains(&format!("none of the 3 games of {p} has estimates")), "{err}");
    assert!(err.contains("bot") && err.contains("external programs report none"), "{err}");

    // A line that is not a game, and an estimate that is no probability: the file and line.
    let broken = format!("{}\n{}\n{{\"seed\": 3,\n{}\n", lines[0], lines[1], lines[2]);
    let unlikely = format!("{}\n{}\n", lines[1], lines[2].replacen("\"win\":", "\"win\":1", 1));
    for (text, says) in
        [(broken, "line 3: not JSON"), (unlikely, "line 2: estimates: seat 1, turn 1: win 1")]
    {
        std::fs::write(&path, text).unwrap();
        let (code, out, err) = lab(&["calibrate", p]);
        assert_eq!((code, out.as_str()), (1, ""));
        assert!(err.starts_with(&format!("daimyo-lab calibrate: {p}: {says}")), "{says}: {err}");
    }
    std::fs::remove_file(&path).unwrap();

    let (code, _, err) = lab(&["calibrate"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = lab(&["calibrate", "--game", "1", p]);
    assert!(code == 2 && err.contains("--game"), "{err}");
    let (code, _, err) = lab(&["calibrate", p]);
    assert!(code == 1 && err.contains(p), "{err}");
    let (_, help, _) = lab(&["--help"]);
    assert!(help.contains("daimyo-lab calibrate FILE..."), "{help}");
}
