//! The ways of choosing a move that the opponent model recognises, by typed name: uniformly
//! random picks, the board-reading likenesses of kinds of players (`likeness`, data fitted by
//! `daimyo-lab fit`), seven memoryless rules that read the position as contest programs did
//! (`tables`, `roles`, `margins`, `greedy`, `knapsack`, `lord_rules`, `loyal`), the two
//! searching contest programs (`planner`, `pruned_mc`), read as rules on a tenth of their budgets
//! (`searching`), with what they play out from (`playout`); and what a player's games teach:
//! models of the whole move (`move_model`) and rules of per-lord tables or plans fitted to
//! recorded moves (`fitted`). `field` lays them out as the model's mixture: a list of typed
//! components, each with its prior weight and smoothing.
//!
//! The rules are engine code because the model plays them: it asks what a rule would have
//! played on a past board to weigh how likely an opponent is to be one. The workshop's sparring
//! partners of the same names wrap them (the two searches at their full budgets are its
//! built-ins `planner` and `pruned-mc`; its `tables` and `margins` play the fitted rules with
//! values fitted on other seeds); nothing here knows of the workshop.

pub mod fitted;
mod greedy;
mod knapsack;
pub mod likeness;
mod lord_rules;
mod standings;
pub mod loyal;
pub mod margins;
pub mod move_model;
pub mod playout;
pub mod planner;
pub mod pruned_mc;
mod roles;
pub mod searching;
mod tables;
pub mod field;

/// What the rules read off a position and how they plan, shared with the workshop's plan-making
/// opponents: a lord's part in a plan, every plan, the lords strongest first, the others' hidden
/// night picks per lord, the points left to the next scoring.
pub use margins::{Role, every_plan, opening};
pub use planner::Planner;
pub use playout::{Root, random_counts};
pub use pruned_mc::PrunedMc;
pub use standings::{best_sum, by_strength, points_to_scoring, rival_nights, rivals};

use crate::knowledge::Position;
use crate::rules::Move;
use field::Player;
use move_model::MoveModel;
use searching::Searcher;
use std::time::Instant;

/// A rule: the move follows from the position alone, no memory, no chance (a searching rule
/// draws its random numbers from the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Piles onto the strongest lords (picks in shares of strength squared).
    Greedy,
    /// The move that scores best on the visible intimacies (all 252 tried).
    Knapsack,
    /// Per-lord rules: escape last on strong lords, buy cheap firsts, reinforce leads.
    LordRules,
    /// One move deep: per-lord tables by rank, lead, turn and night picks; fixed opening.
    Tables,
    /// Per-lord roles by standing: lead three lords by 2, lift two off last, drop one.
    Roles,
    /// Plans within a small budget: lords to top or keep off last, with safety margins.
    Margins,
    /// Keeps to its lords: every move in proportion to its own intimacy so far.
    Loyal,
    /// `planner`'s search: sampled plans that win by a margin.
    Planner,
    /// `pruned-mc`'s search: flat Monte Carlo to the next scoring, with concessions.
    PrunedMc,
}

impl Rule {
    /// The memoryless rules, each a built-in of the workshop by its name.
    pub const ALL: [Rule; 7] = [
        Rule::Greedy,
        Rule::Knapsack,
        Rule::LordRules,
        Rule::Tables,
        Rule::Roles,
        Rule::Margins,
        Rule::Loyal,
    ];

    /// The searching rules, by the names they go by.
    pub const SEARCHING: [Rule; 2] = [Rule::Planner, Rule::PrunedMc];

    /// The name the rule goes by (and the workshop's built-in that plays it).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Greedy => "greedy",
            Rule::Knapsack => "knapsack",
            Rule::LordRules => "rules",
            Rule::Tables => "tables-described",
            Rule::Roles => "roles",
            Rule::Margins => "margins-described",
            Rule::Loyal => "loyal",
            Rule::Planner => "planner-search",
            Rule::PrunedMc => "pruned-mc-search",
        }
    }

    /// The search behind a searching rule.
    pub fn search(self) -> Option<Searcher> {
        match self {
            Rule::Planner => Some(Searcher::Planner),
            Rule::PrunedMc => Some(Searcher::PrunedMc),
            _ => None,
        }
    }

    /// Whether the rule's move at `turn` tells anything of a player: not `loyal`'s first, which
    /// it makes before it has lords of its own and which many players make too. The model reads
    /// a move that tells nothing as uniform picks, so that it moves no weight to the rule.
    pub fn tells(self, turn: u8) -> bool {
        !(self == Rule::Loyal && turn == 1)
    }

    pub fn choose(self, pos: &Position) -> Move {
        match self {
            Rule::Greedy => greedy::choose(pos),
            Rule::Knapsack => knapsack::choose(pos),
            Rule::LordRules => lord_rules::choose(pos),
            Rule::Tables => tables::choose(pos),
            Rule::Roles => roles::choose(pos),
            Rule::Margins => margins::choose(pos),
            Rule::Loyal => loyal::choose(pos),
            Rule::Planner => Searcher::Planner.choose(pos),
            Rule::PrunedMc => Searcher::PrunedMc.choose(pos),
        }
    }

    /// The move at `pos` (a searching rule's on its budget divided by `divisor`), or `None` for
    /// a searching rule whose answer is not remembered once `deadline` has passed: the reading
    /// the model can afford.
    pub fn read(self, pos: &Position, deadline: Option<Instant>, divisor: usize) -> Option<Move> {
        match self.search() {
            Some(s) => s.read(pos, deadline, divisor),
            None => Some(self.choose(pos)),
        }
    }
}

/// A way of choosing a move, as the model reads it: what a component of the model's mixture
/// (`field::Component`) is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Style {
    /// Independent picks from the component's board-reading policy (its `later`, now as in a
    /// rollout's later turns): uniform picks, or the likeness of a kind of player.
    Picks,
    /// A memoryless rule for the move at hand, written from a description or a contest
    /// program's own search read as a rule (`Rule::search`).
    Rule(Rule),
    /// A player learnt from its games (`field::Player`): its move model, sharpened by its
    /// fitted rule where it has one.
    Learnt(&'static Player),
    /// A model of the whole move of the learnt players pooled (`move_model`): the generic
    /// contestant.
    Moves(&'static MoveModel),
}

impl Style {
    /// The rule, for a rule.
    pub fn rule(&self) -> Option<Rule> {
        match *self {
            Style::Rule(rule) => Some(rule),
            _ => None,
        }
    }
}
