//! The clock, and the one owner of a search's limits: `Limits` answers "stop?" for a count of
//! rollouts done (the count compared every time, the clock read only every `CLOCK_EVERY`
//! rollouts of the thread asking), "how many rounds?" for a rollout budget shared among threads,
//! and hands out slices of what is left. The deadline runs from the turn's first byte and a
//! rollout budget never lifts it; the design is written out in `docs/architecture.md` ("The
//! clock").

use crate::params::time::{CLOCK_EVERY, DEFAULT_MS, HARD_CAP_MS, MAX_THREADS};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What a player was asked to spend on each answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Time per answer (default `DEFAULT_MS`).
    pub time_ms: Option<u64>,
    /// At most this many rollouts: the search may end before its deadline.
    pub rollouts: Option<u64>,
    /// No deadline at all, so that the same seed gives the same move whatever the machine's
    /// load; only with `rollouts` (a search with neither would never end).
    pub no_clock: bool,
    /// Threads of the search (default: every core available). Without a clock the move and its
    /// statistics do not depend on it.
    pub threads: Option<usize>,
}

impl Budget {
    /// Whether a search under this budget would never end: no clock (`no_clock`) and no
    /// rollout budget either.
    pub fn never_ends(&self) -> bool {
        self.no_clock && self.rollouts.is_none()
    }

    /// The time asked for, when it is more than any answer gets (`HARD_CAP_MS`).
    pub fn over_cap(&self) -> Option<u64> {
        self.time_ms.filter(|&ms| ms > HARD_CAP_MS)
    }

    /// The threads the search uses: as asked, or every core available, at most `MAX_THREADS`.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(cores).clamp(1, MAX_THREADS)
    }
}

/// The cores this process may run on, read once (the answer does not change during a game).
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// One thread's reading of a deadline: the clock is read only every `CLOCK_EVERY` of the
/// rollouts this thread has done.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    deadline: Option<Instant>,
    /// The rollout count at which the clock is next read.
    next_read: u64,
}

impl Clock {
    /// Whether the deadline has passed, after `done` rollouts of this thread; the first question
    /// always reads the clock. Without a deadline, never.
    #[inline]
    pub fn expired(&mut self, done: u64) -> bool {
        match self.deadline {
            Some(d) if done >= self.next_read => {
                self.next_read = done + CLOCK_EVERY;
                Instant::now() >= d
            }
            _ => false,
        }
    }
}

/// What bounds one search: a deadline, a rollout count, or both.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    clock: Clock,
    rollouts: Option<u64>,
}

impl Limits {
    /// Exactly `n` rollouts (or the round that crosses `n`), no clock, one thread: reproducible
    /// (and so with any number of threads).
    pub fn rollouts(n: u64) -> Limits {
        Limits { clock: Clock { deadline: None, next_read: 0 }, rollouts: Some(n) }
    }

    /// The limits of a turn that began at `started`: the deadline is `budget.time_ms` (default
    /// `DEFAULT_MS`) after `started`, capped at `HARD_CAP_MS`, and `budget.rollouts`, if any, may
    /// end the search sooner. Only `no_clock` with a rollout budget drops the deadline.
    pub fn for_turn(started: Instant, budget: &Budget) -> Limits {
        let ms = budget.time_ms.unwrap_or(DEFAULT_MS).min(HARD_CAP_MS);
        let clock = !(budget.no_clock && budget.rollouts.is_some());
        let deadline = clock.then(|| started + Duration::from_millis(ms));
        let clock = Clock { deadline, next_read: 0 };
        Limits { clock, rollouts: budget.rollouts }
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.clock.deadline
    }

    /// Whether the search must stop after `done` rollouts.
    #[inline]
    pub fn stop(&mut self, done: u64) -> bool {
        self.spent(done) || self.clock.expired(done)
    }

    /// Whether `done` rollouts reach the budget's count (never, without one).
    pub fn spent(&self, done: u64) -> bool {
        self.rollouts.is_some_and(|n| done >= n)
    }

    /// Under a rollout budget, the rounds of `per_round` rollouts that a stage beginning after
    /// `done` plays: as many as `stop` would let a single thread play, the one that crosses the
    /// budget included, and always at least one. `None` when the budget is not a count.
    pub fn rounds(&self, done: u64, per_round: u64) -> Option<u64> {
        let per_round = per_round.max(1);
        self.rollouts.map(|n| n.saturating_sub(done).div_ceil(per_round).max(1))
    }

    /// A fresh reading of the deadline for one thread, counting its own rollouts from zero.
    pub fn clock(&self) -> Clock {
        Clock { next_read: 0, ..self.clock }
    }

