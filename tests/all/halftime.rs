//! `daimyo halftime`: the turn-5 points and margins of an `--out` file made here, worked out
//! again from the games' moves by a plain count of intimacies, against what it prints; the sides
//! of a test apart; and what it says of files it cannot use.

use crate::common::{Lcg, cells, cli as daimyo, scratch_path};
use daimyo::workshop::arena::referee::GameRecord;
use daimyo::workshop::arena::{CONFIDENCE_Z, out_line};
use daimyo_engine::rules::{
    DAIMYO, LORDS, Move, Phase, State, first_place_shares, strengths_from_seed, winner,
};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    scratch_path("halftime", name)
}

/// The turn-5 scores in points, counted the plain way: a day pick adds 1 to the intimacy, a
/// night pick 2; each lord's strength is shared by the daimyos that hold its highest intimacy
/// and taken, shared the same way, from those that hold its lowest.
fn turn5(strengths: &[u8; LORDS], commands: &[[Move; DAIMYO]]) -> [f64; DAIMYO] {
    let mut intimacy = [[0u32; LORDS]; DAIMYO];
    for (t, moves) in commands.iter().take(5).enumerate() {
        let weight = if Phase::of_turn(t as u8 + 1) == Phase::Day { 1 } else { 2 };
        for (d, m) in moves.iter().enumerate() {
            for &l in m.lords() {
                intimacy[d][l as usize] += weight;
            }
        }
    }
    let mut points = [0.0; DAIMYO];
    for (l, &m) in strengths.iter().enumerate() {
        let column: Vec<u32> = (0..DAIMYO).map(|d| intimacy[d][l]).collect();
        let (hi, lo) = (*column.iter().max().unwrap(), *column.iter().min().unwrap());
        let tops = column.iter().filter(|&&x| x == hi).count() as f64;
        let bottoms = column.iter().filter(|&&x| x == lo).count() as f64;
        for d in 0..DAIMYO {
            if column[d] == hi {
                points[d] += m as f64 / tops;
            }
            if column[d] == lo {
                points[d] -= m as f64 / bottoms;
            }
        }
    }
    points
}

/// One seat-game as the test expects it.
struct Seat {
    seed: u32,
    points: f64,
    margin: f64,
    result: f64,
}

/// The lines of `n` seeds in their 4 rotations, entrant `a` in seat `rotation` and `b`
/// elsewhere, each line marked `side`; and the seat-games of `a` and of `b`.
fn games(n: u32, first: u32, side: Option<&str>, (a, b): (&str, &str)) -> (String, [Vec<Seat>; 2]) {
    let mut lcg = Lcg(first as u64);
    let (mut lines, mut seats) = (String::new(), [Vec::new(), Vec::new()]);
    for seed in first..first + n {
        for rotation in 0..DAIMYO {
            let commands = lcg.game();
            let strengths = strengths_from_seed(seed);
            let mut state = State::new(strengths);
            commands.iter().for_each(|m| state.play(m).unwrap());
            let totals_x12 = state.totals();
            let g = GameRecord {
                strengths,
                commands: commands.clone(),
                totals_x12,
                winner: winner(&totals_x12),
                seats: Default::default(),
            };
            let labels: [&str; DAIMYO] = std::array::from_fn(|s| if s == rotation { a } else { b });
            lines += &format!("{}\n", out_line(seed, rotation, side, &labels, &g).line());
            let points = turn5(&strengths, &commands);
            let shares = first_place_shares(&totals_x12);
            for s in 0..DAIMYO {
                let best =
                    (0..DAIMYO).filter(|&o| o != s).map(|o| points[o]).fold(f64::MIN, f64::max);
                let seat = Seat {
                    seed,
                    points: points[s],
                    margin: points[s] - best,
                    result: shares[s] as f64 / 12.0,
                };
                seats[(s != rotation) as usize].push(seat);
            }
        }
    }
    (lines, seats)
}

