//! The official sample program: each lord index uniformly at random.

use daimyo_engine::agent::Agent;
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{LORDS, Move};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

pub struct Random {
    rng: Xoshiro256PlusPlus,
}

impl Default for Random {
    fn default() -> Self {
        Random { rng: Xoshiro256PlusPlus::seed_from_u64(0) }
    }
}

impl Agent for Random {
    fn name(&self) -> String {
        "random".into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        let mut lords = [0u8; 5];
        let n = known.view().phase.picks();
        for l in lords.iter_mut().take(n) {
            *l = self.rng.random_range(0..LORDS as u8);
        }
        Move::new(&lords[..n]).expect("lords in range")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::rules::{Phase, State, View};

    #[test]
    fn names_every_lord_about_equally() {
        let mut r = Random::default();
        r.new_game([3; 6], 7);
        let mut known = Tracker::new([3; 6]);
        let mut s = State::new([3; 6]);
        s.play(&[Move::new(&[0, 1, 2, 3, 4]).unwrap(); 4]).unwrap();
        known.observe(&View::of_seat(&s, 0));
        assert_eq!(known.view().phase, Phase::Night);
        let mut counts = [0u32; LORDS];
        for _ in 0..6000 {
            let m = r.act(&known, Instant::now());
            assert_eq!(m.lords().len(), 2);
            for &l in m.lords() {
                counts[l as usize] += 1;
            }
        }
        assert!(counts.iter().all(|&c| (1800..2200).contains(&c)), "{counts:?}");
    }
}
