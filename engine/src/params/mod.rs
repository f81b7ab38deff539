//! Every tunable of the engine in one place, named for what it means: the clock, the opponent
//! model, and how the search spends its rollouts; and the two searches the workshop names (the
//! bot and the foundation search).

use crate::policy::Policy;
use crate::styles::{Kind, Rule, Style, contestants, likeness, searching};

mod tunables;
pub use tunables::{TUNABLES, Tunable, tuned};

/// Time, rollout and thread budgeting.
pub mod time {
    /// Default time for an answer, from the arrival of the turn's first byte. The manager allows
    /// 1000 ms; the rest is margin for a loaded machine, process scheduling and the pipe: half
    /// the manager's second, since at 750 ms a stall of 250 ms would lose the game and more time
    /// buys the search nothing measurable (docs/findings.md, "The default time").
    pub const DEFAULT_MS: u64 = 500;
    /// Never plan to end the search later than this after the turn began, whatever was asked.
    pub const HARD_CAP_MS: u64 = 900;
    /// Rollouts of one thread between two readings of the clock: the most a thread runs past its
    /// deadline (about 0.1 ms at 200 ns a rollout), against a clock read of a tenth of a rollout.
    pub const CLOCK_EVERY: u64 = 256;
    /// Rollouts a search thread claims at a time, in whole rounds: few enough that threads end a
    /// stage within a batch of each other, enough that claiming costs nothing beside them.
    pub const BATCH_ROLLOUTS: u64 = 256;
    /// The most threads a search uses, whatever was asked.
    pub const MAX_THREADS: usize = 64;
}

/// The opponent model (see `model`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelParams {
    /// The styles and their prior weights (summing to 1).
    pub styles: &'static [(Style, f64)],
    /// Prior weight of the `loyal` rule beside the styles (0: not read): a player that keeps to
    /// its lords, every move in proportion to its own intimacy so far.
    pub loyal: f64,
    /// Prior weight of each of the two searching rules, `planner`'s and `pruned-mc`'s searches
    /// on a tenth of their budgets (`styles::searching`), beside the styles (0: not read; the
    /// bot's 0.1 gained 13.9 +- 6.4 points at the clock where those two searches sit).
    pub searchers: f64,
    /// Prior weight of the move model fitted to five real 2014 contestants' moves pooled, a
    /// generic 2014 contestant (`CONTESTANT`), beside the styles (0: not read). The bot's 0.3
    /// gained 12.6 +- 6.2 points at the clock against likenesses of two world finalists and
    /// `planner`, and -2.6 +- 5.5 among the built-ins written from descriptions (F6).
    pub contestant: f64,
    /// Prior weight of each rule fitted to a real program's recorded moves (`styles::fitted`:
    /// `tables-odd`, `margins-odd`; 0: not read). The bot's 0.3, with `fitted_smoothing` 0.5
    /// and `spread` 1, gained 10.1 +- 4.9 points at the clock against the sparring partners'
    /// `tables planner margins`, and -0.4 +- 4.3 at the strongest described table.
    pub fitted: f64,
    /// The share of a fitted rule's probability spread over every move (`smoothing` for the
    /// fitted rules): its forecast of a move is right about as often as its agreement with the
    /// program on held-out records. Its weight is 1 - `calibrated`: the bot's `calibrated` 1
    /// does not read it.
    pub fitted_smoothing: f64,
    /// Share of a fitted rule's smoothing taken, turn by turn, as one minus its agreement with
    /// its program on held-out records (`Rule::held_out`), the rest `fitted_smoothing`; never
    /// below `smoothing`. The bot's 1 gained 3.3 +- 4.4 points at the clock against the sparring
    /// partners' `tables planner margins`, and -1.0 +- 2.9 in F6.
    pub calibrated: f64,
    /// Share of each fitted rule's weight read with its program's own likeness in later turns
    /// and in its smoothing's spread, the rest with the described built-in's: a player's misses
    /// weigh the two. The bot's 0.5: +3.0 +- 3.6 points at the clock in F6 (1: -5.1 +- 3.8).
    pub orig_later: f64,
    /// Share of the turn's time the searching rules may be read in, from the turn's start: past
    /// it, a reading not yet remembered is the rule's likeness.
    pub reading_share: f64,
    /// The searching rules' budgets are divided by it when the model reads them (10 in the bot;
    /// 3 on one thread and 5 on two gained nothing at the clock).
    pub reading_divisor: usize,
    /// Share of a rule's probability spread over every move, so that a move it would not play
    /// is unlikely rather than impossible.
    pub smoothing: f64,
    /// Share of that spread laid like the rule's likeness (the picks of its kind of player), the
    /// rest like random picks: with `spread` 1 a move the rule missed is read as its player's
    /// near miss, and a rule smoothed at 0.5 does not take in random players.
    pub spread: f64,
    /// How the bot itself is assumed to play in later turns of a rollout.
    pub own: &'static Policy,
    /// Most joint splits of the hidden nights a rule is read at: the likeliest ones.
    pub rule_readings: usize,
    /// Styles of a smaller weight are left out of an opponent's prediction.
    pub negligible_weight: f64,
    /// The least probability a style gives a move it is seen to make: a likelihood is never 0.
    pub likelihood_floor: f64,
    /// At the last turn, each other daimyo's forecast tilted by exp(reply x its first-place
    /// share with the move against the others' forecasts) (0: none).
    pub reply: f64,
    /// Each other daimyo's current move in a rollout drawn at its own moves in the hidden
    /// nights of the rollout's world (1: at the splits drawn most often), not from its mean
    /// over the likeliest splits (0). The bot's 1 at the clock: +5.9 +- 4.7 points against
    /// `tables planner margins`, +10.8 +- 6.3 at the strongest table, +7.9 +- 5.2 in F6.
    pub world_moves: f64,
    /// The hidden nights read jointly (1): the first weighed also by each other daimyo's public
    /// day move after it, read at its own move in that night, and the second drawn at each
    /// daimyo's own move in the first; or each night alone at the mean over the first (0).
    pub joint_nights: f64,
}

