//! A board-reading pick rule, cheap enough for every turn of every rollout.
//!
//! A daimyo about to move reads, for each lord, four things off the board: the lord's strength,
//! its lead over the best other daimyo (negative when behind), its margin over the worst other
//! (negative when it is last alone), and the horizon: whether this is the last move before a
//! scoring, the one before that, or earlier. Each pick goes to a lord with probability
//! proportional to exp(logit), the logit being the strength's weight plus the weights of the
//! lead and the margin at that horizon, the latter two scaled by the lord's strength (the same
//! gap matters more on a strong lord); a move is five (or two) such picks. The features are
//! small integers, so a whole policy is one table of `CELLS` weights, and a rollout pays a
//! lookup per lord.
//!
//! The workshop's `fit` finds the policy that best explains a set of observed moves (maximum
//! likelihood): the logit is linear in the weights (`features`), which is how the model's
//! likenesses are obtained.

use crate::rules::{DAIMYO, HIGH, LORDS, Phase, Row, lane_max, lane_min};

/// Gaps are clamped to `-GAP..=GAP`.
pub const GAP: i32 = 4;
pub const GAPS: usize = 2 * GAP as usize + 1;
/// The last move before a scoring, the one before it, earlier.
pub const HORIZONS: usize = 3;
/// Strengths 3..=6.
const STRENGTHS: usize = 4;
pub const CELLS: usize = STRENGTHS * GAPS * GAPS * HORIZONS;
/// The middle of the strengths 3..=6: the strength weight counts from it, and the lead and
/// floor weights are scaled by a lord's strength over it (1 for a lord of middling strength).
pub const STRENGTH_CENTRE: f32 = 4.5;

/// The weights of one policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Logit per point of strength above `STRENGTH_CENTRE`.
    pub strength: f32,
    /// By horizon, then by the lead over the best other (-GAP..=GAP): logit per strength /
    /// `STRENGTH_CENTRE`.
    pub lead: [[f32; GAPS]; HORIZONS],
    /// By horizon, then by the margin over the worst other (-GAP..=GAP): likewise.
    pub floor: [[f32; GAPS]; HORIZONS],
}

/// exp(logit) of every cell: what a rollout reads.
pub type Weights = [f32; CELLS];

impl Policy {
    /// Every lord alike: uniformly random picks.
    pub const UNIFORM: Policy =
        Policy { strength: 0.0, lead: [[0.0; GAPS]; HORIZONS], floor: [[0.0; GAPS]; HORIZONS] };

    fn logit(&self, c: LordCell) -> f32 {
        let s = c.strength as f32 + 3.0;
        let (lead, floor) = (self.lead[c.horizon][c.lead], self.floor[c.horizon][c.floor]);
        self.strength * (s - STRENGTH_CENTRE) + s / STRENGTH_CENTRE * (lead + floor)
    }

    pub fn weights(&self) -> Weights {
        let mut t = [0.0; CELLS];
        for (i, w) in t.iter_mut().enumerate() {
            *w = self.logit(LordCell::of_index(i)).exp();
        }
        t
    }

    /// Probability that a pick of daimyo `d` goes to each lord, at a board.
    pub fn picks(
        &self,
        strengths: &[u8; LORDS],
        board: &[Row; DAIMYO],
        d: usize,
        turn: u8,
    ) -> [f64; LORDS] {
        let cells = cells(strengths, board, d, horizon(turn));
        let w = cells.map(|c| (self.logit(LordCell::of_index(c)) as f64).exp());
        let total: f64 = w.iter().sum();
        w.map(|x| x / total)
    }
}

/// Horizon of the move of `turn`: 0 just before a scoring (turns 5 and 9), 1 the move before
/// that, 2 earlier.
#[inline]
pub fn horizon(turn: u8) -> usize {
    let to_scoring = if turn <= 5 { 5 - turn } else { 9u8.saturating_sub(turn) };
    (to_scoring as usize).min(HORIZONS - 1)
}

/// One lord as a daimyo sees it: indices of its strength, lead, margin and horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LordCell {
    strength: usize,
    lead: usize,
    floor: usize,
    horizon: usize,
}

impl LordCell {
    fn index(self) -> usize {
        ((self.horizon * STRENGTHS + self.strength) * GAPS + self.lead) * GAPS + self.floor
    }

