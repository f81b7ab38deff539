//! Monte Carlo search over every legal move.
//!
//! Each rollout starts from one sampled world (the others' hidden nights drawn consistently
//! with the public per-lord night totals, `nights`), applies the candidate move, and plays the
//! game out with every daimyo drawing moves from its model (`models`, `rollout`); it scores 1 for
//! a sole first place, 1/k for a k-way tie, so the search maximises the probability of finishing
//! first, ties broken by the mean margin over the best other daimyo.
//!
//! Candidates are evaluated in rounds that share one random stream (common random numbers):
//! every candidate of a round meets the same world and the same opponent moves, so their
//! differences are not noise of the draw. The search never reads or writes anything; it returns
//! the move and its statistics.

mod models;
mod nights;
mod rollout;

pub use models::PickModel;
pub use nights::{NightPosteriors, night_posteriors, reveal_agreement};

use crate::engine::agent::NightGuess;
use crate::engine::knowledge::Position;
use crate::engine::model::Opponents;
use crate::engine::moves::{self, MAX_MOVES};
use crate::engine::params::time::BATCH_ROLLOUTS;
use crate::engine::params::{Allocation, Search as Params};
use crate::engine::rules::{Move, Phase};
use crate::engine::timeman::Limits;
use models::Models;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rollout::Rollouts;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier, Condvar, Mutex, PoisonError};
use std::time::Instant;

/// One candidate's tally.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Twelfths of first place won (12 per sole win).
    pub credit: u64,
    pub margin: i64,
    pub rollouts: u64,
}

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
    /// The others' posterior weights over the model's styles, when the model is learnt.
    pub opponents: Option<Opponents>,
    /// The likeliest split of each hidden night with a known total.
    pub nights: Vec<NightGuess>,
}

/// Rounds of rollouts: in a round every candidate still in play meets the same world and the
/// same opponent moves (one random stream, cloned per candidate), and a round's stream depends on
/// its number alone. So rounds can be shared out among threads without changing a tally: the
/// working threads claim batches of round numbers from a counter and add their tallies to the
/// sum after each batch; nothing is allocated or locked per rollout.
///
/// The working threads are spawned once per search; the calling thread leads. It sets each
/// stage (a phase of sequential halving), sleeps until the stage's rounds are all in the sum
/// (a rollout budget) or its deadline comes, whichever is first (a budget never lifts the
/// deadline), and decides the halving. On a loaded machine a thread that keeps a core busy waits
/// long for its next turn, often tens of milliseconds past a deadline it polls, while a sleeping
/// thread woken by the deadline runs at once: so the leader sleeps, and when the last stage has
/// a deadline it answers from the sum as it stands, without waiting for the workers, which stop
/// at their next round and exit.
struct Rounds {
    ro: Rollouts,
    /// Each candidate's own increment.
    mine: [u64; MAX_MOVES],
    seed: u64,
    /// The stage every thread plays next, set by the leader between stages.
    stage: Mutex<Stage>,
    /// The next round number to claim.
    next_round: AtomicU64,
    /// The stage's deadline is past (seen by the leader or a worker): the workers stop after
    /// their round under way.
    expired: AtomicBool,
    /// The tallies and the rollouts of every stage so far.
    sum: Mutex<Sum>,
    /// Signalled when the sum holds every round of the stage (a rollout budget).
    complete: Condvar,
    /// The workers and the leader.
    barrier: Barrier,
}

#[derive(Clone, Copy)]
struct Stage {
    alive: [u8; MAX_MOVES],
    len: usize,
    /// Under a rollout budget the stage plays exactly the rounds before this one...
    end_round: Option<u64>,
    /// ... and is complete when the sum counts this many rollouts.
    target: Option<u64>,
    limits: Limits,
    /// The last stage: the workers return after it.
    last: bool,
}

impl Stage {
    /// Whether the threads meet when the stage ends: the leader answers the last stage of a
    /// search with a deadline without waiting for the workers.
    fn meets_at_end(&self) -> bool {
        !self.last || self.limits.deadline().is_none()
    }
}

