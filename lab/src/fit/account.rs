//! How well a move model (`styles::move_model`) foresees some moves, day and night apart, and
//! the model as Rust source: what `daimyo-lab fit --moves` prints of each fit.

use daimyo::workshop::learn::moves::Seen;
use daimyo_engine::moves::MAX_MOVES;
use daimyo_engine::rules::Phase;
use daimyo_engine::styles::move_model::{KS, MoveModel};

/// How well a model foresees some moves, by phase.
#[derive(Clone, Copy, Debug, Default)]
pub struct Account {
    pub moves: usize,
    /// Summed -ln of the probability of the move played.
    pub nats: f64,
    /// Moves that were the model's likeliest.
    pub likeliest: usize,
}

impl Account {
    pub fn mean(&self) -> f64 {
        self.nats / self.moves.max(1) as f64
    }

    pub fn agreement(&self) -> f64 {
        self.likeliest as f64 / self.moves.max(1) as f64
    }
}

/// The day moves' account and the night moves'.
pub fn account(m: &MoveModel, seen: &[Seen]) -> [Account; 2] {
    let mut out = [Account::default(); 2];
    let mut buf = [0.0; MAX_MOVES];
    for s in seen {
        let lp = s.log_probabilities(m, &mut buf);
        let a = &mut out[(s.phase == Phase::Night) as usize];
        a.moves += 1;
        a.nats -= lp[s.chosen];
        let top = lp.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        a.likeliest += (lp[s.chosen] >= top) as usize;
    }
    out
}

/// A table of weights as Rust source.
fn table<const N: usize>(t: &[[[f32; KS]; N]]) -> String {
    let row = |r: &[f32; KS]| format!("[{}]", r.map(|x| format!("{x:.2}")).join(", "));
    let by = |x: &[[f32; KS]; N]| format!("[{}]", x.iter().map(row).collect::<Vec<_>>().join(", "));
    format!("[{}]", t.iter().map(by).collect::<Vec<_>>().join(", "))
}

/// The model as Rust source, one table a line.
pub fn source(m: &MoveModel) -> String {
    format!(
        "MoveModel {{\n    strength: {},\n    lead: {},\n    margin: {},\n    nights: {},\n    \
         rank: {},\n}}",
        table(&m.strength),
        table(&m.lead),
        table(&m.margin),
        table(&m.nights),
        table(&m.rank)
    )
}
