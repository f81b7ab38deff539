//! The opponent model's mixture as one typed list: each component says what it is (uniform or
//! likeness picks, a rule written from a description, a contest program's own search read as a
//! rule, a player learnt from its games, the generic contestant), its prior weight, its smoothing
//! and the policy it plays in a rollout's later turns. The components that need no data are
//! compiled in (`DESCRIBED`); a field file made by `daimyo learn` adds the learnt ones and is
//! read by the player, which hands the engine the whole list (`Field`).

use super::fitted::margins::{self, Plan};
use super::fitted::tables::Tables;
use super::move_model::MoveModel;
use super::{Rule, Style, likeness};
use crate::knowledge::Position;
use crate::moves;
use crate::policy::Policy;
use crate::rules::{Move, TURNS};

/// What a component is, as the field file names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Independent picks from a policy: uniformly random, or a likeness of a kind of player.
    Picks,
    /// A memoryless rule written from a description of a contest program.
    Described,
    /// A contest program's search, read as a rule on a share of its budget.
    Searching,
    /// A player learnt from its games: a move model, sharpened by a fitted rule.
    Learnt,
    /// A move model of every learnt player's moves pooled: a generic contestant.
    Contestant,
}

impl Kind {
    pub const ALL: [Kind; 5] =
        [Kind::Picks, Kind::Described, Kind::Searching, Kind::Learnt, Kind::Contestant];

    /// The name in the field file.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Picks => "picks",
            Kind::Described => "described",
            Kind::Searching => "searching",
            Kind::Learnt => "learnt",
            Kind::Contestant => "contestant",
        }
    }
}

/// One component of the mixture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Component {
    /// The name it goes by in reports (`--verbose`'s "plays like") and in the field file.
    pub name: &'static str,
    pub style: Style,
    /// Its prior weight; Bayes' rule normalises the weights, so they need not sum to 1.
    pub weight: f64,
    /// For a described or searching rule, the share of its probability spread over every move,
    /// laid like `later` (a near miss of its kind of player), so that a move it would not play is
    /// unlikely rather than impossible; a learnt player's is by turn (`Player::tables_sure`); picks and
    /// move models give every move a probability of their own and have none.
    pub smoothing: f64,
    /// The policy it plays in a rollout's later turns.
    pub later: Policy,
}

impl Component {
    /// Uniformly random picks.
    pub fn is_uniform(&self) -> bool {
        self.style == Style::Picks && self.later == Policy::UNIFORM
    }

    pub fn kind(&self) -> Kind {
        match self.style {
            Style::Picks => Kind::Picks,
            Style::Rule(rule) if rule.search().is_some() => Kind::Searching,
            Style::Rule(_) => Kind::Described,
            Style::Learnt(_) => Kind::Learnt,
            Style::Moves(_) => Kind::Contestant,
        }
    }
}

/// A player learnt from its games: its move model, and, where they help, two rules fitted to the
/// same moves (per-lord tables, and a plan rule of per-turn constants), the forecast putting the
/// share `tables_sure` of its probability on the tables' move, `plan_sure` on the plan's and the
/// rest on the move model's (under 1 together, so that the move model keeps some).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub moves: MoveModel,
    pub tables: Option<Tables>,
    /// By turn (index 0 is turn 1): the share of the forecast on the tables' move, fitted to how
    /// often the tables played the player's move on games they were not fitted to (0 without).
    pub tables_sure: [f64; TURNS as usize],
    pub plan: Option<Plan>,
    /// By turn: the share on the plan's move, fitted with `tables_sure` (0 without a plan).
    pub plan_sure: [f64; TURNS as usize],
}

impl Player {
    /// The share of the forecast on the tables' move at `turn`.
    pub fn tables_sure_at(&self, turn: u8) -> f64 {
        self.tables.as_ref().map_or(0.0, |_| at_turn(&self.tables_sure, turn))
    }

    /// The share of the forecast on the plan's move at `turn`.
    pub fn plan_sure_at(&self, turn: u8) -> f64 {
        self.plan.as_ref().map_or(0.0, |_| at_turn(&self.plan_sure, turn))
    }

    /// The tables' move at `pos`, if the player has tables.
    pub fn tables_move(&self, pos: &Position) -> Option<Move> {
        self.tables.as_ref().map(|t| t.choose(pos))
    }

