//! A log-linear model of a player's whole move, fitted to recorded moves (`daimyo-lab fit
//! --moves`): unlike a policy of independent picks (`policy`), it can say "all five on the weak
//! lord where I am last" rather than "one on each of five".
//!
//! Every legal move m (252 by day, 21 by night) gets P(m) ∝ exp(Σ_lords w(lord's state, k)),
//! k being the picks m puts on the lord. A lord's state is what the contest's rules read: its
//! strength (3..6), the mover's lead over the best other (own true intimacy against the others'
//! public ones, clamped to -4..4), its margin over the worst other (likewise), the others'
//! hidden-night picks on it (0..3 and over, `standings::rival_nights`), and the horizon: the
//! moves left after this one before the next scoring (0..4, which tells day from night); and its
//! rank by strength (0..5, ties to the lower index, which tells lords of one strength apart as
//! the contest programs' openings do). The weight is a sum of five tables, each crossed with the
//! horizon and k: (strength, k), (lead, k), (margin, k), (nights, k), (rank, k): 930 weights.

use super::standings::{by_strength, rival_nights};
use crate::knowledge::Position;
use crate::moves::{self, MAX_MOVES};
use crate::policy::{GAP, GAPS};
use crate::rules::{LORDS, Row};

/// Moves left after this one before the next scoring: 4 at turn 1, 0 at turns 5 and 9.
pub const HORIZONS: usize = 5;
/// Strengths 3..=6.
pub const STRENGTHS: usize = 4;
/// Picks one move puts on a lord: 0..=5 (0..=2 at night).
pub const KS: usize = 6;
/// The others' hidden-night picks on a lord: 0, 1, 2, 3 and over.
pub const NIGHTS: usize = 4;
/// The lord's rank by strength, strongest first (ties to the lower index).
pub const RANKS: usize = LORDS;

/// One table of weights: by horizon, by the state's value, by k.
type Table<const N: usize> = [[[f32; KS]; N]; HORIZONS];

/// The weights of a move model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveModel {
    /// By horizon, strength - 3, k.
    pub strength: Table<STRENGTHS>,
    /// By horizon, lead over the best other + GAP, k.
    pub lead: Table<GAPS>,
    /// By horizon, margin over the worst other + GAP, k.
    pub margin: Table<GAPS>,
    /// By horizon, the others' hidden-night picks on the lord (3: 3 and over), k.
    pub nights: Table<NIGHTS>,
    /// By horizon, the lord's rank by strength (0: the strongest), k.
    pub rank: Table<RANKS>,
}

/// The weights as one vector, for fitting: the four tables in order, each by horizon, value, k.
pub const PARAMS: usize = HORIZONS * KS * (STRENGTHS + 2 * GAPS + NIGHTS + RANKS);
const LEAD_AT: usize = HORIZONS * KS * STRENGTHS;
const MARGIN_AT: usize = LEAD_AT + HORIZONS * KS * GAPS;
const NIGHTS_AT: usize = MARGIN_AT + HORIZONS * KS * GAPS;
const RANK_AT: usize = NIGHTS_AT + HORIZONS * KS * NIGHTS;

/// One lord as the mover sees it: the index of each of its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LordState {
    pub strength: usize,
    pub lead: usize,
    pub margin: usize,
    pub nights: usize,
    pub rank: usize,
}

/// The horizon of `turn`: moves left after it before the next scoring.
pub fn horizon(turn: u8) -> usize {
    let last = if turn <= 5 { 5 } else { 9 };
    (last - turn.min(last)) as usize
}

/// Every lord's state as the daimyo of `pos` sees it, and the horizon.
pub fn states(pos: &Position) -> (usize, [LordState; LORDS]) {
    let nights = rival_nights(pos);
    let mut rank = [0; LORDS];
    for (r, l) in by_strength(&pos.strengths).into_iter().enumerate() {
        rank[l] = r;
    }
    let lords = std::array::from_fn(|l| {
        let mine = pos.own.get(l) as i32;
        let others = pos.public[1..].iter().map(|r| r.get(l) as i32);
        let (hi, lo) = others.fold((i32::MIN, i32::MAX), |(h, o), v| (h.max(v), o.min(v)));
        let gap = |x: i32| (x.clamp(-GAP, GAP) + GAP) as usize;
        LordState {
            strength: (pos.strengths[l].clamp(3, 6) - 3) as usize,
            lead: gap(mine - hi),
            margin: gap(mine - lo),
            nights: nights[l].clamp(0, NIGHTS as i32 - 1) as usize,
            rank: rank[l],
        }
    });
    (horizon(pos.turn), lords)
}

