//! The clock. A turn's time runs from the arrival of its first byte (the manager measures from
//! its write, which is earlier still), so the budget is a deadline counted from there, capped
//! well inside the manager's 1000 ms, and the search looks at the clock between rounds of
//! rollouts.

use crate::params::time::{DEFAULT_MS, HARD_CAP_MS};
use std::time::{Duration, Instant};

/// What bounds one search: a deadline, a rollout count, or both.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub rollouts: Option<u64>,
}

impl Limits {
    /// `rollouts` fixes the work (reproducible: same seed, same move) and then no clock is used;
    /// otherwise the deadline is `time_ms` (default `DEFAULT_MS`) after `started`, capped.
    pub fn for_turn(started: Instant, time_ms: Option<u64>, rollouts: Option<u64>) -> Limits {
        match rollouts {
            Some(n) => Limits { deadline: None, rollouts: Some(n) },
            None => {
                let ms = time_ms.unwrap_or(DEFAULT_MS).min(HARD_CAP_MS);
                Limits { deadline: Some(started + Duration::from_millis(ms)), rollouts: None }
            }
        }
    }

    /// Whether the search must stop after `done` rollouts.
    #[inline]
    pub fn exhausted(&self, done: u64) -> bool {
        self.rollouts.is_some_and(|n| done >= n)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_counts_from_the_turn_start_and_is_capped() {
        let t0 = Instant::now() - Duration::from_millis(300);
        let l = Limits::for_turn(t0, Some(5000), None);
        assert_eq!(l.deadline, Some(t0 + Duration::from_millis(HARD_CAP_MS)));
        let l = Limits::for_turn(t0, Some(200), None);
        assert!(l.exhausted(0), "200 ms from a start 300 ms ago is already past");
        let l = Limits::for_turn(t0, None, Some(10));
        assert!(!l.exhausted(9) && l.exhausted(10));
    }
}
