//! `planner`: sampled plans that aim to win with a margin.
//!
//! It never plays the game out move by move. It samples what the three others will hold at the
//! next scoring turn and asks which *plan* for its own picks up to then wins most often, by a
//! margin, against those samples. One module an idea:
//!
//! - `rivals`: the rival model, which draws the others' hidden nights and their picks up to the
//!   scoring turn from where they have been and where the nights went.
//! - `judge`: what counts as a win (the objective and its margin), and the per-sample lord
//!   tables on which every plan or move is judged against every sample.
//! - `plans` (turns 1-4 and 6-8): the plans that win most often, then the best move serving one
//!   of them.
//! - `respond` (turns 5 and 9, the scoring turns): the rivals fixed to their own best moves,
//!   and the best answer to them.
//!
//! Budgets are sample counts (`SAMPLES_MAIN`, `SAMPLES_OTHER`, `CANDIDATE_WORK`): the same seed
//! gives the same game, and the slowest answer stays within about 50 ms of one core, so that
//! even a machine shared eight ways answers well inside the manager's second. They and the
//! other tunables are here, in one place.

mod judge;
mod rivals;
mod plans;
mod respond;

use crate::knowledge::Position;
use crate::rules::{Move, Phase, Row};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Samples on turns 1, 3 and 7, where a half's plan is laid down.
pub const SAMPLES_MAIN: usize = 4_000;
/// Samples on the other turns (and per rival for the best responses of turns 5 and 9).
pub const SAMPLES_OTHER: usize = 1_200;
/// Samples on which the 728 plans are ranked.
pub const PLAN_SAMPLES: usize = 800;
/// Plans whose moves are scored.
pub const PLANS_KEPT: usize = 2;
/// Candidates times samples allowed for the move scoring; a night with many pairs of night and
/// day moves gets fewer samples, never more time.
pub const CANDIDATE_WORK: usize = 1_500_000;
/// Fewest samples any candidate is scored on.
pub const MIN_SAMPLES: usize = 300;
/// Moves of each rival that the best response of turns 5 and 9 fixes it to: its best ones
/// against random play, one drawn per sample. Fixed to its single best move the answer was too
/// sharp: 35% of first place against flatmc, rules and knapsack over 80 games, 51% with the
/// rivals' 20 best (and 52% with uniformly random rivals, which a best response is not).
pub const RIVAL_MOVES: usize = 20;
/// Most picks on one lord in one move up to this turn (`Constants::early_cap`).
pub const EARLY_TURNS: u8 = 3;

/// The constants a planner aims by: the same ideas play differently with other values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constants {
    /// Margin over the best rival, as a share of the total strength, on turns 1-3, 6 and 7.
    pub margin_early: f64,
    /// The same on turns 4, 5, 8 and 9, when less is still unknown.
    pub margin_late: f64,
    /// Most picks on one lord in one move up to `EARLY_TURNS`.
    pub early_cap: u8,
}

impl Constants {
    /// `planner`'s.
    pub const STANDARD: Constants =
        Constants { margin_early: 0.15, margin_late: 0.10, early_cap: 3 };
}

/// Weight every lord keeps in the rival model, so that a lord a rival has not touched is
/// unlikely for it, not impossible.
pub const WEIGHT_FLOOR: f64 = 0.5;
/// Share of a lord's strength added to its weight on turns 1 and 2, before the rivals have shown
/// much.
pub const STRENGTH_WEIGHT: [f64; 2] = [1.0, 0.5];

/// What a turn's picks add to the row.
fn increment(counts: Row, phase: Phase) -> Row {
    match phase {
        Phase::Day => counts,
        Phase::Night => counts.double(),
    }
}

/// What the last answer was based on, for `--verbose`: the samples its move was judged on and
/// how many of them it won.
#[derive(Clone, Copy, Debug)]
pub struct Basis {
    pub wins: u32,
    pub samples: usize,
}

/// The search: its sample budgets, its random numbers, and its last answer with its basis.
pub struct Planner {
    constants: Constants,
    samples_main: usize,
    samples_other: usize,
    rng: Xoshiro256PlusPlus,
    last: Option<(Move, Basis)>,
}

impl Default for Planner {
    fn default() -> Self {
        Planner::new(SAMPLES_MAIN, SAMPLES_OTHER)
    }
}

impl Planner {
    /// A planner with `main` samples on turns 1, 3 and 7 and `other` on the rest.
    pub fn new(main: usize, other: usize) -> Planner {
        Planner {
            constants: Constants::STANDARD,
            samples_main: main.max(1),
            samples_other: other.max(1),
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            last: None,
        }
    }

    /// The same planner aiming by `constants`.
    pub fn with(self, constants: Constants) -> Planner {
        Planner { constants, ..self }
    }

    /// Its random numbers from `seed` on (a new game's), its last answer forgotten.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        self.last = None;
    }

    /// Its last answer and what it was based on.
    pub fn last(&self) -> Option<(Move, Basis)> {
        self.last
    }

    /// The move for the position: on the scoring turns the best answer to the rivals' best
    /// moves, on the others the best move serving a plan.
    pub fn choose(&mut self, pos: &Position) -> Move {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(self.rng.next_u64());
        let n = if matches!(pos.turn, 1 | 3 | 7) { self.samples_main } else { self.samples_other };
        let (counts, d) = match pos.turn {
            5 | 9 => respond::best_response(pos, self.samples_other, &self.constants, &mut rng),
            _ => plans::best_move(pos, n, &self.constants, &mut rng),
        };
        let m = Move::from_counts(counts)
            .filter(|m| m.phase() == pos.phase)
            .unwrap_or_else(|| Move::lord_zero(pos.phase));
        self.last = Some((m, d));
        m
    }
}

/// A position's rows from a table written lord by lord, as the tests read best.
#[cfg(test)]
fn rows(a: [[u8; crate::rules::DAIMYO]; crate::rules::LORDS]) -> [Row; crate::rules::DAIMYO] {
    std::array::from_fn(|c| Row::from_array(std::array::from_fn(|l| a[l][c])))
}
