//! A recorded player's likeness as a sparring partner: the move its move model, fitted to the
//! player's recorded moves (`styles::contestants`), finds likeliest at each position. The
//! rule-based players of the field are deterministic, so their likeness plays its best guess
//! of their move rather than a draw from it.

use daimyo_engine::agent::Agent;
use daimyo_engine::knowledge::Tracker;
use daimyo_engine::moves;
use daimyo_engine::rules::{LORDS, Move};
use daimyo_engine::styles::move_model::MoveModel;
use std::time::Instant;

pub struct ModelClone {
    pub name: &'static str,
    pub model: &'static MoveModel,
}

impl Agent for ModelClone {
    fn name(&self) -> String {
        self.name.into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], _seed: u64) {}
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        let pos = known.position();
        let legal = moves::legal(pos.phase);
        let mut p = vec![0.0; legal.len()];
        self.model.add_distribution(pos, 1.0, &mut p);
        let best = (0..legal.len()).max_by(|&a, &b| p[a].total_cmp(&p[b]).then(b.cmp(&a)));
        Move::from_counts(legal[best.unwrap_or(0)]).expect("a legal move")
    }
}
