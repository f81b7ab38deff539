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

mod own;
mod rollout;
mod pool;
mod runner;

pub use pool::Pool;
pub use runner::{Fault, Tally};

use crate::agent::NightGuess;
use crate::knowledge::Position;
use crate::model::Forecast;
use crate::moves;
use crate::params::{Allocation, OwnLearning, SearchParams as Params};
use crate::policy::Policy;
use crate::rules::{Move, Phase};
use crate::timeman::Limits;
use own::Gradient;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rollout::Rollouts;
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

/// The search, with the threads it runs on.
pub struct Searcher {
    pool: Pool,
    /// A fault the next search injects, for the tests.
    #[cfg(test)]
    armed: std::sync::Mutex<Option<Fault>>,
}

impl Searcher {
    /// A searcher on `threads` worker threads (at least one), spawned now and joined when it is
    /// dropped.
    pub fn new(threads: usize) -> Searcher {
        Searcher {
            pool: Pool::new(threads),
            #[cfg(test)]
            armed: Default::default(),
        }
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
        #[cfg(test)]
        let fault = self.armed.lock().unwrap().take();
        #[cfg(not(test))]
        let fault = None;
        self.run(pos, forecast, params, limits, seed, fault)
    }

    /// The next search injects `fault`.
    #[cfg(test)]
    pub fn arm(&self, fault: Fault) {
        *self.armed.lock().unwrap() = Some(fault);
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
        let legal = moves::legal(pos.phase);
        let n = legal.len();
        let mine = legal.iter().map(|m| if pos.phase == Phase::Night { m.double().0 } else { m.0 });
        let learning = params.own.zip(ro.own);
        let rounds = Arc::new(Rounds::new(ro, mine.collect(), seed, fault));
        if let Some((_, own)) = learning {
            rounds.learn_own(own.weights());
        }
        let running = rounds.start(&self.pool);
        let alive = halve(&rounds, n, params.allocation, learning, *limits);
        drop(running);
        let mut sum = rounds.sum();
        if sum.done == 0 {
            // The deadline passed before any worker got a core (or one failed at once): one
            // round, so that the answer is not the first legal move by default.
            let alive: Vec<u16> = alive.iter().map(|&i| i as u16).collect();
            let mut grad = Gradient::default();
            rounds.round(rounds.unclaimed_round(), &alive, None, &mut sum.tallies, &mut grad);
            sum.done = alive.len() as u64;
        }
        let Sum { tallies, done, .. } = sum;
        // Survivors of the last halving first: they were compared on the most rollouts. (All
        // of them when the budget ended in the first phase: looked up, not searched for, in
        // each of the sort's comparisons.)
        let mut survived = vec![false; n];
        alive.iter().for_each(|&i| survived[i] = true);
        let mut by_rank: Vec<usize> = (0..n).collect();
        by_rank
            .sort_by(|&a, &b| survived[b].cmp(&survived[a]).then(order(&tallies[a], &tallies[b])));
        let ranked: Vec<(Move, Tally)> = by_rank
            .iter()
            .map(|&i| (Move::from_counts(legal[i]).expect("legal move"), tallies[i]))
            .collect();
        let nights = rounds.rollouts().nights.clone();
        let failed = rounds.failed();
        SearchResult { best: ranked[0].0, ranked, rollouts: done, nights, failed }
    }
}

/// Sequential halving over `n` candidates: the budget is cut in equal slices, one per phase;
/// after each phase the worse half of the candidates is dropped, so close decisions get most
/// rollouts. With `learning`, each phase but the last is played in `stages` stages of equal
/// share, and after each the bot's own later policy takes a step up the gradient its rollouts
/// measured (`own`). Returns the candidates of the last phase (those in play when a worker
/// failed).
fn halve(
    rounds: &Rounds,
    n: usize,
    allocation: Allocation,
    mut learning: Option<(OwnLearning, Policy)>,
    mut limits: Limits,
) -> Vec<usize> {
    let mut alive: Vec<usize> = (0..n).collect();
    let mut grad = Gradient::zero();
    let h = halvings(n, allocation);
    let until = limits.deadline();
    // Each phase in `stages` stages of equal share, the own policy a step up the gradient after
    // each; the last phase's share is that of a phase, as with one stage.
    let stages = learning.as_ref().map_or(1, |(how, _)| how.stages.max(1));
    let mut sum = rounds.sum();
    'phases: for phase in 0..h {
        for stage in 0..stages {
            let slice = limits.slice(sum.done, (h + 1 - phase) * stages - stage);
            if !rounds.play(None, &alive, &slice, false, until) {
                return alive;
            }
            sum = rounds.sum();
            if limits.stop(sum.done) {
                break 'phases;
            }
            if let Some((how, policy)) = &mut learning {
                *policy = own::step(policy, &sum.grad.since(&grad), how);
                rounds.learn_own(policy.weights());
                grad = std::mem::take(&mut sum.grad);
            }
        }
        let tallies = &sum.tallies;
        alive.sort_by(|&a, &b| order(&tallies[a], &tallies[b]));
        alive.truncate((alive.len() / 2).max(1));
    }
    // A count spent before the last phase (a budget under about two rounds of the candidates)
    // plays no more: every candidate has had a round. A deadline passed still gets one.
    if !limits.spent(sum.done) {
        rounds.play(None, &alive, &limits, true, until);
    }
    alive
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod faults;
