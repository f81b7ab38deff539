//! The two searching contest programs, `planner` and `pruned-mc`, read as rules: the model asks
//! what each would have played on a board, as it asks the memoryless rules. Each is its own code
//! on a tenth of its budget (`SCALE`), its random numbers seeded by a hash of the position, so that
//! the answer is a function of the position alone, as a rule's is. Played again at their own
//! positions with another seed, the searches repeat their day move about half the time at a
//! tenth of their budgets (planner 0.35-0.57 by turn, pruned-mc 0.33-0.50), at 2.3 and 1.0 ms a
//! move.
//!
//! The model reads the same boards turn after turn, so each answer is remembered: per thread,
//! by rule, divisor and the seed's hash, cleared whole past `REMEMBERED` answers. Remembering only
//! saves time; what is read does not depend on it. `read_ahead` searches many positions at once
//! on several threads and remembers the answers on the calling thread: the same answers, sooner.

use super::planner::{Planner, SAMPLES_MAIN, SAMPLES_OTHER};
use super::pruned_mc::PrunedMc;
use crate::knowledge::Position;
use crate::rules::{DAIMYO, Move, Phase};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The searches' budgets are divided by it, unless the model asks for another divisor.
pub const SCALE: usize = 10;
/// Answers remembered per thread before the memory is cleared.
pub const REMEMBERED: usize = 1 << 18;

thread_local! {
    static MEMORY: RefCell<HashMap<Key, Move>> = RefCell::new(HashMap::new());
}

/// What an answer is remembered under: the search, its budget's divisor, the position's hash.
type Key = (u8, usize, u64);

/// One step of splitmix64: a 64-bit mix good enough that distinct positions do not collide.
fn mix(h: u64, x: u64) -> u64 {
    let mut z = (h ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of everything the searches read of a position.
pub fn position_hash(pos: &Position) -> u64 {
    let mut strengths = [0u8; 8];
    strengths[..pos.strengths.len()].copy_from_slice(&pos.strengths);
    let mut h = mix(0, u64::from_le_bytes(strengths));
    h = mix(h, pos.turn as u64 | ((pos.phase == Phase::Day) as u64) << 8);
    for r in pos.public {
        h = mix(h, r.0);
    }
    h = mix(h, pos.own.0);
    for night in pos.hidden {
        let x = night.map_or(0, |n| 1 + n.turn as u64 + (n.others.map_or(0, |r| r.0) << 8));
        h = mix(h, x);
    }
    for s in pos.score5.unwrap_or([i32::MIN; DAIMYO]) {
        h = mix(h, s as u32 as u64);
    }
    h
}

/// The two searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searcher {
    Planner,
    PrunedMc,
}

impl Searcher {
    /// The move at `pos`, searched now on its budget divided by `divisor` (at least 1), on
    /// random numbers from `seed`.
    fn run(self, pos: &Position, divisor: usize, seed: u64) -> Move {
        let d = divisor.max(1);
        match self {
            Searcher::Planner => {
                let mut p = Planner::new((SAMPLES_MAIN / d).max(1), (SAMPLES_OTHER / d).max(1));
                p.reseed(seed);
                p.choose(pos)
            }
            Searcher::PrunedMc => PrunedMc::scaled(d as u32, seed).choose(pos),
        }
    }

    /// What is remembered for `pos` at `divisor`, under its key.
    fn remembered(self, pos: &Position, divisor: usize) -> (Key, Option<Move>) {
        let key = (self as u8, divisor, position_hash(pos));
        (key, MEMORY.with(|s| s.borrow().get(&key).copied()))
    }

    /// The move at `pos`, searched now as `key` says, and remembered under it.
    fn search(self, pos: &Position, key: Key) -> Move {
        let m = self.run(pos, key.1, key.2);
        remember(key, m);
        m
    }

    /// The move at `pos` at the budget divided by `SCALE`, remembered or searched now.
    pub fn choose(self, pos: &Position) -> Move {
        let (key, known) = self.remembered(pos, SCALE);
        known.unwrap_or_else(|| self.search(pos, key))
    }

    /// The move at `pos` at the budget divided by `divisor`: remembered, or searched now unless
    /// `deadline` has passed (then `None`).
    pub fn read(self, pos: &Position, deadline: Option<Instant>, divisor: usize) -> Option<Move> {
        let (key, known) = self.remembered(pos, divisor);
        known.or_else(|| open(deadline).then(|| self.search(pos, key)))
    }
}

/// Remembers `m` under `key` on this thread.
fn remember(key: Key, m: Move) {
    MEMORY.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() >= REMEMBERED {
            s.clear();
        }
        s.insert(key, m);
    });
}

/// Whether `deadline` (none: never) is still ahead.
fn open(deadline: Option<Instant>) -> bool {
    deadline.is_none_or(|d| Instant::now() < d)
}