    /// One of `parts` equal shares of what is left after `done` rollouts: of the rollouts if the
    /// budget has a count, and of the time if it has a deadline.
    pub fn slice(&self, done: u64, parts: usize) -> Limits {
        let k = parts.max(1) as u64;
        let now = Instant::now();
        let deadline =
            self.clock.deadline.map(|d| now + d.saturating_duration_since(now) / k as u32);
        Limits {
            clock: Clock { deadline, next_read: done },
            rollouts: self.rollouts.map(|n| done + n.saturating_sub(done) / k),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_time(ms: u64) -> Budget {
        Budget { time_ms: Some(ms), ..Budget::default() }
    }

    fn budget(time_ms: Option<u64>, rollouts: Option<u64>, no_clock: bool) -> Budget {
        Budget { time_ms, rollouts, no_clock, threads: None }
    }

    fn deadline(at: Instant) -> Limits {
        Limits { clock: Clock { deadline: Some(at), next_read: 0 }, rollouts: None }
    }

    #[test]
    fn budget_counts_from_the_turn_start_and_is_capped() {
        let t0 = Instant::now() - Duration::from_millis(300);
        let l = Limits::for_turn(t0, &by_time(5000));
        assert_eq!(l.deadline(), Some(t0 + Duration::from_millis(HARD_CAP_MS)));
        let mut l = Limits::for_turn(t0, &by_time(200));
        assert!(l.stop(0), "200 ms from a start 300 ms ago is already past");
        let mut l = Limits::for_turn(Instant::now(), &budget(None, Some(10), false));
        assert!(!l.stop(9) && l.stop(10));
    }

    #[test]
    fn a_rollout_budget_never_lifts_the_clock() {
        let t0 = Instant::now() - Duration::from_millis(300);
        let mut l = Limits::for_turn(t0, &budget(Some(200), Some(u64::MAX), false));
        assert_eq!(l.deadline(), Some(t0 + Duration::from_millis(200)));
        assert!(l.stop(0), "the deadline holds however many rollouts are left");
        let l = Limits::for_turn(t0, &budget(None, Some(10), false));
        assert_eq!(l.deadline(), Some(t0 + Duration::from_millis(DEFAULT_MS)), "default time");
        // Only an explicit no_clock with a rollout budget drops the deadline.
        let mut l = Limits::for_turn(t0, &budget(Some(200), Some(10), true));
        assert_eq!(l.deadline(), None);
        assert!(!l.stop(9) && l.stop(10));
        let l = Limits::for_turn(t0, &budget(Some(200), None, true));
        assert!(l.deadline().is_some(), "no_clock alone would never end: the clock stays");
        assert!(budget(None, None, true).never_ends());
        assert!(!budget(None, Some(5), true).never_ends());
        assert_eq!(budget(Some(HARD_CAP_MS + 1), None, false).over_cap(), Some(HARD_CAP_MS + 1));
        assert_eq!(budget(Some(HARD_CAP_MS), None, false).over_cap(), None);
    }

    #[test]
    fn the_clock_is_read_every_so_many_rollouts() {
        let mut l = deadline(Instant::now() - Duration::from_millis(1));
        assert!(l.stop(0), "the first question reads the clock");
        assert!(!l.stop(CLOCK_EVERY - 1), "the next read waits for CLOCK_EVERY more rollouts");
        assert!(l.stop(CLOCK_EVERY));
        // A thread's clock counts its own rollouts from zero, whatever the search's count.
        let mut c = l.clock();
        assert!(c.expired(0) && !c.expired(CLOCK_EVERY - 1) && c.expired(CLOCK_EVERY));
        assert!(!Limits::rollouts(5).clock().expired(0), "no deadline, no expiry");
    }

    #[test]
    fn rounds_are_those_a_single_thread_would_play() {
        for (n, done, per_round) in [(1000, 0, 252), (1000, 400, 7), (1000, 999, 4), (10, 20, 3)] {
            let l = Limits::rollouts(n);
            let rounds = l.rounds(done, per_round).unwrap();
            let mut one = l;
            let mut played = 0;
            loop {
                played += 1;
                if one.stop(done + played * per_round) {
                    break;
                }
            }
            assert_eq!(rounds, played, "{n} {done} {per_round}");
        }
        assert_eq!(deadline(Instant::now()).rounds(0, 4), None);
    }

    #[test]
    fn threads_default_to_the_cores_and_are_kept_in_bounds() {
        assert_eq!(Budget::default().threads(), cores());
        let asked = |t| Budget { threads: Some(t), ..Budget::default() }.threads();
        assert_eq!((asked(0), asked(3), asked(100_000)), (1, 3, MAX_THREADS));
    }

    #[test]
    fn slices_share_out_what_is_left() {
        let s = Limits::rollouts(1000).slice(400, 3);
        assert_eq!(s.rollouts, Some(600));
        let far = Instant::now() + Duration::from_secs(30);
        let s = deadline(far).slice(0, 3);
        let left = s.clock.deadline.unwrap().saturating_duration_since(Instant::now());
        assert!(left <= Duration::from_secs(10) && left > Duration::from_secs(9), "{left:?}");
    }
}
