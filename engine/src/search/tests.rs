use super::*;
use crate::agent::LocalGame;
use crate::timeman::Budget;

use crate::model::PickModel;
use crate::params::{FOUNDATION, Rivals, SearchParams};
use crate::styles::field::Field;

/// The bot with the described components alone.
const BOT: SearchParams = crate::params::bot(Field::DESCRIBED);
use crate::rules::{DAIMYO, Row, TURNS, first_place_shares, score};
use std::time::Instant;

/// The bot with each phase of its halving in `stages` stages, a learning step after each.
fn staged(stages: usize) -> Params {
    let mut p = BOT;
    p.own.as_mut().expect("the bot learns").stages = stages;
    p
}

pub(super) fn budget(n: u64) -> Limits {
    Limits::rollouts(n)
}

/// A candidate's move (by its counts), credit, margin and rollouts.
type Judged = (crate::rules::Row, u64, i64, u64);

/// The rollouts of a search of `n` on one thread and every candidate as judged, in the order of
/// its move.
fn by_move(pos: &Position, params: &Params, n: u64, seed: u64) -> (u64, Vec<Judged>) {
    let r = search(pos, params, &budget(n), seed);
    let mut t: Vec<Judged> =
        r.ranked.iter().map(|(m, t)| (m.counts(), t.credit, t.margin, t.rollouts)).collect();
    t.sort();
    (r.rollouts, t)
}

/// The search on one thread.
fn search(pos: &Position, params: &Params, limits: &Limits, seed: u64) -> SearchResult {
    search_on(1, pos, params, limits, seed)
}

fn search_on(
    threads: usize,
    pos: &Position,
    params: &Params,
    limits: &Limits,
    seed: u64,
) -> SearchResult {
    let forecast = Forecast::new(pos, &params.rivals, None);
    Searcher::new(threads).search(pos, &forecast, params, limits, seed)
}

/// A game with the same moves every day and every night, up to `turn`, seen by seat 0.
pub(super) fn scripted(upto: u8) -> LocalGame {
    let mut t = LocalGame::new([5, 3, 6, 4, 3, 4]);
    let day = [[0, 0, 2, 2, 3], [2, 2, 2, 5, 1], [3, 3, 0, 4, 4], [5, 5, 2, 0, 1]];
    let night = [[2, 2], [0, 3], [1, 5], [2, 4]];
    while t.state.turn < upto {
        let m = match t.state.phase() {
            Phase::Day => day.map(|l| Move::new(&l).unwrap()),
            Phase::Night => night.map(|l| Move::new(&l).unwrap()),
        };
        t.play(&m).unwrap();
    }
    t
}

#[test]
fn same_seed_same_move_and_statistics() {
    let pos = Position::initial([3, 4, 5, 6, 3, 4]);
    let a = search(&pos, &FOUNDATION, &budget(20_000), 5);
    let b = search(&pos, &FOUNDATION, &budget(20_000), 5);
    assert_eq!(a.best, b.best);
    assert_eq!(a.ranked[0].1.credit, b.ranked[0].1.credit);
    assert_eq!(a.ranked.len(), 252);
    assert!(a.rollouts >= 20_000);
}

