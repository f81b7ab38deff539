//! `planner`: sampled plans that aim to win with a margin.
//!
//! It never plays the game out move by move. It samples what the three others will hold at the
//! next scoring turn and asks which *plan* for its own picks up to then wins most often, by a
//! margin, against those samples:
//!
//! - **Rival model.** Every rival negotiation it has not seen (the hidden nights, and every turn
//!   from now to the next scoring turn) is drawn one pick at a time, lord `l` with weight: that
//!   rival's public intimacy with `l`, plus the others' unrevealed night total on `l`, plus the
//!   strength of `l` on turn 1 (half of it on turn 2), plus a small floor. A hidden night with
//!   known per-lord totals (`Position::hidden[..].others`) is drawn only where those totals leave
//!   room, so the samples always agree with the night lines. Rivals are where they have been and
//!   where the nights went.
//! - **Objective.** The share of samples in which it finishes top by a margin: `MARGIN_EARLY` of
//!   the total strength on turns 1-3, 6 and 7, `MARGIN_LATE` on turns 4, 5, 8 and 9. From turn 6
//!   on the turn-5 points count, and when it trails at half-time its second-half gain must also
//!   exceed the leader's half-time score. The margin stands for what the samples cannot know:
//!   a plan judged on a sample knows that sample's future, so a narrow win there is no win.
//! - **Plans** (turns 1-4 and 6-8). A plan marks every lord *top* (one above the best rival),
//!   *off last* (one above the worst rival) or *abandoned*. In a sample it is achieved when its
//!   needs fit the picks left to the scoring turn (a night pick is worth 2, so it can waste
//!   one); the own row is then the plan's targets and the sample is judged. All 728 plans with
//!   at least one lord are scored; the `PLANS_KEPT` that win most often stay. Then every concrete
//!   move that touches only a kept plan's lords (at most `EARLY_CAP` picks on one lord on turns
//!   1-3) is scored the same way, the plan covering whatever it still needs with the picks after
//!   the move. A night move is scored as part of a nine-point plan: the night's two picks (worth
//!   2) with the next day's five, as one commitment; the night half is played.
//! - **Best response** (turns 5 and 9, the scoring turns). Each rival's own best moves against
//!   three uniformly random players are found on sampled worlds, the rivals are fixed to those
//!   moves (one of its `RIVAL_MOVES` best in each sample), and every own move is scored against
//!   them.
//!
//! Every sample is turned into a per-lord table (own increment on the lord and the lord's role
//! in the plan give the points still needed and the lord's score for all four), so scoring a plan
//! or a move on a sample is six lookups; nothing is allocated per sample or per candidate.
//! Budgets are sample counts (`SAMPLES_MAIN`, `SAMPLES_OTHER`, `CANDIDATE_WORK`): the same seed
//! gives the same game, and the slowest answer stays within about 50 ms of one core, so that
//! even a machine shared eight ways answers well inside the manager's second.

