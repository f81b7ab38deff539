//! One rollout, and everything it reads, prepared once per search.
//!
//! The others' moves of the current turn come from pools of moves pre-drawn from the model as
//! it stands (packed increments). Later turns are played one of two ways:
//! - the fixed prior (the foundation search): more pools, drawn at the root, so a rollout is
//!   table lookups, byte-wise additions and two scorings (the light rollout);
//! - a learnt model: every daimyo reads the rollout's board at every turn through a
//!   board-reading policy (`policy`): each other daimyo plays one of its styles' policies, drawn
//!   per rollout by the model's weights, the bot its own. A policy is a table of weights, so a
//!   turn costs a few lookups per lord and daimyo.
//!
//! The hidden nights are drawn into pools of worlds before the first rollout. Nothing is
//! allocated inside a rollout.

use super::own::Trace;
use crate::agent::NightGuess;
use crate::knowledge::Position;
use crate::model::Board;
use crate::model::Forecast;
use crate::model::forecast::{Modelled, draw_move};
use crate::model::nights::HiddenNights;
use crate::moves;
use crate::params::{MAX_LATER_POLICIES, SearchParams as Params};
use crate::policy::{self, Policy, Weights};
use crate::rules::{DAIMYO, LORDS, Phase, Row, TURNS, first_place_shares, score};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

const POOL_MAX: usize = 256;

/// Pre-drawn moves of one daimyo in one phase; entries beyond the pool's size repeat it, so any
/// mask of the size stays in bounds.
type MovePool = [u64; POOL_MAX];

#[inline(always)]
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Day => 0,
        Phase::Night => 1,
    }
}

/// How the turns after the current one are played.
enum LaterTurns {
    /// Pre-drawn moves: [column][phase][i].
    Pools(Box<[[MovePool; 2]; DAIMYO]>),
    Policies(Box<Policies>),
}

/// The policies of every column, as tables, and how likely each column is to play each.
struct Policies {
    tables: Vec<Weights>,
    /// Per column: cumulative weights out of 2^16 and the table they lead to.
    choices: [[(u32, u8); MAX_LATER_POLICIES]; DAIMYO],
}

impl Policies {
    fn new(per_column: &[Vec<(Policy, f64)>; DAIMYO]) -> Policies {
        let mut kinds: Vec<Policy> = Vec::new();
        let mut choices = [[(u32::MAX, 0u8); MAX_LATER_POLICIES]; DAIMYO];
        for (c, list) in per_column.iter().enumerate() {
            let mut list = list.clone();
            list.sort_by(|a, b| b.1.total_cmp(&a.1));
            list.truncate(MAX_LATER_POLICIES);
            let total: f64 = list.iter().map(|x| x.1).sum();
            let mut acc = 0.0;
            for (i, (p, w)) in list.iter().enumerate() {
                let k = kinds.iter().position(|q| q == p).unwrap_or_else(|| {
                    kinds.push(*p);
                    kinds.len() - 1
                });
                acc += w / total;
                let last = i + 1 == list.len();
                let cum = if last { u32::MAX } else { (acc * 65536.0) as u32 };
                choices[c][i] = (cum, k as u8);
            }
        }
        Policies { tables: kinds.iter().map(Policy::weights).collect(), choices }
    }

    /// The table each column plays in one rollout, from 16 bits of `r` each.
    #[inline]
    fn pick(&self, r: u64) -> [&Weights; DAIMYO] {
        let k: [usize; DAIMYO] = std::array::from_fn(|c| {
            let x = ((r >> (16 * c)) & 0xffff) as u32;
            let i = self.choices[c].iter().position(|&(cum, _)| x < cum).unwrap_or(0);
            self.choices[c][i].1 as usize
        });
        k.map(|k| &self.tables[k])
    }
}

