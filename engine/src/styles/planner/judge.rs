//! What counts as a win for the planner, and how every plan or move is judged against every
//! sample.
//!
//! - **Objective.** The share of samples in which it finishes top by a margin:
//!   `Constants::margin_early` of the total strength on turns 1-3, 6 and 7, `margin_late` on turns
//!   4, 5, 8 and 9. From turn 6 on the turn-5 points count, and when it trails at half-time its
//!   second-half gain must also exceed the leader's half-time score. The margin stands for what
//!   the samples cannot know: a plan judged on a sample knows that sample's future, so a narrow
//!   win there is no win.
//! - **Lord tables.** Every sample is turned into a per-lord table (own increment on the lord
//!   and the lord's role in the plan give the points still needed and the lord's score for all
//!   four), so scoring a plan or a move on a sample is six lookups; nothing is allocated per
//!   sample or per candidate.

use super::Constants;
use crate::knowledge::Position;
use crate::rules::{DAIMYO, LORDS, Phase, Row, columns, score};

/// A lord's role in a plan.
pub(super) const TOP: usize = 0;
const OFF_LAST: usize = 1;
pub(super) const ABANDONED: usize = 2;
/// Largest own increment on one lord that a candidate commits: a night's two picks (4) and the
/// next day's five.
const MAX_ADD: usize = 9;

/// One sample as the judged daimyo sees it: its own row before the picks being judged, and the
/// three others' rows at the scoring turn.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sample {
    pub(super) own: Row,
    pub(super) others: [Row; 3],
}

/// What a lord contributes in one sample for one role and one own increment, packed so that a
/// candidate sums six of them with two additions per lord.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The lord's score for the judged daimyo and the three others, 16 bits each, plus `BIAS`.
    score: u64,
    /// The intimacy still needed to reach the role's target (low 16 bits) and that need halved
    /// (high 16 bits).
    need: u32,
}

/// Added to each packed score so that no lane goes negative: a lord's score is within +-72
/// twelfths, six lords stay within 16 bits.
const BIAS: i32 = 128;

fn pack(s: [i32; DAIMYO]) -> u64 {
    (0..DAIMYO).fold(0, |acc, d| acc | ((s[d] + BIAS) as u64) << (16 * d))
}

/// The scores of a sum of `LORDS` packed entries.
#[inline]
fn unpack(sum: u64) -> [i32; DAIMYO] {
    std::array::from_fn(|d| ((sum >> (16 * d)) & 0xffff) as i32 - LORDS as i32 * BIAS)
}

/// Entries per lord: a role's block of own increments `0..=MAX_ADD`.
const BLOCK: usize = MAX_ADD + 1;
const PER_LORD: usize = 3 * BLOCK;
/// One sample's entries for every lord, role and own increment.
type LordTable = [Entry; LORDS * PER_LORD];

/// Where a lord's entry for a role and an own increment sits in the table.
fn slot(lord: usize, role: usize, add: usize) -> u8 {
    (lord * PER_LORD + role * BLOCK + add.min(MAX_ADD)) as u8
}

/// Fills `t` for one sample, own increments `0..=max_add`.
fn fill(t: &mut LordTable, strengths: &[u8; LORDS], s: &Sample, max_add: usize) {
    for l in 0..LORDS {
        let v = s.others.map(|r| r.get(l));
        let hi = v[0].max(v[1]).max(v[2]);
        let lo = v[0].min(v[1]).min(v[2]);
        let mut only = [0u8; LORDS];
        only[l] = strengths[l];
        // `score` with one lord's strength alone is that lord's share of the scoring. It only
        // changes between one below the worst rival and one above the best: one call per value.
        let mut memo = (u8::MAX, 0u64);
        let mut lord = |own: u8| {
            let own = own.clamp(lo.saturating_sub(1), hi + 1);
            if memo.0 != own {
                let rows = [Row::ZERO.bump(l, own), s.others[0], s.others[1], s.others[2]];
                memo = (own, pack(score(&only, &rows)));
            }
            memo.1
        };
        let base = s.own.get(l);
        let at = |role: usize, a: usize| slot(l, role, a) as usize;
        for a in 0..=max_add {
            t[at(ABANDONED, a)] = Entry { need: 0, score: lord(base + a as u8) };
        }
        for (role, target) in [(TOP, hi + 1), (OFF_LAST, lo + 1)] {
            let mut at_target = None;
            for a in 0..=max_add {
                let own = base + a as u8;
                t[at(role, a)] = if own >= target {
                    t[at(ABANDONED, a)]
                } else {
                    let score = *at_target.get_or_insert_with(|| lord(target));
                    let need = (target - own) as u32;
                    Entry { need: need | (need / 2) << 16, score }
                };
            }
        }
    }
}

/// Own picks left after the judged ones, up to the scoring turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PicksLeft {
    day: u32,
    night: u32,
}

impl PicksLeft {
    pub(super) fn add(&mut self, phase: Phase) {
        match phase {
            Phase::Day => self.day += phase.picks() as u32,
            Phase::Night => self.night += phase.picks() as u32,
        }
    }

