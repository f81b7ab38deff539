//! The bot's own later moves, learnt from the search's rollouts.
//!
//! In a rollout the bot's later moves come from a board-reading policy (`policy`). A search that
//! learns its own follow-up starts from the model's policy for the bot and, after each stage of
//! sequential halving, moves that policy's weights up the gradient of the win rate the stage's
//! rollouts measured (REINFORCE with a baseline: every pick the bot drew in a later turn counts
//! its picks of each lord less what the policy expected, times how much better than the
//! candidate's mean the rollout ended). Every candidate of a stage is followed up by the same
//! policy, so the halving still compares them on common random numbers; the more rollouts, the
//! better the follow-up they are judged by.
//!
//! The gradient is summed in integers (each pick's term in 256ths, the credit in twelfths), so
//! the sum, and the search, are the same whatever the number of threads.

use crate::params::OwnLearning;
use crate::policy::{self, CELLS, PARAMS, Policy, Weights};
use crate::rules::{LORDS, Phase, TURNS};
use std::sync::Arc;

/// What a stage's rounds need to learn the bot's own later moves.
pub struct Learning {
    /// The bot's own later policy in this stage's rollouts.
    pub own: Arc<Weights>,
    /// Each candidate's mean credit (twelfths) before the stage: the baseline of its rollouts.
    pub means: Vec<i64>,
}

/// The bot's picks in the later turns of one rollout: per lord and turn, its cell and its picks
/// less the policy's expectation, in 256ths.
pub struct Trace {
    len: usize,
    entries: [(u16, i32); TURNS as usize * LORDS],
}

impl Default for Trace {
    fn default() -> Trace {
        Trace { len: 0, entries: [(0, 0); TURNS as usize * LORDS] }
    }
}

impl Trace {
    /// Notes a move `inc` of `phase` drawn with weights `w` at `cells`.
    #[inline]
    pub fn note(&mut self, cells: &[usize; LORDS], w: &[f32; LORDS], inc: u64, phase: Phase) {
        let total: f32 = w.iter().sum();
        let expected = phase.picks() as f32 / total;
        // A night pick adds 2: halve it by a shift, not a division.
        let shift = phase.weight() as u64 - 1;
        for l in 0..LORDS {
            let n = ((inc >> (8 * l)) & 0xff) >> shift;
            let term = n as f32 - expected * w[l];
            if self.len < self.entries.len() {
                self.entries[self.len] = (cells[l] as u16, round(term * 256.0));
                self.len += 1;
            }
        }
    }

    /// Adds the trace, times the rollout's advantage (in twelfths), to `grad`, and clears it.
    #[inline]
    pub fn spend(&mut self, advantage: i64, grad: &mut Gradient) {
        if advantage != 0 {
            for &(cell, term) in &self.entries[..self.len] {
                grad.cells[cell as usize] += term as i64 * advantage;
            }
        }
        grad.rollouts += 1;
        self.len = 0;
    }
}

/// `x.round() as i32` (halves away from zero) for |x| < 2^31, inline: `f32::round` is a call
/// into libm on the baseline x86-64 target, and a rollout rounds a term per lord and turn.
#[inline(always)]
fn round(x: f32) -> i32 {
    let t = x as i32;
    // Exact: x less its integer part is representable.
    let frac = x - t as f32;
    t + (frac >= 0.5) as i32 - (frac <= -0.5) as i32
}

/// The gradient of the win rate over the cells of the bot's policy, summed over `rollouts`
/// rollouts (each cell's sum in 256ths of a pick times twelfths of a win). Empty when the search
/// does not learn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Gradient {
    pub cells: Vec<i64>,
    pub rollouts: u64,
}

impl Gradient {
    pub fn zero() -> Gradient {
        Gradient { cells: vec![0; CELLS], rollouts: 0 }
    }

    /// Adds `other` (of the same length) and clears it.
    pub fn take(&mut self, other: &mut Gradient) {
        for (s, o) in self.cells.iter_mut().zip(other.cells.iter_mut()) {
            *s += *o;
            *o = 0;
        }
        self.rollouts += std::mem::take(&mut other.rollouts);
    }

    pub fn clear(&mut self) {
        self.cells.fill(0);
        self.rollouts = 0;
    }

    /// What was added since `earlier`.
    pub fn since(&self, earlier: &Gradient) -> Gradient {
        let cells = self.cells.iter().zip(&earlier.cells).map(|(a, b)| a - b).collect();
        Gradient { cells, rollouts: self.rollouts - earlier.rollouts }
    }
}

/// The policy after one step up the gradient `grad`.
pub fn step(p: &Policy, grad: &Gradient, learning: &OwnLearning) -> Policy {
    if grad.rollouts == 0 {
        return *p;
    }
    let scale = 1.0 / (256.0 * 12.0 * grad.rollouts as f64);
    let mut g = [0.0; PARAMS];
    for (cell, &x) in grad.cells.iter().enumerate() {
        if x != 0 {
            for (j, f) in policy::features(cell) {
                g[j] += x as f64 * f * scale;
            }
        }
    }
    let mut v = p.params();
    for (w, g) in v.iter_mut().zip(g) {
        *w += (learning.rate * g).clamp(-learning.max_step, learning.max_step);
    }
    Policy::from_params(&v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::styles::likeness;

    /// The inline rounding is `f32::round` on every value a trace can meet: halves, the
    /// floats next to them, and a sweep of terms.
    #[test]
    fn the_inline_rounding_is_f32_round() {
        let mut xs = vec![0.0f32, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1279.5, -1279.5];
        for k in -2600..2600 {
            let half = k as f32 + 0.5;
            xs.extend([half, half.next_up(), half.next_down()]);
        }
        xs.extend((0..200_000).map(|i| (i as f32 * 0.013_7 - 1370.0) * 1.000_3));
        xs.extend([0.499_999_97, -0.499_999_97, 8_388_607.5, 8_388_609.0, -8_388_609.0]);
        for x in xs {
            assert_eq!(round(x), x.round() as i32, "{x:e}");
        }
    }

    /// A policy whose picks of strong lords win more rollouts learns to pick them more.
    #[test]
    fn a_step_follows_the_picks_that_won() {
        let p = likeness::PRUNED_MC;
        let strengths = [3u8, 3, 4, 5, 6, 6];
        let bases = policy::bases(&strengths, 2);
        let cells = bases;
        let w = cells.map(|c| p.logit_of(c).exp());
        let mut grad = Gradient::zero();
        let mut trace = Trace::default();
        // Rollouts that put their picks on the two strongest lords won; the others lost.
        let strong = 3u64 << 32 | 2u64 << 40;
        let weak = 3u64 | 2u64 << 8;
        for _ in 0..100 {
            trace.note(&cells, &w, strong, Phase::Day);
            trace.spend(6, &mut grad);
            trace.note(&cells, &w, weak, Phase::Day);
            trace.spend(-6, &mut grad);
        }
        let learning = OwnLearning { rate: 10.0, max_step: 1.0, stages: 1 };
        assert_eq!(grad.rollouts, 200);
        let q = step(&p, &grad, &learning);
        assert!(q.strength > p.strength, "{} then {}", p.strength, q.strength);
        // No rollouts: no step.
        assert_eq!(step(&p, &Gradient::zero(), &learning), p);
        // Each weight moves at most the largest step.
        let (a, b) = (p.params(), q.params());
        assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() <= 1.0 + 1e-5));
    }
}
