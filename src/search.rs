//! Monte Carlo search over every legal move.
//!
//! Each rollout starts from one sampled world (the others' hidden nights drawn consistently
//! with the public per-lord night totals), applies the candidate move, and plays the game out
//! with every daimyo drawing moves from its model; it scores 1 for a sole first place, 1/k for a
//! k-way tie, so the search maximises the probability of finishing first, ties broken by the
//! mean margin over the best other daimyo.
//!
//! Rollouts are allocation-free: the models are turned into pools of pre-drawn moves (packed
//! increments) and the hidden nights into pools of pre-drawn worlds before the first rollout, so
//! a rollout is table lookups, byte-wise additions and two scorings. Candidates are evaluated in
//! rounds that share one random stream (common random numbers): every candidate of a round
//! meets the same world and the same opponent moves, so their differences are not noise of the
//! draw. The search never reads or writes anything; it returns the move and its statistics.

use crate::knowledge::Position;
use crate::model::{ModelParams, Opponents};
use crate::moves::{self, MAX_MOVES, NIGHT_MOVES};
use crate::params::{Allocation, Search as Params, Strategic};
use crate::rules::{DAIMYO, LORDS, Move, Phase, Row, TURNS, first_place_shares, score};
use crate::timeman::Limits;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const POOL_MAX: usize = 256;

/// How one daimyo is expected to pick: a probability per lord, the same by day and by night.
#[derive(Clone, Copy, Debug)]
pub struct PickModel {
    pub p: [f64; LORDS],
}

impl PickModel {
    /// The prior: part uniform, part proportional to a power of strength.
    pub fn prior(strengths: &[u8; LORDS], params: &Params) -> PickModel {
        let w: [f64; LORDS] = strengths.map(|m| (m as f64).powf(params.prior_strength_power));
        let total: f64 = w.iter().sum();
        let u = params.prior_uniform;
        let p = std::array::from_fn(|l| u / LORDS as f64 + (1.0 - u) * w[l] / total);
        PickModel { p }
    }

    /// A move drawn from the model, as an intimacy increment.
    fn draw_increment(&self, phase: Phase, rng: &mut impl Rng) -> u64 {
        (0..phase.picks())
            .fold(Row::ZERO, |r, _| r.bump(draw_index(&self.p, rng), phase.weight()))
            .0
    }
}

#[inline(always)]
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Day => 0,
        Phase::Night => 1,
    }
}

/// One candidate's tally.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    /// Twelfths of first place won (12 per sole win).
    pub credit: u64,
    pub margin: i64,
    pub rollouts: u64,
}

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

/// The search's answer with what it saw.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// Candidates, best first (all of them).
    pub ranked: Vec<(Move, Tally)>,
    pub rollouts: u64,
}

/// Everything a rollout reads, prepared once per search.
struct Rollouts {
    strengths: [u8; LORDS],
    turn: u8,
    /// Known turn-5 scores (zero before turn 5: computed inside the rollout).
    score5: [i32; DAIMYO],
    /// Pre-drawn moves of the others on the current turn: [column][i].
    first: Box<[[u64; POOL_MAX]; DAIMYO]>,
    /// Pre-drawn moves of later turns: [column][phase][i].
    pools: Box<[[[u64; POOL_MAX]; 2]; DAIMYO]>,
    pool_mask: u64,
    /// Pre-drawn true intimacies at the start of the turn.
    worlds: Vec<[u64; DAIMYO]>,
}

impl Rollouts {
    /// One game from the root to the end; returns (first-place credit in twelfths, margin).
    #[inline]
    fn run(&self, world: &[u64; DAIMYO], mine: u64, rng: &mut Xoshiro256PlusPlus) -> (u32, i32) {
        let mut real = *world;
        real[0] += mine;
        let pools = &*self.pools;
        let mask = self.pool_mask;
        let mut score5 = self.score5;
        let mut turn = self.turn;
        let r = rng.next_u64();
        for c in 1..DAIMYO {
            real[c] += self.first[c][((r >> (8 * c)) & mask) as usize];
        }
        loop {
            if turn == 5 {
                score5 = score(&self.strengths, &real.map(Row));
            }
            turn += 1;
            if turn > TURNS {
                break;
            }
            let r = rng.next_u64();
            let ph = phase_index(Phase::of_turn(turn));
            for c in 0..DAIMYO {
                real[c] += pools[c][ph][((r >> (8 * c)) & mask) as usize];
            }
        }
        let s9 = score(&self.strengths, &real.map(Row));
        let totals: [i32; DAIMYO] = std::array::from_fn(|d| score5[d] + s9[d]);
        let best_other = totals[1].max(totals[2]).max(totals[3]);
        (first_place_shares(&totals)[0], totals[0] - best_other)
    }
}

