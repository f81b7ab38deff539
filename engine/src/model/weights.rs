//! Posterior weights kept as logs: brought to shares, and brought part of the way back to the
//! prior (the setting `forget`), and one daimyo's reading of its day moves, under two
//! hypotheses when `forget` is set: a player of one kind all game (Bayes' rule), and one whose
//! kind is drawn again from the prior, a share `forget` of it, after each move (fixed share).
//! Each hypothesis is weighed by how well it foresaw the moves (its evidence), from a prior of
//! `doubt` on the second, so that a player the components describe is read by Bayes' rule and
//! one they do not is brought back toward the prior.

use crate::params::ModelParams;

/// One daimyo's weights over the components as its day moves are read.
pub struct Reading<'a> {
    prior: &'a [f64],
    /// The log weights and the log evidence of each hypothesis: Bayes' rule, fixed share.
    fixed: (Vec<f64>, f64),
    shared: (Vec<f64>, f64),
    forget: f64,
    doubt: f64,
}

impl<'a> Reading<'a> {
    /// Nothing read yet: the prior's log weights.
    pub fn new(prior: &'a [f64], params: &ModelParams) -> Reading<'a> {
        let start = (prior.to_vec(), 0.0);
        Reading {
            prior,
            fixed: start.clone(),
            shared: start,
            forget: params.forget,
            doubt: params.doubt,
        }
    }

    /// A move seen, each component's probability of it being `likelihoods`.
    pub fn seen(&mut self, likelihoods: &[f64]) {
        for (logw, evidence) in [&mut self.fixed, &mut self.shared] {
            let foreseen: f64 = normalised(logw).iter().zip(likelihoods).map(|(w, p)| w * p).sum();
            *evidence += foreseen.ln();
            logw.iter_mut().zip(likelihoods).for_each(|(l, p)| *l += p.ln());
        }
        if self.forget > 0.0 {
            share_back(&mut self.shared.0, self.prior, self.forget);
        }
    }

    /// The weights: each hypothesis's, weighed by its posterior.
    pub fn weights(&self) -> Vec<f64> {
        if self.forget == 0.0 || self.doubt == 0.0 {
            return normalised(&self.fixed.0);
        }
        if self.doubt == 1.0 {
            return normalised(&self.shared.0);
        }
        let odds = [(1.0 - self.doubt).ln() + self.fixed.1, self.doubt.ln() + self.shared.1];
        let [a, b] = normalised(&odds)[..] else { unreachable!("two hypotheses") };
        let (fixed, shared) = (normalised(&self.fixed.0), normalised(&self.shared.0));
        fixed.iter().zip(shared).map(|(f, s)| a * f + b * s).collect()
    }
}

/// Weights from log weights: they sum to 1.
pub fn normalised(logw: &[f64]) -> Vec<f64> {
    let top = logw.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let w: Vec<f64> = logw.iter().map(|l| (l - top).exp()).collect();
    let total: f64 = w.iter().sum();
    w.into_iter().map(|x| x / total).collect()
}

/// Log weights brought `share` of the way back to the prior's (both unnormalised): the mixture
/// (1 - share) x posterior + share x prior, in logs.
pub fn share_back(logw: &mut [f64], prior: &[f64], share: f64) {
    let mixed = normalised(logw).into_iter().zip(normalised(prior));
    let mixed: Vec<f64> = mixed.map(|(w, p)| (1.0 - share) * w + share * p).collect();
    logw.iter_mut().zip(mixed).for_each(|(l, m)| *l = m.ln());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_one_and_keep_their_ratios() {
        let w = normalised(&[-1000.0, -1000.0 + 2f64.ln(), -1000.0 + 5f64.ln()]);
        assert!((w.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((w[1] / w[0] - 2.0).abs() < 1e-9 && (w[2] / w[0] - 5.0).abs() < 1e-9);
    }

    fn read(forget: f64, doubt: f64, moves: &[[f64; 3]]) -> Vec<f64> {
        let prior = [0.5f64.ln(), 0.25f64.ln(), 0.25f64.ln()];
        let mut params = ModelParams::of(crate::styles::field::Field::DESCRIBED);
        (params.forget, params.doubt) = (forget, doubt);
        let mut r = Reading::new(&prior, &params);
        moves.iter().for_each(|m| r.seen(m));
        r.weights()
    }

    fn close(a: &[f64], b: &[f64]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn doubt_weighs_bayes_rule_against_fixed_share_by_what_each_foresaw() {
        // The first component foresees every move, the others none: Bayes' rule reads it best.
        let told = [[0.9, 0.01, 0.01]; 3];
        // The first two take turns at foreseeing: a player no one component describes.
        let turns = [[0.9, 0.001, 0.01], [0.001, 0.9, 0.01], [0.9, 0.001, 0.01]];
        for moves in [&told[..], &turns[..]] {
            let (bayes, shared) = (read(0.0, 0.5, moves), read(0.5, 1.0, moves));
            assert!(close(&read(0.5, 0.0, moves), &bayes), "doubt 0 is Bayes' rule");
            assert!(close(&read(0.0, 1.0, moves), &bayes), "forget 0 is Bayes' rule");
            let mixed = read(0.5, 0.5, moves);
            assert!((mixed.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            // Between the two, for every component.
            for k in 0..3 {
                let (lo, hi) = (bayes[k].min(shared[k]), bayes[k].max(shared[k]));
                assert!(mixed[k] >= lo - 1e-12 && mixed[k] <= hi + 1e-12, "{k}: {mixed:?}");
            }
        }
        // Where one component foresaw it all, the mixture is nearly Bayes' rule; where none
        // did, nearly fixed share.
        let apart = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>();
        let m = read(0.5, 0.5, &told);
        assert!(apart(&m, &read(0.0, 0.5, &told)) < apart(&m, &read(0.5, 1.0, &told)), "{m:?}");
        let m = read(0.5, 0.5, &turns);
        assert!(apart(&m, &read(0.5, 1.0, &turns)) < apart(&m, &read(0.0, 0.5, &turns)), "{m:?}");
    }

    #[test]
    fn a_share_back_mixes_the_posterior_with_the_prior() {
        let prior = [0.5f64.ln(), 0.25f64.ln(), 0.25f64.ln()];
        let posterior = [0.0, 0.0, 1.0];
        for (share, want) in [(0.0, [0.0, 0.0, 1.0]), (1.0, [0.5, 0.25, 0.25])] {
            let mut l = posterior.map(|p: f64| p.ln());
            share_back(&mut l, &prior, share);
            let got = normalised(&l);
            assert!(got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-12), "{share}: {got:?}");
        }
        let mut l = posterior.map(|p: f64| p.ln());
        share_back(&mut l, &prior, 0.3);
        let got = normalised(&l);
        assert!((got[0] - 0.15).abs() < 1e-12 && (got[2] - (0.7 + 0.075)).abs() < 1e-12);
    }
}
