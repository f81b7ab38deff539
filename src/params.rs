//! Every tunable of the bot in one place, named for what it means, and the named presets that
//! `daimyo play`, the arena, `--help` and the bench know.

use crate::model::{ModelParams, Style};
use crate::policy::Policy;
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
    /// Every daimyo reads the rollout's board at every turn: each other daimyo plays one of the
    /// policies of its styles, drawn per rollout by the model's weights, the bot its own. But as
    /// `Uniform` when the others' mean weight on uniform picks is over `gate`: the model then
    /// expects nothing the rollouts could use, and the bot's own policy would only set a skilled
    /// player against random ones.
    Policy { gate: Option<f64> },
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
    rivals: Rivals::Learnt { model: MODEL, later: Later::Policy { gate: Some(0.5) } },
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

/// Board-reading likenesses of kinds of players: the policy that best explains each built-in's
/// moves, fitted by `daimyo fit` to 400 games (3,600 moves) of it in a mixed table
/// (`daimyo fit --seeds 100 pruned-mc tables flatmc roles`, and `margins greedy knapsack rules`;
/// `planner tables roles margins` for planner).
#[rustfmt::skip]
pub mod likeness {
    use crate::policy::Policy;
    pub const GREEDY: Policy = Policy { strength: 0.966, lead: [[-0.06, 0.15, 0.08, -0.31, 0.14, -0.16, 0.04, 0.11, -0.04], [-0.62, 0.43, 0.12, -0.58, 0.35, 0.56, 0.10, -0.04, 0.05], [0.23, 0.20, -0.02, -0.55, -0.23, -0.05, -0.05, 0.68, -0.29]], floor: [[-0.31, 0.04, -0.01, -0.23, 0.26, 0.59, -0.15, -0.25, -0.01], [-0.13, -0.21, -0.81, -0.69, -1.03, 1.00, 0.54, 0.81, 0.87], [-0.80, -0.14, -0.17, -0.30, 0.27, 0.42, 0.15, 0.07, 0.42]] };
    pub const KNAPSACK: Policy = Policy { strength: -0.056, lead: [[0.96, 0.24, 0.22, -0.87, 0.28, -1.58, -0.60, 0.00, 0.00], [-0.55, 1.51, 0.13, 0.81, -0.46, -0.60, 0.00, 0.00, 0.00], [0.33, 0.28, 0.05, 0.81, 0.03, -0.86, -0.14, 0.00, 0.00]], floor: [[0.04, 0.00, -0.29, -0.78, 0.71, 0.03, -0.00, -0.31, -0.76], [0.27, 0.00, 0.00, 0.27, 0.95, -0.99, -0.05, 0.43, -0.05], [0.00, 0.00, 0.22, 0.90, 0.88, 0.27, -0.27, -0.24, -1.27]] };
    pub const RULES: Policy = Policy { strength: 0.003, lead: [[-0.10, 0.41, 0.48, -0.67, 0.09, -0.88, -1.09, -0.16, 0.00], [-0.15, 0.93, 1.53, 0.31, 0.37, -0.86, -0.06, -0.10, 0.00], [0.15, -0.70, 0.65, 0.96, 0.44, -1.43, -0.11, 0.00, 0.00]], floor: [[-0.06, 1.51, 0.10, -0.57, -0.50, -0.45, -0.14, -0.18, -1.64], [0.86, 0.56, 0.64, 0.03, 1.18, -0.22, -0.77, 0.05, -0.36], [0.00, 1.26, 0.00, 1.09, 0.38, -0.20, -0.46, -0.57, -1.53]] };
    pub const TABLES: Policy = Policy { strength: 0.487, lead: [[-1.09, 0.04, 0.74, 0.85, 0.13, -0.43, -1.17, -1.32, -1.63], [-0.40, -0.39, -0.18, 0.71, 1.04, 0.87, 0.26, -0.64, -1.07], [-0.09, -0.07, 0.23, 0.56, 1.47, 1.51, 0.70, 0.17, -0.69]], floor: [[0.67, -0.18, -0.65, -1.53, -0.26, -0.53, -0.44, -0.19, -0.75], [0.53, 0.93, 1.12, 0.50, 0.42, -1.54, -0.79, -0.47, -0.50], [1.39, 1.27, 0.90, 0.80, 1.16, -1.44, -0.62, 0.19, 0.13]] };
    pub const ROLES: Policy = Policy { strength: 0.393, lead: [[-0.33, 0.25, 0.73, 0.73, 0.94, 0.67, 0.08, -0.44, -1.04], [-0.60, 0.38, 0.84, 1.16, 0.77, 0.48, -0.49, -0.96, -1.02], [-0.66, 0.08, 0.20, 1.04, 0.65, 0.87, -1.06, -1.63, -1.57]], floor: [[-0.78, -0.43, 0.64, 0.56, -0.15, 0.27, 0.49, 0.60, 0.41], [-0.39, -0.06, 0.43, 0.06, -0.58, -0.46, 0.10, 0.60, 0.87], [-0.92, -0.27, 0.13, -0.37, -0.84, -0.11, 0.25, 0.18, -0.12]] };
    pub const MARGINS: Policy = Policy { strength: 0.488, lead: [[-1.27, -1.16, 0.69, 1.14, 0.57, 0.42, 0.58, -0.70, -0.19], [-1.11, 0.15, 0.55, -0.01, 0.64, 0.53, 0.25, 0.42, 0.00], [-0.35, -0.43, 0.71, 0.79, 0.53, 0.84, -1.71, -1.66, -0.11]], floor: [[-0.85, -0.57, -0.45, -0.86, 0.67, 0.94, 0.79, 0.54, -0.13], [-0.49, -0.43, 0.30, 1.43, -1.34, 0.87, 0.24, 0.10, 0.76], [-1.62, -0.94, -0.79, 0.97, 0.49, -0.24, 0.23, 0.56, -0.05]] };
    pub const PRUNED_MC: Policy = Policy { strength: 0.067, lead: [[0.58, 1.34, 1.42, 1.33, 1.34, 0.88, -0.07, -0.53, -0.55], [0.53, 0.92, 1.20, 1.28, 1.06, 0.06, -0.66, -0.60, -0.39], [-1.08, -0.92, 0.01, 0.24, -0.83, -1.04, -1.95, -1.90, -1.65]], floor: [[-0.75, 0.14, 0.48, 0.80, 1.21, 1.55, 0.99, 0.96, 0.36], [-0.91, 0.07, 0.74, 1.22, 0.89, 0.71, 0.35, 0.30, 0.03], [-1.56, -1.24, -0.33, -0.56, -0.79, -0.61, -1.29, -1.08, -1.65]] };
    pub const PLANNER: Policy = Policy { strength: 0.448, lead: [[-0.43, 0.13, 0.37, 0.26, 0.58, 0.37, -0.18, -0.59, -0.51], [-0.61, -0.00, 0.11, 0.36, 0.61, 0.06, -0.17, -0.45, -0.29], [-0.79, -0.43, 0.34, 0.49, 0.87, 0.72, 0.33, -0.66, -0.41]], floor: [[-0.67, -0.13, 0.07, 0.47, 0.60, 0.48, 0.18, -0.24, -0.74], [-0.36, -0.02, -0.03, 0.61, 0.70, -0.20, -0.29, -0.40, -0.38], [-0.40, 0.62, 0.78, 1.00, 0.77, -0.05, -0.44, -0.79, -1.03]] };
    pub const FLATMC: Policy = Policy { strength: 0.844, lead: [[-0.76, -0.40, -0.30, -0.21, -0.20, -0.33, -0.30, -0.36, -0.64], [-0.20, 0.18, 0.35, 0.53, 0.48, 0.31, -0.07, -0.69, -0.41], [-0.21, 0.45, 0.65, 0.71, 0.89, 0.54, 0.40, -0.13, -0.06]], floor: [[-0.69, -0.06, -0.14, -0.22, -0.24, 0.02, -0.45, -0.67, -1.06], [-0.19, -0.04, 0.35, 0.83, 0.45, 0.19, 0.06, -0.22, -0.96], [-0.08, 0.09, 1.12, 1.17, 0.70, 0.57, 0.35, 0.03, -0.72]] };
}

/// The opponent model: styles with their prior weights (see `model`).
pub const MODEL: ModelParams = ModelParams {
    styles: &[
        (Style::Policy { name: "random", policy: Policy::UNIFORM }, 0.25),
        (Style::Policy { name: "pruned-mc", policy: likeness::PRUNED_MC }, 0.10),
        (Style::Policy { name: "flatmc", policy: likeness::FLATMC }, 0.10),
        (Style::Policy { name: "planner", policy: likeness::PLANNER }, 0.10),
        (Style::Strategy { rule: Fixed::Tables, later: likeness::TABLES }, 0.10),
        (Style::Strategy { rule: Fixed::Roles, later: likeness::ROLES }, 0.10),
        (Style::Strategy { rule: Fixed::Margins, later: likeness::MARGINS }, 0.10),
        (Style::Strategy { rule: Fixed::Greedy, later: likeness::GREEDY }, 0.05),
        (Style::Strategy { rule: Fixed::Knapsack, later: likeness::KNAPSACK }, 0.05),
        (Style::Strategy { rule: Fixed::Rules, later: likeness::RULES }, 0.05),
    ],
    smoothing: 0.05,
    own: &likeness::PRUNED_MC,
};
