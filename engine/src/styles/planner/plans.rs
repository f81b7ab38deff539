//! Plans (turns 1-4 and 6-8). A plan marks every lord *top* (one above the best rival), *off
//! last* (one above the worst rival) or *abandoned*. In a sample it is achieved when its needs
//! fit the picks left to the scoring turn (a night pick is worth 2, so it can waste one); the
//! own row is then the plan's targets and the sample is judged. All 728 plans with at least one
//! lord are scored; the `PLANS_KEPT` that win most often stay. Then every concrete move that
//! touches only a kept plan's lords (at most `Constants::early_cap` picks on one lord on turns
//! 1-3) is scored the same way, the plan covering whatever it still needs with the picks after
//! the move.
//! A night move is scored as part of a nine-point plan: the night's two picks (worth 2) with the
//! next day's five, as one commitment; the night half is played.

use super::judge::{
    ABANDONED, Commitment, PicksLeft, Sample, TOP, best, judge_all, margin, objective,
};
use super::rivals::RivalDraws;
use super::{
    Basis, CANDIDATE_WORK, Constants, EARLY_TURNS, MIN_SAMPLES, PLAN_SAMPLES, PLANS_KEPT, increment,
};
use crate::knowledge::Position;
use crate::moves::legal;
use crate::rules::{LORDS, Phase, Row, TURNS};
use rand::Rng;

/// The scoring turn that ends the current half.
fn scoring_turn(turn: u8) -> u8 {
    if turn <= 5 { 5 } else { TURNS }
}

/// The phase of every turn from `turn` to the scoring turn; the current one as the view says.
fn phases(pos: &Position) -> impl Iterator<Item = Phase> + '_ {
    (pos.turn..=scoring_turn(pos.turn))
        .map(|t| if t == pos.turn { pos.phase } else { Phase::of_turn(t) })
}

/// Every lord's role in plan number `p` (base 3, lord 0 the lowest digit).
fn roles(mut p: usize) -> [u8; LORDS] {
    std::array::from_fn(|_| {
        let r = (p % 3) as u8;
        p /= 3;
        r
    })
}

/// Plan numbers: three roles for each of the six lords. The last, every lord abandoned, is no
/// plan.
const PLANS: usize = 729;

/// Turns 1-4 and 6-8: the best plans on `n` samples, then the best move serving one of them.
pub(super) fn best_move(
    pos: &Position,
    n: usize,
    k: &Constants,
    rng: &mut impl Rng,
) -> (Row, Basis) {
    let rivals = RivalDraws::new(pos);
    let samples: Vec<Sample> = (0..n)
        .map(|_| {
            let mut others = rivals.world(pos, rng);
            for ph in phases(pos) {
                for (c, row) in others.iter_mut().enumerate() {
                    *row = row.add(increment(rivals.draw(c, ph.picks(), rng), ph));
                }
            }
            Sample { own: pos.own, others }
        })
        .collect();
    let obj = objective(pos, 0, margin(pos, k));

    // A night commits the next day's picks too, when that day still counts.
    let mut committed: Vec<Phase> = phases(pos).take(1).collect();
    if pos.phase == Phase::Night {
        committed.extend(phases(pos).nth(1));
    }
    let mut full = PicksLeft::default();
    let mut after = PicksLeft::default();
    for (i, ph) in phases(pos).enumerate() {
        full.add(ph);
        if i >= committed.len() {
            after.add(ph);
        }
    }

    let plans: Vec<Commitment> =
        (0..PLANS - 1).map(|p| Commitment::new(Row::ZERO, roles(p), Row::ZERO)).collect();
    let ranked = judge_all(&pos.strengths, &samples[..n.min(PLAN_SAMPLES)], &plans, full, &obj);
    let mut order: Vec<usize> = (0..plans.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(ranked[i].key()));

    let capped = pos.turn <= EARLY_TURNS;
    let mut cands = Vec::new();
    let mut kept = 0;
    for &p in &order {
        if kept == PLANS_KEPT {
            break;
        }
        let roles = plans[p].roles;
        let before = cands.len();
        commitments(&committed, pos.turn, capped, k.early_cap, roles, &mut cands);
        kept += (cands.len() > before) as usize;
    }
    if cands.is_empty() {
        // Only an impossible view leaves no plan a move: play the first capped one.
        commitments(&committed, pos.turn, capped, k.early_cap, [TOP as u8; LORDS], &mut cands);
    }
    let m = (CANDIDATE_WORK / cands.len().max(1)).max(MIN_SAMPLES).min(n);
    let verdicts = judge_all(&pos.strengths, &samples[..m], &cands, after, &obj);
    let i = best(&verdicts).unwrap_or(0);
    let c = cands.get(i).copied().unwrap_or(Commitment::new(
        Row::ZERO,
        [ABANDONED as u8; LORDS],
        legal(pos.phase)[0],
    ));
    let d = Basis { wins: verdicts.get(i).map_or(0, |t| t.wins), samples: m };
    (c.play, d)
}

