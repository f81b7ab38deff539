//! How a player's picks follow the others' hidden-night picks beyond what a board-reading
//! policy says (`daimyo-lab fit --nights`): a policy reads the true board, so it sees where the
//! others' hidden nights went, but not that a program reads them as a signal. At each horizon,
//! one logit per pick the others made on a lord in the half's hidden nights, added to the
//! policy's logit of the lord, fitted with the policy's weights kept.

use daimyo::workshop::learn::games::SeatMove;
use daimyo::workshop::learn::policy::{Observed, mean_log_likelihood};
use daimyo_engine::policy::{HORIZONS, Policy};
use daimyo_engine::rules::{DAIMYO, LORDS, Row};

/// The others' hidden-night picks on a lord told apart: 0 to 6 and over.
pub const NIGHT_COUNTS: usize = 7;

/// A logit per hidden-night pick of the others on a lord, by horizon (0: the move into a
/// scoring), added to a policy's logits.
pub type NightLogits = [f64; HORIZONS];

/// One observed move with the others' picks on each lord in the half's hidden nights.
#[derive(Clone, Copy, Debug)]
pub struct AfterNights {
    pub observed: Observed,
    pub nights: [u8; LORDS],
}

impl AfterNights {
    /// A seat's move of a game played again: the board's part that is not public is the half's
    /// hidden nights.
    pub fn new(m: &SeatMove) -> AfterNights {
        let hidden = |o: usize| m.real[o].checked_sub(m.public[o]).unwrap_or(Row::ZERO);
        let nights = std::array::from_fn(|l| {
            let others = (0..DAIMYO).filter(|&o| o != m.seat).map(|o| hidden(o).get(l) / 2);
            others.sum::<u8>().min(NIGHT_COUNTS as u8 - 1)
        });
        AfterNights { observed: Observed::new(m), nights }
    }

    /// Each lord's logit under `p` with the night logits `nights`.
    fn logits(&self, p: &Policy, nights: &NightLogits) -> [f64; LORDS] {
        let night = nights[self.observed.horizon];
        let logits = self.observed.logits(p);
        std::array::from_fn(|l| logits[l] + night * self.nights[l] as f64)
    }
}

/// Mean log-likelihood per pick of `moves` under `p` with the night logits `nights`.
pub fn log_likelihood_with(p: &Policy, nights: &NightLogits, moves: &[AfterNights]) -> f64 {
    mean_log_likelihood(moves.iter().map(|d| (d.logits(p, nights), d.observed.counts)))
}

/// The moves of `moves` at horizon `h` where any other made a hidden-night pick.
pub fn after_nights(moves: &[AfterNights], h: usize) -> Vec<AfterNights> {
    let at = moves.iter().filter(|d| d.observed.horizon == h && d.nights.iter().any(|&n| n > 0));
    at.copied().collect()
}

/// At each horizon, the night logit (on a grid of 0.025 from -1 to 1.5) under which the moves
/// are likeliest with `p`'s weights kept: how much more (or less) the player picks a lord for
/// each pick the others made there in the half's hidden nights than `p`, which reads the true
/// board, says. A horizon with no move after a night pick gets 0.
pub fn fit_nights(p: &Policy, moves: &[AfterNights]) -> NightLogits {
    let mut out = [0.0; HORIZONS];
    for h in 0..HORIZONS {
        let at = after_nights(moves, h);
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

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo::workshop::learn::policy::log_likelihood;
    use daimyo_engine::policy::{cells, draw};
    use daimyo_engine::rules::Phase;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_night_logits_are_recovered_from_moves_the_nights_drew() {
        // Picks from a policy plus night logits that differ by horizon, on random boards with
        // random night counts: fitted to the moves with the policy given, each comes within 0.1
        // and explains the moves better than the policy alone.
        let (truth, mut rng) = ([0.6, -0.4, 0.0], Xoshiro256PlusPlus::seed_from_u64(2));
        let mut lead = Policy::UNIFORM.lead;
        lead[0] = [-1.0, -0.5, 0.5, 1.5, 1.2, 0.5, -0.5, -1.0, -1.5];
        let p = Policy { strength: 0.4, lead, ..Policy::UNIFORM };
        let moves: Vec<AfterNights> = (0..6000)
            .map(|i| {
                let h = i % HORIZONS;
                let board: [Row; DAIMYO] = std::array::from_fn(|_| {
                    Row::from_array(std::array::from_fn(|_| (rng.next_u64() % 7) as u8))
                });
                let st = std::array::from_fn(|_| 3 + (rng.next_u64() % 4) as u8);
                let nights = std::array::from_fn(|_| (rng.next_u64() % 4) as u8);
                let cells = cells(&st, &board, 0, h);
                let observed = Observed { cells, counts: [0; LORDS], horizon: h };
                let blank = AfterNights { observed, nights };
                let w = blank.logits(&p, &truth).map(|z| z.exp() as f32);
                let inc = Row(draw(&w, Phase::Day, rng.next_u64()));
                AfterNights { observed: Observed { counts: inc.to_array(), ..observed }, nights }
            })
            .collect();
        let fitted = fit_nights(&p, &moves);
        for h in 0..HORIZONS {
            assert!((fitted[h] - truth[h]).abs() < 0.1, "{fitted:?}");
        }
        let seen = log_likelihood_with(&p, &fitted, &moves);
        let observed: Vec<Observed> = moves.iter().map(|d| d.observed).collect();
        let blind = log_likelihood(&p, &observed);
        assert!(seen > blind + 0.02, "{seen} vs {blind}");
    }
}
