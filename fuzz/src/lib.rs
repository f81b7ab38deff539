//! What the fuzz targets share: the bot made cheap (README.md, "A cheap bot"). Every path of
//! the bot's model and search is still taken: each kind of component, both searching rules, a
//! learnt player with its rule and plan, the halving and the bot's own learning; on a small
//! field, every rule read at one split of the hidden nights, few worlds, and the last turn's
//! best-reply tilt only where asked.

use daimyo_engine::params::{self, Rivals, SearchParams};
use daimyo_engine::styles::field::Field;
use daimyo_engine::timeman::Budget;

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

/// One game in this many of `bot_turn` is played with the last turn's best-reply tilt, which
/// costs more than the rest of a cheap game.
pub const REPLY_EVERY: u64 = 8;

/// The default field cut to `SMALL_FIELD`.
pub fn small_field() -> Field {
    static SMALL: std::sync::OnceLock<Field> = std::sync::OnceLock::new();
    *SMALL.get_or_init(|| {
        let default = daimyo::player::field::default();
        let kept: Vec<_> =
            default.iter().copied().filter(|c| SMALL_FIELD.contains(&c.name)).collect();
        assert_eq!(kept.len(), SMALL_FIELD.len(), "every component named is in the default field");
        Field { components: kept.leak() }
    })
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