use super::flatmc::random_counts;
use crate::engine::agent::{Agent, Candidate, Report};
use crate::engine::knowledge::{Position, Tracker};
use crate::engine::moves::{legal, scale};
use crate::engine::rules::{DAIMYO, LORDS, Move, Phase, Row, TURNS, columns, score};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// Samples on turns 1, 3 and 7, where a half's plan is laid down.
pub const SAMPLES_MAIN: usize = 4_000;
/// Samples on the other turns (and per rival for the best responses of turns 5 and 9).
pub const SAMPLES_OTHER: usize = 1_200;
/// Samples on which the 728 plans are ranked.
pub const PLAN_SAMPLES: usize = 800;
/// Plans whose moves are scored.
pub const PLANS_KEPT: usize = 2;
/// Candidates times samples allowed for the move scoring; a night with many pairs of night and
/// day moves gets fewer samples, never more time.
pub const CANDIDATE_WORK: usize = 1_500_000;
/// Fewest samples any candidate is scored on.
pub const MIN_SAMPLES: usize = 300;
/// Moves of each rival that the best response of turns 5 and 9 fixes it to: its best ones
/// against random play, one drawn per sample. Fixed to its single best move the answer was too
/// sharp: 35% of first place against flatmc, rules and knapsack over 80 games, 51% with the
/// rivals' 20 best (and 52% with uniformly random rivals, which a best response is not).
pub const RIVAL_MOVES: usize = 20;
/// Margin over the best rival, as a share of the total strength, on turns 1-3, 6 and 7.
pub const MARGIN_EARLY: f64 = 0.15;
/// The same on turns 4, 5, 8 and 9, when less is still unknown.
pub const MARGIN_LATE: f64 = 0.10;
/// Most picks on one lord in one move up to this turn.
pub const EARLY_TURNS: u8 = 3;
pub const EARLY_CAP: u8 = 3;
/// Weight every lord keeps in the rival model, so that a lord a rival has not touched is
/// unlikely for it, not impossible.
pub const WEIGHT_FLOOR: f64 = 0.5;
/// Share of a lord's strength added to its weight on turns 1 and 2, before the rivals have shown
/// much.
pub const STRENGTH_WEIGHT: [f64; 2] = [1.0, 0.5];

/// A lord's role in a plan.
const TOP: usize = 0;
const OFF_LAST: usize = 1;
const ABANDONED: usize = 2;
/// Largest own increment on one lord that a candidate commits: a night's two picks (4) and the
/// next day's five.
const MAX_ADD: usize = 9;