/// Appends the commitments over the `committed` phases that touch only the plan's lords (top or
/// off last), each phase's move capped at `cap` picks a lord up to `EARLY_TURNS`. Several
/// commitments with the same increment are one candidate: the first stays.
fn commitments(
    committed: &[Phase],
    turn: u8,
    capped: bool,
    cap: u8,
    roles: [u8; LORDS],
    out: &mut Vec<Commitment>,
) {
    let inside = |m: &Row| (0..LORDS).all(|l| m.get(l) == 0 || roles[l] != ABANDONED as u8);
    let fits = |m: &Row, t: u8| !(capped && t <= EARLY_TURNS) || m.max_lane() <= cap;
    let first = committed[0];
    let mut seen = std::collections::HashSet::new();
    for &m in legal(first).iter().filter(|m| inside(m) && fits(m, turn)) {
        let inc = increment(m, first);
        match committed.get(1) {
            None => out.push(Commitment::new(inc, roles, m)),
            Some(&next) => {
                for &n in legal(next).iter().filter(|n| inside(n) && fits(n, turn + 1)) {
                    let add = inc.add(increment(n, next));
                    if seen.insert(add) {
                        out.push(Commitment::new(add, roles, m));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::Tracker;
    use crate::rules::{DAIMYO, Move, State, View};
    use crate::styles::planner::{Constants, Planner};
    use crate::styles::playout::random_counts;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Turns 1-3 of several games against random players: never more than the cap's picks on
    /// one lord, three for `planner` and four with a cap of four, and each cap is reached. Without
    /// the cap the same games put four or five on one lord in about one move in six (the whole
    /// turn-1 move on a single lord among them).
    #[test]
    fn never_more_than_the_cap_on_a_lord_early() {
        let four = Constants { early_cap: 4, ..Constants::STANDARD };
        for k in [Constants::STANDARD, four] {
            let mut widest = 0;
            for g in 0..8u64 {
                let st = crate::rules::strengths_from_seed(g as u32 + 1);
                let mut p = Planner::new(2_000, 1_000).with(k);
                p.reseed(g);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(g);
                let mut s = State::new(st);
                let mut known: [Tracker; DAIMYO] = std::array::from_fn(|_| Tracker::new(st));
                while s.turn <= EARLY_TURNS {
                    for (i, kn) in known.iter_mut().enumerate() {
                        kn.observe(&View::of_seat(&s, i));
                    }
                    let m = p.choose(known[0].position());
                    let n = s.phase().picks();
                    let o: [Move; 3] = std::array::from_fn(|_| {
                        Move::from_counts(random_counts(&mut rng, n)).expect("a legal move")
                    });
                    let lane = m.counts().max_lane();
                    assert!(lane <= k.early_cap, "{k:?}, game {g}, turn {}: {m:?}", s.turn);
                    widest = widest.max(lane);
                    s.play(&[m, o[0], o[1], o[2]]).unwrap();
                }
            }
            assert_eq!(widest, k.early_cap, "{k:?}: the cap is reached, so it binds");
        }
    }
}