/// The entries of the weight vector (see `PARAMS`) a lord's weight at `k` picks is the sum of.
pub fn features(h: usize, s: LordState, k: usize) -> [usize; 5] {
    [
        (h * STRENGTHS + s.strength) * KS + k,
        LEAD_AT + (h * GAPS + s.lead) * KS + k,
        MARGIN_AT + (h * GAPS + s.margin) * KS + k,
        NIGHTS_AT + (h * NIGHTS + s.nights) * KS + k,
        RANK_AT + (h * RANKS + s.rank) * KS + k,
    ]
}

impl MoveModel {
    /// Every move alike.
    pub const UNIFORM: MoveModel = MoveModel {
        strength: [[[0.0; KS]; STRENGTHS]; HORIZONS],
        lead: [[[0.0; KS]; GAPS]; HORIZONS],
        margin: [[[0.0; KS]; GAPS]; HORIZONS],
        nights: [[[0.0; KS]; NIGHTS]; HORIZONS],
        rank: [[[0.0; KS]; RANKS]; HORIZONS],
    };

    /// Each lord's weight at every k.
    pub fn scores(&self, h: usize, lords: &[LordState; LORDS]) -> [[f64; KS]; LORDS] {
        lords.map(|s| {
            std::array::from_fn(|k| {
                (self.strength[h][s.strength][k]
                    + self.lead[h][s.lead][k]
                    + self.margin[h][s.margin][k]
                    + self.nights[h][s.nights][k]
                    + self.rank[h][s.rank][k]) as f64
            })
        })
    }

    /// Adds `weight` times the probability of every legal move at `pos` (in `moves::legal`
    /// order) to `out`.
    pub fn add_distribution(&self, pos: &Position, weight: f64, out: &mut [f64]) {
        let (h, lords) = states(pos);
        let legal = moves::legal(pos.phase);
        let mut logits = [0.0f64; MAX_MOVES];
        let logits = &mut logits[..legal.len()];
        log_probabilities(&self.scores(h, &lords), legal, logits);
        for (o, z) in out.iter_mut().zip(logits.iter()) {
            *o += weight * z.exp();
        }
    }

    /// The model of a weight vector (see `PARAMS`).
    pub fn from_params(v: &[f64]) -> MoveModel {
        let mut m = MoveModel::UNIFORM;
        let mut it = v.iter().map(|&x| x as f32);
        let mut fill = |rows: &mut [[f32; KS]]| {
            rows.iter_mut().flatten().for_each(|w| *w = it.next().expect("PARAMS weights"))
        };
        m.strength.iter_mut().for_each(|t| fill(t));
        m.lead.iter_mut().for_each(|t| fill(t));
        m.margin.iter_mut().for_each(|t| fill(t));
        m.nights.iter_mut().for_each(|t| fill(t));
        m.rank.iter_mut().for_each(|t| fill(t));
        m
    }

    /// The weight vector of the model (see `PARAMS`): `from_params` of it is the model.
    pub fn params(&self) -> Vec<f64> {
        let flat = |t: &[[f32; KS]]| t.iter().flatten().map(|&x| x as f64).collect::<Vec<_>>();
        let mut v = Vec::with_capacity(PARAMS);
        self.strength.iter().for_each(|t| v.extend(flat(t)));
        self.lead.iter().for_each(|t| v.extend(flat(t)));
        self.margin.iter().for_each(|t| v.extend(flat(t)));
        self.nights.iter().for_each(|t| v.extend(flat(t)));
        self.rank.iter().for_each(|t| v.extend(flat(t)));
        v
    }
}

