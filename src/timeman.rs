//! The clock, and the one owner of a search's limits.
//!
//! A turn's time runs from the arrival of its first byte (the manager measures from its write,
//! which is earlier still), so the budget is a deadline counted from there, capped well inside
//! the manager's 1000 ms. A rollout budget may end a search sooner but never lifts the deadline:
//! one late answer loses the whole game. Only `no_clock`, asked for explicitly and only with a
//! rollout budget, removes the clock, for reproducible runs. `Limits` answers "stop?" for a
//! count of rollouts done: the count is
//! compared every time, the clock read only every `CLOCK_EVERY` rollouts, so a search
//! overshoots its deadline by at most that many rollouts and one round. It also hands out
//! slices of what is left, for searches that spend their budget in phases.

use crate::params::time::{CLOCK_EVERY, DEFAULT_MS, HARD_CAP_MS};
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
}

impl Budget {
    /// Why this budget cannot be played, if it cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.no_clock && self.rollouts.is_none() {
            return Err("--no-clock needs --rollouts N: a search with neither a clock nor a \
                        rollout budget would never end"
                .into());
        }
        Ok(())
    }

    /// The time asked for, when it is more than any answer gets (`HARD_CAP_MS`).
    pub fn over_cap(&self) -> Option<u64> {
        self.time_ms.filter(|&ms| ms > HARD_CAP_MS)
    }
}

/// What bounds one search: a deadline, a rollout count, or both.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    deadline: Option<Instant>,
    rollouts: Option<u64>,
    /// The rollout count at which the clock is next read.
    next_read: u64,
}

impl Limits {
    /// Exactly `n` rollouts (or the round that crosses `n`), no clock: reproducible.
    pub fn rollouts(n: u64) -> Limits {
        Limits { deadline: None, rollouts: Some(n), next_read: 0 }
    }

    /// The limits of a turn that began at `started`: the deadline is `budget.time_ms` (default
    /// `DEFAULT_MS`) after `started`, capped at `HARD_CAP_MS`, and `budget.rollouts`, if any, may
    /// end the search sooner. Only `no_clock` with a rollout budget drops the deadline.
    pub fn for_turn(started: Instant, budget: &Budget) -> Limits {
        let ms = budget.time_ms.unwrap_or(DEFAULT_MS).min(HARD_CAP_MS);
        let clock = !(budget.no_clock && budget.rollouts.is_some());
        let deadline = clock.then(|| started + Duration::from_millis(ms));
        Limits { deadline, rollouts: budget.rollouts, next_read: 0 }
    }

    /// Whether the search must stop after `done` rollouts.
    #[inline]
    pub fn stop(&mut self, done: u64) -> bool {
        if self.rollouts.is_some_and(|n| done >= n) {
            return true;
        }
        match self.deadline {
            Some(d) if done >= self.next_read => {
                self.next_read = done + CLOCK_EVERY;
                Instant::now() >= d
            }
            _ => false,
        }
    }

    /// One of `parts` equal shares of what is left after `done` rollouts: of the rollouts if the
    /// budget is a count, of the time if it is a deadline.
    pub fn slice(&self, done: u64, parts: usize) -> Limits {
        let k = parts.max(1) as u64;
        let now = Instant::now();
        Limits {
            deadline: self.deadline.map(|d| now + d.saturating_duration_since(now) / k as u32),
            rollouts: self.rollouts.map(|n| done + n.saturating_sub(done) / k),
            next_read: done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(time_ms: Option<u64>, rollouts: Option<u64>, no_clock: bool) -> Budget {
        Budget { time_ms, rollouts, no_clock }
    }

    #[test]
    fn budget_counts_from_the_turn_start_and_is_capped() {
        let t0 = Instant::now() - Duration::from_millis(300);
        let l = Limits::for_turn(t0, &budget(Some(5000), None, false));
        assert_eq!(l.deadline, Some(t0 + Duration::from_millis(HARD_CAP_MS)));
        let mut l = Limits::for_turn(t0, &budget(Some(200), None, false));
        assert!(l.stop(0), "200 ms from a start 300 ms ago is already past");
        let mut l = Limits::for_turn(Instant::now(), &budget(None, Some(10), false));
        assert!(!l.stop(9) && l.stop(10));
    }

    #[test]
    fn a_rollout_budget_never_lifts_the_clock() {
        let t0 = Instant::now() - Duration::from_millis(300);
        let mut l = Limits::for_turn(t0, &budget(Some(200), Some(u64::MAX), false));
        assert_eq!(l.deadline, Some(t0 + Duration::from_millis(200)));
        assert!(l.stop(0), "the deadline holds however many rollouts are left");
        let l = Limits::for_turn(t0, &budget(None, Some(10), false));
        assert_eq!(l.deadline, Some(t0 + Duration::from_millis(DEFAULT_MS)), "default time");
        // Only an explicit no_clock with a rollout budget drops the deadline.
        let mut l = Limits::for_turn(t0, &budget(Some(200), Some(10), true));
        assert_eq!(l.deadline, None);
        assert!(!l.stop(9) && l.stop(10));
        let l = Limits::for_turn(t0, &budget(Some(200), None, true));
        assert!(l.deadline.is_some(), "no_clock alone would never end: the clock stays");
        assert!(budget(None, None, true).check().is_err());
        assert!(budget(None, Some(5), true).check().is_ok());
        assert_eq!(budget(Some(HARD_CAP_MS + 1), None, false).over_cap(), Some(HARD_CAP_MS + 1));
        assert_eq!(budget(Some(HARD_CAP_MS), None, false).over_cap(), None);
    }

    #[test]
    fn the_clock_is_read_every_so_many_rollouts() {
        let past = Instant::now() - Duration::from_millis(1);
        let mut l = Limits { deadline: Some(past), rollouts: None, next_read: 0 };
        assert!(l.stop(0), "the first question reads the clock");
        assert!(!l.stop(CLOCK_EVERY - 1), "the next read waits for CLOCK_EVERY more rollouts");
        assert!(l.stop(CLOCK_EVERY));
    }

    #[test]
    fn slices_share_out_what_is_left() {
        let s = Limits::rollouts(1000).slice(400, 3);
        assert_eq!(s.rollouts, Some(600));
        let far = Instant::now() + Duration::from_secs(30);
        let s = Limits { deadline: Some(far), rollouts: None, next_read: 0 }.slice(0, 3);
        let left = s.deadline.unwrap().saturating_duration_since(Instant::now());
        assert!(left <= Duration::from_secs(10) && left > Duration::from_secs(9), "{left:?}");
    }
}
