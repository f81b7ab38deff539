//! Built-in opponents, each modelled on an approach contest programs used: arena entrants and
//! sparring partners. The memoryless rules among them are the engine's (`engine::styles`), which
//! the opponent model also reads; here they are only wrapped as agents.

mod flatmc;
mod fortress;
mod history;
pub mod margins;
mod random;
mod searches;
mod tables;

pub use flatmc::FlatMc;
pub use history::History;
pub use random::Random;
pub use searches::{PlannerAgent, PrunedMcAgent};

use daimyo_engine::agent::Agent;
use daimyo_engine::knowledge::{Position, Tracker};
use daimyo_engine::rules::{LORDS, Move};
use daimyo_engine::styles::Rule;
use std::time::Instant;

/// One of the engine's memoryless rules as an agent.
pub struct Plain(pub Rule);

impl Agent for Plain {
    fn name(&self) -> String {
        self.0.name().into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], _seed: u64) {}
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        self.0.choose(known.position())
    }
}

/// A memoryless rule of the workshop's own as an agent: its name and its move at a position.
pub struct Memoryless(pub &'static str, pub fn(&Position) -> Move);

impl Memoryless {
    pub const FORTRESS: Memoryless = Memoryless("fortress", fortress::choose);
    pub const TABLES: Memoryless = Memoryless("tables", tables::choose);
    pub const MARGINS: Memoryless = Memoryless("margins", margins::choose);
}

impl Agent for Memoryless {
    fn name(&self) -> String {
        self.0.into()
    }
    fn new_game(&mut self, _strengths: [u8; LORDS], _seed: u64) {}
    fn act(&mut self, known: &Tracker, _started: Instant) -> Move {
        (self.1)(known.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workshop::builtins::BUILTINS;
    use daimyo_engine::agent::LocalGame;
    use daimyo_engine::rules::{Phase, Row, State, View, first_place_shares};
    use daimyo_engine::timeman::Budget;
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::time::Instant;

    /// Flat Monte Carlo's playouts per day candidate in these tests; its strength at the full
    /// budget is the arena's business.
    const TEST_PLAYOUTS: u32 = 2;

    fn agent(name: &str) -> Box<dyn Agent> {
        match name {
            "flatmc" => Box::new(FlatMc::new(TEST_PLAYOUTS)),
            _ => crate::workshop::builtins::agent(name, Budget::default()).expect("a built-in"),
        }
    }

    fn strengths(rng: &mut Xoshiro256PlusPlus) -> [u8; LORDS] {
        std::array::from_fn(|_| rng.random_range(3..=6))
    }

    /// One game; seat i is seeded `seed + i`. `State::play` refuses a move of the wrong length,
    /// so a finished game is a game of legal moves. Returns the shares of first place (twelfths)
    /// and every turn's moves.
    fn play(agents: &mut [Box<dyn Agent>; 4], st: [u8; LORDS], seed: u64) -> ([u32; 4], Vec<Move>) {
        for (i, a) in agents.iter_mut().enumerate() {
            a.new_game(st, seed + i as u64);
        }
        let mut t = LocalGame::new(st);
        let mut played = Vec::new();
        while !t.state.is_over() {
            played.extend(t.play_agents(agents));
        }
        (first_place_shares(&t.state.totals()), played)
    }

    fn against_random(name: &str, seat: usize) -> [Box<dyn Agent>; 4] {
        std::array::from_fn(|i| if i == seat { agent(name) } else { agent("random") })
    }

    #[test]
    fn every_strategy_answers_every_turn_and_odd_views() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for name in BUILTINS.iter().filter(|b| b.search().is_none()).map(|b| b.name) {
            let st = strengths(&mut rng);
            let (_, a) = play(&mut against_random(name, 1), st, 5);
            let (_, b) = play(&mut against_random(name, 1), st, 5);
            assert_eq!(a, b, "{name}: same seeds, same game");

            // A position pasted at turn 7, then views no game can produce.
            let mut s = State::new(st);
            while s.turn < 7 {
                let n = s.phase().picks();
                let m = Move::new(&[2, 3, 5, 5, 1][..n]).unwrap();
                s.play(&[m; 4]).unwrap();
            }
            let mid = View::of_seat(&s, 2);
            let odd = [
                mid,
                View { phase: Phase::Night, ..mid },
                View { turn: 12, public: [Row(u64::MAX); 4], own: Row(u64::MAX), ..mid },
                View { turn: 0, phase: Phase::Night, last_night: None, ..mid },
                View { turn: 3, ..mid },
            ];
            let mut a = agent(name);
            a.new_game(st, 1);
            let mut known = Tracker::new(st);
            for v in odd {
                known.observe(&v);
                let m = a.act(&known, Instant::now());
                assert_eq!(m.lords().len(), v.phase.picks(), "{name} on {v:?}");
            }
        }
    }

    /// 200 games each against three random players, seats rotating. (`history` is not here: a
    /// fixed plan of two or three lords is last on every other lord whatever it does, and random
    /// players beat that; it is in the pool as a predictable specialist.)
    #[test]
    fn new_strategies_beat_three_random_players() {
        const GAMES: u64 = 200;
        for name in [
            "knapsack",
            "rules",
            "flatmc",
            "tables-described",
            "roles",
            "margins-described",
            "fortress",
        ] {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(2014);
            let mut won = 0;
            for g in 0..GAMES {
                let seat = (g % 4) as usize;
                let (shares, _) = play(&mut against_random(name, seat), strengths(&mut rng), g * 4);
                won += shares[seat];
            }
            let share = won as f64 / 12.0 / GAMES as f64;
            assert!(share > 0.3, "{name} wins {share:.3} of first place against three random");
        }
    }
}
