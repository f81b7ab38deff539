//! Every built-in player by name, for `daimyo play NAME`, the arena and `--help`: the bot's
//! presets first, then the strategies; and which of them read which settings, so that a setting
//! a player would ignore is refused rather than silently dropped.

use crate::agent::Agent;
use crate::bot::Bot;
use crate::params::PRESETS;
use crate::strategies;
use crate::timeman::Budget;

/// Every built-in player: name and a line on what it does.
pub fn builtins() -> impl Iterator<Item = (&'static str, &'static str)> {
    PRESETS.iter().map(|p| (p.name, p.about)).chain(strategies::CATALOGUE.iter().copied())
}

/// Refuses a budget the named built-in would ignore: only the bot's presets search under a
/// time or rollout budget and on threads; the strategies take none of them.
pub fn check(name: &str, budget: &Budget) -> Result<(), String> {
    if PRESETS.iter().any(|p| p.name == name) || *budget == Budget::default() {
        return Ok(());
    }
    let searchers: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    Err(format!(
        "{name} takes no time, rollout or thread budget (only {} do)",
        searchers.join(" and ")
    ))
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

    #[test]
    fn only_the_searches_take_a_budget() {
        let rollouts = Budget { rollouts: Some(5), ..Budget::default() };
        let time = Budget { time_ms: Some(5), ..Budget::default() };
        for p in PRESETS {
            assert_eq!(check(p.name, &rollouts), Ok(()));
        }
        for &(name, _) in strategies::CATALOGUE {
            assert_eq!(check(name, &Budget::default()), Ok(()));
            let e = check(name, &time).unwrap_err();
            assert!(e.starts_with(&format!("{name} takes no time, rollout or thread")), "{e}");
            let threads = Budget { threads: Some(2), ..Budget::default() };
            assert!(check(name, &threads).is_err(), "{name} on threads");
        }
    }
}