/// One sample as the judged daimyo sees it: its own row before the picks being judged, and the
/// three others' rows at the scoring turn.
#[derive(Clone, Copy, Debug)]
struct Sample {
    own: Row,
    others: [Row; 3],
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
struct PicksLeft {
    day: u32,
    night: u32,
}

impl PicksLeft {
    fn add(&mut self, phase: Phase) {
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
struct Objective {
    /// Twelfths it must finish ahead of the best other.
    margin: i32,
    /// Points already banked (turn-5 scores when judging turn 9), judged daimyo first.
    banked: [i32; DAIMYO],
    /// When trailing at half-time: the leader's half-time score, which the own gain must beat.
    beat: Option<i32>,
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

/// A commitment to judge: the own increment per lord, each lord's role for the picks after it,
/// and the move to play if it is chosen.
#[derive(Clone, Copy, Debug)]
struct Commitment {
    add: [u8; LORDS],
    roles: [u8; LORDS],
    play: Row,
}

impl Commitment {
    fn new(add: Row, roles: [u8; LORDS], play: Row) -> Commitment {
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
struct Verdict {
    wins: u32,
    margin: i64,
}

impl Verdict {
    fn key(&self) -> (u32, i64) {
        (self.wins, self.margin)
    }
}

/// Every candidate on every sample. A candidate whose needs do not fit the budget is no win;
/// its margin is then that of the increment alone.
fn judge_all(
    strengths: &[u8; LORDS],
    samples: &[Sample],
    cands: &[Commitment],
    left: PicksLeft,
    obj: &Objective,
) -> Vec<Verdict> {
    let mut verdicts = vec![Verdict::default(); cands.len()];
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
fn best(verdicts: &[Verdict]) -> Option<usize> {
    (0..verdicts.len()).rev().max_by_key(|&i| verdicts[i].key())
}

/// How the others pick, from what they have shown: per rival, cumulative weights out of 2^32.
#[derive(Clone, Copy, Debug)]
struct RivalDraws {
    weight: [[f64; LORDS]; 3],
    cumulative: [[u64; LORDS]; 3],
}

impl RivalDraws {
    fn new(pos: &Position) -> RivalDraws {
        let mut nights = [0f64; LORDS];
        for h in pos.hidden.iter().flatten() {
            if let Some(o) = h.others {
                for (l, n) in nights.iter_mut().enumerate() {
                    *n += o.get(l) as f64;
                }
            }
        }
        let early = match pos.turn {
            1 => STRENGTH_WEIGHT[0],
            2 => STRENGTH_WEIGHT[1],
            _ => 0.0,
        };
        let weight: [[f64; LORDS]; 3] = std::array::from_fn(|c| {
            std::array::from_fn(|l| {
                pos.public[c + 1].get(l) as f64
                    + nights[l]
                    + early * pos.strengths[l] as f64
                    + WEIGHT_FLOOR
            })
        });
        let cumulative = weight.map(|w| {
            let total: f64 = w.iter().sum();
            let mut acc = 0.0;
            std::array::from_fn(|l| {
                acc += w[l];
                if l + 1 == LORDS { 1 << 32 } else { (acc / total * (1u64 << 32) as f64) as u64 }
            })
        });
        RivalDraws { weight, cumulative }
    }

    /// Rival `c`'s next `picks` picks, as counts.
    #[inline]
    fn draw(&self, c: usize, picks: usize, rng: &mut impl Rng) -> Row {
        let cum = &self.cumulative[c];
        (0..picks).fold(Row::ZERO, |row, _| {
            let r = rng.next_u32() as u64;
            row.bump(cum.iter().position(|&x| r < x).unwrap_or(LORDS - 1), 1)
        })
    }

    /// The three rivals' picks of a hidden night whose per-lord total is `others` (six picks),
    /// drawn in turn, each only where the total leaves room.
    fn hidden_night(&self, others: Row, rng: &mut impl Rng) -> [Row; 3] {
        let mut room = others.to_array();
        let mut picks = [Row::ZERO; 3];
        for round in 0..others.sum() as usize {
            let c = round % 3;
            let open = |l: usize| if room[l] > 0 { self.weight[c][l] } else { 0.0 };
            let total: f64 = (0..LORDS).map(open).sum();
            if total <= 0.0 {
                break;
            }
            let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            let mut lord = (0..LORDS).rfind(|&l| room[l] > 0).unwrap_or(0);
            for l in 0..LORDS {
                if x < open(l) {
                    lord = l;
                    break;
                }
                x -= open(l);
            }
            room[lord] -= 1;
            picks[c] = picks[c].bump(lord, 1);
        }
        picks
    }

    /// The rivals' true rows now: public rows plus hidden nights (worth 2 a pick).
    fn world(&self, pos: &Position, rng: &mut impl Rng) -> [Row; 3] {
        let mut rows = [pos.public[1], pos.public[2], pos.public[3]];
        for h in pos.hidden.iter().flatten() {
            let picks = match h.others {
                Some(o) if o.sum() == 6 => self.hidden_night(o, rng),
                _ => std::array::from_fn(|c| self.draw(c, 2, rng)),
            };
            for c in 0..3 {
                rows[c] = rows[c].add(picks[c].double());
            }
        }
        rows
    }
}

/// What a turn's picks add to the row.
fn increment(counts: Row, phase: Phase) -> Row {
    match phase {
        Phase::Day => counts,
        Phase::Night => counts.double(),
    }
}

/// The scoring turn that ends the current half.
fn scoring_turn(turn: u8) -> u8 {
    if turn <= 5 { 5 } else { TURNS }
}

/// The phase of every turn from `turn` to the scoring turn; the current one as the view says.
fn phases(pos: &Position) -> impl Iterator<Item = Phase> + '_ {
    (pos.turn..=scoring_turn(pos.turn))
        .map(|t| if t == pos.turn { pos.phase } else { Phase::of_turn(t) })
}

/// The objective of the judged daimyo at column `me`'s turn (column order of the position).
fn objective(pos: &Position, me: usize, margin: i32) -> Objective {
    let banked = match pos.score5 {
        Some(s5) if pos.turn > 5 => columns(me).map(|c| s5[c]),
        _ => [0; DAIMYO],
    };
    let leader = banked[1].max(banked[2]).max(banked[3]);
    let beat = (pos.score5.is_some() && pos.turn > 5 && banked[0] < leader).then_some(leader);
    Objective { margin, banked, beat }
}

/// The margin in twelfths for the current turn.
fn margin(pos: &Position) -> i32 {
    let share = if matches!(pos.turn, 4 | 5 | 8 | 9) { MARGIN_LATE } else { MARGIN_EARLY };
    let total: u32 = pos.strengths.iter().map(|&m| m as u32).sum();
    (share * 12.0 * total as f64).round() as i32
}

/// Every lord's role in plan number `p` (base 3, lord 0 the lowest digit).
fn roles(mut p: usize) -> [u8; LORDS] {
    std::array::from_fn(|_| {
        let r = (p % 3) as u8;
        p /= 3;
        r
    })
}

const PLANS: usize = 729;

/// What the last answer was based on, for `--verbose`: the samples its move was judged on and
/// how many of them it won.
#[derive(Clone, Copy, Debug)]
pub struct Basis {
    pub wins: u32,
    pub samples: usize,
}

pub struct Planner {
    samples_main: usize,
    samples_other: usize,
    rng: Xoshiro256PlusPlus,
    last: Option<(Move, Basis)>,
}

impl Default for Planner {
    fn default() -> Self {
        Planner::new(SAMPLES_MAIN, SAMPLES_OTHER)
    }
}

impl Planner {
    /// A planner with `main` samples on turns 1, 3 and 7 and `other` on the rest.
    pub fn new(main: usize, other: usize) -> Planner {
        Planner {
            samples_main: main.max(1),
            samples_other: other.max(1),
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            last: None,
        }
    }

    /// The move for the position; all decisions live here.
    pub fn choose(&mut self, pos: &Position) -> Move {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.rng.next_u64());
        let (counts, d) = match pos.turn {
            5 | 9 => self.best_response(pos, &mut rng),
            _ => self.plan(pos, &mut rng),
        };
        let m = Move::from_counts(counts)
            .filter(|m| m.phase() == pos.phase)
            .unwrap_or_else(|| Move::lord_zero(pos.phase));
        self.last = Some((m, d));
        m
    }

    /// Turns 1-4 and 6-8: the best plans, then the best move serving one of them.
    fn plan(&self, pos: &Position, rng: &mut Xoshiro256PlusPlus) -> (Row, Basis) {
        let n = if matches!(pos.turn, 1 | 3 | 7) { self.samples_main } else { self.samples_other };
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
        let obj = objective(pos, 0, margin(pos));

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
            commitments(&committed, pos.turn, capped, roles, &mut cands);
            kept += (cands.len() > before) as usize;
        }
        if cands.is_empty() {
            // Only an impossible view leaves no plan a move: play the first capped one.
            commitments(&committed, pos.turn, capped, [TOP as u8; LORDS], &mut cands);
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

    /// Turns 5 and 9: each rival's best moves against random play, then the best answer to them.
    fn best_response(&self, pos: &Position, rng: &mut Xoshiro256PlusPlus) -> (Row, Basis) {
        let n = self.samples_other;
        let rivals = RivalDraws::new(pos);
        let worlds: Vec<[Row; 3]> = (0..n).map(|_| rivals.world(pos, rng)).collect();
        let (counts, verdict) = respond(pos, &worlds, rng);
        let d = Basis { wins: verdict.wins, samples: n };
        (counts, d)
    }
}

/// The best own move against the rivals fixed to their best moves, on the sampled `worlds`.
fn respond(pos: &Position, worlds: &[[Row; 3]], rng: &mut impl Rng) -> (Row, Verdict) {
    let fixed = rival_moves(pos, worlds, rng);
    let samples: Vec<Sample> = worlds
        .iter()
        .map(|w| Sample {
            own: pos.own,
            others: std::array::from_fn(|c| {
                let m = fixed[c][scale(rng.next_u32(), fixed[c].len())];
                w[c].add(increment(m, pos.phase))
            }),
        })
        .collect();
    let (counts, verdict) = ranked(pos, &samples, &objective(pos, 0, margin(pos)))[0];
    (counts, verdict)
}

/// Every move of the position's phase judged on `samples`, best first (ties in table order).
fn ranked(pos: &Position, samples: &[Sample], obj: &Objective) -> Vec<(Row, Verdict)> {
    let cands: Vec<Commitment> = legal(pos.phase)
        .iter()
        .map(|&m| Commitment::new(increment(m, pos.phase), [ABANDONED as u8; LORDS], m))
        .collect();
    let verdicts = judge_all(&pos.strengths, samples, &cands, PicksLeft::default(), obj);
    let mut out: Vec<(Row, Verdict)> = cands.iter().map(|c| c.play).zip(verdicts).collect();
    out.sort_by_key(|(_, t)| std::cmp::Reverse(t.key()));
    out
}

/// Each rival's `RIVAL_MOVES` best moves (counts), best first, of this scoring turn against
/// three uniformly random players, on the sampled worlds. A rival is taken to know the own true
/// row: its answers are then the sharpest they could be.
fn rival_moves(pos: &Position, worlds: &[[Row; 3]], rng: &mut impl Rng) -> [Vec<Row>; 3] {
    let picks = pos.phase.picks();
    std::array::from_fn(|c| {
        let samples: Vec<Sample> = worlds
            .iter()
            .map(|w| {
                let now = [pos.own, w[0], w[1], w[2]];
                let seen = columns(c + 1);
                let others = std::array::from_fn(|k| {
                    now[seen[k + 1]].add(increment(random_counts(rng, picks), pos.phase))
                });
                Sample { own: w[c], others }
            })
            .collect();
        // A rival is modelled as playing to win, without the own trailing rule.
        let obj = Objective { beat: None, ..objective(pos, c + 1, 0) };
        ranked(pos, &samples, &obj).into_iter().take(RIVAL_MOVES).map(|(m, _)| m).collect()
    })
}

/// Appends the commitments over the `committed` phases that touch only the plan's lords (top or
/// off last), each phase's move capped at `EARLY_CAP` picks a lord up to `EARLY_TURNS`. Several
/// commitments with the same increment are one candidate: the first stays.
fn commitments(
    committed: &[Phase],
    turn: u8,
    capped: bool,
    roles: [u8; LORDS],
    out: &mut Vec<Commitment>,
) {
    let inside = |m: &Row| (0..LORDS).all(|l| m.get(l) == 0 || roles[l] != ABANDONED as u8);
    let fits = |m: &Row, t: u8| !(capped && t <= EARLY_TURNS) || m.max_lane() <= EARLY_CAP;
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

impl Agent for Planner {
    fn name(&self) -> String {
        "planner".into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.last = None;
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        self.choose(known.position())
    }
    fn report(&self) -> Option<Report> {
        let (mv, d) = self.last?;
        let samples = d.samples as u64;
        let win = d.wins as f64 / d.samples.max(1) as f64;
        Some(Report {
            rollouts: samples,
            candidates: vec![Candidate { mv, win, margin: 0.0, rollouts: samples }],
            ..Report::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::{State, View};
    use crate::workshop::strategies::Random;

    fn rows(a: [[u8; DAIMYO]; LORDS]) -> [Row; DAIMYO] {
        std::array::from_fn(|c| Row::from_array(std::array::from_fn(|l| a[l][c])))
    }

    /// Turns 1-3 of several games against random players: never more than three picks on one
    /// lord. Without the cap the same games put four or five on one lord in about one move in
    /// six (the whole turn-1 move on a single lord among them).
    #[test]
    fn never_more_than_three_on_a_lord_early() {
        let mut widest = 0;
        for g in 0..8u64 {
            let st = crate::engine::rules::strengths_from_seed(g as u32 + 1);
            let mut p = Planner::new(2_000, 1_000);
            p.new_game(st, g);
            let mut r = Random::default();
            r.new_game(st, g);
            let mut s = State::new(st);
            let mut known: [Tracker; DAIMYO] = std::array::from_fn(|_| Tracker::new(st));
            while s.turn <= EARLY_TURNS {
                for (i, k) in known.iter_mut().enumerate() {
                    k.observe(&View::of_seat(&s, i));
                }
                let m = p.act(&known[0], Instant::now());
                let o: [Move; 3] = std::array::from_fn(|i| r.act(&known[i + 1], Instant::now()));
                assert!(m.counts().max_lane() <= EARLY_CAP, "game {g}, turn {}: {m:?}", s.turn);
                widest = widest.max(m.counts().max_lane());
                s.play(&[m, o[0], o[1], o[2]]).unwrap();
            }
        }
        assert_eq!(widest, EARLY_CAP, "the cap is reached, so it binds");
    }

    /// Turn 9, nothing hidden. Lords 0-4 are settled whatever anyone plays. Lord 5 (strength 6)
    /// decides between the own column (14, two points ahead on turn-5 scores) and column 1 (10):
    /// column 1 wins only by putting all five picks there while the own move puts none, and that
    /// is its best move against random play. Fixed to its best moves, the answer is at least two
    /// picks on lord 5: one is a tie there and leaves a one-point lead, under the margin. Against
    /// random rivals lord 5 would look safe (five picks of five on one lord are 1 in 7776), and
    /// the first move of the table, all five on lord 0, would tie for best.
    #[test]
    fn answers_the_rivals_best_moves_on_the_last_turn() {
        let mut pos = Position::initial([3, 3, 3, 3, 3, 6]);
        pos.turn = 9;
        pos.public = rows([
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [15, 15, 30, 0],
            [14, 10, 0, 0],
        ]);
        pos.own = pos.public[0];
        pos.score5 = Some([24, 12, -600, -600]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let worlds = vec![[pos.public[1], pos.public[2], pos.public[3]]; 400];
        let fixed = rival_moves(&pos, &worlds, &mut rng);
        assert_eq!(fixed[0][0].to_array(), [0, 0, 0, 0, 0, 5]);
        assert_eq!(fixed[0].len(), RIVAL_MOVES);

        let (counts, verdict) = respond(&pos, &worlds, &mut rng);
        assert!(counts.get(5) >= 2, "{counts:?}");
        assert_eq!(verdict.wins, 400);
        // Nothing on lord 5 wins only where column 1 drew one of its moves with three there.
        let samples: Vec<Sample> = (0..400)
            .map(|i| Sample {
                own: pos.own,
                others: std::array::from_fn(|c| worlds[i][c].add(fixed[c][i % RIVAL_MOVES])),
            })
            .collect();
        let elsewhere = Commitment::new(Row::from_array([5, 0, 0, 0, 0, 0]), [2; LORDS], Row::ZERO);
        let obj = objective(&pos, 0, margin(&pos));
        let t = judge_all(&pos.strengths, &samples, &[elsewhere], PicksLeft::default(), &obj);
        assert!(t[0].wins < 300, "{t:?}");

        let mut p = Planner::new(400, 400);
        p.new_game(pos.strengths, 1);
        assert!(p.choose(&pos).counts().get(5) >= 2);
    }

    /// A hidden night is split among the rivals exactly as its per-lord total allows, each with
    /// its two picks, and mostly where each has been: column 1 on lord 0, columns 2 and 3 on 3.
    #[test]
    fn hidden_nights_fill_the_night_totals() {
        let mut pos = Position::initial([4; LORDS]);
        pos.turn = 3;
        pos.public = rows([
            [1, 5, 0, 0],
            [1, 0, 0, 0],
            [1, 0, 0, 0],
            [1, 0, 5, 5],
            [1, 0, 0, 0],
            [0, 0, 0, 0],
        ]);
        let total = Row::from_array([2, 0, 0, 4, 0, 0]);
        let rivals = RivalDraws::new(&pos);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut on_lord0 = [0u32; 3];
        for _ in 0..1000 {
            let picks = rivals.hidden_night(total, &mut rng);
            assert!(picks.iter().all(|p| p.sum() == 2), "{picks:?}");
            assert_eq!(picks[0].add(picks[1]).add(picks[2]), total);
            for c in 0..3 {
                on_lord0[c] += picks[c].get(0) as u32;
            }
        }
        assert!(on_lord0[0] > 1500 && on_lord0[1] + on_lord0[2] < 500, "{on_lord0:?}");
    }
}
