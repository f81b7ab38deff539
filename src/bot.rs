//! The bot: what it knows fed to the Monte Carlo search under the clock.

use crate::agent::{Agent, Candidate, Report};
use crate::knowledge::Tracker;
use crate::params::{self, Search as Params, UNIFORM_PICKS};
use crate::rules::{LORDS, Move};
use crate::search::{NightPosteriors, SearchResult, night_posteriors, reveal_agreement, search};
use crate::timeman::{Budget, Limits};
use std::time::Instant;

pub struct Bot {
    name: &'static str,
    params: Params,
    budget: Budget,
    seed: u64,
    last: Option<SearchResult>,
    /// The turn-5 posterior over nights 2 and 4 (the model's, and uniform picks' for scale),
    /// kept to be checked against the turn-6 reveal.
    nights5: Option<[NightPosteriors; 2]>,
    /// Posterior mass on what turn 6 revealed: the model's and uniform picks'.
    reveal: Option<(f64, f64)>,
}

impl Bot {
    pub fn new(name: &'static str, params: Params, budget: Budget) -> Bot {
        Bot { name, params, budget, seed: 0, last: None, nights5: None, reveal: None }
    }

    /// The bot as one of the named presets.
    pub fn preset(name: &str, budget: Budget) -> Option<Bot> {
        params::preset(name).map(|p| Bot::new(p.name, p.search, budget))
    }
}

impl Agent for Bot {
    fn name(&self) -> String {
        self.name.into()
    }

    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.seed = seed;
    }

    fn act(&mut self, known: &Tracker, started: Instant) -> Move {
        let limits = Limits::for_turn(started, &self.budget);
        let pos = known.position();
        self.reveal = None;
        if pos.turn == 5 {
            let model = night_posteriors(pos, &self.params.rivals);
            self.nights5 = Some([model, night_posteriors(pos, &UNIFORM_PICKS)]);
        } else if let (6, Some([model, uniform]), Some(h5), Some(h6)) =
            (pos.turn, &self.nights5, pos.history[5], pos.history[6])
        {
            let delta: Option<Vec<_>> = (1..4).map(|c| h6[c].checked_sub(h5[c])).collect();
            if let Some(d) = delta {
                self.reveal = reveal_agreement(model, uniform, [d[0], d[1], d[2]]);
            }
        }
        let seed = self.seed ^ (pos.turn as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        let res = search(pos, &self.params, &limits, seed);
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