#[test]
fn threads_share_the_rounds_without_changing_a_tally() {
    // Day and night, halving (stages down to 3 and 2 candidates, fewer than some thread
    // counts) and equal shares, budgets that do not divide into whole rounds or batches:
    // every candidate's tally and the rollout count are those of one thread. With a clock
    // that does not run out (an hour away) the budget ends every stage, the last one
    // answered as soon as its rounds are in, without the workers: the same tallies again.
    let day = scripted(3);
    let night = scripted(4);
    let cases = [
        (Position::initial([3, 4, 5, 6, 3, 4]), FOUNDATION, 10_007),
        (*day.known[0].position(), BOT, 30_001),
        (*night.known[0].position(), BOT, 9_999),
        (*night.known[0].position(), FOUNDATION, 333),
        (*day.known[0].position(), staged(1), 30_001),
        (*night.known[0].position(), staged(3), 9_999),
    ];
    for (pos, params, n) in cases {
        let run_on = |threads: usize, limits: Limits| {
            let r = search_on(threads, &pos, &params, &limits, 3);
            let tallies: Vec<_> =
                r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin, t.rollouts)).collect();
            (r.best, r.rollouts, tallies)
        };
        let in_an_hour = Instant::now() + std::time::Duration::from_secs(3600);
        let clocked = |threads| {
            let b = Budget { rollouts: Some(n), ..Budget::default() };
            let limits = Limits::for_turn(in_an_hour, &b);
            assert!(limits.deadline().is_some());
            run_on(threads, limits)
        };
        let one = run_on(1, budget(n));
        assert!(one.1 >= n && one.1 < n + 252, "{} rollouts for {n}", one.1);
        for threads in [2, 3] {
            let turn = pos.turn;
            assert_eq!(run_on(threads, budget(n)), one, "{threads} threads, turn {turn}");
        }
        for threads in [1, 2, 3] {
            assert_eq!(clocked(threads), one, "{threads} threads and a clock, turn {}", pos.turn);
        }
    }
}

#[test]
fn a_passed_deadline_still_answers_from_at_least_one_round() {
    // With the deadline already past, each worker plays at most one round a stage (it reads
    // the clock after its first), the search sees the deadline after the first stage of
    // halving and goes to its last stage with all 252 candidates, and the leader answers
    // from what is done, or plays one round itself if nothing is.
    let pos = Position::initial([3, 4, 5, 6, 3, 4]);
    let budget = Budget { time_ms: Some(0), ..Budget::default() };
    let limits = Limits::for_turn(Instant::now(), &budget);
    let res = search_on(3, &pos, &BOT, &limits, 1);
    assert!((252..=2 * 3 * 252).contains(&res.rollouts), "{}", res.rollouts);
    assert_eq!(res.rollouts % 252, 0, "whole rounds of every candidate");
    assert!(res.ranked[0].1.rollouts > 0, "the answer was played out");
    // A rollout budget, however large, does not lift the deadline.
    let budget = Budget { rollouts: Some(u64::MAX), ..budget };
    let res = search_on(3, &pos, &BOT, &Limits::for_turn(Instant::now(), &budget), 1);
    assert!((252..=2 * 3 * 252).contains(&res.rollouts), "{}", res.rollouts);
    assert!(res.ranked[0].1.rollouts > 0, "the answer was played out");
}

#[test]
fn the_largest_budget_ends_at_the_deadline() {
    // No rollout count can be reached here, so only the deadline ends each stage: the
    // search returns no sooner than it (a lower bound, whatever the machine's load).
    let pos = Position::initial([3, 4, 5, 6, 3, 4]);
    let budget = Budget { time_ms: Some(30), rollouts: Some(u64::MAX), ..Budget::default() };
    let started = Instant::now();
    let res = search_on(2, &pos, &BOT, &Limits::for_turn(started, &budget), 1);
    assert!(started.elapsed() >= std::time::Duration::from_millis(30), "{:?}", started.elapsed());
    assert!(res.rollouts >= 252 && res.ranked[0].1.rollouts > 0);
}