/// Draws the others' moves of one hidden night consistently with their known per-lord total,
/// weighted by each one's night model; or independently when the total is unknown.
struct NightSampler {
    /// (cumulative weight, increments for columns 1..3)
    splits: Vec<(f64, [Row; 3])>,
    /// Each column's probability of every night move, for nights whose total is unknown.
    night: [Vec<f64>; DAIMYO],
}

impl NightSampler {
    fn new(others: Option<Row>, night: [Vec<f64>; DAIMYO]) -> NightSampler {
        let mut splits = Vec::new();
        if let Some(total) = others {
            let index = |m: Row| NIGHT_MOVES.iter().position(|&x| x == m).expect("a night move");
            let mut acc = 0.0;
            for (ia, &a) in NIGHT_MOVES.iter().enumerate().filter(|(_, a)| total.covers(**a)) {
                let rest = total.checked_sub(a).unwrap();
                for (ib, &b) in NIGHT_MOVES.iter().enumerate().filter(|(_, b)| rest.covers(**b)) {
                    let c = rest.checked_sub(b).unwrap();
                    acc += night[1][ia] * night[2][ib] * night[3][index(c)];
                    splits.push((acc, [a, b, c]));
                }
            }
        }
        NightSampler { splits, night }
    }

    /// Increments (worth 2 per negotiation) for columns 1..3.
    fn draw(&self, rng: &mut impl Rng) -> [u64; 3] {
        match self.splits.last() {
            Some(&(total, _)) => {
                let x = unit(rng) * total;
                let i = self.splits.partition_point(|s| s.0 <= x).min(self.splits.len() - 1);
                self.splits[i].1.map(|r| r.double().0)
            }
            None => {
                std::array::from_fn(|i| NIGHT_MOVES[draw_index(&self.night[i + 1], rng)].double().0)
            }
        }
    }
}

