//! A board-reading policy (`daimyo_engine::policy`) fitted to observed moves: the likelihood of
//! the moves under a policy, and the policy of highest likelihood (its gradient is linear in the
//! policy's features, `policy::features`).

use super::games::SeatMove;
use daimyo_engine::policy::{PARAMS, Policy, cells, features, horizon};
use daimyo_engine::rules::LORDS;

/// One observed move: the cell of every lord for the mover on the true board, and how many
/// picks went to each.
#[derive(Clone, Copy, Debug)]
pub struct Observed {
    pub cells: [usize; LORDS],
    pub counts: [u8; LORDS],
    pub horizon: usize,
}

impl Observed {
    /// A seat's move of a game played again, on the true board.
    pub fn new(m: &SeatMove) -> Observed {
        let h = horizon(m.pos.turn);
        Observed {
            cells: cells(&m.pos.strengths, &m.real, m.seat, h),
            counts: m.played.to_array(),
            horizon: h,
        }
    }

    /// Each lord's logit under `p`.
    pub fn logits(&self, p: &Policy) -> [f64; LORDS] {
        self.cells.map(|c| p.logit_of(c) as f64)
    }
}

/// Mean log-likelihood per pick of `observed` under `p`, in nats.
pub fn log_likelihood(p: &Policy, observed: &[Observed]) -> f64 {
    mean_log_likelihood(observed.iter().map(|d| (d.logits(p), d.counts)))
}

/// Mean log-likelihood per pick of moves given as each lord's logit and picks, in nats.
pub fn mean_log_likelihood(moves: impl IntoIterator<Item = ([f64; LORDS], [u8; LORDS])>) -> f64 {
    let (mut ll, mut picks) = (0.0, 0.0);
    for (logits, counts) in moves {
        let top = logits.iter().cloned().fold(f64::MIN, f64::max);
        let log_total = logits.iter().map(|z| (z - top).exp()).sum::<f64>().ln() + top;
        for l in 0..LORDS {
            ll += counts[l] as f64 * (logits[l] - log_total);
            picks += counts[l] as f64;
        }
    }
    ll / picks.max(1.0)
}

/// The policy of highest likelihood for `observed`, with an L2 penalty `ridge` per weight on
/// its distance from `prior` (which keeps the weights of cells rarely seen near the prior's):
/// the posterior mode under a normal prior around `prior`. Gradient ascent from `prior`, with a
/// step that adapts to the slope. `daimyo-lab fit` fits around uniform picks.
pub fn fit(prior: &Policy, observed: &[Observed], ridge: f64, iterations: usize) -> Policy {
    let picks: f64 = observed.iter().map(|d| d.counts.iter().map(|&c| c as f64).sum::<f64>()).sum();
    let n = picks.max(1.0);
    let mu = prior.params();
    let mut v = mu;
    let mut step = 1.0;
    let mut value = f64::MIN;
    for _ in 0..iterations {
        let p = Policy::from_params(&v);
        let mut grad = [0.0; PARAMS];
        let mut ll = 0.0;
        for d in observed {
            let logits = d.cells.map(|c| p.logit_of(c) as f64);
            let top = logits.iter().cloned().fold(f64::MIN, f64::max);
            let e = logits.map(|z| (z - top).exp());
            let total: f64 = e.iter().sum();
            let k: f64 = d.counts.iter().map(|&c| c as f64).sum();
            for l in 0..LORDS {
                let want = d.counts[l] as f64 - k * e[l] / total;
                ll += d.counts[l] as f64 * ((e[l] / total).ln());
                for (i, f) in features(d.cells[l]) {
                    grad[i] += want * f;
                }
            }
        }
        let penalty: f64 = (0..PARAMS).map(|i| (v[i] - mu[i]).powi(2)).sum::<f64>() * ridge;
        let now = ll / n - penalty;
        if now < value {
            step *= 0.5;
        } else {
            step *= 1.1;
        }
        value = now;
        for i in 0..PARAMS {
            v[i] += step * (grad[i] / n - 2.0 * ridge * (v[i] - mu[i]));
        }
    }
    Policy::from_params(&v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::policy::draw;
    use daimyo_engine::rules::{DAIMYO, Phase, Row};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn fitting_recovers_a_policy_from_its_moves() {
        // Moves drawn from a known policy on random boards: the fitted policy explains them
        // about as well as the true one and far better than uniform picks, and it finds the
        // signs of the true weights where they matter.
        let mut truth = Policy::UNIFORM;
        truth.strength = 0.6;
        truth.lead[0] = [-1.0, -0.5, 0.5, 1.5, 1.2, 0.5, -0.5, -1.0, -1.5];
        truth.floor[0] = [1.0, 1.0, 0.8, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0];
        let table = truth.weights();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let decisions: Vec<Observed> = (0..3000)
            .map(|_| {
                let board: [Row; DAIMYO] = std::array::from_fn(|_| {
                    Row::from_array(std::array::from_fn(|_| (rng.next_u64() % 7) as u8))
                });
                let st = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
                let cells = cells(&st, &board, 0, 0);
                let w = cells.map(|c| table[c]);
                let inc = Row(draw(&w, Phase::Day, rng.next_u64()));
                Observed { cells, counts: inc.to_array(), horizon: 0 }
            })
            .collect();
        let fitted = fit(&Policy::UNIFORM, &decisions, 1e-4, 300);
        let (ll_true, ll_fit) =
            (log_likelihood(&truth, &decisions), log_likelihood(&fitted, &decisions));
        let ll_uniform = log_likelihood(&Policy::UNIFORM, &decisions);
        assert!(ll_fit > ll_true - 0.01, "fitted {ll_fit} vs true {ll_true}");
        assert!(ll_fit > ll_uniform + 0.1, "fitted {ll_fit} vs uniform {ll_uniform}");
        assert!((fitted.strength - 0.6).abs() < 0.15, "{}", fitted.strength);
        assert!(fitted.lead[0][3] > fitted.lead[0][8] + 1.0, "{:?}", fitted.lead[0]);
    }
}
