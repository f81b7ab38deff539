//! How every column is expected to play this turn, as probabilities: the fixed prior of
//! independent picks, or the model learnt in the game (a probability for every legal move at any
//! board); and the draws from them. A `Forecast` is made once per turn and read by the hidden
//! nights' posterior, the search's rollouts and the report alike.

use super::{Board, Opponents, ahead};
use crate::knowledge::Position;
use crate::moves;
use crate::params::{ModelParams, Rivals};
use crate::policy::Policy;
use crate::rules::{DAIMYO, LORDS, Phase, Row};
use rand::Rng;
use std::time::Instant;

/// How one daimyo is expected to pick: a probability per lord, the same by day and by night.
#[derive(Clone, Copy, Debug)]
pub struct PickModel {
    pub p: [f64; LORDS],
}

impl PickModel {
    /// Part uniform, part proportional to a power of strength.
    pub fn prior(strengths: &[u8; LORDS], uniform: f64, strength_power: f64) -> PickModel {
        let w: [f64; LORDS] = strengths.map(|m| (m as f64).powf(strength_power));
        let total: f64 = w.iter().sum();
        let p = std::array::from_fn(|l| uniform / LORDS as f64 + (1.0 - uniform) * w[l] / total);
        PickModel { p }
    }

    /// A move drawn from the model, as an intimacy increment.
    pub fn draw_increment(&self, phase: Phase, rng: &mut impl Rng) -> u64 {
        (0..phase.picks())
            .fold(Row::ZERO, |r, _| r.bump(draw_index(&self.p, rng), phase.weight()))
            .0
    }
}

/// The fixed prior, or the model of the others read in the game, for one turn.
#[derive(Clone)]
pub enum Forecast {
    Prior(PickModel),
    Modelled(Box<Modelled>),
}

/// The model of the others read in the game, and how it is played in turns after the current
/// one.
#[derive(Clone)]
pub struct Modelled {
    pub params: ModelParams,
    /// Later turns are uniformly random when the others' mean weight on uniform picks is over it.
    pub gate: f64,
    pub now: Opponents,
}

impl Forecast {
    /// The forecast of `pos` by `rivals`, the searching rules read until `deadline` (none:
    /// always).
    pub fn new(pos: &Position, rivals: &Rivals, deadline: Option<Instant>) -> Forecast {
        Forecast::on_threads(pos, rivals, deadline, 1)
    }

    /// The same forecast, its searching rules read ahead on `threads` threads (`ahead`): only
    /// what the deadline lets be read can differ.
    pub fn on_threads(
        pos: &Position,
        rivals: &Rivals,
        deadline: Option<Instant>,
        threads: usize,
    ) -> Forecast {
        match *rivals {
            Rivals::Prior { uniform, strength_power } => {
                Forecast::Prior(PickModel::prior(&pos.strengths, uniform, strength_power))
            }
            Rivals::Modelled { model, gate } => {
                if threads > 1 {
                    ahead::learning(pos, &model, deadline, threads);
                }
                let now = Opponents::learn(pos, &model, deadline);
                if threads > 1 {
                    ahead::forecasting(pos, &model, &now, threads);
                }
                Forecast::Modelled(Box::new(Modelled { params: model, gate, now }))
            }
        }
    }

    /// Most joint splits of the hidden nights a rule is read at.
    pub fn rule_readings(&self) -> usize {
        match self {
            Forecast::Prior(_) => 1,
            Forecast::Modelled(l) => l.params.rule_readings,
        }
    }

    /// Each column's probability of every legal move at a board.
    pub fn moves_at(&self, board: &Board) -> [Vec<f64>; DAIMYO] {
        match self {
            Forecast::Prior(pm) => std::array::from_fn(|_| {
                moves::legal(board.phase).iter().map(|&m| moves::multinomial(m, &pm.p)).collect()
            }),
            Forecast::Modelled(l) => {
                std::array::from_fn(|c| l.now.distribution(&l.params, board, c))
            }
        }
    }
}

impl Modelled {
    /// The policies each column plays in later turns of a rollout, with their weights: all
    /// uniform if the others look mostly random (the gate).
    pub fn later_policies(&self) -> [Vec<(Policy, f64)>; DAIMYO] {
        if self.now.uniform_share(&self.params) > self.gate {
            return std::array::from_fn(|_| vec![(Policy::UNIFORM, 1.0)]);
        }
        self.now.later(&self.params)
    }
}

/// A uniform number in [0, 1).
pub fn unit(rng: &mut impl Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// An index drawn with probabilities `p` (summing to 1).
pub fn draw_index(p: &[f64], rng: &mut impl Rng) -> usize {
    let mut x = unit(rng);
    for (i, &pi) in p.iter().enumerate() {
        if x < pi {
            return i;
        }
        x -= pi;
    }
    p.len() - 1
}

/// A move of `phase` drawn from probabilities over its legal moves, as a row increment.
pub fn draw_move(phase: Phase, p: &[f64], rng: &mut impl Rng) -> u64 {
    let m = moves::legal(phase)[draw_index(p, rng)];
    if phase == Phase::Night { m.double().0 } else { m.0 }
}
