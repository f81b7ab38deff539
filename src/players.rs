//! Every built-in player by name, for `daimyo play NAME`, the arena and `--help`: the bot's
//! presets first, then the strategies.

use crate::agent::Agent;
use crate::bot::Bot;
use crate::params::PRESETS;
use crate::strategies;
use crate::timeman::Budget;

/// Every built-in player: name and a line on what it does.
pub fn builtins() -> impl Iterator<Item = (&'static str, &'static str)> {
    PRESETS.iter().map(|p| (p.name, p.about)).chain(strategies::CATALOGUE.iter().copied())
}

/// A built-in agent by name, the bot included, with the player's budget.
pub fn agent(name: &str, budget: Budget) -> Option<Box<dyn Agent>> {
    match Bot::preset(name, budget) {
        Some(bot) => Some(Box::new(bot)),
        None => strategies::by_name(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_player_exists() {
        let names: Vec<&str> = builtins().map(|b| b.0).collect();
        assert!(names.len() >= 8, "{names:?}");
        for name in names {
            let agent = agent(name, Budget::default())
                .unwrap_or_else(|| panic!("{name} is listed but missing"));
            assert_eq!(agent.name(), name);
        }
        assert!(agent("no-such-player", Budget::default()).is_none());
    }
}