/// Everything a rollout reads.
pub struct Rollouts {
    strengths: [u8; LORDS],
    turn: u8,
    /// The cell base of every lord at each horizon (`policy::bases`).
    bases: [[usize; LORDS]; policy::HORIZONS],
    /// Known turn-5 scores (zero before turn 5: computed inside the rollout).
    score5: [i32; DAIMYO],
    /// Pre-drawn moves of the others on the current turn: [slot][column][i]; slot 0 their
    /// mean over the hidden nights, slot k + 1 at the hidden nights' k-th split (`Board::splits`).
    first: Vec<[MovePool; DAIMYO]>,
    /// Each world's slot per column (none: slot 0 for all).
    slots: Vec<[u8; DAIMYO]>,
    /// Per column, the splits of its own hidden night moves that slots 1.. were drawn at.
    #[cfg_attr(not(test), allow(dead_code))]
    read: [Vec<[Row; 2]>; DAIMYO],
    later: LaterTurns,
    pool_mask: u64,
    /// Pre-drawn true intimacies at the start of the turn.
    pub worlds: Vec<[u64; DAIMYO]>,
    /// The likeliest split of each hidden night with a known total, as the worlds are drawn.
    pub nights: Vec<NightGuess>,
    /// The bot's own policy in later turns, where the later turns read the board.
    pub own: Option<Policy>,
}

/// Fills the first `size` entries of a pool with draws and repeats them after.
fn fill(pool: &mut MovePool, size: usize, mut draw: impl FnMut() -> u64) {
    for x in pool.iter_mut().take(size) {
        *x = draw();
    }
    for i in size..POOL_MAX {
        pool[i] = pool[i % size];
    }
}

