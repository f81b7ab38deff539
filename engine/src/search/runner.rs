//! Rounds of rollouts shared among worker threads, with the same tallies as one thread.
//!
//! A round's random stream depends on its number alone, so the workers claim batches of round
//! numbers from the stage's counter and add their tallies to the sum after each batch; nothing
//! is allocated or locked per rollout. The workers belong to a `Pool` that whoever searches
//! keeps, joined when it is dropped. The calling thread leads: it sets each stage (a phase of
//! sequential halving) and sleeps until its rounds are all in or its deadline comes; after the
//! last stage of a timed search it answers without waiting for the workers. Nothing waits
//! forever: the leader waits with the deadline as its timeout, a worker that panics marks the
//! search failed and wakes it, and a leader that panics finishes the search as it unwinds
//! (`Running`), so that its workers go back to the pool for the next search; dropping the pool
//! finishes whatever work its workers still hold before it joins them. Why it is built so:
//! `docs/architecture.md` ("The clock").

use super::own::{Gradient, Learning, Trace};
use super::pool::{Pool, Work, lock};
use super::rollout::Rollouts;
use crate::params::time::BATCH_ROLLOUTS;
use crate::policy::Weights;
use crate::timeman::{Clock, Limits};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

/// One candidate's tally.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Twelfths of first place won (12 per sole win).
    pub credit: u64,
    pub margin: i64,
    pub rollouts: u64,
}

/// Every candidate's tally and the rollouts of every stage so far, and, when the search learns
/// the bot's own later moves, the gradient its rollouts measured (`own`).
#[derive(Clone)]
pub struct Sum {
    pub tallies: Vec<Tally>,
    pub done: u64,
    pub grad: Gradient,
}

/// One stage of a search: the candidates in play and when it ends.
struct Stage {
    id: u64,
    alive: Vec<u16>,
    /// Under a rollout budget the stage plays exactly the rounds before this one...
    end_round: Option<u64>,
    /// ... and is complete when the sum counts this many rollouts.
    target: Option<u64>,
    limits: Limits,
    /// The next round number to claim.
    next_round: AtomicU64,
    /// The stage is over (its deadline seen by the leader or a worker): the workers stop after
    /// their round under way.
    expired: AtomicBool,
    /// How the search learns the bot's own later moves, if it does.
    learning: Option<Learning>,
}

impl Stage {
    fn alive(&self) -> &[u16] {
        &self.alive
    }
}

/// What the leader and the workers of one search share, under one lock.
struct Control {
    stage: Option<Arc<Stage>>,
    sum: Sum,
    /// Workers inside the current stage.
    active: usize,
    /// A worker panicked: the search answers from what it has.
    failed: bool,
    /// The leader has answered: workers go back to the pool.
    finished: bool,
    /// The bot's own later policy for the next stage, when the search learns it.
    own: Option<Arc<Weights>>,
}

/// A fault to inject, for the tests: at stage number `stage` (from 0), the first worker to start
/// it panics there, or the leader panics once it has set the stage (with the workers in it).
#[derive(Clone, Copy, Debug)]
pub struct Fault {
    pub stage: u64,
    pub leader: bool,
}

/// The rounds of one search.
pub struct Rounds {
    ro: Rollouts,
    /// Each candidate's own increment.
    mine: Vec<u64>,
    seed: u64,
    control: Mutex<Control>,
    /// Signalled when a stage is set, a batch completes a stage, a worker leaves a stage, or
    /// the search fails or finishes.
    changed: Condvar,
    fault: Option<Fault>,
    fired: AtomicBool,
}

/// A worker inside a stage; leaving it, normally or by a panic, is always counted.
struct InStage<'a>(&'a Rounds);

impl Drop for InStage<'_> {
    fn drop(&mut self) {
        let mut c = lock(&self.0.control);
        c.active -= 1;
        if std::thread::panicking() {
            c.failed = true;
        }
        self.0.changed.notify_all();
    }
}

impl Work for Rounds {
    /// Every stage the leader sets, until the search is over.
    fn help(&self, _worker: usize) {
        let mut seen = 0;
        loop {
            let stage = {
                let mut c = lock(&self.control);
                loop {
                    if c.finished || c.failed {
                        return;
                    }
                    match &c.stage {
                        Some(s) if s.id > seen => break,
                        _ => c = self.changed.wait(c).unwrap_or_else(PoisonError::into_inner),
                    }
                }
                c.active += 1;
                Arc::clone(c.stage.as_ref().expect("a stage"))
            };
            seen = stage.id;
            let _in_stage = InStage(self);
            if self.fault.is_some_and(|f| !f.leader && f.stage + 1 == stage.id)
                && !self.fired.swap(true, Ordering::Relaxed)
            {
                panic!("a fault injected into a worker at stage {}", stage.id - 1);
            }
            self.work(&stage);
        }
    }