    fn of_index(i: usize) -> LordCell {
        let floor = i % GAPS;
        let lead = i / GAPS % GAPS;
        let strength = i / (GAPS * GAPS) % STRENGTHS;
        LordCell { strength, lead, floor, horizon: i / (GAPS * GAPS * STRENGTHS) }
    }
}

/// The cell of every lord for daimyo `d` at a board (true or public intimacies).
#[inline]
pub fn cells(
    strengths: &[u8; LORDS],
    board: &[Row; DAIMYO],
    d: usize,
    horizon: usize,
) -> [usize; LORDS] {
    std::array::from_fn(|l| {
        let mine = board[d].get(l) as i32;
        let (mut hi, mut lo) = (i32::MIN, i32::MAX);
        for (o, row) in board.iter().enumerate() {
            if o != d {
                let v = row.get(l) as i32;
                hi = hi.max(v);
                lo = lo.min(v);
            }
        }
        let gap = |x: i32| (x.clamp(-GAP, GAP) + GAP) as usize;
        let strength = (strengths[l].clamp(3, 6) - 3) as usize;
        LordCell { strength, lead: gap(mine - hi), floor: gap(mine - lo), horizon }.index()
    })
}

/// Gap index of a lane holding 128 + gap.
const GAP_INDEX: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let g = i as i32 - 128;
        let c = if g < -GAP {
            -GAP
        } else if g > GAP {
            GAP
        } else {
            g
        };
        t[i] = (c + GAP) as u8;
        i += 1;
    }
    t
};

/// The cell index of each lord's strength at a horizon, less its gaps: what `cells_of_all` adds
/// the gaps to.
#[inline]
pub fn bases(strengths: &[u8; LORDS], horizon: usize) -> [usize; LORDS] {
    let base = |s: u8| {
        let strength = (s.clamp(3, 6) - 3) as usize;
        LordCell { strength, lead: 0, floor: 0, horizon }.index()
    };
    strengths.map(base)
}

/// `cells` for all four daimyo at once, on a board of true intimacies (every lane below 128),
/// the others' best and worst taken lane-wise on whole rows.
#[inline]
pub fn cells_of_all(board: &[u64; DAIMYO], bases: &[usize; LORDS]) -> [[usize; LORDS]; DAIMYO] {
    let [r0, r1, r2, r3] = *board;
    let (hi01, hi23) = (lane_max(r0, r1), lane_max(r2, r3));
    let (lo01, lo23) = (lane_min(r0, r1), lane_min(r2, r3));
    let hi = [lane_max(r1, hi23), lane_max(r0, hi23), lane_max(hi01, r3), lane_max(hi01, r2)];
    let lo = [lane_min(r1, lo23), lane_min(r0, lo23), lane_min(lo01, r3), lane_min(lo01, r2)];
    std::array::from_fn(|d| {
        let lead = (board[d] | HIGH) - hi[d];
        let floor = (board[d] | HIGH) - lo[d];
        std::array::from_fn(|l| {
            let g = |x: u64| GAP_INDEX[(x >> (8 * l)) as u8 as usize] as usize;
            bases[l] + g(lead) * GAPS + g(floor)
        })
    })
}

/// A move of `phase` drawn with weights `w` per lord, from one random number, as an intimacy
/// increment (a night pick counts 2). Each pick uses 12 bits of `r`.
#[inline]
pub fn draw(w: &[f32; LORDS], phase: Phase, mut r: u64) -> u64 {
    let mut cum = [0.0f32; LORDS];
    let mut acc = 0.0;
    for l in 0..LORDS {
        acc += w[l];
        cum[l] = acc;
    }
    let unit = acc / 4096.0;
    let mut inc = 0u64;
    for _ in 0..phase.picks() {
        let x = (r & 0xfff) as f32 * unit;
        r >>= 12;
        // The lord is the number of cumulative weights at or below x (never the sixth's).
        let l: usize = cum[..LORDS - 1].iter().map(|&c| (x >= c) as usize).sum();
        inc += (phase.weight() as u64) << (8 * l);
    }
    inc
}

/// The weights of a policy as one vector, for fitting: the strength weight, then the lead
/// weights, then the floor weights, each by horizon then gap.
pub const PARAMS: usize = 1 + 2 * HORIZONS * GAPS;

