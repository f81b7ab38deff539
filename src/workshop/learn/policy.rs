//! A board-reading policy (`daimyo_engine::policy`) fitted to observed moves: the likelihood of
//! the moves under a policy, and the policy of highest likelihood (its gradient is linear in the
//! policy's features, `policy::features`); and, apart, how a player's picks follow the others'
//! hidden-night picks beyond what a policy reads (`fit_nights`).

use super::games::SeatMove;
use daimyo_engine::policy::{HORIZONS, PARAMS, Policy, cells, features, horizon};
use daimyo_engine::rules::{DAIMYO, LORDS, Row};

/// The others' hidden-night picks on a lord told apart: 0 to 6 and over.
pub const NIGHT_COUNTS: usize = 7;

/// A logit per hidden-night pick of the others on a lord, by horizon (0: the move into a
/// scoring), added to a policy's logits (`fit_nights`).
pub type NightLogits = [f64; HORIZONS];

/// One observed move: the cell of every lord for the mover, how many picks went to each, and
/// the others' picks on each in the half's hidden nights.
#[derive(Clone, Copy, Debug)]
pub struct Observed {
    pub cells: [usize; LORDS],
    pub counts: [u8; LORDS],
    pub horizon: usize,
    pub nights: [u8; LORDS],
}

impl Observed {
    /// A seat's move of a game played again, on the true board (whose part that is not public
    /// is the half's hidden nights).
    pub fn new(m: &SeatMove) -> Observed {
        let hidden = |o: usize| m.real[o].checked_sub(m.public[o]).unwrap_or(Row::ZERO);
        let nights = std::array::from_fn(|l| {
            let others = (0..DAIMYO).filter(|&o| o != m.seat).map(|o| hidden(o).get(l) / 2);
            others.sum::<u8>().min(NIGHT_COUNTS as u8 - 1)
        });
        let h = horizon(m.pos.turn);
        Observed {
            cells: cells(&m.pos.strengths, &m.real, m.seat, h),
            counts: m.played.to_array(),
            horizon: h,
            nights,
        }
    }

    /// Each lord's logit under `p` with the night logits `nights`.
    fn logits(&self, p: &Policy, nights: &NightLogits) -> [f64; LORDS] {
        let night = nights[self.horizon];
        std::array::from_fn(|l| p.logit_of(self.cells[l]) as f64 + night * self.nights[l] as f64)
    }
}

/// Mean log-likelihood per pick of `observed` under `p`, in nats.
pub fn log_likelihood(p: &Policy, observed: &[Observed]) -> f64 {
    log_likelihood_with(p, &[0.0; HORIZONS], observed)
}

/// The same, each lord's logit plus the night logit times the others' night picks on it.
pub fn log_likelihood_with(p: &Policy, nights: &NightLogits, observed: &[Observed]) -> f64 {
    let (mut ll, mut picks) = (0.0, 0.0);
    for d in observed {
        let logits = d.logits(p, nights);
        let top = logits.iter().cloned().fold(f64::MIN, f64::max);
        let log_total = logits.iter().map(|z| (z - top).exp()).sum::<f64>().ln() + top;
        for l in 0..LORDS {
            ll += d.counts[l] as f64 * (logits[l] - log_total);
            picks += d.counts[l] as f64;
        }
    }
    ll / picks.max(1.0)
}

/// The moves of `observed` at horizon `h` where any other made a hidden-night pick.
pub fn after_nights(observed: &[Observed], h: usize) -> Vec<Observed> {
    let at = observed.iter().filter(|d| d.horizon == h && d.nights.iter().any(|&n| n > 0));
    at.copied().collect()
}

/// At each horizon, the night logit (on a grid of 0.025 from -1 to 1.5) under which the moves
/// of `observed` are likeliest with `p`'s weights kept: how much more (or less) the player picks
/// a lord for each pick the others made there in the half's hidden nights than `p`, which reads
/// the true board, says. A horizon with no move after a night pick gets 0.
pub fn fit_nights(p: &Policy, observed: &[Observed]) -> NightLogits {
    let mut out = [0.0; HORIZONS];
    for h in 0..HORIZONS {
        let at = after_nights(observed, h);
        let mut best = (log_likelihood_with(p, &out, &at), 0.0);
        for i in -40..=60 {
            out[h] = i as f64 * 0.025;
            let ll = log_likelihood_with(p, &out, &at);
            if ll > best.0 + 1e-12 {
                best = (ll, out[h]);
            }
        }
        out[h] = best.1;
    }
    out
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
    use daimyo_engine::rules::Phase;
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
                Observed { cells, counts: inc.to_array(), horizon: 0, nights: [0; LORDS] }
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

    #[test]
    fn the_night_logits_are_recovered_from_moves_the_nights_drew() {
        // Picks from a policy plus night logits that differ by horizon, on random boards with
        // random night counts: fitted to the moves with the policy given, each comes within 0.1
        // and explains the moves better than the policy alone.
        let mut p = Policy::UNIFORM;
        p.strength = 0.4;
        p.lead[0] = [-1.0, -0.5, 0.5, 1.5, 1.2, 0.5, -0.5, -1.0, -1.5];
        let truth = [0.6, -0.4, 0.0];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let decisions: Vec<Observed> = (0..6000)
            .map(|i| {
                let h = i % HORIZONS;
                let board: [Row; DAIMYO] = std::array::from_fn(|_| {
                    Row::from_array(std::array::from_fn(|_| (rng.next_u64() % 7) as u8))
                });
                let st = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
                let nights = std::array::from_fn(|_| (rng.next_u64() % 4) as u8);
                let cells = cells(&st, &board, 0, h);
                let blank = Observed { cells, counts: [0; LORDS], horizon: h, nights };
                let w = blank.logits(&p, &truth).map(|z| z.exp() as f32);
                let inc = Row(draw(&w, Phase::Day, rng.next_u64()));
                Observed { counts: inc.to_array(), ..blank }
            })
            .collect();
        let fitted = fit_nights(&p, &decisions);
        for h in 0..HORIZONS {
            assert!((fitted[h] - truth[h]).abs() < 0.1, "{fitted:?}");
        }
        let seen = log_likelihood_with(&p, &fitted, &decisions);
        let blind = log_likelihood(&p, &decisions);
        assert!(seen > blind + 0.02, "{seen} vs {blind}");
    }
}