#[test]
fn rollouts_agree_with_the_rules_core() {
    // A real game up to turn 6 (no hidden night then, the turn-5 scores known). The search's
    // estimate for one move must match a plain simulation on `rules::State` with every
    // daimyo picking from the same model, within sampling error.
    let t = scripted(6);
    let (s, st, pos) = (t.state, t.state.strengths, t.known[0].position());
    assert_eq!(pos.turn, 6);
    let n = 40_000;
    let res = search(pos, &FOUNDATION, &budget(21 * n), 11);
    let mine = Move::new(&[2, 3]).unwrap();
    let est = res.ranked.iter().find(|(m, _)| m.counts() == mine.counts()).unwrap().1;

    let model = PickModel::prior(&st, 0.5, 2.0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let mut credit = 0u64;
    for _ in 0..n {
        let mut g = s;
        let mut first = true;
        while !g.is_over() {
            let ph = g.phase();
            let draw = |rng: &mut Xoshiro256PlusPlus| {
                let l: Vec<u8> = (0..ph.picks())
                    .map(|_| crate::model::forecast::draw_index(&model.p, rng) as u8)
                    .collect();
                Move::new(&l).unwrap()
            };
            let m: [Move; 4] =
                std::array::from_fn(|d| if d == 0 && first { mine } else { draw(&mut rng) });
            g.play(&m).unwrap();
            first = false;
        }
        credit += first_place_shares(&g.totals())[0] as u64;
    }
    let plain = credit as f64 / 12.0 / n as f64;
    let se = (plain * (1.0 - plain) / n as f64).sqrt() * 2f64.sqrt();
    assert!(
        (est.win_rate() - plain).abs() < 4.0 * se + 0.01,
        "search {} vs plain {plain}",
        est.win_rate()
    );
}

#[test]
fn halving_spends_the_budget_on_the_leaders() {
    let pos = Position::initial([3, 4, 5, 6, 3, 4]);
    let params = Params { allocation: Allocation::Halving { keep: 4 }, ..FOUNDATION };
    let res = search(&pos, &params, &budget(200_000), 5);
    let again = search(&pos, &params, &budget(200_000), 5);
    assert_eq!(res.best, again.best, "reproducible");
    let top = res.ranked[0].1.rollouts;
    let last = res.ranked[251].1.rollouts;
    // 252 -> 126 -> 63 -> 31 -> 15 -> 7 -> 3: six halvings and a final phase, each a
    // seventh of the budget; the dropped first half got only the first slice.
    assert!(top > 20 * last, "top {top}, last {last}");
    assert!(res.rollouts >= 200_000 && res.rollouts < 200_000 + 252);
}

#[test]
fn the_gate_switches_every_later_turn_to_uniform_play() {
    // A turn-3 position after a scripted opening. A gate just under the others' uniform
    // share fires, and the search is then exactly the one with every later turn uniformly
    // random; a gate just over it does not, and the search is exactly the ungated one.
    let t = scripted(3);
    let pos = t.known[0].position();
    let run = |gate: f64| {
        let p = Params {
            rivals: Rivals::Modelled {
                model: crate::params::ModelParams::of(Field::DESCRIBED),
                gate,
            },
            ..BOT
        };
        let r = search(pos, &p, &budget(30_000), 7);
        (r.best, r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin)).collect::<Vec<_>>())
    };
    let Forecast::Modelled(l) = Forecast::new(pos, &BOT.rivals, None) else {
        panic!("a learnt model")
    };
    let share = l.now.uniform_share(&l.params);
    assert!((0.05..0.95).contains(&share), "{share}");
    // Under 0 the gate always fires (every later turn uniform), over 1 never.
    assert_eq!(run(share - 0.01), run(-1.0));
    assert_eq!(run(share + 0.01), run(2.0));
    assert_ne!(run(-1.0).1, run(2.0).1, "the regimes differ");
}

#[test]
fn the_search_learns_its_own_later_moves_after_the_first_stage() {
    // The bot's later policy starts as the model's and changes after each stage: the candidates
    // dropped at the first halving were judged by the model's policy alone (the same tallies
    // as without learning), the survivors by a learnt one as well (other tallies).
    let pos = *scripted(3).known[0].position();
    let learning = staged(1);
    let off = Params { own: None, ..learning };
    let tallies = |params: &Params| by_move(&pos, params, 50_000, 4).1;
    let (learnt, fixed) = (tallies(&learning), tallies(&off));
    let first = learnt.iter().map(|t| t.3).min().unwrap();
    let (mut same, mut other) = (0, 0);
    for (a, b) in learnt.iter().zip(&fixed) {
        assert_eq!(a.0, b.0);
        if a.3 == first || b.3 == first {
            assert_eq!(a, b, "dropped after the first stage");
            same += 1;
        } else if a.1 != b.1 {
            other += 1;
        }
    }
    assert_eq!(same, 126);
    assert!(other >= 100, "{other} of 126 survivors judged otherwise");
}

