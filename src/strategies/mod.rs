//! Built-in opponents, each modelled on an approach contest programs used. They are arena
//! entrants and sparring partners, and the search's opponent models draw on them.

mod flatmc;
mod greedy;
mod history;
mod knapsack;
mod random;
mod rules;

pub use flatmc::FlatMc;
pub use greedy::Greedy;
pub use history::History;
pub use knapsack::Knapsack;
pub use random::Random;
pub use rules::LordRules;

use crate::agent::Agent;
use crate::protocol::View;
use crate::rules::{DAIMYO, MAX_INTIMACY, Row, TURNS};

/// Built-in strategy names with a line each, as `--help` and the arena list them.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("random", "every lord uniformly at random, like the official sample program"),
    ("greedy", "piles onto the strongest lords (D'Hondt shares of strength)"),
    ("knapsack", "the move that scores best on the visible intimacies (all 252 tried)"),
    ("rules", "per-lord rules: escape last on strong lords, buy cheap firsts, reinforce leads"),
    ("history", "2 or 3 lords drawn by strength, then every move in proportion to its past"),
    ("flatmc", "flat Monte Carlo: every move, 250 random playouts each (x12 by night)"),
];

/// A fresh built-in strategy by name.
pub fn by_name(name: &str) -> Option<Box<dyn Agent>> {
    match name {
        "random" => Some(Box::new(Random::default())),
        "greedy" => Some(Box::new(Greedy::default())),
        "knapsack" => Some(Box::new(Knapsack::default())),
        "rules" => Some(Box::new(LordRules::default())),
        "history" => Some(Box::new(History::default())),
        "flatmc" => Some(Box::new(FlatMc::default())),
        _ => None,
    }
}

/// The view with what no game can show brought into range: the turn into 1..=9, intimacies up to
/// `MAX_INTIMACY`. Strategies add moves to rows of packed bytes, and a lane near 255 would carry
/// into the next lord; a pasted or corrupt view must still get an answer, never a panic.
pub(crate) fn clamped(view: &View) -> View {
    let cap = |r: Row| Row::from_array(r.to_array().map(|x| x.min(MAX_INTIMACY)));
    let public: [Row; DAIMYO] = view.public.map(cap);
    View { turn: view.turn.clamp(1, TURNS), public, own: cap(view.own), ..*view }
}
