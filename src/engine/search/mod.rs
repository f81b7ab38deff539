//! Monte Carlo search over every legal move.
//!
//! Each rollout starts from one sampled world (the others' hidden nights drawn consistently
//! with the public per-lord night totals), applies the candidate move, and plays the game out
//! with every daimyo drawing moves from the turn's forecast (`model`, `rollout`); it scores 1 for
//! a sole first place, 1/k for a k-way tie, so the search maximises the probability of finishing
//! first, ties broken by the mean margin over the best other daimyo.
//!
//! Candidates are evaluated in rounds that share one random stream (common random numbers):
//! every candidate of a round meets the same world and the same opponent moves, so their
//! differences are not noise of the draw. `runner` shares the rounds among threads; this module
//! spends them (sequential halving) and ranks the candidates. The search never reads or writes
//! anything; it returns the move and its statistics.

mod rollout;
mod runner;

pub use runner::{Fault, Pool, Tally};

use crate::engine::agent::NightGuess;
use crate::engine::knowledge::Position;
use crate::engine::model::Forecast;
use crate::engine::moves;
use crate::engine::params::{Allocation, Search as Params};
use crate::engine::rules::{Move, Phase, Row, TURNS};
use crate::engine::timeman::Limits;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rollout::{Plan, Rollouts};
use runner::{Rounds, Sum};
use std::sync::Arc;

impl Tally {
    pub fn win_rate(&self) -> f64 {
        self.credit as f64 / 12.0 / self.rollouts.max(1) as f64
    }
    pub fn mean_margin(&self) -> f64 {
        self.margin as f64 / 12.0 / self.rollouts.max(1) as f64
    }
    /// Order by win rate, then by margin (cross-multiplied: no division, no float).
    fn better_than(&self, other: &Tally) -> bool {
        let a = self.credit as u128 * other.rollouts as u128;
        let b = other.credit as u128 * self.rollouts as u128;
        if a != b {
            return a > b;
        }
        (self.margin as i128 * other.rollouts as i128)
            > (other.margin as i128 * self.rollouts as i128)
    }
}

