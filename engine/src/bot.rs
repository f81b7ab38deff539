//! The bot: one turn flows one way. What it knows (`knowledge`) goes to the opponent model,
//! learnt once per turn into a forecast (`model`); the forecast and the clock go to the search;
//! the search gives the move. What only `--verbose` and `--log` print (the others' styles, the
//! hidden nights' likeliest splits, how well the turn-5 posterior foresaw the turn-6 reveal) is
//! worked out in `report`, which the player calls after the answer has left.
//!
//! The search runs on worker threads the bot keeps for the game. If anything in the turn
//! panics, the bot still answers: from the search's tallies as they stood, or with the move of
//! `Rule::Tables` (the built-in `tables-described`), or lord 0.

use crate::agent::{Agent, Candidate, Report, StyleWeights};
use crate::knowledge::{Position, Tracker};
use crate::model::{Forecast, night_posteriors, reveal_agreement};
use crate::params::{REPORTED_CANDIDATES, Rivals, SearchParams as Params, UNIFORM_PICKS};
use crate::rules::{LORDS, Move};
use crate::search::{SearchResult, Searcher};
use crate::styles::Rule;
use crate::timeman::{Budget, Limits};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

/// A turn the bot has played: where, what it expected of the others, and what it found.
struct Played {
    pos: Position,
    forecast: Forecast,
    result: SearchResult,
}

pub struct Bot {
    name: &'static str,
    params: Params,
    budget: Budget,
    seed: u64,
    searcher: Option<Searcher>,
    last: Option<Played>,
    /// The position and forecast of turn 5, kept to be checked against the turn-6 reveal.
    turn5: Option<(Position, Forecast)>,
}

impl Bot {
    pub fn new(name: &'static str, params: Params, budget: Budget) -> Bot {
        Bot { name, params, budget, seed: 0, searcher: None, last: None, turn5: None }
    }

    /// The next turn's search injects `fault`, for the tests.
    #[cfg(test)]
    pub(crate) fn arm(&mut self, fault: crate::search::Fault) {
        let threads = self.budget.threads();
        self.searcher.get_or_insert_with(|| Searcher::new(threads)).arm(fault);
    }

    /// The search of one turn.
    fn think(&mut self, pos: &Position, started: Instant) -> Played {
        let limits = Limits::for_turn(started, &self.budget);
        let threads = self.budget.threads();
        let deadline = self.reading_deadline(&limits, started);
        let forecast = Forecast::on_threads(pos, &self.params.rivals, deadline, threads);
        let searcher = self.searcher.get_or_insert_with(|| Searcher::new(threads));
        let seed = self.seed ^ (pos.turn as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        let result = searcher.search(pos, &forecast, &self.params, &limits, seed);
        Played { pos: *pos, forecast, result }
    }

    /// Until when the model may read the searching rules: its share of the turn's time, with or
    /// without a rollout budget, since the clock is a wall; none without a clock (`--no-clock`),
    /// where play is the same on any machine and at any load.
    fn reading_deadline(&self, limits: &Limits, started: Instant) -> Option<Instant> {
        let Rivals::Modelled { model, .. } = self.params.rivals else { return None };
        let share = model.reading_share.clamp(0.0, 1.0);
        limits.deadline().map(|d| started + d.saturating_duration_since(started).mul_f64(share))
    }

    /// The learnt model's styles by name, with each other daimyo's weight on each.
    fn styles(forecast: &Forecast) -> Vec<StyleWeights> {
        let Forecast::Modelled(l) = forecast else { return Vec::new() };
        let styles = l.params.components().enumerate();
        styles
            .map(|(k, component)| StyleWeights {
                label: component.name.to_string(),
                weights: std::array::from_fn(|c| l.now.weights[c + 1][k]),
            })
            .collect()
    }

    /// At turn 6, when nights 2 and 4 are revealed: the probability the turn-5 posterior gave
    /// to what came out, and the probability uniformly random picks gave it.
    fn reveal(&self, pos: &Position) -> Option<(f64, f64)> {
        let (pos5, forecast5) = self.turn5.as_ref().filter(|_| pos.turn == 6)?;
        let (h5, h6) = (pos.history[5]?, pos.history[6]?);
        let d: Vec<_> = (1..4).map(|c| h6[c].checked_sub(h5[c])).collect::<Option<_>>()?;
        let model = night_posteriors(pos5, forecast5);
        let uniform = night_posteriors(pos5, &Forecast::new(pos5, &UNIFORM_PICKS, None));
        reveal_agreement(&model, &uniform, [d[0], d[1], d[2]])
    }
}

/// A legal move without the search: `Rule::Tables`'s, or lord 0 if even that fails.
fn fallback(pos: &Position) -> Move {
    catch_unwind(|| Rule::Tables.choose(pos)).unwrap_or_else(|_| Move::lord_zero(pos.phase))
}

impl Agent for Bot {
    fn name(&self) -> String {
        self.name.into()
    }

    fn new_game(&mut self, _strengths: [u8; LORDS], seed: u64) {
        self.seed = seed;
        self.last = None;
        self.turn5 = None;
    }

    fn act(&mut self, known: &Tracker, started: Instant) -> Move {
        let pos = known.position();
        self.last = None;
        match catch_unwind(AssertUnwindSafe(|| self.think(pos, started))) {
            Ok(played) => {
                let best = played.result.best;
                if pos.turn == 5 {
                    self.turn5 = Some((played.pos, played.forecast.clone()));
                }
                self.last = Some(played);
                best
            }
            Err(_) => fallback(pos),
        }
    }

    fn report(&self) -> Option<Report> {
        let Played { pos, forecast, result } = self.last.as_ref()?;
        let candidates = result.ranked.iter().take(REPORTED_CANDIDATES);
        let candidates = candidates.map(|(mv, t)| Candidate {
            mv: *mv,
            win: t.win_rate(),
            margin: t.mean_margin(),
            rollouts: t.rollouts,
        });
        Some(Report {
            rollouts: result.rollouts,
            candidates: candidates.collect(),
            reveal: self.reveal(pos),
            styles: Bot::styles(forecast),
            nights: result.nights.clone(),
        })
    }
}
