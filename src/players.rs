//! Every built-in player by name, for `daimyo play NAME`, the arena and `--help`: the bot's
//! presets first, then the strategies.

use crate::agent::Agent;
use crate::strategies;

/// Every built-in player: name and a line on what it does.
pub fn builtins() -> impl Iterator<Item = (&'static str, &'static str)> {
    crate::bot::VARIANTS.iter().map(|v| (v.0, v.1)).chain(strategies::CATALOGUE.iter().copied())
}

/// A built-in agent by name, the bot included, configured by the player options.
pub fn agent(name: &str, time_ms: Option<u64>, rollouts: Option<u64>) -> Option<Box<dyn Agent>> {
    crate::bot::by_name(name, time_ms, rollouts).or_else(|| strategies::by_name(name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_listed_player_exists() {
        let names: Vec<&str> = super::builtins().map(|b| b.0).collect();
        assert!(names.len() >= 12, "{names:?}");
        for name in names {
            let agent = super::agent(name, None, Some(10))
                .unwrap_or_else(|| panic!("{name} is listed but missing"));
            assert_eq!(agent.name(), name);
        }
        assert!(super::agent("no-such-player", None, None).is_none());
    }
}
