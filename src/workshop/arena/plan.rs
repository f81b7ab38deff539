//! What a run plays: for every seed, one table per side (the entrant measured, or A and B under
//! `--sprt`), each played in the four rotations.
//!
//! A side's table is the side's entrant and three opponents, either fixed or drawn from a list
//! for the seed. The draw depends on the seed alone, so A and B meet the same opponents in the
//! same seats, and a run repeats whatever `--jobs` and whatever else it plays. Games are
//! numbered (seed, side, rotation) in that order: the order the results are taken in.
//!
//! A shard is a part of the run's seeds, taken whole (a seed's rotations and both sides of a
//! paired seed go together) and in turn rather than in blocks: shard K of N holds the K-th seed,
//! the (K + N)-th, and so on, so the shards advance through the seeds together, and a merge
//! taken while they run covers the first seeds, as the SPRT, which takes seeds in order, needs.

use super::referee::Clocks;
use super::{Entrant, splitmix};
use daimyo_engine::rules::DAIMYO;
use std::time::Duration;

/// Who sits against the side's entrant.
#[derive(Clone, Debug, PartialEq)]
pub enum Lineup {
    Fixed([usize; 3]),
    /// Three different positions of this list, drawn per seed.
    DrawnFrom(Vec<usize>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub entrants: Vec<Entrant>,
    /// The entrants measured: E0 for four fixed entrants, E against drawn opponents, A and B.
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

/// The K-th of N disjoint parts of a run's seeds, K from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u32,
    pub n: u32,
}

impl Shard {
    /// `K/N`, with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let read = |s: &str| s.trim().parse::<u32>().ok();
        match text.split_once('/').map(|(k, n)| (read(k), read(n))) {
            Some((Some(k), Some(n))) if 1 <= k && k <= n => Ok(Shard { k, n }),
            _ => Err(format!("--shard '{text}': K/N is wanted, with 1 <= K <= N (such as 2/4)")),
        }
    }

    pub fn text(&self) -> String {
        format!("{}/{}", self.k, self.n)
    }
}

/// Keeps the draw's stream apart from the agents' seeds, which hash the same seeds.
const DRAW_SALT: u64 = 0xf1e1d;