/// The opponent model: styles with their prior weights.
pub const MODEL: ModelParams = ModelParams {
    styles: &[
        (Style::Picks { kind: Kind::Random, policy: Policy::UNIFORM }, 0.25),
        (Style::Picks { kind: Kind::PrunedMc, policy: likeness::PRUNED_MC }, 0.10),
        (Style::Picks { kind: Kind::FlatMc, policy: likeness::FLATMC }, 0.10),
        (Style::Picks { kind: Kind::Planner, policy: likeness::PLANNER }, 0.10),
        (Style::Rule { rule: Rule::Tables, later: likeness::TABLES }, 0.10),
        (Style::Rule { rule: Rule::Roles, later: likeness::ROLES }, 0.10),
        (Style::Rule { rule: Rule::Margins, later: likeness::MARGINS }, 0.10),
        (Style::Rule { rule: Rule::Greedy, later: likeness::GREEDY }, 0.05),
        (Style::Rule { rule: Rule::Knapsack, later: likeness::KNAPSACK }, 0.05),
        (Style::Rule { rule: Rule::LordRules, later: likeness::RULES }, 0.05),
    ],
    loyal: 0.05,
    searchers: 0.1,
    contestant: 0.3,
    fitted: 0.3,
    fitted_smoothing: 0.5,
    calibrated: 1.0,
    orig_later: 0.5,
    spread: 1.0,
    reading_share: 0.4,
    reading_divisor: searching::SCALE,
    smoothing: 0.05,
    own: &likeness::PRUNED_MC,
    rule_readings: 12,
    negligible_weight: 1e-6,
    likelihood_floor: 1e-300,
    reply: 10.0,
    world_moves: 1.0,
    joint_nights: 0.0,
};

/// The `loyal` rule as the model reads it: its likeness in later turns of a rollout.
pub const LOYAL: Style = Style::Rule { rule: Rule::Loyal, later: likeness::LOYAL };

/// The searching rules as the model reads them: their searches' likenesses in later turns.
pub const SEARCHING: [Style; 2] = [
    Style::Rule { rule: Rule::Planner, later: likeness::PLANNER },
    Style::Rule { rule: Rule::PrunedMc, later: likeness::PRUNED_MC },
];

/// The rules fitted to real programs' recorded moves as the model reads them: the described
/// rules' likenesses in later turns.
pub const FITTED: [Style; 2] = [
    Style::Rule { rule: Rule::TablesOdd, later: likeness::TABLES },
    Style::Rule { rule: Rule::MarginsOdd, later: likeness::MARGINS },
];

/// The same rules with their programs' own likenesses in later turns (`origlater`).
pub const FITTED_ORIG: [Style; 2] = [
    Style::Rule { rule: Rule::TablesOdd, later: likeness::ORIG_TABLES },
    Style::Rule { rule: Rule::MarginsOdd, later: likeness::ORIG_MARGINS },
];

/// The move model of five real 2014 contestants' moves pooled: a generic 2014 contestant.
pub const CONTESTANT: Style = Style::Moves {
    name: "contestant-moves",
    model: &contestants::CONTESTANT,
    later: contestants::CONTESTANT_LATER,
};