/// Each search's move at each of its positions, on budgets divided by `divisor`, searched on
/// `threads` threads (the calling one among them) until `deadline` and remembered on the calling
/// thread: what `read` would answer for each, now remembered. Returns how many were searched.
/// A thread's panic loses only the answers it had not yet handed back.
pub fn read_ahead(
    wanted: &[(Searcher, Position)],
    divisor: usize,
    deadline: Option<Instant>,
    threads: usize,
) -> usize {
    let mut seen = HashSet::new();
    let jobs: Vec<(Searcher, &Position, Key)> = wanted
        .iter()
        .filter_map(|(s, pos)| match s.remembered(pos, divisor) {
            (key, None) if seen.insert(key) => Some((*s, pos, key)),
            _ => None,
        })
        .collect();
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        while open(deadline) {
            let Some(&(s, pos, key)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            done.push((key, s.run(pos, key.1, key.2)));
        }
        done
    };
    let done: Vec<(Key, Move)> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(jobs.len())).map(|_| scope.spawn(work)).collect();
        let mut done = work();
        for h in helpers {
            done.extend(h.join().unwrap_or_default());
        }
        done
    });
    for &(key, m) in &done {
        remember(key, m);
    }
    done.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::HiddenNight;
    use crate::rules::Row;

    fn turn7() -> Position {
        let mut pos = Position::initial([3, 4, 5, 6, 4, 2]);
        pos.turn = 7;
        pos.public = [
            Row::from_array([3, 4, 1, 2, 0, 0]),
            Row::from_array([0, 2, 4, 4, 0, 0]),
            Row::from_array([1, 1, 1, 5, 2, 0]),
            Row::from_array([2, 0, 3, 0, 3, 2]),
        ];
        pos.own = pos.public[0].bump(1, 4);
        pos.hidden[0] =
            Some(HiddenNight { turn: 6, others: Some(Row::from_array([0, 2, 2, 1, 1, 0])) });
        pos.score5 = Some([20, -4, 8, -24]);
        pos
    }

    /// Every field the searches read changes the hash.
    #[test]
    fn the_hash_sees_every_field_the_searches_read() {
        let pos = turn7();
        let h = position_hash(&pos);
        let mut changed: Vec<Position> = vec![pos; 7];
        changed[0].strengths[5] = 3;
        changed[1].turn = 9;
        changed[2].phase = Phase::Night;
        changed[3].public[2] = changed[3].public[2].bump(0, 1);
        changed[4].own = changed[4].own.bump(5, 2);
        changed[5].hidden[0] = Some(HiddenNight { turn: 6, others: None });
        changed[6].score5 = Some([20, -4, 9, -25]);
        for (i, p) in changed.iter().enumerate() {
            assert_ne!(position_hash(p), h, "field {i}");
        }
        assert_eq!(position_hash(&turn7()), h);
    }

    /// The answer is the position's alone: the same on a thread that has remembered nothing,
    /// and the search's own move on the seed the position gives.
    #[test]
    fn a_searching_rule_answers_by_the_position_alone() {
        let pos = turn7();
        for s in [Searcher::Planner, Searcher::PrunedMc] {
            let here = s.choose(&pos);
            let there = std::thread::spawn(move || s.choose(&pos)).join().unwrap();
            assert_eq!(here, there, "{s:?}");
            assert_eq!(here, s.run(&pos, SCALE, position_hash(&pos)), "{s:?}");
            assert_eq!(here.phase(), pos.phase);
        }
    }

    /// Past the deadline only what is remembered is read: nothing before the search has run,
    /// its move after.
    #[test]
    fn past_the_deadline_only_remembered_answers_are_read() {
        std::thread::spawn(|| {
            let pos = turn7();
            let past = Some(Instant::now());
            for s in [Searcher::Planner, Searcher::PrunedMc] {
                assert_eq!(s.read(&pos, past, SCALE), None, "{s:?}");
                let m = s.read(&pos, None, SCALE);
                assert!(m.is_some());
                assert_eq!(s.read(&pos, past, SCALE), m, "{s:?}");
                assert_eq!(s.read(&pos, past, 2 * SCALE), None, "{s:?}");
            }
        })
        .join()
        .unwrap();
    }

    /// Read ahead on three threads, every position's answer is remembered on the calling thread,
    /// and it is the answer the search gives there alone; a position asked twice is searched
    /// once, and one already remembered not again.
    #[test]
    fn reading_ahead_remembers_what_reading_would_answer() {
        std::thread::spawn(|| {
            let mut positions = vec![turn7()];
            for t in [1, 3, 5] {
                let mut p = turn7();
                p.turn = t;
                p.public[1] = p.public[1].bump(t as usize % 6, 1);
                positions.push(p);
            }
            let mut wanted: Vec<(Searcher, Position)> = Vec::new();
            for s in [Searcher::Planner, Searcher::PrunedMc] {
                wanted.extend(positions.iter().map(|&p| (s, p)));
            }
            wanted.push(wanted[0]);
            let past = Some(Instant::now());
            assert_eq!(Searcher::PrunedMc.read(&positions[2], None, 7).map(|_| ()), Some(()));
            assert_eq!(read_ahead(&wanted, 7, None, 3), 2 * positions.len() - 1);
            for &(s, p) in &wanted {
                assert_eq!(s.read(&p, past, 7), Some(s.run(&p, 7, position_hash(&p))), "{s:?}");
                assert_eq!(s.read(&p, past, SCALE), None, "{s:?}: another divisor");
            }
            assert_eq!(read_ahead(&wanted, 7, None, 3), 0);
            assert_eq!(read_ahead(&wanted, 8, past, 3), 0, "past the deadline");
        })
        .join()
        .unwrap();
    }
}