/// Three different indices below `n` (at least 3), uniformly, from a stream that depends on
/// `seed` alone: a partial Fisher-Yates shuffle.
pub fn draw(n: usize, seed: u32) -> [usize; 3] {
    assert!(n >= 3, "opponents are drawn from three players or more");
    let mut pool: Vec<usize> = (0..n).collect();
    for j in 0..3 {
        let z = splitmix((u64::from(seed) << 8) | j as u64 | (DRAW_SALT << 40));
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
            Lineup::DrawnFrom(list) => draw(list.len(), seed).map(|i| list[i]),
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

    /// The number of the game (seed, side, rotation), if the run plays it.
    pub fn index(&self, seed: u32, side: usize, rotation: usize) -> Option<usize> {
        let nth = seed.checked_sub(self.first_seed).filter(|&j| j < self.seeds)? as usize;
        let fits = side < self.sides.len() && rotation < DAIMYO;
        fits.then(|| nth * self.games_per_seed() + side * DAIMYO + rotation)
    }

    /// Whether `seed` belongs to `shard` (every seed to the whole run).
    pub fn holds(&self, shard: Option<Shard>, seed: u32) -> bool {
        shard.is_none_or(|s| (seed - self.first_seed) % s.n == s.k - 1)
    }

    /// The seeds of `shard`, in order.
    pub fn seeds_of(&self, shard: Option<Shard>) -> Vec<u32> {
        let all = self.first_seed..=self.first_seed + (self.seeds - 1);
        all.filter(|&seed| self.holds(shard, seed)).collect()
    }

    /// The games of `shard`, in game order.
    pub fn games_of(&self, shard: Option<Shard>) -> Vec<usize> {
        let per_seed = self.games_per_seed();
        let seeds = self.seeds_of(shard);
        let first = |seed: u32| (seed - self.first_seed) as usize * per_seed;
        seeds.into_iter().flat_map(|seed| first(seed)..first(seed) + per_seed).collect()
    }

    /// Whether the sides are a curve: several entrants in the same tables, each compared with
    /// the one before it, with no test that ends the run.
    pub fn is_curve(&self) -> bool {
        self.sprt.is_none() && self.sides.len() >= 2
    }

    /// The label of a side's entrant.
    pub fn side_label(&self, side: usize) -> &str {
        self.entrants[self.sides[side]].label()
    }

    /// Whether the rows of the side's entrant and of the opponents are kept apart: always, but
    /// for four fixed entrants, whose seats merge by label.
    pub fn merges_labels(&self) -> bool {
        self.sides.len() == 1 && matches!(self.opponents, Lineup::Fixed(_))
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

/// The names of the sides under `--sprt`.
pub const SIDES: [&str; 2] = ["A", "B"];

/// Who plays whom: `E0 | E1 | E2 | E3`, `E against three of ...`, `A = .., B = .. against ..`.
pub fn lineup(p: &Plan) -> String {
    let label = |e: &usize| p.entrants[*e].label();
    let names = |list: &[usize]| list.iter().map(label).collect::<Vec<_>>().join(" | ");
    let sides: Vec<String> = match p.sprt {
        Some(_) => p.sides.iter().zip(SIDES).map(|(e, s)| format!("{s} = {}", label(e))).collect(),
        None => p.sides.iter().map(|e| label(e).to_string()).collect(),
    };
    match &p.opponents {
        Lineup::Fixed(o) if p.sides.len() == 1 => format!("{} | {}", sides[0], names(o)),
        Lineup::Fixed(o) => format!("{} against {}", sides.join(", "), names(o)),
        Lineup::DrawnFrom(f) => format!("{} against three of {}", sides.join(", "), names(f)),
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

    fn plan(seeds: u32, sides: usize) -> Plan {
        let random = Entrant::parse("random").unwrap();
        Plan {
            entrants: vec![random; 5],
            sides: (0..sides).collect(),
            opponents: Lineup::Fixed([2, 3, 4]),
            sprt: (sides == 2).then_some(0.05),
            first_seed: 7,
            seeds,
            answer_ms: 1000,
        }
    }

    #[test]
    fn shards_cover_the_run_once_in_whole_seeds() {
        for (seeds, sides, n) in [(10, 1, 3), (10, 2, 4), (5, 2, 5), (1, 1, 1)] {
            let p = plan(seeds, sides);
            let mut all: Vec<usize> = Vec::new();
            for k in 1..=n {
                let games = p.games_of(Some(Shard { k, n }));
                for seed in games.chunks(p.games_per_seed()) {
                    let s = p.game(seed[0]).seed;
                    assert!(seed.iter().all(|&i| p.game(i).seed == s), "whole seeds");
                    assert_eq!((s - 7) % n, k - 1, "seeds taken in turn");
                }
                all.extend(games);
            }
            all.sort();
            assert_eq!(all, p.games_of(None), "{seeds} seeds, {sides} sides, {n} shards");
            assert_eq!(all, (0..p.total()).collect::<Vec<_>>());
            for i in all {
                let g = p.game(i);
                assert_eq!(p.index(g.seed, g.side, g.rotation), Some(i));
            }
        }
        let p = plan(10, 2);
        assert_eq!(p.seeds_of(Some(Shard { k: 2, n: 4 })), [8, 12, 16]);
        assert_eq!((p.index(6, 0, 0), p.index(17, 0, 0), p.index(7, 2, 0)), (None, None, None));
        assert_eq!(p.index(7, 1, 4), None);
    }

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { k: 2, n: 4 }));
        assert_eq!(Shard::parse("1/1").map(|s| s.text()), Ok("1/1".into()));
        for bad in ["0/4", "5/4", "2", "2/", "/4", "a/b", "-1/4", "2/4/1"] {
            assert!(Shard::parse(bad).unwrap_err().contains("K/N"), "{bad}");
        }
    }
}
