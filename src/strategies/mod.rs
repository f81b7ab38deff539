//! Built-in opponents, each modelled on an approach contest programs used. They are arena
//! entrants and sparring partners, and the search's opponent models draw on them.

mod greedy;
mod random;

pub use greedy::Greedy;
pub use random::Random;

use crate::agent::Agent;

/// Built-in strategy names with a line each, as `--help` and the arena list them.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("random", "every lord uniformly at random, like the official sample program"),
    ("greedy", "piles onto the strongest lords (D'Hondt shares of strength)"),
];

/// A fresh built-in strategy by name.
pub fn by_name(name: &str) -> Option<Box<dyn Agent>> {
    match name {
        "random" => Some(Box::new(Random::default())),
        "greedy" => Some(Box::new(Greedy::default())),
        _ => None,
    }
}