fn run_line(labels: &[&str]) -> String {
    let entrants: Vec<String> = labels.iter().map(|l| format!(r#"{{"label":"{l}"}}"#)).collect();
    format!(
        r#"{{"run":{{"daimyo":"0.1.0","entrants":[{}],"sides":[0],"opponents":{{"fixed":[1,1,1]}},"first_seed":11,"seeds":3}}}}"#,
        entrants.join(",")
    ) + "\n"
}

fn mean(seats: &[&Seat], f: impl Fn(&Seat) -> f64) -> f64 {
    seats.iter().map(|s| f(s)).sum::<f64>() / seats.len() as f64
}

/// The mean and the half-width of its 95% interval, the seed the block.
fn blocked(seats: &[Seat], f: impl Fn(&Seat) -> f64) -> (f64, f64) {
    let mut seeds: Vec<u32> = seats.iter().map(|s| s.seed).collect();
    seeds.dedup();
    let n = seats.len() as f64;
    let m = seats.iter().map(&f).sum::<f64>() / n;
    let k = seeds.len() as f64;
    let spread: f64 = seeds
        .iter()
        .map(|&seed| {
            let block: Vec<&Seat> = seats.iter().filter(|s| s.seed == seed).collect();
            (block.iter().map(|s| f(s)).sum::<f64>() - m * block.len() as f64).powi(2)
        })
        .sum();
    (m, CONFIDENCE_Z * (k / (k - 1.0) * spread / (n * n)).sqrt())
}

/// The cells of the row of `name` in the table whose head starts with `head`.
fn row(out: &str, head: &str, name: &str) -> Vec<String> {
    let start = out.lines().position(|l| l.starts_with(head)).unwrap_or_else(|| panic!("{out}"));
    let line = out.lines().skip(start + 1).find(|l| l.starts_with(&format!("{name}  ")));
    cells(line.unwrap_or_else(|| panic!("no row {name}: {out}")))
}

/// A printed `+1.25 ± 0.40` against the mean and half-width wanted, to the printed 2 decimals.
fn interval(cell: &str, (m, half): (f64, f64), what: &str) {
    let (printed_m, printed_half) =
        cell.split_once(" ± ").unwrap_or_else(|| panic!("{what}: {cell}"));
    let close =
        |printed: &str, want: f64| (printed.parse::<f64>().unwrap() - want).abs() <= 0.005 + 1e-9;
    assert!(
        close(printed_m, m) && close(printed_half, half),
        "{what}: {cell}, want {m:.4} ± {half:.4}"
    );
}

fn number(cell: &str, want: f64, what: &str) {
    let printed: f64 = cell.parse().unwrap_or_else(|_| panic!("{what}: {cell}"));
    assert!((printed - want).abs() <= 0.005 + 1e-9, "{what}: printed {cell}, want {want:.4}");
}

#[test]
fn halftime_works_out_the_turn_5_scores_and_sets_them_against_the_results() {
    let (lines, seats) = games(12, 11, None, ("bot", "x"));
    let path = scratch("one.jsonl");
    std::fs::write(&path, run_line(&["bot", "x"]) + &lines).unwrap();
    let (code, out, err) = daimyo(&["halftime", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("halftime: 1 file, 48 games, 192 seat-games\n"), "{out}");
    let mut some_margins = [0; 5];
    for (name, seats) in [("bot", &seats[0]), ("x", &seats[1])] {
        let all: Vec<&Seat> = seats.iter().collect();
        let r = row(&out, "entrant  ", name);
        assert_eq!(r[1], seats.len().to_string(), "{name}: seat-games");
        let share = format!("{:.1}%", 100.0 * mean(&all, |s| s.result));
        assert_eq!(r[2], share, "{name}: win share");
        interval(&r[3], blocked(seats, |s| s.points), "points at 5");
        interval(&r[4], blocked(seats, |s| s.margin), "margin at 5");
        let won: Vec<&Seat> = seats.iter().filter(|s| s.result > 0.0).collect();
        let lost: Vec<&Seat> = seats.iter().filter(|s| s.result == 0.0).collect();
        assert!(!won.is_empty() && !lost.is_empty(), "the test's games need both");
        number(&r[5], mean(&won, |s| s.margin), "margin in wins");
        number(&r[6], mean(&lost, |s| s.margin), "margin in losses");
        // The bands: each seat-game in one, at its margin.
        let bands: [fn(f64) -> bool; 5] = [
            |m| m <= -3.0,
            |m| -3.0 < m && m < 0.0,
            |m| m == 0.0,
            |m| 0.0 < m && m < 3.0,
            |m| m >= 3.0,
        ];
        let b = row(&out[out.find("by margin at 5").unwrap()..], "entrant  ", name);
        for (i, band) in bands.iter().enumerate() {
            let these: Vec<&Seat> = seats.iter().filter(|s| band(s.margin)).collect();
            some_margins[i] += these.len();
            let want = match these.len() {
                0 => "- (0)".to_string(),
                n => format!("{:.1}% ({n})", 100.0 * mean(&these, |s| s.result)),
            };
            assert_eq!(b[i + 1], want, "{name}: band {i}");
        }
    }
    assert!(
        some_margins.iter().all(|&n| n > 0),
        "the test's games reach every band: {some_margins:?}"
    );
    let _ = std::fs::remove_file(path);
}

#[test]
fn halftime_takes_the_sides_of_a_test_apart() {
    let (a, seats_a) = games(2, 21, Some("A"), ("bot", "x"));
    let (b, seats_b) = games(2, 21, Some("B"), ("bot:rate=5", "x"));
    let path = scratch("sides.jsonl");
    std::fs::write(&path, run_line(&["bot", "bot:rate=5", "x"]) + &a + &b).unwrap();
    let (code, out, err) = daimyo(&["halftime", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    for (name, seats) in
        [("bot (A)", &seats_a[0]), ("x (A)", &seats_a[1]), ("bot:rate=5 (B)", &seats_b[0])]
    {
        let r = row(&out, "entrant  ", name);
        assert_eq!(r[1], seats.len().to_string(), "{name}");
        interval(&r[4], blocked(seats, |s| s.margin), name);
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn halftime_says_what_it_cannot_use() {
    let (code, out, err) = daimyo(&["halftime"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("which files?"), "{err}");
    let (code, _, err) = daimyo(&["halftime", "--games", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown option '--games'"), "{err}");

    let missing = scratch("missing.jsonl");
    let (code, out, err) = daimyo(&["halftime", missing.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("daimyo halftime: ") && err.contains("missing.jsonl"), "{err}");

    let empty = scratch("empty.jsonl");
    std::fs::write(&empty, run_line(&["bot", "x"])).unwrap();
    let (code, out, err) = daimyo(&["halftime", empty.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no games"), "{err}");

    // A replay whose turn 2 names a day move's five lords instead of a night's two: the line
    // and the turn are named.
    let (lines, _) = games(1, 31, None, ("bot", "x"));
    let first = lines.lines().next().unwrap();
    let commands = first.find(r#""commands":["#).expect("the replay's moves");
    let turn2 = commands + first[commands..].find("],[[").expect("turn 2") + 2;
    let broken = format!(
        "{}[[0,0,0,0,0]{}",
        &first[..turn2],
        &first[turn2 + first[turn2..].find(']').unwrap() + 1..]
    );
    let bad = scratch("bad.jsonl");
    std::fs::write(&bad, run_line(&["bot", "x"]) + &broken + "\n").unwrap();
    let (code, out, err) = daimyo(&["halftime", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("line 2") && err.contains("turn 2"), "{err}");
    for p in [empty, bad] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn the_contests_records_are_read_as_arena_games() {
    // The real world-final line-up against the bot: every seat-game counted under its label,
    // the win shares the records' winners give (ties split), and each entrant's points at
    // the turn-5 scoring the mean of the manager's own turn-5 totals.
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/field-games/daimyo-finalists-7001.jsonl");
    let (code, out, err) = daimyo(&["halftime", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("halftime: 1 file, 100 games, 400 seat-games"), "{out}");
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for label in ["daimyo", "orig-tables", "orig-planner", "orig-margins"] {
        let (mut share, mut points) = (0.0, 0.0);
        for g in &lines {
            let seat = (0..DAIMYO).find(|&s| g["labels"][s] == label).unwrap();
            let totals: Vec<i32> =
                (0..DAIMYO).map(|s| g["totals_x12"][s].as_i64().unwrap() as i32).collect();
            share += first_place_shares(&totals.try_into().unwrap())[seat] as f64 / 12.0;
            points += g["totals_after_turn5"][seat].as_f64().unwrap();
        }
        let row = out.lines().find(|l| l.starts_with(&format!("{label} "))).unwrap();
        let c = cells(row);
        assert_eq!(c[1], "100", "{row}");
        assert_eq!(c[2], format!("{:.1}%", share), "{row}");
        assert!(c[3].starts_with(&format!("{:+.2} ", points / 100.0)), "{row}");
    }
    assert!(out.contains("\ndaimyo               100      40.0%"), "{out}");
}

#[test]
fn halftime_shows_each_lord_by_strength_as_the_moves_left_it() {
    let (n, first) = (6, 31);
    let (lines, _) = games(n, first, None, ("bot", "x"));
    let path = scratch("lords.jsonl");
    std::fs::write(&path, run_line(&["bot", "x"]) + &lines).unwrap();
    let (code, out, err) = daimyo(&["halftime", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // The same games again, counted the plain way for the seat `bot` played (seat `rotation`).
    // By rank: the intimacy added at each turn, held, the best other's, first, last, points.
    let mut want = [[0.0f64; 10]; LORDS];
    let mut lcg = Lcg(first as u64);
    let mut seat_games = 0.0;
    for seed in first..first + n {
        let strengths = strengths_from_seed(seed);
        let mut ranked: Vec<usize> = (0..LORDS).collect();
        ranked.sort_by_key(|&l| (std::cmp::Reverse(strengths[l]), l));
        for rotation in 0..DAIMYO {
            let commands = lcg.game();
            let mut held = [[0u32; LORDS]; DAIMYO];
            let mut added = [[0u32; 5]; LORDS];
            for (t, moves) in commands.iter().take(5).enumerate() {
                let weight = if t % 2 == 0 { 1 } else { 2 };
                for (d, m) in moves.iter().enumerate() {
                    for &l in m.lords() {
                        held[d][l as usize] += weight;
                        if d == rotation {
                            added[l as usize][t] += weight;
                        }
                    }
                }
            }
            seat_games += 1.0;
            for (rank, &l) in ranked.iter().enumerate() {
                let column: Vec<u32> = (0..DAIMYO).map(|d| held[d][l]).collect();
                let others: Vec<u32> =
                    (0..DAIMYO).filter(|&d| d != rotation).map(|d| column[d]).collect();
                let (hi, lo) = (*others.iter().max().unwrap(), *others.iter().min().unwrap());
                let mine = column[rotation];
                let (top, bottom) = (*column.iter().max().unwrap(), *column.iter().min().unwrap());
                let count = |x: u32| column.iter().filter(|&&c| c == x).count() as f64;
                let mut points = 0.0;
                if mine == top {
                    points += strengths[l] as f64 / count(top);
                }
                if mine == bottom {
                    points -= strengths[l] as f64 / count(bottom);
                }
                let w = &mut want[rank];
                for t in 0..5 {
                    w[t] += added[l][t] as f64;
                }
                w[5] += mine as f64;
                w[6] += hi as f64;
                w[7] += (mine >= hi) as u8 as f64;
                w[8] += (mine <= lo) as u8 as f64;
                w[9] += points;
            }
        }
    }
    let section = &out[out.find("by lord at 5").expect("the section")..];
    let head = section.lines().position(|l| l.starts_with("entrant  ")).expect("a head");
    let rows: Vec<Vec<String>> =
        section.lines().skip(head + 1).filter(|l| l.starts_with("bot  ")).map(cells).collect();
    assert_eq!(rows.len(), LORDS, "a row a lord: {section}");
    let mut apart = 0.0f64;
    for (rank, (row, w)) in rows.iter().zip(&want).enumerate() {
        assert_eq!(row[1], (rank + 1).to_string());
        let w = w.map(|x| x / seat_games);
        for i in 0..7 {
            number(&row[2 + i], w[i], &format!("lord {} column {i}", rank + 1));
        }
        for (i, what) in [(7, "first"), (8, "last")] {
            assert_eq!(row[2 + i], format!("{:.1}%", 100.0 * w[i]), "lord {}: {what}", rank + 1);
        }
        number(&row[11], w[9], &format!("lord {}: points", rank + 1));
        apart = apart.max((w[0] - w[3]).abs());
    }
    assert!(apart > 0.1, "the games' picks differ from turn to turn");
    let _ = std::fs::remove_file(path);
}
