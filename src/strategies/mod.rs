//! Built-in opponents, each modelled on an approach contest programs used. They are arena
//! entrants and sparring partners, and the search's opponent models draw on them.

mod flatmc;
mod greedy;
mod history;
mod knapsack;
mod pruned_mc;
mod random;
mod rules;

pub use flatmc::FlatMc;
pub use greedy::Greedy;
pub use history::History;
pub use knapsack::Knapsack;
pub use pruned_mc::PrunedMc;
pub use random::Random;
pub use rules::LordRules;

use crate::agent::Agent;
use crate::rules::{LORDS, Move};
use std::time::Instant;

/// A strategy that needs nothing but the lord strengths and the view: no memory, no chance.
pub trait Rule: Default + Send {
    const NAME: &'static str;
    fn choose(&self, strengths: &[u8; LORDS], view: &View) -> Move;
}

/// A `Rule` as an agent.
#[derive(Default)]
pub struct Plain<R: Rule> {
    strengths: [u8; LORDS],
    rule: R,
}

impl<R: Rule> Agent for Plain<R> {
    fn name(&self) -> String {
        R::NAME.into()
    }
    fn new_game(&mut self, strengths: [u8; LORDS], _seed: u64) {
        self.strengths = strengths;
    }
    fn act(&mut self, view: &View, _started: Instant) -> Move {
        self.rule.choose(&self.strengths, view)
    }
}
use crate::protocol::View;
use crate::rules::{DAIMYO, MAX_INTIMACY, Row, TURNS};

/// Built-in strategy names with a line each, as `--help` and the arena list them.
pub const CATALOGUE: &[(&str, &str)] = &[
    ("random", "every lord uniformly at random, like the official sample program"),
    ("greedy", "piles onto the strongest lords (picks in shares of strength squared)"),
    ("knapsack", "the move that scores best on the visible intimacies (all 252 tried)"),
    ("rules", "per-lord rules: escape last on strong lords, buy cheap firsts, reinforce leads"),
    ("history", "2 or 3 lords drawn by strength, then every move in proportion to its past"),
    ("flatmc", "flat Monte Carlo: every move, 250 random playouts each (x12 by night)"),
    ("pruned-mc", "flat Monte Carlo to the next scoring, conceding the hottest lords early"),
];

/// A fresh built-in strategy by name.
pub fn by_name(name: &str) -> Option<Box<dyn Agent>> {
    match name {
        "random" => Some(Box::new(Random::default())),
        "greedy" => Some(Box::new(Greedy::default())),
        "knapsack" => Some(Box::new(Knapsack::default())),
        "rules" => Some(Box::new(LordRules::default())),
        "history" => Some(Box::new(History::default())),
        "flatmc" => Some(Box::new(FlatMc::default())),
        "pruned-mc" => Some(Box::new(PrunedMc::default())),
        _ => None,
    }
}

/// The view with what no game can show brought into range: the turn into 1..=9, intimacies up to
/// `MAX_INTIMACY`. Strategies add moves to rows of packed bytes, and a lane near 255 would carry
/// into the next lord; a pasted or corrupt view must still get an answer, never a panic.
pub(crate) fn clamped(view: &View) -> View {
    let cap = |r: Row| Row::from_array(r.to_array().map(|x| x.min(MAX_INTIMACY)));
    let public: [Row; DAIMYO] = view.public.map(cap);
    View { turn: view.turn.clamp(1, TURNS), public, own: cap(view.own), ..*view }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{LORDS, Move, Phase, State, first_place_shares};
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::time::Instant;

    /// Flat Monte Carlo's playouts per day candidate in these debug-build tests; its strength
    /// at the full budget is the arena's business.
    const TEST_PLAYOUTS: u32 = 2;

    fn agent(name: &str) -> Box<dyn Agent> {
        match name {
            "flatmc" => Box::new(FlatMc::new(TEST_PLAYOUTS)),
            _ => by_name(name).expect("a catalogued name"),
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
        let mut s = State::new(st);
        let mut played = Vec::new();
        while !s.is_over() {
            let m: [Move; 4] =
                std::array::from_fn(|i| agents[i].act(&View::of_seat(&s, i), Instant::now()));
            s.play(&m).unwrap_or_else(|e| panic!("{}: {e}", agents[0].name()));
            played.extend(m);
        }
        (first_place_shares(&s.totals()), played)
    }

    fn against_random(name: &str, seat: usize) -> [Box<dyn Agent>; 4] {
        std::array::from_fn(|i| if i == seat { agent(name) } else { agent("random") })
    }

    #[test]
    fn every_strategy_answers_every_turn_and_odd_views() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for &(name, _) in CATALOGUE {
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
            for v in odd {
                let m = a.act(&v, Instant::now());
                assert_eq!(m.lords().len(), v.phase.picks(), "{name} on {v:?}");
            }
        }
    }

    /// 200 games each against three random players, seats rotating. History is printed but not
    /// held to it: a fixed plan of two or three lords is last on every other lord whatever it
    /// does, and random players beat that (about 1% of first place over 2000 games, and no plan
    /// shape tried reached 7%). It is in the pool as a predictable specialist.
    #[test]
    fn new_strategies_beat_three_random_players() {
        const GAMES: u64 = 200;
        for (name, beats_random) in
            [("knapsack", true), ("rules", true), ("history", false), ("flatmc", true)]
        {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(2014);
            let mut won = 0;
            for g in 0..GAMES {
                let seat = (g % 4) as usize;
                let (shares, _) = play(&mut against_random(name, seat), strengths(&mut rng), g * 4);
                won += shares[seat];
            }
            let share = won as f64 / 12.0 / GAMES as f64;
            println!("{name}: {:.1}% of first place against three random", share * 100.0);
            assert!(!beats_random || share > 0.3, "{name} wins {share:.3}");
        }
    }

    /// Per-move time of every strategy over a few games; meaningful in release only:
    /// `cargo test --release -- --ignored --nocapture move_times`.
    #[test]
    #[ignore]
    fn move_times() {
        for &(name, _) in CATALOGUE {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
            let mut worst = [0f64; 10];
            let mut sum = [0f64; 10];
            const GAMES: u64 = 10;
            for g in 0..GAMES {
                let mut a = by_name(name).unwrap();
                let st = strengths(&mut rng);
                a.new_game(st, g);
                let mut s = State::new(st);
                let mut others = Random::default();
                others.new_game(st, g);
                while !s.is_over() {
                    let t0 = Instant::now();
                    let m = a.act(&View::of_seat(&s, 0), t0);
                    let ms = t0.elapsed().as_secs_f64() * 1e3;
                    let t = s.turn as usize;
                    worst[t] = worst[t].max(ms);
                    sum[t] += ms;
                    let r: [Move; 3] =
                        std::array::from_fn(|i| others.act(&View::of_seat(&s, i + 1), t0));
                    s.play(&[m, r[0], r[1], r[2]]).unwrap();
                }
            }
            let row = |v: &[f64]| v[1..].iter().map(|x| format!("{x:6.2}")).collect::<String>();
            println!("{name:>9} mean ms by turn:{}", row(&sum.map(|x| x / GAMES as f64)));
            println!("{name:>9}  max ms by turn:{}", row(&worst));
        }
    }
}
