//! What a run plays: for every seed, one table per side (the entrant measured, or A and B under
//! `--sprt`), each played in the four rotations.
//!
//! A side's table is the side's entrant and three opponents, either fixed or drawn from a field
//! for the seed. The draw depends on the seed alone, so A and B meet the same opponents in the
//! same seats, and a run repeats whatever `--jobs` and whatever else it plays. Games are
//! numbered (seed, side, rotation) in that order: the order the results are taken in.

use super::referee::Clocks;
use super::{Entrant, splitmix};
use crate::engine::rules::DAIMYO;
use std::time::Duration;

/// Who sits against the side's entrant.
#[derive(Clone, Debug, PartialEq)]
pub enum Lineup {
    Fixed([usize; 3]),
    /// Three different positions of this list, drawn per seed.
    Field(Vec<usize>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub entrants: Vec<Entrant>,
    /// The entrants measured: E0 for four fixed entrants, E against a field, A and B.
    pub sides: Vec<usize>,
    pub opponents: Lineup,
    /// The paired test, with its margin D.
    pub sprt: Option<f64>,
    pub first_seed: u32,
    pub seeds: u32,
    /// The time an answer is allowed, in ms: the manager's 1000 unless an analysis relaxes it.
    pub answer_ms: u64,
}

/// One game of the plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixture {
    pub seed: u32,
    /// Index into `Plan::sides`.
    pub side: usize,
    pub rotation: usize,
    /// The table's entrants; rotation r puts `table[(s + r) % 4]` in seat s.
    pub table: [usize; DAIMYO],
}

impl Fixture {
    /// The entrant in each seat.
    pub fn seated(&self) -> [usize; DAIMYO] {
        std::array::from_fn(|s| self.table[(s + self.rotation) % DAIMYO])
    }

    /// The seat of the side's entrant (the table's first).
    pub fn side_seat(&self) -> usize {
        (DAIMYO - self.rotation) % DAIMYO
    }
}

/// Keeps the field's stream apart from the agents' seeds, which hash the same seeds.
const FIELD_SALT: u64 = 0xf1e1d;

/// Three different indices below `n` (at least 3), uniformly, from a stream that depends on
/// `seed` alone: a partial Fisher-Yates shuffle.
pub fn draw(n: usize, seed: u32) -> [usize; 3] {
    assert!(n >= 3, "a field has at least three members");
    let mut pool: Vec<usize> = (0..n).collect();
    for j in 0..3 {
        let z = splitmix((u64::from(seed) << 8) | j as u64 | (FIELD_SALT << 40));
        pool.swap(j, j + (z % (n - j) as u64) as usize);
    }
    [pool[0], pool[1], pool[2]]
}

impl Plan {
    /// The clocks every seat is held to.
    pub fn clocks(&self) -> Clocks {
        Clocks { answer: Duration::from_millis(self.answer_ms), ..Clocks::MANAGER }
    }

    pub fn games_per_seed(&self) -> usize {
        DAIMYO * self.sides.len()
    }

    pub fn total(&self) -> usize {
        self.games_per_seed() * self.seeds as usize
    }

    /// The entrants against the sides for `seed`.
    pub fn opponents(&self, seed: u32) -> [usize; 3] {
        match &self.opponents {
            Lineup::Fixed(o) => *o,
            Lineup::Field(field) => draw(field.len(), seed).map(|i| field[i]),
        }
    }

    /// Game number `i` of the run.
    pub fn game(&self, i: usize) -> Fixture {
        let per_seed = self.games_per_seed();
        let seed = self.first_seed + (i / per_seed) as u32;
        let (side, rotation) = (i % per_seed / DAIMYO, i % DAIMYO);
        let [a, b, c] = self.opponents(seed);
        Fixture { seed, side, rotation, table: [self.sides[side], a, b, c] }
    }

    /// The label of a side's entrant.
    pub fn side_label(&self, side: usize) -> &str {
        self.entrants[self.sides[side]].label()
    }

    /// Whether the rows of the side's entrant and of the opponents are kept apart: always, but
    /// for four fixed entrants, whose seats merge by label.
    pub fn merges_labels(&self) -> bool {
        self.sprt.is_none() && matches!(self.opponents, Lineup::Fixed(_))
    }

    /// The table row of each seat of `g`: the label, but an opponent that bears the label of
    /// the side's entrant gets a row of its own when rows are kept apart.
    pub fn row_names(&self, g: &Fixture) -> [String; DAIMYO] {
        let own = self.side_label(g.side);
        std::array::from_fn(|s| {
            let label = self.entrants[g.seated()[s]].label();
            if s != g.side_seat() && label == own && !self.merges_labels() {
                format!("{label} (opponent)")
            } else {
                label.to_string()
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_three_different_members_spread_evenly() {
        let mut counts = [0u32; 5];
        for seed in 1..=3000 {
            let d = draw(5, seed);
            assert!(d[0] != d[1] && d[1] != d[2] && d[0] != d[2], "{d:?}");
            assert_eq!(d, draw(5, seed), "the seed alone decides");
            d.iter().for_each(|&i| counts[i] += 1);
        }
        // Each member sits at 3/5 of the tables: 1800 of 3000, within a few standard deviations.
        assert!(counts.iter().all(|&c| (1700..1900).contains(&c)), "{counts:?}");
        assert_eq!(draw(3, 9).iter().sum::<usize>(), 3);
    }
}
