//! The bot: what it knows fed to the Monte Carlo search under the clock.

use crate::agent::{Agent, Candidate, Report};
use crate::knowledge::Tracker;
use crate::params::{self, Search as Params};
use crate::rules::{LORDS, Move};
use crate::search::{SearchResult, night_posteriors, reveal_agreement, search};
use crate::timeman::Limits;
use std::time::Instant;

pub struct Bot {
    name: &'static str,
    params: Params,
    time_ms: Option<u64>,
    rollouts: Option<u64>,
    seed: u64,
    last: Option<SearchResult>,
    /// The turn-5 posterior over nights 2 and 4 (the model's, and uniform picks' for scale),
    /// kept to be checked against the turn-6 reveal.
    nights5: Option<[Posterior; 2]>,
    /// Posterior mass on what turn 6 revealed: the model's and uniform picks'.
    reveal: Option<(f64, f64)>,
}

type Posterior = crate::search::NightPosteriors;

impl Bot {
    pub fn new(
        name: &'static str,
        params: Params,
        time_ms: Option<u64>,
        rollouts: Option<u64>,
    ) -> Bot {
        Bot { name, params, time_ms, rollouts, seed: 0, last: None, nights5: None, reveal: None }
    }
}

/// The bot and its variants: name, what it is, its search parameters.
pub const VARIANTS: &[(&str, &str, Params)] = &[
    ("bot", "the default: mc1-gated with sequential halving", params::BOT),
    (
        "mc1",
        "the foundation search, kept as a yardstick: flat Monte Carlo, equal rollouts",
        params::FOUNDATION,
    ),
    (
        "mc1-model",
        "mc1 with the opponent model learnt in the game in its rollouts",
        params::WITH_MODEL,
    ),
    (
        "mc1-nights",
        "mc1-model with the learnt model weighting the hidden nights too",
        params::WITH_NIGHTS,
    ),
    ("mc1-now", "mc1-nights with uniformly random play after the current turn", params::NOW_ONLY),
    ("mc1-flat", "mc1 with uniformly random play everywhere: no model at all", params::FLAT),
    (
        "mc1-strat",
        "mc1-nights predicting the others' current move by their own searches too",
        params::STRATEGIC,
    ),
    (
        "mc1-later",
        "mc1-nights with uniform picks instead of recognised fixed strategies after this turn",
        params::LATER,
    ),
    (
        "mc1-gated",
        "mc1-later with uniformly random later turns when the others look mostly random",
        params::GATED,
    ),
];

/// The bot or one of its variants by name, configured by the player options.
pub fn by_name(name: &str, time_ms: Option<u64>, rollouts: Option<u64>) -> Option<Box<dyn Agent>> {
    let &(name, _, params) = VARIANTS.iter().find(|v| v.0 == name)?;
    Some(Box::new(Bot::new(name, params, time_ms, rollouts)))
}

impl Agent for Bot {
    fn name(&self) -> String {
        self.name.into()
    }

    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.seed = seed;
    }

    fn act(&mut self, known: &Tracker, started: Instant) -> Move {
        let limits = Limits::for_turn(started, self.time_ms, self.rollouts);
        let pos = *known.position();
        self.reveal = None;
        if pos.turn == 5 {
            let uniform = Params { prior_uniform: 1.0, learned: None, ..self.params };
            self.nights5 =
                Some([night_posteriors(&pos, &self.params), night_posteriors(&pos, &uniform)]);
        } else if let (6, Some([model, uniform]), Some(h5), Some(h6)) =
            (pos.turn, &self.nights5, pos.history[5], pos.history[6])
        {
            let delta: Option<Vec<_>> = (1..4).map(|c| h6[c].checked_sub(h5[c])).collect();
            if let Some(d) = delta {
                self.reveal = reveal_agreement(model, uniform, [d[0], d[1], d[2]]);
            }
        }
        let seed = self.seed ^ (pos.turn as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        let res = search(&pos, &self.params, &limits, seed);
        let best = res.best;
        self.last = Some(res);
        best
    }

    fn report(&self) -> Option<Report> {
        let res = self.last.as_ref()?;
        let candidates = res.ranked.iter().take(5);
        let candidates = candidates.map(|(mv, t)| Candidate {
            mv: *mv,
            win: t.win_rate(),
            margin: t.mean_margin(),
            rollouts: t.rollouts,
        });
        Some(Report {
            rollouts: res.rollouts,
            candidates: candidates.collect(),
            reveal: self.reveal,
        })
    }
}
