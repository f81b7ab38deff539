//! The bot: what it knows (`Tracker`) fed to the Monte Carlo search under the clock.

use crate::agent::Agent;
use crate::knowledge::Tracker;
use crate::params::{self, Search as Params};
use crate::protocol::View;
use crate::rules::{LORDS, Move};
use crate::search::{SearchResult, search};
use crate::timeman::Limits;
use std::time::Instant;

pub struct Bot {
    name: &'static str,
    params: Params,
    time_ms: Option<u64>,
    rollouts: Option<u64>,
    seed: u64,
    tracker: Option<Tracker>,
    last: Option<(SearchResult, f64)>,
}

impl Bot {
    pub fn new(
        name: &'static str,
        params: Params,
        time_ms: Option<u64>,
        rollouts: Option<u64>,
    ) -> Bot {
        Bot { name, params, time_ms, rollouts, seed: 0, tracker: None, last: None }
    }
}

/// The bot's names with a line each, as `--help` lists them.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("bot", "the Monte Carlo search (what daimyo plays with no arguments)"),
    ("mc1", "the foundation search, kept as a yardstick: flat Monte Carlo, equal rollouts"),
];

/// The bot by name (`bot`, or `mc1`: the foundation search), configured by the player options.
pub fn by_name(name: &str, time_ms: Option<u64>, rollouts: Option<u64>) -> Option<Box<dyn Agent>> {
    match name {
        "bot" => Some(Box::new(Bot::new("bot", params::FOUNDATION, time_ms, rollouts))),
        "mc1" => Some(Box::new(Bot::new("mc1", params::FOUNDATION, time_ms, rollouts))),
        _ => None,
    }
}

impl Agent for Bot {
    fn name(&self) -> String {
        self.name.into()
    }

    fn new_game(&mut self, strengths: [u8; LORDS], seed: u64) {
        self.tracker = Some(Tracker::new(strengths));
        self.seed = seed;
    }

    fn act(&mut self, view: &View, started: Instant) -> Move {
        let limits = Limits::for_turn(started, self.time_ms, self.rollouts);
        let tracker = self.tracker.get_or_insert_with(|| Tracker::new([3; LORDS]));
        tracker.observe(view);
        let pos = tracker.position();
        let seed = self.seed ^ (view.turn as u64).wrapping_mul(0xd6e8_feb8_6659_fd93);
        let res = search(&pos, &self.params, &limits, seed);
        let best = res.best;
        self.last = Some((res, started.elapsed().as_secs_f64() * 1e3));
        best
    }

    fn report(&self) -> Vec<String> {
        let Some((res, ms)) = &self.last else { return Vec::new() };
        let mut out = vec![format!("{} rollouts in {ms:.1} ms", res.rollouts)];
        for (m, t) in res.ranked.iter().take(5) {
            out.push(format!(
                "{m}  win {:.3}  margin {:+.2}  rollouts {}",
                t.win_rate(),
                t.mean_margin(),
                t.rollouts
            ));
        }
        out
    }
}