    fn stop(&self) {
        self.finish();
    }
}

/// A search under way on a pool: dropped, normally or as its leader unwinds from a panic, it
/// finishes the search, so that no worker waits for a stage that will never come.
pub struct Running<'a>(&'a Rounds);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

impl Rounds {
    pub fn new(ro: Rollouts, mine: Vec<u64>, seed: u64, fault: Option<Fault>) -> Rounds {
        let control = Control {
            stage: None,
            sum: Sum {
                tallies: vec![Tally::default(); mine.len()],
                done: 0,
                grad: Gradient::default(),
            },
            active: 0,
            failed: false,
            finished: false,
            own: None,
        };
        Rounds {
            ro,
            mine,
            seed,
            control: Mutex::new(control),
            changed: Condvar::new(),
            fault,
            fired: AtomicBool::new(false),
        }
    }

    pub fn rollouts(&self) -> &Rollouts {
        &self.ro
    }

    pub fn sum(&self) -> Sum {
        lock(&self.control).sum.clone()
    }

    /// From the next stage on, the bot's later moves in rollouts come from `own`, and the
    /// rollouts measure the gradient of the win rate over its cells (`Sum::grad`).
    pub fn learn_own(&self, own: Weights) {
        let mut c = lock(&self.control);
        if c.sum.grad.cells.is_empty() {
            c.sum.grad = Gradient::zero();
        }
        c.own = Some(Arc::new(own));
    }

    /// Whether a worker panicked.
    pub fn failed(&self) -> bool {
        lock(&self.control).failed
    }