#[derive(Clone, Copy)]
struct Sum {
    tallies: [Tally; MAX_MOVES],
    done: u64,
}

impl Rounds {
    fn new(ro: Rollouts, mine: [u64; MAX_MOVES], seed: u64, workers: usize) -> Rounds {
        let stage = Stage {
            alive: [0; MAX_MOVES],
            len: 0,
            end_round: None,
            target: None,
            limits: Limits::rollouts(0),
            last: false,
        };
        Rounds {
            ro,
            mine,
            seed,
            stage: Mutex::new(stage),
            next_round: AtomicU64::new(0),
            expired: AtomicBool::new(false),
            sum: Mutex::new(Sum { tallies: [Tally::default(); MAX_MOVES], done: 0 }),
            complete: Condvar::new(),
            barrier: Barrier::new(workers + 1),
        }
    }

    fn sum(&self) -> Sum {
        *lock(&self.sum)
    }

    /// The leader's part of a stage over `alive`: the workers play rounds until `limits` say
    /// stop (exactly the rounds a single thread would play under a rollout budget, unless the
    /// deadline comes first).
    fn play(&self, alive: &[usize], limits: &Limits, last: bool) {
        let done = self.sum().done;
        let first = self.next_round.load(Ordering::Relaxed);
        let per_round = alive.len() as u64;
        let rounds = limits.rounds(done, per_round);
        let mut stage = Stage {
            alive: [0; MAX_MOVES],
            len: alive.len(),
            // Saturating: a budget of u64::MAX rollouts is one the clock ends.
            end_round: rounds.map(|r| first.saturating_add(r)),
            target: rounds.map(|r| done.saturating_add(r.saturating_mul(per_round))),
            limits: *limits,
            last,
        };
        for (slot, &i) in stage.alive.iter_mut().zip(alive) {
            *slot = i as u8;
        }
        *lock(&self.stage) = stage;
        self.expired.store(false, Ordering::Relaxed);
        self.barrier.wait();
        self.wait_for_end(&stage);
        self.expired.store(true, Ordering::Relaxed);
        if stage.meets_at_end() {
            self.barrier.wait();
        }
        // Claims past the end leave the counter beyond it; the next stage goes on from the end,
        // as a single thread would.
        if let Some(end) = stage.end_round {
            self.next_round.store(end, Ordering::Relaxed);
        }
    }

    /// Sleeps until the stage's rounds are all in the sum or its deadline has come.
    fn wait_for_end(&self, stage: &Stage) {
        let mut sum = lock(&self.sum);
        while stage.target.is_none_or(|t| sum.done < t) {
            sum = match stage.limits.deadline() {
                None => self.complete.wait(sum).unwrap_or_else(PoisonError::into_inner),
                Some(d) => {
                    let left = d.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return;
                    }
                    let waited = self.complete.wait_timeout(sum, left);
                    waited.unwrap_or_else(PoisonError::into_inner).0
                }
            };
        }
    }

    /// What a working thread does: every stage the leader sets, up to the last.
    fn help(&self) {
        loop {
            self.barrier.wait();
            let stage = *lock(&self.stage);
            self.work(&stage);
            if !stage.meets_at_end() {
                return;
            }
            self.barrier.wait();
            if stage.last {
                return;
            }
        }
    }

    /// One worker's share of a stage: batches of rounds claimed from the counter, each added to
    /// the sum when played.
    fn work(&self, stage: &Stage) {
        let alive = &stage.alive[..stage.len];
        let per_round = alive.len() as u64;
        let batch = (BATCH_ROLLOUTS / per_round).max(1);
        let mut clock = stage.limits.clock();
        let mut done = 0;
        let mut tallies = [Tally::default(); MAX_MOVES];
        while !self.expired.load(Ordering::Relaxed) {
            let from = self.next_round.fetch_add(batch, Ordering::Relaxed);
            let to = match stage.end_round {
                Some(end) if from >= end => break,
                Some(end) => end.min(from + batch),
                None => from + batch,
            };
            let mut played = 0;
            for round in from..to {
                self.round(round, alive, &mut tallies);
                played += per_round;
                if self.expired.load(Ordering::Relaxed) {
                    break;
                }
                if clock.expired(done + played) {
                    self.expired.store(true, Ordering::Relaxed);
                    break;
                }
            }
            done += played;
            self.add(stage, &mut tallies, played);
        }
    }

    /// Adds a batch's tallies to the sum and clears them; wakes the leader if that completes
    /// the stage.
    fn add(&self, stage: &Stage, tallies: &mut [Tally; MAX_MOVES], played: u64) {
        let mut sum = lock(&self.sum);
        for &i in &stage.alive[..stage.len] {
            let (s, t) = (&mut sum.tallies[i as usize], &mut tallies[i as usize]);
            s.credit += t.credit;
            s.margin += t.margin;
            s.rollouts += t.rollouts;
            *t = Tally::default();
        }
        sum.done += played;
        if stage.target.is_some_and(|t| sum.done >= t) {
            self.complete.notify_one();
        }
    }

    /// Round number `round` over the `alive` candidates, into `tallies`.
    #[inline]
    fn round(&self, round: u64, alive: &[u8], tallies: &mut [Tally; MAX_MOVES]) {
        let mut round_rng = Xoshiro256PlusPlus::seed_from_u64(
            self.seed ^ round.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        let worlds = &self.ro.worlds;
        let world = &worlds[(round_rng.next_u64() % worlds.len() as u64) as usize];
        for &i in alive {
            let i = i as usize;
            let mut r = round_rng.clone();
            let (credit, margin) = self.ro.run(world, self.mine[i], &mut r);
            let t = &mut tallies[i];
            t.credit += credit as u64;
            t.margin += margin as i64;
            t.rollouts += 1;
        }
    }
}