    /// The plan's move at `pos`, if the player has a plan.
    pub fn plan_move(&self, pos: &Position) -> Option<Move> {
        self.plan.as_ref().map(|p| margins::choose_with(pos, p))
    }

    /// `p` times the forecast at `pos` added to `out` (legal moves in `moves::legal` order):
    /// the move model's, the shares `tables_sure` and `plan_sure` of the turn moved onto the rules'
    /// moves.
    pub fn add_distribution(&self, pos: &Position, p: f64, out: &mut [f64]) {
        let (tables_sure, plan_sure) = (self.tables_sure_at(pos.turn), self.plan_sure_at(pos.turn));
        self.moves.add_distribution(pos, p * (1.0 - tables_sure - plan_sure), out);
        let legal = moves::legal(pos.phase);
        let mut add = |chosen: Option<Move>, share: f64| {
            if let Some(i) = chosen.and_then(|m| legal.iter().position(|&x| x == m.counts())) {
                out[i] += p * share;
            }
        };
        if tables_sure > 0.0 {
            add(self.tables_move(pos), tables_sure);
        }
        if plan_sure > 0.0 {
            add(self.plan_move(pos), plan_sure);
        }
    }
}

/// A by-turn share at `turn` (index 0 is turn 1; turns past 9 read turn 9's).
fn at_turn(shares: &[f64; TURNS as usize], turn: u8) -> f64 {
    shares[(turn.clamp(1, TURNS) - 1) as usize]
}

/// The whole mixture: every component the model reads, in order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    pub components: &'static [Component],
}

impl Field {
    /// The components that need no data: what the model knows before it has learnt a field.
    pub const DESCRIBED: Field = Field { components: &DESCRIBED };

    pub fn iter(&self) -> std::slice::Iter<'static, Component> {
        self.components.iter()
    }

    /// The component called `name`.
    pub fn find(&self, name: &str) -> Option<&'static Component> {
        self.components.iter().find(|c| c.name == name)
    }
}

/// The smoothing of the described and searching rules.
pub const RULE_SMOOTHING: f64 = 0.05;

const fn picks(name: &'static str, policy: Policy, weight: f64) -> Component {
    Component { name, style: Style::Picks, weight, smoothing: 0.0, later: policy }
}

const fn rule(rule: Rule, weight: f64, later: Policy) -> Component {
    let style = Style::Rule(rule);
    Component { name: rule.name(), style, weight, smoothing: RULE_SMOOTHING, later }
}

/// The described components and their prior weights: uniformly random picks; the likenesses of
/// `pruned-mc`, `flatmc` and `planner`; the rules of the contest programs' descriptions and a
/// few more; `loyal` (docs/findings.md, "A player nobody's rule describes"); and the two searches
/// read as rules (docs/findings.md, "Reading the searching players by their own code").
pub const DESCRIBED: [Component; 13] = [
    picks("random", Policy::UNIFORM, 0.25),
    picks("pruned-mc", likeness::PRUNED_MC, 0.10),
    picks("flatmc", likeness::FLATMC, 0.10),
    picks("planner", likeness::PLANNER, 0.10),
    rule(Rule::Tables, 0.10, likeness::TABLES),
    rule(Rule::Roles, 0.10, likeness::ROLES),
    rule(Rule::Margins, 0.10, likeness::MARGINS),
    rule(Rule::Greedy, 0.05, likeness::GREEDY),
    rule(Rule::Knapsack, 0.05, likeness::KNAPSACK),
    rule(Rule::LordRules, 0.05, likeness::RULES),
    rule(Rule::Loyal, 0.05, likeness::LOYAL),
    rule(Rule::Planner, 0.10, likeness::PLANNER),
    rule(Rule::PrunedMc, 0.10, likeness::PRUNED_MC),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_described_component_says_what_it_is() {
        let kinds: Vec<Kind> = Field::DESCRIBED.iter().map(|c| c.kind()).collect();
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Picks).count(), 4);
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Searching).count(), 2);
        assert_eq!(kinds.iter().filter(|&&k| k == Kind::Described).count(), 7);
        let names: Vec<&str> = Field::DESCRIBED.iter().map(|c| c.name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "one name each: {names:?}");
        assert!(Field::DESCRIBED.find("random").is_some_and(Component::is_uniform));
    }
}
