//! How each opponent chooses, learnt during the game.
//!
//! Every day move of every daimyo is public. Each opponent is modelled as a mixture of styles,
//! and the mixture's weights are updated after each public day move by how likely that move
//! was under each style (Bayes' rule; the styles have no parameters of their own to fit, so a
//! handful of moves cannot be over-fitted). The styles are uniformly random picks, a few fixed
//! softmax pick rules over per-lord features (strength, how far behind the leader, how far
//! ahead, shared first, last), and the deterministic built-in strategies, smoothed so that a
//! move they would not play is unlikely rather than impossible. A mixture gives each opponent a
//! probability for every legal move at any board: the rollouts draw from it and it weights the
//! hidden-night posterior. Only public information goes in, so the same model serves nights.

use crate::knowledge::Position;
use crate::moves;
use crate::rules::{DAIMYO, LORDS, Phase, Row};
use crate::strategies::Fixed;

pub const FEATURES: usize = 5;

/// The features by name, in order, for a person to read a style by.
pub const FEATURE_NAMES: [&str; FEATURES] = ["strength", "behind", "lead", "tied", "last"];

/// Features of every lord for the daimyo in column `c`, from public intimacies.
pub fn features(
    strengths: &[u8; LORDS],
    public: &[Row; DAIMYO],
    c: usize,
) -> [[f64; FEATURES]; LORDS] {
    std::array::from_fn(|l| {
        let mine = public[c].get(l) as i32;
        let others = (0..DAIMYO).filter(|&d| d != c).map(|d| public[d].get(l) as i32);
        let (hi, lo) = others.fold((i32::MIN, i32::MAX), |(h, w), v| (h.max(v), w.min(v)));
        let behind = (hi - mine).clamp(0, 8) as f64 / 4.0;
        let lead = (mine - hi).clamp(0, 8) as f64 / 4.0;
        let tied_first = (mine == hi && mine > 0) as u8 as f64;
        let last = (mine <= lo && !(mine == hi && mine == lo)) as u8 as f64;
        [strengths[l] as f64 - 4.5, behind, lead, tied_first, last]
    })
}

/// Pick probabilities for weights `w` and a lord's features.
pub fn probabilities(w: &[f64; FEATURES], x: &[[f64; FEATURES]; LORDS]) -> [f64; LORDS] {
    let logits: [f64; LORDS] = std::array::from_fn(|l| dot(w, &x[l]));
    let top = logits.iter().cloned().fold(f64::MIN, f64::max);
    let e = logits.map(|z| (z - top).exp());
    let total: f64 = e.iter().sum();
    e.map(|v| v / total)
}

fn dot(a: &[f64; FEATURES], b: &[f64; FEATURES]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// A way of choosing a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Style {
    /// Independent picks from a softmax of the features with these weights.
    Picks([f64; FEATURES]),
    /// A memoryless built-in strategy.
    Strategy(Fixed),
}

impl Style {
    /// What a person reads the style as: `uniform`, the pick rule's non-zero weights by feature
    /// (`picks(strength +1.0)`), or the strategy's name.
    pub fn label(&self) -> String {
        match self {
            Style::Picks(w) if w.iter().all(|&x| x == 0.0) => "uniform".into(),
            Style::Picks(w) => {
                let named = FEATURE_NAMES.iter().zip(w).filter(|(_, x)| **x != 0.0);
                let parts: Vec<String> = named.map(|(n, x)| format!("{n} {x:+.1}")).collect();
                format!("picks({})", parts.join(" "))
            }
            Style::Strategy(rule) => format!("{rule:?}").to_lowercase(),
        }
    }
}

/// Model parameters, all in one place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelParams {
    /// The styles and their prior weights.
    pub styles: &'static [(Style, f64)],
    /// Share of a deterministic strategy's probability spread over every move like random picks.
    pub smoothing: f64,
    /// How the bot itself is assumed to play in later turns of a rollout.
    pub own: Style,
}

impl ModelParams {
    /// Index of the uniformly random picks among the styles, if they are one.
    fn uniform_style(&self) -> Option<usize> {
        self.styles.iter().position(|s| s.0 == Style::Picks([0.0; FEATURES]))
    }
}

/// A board as the model reads it: public intimacies in column order, and the move asked for.
#[derive(Clone, Copy, Debug)]
pub struct Board {
    pub strengths: [u8; LORDS],
    pub public: [Row; DAIMYO],
    pub turn: u8,
    pub phase: Phase,
}

impl Board {
    /// What column `c` knows, as far as public information tells: its own true intimacy is
    /// taken to be its public one, and no hidden night is known.
    fn position_of(&self, c: usize) -> Position {
        let mut pos = Position::initial(self.strengths);
        (pos.turn, pos.phase) = (self.turn, self.phase);
        pos.public = crate::rules::columns(c).map(|d| self.public[d]);
        pos.own = self.public[c];
        pos
    }
}