/// A lock no thread of the search can poison (none panics while holding one; if one did, its
/// panic is what reaches the caller).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
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

/// Runs the search on `limits.threads()` threads. Same position, params, limits in rollouts,
/// and seed: same result, whatever the number of threads.
pub fn search(pos: &Position, params: &Params, limits: &Limits, seed: u64) -> SearchResult {
    let models = Models::new(pos, &params.rivals);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let ro = Rollouts::prepare(pos, params, &models, &mut rng);
    let legal = moves::legal(pos.phase);
    let n = legal.len();
    let mut mine = [0u64; MAX_MOVES];
    for (i, m) in legal.iter().enumerate() {
        mine[i] = if pos.phase == Phase::Night { m.double().0 } else { m.0 };
    }
    let rounds = Arc::new(Rounds::new(ro, mine, seed, limits.threads()));
    for _ in 0..limits.threads() {
        let rounds = Arc::clone(&rounds);
        std::thread::spawn(move || rounds.help());
    }
    let alive = halve(&rounds, n, params.allocation, *limits);
    let mut sum = rounds.sum();
    if sum.done == 0 {
        // The deadline passed before any worker got a core: one round, so that the answer is
        // not the first legal move by default.
        let alive: Vec<u8> = alive.iter().map(|&i| i as u8).collect();
        rounds.round(rounds.next_round.fetch_add(1, Ordering::Relaxed), &alive, &mut sum.tallies);
        sum.done = alive.len() as u64;
    }
    let Sum { tallies, done } = sum;
    // Survivors of the last halving first: they were compared on the most rollouts.
    let survived = |i: usize| alive.contains(&i);
    let mut by_rank: Vec<usize> = (0..n).collect();
    by_rank.sort_by(|&a, &b| survived(b).cmp(&survived(a)).then(order(&tallies[a], &tallies[b])));
    let ranked: Vec<(Move, Tally)> = by_rank
        .iter()
        .map(|&i| (Move::from_counts(legal[i]).expect("legal move"), tallies[i]))
        .collect();
    let opponents = match models {
        Models::Learned(l) => Some(l.now),
        Models::Prior(_) => None,
    };
    let nights = rounds.ro.nights.clone();
    SearchResult { best: ranked[0].0, ranked, rollouts: done, opponents, nights }
}

