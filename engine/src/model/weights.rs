//! Posterior weights kept as logs: brought to shares, and brought part of the way back to the
//! prior (the setting `forget`).

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