/// Probability of every legal move (in `moves::legal` order) of column `c` under one style.
pub fn style_distribution(style: Style, board: &Board, c: usize, smoothing: f64) -> Vec<f64> {
    let legal = moves::legal(board.phase);
    match style {
        Style::Picks(w) => {
            let p = probabilities(&w, &features(&board.strengths, &board.public, c));
            legal.iter().map(|&m| moves::multinomial(m, &p)).collect()
        }
        Style::Strategy(rule) => {
            let chosen = rule.choose(&board.position_of(c)).counts();
            let uniform = [1.0 / LORDS as f64; LORDS];
            legal
                .iter()
                .map(|&m| {
                    smoothing * moves::multinomial(m, &uniform)
                        + (1.0 - smoothing) * (m == chosen) as u8 as f64
                })
                .collect()
        }
    }
}

/// Each column's posterior weights over the styles (column 0, the bot, plays `own`).
#[derive(Clone, Debug)]
pub struct Opponents {
    pub weights: [Vec<f64>; DAIMYO],
}

impl Opponents {
    /// Bayes' rule over the public day moves seen so far (day 5 is never seen alone: the
    /// turn-6 board adds nights 2 and 4 to it).
    pub fn learn(pos: &Position, params: &ModelParams) -> Opponents {
        let prior: Vec<f64> = params.styles.iter().map(|s| s.1.ln()).collect();
        let weights = std::array::from_fn(|c| {
            let mut logw = prior.clone();
            if c > 0 {
                for d in (1..pos.turn).filter(|&d| d % 2 == 1) {
                    let (Some(board), Some(seen)) =
                        (pos.history[d as usize], pos.day_moves[d as usize][c])
                    else {
                        continue;
                    };
                    let i = moves::legal(Phase::Day)
                        .iter()
                        .position(|&m| m == seen)
                        .expect("a day move");
                    let board = Board {
                        strengths: pos.strengths,
                        public: board,
                        turn: d,
                        phase: Phase::Day,
                    };
                    for (k, &(style, _)) in params.styles.iter().enumerate() {
                        let dist = style_distribution(style, &board, c, params.smoothing);
                        logw[k] += dist[i].max(1e-300).ln();
                    }
                }
            }
            let top = logw.iter().cloned().fold(f64::MIN, f64::max);
            let w: Vec<f64> = logw.iter().map(|l| (l - top).exp()).collect();
            let total: f64 = w.iter().sum();
            w.iter().map(|x| x / total).collect()
        });
        Opponents { weights }
    }

    /// The model for turns after the current one: a fixed strategy read at today's board says
    /// nothing of its moves on later boards, so each one's weight goes to uniform picks.
    pub fn for_later_turns(&self, params: &ModelParams) -> Opponents {
        let Some(u) = params.uniform_style() else { return self.clone() };
        let weights = self.weights.clone().map(|mut w| {
            for (k, &(style, _)) in params.styles.iter().enumerate() {
                if let Style::Strategy(_) = style {
                    w[u] += std::mem::take(&mut w[k]);
                }
            }
            w
        });
        Opponents { weights }
    }

    /// The others' mean weight on uniformly random picks (column 0, the bot, is not counted).
    pub fn uniform_share(&self, params: &ModelParams) -> f64 {
        let Some(u) = params.uniform_style() else { return 0.0 };
        self.weights[1..].iter().map(|w| w[u]).sum::<f64>() / (DAIMYO - 1) as f64
    }