/// Sequential halving over `n` candidates: the budget is cut in equal slices, one per phase;
/// after each phase the worse half of the candidates is dropped, so close decisions get most
/// rollouts. Returns the candidates of the last phase.
fn halve(rounds: &Rounds, n: usize, allocation: Allocation, mut limits: Limits) -> Vec<usize> {
    let mut alive: Vec<usize> = (0..n).collect();
    let h = halvings(n, allocation);
    for phase in 0..h {
        rounds.play(&alive, &limits.slice(rounds.sum().done, h + 1 - phase), false);
        if limits.stop(rounds.sum().done) {
            break;
        }
        let tallies = rounds.sum().tallies;
        alive.sort_by(|&a, &b| order(&tallies[a], &tallies[b]));
        alive.truncate((alive.len() / 2).max(1));
    }
    rounds.play(&alive, &limits, true);
    alive
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::agent::Table;
    use crate::engine::timeman::Budget;

    use crate::engine::params::{BOT, FOUNDATION, Rivals};
    use crate::engine::rules::first_place_shares;

    fn budget(n: u64) -> Limits {
        Limits::rollouts(n)
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
            let run = |limits: Limits| {
                let r = search(&pos, &params, &limits, 3);
                let tallies: Vec<_> =
                    r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin, t.rollouts)).collect();
                (r.best, r.rollouts, tallies)
            };
            let in_an_hour = Instant::now() + std::time::Duration::from_secs(3600);
            let clocked = |threads| {
                let b = Budget { rollouts: Some(n), threads: Some(threads), ..Budget::default() };
                let limits = Limits::for_turn(in_an_hour, &b);
                assert!(limits.deadline().is_some());
                run(limits)
            };
            let one = run(budget(n));
            assert!(one.1 >= n && one.1 < n + 252, "{} rollouts for {n}", one.1);
            for threads in [2, 3] {
                let turn = pos.turn;
                assert_eq!(
                    run(budget(n).with_threads(threads)),
                    one,
                    "{threads} threads, turn {turn}"
                );
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
        let budget = Budget { time_ms: Some(0), threads: Some(3), ..Budget::default() };
        let limits = Limits::for_turn(Instant::now(), &budget);
        let res = search(&pos, &BOT, &limits, 1);
        assert!((252..=2 * 3 * 252).contains(&res.rollouts), "{}", res.rollouts);
        assert_eq!(res.rollouts % 252, 0, "whole rounds of every candidate");
        assert!(res.ranked[0].1.rollouts > 0, "the answer was played out");
        // A rollout budget, however large, does not lift the deadline.
        let budget = Budget { rollouts: Some(u64::MAX), ..budget };
        let res = search(&pos, &BOT, &Limits::for_turn(Instant::now(), &budget), 1);
        assert!((252..=2 * 3 * 252).contains(&res.rollouts), "{}", res.rollouts);
        assert!(res.ranked[0].1.rollouts > 0, "the answer was played out");
    }

    #[test]
    fn the_largest_budget_ends_at_the_deadline() {
        // No rollout count can be reached here, so only the deadline ends each stage: the
        // search returns no sooner than it (a lower bound, whatever the machine's load).
        let pos = Position::initial([3, 4, 5, 6, 3, 4]);
        let budget = Budget {
            time_ms: Some(30),
            rollouts: Some(u64::MAX),
            threads: Some(2),
            ..Budget::default()
        };
        let started = Instant::now();
        let res = search(&pos, &BOT, &Limits::for_turn(started, &budget), 1);
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
                    let l: Vec<u8> =
                        (0..ph.picks()).map(|_| models::draw_index(&model.p, rng) as u8).collect();
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
        let Models::Learned(l) = Models::new(pos, &BOT.rivals) else { panic!("a learnt model") };
        let share = l.now.uniform_share(&l.params);
        assert!((0.05..0.95).contains(&share), "{share}");
        // Under 0 the gate always fires (every later turn uniform), over 1 never.
        assert_eq!(run(share - 0.01), run(-1.0));
        assert_eq!(run(share + 0.01), run(2.0));
        assert_ne!(run(-1.0).1, run(2.0).1, "the regimes differ");
    }
}
