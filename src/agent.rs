//! What every player behind the protocol is: a built-in strategy, the bot itself, or (in the
//! arena) an external program. An agent sees exactly what the manager would show it.

use crate::rules::View;
use crate::rules::{LORDS, Move};
use std::time::Instant;

pub trait Agent: Send {
    /// The label the arena prints.
    fn name(&self) -> String;
    /// A game begins; `seed` makes any randomness of the agent reproducible.
    fn new_game(&mut self, strengths: [u8; LORDS], seed: u64);
    /// The move for this turn. `started` is when the turn's input arrived: the 1 s limit runs
    /// from there.
    fn act(&mut self, view: &View, started: Instant) -> Move;
    /// Lines for `--verbose` about the last move (candidates, rates, timing); none by default.
    fn report(&self) -> Vec<String> {
        Vec::new()
    }
}