    /// Probability of every legal move of column `c` at a board.
    pub fn distribution(&self, params: &ModelParams, board: &Board, c: usize) -> Vec<f64> {
        if c == 0 {
            return style_distribution(params.own, board, 0, params.smoothing);
        }
        let mut out = vec![0.0; moves::legal(board.phase).len()];
        for (k, &(style, _)) in params.styles.iter().enumerate() {
            let w = self.weights[c][k];
            if w < 1e-6 {
                continue;
            }
            let d = style_distribution(style, board, c, params.smoothing);
            for (o, x) in out.iter_mut().zip(d) {
                *o += w * x;
            }
        }
        let total: f64 = out.iter().sum();
        out.iter().map(|x| x / total).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::agent::{Agent, Table};
    use crate::params::MODEL;
    use crate::timeman::Budget;

    /// Posterior style weights of seats 1..3 after a game to `upto` with these strategies.
    fn learnt(names: [&str; 4], upto: u8, seed: u64) -> Opponents {
        let st = crate::rules::strengths_from_seed(seed as u32);
        let budget = Budget { rollouts: Some(20_000), no_clock: true, ..Budget::default() };
        let mut agents: [Box<dyn Agent>; DAIMYO] =
            names.map(|n| crate::players::agent(n, budget).unwrap());
        for (i, a) in agents.iter_mut().enumerate() {
            a.new_game(st, seed * 4 + i as u64);
        }
        let mut t = Table::new(st);
        while t.state.turn < upto {
            t.play_agents(&mut agents);
        }
        Opponents::learn(t.known[0].position(), &MODEL)
    }

    #[test]
    fn styles_have_distinct_labels() {
        let labels: Vec<String> = MODEL.styles.iter().map(|s| s.0.label()).collect();
        assert_eq!(labels[0], "uniform");
        assert_eq!(labels[1], "picks(strength +1.0)");
        assert!(labels.contains(&"greedy".to_string()), "{labels:?}");
        let mut unique = labels.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), labels.len(), "{labels:?}");
    }

    fn weight_of(o: &Opponents, c: usize, style: Style) -> f64 {
        let k = MODEL.styles.iter().position(|s| s.0 == style).unwrap();
        o.weights[c][k]
    }

    #[test]
    fn recognises_deterministic_players_and_stays_modest_with_random_ones() {
        let (mut greedy, mut rules, mut random_uniform) = (0, 0, 0.0);
        for seed in 1..=20 {
            let o = learnt(["random", "greedy", "rules", "random"], 4, seed);
            greedy += (weight_of(&o, 1, Style::Strategy(Fixed::Greedy)) > 0.9) as u32;
            // `rules` reads its own true intimacy, hidden nights included, so its day-3 move is
            // not always what the public board predicts: it gains weight, not certainty.
            rules += (weight_of(&o, 2, Style::Strategy(Fixed::Rules)) > 0.3) as u32;
            random_uniform += weight_of(&o, 3, Style::Picks([0.0; FEATURES]));
        }
        assert!(greedy >= 19, "greedy recognised after two day moves: {greedy}/20");
        assert!(rules >= 15, "rules more than doubles its prior weight: {rules}/20");
        assert!(
            random_uniform / 20.0 > 0.5,
            "a random player is mostly uniform: {}",
            random_uniform / 20.0
        );
    }

    #[test]
    fn later_turns_hand_fixed_strategies_to_uniform_picks() {
        let o = learnt(["random", "greedy", "knapsack", "rules"], 6, 3);
        let later = o.for_later_turns(&MODEL);
        let uniform = Style::Picks([0.0; FEATURES]);
        for c in 1..DAIMYO {
            let strategic: f64 = MODEL
                .styles
                .iter()
                .zip(&o.weights[c])
                .filter(|(s, _)| matches!(s.0, Style::Strategy(_)))
                .map(|(_, w)| w)
                .sum();
            let total: f64 = later.weights[c].iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "still a distribution: {total}");
            for (k, &(style, _)) in MODEL.styles.iter().enumerate() {
                let expected = match style {
                    Style::Strategy(_) => 0.0,
                    s if s == uniform => o.weights[c][k] + strategic,
                    _ => o.weights[c][k],
                };
                assert!((later.weights[c][k] - expected).abs() < 1e-12, "column {c} style {k}");
            }
        }
        // Greedy (column 1) was recognised, so its later moves are now mostly uniform.
        assert!(weight_of(&o, 1, Style::Strategy(Fixed::Greedy)) > 0.9);
        assert!(weight_of(&later, 1, uniform) > 0.9);
    }

    #[test]
    fn random_players_look_random_for_later_turns_and_searchers_do_not() {
        // What the bot's gate reads: after one public day move, three random players are mostly
        // uniform picks; three copies of the foundation search mostly pick rules.
        let share = |name: &str, seed: u64| {
            learnt(["random", name, name, name], 3, seed)
                .for_later_turns(&MODEL)
                .uniform_share(&MODEL)
        };
        use crate::params::{BOT, Later, Rivals};
        let Rivals::Learnt { later: Later::Model { gate: Some(gate) }, .. } = BOT.rivals else {
            panic!("the bot's later turns are gated")
        };
        let random = (1..=20).filter(|&s| share("random", s) > gate).count();
        let searchers = (1..=20).filter(|&s| share("mc1", s) > gate).count();
        assert!(random >= 14, "random players over the gate in {random}/20 games");
        assert!(searchers <= 4, "searchers over the gate in {searchers}/20 games");
    }

    #[test]
    fn features_see_the_board_from_the_mover() {
        let st = [3, 3, 3, 3, 3, 6];
        let public = [
            Row::from_array([0, 2, 5, 0, 0, 0]),
            Row::from_array([4, 2, 1, 0, 0, 0]),
            Row::from_array([0, 1, 1, 0, 0, 0]),
            Row::from_array([0, 0, 1, 0, 0, 0]),
        ];
        let x = features(&st, &public, 1);
        assert_eq!(x[0], [-1.5, 0.0, 1.0, 0.0, 0.0], "leads lord 0 by 4");
        assert_eq!(x[1], [-1.5, 0.0, 0.0, 1.0, 0.0], "shares first on lord 1");
        assert_eq!(x[2], [-1.5, 1.0, 0.0, 0.0, 1.0], "4 behind and last on lord 2");
        assert_eq!(x[5], [1.5, 0.0, 0.0, 0.0, 0.0], "all at zero: nothing but strength");
    }
}