#[test]
fn staged_learning_keeps_each_phases_share_and_changes_its_judgement() {
    // Learning steps within a phase leave the halving's shares as they were: the candidates
    // play the rollouts they play with one stage a phase, up to the rounding of the stages'
    // shares. But the policy that judges the later stages has moved, so the candidates
    // dropped in the first phase are judged otherwise, though half that phase is the same.
    let pos = *scripted(3).known[0].position();
    let run = |params: &Params| by_move(&pos, params, 60_000, 8);
    let one = run(&staged(1));
    let first_phase = one.1.iter().map(|t| t.3).min().unwrap();
    let shares = |t: &[Judged]| {
        let mut r: Vec<u64> = t.iter().map(|t| t.3).collect();
        r.sort();
        r
    };
    for stages in [2, 3] {
        let many = run(&staged(stages));
        assert!(many.0 >= 60_000 && many.0 < 60_000 + 252, "{} rollouts", many.0);
        for (a, b) in shares(&one.1).iter().zip(shares(&many.1)) {
            // A stage ends with the round that crosses its share (252 rollouts in the first
            // phase), so what is left for the later ones moves by a little.
            assert!(b.abs_diff(*a) <= 2 + *a / 50, "{a} and {b} rollouts, {stages} stages");
        }
        let first_phase_too = many.1.iter().map(|t| t.3).min().unwrap();
        let (mut both, mut other) = (0, 0);
        for (a, b) in one.1.iter().zip(&many.1) {
            assert_eq!(a.0, b.0);
            if a.3 == first_phase && b.3 == first_phase_too {
                both += 1;
                other += usize::from((a.1, a.2) != (b.1, b.2));
            }
        }
        assert!(both >= 63, "{both} dropped in the first phase both times");
        assert!(other * 10 >= both * 9, "{other} of {both} judged otherwise, {stages} stages");
    }
}

#[test]
fn at_each_scoring_the_others_lean_to_their_best_replies() {
    for turn in [5, TURNS] {
        lean_to_best_replies(turn);
    }
}

fn lean_to_best_replies(turn: u8) {
    // Tilting a rival's forecast by exp(tilt x share) moves its probability toward the moves
    // that win it more first place: its expected share against the same draws rises with the
    // tilt, the bot's column is untouched and every forecast stays a distribution. At turn 5
    // the share is first place at that scoring, the first half's points alone.
    let t = scripted(turn);
    let pos = t.known[0].position();
    assert_eq!(pos.turn, turn);
    let forecast = Forecast::new(pos, &BOT.rivals, None);
    assert!(matches!(forecast, Forecast::Modelled(_)));
    let readings = forecast.rule_readings();
    let board = crate::model::Board::at(pos, pos.public, pos.turn, pos.phase, readings);
    let base = forecast.moves_at(&board);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let (worlds, _) = rollout::worlds(pos, &BOT, &forecast, &mut rng);
    // The same draws for every forecast: those of the untilted one.
    let draws =
        rollout::scoring_draws(&worlds, &base, 512, &mut Xoshiro256PlusPlus::seed_from_u64(9));
    if turn == 5 {
        let shares = rollout::scoring_shares(pos, &worlds, &draws, 1);
        for (i, m) in moves::legal(Phase::Day).iter().enumerate().step_by(25) {
            let firsts: u32 = draws
                .iter()
                .enumerate()
                .map(|(s, drawn)| {
                    let mut real = *drawn;
                    real[1] = worlds[s % worlds.len()][1] + m.0;
                    let half = score(&pos.strengths, &real.map(Row));
                    first_place_shares(&half)[1]
                })
                .sum();
            let want = firsts as f64 / (12.0 * draws.len() as f64);
            assert!((shares[i] - want).abs() < 1e-12, "move {i}: {} against {want}", shares[i]);
        }
    }
    let shares: [Vec<f64>; DAIMYO] =
        std::array::from_fn(|c| rollout::scoring_shares(pos, &worlds, &draws, c));
    let expected = |d: &[Vec<f64>; DAIMYO], c: usize| -> f64 {
        d[c].iter().zip(&shares[c]).map(|(p, s)| p * s).sum()
    };
    // The room the rivals have to lean: for each, its best reply's share over its expected one.
    let start: [f64; DAIMYO] = std::array::from_fn(|c| expected(&base, c));
    let best = |c: usize| shares[c].iter().copied().fold(0.0, f64::max);
    let room: f64 = (1..DAIMYO).map(|c| best(c) - start[c]).sum();
    let mut last = [0.0; DAIMYO];
    for (tilt, closed) in [(0.0, 0.0), (5.0, 0.05), (20.0, 0.25)] {
        let mut d = base.clone();
        rollout::best_replies(
            &mut d,
            pos,
            &worlds,
            tilt,
            &mut Xoshiro256PlusPlus::seed_from_u64(7),
        );
        assert_eq!(d[0], base[0]);
        for c in 1..DAIMYO {
            assert!((d[c].iter().sum::<f64>() - 1.0).abs() < 1e-9);
            let e = expected(&d, c);
            if tilt == 0.0 {
                assert!(d[c].iter().zip(&base[c]).all(|(a, b)| (a - b).abs() < 1e-12));
            } else {
                assert!(
                    e > last[c] - 0.005,
                    "turn {turn}, column {c}, tilt {tilt}: {e:.3} after {:.3}",
                    last[c]
                );
            }
            println!("turn {turn}, tilt {tilt}, column {c}: expected share {e:.3}");
            last[c] = e;
        }
        // Each tilt closes more of the room: a share of it that grows with the tilt.
        let gain: f64 = (1..DAIMYO).map(|c| last[c] - start[c]).sum();
        assert!(
            gain >= closed * room,
            "turn {turn}, tilt {tilt}: the rivals' shares rose by {gain:.3} of {room:.3}"
        );
    }
}

