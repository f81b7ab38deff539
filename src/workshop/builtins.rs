//! Every built-in player by name, in one list: for `daimyo play NAME`, the arena, `--help` and
//! the bench. The searches (the bot and the foundation search) take a time, rollout and thread
//! budget; a strategy takes none, and a budget given to one is refused rather than silently
//! dropped.

use crate::player::field;
use crate::workshop::strategies::{
    FlatMc, History, Memoryless, Plain, PlannerAgent, PrunedMcAgent, Random,
};
use daimyo_engine::agent::Agent;
use daimyo_engine::bot::Bot;
use daimyo_engine::params::{self, Rivals, SearchParams};
use daimyo_engine::styles::Rule;
use daimyo_engine::styles::field::Field;
use daimyo_engine::timeman::Budget;

/// How a built-in is made.
#[derive(Clone, Copy)]
pub enum Make {
    /// The engine's search with the parameters this makes, under the player's budget.
    Search(fn() -> SearchParams),
    /// One of the engine's memoryless rules.
    Rule(Rule),
    /// A strategy of the workshop's own.
    Strategy(fn() -> Box<dyn Agent>),
}

/// A built-in player: its name, a line on what it does, and how it is made.
pub struct Builtin {
    pub name: &'static str,
    pub about: &'static str,
    pub make: Make,
}

impl Builtin {
    /// A fresh agent with the player's budget (only a search reads it).
    pub fn agent(&self, budget: Budget) -> Box<dyn Agent> {
        self.agent_with(budget, None)
    }

    /// The same, a search playing with `search`'s settings in place of its own (a strategy
    /// ignores them: `tuned` refuses settings for one).
    pub fn agent_with(&self, budget: Budget, search: Option<&SearchParams>) -> Box<dyn Agent> {
        match self.make {
            Make::Search(own) => {
                Box::new(Bot::new(self.name, search.copied().unwrap_or_else(own), budget))
            }
            Make::Rule(rule) => Box::new(Plain(rule)),
            Make::Strategy(make) => make(),
        }
    }

    /// The search's parameters, if it is a search.
    pub fn search(&self) -> Option<SearchParams> {
        match self.make {
            Make::Search(s) => Some(s()),
            _ => None,
        }
    }
}

const fn rule(rule: Rule, about: &'static str) -> Builtin {
    Builtin { name: rule.name(), about, make: Make::Rule(rule) }
}

pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "bot",
        about: "the Monte Carlo search with the opponent model (what daimyo plays)",
        make: Make::Search(|| params::bot(field::default())),
    },
    Builtin {
        name: "mc1",
        about: "the foundation search, kept as a yardstick: fixed opponent prior, equal rollouts",
        make: Make::Search(|| params::FOUNDATION),
    },
    Builtin {
        name: "random",
        about: "every lord uniformly at random, like the official sample program",
        make: Make::Strategy(|| Box::new(Random::default())),
    },
    rule(Rule::Greedy, "piles onto the strongest lords (picks in shares of strength squared)"),
    rule(Rule::Knapsack, "the move that scores best on the visible intimacies (all 252 tried)"),
    rule(
        Rule::LordRules,
        "per-lord rules: escape last on strong lords, buy cheap firsts, reinforce leads",
    ),
    Builtin {
        name: "history",
        about: "2 or 3 lords drawn by strength, then every move in proportion to its past",
        make: Make::Strategy(|| Box::new(History::default())),
    },
    Builtin {
        name: "flatmc",
        about: "flat Monte Carlo: every move, 250 random playouts each (x12 by night)",
        make: Make::Strategy(|| Box::new(FlatMc::default())),
    },
    rule(
        Rule::Tables,
        "orig-tables as described: one move deep, per-lord tables by rank, lead and turn",
    ),
    rule(
        Rule::Roles,
        "per-lord roles by standing: lead three lords by 2, lift two off last, drop one",
    ),
    rule(
        Rule::Margins,
        "orig-margins as described: lords to top or keep off last within a small budget",
    ),
    rule(Rule::Loyal, "keeps to its lords: every move in proportion to its intimacy so far"),
    Builtin {
        name: "fortress",
        about: "plans the whole half: rivals projected from their habits, margins, concedes early",
        make: Make::Strategy(|| Box::new(Memoryless::FORTRESS)),
    },
    Builtin {
        name: "planner",
        about: "sampled plans: which lords to top, keep off last or give up; wins by a margin",
        make: Make::Strategy(|| Box::new(PlannerAgent::default())),
    },
    Builtin {
        name: "pruned-mc",
        about: "flat Monte Carlo to the next scoring, conceding the hottest lords early",
        make: Make::Strategy(|| Box::new(PrunedMcAgent::default())),
    },
    Builtin {
        name: "planner-v",
        about: "planner with other constants: margins 0.25 then 0.05, up to 4 on a lord early",
        make: Make::Strategy(|| Box::new(PlannerAgent::variant())),
    },
    Builtin {
        name: "pruned-mc-v",
        about: "pruned-mc conceding one lord fewer: 3, 2 and 1 hottest early in each half",
        make: Make::Strategy(|| Box::new(PrunedMcAgent::variant())),
    },
    Builtin {
        name: "tables",
        about: "plays like orig-tables: per-lord tables by standing, leads and picks, fitted to it",
        make: Make::Strategy(|| Box::new(Memoryless::TABLES)),
    },
    Builtin {
        name: "margins",
        about: "plays like orig-margins: its plan rule, constants fitted to its records",
        make: Make::Strategy(|| Box::new(Memoryless::MARGINS)),
    },
];

