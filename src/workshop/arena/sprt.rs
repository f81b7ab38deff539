//! The sequential probability ratio test that compares two versions, A and B, played in the
//! same tables.
//!
//! The data are paired per seed: for every rotation of a seed, A's game and B's game have the
//! same lords, seats and opponents, and the four rotations go together (they share the lords), so
//! a seed gives one number, d = the mean over its rotations of B's share minus A's. The test is
//! the generalised SPRT of engine testing: the log-likelihood ratio of a normal model of the d's
//! with mean +D (B stronger) against mean -D (A stronger), the variance estimated from the d's
//! themselves and from a prior worth a few seeds: the spread of a few seeds is often far too
//! small (zero for identical results), and a test that believed it would decide on noise.

use super::{
    CONFIDENCE_Z, SPRT_ALPHA, SPRT_BETA, SPRT_MIN_SEEDS, SPRT_PRIOR_SEEDS, SPRT_PRIOR_VARIANCE,
};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    AStronger,
    BStronger,
}

impl Verdict {
    pub fn text(self) -> &'static str {
        match self {
            Verdict::AStronger => "A is stronger",
            Verdict::BStronger => "B is stronger",
        }
    }
}

/// The running test.
#[derive(Clone, Debug)]
pub struct Sprt {
    /// D: the hypotheses are B's share minus A's = +D and = -D.
    pub margin: f64,
    /// One paired difference per seed, in seed order.
    blocks: Vec<f64>,
}

impl Sprt {
    pub fn new(margin: f64) -> Sprt {
        Sprt { margin, blocks: Vec::new() }
    }

    /// Adds a seed's paired difference (the mean of B's share minus A's over its rotations).
    pub fn add(&mut self, d: f64) {
        self.blocks.push(d);
    }

    pub fn seeds(&self) -> usize {
        self.blocks.len()
    }

    /// The LLR ends the run below the first bound (A) or above the second (B): Wald's bounds
    /// for the error rates `SPRT_ALPHA` and `SPRT_BETA`.
    pub fn bounds() -> (f64, f64) {
        ((SPRT_BETA / (1.0 - SPRT_ALPHA)).ln(), ((1.0 - SPRT_BETA) / SPRT_ALPHA).ln())
    }

    /// The sum of the differences (folded from +0: an empty `sum` of floats is -0).
    fn sum(&self) -> f64 {
        self.blocks.iter().fold(0.0, |a, d| a + d)
    }

    fn mean(&self) -> f64 {
        self.sum() / (self.blocks.len() as f64).max(1.0)
    }