impl Policy {
    /// The policy of a weight vector (see `PARAMS`).
    pub fn from_params(v: &[f64; PARAMS]) -> Policy {
        let mut p = Policy::UNIFORM;
        p.strength = v[0] as f32;
        for h in 0..HORIZONS {
            for g in 0..GAPS {
                p.lead[h][g] = v[1 + h * GAPS + g] as f32;
                p.floor[h][g] = v[1 + (HORIZONS + h) * GAPS + g] as f32;
            }
        }
        p
    }

    /// The weight vector of the policy (see `PARAMS`): `from_params` of it is the policy.
    pub fn params(&self) -> [f64; PARAMS] {
        let mut v = [0.0; PARAMS];
        v[0] = self.strength as f64;
        for h in 0..HORIZONS {
            for g in 0..GAPS {
                v[1 + h * GAPS + g] = self.lead[h][g] as f64;
                v[1 + (HORIZONS + h) * GAPS + g] = self.floor[h][g] as f64;
            }
        }
        v
    }

    /// The logit of a cell (an index of `cells`).
    pub fn logit_of(&self, cell: usize) -> f32 {
        self.logit(LordCell::of_index(cell))
    }
}

/// The weights a cell's logit is made of: which entries of the weight vector (see `PARAMS`),
/// each with its factor. The logit is linear in them.
pub fn features(cell: usize) -> [(usize, f64); 3] {
    let c = LordCell::of_index(cell);
    let s = c.strength as f64 + 3.0;
    [
        (0, s - STRENGTH_CENTRE as f64),
        (1 + c.horizon * GAPS + c.lead, s / STRENGTH_CENTRE as f64),
        (1 + (HORIZONS + c.horizon) * GAPS + c.floor, s / STRENGTH_CENTRE as f64),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn cells_read_lead_margin_and_horizon() {
        let board = [
            Row::from_array([5, 0, 2, 9, 0, 0]),
            Row::from_array([3, 0, 2, 1, 0, 0]),
            Row::from_array([1, 0, 4, 1, 0, 0]),
            Row::from_array([0, 0, 2, 1, 0, 0]),
        ];
        let c = cells(&[6, 3, 4, 5, 3, 3], &board, 0, horizon(5)).map(LordCell::of_index);
        let g = |x: i32| (x + GAP) as usize;
        assert_eq!(c[0], LordCell { strength: 3, lead: g(2), floor: g(4), horizon: 0 });
        assert_eq!(c[1], LordCell { strength: 0, lead: g(0), floor: g(0), horizon: 0 });
        assert_eq!(c[2], LordCell { strength: 1, lead: g(-2), floor: g(0), horizon: 0 });
        assert_eq!(c[3], LordCell { strength: 2, lead: g(4), floor: g(4), horizon: 0 }, "clamped");
        assert_eq!([1, 3, 4, 5, 6, 7, 8, 9].map(horizon), [2, 2, 1, 0, 2, 2, 1, 0]);
        for i in [0, 17, CELLS - 1] {
            assert_eq!(LordCell::of_index(i).index(), i);
        }
    }

    #[test]
    fn all_cells_at_once_are_the_cells_of_each() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for _ in 0..500 {
            let board: [Row; DAIMYO] = std::array::from_fn(|_| {
                Row::from_array(std::array::from_fn(|_| (rng.next_u64() % 42) as u8))
            });
            let st: [u8; LORDS] = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
            let h = (rng.next_u64() % 3) as usize;
            let all = cells_of_all(&board.map(|r| r.0), &bases(&st, h));
            for d in 0..DAIMYO {
                assert_eq!(all[d], cells(&st, &board, d, h), "{board:?} {d}");
            }
        }
    }

    #[test]
    fn draws_follow_the_weights() {
        let w = [1.0, 0.0, 3.0, 0.0, 0.0, 4.0];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut per_lord = [0u32; LORDS];
        for _ in 0..4000 {
            let inc = Row(draw(&w, Phase::Day, rng.next_u64()));
            assert_eq!(inc.sum(), 5);
            for (l, n) in per_lord.iter_mut().enumerate() {
                *n += inc.get(l) as u32;
            }
        }
        assert_eq!((per_lord[1], per_lord[3], per_lord[4]), (0, 0, 0));
        let share = |l: usize| per_lord[l] as f64 / 20_000.0;
        assert!((share(0) - 0.125).abs() < 0.01 && (share(5) - 0.5).abs() < 0.015, "{per_lord:?}");
        assert_eq!(Row(draw(&w, Phase::Night, 0)).sum(), 4, "a night pick counts 2");
    }
}