/// The built-in called `name`.
pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// A built-in agent by name, with the player's budget.
pub fn agent(name: &str, budget: Budget) -> Option<Box<dyn Agent>> {
    find(name).map(|b| b.agent(budget))
}

/// The named search's settings with `settings` (`NAME=VALUE` of `params::TUNABLES`) changed,
/// its opponent model reading `model` if given; `None` without either. Refused for a
/// strategy, which has no settings, and a model for a search that learns none.
pub fn tuned(
    name: &str,
    settings: &[(String, f64)],
    model: Option<Field>,
) -> Result<Option<SearchParams>, String> {
    if settings.is_empty() && model.is_none() {
        return Ok(None);
    }
    let Some(mut own) = find(name).and_then(Builtin::search) else {
        return Err(format!("{name} has no search settings (only the searches do)"));
    };
    if let Some(field) = model {
        match &mut own.rivals {
            Rivals::Modelled { model, .. } => model.field = field,
            Rivals::Prior { .. } => return Err(format!("{name} reads no model of the others")),
        }
    }
    params::tuned(own, settings).map(Some)
}

/// Refuses a budget the named built-in would ignore: only the searches take a time, rollout or
/// thread budget.
pub fn check(name: &str, budget: &Budget) -> Result<(), String> {
    if find(name).is_some_and(|b| b.search().is_some()) || *budget == Budget::default() {
        return Ok(());
    }
    let searchers: Vec<&str> =
        BUILTINS.iter().filter(|b| b.search().is_some()).map(|b| b.name).collect();
    Err(format!(
        "{name} takes no time, rollout or thread budget (only {} do)",
        searchers.join(" and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::styles::field::Kind;

    #[test]
    fn every_listed_player_exists_once_under_its_name() {
        assert!(BUILTINS.len() >= 8);
        for (i, b) in BUILTINS.iter().enumerate() {
            assert_eq!(b.agent(Budget::default()).name(), b.name);
            assert_eq!(find(b.name).map(|f| f.about), Some(b.about), "{} listed twice", b.name);
            assert!(BUILTINS[..i].iter().all(|o| o.name != b.name));
        }
        assert!(agent("no-such-player", Budget::default()).is_none());
    }

    #[test]
    fn every_described_component_of_the_model_is_named_for_a_built_in() {
        for c in Field::DESCRIBED.iter().filter(|c| c.kind() != Kind::Searching) {
            assert!(find(c.name).is_some(), "the model's {} is no built-in", c.name);
        }
        for name in Rule::ALL.map(Rule::name) {
            assert!(find(name).is_some(), "the rule {name} is no built-in");
        }
    }

    #[test]
    fn only_the_searches_take_a_budget() {
        let rollouts = Budget { rollouts: Some(5), ..Budget::default() };
        let time = Budget { time_ms: Some(5), ..Budget::default() };
        for b in BUILTINS {
            assert_eq!(check(b.name, &Budget::default()), Ok(()));
            if b.search().is_some() {
                assert_eq!(check(b.name, &rollouts), Ok(()));
                continue;
            }
            let e = check(b.name, &time).unwrap_err();
            assert!(e.starts_with(&format!("{} takes no time, rollout or thread", b.name)), "{e}");
            let threads = Budget { threads: Some(2), ..Budget::default() };
            assert!(check(b.name, &threads).is_err(), "{} on threads", b.name);
        }
    }
}
