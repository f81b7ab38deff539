//! The two searches of the field, `planner` and `pruned-mc`, read as rules: the model asks what
//! each would have played on a board, as it asks the memoryless rules. Each is its own code on a
//! tenth of its budget (`SCALE`), its random numbers seeded by a hash of the position, so that
//! the answer is a function of the position alone, as a rule's is. Played again at their own
//! positions with another seed, the searches repeat their day move about half the time at a
//! tenth of their budgets (planner 0.35-0.57 by turn, pruned-mc 0.33-0.50), at 2.3 and 1.0 ms a
//! move.
//!
//! The model reads the same boards turn after turn, so each answer is remembered: per thread,
//! by rule and position hash, cleared whole past `REMEMBERED` answers. Remembering only saves
//! time; what is read does not depend on it.

use super::planner::{Planner, SAMPLES_MAIN, SAMPLES_OTHER};
use super::pruned_mc::PrunedMc;
use crate::engine::agent::Agent;
use crate::engine::knowledge::Position;
use crate::engine::rules::{DAIMYO, Move, Phase};
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

/// The searches' budgets are divided by it.
pub const SCALE: usize = 10;
/// Answers remembered per thread before the memory is cleared.
pub const REMEMBERED: usize = 1 << 18;

thread_local! {
    static MEMORY: RefCell<HashMap<(u8, u64), Move>> = RefCell::new(HashMap::new());
}

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
pub enum Search {
    Planner,
    PrunedMc,
}

impl Search {
    /// The move at `pos`, searched now on random numbers from `seed`.
    fn run(self, pos: &Position, seed: u64) -> Move {
        match self {
            Search::Planner => {
                let mut p = Planner::new(SAMPLES_MAIN / SCALE, SAMPLES_OTHER / SCALE);
                p.new_game(pos.strengths, seed);
                p.choose(pos)
            }
            Search::PrunedMc => PrunedMc::scaled(SCALE as u32, seed).choose(pos),
        }
    }

    /// What is remembered for `pos`, under its key.
    fn remembered(self, pos: &Position) -> ((u8, u64), Option<Move>) {
        let key = (self as u8, position_hash(pos));
        (key, MEMORY.with(|s| s.borrow().get(&key).copied()))
    }

    /// The move at `pos`, searched now on the seed `key` gives, and remembered under it.
    fn search(self, pos: &Position, key: (u8, u64)) -> Move {
        let m = self.run(pos, key.1);
        MEMORY.with(|s| {
            let mut s = s.borrow_mut();
            if s.len() >= REMEMBERED {
                s.clear();
            }
            s.insert(key, m);
        });
        m
    }

    /// The move at `pos`, remembered or searched now.
    pub fn choose(self, pos: &Position) -> Move {
        let (key, known) = self.remembered(pos);
        known.unwrap_or_else(|| self.search(pos, key))
    }

    /// The move at `pos`: remembered, or searched now unless `deadline` has passed (then
    /// `None`).
    pub fn read(self, pos: &Position, deadline: Option<Instant>) -> Option<Move> {
        let (key, known) = self.remembered(pos);
        let open = || deadline.is_none_or(|d| Instant::now() < d);
        known.or_else(|| open().then(|| self.search(pos, key)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::knowledge::HiddenNight;
    use crate::engine::rules::Row;

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
        for s in [Search::Planner, Search::PrunedMc] {
            let here = s.choose(&pos);
            let there = std::thread::spawn(move || s.choose(&pos)).join().unwrap();
            assert_eq!(here, there, "{s:?}");
            assert_eq!(here, s.run(&pos, position_hash(&pos)), "{s:?}");
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
            for s in [Search::Planner, Search::PrunedMc] {
                assert_eq!(s.read(&pos, past), None, "{s:?}");
                let m = s.read(&pos, None);
                assert!(m.is_some());
                assert_eq!(s.read(&pos, past), m, "{s:?}");
            }
        })
        .join()
        .unwrap();
    }
}
