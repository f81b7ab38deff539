//! Every tunable of the bot in one block, named for what it means.

use crate::model::{FEATURES, ModelParams, Style};
use crate::strategies::Fixed;

/// Time and rollout budgeting.
pub mod time {
    /// Default time for an answer, from the arrival of the turn's first byte. The manager allows
    /// 1000 ms; the rest is margin for a loaded machine, process scheduling and the pipe.
    pub const DEFAULT_MS: u64 = 700;
    /// Never plan to end the search later than this after the turn began, whatever was asked.
    pub const HARD_CAP_MS: u64 = 900;
}

/// How the search spends its rollouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// Pre-drawn moves per daimyo and phase that rollouts pick from (a power of two ≤ 256).
    pub pool: usize,
    /// Pre-drawn hidden-night worlds that rollouts pick from (a power of two ≤ 256).
    pub worlds: usize,
    /// Opponent prior for each pick: this share uniform over the lords ...
    pub prior_uniform: f64,
    /// ... the rest proportional to strength raised to this power.
    pub prior_strength_power: f64,
    /// How rollouts are shared among the candidate moves.
    pub allocation: Allocation,
    /// Opponents (and the hidden-night posterior) from a model learnt during the game, or
    /// `None` for the fixed prior above.
    pub learned: Option<ModelParams>,
    /// Whether the hidden-night posterior is weighted by the learnt model too (otherwise by the
    /// fixed prior).
    pub learned_nights: bool,
    /// Share of every daimyo's moves on turns after the current one that rollouts play
    /// uniformly at random; the rest come from the same model as the current turn.
    pub future_uniform: f64,
    /// Whether, on turns after the current one, the others' fixed-strategy styles are replaced by
    /// uniform picks (a strategy read at today's board does not predict later boards).
    pub later_strategies_uniform: bool,
    /// If the others' mean weight on uniform picks for later turns (fixed strategies counted as
    /// uniform, as above) is over this, every daimyo's later turns, the bot's own included, are
    /// played uniformly at random: the model then expects nothing the rollouts could use, and
    /// the bot's own pick rule would only set a skilled player against random ones.
    pub later_uniform_above: Option<f64>,
    /// Whether the others' current move is also predicted by a small search from each one's
    /// own point of view (strong players play strong moves).
    pub strategic: Option<Strategic>,
}

/// The others' current move from their own point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strategic {
    /// Rollouts of each other daimyo's search (uniformly random playouts, like flat Monte Carlo).
    pub rollouts: u64,
    /// Its best moves kept as predictions ...
    pub top: usize,
    /// ... weighted by exp(-(best win rate - win rate) / temperature) ...
    pub temperature: f64,
    /// ... and this share of the others' current moves in rollouts comes from them (the rest
    /// from the learnt model).
    pub weight: f64,
    /// Not attempted with less time than this left before the deadline.
    pub min_ms_left: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allocation {
    /// Every candidate gets the same number of rollouts.
    Uniform,
    /// Sequential halving down to `keep` candidates, which then share what is left.
    Halving { keep: usize },
}

/// The foundation search: flat Monte Carlo over every legal move, equal rollouts for each.
pub const FOUNDATION: Search = Search {
    pool: 256,
    worlds: 256,
    prior_uniform: 0.5,
    prior_strength_power: 2.0,
    allocation: Allocation::Uniform,
    learned: None,
    learned_nights: false,
    future_uniform: 0.0,
    later_strategies_uniform: false,
    later_uniform_above: None,
    strategic: None,
};

/// The search each other daimyo is credited with when predicting its move: flat Monte Carlo
/// with uniformly random playouts.
pub const OPPONENT_SEARCH: Search = Search { prior_uniform: 1.0, ..FOUNDATION };

/// The foundation with the learnt opponent model in its rollouts.
pub const WITH_MODEL: Search = Search { learned: Some(MODEL), ..FOUNDATION };

/// ... and the learnt model weighting the hidden nights as well.
pub const WITH_NIGHTS: Search = Search { learned_nights: true, ..WITH_MODEL };

/// The learnt model for the others' current move only; later turns uniformly random.
pub const NOW_ONLY: Search = Search { future_uniform: 1.0, ..WITH_NIGHTS };

/// The learnt model plus each other daimyo's own best moves for its current move.
pub const STRATEGIC: Search = Search {
    strategic: Some(Strategic {
        rollouts: 60_000,
        top: 8,
        temperature: 0.03,
        weight: 0.5,
        min_ms_left: 200,
    }),
    ..WITH_NIGHTS
};

/// No model at all: uniformly random play everywhere (flat Monte Carlo on this engine, with
/// the hidden nights drawn consistently with their totals).
pub const FLAT: Search = Search { prior_uniform: 1.0, ..FOUNDATION };

/// The learnt model for every turn, except that after the current turn a fixed strategy the
/// model recognised in a daimyo gives way to uniform picks.
pub const LATER: Search = Search { later_strategies_uniform: true, ..WITH_NIGHTS };

/// The later-turn model, unless the others look mostly like random players: then uniformly
/// random later turns for every daimyo.
pub const GATED: Search = Search { later_uniform_above: Some(0.5), ..LATER };

/// The bot: the others' moves and their hidden nights from the model learnt in the game (fixed
/// strategies only for the current turn; later turns uniformly random if the others look mostly
/// random), sequential halving over the candidates.
pub const BOT: Search = Search { allocation: Allocation::Halving { keep: 4 }, ..GATED };

/// The opponent model: styles with their prior weights (see `model`).
pub const MODEL: ModelParams = ModelParams {
    styles: &[
        (Style::Picks([0.0; FEATURES]), 0.30),
        (Style::Picks([1.0, 0.0, 0.0, 0.0, 0.0]), 0.10),
        (Style::Picks([0.5, -0.8, -0.6, 0.8, 0.6]), 0.15),
        (Style::Picks([0.5, -0.8, 0.6, 0.8, 0.0]), 0.10),
        (Style::Strategy(Fixed::Greedy), 0.10),
        (Style::Strategy(Fixed::Knapsack), 0.10),
        (Style::Strategy(Fixed::Rules), 0.15),
    ],
    smoothing: 0.05,
    own: Style::Picks([0.5, -0.8, -0.6, 0.8, 0.6]),
};
