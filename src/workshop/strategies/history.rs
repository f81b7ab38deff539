//! Proportional to history: commits to a plan and keeps repeating it.
//!
//! At the start of a game it draws a plan: 2 or 3 lords (even odds), drawn one after another
//! without replacement with probability proportional to strength, each weighted by its strength.
//! Every move then splits its picks in proportion to the own true intimacy so far (the plan's
//! weights while that is still zero) by largest remainders, as the engine's `loyal` rule does
//! after its first move (`styles::loyal`). So its moves repeat its past pattern, the way contest
//! entries that "stick with their lords" played, and an opponent who models it from history
//! reads it perfectly.

use daimyo_engine::agent::Agent;
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{LORDS, Move};
use daimyo_engine::styles::loyal::apportion;
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

#[derive(Default)]
pub struct History {
    /// Weight per lord of the plan drawn for this game.
    plan: [u32; LORDS],
}

impl History {
    /// The plan of this game: the lords drawn, each weighted by its strength.
    pub fn plan(&self) -> [u32; LORDS] {
        self.plan
    }
}

impl Agent for History {
    fn name(&self) -> String {
        "history".into()
    }
    fn new_game(&mut self, strengths: [u8; LORDS], seed: u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let size = rng.random_range(2..=3);
        self.plan = [0; LORDS];
        for _ in 0..size {
            // Roulette over the strengths of the lords not yet drawn.
            let open = |l: usize| if self.plan[l] == 0 { strengths[l].max(1) as u32 } else { 0 };
            let mut x = rng.random_range(0..(0..LORDS).map(open).sum::<u32>());
            let mut l = 0;
            while x >= open(l) {
                x -= open(l);
                l += 1;
            }
            self.plan[l] = strengths[l].max(1) as u32;
        }
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        let view = known.view();
        let own = view.own.to_array().map(u32::from);
        let weights = if own.iter().any(|&x| x > 0) { own } else { self.plan };
        Move::from_counts(apportion(weights, view.phase.picks())).expect("the phase's picks")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::agent::LocalGame;
    use daimyo_engine::rules::Phase;

    #[test]
    fn repeats_its_first_move() {
        for seed in 0..20 {
            let strengths = [3, 6, 4, 5, 3, 6];
            let mut h = History::default();
            h.new_game(strengths, seed);
            let plan: Vec<usize> = (0..LORDS).filter(|&l| h.plan()[l] > 0).collect();
            assert!((2..=3).contains(&plan.len()), "{plan:?}");
            let mut t = LocalGame::new(strengths);
            let mut first_day = None;
            while !t.state.is_over() {
                let m = h.act(&t.known[0], Instant::now());
                let c = m.counts().to_array();
                assert!((0..LORDS).all(|l| c[l] == 0 || plan.contains(&l)), "{c:?} {plan:?}");
                if t.state.phase() == Phase::Day {
                    let first = *first_day.get_or_insert(c);
                    // Rounding may move one pick, never more.
                    assert!((0..LORDS).all(|l| c[l].abs_diff(first[l]) <= 1), "{c:?} {first:?}");
                }
                t.play(&[m, Move::lord_zero(t.state.phase()), m, m]).unwrap();
            }
        }
    }
}
