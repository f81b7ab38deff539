//! What the fuzz targets share: the bot made cheap (README.md, "A cheap bot"). Every path of
//! the bot's model and search is still taken: each kind of component, both searching rules, a
//! learnt player with its rule and plan, the halving and the bot's own learning; on a small
//! field (or a part of it that the input picks), every rule read at one split of the hidden
//! nights, few worlds, and the last turn's best-reply tilt only where asked.

use daimyo_engine::agent::{Agent, Report};
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::params::{self, Rivals, SearchParams};
use daimyo_engine::rules::{LORDS, Move};
use daimyo_engine::styles::field::Field;
use daimyo_engine::timeman::Budget;
use std::sync::OnceLock;
use std::time::Instant;

/// The default field's components kept: uniform and likeness picks, a described rule, both
/// searching rules, a learnt player with a rule and a plan, the generic contestant.
pub const SMALL_FIELD: [&str; 7] = [
    "random",
    "planner",
    "tables-described",
    "planner-search",
    "pruned-mc-search",
    "orig-margins",
    "contestant",
];

/// The parts of `SMALL_FIELD` without the two searching rules (bits 3 and 4), the model's
/// costliest readings by far: what `player_input` reads.
pub const WITHOUT_SEARCHES: u8 = 0b110_0111;

/// One game in this many of `bot_turn` is played with the last turn's best-reply tilt, which
/// costs more than the rest of a cheap turn.
pub const REPLY_EVERY: u64 = 8;

/// The components of `SMALL_FIELD` whose bits are set in `mask` (bit k: the k-th; the top bit
/// is not read), in their order; uniform picks alone if none is. Each of the 128 fields is made
/// once.
pub fn small_field(mask: u8) -> Field {
    static FIELDS: OnceLock<Vec<Field>> = OnceLock::new();
    let fields = FIELDS.get_or_init(|| {
        let default = daimyo::player::field::default();
        let small: Vec<_> =
            default.iter().copied().filter(|c| SMALL_FIELD.contains(&c.name)).collect();
        assert_eq!(small.len(), SMALL_FIELD.len(), "every component named is in the default");
        (0..128u8)
            .map(|m| {
                let m = if m == 0 { 1 } else { m };
                let kept = small.iter().enumerate().filter(|(k, _)| m >> k & 1 == 1);
                let kept: Vec<_> = kept.map(|(_, c)| *c).collect();
                Field { components: kept.leak() }
            })
            .collect()
    });
    fields[usize::from(mask & 0x7F)]
}

/// What the model's searching rules' budgets are divided by when it reads them: the planner
/// then judges 4 samples of its own moves and 1 of each other's, pruned-mc plays a thousandth
/// of its playouts (at least one a candidate). The `readdivisor` setting stops at 100, the
/// bot's own range; the rules' code is the same at any divisor.
pub const READ_DIVISOR: usize = 1000;

/// The bot's budget a turn: 16 rollouts on one thread, without a clock, so that what it plays
/// is a function of the input.
pub const BUDGET: Budget =
    Budget { time_ms: None, rollouts: Some(16), no_clock: true, threads: Some(1) };

/// The bot's search on `field`, made cheap: the searching rules read on a thousandth of their
/// budgets (`READ_DIVISOR`), every rule at one split of the hidden nights, 16 worlds, pools of
/// 4; the last turn tilted toward best replies if `reply`.
pub fn cheap(field: Field, reply: bool) -> SearchParams {
    let mut cheap = vec![("readings".to_string(), 1.0)];
    if !reply {
        cheap.push(("reply".to_string(), 0.0));
    }
    let mut search = params::tuned(params::bot(field), &cheap).expect("settings of the bot");
    if let Rivals::Modelled { model, .. } = &mut search.rivals {
        model.reading_divisor = READ_DIVISOR;
    }
    search.worlds = 16;
    search.pool = 4;
    search
}

/// An agent that hands its `at`-th turn of a game (from 1) to `inner` and answers every other
/// with lord 0: one search a game, at the turn the input chose, the others' turns through the
/// same reader, tracker and answers at no cost.
pub struct OneTurn<A> {
    pub inner: A,
    pub at: usize,
    turns: usize,
}

impl<A: Agent> OneTurn<A> {
    pub fn new(inner: A, at: usize) -> OneTurn<A> {
        OneTurn { inner, at, turns: 0 }
    }
}

impl<A: Agent> Agent for OneTurn<A> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn new_game(&mut self, strengths: [u8; LORDS], seed: u64) {
        self.turns = 0;
        self.inner.new_game(strengths, seed);
    }

    fn act(&mut self, known: &Tracker, started: Instant) -> Move {
        self.turns += 1;
        match self.turns == self.at {
            true => self.inner.act(known, started),
            false => Move::lord_zero(known.position().phase),
        }
    }

    fn report(&self) -> Option<Report> {
        self.inner.report()
    }
}