impl ModelParams {
    /// Every style the model reads, with its prior weight: `styles`, then `loyal`, the
    /// searching rules and the generic contestant's move model where their weights are over 0.
    pub fn all_styles(&self) -> impl Iterator<Item = (Style, f64)> + '_ {
        let loyal = (self.loyal > 0.0).then_some((LOYAL, self.loyal));
        let searching = SEARCHING.map(|s| (s, self.searchers));
        let searching = searching.into_iter().filter(|s| s.1 > 0.0);
        let contestant = (self.contestant > 0.0).then_some((CONTESTANT, self.contestant));
        let described = FITTED.map(|s| (s, self.fitted * (1.0 - self.orig_later)));
        let recorded = FITTED_ORIG.map(|s| (s, self.fitted * self.orig_later));
        let fitted = described.into_iter().chain(recorded).filter(|s| s.1 > 0.0);
        self.styles.iter().copied().chain(loyal).chain(searching).chain(contestant).chain(fitted)
    }
}

/// How the search spends its rollouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Pre-drawn moves per daimyo and phase that rollouts pick from (a power of two ≤ 256).
    pub pool: usize,
    /// Pre-drawn hidden-night worlds that rollouts pick from (each round draws one). Every
    /// candidate of a search is judged on these worlds only, so their number bounds how close
    /// the estimates come to the model's own, however many rollouts are played.
    pub worlds: usize,
    /// How every daimyo is expected to play in rollouts.
    pub rivals: Rivals,
    /// How rollouts are shared among the candidate moves.
    pub allocation: Allocation,
    /// Whether, and how fast, the search learns the bot's own later moves from its rollouts
    /// (with a learnt model only).
    pub own: Option<OwnLearning>,
}

/// How the search learns the bot's own later moves (`search::own`): each phase of the halving but
/// the last is played in `stages` stages of equal share, and after each stage every weight of its
/// policy moves `rate` times the gradient of the win rate its rollouts measured, by at most
/// `max_step`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OwnLearning {
    pub rate: f64,
    pub max_step: f64,
    pub stages: usize,
}

/// How every daimyo is expected to play in rollouts, and who weighs the hidden nights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rivals {
    /// Independent picks for every daimyo on every turn, hidden nights included: a share
    /// `uniform` of them uniform over the lords, the rest in proportion to strength raised to
    /// `strength_power`.
    Prior { uniform: f64, strength_power: f64 },
    /// The model learnt in the game for the others' current move and their hidden nights. In
    /// later turns every daimyo reads the rollout's board: each other daimyo plays one of the
    /// policies of its styles, drawn per rollout by the model's weights, the bot its own. But
    /// every daimyo picks uniformly at random when the others' mean weight on uniform picks is
    /// over `gate`: the model then expects nothing the rollouts could use, and the bot's own
    /// policy would only set a skilled player against random ones.
    Learnt { model: ModelParams, gate: f64 },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allocation {
    /// Every candidate gets the same number of rollouts.
    Uniform,
    /// Sequential halving down to `keep` candidates, which then share what is left.
    Halving { keep: usize },
}

/// The most policies one daimyo may play in a search's later turns (the likeliest).
pub const MAX_LATER_POLICIES: usize = 16;

/// Candidates a search reports, best first.
pub const REPORTED_CANDIDATES: usize = 5;

/// The foundation search: flat Monte Carlo over every legal move, equal rollouts for each,
/// every daimyo from a fixed prior.
pub const FOUNDATION: SearchParams = SearchParams {
    pool: 256,
    worlds: 256,
    rivals: Rivals::Prior { uniform: 0.5, strength_power: 2.0 },
    allocation: Allocation::Uniform,
    own: None,
};

/// The bot: the others' moves and hidden nights from the model learnt in the game, sequential
/// halving over the candidates, its own later moves learnt from its rollouts, and enough
/// hidden-night worlds that the clock's millions of rollouts are not judged on a few hundred.
pub const BOT: SearchParams = SearchParams {
    worlds: 4096,
    // Over what real programs and one random player reach, under two random players (journal).
    rivals: Rivals::Learnt { model: MODEL, gate: 0.3 },
    allocation: Allocation::Halving { keep: 4 },
    own: Some(OwnLearning { rate: 10.0, max_step: 0.5, stages: 2 }),
    ..FOUNDATION
};

/// Uniformly random picks for every daimyo: the yardstick the hidden-night posterior is
/// measured against.
pub const UNIFORM_PICKS: Rivals = Rivals::Prior { uniform: 1.0, strength_power: 0.0 };