/// The log-probability of each of `legal` under the lords' `scores` (by lord, by k), into `out`.
pub fn log_probabilities(scores: &[[f64; KS]; LORDS], legal: &[Row], out: &mut [f64]) {
    let mut top = f64::NEG_INFINITY;
    for (o, m) in out.iter_mut().zip(legal) {
        *o = (0..LORDS).map(|l| scores[l][m.get(l) as usize]).sum();
        top = top.max(*o);
    }
    let log_total = out.iter().map(|z| (z - top).exp()).sum::<f64>().ln() + top;
    out.iter_mut().for_each(|z| *z -= log_total);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::HiddenNight;
    use crate::rules::Phase;

    /// A model whose weights all differ, from its weight vector.
    fn varied() -> MoveModel {
        let v: Vec<f64> = (0..PARAMS).map(|i| ((i * 37 % 101) as f64 - 50.0) / 25.0).collect();
        MoveModel::from_params(&v)
    }

    #[test]
    fn the_weight_vector_is_the_model() {
        let m = varied();
        assert_eq!(MoveModel::from_params(&m.params()), m);
        assert_eq!(m.params().len(), PARAMS);
        // Each feature names the entry the model's tables read.
        let s = LordState { strength: 2, lead: 7, margin: 1, nights: 3, rank: 4 };
        let v = m.params();
        let lords = [s; LORDS];
        for k in 0..KS {
            let sum: f64 = features(3, s, k).iter().map(|&i| v[i]).sum();
            assert!((sum - m.scores(3, &lords)[0][k]).abs() < 1e-5, "k {k}");
        }
    }

    #[test]
    fn the_distribution_sums_to_one_over_the_legal_moves() {
        let m = varied();
        let mut pos = Position::initial([3, 6, 5, 4, 6, 3]);
        for (turn, phase) in [(1, Phase::Day), (4, Phase::Night), (9, Phase::Day)] {
            (pos.turn, pos.phase) = (turn, phase);
            pos.own = Row::from_array([3, 0, 2, 7, 1, 0]);
            pos.public[1] = Row::from_array([0, 5, 2, 1, 1, 9]);
            pos.hidden[0] =
                Some(HiddenNight { turn: 2, others: Some(Row::from_array([4, 2, 0, 0, 0, 0])) });
            let mut out = vec![0.0; moves::legal(phase).len()];
            m.add_distribution(&pos, 0.5, &mut out);
            let total: f64 = out.iter().sum();
            assert!((total - 0.5).abs() < 1e-9, "turn {turn}: {total}");
            let (lo, hi) = out.iter().fold((1.0f64, 0.0f64), |(a, b), &x| (a.min(x), b.max(x)));
            assert!(lo > 0.0 && hi > 3.0 * lo, "turn {turn}: the moves differ ({lo} .. {hi})");
        }
        let mut out = vec![0.0; 252];
        MoveModel::UNIFORM.add_distribution(&pos, 1.0, &mut out);
        assert!(out.iter().all(|&x| (x - 1.0 / 252.0).abs() < 1e-12), "uniform");
    }

    #[test]
    fn states_read_own_true_against_public_and_the_hidden_nights() {
        let mut pos = Position::initial([6, 3, 4, 5, 3, 3]);
        (pos.turn, pos.phase) = (5, Phase::Day);
        pos.own = Row::from_array([5, 0, 2, 9, 0, 0]);
        pos.public = [
            Row::from_array([1, 0, 2, 9, 0, 0]),
            Row::from_array([3, 0, 2, 1, 0, 0]),
            Row::from_array([1, 0, 4, 1, 0, 0]),
            Row::from_array([0, 0, 2, 1, 0, 0]),
        ];
        pos.hidden[0] =
            Some(HiddenNight { turn: 4, others: Some(Row::from_array([5, 0, 1, 0, 0, 0])) });
        let (h, lords) = states(&pos);
        assert_eq!(h, 0);
        let g = |x: i32| (x + GAP) as usize;
        assert_eq!(
            lords[0],
            LordState { strength: 3, lead: g(2), margin: g(4), nights: 3, rank: 0 }
        ); // a margin of 5, clamped
        assert_eq!(
            lords[2],
            LordState { strength: 1, lead: g(-2), margin: g(0), nights: 1, rank: 2 }
        );
        assert_eq!(
            lords.map(|s| s.rank),
            [0, 3, 2, 1, 4, 5],
            "by strength, ties to the lower index"
        );
        assert_eq!(lords[3].lead, g(4), "clamped");
        assert_eq!([1, 2, 3, 4, 5, 6, 7, 8, 9].map(horizon), [4, 3, 2, 1, 0, 3, 2, 1, 0]);
    }
}
