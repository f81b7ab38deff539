//! Every tunable of the engine in one place, named for what it means: the clock, the opponent
//! model, and how the search spends its rollouts; and the two searches the workshop names (the
//! bot and the foundation search).

use crate::policy::Policy;
use crate::styles::field::{Component, Field};
use crate::styles::{likeness, searching};

mod tunables;
pub use tunables::{Scale, TUNABLES, Tunable, tuned};

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

/// The opponent model (see `model`): the mixture it reads (`field`, data) and how it reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelParams {
    /// The components of the mixture, each with its prior weight and smoothing: the described
    /// ones compiled in, the learnt ones from a field file (`styles::field`).
    pub field: Field,
    /// Share of the turn's time the searching rules may be read in, from the turn's start: past
    /// it, a reading not yet remembered is the rule's likeness.
    pub reading_share: f64,
    /// The searching rules' budgets are divided by it when the model reads them
    /// (docs/findings.md, "The settings as they stand").
    pub reading_divisor: usize,
    /// How the bot itself is assumed to play in later turns of a rollout.
    pub own: &'static Policy,
    /// Most joint splits of the hidden nights a rule is read at: the likeliest ones.
    pub rule_readings: usize,
    /// Components of a smaller weight are left out of an opponent's prediction.
    pub negligible_weight: f64,
    /// The least probability a component gives a move it is seen to make: a likelihood is
    /// never 0. A learnt player's move model always keeps a share (a field file whose rules'
    /// shares add up to 1 is refused), so only a rule of smoothing 0, at a move it does not
    /// play, or weights that make a move rarer than it, meet the floor.
    pub likelihood_floor: f64,
    /// At the last turn, each other daimyo's forecast tilted by exp(reply x its first-place
    /// share with the move against the others' forecasts) (0: none).
    pub reply: f64,
    /// Each other daimyo's current move in a rollout drawn at its own moves in the hidden
    /// nights of the rollout's world (at the splits drawn most often), not from its mean over
    /// the likeliest splits (docs/findings.md, "The bot against the built-ins").
    pub world_moves: bool,
    /// The hidden nights read jointly, per component of each other daimyo's mixture: the first
    /// with its public day move after it, read at its own move in that night, and the second
    /// drawn at each daimyo's own move in the first; not: each night alone at the mean over the
    /// first (docs/findings.md, "The field learnt from its games").
    pub joint_nights: bool,
    /// After each public day move read, each other daimyo's weights are brought back this share
    /// of the way to the prior (fixed share: a player no component describes is never read as
    /// one of them for good); 0: Bayes' rule alone.
    pub forget: f64,
    /// With `forget`: the prior share of the hypothesis that a daimyo is read by fixed share,
    /// against Bayes' rule alone, each then weighed by how well it foresaw the day moves
    /// (`model::weights::Reading`); 1: fixed share alone.
    pub doubt: f64,
}

impl ModelParams {
    /// The model that reads `field`.
    pub const fn of(field: Field) -> ModelParams {
        ModelParams {
            field,
            reading_share: 0.4,
            reading_divisor: searching::SCALE,
            own: &likeness::PRUNED_MC,
            rule_readings: 12,
            negligible_weight: 1e-6,
            likelihood_floor: 1e-300,
            reply: 10.0,
            world_moves: true,
            joint_nights: true,
            forget: 0.0,
            doubt: 1.0,
        }
    }

    /// Every component the model reads, in order.
    pub fn components(&self) -> std::slice::Iter<'static, Component> {
        self.field.iter()
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
    /// The model of the others, read in the game, for their current move and their hidden
    /// nights. In later turns every daimyo reads the rollout's board: each other daimyo plays one of the
    /// policies of its styles, drawn per rollout by the model's weights, the bot its own. But
    /// every daimyo picks uniformly at random when the others' mean weight on uniform picks is
    /// over `gate`: the model then expects nothing the rollouts could use, and the bot's own
    /// policy would only set a skilled player against random ones.
    Modelled { model: ModelParams, gate: f64 },
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

/// The bot, reading `field`: the others' moves and hidden nights from the model learnt in the
/// game, sequential halving over the candidates, its own later moves learnt from its rollouts,
/// and enough hidden-night worlds that the clock's millions of rollouts are not judged on a few
/// hundred.
pub const fn bot(field: Field) -> SearchParams {
    SearchParams {
        worlds: 4096,
        // Over what real programs and one random player reach, under two random players.
        rivals: Rivals::Modelled { model: ModelParams::of(field), gate: 0.3 },
        allocation: Allocation::Halving { keep: 4 },
        own: Some(OwnLearning { rate: 10.0, max_step: 0.5, stages: 2 }),
        ..FOUNDATION
    }
}

/// Uniformly random picks for every daimyo: the yardstick the hidden-night posterior is
/// measured against.
pub const UNIFORM_PICKS: Rivals = Rivals::Prior { uniform: 1.0, strength_power: 0.0 };
