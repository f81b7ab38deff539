//! The bot: what it knows fed to the Monte Carlo search under the clock.

use crate::agent::{Agent, Candidate, Report, StyleWeights};
use crate::knowledge::Tracker;
use crate::params::{self, Rivals, Search as Params, UNIFORM_PICKS};
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

impl Bot {
    /// The learnt model's styles by label, with each other daimyo's weight on each.
    fn styles(&self, res: &SearchResult) -> Vec<StyleWeights> {
        let (Rivals::Learnt { model, .. }, Some(o)) = (&self.params.rivals, &res.opponents) else {
            return Vec::new();
        };
        let styles = model.styles.iter().enumerate();
        styles
            .map(|(k, (style, _))| StyleWeights {
                label: style.label().to_string(),
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
            styles: self.styles(res),
            nights: res.nights.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::Table;
    use crate::players;
    use crate::rules::{DAIMYO, Row};

    /// The bot in seat 0 against `greedy`, `random` and `greedy`, up to turn `upto`, and the
    /// bot's report on its move of that turn.
    fn played(upto: u8) -> (Table, Report) {
        let budget = Budget { rollouts: Some(2_000), no_clock: true, ..Budget::default() };
        let mut agents: [Box<dyn Agent>; DAIMYO] =
            ["bot", "greedy", "random", "greedy"].map(|n| players::agent(n, budget).unwrap());
        let st = crate::rules::strengths_from_seed(3);
        for (i, a) in agents.iter_mut().enumerate() {
            a.new_game(st, i as u64);
        }
        let mut t = Table::new(st);
        while t.state.turn < upto {
            t.play_agents(&mut agents);
        }
        agents[0].act(&t.known[0], std::time::Instant::now());
        (t, agents[0].report().expect("the bot reports"))
    }

    #[test]
    fn the_report_names_the_rivals_styles_and_guesses_the_hidden_nights() {
        let (t, r) = played(5);
        assert_eq!(r.styles.len(), params::MODEL.styles.len());
        for c in 0..3 {
            let total: f64 = r.styles.iter().map(|s| s.weights[c]).sum();
            assert!((total - 1.0).abs() < 1e-9, "column {}: {total}", c + 1);
        }
        let weight = |label: &str, c: usize| {
            r.styles.iter().find(|s| s.label == label).map(|s| s.weights[c]).unwrap()
        };
        assert!(weight("greedy", 0) > 0.9 && weight("greedy", 2) > 0.9, "{:?}", r.styles);
        assert!(weight("greedy", 1) < 0.1, "the random player is not greedy: {:?}", r.styles);
        // At turn 5 nights 2 and 4 are hidden with known totals: the guesses are the likeliest
        // splits of the posterior the search drew its worlds from.
        let pos = t.known[0].position();
        let post = night_posteriors(pos, &params::BOT.rivals);
        assert_eq!(post.len(), 2);
        assert_eq!(r.nights.iter().map(|n| n.turn).collect::<Vec<_>>(), [2, 4]);
        for (guess, (turn, dist)) in r.nights.iter().zip(&post) {
            assert_eq!(guess.turn, *turn);
            let best = dist.iter().map(|d| d.1).fold(0.0, f64::max);
            assert_eq!(guess.probability, best);
            let h = pos.hidden.iter().flatten().find(|h| h.turn == *turn).unwrap();
            let sum = guess.split.iter().fold(Row::ZERO, |a, &r| a.add(r));
            assert_eq!(Some(sum), h.others, "the split adds up to the known total");
        }
    }
}