    /// Starts the search on `pool`'s workers; it is finished when the guard is dropped.
    pub fn start<'a>(self: &'a Arc<Self>, pool: &Pool) -> Running<'a> {
        pool.post(Arc::clone(self) as Arc<dyn Work>);
        Running(self)
    }

    /// The search has answered: workers still in it go back to the pool.
    pub fn finish(&self) {
        let mut c = lock(&self.control);
        c.finished = true;
        if let Some(s) = &c.stage {
            s.expired.store(true, Ordering::Relaxed);
        }
        self.changed.notify_all();
    }

    /// The leader's part of a stage over `alive`, its rounds from `first` (by default where the
    /// last stage ended; stages from the same round meet the same worlds and draws): the workers
    /// play rounds until `limits` say stop (under a rollout budget exactly the rounds one thread
    /// would play, unless the deadline comes first). After a stage that is not the search's
    /// last, the leader waits for the workers to leave it, so that the halving reads every tally,
    /// but never past `until`, the search's deadline; after the last stage of a search with a
    /// deadline it does not wait. Returns false if a worker panicked: the search must answer now.
    pub fn play(
        &self,
        first: Option<u64>,
        alive: &[usize],
        limits: &Limits,
        last: bool,
        until: Option<Instant>,
    ) -> bool {
        let first = first.unwrap_or_else(|| self.round_after());
        let mut c = lock(&self.control);
        if c.failed {
            return false;
        }
        let (done, per_round) = (c.sum.done, alive.len() as u64);
        let rounds = limits.rounds(done, per_round);
        let stage = Stage {
            id: c.stage.as_ref().map_or(1, |s| s.id + 1),
            alive: alive.iter().map(|&i| i as u16).collect(),
            // Saturating: a budget of u64::MAX rollouts is one the clock ends.
            end_round: rounds.map(|r| first.saturating_add(r)),
            target: rounds.map(|r| done.saturating_add(r.saturating_mul(per_round))),
            limits: *limits,
            next_round: AtomicU64::new(first),
            expired: AtomicBool::new(false),
            learning: c.own.as_ref().map(|w| {
                let mean = |t: &Tally| match t.rollouts {
                    0 => 3,
                    n => ((t.credit + n / 2) / n) as i64,
                };
                let means = c.sum.tallies.iter().map(mean).collect();
                Learning { own: Arc::clone(w), means }
            }),
        };
        let stage = Arc::new(stage);
        c.stage = Some(Arc::clone(&stage));
        self.changed.notify_all();
        if self.fault.is_some_and(|f| f.leader && f.stage + 1 == stage.id) {
            panic!("a fault injected into the leader at stage {}", stage.id - 1);
        }
        // Sleep until the stage's rounds are all in the sum or its deadline has come.
        let deadline = limits.deadline();
        while !c.failed && stage.target.is_none_or(|t| c.sum.done < t) {
            let passed;
            (c, passed) = self.wait(c, deadline);
            if passed {
                break;
            }
        }
        stage.expired.store(true, Ordering::Relaxed);
        if last && deadline.is_some() {
            return !c.failed;
        }
        // The workers leave the stage within a round.
        while !c.failed && c.active > 0 {
            let passed;
            (c, passed) = self.wait(c, until);
            if passed {
                break;
            }
        }
        !c.failed
    }

    /// The first round after those the last stage played or claimed.
    pub fn round_after(&self) -> u64 {
        match &lock(&self.control).stage {
            None => 0,
            Some(s) => s.end_round.unwrap_or_else(|| s.next_round.load(Ordering::Relaxed)),
        }
    }

    /// Waits for a change, until `deadline` if there is one; true once it has passed.
    fn wait<'a>(
        &self,
        c: MutexGuard<'a, Control>,
        deadline: Option<Instant>,
    ) -> (MutexGuard<'a, Control>, bool) {
        match deadline {
            None => (self.changed.wait(c).unwrap_or_else(PoisonError::into_inner), false),
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return (c, true);
                }
                let waited = self.changed.wait_timeout(c, left);
                (waited.unwrap_or_else(PoisonError::into_inner).0, false)
            }
        }
    }

    /// One worker's share of a stage: batches of rounds claimed from the counter, each added to
    /// the sum when played.
    fn work(&self, stage: &Stage) {
        let alive = stage.alive();
        let per_round = alive.len() as u64;
        let batch = (BATCH_ROLLOUTS / per_round).max(1);
        let mut clock: Clock = stage.limits.clock();
        let mut done = 0;
        let mut tallies = vec![Tally::default(); self.mine.len()];
        let mut grad =
            if stage.learning.is_some() { Gradient::zero() } else { Gradient::default() };
        while !stage.expired.load(Ordering::Relaxed) {
            let from = stage.next_round.fetch_add(batch, Ordering::Relaxed);
            let to = match stage.end_round {
                Some(end) if from >= end => break,
                Some(end) => end.min(from + batch),
                None => from + batch,
            };
            let mut played = 0;
            for round in from..to {
                self.round(round, alive, stage.learning.as_ref(), &mut tallies, &mut grad);
                played += per_round;
                if stage.expired.load(Ordering::Relaxed) {
                    break;
                }
                if clock.expired(done + played) {
                    stage.expired.store(true, Ordering::Relaxed);
                    break;
                }
            }
            done += played;
            self.add(stage, &mut tallies, &mut grad, played);
        }
    }

    /// Adds a batch's tallies to the sum, if its stage is still the current one, and clears
    /// them; wakes the leader if that completes the stage.
    fn add(&self, stage: &Stage, tallies: &mut [Tally], grad: &mut Gradient, played: u64) {
        let mut c = lock(&self.control);
        let current = c.stage.as_ref().is_some_and(|s| s.id == stage.id);
        for &i in stage.alive() {
            let (s, t) = (&mut c.sum.tallies[i as usize], &mut tallies[i as usize]);
            if current {
                s.credit += t.credit;
                s.margin += t.margin;
                s.rollouts += t.rollouts;
            }
            *t = Tally::default();
        }
        if !current {
            grad.clear();
        } else {
            c.sum.grad.take(grad);
            c.sum.done += played;
            if stage.target.is_some_and(|t| c.sum.done >= t) {
                self.changed.notify_all();
            }
        }
    }

    /// Round number `round` over the `alive` candidates, into `tallies`; with the bot's own
    /// later policy and the candidates' mean credits, its gradient into `grad`.
    #[inline]
    pub fn round(
        &self,
        round: u64,
        alive: &[u16],
        learning: Option<&Learning>,
        tallies: &mut [Tally],
        grad: &mut Gradient,
    ) {
        let mut round_rng = Xoshiro256PlusPlus::seed_from_u64(
            self.seed ^ round.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        let world = (round_rng.next_u64() % self.ro.worlds.len() as u64) as usize;
        let own = learning.map(|l| &*l.own);
        let mut trace = Trace::default();
        for &i in alive {
            let i = i as usize;
            let mut r = round_rng.clone();
            let noted = learning.map(|_| &mut trace);
            let (credit, margin) = self.ro.run(world, self.mine[i], own, noted, &mut r);
            if let Some(l) = learning {
                trace.spend(credit as i64 - l.means[i], grad);
            }
            let t = &mut tallies[i];
            t.credit += credit as u64;
            t.margin += margin as i64;
            t.rollouts += 1;
        }
    }

    /// The first round number no stage has claimed, for a round the leader plays itself.
    pub fn unclaimed_round(&self) -> u64 {
        let c = lock(&self.control);
        c.stage.as_ref().map_or(0, |s| s.next_round.fetch_add(1, Ordering::Relaxed))
    }
}
