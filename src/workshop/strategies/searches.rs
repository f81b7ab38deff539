//! The two searching contest programs at their full budgets, as arena entrants: `planner` and
//! `pruned-mc` (the engine's code, which the opponent model also reads as rules on a tenth of
//! their budgets), and their variants of other constants, `planner-v` and `pruned-mc-v`.

use daimyo_engine::agent::{Agent, Candidate, Report};
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::rules::{LORDS, Move};
use daimyo_engine::styles::planner::Constants;
use daimyo_engine::styles::pruned_mc::BANNED;
use daimyo_engine::styles::{self, Planner, PrunedMc};
use std::time::Instant;

/// `planner-v`'s constants: wider margins early, thinner late, up to 4 picks on a lord early.
const PLANNER_V: Constants = Constants { margin_early: 0.25, margin_late: 0.05, early_cap: 4 };
/// `pruned-mc-v`'s concessions: one lord fewer on each turn that concedes any.
const PRUNED_MC_V: [usize; 10] = [0, 3, 2, 1, 0, 0, 3, 2, 0, 0];

/// `planner` (or a variant) as an agent: the search, seeded by the game, reporting the samples
/// its answer was judged on.
pub struct PlannerAgent {
    name: &'static str,
    search: Planner,
}

impl Default for PlannerAgent {
    fn default() -> Self {
        PlannerAgent { name: "planner", search: Planner::default() }
    }
}

impl PlannerAgent {
    /// `planner-v`.
    pub fn variant() -> PlannerAgent {
        PlannerAgent { name: "planner-v", search: Planner::default().with(PLANNER_V) }
    }
}

impl Agent for PlannerAgent {
    fn name(&self) -> String {
        self.name.into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.search.reseed(seed);
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        self.search.choose(known.position())
    }
    fn report(&self) -> Option<Report> {
        let (mv, d): (Move, styles::planner::Basis) = self.search.last()?;
        let samples = d.samples as u64;
        let win = d.wins as f64 / d.samples.max(1) as f64;
        Some(Report {
            rollouts: samples,
            candidates: vec![Candidate { mv, win, margin: 0.0, rollouts: samples }],
            ..Report::default()
        })
    }
}

/// `pruned-mc` (or a variant) as an agent: the search, seeded by the game.
pub struct PrunedMcAgent {
    name: &'static str,
    search: PrunedMc,
}

impl Default for PrunedMcAgent {
    fn default() -> Self {
        PrunedMcAgent { name: "pruned-mc", search: PrunedMc::conceding(BANNED) }
    }
}

impl PrunedMcAgent {
    /// `pruned-mc-v`.
    pub fn variant() -> PrunedMcAgent {
        PrunedMcAgent { name: "pruned-mc-v", search: PrunedMc::conceding(PRUNED_MC_V) }
    }
}

impl Agent for PrunedMcAgent {
    fn name(&self) -> String {
        self.name.into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.search.reseed(seed);
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        self.search.choose(known.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pruned-mc-v` concedes one lord fewer: on turn 1 its moves stay on the three weakest
    /// lords (2, 3 and one of the two of strength 5, drawn), where `pruned-mc`'s stay on the
    /// two weakest.
    #[test]
    fn the_variant_concedes_one_lord_fewer() {
        let st = [6, 5, 3, 4, 5, 6];
        for seed in 0..4 {
            let (mut plain, mut v) = (PrunedMcAgent::default(), PrunedMcAgent::variant());
            plain.new_game(st, seed);
            v.new_game(st, seed);
            let m = plain.act(&Tracker::new(st), Instant::now());
            assert!(m.lords().iter().all(|&l| [2, 3].contains(&l)), "seed {seed}: {m:?}");
            let m = v.act(&Tracker::new(st), Instant::now());
            let fives = [1, 4].iter().filter(|&&l| m.lords().contains(&l)).count();
            assert!(m.lords().iter().all(|&l| [1, 2, 3, 4].contains(&l)), "seed {seed}: {m:?}");
            assert!(fives <= 1, "seed {seed}: {m:?}");
        }
    }
}