impl Rollouts {
    /// Draws the pools and worlds for a search of `pos`.
    pub fn prepare(
        pos: &Position,
        params: &Params,
        forecast: &Forecast,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Rollouts {
        let size = params.pool.clamp(1, POOL_MAX).next_power_of_two();
        // The worlds, when the last turn's best replies are measured on them before the pools.
        let mut drawn = None;
        let (first, later, own) = match forecast {
            Forecast::Prior(pm) => {
                let mut pools = Box::new([[[0u64; POOL_MAX]; 2]; DAIMYO]);
                for c in 0..DAIMYO {
                    for phase in [Phase::Day, Phase::Night] {
                        let pool = &mut pools[c][phase_index(phase)];
                        fill(pool, size, || pm.draw_increment(phase, rng));
                    }
                }
                let first = vec![std::array::from_fn(|c| pools[c][phase_index(pos.phase)])];
                (first, LaterTurns::Pools(pools), None)
            }
            Forecast::Modelled(l) => {
                let board = Board::at(pos, pos.public, pos.turn, pos.phase, l.params.rule_readings);
                let mut d = forecast.moves_at(&board);
                let at_worlds = l.params.world_moves;
                let untilted = if at_worlds { d.clone() } else { Default::default() };
                // The last scoring: the others' best replies.
                let tilt = if pos.turn == TURNS { l.params.reply } else { 0.0 };
                if tilt > 0.0 || at_worlds {
                    let w = split_worlds(pos, params, forecast, rng);
                    if tilt > 0.0 {
                        best_replies(&mut d, pos, &w.0, tilt, rng);
                    }
                    drawn = Some(w);
                }
                let mut first = vec![[[0u64; POOL_MAX]; DAIMYO]];
                for c in 0..DAIMYO {
                    fill(&mut first[0][c], size, || draw_move(pos.phase, &d[c], rng));
                }
                if at_worlds && let Some(w) = &mut drawn {
                    w.3 = by_split(&mut first, pos, &board, l, (&untilted, &d), &w.2, size, rng);
                }
                let later = l.later_policies();
                let own = Some(later[0][0].0);
                let policies = Policies::new(&later);
                (first, LaterTurns::Policies(Box::new(policies)), own)
            }
        };
        let (worlds, nights, _, (slots, read)) =
            drawn.unwrap_or_else(|| split_worlds(pos, params, forecast, rng));
        Rollouts {
            strengths: pos.strengths,
            turn: pos.turn,
            bases: std::array::from_fn(|h| policy::bases(&pos.strengths, h)),
            score5: pos.score5.unwrap_or([0; DAIMYO]),
            first,
            slots,
            read,
            later,
            pool_mask: size as u64 - 1,
            worlds,
            nights,
            own,
        }
    }

    /// The split of column `c`'s own hidden night moves world `w`'s pre-drawn current moves
    /// were drawn at (none: their mean over the splits).
    #[cfg(test)]
    pub fn split_of(&self, w: usize, c: usize) -> Option<[Row; 2]> {
        let slot = *self.slots.get(w)?.get(c)? as usize;
        slot.checked_sub(1).map(|k| self.read[c][k])
    }

    /// One game from the root to the end, the bot's later moves from `own` (the weights of its
    /// policy, where later turns read the board) and noted in `trace` if given; returns
    /// (first-place credit in twelfths, margin).
    #[inline]
    pub fn run(
        &self,
        w: usize,
        mine: u64,
        own: Option<&Weights>,
        trace: Option<&mut Trace>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> (u32, i32) {
        let mut real = self.worlds[w];
        real[0] += mine;
        let mask = self.pool_mask;
        let r = rng.next_u64();
        let slots = self.slots.get(w).copied().unwrap_or([0; DAIMYO]);
        for c in 1..DAIMYO {
            real[c] += self.first[slots[c] as usize][c][((r >> (8 * c)) & mask) as usize];
        }
        let score5 = match &self.later {
            LaterTurns::Pools(pools) => self.pooled(&mut real, pools, rng),
            LaterTurns::Policies(p) => self.read(&mut real, p, own, trace, rng),
        };
        let s9 = score(&self.strengths, &real.map(Row));
        let totals: [i32; DAIMYO] = std::array::from_fn(|d| score5[d] + s9[d]);
        let best_other = totals[1].max(totals[2]).max(totals[3]);
        (first_place_shares(&totals)[0], totals[0] - best_other)
    }

    /// Later turns from the pools; returns the turn-5 scores.
    #[inline]
    fn pooled(
        &self,
        real: &mut [u64; DAIMYO],
        pools: &[[MovePool; 2]; DAIMYO],
        rng: &mut Xoshiro256PlusPlus,
    ) -> [i32; DAIMYO] {
        self.later_turns(real, |turn, _| {
            let r = rng.next_u64();
            let ph = phase_index(Phase::of_turn(turn));
            std::array::from_fn(|c| pools[c][ph][((r >> (8 * c)) & self.pool_mask) as usize])
        })
    }

    /// Later turns with every daimyo reading the board; returns the turn-5 scores.
    #[inline]
    fn read(
        &self,
        real: &mut [u64; DAIMYO],
        policies: &Policies,
        own: Option<&Weights>,
        mut trace: Option<&mut Trace>,
        rng: &mut Xoshiro256PlusPlus,
    ) -> [i32; DAIMYO] {
        let mut tables = policies.pick(rng.next_u64());
        if let Some(own) = own {
            tables[0] = own;
        }
        self.later_turns(real, |turn, real| {
            let phase = Phase::of_turn(turn);
            let horizon = policy::horizon(turn);
            let cells = policy::cells_of_all(real, &self.bases[horizon]);
            std::array::from_fn(|c| {
                let w = cells[c].map(|i| tables[c][i]);
                let inc = policy::draw(&w, phase, rng.next_u64());
                if c == 0
                    && let Some(t) = trace.as_deref_mut()
                {
                    t.note(&cells[0], &w, inc, phase);
                }
                inc
            })
        })
    }

    /// Every turn after the root: each daimyo's increment from `step(turn, board)`, all read
    /// from the board before any is added; returns the turn-5 scores.
    #[inline(always)]
    fn later_turns(
        &self,
        real: &mut [u64; DAIMYO],
        mut step: impl FnMut(u8, &[u64; DAIMYO]) -> [u64; DAIMYO],
    ) -> [i32; DAIMYO] {
        let mut score5 = self.score5;
        for turn in self.turn..TURNS {
            if turn == 5 {
                score5 = score(&self.strengths, &real.map(Row));
            }
            let inc = step(turn + 1, real);
            for c in 0..DAIMYO {
                real[c] += inc[c];
            }
        }
        score5
    }
}

/// Each legal day move's first-place share (0 to 1) for column `c` at the scoring of this turn
/// (the game's at turn 9, the first half's at turn 5), against `draws` of every column's move
/// added to a world (column `c`'s own drawn move replaced).
pub(super) fn scoring_shares(
    pos: &Position,
    worlds: &[[u64; DAIMYO]],
    draws: &[[u64; DAIMYO]],
    c: usize,
) -> Vec<f64> {
    let score5 = pos.score5.unwrap_or([0; DAIMYO]);
    let credit = |m: &Row| -> u64 {
        draws
            .iter()
            .enumerate()
            .map(|(s, drawn)| {
                let mut real = *drawn;
                real[c] = worlds[s % worlds.len()][c] + m.0;
                let scored = score(&pos.strengths, &real.map(Row));
                let totals: [i32; DAIMYO] = std::array::from_fn(|k| score5[k] + scored[k]);
                first_place_shares(&totals)[c] as u64
            })
            .sum()
    };
    let n = 12.0 * draws.len() as f64;
    moves::legal(Phase::Day).iter().map(|m| credit(m) as f64 / n).collect()
}

/// `n` draws of every column's move of this (scoring) turn from `d`, each added to a world (in
/// turn).
pub(super) fn scoring_draws(
    worlds: &[[u64; DAIMYO]],
    d: &[Vec<f64>; DAIMYO],
    n: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<[u64; DAIMYO]> {
    (0..n)
        .map(|s| {
            let mut w = worlds[s % worlds.len()];
            for c in 0..DAIMYO {
                w[c] += draw_move(Phase::Day, &d[c], rng);
            }
            w
        })
        .collect()
}

/// At a scoring turn (5 or 9), each other column's forecast `d` tilted toward its best replies:
/// each move's probability times exp(`tilt` x its first-place share at that scoring against 256
/// draws of every column's move from `d`, on the worlds), renormalised. The bot's column is left
/// as it is.
pub(super) fn best_replies(
    d: &mut [Vec<f64>; DAIMYO],
    pos: &Position,
    worlds: &[[u64; DAIMYO]],
    tilt: f64,
    rng: &mut Xoshiro256PlusPlus,
) {
    const DRAWS: usize = 256;
    // All drawn before any column is tilted: each column replies to the untilted forecasts.
    let draws = scoring_draws(worlds, d, DRAWS, rng);
    for c in 1..DAIMYO {
        let share = scoring_shares(pos, worlds, &draws, c);
        let p = &mut d[c];
        p.iter_mut().zip(share).for_each(|(x, s)| *x *= (tilt * s).exp());
        let total: f64 = p.iter().sum();
        p.iter_mut().for_each(|x| *x /= total);
    }
}

/// Pre-drawn true intimacies at the start of the turn: the others' hidden nights drawn from
/// their posterior, each weighted by the forecast as they stood on that night's board; and the
/// likeliest split of each hidden night with a known total, for the report.
#[cfg(test)]
pub(super) fn worlds(
    pos: &Position,
    params: &Params,
    forecast: &Forecast,
    rng: &mut Xoshiro256PlusPlus,
) -> (Vec<[u64; DAIMYO]>, Vec<NightGuess>) {
    let (worlds, nights, _, _) = split_worlds(pos, params, forecast, rng);
    (worlds, nights)
}

/// The worlds drawn and what drew them: each world's night moves of columns 1..3 per hidden
/// night (`HiddenSplits`), and room for each world's slot of pre-drawn moves (none yet).
type DrawnWorlds = (Vec<[u64; DAIMYO]>, Vec<NightGuess>, Vec<HiddenSplits>, Slots);

/// Each world's slot of pre-drawn moves per column, and per column the splits of its own hidden
/// night moves behind slots 1...
type Slots = (Vec<[u8; DAIMYO]>, [Vec<[Row; 2]>; DAIMYO]);

/// Per hidden night, the night moves of columns 1..3.
type HiddenSplits = [[Row; 3]; 2];

/// `worlds`, with each world's hidden night moves.
fn split_worlds(
    pos: &Position,
    params: &Params,
    forecast: &Forecast,
    rng: &mut Xoshiro256PlusPlus,
) -> DrawnWorlds {
    let hidden = HiddenNights::new(pos, forecast);
    let guess = |(turn, splits): (u8, Vec<([Row; 3], f64)>)| {
        let (split, probability) = splits.into_iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(NightGuess { turn, split, probability })
    };
    let nights = hidden.posteriors().into_iter().filter_map(guess).collect();
    let mut splits = Vec::with_capacity(params.worlds.max(1));
    let worlds = (0..params.worlds.max(1))
        .map(|_| {
            let mut w = pos.public.map(|r| r.0);
            w[0] = pos.own.0;
            let mut split = [[Row::ZERO; 3]; 2];
            for (i, add) in hidden.draw(rng).into_iter().enumerate() {
                for c in 1..DAIMYO {
                    w[c] += add[c - 1].double().0;
                }
                split[i.min(1)] = add;
            }
            splits.push(split);
            w
        })
        .collect();
    (worlds, nights, splits, Default::default())
}

/// Pre-draws each other column's current move at the splits of its hidden night moves the
/// worlds draw most often (at most the rules' readings, `Board::splits`) into slots 1.. of
/// `first`, each tilted as their mean was (`tilted` against `untilted`); returns each world's
/// slot per column (0, the mean, where its split is not among them).
#[allow(clippy::too_many_arguments)]
fn by_split(
    first: &mut Vec<[MovePool; DAIMYO]>,
    pos: &Position,
    board: &Board,
    l: &Modelled,
    (untilted, tilted): (&[Vec<f64>; DAIMYO], &[Vec<f64>; DAIMYO]),
    splits: &[HiddenSplits],
    size: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Slots {
    let (turns, _) = board.splits();
    let hidden = pos.hidden.iter().flatten();
    let known = hidden.clone().map(|h| h.turn).eq(turns.iter().copied())
        && hidden.clone().all(|h| h.others.is_some());
    if !known || splits.is_empty() {
        return Default::default();
    }
    let own_moves = |split: &HiddenSplits, c: usize| -> [Row; 2] {
        std::array::from_fn(|i| if i < turns.len() { split[i][c - 1] } else { Row::ZERO })
    };
    let most = l.params.rule_readings.clamp(1, u8::MAX as usize - 1);
    let mut read: [Vec<[Row; 2]>; DAIMYO] = Default::default();
    for c in 1..DAIMYO {
        let mut seen: Vec<([Row; 2], usize)> = Vec::new();
        for split in splits {
            let ms = own_moves(split, c);
            match seen.iter_mut().find(|x| x.0 == ms) {
                Some(x) => x.1 += 1,
                None => seen.push((ms, 1)),
            }
        }
        // Most often first; among equals, as first drawn.
        seen.sort_by_key(|x| std::cmp::Reverse(x.1));
        seen.truncate(most);
        let n = splits.len() as f64;
        let at = board.with_splits(seen.iter().map(|&(ms, k)| (ms, k as f64 / n)).collect());
        let ds = l.now.distribution_by_split(&l.params, &at, c);
        if first.len() <= ds.len() {
            first.resize(ds.len() + 1, [[0u64; POOL_MAX]; DAIMYO]);
        }
        for (k, mut d) in ds.into_iter().enumerate() {
            for (x, (t, u)) in d.iter_mut().zip(tilted[c].iter().zip(&untilted[c])) {
                if *u > 0.0 {
                    *x *= t / u;
                }
            }
            let total: f64 = d.iter().sum();
            d.iter_mut().for_each(|x| *x /= total);
            fill(&mut first[k + 1][c], size, || draw_move(board.phase, &d, rng));
        }
        read[c] = seen.into_iter().map(|x| x.0).collect();
    }
    let slot = |split: &HiddenSplits, c: usize| {
        let ms = own_moves(split, c);
        read[c].iter().position(|x| *x == ms).map_or(0, |k| k as u8 + 1)
    };
    let slots =
        splits.iter().map(|split| std::array::from_fn(|c| if c == 0 { 0 } else { slot(split, c) }));
    (slots.collect(), read)
}
