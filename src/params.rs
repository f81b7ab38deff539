//! Every tunable of the bot in one place, named for what it means, and the named presets that
//! `daimyo play`, the arena, `--help` and the bench know.

use crate::model::{FEATURES, ModelParams, Style};
use crate::strategies::Fixed;

/// Time, rollout and thread budgeting.
pub mod time {
    /// Default time for an answer, from the arrival of the turn's first byte. The manager allows
    /// 1000 ms; the rest is margin for a loaded machine, process scheduling and the pipe.
    pub const DEFAULT_MS: u64 = 750;
    /// Never plan to end the search later than this after the turn began, whatever was asked.
    pub const HARD_CAP_MS: u64 = 900;
    /// Rollouts of one thread between two readings of the clock: with the round under way, the
    /// most a thread runs past its deadline (about 0.1 ms at 200 ns a rollout, and still well
    /// under a millisecond at several times that), against a reading of the clock that costs
    /// about as much as a tenth of one rollout.
    pub const CLOCK_EVERY: u64 = 256;
    /// Rollouts a search thread claims at a time, in whole rounds (at least one): few enough that
    /// threads finish a stage of the search within a batch of each other, enough that the claims
    /// cost nothing beside the rollouts.
    pub const BATCH_ROLLOUTS: u64 = 256;
    /// The most threads a search uses, whatever was asked.
    pub const MAX_THREADS: usize = 64;
}

/// How the search spends its rollouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    /// Pre-drawn moves per daimyo and phase that rollouts pick from (a power of two ≤ 256).
    pub pool: usize,
    /// Pre-drawn hidden-night worlds that rollouts pick from (a power of two ≤ 256).
    pub worlds: usize,
    /// How every daimyo is expected to play in rollouts.
    pub rivals: Rivals,
    /// How rollouts are shared among the candidate moves.
    pub allocation: Allocation,
}

/// How every daimyo is expected to play in rollouts, and who weighs the hidden nights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rivals {
    /// Independent picks for every daimyo on every turn, hidden nights included: a share
    /// `uniform` of them uniform over the lords, the rest in proportion to strength raised to
    /// `strength_power`.
    Prior { uniform: f64, strength_power: f64 },
    /// The model learnt in the game for the others' current move and their hidden nights;
    /// every daimyo's later turns as `later` says.
    Learnt { model: ModelParams, later: Later },
}

/// Turns after the current one, in rollouts of a learnt model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Later {
    /// Uniformly random for every daimyo.
    Uniform,
    /// From the model, except that a fixed strategy recognised in a daimyo gives way to uniform
    /// picks (read at today's board, it says nothing of later boards); the bot's own from the
    /// model's `own` pick rule. But as `Uniform` when the others' mean weight on uniform picks
    /// is over `gate`: the model then expects nothing the rollouts could use, and the bot's own
    /// pick rule would only set a skilled player against random ones.
    Model { gate: Option<f64> },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allocation {
    /// Every candidate gets the same number of rollouts.
    Uniform,
    /// Sequential halving down to `keep` candidates, which then share what is left.
    Halving { keep: usize },
}

/// The foundation search: flat Monte Carlo over every legal move, equal rollouts for each,
/// every daimyo from a fixed prior.
pub const FOUNDATION: Search = Search {
    pool: 256,
    worlds: 256,
    rivals: Rivals::Prior { uniform: 0.5, strength_power: 2.0 },
    allocation: Allocation::Uniform,
};

/// The bot: the others' moves and their hidden nights from the model learnt in the game (fixed
/// strategies only for the current turn; later turns uniformly random if the others look mostly
/// random), sequential halving over the candidates.
pub const BOT: Search = Search {
    rivals: Rivals::Learnt { model: MODEL, later: Later::Model { gate: Some(0.5) } },
    allocation: Allocation::Halving { keep: 4 },
    ..FOUNDATION
};

/// Uniformly random picks for every daimyo: the yardstick the hidden-night posterior is
/// measured against.
pub const UNIFORM_PICKS: Rivals = Rivals::Prior { uniform: 1.0, strength_power: 0.0 };

/// A named search, as `daimyo play NAME`, the arena and the bench know it.
pub struct Preset {
    pub name: &'static str,
    pub about: &'static str,
    pub search: Search,
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "bot",
        about: "the Monte Carlo search with the opponent model (what daimyo plays)",
        search: BOT,
    },
    Preset {
        name: "mc1",
        about: "the foundation search, kept as a yardstick: fixed opponent prior, equal rollouts",
        search: FOUNDATION,
    },
];

pub fn preset(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

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
