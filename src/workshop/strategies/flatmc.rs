//! Flat Monte Carlo, the strongest approach among the public contest entries.
//!
//! Every different move is tried with the same number of playouts: from the position as it is
//! known, the move is played, the others' moves of this turn and everyone's later moves are drawn
//! uniformly at random, and the game is scored to the end. The others' nights that the position
//! hides are drawn uniformly too, afresh in each playout. The move with the highest mean share of
//! first place (`rules::first_place_shares`) is played; ties go to the higher mean own total, then
//! to the earliest move of `moves::legal`.
//!
//! All candidates of a turn see the same random numbers (common random numbers): a candidate's
//! i-th playout meets the same draws as every other candidate's, so the comparison measures the
//! moves and not their luck. A night has 21 moves against 252 by day, so a night candidate gets
//! 12 times the playouts of a day candidate and every turn costs about the same. Playouts run on
//! copies of `rules::State` and allocate nothing.

use daimyo_engine::agent::Agent;
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::moves::{DAY_MOVES_COUNT, NIGHT_MOVES_COUNT, legal};
use daimyo_engine::rules::{DAIMYO, LORDS, Move, NIGHT_PICKS, Phase, Row, first_place_shares};
use daimyo_engine::styles::{Root, random_counts};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// Playouts per candidate by day in the built-in `flatmc`: measured to keep the costliest move
/// (turn 1, nine turns to play out) well under 50 ms in a release build.
pub const DAY_PLAYOUTS: u32 = 250;

/// The move a search chose and what its playouts gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub counts: Row,
    /// Sum over the playouts of the own share of first place, in twelfths.
    pub share: u64,
    /// Sum over the playouts of the own final total, in twelfths.
    pub total: i64,
}

/// One game played out to the end after `mine`; the own share of first place and own total.
#[inline]
fn playout(root: &Root, mine: Row, rng: &mut impl Rng) -> (u32, i32) {
    let mut s = root.state;
    for c in 1..DAIMYO {
        for _ in 0..root.hidden_nights {
            s.real[c] = s.real[c].add(random_counts(rng, NIGHT_PICKS).double());
        }
    }
    let n = root.phase.picks();
    s.apply_counts(&[mine, random_counts(rng, n), random_counts(rng, n), random_counts(rng, n)]);
    while !s.is_over() {
        let n = s.phase().picks();
        let counts: [Row; DAIMYO] = std::array::from_fn(|_| random_counts(rng, n));
        s.apply_counts(&counts);
    }
    let totals = s.totals();
    (first_place_shares(&totals)[0], totals[0])
}

/// Every move of `root.phase` with `playouts` playouts each, drawn from `seed`.
pub fn search(root: &Root, playouts: u32, seed: u64) -> Choice {
    let mut best: Option<Choice> = None;
    for &counts in legal(root.phase) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut c = Choice { counts, share: 0, total: 0 };
        for _ in 0..playouts {
            let (share, total) = playout(root, counts, &mut rng);
            c.share += share as u64;
            c.total += total as i64;
        }
        if best.is_none_or(|b| (c.share, c.total) > (b.share, b.total)) {
            best = Some(c);
        }
    }
    best.expect("every phase has moves")
}

pub struct FlatMc {
    /// Playouts per candidate by day.
    playouts: u32,
    rng: Xoshiro256PlusPlus,
}

impl FlatMc {
    /// Flat Monte Carlo with `playouts` per day candidate (12 times that per night candidate).
    pub fn new(playouts: u32) -> FlatMc {
        FlatMc { playouts, rng: Xoshiro256PlusPlus::seed_from_u64(0) }
    }
}

impl Default for FlatMc {
    fn default() -> Self {
        FlatMc::new(DAY_PLAYOUTS)
    }
}

impl Agent for FlatMc {
    fn name(&self) -> String {
        "flatmc".into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        let root = Root::of_position(known.position());
        let playouts = match root.phase {
            Phase::Day => self.playouts,
            Phase::Night => {
                self.playouts.saturating_mul((DAY_MOVES_COUNT / NIGHT_MOVES_COUNT) as u32)
            }
        };
        let choice = search(&root, playouts, self.rng.next_u64());
        Move::from_counts(choice.counts).expect("a table move")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::rules::State;

    /// Turn 9, nothing hidden. Far ahead on the turn-5 scores, it wins exactly when it leads
    /// lord 0 alone, where the leader of lords 1..5 is two ahead and still has five random picks.
    /// Five picks on lord 0 are the move; a visible-score knapsack would put three there and two
    /// on lord 1 to escape last place, which does not decide the game.
    #[test]
    fn finds_the_move_that_wins_the_last_turn() {
        let mut state = State::new([6, 3, 3, 3, 3, 3]);
        state.turn = 9;
        state.real = [
            Row::from_array([10, 9, 10, 10, 10, 10]),
            Row::from_array([12, 30, 30, 30, 30, 30]),
            Row::from_array([0, 10, 10, 10, 10, 10]),
            Row::from_array([0, 10, 0, 0, 0, 0]),
        ];
        state.public = state.real;
        state.score5 = [160, 12, -60, -112];
        let root = Root { state, phase: Phase::Day, hidden_nights: 0 };
        let c = search(&root, 200, 1);
        assert_eq!(c.counts.to_array(), [5, 0, 0, 0, 0, 0]);
        // It wins unless the leader draws lord 0 three times or more: about 96%.
        assert!((0.92..0.99).contains(&(c.share as f64 / 12.0 / 200.0)), "{c:?}");
    }
}