    /// The variance of one seed's difference: the spread around the mean and the prior's
    /// seeds, over the seeds and the prior's.
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        let spread: f64 = self.blocks.iter().map(|d| (d - mean).powi(2)).sum();
        let k = self.blocks.len() as f64;
        (spread + SPRT_PRIOR_SEEDS * SPRT_PRIOR_VARIANCE) / (k + SPRT_PRIOR_SEEDS)
    }

    /// The log-likelihood ratio of mean +D against mean -D for normal d's of the estimated
    /// variance: k (mu1 - mu0) (2 mean - mu0 - mu1) / (2 variance) = 2 D sum(d) / variance.
    pub fn llr(&self) -> f64 {
        2.0 * self.margin * self.sum() / self.variance()
    }

    /// The mean paired difference and the half-width of its 95% interval (normal).
    pub fn difference(&self) -> (f64, f64) {
        let k = (self.blocks.len() as f64).max(1.0);
        (self.mean(), CONFIDENCE_Z * (self.variance() / k).sqrt())
    }

    /// The verdict once the LLR leaves its bounds, from `SPRT_MIN_SEEDS` seeds on.
    pub fn verdict(&self) -> Option<Verdict> {
        if self.blocks.len() < SPRT_MIN_SEEDS {
            return None;
        }
        let (low, high) = Sprt::bounds();
        let llr = self.llr();
        if llr <= low {
            Some(Verdict::AStronger)
        } else if llr >= high {
            Some(Verdict::BStronger)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_walds() {
        let (low, high) = Sprt::bounds();
        assert!((high - 19f64.ln()).abs() < 1e-12 && (low + 19f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn llr_of_known_blocks() {
        let mut t = Sprt::new(0.05);
        for d in [0.25, -0.25, 0.5, 0.0] {
            t.add(d);
        }
        // Mean 0.125, spread 0.015625 + 0.140625 + 0.140625 + 0.015625 = 0.3125.
        let variance = (0.3125 + SPRT_PRIOR_SEEDS * SPRT_PRIOR_VARIANCE) / (4.0 + SPRT_PRIOR_SEEDS);
        assert!((t.variance() - variance).abs() < 1e-12);
        assert!((t.llr() - 2.0 * 0.05 * 0.5 / variance).abs() < 1e-12);
        // The same data mirrored give the opposite LLR.
        let mut m = Sprt::new(0.05);
        for d in [-0.25, 0.25, -0.5, 0.0] {
            m.add(d);
        }
        assert!((m.llr() + t.llr()).abs() < 1e-12);
    }

    #[test]
    fn identical_seeds_do_not_decide_at_once() {
        // B won every game and A lost every one: no spread at all, yet two seeds are not
        // enough (LLR 0.2 x 18 / 1.5 = 2.4), three are (0.3 x 19 / 1.5 = 3.8).
        let mut t = Sprt::new(0.05);
        for _ in 0..2 {
            t.add(1.0);
            assert_eq!(t.verdict(), None);
            assert!(t.llr().is_finite() && t.llr() < Sprt::bounds().1);
        }
        t.add(1.0);
        assert_eq!(t.verdict(), Some(Verdict::BStronger));
        // A single seed does not decide even for a wide margin.
        let mut wide = Sprt::new(0.4);
        wide.add(1.0);
        assert!(wide.llr() > Sprt::bounds().1 && wide.verdict().is_none());
        // Identical games: the difference is nil and stays undecided.
        let mut same = Sprt::new(0.05);
        for _ in 0..1000 {
            same.add(0.0);
        }
        assert_eq!((same.llr(), same.verdict()), (0.0, None));
    }

    /// Runs of simulated pairs whose win shares differ by `delta`: every game a coin flip for
    /// each side (a quarter), four games a seed. Returns how often each verdict came.
    fn simulate(delta: f64, runs: usize, cap: usize) -> (usize, usize) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let (pa, pb) = (0.25 - delta / 2.0, 0.25 + delta / 2.0);
        let (mut a, mut b) = (0, 0);
        for _ in 0..runs {
            let mut t = Sprt::new(0.05);
            for _ in 0..cap {
                let wins = |p: f64, rng: &mut rand_xoshiro::Xoshiro256PlusPlus| {
                    (0..4).filter(|_| rng.random::<f64>() < p).count() as f64
                };
                let d = (wins(pb, &mut rng) - wins(pa, &mut rng)) / 4.0;
                t.add(d);
                match t.verdict() {
                    Some(Verdict::AStronger) => a += 1,
                    Some(Verdict::BStronger) => b += 1,
                    None => continue,
                }
                break;
            }
        }
        (a, b)
    }

    #[test]
    fn error_rates_hold_on_simulated_runs() {
        // 2000 runs: the standard error of a 5% rate is 0.5%.
        let (a, b) = simulate(-0.05, 2000, 1000);
        assert!(b <= 120 && a + b == 2000, "A stronger by D: {a} right, {b} wrong");
        let (a, b) = simulate(0.05, 2000, 1000);
        assert!(a <= 120 && a + b == 2000, "B stronger by D: {b} right, {a} wrong");
        // Equal players: either verdict, about as often, and rarely within 4 seeds.
        let (a, b) = simulate(0.0, 2000, 1000);
        assert!(a.abs_diff(b) < 200, "{a} {b}");
        let (a, b) = simulate(0.0, 2000, 4);
        assert!(a + b <= 2, "{a} {b}");
    }
}