/// A uniform number in [0, 1).
fn unit(rng: &mut impl Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// An index drawn with probabilities `p` (summing to 1).
fn draw_index(p: &[f64], rng: &mut impl Rng) -> usize {
    let mut x = unit(rng);
    for (i, &pi) in p.iter().enumerate() {
        if x < pi {
            return i;
        }
        x -= pi;
    }
    p.len() - 1
}

/// How every column is expected to play: the fixed prior of independent picks, or the model
/// learnt in the game (a probability for every legal move at any board).
enum Models {
    Prior(PickModel),
    Learned(Box<Learnt>),
}

/// The model learnt in the game: as it stands, and as it is read for turns after the current one.
struct Learnt {
    params: ModelParams,
    now: Opponents,
    later: Opponents,
}

impl Models {
    fn new(pos: &Position, params: &Params) -> Models {
        match params.learned {
            None => Models::Prior(PickModel::prior(&pos.strengths, params)),
            Some(mp) => {
                let now = Opponents::learn(pos, &mp);
                let later = now.for_later_turns(&mp);
                Models::Learned(Box::new(Learnt { params: mp, now, later }))
            }
        }
    }

    /// Each column's probability of every legal move of `phase` at a board.
    fn moves_at(
        &self,
        strengths: &[u8; LORDS],
        board: &[Row; DAIMYO],
        turn: u8,
        phase: Phase,
        later: bool,
    ) -> [Vec<f64>; DAIMYO] {
        match self {
            Models::Prior(pm) => std::array::from_fn(|_| {
                moves::legal(phase).iter().map(|&m| moves::multinomial(m, &pm.p)).collect()
            }),
            Models::Learned(l) => {
                let opp = if later { &l.later } else { &l.now };
                std::array::from_fn(|c| {
                    opp.distribution(&l.params, strengths, board, c, turn, phase)
                })
            }
        }
    }
}

/// Each column's probability of every night move on the hidden night of `turn`: the learnt
/// model as it stood on that night's board, or the fixed prior.
fn night_models(pos: &Position, params: &Params, models: &Models, turn: u8) -> [Vec<f64>; DAIMYO] {
    let board = pos.history[turn as usize].unwrap_or(pos.public);
    if params.learned_nights {
        models.moves_at(&pos.strengths, &board, turn, Phase::Night, false)
    } else {
        Models::Prior(PickModel::prior(&pos.strengths, params)).moves_at(
            &pos.strengths,
            &board,
            turn,
            Phase::Night,
            false,
        )
    }
}

/// Hidden nights' posteriors: per night (its turn), each split of the others' moves (negotiation
/// counts of columns 1..3) with its probability.
pub type NightPosteriors = Vec<(u8, Vec<([Row; 3], f64)>)>;

/// The posterior of every hidden night with a known total.
pub fn night_posteriors(pos: &Position, params: &Params) -> NightPosteriors {
    let models = Models::new(pos, params);
    pos.hidden
        .iter()
        .flatten()
        .filter(|h| h.others.is_some())
        .map(|h| {
            let s = NightSampler::new(h.others, night_models(pos, params, &models, h.turn));
            let total = s.splits.last().map_or(1.0, |x| x.0);
            let mut prev = 0.0;
            let dist = s
                .splits
                .iter()
                .map(|&(acc, split)| {
                    let p = (acc - prev) / total;
                    prev = acc;
                    (split, p)
                })
                .collect();
            (h.turn, dist)
        })
        .collect()
}

/// How much of the turn-5 posterior over nights 2 and 4 agrees with what turn 6 revealed:
/// for each other column, the turn-6 public intimacy minus the turn-5 one is its day-5 move plus
/// both nights (worth 2). Returns the posterior mass of the splits consistent with that, and the
/// mass the same splits get with uniformly random picks, whose ratio says how much the model knew.
pub fn reveal_agreement(
    posteriors: &NightPosteriors,
    uniform: &NightPosteriors,
    revealed: [Row; 3],
) -> Option<(f64, f64)> {
    let mass = |post: &NightPosteriors| -> Option<f64> {
        let [(2, a), (4, b)] = &post[..] else { return None };
        let mut m = 0.0;
        for (sa, pa) in a {
            for (sb, pb) in b {
                let ok = (0..3).all(|c| {
                    revealed[c]
                        .checked_sub(sa[c].double().add(sb[c].double()))
                        .is_some_and(|day| day.sum() == 5)
                });
                if ok {
                    m += pa * pb;
                }
            }
        }
        Some(m)
    };
    Some((mass(posteriors)?, mass(uniform)?))
}

fn prepare(
    pos: &Position,
    params: &Params,
    models: &Models,
    rng: &mut Xoshiro256PlusPlus,
) -> Rollouts {
    let pool = params.pool.clamp(1, POOL_MAX).next_power_of_two();
    let mut pools = Box::new([[[0u64; POOL_MAX]; 2]; DAIMYO]);
    // The learnt model is read at the current board, for this turn and the next.
    let learned = |phase: Phase, later: bool| {
        let turn = if phase == pos.phase { pos.turn } else { (pos.turn + 1).min(TURNS) };
        models.moves_at(&pos.strengths, &pos.public, turn, phase, later)
    };
    let later = params.later_strategies_uniform;
    let dists = match models {
        Models::Learned(_) => {
            Some([Phase::Day, Phase::Night].map(|ph| learned(ph, later && ph != pos.phase)))
        }
        Models::Prior(_) => None,
    };
    for c in 0..DAIMYO {
        for phase in [Phase::Day, Phase::Night] {
            let ph = phase_index(phase);
            for i in 0..POOL_MAX {
                // Entries beyond the pool size repeat it, so any mask stays in bounds.
                pools[c][ph][i] = if i >= pool {
                    pools[c][ph][i % pool]
                } else {
                    match (&dists, models) {
                        (Some(d), _) => draw_move(phase, &d[ph][c], rng),
                        (None, Models::Prior(pm)) => pm.draw_increment(phase, rng),
                        (None, Models::Learned(_)) => unreachable!("learned models have dists"),
                    }
                };
            }
        }
    }
    // The others' moves of this turn come from the model as it stands. Later turns come from
    // the model too, with fixed strategies made uniform if so set, and a share of them from
    // uniformly random play: all of them if so set and the others look mostly random.
    let mut first = Box::new([[0u64; POOL_MAX]; DAIMYO]);
    for c in 0..DAIMYO {
        first[c] = pools[c][phase_index(pos.phase)];
    }
    if let (true, Models::Learned(_)) = (later, models) {
        let ph = phase_index(pos.phase);
        let d = learned(pos.phase, true);
        for c in 0..DAIMYO {
            for i in 0..pool {
                pools[c][ph][i] = draw_move(pos.phase, &d[c], rng);
            }
            for i in pool..POOL_MAX {
                pools[c][ph][i] = pools[c][ph][i % pool];
            }
        }
    }
    let future_uniform = match (params.later_uniform_above, models) {
        (Some(g), Models::Learned(l)) if l.later.uniform_share(&l.params) > g => 1.0,
        _ => params.future_uniform,
    };
    if future_uniform > 0.0 {
        let k = (future_uniform.clamp(0.0, 1.0) * pool as f64).round() as usize;
        use moves::{
            DAY_SEQUENCES, DAY_SEQUENCES_COUNT, NIGHT_SEQUENCES, NIGHT_SEQUENCES_COUNT, scale,
        };
        for c in 0..DAIMYO {
            for i in 0..POOL_MAX {
                let r = rng.next_u64();
                if i % pool < k {
                    pools[c][0][i] = DAY_SEQUENCES[scale(r as u32, DAY_SEQUENCES_COUNT)];
                    pools[c][1][i] =
                        NIGHT_SEQUENCES[scale((r >> 32) as u32, NIGHT_SEQUENCES_COUNT)];
                }
            }
        }
    }
    // Each hidden night is weighted by the models as they stood on that night's board.
    let samplers: Vec<NightSampler> = pos
        .hidden
        .iter()
        .flatten()
        .map(|h| NightSampler::new(h.others, night_models(pos, params, models, h.turn)))
        .collect();
    let worlds = (0..params.worlds.max(1))
        .map(|_| {
            let mut w = pos.public.map(|r| r.0);
            w[0] = pos.own.0;
            for s in &samplers {
                let add = s.draw(rng);
                for c in 1..DAIMYO {
                    w[c] += add[c - 1];
                }
            }
            w
        })
        .collect();
    Rollouts {
        strengths: pos.strengths,
        turn: pos.turn,
        score5: pos.score5.unwrap_or([0; DAIMYO]),
        first,
        pools,
        pool_mask: pool as u64 - 1,
        worlds,
    }
}

/// A move of `phase` drawn from probabilities over its legal moves, as a row increment.
fn draw_move(phase: Phase, p: &[f64], rng: &mut impl Rng) -> u64 {
    let m = moves::legal(phase)[draw_index(p, rng)];
    if phase == Phase::Night { m.double().0 } else { m.0 }
}

/// Position of column `c` in one sampled world, all intimacies as they truly are there.
fn perspective(pos: &Position, c: usize, world: &[u64; DAIMYO]) -> Position {
    let cols = crate::rules::columns(c);
    let mut p = Position::initial(pos.strengths);
    p.turn = pos.turn;
    p.phase = pos.phase;
    p.public = cols.map(|d| Row(world[d]));
    p.own = Row(world[c]);
    p.score5 = pos.score5.map(|s| cols.map(|d| s[d]));
    p
}

/// Replaces part of the others' current-move pools with each one's own best moves, found by a
/// small search from its point of view in one sampled world.
fn add_strategic(pos: &Position, st: &Strategic, ro: &mut Rollouts, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
    let world = ro.worlds[0];
    for c in 1..DAIMYO {
        let limits = Limits { deadline: None, rollouts: Some(st.rollouts) };
        let res = search(
            &perspective(pos, c, &world),
            &crate::params::OPPONENT_SEARCH,
            &limits,
            seed ^ c as u64,
        );
        let top: Vec<(Row, f64)> = res
            .ranked
            .iter()
            .take(st.top.max(1))
            .map(|(m, t)| (m.counts(), t.win_rate()))
            .collect();
        let best = top[0].1;
        let weights: Vec<f64> =
            top.iter().map(|(_, w)| (-(best - w) / st.temperature).exp()).collect();
        let total: f64 = weights.iter().sum();
        let p: Vec<f64> = weights.iter().map(|w| w / total).collect();
        for i in 0..POOL_MAX {
            if unit(&mut rng) < st.weight {
                let m = top[draw_index(&p, &mut rng)].0;
                ro.first[c][i] = if pos.phase == Phase::Night { m.double().0 } else { m.0 };
            }
        }
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

/// Rounds of rollouts: in a round every candidate still in play meets the same world and the
/// same opponent moves (one random stream, cloned per candidate).
struct Rounds {
    seed: u64,
    round: u64,
    done: u64,
}

impl Rounds {
    /// Plays rounds over `alive` until `stop(done)`; always at least one round.
    fn play(
        &mut self,
        ro: &Rollouts,
        alive: &[usize],
        mine: &[u64; MAX_MOVES],
        tallies: &mut [Tally; MAX_MOVES],
        stop: impl Fn(u64) -> bool,
    ) {
        loop {
            let mut round_rng = Xoshiro256PlusPlus::seed_from_u64(
                self.seed ^ self.round.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            );
            let world = &ro.worlds[(round_rng.next_u64() % ro.worlds.len() as u64) as usize];
            for &i in alive {
                let mut r = round_rng.clone();
                let (credit, margin) = ro.run(world, mine[i], &mut r);
                let t = &mut tallies[i];
                t.credit += credit as u64;
                t.margin += margin as i64;
                t.rollouts += 1;
            }
            self.done += alive.len() as u64;
            self.round += 1;
            if stop(self.done) {
                break;
            }
        }
    }
}

/// One phase's share of what is left of the budget: rollouts if the budget is a count, time if
/// it is a deadline.
struct Slice {
    until_done: Option<u64>,
    until: Option<std::time::Instant>,
}

impl Slice {
    fn of(limits: &Limits, done: u64, phases_left: usize) -> Slice {
        let k = phases_left.max(1) as u64;
        Slice {
            until_done: limits.rollouts.map(|n| done + n.saturating_sub(done) / k),
            until: limits.deadline.map(|d| {
                let now = std::time::Instant::now();
                now + d.saturating_duration_since(now) / k as u32
            }),
        }
    }

    fn over(&self, done: u64) -> bool {
        self.until_done.is_some_and(|n| done >= n)
            || self.until.is_some_and(|t| std::time::Instant::now() >= t)
    }
}

/// Runs the search. Same position, params, limits in rollouts, and seed: same result.
pub fn search(pos: &Position, params: &Params, limits: &Limits, seed: u64) -> SearchResult {
    let models = Models::new(pos, params);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut ro = prepare(pos, params, &models, &mut rng);
    if let Some(st) = &params.strategic {
        let time_left = limits.deadline.is_none_or(|d| {
            d.saturating_duration_since(std::time::Instant::now()).as_millis() as u64
                >= st.min_ms_left
        });
        if time_left {
            add_strategic(pos, st, &mut ro, seed);
        }
    }
    let legal = moves::legal(pos.phase);
    let n = legal.len();
    let mut mine = [0u64; MAX_MOVES];
    for (i, m) in legal.iter().enumerate() {
        mine[i] = match pos.phase {
            Phase::Day => m.0,
            Phase::Night => m.double().0,
        };
    }
    let mut tallies = [Tally::default(); MAX_MOVES];
    let mut alive: Vec<usize> = (0..n).collect();
    let mut rounds = Rounds { seed, round: 0, done: 0 };
    let halvings = match params.allocation {
        Allocation::Uniform => 0,
        Allocation::Halving { keep } => {
            let mut h = 0;
            while (n >> h) > keep.max(1) {
                h += 1;
            }
            h
        }
    };
    // Sequential halving: the budget is cut in equal slices, one per phase; after each phase
    // the worse half of the candidates is dropped, so close decisions get most rollouts.
    for phase in 0..halvings {
        let slice = Slice::of(limits, rounds.done, halvings + 1 - phase);
        rounds.play(&ro, &alive, &mine, &mut tallies, |done| {
            slice.over(done) || limits.exhausted(done)
        });
        if limits.exhausted(rounds.done) {
            break;
        }
        alive.sort_by(|&a, &b| order(&tallies[a], &tallies[b]));
        alive.truncate((alive.len() / 2).max(1));
    }
    rounds.play(&ro, &alive, &mine, &mut tallies, |done| limits.exhausted(done));
    let done = rounds.done;
    // Survivors of the last halving first: they were compared on the most rollouts.
    let survived = |i: usize| alive.contains(&i);
    let mut order_idx: Vec<usize> = (0..n).collect();
    order_idx.sort_by(|&a, &b| survived(b).cmp(&survived(a)).then(order(&tallies[a], &tallies[b])));
    let ranked: Vec<(Move, Tally)> = order_idx
        .iter()
        .map(|&i| (Move::from_counts(legal[i]).expect("legal move"), tallies[i]))
        .collect();
    SearchResult { best: ranked[0].0, ranked, rollouts: done }
}

/// Uniformly random full games from turn 1, the speed yardstick of `bench`; returns a checksum
/// of the totals so the work cannot be optimised away.
pub fn uniform_rollouts(strengths: &[u8; LORDS], games: u64, seed: u64) -> i64 {
    use moves::{
        DAY_SEQUENCES, DAY_SEQUENCES_COUNT, NIGHT_SEQUENCES, NIGHT_SEQUENCES_COUNT, scale,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut check = 0i64;
    for _ in 0..games {
        let mut real = [0u64; DAIMYO];
        let mut score5 = [0i32; DAIMYO];
        for turn in 1..=TURNS {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let r = [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32];
            if turn % 2 == 1 {
                for d in 0..DAIMYO {
                    real[d] += DAY_SEQUENCES[scale(r[d], DAY_SEQUENCES_COUNT)];
                }
            } else {
                for d in 0..DAIMYO {
                    real[d] += NIGHT_SEQUENCES[scale(r[d], NIGHT_SEQUENCES_COUNT)];
                }
            }
            if turn == 5 {
                score5 = score(strengths, &real.map(Row));
            }
        }
        let s9 = score(strengths, &real.map(Row));
        check += (score5[0] + s9[0]) as i64;
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Table;

    fn budget(n: u64) -> Limits {
        Limits { deadline: None, rollouts: Some(n) }
    }

    /// A game with the same moves every day and every night, up to `turn`, seen by seat 0.
    fn scripted(upto: u8) -> Table {
        let mut t = Table::new([5, 3, 6, 4, 3, 4]);
        let day = [[0, 0, 2, 2, 3], [2, 2, 2, 5, 1], [3, 3, 0, 4, 4], [5, 5, 2, 0, 1]];
        let night = [[2, 2], [0, 3], [1, 5], [2, 4]];
        while t.state.turn < upto {
            let m = match t.state.phase() {
                Phase::Day => day.map(|l| Move::new(&l).unwrap()),
                Phase::Night => night.map(|l| Move::new(&l).unwrap()),
            };
            t.play(&m).unwrap();
        }
        t
    }

    #[test]
    fn same_seed_same_move_and_statistics() {
        let pos = Position::initial([3, 4, 5, 6, 3, 4]);
        let a = search(&pos, &crate::params::FOUNDATION, &budget(20_000), 5);
        let b = search(&pos, &crate::params::FOUNDATION, &budget(20_000), 5);
        assert_eq!(a.best, b.best);
        assert_eq!(a.ranked[0].1.credit, b.ranked[0].1.credit);
        assert_eq!(a.ranked.len(), 252);
        assert!(a.rollouts >= 20_000);
    }

    #[test]
    fn rollouts_agree_with_the_rules_core() {
        // A real game up to turn 6 (no hidden night then, the turn-5 scores known). The search's
        // estimate for one move must match a plain simulation on `rules::State` with every
        // daimyo picking from the same model, within sampling error.
        let t = scripted(6);
        let (s, st, pos) = (t.state, t.state.strengths, t.known[0].position());
        assert_eq!(pos.turn, 6);
        let n = 40_000;
        let res = search(pos, &crate::params::FOUNDATION, &budget(21 * n), 11);
        let mine = Move::new(&[2, 3]).unwrap();
        let est = res.ranked.iter().find(|(m, _)| m.counts() == mine.counts()).unwrap().1;

        let model = PickModel::prior(&st, &crate::params::FOUNDATION);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
        let mut credit = 0u64;
        for _ in 0..n {
            let mut g = s;
            let mut first = true;
            while !g.is_over() {
                let ph = g.phase();
                let draw = |rng: &mut Xoshiro256PlusPlus| {
                    let l: Vec<u8> =
                        (0..ph.picks()).map(|_| draw_index(&model.p, rng) as u8).collect();
                    Move::new(&l).unwrap()
                };
                let m: [Move; 4] =
                    std::array::from_fn(|d| if d == 0 && first { mine } else { draw(&mut rng) });
                g.play(&m).unwrap();
                first = false;
            }
            credit += first_place_shares(&g.totals())[0] as u64;
        }
        let plain = credit as f64 / 12.0 / n as f64;
        let se = (plain * (1.0 - plain) / n as f64).sqrt() * 2f64.sqrt();
        assert!(
            (est.win_rate() - plain).abs() < 4.0 * se + 0.01,
            "search {} vs plain {plain}",
            est.win_rate()
        );
    }

    #[test]
    fn halving_spends_the_budget_on_the_leaders() {
        let pos = Position::initial([3, 4, 5, 6, 3, 4]);
        let params =
            Params { allocation: Allocation::Halving { keep: 4 }, ..crate::params::FOUNDATION };
        let res = search(&pos, &params, &budget(200_000), 5);
        let again = search(&pos, &params, &budget(200_000), 5);
        assert_eq!(res.best, again.best, "reproducible");
        let top = res.ranked[0].1.rollouts;
        let last = res.ranked[251].1.rollouts;
        // 252 -> 126 -> 63 -> 31 -> 15 -> 7 -> 3: six halvings and a final phase, each a
        // seventh of the budget; the dropped first half got only the first slice.
        assert!(top > 20 * last, "top {top}, last {last}");
        assert!(res.rollouts >= 200_000 && res.rollouts < 200_000 + 252);
    }

    #[test]
    fn the_gate_switches_every_later_turn_to_uniform_play() {
        // A turn-3 position after a random opening: over the gate the search is exactly the one
        // with every later turn uniformly random, under it exactly the later-turn model.
        let t = scripted(3);
        let pos = t.known[0].position();
        assert_eq!(pos.turn, 3);
        let run = |p: &Params| {
            let r = search(pos, p, &budget(30_000), 7);
            (r.best, r.ranked.iter().map(|(m, t)| (*m, t.credit, t.margin)).collect::<Vec<_>>())
        };
        let later = crate::params::LATER;
        let always = Params { later_uniform_above: Some(-1.0), ..later };
        let never = Params { later_uniform_above: Some(2.0), ..later };
        let uniform = Params { future_uniform: 1.0, ..later };
        assert_eq!(run(&always), run(&uniform));
        assert_eq!(run(&never), run(&later));
        assert_ne!(run(&uniform).1, run(&later).1, "the two regimes differ");
    }

    #[test]
    fn hidden_nights_follow_the_public_totals() {
        let total = Row::from_array([2, 0, 0, 0, 3, 1]);
        let params = crate::params::FOUNDATION;
        let models = [PickModel::prior(&[3, 4, 5, 6, 3, 4], &params); DAIMYO];
        let s = NightSampler::new(
            Some(total),
            Models::Prior(models[0]).moves_at(
                &[3; 6],
                &[Row::ZERO; DAIMYO],
                2,
                Phase::Night,
                false,
            ),
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..1000 {
            let d = s.draw(&mut rng);
            let sum = d.iter().fold(Row::ZERO, |a, &x| a.add(Row(x)));
            assert_eq!(sum, total.double());
            assert!(d.iter().all(|&x| Row(x).sum() == 4));
        }
    }

    #[test]
    fn uniform_rollouts_are_fair() {
        // All seats random: seat 0's mean total is zero up to noise (totals sum to zero).
        let n = 20_000;
        let mean = uniform_rollouts(&[3, 4, 5, 6, 3, 4], n, 9) as f64 / 12.0 / n as f64;
        assert!(mean.abs() < 0.3, "{mean}");
    }
}
