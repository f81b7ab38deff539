//! The bot: what it knows fed to the Monte Carlo search under the clock.

use crate::engine::agent::{Agent, Candidate, Report, StyleWeights};
use crate::engine::knowledge::Tracker;
use crate::engine::params::{REPORTED_CANDIDATES, Rivals, Search as Params, UNIFORM_PICKS};
use crate::engine::rules::{LORDS, Move};
use crate::engine::search::{
    NightPosteriors, SearchResult, night_posteriors, reveal_agreement, search,
};
use crate::engine::timeman::{Budget, Limits};
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
}

impl Bot {
    /// The learnt model's styles by label, with each other daimyo's weight on each.
    fn styles(&self, res: &SearchResult) -> Vec<StyleWeights> {
        let (Rivals::Learnt { model, .. }, Some(o)) = (&self.params.rivals, &res.opponents) else {
            return Vec::new();
        };
        let styles = model.styles.iter().enumerate();
        styles
            .map(|(k, (style, _))| StyleWeights {
                label: style.name().to_string(),
                weights: std::array::from_fn(|c| o.weights[c + 1][k]),
            })
            .collect()
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
        let candidates = res.ranked.iter().take(REPORTED_CANDIDATES);
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
            styles: self.styles(res),
            nights: res.nights.clone(),
        })
    }
}
