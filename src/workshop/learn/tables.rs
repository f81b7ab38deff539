//! A rule of per-lord tables (`styles::fitted::tables`) fitted to a player's moves: a
//! conditional logit over the legal moves (the move played against the other 251 by day, 20 by
//! night, each scored as the sum of its lords' table values), by stochastic gradient ascent
//! over the positions in an order shuffled from a fixed seed, with a ridge on the values a step
//! touches; then rounded to hundredths, as the rule reads them.

use daimyo_engine::knowledge::Position;
use daimyo_engine::moves::{self, MAX_MOVES};
use daimyo_engine::rules::{LORDS, Phase, Row, TURNS};
use daimyo_engine::styles::fitted::tables::{CELLS, KS, Tables, lord_cells};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Passes over the positions.
const EPOCHS: usize = 10;
/// The step, times the gradient.
const RATE: f64 = 0.05;
/// The pull of each value a step touches toward 0, times its value.
const RIDGE: f64 = 0.003;
/// Hundredths.
const SCALE: f64 = 100.0;

/// One position of the player with its move: where each lord's cells are in the values, the
/// phase and the move played.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    bases: [[usize; 11]; LORDS],
    phase: Phase,
    played: Row,
}

impl Sample {
    /// The move `played` at `pos`, for tables from turn `first`; `None` before it.
    pub fn new(pos: &Position, played: Row, first: u8) -> Option<Sample> {
        if pos.turn < first {
            return None;
        }
        let at = (pos.turn.min(TURNS) - first) as usize * CELLS;
        let bases = lord_cells(pos).map(|cells| cells.map(|c| (at + c) * KS));
        Some(Sample { bases, phase: pos.phase, played })
    }

    /// Each lord's value at each k under `w`.
    fn values(&self, w: &[f64]) -> [[f64; KS]; LORDS] {
        self.bases.map(|b| std::array::from_fn(|k| b.iter().map(|&i| w[i + k]).sum()))
    }
}

/// The tables from turn `first` that best explain `samples` (ties of the shuffle broken by a
/// fixed seed: the same samples, the same tables).
pub fn fit(samples: &[Sample], first: u8) -> Tables {
    let mut w = vec![0.0f64; Tables::len_from(first)];
    let mut order: Vec<usize> = (0..samples.len()).collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut scores = [0.0f64; MAX_MOVES];
    for _ in 0..EPOCHS {
        order.shuffle(&mut rng);
        for &i in &order {
            let s = &samples[i];
            let legal = moves::legal(s.phase);
            let v = s.values(&w);
            let scores = &mut scores[..legal.len()];
            let mut top = f64::NEG_INFINITY;
            for (x, m) in scores.iter_mut().zip(legal) {
                *x = (0..LORDS).map(|l| v[l][m.get(l) as usize]).sum();
                top = top.max(*x);
            }
            let mut total = 0.0;
            for x in scores.iter_mut() {
                *x = (*x - top).exp();
                total += *x;
            }
            // Per lord and k: picked in the move played, less the chance of it.
            let mut grad = [[0.0f64; KS]; LORDS];
            for (x, m) in scores.iter().zip(legal) {
                for (l, g) in grad.iter_mut().enumerate() {
                    g[m.get(l) as usize] -= x / total;
                }
            }
            for (l, g) in grad.iter_mut().enumerate() {
                g[s.played.get(l) as usize] += 1.0;
            }
            for (l, g) in grad.iter().enumerate() {
                for (k, &gk) in g.iter().enumerate() {
                    if gk == 0.0 {
                        continue;
                    }
                    for &b in &s.bases[l] {
                        let x = &mut w[b + k];
                        *x += RATE * (gk - RIDGE * *x);
                    }
                }
            }
        }
    }
    let values = w.iter().map(|x| (x * SCALE).round().clamp(-32000.0, 32000.0) as i16).collect();
    Tables::new(first, values).expect("as many values as the turns need")
}

#[cfg(test)]
mod tests {
    use super::*;
    use daimyo_engine::agent::LocalGame;
    use daimyo_engine::rules::{DAIMYO, Move};
    use daimyo_engine::styles::Rule;
    use rand::Rng;

    /// Positions of games where seats 1 to 3 play random moves and seat 0 plays `rule`.
    fn positions(rule: Rule, games: u64) -> Vec<(Position, Row)> {
        let mut out = Vec::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for g in 0..games {
            let strengths = daimyo_engine::rules::strengths_from_seed(g as u32 + 1);
            let mut t = LocalGame::new(strengths);
            while !t.state.is_over() {
                let phase = t.state.phase();
                let moves: [Move; DAIMYO] = std::array::from_fn(|seat| {
                    let pos = t.known[seat].position();
                    if seat == 0 {
                        return rule.choose(pos);
                    }
                    let all = moves::legal(phase);
                    let pick = all[(rng.next_u64() % all.len() as u64) as usize];
                    Move::from_counts(pick).expect("a legal move")
                });
                out.push((*t.known[0].position(), moves[0].counts()));
                t.play(&moves).expect("legal moves");
            }
        }
        out
    }

    #[test]
    fn the_fitted_tables_play_a_rules_moves_on_games_they_did_not_see() {
        // `roles` reads the board much as the tables' cells do: fitted on 150 games of it, the
        // tables play its move in about half the positions of 50 others (221 of 450 when this
        // was written), where uniform tables play almost none (16).
        let seen = positions(Rule::Roles, 150);
        let samples: Vec<Sample> = seen.iter().filter_map(|(p, m)| Sample::new(p, *m, 1)).collect();
        let tables = fit(&samples, 1);
        let held = positions(Rule::Roles, 200).split_off(150 * 9);
        let hits = held.iter().filter(|(p, m)| tables.choose(p).counts() == *m).count();
        let flat = Tables::new(1, vec![0; Tables::len_from(1)]).expect("zeros");
        let flat_hits = held.iter().filter(|(p, m)| flat.choose(p).counts() == *m).count();
        println!("{hits} of {} held out (flat tables {flat_hits})", held.len());
        assert!(hits * 10 >= held.len() * 4, "{hits} of {}", held.len());
        assert!(flat_hits * 10 < held.len(), "{flat_hits}");
        // The same samples, the same tables.
        assert_eq!(fit(&samples, 1), tables);
    }
}