/// Best first.
fn order(a: &Tally, b: &Tally) -> std::cmp::Ordering {
    if a.better_than(b) {
        std::cmp::Ordering::Less
    } else if b.better_than(a) {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// The search's answer with what it saw.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// Candidates, best first (all of them).
    pub ranked: Vec<(Move, Tally)>,
    pub rollouts: u64,
    /// The move planned for the next turn with the best, when the search plans two moves.
    pub next: Option<Move>,
    /// The likeliest split of each hidden night with a known total.
    pub nights: Vec<NightGuess>,
    /// A worker panicked: the answer is from the tallies as they stood.
    pub failed: bool,
}

/// How many times sequential halving halves `n` candidates.
fn halvings(n: usize, allocation: Allocation) -> usize {
    match allocation {
        Allocation::Uniform => 0,
        Allocation::Halving { keep } => {
            let mut h = 0;
            while (n >> h) > keep.max(1) {
                h += 1;
            }
            h
        }
    }
}

/// What the bot's own move adds to its true intimacy.
fn increment(counts: Row, phase: Phase) -> u64 {
    if phase == Phase::Night { counts.double().0 } else { counts.0 }
}

/// The candidates of a search: every legal move, or, at the turns `params.plan_turns` names,
/// every pair of a legal move and a legal move of the next turn (the next one is then played
/// in every rollout in place of the bot's policy). Each with its moves.
fn plans(pos: &Position, params: &Params) -> (Vec<Plan>, Vec<(Move, Option<Move>)>) {
    let now = moves::legal(pos.phase);
    let planned = params.plan_turns.contains(&pos.turn) && pos.turn < TURNS;
    let next_phase = Phase::of_turn(pos.turn + 1);
    let next: &[Row] = if planned { moves::legal(next_phase) } else { &[Row::ZERO] };
    let mut plans = Vec::with_capacity(now.len() * next.len());
    let mut moves = Vec::with_capacity(plans.capacity());
    for &m in now {
        for &n in next {
            let planned = (n != Row::ZERO).then(|| Move::from_counts(n).expect("legal"));
            plans.push(Plan {
                now: increment(m, pos.phase),
                next: planned.map_or(0, |_| increment(n, next_phase)),
            });
            moves.push((Move::from_counts(m).expect("legal move"), planned));
        }
    }
    (plans, moves)
}

/// The search, with the threads it runs on.
pub struct Searcher {
    pool: Pool,
}

impl Searcher {
    /// A searcher on `threads` worker threads (at least one), spawned now and joined when it is
    /// dropped.
    pub fn new(threads: usize) -> Searcher {
        Searcher { pool: Pool::new(threads) }
    }

    pub fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// The best move at `pos` with the rivals as `forecast` says. Same position, params, limits
    /// in rollouts, and seed: same result, whatever the number of threads.
    pub fn search(
        &self,
        pos: &Position,
        forecast: &Forecast,
        params: &Params,
        limits: &Limits,
        seed: u64,
    ) -> SearchResult {
        self.run(pos, forecast, params, limits, seed, None)
    }

    /// The search with a fault injected into a worker.
    #[cfg(test)]
    fn search_with_fault(
        &self,
        pos: &Position,
        forecast: &Forecast,
        params: &Params,
        limits: &Limits,
        seed: u64,
        fault: Fault,
    ) -> SearchResult {
        self.run(pos, forecast, params, limits, seed, Some(fault))
    }

    fn run(
        &self,
        pos: &Position,
        forecast: &Forecast,
        params: &Params,
        limits: &Limits,
        seed: u64,
        fault: Option<Fault>,
    ) -> SearchResult {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let ro = Rollouts::prepare(pos, params, forecast, &mut rng);
        let (plans, moves) = plans(pos, params);
        let n = plans.len();
        let rounds = Arc::new(Rounds::new(ro, plans, seed, fault));
        rounds.start(&self.pool);
        let alive = halve(&rounds, n, params.allocation, *limits);
        rounds.finish();
        let mut sum = rounds.sum();
        if sum.done == 0 {
            // The deadline passed before any worker got a core (or one failed at once): one
            // round, so that the answer is not the first legal move by default.
            let alive: Vec<u16> = alive.iter().map(|&i| i as u16).collect();
            rounds.round(rounds.unclaimed_round(), &alive, &mut sum.tallies);
            sum.done = alive.len() as u64;
        }
        let Sum { tallies, done } = sum;
        // Survivors of the last halving first: they were compared on the most rollouts.
        let survived = |i: usize| alive.contains(&i);
        let mut by_rank: Vec<usize> = (0..n).collect();
        by_rank
            .sort_by(|&a, &b| survived(b).cmp(&survived(a)).then(order(&tallies[a], &tallies[b])));
        // A move's rank is that of its best plan.
        let mut ranked: Vec<(Move, Tally)> = Vec::new();
        for &i in &by_rank {
            if !ranked.iter().any(|(m, _)| *m == moves[i].0) {
                ranked.push((moves[i].0, tallies[i]));
            }
        }
        let nights = rounds.rollouts().nights.clone();
        let failed = rounds.failed();
        let next = moves[by_rank[0]].1;
        SearchResult { best: ranked[0].0, next, ranked, rollouts: done, nights, failed }
    }
}

/// Sequential halving over `n` candidates: the budget is cut in equal slices, one per phase;
/// after each phase the worse half of the candidates is dropped, so close decisions get most
/// rollouts. Returns the candidates of the last phase (those in play when a worker failed).
fn halve(rounds: &Rounds, n: usize, allocation: Allocation, mut limits: Limits) -> Vec<usize> {
    let mut alive: Vec<usize> = (0..n).collect();
    let h = halvings(n, allocation);
    let until = limits.deadline();
    for phase in 0..h {
        let slice = limits.slice(rounds.sum().done, h + 1 - phase);
        if !rounds.play(&alive, &slice, false, until) {
            return alive;
        }
        if limits.stop(rounds.sum().done) {
            break;
        }
        let tallies = rounds.sum().tallies;
        alive.sort_by(|&a, &b| order(&tallies[a], &tallies[b]));
        alive.truncate((alive.len() / 2).max(1));
    }
    rounds.play(&alive, &limits, true, until);
    alive
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::agent::Table;
    use crate::engine::timeman::Budget;

    use crate::engine::model::PickModel;
    use crate::engine::params::{BOT, FOUNDATION, Rivals};
    use crate::engine::rules::first_place_shares;
    use std::time::Instant;

    fn budget(n: u64) -> Limits {
        Limits::rollouts(n)
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
        let forecast = Forecast::new(pos, &params.rivals);
        Searcher::new(threads).search(pos, &forecast, params, limits, seed)
    }

    /// A game with the same moves every day and every night, up to `turn`, seen by seat 0.
    fn scripted(upto: u8) -> Table {
        let mut t = Table::new([5, 3, 6, 4, 3, 4]);
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
                assert_eq!(
                    clocked(threads),
                    one,
                    "{threads} threads and a clock, turn {}",
                    pos.turn
                );
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
        assert!(
            started.elapsed() >= std::time::Duration::from_millis(30),
            "{:?}",
            started.elapsed()
        );
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
                        .map(|_| crate::engine::model::forecast::draw_index(&model.p, rng) as u8)
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
                rivals: Rivals::Learnt { model: crate::engine::params::MODEL, gate },
                ..BOT
            };
            let r = search(pos, &p, &budget(30_000), 7);
            (r.best, r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin)).collect::<Vec<_>>())
        };
        let Forecast::Learned(l) = Forecast::new(pos, &BOT.rivals) else {
            panic!("a learnt model")
        };
        let share = l.now.uniform_share(&l.params);
        assert!((0.05..0.95).contains(&share), "{share}");
        // Under 0 the gate always fires (every later turn uniform), over 1 never.
        assert_eq!(run(share - 0.01), run(-1.0));
        assert_eq!(run(share + 0.01), run(2.0));
        assert_ne!(run(-1.0).1, run(2.0).1, "the regimes differ");
    }

    /// Searches on another thread, so that a search that hung fails the test instead of
    /// hanging it; returns the result and how long it took.
    fn watched(
        threads: usize,
        pos: Position,
        limits: Limits,
        fault: Fault,
    ) -> (SearchResult, std::time::Duration) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let forecast = Forecast::new(&pos, &BOT.rivals);
            let searcher = Searcher::new(threads);
            let t0 = Instant::now();
            let res = searcher.search_with_fault(&pos, &forecast, &BOT, &limits, 9, fault);
            let _ = tx.send((res, t0.elapsed()));
        });
        rx.recv_timeout(std::time::Duration::from_secs(60)).expect("the search answered")
    }

    #[test]
    fn a_worker_that_panics_at_any_stage_never_hangs_the_search() {
        // Day (seven stages: six halvings and the last) and night (four), a worker panicking
        // as it starts the first stage, one in the middle or the last; on one thread (no worker
        // left) and on two. A rollout budget ends each stage, so every stage is started and the
        // fault fires wherever it is set; the budget may then never be reached. With a
        // clock as well, the answer comes at once, long before the deadline; with no clock at
        // all, it still comes. Either way it is a legal move of the turn, from the tallies as
        // they stood.
        let day = *scripted(3).known[0].position();
        let night = *scripted(4).known[0].position();
        let deadline = std::time::Duration::from_millis(1500);
        for (pos, stages) in [(day, 7), (night, 4)] {
            for stage in [0, stages / 2, stages - 1] {
                for threads in [1, 2] {
                    let fault = Fault { stage };
                    let what = format!("turn {}, stage {stage}, {threads} threads", pos.turn);
                    let clocked = Budget {
                        time_ms: Some(deadline.as_millis() as u64),
                        rollouts: Some(50_000),
                        ..Budget::default()
                    };
                    let limits = Limits::for_turn(Instant::now(), &clocked);
                    let (res, took) = watched(threads, pos, limits, fault);
                    assert!(res.failed, "{what}: the fault fired");
                    assert_eq!(res.best.phase(), pos.phase, "{what}");
                    assert!(res.ranked[0].1.rollouts > 0, "{what}: the answer was played out");
                    assert!(took < deadline, "{what}: {took:?}");
                    let (res, _) = watched(threads, pos, budget(50_000), fault);
                    assert!(res.failed, "{what}: the fault fired");
                    assert_eq!(res.best.phase(), pos.phase, "{what}");
                }
            }
        }
    }
}