    /// Whether these picks can raise lords by the needs whose sum is `need`, `pairs` being the
    /// sum of each need halved: night picks go on whole pairs first, then on odd remainders.
    #[inline]
    fn fits(self, need: u32, pairs: u32) -> bool {
        if self.night <= pairs {
            need - 2 * self.night <= self.day
        } else {
            let odd = need - 2 * pairs;
            odd.saturating_sub(self.night - pairs) <= self.day
        }
    }
}

/// What counts as a win for the judged daimyo.
#[derive(Clone, Copy, Debug)]
pub(super) struct Objective {
    /// Twelfths it must finish ahead of the best other.
    pub(super) margin: i32,
    /// Points already banked (turn-5 scores when judging turn 9), judged daimyo first.
    pub(super) banked: [i32; DAIMYO],
    /// When trailing at half-time: the leader's half-time score, which the own gain must beat.
    pub(super) beat: Option<i32>,
}

impl Objective {
    /// Win or not, and the margin over the best other, from the scoring's points.
    #[inline]
    fn judge(&self, s: &[i32; DAIMYO]) -> (bool, i32) {
        let t: [i32; DAIMYO] = std::array::from_fn(|d| self.banked[d] + s[d]);
        let margin = t[0] - t[1].max(t[2]).max(t[3]);
        (margin >= self.margin && self.beat.is_none_or(|b| s[0] > b), margin)
    }
}

/// The objective of the judged daimyo at column `me`'s turn (column order of the position).
pub(super) fn objective(pos: &Position, me: usize, margin: i32) -> Objective {
    let banked = match pos.score5 {
        Some(s5) if pos.turn > 5 => columns(me).map(|c| s5[c]),
        _ => [0; DAIMYO],
    };
    let leader = banked[1].max(banked[2]).max(banked[3]);
    let beat = (pos.score5.is_some() && pos.turn > 5 && banked[0] < leader).then_some(leader);
    Objective { margin, banked, beat }
}

/// The margin in twelfths for the current turn.
pub(super) fn margin(pos: &Position, k: &Constants) -> i32 {
    let share = if matches!(pos.turn, 4 | 5 | 8 | 9) { k.margin_late } else { k.margin_early };
    let total: u32 = pos.strengths.iter().map(|&m| m as u32).sum();
    (share * 12.0 * total as f64).round() as i32
}

/// A commitment to judge: the own increment per lord, each lord's role for the picks after it,
/// and the move to play if it is chosen.
#[derive(Clone, Copy, Debug)]
pub(super) struct Commitment {
    add: [u8; LORDS],
    pub(super) roles: [u8; LORDS],
    pub(super) play: Row,
}

impl Commitment {
    pub(super) fn new(add: Row, roles: [u8; LORDS], play: Row) -> Commitment {
        Commitment { add: add.to_array(), roles, play }
    }

    /// The table slots of its lords, with the lords' roles or all abandoned.
    fn slots(&self, abandoned: bool) -> [u8; LORDS] {
        std::array::from_fn(|l| {
            let role = if abandoned { ABANDONED } else { self.roles[l] as usize };
            slot(l, role, self.add[l] as usize)
        })
    }
}

/// How a commitment fared on the samples: the ones it won, and its margins over the best other
/// summed (twelfths), which break ties in wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Wins {
    pub(super) wins: u32,
    margin: i64,
}

impl Wins {
    pub(super) fn key(&self) -> (u32, i64) {
        (self.wins, self.margin)
    }
}

/// Every candidate on every sample. A candidate whose needs do not fit the picks left is no win;
/// its margin is then that of the increment alone.
pub(super) fn judge_all(
    strengths: &[u8; LORDS],
    samples: &[Sample],
    cands: &[Commitment],
    left: PicksLeft,
    obj: &Objective,
) -> Vec<Wins> {
    let mut verdicts = vec![Wins::default(); cands.len()];
    let max_add = cands.iter().flat_map(|c| c.add).max().unwrap_or(0).min(MAX_ADD as u8) as usize;
    let planned: Vec<[u8; LORDS]> = cands.iter().map(|c| c.slots(false)).collect();
    let alone: Vec<[u8; LORDS]> = cands.iter().map(|c| c.slots(true)).collect();
    let sum = |t: &LordTable, slots: &[u8; LORDS]| {
        slots.iter().fold((0u64, 0u32), |(s, n), &i| {
            let e = &t[i as usize];
            (s + e.score, n + e.need)
        })
    };
    let mut t: LordTable = [Entry::default(); LORDS * PER_LORD];
    for s in samples {
        fill(&mut t, strengths, s, max_add);
        for (i, verdict) in verdicts.iter_mut().enumerate() {
            let (score, need) = sum(&t, &planned[i]);
            let (win, margin) = if left.fits(need & 0xffff, need >> 16) {
                obj.judge(&unpack(score))
            } else {
                (false, obj.judge(&unpack(sum(&t, &alone[i]).0)).1)
            };
            verdict.wins += win as u32;
            verdict.margin += margin as i64;
        }
    }
    verdicts
}

/// The index of the best verdict, ties to the earliest.
pub(super) fn best(verdicts: &[Wins]) -> Option<usize> {
    (0..verdicts.len()).rev().max_by_key(|&i| verdicts[i].key())
}