#[test]
fn the_others_current_moves_are_drawn_at_each_worlds_hidden_nights() {
    // At turn 5 (nights 2 and 4 hidden), with `worldmoves` 1, a world's pre-drawn current move
    // of another column comes from the split of that column's own hidden night moves the world
    // drew (its true intimacy less its public one, twice the two nights' moves); a split drawn
    // rarely falls back to the mean. With 0 every world draws from the mean.
    let t = scripted(5);
    let pos = t.known[0].position();
    assert_eq!(pos.hidden.iter().flatten().count(), 2);
    for on in [false, true] {
        let mut params = BOT;
        let Rivals::Modelled { model, .. } = &mut params.rivals else { panic!("a learnt model") };
        model.world_moves = on;
        let forecast = Forecast::new(pos, &params.rivals, None);
        let ro = rollout::Rollouts::prepare(
            pos,
            &params,
            &forecast,
            &mut Xoshiro256PlusPlus::seed_from_u64(3),
        );
        let mut at_split = 0;
        for (w, world) in ro.worlds.iter().enumerate() {
            for c in 1..DAIMYO {
                let Some([a, b]) = ro.split_of(w, c) else { continue };
                at_split += 1;
                let hidden = Row(world[c]).checked_sub(pos.public[c]).expect("true over public");
                assert_eq!(hidden, a.add(b).double(), "world {w}, column {c}");
            }
        }
        let share = at_split as f64 / (ro.worlds.len() * (DAIMYO - 1)) as f64;
        println!("worldmoves {on}: {share:.3} of the worlds' columns at their own split");
        if on {
            assert!(share > 0.1, "{share}");
        } else {
            assert_eq!(at_split, 0);
        }
    }
}

#[test]
fn a_count_under_a_round_plays_each_candidate_once() {
    // 16 rollouts at a day turn: one round of the 252 candidates, not a second one for a
    // last phase the count has no room for. Under a deadline alone, see the test above.
    let pos = Position::initial([3, 4, 5, 6, 3, 4]);
    let res = search(&pos, &BOT, &budget(16), 1);
    assert_eq!(res.rollouts, 252);
    assert!(res.ranked.iter().all(|(_, t)| t.rollouts == 1), "each candidate once");
    // A count past the first round but spent by the second phase: 252 + 126, no last phase.
    let res = search(&pos, &staged(1), &budget(300), 1);
    assert_eq!(res.rollouts, 378);
}
